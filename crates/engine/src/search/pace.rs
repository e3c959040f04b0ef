//! How long iterative deepening goes on within one move's think time: longer while the best move
//! keeps changing, shorter once it has held for several iterations. The deadline never moves, so
//! the pace changes only when a new iteration may start, never how late an answer comes.

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
    best: Option<Cell>,
    /// Iterations in a row that kept `best`.
    held: u32,
    /// Whether the last finished iteration changed the best move.
    changed: bool,
}

impl Pace {
    pub fn new(base: u32, adaptive: bool) -> Pace {
        Pace {
            base,
            adaptive,
            best: None,
            held: 0,
            changed: false,
        }
    }

    /// Notes the best move of a finished iteration.
    pub fn record(&mut self, best: Cell) {
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
        } else if self.changed {
            // The search is still making up its mind: one more iteration is worth a late start.
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
        let mut pace = Pace::new(60, true);
        pace.record(5);
        assert!(pace.may_deepen(ms(600), total));
        assert!(!pace.may_deepen(ms(650), total));
        // The best move changed: an iteration may still start at 85 % of the time.
        pace.record(7);
        assert!(pace.may_deepen(ms(850), total));
        assert!(!pace.may_deepen(ms(950), total));
        // It holds for one iteration: back to the level's share.
        pace.record(7);
        assert!(!pace.may_deepen(ms(650), total));
        // Settled after four iterations in a row: stop sooner.
        for _ in 0..3 {
            pace.record(7);
        }
        assert!(!pace.may_deepen(ms(500), total));
        assert!(pace.may_deepen(ms(440), total));
        // A change un-settles it at once.
        pace.record(9);
        assert!(pace.may_deepen(ms(850), total));
    }

    #[test]
    fn a_fixed_pace_ignores_the_best_move() {
        let total = ms(300);
        let mut pace = Pace::new(40, false);
        for best in [1, 2, 3, 3, 3, 3, 3, 3] {
            pace.record(best);
            assert!(pace.may_deepen(ms(120), total));
            assert!(!pace.may_deepen(ms(121), total));
        }
    }
}
