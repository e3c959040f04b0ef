//! The app's clock as the instants the engine host keeps its deadlines in.

use std::time::{Duration, Instant};

/// Turns readings of the app's real-time clock (`Time<Real>::elapsed`, which the headless tests
/// advance by hand, a frame at a time) into `Instant`s for the engine host, so an outside
/// engine's time runs with the app's clock, not the wall's: the first reading is pinned to the
/// moment it was taken, and every later one lies as far after it as the clock moved on.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClockInstants {
    origin: Option<(Instant, Duration)>,
}

impl ClockInstants {
    /// The instant the app's clock reads `elapsed` at.
    pub fn at(&mut self, elapsed: Duration) -> Instant {
        let (real, game) = *self.origin.get_or_insert_with(|| (Instant::now(), elapsed));
        real + elapsed.saturating_sub(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_lie_as_far_apart_as_the_clock_moved_and_never_before_the_first() {
        let mut instants = ClockInstants::default();
        let first = instants.at(Duration::from_secs(10));
        assert_eq!(
            instants.at(Duration::from_millis(12_500)) - first,
            Duration::from_millis(2_500)
        );
        // A reading from before the first (a clock that was reset) is the first instant.
        assert_eq!(instants.at(Duration::from_secs(3)), first);
    }
}
