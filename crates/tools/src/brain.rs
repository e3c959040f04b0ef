//! The AI of one level as a protocol [`Brain`], held to the manager's clock by a watchdog.
//!
//! The search has its own deadline, but a manager forfeits a brain that answers late, so a second,
//! independent guard raises the search's stop flag the moment the budget is spent, and also passes
//! on the driver's stop flag (`YXSTOP`, `END`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tengen_engine::{
    Ai, Board, Brain, Color, Level, Pos, Rule, SearchLimits, Step, ThinkTime, Variant,
};

/// How often the watchdog looks at the clock and the driver's stop flag.
const WATCH_INTERVAL: Duration = Duration::from_millis(2);
/// The transposition table never takes more than this share of the manager's memory limit...
const MEMORY_SHARE: u64 = 4;
/// ...nor more than this: at tournament time controls a bigger table only costs its allocation.
const MAX_TT_BYTES: u64 = 64 << 20;

/// One level of Tengen's AI, thinking for the protocol.
pub struct LevelBrain {
    ai: Ai,
    level: Level,
    seed: u64,
    tt_bytes: Option<usize>,
    /// Threads of Expert's search: one unless the manager allows more (`INFO thread_num`).
    threads: usize,
    /// A node limit per move on top of the clock, for reproducible matches.
    max_nodes: Option<u64>,
    /// Games started by this brain, which vary the node limit (see `node_limit`).
    games: u64,
    /// The `tune` settings, applied again to every fresh `Ai` (each game starts with one).
    tuning: Vec<(String, i32)>,
    /// A ladder step's own pace, which replaces the level's (`for_step`).
    pace: Option<Duration>,
    /// Think to the manager's budget and the node limit alone, without the level's own pace
    /// (`nodes_only`).
    unpaced: bool,
    message: Option<String>,
}

impl LevelBrain {
    pub fn new(level: Level, seed: u64) -> LevelBrain {
        LevelBrain {
            ai: gomocup_ai(level, seed),
            level,
            seed,
            tt_bytes: None,
            threads: 1,
            max_nodes: None,
            games: 0,
            tuning: Vec::new(),
            pace: None,
            unpaced: false,
            message: None,
        }
    }

    /// A step of the strength ladder: its level's brain with the step's settings and pace. The
    /// three steps that are levels are exactly those levels' brains.
    pub fn for_step(step: Step, seed: u64) -> LevelBrain {
        if let Some(level) = step.level() {
            return LevelBrain::new(level, seed);
        }
        let mut brain = LevelBrain::new(step.base(), seed);
        for &(key, value) in step.settings().tuning {
            // The ladder's keys are checked by the engine's tests, so none is refused here.
            let _ = brain.tune(key, value);
        }
        brain.pace = Some(step.think_time());
        brain
    }

    /// Stops every search after `nodes` nodes (or the clock, whichever comes first): a match at a
    /// node limit plays the same moves however busy the machine is.
    pub fn with_max_nodes(mut self, nodes: u64) -> LevelBrain {
        self.max_nodes = Some(nodes);
        self
    }

    /// Plays by the node limit alone: the level's or step's own pace no longer cuts a search short
    /// (the manager's budget still does). For ladder matches on a loaded machine, where a pace in
    /// wall-clock time would weaken a step by how busy the machine is.
    pub fn nodes_only(mut self, nodes: u64) -> LevelBrain {
        self.unpaced = true;
        self.with_max_nodes(nodes)
    }

    /// Changes one search setting given as `key=value` (see `parse_tuning`).
    pub fn tune_setting(&mut self, setting: &str) -> Result<(), String> {
        let (key, value) = parse_tuning(setting)?;
        self.tune(&key, value)
    }

    /// Changes one search setting (`Ai::set_tuning`), for matches between variants of one build.
    pub fn tune(&mut self, key: &str, value: i32) -> Result<(), String> {
        self.ai.set_tuning(key, value)?;
        self.tuning.push((key.to_owned(), value));
        Ok(())
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The time the level wants for a move when the manager sets no clock.
    pub fn default_think(level: Level) -> Duration {
        SearchLimits::for_level(level).think_time
    }

    /// Builds the search's lazily made tables (one set per rule) before any clock runs: the
    /// first search of a process would otherwise pay for them inside its move time.
    pub fn warm_up(&mut self) {
        let stop = AtomicBool::new(false);
        let limits = SearchLimits {
            think_time: Duration::from_millis(1),
            optimum: None,
            max_nodes: Some(1),
            max_depth: Some(1),
        };
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let Ok(variant) = Variant::new(15, 5, rule) else {
                continue;
            };
            let mut board = Board::new(variant);
            board.place(variant.center(), Color::Black);
            // The answer does not matter, only the tables it builds.
            let _ = self.ai.choose_move(&board, Color::White, &limits, &stop);
        }
        self.fresh_ai();
    }

