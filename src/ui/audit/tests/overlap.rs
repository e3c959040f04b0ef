//! The audit's check of words drawn over other text, planted, and the analysis bar's sentence that ran
//! over its "100%" in Polish (issue 62, item 15).

#![cfg(test)]

use super::*;
use crate::settings::Theme;

fn overlaps(drawn: &Drawn) -> Vec<Finding> {
    super::super::texts_over_texts(drawn)
}

#[test]
fn the_audit_catches_words_planted_over_a_number_and_passes_them_apart() {
    let ctx = egui::Context::default();
    let planted = |gap: f32| {
        drawn_by(&ctx, |ui| {
            let painter = ui.painter();
            let font = egui::FontId::proportional(12.0);
            let at = egui::pos2(100.0, 100.0);
            let ink = egui::Color32::BLACK;
            painter.text(at, egui::Align2::LEFT_TOP, "100%", font.clone(), ink);
            let words = at + egui::vec2(20.0 + gap, 0.0);
            painter.text(words, egui::Align2::LEFT_TOP, "wygrana", font, ink);
        })
    };
    let over = overlaps(&planted(0.0));
    assert_eq!(
        over,
        [Finding::TextOverText("\"100%\" / \"wygrana\"".into())]
    );
    assert!(overlaps(&planted(40.0)).is_empty(), "apart, nothing found");
}

#[test]
fn the_analysis_bars_sentence_stays_clear_of_its_percentages_in_every_language() {
    let sentences = [
        "Czarne wygrywają w sposób wymuszony.",
        "Чёрные выигрывают форсированно.",
        "Black wins by force.",
        "黑方必胜。",
    ];
    for width in [180.0, 240.0, 320.0] {
        for sentence in sentences {
            let ctx = egui::Context::default();
            let drawn = drawn_by(&ctx, |ui| {
                ui.set_width(width);
                crate::ui::analysis::chances_bar(ui, 1.0, sentence, Theme::Classic);
            });
            let texts: Vec<&str> = drawn.texts.iter().map(|t| t.text.as_str()).collect();
            assert!(texts.contains(&"100%"), "{texts:?}");
            assert!(
                overlaps(&drawn).is_empty(),
                "{sentence} at {width}: {:?}",
                overlaps(&drawn)
            );
        }
    }
}
