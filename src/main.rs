//! Starts the game: reads the command line, then runs the app.

use bevy::prelude::*;
use clap::Parser;

fn main() {
    let started = std::time::Instant::now();
    let options = tengen::cli::Cli::parse().into_options(started);
    if let Some(problem) = tengen::display_problem(|key| std::env::var(key).ok()) {
        eprintln!("tengen: {problem}");
        std::process::exit(1);
    }
    tengen::explain_window_failures();
    App::new().add_plugins(tengen::AppPlugin { options }).run();
}
