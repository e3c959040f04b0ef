//! Record files on the player's request: save the game on the board as SGF, open a file, pasted text or
//! a game from the history, read the history and the statistics, reset the statistics. The records
//! windows only send a [`RecordRequest`] and show the [`RecordAnswer`]s that come back.

use std::path::PathBuf;

use bevy::prelude::*;
use tengen_store as store;
use tengen_store::{GameRecord, HistoryEntry, Stats};

use super::open::{open_file, open_text, resolve_path, save_game_as};
use super::{Settings, Store, StoreNotices, ThisGame, saved_game};
use crate::AppSystems;
use crate::game::{Autoplay, CurrentGame, GameCommand, Notice, OpenGame};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RecordRequest>()
        // Opening turns a request into a game command, so it runs with the other input, before `turn`.
        .add_systems(
            Update,
            (save_requested, open_requested, read_requested).in_set(AppSystems::RecordInput),
        );
}

/// What the player asked the records windows for.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum RecordRequest {
    /// Save the game on the board as SGF, at the path as typed.
    Save { typed: String },
    /// Open a record file (`.sgf`, `.psq`), at the path as typed.
    Open {
        typed: String,
        against_computer: bool,
    },
    /// Open pasted text: an SGF record, a `.psq` file's text or a position string.
    Paste {
        text: String,
        against_computer: bool,
    },
    /// Step through a finished game from the history.
    Replay(PathBuf),
    /// Read the list of finished games.
    History,
    /// Read the statistics.
    Stats,
    /// Forget every record and the hall of fame.
    ResetStats,
}

/// The answer to a [`RecordRequest`], for the records windows to show.
#[derive(Event, Debug, Clone)]
pub enum RecordAnswer {
    /// What became of a Save or an Open, in the player's words.
    Outcome(String),
    History(Vec<HistoryEntry>),
    Stats(Stats),
    /// A record is on the board: the window has done its job.
    Opened,
}

#[allow(clippy::too_many_arguments)]
fn save_requested(
    mut requests: MessageReader<RecordRequest>,
    store: Res<Store>,
    settings: Res<Settings>,
    current: Res<CurrentGame>,
    this: Res<ThisGame>,
    autoplay: Res<Autoplay>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    for request in requests.read() {
        let RecordRequest::Save { typed } = request else {
            continue;
        };
        let path = resolve_path(typed, store.saved_dir().as_deref());
        let saved = saved_game(
            &current,
            &this,
            &settings.0,
            autoplay.paused,
            time.elapsed(),
        );
        let outcome = match save_game_as(&path, &saved) {
            Ok(()) => format!("Saved as {}", path.display()),
            Err(e) => e,
        };
        commands.trigger(RecordAnswer::Outcome(outcome));
    }
}

/// A record read from a file, the clipboard or the history, put on the board.
#[allow(clippy::too_many_arguments)]
fn open_requested(
    mut requests: MessageReader<RecordRequest>,
    store: Res<Store>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut notices: ResMut<StoreNotices>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    for request in requests.read() {
        let opened: Result<(GameRecord, bool, bool), String> = match request {
            RecordRequest::Open {
                typed,
                against_computer,
            } => open_file(&typed_record_path(typed, &store), &settings.0)
                .map(|record| (record, *against_computer, false)),
            RecordRequest::Paste {
                text,
                against_computer,
            } => open_text(text, &settings.0).map(|record| (record, *against_computer, false)),
            RecordRequest::Replay(path) => match store::open_history(path) {
                Ok(record) => Ok((record, false, true)),
                Err(e) => {
                    // A broken history file is a file problem, not an answer in the window.
                    notices.add(format!("Could not open {}: {e}", path.display()));
                    continue;
                }
            },
            _ => continue,
        };
        match opened {
            Ok((record, against_computer, rewind)) => {
                commands.write_message(GameCommand::Open(Box::new(OpenGame::record(
                    record,
                    against_computer,
                    rewind,
                ))));
                commands.trigger(RecordAnswer::Opened);
                notice.post_good(
                    if *screen.get() == Screen::Menu {
                        "Game opened: Undo and Redo step through it."
                    } else {
                        "Game opened."
                    },
                    time.elapsed(),
                );
            }
            Err(e) => commands.trigger(RecordAnswer::Outcome(e)),
        }
    }
}

/// The path typed into the Open field: a `.psq` name stays `.psq` when no `.sgf` of that name exists.
fn typed_record_path(typed: &str, store: &Store) -> PathBuf {
    let typed = typed.trim();
    let mut path = resolve_path(typed, store.saved_dir().as_deref());
    if !path.exists() && typed.ends_with(".psq") {
        path.set_extension("psq");
    }
    path
}

/// The history and the statistics, read (or reset) for the windows that show them.
fn read_requested(
    mut requests: MessageReader<RecordRequest>,
    store: Res<Store>,
    mut notices: ResMut<StoreNotices>,
    mut commands: Commands,
) {
    for request in requests.read() {
        let Some(paths) = store.paths() else {
            continue;
        };
        match request {
            RecordRequest::History => {
                let loaded = store::list_history(paths);
                notices.add_warnings(loaded.warnings);
                commands.trigger(RecordAnswer::History(loaded.value));
            }
            RecordRequest::Stats => {
                let loaded = store::load_stats(paths);
                notices.add_warnings(loaded.warnings);
                commands.trigger(RecordAnswer::Stats(loaded.value));
            }
            RecordRequest::ResetStats => match store::reset_stats(paths) {
                Ok(()) => commands.trigger(RecordAnswer::Stats(Stats::default())),
                Err(e) => notices.add(e.to_string()),
            },
            _ => {}
        }
    }
}
