//! Starts the game: reads the command line, then runs the app.

use bevy::prelude::*;
use clap::Parser;

fn main() {
    let started = std::time::Instant::now();
    let options = tengen::cli::Cli::parse().into_options(started);
    // The language of this run, as the game will pick it (before the settings are read, the
    // command line's or the system's).
    let words = tengen::i18n::Words::new(
        options
            .language
            .unwrap_or_else(tengen::i18n::system_language),
    );
    if let Some(problem) = tengen::display_problem(|key| std::env::var(key).ok(), &words) {
        eprintln!("{problem}");
        std::process::exit(1);
    }
    tengen::explain_window_failures(words);
    App::new().add_plugins(tengen::AppPlugin { options }).run();
}
