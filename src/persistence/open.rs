//! Game records in and out: saving the game on the board as SGF, and putting a record (an SGF or `.psq`
//! file, a pasted record or position string, a game from the history) on the board to look through
//! with Undo / Redo or to play on.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_store as store;
use tengen_store::{GameRecord, Paths, PerSide, Player};

use super::Settings;
use super::this_game::ThisGame;
use crate::game::{CurrentGame, Mode, RecordOpened, SeatName};
use crate::i18n::{Arg, Phrase};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(remember_record);
}

/// Where Save and Open start: `Tengen` in the player's Documents folder, else `saved/` in the data
/// folder (see [`Paths::saved_games`]).
pub fn saved_games_dir(paths: &Paths) -> PathBuf {
    paths.saved_games().to_owned()
}

/// A record was put on the board (by [`crate::game::GameCommand::Open`]): a game of its own in the
/// history, which remembers the record's moves (replayed to the same end, it is not filed again) and,
/// when both sides are played here, the players' names the record gives.
fn remember_record(
    opened: On<RecordOpened>,
    current: Res<CurrentGame>,
    mut this: ResMut<ThisGame>,
    settings: Res<Settings>,
) {
    *this = ThisGame::new(store::now_ms());
    this.source = Some(opened.moves.clone());
    let names = &opened.names;
    if current.setup().mode == Mode::HumanVsHuman
        && (names.black.is_some() || names.white.is_some())
    {
        // A seat the record leaves unnamed is the seat's own: "Player 1" or "Player 2".
        let human = |color: Color| Player::Human {
            name: names
                .get(color)
                .clone()
                .unwrap_or(SeatName::Seat(current.setup().seat(color)))
                .to_record(&settings.player_name),
        };
        this.players = Some(PerSide {
            black: human(Color::Black),
            white: human(Color::White),
        });
    }
}

