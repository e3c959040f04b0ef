//! Game records in and out: saving the game on the board as SGF, and putting a record (an SGF or `.psq`
//! file, a pasted record or position string, a game from the history) on the board to look through
//! with Undo / Redo or to play on.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use tengen_engine::{Color, Game};
use tengen_store as store;
use tengen_store::{GameRecord, Paths, PerSide, Player};

use super::{Settings, ThisGame, setup_from_settings};
use crate::game::computer::Thinking;
use crate::game::hint::Pondering;
use crate::game::{CurrentGame, GameSetup, GameStarted, Mode, Notice};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(open_game);
}

/// `saved/` in the data folder: where Save and Open start.
pub fn saved_games_dir(paths: &Paths) -> PathBuf {
    paths.data_dir().join("saved")
}

/// Put this game on the board.
#[derive(Event, Debug, Clone)]
pub struct OpenGame {
    pub game: Game,
    /// Play on against the computer, taking the side to move; otherwise both sides are played here
    /// (a two-player game, good for looking through a record).
    pub against_computer: bool,
    /// Start from the empty board with every move ready to Redo (a game from the history).
    pub rewind: bool,
    /// The players' names the record gives (`PB`, `PW`), kept when both sides are played here.
    pub names: PerSide<Option<String>>,
}

impl OpenGame {
    /// A record to put on the board, with its players' names.
    pub fn record(record: GameRecord, against_computer: bool, rewind: bool) -> OpenGame {
        OpenGame {
            game: record.game,
            against_computer,
            rewind,
            names: PerSide {
                black: record.black,
                white: record.white,
            },
        }
    }
}

/// The computer's running searches (its move, a hint): stale once another game is on the board.
type ComputerBusy = Or<(With<Thinking>, With<Pondering>)>;

#[allow(clippy::too_many_arguments)]
fn open_game(
    open: On<OpenGame>,
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut this: ResMut<ThisGame>,
    settings: Res<Settings>,
    busy: Query<Entity, ComputerBusy>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    let Some(preset) = store::preset_of(open.game.variant()) else {
        notice.post(
            format!(
                "This record is played on a board the game does not offer ({}).",
                store::rule_key(open.game.variant())
            ),
            now,
        );
        return;
    };
    for entity in &busy {
        commands.entity(entity).despawn();
    }
    let mut game = open.game.clone();
    if open.rewind {
        while game.undo().is_some() {}
    }
    let base = setup_from_settings(&settings.0);
    let setup = if open.against_computer && !game.is_over() {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset,
            first_seat: game.to_move(),
            ..base
        }
    } else {
        GameSetup {
            mode: Mode::HumanVsHuman,
            preset,
            first_seat: Color::Black,
            ..base
        }
    };
    let generation = current.generation + 1;
    *current = CurrentGame::new(setup, now);
    current.game = game;
    current.live = true;
    current.generation = generation;
    *this = ThisGame::new(store::now_ms());
    this.source = Some(open.game.moves().to_vec());
    if setup.mode == Mode::HumanVsHuman
        && (open.names.black.is_some() || open.names.white.is_some())
    {
        let human = |name: &Option<String>, fallback: &str| Player::Human {
            name: name.clone().unwrap_or_else(|| fallback.to_owned()),
        };
        this.players = Some(PerSide {
            black: human(&open.names.black, &settings.player_name),
            white: human(&open.names.white, "Player 2"),
        });
    }
    info!(
        "opened a record: {} moves, {} to redo",
        current.game.moves().len(),
        current.game.redo_moves().len()
    );
    commands.trigger(GameStarted);
    let screen = if current.game.is_over() {
        Screen::GameOver
    } else {
        Screen::Playing
    };
    // Already on the board: stay, without leaving and re-entering the screen.
    NextState::set_if_neq(&mut next_screen, screen);
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

/// What the player typed as a path: a bare name goes in `dir`; a name without extension gets `.sgf`.
pub fn resolve_path(typed: &str, dir: Option<&Path>) -> PathBuf {
    let typed = typed.trim();
    let expanded = match (typed.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(typed),
    };
    let mut path = match dir {
        Some(dir) if expanded.is_relative() => dir.join(expanded),
        _ => expanded,
    };
    if path.extension().is_none() {
        path.set_extension("sgf");
    }
    path
}

/// Saves the game on the board as SGF at `path`.
pub fn save_game_as(path: &Path, saved: &store::SavedGame) -> Result<(), String> {
    store::save_sgf(path, &store::record_of(saved)).map_err(|e| e.to_string())
}

/// Opens a record file (`.sgf`, or `.psq` replayed under the rule of the settings' preset).
pub fn open_file(path: &Path, settings: &store::Settings) -> Result<GameRecord, String> {
    store::open_game_file(path, settings.preset.variant().rule())
        .map_err(|e| format!("Could not open {}: {e}", path.display()))
}

/// Reads pasted text: SGF, `.psq`, or a position string on the settings' board.
pub fn open_text(text: &str, settings: &store::Settings) -> Result<GameRecord, String> {
    if text.trim().is_empty() {
        return Err("Nothing to open: paste a record or a position string like h8i9j10.".into());
    }
    store::parse_pasted(text, settings.preset.variant())
        .map_err(|e| format!("Could not read it: {e}"))
}
