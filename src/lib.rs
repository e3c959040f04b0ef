//! Tengen, the game: a Bevy app made of one plugin per concern.
//!
//! Data flows one way: input → game rules (the `tengen_engine` crate) → ECS state → presentation.
//! [`GamePlugin`] is the game without a window (what the headless tests run); [`AppPlugin`] adds the
//! window, sprites, picking, sound and the egui menus and HUD on top.

use bevy::prelude::*;

pub mod audio;
pub mod cli;
pub mod game;
mod measure;
pub mod screens;
mod ui;
mod view;

/// The game's title, shown in the window bar.
pub const TITLE: &str = "Tengen — Gomoku";

/// The order of the game's own `Update` systems, declared once; plugins tag their systems with a set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AppSystems {
    /// Advance timers.
    TickTimers,
    /// Turn keys and clicks into game commands.
    RecordInput,
    /// Apply commands, run the computer, update the board model.
    Update,
}

/// The game logic: screens, turns, win detection, the computer, hints, score and keyboard commands.
/// Needs only `MinimalPlugins` and `StatesPlugin`.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                AppSystems::TickTimers,
                AppSystems::RecordInput,
                AppSystems::Update,
            )
                .chain(),
        );
        app.add_plugins((screens::plugin, game::plugin));
    }
}

/// The whole desktop game.
pub struct AppPlugin {
    pub options: cli::Options,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: TITLE.into(),
                resolution: bevy::window::WindowResolution::new(1040, 760),
                resize_constraints: bevy::window::WindowResizeConstraints {
                    min_width: 640.0,
                    min_height: 480.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        }));
        app.add_plugins(bevy_egui::EguiPlugin::default());
        app.insert_resource(self.options.clone());
        app.add_plugins((
            GamePlugin,
            cli::plugin,
            view::plugin,
            ui::plugin,
            audio::plugin,
            measure::plugin,
        ));
    }
}