/// A file name for Save: `tengen-2026-11-21-210908.sgf`.
pub fn default_save_name() -> String {
    let secs = store::now_secs();
    let rem = secs % 86_400;
    format!(
        "tengen-{}-{:02}{:02}{:02}.sgf",
        store::date(secs),
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// A path chosen for Save: without an extension it gets `.sgf`.
pub fn sgf_path(mut path: PathBuf) -> PathBuf {
    if path.extension().is_none() {
        path.set_extension("sgf");
    }
    path
}

/// The largest text file taken for a game record: a 20×20 board's record is a few kilobytes.
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// The game on the board as a record to save: a game in play as the files know it, a record being
/// looked through (`on_record`) whole (every move, shown or ahead) with its own players' names.
pub fn record_on_board(
    saved: &store::SavedGame,
    current: &CurrentGame,
    on_record: bool,
    own: &str,
) -> GameRecord {
    if !on_record {
        return store::record_of(saved);
    }
    let mut game = current.game().clone();
    while game.redo().is_some() {}
    let name = |seat: &Option<SeatName>| seat.as_ref().map(|seat| seat.to_record(own));
    GameRecord::new(
        game,
        name(&current.names().black),
        name(&current.names().white),
    )
}

/// Saves a record as SGF at `path`, with the variations of `tree` when given; a failure is told in
/// the player's words.
pub fn save_game_as(
    path: &Path,
    record: &GameRecord,
    tree: Option<&store::SgfTree>,
    words: &crate::i18n::Words,
) -> Result<(), String> {
    let saved = match tree {
        Some(tree) => store::save_sgf_tree(path, record, tree),
        None => store::save_sgf(path, record),
    };
    saved.map_err(|e| {
        // The file by its name and the reason in plain words: the whole path eats the line.
        let name = e.file_name();
        let reason = super::notices::reason_phrase(&e);
        words.tr_args(
            "notice-could-not-save",
            &[
                ("path", name.into()),
                ("error", words.phrase(&reason).into()),
            ],
        )
    })
}

/// Opens a record file: `.sgf`, `.psq` replayed under the rule of the settings' preset where the game
/// offers it on the file's board (else freestyle), or any other text file holding a record or a
/// position string (as if pasted). A record on a board the game does not offer is refused, saying so.
pub fn open_file(path: &Path, settings: &store::Settings) -> Result<GameRecord, Phrase> {
    // The file by its name (its folder would crowd the reason out of the line); the log has both.
    let failed = |why: Arg| {
        warn!("could not open {}: {why:?}", path.display());
        Phrase::with(
            "notice-could-not-open",
            vec![("path", file_name(path).into()), ("error", why)],
        )
    };
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if matches!(ext.as_deref(), Some("sgf" | "psq")) {
        return store::open_game_file(path, settings.preset.variant().rule())
            .map_err(|e| why_not_opened(&e))
            .and_then(offered)
            .map_err(|why| failed(why.into()));
    }
    let unreadable = |e: std::io::Error| failed(why_not_read(&e).into());
    let size = std::fs::metadata(path).map_err(unreadable)?.len();
    if size > MAX_RECORD_BYTES {
        return Err(failed(Phrase::new("notice-open-too-large").into()));
    }
    let bytes = std::fs::read(path).map_err(unreadable)?;
    let text =
        String::from_utf8(bytes).map_err(|_| failed(Phrase::new("notice-open-not-text").into()))?;
    store::parse_pasted(&text, settings.preset.variant())
        .map_err(|e| why_not_opened(&e))
        .and_then(offered)
        .map_err(|why| failed(why.into()))
}

/// The record, if the game offers its board and rule. Checked here, where the reason reaches the
/// player: a record refused later, by the game on the menu, was refused without a word.
fn offered(record: GameRecord) -> Result<GameRecord, Phrase> {
    match store::preset_of(record.game.variant()) {
        Some(_) => Ok(record),
        None => Err(Phrase::with(
            "open-reason-board-not-offered",
            vec![("board", store::rule_key(record.game.variant()).into())],
        )),
    }
}

/// Why a record could not be opened, in the player's words. What a parser says about the place it
/// stopped at (a line and column, a move) follows in brackets as it said it.
pub fn why_not_opened(error: &store::OpenError) -> Phrase {
    use store::OpenError as E;
    let with_detail =
        |id: &'static str, detail: String| Phrase::with(id, vec![("detail", detail.into())]);
    match error {
        E::Read(e) => why_not_read(e),
        E::Sgf(e) => with_detail("open-reason-not-sgf", e.to_string()),
        E::Psq(e) => with_detail("open-reason-not-psq", e.to_string()),
        E::Position(e) => with_detail("open-reason-not-position", e.to_string()),
        E::MoveList(e) => with_detail("open-reason-not-move-list", e.to_string()),
        E::Setup(e) => with_detail("open-reason-bad-setup", e.clone()),
        E::Variant(e) => with_detail("open-reason-not-playable", e.to_string()),
        E::Illegal { move_number, error } => Phrase::with(
            "open-reason-illegal",
            vec![
                ("move", (*move_number as u64).into()),
                ("detail", error.to_string().into()),
            ],
        ),
        E::UnknownKind(_) => Phrase::new("open-reason-unknown-kind"),
    }
}

/// Why a file could not be read: the common cases in words, any other as the system put it.
fn why_not_read(error: &std::io::Error) -> Phrase {
    match error.kind() {
        std::io::ErrorKind::NotFound => Phrase::new("open-reason-missing"),
        std::io::ErrorKind::PermissionDenied => Phrase::new("open-reason-not-allowed"),
        std::io::ErrorKind::IsADirectory => Phrase::new("open-reason-folder"),
        _ => Phrase::with(
            "open-reason-unreadable",
            vec![("error", error.to_string().into())],
        ),
    }
}

/// Reads pasted text: SGF, `.psq`, or a position string on the settings' board.
pub fn open_text(text: &str, settings: &store::Settings) -> Result<GameRecord, Phrase> {
    if text.trim().is_empty() {
        return Err(Phrase::new("notice-nothing-to-open"));
    }
    store::parse_pasted(text, settings.preset.variant())
        .map_err(|e| why_not_opened(&e))
        .and_then(offered)
        .map_err(|why| Phrase::with("notice-could-not-read", vec![("error", why.into())]))
}

/// A file's own name, for messages (the whole path when it has none).
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}
