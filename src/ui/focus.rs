//! A focus ring the player can see: egui marks the focused control only by its pressed colour, which
//! was almost invisible, so once the keyboard moves the focus (Tab, the arrows) a ring in the accent
//! colour is drawn round the focused control, over everything. A click puts it away again: a mouse
//! player sees no ring round the button just clicked.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::style::ui_palette;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FocusByKeyboard>()
        .add_systems(EguiPrimaryContextPass, focus_ring);
}

/// Whether the focus was last moved by the keyboard.
#[derive(Resource, Debug, Default)]
struct FocusByKeyboard(bool);

fn focus_ring(
    mut contexts: EguiContexts,
    mut by_keyboard: ResMut<FocusByKeyboard>,
    settings: Res<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    paint_ring(ctx, &mut by_keyboard.0, ui_palette(settings.theme).accent);
    Ok(())
}

/// Follows what moved the focus last (keys or the pointer) and, while it was the keyboard, draws the
/// ring round the focused control. Returns the ring's rectangle.
fn paint_ring(
    ctx: &egui::Context,
    by_keyboard: &mut bool,
    accent: egui::Color32,
) -> Option<egui::Rect> {
    ctx.input(|input| {
        for event in &input.events {
            match event {
                egui::Event::Key {
                    key:
                        egui::Key::Tab
                        | egui::Key::ArrowUp
                        | egui::Key::ArrowDown
                        | egui::Key::ArrowLeft
                        | egui::Key::ArrowRight,
                    pressed: true,
                    ..
                } => *by_keyboard = true,
                egui::Event::PointerButton { pressed: true, .. } => *by_keyboard = false,
                _ => {}
            }
        }
    });
    if !*by_keyboard {
        return None;
    }
    let focused = ctx.memory(|memory| memory.focused())?;
    let rect = ctx.read_response(focused)?.rect.expand(2.0);
    let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("focus ring"));
    ctx.layer_painter(layer).rect_stroke(
        rect,
        6.0,
        egui::Stroke::new(3.0, accent),
        egui::StrokeKind::Outside,
    );
    Some(rect)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one frame of two buttons with `events`, then looks for the ring.
    fn frame(
        ctx: &egui::Context,
        by_keyboard: &mut bool,
        events: Vec<egui::Event>,
    ) -> (Option<egui::Rect>, egui::Rect) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            events,
            ..Default::default()
        };
        let mut first = egui::Rect::NOTHING;
        let mut ring = None;
        let mut output = ctx.run_ui(input, |ui| {
            first = ui.button("New game").rect;
            let _ = ui.button("Quit");
            ring = paint_ring(ui.ctx(), by_keyboard, egui::Color32::RED);
        });
        output.textures_delta.clear();
        (ring, first)
    }

    fn key(key: egui::Key) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    #[test]
    fn tab_shows_a_ring_round_the_focused_control_and_a_click_puts_it_away() {
        let ctx = egui::Context::default();
        let mut by_keyboard = false;
        let (ring, _) = frame(&ctx, &mut by_keyboard, vec![]);
        assert_eq!(ring, None, "no ring before the keyboard is used");
        frame(&ctx, &mut by_keyboard, vec![key(egui::Key::Tab)]);
        let (ring, first) = frame(&ctx, &mut by_keyboard, vec![]);
        let ring = ring.expect("Tab focused the first button: a ring round it");
        assert!(ring.contains_rect(first), "{ring:?} round {first:?}");
        let click = egui::Event::PointerButton {
            pos: egui::pos2(390.0, 290.0),
            button: egui::PointerButton::Primary,
            pressed: true,
            modifiers: egui::Modifiers::NONE,
        };
        let (ring, _) = frame(&ctx, &mut by_keyboard, vec![click]);
        assert_eq!(ring, None, "a click puts the ring away");
    }
}
