//! The audit's checks of a tooltip or card over another control and of something drawn over the
//! board's coordinates, each caught when planted and quiet when the same things stand apart.

#![cfg(test)]

use super::super::{covered_controls, over_coordinates};
use super::*;

/// What a bare egui context draws in 800×560 with the pointer at `pointer` (two passes: egui sizes
/// in one and places in the next).
fn drawn_with_pointer(pointer: egui::Pos2, mut ui: impl FnMut(&mut egui::Ui)) -> Drawn {
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 560.0),
        )),
        events: vec![egui::Event::PointerMoved(pointer)],
        ..Default::default()
    };
    ctx.run_ui(input(), |root| ui(root)).textures_delta.clear();
    let mut output = ctx.run_ui(input(), |root| ui(root));
    output.textures_delta.clear();
    what_was_drawn(&ctx, &output.shapes)
}

/// Two menu buttons, one under the other, and a tip for the first at `tip` (as egui shows one, on
/// the tooltip layer).
fn menu_with_a_tip(tip: egui::Pos2) -> Drawn {
    drawn_with_pointer(egui::pos2(60.0, 20.0), |ui| {
        ui.add_sized([200.0, 30.0], egui::Button::new("Set up a position"));
        ui.add_sized([200.0, 30.0], egui::Button::new("Puzzles"));
        egui::Area::new(egui::Id::new("planted tip"))
            .order(egui::Order::Tooltip)
            .fixed_pos(tip)
            .show(ui.ctx(), |ui| {
                ui.label("Place stones freely, then play on from there");
            });
    })
}

#[test]
fn the_audit_catches_a_tip_planted_over_the_next_button_and_passes_one_beside_it() {
    let over = menu_with_a_tip(egui::pos2(40.0, 30.0));
    assert_eq!(over.tips.len(), 1, "the tip is seen: {:?}", over.tips);
    let found = covered_controls(&over, &[]);
    assert!(
        found
            .iter()
            .any(|f| matches!(f, Finding::CoversControl(what) if what.contains("Puzzles"))),
        "{found:?}"
    );
    assert!(
        !found
            .iter()
            .any(|f| matches!(f, Finding::CoversControl(what) if what.contains("Set up"))),
        "the button the pointer rests on is the tip's own: {found:?}"
    );
    let beside = menu_with_a_tip(egui::pos2(230.0, 8.0));
    assert_eq!(covered_controls(&beside, &[]), [], "beside, nothing found");
}

/// A board whose wood is 50..350 and whose outer lines are at 80 and 320.
const BOARD: Board = Board {
    wood: Rect {
        min: egui::pos2(50.0, 50.0),
        max: egui::pos2(350.0, 350.0),
    },
    grid: Rect {
        min: egui::pos2(80.0, 80.0),
        max: egui::pos2(320.0, 320.0),
    },
};

/// The top coordinate "f" at (150, 65), then a label on its own paper at `label` (its top left).
fn coordinates_and_a_label(label: egui::Pos2, words: &'static str) -> Drawn {
    drawn_with_pointer(egui::pos2(700.0, 500.0), move |ui| {
        let painter = ui.painter();
        let font = egui::FontId::proportional(13.0);
        let ink = egui::Color32::BLACK;
        painter.text(
            egui::pos2(150.0, 65.0),
            egui::Align2::CENTER_CENTER,
            "f",
            font.clone(),
            ink,
        );
        let paper = Rect::from_min_size(label, egui::vec2(110.0, 20.0));
        painter.rect_filled(paper, 4.0, egui::Color32::WHITE);
        painter.text(
            label + egui::vec2(4.0, 3.0),
            egui::Align2::LEFT_TOP,
            words,
            font,
            ink,
        );
    })
}

#[test]
fn the_audit_catches_a_label_planted_over_the_coordinates_and_passes_it_above_the_board() {
    let over = coordinates_and_a_label(egui::pos2(120.0, 56.0), "Yamaguchi");
    assert_eq!(
        over_coordinates(&over, BOARD, &[]),
        [Finding::OverCoordinates("\"Yamaguchi\" over \"f\"".into())]
    );
    // Its paper alone hides the letter too.
    let paper = coordinates_and_a_label(egui::pos2(140.0, 56.0), " ");
    assert!(
        matches!(over_coordinates(&paper, BOARD, &[]).as_slice(), [Finding::OverCoordinates(what)] if what.starts_with("a fill")),
        "{:?}",
        over_coordinates(&paper, BOARD, &[])
    );
    let above = coordinates_and_a_label(egui::pos2(120.0, 10.0), "Yamaguchi");
    assert_eq!(
        over_coordinates(&above, BOARD, &[]),
        [],
        "above the wood, nothing found"
    );
    // The findings of a screen include it.
    assert!(
        findings(&over, Some(BOARD), &[])
            .contains(&Finding::OverCoordinates("\"Yamaguchi\" over \"f\"".into()))
    );
}
