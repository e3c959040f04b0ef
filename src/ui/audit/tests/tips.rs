//! The main menu's tips show beside their buttons, never below over the next button.

#![cfg(test)]

use super::keyboard::point_at;
use super::*;

/// Rests the pointer on the control labelled `label` until its tip shows.
fn hover(app: &mut App, label: &str) -> Rect {
    let button = point_at(app, label);
    // egui waits a moment before it shows a tip; each frame here is 16 ms.
    for _ in 0..60 {
        app.update();
    }
    button
}

#[test]
fn the_menus_tips_show_beside_their_buttons_not_over_the_next_one() {
    for size in SIZES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app("en", size, files.path());
        let button = hover(&mut app, "Set up a position");
        let drawn = app.world().resource::<Drawn>().clone();
        let tip = drawn
            .texts
            .iter()
            .find(|t| t.text.starts_with("Place stones freely"))
            .map(|t| t.rect);
        let tip = tip.unwrap_or_else(|| {
            let all: Vec<&String> = drawn.texts.iter().map(|t| &t.text).collect();
            panic!("{size:?}: the tip shows: {all:?}")
        });
        let next = drawn
            .texts
            .iter()
            .find(|t| t.text == "Puzzles")
            .expect("Puzzles below")
            .rect;
        assert!(
            !tip.intersects(next.expand(4.0)),
            "{size:?}: the tip {tip:?} covers Puzzles at {next:?}"
        );
        // Beside the button, on its row (pushed back over it where the window ends).
        assert!(
            tip.top() >= button.top() - 8.0 && tip.right() > button.right(),
            "{size:?}: the tip {tip:?} is not beside the button {button:?}"
        );
    }
}
