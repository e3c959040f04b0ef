//! Statistics and the hall of fame (`stats.json` in the data folder): per level (or ladder step) and
//! rule, the human's wins, losses, draws, streaks and fastest win; per rule, the human's rating and
//! its history; and the puzzle progress. Only human-vs-computer games count.
//!
//! Choices: a streak is consecutive wins (a loss or a draw ends it); "fastest win" is the fewest stones
//! on the board when the human won (both sides' moves). Every finished human-vs-computer game moves
//! the rating of its rule (see [`crate::rating`]), except on 3×3 boards, whose levels are not on the
//! ladder. A game against a ladder step that is one of the levels counts in that level's record; one
//! against another step has a record of its own ([`Record::step`]).
//!
//! Format version 2 (current): v1 had only `records` and `counted`. The migration seeds each rule's
//! rating by replaying the v1 records' results against their levels' ladder ratings (weakest level
//! first, each record's wins, losses and draws spread evenly, at most [`SEED_GAMES`] a record, a
//! win with aids as a full win since v1 did not keep them apart), so an experienced player's first
//! "Match my strength" game is not against Low; the rating's graph starts with that one point.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tengen_engine::{Color, GameResult, Level, Mode, Puzzle, Step, Variant};

use crate::autosave::SavedGame;
use crate::clock;
use crate::file::{FileKind, Format, Loaded, Problem, StoreError};
use crate::model::{Player, by_name, rule_key, step_number};
use crate::paths::Paths;
use crate::puzzles::PuzzleProgress;
use crate::rating::{Rating, RatingPeriod, RatingPoint, STEP_DEVIATION, game_score, step_rating};

/// The quickest win at one level and rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FastestWin {
    /// Stones on the board when the game ended.
    pub moves: u32,
    pub player: String,
    /// `2026-11-21`.
    pub date: String,
}

/// The human's record against one level (or ladder step) under one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The level; for a step's record, the level whose search the step starts from.
    #[serde(with = "by_name")]
    pub level: Level,
    /// A ladder step that is not one of the levels ("Match my strength"); `None` for a level.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "step_number")]
    pub step: Option<Step>,
    /// Preset key (`renju`, `freestyle19`), see [`rule_key`].
    pub rule: String,
    #[serde(default)]
    pub wins: u32,
    #[serde(default)]
    pub losses: u32,
    #[serde(default)]
    pub draws: u32,
    #[serde(default)]
    pub current_streak: u32,
    #[serde(default)]
    pub best_streak: u32,
    #[serde(default)]
    pub fastest_win: Option<FastestWin>,
}

impl Record {
    fn new(level: Level, step: Option<Step>, rule: String) -> Record {
        Record {
            level,
            step,
            rule,
            wins: 0,
            losses: 0,
            draws: 0,
            current_streak: 0,
            best_streak: 0,
            fastest_win: None,
        }
    }

    /// The ladder step this record's opponent played as.
    pub fn opponent_step(&self) -> Step {
        self.step.unwrap_or(Step::from_level(self.level))
    }

    pub fn games(&self) -> u32 {
        // Saturating: the file is the player's, and a hand-edited count near the limit must not crash.
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }
}

/// How many finished games are remembered so that filing the same game twice (after a crash between
/// writing the history and clearing the autosave) counts it once.
const COUNTED_MEMORY: usize = 64;

/// How many points a rule's rating graph keeps (the oldest go first).
pub const RATING_HISTORY_CAP: usize = 500;

/// The most games a v1 record replays when the migration seeds the rating (see the module's text).
pub const SEED_GAMES: u32 = 100;

/// The human's rating under one rule, and how it went.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleRating {
    /// Preset key (`renju`, `freestyle19`), see [`rule_key`].
    pub rule: String,
    /// The rating now (after the last game).
    pub rating: Rating,
    /// The rating period under way.
    pub period: RatingPeriod,
    /// The rating after each rated game, oldest first (at most [`RATING_HISTORY_CAP`]).
    pub history: Vec<RatingPoint>,
}

