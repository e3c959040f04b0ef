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

/// The player's puzzles so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
        let before = self.rating.sanitized();
        if self.period.games.is_empty() {
            self.period.start = before;
        }
        let after = self.period.add(
            puzzle_rating(p.difficulty),
            PUZZLE_DEVIATION,
            puzzle_score(solved, hints),
        );
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
/// (the lower id among equals, so the choice does not depend on the file's order). The last
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
                da.total_cmp(&db).then(a_id.cmp(b_id))
            })
            .map(|(p, _)| p)
    };
    nearest(false).or_else(|| nearest(true))
}
