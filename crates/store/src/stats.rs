//! Statistics and the hall of fame (`stats.json` in the data folder): per level and rule, the human's
//! wins, losses, draws, streaks and fastest win. Only human-vs-computer games count.
//!
//! Choices: a streak is consecutive wins (a loss or a draw ends it); "fastest win" is the fewest stones
//! on the board when the human won (both sides' moves). Format version 1 (current).

use serde::{Deserialize, Serialize};
use tengen_engine::{Color, Level, Mode, Outcome};

use crate::autosave::SavedGame;
use crate::clock;
use crate::file::{FileKind, Format, Loaded, StoreError};
use crate::model::{Player, by_name, rule_key};
use crate::paths::Paths;

/// The quickest win at one level and rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FastestWin {
    /// Stones on the board when the game ended.
    pub moves: u32,
    pub player: String,
    /// `2026-11-21`.
    pub date: String,
}

/// The human's record against one level under one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(with = "by_name")]
    pub level: Level,
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
    fn new(level: Level, rule: String) -> Record {
        Record {
            level,
            rule,
            wins: 0,
            losses: 0,
            draws: 0,
            current_streak: 0,
            best_streak: 0,
            fastest_win: None,
        }
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

/// All records.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub records: Vec<Record>,
    /// `started_at_ms` of the last games counted (see [`COUNTED_MEMORY`]).
    counted: Vec<u64>,
}

/// What one game did to the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Not a human-vs-computer game, or not finished.
    NotCounted,
    /// Already counted before.
    AlreadyCounted,
    /// Counted; `new_fastest` when it set the fastest win for its level and rule.
    Counted { new_fastest: bool },
}

impl Stats {
    pub fn record(&self, level: Level, rule: &str) -> Option<&Record> {
        self.records
            .iter()
            .find(|r| r.level == level && r.rule == rule)
    }

    /// Adds a finished human-vs-computer game; `player` is the human's name for the hall of fame.
    pub fn add_game(&mut self, saved: &SavedGame) -> Counted {
        let Some(outcome) = saved.game.outcome() else {
            return Counted::NotCounted;
        };
        if saved.mode != Mode::HumanVsComputer {
            return Counted::NotCounted;
        }
        let (human, level) = match (&saved.players.black, &saved.players.white) {
            (Player::Human { .. }, Player::Computer { level, .. }) => (Color::Black, *level),
            (Player::Computer { level, .. }, Player::Human { .. }) => (Color::White, *level),
            _ => return Counted::NotCounted,
        };
        if self.counted.contains(&saved.started_at_ms) {
            return Counted::AlreadyCounted;
        }
        self.counted.push(saved.started_at_ms);
        if self.counted.len() > COUNTED_MEMORY {
            self.counted.remove(0);
        }
        let rule = rule_key(saved.game.variant());
        let index = match self
            .records
            .iter()
            .position(|r| r.level == level && r.rule == rule)
        {
            Some(i) => i,
            None => {
                self.records.push(Record::new(level, rule));
                self.records.len() - 1
            }
        };
        let record = &mut self.records[index];
        let mut new_fastest = false;
        match outcome {
            Outcome::Win { winner, .. } if *winner == human => {
                record.wins = record.wins.saturating_add(1);
                record.current_streak = record.current_streak.saturating_add(1);
                record.best_streak = record.best_streak.max(record.current_streak);
                let moves = u32::try_from(saved.game.moves().len()).unwrap_or(u32::MAX);
                // The hall of fame honours a win of the player's own: one with hints or undos
                // counts as a win, never as the fastest.
                let unaided = saved.hints_used == 0 && saved.undos_used == 0;
                if unaided && record.fastest_win.as_ref().is_none_or(|f| moves < f.moves) {
                    new_fastest = true;
                    record.fastest_win = Some(FastestWin {
                        moves,
                        player: saved.players.get(human).display_name(),
                        date: clock::date(clock::now_secs()),
                    });
                }
            }
            Outcome::Win { .. } => {
                record.losses = record.losses.saturating_add(1);
                record.current_streak = 0;
            }
            Outcome::Draw => {
                record.draws = record.draws.saturating_add(1);
                record.current_streak = 0;
            }
        }
        Counted::Counted { new_fastest }
    }

    /// The hall of fame: every record with a win, hardest level first, then by rule, each with its
    /// fastest win and best streak.
    pub fn hall_of_fame(&self) -> Vec<&Record> {
        let mut out: Vec<&Record> = self.records.iter().filter(|r| r.wins > 0).collect();
        out.sort_by(|a, b| b.level.cmp(&a.level).then_with(|| a.rule.cmp(&b.rule)));
        out
    }
}

pub(crate) const FORMAT: Format = Format {
    file: FileKind::Statistics,
    current: 1,
    migrations: &[],
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
