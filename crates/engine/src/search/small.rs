//! Exhaustive solver for tiny boards (tic-tac-toe): plain negamax over every
//! empty cell with a memo, so Expert plays these perfectly. Scores: `100 - plies` for a win, 0 draw.

use std::collections::HashMap;

use super::state::{Cell, SearchBoard};
use crate::core::Color;

/// Boards with at most this many cells (tic-tac-toe) are solved exactly, in well under a millisecond;
/// 4×4 and up go to the pattern search, which handles every win length.
pub const MAX_CELLS: usize = 9;

pub struct Solver {
    memo: HashMap<(u64, Color), i32>,
    pub nodes: u64,
    budget: u64,
}

impl Solver {
    pub fn new(budget: u64) -> Solver {
        Solver {
            memo: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    /// Exact scores of every empty cell for `me`, or `None` when the node budget ran out.
    pub fn score_moves(&mut self, b: &mut SearchBoard, me: Color) -> Option<Vec<(Cell, i32)>> {
        let cells: Vec<Cell> = b.empty_cells().collect();
        let mut out = Vec::with_capacity(cells.len());
        for c in cells {
            b.play(c, me);
            let s = if b.is_five_at(c, me) {
                100 - 1
            } else {
                -self.negamax(b, me.opponent(), 1)?
            };
            b.undo();
            out.push((c, s));
        }
        Some(out)
    }

    fn negamax(&mut self, b: &mut SearchBoard, me: Color, ply: i32) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if b.is_full() {
            return Some(0);
        }
        if let Some(&s) = self.memo.get(&(b.hash(), me)) {
            // Memo scores are relative to the node; shift by the distance from the root.
            return Some(if s > 0 {
                s - ply
            } else if s < 0 {
                s + ply
            } else {
                0
            });
        }
        let cells: Vec<Cell> = b.empty_cells().collect();
        let mut best = i32::MIN;
        for c in cells {
            b.play(c, me);
            let s = if b.is_five_at(c, me) {
                100 - ply - 1
            } else {
                match self.negamax(b, me.opponent(), ply + 1) {
                    Some(v) => -v,
                    None => {
                        b.undo();
                        return None;
                    }
                }
            };
            b.undo();
            best = best.max(s);
        }
        let rel = if best > 0 {
            best + ply
        } else if best < 0 {
            best - ply
        } else {
            0
        };
        self.memo.insert((b.hash(), me), rel);
        Some(best)
    }
}
