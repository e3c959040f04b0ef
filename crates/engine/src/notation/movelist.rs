//! Gomocup / Piskvork move lists as people paste them: one `x,y` move per line in the protocol's
//! coordinates (0-based, column first, row 0 at the top), as the `BOARD` command and the brains' logs
//! write them:
//!
//! ```text
//! 7,7
//! 8,6
//! 9,5
//! ```
//!
//! A third number on a line (the `BOARD` command's field, or a time) is read and ignored; blank lines
//! are skipped. The list does not say who plays first: moves alternate from black.

use std::fmt;
use std::str::FromStr;

use crate::core::{MAX_SIZE, Pos};

/// A Gomocup move list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveList {
    pub moves: Vec<Pos>,
}

/// Why a move list did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveListError {
    line: usize,
    what: String,
}

impl ParseMoveListError {
    /// 1-based line of the error.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for ParseMoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for ParseMoveListError {}

impl MoveList {
    /// Whether `text` looks like a move list: its first non-blank line is `number,number`.
    pub fn looks_like(text: &str) -> bool {
        text.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .and_then(|l| l.split(',').next())
            .is_some_and(|x| !x.trim().is_empty() && x.trim().bytes().all(|b| b.is_ascii_digit()))
            && text.contains(',')
    }

    /// Parses `text` and checks every move lies on a board of side `size`, in one step.
    pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Pos>, ParseMoveListError> {
        Ok(MoveList::parse(text, size)?.moves)
    }

    fn parse(text: &str, size: u8) -> Result<MoveList, ParseMoveListError> {
        let mut moves = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim().trim_start_matches('\u{feff}');
            if line.is_empty() {
                continue;
            }
            let err = |what: String| ParseMoveListError { line: i + 1, what };
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            if !(2..=3).contains(&fields.len()) {
                return Err(err(format!(
                    "expected a move as x,y (two numbers from 0), found {line:?}"
                )));
            }
            let coord = |f: &str| {
                f.parse::<u8>().ok().filter(|&v| v < size).ok_or_else(|| {
                    err(format!(
                        "{f:?} is not a coordinate from 0 to {} (move {})",
                        size - 1,
                        moves.len() + 1
                    ))
                })
            };
            let (x, y) = (coord(fields[0])?, coord(fields[1])?);
            if let Some(extra) = fields.get(2)
                && extra.parse::<i64>().is_err()
            {
                return Err(err(format!("{extra:?} after the move is not a number")));
            }
            moves.push(Pos::new(x, y));
        }
        Ok(MoveList { moves })
    }
}

impl FromStr for MoveList {
    type Err = ParseMoveListError;

    /// Any move list on a board of up to the largest size.
    fn from_str(text: &str) -> Result<MoveList, ParseMoveListError> {
        MoveList::parse(text, MAX_SIZE)
    }
}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.moves
            .iter()
            .try_for_each(|p| writeln!(f, "{},{}", p.x, p.y))
    }
}