    /// The seed of the next game (from the next `START` or `RESTART`), so a match is reproducible
    /// game by game.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
    }

    fn fresh_ai(&mut self) {
        self.ai = gomocup_ai(self.level, self.seed);
        if let Some(bytes) = self.tt_bytes {
            self.ai.set_tt_bytes(bytes);
        }
        self.ai.set_threads(self.threads);
        for (key, value) in &self.tuning {
            // Each key was accepted by `tune` on an `Ai` of the same level, so none fails here.
            let _ = self.ai.set_tuning(key, *value);
        }
    }

    /// The node limit of this game: the set one, plus 0–28 % by the game's number (in steps of 7 %),
    /// so that a match which plays an opening more than twice does not replay the same games.
    /// Both engines of a match count the same games, so they always share one limit.
    fn node_limit(&self) -> Option<u64> {
        self.max_nodes
            .map(|n| n + n / 100 * 7 * ((self.games.saturating_sub(1) / 2) % 5))
    }

    /// The search limits for a move given `time` by the time manager: Expert uses all of it (it
    /// is the level meant to hold its own at equal time); Low, Medium and the other ladder steps
    /// keep their own, shorter pace.
    fn limits(&self, time: ThinkTime) -> SearchLimits {
        let own = SearchLimits::for_level(self.level);
        let time = match (self.pace, self.level) {
            _ if self.unpaced => time,
            (Some(pace), _) => time.at_most(pace),
            (None, Level::Expert) => time,
            (None, Level::Low | Level::Medium) => time.at_most(own.think_time),
        };
        SearchLimits {
            max_nodes: self.node_limit(),
            ..own
        }
        .with_time(time)
    }
}

impl Brain for LevelBrain {
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        time: ThinkTime,
        stop: &AtomicBool,
    ) -> Option<Pos> {
        let limits = self.limits(time);
        let started = Instant::now();
        let deadline = started + limits.think_time;
        let search_stop = AtomicBool::new(stop.load(Ordering::Relaxed));
        let finished = AtomicBool::new(false);
        let ai = &mut self.ai;
        let thought = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    let now = Instant::now();
                    if now >= deadline || stop.load(Ordering::Relaxed) {
                        search_stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    std::thread::sleep(WATCH_INTERVAL.min(deadline - now));
                }
            });
            let thought = ai.choose_move(board, to_move, &limits, &search_stop);
            finished.store(true, Ordering::Relaxed);
            thought
        });
        let elapsed = started.elapsed();
        self.message = thought.as_ref().map(|t| {
            let secs = elapsed.as_secs_f64().max(1e-6);
            format!(
                "depth {} ev {} nodes {} nps {:.0} time {} ms, {}",
                t.depth,
                t.score,
                t.nodes,
                t.nodes as f64 / secs,
                elapsed.as_millis(),
                t.reason
            )
        });
        thought.map(|t| t.pos)
    }

    fn set_max_memory(&mut self, bytes: u64) {
        // 0 means unlimited: the largest table we ever use.
        let limit = if bytes == 0 {
            MAX_TT_BYTES
        } else {
            (bytes / MEMORY_SHARE).min(MAX_TT_BYTES)
        };
        let Ok(limit) = usize::try_from(limit) else {
            return;
        };
        // Managers repeat the limit before every game; reallocate only when it changes.
        if self.tt_bytes != Some(limit) {
            self.tt_bytes = Some(limit);
            self.ai.set_tt_bytes(limit);
        }
    }

    fn set_threads(&mut self, threads: u32) {
        self.threads = usize::try_from(threads).unwrap_or(1).max(1);
        self.ai.set_threads(self.threads);
    }

    fn new_game(&mut self) {
        // A fresh table per game: what one game learnt only misleads the next.
        self.fresh_ai();
        self.games += 1;
    }

    fn take_message(&mut self) -> Option<String> {
        self.message.take()
    }
}

/// A player for the Gomocup protocol, whose referees (c-gomoku-cli, Piskvork) ask renju's black for
/// a move even when only forbidden points are left: that position is a loss there, not a draw.
fn gomocup_ai(level: Level, seed: u64) -> Ai {
    let mut ai = Ai::new(level, seed);
    ai.set_black_must_move(true);
    ai
}

