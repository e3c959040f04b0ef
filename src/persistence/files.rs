//! Record files on the player's request: save the game on the board as SGF, open a file (chosen in the
//! file dialog or dropped on the window), pasted text or a game from the history, read the history and
//! the statistics, reset the statistics. The records windows only send a [`RecordRequest`] and show the
//! [`RecordAnswer`]s that come back.

use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use tengen_i18n::Phrase;
use tengen_store as store;
use tengen_store::{GameRecord, Stats};

use super::events::RecordAnswer;
use super::open::{open_file, open_text, record_on_board, save_game_as, sgf_path};
use super::{FileNotice, Settings, Store, StoreNotices, ThisGame, saved_game};
use crate::AppSystems;
use crate::game::{Autoplay, CurrentGame, GameCommand, Notice, OpenGame, OpenedTree};
use crate::screens::Doing;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RecordRequest>()
        // The window sends it; a headless app (tests) has no window plugin to register it.
        .add_message::<FileDragAndDrop>()
        // Opening turns a request into a game command, so it runs with the other input, before `turn`.
        .add_systems(
            Update,
            (
                open_dropped_files,
                save_requested,
                remember_tree,
                open_requested,
                read_requested,
            )
                .chain()
                .in_set(AppSystems::RecordInput),
        );
}

/// What the player asked the records windows for.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum RecordRequest {
    /// Save the game on the board as SGF (a path without extension gets `.sgf`).
    Save { path: PathBuf },
    /// Open a record file: `.sgf`, `.psq`, or a text file holding a record or position string.
    Open {
        path: PathBuf,
        against_computer: bool,
    },
    /// Open pasted text: an SGF record, a `.psq` file's text or a position string.
    Paste {
        text: String,
        against_computer: bool,
    },
    /// Step through a finished game from the history.
    Replay(PathBuf),
    /// Review a finished game from the history: it opens at its end, and the engine reviews it.
    Review(PathBuf),
    /// Read the list of finished games.
    History,
    /// Read the statistics.
    Stats,
    /// Forget every record and the hall of fame.
    ResetStats,
}

/// Keeps the tree of an SGF file being opened (read again here: records are small), forgets it for
/// anything else opened.
fn remember_tree(mut requests: MessageReader<RecordRequest>, mut opened: ResMut<OpenedTree>) {
    for request in requests.read() {
        opened.0 = match request {
            RecordRequest::Open { path, .. }
                if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("sgf")) =>
            {
                std::fs::read(path)
                    .ok()
                    .and_then(|bytes| store::parse_sgf_tree(&String::from_utf8_lossy(&bytes)).ok())
                    .map(|(_, tree)| tree)
            }
            RecordRequest::Open { .. }
            | RecordRequest::Paste { .. }
            | RecordRequest::Replay(_)
            | RecordRequest::Review(_) => None,
            _ => continue,
        };
    }
}

/// The game on the board, with what a save of it records besides its moves.
#[derive(SystemParam)]
struct GameToSave<'w> {
    current: Res<'w, CurrentGame>,
    doing: Doing<'w>,
    this: Res<'w, ThisGame>,
    autoplay: Res<'w, Autoplay>,
    time: Res<'w, Time<Real>>,
}

