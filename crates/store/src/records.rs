//! Game records the player saves and opens: SGF (`GM[4]`, the main format, with players, result, date
//! and rule), Piskvork `.psq`, and position strings such as `h8i9j10` (typed or pasted).
//!
//! A set-up position goes in front of a position string the way SGF writes it, with cell names:
//! `AB[h8i9]AW[j10]PL[W]k11` is black on h8 and i9, white on j10, white to move, then the move k11.
//!
//! The engine parses and prints the formats (with the date `DT` and the application `AP`); this module
//! fills them in, reads files safely, and replays every record under the rules before handing it to the game.

use std::fmt;
use std::io;
use std::path::Path;

use tengen_engine::{
    Color, Game, GameResult, MoveList, ParseMoveListError, ParsePositionError, ParsePsqError,
    ParseSgfError, PlayError, Pos, PositionString, Psq, RowOrigin, Rule, Sgf, SgfTree, Variant,
    VariantError,
};

use std::time::Duration;
use tengen_engine::Outcome;
use tengen_match::{Reason, TimeControl};

use crate::clock;
use crate::file::{FileKind, StoreError, write_atomic};

/// A game with what a record says about it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub game: Game,
    pub black: Option<String>,
    pub white: Option<String>,
    /// The recorded result. For a finished game it always agrees with the board.
    pub result: Option<GameResult>,
    /// Why the game ended, when the record tells (SGF `RE[W+R]`, `RE[B+T]`, ...) or the board shows
    /// it; `None` for a record that does not say (older files, other programs' bare `B+`).
    pub reason: Option<Reason>,
    /// SGF `DT`, e.g. `2026-11-21`.
    pub date: Option<String>,
    /// The players' clocks, when the game had a time control (SGF `TM` and `OT`).
    pub time: Option<TimeControl>,
    /// The mover's time left after each move, where known (SGF `BL`/`WL`, seconds).
    pub time_left: Vec<Option<Duration>>,
}

impl GameRecord {
    /// A record of `game` played today, with these names.
    pub fn new(game: Game, black: Option<String>, white: Option<String>) -> GameRecord {
        GameRecord {
            result: GameResult::of(&game),
            reason: board_reason(&game),
            game,
            black,
            white,
            date: Some(clock::date(clock::now_secs())),
            time: None,
            time_left: Vec::new(),
        }
    }

    /// A record of `game` as read from a format that names no players and gives no date.
    fn unnamed(game: Game) -> GameRecord {
        GameRecord {
            result: GameResult::of(&game),
            reason: board_reason(&game),
            game,
            black: None,
            white: None,
            date: None,
            time: None,
            time_left: Vec::new(),
        }
    }

    /// The date as seconds since the epoch (midnight UTC), when the record has a readable one.
    pub fn date_secs(&self) -> Option<u64> {
        self.date.as_deref().and_then(clock::parse_date)
    }

    /// The SGF text: `(;FF[4]GM[4]DT[..]AP[..]CA[UTF-8]SZ[15]RU[renju]PB[..]PW[..]RE[..];B[hh]...)`.
    pub fn to_sgf(&self) -> String {
        self.sgf().to_string()
    }

    /// The engine's SGF record of this game and what this record says about it.
    pub fn sgf(&self) -> Sgf {
        // The engine's record of the game carries its setup position and moves.
        Sgf {
            black: self.black.clone(),
            white: self.white.clone(),
            result: GameResult::of(&self.game).or(self.result),
            result_detail: self.reason.and_then(sgf_detail).map(str::to_owned),
            date: self.date.clone(),
            application: Some(APPLICATION.to_owned()),
            time_limit: self.time.and_then(|t| sgf_time(t).0),
            overtime: self.time.and_then(|t| sgf_time(t).1),
            time_left: self.time_left.clone(),
            ..Sgf::from_game(&self.game)
        }
    }
}

