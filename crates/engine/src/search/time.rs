//! The one time manager: how long a move may take under any clock the engine plays by: a fixed
//! time a move (the levels, Gomocup's `timeout_turn`), a game clock with or without increment
//! (Gomocup's `timeout_match`/`time_left`, c-gomoku-cli's `tc=MATCH/TURN+INC`, the game's Fischer
//! clocks) and byo-yomi. It gives two times, as Rapfi's and Stockfish's managers do: the time a
//! move is meant to take, after which no new iteration starts, and the most it may take, which an
//! iteration started late may run on to. Under a fixed time a move the two are one.

use std::time::Duration;

/// The least time kept back from any limit: reading, printing and process scheduling on a loaded
/// machine cost a few milliseconds, and a manager forfeits a brain that answers one millisecond late.
const MIN_MARGIN: Duration = Duration::from_millis(25);
/// The most time kept back from a limit. The search stops within a millisecond of its deadline
/// (`Searcher::check_abort`), and its slowest answers through c-gomoku-cli, two games at a time on
/// two cores, came 15 ms after it; a long limit needs no more than this. 500 ms left a tenth of a
/// 5 s move unused where Rapfi keeps 30 ms (docs/strength.md, "The time margin").
const MAX_MARGIN: Duration = Duration::from_millis(200);
/// The fewest own moves the rest of a game is assumed to need, so the game clock never runs dry.
const MIN_MOVES_TO_GO: u32 = 8;
/// The most own moves the rest of a game is assumed to need (a long game on a big board).
const MAX_MOVES_TO_GO: u32 = 25;
/// How far past its meant time a move may run (an iteration started while the best move was
/// still changing): a multiple of the meant time...
const STRETCH: u32 = 3;
/// ...and at most this share (percent) of what is left, so a few stretched moves in a row still
/// leave time for the rest of the game.
const MOST_OF_LEFT: u32 = 25;

/// What a clock allows the side to move, at the moment it starts to think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveClock {
    /// Each move within this time; nothing carries over.
    PerMove(Duration),
    /// A game clock with `left` of it now and `increment` earned after this move (zero: sudden
    /// death); `turn`, where given, caps a single move as well (Gomocup's `timeout_turn`).
    Game {
        left: Duration,
        increment: Duration,
        turn: Option<Duration>,
    },
    /// Byo-yomi: `main` left of the main time, then periods of `period` (a move made within a
    /// period keeps it). With the main time spent, each move has one period.
    ByoYomi { main: Duration, period: Duration },
}

/// The time one move is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkTime {
    /// What the move is meant to take: no new iteration starts after (a share of) it.
    pub optimum: Duration,
    /// The most it may take: the search stops here whatever it is doing.
    pub maximum: Duration,
}

impl ThinkTime {
    /// One time, meant and most: a fixed time a move.
    pub fn fixed(time: Duration) -> ThinkTime {
        ThinkTime {
            optimum: time,
            maximum: time,
        }
    }

    /// Neither time longer than `cap` (a level's own think time).
    pub fn at_most(self, cap: Duration) -> ThinkTime {
        ThinkTime {
            optimum: self.optimum.min(cap),
            maximum: self.maximum.min(cap),
        }
    }
}

/// What is kept back from `limit`: a twentieth of it, between [`MIN_MARGIN`] and [`MAX_MARGIN`],
/// and never more than the limit itself.
pub fn margin(limit: Duration) -> Duration {
    (limit / 20).clamp(MIN_MARGIN, MAX_MARGIN).min(limit)
}

/// `limit` less its margin: the longest a move may take and still be on time.
fn usable(limit: Duration) -> Duration {
    limit.saturating_sub(margin(limit))
}

impl MoveClock {
    /// The time this move gets; `empty_cells`, how many points are still free, estimates how many
    /// moves the rest of the game needs from a game clock. Neither time ever passes the clock's
    /// limit less its margin, so the answer is on time even if the search uses all of it.
    pub fn think_time(&self, empty_cells: usize) -> ThinkTime {
        match *self {
            MoveClock::PerMove(limit) => ThinkTime::fixed(usable(limit)),
            MoveClock::Game {
                left,
                increment,
                turn,
            } => {
                let time = game_share(left, increment, empty_cells);
                match turn {
                    Some(turn) => time.at_most(usable(turn)),
                    None => time,
                }
            }
            MoveClock::ByoYomi { main, period } => {
                let period = usable(period);
                if main.is_zero() {
                    return ThinkTime::fixed(period);
                }
                // The period is there after the main time whatever happens: never less than it.
                let share = game_share(main, Duration::ZERO, empty_cells);
                ThinkTime {
                    optimum: share.optimum.max(period),
                    maximum: share.maximum.max(period),
                }
            }
        }
    }
}

