//! The strength ladder: fourteen steps from below Low to Expert, so a player can climb in small steps.
//!
//! Each step is one of the three levels' searches with a few of its settings changed (the keys of
//! [`Ai::set_tuning`]), weakened the way `search/skill.rs` intends: a random bonus among the scored
//! moves (loose shapes), a shallower search and shorter forced-win searches (long threats missed).
//! Every step still takes a five and blocks the opponent's five: the search does that before any
//! setting applies. Low, Medium and Expert are steps with no changes at all, so they play exactly as
//! their levels. The ratings are measured (`docs/strength.md`, "The ladder in steps"); the 3×3
//! game keeps its own three levels.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::search::{Ai, Level, SearchLimits};

/// One step of the ladder, 1 (weakest) to [`Step::COUNT`] (Expert).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step(u8);

/// What a step plays with and how strong it measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepSettings {
    /// The level whose search the step starts from.
    pub base: Level,
    /// Changes to that level's settings, as `Ai::set_tuning` keys (none for Low, Medium, Expert).
    pub tuning: &'static [(&'static str, i32)],
    /// The step's time a move in the game, in milliseconds.
    pub think_ms: u64,
    /// Measured rating on the ladder's scale (Low = 1000), from the adjacent-step matches.
    pub rating: i32,
}

/// Expert's pace when the steps below it were measured: no new iteration after 60 % of the think
/// time (Expert itself now goes on to 90 %), so their ratings still hold.
const PACE: (&str, i32) = ("cutoff", 60);

/// Expert's rule for the opponent's plain four points when the steps below it were measured: such
/// a block was never reduced or pruned (strength log change 124 made it a quiet move).
const FOUR_BLOCKS: (&str, i32) = ("block4", 0);

/// Expert had no fail-high reduction when the steps below it were measured (strength log change
/// 135 added it).
const FAIL_HIGH: (&str, i32) = ("fhr", 0);

/// The ladder, weakest first. Ratings: `docs/strength.md`, "The ladder in steps" (each measured
/// against the step below, 40 or 80 games, summed up from Low); steps 8–14 measured again with the
/// present net in "The ladder's Expert steps with `eval-v9.bin`".
const TABLE: [StepSettings; 14] = [
    // Low's one-move look, its choice near random among the moves that neither lose at once nor
    // miss a five: the first opponent of a newcomer (issue 62), whom a novice beats about half the
    // time (`tengen-match step:1 bot:novice --games 40`: 42.5 %; once 800, 20 %). Rated from
    // `tengen-match step:2 step:1 --games 80`: 3.8 %, 564 below Low.
    step(Level::Low, &[("weakness", 100_000)], 100, 436),
    step(Level::Low, &[], 100, 1000),
    // A one-ply search sees the opponent's answers; plenty of randomness, fours in two moves only.
    step(
        Level::Medium,
        &[("max_depth", 1), ("weakness", 450), ("root_vcf", 2)],
        200,
        1228,
    ),
    // Two plies, with a lot of randomness (at one ply, weakness 300 was no stronger than 450).
    step(
        Level::Medium,
        &[("max_depth", 2), ("weakness", 800), ("root_vcf", 4)],
        200,
        1391,
    ),
    step(
        Level::Medium,
        &[("max_depth", 2), ("weakness", 250), ("root_vcf", 4)],
        200,
        1508,
    ),
    step(
        Level::Medium,
        &[("max_depth", 3), ("weakness", 150), ("root_vcf", 6)],
        300,
        1676,
    ),
    step(Level::Medium, &[], 300, 1891),
    // Expert's search and evaluation, capped in depth; the lower ones see only shorter
    // continuous-four wins and no threat (three) wins from the root. No randomness but step 11's.
    step(
        Level::Expert,
        &[
            ("max_depth", 2),
            ("root_vcf", 8),
            ("root_vct", 0),
            PACE,
            FOUR_BLOCKS,
            FAIL_HIGH,
        ],
        500,
        2106,
    ),
    step(
        Level::Expert,
        &[
            ("max_depth", 3),
            ("root_vcf", 12),
            ("root_vct", 0),
            PACE,
            FOUR_BLOCKS,
            FAIL_HIGH,
        ],
        500,
        2407,
    ),
    step(
        Level::Expert,
        &[
            ("max_depth", 4),
            ("root_vcf", 16),
            ("root_vct", 3),
            PACE,
            FOUR_BLOCKS,
            FAIL_HIGH,
        ],
        500,
        2622,
    ),
    // Depth 5 alone scored 81 % against step 10: a little randomness among the root moves the
    // search scored exactly (with Expert's search, the ones that were the best at some point of
    // the last iteration), so it sometimes keeps an earlier best move.
    step(
        Level::Expert,
        &[
            ("max_depth", 5),
            ("root_vct", 4),
            ("weakness", 100),
            PACE,
            FOUR_BLOCKS,
            FAIL_HIGH,
        ],
        700,
        2730,
    ),
    step(
        Level::Expert,
        &[
            ("max_depth", 6),
            ("root_vct", 4),
            PACE,
            FOUR_BLOCKS,
            FAIL_HIGH,
        ],
        1000,
        2828,
    ),
    step(
        Level::Expert,
        &[("max_depth", 7), PACE, FOUR_BLOCKS, FAIL_HIGH],
        1000,
        2945,
    ),
    step(Level::Expert, &[], 1000, 3230),
];

