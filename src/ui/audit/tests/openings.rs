//! Renju's tournament openings on screen: the side panel's steps (a declaration's count,
//! Taraguchi's two ways on, the offers counted) laid out whole in every language, and the offered
//! fifth moves drawn on the board.

#![cfg(test)]

use super::screens::{rif_offering, soosorv_declaring};
use super::*;

#[test]
fn each_step_says_what_to_do_with_its_buttons_in_every_language() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut declaring = app(language, (800, 560), files.path());
        soosorv_declaring(&mut declaring);
        let drawn = declaring.world().resource::<Drawn>().clone();
        // The count on one row, in sight without scrolling: a slider and "Offer 1".
        let words = declaring.world().resource::<crate::i18n::Words>();
        let offer = words.tr_args("opening-offer-n", &[("n", 1.into())]);
        let button = controls(&drawn)
            .into_iter()
            .find(|(label, _)| *label == offer)
            .unwrap_or_else(|| panic!("{language}: no {offer:?} button"));
        let screen = drawn.screen.expect("the window");
        assert!(
            button.1.bottom() <= screen.bottom() - 8.0,
            "{language}: {offer:?} below the fold at {:?}",
            button.1
        );
        let text = drawn
            .texts
            .iter()
            .find(|t| t.text == offer)
            .expect("its text");
        assert!(
            text.clip.contains_rect(text.rect),
            "{language}: {offer:?} clipped by its panel"
        );
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut offering = app(language, (800, 560), files.path());
        rif_offering(&mut offering);
        let current = offering.world().resource::<CurrentGame>();
        assert_eq!(current.offers(), &[Pos::new(6, 8)], "{language}");
        let drawn = offering.world().resource::<Drawn>().clone();
        // The offer's number on the board, and the count in the panel.
        assert!(drawn.texts.iter().any(|t| t.text == "1"), "{language}");
        assert!(
            drawn
                .texts
                .iter()
                .any(|t| t.text.contains("1") && t.text.contains("2") && t.text.len() > 20),
            "{language}: no count of the offers"
        );
    }
}
