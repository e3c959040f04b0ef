//! The game in progress (`autosave.json` in the data folder), written after every move so a closed
//! window or a crash loses nothing, and offered as "Continue" at the next start.
//!
//! Whose turn it is is not stored: it follows from the moves (and, for a set-up position, who moved
//! first). Loading replays the moves and the redo stack through the engine, so an impossible record is
//! caught as a bad file, never played.
//! Version history: v1 stored the moves as one position string (`"h8i9j10"`) and the clocks in whole
//! seconds as `[black, white]`, and had no redo stack or counters; v2 (current) stores a list of cell
//! names, a redo list, the clocks in milliseconds per side, and hints and undos used. Later v2 files may
//! also carry a result decided off the board (`result`), a network game's identity (`network`) and a
//! swap opening's state (`opening`, `opening_stones`); all are optional, so every earlier v2 file
//! loads as before.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tengen_engine::{
    Color, Game, GameResult, Level, Mode, OpeningRule, Pos, PositionString, Preset, RowOrigin,
    Variant,
};

use crate::file::{FileKind, Format, Loaded, Problem, StoreError};
use crate::model::{
    PerSide, Player, VariantFile, by_name, cells_of, color_serde, points_of, preset_of,
};
use crate::paths::Paths;

/// Everything needed to put a game back exactly as it was.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// Moves, redo stack, board, outcome: the engine's record.
    pub game: Game,
    pub mode: Mode,
    pub players: PerSide<Player>,
    /// Thinking time used so far, per side, in milliseconds.
    pub clock_ms: PerSide<u64>,
    /// Time the game has been played so far (the game-over dialog's duration), in milliseconds; on resume
    /// the game goes on counting from here.
    pub elapsed_ms: u64,
    pub hints_used: u32,
    pub undos_used: u32,
    /// When the game began, milliseconds since the Unix epoch (UTC). Also the game's identity in the
    /// history and statistics, so finishing the same game twice counts it once.
    pub started_at_ms: u64,
    /// Computer vs computer: the watcher had paused it.
    pub paused: bool,
    /// A result decided off the board: a resignation or an agreed draw in a network game. A network game
    /// that could not go on is over with no result (`Some(None)`).
    pub ended: Option<Option<GameResult>>,
    /// A network game: what it takes to reconnect to the same game after a restart.
    pub network: Option<NetworkSeat>,
    /// A swap opening still being played.
    pub opening: Option<SavedOpening>,
    /// How many moves belong to a swap opening that was settled (Undo never takes them back).
    pub opening_stones: usize,
}

/// Where a swap or swap2 opening stood when the game was saved: absent once the colours are settled
/// (and in files from before openings were saved, which then go on as free play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedOpening {
    #[serde(with = "by_name")]
    pub rule: OpeningRule,
    /// The seat acting (0 or 1, as the game numbers its seats).
    pub seat: u8,
    pub step: OpeningStep,
    /// Placing: the seat places stones until the game has this many moves. Choosing: the seat chooses
    /// a colour after this many.
    pub stones: usize,
}

/// What the acting seat of an opening does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningStep {
    Placing,
    Choosing,
}

impl SavedOpening {
    /// Whether the opening can stand at `moves` moves: a real rule, a seat, three or five stones
    /// (five only in swap2), and the stones placed so far within the step.
    fn check(&self, moves: usize) -> Result<(), String> {
        let stones_ok = match self.rule {
            OpeningRule::Free => false,
            OpeningRule::Swap => self.stones == 3,
            OpeningRule::Swap2 => self.stones == 3 || self.stones == 5,
        };
        let moves_ok = match self.step {
            OpeningStep::Placing => moves <= self.stones,
            OpeningStep::Choosing => moves == self.stones,
        };
        if self.seat > 1 || !stones_ok || !moves_ok {
            return Err(format!(
                "the {} opening cannot stand at seat {}, {:?} {} stones, with {moves} moves",
                self.rule, self.seat, self.step, self.stones
            ));
        }
        Ok(())
    }
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
}

impl SavedGame {
    /// A fresh game record for `game`, started now.
    pub fn new(game: Game, mode: Mode, players: PerSide<Player>) -> SavedGame {
        SavedGame {
            game,
            mode,
            players,
            clock_ms: PerSide::default(),
            elapsed_ms: 0,
            hints_used: 0,
            undos_used: 0,
            started_at_ms: crate::clock::now_ms(),
            paused: false,
            ended: None,
            network: None,
            opening: None,
            opening_stones: 0,
        }
    }