/// All records.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub records: Vec<Record>,
    /// One per rule with a rated game.
    ratings: Vec<RuleRating>,
    puzzles: PuzzleProgress,
    /// `started_at_ms` of the last games counted (see [`COUNTED_MEMORY`]).
    counted: Vec<u64>,
}

/// What one game did to the statistics.
#[derive(Clone, Debug, PartialEq)]
pub enum Counted {
    /// Not a human-vs-computer game, or not finished.
    NotCounted,
    /// Already counted before.
    AlreadyCounted,
    /// Counted; `new_fastest` when it set the fastest win for its level and rule; `rating` the
    /// rule's rating before and after the game (`None` on a 3×3 board, which is not rated).
    Counted {
        new_fastest: bool,
        rating: Option<(f64, f64)>,
    },
}

/// Whether games of `variant` move the rating: every board but 3×3 (tic-tac-toe keeps its own
/// three levels, which are not on the ladder).
pub fn is_rated(variant: Variant) -> bool {
    variant.size() > 3
}

/// The same for a rule key of the statistics (`tictactoe`, `standard 3x3 3` are not rated).
fn rule_is_rated(rule: &str) -> bool {
    rule != tengen_engine::Preset::TicTacToe.key() && !rule.contains(" 3x3 ")
}

/// The record key of a computer player: a level, or a step that is not one.
fn opponent_key(level: Level, step: Option<Step>) -> (Level, Option<Step>) {
    match step {
        None => (level, None),
        Some(step) => match step.level() {
            Some(level) => (level, None),
            None => (step.base(), Some(step)),
        },
    }
}

impl Stats {
    /// The record against a level (not a step's) under `rule`.
    pub fn record(&self, level: Level, rule: &str) -> Option<&Record> {
        self.records
            .iter()
            .find(|r| r.level == level && r.step.is_none() && r.rule == rule)
    }

    /// The record against a ladder step under `rule` (a level's record for the levels' steps).
    pub fn step_record(&self, step: Step, rule: &str) -> Option<&Record> {
        let (level, step) = opponent_key(step.base(), Some(step));
        self.records
            .iter()
            .find(|r| r.level == level && r.step == step && r.rule == rule)
    }

    /// The human's rating under `rule` (a rule key, see [`rule_key`]); a new player's when none.
    pub fn rating(&self, rule: &str) -> Rating {
        self.ratings
            .iter()
            .find(|r| r.rule == rule)
            .map_or_else(Rating::fresh, |r| r.rating.sanitized())
    }

    /// The rating after each rated game under `rule`, oldest first.
    pub fn rating_history(&self, rule: &str) -> &[RatingPoint] {
        self.ratings
            .iter()
            .find(|r| r.rule == rule)
            .map_or(&[], |r| r.history.as_slice())
    }

    /// The rules with a rating, in the order they were first rated.
    pub fn rated_rules(&self) -> Vec<&str> {
        self.ratings.iter().map(|r| r.rule.as_str()).collect()
    }

    /// The puzzle rating and which puzzles were solved and failed.
    pub fn puzzle_progress(&self) -> &PuzzleProgress {
        &self.puzzles
    }

    /// Files one try at a puzzle (solved or not, with `hints` hints) and returns the puzzle
    /// rating before and after; see [`crate::puzzles`] for the scores.
    pub fn record_puzzle(&mut self, p: &Puzzle, solved: bool, hints: u32) -> (f64, f64) {
        self.puzzles.record(p, solved, hints, clock::now_secs())
    }

    /// Files a solve after Try again; see [`PuzzleProgress::record_retry`].
    pub fn record_puzzle_retry(&mut self, p: &Puzzle, hints: u32) -> (f64, f64) {
        self.puzzles.record_retry(p, hints, clock::now_secs())
    }