/// The end the board shows: a five, or a full board.
fn board_reason(game: &Game) -> Option<Reason> {
    match game.outcome()? {
        Outcome::Win { .. } => Some(Reason::Five),
        Outcome::Draw => Some(Reason::Full),
    }
}

/// What SGF `RE` adds to the result for `reason` (FF4: `R` resigned, `T` time, `F` forfeit, `Void`
/// no result); a five, a full board and an agreed draw are a bare `B+`, `W+` or `0`.
fn sgf_detail(reason: Reason) -> Option<&'static str> {
    match reason {
        Reason::Resignation => Some("R"),
        Reason::Time => Some("T"),
        Reason::Forbidden | Reason::Left | Reason::Forfeit => Some("F"),
        Reason::Abandoned => Some("Void"),
        Reason::Five | Reason::Full | Reason::Agreement => None,
    }
}

/// The reason a record's `RE` gives for a game its board does not end. A forfeit is black's
/// forbidden point under renju when white won, else a player who left (SGF has one letter for both).
fn reason_of(result: Option<GameResult>, detail: Option<&str>, game: &Game) -> Option<Reason> {
    let word = detail.map(str::to_ascii_uppercase);
    match (result, word.as_deref()) {
        (None, Some("VOID")) => Some(Reason::Abandoned),
        (Some(GameResult::Draw), _) => Some(Reason::Agreement),
        (Some(_), Some("R" | "RESIGN")) => Some(Reason::Resignation),
        (Some(_), Some("T" | "TIME")) => Some(Reason::Time),
        (Some(GameResult::WhiteWins), Some("F" | "FORFEIT"))
            if game.variant().rule() == Rule::Renju =>
        {
            Some(Reason::Forbidden)
        }
        (Some(_), Some("F" | "FORFEIT")) => Some(Reason::Left),
        _ => None,
    }
}

/// SGF `AP`: this program and its version.
const APPLICATION: &str = concat!("Tengen:", env!("CARGO_PKG_VERSION"));

/// Why a record could not be opened.
#[derive(Debug)]
pub enum OpenError {
    Read(io::Error),
    Sgf(ParseSgfError),
    Psq(ParsePsqError),
    Position(ParsePositionError),
    /// A Gomocup move list (`x,y` lines) is malformed or leaves the board.
    MoveList(ParseMoveListError),
    /// The set-up part of a position string (`AB[..]AW[..]PL[..]`) is malformed.
    Setup(String),
    /// The record's board and rule make no game the engine plays.
    Variant(VariantError),
    /// The record parses but a move breaks the rules (1-based move number).
    Illegal {
        move_number: usize,
        error: PlayError,
    },
    /// Neither `.sgf` nor `.psq`.
    UnknownKind(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Read(e) => write!(f, "could not read the file: {e}"),
            OpenError::Sgf(e) => write!(f, "not a readable SGF game record: {e}"),
            OpenError::Psq(e) => write!(f, "not a readable Piskvork .psq record: {e}"),
            OpenError::Position(e) => write!(f, "not a position string like h8i9j10: {e}"),
            OpenError::MoveList(e) => write!(f, "not a Gomocup move list of x,y lines: {e}"),
            OpenError::Setup(e) => write!(f, "the set-up stones are not readable: {e}"),
            OpenError::Variant(e) => write!(f, "not a playable board: {e}"),
            OpenError::Illegal { move_number, error } => {
                write!(f, "move {move_number} breaks the rules: {error}")
            }
            OpenError::UnknownKind(ext) => write!(
                f,
                "{ext:?} files are not game records (open .sgf or .psq files)"
            ),
        }
    }
}

impl std::error::Error for OpenError {}

fn replay(variant: Variant, moves: &[tengen_engine::Pos]) -> Result<Game, OpenError> {
    Game::from_moves(variant, moves).map_err(|(i, error)| OpenError::Illegal {
        move_number: i + 1,
        error,
    })
}

