//! The players' clocks: the time each side has spent on its turns and, under a time control, the
//! time it has left. Times are kept under the colour a seat plays: when a swap opening hands out the
//! colours, the times change colour with their seats. `now` is whatever monotonic time the caller
//! keeps (the game's real time); the clocks never read a clock of their own, so tests drive time by
//! hand.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tengen_engine::Color;
use tengen_engine::{MoveClock, ThinkTime};

/// Under this much time left a clock warns (its colour, a sound).
pub const LOW_TIME: Duration = Duration::from_secs(10);

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
    /// `base` for the game, then `periods` periods of `period` each: a move made within a period
    /// keeps it, a period used up is lost, and the side whose last period runs out loses.
    #[serde(rename = "byo-yomi")]
    ByoYomi {
        #[serde(with = "millis")]
        base: Duration,
        periods: u32,
        #[serde(with = "millis")]
        period: Duration,
    },
    /// No game clock: each move within `limit` (Gomocup's `timeout_turn`).
    #[serde(rename = "per-move")]
    PerMove {
        #[serde(with = "millis")]
        limit: Duration,
    },
}

impl TimeControl {
    /// Whether the clocks count down to a loss on time.
    pub fn is_timed(self) -> bool {
        self != TimeControl::None
    }
}

/// Where the clocks stood once a number of moves had been played (what Undo goes back to).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Mark {
    spent: [Duration; 2],
    earned: [Duration; 2],
    periods_used: [u32; 2],
}

