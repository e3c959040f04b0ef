//! The player's puzzle progress, kept in `stats.json`: a puzzle rating (Glicko-2, as the games'
//! rating, see [`crate::rating`]), which puzzles were solved and which failed, and the next puzzle
//! to offer.
//!
//! Choices:
//! - **A puzzle's id** ([`puzzle_id`]) is a 64-bit FNV-1a hash of what the puzzle is: its rule, side
//!   to move, moves and winning move, written as `puzzles.txt` writes them. Reordering, adding or
//!   removing lines of the file keeps every other puzzle's id; it depends on no engine table.
//! - **A puzzle's rating** ([`puzzle_rating`]) is 900 + 200 × difficulty: 1100 (difficulty 1, a
//!   new player's own rating, so the first puzzles are the easiest) to 1900 (difficulty 5). 200
//!   points a difficulty means a player solves about three in four puzzles one difficulty below
//!   their rating. Its deviation is [`PUZZLE_DEVIATION`] 100: the difficulty is a formula of the
//!   kind, length and decoys, not a measurement.
//! - **A solve with hints** ([`puzzle_score`]) scores 1 less 0.25 a hint, never below 0.25 (a hint
//!   shows a move of the solution); a failure scores 0. A puzzle solved with or without hints is
//!   solved and not offered again; a failed one comes back once [`RETRY_AFTER`] other puzzles have
//!   failed since, or when nothing else is left.
//! - **A solve after Try again** ([`PuzzleProgress::record_retry`]) counts as solved, and as a
//!   second result between a draw and a first-try solve ([`RETRY_CREDIT`]): less credit, but
//!   credit (a new player once read "Solved, with 3 hints." while the count stayed at 0).
//! - **A new puzzle solver** starts at 1100 with deviation [`PUZZLE_START_DEVIATION`] 200, not the
//!   games' 350: one puzzle tells less than one game, and one wrong move cost a new player 175
//!   points (1100 → 925); now it costs about 70.
//! - **The first puzzles** are the clean ones: among puzzles equally near the player's rating, the
//!   one with the fewest stones comes first (a new player met No. 204, a cluttered middle game).

use serde::{Deserialize, Serialize};
use tengen_engine::{Puzzle, Rule, cell_name};

use crate::rating::{Rating, RatingPeriod, RatingPoint};

/// The deviation of a puzzle's rating.
pub const PUZZLE_DEVIATION: f64 = 100.0;
/// What each hint takes off a solve.
pub const PUZZLE_HINT_COST: f64 = 0.25;
/// How many later failures keep a failed puzzle from coming back.
pub const RETRY_AFTER: usize = 5;
/// How many points the puzzle rating's graph keeps (the oldest go first).
pub const PUZZLE_HISTORY_CAP: usize = 500;
/// A new puzzle solver's deviation.
pub const PUZZLE_START_DEVIATION: f64 = 200.0;
/// The share of a first-try solve's score above a draw that a solve after Try again keeps.
pub const RETRY_CREDIT: f64 = 0.5;

/// The player's puzzles so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// The player's puzzle rating.
    pub rating: Rating,
    /// The rating period under way (ten puzzles, as the games').
    pub period: RatingPeriod,
    /// The ids ([`puzzle_id`]) of the puzzles solved, with or without hints, in the order solved.
    pub solved: Vec<u64>,
    /// The ids of the puzzles failed and not solved since, the latest failure last.
    pub failed: Vec<u64>,
    /// Puzzles tried, solved or not.
    pub attempts: u32,
    /// The puzzle rating after each puzzle, oldest first (at most [`PUZZLE_HISTORY_CAP`]).
    pub history: Vec<RatingPoint>,
}

impl Default for PuzzleProgress {
    fn default() -> PuzzleProgress {
        PuzzleProgress {
            rating: Rating {
                deviation: PUZZLE_START_DEVIATION,
                ..Rating::fresh()
            },
            period: RatingPeriod::default(),
            solved: Vec::new(),
            failed: Vec::new(),
            attempts: 0,
            history: Vec::new(),
        }
    }
}

/// A puzzle's stable id: FNV-1a (64 bits) of its line's content, `freestyle black h8i9j10 j11`.
pub fn puzzle_id(p: &Puzzle) -> u64 {
    let rule = match p.rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    };
    let size = p.variant().size();
    let mut text = format!("{rule} {} ", p.to_move);
    for &m in &p.moves {
        text.push_str(&cell_name(m, size));
    }
    text.push(' ');
    text.push_str(&cell_name(p.solution, size));
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A puzzle's rating from its difficulty: 900 + 200 × difficulty (1 to 5; others are brought into
/// that range).
pub fn puzzle_rating(difficulty: u8) -> f64 {
    900.0 + 200.0 * f64::from(difficulty.clamp(1, 5))
}

/// The score of one try: a solve 1, less [`PUZZLE_HINT_COST`] a hint but at least 0.25; a failure 0.
pub fn puzzle_score(solved: bool, hints: u32) -> f64 {
    if solved {
        (1.0 - PUZZLE_HINT_COST * f64::from(hints)).max(0.25)
    } else {
        0.0
    }
}