/// Reads SGF text (the first game of a collection, its main line), from its setup position if it has one.
pub fn parse_sgf(text: &str) -> Result<GameRecord, OpenError> {
    let sgf: Sgf = text.parse().map_err(OpenError::Sgf)?;
    let game = sgf.to_game().map_err(|(i, error)| OpenError::Illegal {
        move_number: i + 1,
        error,
    })?;
    let result = GameResult::of(&game).or(sgf.result);
    let reason =
        board_reason(&game).or_else(|| reason_of(result, sgf.result_detail.as_deref(), &game));
    Ok(GameRecord {
        // A game that could not go on (`RE[Void]`) is a draw: nobody won.
        result: result.or((reason == Some(Reason::Abandoned)).then_some(GameResult::Draw)),
        reason,
        game,
        time: time_of_sgf(sgf.time_limit.as_deref(), sgf.overtime.as_deref()),
        time_left: sgf.time_left,
        black: sgf.black,
        white: sgf.white,
        date: sgf.date,
    })
}

/// Seconds as SGF writes a real number: `180`, `0.5`.
fn seconds(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs.fract() == 0.0 {
        format!("{}", d.as_secs())
    } else {
        format!("{secs}")
    }
}

/// SGF `TM` (each side's main time, in seconds) and `OT` (what follows it, in Tengen's words:
/// `fischer +2`, `byo-yomi 3x30`, `10/move`) for a time control.
fn sgf_time(control: TimeControl) -> (Option<String>, Option<String>) {
    match control {
        TimeControl::None => (None, None),
        TimeControl::Fischer { base, increment } => (
            Some(seconds(base)),
            (!increment.is_zero()).then(|| format!("fischer +{}", seconds(increment))),
        ),
        TimeControl::ByoYomi {
            base,
            periods,
            period,
        } => (
            Some(seconds(base)),
            Some(format!("byo-yomi {periods}x{}", seconds(period))),
        ),
        TimeControl::PerMove { limit } => (None, Some(format!("{}/move", seconds(limit)))),
    }
}

/// The time control SGF `TM` and `OT` describe, when Tengen's words (or a bare `TM`, sudden
/// death) say it; `None` for other programs' overtime texts.
fn time_of_sgf(limit: Option<&str>, overtime: Option<&str>) -> Option<TimeControl> {
    let secs = |text: &str| {
        let n: f64 = text.trim().parse().ok()?;
        (n.is_finite() && (0.0..=1.0e6).contains(&n)).then(|| Duration::from_secs_f64(n))
    };
    let base = limit.and_then(secs);
    let overtime = overtime.map(str::trim).unwrap_or("");
    if let Some(per_move) = overtime.strip_suffix("/move") {
        return Some(TimeControl::PerMove {
            limit: secs(per_move).filter(|d| !d.is_zero())?,
        });
    }
    let base = base?;
    if let Some(increment) = overtime.strip_prefix("fischer +") {
        return Some(TimeControl::Fischer {
            base,
            increment: secs(increment)?,
        });
    }
    if let Some(byo) = overtime.strip_prefix("byo-yomi ") {
        let (periods, period) = byo.split_once('x')?;
        return Some(TimeControl::ByoYomi {
            base,
            periods: periods.trim().parse().ok().filter(|&n| n > 0)?,
            period: secs(period).filter(|d| !d.is_zero())?,
        });
    }
    (overtime.is_empty() && !base.is_zero()).then_some(TimeControl::Fischer {
        base,
        increment: Duration::ZERO,
    })
}

/// Reads a `.psq` record. The format holds no rule, so the caller says which one to replay under
/// (the board size comes from the file, five in a row, or three on 3×3).
pub fn parse_psq(text: &str, rule: Rule) -> Result<GameRecord, OpenError> {
    let psq: Psq = text.parse().map_err(OpenError::Psq)?;
    let variant = Variant::new(psq.size, psq.size.min(5), rule).map_err(OpenError::Variant)?;
    let game = psq
        .to_game(variant)
        .map_err(|(i, error)| OpenError::Illegal {
            move_number: i + 1,
            error,
        })?;
    Ok(GameRecord::unnamed(game))
}

