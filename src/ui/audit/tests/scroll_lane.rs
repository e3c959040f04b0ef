//! The side panel's play part scrolls in a short window (the cards' second lines and the move
//! list's three lines do not fit at 800×560), and egui draws its scroll bar over the content's
//! right edge while the pointer is over the part: the part keeps a lane for it, so the bar never
//! runs through "Hints 0" or Reset score.

#![cfg(test)]

use super::hover::rest_on;
use super::*;

#[test]
fn the_side_panels_scroll_bar_keeps_clear_of_its_words_and_reset_score() {
    let mut found = Vec::new();
    let mut bars_seen = 0;
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (800, 560), files.path());
        new_game(&mut app, Mode::HumanVsComputer, Preset::Freestyle15);
        let words = app.world().resource::<crate::i18n::Words>().clone();
        let reset_words = words.tr("hud-reset-score");
        let drawn = app.world().resource::<Drawn>().clone();
        let reset = drawn
            .texts
            .iter()
            .find(|t| t.text == reset_words)
            .map(|t| t.rect)
            .expect("Reset score is drawn");
        let button = drawn
            .clickable
            .iter()
            .copied()
            .find(|r| r.contains(reset.center()))
            .expect("Reset score is a button");
        // The pointer over the part, as when reaching for Reset score: the bar shows.
        rest_on(&mut app, button.center());
        let drawn = app.world().resource::<Drawn>().clone();
        let width = egui_context(&mut app)
            .global_style()
            .spacing
            .scroll
            .bar_width;
        // The part's bar, at the panel's right edge beside Reset score and below.
        let bars: Vec<Rect> = super::super::scroll_bars(&drawn)
            .map(|&(_, bar)| bar)
            .filter(|b| b.left() >= button.left() && b.bottom() > button.top())
            .collect();
        bars_seen += bars.len();
        for bar in bars {
            // Hovered, the bar widens leftwards to its full width.
            let lane = Rect::from_min_max(
                egui::pos2(bar.right() - width, bar.top()),
                bar.right_bottom(),
            );
            if button.intersect(lane).is_positive() {
                found.push(format!(
                    "{language}: the scroll bar {lane:?} runs over Reset score {button:?}"
                ));
            }
            for text in drawn.texts.iter().filter(|t| t.rect.top() >= button.top()) {
                if text
                    .lines
                    .iter()
                    .any(|line| line.intersect(lane).is_positive())
                {
                    found.push(format!(
                        "{language}: the scroll bar runs over {:?}",
                        text.text
                    ));
                }
            }
        }
    }
    assert!(
        bars_seen > 0,
        "the part scrolls at 800×560: its bar is drawn"
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}
