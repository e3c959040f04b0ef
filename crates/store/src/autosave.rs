//! The game in progress (`autosave.json` in the data folder), written after every move so a closed
//! window or a crash loses nothing, and offered as "Continue" at the next start.
//!
//! The file embeds the match's one saved form ([`SavedMatch`]: rule, seats and their colours, moves
//! and redo stack, opening, clocks, end, undos and hints) and adds only what is not the match's: the
//! players' names, when the game began, whether the watcher paused it, and a network game's identity.
//! Loading replays the moves through the engine, so an impossible record is caught as a bad file,
//! never played. Version 3 is current; v1 and v2 files are brought to it (see `autosave_legacy`).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tengen_engine::{Color, Game, GameResult, Level, Mode, Pos, Preset, Variant};
use tengen_match::{Action, End, Match, MatchSetup, Refusal, RestoreError, SavedMatch, Seats};

use crate::autosave_legacy::{autosave_v1_to_v2, autosave_v2_to_v3};
use crate::file::{FileKind, Format, Loaded, Problem, StoreError};
use crate::model::{PerSide, Player, color_serde, preset_of, rule_key};
use crate::paths::Paths;

/// Everything needed to put a game back exactly as it was.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The match: rule, seats and their colours, position and redo stack, opening, clocks (the running
    /// turn banked), end, undos and hints.
    pub game_match: Match,
    /// The players by colour as records name them: the person's name, the computer's level.
    pub players: PerSide<Player>,
    /// When the game began, milliseconds since the Unix epoch (UTC). Also the game's identity in the
    /// history and statistics, so finishing the same game twice counts it once.
    pub started_at_ms: u64,
    /// Computer vs computer: the watcher had paused it.
    pub paused: bool,
    /// A network game: what it takes to reconnect to the same game after a restart.
    pub network: Option<NetworkSeat>,
    /// The outside engine in the computer's seat (its command), when one plays: such a game is no
    /// measure of the player against Tengen's ladder, so it is filed but not rated. Kept in the
    /// autosave, so a game resumed later is played on by an engine added under that command.
    pub engine: Option<String>,
    /// Between two computers, the outside engine in the first seat (its command); `engine` is the
    /// second seat's. Absent in older files: Tengen's own.
    pub first_engine: Option<String>,
}

/// A network game's identity, kept in the autosave so both players can pick it up again after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkSeat {
    /// The game id both sides agreed on; a reconnect names it.
    pub game_id: String,
    /// Whether this machine hosted the game.
    pub host: bool,
    /// The colour played on this machine.
    #[serde(with = "color_serde")]
    pub local: Color,
    /// The host's port (the host listens on it again; the guest's `address` names it).
    pub port: u16,
    /// The guest's "host:port" to reconnect to; empty on the host.
    #[serde(default)]
    pub address: String,
    /// The other player's name as last seen.
    #[serde(default)]
    pub peer: String,
    /// The passphrase the game was played with, needed to reconnect (the file is the player's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passphrase: Option<String>,
    /// The conversation so far, oldest first, as the network section showed it (the game keeps the
    /// last 50 lines). Empty in files written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<ChatLine>,
}

/// One line of a network game's chat: who said it, as shown then ("You" or the other player's name),
/// and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub who: String,
    pub text: String,
}

impl SavedGame {
    /// The saved form of `game_match`, started now.
    pub fn new(game_match: Match, players: PerSide<Player>) -> SavedGame {
        SavedGame {
            game_match,
            players,
            started_at_ms: crate::clock::now_ms(),
            paused: false,
            network: None,
            engine: None,
            first_engine: None,
        }
    }

    /// A game of `mode` going on from `game` (a preset's board), started now; against the computer
    /// the person's seat (as `players` say) comes first.
    pub fn of_game(
        game: Game,
        mode: Mode,
        players: PerSide<Player>,
    ) -> Result<SavedGame, RestoreError> {
        let variant = game.variant();
        let preset = preset_of(variant).ok_or_else(|| {
            RestoreError(format!(
                "{} is not a board this game offers",
                rule_key(variant)
            ))
        })?;
        let dealt = match (mode, &players.black) {
            (Mode::HumanVsComputer, Player::Computer { .. }) => Color::White,
            _ => Color::Black,
        };
        let setup = MatchSetup::new(preset, Seats::of_mode(mode), dealt);
        Ok(SavedGame::new(Match::from_position(setup, game), players))
    }

    /// The position and its record.
    pub fn game(&self) -> &Game {
        self.game_match.game()
    }

    /// The mode the seats make.
    pub fn mode(&self) -> Mode {
        self.game_match.setup().seats.mode()
    }

    pub fn hints_used(&self) -> u32 {
        self.game_match.hints()
    }

    pub fn undos_used(&self) -> u32 {
        self.game_match.undos()
    }

    /// Thinking time used per side on finished turns, in milliseconds.
    pub fn clock_ms(&self) -> PerSide<u64> {
        let spent = |c| self.game_match.clocks().spent(c).as_millis();
        let ms = |c| u64::try_from(spent(c)).unwrap_or(u64::MAX);
        PerSide {
            black: ms(Color::Black),
            white: ms(Color::White),
        }
    }

    /// How the game ended, once it has: on the board or off it.
    pub fn end(&self) -> Option<End> {
        self.game_match.end()
    }

    /// Whether the game is over: on the board, or by a result decided off it.
    pub fn is_over(&self) -> bool {
        self.game_match.is_over()
    }

    /// The result to file (a game that could not go on is a draw: nobody won).
    pub fn result(&self) -> Option<GameResult> {
        self.end().map(|end| end.result)
    }