    /// Moves the rating of `rule` by one game against `opponent` and returns it before and after.
    fn rate(&mut self, rule: &str, opponent: Step, score: f64, at_secs: u64) -> (f64, f64) {
        let index = match self.ratings.iter().position(|r| r.rule == rule) {
            Some(i) => i,
            None => {
                self.ratings.push(RuleRating {
                    rule: rule.to_owned(),
                    ..RuleRating::default()
                });
                self.ratings.len() - 1
            }
        };
        let entry = &mut self.ratings[index];
        let before = entry.rating.sanitized();
        if entry.period.games.is_empty() {
            // A new period starts from the rating as it stands (also one edited by hand).
            entry.period.start = before;
        }
        let after = entry
            .period
            .add(step_rating(opponent), STEP_DEVIATION, score);
        entry.rating = after;
        entry.history.push(after.point(at_secs));
        if entry.history.len() > RATING_HISTORY_CAP {
            let extra = entry.history.len() - RATING_HISTORY_CAP;
            entry.history.drain(..extra);
        }
        (before.rating, after.rating)
    }

    /// Adds a finished human-vs-computer game; `player` is the human's name for the hall of fame.
    pub fn add_game(&mut self, saved: &SavedGame) -> Counted {
        // The board's result or one decided off it (a resignation): every finished game counts.
        let Some(result) = saved.result() else {
            return Counted::NotCounted;
        };
        if saved.mode() != Mode::HumanVsComputer || saved.engine.is_some() {
            return Counted::NotCounted;
        }
        let (human, (level, step)) = match (&saved.players.black, &saved.players.white) {
            (Player::Human { .. }, Player::Computer { level, step }) => {
                (Color::Black, opponent_key(*level, *step))
            }
            (Player::Computer { level, step }, Player::Human { .. }) => {
                (Color::White, opponent_key(*level, *step))
            }
            _ => return Counted::NotCounted,
        };
        if self.counted.contains(&saved.started_at_ms) {
            return Counted::AlreadyCounted;
        }
        self.counted.push(saved.started_at_ms);
        if self.counted.len() > COUNTED_MEMORY {
            self.counted.remove(0);
        }
        let rule = rule_key(saved.game().variant());
        let index = match self
            .records
            .iter()
            .position(|r| r.level == level && r.step == step && r.rule == rule)
        {
            Some(i) => i,
            None => {
                self.records.push(Record::new(level, step, rule.clone()));
                self.records.len() - 1
            }
        };
        let record = &mut self.records[index];
        let mut new_fastest = false;
        let winner = match result {
            GameResult::BlackWins => Some(Color::Black),
            GameResult::WhiteWins => Some(Color::White),
            GameResult::Draw => None,
        };
        let (won, drew) = (winner == Some(human), winner.is_none());
        match winner {
            Some(winner) if winner == human => {
                record.wins = record.wins.saturating_add(1);
                record.current_streak = record.current_streak.saturating_add(1);
                record.best_streak = record.best_streak.max(record.current_streak);
                let moves = u32::try_from(saved.game().moves().len()).unwrap_or(u32::MAX);
                // The hall of fame honours a win of the player's own: one with hints or undos
                // counts as a win, never as the fastest.
                let unaided = saved.hints_used() == 0 && saved.undos_used() == 0;
                if unaided && record.fastest_win.as_ref().is_none_or(|f| moves < f.moves) {
                    new_fastest = true;
                    record.fastest_win = Some(FastestWin {
                        moves,
                        player: saved.players.get(human).display_name(),
                        date: clock::date(clock::now_secs()),
                    });
                }
            }
            Some(_) => {
                record.losses = record.losses.saturating_add(1);
                record.current_streak = 0;
            }
            None => {
                record.draws = record.draws.saturating_add(1);
                record.current_streak = 0;
            }
        }
        let rating = is_rated(saved.game().variant()).then(|| {
            let score = game_score(won, drew, saved.hints_used(), saved.undos_used());
            let opponent = step.unwrap_or(Step::from_level(level));
            self.rate(&rule, opponent, score, clock::now_secs())
        });
        Counted::Counted {
            new_fastest,
            rating,
        }
    }

