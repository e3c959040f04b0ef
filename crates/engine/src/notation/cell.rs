//! Cell names (`h8`) and position strings (`h8i9j10`).
//!
//! Columns are letters from `a` with no letter skipped (`a`..`t` on 20×20); rows are numbers from 1. Human
//! notation counts rows from the bottom; some tools count from the top, so every conversion to a board
//! point takes the [`RowOrigin`] explicitly instead of guessing.

use std::fmt;
use std::str::FromStr;

use crate::core::{MAX_SIZE, Pos};

/// Which edge row `1` of a cell name is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowOrigin {
    /// Row 1 is the bottom row (human notation: `h8` is the centre of 15×15).
    Bottom,
    /// Row 1 is the top row (Rapfi position strings, c-gomoku-cli openings).
    Top,
}

/// A cell name as written: a column letter and a 1-based row number. Which board point it names depends on
/// the board size and the [`RowOrigin`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    col: u8,
    row: u8,
}

impl Cell {
    /// Column index (0 = `a`) and row number (from 1); `None` past `t` / 20.
    pub fn new(col: u8, row: u8) -> Option<Cell> {
        (col < MAX_SIZE && (1..=MAX_SIZE).contains(&row)).then_some(Cell { col, row })
    }

    /// Column index, 0 for `a`.
    pub fn col(self) -> u8 {
        self.col
    }

    /// Row number as written, from 1.
    pub fn row(self) -> u8 {
        self.row
    }

    /// The name of board point `pos` on a board of side `size`; `None` if `pos` is off that board.
    pub fn from_pos(pos: Pos, size: u8, origin: RowOrigin) -> Option<Cell> {
        if pos.x >= size || pos.y >= size || size > MAX_SIZE {
            return None;
        }
        let row = match origin {
            RowOrigin::Bottom => size - pos.y,
            RowOrigin::Top => pos.y + 1,
        };
        Some(Cell { col: pos.x, row })
    }

    /// The board point this name denotes on a board of side `size`; `None` if it is off that board.
    pub fn to_pos(self, size: u8, origin: RowOrigin) -> Option<Pos> {
        if self.col >= size || self.row > size {
            return None;
        }
        let y = match origin {
            RowOrigin::Bottom => size - self.row,
            RowOrigin::Top => self.row - 1,
        };
        Some(Pos::new(self.col, y))
    }

    /// Reads a cell at the start of `s`: returns the cell and how many bytes it used.
    fn read(s: &str) -> Result<(Cell, usize), CellFault> {
        let bytes = s.as_bytes();
        let Some(&c) = bytes.first() else {
            return Err(CellFault::Empty);
        };
        let letter = c.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(CellFault::Column(s.chars().next().unwrap_or(' ')));
        }
        let col = letter - b'a';
        if col >= MAX_SIZE {
            return Err(CellFault::Column(c as char));
        }
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return Err(CellFault::MissingRow);
        }
        let text = &s[1..1 + digits];
        let row: u8 = text.parse().map_err(|_| CellFault::Row(text.to_owned()))?;
        if text.starts_with('0') || !(1..=MAX_SIZE).contains(&row) {
            return Err(CellFault::Row(text.to_owned()));
        }
        Ok((Cell { col, row }, 1 + digits))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row)
    }
}

/// What is wrong with one cell name (shared by cells and position strings).
#[derive(Clone, Debug, PartialEq, Eq)]
enum CellFault {
    Empty,
    Column(char),
    MissingRow,
    Row(String),
    Trailing(String),
}

impl fmt::Display for CellFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellFault::Empty => f.write_str("expected a cell such as h8, found nothing"),
            CellFault::Column(c) => write!(f, "expected a column letter a to t, found {c:?}"),
            CellFault::MissingRow => {
                f.write_str("the column letter is not followed by a row number")
            }
            CellFault::Row(r) => write!(f, "row {r:?} is not a number from 1 to 20"),
            CellFault::Trailing(t) => write!(f, "unexpected {t:?} after the cell"),
        }
    }
}

/// Why a cell name did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCellError {
    input: String,
    fault: CellFault,
}

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad cell {:?}: {}", self.input, self.fault)
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// `h8`, `H8`, `t20`. Surrounding whitespace is ignored.
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let trimmed = s.trim();
        let err = |fault| ParseCellError {
            input: s.to_owned(),
            fault,
        };
        let (cell, used) = Cell::read(trimmed).map_err(err)?;
        if used < trimmed.len() {
            return Err(err(CellFault::Trailing(trimmed[used..].to_owned())));
        }
        Ok(cell)
    }
}

/// A human cell name (rows from the bottom) for board point `pos`, or `x,y` protocol coordinates if the
/// point is off a board of side `size`.
pub fn cell_name(pos: Pos, size: u8) -> String {
    match Cell::from_pos(pos, size, RowOrigin::Bottom) {
        Some(cell) => cell.to_string(),
        None => format!("{},{}", pos.x, pos.y),
    }
}

/// A sequence of cell names written together, like `h8i9j10`, as renju sites and Gomocalc write move
/// orders. Reading also takes names separated by whitespace, commas or semicolons (`h8, i9, j10`);
/// writing puts none.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PositionString {
    pub cells: Vec<Cell>,
}

/// Why a position string did not parse or does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError {
    /// 1-based move number of the faulty cell.
    move_number: usize,
    /// 1-based character column in the input, when the error is a syntax error.
    column: Option<usize>,
    what: String,
}

impl ParsePositionError {
    /// 1-based number of the move at fault.
    pub fn move_number(&self) -> usize {
        self.move_number
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "move {} (column {c}): {}", self.move_number, self.what),
            None => write!(f, "move {}: {}", self.move_number, self.what),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl FromStr for PositionString {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<PositionString, ParsePositionError> {
        let mut cells = Vec::new();
        let mut rest = s;
        loop {
            let trimmed = rest.trim_start_matches(is_separator);
            if trimmed.is_empty() {
                break;
            }
            let offset = s.len() - trimmed.len();
            match Cell::read(trimmed) {
                Ok((cell, used)) => {
                    cells.push(cell);
                    rest = &trimmed[used..];
                }
                Err(fault) => {
                    return Err(ParsePositionError {
                        move_number: cells.len() + 1,
                        column: Some(s[..offset].chars().count() + 1),
                        what: fault.to_string(),
                    });
                }
            }
        }
        Ok(PositionString { cells })
    }
}

/// What may stand between two cell names of a position string.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

impl fmt::Display for PositionString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cells.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

impl PositionString {
    /// Names `moves` on a board of side `size`; `None` if a move is off that board.
    pub fn from_moves(moves: &[Pos], size: u8, origin: RowOrigin) -> Option<PositionString> {
        let cells = moves
            .iter()
            .map(|&p| Cell::from_pos(p, size, origin))
            .collect::<Option<Vec<_>>>()?;
        Some(PositionString { cells })
    }

    /// The board points on a board of side `size`, rows counted from `origin`.
    pub fn to_moves(&self, size: u8, origin: RowOrigin) -> Result<Vec<Pos>, ParsePositionError> {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.to_pos(size, origin).ok_or_else(|| ParsePositionError {
                    move_number: i + 1,
                    column: None,
                    what: format!("{c} is off a {size}x{size} board"),
                })
            })
            .collect()
    }

    /// Parses `s` and places it on a board of side `size` in one step.
    pub fn parse_moves(
        s: &str,
        size: u8,
        origin: RowOrigin,
    ) -> Result<Vec<Pos>, ParsePositionError> {
        s.parse::<PositionString>()?.to_moves(size, origin)
    }
}
