//! Tengen's Bevy-free persistence: settings, the autosave behind "Continue", saved game records (SGF,
//! `.psq`, position strings), the history of finished games, and statistics with a hall of fame.
//!
//! Every call takes a [`Paths`] and is a plain function: loads return [`Loaded`] (a usable value, and
//! [`Warning`]s for the UI and the log when a bad file was kept aside and defaults used); saves return
//! `Result<_, StoreError>`. Every write is atomic. Every JSON file carries a `version` and older
//! versions are migrated.

mod autosave;
mod clock;
mod file;
mod history;
mod model;
mod paths;
mod records;
mod settings;
mod stats;

#[cfg(test)]
mod tests;

pub use crate::autosave::{Resume, SavedGame, clear_autosave, load_autosave, save_autosave};
pub use crate::clock::{date, date_time, now_ms, now_secs};
pub use crate::file::{
    Loaded, Problem, StoreError, Warning, clean_temp_files, keep_aside, write_atomic,
};
pub use crate::history::{
    Finished, HISTORY_CAP, HistoryEntry, add_to_history, finish_game, list_history, open_history,
    record_of,
};
pub use crate::model::{Level, Mode, PerSide, Player, preset_of, rule_key};
pub use crate::paths::Paths;
pub use crate::records::{
    GameRecord, OpenError, open_game_file, parse_pasted, parse_position, parse_psq, parse_sgf,
    position_string, save_sgf,
};
pub use crate::settings::{
    AnimationSpeed, EXPERT_THINK_MS, Settings, Theme, load_settings, save_settings,
};
pub use crate::stats::{Counted, FastestWin, Record, Stats, load_stats, reset_stats, save_stats};
