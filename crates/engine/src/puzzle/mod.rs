//! "Find the win" puzzles made from the engine's own self-play games: the side to move wins by
//! fours (VCF) or by threes and fours (VCT) in a stated number of its own moves, and only one
//! first move does so (`find.rs` says how that is checked). `play.rs` lets the game run one: the
//! player's moves are checked, the computer defends as long as it can, and a wrong move gets the
//! reply that refutes it.
//!
//! File format (`puzzles/puzzles.txt`, embedded as [`EMBEDDED_PUZZLES`]): `#` starts a comment;
//! one puzzle a line, fields separated by spaces:
//!
//! ```text
//! renju white h8i9j7g9i8i7h7h6f7j9g8 vct 4 i6 3
//! ```
//!
//! rule (`freestyle` or `renju`, 15×15), side to move, the position as its moves in order in
//! human notation (rows from the bottom, as `PositionString`), kind (`vcf` or `vct`), moves to win
//! (the attacker's, the five included), the winning first move, difficulty 1 (easy) to 5.

mod find;
mod play;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::core::{Color, Pos, Preset, Rule, Variant};
use crate::notation::{Cell, PositionString, RowOrigin};
use crate::search::ThreatKind;

pub use find::{
    FindLimits, Found, Rejected, canonical_key, difficulty, find_puzzle, verify_puzzle,
};
pub use play::{PuzzleGame, PuzzleStep};

/// The committed puzzle set, for the game to embed.
pub const EMBEDDED_PUZZLES: &str = include_str!("../../puzzles/puzzles.txt");

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Freestyle or renju, on 15×15.
    pub rule: Rule,
    /// The attacker: the side to move, who wins.
    pub to_move: Color,
    /// The stones, as the moves of the game they came from, black first.
    pub moves: Vec<Pos>,
    pub kind: ThreatKind,
    /// The attacker's moves to the five, the five included.
    pub length: u32,
    /// The only first move that wins within `length`.
    pub solution: Pos,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
}

/// Why a puzzle line did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePuzzleError {
    /// 1-based line number in the file (0 for a single line).
    pub line: usize,
    pub what: String,
}

impl fmt::Display for ParsePuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for ParsePuzzleError {}

/// The 15×15 variant of a puzzle rule.
pub fn puzzle_variant(rule: Rule) -> Variant {
    match rule {
        Rule::Renju => Preset::Renju15.variant(),
        Rule::Standard => Preset::Standard15.variant(),
        Rule::Freestyle => Preset::Freestyle15.variant(),
    }
}

impl Puzzle {
    pub fn variant(&self) -> Variant {
        puzzle_variant(self.rule)
    }

    /// The position: the moves' stones, black on the even moves.
    pub fn board(&self) -> Board {
        let mut board = Board::new(self.variant());
        for (i, &p) in self.moves.iter().enumerate() {
            board.place(p, Color::to_move_at(i));
        }
        board
    }

    /// Whether `pos` is the winning first move.
    pub fn is_solution(&self, pos: Pos) -> bool {
        pos == self.solution
    }

    /// The hint: the winning first move.
    pub fn hint(&self) -> Pos {
        self.solution
    }
}

fn err(what: impl Into<String>) -> ParsePuzzleError {
    ParsePuzzleError {
        line: 0,
        what: what.into(),
    }
}

fn parse_cell(s: &str) -> Result<Pos, ParsePuzzleError> {
    let cell: Cell = s.parse().map_err(|e| err(format!("{s}: {e}")))?;
    cell.to_pos(15, RowOrigin::Bottom)
        .ok_or_else(|| err(format!("{s} is off the board")))
}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    fn from_str(s: &str) -> Result<Puzzle, ParsePuzzleError> {
        let f: Vec<&str> = s.split_whitespace().collect();
        let [rule, side, position, kind, length, solution, difficulty] = f[..] else {
            return Err(err(format!("7 fields expected, found {}", f.len())));
        };
        let rule = match rule {
            "freestyle" => Rule::Freestyle,
            "renju" => Rule::Renju,
            "standard" => Rule::Standard,
            _ => return Err(err(format!("unknown rule {rule}"))),
        };
        let to_move = match side {
            "black" => Color::Black,
            "white" => Color::White,
            _ => return Err(err(format!("unknown side {side}"))),
        };
        let moves = PositionString::parse_moves(position, 15, RowOrigin::Bottom)
            .map_err(|e| err(format!("position: {e}")))?;
        if Color::to_move_at(moves.len()) != to_move {
            return Err(err(format!(
                "{side} is not to move after {} moves",
                moves.len()
            )));
        }
        let kind = match kind {
            "vcf" => ThreatKind::Vcf,
            "vct" => ThreatKind::Vct,
            _ => return Err(err(format!("unknown kind {kind}"))),
        };
        let length = length
            .parse()
            .map_err(|_| err(format!("bad length {length}")))?;
        let difficulty = difficulty
            .parse()
            .ok()
            .filter(|d| (1..=5).contains(d))
            .ok_or_else(|| err(format!("bad difficulty {difficulty}")))?;
        let solution = parse_cell(solution)?;
        let mut seen = moves.clone();
        seen.sort_unstable_by_key(|p| (p.y, p.x));
        seen.dedup();
        if seen.len() != moves.len() || moves.contains(&solution) {
            return Err(err("a point is played twice"));
        }
        Ok(Puzzle {
            rule,
            to_move,
            moves,
            kind,
            length,
            solution,
            difficulty,
        })
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position =
            PositionString::from_moves(&self.moves, 15, RowOrigin::Bottom).ok_or(fmt::Error)?;
        let solution = Cell::from_pos(self.solution, 15, RowOrigin::Bottom).ok_or(fmt::Error)?;
        write!(
            f,
            "{} {} {position} {} {} {solution} {}",
            self.rule.name(),
            self.to_move,
            self.kind.key(),
            self.length,
            self.difficulty
        )
    }
}

/// Every puzzle in a puzzle file's text (comments and blank lines skipped).
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, ParsePuzzleError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let p = line
            .parse::<Puzzle>()
            .map_err(|e| ParsePuzzleError { line: i + 1, ..e })?;
        out.push(p);
    }
    Ok(out)
}

/// The committed set. It is checked by the tests, so it always parses.
pub fn embedded_puzzles() -> Vec<Puzzle> {
    parse_puzzles(EMBEDDED_PUZZLES).expect("the embedded puzzle file parses")
}