/// Reads one `key=value` search setting of `--tune` (keys: `Ai::set_tuning`).
pub fn parse_tuning(setting: &str) -> Result<(String, i32), String> {
    let (key, value) = setting
        .split_once('=')
        .ok_or("expected key=value, e.g. quiesce=2")?;
    let value = value
        .trim()
        .parse::<i32>()
        .map_err(|_| format!("{value:?} is not a whole number"))?;
    Ok((key.trim().to_owned(), value))
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Game, Preset};

    use super::*;

    #[test]
    fn node_limit_is_shared_by_a_pair_and_varies_between_pairs() {
        let mut brain = LevelBrain::new(Level::Expert, 0).with_max_nodes(10_000);
        let mut limits = Vec::new();
        for _ in 0..12 {
            brain.new_game();
            limits.push(
                brain
                    .limits(ThinkTime::fixed(Duration::from_secs(1)))
                    .max_nodes,
            );
        }
        let want = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0].map(|k| Some(10_000 + 700 * k));
        assert_eq!(limits, want);
        let plain = LevelBrain::new(Level::Expert, 0);
        assert_eq!(
            plain
                .limits(ThinkTime::fixed(Duration::from_secs(1)))
                .max_nodes,
            None
        );
    }

    #[test]
    fn steps_keep_their_pace_unless_they_play_by_nodes() {
        let budget = ThinkTime::fixed(Duration::from_secs(5));
        for step in Step::ALL {
            let limits = LevelBrain::for_step(step, 1).limits(budget);
            match step.level() {
                // The three levels' steps are those levels' brains.
                Some(level) => assert_eq!(limits, LevelBrain::new(level, 1).limits(budget)),
                None => assert_eq!(limits.think_time, step.think_time(), "{step}"),
            }
            let by_nodes = LevelBrain::for_step(step, 1).nodes_only(5_000);
            assert_eq!(by_nodes.limits(budget).think_time, budget.maximum, "{step}");
            assert_eq!(by_nodes.limits(budget).max_nodes, Some(5_000));
        }
    }

    #[test]
    fn expert_takes_the_managers_time_and_the_others_keep_their_pace() {
        let budget = Duration::from_secs(5);
        let think = |level| {
            LevelBrain::new(level, 1)
                .limits(ThinkTime::fixed(budget))
                .think_time
        };
        assert_eq!(think(Level::Expert), budget);
        assert_eq!(
            think(Level::Medium),
            LevelBrain::default_think(Level::Medium)
        );
        assert_eq!(think(Level::Low), LevelBrain::default_think(Level::Low));
        // A tight clock binds every level.
        let tight = Duration::from_millis(20);
        assert_eq!(
            LevelBrain::new(Level::Low, 1)
                .limits(ThinkTime::fixed(tight))
                .think_time,
            tight
        );
    }

    #[test]
    fn a_stopped_or_timeless_search_still_names_a_free_point() {
        let moves = [
            Pos::new(7, 7),
            Pos::new(8, 8),
            Pos::new(7, 8),
            Pos::new(8, 7),
        ];
        let game = Game::from_moves(Preset::Freestyle15.variant(), &moves);
        assert!(game.is_ok());
        let Ok(game) = game else { return };
        for level in Level::ALL {
            let mut brain = LevelBrain::new(level, 3);
            brain.warm_up();
            let stopped = AtomicBool::new(true);
            let pos = brain.think(
                game.board(),
                game.to_move(),
                ThinkTime::fixed(Duration::from_secs(5)),
                &stopped,
            );
            assert!(
                pos.is_some_and(|p| game.board().is_empty(p)),
                "{level} stopped: {pos:?}"
            );
            let running = AtomicBool::new(false);
            let pos = brain.think(
                game.board(),
                game.to_move(),
                ThinkTime::fixed(Duration::ZERO),
                &running,
            );
            assert!(
                pos.is_some_and(|p| game.board().is_empty(p)),
                "{level} with no time: {pos:?}"
            );
            assert!(brain.take_message().is_some());
        }
    }

    #[test]
    fn a_tuning_setting_lasts_through_new_games() {
        // Every game starts with a fresh `Ai`; a variant set on the command line must stay one.
        let moves = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 8)];
        let game = Game::from_moves(Preset::Freestyle15.variant(), &moves);
        assert!(game.is_ok());
        let Ok(game) = game else { return };
        let mut brain = LevelBrain::new(Level::Expert, 1).with_max_nodes(20_000);
        assert!(brain.tune("max_depth", 1).is_ok());
        brain.warm_up();
        for _ in 0..2 {
            brain.new_game();
            let go = AtomicBool::new(false);
            let pos = brain.think(
                game.board(),
                game.to_move(),
                ThinkTime::fixed(Duration::from_secs(5)),
                &go,
            );
            assert!(pos.is_some());
            let message = brain.take_message().unwrap_or_default();
            assert!(message.starts_with("depth 1 "), "{message}");
        }
    }
}
