//! Coordinates around the board: column letters along the bottom and top, row numbers (from the bottom)
//! along both sides (swapped on a board turned a quarter), painted by egui where the board's layout
//! puts the grid lines.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::Pos;

use crate::game::CurrentGame;
use crate::screens::InGame;
use crate::view::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        coordinates_ui.run_if(in_state(InGame)),
    );
}

fn coordinates_ui(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    settings: Res<crate::settings::Settings>,
    current: Res<CurrentGame>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = current.game().variant().size();
    if layout.size != size || layout.spacing <= 0.0 || !settings.show_coordinates {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((layout.spacing * 0.36).clamp(9.0, 18.0));
    let ink = super::style::ui_palette(settings.theme).coordinates;
    let window_size = window.size();
    // Between the outer lines and the edge of the wood (on 3×3, outside the squares).
    let gap = layout.spacing
        * if current.game().variant().is_tic_tac_toe() {
            1.0
        } else {
            0.72
        };
    // Each label names the record's line drawn there: on a board turned a quarter, the letters
    // run down the sides and the numbers along the top, so a stone on h8 is still read as h8.
    let letters_across = layout.view.quarter_turns.is_multiple_of(2);
    let name = |record: Pos, letter: bool| {
        if letter {
            char::from(b'a' + record.x).to_string()
        } else {
            (size - record.y).to_string()
        }
    };
    let edge = size - 1;
    for i in 0..size {
        for (shown, away, letter) in [
            (Pos::new(i, edge), egui::vec2(0.0, gap), letters_across),
            (Pos::new(i, 0), egui::vec2(0.0, -gap), letters_across),
            (Pos::new(0, i), egui::vec2(-gap, 0.0), !letters_across),
            (Pos::new(edge, i), egui::vec2(gap, 0.0), !letters_across),
        ] {
            let record = layout.view.record(shown, size);
            let at = layout.window_position(record, window_size);
            painter.text(
                egui::pos2(at.x, at.y) + away,
                egui::Align2::CENTER_CENTER,
                name(record, letter),
                font.clone(),
                ink,
            );
        }
    }
    Ok(())
}
