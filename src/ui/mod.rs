//! The egui side of the game: the menu, the in-game HUD with buttons and status, the game-over dialog
//! and the coordinates around the board, in a style of their own per theme ([`style`]). Every game
//! button sends a [`crate::game::GameCommand`]; every menu button also triggers a [`MenuAction`].

use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::input::EguiWantsInput;

use crate::AppSystems;
use crate::audio::MenuClick;
use crate::clock::DialogOpen;
use crate::game::input::KeyboardFree;

mod analysis;
mod confirm;
mod coordinates;
mod editor;
mod export;
pub mod game_over;
mod hud;
mod menu;
pub mod network;
pub mod notice;
pub mod records;
mod review;
mod settings;
pub mod style;
mod swap;

pub use analysis::black_chance;
pub use menu::{MenuAction, MenuPage};
pub use settings::SettingsWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (share_keyboard, share_dialogs).in_set(AppSystems::TickTimers),
    )
    .add_plugins((
        menu::plugin,
        analysis::plugin,
        network::plugin,
        hud::plugin,
        confirm::plugin,
        game_over::plugin,
        coordinates::plugin,
        editor::plugin,
        export::plugin,
        records::plugin,
        settings::plugin,
        style::plugin,
        swap::plugin,
    ));
}

/// Keys typed into a text field or an open popup are not board shortcuts.
fn share_keyboard(wants: Option<Res<EguiWantsInput>>, mut free: ResMut<KeyboardFree>) {
    let next = KeyboardFree(wants.is_none_or(|w| !w.wants_any_keyboard_input()));
    free.set_if_neq(next);
}

/// The Settings window over the game holds the clocks, like any dialog.
fn share_dialogs(window: Res<SettingsWindow>, mut open: ResMut<DialogOpen>) {
    open.set_if_neq(DialogOpen(window.0));
}

/// A button that plays the menu tick when pressed.
pub(crate) fn clicked(commands: &mut Commands, response: egui::Response) -> bool {
    let clicked = response.clicked();
    if clicked {
        commands.trigger(MenuClick);
    }
    clicked
}