/// Each side's time, and whose clock runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clocks {
    control: TimeControl,
    /// Time spent per side (black, white): its finished turns, and what is banked of the running
    /// one (a dialog or the menu stopped it).
    spent: [Duration; 2],
    /// Increments earned per side by its moves.
    earned: [Duration; 2],
    /// Byo-yomi periods each side has lost.
    periods_used: [u32; 2],
    /// What is banked of the running turn (its side is `runs_for`).
    turn_spent: Duration,
    /// When the running turn started; `None` while the clocks stand still.
    turn_started: Option<Duration>,
    /// Whose clock runs (or would run): the colour of the seat acting.
    runs_for: Option<Color>,
    /// Where the clocks stood after each number of moves, from the first kept (see `mark`).
    marks: Vec<(usize, Mark)>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            marks: vec![(0, Mark::default())],
            ..Clocks::default()
        }
    }

    /// Clocks that already show these times (a saved game): stopped, black's turn to start.
    pub fn restored(
        control: TimeControl,
        spent: [Duration; 2],
        earned: [Duration; 2],
        periods_used: [u32; 2],
    ) -> Clocks {
        Clocks {
            control,
            spent,
            earned,
            periods_used,
            ..Clocks::default()
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The running turn's time at `now`, banked parts included (zero for the other side).
    fn this_turn(&self, side: Color, now: Duration) -> Duration {
        if self.runs_for != Some(side) {
            return Duration::ZERO;
        }
        let running = self
            .turn_started
            .map_or(Duration::ZERO, |start| now.saturating_sub(start));
        self.turn_spent + running
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

    /// A side's time left once `moves` moves were on the board, from the reading kept for Undo
    /// (`None` without a time control, under a per-move limit, or where no reading was kept: a
    /// restored game keeps none before its own start). Byo-yomi: the main time left, else a whole
    /// period.
    pub fn left_at(&self, moves: usize, side: Color) -> Option<Duration> {
        let (_, mark) = self.marks.iter().rev().find(|(at, _)| *at == moves)?;
        let spent = mark.spent[side.index()];
        match self.control {
            TimeControl::Fischer { base, .. } => {
                Some((base + mark.earned[side.index()]).saturating_sub(spent))
            }
            TimeControl::ByoYomi { base, period, .. } if spent >= base => Some(period),
            TimeControl::ByoYomi { base, .. } => Some(base - spent),
            TimeControl::None | TimeControl::PerMove { .. } => None,
        }
    }

    /// The byo-yomi periods a side has lost (what the saved game keeps).
    pub fn periods_used(&self, side: Color) -> u32 {
        self.periods_used[side.index()]
    }

    /// A side's byo-yomi at `now`: the main time before this turn, and how much of it this turn
    /// has used beyond it (zero while in the main time).
    fn beyond_main(&self, side: Color, base: Duration, now: Duration) -> (Duration, Duration) {
        let this_turn = self.this_turn(side, now);
        let before = self.spent[side.index()].saturating_sub(if self.runs_for == Some(side) {
            self.turn_spent
        } else {
            Duration::ZERO
        });
        let main_left = base.saturating_sub(before);
        (main_left, this_turn.saturating_sub(main_left))
    }

    /// Under byo-yomi, the periods a side has left at `now` (the one running included).
    pub fn periods_left(&self, side: Color, now: Duration) -> Option<u32> {
        let TimeControl::ByoYomi {
            base,
            periods,
            period,
        } = self.control
        else {
            return None;
        };
        let (_, over) = self.beyond_main(side, base, now);
        let lost_now = periods_lost(over, period);
        Some(periods.saturating_sub(self.periods_used[side.index()] + lost_now))
    }

    /// Whether a side plays in its byo-yomi periods now (its main time is gone).
    pub fn in_byo_yomi(&self, side: Color, now: Duration) -> bool {
        match self.control {
            TimeControl::ByoYomi { base, .. } => {
                let (main_left, over) = self.beyond_main(side, base, now);
                main_left.is_zero() || !over.is_zero()
            }
            _ => false,
        }
    }

    /// A side's time left at `now`, under a time control (`None` without one): Fischer's game
    /// time, byo-yomi's main time or else the running period, a move's limit. Zero once it fell.
    pub fn left(&self, side: Color, now: Duration) -> Option<Duration> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { base, .. } => {
                Some((base + self.earned[side.index()]).saturating_sub(self.used(side, now)))
            }
            TimeControl::ByoYomi { base, period, .. } => {
                let (main_left, over) = self.beyond_main(side, base, now);
                let this_turn = self.this_turn(side, now);
                if this_turn < main_left {
                    return Some(main_left - this_turn);
                }
                if self.periods_left(side, now) == Some(0) {
                    return Some(Duration::ZERO);
                }
                let into_period =
                    Duration::from_nanos((over.as_nanos() % period.as_nanos().max(1)) as u64);
                Some(period.saturating_sub(into_period))
            }
            TimeControl::PerMove { limit } => Some(limit.saturating_sub(self.this_turn(side, now))),
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

    /// How long the computer playing `side` may think at `now` about a move (`wanted` is its own
    /// think time, which neither time passes; `empty_points`, how much board is left, estimates the
    /// moves to go): the engine's time manager's share of what the clock allows, the same as a
    /// Gomocup manager's `INFO` gives `pbrain-tengen`.
    pub fn think_time(
        &self,
        side: Color,
        now: Duration,
        wanted: Duration,
        empty_points: usize,
    ) -> ThinkTime {
        let left = self.left(side, now).unwrap_or_default();
        let clock = match self.control {
            TimeControl::None => return ThinkTime::fixed(wanted),
            TimeControl::Fischer { increment, .. } => MoveClock::Game {
                left,
                increment,
                turn: None,
            },
            TimeControl::ByoYomi { base, period, .. } => {
                let (main_left, _) = self.beyond_main(side, base, now);
                let main = main_left.saturating_sub(self.this_turn(side, now));
                if main.is_zero() {
                    // In the periods: a move within the one running keeps it.
                    MoveClock::PerMove(left)
                } else {
                    MoveClock::ByoYomi { main, period }
                }
            }
            TimeControl::PerMove { .. } => MoveClock::PerMove(left),
        };
        clock.think_time(empty_points).at_most(wanted)
    }

    /// Sets each side's time used to another machine's reading of it (`used`, black then white), as
    /// at `now`: the host of a network game owns the time, and the guest's clocks show its numbers.
    /// A running turn goes on running from `now`.
    pub fn sync(&mut self, used: [Duration; 2], now: Duration) {
        self.spent = used;
        self.turn_spent = Duration::ZERO;
        if self.turn_started.is_some() {
            self.turn_started = Some(now);
        }
    }

    /// Ends the running turn at `now`, adding it to its side's time, and stops the clocks.
    pub(crate) fn bank(&mut self, now: Duration) {
        if let (Some(start), Some(side)) = (self.turn_started.take(), self.runs_for) {
            let running = now.saturating_sub(start);
            self.spent[side.index()] += running;
            self.turn_spent += running;
        }
    }

    /// `side` made a move, its turn banked: it earns its increment, or under byo-yomi loses the
    /// periods the move went past.
    pub(crate) fn credit_move(&mut self, side: Color) {
        match self.control {
            TimeControl::Fischer { increment, .. } => self.earned[side.index()] += increment,
            TimeControl::ByoYomi { base, period, .. } if self.runs_for == Some(side) => {
                let (_, over) = self.beyond_main(side, base, Duration::ZERO);
                self.periods_used[side.index()] += periods_lost(over, period);
            }
            _ => {}
        }
        self.turn_spent = Duration::ZERO;
    }

    /// `side`'s turn: its clock runs from `now`, or stands still when `now` is `None`. Another
    /// side's turn starts afresh.
    pub(crate) fn start(&mut self, side: Color, now: Option<Duration>) {
        if self.runs_for != Some(side) {
            self.turn_spent = Duration::ZERO;
        }
        self.runs_for = Some(side);
        self.turn_started = now;
    }

    /// The seats changed colours: their times go with them.
    pub(crate) fn swap_sides(&mut self) {
        self.spent.swap(0, 1);
        self.earned.swap(0, 1);
        self.periods_used.swap(0, 1);
        self.runs_for = self.runs_for.map(Color::opponent);
    }

    /// Keeps where the clocks stand once `moves` moves are on the board (after the move's turn is
    /// banked), for Undo to go back to.
    pub(crate) fn mark(&mut self, moves: usize) {
        self.marks.retain(|(at, _)| *at < moves);
        self.marks.push((
            moves,
            Mark {
                spent: self.spent,
                earned: self.earned,
                periods_used: self.periods_used,
            },
        ));
    }

    /// Undo went back to `moves` moves: the clocks stand where they stood then, when that is
    /// known (a game restored from a save keeps no marks before its own start).
    pub(crate) fn rewind(&mut self, moves: usize) {
        let Some(&(_, mark)) = self.marks.iter().rev().find(|(at, _)| *at == moves) else {
            return;
        };
        self.marks.retain(|(at, _)| *at <= moves);
        self.spent = mark.spent;
        self.earned = mark.earned;
        self.periods_used = mark.periods_used;
        self.turn_spent = Duration::ZERO;
    }
}

/// How many whole periods `over` (time past the main time in one turn) used up.
fn periods_lost(over: Duration, period: Duration) -> u32 {
    if period.is_zero() {
        return u32::from(!over.is_zero());
    }
    u32::try_from(over.as_nanos() / period.as_nanos()).unwrap_or(u32::MAX)
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
