//! A renju tournament opening's offered fifth moves on the board: numbered dark stones with a
//! coloured ring, painted by egui over the board like the coordinates, while black offers and
//! white picks (a click on one picks it).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::CurrentGame;
use crate::game::opening::OpeningPhase;
use crate::screens::InGame;
use crate::settings::{Settings, Theme};
use crate::view::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, offers_ui.run_if(in_state(InGame)));
}

fn offers_ui(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    current: Res<CurrentGame>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let offering = matches!(
        current.opening(),
        OpeningPhase::Offering { .. } | OpeningPhase::Selecting { .. }
    );
    if !offering || current.offers().is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if layout.size != current.game().variant().size() || layout.spacing <= 0.0 {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::background());
    let radius = layout.spacing * 0.42;
    let font = egui::FontId::proportional((layout.spacing * 0.42).clamp(9.0, 20.0));
    // Opaque, so no grid line crosses the digit; the ring tells it from a real stone.
    let fill = egui::Color32::from_rgb(40, 38, 44);
    let ring = match settings.theme {
        Theme::Contrast => egui::Stroke::new(3.0, egui::Color32::YELLOW),
        Theme::Classic => egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 170, 60)),
    };
    for (number, &pos) in current.offers().iter().enumerate() {
        let p = layout.window_position(pos, window.size());
        let at = egui::pos2(p.x, p.y);
        painter.circle(at, radius, fill, ring);
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            (number + 1).to_string(),
            font.clone(),
            egui::Color32::WHITE,
        );
    }
    Ok(())
}