/// Reads a `.psq` record as the player would play it: under `preferred` (the settings' rule) where
/// the game offers that rule on the file's board and the moves are legal under it, else as freestyle,
/// the one rule every board is offered in. The format names no rule, and a 20×20 record read as renju
/// was a board the game does not offer, so it did not open at all.
pub fn parse_psq_as_played(text: &str, preferred: Rule) -> Result<GameRecord, OpenError> {
    match parse_psq(text, preferred) {
        Ok(record) if crate::model::preset_of(record.game.variant()).is_some() => Ok(record),
        Err(e @ (OpenError::Psq(_) | OpenError::Read(_))) => Err(e),
        _ if preferred != Rule::Freestyle => parse_psq(text, Rule::Freestyle),
        other => other,
    }
}

/// Reads a position string (`h8i9j10`, rows counted from the bottom as players write them) as a game
/// under `variant`, from its set-up stones if it starts with them (`AB[h8i9]AW[j10]PL[W]`).
pub fn parse_position(text: &str, variant: Variant) -> Result<GameRecord, OpenError> {
    let (setup, moves_text) = split_setup(text)?;
    let size = variant.size();
    let moves = PositionString::parse_moves(moves_text, size, RowOrigin::Bottom)
        .map_err(OpenError::Position)?;
    let Some(setup) = setup else {
        return Ok(GameRecord::unnamed(replay(variant, &moves)?));
    };
    let mut stones = Vec::new();
    for (color, cells) in [(Color::Black, setup.black), (Color::White, setup.white)] {
        let points = PositionString::parse_moves(cells, size, RowOrigin::Bottom)
            .map_err(OpenError::Position)?;
        stones.extend(points.into_iter().map(|p| (p, color)));
    }
    let to_move = setup.to_move.unwrap_or_else(|| alternating_turn(&stones));
    let game = Game::from_record(variant, &stones, to_move, &moves).map_err(|(i, error)| {
        OpenError::Illegal {
            move_number: i + 1,
            error,
        }
    })?;
    Ok(GameRecord::unnamed(game))
}

/// The set-up part of a position string: the cells of each colour and who is to move, if given.
struct SetupText<'a> {
    black: &'a str,
    white: &'a str,
    to_move: Option<Color>,
}

/// Splits `AB[..]AW[..]PL[..]` (any order, each at most once) off the front of a position string.
fn split_setup(text: &str) -> Result<(Option<SetupText<'_>>, &str), OpenError> {
    let mut rest = text.trim_start();
    let mut setup = SetupText {
        black: "",
        white: "",
        to_move: None,
    };
    let mut any = false;
    while let Some((key, after)) = ["AB[", "AW[", "PL["]
        .iter()
        .find_map(|key| rest.strip_prefix(key).map(|after| (*key, after)))
    {
        let Some((value, after)) = after.split_once(']') else {
            return Err(OpenError::Setup(format!("{key} has no closing ]")));
        };
        match key {
            "AB[" => setup.black = value,
            "AW[" => setup.white = value,
            _ => {
                setup.to_move = Some(match value.trim() {
                    "B" | "b" => Color::Black,
                    "W" | "w" => Color::White,
                    other => {
                        return Err(OpenError::Setup(format!(
                            "PL[{other}] should be PL[B] or PL[W]"
                        )));
                    }
                })
            }
        }
        any = true;
        rest = after.trim_start();
    }
    Ok((any.then_some(setup), rest))
}

/// Who moves first after set-up stones when the text does not say: as if they had been played in turn.
fn alternating_turn(stones: &[(Pos, Color)]) -> Color {
    let black = stones.iter().filter(|s| s.1 == Color::Black).count();
    if black > stones.len() - black {
        Color::White
    } else {
        Color::Black
    }
}

