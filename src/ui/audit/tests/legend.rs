//! The review's legend (the five classes' colours in words) is in sight under the summary at
//! 800×560 in every language, with no scrolling (issue 62, item 21).

#![cfg(test)]

use super::*;

/// The finished review of [`FIVE`], at its last move.
fn finished_review(app: &mut App) {
    new_game(app, Mode::HumanVsHuman, Preset::Freestyle15);
    place(app, &FIVE);
    app.insert_resource(crate::analysis::review::ReviewEffort(
        tengen_engine::SearchLimits::nodes(1_000),
    ));
    send(app, GameCommand::Review);
    review_finished(app);
    send(app, GameCommand::View(ViewStep::To(8)));
}

#[test]
fn the_reviews_legend_is_whole_in_sight_at_800_by_560_in_every_language() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (800, 560), files.path());
        finished_review(&mut app);
        let words = crate::i18n::words_in(&egui_context(&mut app)).0;
        let drawn = app.world().resource::<Drawn>().clone();
        for class in ["best", "good", "inaccuracy", "mistake", "blunder"] {
            let name = words.tr(&format!("review-class-{class}"));
            // The legend's, not the verdict's word for the move shown: drawn first, under the graph.
            let text = drawn
                .texts
                .iter()
                .find(|t| t.text == name)
                .unwrap_or_else(|| panic!("{language}: {name:?} is in the legend"));
            assert!(
                text.clip.expand(0.5).contains_rect(text.rect),
                "{language}: {name:?} at {:?} is scrolled out of {:?}",
                text.rect,
                text.clip
            );
        }
        // The verdict on the move shown begins in sight under it (in Russian, whose panel has a
        // line more above, only its top: the rest scrolls).
        let verdict = drawn
            .texts
            .iter()
            .find(|t| t.text == "8. g15")
            .expect("the verdict");
        assert!(
            verdict.rect.min.y >= verdict.clip.min.y - 0.5
                && verdict.rect.min.y + 10.0 <= verdict.clip.max.y,
            "{language}: the verdict {:?} is out of {:?}",
            verdict.rect,
            verdict.clip
        );
    }
}
