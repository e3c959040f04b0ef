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
//!
//! The format has no place for a set-up position either. Tengen writes set-up stones as the first move
//! lines, black and white alternating while both last (so another program that reads them as moves sees
//! the same position whenever it could have been played), and says so in the first line after the moves:
//! `Setup BWBWB, white to move` (one letter per set-up line).

use std::fmt;
use std::str::FromStr;

use crate::core::{Color, MAX_SIZE, MIN_SIZE, Pos, Variant};
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
    /// Lines after the moves, verbatim (without the `Setup` line, which is [`Psq::setup`]).
    pub trailer: Vec<String>,
    /// The leading move lines that are a set-up position rather than moves, if any.
    pub setup: Option<PsqSetup>,
}

/// Which leading move lines of a `.psq` are set-up stones: their colours in order, and who moves first
/// after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqSetup {
    pub colors: Vec<Color>,
    pub to_move: Color,
}

impl PsqSetup {
    const PREFIX: &str = "Setup ";

    /// `Setup BWBWB, white to move`.
    fn line(&self) -> String {
        let letters: String = self
            .colors
            .iter()
            .map(|&c| if c == Color::Black { 'B' } else { 'W' })
            .collect();
        let side = if self.to_move == Color::Black {
            "black"
        } else {
            "white"
        };
        format!("{}{letters}, {side} to move", Self::PREFIX)
    }

    /// Reads a [`PsqSetup::line`]; `None` for any other line.
    fn read(line: &str) -> Option<PsqSetup> {
        let (letters, side) = line.strip_prefix(Self::PREFIX)?.split_once(", ")?;
        let colors = letters
            .chars()
            .map(|c| match c {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let to_move = match side {
            "black to move" => Color::Black,
            "white to move" => Color::White,
            _ => return None,
        };
        (!colors.is_empty()).then_some(PsqSetup { colors, to_move })
    }
}

/// A game's set-up stones in the order a `.psq` lists them: black and white alternating while both
/// last, then the rest.
fn setup_order(setup: &[(Pos, Color)]) -> Vec<(Pos, Color)> {
    let mut black = setup.iter().filter(|s| s.1 == Color::Black);
    let mut white = setup.iter().filter(|s| s.1 == Color::White);
    let mut order = Vec::with_capacity(setup.len());
    loop {
        match (black.next(), white.next()) {
            (None, None) => return order,
            (b, w) => order.extend(b.into_iter().chain(w).copied()),
        }
    }
}

impl Psq {
    /// The record of `game` (its set-up stones first), with unknown (zero) thinking times and no trailer.
    pub fn from_game(game: &Game) -> Psq {
        let stones = setup_order(game.setup());
        let setup = (!stones.is_empty()).then(|| PsqSetup {
            colors: stones.iter().map(|s| s.1).collect(),
            to_move: game.first_to_move(),
        });
        let points = stones
            .iter()
            .map(|s| s.0)
            .chain(game.moves().iter().copied());
        Psq {
            size: game.variant().size(),
            header: "11:11, 0".to_owned(),
            moves: points.map(|pos| PsqMove { pos, time_ms: 0 }).collect(),
            trailer: Vec::new(),
            setup,
        }
    }

    /// The moves' points in order.
    pub fn positions(&self) -> Vec<Pos> {
        self.moves.iter().map(|m| m.pos).collect()
    }

    /// Sets up the set-up stones and replays the moves under `variant`'s rules; on an illegal move
    /// (including one off a board smaller than the record's), its 0-based index among all move lines
    /// and why.
    pub fn to_game(&self, variant: Variant) -> Result<Game, (usize, PlayError)> {
        let points = self.positions();
        let Some(setup) = &self.setup else {
            return Game::from_moves(variant, &points);
        };
        let count = setup.colors.len().min(points.len());
        let stones: Vec<(Pos, Color)> = points[..count]
            .iter()
            .copied()
            .zip(setup.colors.iter().copied())
            .collect();
        let mut game = Game::from_setup(variant, &stones, setup.to_move).map_err(|e| {
            let at = |p: Pos| points.iter().rposition(|&q| q == p).unwrap_or(0);
            match e {
                PlayError::OffBoard(p) | PlayError::Occupied(p) => (at(p), e),
                _ => (0, e),
            }
        })?;
        for (i, &pos) in points.iter().enumerate().skip(count) {
            game.play(pos).map_err(|e| (i, e))?;
        }
        Ok(game)
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
        let setup = trailer.first().and_then(|line| PsqSetup::read(line));
        if let Some(setup) = &setup {
            if setup.colors.len() > moves.len() {
                return Err(err(
                    moves.len() + 2,
                    format!(
                        "the setup names {} stones but only {} lines follow the header",
                        setup.colors.len(),
                        moves.len()
                    ),
                ));
            }
            trailer.remove(0);
        }
        Ok(Psq {
            size,
            header: header.to_owned(),
            moves,
            trailer,
            setup,
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
        if let Some(setup) = &self.setup {
            writeln!(f, "{}", setup.line())?;
        }
        for line in &self.trailer {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