/// The forms a record or a position takes as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextForm {
    /// An SGF record.
    Sgf,
    /// A Piskvork `.psq` record.
    Psq,
    /// A Gomocup / Piskvork move list: `x,y` lines, 0-based from the top-left corner.
    Gomocup,
    /// A move order as renju sites and Gomocalc write it: `h8i9j10` (separators allowed).
    Moves,
    /// Tengen's position string: set-up stones first, `AB[h8i9]AW[j10]PL[W]k11`.
    Position,
}

/// Which form `text` is in: SGF starts with `(`, a `.psq` with `Piskvorky`, a move list's first line
/// is `number,number`, Tengen's position string starts with `AB[`, `AW[` or `PL[`; anything else is
/// read as a move order.
pub fn text_form(text: &str) -> TextForm {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('(') {
        TextForm::Sgf
    } else if t.starts_with("Piskvorky") {
        TextForm::Psq
    } else if MoveList::looks_like(t) {
        TextForm::Gomocup
    } else if ["AB[", "AW[", "PL["].iter().any(|k| t.starts_with(k)) {
        TextForm::Position
    } else {
        TextForm::Moves
    }
}

/// Reads text the player pasted, in whichever form [`text_form`] finds: an SGF record, a `.psq`
/// record (replayed under `variant`'s rule where it can be, see [`parse_psq_as_played`]), a Gomocup
/// move list, or a position string, the last two on `variant`'s board.
pub fn parse_pasted(text: &str, variant: Variant) -> Result<GameRecord, OpenError> {
    let t = text.trim_start_matches('\u{feff}').trim();
    match text_form(t) {
        TextForm::Sgf => parse_sgf(t),
        TextForm::Psq => parse_psq_as_played(t, variant.rule()),
        TextForm::Gomocup => parse_move_list(t, variant),
        TextForm::Moves | TextForm::Position => parse_position(t, variant),
    }
}

/// Reads a Gomocup move list (`x,y` lines) as a game under `variant`, black first.
pub fn parse_move_list(text: &str, variant: Variant) -> Result<GameRecord, OpenError> {
    let moves = MoveList::parse_moves(text, variant.size()).map_err(OpenError::MoveList)?;
    Ok(GameRecord::unnamed(replay(variant, &moves)?))
}

/// The position string of a game, for copying to the clipboard: its set-up stones first, if any
/// (`AB[h8i9]AW[j10]PL[W]`), then its moves.
pub fn position_string(game: &Game) -> String {
    let size = game.variant().size();
    let cells = |points: &[Pos]| {
        PositionString::from_moves(points, size, RowOrigin::Bottom)
            .map(|p| p.to_string())
            .unwrap_or_default()
    };
    let mut text = String::new();
    if !game.setup().is_empty() {
        for (key, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let points: Vec<Pos> = game
                .setup()
                .iter()
                .filter(|s| s.1 == color)
                .map(|s| s.0)
                .collect();
            if !points.is_empty() {
                text.push_str(&format!("{key}[{}]", cells(&points)));
            }
        }
        let side = if game.first_to_move() == Color::Black {
            'B'
        } else {
            'W'
        };
        text.push_str(&format!("PL[{side}]"));
    }
    text.push_str(&cells(game.moves()));
    text
}

/// A game's stones as plain moves, for the forms that hold no set-up position: set-up stones first,
/// black and white alternating while both last (as a `.psq` lists them), then the moves.
fn plain_moves(game: &Game) -> Vec<Pos> {
    Psq::from_game(game).positions()
}

/// The move order of a game as renju sites and Gomocalc write it: `h8i9j10` (set-up stones first
/// as moves, see [`plain_moves`]).
pub fn move_order_string(game: &Game) -> String {
    PositionString::from_moves(&plain_moves(game), game.variant().size(), RowOrigin::Bottom)
        .map(|p| p.to_string())
        .unwrap_or_default()
}

