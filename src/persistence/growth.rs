//! What grows with the player, kept in the statistics file: a rating per rule (from every finished game
//! against the computer) and the puzzle progress. This side reads and writes it; the game picks the
//! "Match my strength" step and the next puzzle from what it is given here ([`MatchedSteps`],
//! [`PuzzleProgressShown`]).

use bevy::prelude::*;
use tengen_engine::Preset;
use tengen_store as store;
use tengen_store::{FileKind, Stats};

use super::events::StatsChanged;
use super::{RecordAnswer, Saver, Store, StoreNotices};
use crate::game::MatchedSteps;
use crate::game::puzzle::{PuzzleProgressShown, PuzzleTried};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_growth)
        .add_observer(file_puzzle_try)
        .add_observer(show_answered_stats)
        .add_observer(reload_after_game);
}

/// Gives the game the player's matched steps and puzzle progress from `stats`. The file keys a rule
/// by its preset's key; a custom board's rating has no preset to play it under and is left out.
fn show(stats: &Stats, matched: &mut MatchedSteps, shown: &mut PuzzleProgressShown) {
    matched.0 = stats
        .rated_rules()
        .into_iter()
        .filter_map(|rule| {
            let preset = Preset::from_key(rule)?;
            Some((preset, store::matched_step(&stats.rating(rule))))
        })
        .collect();
    shown.0 = stats.puzzle_progress().clone();
}

fn load_growth(
    store: Res<Store>,
    mut notices: ResMut<StoreNotices>,
    mut matched: ResMut<MatchedSteps>,
    mut shown: ResMut<PuzzleProgressShown>,
) {
    let Some(paths) = store.paths() else {
        return;
    };
    let loaded = store::load_stats(paths);
    notices.add_warnings(loaded.warnings);
    show(&loaded.value, &mut matched, &mut shown);
}

/// The statistics window read them (or they were reset): the game follows.
fn show_answered_stats(
    answer: On<RecordAnswer>,
    mut matched: ResMut<MatchedSteps>,
    mut shown: ResMut<PuzzleProgressShown>,
) {
    if let RecordAnswer::Stats(stats) = answer.event() {
        show(stats, &mut matched, &mut shown);
    }
}

fn reload_after_game(
    _: On<StatsChanged>,
    mut saver: Saver,
    mut matched: ResMut<MatchedSteps>,
    mut shown: ResMut<PuzzleProgressShown>,
) {
    if let Some((_, stats)) = read_stats(&mut saver) {
        show(&stats, &mut matched, &mut shown);
    }
}

/// The statistics as the file has them now (its problems go to the file notices), with where it is;
/// `None` without a home folder, where nothing is kept (the game says so at start).
fn read_stats(saver: &mut Saver) -> Option<(store::Paths, Stats)> {
    let paths = saver.store.paths().cloned()?;
    let loaded = store::load_stats(&paths);
    saver.warnings(loaded.warnings);
    Some((paths, loaded.value))
}

/// Files a puzzle's first try (or a solve after a missed one) in the statistics and tells the player their new puzzle rating.
fn file_puzzle_try(
    tried: On<PuzzleTried>,
    mut saver: Saver,
    mut matched: ResMut<MatchedSteps>,
    mut shown: ResMut<PuzzleProgressShown>,
) {
    let Some((paths, mut stats)) = read_stats(&mut saver) else {
        return;
    };
    let (before, after) = if tried.retry {
        stats.record_puzzle_retry(&tried.puzzle, tried.hints)
    } else {
        stats.record_puzzle(&tried.puzzle, tried.solved, tried.hints)
    };
    info!(
        "puzzle tried (solved: {}, retry: {}): rating {before:.0} -> {after:.0}",
        tried.solved, tried.retry
    );
    saver.wrote(FileKind::Statistics, store::save_stats(&paths, &stats));
    show(&stats, &mut matched, &mut shown);
}
