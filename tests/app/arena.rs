//! Settings → Engines → Tournament: three added engines (the workspace's `pbrain-tengen` at a
//! few nodes a move, so the games do not depend on the machine's load) play a round robin on
//! worker threads; the cross table fills, each game is saved as SGF with the resume file, and
//! Stop ends the games in play. Each frame waits for the tournament's news on the bell, never for
//! the wall clock.

use std::path::{Path, PathBuf};

use bevy::prelude::App;
use tengen::game::arena::{Arena, ArenaCommand, ArenaSetup};
use tengen::settings::Settings;
use tengen_engine::Preset;
use tengen_store::EngineEntry;

use crate::support::*;

/// Why the last Start was refused, in words (empty if it was not).
fn refusal(app: &App) -> String {
    app.world()
        .resource::<Arena>()
        .refused
        .clone()
        .unwrap_or_default()
}

fn three_engines(app: &mut App) {
    let engine = |id: u32, step: u32| EngineEntry {
        id,
        path: built("pbrain-tengen"),
        arguments: format!("--step {step} --nodes 300 --nodes-only"),
        name: "Tengen".to_owned(),
        ..EngineEntry::default()
    };
    app.world_mut().resource_mut::<Settings>().engines =
        vec![engine(1, 1), engine(2, 3), engine(3, 5)];
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn setup(folder: &Path) -> ArenaSetup {
    ArenaSetup {
        engines: vec![1, 2, 3],
        games_per_pairing: 2,
        preset: Preset::Freestyle15,
        per_move_ms: 10_000,
        per_game_s: 0,
        increment_ms: 0,
        concurrency: 2,
        openings: String::new(),
        folder: folder.to_path_buf(),
    }
}

fn over(app: &mut App) -> bool {
    app.world()
        .resource::<Arena>()
        .progress()
        .is_some_and(|p| p.is_over())
}

#[test]
fn a_tournament_of_three_engines_fills_the_cross_table_and_saves_each_game() {
    let mut app = app();
    three_engines(&mut app);
    let folder = scratch("three");
    app.world_mut()
        .write_message(ArenaCommand::Start(setup(&folder)));
    app.update();
    assert_eq!(app.world().resource::<Arena>().refused, None);
    run_until(&mut app, SEARCH_FRAMES, over);
    let progress = app
        .world()
        .resource::<Arena>()
        .progress()
        .expect("a tournament");
    let table = &progress.table;
    assert_eq!(table.played().len(), 6);
    // One name and no version: told apart by their arguments.
    assert!(
        table.names()[0].starts_with("Tengen --step 1"),
        "{:?}",
        table.names()
    );
    for entrant in 0..3 {
        assert_eq!(table.games(entrant), 4);
        assert_eq!(table.stats(entrant).forfeits(), 0, "{}", table.render());
    }
    let points: f64 = (0..3).map(|e| table.points(e)).sum();
    assert_eq!(points, 6.0);
    let sgf = std::fs::read_dir(&folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".sgf"))
        .count();
    assert_eq!(sgf, 6);
    assert!(folder.join("tournament.txt").exists());
    // The same folder again is refused in words; Resume of a finished one plays nothing more.
    app.world_mut().resource_mut::<Arena>().close();
    app.world_mut()
        .write_message(ArenaCommand::Start(setup(&folder)));
    app.update();
    let refused = refusal(&app);
    assert!(refused.contains("already holds a tournament"), "{refused}");
    app.world_mut()
        .write_message(ArenaCommand::Resume(folder.clone()));
    app.update();
    run_until(&mut app, SEARCH_FRAMES, over);
    let resumed = app.world().resource::<Arena>().progress().expect("resumed");
    assert_eq!(resumed.table.played().len(), 6);
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn too_few_engines_or_a_bad_opening_file_are_refused_in_words() {
    let mut app = app();
    three_engines(&mut app);
    let folder = scratch("refused");
    let mut one = setup(&folder);
    one.engines = vec![2];
    app.world_mut().write_message(ArenaCommand::Start(one));
    app.update();
    let refused = refusal(&app);
    assert!(refused.contains("at least two engines"), "{refused}");
    let mut bad = setup(&folder);
    bad.openings = "/nonexistent/openings.txt".to_owned();
    app.world_mut().write_message(ArenaCommand::Start(bad));
    app.update();
    let refused = refusal(&app);
    assert!(refused.contains("/nonexistent/openings.txt"), "{refused}");
    assert!(app.world().resource::<Arena>().progress().is_none());
    assert!(!folder.exists());
}

#[test]
fn a_tournament_on_a_game_clock_with_increment_plays_and_keeps_its_time_control() {
    let mut app = app();
    three_engines(&mut app);
    app.world_mut().resource_mut::<Settings>().engines[0].memory_mb = 64;
    let folder = scratch("clock");
    let clock = ArenaSetup {
        engines: vec![1, 2],
        games_per_pairing: 2,
        per_move_ms: 0,
        per_game_s: 60,
        increment_ms: 500,
        ..setup(&folder)
    };
    app.world_mut().write_message(ArenaCommand::Start(clock));
    app.update();
    assert_eq!(app.world().resource::<Arena>().refused, None);
    run_until(&mut app, SEARCH_FRAMES, over);
    let progress = app.world().resource::<Arena>().progress().expect("played");
    assert_eq!(progress.table.played().len(), 2);
    assert_eq!(progress.table.stats(0).forfeits(), 0);
    let plan = std::fs::read_to_string(folder.join("tournament.txt")).expect("the plan");
    for line in ["per_move_ms\t0", "per_game_ms\t60000", "increment_ms\t500"] {
        assert!(plan.lines().any(|l| l == line), "{line} in:\n{plan}");
    }
    // The first engine's memory goes with its keys: 64 MB.
    assert!(
        plan.lines()
            .any(|l| l.starts_with("engine") && l.ends_with("max_memory=67108864")),
        "{plan}"
    );
    // Neither a move limit nor a game clock: refused in words.
    app.world_mut().resource_mut::<Arena>().close();
    let untimed = ArenaSetup {
        per_move_ms: 0,
        per_game_s: 0,
        ..setup(&scratch("untimed"))
    };
    app.world_mut().write_message(ArenaCommand::Start(untimed));
    app.update();
    let refused = refusal(&app);
    assert!(refused.contains("time per move or per game"), "{refused}");
    let _ = std::fs::remove_dir_all(&folder);
}
