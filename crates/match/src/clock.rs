//! The players' clocks: the time each side has spent on its turns and, under a time control, the
//! time it has left. Times are kept under the colour a seat plays: when a swap opening hands out the
//! colours, the times change colour with their seats. `now` is whatever monotonic time the caller
//! keeps (the game's real time); the clocks never read a clock of their own, so tests drive time by
//! hand.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tengen_engine::Color;

/// How much time each side has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TimeControl {
    /// No limit: the clocks count the time used, up.
    #[default]
    None,
    /// `base` for the game, and `increment` added after each of the side's moves (sudden death
    /// when the increment is zero).
    Fischer {
        #[serde(with = "millis")]
        base: Duration,
        #[serde(with = "millis")]
        increment: Duration,
    },
}

/// Each side's time, and whose clock runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clocks {
    control: TimeControl,
    /// Time spent per side (black, white) on its finished turns.
    spent: [Duration; 2],
    /// Increments earned per side by its moves.
    earned: [Duration; 2],
    /// When the running turn started; `None` while the clocks stand still.
    turn_started: Option<Duration>,
    /// Whose clock runs (or would run): the colour of the seat acting.
    runs_for: Option<Color>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            ..Clocks::default()
        }
    }

    /// Clocks that already show these times (a saved game): stopped, black's turn to start.
    pub fn restored(control: TimeControl, spent: [Duration; 2], earned: [Duration; 2]) -> Clocks {
        Clocks {
            control,
            spent,
            earned,
            turn_started: None,
            runs_for: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// A side's time used at `now`, the running turn included.
    pub fn used(&self, side: Color, now: Duration) -> Duration {
        let running = match self.turn_started {
            Some(start) if self.runs_for == Some(side) => now.saturating_sub(start),
            _ => Duration::ZERO,
        };
        self.spent[side.index()] + running
    }

    /// A side's time used on finished turns (what the saved game keeps).
    pub fn spent(&self, side: Color) -> Duration {
        self.spent[side.index()]
    }

    /// The increments a side has earned (what the saved game keeps).
    pub fn earned(&self, side: Color) -> Duration {
        self.earned[side.index()]
    }

    /// A side's time left at `now`, under a time control (`None` without one). Zero once it fell.
    pub fn left(&self, side: Color, now: Duration) -> Option<Duration> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { base, .. } => {
                Some((base + self.earned[side.index()]).saturating_sub(self.used(side, now)))
            }
        }
    }

    /// What the clocks show for a side: the time left under a time control, else the time used.
    pub fn shown(&self, side: Color, now: Duration) -> Duration {
        self.left(side, now).unwrap_or_else(|| self.used(side, now))
    }

    /// Both sides' time used at `now`: how long the game has been played.
    pub fn total(&self, now: Duration) -> Duration {
        self.used(Color::Black, now) + self.used(Color::White, now)
    }

    /// Whether a clock runs now.
    pub fn running(&self) -> bool {
        self.turn_started.is_some()
    }

    /// The side whose clock runs or would run.
    pub fn runs_for(&self) -> Option<Color> {
        self.runs_for
    }

    /// The side whose time has run out at `now`, if any.
    pub fn fallen(&self, now: Duration) -> Option<Color> {
        let side = self.runs_for?;
        (self.left(side, now) == Some(Duration::ZERO)).then_some(side)
    }

    /// Sets each side's time used to another machine's reading of it (`used`, black then white), as
    /// at `now`: the host of a network game owns the time, and the guest's clocks show its numbers.
    /// A running turn goes on running from `now`.
    pub fn sync(&mut self, used: [Duration; 2], now: Duration) {
        self.spent = used;
        if self.turn_started.is_some() {
            self.turn_started = Some(now);
        }
    }

    /// Ends the running turn at `now`, adding it to its side's time, and stops the clocks.
    pub(crate) fn bank(&mut self, now: Duration) {
        if let (Some(start), Some(side)) = (self.turn_started.take(), self.runs_for) {
            self.spent[side.index()] += now.saturating_sub(start);
        }
    }

    /// `side` made a move: it earns its increment.
    pub(crate) fn credit_move(&mut self, side: Color) {
        if let TimeControl::Fischer { increment, .. } = self.control {
            self.earned[side.index()] += increment;
        }
    }

    /// `side`'s turn: its clock runs from `now`, or stands still when `now` is `None`.
    pub(crate) fn start(&mut self, side: Color, now: Option<Duration>) {
        self.runs_for = Some(side);
        self.turn_started = now;
    }

    /// The seats changed colours: their times go with them.
    pub(crate) fn swap_sides(&mut self) {
        self.spent.swap(0, 1);
        self.earned.swap(0, 1);
        self.runs_for = self.runs_for.map(Color::opponent);
    }
}

/// A duration as whole milliseconds in the saved form.
pub(crate) mod millis {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_millis)
    }
}