    /// Whether the game is over: on the board, or by a result decided off it.
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.ended.is_some()
    }

    /// The result to file: the board's, or the one decided off it.
    pub fn result(&self) -> Option<GameResult> {
        GameResult::of(&self.game).or(self.ended.flatten())
    }

    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    pub fn preset(&self) -> Option<Preset> {
        preset_of(self.game.variant())
    }

    /// The side to move, and whether a computer plays it (then the game resumes its thinking).
    pub fn to_move(&self) -> (Color, &Player) {
        let c = self.game.to_move();
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
}

impl PartialEq for SavedGame {
    /// Same rules, same moves and redo stack, same players, clocks and counters.
    fn eq(&self, other: &SavedGame) -> bool {
        self.game.variant() == other.game.variant()
            && self.game.setup() == other.game.setup()
            && self.game.first_to_move() == other.game.first_to_move()
            && self.game.moves() == other.game.moves()
            && self.game.redo_moves() == other.game.redo_moves()
            && self.mode == other.mode
            && self.players == other.players
            && self.clock_ms == other.clock_ms
            && self.elapsed_ms == other.elapsed_ms
            && self.hints_used == other.hints_used
            && self.undos_used == other.undos_used
            && self.started_at_ms == other.started_at_ms
            && self.paused == other.paused
            && self.ended == other.ended
            && self.network == other.network
            && self.opening == other.opening
            && self.opening_stones == other.opening_stones
    }
}

/// The file's shape.
#[derive(Serialize, Deserialize)]
pub(crate) struct AutosaveFile {
    variant: VariantFile,
    #[serde(with = "by_name")]
    mode: Mode,
    players: PerSide<Player>,
    /// A set-up position's stones (cell names), absent for a game from an empty board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    setup_black: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    setup_white: Vec<String>,
    /// Who made the first move after the setup, when it was white.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    white_first: bool,
    /// Cell names, rows from the bottom (`h8` is the centre of 15×15).
    moves: Vec<String>,
    /// Undone moves that can be redone; the next one to redo is last (as the engine keeps them).
    #[serde(default)]
    redo: Vec<String>,
    #[serde(default)]
    clock_ms: PerSide<u64>,
    #[serde(default)]
    elapsed_ms: u64,
    #[serde(default)]
    hints_used: u32,
    #[serde(default)]
    undos_used: u32,
    started_at_ms: u64,
    #[serde(default)]
    paused: bool,
    /// A result decided off the board: `"B+"`, `"W+"`, `"0"`, or `""` for a network game that ended
    /// without one. Absent while the board decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkSeat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opening: Option<SavedOpening>,
    #[serde(default, skip_serializing_if = "is_zero")]
    opening_stones: usize,
    /// For people reading the file; derived from the moves when loading.
    #[serde(default)]
    to_move: Option<String>,
}

impl AutosaveFile {
    pub(crate) fn of(saved: &SavedGame) -> AutosaveFile {
        let size = saved.game.variant().size();
        AutosaveFile {
            variant: VariantFile::of(saved.game.variant()),
            mode: saved.mode,
            players: saved.players.clone(),
            setup_black: cells_of(&setup_of(&saved.game, Color::Black), size),
            setup_white: cells_of(&setup_of(&saved.game, Color::White), size),
            white_first: saved.game.first_to_move() == Color::White,
            moves: cells_of(saved.game.moves(), size),
            redo: cells_of(saved.game.redo_moves(), size),
            clock_ms: saved.clock_ms,
            elapsed_ms: saved.elapsed_ms,
            hints_used: saved.hints_used,
            undos_used: saved.undos_used,
            started_at_ms: saved.started_at_ms,
            paused: saved.paused,
            ended: saved
                .ended
                .map(|r| r.map_or("", GameResult::sgf_code).to_owned()),
            network: saved.network.clone(),
            opening: saved.opening,
            opening_stones: saved.opening_stones,
            to_move: Some(saved.game.to_move().to_string().to_lowercase()),
        }
    }

