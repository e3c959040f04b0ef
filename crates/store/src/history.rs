//! Finished games, one SGF file each in `history/` (data folder), named `<UTC stamp>-<game id>.sgf` so
//! the names sort by time. The folder is the index: nothing to get out of step. Only the newest
//! [`HISTORY_CAP`] games are kept; older ones are removed when a game is added.
//!
//! [`finish_game`] is the one call the game makes when a game ends: it files the game, updates the
//! statistics and clears the autosave, in an order that is safe to repeat after a crash.

use std::fs;
use std::path::{Path, PathBuf};

use tengen_engine::GameResult;
use tengen_match::Reason;

use crate::autosave::{SavedGame, clear_autosave};
use crate::clock;
use crate::file::{FileKind, Loaded, Problem, StoreError, Warning, keep_aside};
use crate::model::rule_key;
use crate::paths::Paths;
use crate::records::{GameRecord, OpenError, parse_sgf};
use crate::stats::{Counted, load_stats, save_stats};

/// How many finished games the history keeps.
pub const HISTORY_CAP: usize = 500;

/// One line of the history list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    pub path: PathBuf,
    /// When the game started, e.g. `2026-11-21 21:09` in the system's time zone (from the file
    /// name), or the record's date.
    pub date: String,
    /// When the game started, in seconds since the epoch, where the file name tells.
    pub started: Option<u64>,
    /// Preset key or custom rule, see [`rule_key`].
    pub rule: String,
    pub result: Option<GameResult>,
    /// Why it ended, when the file tells (older files do not).
    pub reason: Option<Reason>,
    /// Its time control, when it had one.
    pub time: Option<tengen_match::TimeControl>,
    pub moves: usize,
    pub black: Option<String>,
    pub white: Option<String>,
}

fn file_name(saved: &SavedGame) -> String {
    format!(
        "{}-{}.sgf",
        clock::stamp(saved.started_at_ms / 1000),
        saved.started_at_ms
    )
}

/// The start time a history file name carries.
fn started_secs(path: &Path) -> Option<u64> {
    let name = path.file_stem()?.to_str()?;
    let ms: u64 = name.rsplit('-').next()?.parse().ok()?;
    Some(ms / 1000)
}

/// The record of a saved game, with the players' names.
pub fn record_of(saved: &SavedGame) -> GameRecord {
    let mut record = GameRecord::new(
        saved.game().clone(),
        Some(saved.players.black.display_name()),
        Some(saved.players.white.display_name()),
    );
    record.date = Some(clock::date(saved.started_at_ms / 1000));
    record.result = saved.result();
    record.reason = saved.end().map(|end| end.reason);
    record.time = Some(saved.game_match.setup().time).filter(|t| t.is_timed());
    record.time_left = saved.game_match.time_left_after_moves();
    record
}

/// Files a finished game in the history (once: the name is the game's identity). Returns its path.
pub fn add_to_history(paths: &Paths, saved: &SavedGame) -> Result<PathBuf, StoreError> {
    let dir = paths.history_dir();
    let path = dir.join(file_name(saved));
    if !path.exists() {
        // The player is told the history could not be saved, not some record of theirs.
        crate::records::save_sgf(&path, &record_of(saved)).map_err(|e| StoreError {
            file: FileKind::History,
            ..e
        })?;
    }
    prune(&dir, HISTORY_CAP);
    Ok(path)
}

fn sgf_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    // Newest first: the names start with the UTC stamp.
    files.sort_by(|a, b| b.file_name().cmp(&a.file_name()));
    Ok(files)
}

/// Removes the oldest games beyond `cap`. Best effort: a game that cannot be removed stays.
pub(crate) fn prune(dir: &Path, cap: usize) {
    if let Ok(files) = sgf_files(dir) {
        for old in files.iter().skip(cap) {
            let _ = fs::remove_file(old);
        }
    }
}

/// The history, newest first. A file that cannot be read as a game is kept aside and reported.
pub fn list_history(paths: &Paths) -> Loaded<Vec<HistoryEntry>> {
    let dir = paths.history_dir();
    crate::file::clean_temp_files(&dir);
    let files = match sgf_files(&dir) {
        Ok(files) => files,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::clean(Vec::new()),
        Err(e) => {
            return Loaded {
                value: Vec::new(),
                warnings: vec![history_warning(&dir, Problem::Unreadable(e), None)],
            };
        }
    };
    let mut out = Loaded::clean(Vec::new());
    for path in files {
        match open_history(&path) {
            Ok(record) => out.value.push(HistoryEntry {
                date: started_secs(&path)
                    .map(clock::date_time)
                    .or(record.date.clone())
                    .unwrap_or_default(),
                started: started_secs(&path),
                rule: rule_key(record.game.variant()),
                result: record.result,
                reason: record.reason,
                time: record.time,
                moves: record.game.moves().len(),
                black: record.black,
                white: record.white,
                path,
            }),
            Err(e) => {
                let problem = match e {
                    OpenError::Read(e) => Problem::Unreadable(e),
                    other => Problem::Invalid(other.to_string()),
                };
                let kept = keep_aside(&path).ok();
                out.warnings.push(history_warning(&path, problem, kept));
            }
        }
    }
    out
}

fn history_warning(path: &Path, problem: Problem, kept_as: Option<PathBuf>) -> Warning {
    Warning {
        file: FileKind::History,
        path: path.to_owned(),
        problem,
        kept_as,
    }
}

/// Reopens a game from the history.
pub fn open_history(path: &Path) -> Result<GameRecord, OpenError> {
    let bytes = fs::read(path).map_err(OpenError::Read)?;
    parse_sgf(&String::from_utf8_lossy(&bytes))
}

/// What [`finish_game`] did.
#[derive(Debug)]
pub struct Finished {
    pub history_path: PathBuf,
    pub counted: Counted,
    /// A bad statistics file met on the way (it was kept aside and statistics restarted).
    pub warnings: Vec<Warning>,
}

/// Files a finished game: history first, then statistics, then the autosave is cleared. If the app dies
/// part way, the next start finds the finished autosave ([`crate::Resume::Finished`]) and calling this
/// again completes the job without counting the game twice.
pub fn finish_game(paths: &Paths, saved: &SavedGame) -> Result<Finished, StoreError> {
    let history_path = add_to_history(paths, saved)?;
    let Loaded {
        value: mut stats,
        warnings,
    } = load_stats(paths);
    let counted = stats.add_game(saved);
    if matches!(counted, Counted::Counted { .. }) {
        save_stats(paths, &stats)?;
    }
    clear_autosave(paths)?;
    Ok(Finished {
        history_path,
        counted,
        warnings,
    })
}
