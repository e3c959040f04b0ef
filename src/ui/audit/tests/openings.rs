//! Renju's tournament openings on screen: the side panel's steps (a declaration's numbers,
//! Taraguchi's two ways on, the offers counted) laid out whole in every language, and the offered
//! fifth moves drawn on the board.

#![cfg(test)]

use super::*;

#[test]
fn each_step_says_what_to_do_with_its_buttons_in_every_language() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut declaring = app(language, (800, 560), files.path());
        soosorv_declaring(&mut declaring);
        let drawn = declaring.world().resource::<Drawn>().clone();
        for n in 1..=8 {
            assert!(
                drawn.texts.iter().any(|t| t.text == n.to_string()),
                "{language}: no button {n}"
            );
        }
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