/// A move's share of a game clock with `left` on it, `increment` to come after the move.
fn game_share(left: Duration, increment: Duration, empty_cells: usize) -> ThinkTime {
    let usable = usable(left);
    // About half the free points would be ours if the game filled the board; games end long
    // before that, so the estimate is clamped to a typical game's length.
    let to_go = u32::try_from(empty_cells / 2)
        .unwrap_or(MAX_MOVES_TO_GO)
        .clamp(MIN_MOVES_TO_GO, MAX_MOVES_TO_GO);
    // Most of the increment is spent on the move that earns it; a little is saved for later.
    let optimum = (usable / to_go + increment * 3 / 4).min(usable);
    let maximum = (optimum * STRETCH)
        .min(usable * MOST_OF_LEFT / 100 + increment)
        .clamp(optimum, usable);
    ThinkTime { optimum, maximum }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fixed_time_a_move_is_one_time_less_its_margin() {
        let time = MoveClock::PerMove(ms(1000)).think_time(200);
        assert_eq!(time, ThinkTime::fixed(ms(950)));
        // A long limit keeps at most 200 ms back.
        let time = MoveClock::PerMove(ms(5000)).think_time(200);
        assert_eq!(time, ThinkTime::fixed(ms(4800)));
        // A tiny limit keeps at least 25 ms back, never more than the limit.
        assert_eq!(
            MoveClock::PerMove(ms(100)).think_time(200),
            ThinkTime::fixed(ms(75))
        );
        assert_eq!(
            MoveClock::PerMove(ms(10)).think_time(200),
            ThinkTime::fixed(ms(0))
        );
    }

    #[test]
    fn a_game_clock_is_shared_over_the_moves_to_go_and_may_stretch() {
        // 60 s left less a 0.2 s margin, no increment, an early position (25 moves to go):
        // 59.8 / 25 = 2.392 s meant, three times that at most, under a quarter of what is left.
        let clock = MoveClock::Game {
            left: ms(60_000),
            increment: ms(0),
            turn: None,
        };
        let time = clock.think_time(200);
        assert_eq!(time.optimum, ms(2_392));
        assert_eq!(time.maximum, ms(7_176));
        // Late in the game, fewer moves to go, but never fewer than eight.
        let late = clock.think_time(4);
        assert_eq!(late.optimum, ms(59_800) / 8);
        assert_eq!(late.maximum, ms(59_800) / 4);
    }

    #[test]
    fn an_increment_is_mostly_spent_on_the_move_that_earns_it() {
        let clock = MoveClock::Game {
            left: ms(10_000),
            increment: ms(1_000),
            turn: None,
        };
        let time = clock.think_time(200);
        // 9.8 s / 25 + 0.75 s.
        assert_eq!(time.optimum, ms(392 + 750));
        assert!(time.maximum > time.optimum && time.maximum <= ms(9_800));
        // With less left than the increment, the clock's own limit still holds.
        let short = MoveClock::Game {
            left: ms(300),
            increment: ms(5_000),
            turn: None,
        };
        let time = short.think_time(200);
        assert_eq!(time, ThinkTime::fixed(ms(275)));
    }

    #[test]
    fn a_turn_limit_caps_a_game_clock() {
        let clock = MoveClock::Game {
            left: ms(600_000),
            increment: ms(0),
            turn: Some(ms(5_000)),
        };
        assert_eq!(clock.think_time(200), ThinkTime::fixed(ms(4_800)));
    }

    #[test]
    fn byo_yomi_never_gives_less_than_a_period_and_in_the_periods_one_period() {
        let in_main = MoveClock::ByoYomi {
            main: ms(20_000),
            period: ms(10_000),
        };
        let time = in_main.think_time(200);
        // 19.8 s / 25 = 0.792 s would be the main time's share; the period (9.8 s, less its
        // margin) is always there.
        assert_eq!(time, ThinkTime::fixed(ms(9_800)));
        let in_periods = MoveClock::ByoYomi {
            main: ms(0),
            period: ms(5_000),
        };
        assert_eq!(in_periods.think_time(200), ThinkTime::fixed(ms(4_800)));
        let long_main = MoveClock::ByoYomi {
            main: ms(600_000),
            period: ms(1_000),
        };
        let time = long_main.think_time(200);
        assert_eq!(time.optimum, ms(599_800 / 25));
        assert_eq!(time.maximum, ms(599_800 / 25 * 3));
    }

    #[test]
    fn no_time_is_ever_past_the_clock() {
        for left in [0, 1, 30, 400, 5_000, 120_000] {
            for increment in [0, 100, 5_000] {
                for empty in [0, 10, 225, 400] {
                    let clock = MoveClock::Game {
                        left: ms(left),
                        increment: ms(increment),
                        turn: None,
                    };
                    let time = clock.think_time(empty);
                    assert!(time.optimum <= time.maximum, "{clock:?} {empty}");
                    assert!(time.maximum <= ms(left).saturating_sub(margin(ms(left))));
                }
            }
        }
    }
}
