//! Tengen, the game: a Bevy app made of one plugin per concern.
//!
//! Data flows one way: input → game rules (the `tengen_engine` crate) → ECS state → presentation.
//! [`GamePlugin`] is the game without a window (what the headless tests run); [`AppPlugin`] adds the
//! window, sprites, picking, sound and the egui menus and HUD on top; [`PresentationPlugin`] is the
//! window-free part of the presentation (sprites, themes, animation, sound), which tests also run
//! headless.

use bevy::prelude::*;

pub mod analysis;
pub mod audio;
pub mod cli;
pub mod clock;
pub mod embedded;
pub mod export;
pub mod game;
pub mod i18n;
pub mod network;
pub mod persistence;
mod redraw;
mod schedule;
pub mod screens;
mod script_output;
pub mod settings;
pub mod ui;
pub mod view;
pub mod wake;
mod window;

pub use schedule::{AppSystems, CommandHandlers};
pub use window::{APP_ID, TITLE, display_problem, explain_window_failures};

/// The game logic: screens, turns, win detection, the computer, hints, score and keyboard commands.
/// Needs only `MinimalPlugins` and `StatesPlugin`.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<wake::Bell>();
        app.configure_sets(
            Update,
            (
                AppSystems::TickTimers,
                AppSystems::RecordInput,
                AppSystems::Update,
                AppSystems::EnterMode,
                AppSystems::Think,
            )
                .chain(),
        );
        app.configure_sets(
            Update,
            (
                CommandHandlers::Turn,
                CommandHandlers::Editor,
                CommandHandlers::Puzzles,
                CommandHandlers::Opening,
                CommandHandlers::Network,
                CommandHandlers::Analysis,
            )
                .chain()
                .in_set(AppSystems::Update),
        );
        app.add_plugins((
            screens::plugin,
            settings::plugin,
            i18n::plugin,
            game::plugin,
            clock::plugin,
            network::plugin,
            export::plugin,
            analysis::plugin,
        ));
    }
}

/// Sprites of the current theme, animation and sound, reacting to the game's events and to the
/// settings. Needs `AssetPlugin` with the `Image` and `AudioSource` assets (the window app has them;
/// a headless test registers them), not a window.
pub struct PresentationPlugin;

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((view::plugin, audio::plugin));
    }
}

/// The whole desktop game.
pub struct AppPlugin {
    pub options: cli::Options,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        // Before `DefaultPlugins`: its `AssetPlugin` builds the asset sources registered so far.
        app.add_plugins(embedded::EmbeddedAssetsPlugin);
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(window::primary_window(&self.options)),
            ..default()
        }));
        app.add_plugins(bevy_egui::EguiPlugin::default());
        app.insert_resource(self.options.clone());
        // `--engine`: an external engine plays the computer's seat (the plugin keeps it if set).
        app.insert_resource(game::engine_seat::EngineSeat::new(
            self.options.engine.clone(),
        ));
        // `--analyst`: an external engine gives the hints.
        app.insert_resource(game::analyst::Analyst::new(self.options.analyst.clone()));
        app.add_plugins((
            GamePlugin,
            PresentationPlugin,
            cli::plugin,
            view::window_plugin,
            window::plugin,
            window::place_plugin,
            ui::plugin,
            i18n::egui_plugin,
            script_output::plugin,
            redraw::plugin,
        ));
        // Its startup schedule reads the settings and the autosave over the defaults above.
        app.add_plugins(persistence::PersistencePlugin::platform());
    }
}
