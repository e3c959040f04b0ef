//! Coordinates around the board: column letters along the bottom and top, row numbers (from the bottom)
//! along both sides, painted by egui where the board's layout puts the grid lines.

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
    for i in 0..size {
        let column = layout.window_position(Pos::new(i, size - 1), window_size);
        let top = layout.window_position(Pos::new(i, 0), window_size);
        let letter = char::from(b'a' + i).to_string();
        for y in [column.y + gap, top.y - gap] {
            painter.text(
                egui::pos2(column.x, y),
                egui::Align2::CENTER_CENTER,
                &letter,
                font.clone(),
                ink,
            );
        }
        let left = layout.window_position(Pos::new(0, i), window_size);
        let right = layout.window_position(Pos::new(size - 1, i), window_size);
        let number = (size - i).to_string();
        for x in [left.x - gap, right.x + gap] {
            painter.text(
                egui::pos2(x, left.y),
                egui::Align2::CENTER_CENTER,
                &number,
                font.clone(),
                ink,
            );
        }
    }
    Ok(())
}
