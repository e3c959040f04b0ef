//! Tengen's Bevy-free persistence: settings, the autosave behind "Continue", saved game records (SGF,
//! `.psq`, position strings), the history of finished games, and statistics with a hall of fame.
//!
//! Every call takes a [`Paths`] and is a plain function: loads return [`Loaded`] (a usable value, and
//! [`Warning`]s for the UI and the log when a bad file was kept aside and defaults used); saves return
//! `Result<_, StoreError>`. Every write is atomic. Every JSON file carries a `version` and older
//! versions are migrated.
//!
//! # Files
//! | file | folder | format |
//! | --- | --- | --- |
//! | `settings.json` | config | [`Settings`], version 2 (v1 migrated) |
//! | `autosave.json` | data | the game in progress ([`SavedGame`], embedding the match's saved form), version 3 (v1 and v2 migrated) |
//! | `stats.json` | data | [`Stats`] (records, ratings, puzzle progress), version 2 (v1 migrated) |
//! | `tengen.lock` | data | empty: the running game holds an OS lock on it ([`InstanceLock`]) |
//! | `history/<UTC stamp>-<game id>.sgf` | data | one finished game each, SGF `FF[4]GM[4]`, newest [`HISTORY_CAP`] kept |
//!
//! A bad file is renamed `<name>.bad-<UTC stamp>` beside itself, never deleted. Temporary files of
//! interrupted writes (`.tengen-tmp-*`) are removed when the folder is next loaded.
//!
//! # A game's life
//! ```
//! use tengen_engine::{Color, Pos, Preset};
//! use tengen_match::{Match, MatchSetup, Seats};
//! use tengen_store::*;
//!
//! # let dir = tempfile::tempdir().unwrap();
//! # let paths = Paths::at(dir.path().join("c"), dir.path().join("d"));
//! // At start (the game uses `Paths::platform()`): settings, then what the menu offers.
//! let settings = load_settings(&paths);
//! for w in &settings.warnings { eprintln!("{w}"); } // and show them in the UI
//! match load_autosave(&paths).value {
//!     Resume::Continue(saved) => { /* offer "Continue"; computer to move => start thinking */ }
//!     Resume::Finished(saved) => { finish_game(&paths, &saved).ok(); }
//!     Resume::Nothing => {}
//! }
//!
//! // A new game, saved after every move, undo, redo and hint.
//! let players = PerSide {
//!     black: Player::Human { name: settings.value.player_name.clone() },
//!     white: Player::Computer { level: settings.value.level, step: None },
//! };
//! let setup = MatchSetup::new(Preset::Freestyle15, Seats::of_mode(Mode::HumanVsComputer), Color::Black);
//! let mut saved = SavedGame::new(Match::new(setup), players);
//! saved.play(Pos::new(7, 7)).unwrap();
//! save_autosave(&paths, &saved).unwrap();
//!
//! // When it ends: history, statistics, autosave cleared, in one call.
//! # for p in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (5, 5), (1, 3), (9, 9), (1, 4)] {
//! #     saved.play(Pos::new(p.0, p.1)).unwrap();
//! # }
//! if saved.is_over() {
//!     let finished = finish_game(&paths, &saved).unwrap();
//!     assert!(matches!(finished.counted, Counted::Counted { .. }));
//! }
//! assert_eq!(list_history(&paths).value.len(), 1);
//! ```

mod autosave;
mod autosave_legacy;
mod clock;
mod file;
mod history;
mod lock;
mod model;
mod paths;
mod puzzles;
mod rating;
mod records;
mod settings;
mod stats;

#[cfg(test)]
mod forms_tests;
#[cfg(test)]
mod tests;

pub use crate::autosave::{
    ChatLine, NetworkSeat, Resume, SavedGame, clear_autosave, load_autosave, save_autosave,
};
pub use crate::clock::{LocalTime, date, date_time, local_time, local_time_in, now_ms, now_secs};
pub use crate::file::{
    FileKind, Loaded, Problem, SaveFailure, StoreError, Warning, clean_temp_files, keep_aside,
    write_atomic,
};
pub use crate::history::{
    Finished, HISTORY_CAP, HistoryEntry, add_to_history, finish_game, list_history, open_history,
    record_of,
};
pub use crate::lock::{InstanceLock, LockError};
pub use crate::model::{PerSide, Player, preset_of, rule_key};
pub use crate::paths::Paths;
pub use crate::puzzles::{
    PUZZLE_DEVIATION, PUZZLE_START_DEVIATION, PuzzleProgress, RETRY_AFTER, RETRY_CREDIT,
    next_puzzle, puzzle_id, puzzle_rating, puzzle_score,
};
pub use crate::rating::{
    AID_COST, PERIOD_GAMES, PeriodGame, Rating, RatingPeriod, RatingPoint, START_DEVIATION,
    START_RATING, STEP_DEVIATION, game_score, matched_step, step_rating,
};
pub use crate::records::{
    GameRecord, OpenError, TextForm, gomocup_text, move_order_string, open_game_file,
    parse_move_list, parse_pasted, parse_position, parse_psq, parse_psq_as_played, parse_sgf,
    parse_sgf_tree, position_string, psq_text, save_sgf, save_sgf_tree, sgf_with_tree, text_form,
    tree_fits, write_form,
};
pub use crate::settings::{
    AnimationSpeed, EngineEntry, MoveNumbering, Settings, Theme, WINDOW_MIN, WindowPlace,
    engine_title, load_settings, save_settings,
};
pub use crate::stats::{
    Counted, FastestWin, RATING_HISTORY_CAP, Record, RuleRating, Stats, is_rated, load_stats,
    reset_stats, save_stats,
};
pub use tengen_engine::SgfTree;
/// The engine's own types, named here because the files hold them.
pub use tengen_engine::{Level, Mode, Step};
