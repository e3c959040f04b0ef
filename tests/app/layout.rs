//! The records bar has its own strip: at every window size the board, with the coordinates painted on
//! its wood, ends above the strip, and stays left of the HUD. Runs the real layout headless with a
//! window entity of the size under test.

use bevy::asset::AssetPlugin;
use bevy::audio::AudioSource;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{PrimaryWindow, WindowResolution};
use tengen::game::GameCommand;
use tengen::view::{BoardLayout, PANEL_WIDTH, RECORDS_BAR_HEIGHT, board_half_extent};
use tengen_engine::{Color as Side, Level, Preset};

use crate::support::{manual_time, send, setup};

fn laid_out(width: u32, height: u32, preset: Preset) -> BoardLayout {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        tengen::GamePlugin,
        tengen::PresentationPlugin,
    ));
    app.init_asset::<Image>().init_asset::<AudioSource>();
    manual_time(&mut app);
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(width, height),
            ..default()
        },
        PrimaryWindow,
    ));
    app.update();
    send(
        &mut app,
        GameCommand::NewGame(setup(
            tengen::game::Mode::HumanVsHuman,
            preset,
            Level::Low,
            Side::Black,
        )),
    );
    *app.world().resource::<BoardLayout>()
}

#[test]
fn the_board_and_its_coordinates_end_above_the_records_bar_at_every_size() {
    for (width, height) in [
        (800, 560),
        (1120, 780),
        (1280, 800),
        (1920, 1080),
        (2000, 700),
    ] {
        for preset in [Preset::TicTacToe, Preset::Freestyle15, Preset::Freestyle20] {
            let layout = laid_out(width, height, preset);
            assert_eq!(layout.size, preset.variant().size(), "laid out");
            let half = board_half_extent(preset.variant()) * layout.spacing;
            // Window coordinates: y grows downwards from the top edge.
            let bottom = height as f32 / 2.0 - (layout.centre.y - half);
            let top = height as f32 / 2.0 - (layout.centre.y + half);
            let right = width as f32 / 2.0 + layout.centre.x + half;
            let bar_top = height as f32 - RECORDS_BAR_HEIGHT;
            assert!(
                bottom <= bar_top + 0.5,
                "{width}×{height} {preset:?}: the board ends at {bottom}, the bar starts at {bar_top}"
            );
            assert!(
                top >= -0.5,
                "{width}×{height} {preset:?}: cut at the top ({top})"
            );
            assert!(
                right <= width as f32 - PANEL_WIDTH + 0.5,
                "{width}×{height} {preset:?}: under the HUD ({right})"
            );
        }
    }
}