/// A game as a Gomocup move list: one `x,y` line per move, 0-based from the top-left corner.
pub fn gomocup_text(game: &Game) -> String {
    MoveList {
        moves: plain_moves(game),
    }
    .to_string()
}

/// A record written in `form`.
pub fn write_form(record: &GameRecord, form: TextForm) -> String {
    match form {
        TextForm::Sgf => record.to_sgf(),
        TextForm::Psq => psq_text(&record.game),
        TextForm::Gomocup => gomocup_text(&record.game),
        TextForm::Moves => move_order_string(&record.game) + "\n",
        TextForm::Position => position_string(&record.game) + "\n",
    }
}

/// Reads an SGF record with all its variations: the record of its main line as [`parse_sgf`] reads
/// it (the same errors, the main line replayed under the rules), and its tree. The variations are not
/// replayed here: a study may show a move the rules forbid (RenLib's libraries do), so a line is
/// checked when it is played out (`GameTree::game_at`).
pub fn parse_sgf_tree(text: &str) -> Result<(GameRecord, SgfTree), OpenError> {
    let record = parse_sgf(text)?;
    let tree: SgfTree = text.parse().map_err(OpenError::Sgf)?;
    Ok((record, tree))
}

/// A game as a Piskvork `.psq` record, set-up stones included (see the engine's `Psq`).
pub fn psq_text(game: &Game) -> String {
    Psq::from_game(game).to_string()
}

/// Opens a record by its extension: `.sgf`, or `.psq` replayed under `psq_rule` where it can be (see
/// [`parse_psq_as_played`]).
pub fn open_game_file(path: &Path, psq_rule: Rule) -> Result<GameRecord, OpenError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if ext != "sgf" && ext != "psq" {
        return Err(OpenError::UnknownKind(ext));
    }
    let bytes = std::fs::read(path).map_err(OpenError::Read)?;
    let text = String::from_utf8_lossy(&bytes);
    if ext == "sgf" {
        parse_sgf(&text)
    } else {
        parse_psq_as_played(&text, psq_rule)
    }
}

/// Whether `tree` holds `record`'s game as its main line (the same set-up stones and moves): then
/// the record can be saved with the tree's variations.
pub fn tree_fits(record: &GameRecord, tree: &SgfTree) -> bool {
    let sorted = |stones: &[(Pos, Color)]| {
        let mut stones: Vec<(u8, u8, bool)> = stones
            .iter()
            .map(|(p, c)| (p.x, p.y, *c == Color::Black))
            .collect();
        stones.sort_unstable();
        stones
    };
    let root_setup = tree
        .tree
        .node(tree.tree.root())
        .map(|n| sorted(&n.setup))
        .unwrap_or_default();
    tree.tree.main_line() == record.game.moves()
        && root_setup == sorted(record.game.setup())
        && tree.tree.first_to_move() == record.game.first_to_move()
}

/// The SGF text of `record` with `tree`'s variations, comments and marks (its header is the
/// record's); `tree` should hold the record's game as its main line ([`tree_fits`]).
pub fn sgf_with_tree(record: &GameRecord, tree: &SgfTree) -> String {
    SgfTree {
        info: record.sgf(),
        tree: tree.tree.clone(),
    }
    .to_string()
}

/// Saves a record with a tree's variations as SGF, atomically (see [`save_sgf`]).
pub fn save_sgf_tree(path: &Path, record: &GameRecord, tree: &SgfTree) -> Result<(), StoreError> {
    write_atomic(path, sgf_with_tree(record, tree).as_bytes()).map_err(|source| StoreError {
        file: FileKind::GameRecord,
        path: path.to_owned(),
        source,
    })
}

/// Saves a record as SGF, atomically (an existing file is replaced whole or not at all).
pub fn save_sgf(path: &Path, record: &GameRecord) -> Result<(), StoreError> {
    write_atomic(path, record.to_sgf().as_bytes()).map_err(|source| StoreError {
        file: FileKind::GameRecord,
        path: path.to_owned(),
        source,
    })
}
