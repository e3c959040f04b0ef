//! Renju's tournament openings on screen: the side panel's steps (a declaration's numbers,
//! Taraguchi's two ways on, the offers counted) laid out whole in every language, and the offered
//! fifth moves drawn on the board.

#![cfg(test)]

use tengen_engine::SwapChoice;

use super::*;

/// A two-player renju game under `rule`, its first stones placed with a choice of colours (white
/// kept) wherever the rule offers one.
fn opening(app: &mut App, rule: OpeningRule, stones: &[(u8, u8)]) {
    app.world_mut().resource_mut::<OpeningChoice>().0 = rule;
    new_game(app, Mode::HumanVsHuman, Preset::Renju15);
    for &stone in stones {
        place(app, &[stone]);
        let choosing = matches!(
            app.world().resource::<CurrentGame>().opening(),
            crate::game::opening::OpeningPhase::Choosing { .. }
        );
        if choosing {
            send(app, GameCommand::Swap(SwapChoice::White));
        }
    }
}

/// Soosõrv-8 after the fourth stone: white declares, with eight numbered buttons.
pub(super) fn soosorv_declaring(app: &mut App) {
    opening(
        app,
        OpeningRule::Soosorv(8),
        &[(7, 7), (7, 6), (8, 5), (3, 3)],
    );
}

/// RIF: black has offered one of its two fifth moves.
pub(super) fn rif_offering(app: &mut App) {
    opening(
        app,
        OpeningRule::Rif,
        &[(7, 7), (7, 6), (8, 5), (3, 3), (6, 8)],
    );
}

/// Taraguchi-10 after the fourth stone: black places the fifth or offers ten.
pub(super) fn taraguchi_fifth(app: &mut App) {
    opening(
        app,
        OpeningRule::Taraguchi(10),
        &[(7, 7), (8, 8), (9, 9), (4, 4)],
    );
}

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