    /// Rebuilds the game by replaying the moves, then the redo stack, then undoing the redo stack, so the
    /// engine holds exactly the same record and every move was checked under the rules.
    fn restore(self) -> Result<SavedGame, Problem> {
        let variant = self.variant.variant().map_err(Problem::Invalid)?;
        let size = variant.size();
        let moves = points_of(&self.moves, size).map_err(Problem::Invalid)?;
        let redo =
            points_of(&self.redo, size).map_err(|e| Problem::Invalid(format!("redo {e}")))?;
        let black = points_of(&self.setup_black, size)
            .map_err(|e| Problem::Invalid(format!("setup {e}")))?;
        let white = points_of(&self.setup_white, size)
            .map_err(|e| Problem::Invalid(format!("setup {e}")))?;
        let setup: Vec<(Pos, Color)> = black
            .into_iter()
            .map(|p| (p, Color::Black))
            .chain(white.into_iter().map(|p| (p, Color::White)))
            .collect();
        let first = if self.white_first {
            Color::White
        } else {
            Color::Black
        };
        let mut line = moves.clone();
        line.extend(redo.iter().rev());
        let mut game = Game::from_record(variant, &setup, first, &line).map_err(|(i, e)| {
            let which = if i < moves.len() {
                format!("move {}", i + 1)
            } else {
                format!("redo move {}", line.len() - i)
            };
            Problem::Invalid(format!("{which} is illegal: {e}"))
        })?;
        for _ in 0..redo.len() {
            game.undo();
        }
        if let Some(opening) = &self.opening {
            opening.check(moves.len()).map_err(Problem::Invalid)?;
        }
        if self.opening_stones > moves.len() + redo.len() {
            return Err(Problem::Invalid(format!(
                "{} opening stones in a game of {} moves",
                self.opening_stones,
                moves.len() + redo.len()
            )));
        }
        let ended = match self.ended.as_deref() {
            None => None,
            Some("") => Some(None),
            Some(code) => Some(Some(
                [
                    GameResult::BlackWins,
                    GameResult::WhiteWins,
                    GameResult::Draw,
                ]
                .into_iter()
                .find(|r| r.sgf_code() == code)
                .ok_or_else(|| Problem::Invalid(format!("{code:?} is not a result")))?,
            )),
        };
        Ok(SavedGame {
            game,
            mode: self.mode,
            players: self.players,
            clock_ms: self.clock_ms,
            elapsed_ms: self.elapsed_ms,
            hints_used: self.hints_used,
            undos_used: self.undos_used,
            started_at_ms: self.started_at_ms,
            paused: self.paused,
            ended,
            network: self.network,
            opening: self.opening,
            opening_stones: self.opening_stones,
        })
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The stones of one colour in `game`'s setup position.
fn setup_of(game: &Game, color: Color) -> Vec<Pos> {
    let stones = game.setup().iter().filter(|s| s.1 == color);
    stones.map(|s| s.0).collect()
}

/// v1 → v2: one position string → a list of cells; clocks `[s, s]` → `{black, white}` in ms.
fn autosave_v1_to_v2(mut v: Value) -> Result<Value, String> {
    let obj = v.as_object_mut().ok_or("expected an object")?;
    let size = obj
        .get("variant")
        .and_then(|v| v.get("size"))
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok())
        .ok_or("variant.size is missing or not a board size")?;
    if let Some(m) = obj.remove("moves") {
        let text = m.as_str().ok_or("moves is not a position string")?;
        let ps: PositionString = text.parse().map_err(|e| format!("moves: {e}"))?;
        let points = ps
            .to_moves(size, RowOrigin::Bottom)
            .map_err(|e| format!("moves: {e}"))?;
        obj.insert("moves".into(), Value::from(cells_of(&points, size)));
    }
    if let Some(c) = obj.remove("clock_secs") {
        let secs: Vec<u64> = c
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| a.iter().map(Value::as_u64).collect())
            .ok_or("clock_secs is not [black, white] in seconds")?;
        obj.insert(
            "clock_ms".into(),
            serde_json::json!({ "black": secs[0] * 1000, "white": secs[1] * 1000 }),
        );
    }
    Ok(v)
}

pub(crate) const FORMAT: Format = Format {
    file: FileKind::Autosave,
    current: 2,
    migrations: &[autosave_v1_to_v2],
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
