//! A seeded soak: a few hundred moves over loopback with drops, kills and restarts, undos, draws and
//! rematches (the driver of `examples/soak.rs`, run short). Every wait is for an event, bounded by a
//! count; request budgets are pure counts, so the script never depends on the wall clock.

#[path = "../examples/soak/driver.rs"]
mod driver;

use tengen_engine::Preset;

fn soak(seed: u64, moves: u64, preset: Preset) -> driver::Report {
    let report = driver::run(&driver::Config {
        seed,
        moves,
        preset,
        refill: false,
    });
    if let Some(failure) = &report.failure {
        panic!("seed {seed}: {failure}\n{}", report.summary);
    }
    // Shown with --nocapture: what the run did.
    println!("seed {seed}: {}", report.summary);
    report
}

#[test]
fn a_long_game_with_drops_kills_undos_draws_and_rematches_stays_in_step() {
    let report = soak(7, 400, Preset::Freestyle15);
    let s = &report.summary;
    assert_eq!(s.desyncs, 0);
    assert!(s.moves >= 400, "{s}");
    // The script did disturb the game in every way it knows.
    for (what, count) in [
        ("drops", s.drops),
        ("kills", s.kills),
        ("accepted undos", s.undos_accepted),
        ("refused undos", s.undos_refused),
        ("draw offers", s.draws_offered),
        ("finished games", s.games),
    ] {
        assert!(count > 0, "no {what}: {s}");
    }
    assert_eq!(report.host_games, report.guest_games);
    assert_eq!(report.host_games.len() as u64, s.games);
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let first = soak(3, 300, Preset::Renju15);
    let second = soak(3, 300, Preset::Renju15);
    // Drops and kills included: reconnects must not change what is played.
    assert!(
        first.summary.drops + first.summary.kills > 0,
        "{}",
        first.summary
    );
    assert_eq!(first.summary, second.summary);
    assert_eq!(first.host_games, second.host_games);
}
