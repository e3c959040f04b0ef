//! Persistence: the player's settings, the autosave behind "Continue", saved and reopened game records,
//! and the history and statistics of finished games. The files themselves are the `tengen_store`
//! crate's business; this plugin decides *when* to read and write them and turns their warnings into
//! messages the player sees.
//!
//! Everything is loaded while the plugin is built, so the menu, the command line and every other plugin
//! see the saved settings and the game to continue from the first frame on.

use std::time::Duration;

use bevy::prelude::*;
use tengen_i18n::Phrase;
use tengen_store as store;
use tengen_store::{FileKind, Paths, Resume};

use crate::game::{CurrentGame, GameSetup};

mod autosave;
mod events;
mod files;
mod growth;
mod health;
mod notices;
mod open;
mod settings;
mod storage;
mod this_game;
mod writer;

pub use autosave::{Autosaved, saved_game};
pub use events::{RecordAnswer, StatsChanged};
pub use files::RecordRequest;
pub use health::{SAVE_RETRY, SaveHealth, SaveTrouble, Saver};
pub use notices::reason_phrase;
pub use notices::{FileNotice, StoreNotices};
pub use open::{
    default_save_name, open_file, open_text, record_on_board, save_game_as, saved_games_dir,
};
pub use settings::{SETTINGS_SAVE_DELAY, Settings};
pub use storage::{SavedGameLock, Store};
pub use this_game::{SaveKey, ThisGame};
pub use writer::AutosaveWriter;

/// Reads the files at start, and saves the settings and the game as they change.
pub struct PersistencePlugin {
    /// `None` when the platform has no home folder: the game runs, but nothing is kept.
    pub paths: Option<Paths>,
}

impl PersistencePlugin {
    /// The platform's folders (`XDG_CONFIG_HOME` / `XDG_DATA_HOME` on Linux).
    pub fn platform() -> PersistencePlugin {
        PersistencePlugin {
            paths: Paths::platform(),
        }
    }

    /// Explicit folders (tests, a portable install).
    pub fn at(paths: Paths) -> PersistencePlugin {
        PersistencePlugin { paths: Some(paths) }
    }
}

impl Plugin for PersistencePlugin {
    fn build(&self, app: &mut App) {
        let mut notices = StoreNotices::default();
        let loaded = match &self.paths {
            Some(paths) => {
                let loaded = store::load_settings(paths);
                notices.add_warnings(loaded.warnings);
                loaded.value
            }
            None => {
                notices.add(FileNotice::new(Phrase::new("file-notice-no-home")));
                store::Settings::default()
            }
        };
        let mut current = CurrentGame::new(GameSetup::from_settings(&loaded), Duration::ZERO);
        let mut this_game = ThisGame::default();
        // One game, one writer: a second window neither offers nor writes the saved game. A data
        // folder where no lock can be made is no other window's: the file problems are reported as
        // they happen, as before.
        let lock = match self.paths.as_ref().map(store::InstanceLock::acquire) {
            Some(Ok(lock)) => SavedGameLock::Held(lock),
            Some(Err(store::LockError::Held)) => {
                notices.add(FileNotice::new(Phrase::new("file-notice-other-window")));
                SavedGameLock::OtherWindow
            }
            Some(Err(e)) => {
                warn!("{e}");
                SavedGameLock::Unavailable
            }
            None => SavedGameLock::Unavailable,
        };
        if let Some(paths) = &self.paths
            && lock.owns_the_saved_game()
        {
            let resume = store::load_autosave(paths);
            notices.add_warnings(resume.warnings);
            match resume.value {
                Resume::Continue(saved) => {
                    match autosave::restore(&saved, &loaded, Duration::ZERO) {
                        Ok((game, record)) => {
                            info!(
                                "autosave: a game to continue, {} moves: {}",
                                game.game().moves().len(),
                                autosave::move_list(game.game())
                            );
                            if let Some(seat) = &saved.network {
                                app.insert_resource(crate::network::NetworkStatus::saved(seat));
                            }
                            current = game;
                            this_game = record;
                            // The file holds exactly this: no need to write it again at once.
                            this_game.last_saved = Some(this_game.key(&current, false));
                        }
                        Err(problem) => {
                            // Never deleted: kept beside itself, as the store does with bad files.
                            let file = paths.autosave();
                            let (kept, detail) = match store::keep_aside(&file) {
                                Ok(kept) => (Some(kept), file.display().to_string()),
                                Err(e) => (
                                    None,
                                    format!("{}: it could not be renamed: {e}", file.display()),
                                ),
                            };
                            notices.add(FileNotice::unusable(
                                FileKind::Autosave,
                                problem,
                                kept.as_deref(),
                                detail,
                            ));
                        }
                    }
                }
                Resume::Finished(saved) => {
                    // The app stopped between the last move and filing the game: file it now (once).
                    match store::finish_game(paths, &saved) {
                        Ok(finished) => notices.add_warnings(finished.warnings),
                        Err(e) => notices.add_not_saved(&e),
                    }
                }
                Resume::Nothing => {}
            }
        }
        app.insert_resource(Store {
            paths: self.paths.clone(),
        })
        .insert_resource(Settings(loaded))
        .insert_resource(current)
        .insert_resource(this_game)
        .insert_resource(notices)
        .insert_resource(lock)
        .add_plugins((
            health::plugin,
            settings::plugin,
            autosave::plugin,
            open::plugin,
            files::plugin,
            growth::plugin,
        ));
    }
}