    /// The hall of fame: every record with a win, strongest opponent first, then by rule, each with
    /// its fastest win and best streak.
    pub fn hall_of_fame(&self) -> Vec<&Record> {
        let mut out: Vec<&Record> = self.records.iter().filter(|r| r.wins > 0).collect();
        out.sort_by(|a, b| {
            b.opponent_step()
                .cmp(&a.opponent_step())
                .then_with(|| a.rule.cmp(&b.rule))
        });
        out
    }
}

/// The results of `record` in an even order: at most [`SEED_GAMES`] in the record's proportions,
/// each next one the kind furthest behind its share (1 a win, 0.5 a draw, 0 a loss).
fn spread_results(record: &Record) -> Vec<f64> {
    let counts = [record.wins, record.draws, record.losses].map(u64::from);
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return Vec::new();
    }
    let n = total.min(u64::from(SEED_GAMES));
    // Each kind's share of the n games, rounded down; what rounding leaves goes to the largest.
    let mut shares = counts.map(|c| c * n / total);
    let short = n - shares.iter().sum::<u64>();
    if let Some(i) = (0..3).max_by_key(|&i| counts[i]) {
        shares[i] += short;
    }
    let scores = [1.0, 0.5, 0.0];
    let mut used = [0u64; 3];
    let mut out = Vec::new();
    for _ in 0..n {
        // The kind whose share so far (used / share) lags most behind k / n.
        let Some(i) = (0..3).filter(|&i| used[i] < shares[i]).min_by(|&a, &b| {
            let lag = |i: usize| (used[i] as f64 + 1.0) / shares[i] as f64;
            lag(a).total_cmp(&lag(b))
        }) else {
            break;
        };
        used[i] += 1;
        out.push(scores[i]);
    }
    out
}

/// The ratings a v1 file's records give when replayed (see the module's text).
fn seed_ratings(records: &[Record], at_secs: u64) -> Vec<RuleRating> {
    let mut stats = Stats::default();
    let mut order: Vec<&Record> = records.iter().filter(|r| rule_is_rated(&r.rule)).collect();
    order.sort_by_key(|r| r.opponent_step());
    for record in order {
        for score in spread_results(record) {
            stats.rate(&record.rule, record.opponent_step(), score, at_secs);
        }
    }
    for entry in &mut stats.ratings {
        // The graph starts at the seeded rating, not with every replayed game.
        entry.history = vec![entry.rating.point(at_secs)];
    }
    stats.ratings
}

/// v1 to v2: the ratings seeded from the records; no puzzle progress yet.
fn stats_v1_to_v2(v: Value) -> Result<Value, Problem> {
    stats_v1_to_v2_text(v).map_err(Problem::WrongTypes)
}

fn stats_v1_to_v2_text(mut value: Value) -> Result<Value, String> {
    let obj = value.as_object_mut().ok_or("expected a JSON object")?;
    let records: Vec<Record> = match obj.get("records") {
        Some(records) => serde_json::from_value(records.clone()).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let ratings = seed_ratings(&records, clock::now_secs());
    obj.insert(
        "ratings".into(),
        serde_json::to_value(ratings).map_err(|e| e.to_string())?,
    );
    Ok(value)
}

pub(crate) const FORMAT: Format = Format {
    file: FileKind::Statistics,
    current: 2,
    migrations: &[stats_v1_to_v2],
};

/// The statistics, or empty ones (first start, or a bad file: see the warnings).
pub fn load_stats(paths: &Paths) -> Loaded<Stats> {
    match FORMAT.load::<Stats, _>(&paths.stats(), Ok) {
        Ok(s) => Loaded::clean(s.unwrap_or_default()),
        Err(w) => Loaded {
            value: Stats::default(),
            warnings: vec![w],
        },
    }
}

pub fn save_stats(paths: &Paths, stats: &Stats) -> Result<(), StoreError> {
    FORMAT.save(&paths.stats(), stats)
}

/// Clears every record (the UI has asked the player to confirm).
pub fn reset_stats(paths: &Paths) -> Result<(), StoreError> {
    save_stats(paths, &Stats::default())
}
