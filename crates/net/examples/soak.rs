//! A long network game: a host and a guest from this crate play thousands of moves over loopback while a
//! seeded script drops the connection, kills a side and restarts it from its saved game, asks for undos
//! (accepted and refused), offers draws and rematches. Both sides' positions are compared after every
//! step and both sides' lists of finished games at the end.
//!
//! `cargo run -p tengen-net --example soak -- [moves] [seed] [preset]` (defaults: 5000, 1, freestyle).
//! Exits with status 1 on a desync or any other failure.

#[path = "soak/driver.rs"]
mod driver;

use std::process::ExitCode;
use std::time::Instant;

use tengen_engine::Preset;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let moves = args.next().and_then(|n| n.parse().ok()).unwrap_or(5000);
    let seed = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let preset = args
        .next()
        .and_then(|key| Preset::from_key(&key))
        .unwrap_or(Preset::Freestyle15);
    let config = driver::Config {
        seed,
        moves,
        preset,
        refill: true,
    };
    let started = Instant::now();
    let report = driver::run(&config);
    println!(
        "seed={seed} preset={} {} filed={}/{} in {:.1?}",
        preset.key(),
        report.summary,
        report.host_games.len(),
        report.guest_games.len(),
        started.elapsed()
    );
    match report.failure {
        Some(failure) => {
            println!("FAILED: {failure}");
            ExitCode::FAILURE
        }
        None => ExitCode::SUCCESS,
    }
}
