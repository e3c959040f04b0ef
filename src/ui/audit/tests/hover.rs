//! Hover states: each screen laid out again with the pointer resting on each of its controls, so the
//! tooltips are drawn and checked like the rest (a tip over the next button, a tip cut short).

#![cfg(test)]

use super::keyboard::move_pointer;
use super::screens::{Screen, board_screens, menu_screens, record_and_setup_screens};
use super::*;

/// How many of a screen's controls are hovered: all of them on every screen audited so far.
const MOST: usize = 60;

/// The frames a tip takes to show once the pointer rests (egui waits for the pointer to be still).
const STILL_FRAMES: usize = 8;

/// Puts the pointer at `at` and lets it rest there.
pub(super) fn rest_on(app: &mut App, at: egui::Pos2) {
    move_pointer(app, at);
    for _ in 0..STILL_FRAMES {
        app.update();
    }
}

/// What is found with the pointer on each control of the screen in turn that is not found without
/// it, each named by the control hovered.
pub(super) fn hovered_findings(
    app: &mut App,
    board: Option<Board>,
    without: &[Finding],
) -> Vec<String> {
    // Tips show as soon as the pointer rests: the audit does not wait half a second for each.
    egui_context(app).all_styles_mut(|style| style.interaction.tooltip_delay = 0.0);
    let mut labels = controls(app.world().resource::<Drawn>());
    labels.dedup_by(|a, b| a.0 == b.0);
    let mut found = Vec::new();
    for (label, rect) in labels.into_iter().take(MOST) {
        rest_on(app, rect.center());
        let drawn = app.world().resource::<Drawn>().clone();
        for finding in findings(&drawn, board, DIALOGS) {
            let line = format!("hovering {label:?}: {finding:?}");
            if !without.contains(&finding) && !found.contains(&line) {
                found.push(line);
            }
        }
    }
    found
}

#[test]
fn resting_on_a_menu_button_shows_its_tip_to_the_audit() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    egui_context(&mut app).all_styles_mut(|style| style.interaction.tooltip_delay = 0.0);
    let button = controls(app.world().resource::<Drawn>())
        .into_iter()
        .find(|(label, _)| label == "Set up a position")
        .expect("the menu's button");
    rest_on(&mut app, button.1.center());
    let drawn = app.world().resource::<Drawn>();
    assert_eq!(drawn.tips.len(), 1, "its tip is shown: {:?}", drawn.tips);
    assert!(drawn.pointer.is_some_and(|at| button.1.contains(at)));
}

/// Every screen's tips at 800×560 (where they have the least room), each control of each screen
/// hovered in turn: in English every screen, in the other languages the new game form, the settings
/// page and the network forms, whose tips and fields are the longest and most packed (every screen
/// in all four languages took 158 s on two shared cores; `TENGEN_AUDIT_LANGUAGE=ru` runs every
/// screen in that language alone).
#[test]
fn every_screens_tips_are_clear_of_the_other_controls() {
    let mut all = Vec::new();
    let only = std::env::var("TENGEN_AUDIT_LANGUAGE").ok();
    for language in LANGUAGES
        .into_iter()
        .filter(|l| only.as_deref().is_none_or(|o| o == *l))
    {
        let every = language == "en" || only.is_some();
        let screens: Vec<Screen> = if every {
            [menu_screens(), board_screens(), record_and_setup_screens()]
                .into_iter()
                .flatten()
                .collect()
        } else {
            let longest = ["new game form", "settings page", "network forms"];
            menu_screens()
                .into_iter()
                .filter(|s| longest.contains(&s.name))
                .collect()
        };
        for screen in screens {
            let files = tempfile::tempdir().expect("a temporary folder");
            let mut app = app(language, (800, 560), files.path());
            (screen.enter)(&mut app);
            frames(&mut app);
            let place = board(&mut app);
            let without = findings(app.world().resource::<Drawn>(), place, DIALOGS);
            for line in hovered_findings(&mut app, place, &without) {
                all.push(format!("{language} {}: {line}", screen.name));
            }
        }
    }
    println!("tips audit: {} findings", all.len());
    for line in &all {
        println!("  {line}");
    }
    assert!(all.is_empty(), "{} findings", all.len());
}
