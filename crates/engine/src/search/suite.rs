//! Tactical test positions: a small text format shared by the suite runner (`tengen-suite`) and the
//! engine's own tests.
//!
//! One case per line, four fields separated by `|`:
//! `rule | moves | expected | description`, for example
//! `freestyle | h8 i9 h9 i10 h10 | h11 h7 | black makes an open four`.
//! The rule is a preset key (`freestyle`, `standard`, `renju`, ...). Moves are cell names in the order
//! played (black first; columns from `a`, rows counted from the bottom); the side to move follows from
//! their number. `expected` lists every acceptable answer. Blank lines and lines starting with `#` are
//! ignored.

use std::fmt;

use crate::core::{Color, Pos, Preset, Variant};
use crate::{Board, Cell, RowOrigin, cell_name, forbidden};

/// One tactical position and its acceptable answers.
#[derive(Clone, Debug)]
pub struct TacticalCase {
    pub variant: Variant,
    pub board: Board,
    pub to_move: Color,
    pub expected: Vec<Pos>,
    pub description: String,
    /// 1-based line in the suite file.
    pub line: usize,
}

/// What is wrong with a suite line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSuiteError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseSuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "suite line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseSuiteError {}

/// A cell name such as `h8` on a board of side `size` (rows counted from the bottom).
fn parse_cell(s: &str, size: u8) -> Result<Pos, String> {
    let cell: Cell = s.parse().map_err(|e| format!("{e}"))?;
    cell.to_pos(size, RowOrigin::Bottom)
        .ok_or_else(|| format!("cell {s:?} is off the {size}x{size} board"))
}

/// Parses a whole suite file.
pub fn parse_suite(text: &str) -> Result<Vec<TacticalCase>, ParseSuiteError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let err = |message: String| ParseSuiteError { line, message };
        let fields: Vec<&str> = trimmed.splitn(4, '|').map(str::trim).collect();
        if fields.len() != 4 {
            return Err(err(
                "expected `rule | moves | expected | description`".into()
            ));
        }
        let preset = Preset::from_key(fields[0])
            .ok_or_else(|| err(format!("unknown rule {:?}", fields[0])))?;
        let variant = preset.variant();
        let mut board = Board::new(variant);
        let mut to_move = Color::Black;
        for name in fields[1].split_whitespace() {
            let p = parse_cell(name, variant.size()).map_err(err)?;
            if !board.is_empty(p) {
                return Err(err(format!("{name} is played twice")));
            }
            if to_move == Color::Black && forbidden(&board, p).is_some() {
                return Err(err(format!("{name} is forbidden for black")));
            }
            board.place(p, to_move);
            if board.is_win_at(p) {
                return Err(err(format!("{name} ends the game")));
            }
            to_move = to_move.opponent();
        }
        let expected = fields[2]
            .split_whitespace()
            .map(|n| parse_cell(n, variant.size()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        if expected.is_empty() {
            return Err(err("no expected move".into()));
        }
        if let Some(p) = expected.iter().find(|&&p| !board.is_empty(p)) {
            return Err(err(format!(
                "expected move {} is occupied",
                cell_name(*p, variant.size())
            )));
        }
        cases.push(TacticalCase {
            variant,
            board,
            to_move,
            expected,
            description: fields[3].to_string(),
            line,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_lines_parse_and_errors_name_the_line() {
        let cases = parse_suite("# c\n\nfreestyle | h8 i9 h9 | h10 h7 | test\n").expect("parses");
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].to_move, Color::White);
        assert_eq!(cases[0].expected, vec![Pos::new(7, 5), Pos::new(7, 8)]);
        assert_eq!(cell_name(Pos::new(7, 7), 15), "h8");
        let e = parse_suite("freestyle | h8 h8 | a1 | x").expect_err("twice");
        assert_eq!(e.line, 1);
        assert!(parse_suite("freestyle | h8 | z99 | x").is_err());
        assert!(parse_suite("nope | h8 | a1 | x").is_err());
        assert!(parse_suite("freestyle | h8 | a1").is_err());
        assert!(parse_suite("freestyle | h8 | h8 | x").is_err());
    }

    #[test]
    fn the_shipped_suite_parses_and_is_large_enough() {
        let cases = parse_suite(include_str!("../../suites/tactics.txt")).expect("suite parses");
        assert!(cases.len() >= 50, "only {} cases", cases.len());
    }
}
