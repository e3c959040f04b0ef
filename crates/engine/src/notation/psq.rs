//! Piskvork `.psq` game records, as the Gomocup manager saves them:
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0
//! 9,9,1200
//! pbrain-a.exe
//! -1
//! ```
//!
//! The first line gives the board size (the text after it is kept as is), then one `x,y,ms` line per move
//! (1-based column and row from the top, thinking time in milliseconds; `x,y` alone is accepted), then
//! trailer lines (engine names, result codes) that are kept verbatim. The format records no rule: the
//! caller says which variant to replay the moves under.

use std::fmt;
use std::str::FromStr;

use crate::core::{MAX_SIZE, MIN_SIZE, Pos, Variant};
use crate::game::{Game, PlayError};

/// One move line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PsqMove {
    pub pos: Pos,
    /// Thinking time in milliseconds (0 when unknown).
    pub time_ms: u32,
}

/// A `.psq` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psq {
    /// Board side (the format allows only square boards here).
    pub size: u8,
    /// The first line's text after the size, e.g. `11:11, 0`; empty for none.
    pub header: String,
    pub moves: Vec<PsqMove>,
    /// Lines after the moves, verbatim.
    pub trailer: Vec<String>,
}

impl Psq {
    /// The record of `game`, with unknown (zero) thinking times and no trailer.
    pub fn from_game(game: &Game) -> Psq {
        Psq {
            size: game.variant().size(),
            header: "11:11, 0".to_owned(),
            moves: game
                .moves()
                .iter()
                .map(|&pos| PsqMove { pos, time_ms: 0 })
                .collect(),
            trailer: Vec::new(),
        }
    }

    /// The moves' points in order.
    pub fn positions(&self) -> Vec<Pos> {
        self.moves.iter().map(|m| m.pos).collect()
    }

    /// Replays the moves under `variant`'s rules; on an illegal move (including one off a board smaller
    /// than the record's), its 0-based index and why.
    pub fn to_game(&self, variant: Variant) -> Result<Game, (usize, PlayError)> {
        Game::from_moves(variant, &self.positions())
    }
}

/// Why a `.psq` text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePsqError {
    line: usize,
    what: String,
}

impl ParsePsqError {
    /// 1-based line of the error.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for ParsePsqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for ParsePsqError {}

/// `x,y` or `x,y,ms` (spaces allowed around the numbers): the numbers, or `None` for any other line.
fn move_fields(line: &str) -> Option<(i64, i64, i64)> {
    let mut fields = line.split(',').map(|f| f.trim().parse::<i64>());
    let x = fields.next()?.ok()?;
    let y = fields.next()?.ok()?;
    let ms = match fields.next() {
        None => 0,
        Some(f) => f.ok()?,
    };
    fields.next().is_none().then_some((x, y, ms))
}

impl FromStr for Psq {
    type Err = ParsePsqError;

    fn from_str(text: &str) -> Result<Psq, ParsePsqError> {
        let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
        let err = |line: usize, what: String| ParsePsqError { line, what };
        let first = lines
            .next()
            .ok_or_else(|| err(1, "empty file: expected \"Piskvorky NxN, ...\"".into()))?;
        let rest = first
            .trim_start_matches('\u{feff}')
            .trim_start()
            .strip_prefix("Piskvorky")
            .ok_or_else(|| {
                err(
                    1,
                    format!("expected \"Piskvorky NxN, ...\", found {first:?}"),
                )
            })?;
        let rest = rest.trim_start();
        let (dims, header) = match rest.split_once(',') {
            Some((d, h)) => (d.trim(), h.trim()),
            None => (rest.trim(), ""),
        };
        let bad_size = || err(1, format!("{dims:?} is not a board size like 15x15"));
        let (w, h) = dims.split_once(['x', 'X']).ok_or_else(bad_size)?;
        let w: u8 = w.trim().parse().map_err(|_| bad_size())?;
        let h: u8 = h.trim().parse().map_err(|_| bad_size())?;
        if w != h {
            return Err(err(1, format!("{w}x{h}: only square boards are supported")));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&w) {
            return Err(err(
                1,
                format!("board size {w} is not supported (use {MIN_SIZE} to {MAX_SIZE})"),
            ));
        }
        let size = w;

        let mut moves = Vec::new();
        let mut trailer = Vec::new();
        for (i, line) in lines.by_ref().enumerate() {
            let number = i + 2;
            let Some((x, y, ms)) = move_fields(line) else {
                trailer.push(line.to_owned());
                break;
            };
            let on_board = |v: i64| (1..=size as i64).contains(&v);
            if !on_board(x) || !on_board(y) {
                return Err(err(
                    number,
                    format!(
                        "move {} at {x},{y} is off the {size}x{size} board (coordinates count from 1)",
                        moves.len() + 1
                    ),
                ));
            }
            let time_ms = u32::try_from(ms).map_err(|_| {
                err(
                    number,
                    format!("thinking time {ms} is not a number of milliseconds"),
                )
            })?;
            moves.push(PsqMove {
                pos: Pos::new(x as u8 - 1, y as u8 - 1),
                time_ms,
            });
        }
        trailer.extend(lines.map(str::to_owned));
        Ok(Psq {
            size,
            header: header.to_owned(),
            moves,
            trailer,
        })
    }
}

impl fmt::Display for Psq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piskvorky {}x{}", self.size, self.size)?;
        if !self.header.is_empty() {
            write!(f, ", {}", self.header)?;
        }
        writeln!(f)?;
        for m in &self.moves {
            writeln!(
                f,
                "{},{},{}",
                m.pos.x as u32 + 1,
                m.pos.y as u32 + 1,
                m.time_ms
            )?;
        }
        for line in &self.trailer {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
