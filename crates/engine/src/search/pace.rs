//! How long iterative deepening goes on within one move's think time: longer while the best move
//! keeps changing or its score is falling, shorter once it has held for several iterations. The
//! deadline never moves, so the pace changes only when a new iteration may start, never how late an
//! answer comes.

use std::time::Duration;

use super::state::Cell;

/// Iterations in a row with the same best move after which the search counts as settled.
const SETTLED: u32 = 4;
/// The latest start (percent of the think time) for an iteration after the best move changed.
const UNSETTLED_MAX: u32 = 90;

/// The share of the think time after which no new iteration starts, from the best move's history.
#[derive(Clone, Debug)]
pub struct Pace {
    /// The level's share (percent) when nothing is known yet or the pace is fixed.
    base: u32,
    /// Whether the share follows the best move (Expert); else it stays `base`.
    adaptive: bool,
    /// How far (evaluation units) the score must fall below its value two iterations back (the
    /// same parity of depth, since odd and even depths score a side differently) for the search
    /// to count as unsettled; 0 turns this off.
    drop: i32,
    best: Option<Cell>,
    /// The scores of the last two finished iterations, the older first.
    scores: [Option<i32>; 2],
    /// Whether the last finished iteration's score fell by `drop` or more.
    falling: bool,
    /// Iterations in a row that kept `best`.
    held: u32,
    /// Whether the last finished iteration changed the best move.
    changed: bool,
}

impl Pace {
    pub fn new(base: u32, adaptive: bool, drop: i32) -> Pace {
        Pace {
            base,
            adaptive,
            drop,
            best: None,
            scores: [None; 2],
            falling: false,
            held: 0,
            changed: false,
        }
    }

    /// Notes the best move and score of a finished iteration.
    pub fn record(&mut self, best: Cell, score: i32) {
        self.falling = self.drop > 0 && self.scores[0].is_some_and(|s| s - score >= self.drop);
        self.scores = [self.scores[1], Some(score)];
        self.changed = self.best.is_some_and(|b| b != best);
        self.held = if self.best == Some(best) {
            self.held + 1
        } else {
            0
        };
        self.best = Some(best);
    }

    /// The share (percent) of the think time after which no new iteration starts.
    pub fn share(&self) -> u32 {
        if !self.adaptive {
            self.base
        } else if self.changed || self.falling {
            // The search is still making up its mind, or has just seen trouble coming: one more
            // iteration is worth a late start.
            (self.base * 3 / 2).min(UNSETTLED_MAX).max(self.base)
        } else if self.held >= SETTLED {
            // Settled: a deeper look rarely changes the move; keep the time (for a match clock).
            self.base * 3 / 4
        } else {
            self.base
        }
    }

    /// Whether another iteration may start after `spent` of the think time `total`.
    pub fn may_deepen(&self, spent: Duration, total: Duration) -> bool {
        spent.as_micros() * 100 <= total.as_micros() * u128::from(self.share())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_changing_best_move_gets_more_time_and_a_settled_one_less() {
        let total = ms(1000);
        let mut pace = Pace::new(60, true, 0);
        pace.record(5, 0);
        assert!(pace.may_deepen(ms(600), total));
        assert!(!pace.may_deepen(ms(650), total));
        // The best move changed: an iteration may still start at 85 % of the time.
        pace.record(7, 0);
        assert!(pace.may_deepen(ms(850), total));
        assert!(!pace.may_deepen(ms(950), total));
        // It holds for one iteration: back to the level's share.
        pace.record(7, 0);
        assert!(!pace.may_deepen(ms(650), total));
        // Settled after four iterations in a row: stop sooner.
        for _ in 0..3 {
            pace.record(7, 0);
        }
        assert!(!pace.may_deepen(ms(500), total));
        assert!(pace.may_deepen(ms(440), total));
        // A change un-settles it at once.
        pace.record(9, 0);
        assert!(pace.may_deepen(ms(850), total));
    }

    #[test]
    fn a_falling_score_gets_more_time_even_when_the_move_holds() {
        let total = ms(1000);
        let mut pace = Pace::new(60, true, 50);
        // Settled: the same move five iterations in a row, its score steady at each parity.
        for score in [10, 30, 10, 30, 10] {
            pace.record(7, score);
        }
        assert!(!pace.may_deepen(ms(500), total));
        // The score falls 40 below its value two iterations back: not enough to count.
        pace.record(7, -10);
        assert!(!pace.may_deepen(ms(500), total));
        // 60 below: the move holds, but the search may start another iteration late.
        pace.record(7, -50);
        assert!(pace.may_deepen(ms(850), total));
        // Compared with the same parity only: a swing between odd and even depths is no fall.
        pace.record(7, -10);
        pace.record(7, -50);
        assert!(!pace.may_deepen(ms(500), total));
    }

    #[test]
    fn a_fixed_pace_ignores_the_best_move_and_its_score() {
        let total = ms(300);
        let mut pace = Pace::new(40, false, 50);
        for (best, score) in [1, 2, 3, 3, 3, 3, 3, 3]
            .into_iter()
            .zip([0, 0, -100, -300, -500, 0, 0, 0])
        {
            pace.record(best, score);
            assert!(pace.may_deepen(ms(120), total));
            assert!(!pace.may_deepen(ms(121), total));
        }
    }
}