const fn step(
    base: Level,
    tuning: &'static [(&'static str, i32)],
    think_ms: u64,
    rating: i32,
) -> StepSettings {
    StepSettings {
        base,
        tuning,
        think_ms,
        rating,
    }
}

impl Step {
    pub const COUNT: usize = TABLE.len();

    /// Every step, weakest first.
    pub const ALL: [Step; TABLE.len()] = {
        let mut all = [Step(1); TABLE.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = Step(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// Step `n` (1 to [`Step::COUNT`]).
    pub fn new(n: u8) -> Option<Step> {
        (1..=Step::COUNT as u8).contains(&n).then_some(Step(n))
    }

    /// The step that plays exactly as `level`.
    pub const fn from_level(level: Level) -> Step {
        match level {
            Level::Low => Step(2),
            Level::Medium => Step(7),
            Level::Expert => Step(14),
        }
    }

    /// The level this step is, if it is one of the three.
    pub fn level(self) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|&l| Step::from_level(l) == self)
    }

    /// 1 to [`Step::COUNT`].
    pub const fn number(self) -> u8 {
        self.0
    }

    pub const fn settings(self) -> &'static StepSettings {
        &TABLE[self.0 as usize - 1]
    }

    /// Measured rating (Low = 1000).
    pub const fn rating(self) -> i32 {
        self.settings().rating
    }

    /// The level whose search the step starts from.
    pub const fn base(self) -> Level {
        self.settings().base
    }

    /// The step's time a move in the game.
    pub const fn think_time(self) -> Duration {
        Duration::from_millis(self.settings().think_ms)
    }

    /// The search limits of a move in the game (as [`SearchLimits::for_level`] for the levels).
    pub fn limits(self) -> SearchLimits {
        SearchLimits {
            think_time: self.think_time(),
            ..SearchLimits::for_level(self.base())
        }
    }

    /// A player of this step.
    pub fn ai(self, seed: u64) -> Ai {
        let mut ai = Ai::new(self.base(), seed);
        for &(key, value) in self.settings().tuning {
            // The table's keys are checked by a test, so none is refused here.
            let _ = ai.set_tuning(key, value);
        }
        ai
    }
}

impl fmt::Display for Step {
    /// `step 5`, or the level's name for the three levels (`step 7 (medium)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level() {
            Some(level) => write!(f, "step {} ({level})", self.0),
            None => write!(f, "step {}", self.0),
        }
    }
}

/// A step that is not a number from 1 to [`Step::COUNT`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStepError(pub String);

impl fmt::Display for ParseStepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown step {:?} (use a number from 1 to {})",
            self.0,
            Step::COUNT
        )
    }
}

impl std::error::Error for ParseStepError {}

impl FromStr for Step {
    type Err = ParseStepError;

