//! The board marks of the position shown in the viewer (the record's `LB` labels, `TR` triangles and
//! `SQ` squares), painted by egui over the stones and the empty points where the board's layout puts
//! them: light on a black stone, in the game's accent elsewhere, a label on an empty point on a disc
//! of the panel's paper so the grid lines do not cross it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color, Marks};

use super::state::RecordsPass;
use crate::game::{CurrentGame, OpenedTree, shown_node};
use crate::persistence::Settings;
use crate::screens::OnRecord;
use crate::view::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        board_marks
            .in_set(RecordsPass::Viewer)
            .run_if(in_state(OnRecord)),
    );
}

/// The marks of the position shown, if its node has any.
pub fn shown_marks<'a>(opened: &'a OpenedTree, current: &CurrentGame) -> Option<&'a Marks> {
    let node = shown_node(opened, current.game())?;
    let marks = &opened.0.as_ref()?.tree.node(node)?.marks;
    (!marks.is_empty()).then_some(marks)
}

fn board_marks(
    mut contexts: EguiContexts,
    (layout, settings): (Res<BoardLayout>, Res<Settings>),
    (current, opened): (Res<CurrentGame>, Res<OpenedTree>),
    window: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let game = current.game();
    if layout.size != game.variant().size() || layout.spacing <= 0.0 {
        return Ok(());
    }
    let (Some(marks), Ok(window)) = (shown_marks(&opened, &current), window.single()) else {
        return Ok(());
    };
    let painter = contexts
        .ctx_mut()?
        .layer_painter(egui::LayerId::background());
    let p = crate::ui::style::ui_palette(settings.theme);
    let spacing = layout.spacing;
    let at = |pos| {
        let v = layout.window_position(pos, window.size());
        egui::pos2(v.x, v.y)
    };
    let ink = |pos| match game.board().get(pos) {
        Some(Color::Black) => egui::Color32::from_gray(235),
        _ => p.accent,
    };
    let stroke = |pos| egui::Stroke::new((spacing * 0.08).clamp(1.5, 3.0), ink(pos));
    for &pos in &marks.triangles {
        let (c, r) = (at(pos), spacing * 0.3);
        let points = [0.0f32, 120.0, 240.0]
            .map(|deg| {
                let a = (deg - 90.0).to_radians();
                c + egui::vec2(a.cos(), a.sin()) * r
            })
            .to_vec();
        painter.add(egui::Shape::closed_line(points, stroke(pos)));
    }
    for &pos in &marks.squares {
        let rect = egui::Rect::from_center_size(at(pos), egui::Vec2::splat(spacing * 0.44));
        painter.rect_stroke(rect, 0.0, stroke(pos), egui::StrokeKind::Middle);
    }
    for (pos, label) in &marks.labels {
        let c = at(*pos);
        if game.board().get(*pos).is_none() {
            painter.circle_filled(c, spacing * 0.34, p.paper);
        }
        let font = egui::FontId::proportional((spacing * 0.5).clamp(8.0, 22.0));
        let color = match game.board().get(*pos) {
            Some(Color::Black) => egui::Color32::from_gray(235),
            Some(Color::White) => egui::Color32::from_gray(20),
            None => p.ink,
        };
        painter.text(c, egui::Align2::CENTER_CENTER, label, font, color);
    }
    Ok(())
}
