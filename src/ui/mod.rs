//! The egui side of the game: the menu, the in-game HUD with buttons and status, the game-over dialog
//! and the coordinates around the board, in a style of their own per theme ([`style`]). Every game
//! button sends a [`crate::game::GameCommand`]; every menu button also triggers a [`MenuAction`].

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};
use bevy_egui::EguiManagedTextures;
use bevy_egui::input::EguiWantsInput;

use crate::AppSystems;
use crate::clock::DialogOpen;
use crate::game::input::KeyboardFree;

mod analysis;
mod arena;
#[cfg(test)]
mod audit;
mod clock_face;
mod confirm;
mod coordinates;
mod editor;
mod engines;
mod export;
mod focus;
pub mod game_over;
mod hud;
mod language;
mod menu;
pub mod network;
pub mod notice;
pub mod numbering;
mod offers;
mod player_card;
mod puzzle;
pub mod records;
mod review;
mod review_line;
mod settings;
mod step_list;
pub mod style;
mod swap;
pub mod time_control;
mod tip;

pub use analysis::black_chance;
pub use engines::failure_words as engine_failure_words;
pub use hud::status_sentence;
pub use menu::{MenuAction, MenuPage};
pub use settings::SettingsWindow;
pub(crate) use style::clicked;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (share_keyboard, share_dialogs).in_set(AppSystems::TickTimers),
    )
    .add_systems(
        Last,
        (draw_again_after_a_resize, draw_again_after_new_glyphs),
    )
    .add_plugins((
        menu::plugin,
        analysis::plugin,
        network::plugin,
        hud::plugin,
        confirm::plugin,
        coordinates::plugin,
        offers::plugin,
        editor::plugin,
        puzzle::plugin,
        export::plugin,
        focus::plugin,
        records::plugin,
        settings::plugin,
        style::plugin,
    ));
}

/// Whether Esc was pressed for the window or page on screen to close: an open list (a rule, a
/// language) takes Esc for itself first.
pub(crate) fn escape_closes(ctx: &bevy_egui::egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(bevy_egui::egui::Key::Escape))
        && !bevy_egui::egui::Popup::is_any_open(ctx)
}

/// Keys typed into a text field or an open popup are not board shortcuts.
/// The board's keys are free unless egui wants them (a control has the focus) or Settings, a
/// records window or the file dialog is up: then Esc closes that, not the game.
fn share_keyboard(
    wants: Option<Res<EguiWantsInput>>,
    windows: WindowsShown,
    mut free: ResMut<KeyboardFree>,
) {
    let typing = wants.is_some_and(|w| w.wants_any_keyboard_input());
    let dialog = windows.settings.0 || windows.records();
    free.set_if_neq(KeyboardFree(!typing && !dialog));
}

/// The windows over the game that hold its clocks, as any dialog does.
#[derive(bevy::ecs::system::SystemParam)]
struct WindowsShown<'w> {
    settings: Res<'w, SettingsWindow>,
    records: Option<Res<'w, records::RecordsUi>>,
    dialogs: Option<Res<'w, records::FileDialogs>>,
}

impl WindowsShown<'_> {
    /// A records window (Save/Open, History, Statistics) or the file dialog.
    fn records(&self) -> bool {
        match (self.records.as_deref(), self.dialogs.as_deref()) {
            (Some(records), Some(dialogs)) => records::shown_window(records, dialogs).is_some(),
            _ => false,
        }
    }
}

/// Settings, a records window or the file dialog over the game holds the clocks, like any dialog.
fn share_dialogs(windows: WindowsShown, mut open: ResMut<DialogOpen>) {
    open.set_if_neq(DialogOpen(windows.settings.0 || windows.records()));
}

/// Frames drawn after the window changes size. egui places a centred card from its size in the frame
/// before, and a short window makes the cards shorter: drawn only once, the menu card sat too high, its
/// title cut off, until the next input.
const FRAMES_AFTER_RESIZE: u8 = 2;

fn draw_again_after_a_resize(
    mut resized: MessageReader<WindowResized>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut left: Local<u8>,
) {
    if resized.read().count() > 0 {
        *left = FRAMES_AFTER_RESIZE;
    }
    if *left > 0 {
        *left -= 1;
        redraw.write(RequestRedraw);
    }
}

/// A character drawn for the first time joins egui's font atlas in that frame, but the changed atlas
/// reaches the screen a frame late, so it shows as a gap. The window then sleeps: a new digit of the
/// clock stayed blank until the next second, a new Chinese word until the next input. One more frame
/// draws it.
fn draw_again_after_new_glyphs(
    textures: Option<Res<EguiManagedTextures>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if textures.is_some_and(|textures| textures.is_changed()) {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many redraws the frame just run asked for.
    fn redraws_asked(app: &mut App) -> usize {
        app.world_mut()
            .resource_mut::<Messages<RequestRedraw>>()
            .drain()
            .count()
    }

    #[test]
    fn a_resize_asks_for_two_more_frames_then_lets_the_window_sleep() {
        let mut app = App::new();
        app.add_message::<WindowResized>()
            .add_message::<RequestRedraw>()
            .add_systems(
                Last,
                (draw_again_after_a_resize, draw_again_after_new_glyphs),
            );
        let mut asked = Vec::new();
        for frame in 0..5 {
            if frame == 1 {
                app.world_mut().write_message(WindowResized {
                    window: Entity::PLACEHOLDER,
                    width: 800.0,
                    height: 560.0,
                });
            }
            app.update();
            asked.push(redraws_asked(&mut app));
        }
        assert_eq!(asked, [0, 1, 1, 0, 0]);
    }

    #[test]
    fn a_changed_font_atlas_asks_for_one_more_frame() {
        let mut app = App::new();
        app.init_resource::<EguiManagedTextures>()
            .add_message::<RequestRedraw>()
            .add_systems(Last, draw_again_after_new_glyphs);
        let mut asked = Vec::new();
        for frame in 0..4 {
            if frame == 2 {
                // What bevy_egui does when egui's atlas gains glyphs.
                app.world_mut()
                    .resource_mut::<EguiManagedTextures>()
                    .set_changed();
            }
            app.update();
            asked.push(redraws_asked(&mut app));
        }
        // The first frame sees the resource as new.
        assert_eq!(asked, [1, 0, 1, 0]);
    }
}