    fn from_str(s: &str) -> Result<Step, ParseStepError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Step::new)
            .ok_or_else(|| ParseStepError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::notation::{PositionString, RowOrigin};
    use crate::{Board, Color, Preset, Thought};

    /// A freestyle board from a position string, and the side to move.
    fn position(moves: &str) -> (Board, Color) {
        let mut b = Board::new(Preset::Freestyle15.variant());
        let mut me = Color::Black;
        for pos in PositionString::parse_moves(moves, 15, RowOrigin::Bottom).expect("a position") {
            b.place(pos, me);
            me = me.opponent();
        }
        (b, me)
    }

    fn think(mut ai: Ai, moves: &str, nodes: u64) -> Thought {
        let (b, me) = position(moves);
        ai.set_tt_bytes(1 << 20);
        ai.choose_move(&b, me, &SearchLimits::nodes(nodes), &AtomicBool::new(false))
            .expect("a move")
    }

    /// Middle-game positions (the committed openings played on by self-play).
    const MIDDLE_GAMES: [&str; 3] = [
        "h8h9i10j10g9j7g10j9j8g8e11f10g11i11k9i8",
        "h8h9j8g8i9g7k7h10i10g9g10i11f8g5",
        "h8i8g10g7j9h6i5g6g5f7h5f5i7j6f6e7",
    ];

    #[test]
    fn the_levels_steps_play_their_moves_node_for_node() {
        for level in Level::ALL {
            for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
                let seed = i as u64 + 3;
                let by_level = think(Ai::new(level, seed), moves, 30_000);
                let by_step = think(Step::from_level(level).ai(seed), moves, 30_000);
                assert_eq!(by_step, by_level, "{level} on {moves}");
            }
        }
    }

    #[test]
    fn every_step_takes_a_five_and_blocks_a_four() {
        // Black to move has a four e8-h8 (d8 is white's), so i8 is a five; white has a three.
        let win = "e8d8f8e3g8f3h8g3";
        // The same four with white to move: i8 is white's only move that does not lose.
        let block = "e8d8f8a1g8a3h8";
        for step in Step::ALL {
            for seed in 0..4 {
                let t = think(step.ai(seed), win, 20_000);
                assert_eq!(cell(t.pos), "i8", "{step} seed {seed}");
                let t = think(step.ai(seed), block, 20_000);
                assert_eq!(cell(t.pos), "i8", "{step} seed {seed}");
            }
        }
    }

    fn cell(pos: crate::Pos) -> String {
        crate::cell_name(pos, 15)
    }

    #[test]
    fn levels_are_steps_with_no_changes() {
        for level in Level::ALL {
            let step = Step::from_level(level);
            assert_eq!(step.level(), Some(level));
            assert_eq!(step.base(), level);
            assert!(step.settings().tuning.is_empty(), "{step}");
            assert_eq!(step.limits(), SearchLimits::for_level(level));
        }
        assert_eq!(Step::from_level(Level::Low).rating(), 1000);
        assert_eq!(Step::ALL.iter().filter(|s| s.level().is_some()).count(), 3);
    }

    #[test]
    fn the_table_climbs() {
        assert_eq!(Step::ALL.len(), Step::COUNT);
        const { assert!(Step::COUNT >= 10) };
        for pair in Step::ALL.windows(2) {
            let (lo, hi) = (pair[0].settings(), pair[1].settings());
            assert!(lo.rating < hi.rating, "{} {}", pair[0], pair[1]);
            assert!(lo.base <= hi.base && lo.think_ms <= hi.think_ms);
        }
    }

    #[test]
    fn every_tuning_key_is_known() {
        for step in Step::ALL {
            let mut ai = Ai::new(step.base(), 0);
            for &(key, value) in step.settings().tuning {
                assert_eq!(ai.set_tuning(key, value), Ok(()), "{step}");
            }
        }
    }

    #[test]
    fn steps_parse_and_print() {
        for step in Step::ALL {
            assert_eq!(step.number().to_string().parse::<Step>(), Ok(step));
            assert_eq!(Step::new(step.number()), Some(step));
        }
        assert!("0".parse::<Step>().is_err());
        assert!("15".parse::<Step>().is_err());
        assert_eq!(
            Step::from_level(Level::Medium).to_string(),
            "step 7 (medium)"
        );
        assert_eq!(Step(3).to_string(), "step 3");
    }
}
