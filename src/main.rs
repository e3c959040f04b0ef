//! Starts the game: reads the command line, then runs the app.

use bevy::prelude::*;
use clap::Parser;

fn main() {
    let started = std::time::Instant::now();
    let options = tengen::cli::Cli::parse().into_options(started);
    App::new().add_plugins(tengen::AppPlugin { options }).run();
}