fn save_requested(
    mut requests: MessageReader<RecordRequest>,
    mut settings: ResMut<Settings>,
    game: GameToSave,
    mut commands: Commands,
    words: Res<crate::i18n::Words>,
    opened: Res<OpenedTree>,
) {
    for request in requests.read() {
        let RecordRequest::Save { path } = request else {
            continue;
        };
        let path = sgf_path(path.clone());
        let current = &game.current;
        let saved = saved_game(
            current,
            &game.this,
            &settings.0,
            game.autoplay.paused,
            game.time.elapsed(),
        );
        let on_record = game.doing.on_record();
        let mut record = record_on_board(&saved, current, on_record, &settings.player_name);
        // The record in the viewer keeps its tree's variations, comments and marks; the record's
        // line is the tree's main line, whichever branch is shown.
        if let Some(sgf) = opened.0.as_ref().filter(|_| on_record) {
            let main = sgf.tree.main_line_end();
            if let Ok(game) = sgf.tree.game_at(record.game.variant(), main) {
                record.game = game;
            }
        }
        let tree = opened
            .0
            .as_ref()
            .filter(|tree| on_record && store::tree_fits(&record, tree));
        let outcome = match save_game_as(&path, &record, tree, &words) {
            Ok(()) => {
                info!("saved the game as {}", path.display());
                remember_folder(&mut settings, &path);
                words.tr_args(
                    "notice-saved-as",
                    &[("path", path.display().to_string().into())],
                )
            }
            Err(e) => e,
        };
        commands.trigger(RecordAnswer::Outcome(outcome));
    }
}

/// A record read from a file, the clipboard or the history, put on the board.
fn open_requested(
    mut requests: MessageReader<RecordRequest>,
    mut settings: ResMut<Settings>,
    mut notices: ResMut<StoreNotices>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    mut commands: Commands,
    words: Res<crate::i18n::Words>,
) {
    for request in requests.read() {
        let opened: Result<(GameRecord, bool, bool), Phrase> = match request {
            RecordRequest::Open {
                path,
                against_computer,
            } => open_file(path, &settings.0).map(|record| {
                remember_folder(&mut settings, path);
                (record, *against_computer, false)
            }),
            RecordRequest::Paste {
                text,
                against_computer,
            } => open_text(text, &settings.0).map(|record| (record, *against_computer, false)),
            RecordRequest::Replay(path) | RecordRequest::Review(path) => {
                match store::open_history(path) {
                    // A review starts from the game's end, where its result is.
                    Ok(record) => Ok((record, false, matches!(request, RecordRequest::Replay(_)))),
                    Err(e) => {
                        // A broken history file is a file problem, not an answer in the window.
                        warn!("could not open {}: {e}", path.display());
                        notices.add(FileNotice::new(Phrase::with(
                            "notice-could-not-open",
                            vec![
                                ("path", super::open::file_name(path).into()),
                                ("error", e.to_string().into()),
                            ],
                        )));
                        continue;
                    }
                }
            }
            _ => continue,
        };
        match opened {
            Ok((record, against_computer, rewind)) => {
                commands.write_message(GameCommand::Open(Box::new(OpenGame::record(
                    record,
                    against_computer,
                    rewind,
                    &settings.player_name,
                ))));
                if matches!(request, RecordRequest::Review(_)) {
                    commands.write_message(GameCommand::Review);
                }
                commands.trigger(RecordAnswer::Opened);
                notice.post_good(
                    Phrase::new(if against_computer {
                        "notice-game-opened-play-on"
                    } else {
                        "notice-record-opened"
                    }),
                    time.elapsed(),
                );
            }
            Err(e) => {
                // Also on the board: a dropped file has no window to answer in.
                commands.trigger(RecordAnswer::Outcome(words.phrase(&e)));
                notice.post_error(e, time.elapsed());
            }
        }
    }
}

/// The Open and Save dialogs start next time in the folder of the file just used.
fn remember_folder(settings: &mut Settings, file: &Path) {
    let folder = file.parent().map(Path::to_path_buf);
    if folder.is_some() && settings.last_folder != folder {
        settings.last_folder = folder;
    }
}

/// A file dropped on the window opens like one chosen in the dialog (in the viewer).
fn open_dropped_files(
    mut dropped: MessageReader<FileDragAndDrop>,
    mut requests: MessageWriter<RecordRequest>,
) {
    for event in dropped.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = event {
            info!("a file was dropped on the window: {}", path_buf.display());
            requests.write(RecordRequest::Open {
                path: path_buf.clone(),
                against_computer: false,
            });
        }
    }
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
                Err(e) => notices.add_not_saved(&e),
            },
            _ => {}
        }
    }
}
