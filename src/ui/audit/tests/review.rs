//! The review's panel used with the mouse: a click on the graph shows the move under the pointer, as
//! its tip says (issue 62, item 21).

#![cfg(test)]

use super::keyboard::{click_at, move_pointer, window};
use super::*;

/// The graph: the one control of the panel taller than a button and wider than a word.
fn graph(app: &App) -> Rect {
    let drawn = app.world().resource::<Drawn>().clone();
    let board = drawn.screen.expect("drawn").center().x;
    drawn
        .clickable
        .iter()
        .copied()
        .find(|r| r.min.x > board && r.height() >= 40.0 && r.width() >= 120.0)
        .unwrap_or_else(|| panic!("the graph among {:?}", drawn.clickable))
}

fn shown(app: &App) -> usize {
    app.world().resource::<CurrentGame>().record_position().0
}

#[test]
fn a_click_on_the_review_graph_shows_the_move_under_the_pointer() {
    for size in SIZES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app("en", size, files.path());
        new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
        place(&mut app, &FIVE);
        app.insert_resource(crate::analysis::review::ReviewEffort(
            tengen_engine::SearchLimits::nodes(1_000),
        ));
        send(&mut app, GameCommand::Review);
        review_finished(&mut app);
        send(&mut app, GameCommand::View(ViewStep::To(9)));
        frames(&mut app);
        assert_eq!(shown(&app), 9);
        let rect = graph(&app);
        // Near the left end: the first moves; the right end: the last.
        click_at(&mut app, egui::pos2(rect.left() + 30.0, rect.center().y));
        let early = shown(&app);
        assert!(
            early <= 2,
            "{size:?}: a click near the start showed move {early}"
        );
        click_at(&mut app, egui::pos2(rect.right() - 4.0, rect.center().y));
        assert_eq!(shown(&app), 9, "{size:?}: a click at the end shows the end");
        // A press held a while and slid along (no longer a click to egui) shows the move too.
        press_and_slide(
            &mut app,
            rect.left() + 30.0,
            rect.center().x,
            rect.center().y,
        );
        let middle = shown(&app);
        assert!(
            (3..=6).contains(&middle),
            "{size:?}: a press slid to the middle showed move {middle}"
        );
        // The cards of a record show no clock and no wins of the session.
        let drawn = app.world().resource::<Drawn>().clone();
        for text in &drawn.texts {
            assert!(
                !text.text.contains("0:00") && !text.text.contains("0 wins"),
                "{size:?}: {:?} on a record's card",
                text.text
            );
        }
    }
}

/// Presses the left button at (`from`, `y`), holds it for a second while sliding to (`to`, `y`),
/// and lets go there.
fn press_and_slide(app: &mut App, from: f32, to: f32, y: f32) {
    let window = window(app);
    let button = |app: &mut App, state| {
        app.world_mut()
            .write_message(bevy::window::WindowEvent::MouseButtonInput(
                bevy::input::mouse::MouseButtonInput {
                    button: MouseButton::Left,
                    state,
                    window,
                },
            ));
        app.update();
    };
    let move_to = |app: &mut App, x: f32| {
        move_pointer(app, egui::pos2(x, y));
        app.update();
    };
    move_to(app, from);
    button(app, bevy::input::ButtonState::Pressed);
    for step in 1..=60 {
        move_to(app, from + (to - from) * step as f32 / 60.0);
    }
    button(app, bevy::input::ButtonState::Released);
    frames(app);
}

/// The review's legend (the words for the classes' colours) whole in sight at 800×560 in every
/// language, without a scroll (issue 62, item 21: "Blunder" needed one): each name drawn whole
/// inside the part of the panel it is clipped to.
#[test]
fn the_review_legend_is_in_sight_without_scrolling() {
    let mut cut = Vec::new();
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (800, 560), files.path());
        new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
        place(&mut app, &FIVE);
        app.insert_resource(crate::analysis::review::ReviewEffort(
            tengen_engine::SearchLimits::nodes(1_000),
        ));
        send(&mut app, GameCommand::Review);
        review_finished(&mut app);
        send(&mut app, GameCommand::View(ViewStep::To(8)));
        frames(&mut app);
        let words = app.world().resource::<crate::i18n::Words>().clone();
        let drawn = app.world().resource::<Drawn>().clone();
        for class in tengen_engine::MoveClass::ALL {
            let name = crate::ui::review::class_name(class, &words);
            let whole = drawn
                .texts
                .iter()
                .filter(|t| t.text == name)
                .any(|t| t.clip.expand(0.5).contains_rect(t.rect));
            if !whole {
                let seen: Vec<_> = drawn.texts.iter().filter(|t| t.text == name).collect();
                cut.push(format!("{language} {name:?}: {seen:?}"));
            }
        }
    }
    assert_eq!(cut, Vec::<String>::new(), "legend words out of sight");
}
