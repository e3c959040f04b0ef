//! The manager's clock (`INFO timeout_turn`, `timeout_match`, `time_left`) and the time one move may take.

use std::time::Duration;

/// The manager's clock, as told by `INFO`, and the per-move budget drawn from it.
///
/// Each field is `None` until the manager sends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn`: the limit for one move; zero means "as fast as possible".
    pub turn: Option<Duration>,
    /// `timeout_match`: the limit for the whole game; zero means unlimited.
    pub match_total: Option<Duration>,
    /// `time_left`: what is left of the game limit, sent before each move.
    pub time_left: Option<Duration>,
}

/// The least time kept back from any limit: reading, printing and process scheduling on a loaded
/// machine cost a few milliseconds, and a manager forfeits a brain that answers one millisecond late.
const MIN_MARGIN: Duration = Duration::from_millis(25);
/// The most time kept back from a limit.
const MAX_MARGIN: Duration = Duration::from_millis(500);
/// The fewest own moves the rest of a game is assumed to need, so the match clock never runs dry.
const MIN_MOVES_TO_GO: u32 = 8;
/// The most own moves the rest of a game is assumed to need (a long game on a big board).
const MAX_MOVES_TO_GO: u32 = 25;

impl TimeControl {
    /// What is kept back from `limit`: a tenth of it, between [`MIN_MARGIN`] and [`MAX_MARGIN`], and
    /// never more than the limit itself.
    pub fn margin(limit: Duration) -> Duration {
        (limit / 10).clamp(MIN_MARGIN, MAX_MARGIN).min(limit)
    }

    /// The time to think about one move.
    ///
    /// `default` is used when the manager gave no clock at all. `empty_cells` is how many points are
    /// still free; it estimates how many moves the rest of the game needs from the match clock.
    /// The budget never exceeds `timeout_turn` or `time_left` minus their margins, so the answer is
    /// on time even if the search uses every microsecond of it.
    pub fn budget(&self, default: Duration, empty_cells: usize) -> Duration {
        let turn_cap = self
            .turn
            .map(|turn| turn.saturating_sub(Self::margin(turn)));
        let match_cap = self.match_cap(empty_cells);
        match (turn_cap, match_cap) {
            (None, None) => default,
            (Some(t), None) => t,
            (None, Some(m)) => m,
            (Some(t), Some(m)) => t.min(m),
        }
    }

    /// The share of the match clock for this move, if the match clock is limited and known.
    fn match_cap(&self, empty_cells: usize) -> Option<Duration> {
        if self.match_total == Some(Duration::ZERO) {
            return None; // unlimited match: only the turn limit counts
        }
        let left = self.time_left?;
        let usable = left.saturating_sub(Self::margin(left));
        // About half the free points would be ours if the game filled the board; games end long
        // before that, so the estimate is clamped to a typical game's length.
        let to_go = u32::try_from(empty_cells / 2)
            .unwrap_or(MAX_MOVES_TO_GO)
            .clamp(MIN_MOVES_TO_GO, MAX_MOVES_TO_GO);
        Some(usable / to_go)
    }
}
