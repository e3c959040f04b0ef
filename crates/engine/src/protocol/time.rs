//! The manager's clock (`INFO timeout_turn`, `timeout_match`, `time_left`, `time_increment`) as the
//! search layer's [`MoveClock`]: the time one move gets is the time manager's (`search/time.rs`).

use std::time::Duration;

use crate::{MoveClock, ThinkTime};

/// The manager's clock, as told by `INFO`.
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
    /// `time_increment` (Yixin-Board): added to the game clock after each move. c-gomoku-cli
    /// adds its increment to `time_left` instead, and sends none.
    pub increment: Option<Duration>,
}

impl TimeControl {
    /// The clock the next move is played under; `None` when the manager gave none at all.
    pub fn clock(&self) -> Option<MoveClock> {
        let unlimited_match = self.match_total == Some(Duration::ZERO);
        match (self.turn, self.time_left.filter(|_| !unlimited_match)) {
            (None, None) => None,
            (Some(turn), None) => Some(MoveClock::PerMove(turn)),
            (turn, Some(left)) => Some(MoveClock::Game {
                left,
                increment: self.increment.unwrap_or_default(),
                turn,
            }),
        }
    }

    /// The time to think about one move: `default` (meant and most) when the manager gave no
    /// clock, else the time manager's share. `empty_cells` is how many points are still free.
    pub fn think_time(&self, default: Duration, empty_cells: usize) -> ThinkTime {
        self.clock().map_or(ThinkTime::fixed(default), |clock| {
            clock.think_time(empty_cells)
        })
    }
}
