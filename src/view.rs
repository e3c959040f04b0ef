//! The board on screen, one plugin per concern: the theme's pictures ([`art`]), the board dressed in
//! them ([`dress`]), where it sits in the window ([`layout`]), the pointer and cursor on it
//! ([`pointer`]), the animations that bring it to life ([`animation`]) and the win's sparks
//! ([`celebration`]).

use bevy::prelude::*;

pub mod animation;
pub mod art;
mod celebration;
mod dress;
pub mod layout;
mod pointer;

pub use layout::{
    BoardLaidOut, BoardLayout, GridLine, PANEL_WIDTH, RECORDS_BAR_HEIGHT, board_half_extent,
};
pub use pointer::{Ghost, HoveredCell};

/// The window-free part of the board view: sprites, theme switching and animation. Runs headless with
/// `AssetPlugin` and the `Image` asset registered (what the presentation tests use).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        art::plugin,
        animation::plugin,
        dress::plugin,
        layout::plugin,
        pointer::plugin,
        celebration::plugin,
    ));
}

/// The window's part: the camera.
pub fn window_plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
}

fn spawn_camera(mut commands: Commands) {
    // No MSAA: every sprite is already anti-aliased in its picture, and 4x multisampling quadruples the
    // fill cost (heavy on a software renderer) for no visible gain.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}
