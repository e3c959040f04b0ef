//! Starts the game.

use bevy::prelude::*;

fn main() {
    App::new().add_plugins(tengen::AppPlugin).run();
}
