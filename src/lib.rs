//! Tengen, the game: a Bevy app made of one plugin per concern.
//!
//! Data flows one way: input → game rules (the `tengen_engine` crate) → ECS state → presentation.

use bevy::prelude::*;

mod board;

/// The game's title, shown in the window bar.
pub const TITLE: &str = "Tengen — Gomoku";

/// Everything the game needs on top of Bevy's own plugins.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title: TITLE.into(),
                    resolution: bevy::window::WindowResolution::new(960, 720),
                    ..default()
                }),
                ..default()
            }),
        );
        app.add_plugins(board::plugin);
    }
}
