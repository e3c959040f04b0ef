//! The computer player's API as the game sees it.
//!
//! This is a stand-in with the exact shape of the engine's `Ai` (see the team plan) until the search lands
//! on main: it plays a shallow one-ply evaluation and honours the stop flag and the think time the same
//! way, so the game's async task, cancellation and undo can be built and tested now. When the engine's
//! `Ai` arrives this file becomes a re-export of `tengen_engine`.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tengen_engine::{Board, Color, DIRECTIONS, Pos};

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Low,
    Medium,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Low, Level::Medium, Level::Expert];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Low => "low",
            Level::Medium => "medium",
            Level::Expert => "expert",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown level `{s}` (use low, medium or expert)"))
    }
}

/// How long and how deep one search may run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    pub think_time: Duration,
    pub max_nodes: Option<u64>,
    pub max_depth: Option<u32>,
}

impl SearchLimits {
    pub fn for_level(level: Level) -> SearchLimits {
        let ms = match level {
            Level::Low => 100,
            Level::Medium => 300,
            Level::Expert => 1000,
        };
        SearchLimits {
            think_time: Duration::from_millis(ms),
            max_nodes: None,
            max_depth: None,
        }
    }
}

/// Why the computer chose a move, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveReason {
    MakeFive,
    BlockFive,
    Shape,
}

impl fmt::Display for MoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveReason::MakeFive => "make five",
            MoveReason::BlockFive => "block the four",
            MoveReason::Shape => "build shape and block the opponent",
        })
    }
}

/// A chosen move with what the search knows about it.
#[derive(Clone, Debug)]
pub struct Thought {
    pub pos: Pos,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Pos>,
    pub reason: MoveReason,
}

/// A suggested move for the player.
#[derive(Clone, Debug)]
pub struct Hint {
    pub pos: Pos,
    pub reason: MoveReason,
}

/// The computer player.
pub struct Ai {
    level: Level,
}

impl Ai {
    pub fn new(level: Level, _seed: u64) -> Ai {
        Ai { level }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn choose_move(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        let start = Instant::now();
        let (pos, score, reason) = best_point(board, to_move)?;
        // Use the think time like a real search would, but give up at once when told to stop.
        while start.elapsed() < limits.think_time && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        Some(Thought {
            pos,
            score,
            depth: 1,
            nodes: board.variant().cells() as u64,
            pv: vec![pos],
            reason,
        })
    }

    pub fn hint(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Hint> {
        self.choose_move(board, to_move, limits, stop)
            .map(|t| Hint {
                pos: t.pos,
                reason: t.reason,
            })
    }
}

fn line_value(board: &Board, pos: Pos, color: Color) -> i32 {
    let size = board.variant().size();
    let mut value = 0;
    for (dx, dy) in DIRECTIONS {
        let mut run = 1;
        for sign in [1, -1] {
            let mut step = 1;
            while let Some(p) = pos.offset(dx * sign, dy * sign, step, size) {
                if board.get(p) != Some(color) {
                    break;
                }
                run += 1;
                step += 1;
            }
        }
        value += run * run * run;
    }
    value
}

fn best_point(board: &Board, to_move: Color) -> Option<(Pos, i32, MoveReason)> {
    let variant = board.variant();
    let win = variant.win_len() as i32;
    let mut best: Option<(Pos, i32, MoveReason)> = None;
    for pos in board.empty_points() {
        if variant.rule() == tengen_engine::Rule::Renju
            && to_move == Color::Black
            && tengen_engine::forbidden(board, pos).is_some()
        {
            continue;
        }
        let mut trial = board.clone();
        trial.place(pos, to_move);
        let (score, reason) = if trial.winning_line(pos).is_some() {
            (1_000_000, MoveReason::MakeFive)
        } else {
            let mut block = board.clone();
            block.place(pos, to_move.opponent());
            if block.winning_line(pos).is_some() {
                (100_000, MoveReason::BlockFive)
            } else {
                let centre = variant.center();
                let dist = (pos.x as i32 - centre.x as i32).abs() + (pos.y as i32 - centre.y as i32).abs();
                (
                    line_value(board, pos, to_move) * 2 + line_value(board, pos, to_move.opponent())
                        - dist
                        - win,
                    MoveReason::Shape,
                )
            }
        };
        if best.as_ref().is_none_or(|b| score > b.1) {
            best = Some((pos, score, reason));
        }
    }
    best
}
