//! Running a puzzle in the game: the player attacks, the computer defends.

use super::Puzzle;
use crate::board::Board;
use crate::core::{Color, Pos};
use crate::search::{ThreatKind, ThreatSolver};

/// Nodes one answer may cost: a puzzle's searches are small, and the game must stay responsive.
const PLAY_BUDGET: u64 = 200_000;
/// Defender replies tried against a quiet wrong move before the first one is shown.
const REFUTATION_TRIES: usize = 24;

/// What one of the player's moves did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// The move made five: solved.
    Solved,
    /// The move keeps the win; the computer answered with `reply` (already on the board).
    Continue { reply: Pos },
    /// The move does not win within the moves left. The board is unchanged (the player may try
    /// again); `refutation` is the defender's answer that shows why, when one is found.
    Wrong { refutation: Option<Pos> },
    /// The point is taken, or forbidden for black in renju.
    Illegal,
}

/// A puzzle being played.
pub struct PuzzleGame {
    puzzle: Puzzle,
    solver: ThreatSolver,
    /// The attacker's moves left to the five, this one included.
    left: u32,
    /// Moves played since the puzzle's position, attacker and defender alternately.
    played: Vec<Pos>,
}

impl PuzzleGame {
    pub fn new(puzzle: &Puzzle) -> PuzzleGame {
        let mut solver = ThreatSolver::new(&puzzle.board());
        solver.set_budget(PLAY_BUDGET);
        PuzzleGame {
            puzzle: puzzle.clone(),
            solver,
            left: puzzle.length,
            played: Vec::new(),
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        self.solver.board()
    }

    /// The attacker's moves left to the five, the next one included.
    pub fn moves_left(&self) -> u32 {
        self.left
    }

    /// The moves played since the puzzle's position.
    pub fn played(&self) -> &[Pos] {
        &self.played
    }

    fn att(&self) -> Color {
        self.puzzle.to_move
    }

    /// Whether `pos` keeps a win within the moves left (at the start: only the solution does).
    pub fn is_winning(&mut self, pos: Pos) -> bool {
        if self.played.is_empty() {
            return self.puzzle.is_solution(pos);
        }
        let (att, kind, left) = (self.att(), self.puzzle.kind, self.left);
        self.solver.wins_with(att, pos, kind, left)
    }

    /// A winning move now: the solution at the start, later the first move of the quickest win.
    pub fn hint(&mut self) -> Option<Pos> {
        if self.played.is_empty() {
            return Some(self.puzzle.solution);
        }
        let att = self.att();
        let mut five = self.solver.five_points(att);
        if !five.is_empty() {
            return five.pop();
        }
        let mut moves = self.solver.five_points(att.opponent());
        if moves.is_empty() {
            moves = self.solver.threat_points(att);
        }
        let (kind, left) = (self.puzzle.kind, self.left);
        moves
            .into_iter()
            .filter_map(|m| {
                let n = (1..=left).find(|&n| self.solver.wins_with(att, m, kind, n))?;
                Some((n, m))
            })
            .min_by_key(|&(n, _)| n)
            .map(|(_, m)| m)
    }

    /// Plays the player's move and, if it wins on, the computer's best defence.
    pub fn play(&mut self, pos: Pos) -> PuzzleStep {
        let att = self.att();
        if !self.solver.is_legal(pos, att) {
            return PuzzleStep::Illegal;
        }
        if !self.is_winning(pos) {
            let refutation = self.refutation(pos);
            return PuzzleStep::Wrong { refutation };
        }
        self.solver.play(pos, att);
        self.played.push(pos);
        if self.solver.board().is_win_at(pos) {
            self.left = 0;
            return PuzzleStep::Solved;
        }
        self.left -= 1;
        let reply = self.best_defence();
        self.solver.play(reply, att.opponent());
        self.played.push(reply);
        PuzzleStep::Continue { reply }
    }

    /// The defender's reply that holds out longest (the most attacker moves still needed); ties go
    /// to the first found. There is always a reply: a lost defender still blocks somewhere.
    fn best_defence(&mut self) -> Pos {
        let (att, kind, left) = (self.att(), self.puzzle.kind, self.left);
        let def = att.opponent();
        let mut replies = self.solver.threat_replies(att, kind, left);
        if replies.is_empty() {
            // Already lost (an open four): block one five point anyway.
            replies = self.solver.five_points(att);
            replies.retain(|&p| self.solver.is_legal(p, def));
        }
        let mut best: Option<(u32, Pos)> = None;
        for d in replies {
            self.solver.play(d, def);
            let n = self.solver.win_length(att, kind, left).unwrap_or(left + 1);
            self.solver.undo();
            if best.is_none_or(|(b, _)| n > b) {
                best = Some((n, d));
            }
        }
        best.map(|(_, d)| d)
            .or_else(|| {
                self.solver
                    .near_points()
                    .into_iter()
                    .find(|&p| self.solver.is_legal(p, def))
            })
            .unwrap_or(self.puzzle.solution)
    }

    /// The defender's answer to the wrong move `m` after which the attacker no longer wins within
    /// the moves left (by VCT, the stronger test); `None` if none of the likely answers is found
    /// to do so within the budget.
    fn refutation(&mut self, m: Pos) -> Option<Pos> {
        let (att, kind) = (self.att(), self.puzzle.kind);
        let def = att.opponent();
        let left = self.left.saturating_sub(1);
        self.solver.play(m, att);
        let mut replies = self.solver.five_points(def);
        if replies.is_empty() {
            replies = self.solver.threat_replies(att, kind, left);
            replies.extend(self.solver.five_points(att));
            replies.push(self.puzzle.solution);
            replies.extend(self.solver.four_points(def));
            replies.extend(self.solver.threat_points(att));
            replies.extend(self.solver.near_points());
        }
        let mut found = None;
        for d in replies.into_iter().take(REFUTATION_TRIES) {
            if !self.solver.is_legal(d, def) {
                continue;
            }
            if self.solver.five_points(def).contains(&d) {
                found = Some(d);
                break;
            }
            self.solver.play(d, def);
            let wins = self.solver.wins_within(att, ThreatKind::Vct, left);
            let sure = !self.solver.aborted();
            self.solver.undo();
            if !wins && sure {
                found = Some(d);
                break;
            }
        }
        self.solver.undo();
        found
    }
}