impl PuzzleProgress {
    pub fn is_solved(&self, p: &Puzzle) -> bool {
        self.solved.contains(&puzzle_id(p))
    }

    /// Files one try at `p` (at `now_secs`) and returns the puzzle rating before and after.
    pub fn record(&mut self, p: &Puzzle, solved: bool, hints: u32, now_secs: u64) -> (f64, f64) {
        self.file(p, solved, puzzle_score(solved, hints), now_secs)
    }

    /// Files a solve after Try again (its first try was filed as missed): solved, scored from a
    /// draw's 0.5 up by [`RETRY_CREDIT`] of what a first-try solve with `hints` hints scores above
    /// it (0.75 without hints, 0.5 with two or more).
    pub fn record_retry(&mut self, p: &Puzzle, hints: u32, now_secs: u64) -> (f64, f64) {
        let score = 0.5 + RETRY_CREDIT * (puzzle_score(true, hints) - 0.5).max(0.0);
        self.file(p, true, score, now_secs)
    }

    fn file(&mut self, p: &Puzzle, solved: bool, score: f64, now_secs: u64) -> (f64, f64) {
        let before = self.rating.sanitized();
        if self.period.games.is_empty() {
            self.period.start = before;
        }
        let after = self
            .period
            .add(puzzle_rating(p.difficulty), PUZZLE_DEVIATION, score);
        self.rating = after;
        self.attempts = self.attempts.saturating_add(1);
        self.history.push(after.point(now_secs));
        if self.history.len() > PUZZLE_HISTORY_CAP {
            let extra = self.history.len() - PUZZLE_HISTORY_CAP;
            self.history.drain(..extra);
        }
        let id = puzzle_id(p);
        if solved {
            self.failed.retain(|&f| f != id);
            if !self.solved.contains(&id) {
                self.solved.push(id);
            }
        } else if !self.solved.contains(&id) {
            self.failed.retain(|&f| f != id);
            self.failed.push(id);
        }
        (before.rating, after.rating)
    }
}

/// The puzzle to offer next: an unsolved one whose rating is nearest the player's puzzle rating
/// (among equals the one with the fewest stones, then the lower id, so the choice does not depend
/// on the file's order). The last
/// [`RETRY_AFTER`] failed puzzles wait while anything else is left. `None` once all are solved.
pub fn next_puzzle<'a>(progress: &PuzzleProgress, puzzles: &'a [Puzzle]) -> Option<&'a Puzzle> {
    let player = progress.rating.sanitized().rating;
    let recent = &progress.failed[progress.failed.len().saturating_sub(RETRY_AFTER)..];
    let nearest = |waiting: bool| {
        puzzles
            .iter()
            .map(|p| (p, puzzle_id(p)))
            .filter(|(_, id)| !progress.solved.contains(id))
            .filter(|(_, id)| recent.contains(id) == waiting)
            .min_by(|(a, a_id), (b, b_id)| {
                let da = (puzzle_rating(a.difficulty) - player).abs();
                let db = (puzzle_rating(b.difficulty) - player).abs();
                // The clean position first: the fewest stones to take in.
                da.total_cmp(&db)
                    .then(a.moves.len().cmp(&b.moves.len()))
                    .then(a_id.cmp(b_id))
            })
            .map(|(p, _)| p)
    };
    nearest(false).or_else(|| nearest(true))
}

#[cfg(test)]
mod newcomer_tests {
    use super::*;

    #[test]
    fn a_new_solver_starts_on_the_cleanest_easy_puzzle() {
        let puzzles = tengen_engine::embedded_puzzles();
        let fresh = PuzzleProgress::default();
        let first = next_puzzle(&fresh, &puzzles).expect("one");
        assert_eq!(first.difficulty, 1);
        let fewest = puzzles
            .iter()
            .filter(|p| p.difficulty == 1)
            .map(|p| p.moves.len())
            .min()
            .expect("easy puzzles");
        assert_eq!(
            first.moves.len(),
            fewest,
            "the fewest stones of the easiest"
        );
    }

    #[test]
    fn a_miss_costs_a_new_solver_less_and_a_retry_solve_counts_for_less() {
        let puzzles = tengen_engine::embedded_puzzles();
        let fresh = PuzzleProgress::default();
        let p = next_puzzle(&fresh, &puzzles).expect("one");
        let mut missed = fresh.clone();
        let (before, after_miss) = missed.record(p, false, 0, 0);
        assert!(
            before - after_miss < 100.0,
            "a miss cost {before} -> {after_miss}"
        );
        let (_, after_retry) = missed.record_retry(p, 3, 0);
        assert!(after_retry > after_miss, "a retry solve is credited");
        assert!(missed.is_solved(p), "and counted among the solved");
        assert!(missed.failed.is_empty());
        assert_eq!(missed.solved.len(), 1);
        // Less credit than solving it at the first try.
        let mut first_try = fresh.clone();
        let (_, solved) = first_try.record(p, true, 0, 0);
        assert!(after_retry < solved);
    }
}