    pub fn variant(&self) -> Variant {
        self.game().variant()
    }

    pub fn preset(&self) -> Preset {
        self.game_match.setup().preset
    }

    /// The side to move, and whether a computer plays it (then the game resumes its thinking).
    pub fn to_move(&self) -> (Color, &Player) {
        let c = self.game().to_move();
        (c, self.players.get(c))
    }

    /// The human's colour in a human-vs-computer game.
    pub fn human_color(&self) -> Option<Color> {
        match (&self.players.black, &self.players.white) {
            (Player::Human { .. }, Player::Computer { .. }) => Some(Color::Black),
            (Player::Computer { .. }, Player::Human { .. }) => Some(Color::White),
            _ => None,
        }
    }

    /// The computer's level (black's, when both sides are computers).
    pub fn computer_level(&self) -> Option<Level> {
        [&self.players.black, &self.players.white]
            .into_iter()
            .find_map(|p| match p {
                Player::Computer { level, .. } => Some(*level),
                Player::Human { .. } => None,
            })
    }

    /// Only an unfinished game can be continued; a finished one belongs in the history.
    pub fn can_continue(&self) -> bool {
        !self.is_over()
    }

    /// Changes the match through its saved form, checked as a loaded one would be (tests and tools
    /// set clocks, counters and ends this way).
    pub fn edit(&mut self, change: impl FnOnce(&mut SavedMatch)) -> Result<(), RestoreError> {
        let mut form = self.game_match.saved();
        change(&mut form);
        self.game_match = Match::restore(&form)?;
        Ok(())
    }

    /// Plays `pos` for whoever acts now (tests and tools; the game plays through its match).
    pub fn play(&mut self, pos: Pos) -> Result<(), Refusal> {
        let by = self.game_match.acting_player();
        let action = Action::Place { pos, by };
        self.game_match.apply(action, Duration::ZERO).map(|_| ())
    }
}

impl PartialEq for SavedGame {
    /// Same match (in its saved form), same players, start, pause and network seat.
    fn eq(&self, other: &SavedGame) -> bool {
        self.game_match.saved() == other.game_match.saved()
            && self.players == other.players
            && self.started_at_ms == other.started_at_ms
            && self.paused == other.paused
            && self.network == other.network
    }
}

/// The file's shape: the match's form, and what is not the match's.
#[derive(Serialize, Deserialize)]
pub(crate) struct AutosaveFile {
    #[serde(rename = "match")]
    game_match: SavedMatch,
    players: PerSide<Player>,
    started_at_ms: u64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    paused: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkSeat>,
    /// Absent in older files and in games without an outside engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    /// Absent in older files and in games without an outside engine in the first seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_engine: Option<String>,
}

impl AutosaveFile {
    pub(crate) fn of(saved: &SavedGame) -> AutosaveFile {
        AutosaveFile {
            game_match: saved.game_match.saved(),
            players: saved.players.clone(),
            started_at_ms: saved.started_at_ms,
            paused: saved.paused,
            network: saved.network.clone(),
            engine: saved.engine.clone(),
            first_engine: saved.first_engine.clone(),
        }
    }

    /// Puts the match back (every move replayed under the rules, every field checked).
    fn restore(self) -> Result<SavedGame, Problem> {
        let game_match =
            Match::restore(&self.game_match).map_err(|e| Problem::Invalid(e.to_string()))?;
        Ok(SavedGame {
            game_match,
            players: self.players,
            started_at_ms: self.started_at_ms,
            paused: self.paused,
            network: self.network,
            engine: self.engine,
            first_engine: self.first_engine,
        })
    }
}

pub(crate) const FORMAT: Format = Format {
    file: FileKind::Autosave,
    current: 3,
    migrations: &[autosave_v1_to_v2, autosave_v2_to_v3],
};

/// What the main menu should offer.
#[derive(Debug)]
pub enum Resume {
    /// An unfinished game: show "Continue". If the side to move is a computer, it resumes thinking.
    Continue(Box<SavedGame>),
    /// The autosave holds a finished game (the app stopped before filing it): no "Continue"; pass it to
    /// [`crate::finish_game`], which files it in the history and statistics once.
    Finished(Box<SavedGame>),
    /// Nothing to continue.
    Nothing,
}

/// Reads the autosave. A bad file is kept aside and reported; the game then starts fresh.
pub fn load_autosave(paths: &Paths) -> Loaded<Resume> {
    crate::file::clean_temp_files(paths.data_dir());
    match FORMAT.load::<AutosaveFile, _>(&paths.autosave(), AutosaveFile::restore) {
        Ok(None) => Loaded::clean(Resume::Nothing),
        Ok(Some(saved)) if saved.can_continue() => Loaded::clean(Resume::Continue(Box::new(saved))),
        Ok(Some(saved)) => Loaded::clean(Resume::Finished(Box::new(saved))),
        Err(w) => Loaded {
            value: Resume::Nothing,
            warnings: vec![w],
        },
    }
}

/// Writes the game atomically. Call after every move, undo, redo and hint (and on exit).
pub fn save_autosave(paths: &Paths, saved: &SavedGame) -> Result<(), StoreError> {
    FORMAT.save(&paths.autosave(), &AutosaveFile::of(saved))
}

/// Forgets the game in progress (the player chose New game, or it was filed in the history).
pub fn clear_autosave(paths: &Paths) -> Result<(), StoreError> {
    let path = paths.autosave();
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(FORMAT.error(&path, e)),
        _ => Ok(()),
    }
}
