//! Persistence: the player's settings, the autosave behind "Continue", saved and reopened game records,
//! and the history and statistics of finished games. The files themselves are the `tengen_store`
//! crate's business; this plugin decides *when* to read and write them and turns their warnings into
//! messages the player sees.
//!
//! Everything is read in a schedule of its own ([`ReadSavedFiles`]) before the other startup systems,
//! so the menu, the command line and every other plugin see the saved settings and the game to
//! continue from the first frame on, while building the app touches no file.

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
mod rating_note;
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
    /// Declares the files' systems; the files themselves are read in [`ReadSavedFiles`], before any
    /// other startup system, so building the app touches no file.
    fn build(&self, app: &mut App) {
        app.insert_resource(Store {
            paths: self.paths.clone(),
        })
        .init_resource::<StoreNotices>()
        .insert_resource(SavedGameLock::Unavailable)
        .init_schedule(ReadSavedFiles)
        .add_systems(ReadSavedFiles, read_saved_files)
        .add_plugins((
            health::plugin,
            settings::plugin,
            autosave::plugin,
            open::plugin,
            files::plugin,
            growth::plugin,
        ));
        app.world_mut()
            .resource_mut::<bevy::app::MainScheduleOrder>()
            .insert_startup_before(PreStartup, ReadSavedFiles);
    }
}

/// The schedule that reads the settings and the game to continue, once, before `PreStartup`: the
/// menu, the command line and every other plugin's startup see them from the first frame on.
#[derive(bevy::ecs::schedule::ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadSavedFiles;

/// Reads the settings, takes the saved game's lock and brings back the game to continue.
fn read_saved_files(world: &mut World) {
    let paths = world.resource::<Store>().paths.clone();
    let mut notices = StoreNotices::default();
    let settings = match &paths {
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
    let lock = take_lock(paths.as_ref(), &mut notices);
    let mut current = CurrentGame::new(GameSetup::from_settings(&settings));
    let mut this_game = ThisGame::default();
    if let Some(paths) = &paths
        && lock.owns_the_saved_game()
        && let Some(saved) = saved_game_to_continue(paths, &settings, &mut notices)
    {
        if let Some(network) = saved.network {
            world.insert_resource(network);
        }
        current = saved.current;
        this_game = saved.this_game;
    }
    world.insert_resource(Settings(settings));
    world.insert_resource(current);
    world.insert_resource(this_game);
    world.insert_resource(notices);
    world.insert_resource(lock);
}

/// One game, one writer: a second window neither offers nor writes the saved game. A data folder
/// where no lock can be made is no other window's: the file problems are reported as they happen.
fn take_lock(paths: Option<&Paths>, notices: &mut StoreNotices) -> SavedGameLock {
    match paths.map(store::InstanceLock::acquire) {
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
    }
}

/// The game the autosave brings back, with what else it restores.
struct Continued {
    current: CurrentGame,
    this_game: ThisGame,
    network: Option<crate::network::NetworkStatus>,
}

/// The autosave's unfinished game, if there is one that can be played on. A finished one left there
/// (the app stopped between the last move and filing it) is filed now, once; one that cannot be
/// played here is kept aside, never deleted.
fn saved_game_to_continue(
    paths: &Paths,
    settings: &store::Settings,
    notices: &mut StoreNotices,
) -> Option<Continued> {
    let resume = store::load_autosave(paths);
    notices.add_warnings(resume.warnings);
    let saved = match resume.value {
        Resume::Continue(saved) => saved,
        Resume::Finished(saved) => {
            match store::finish_game(paths, &saved) {
                Ok(finished) => notices.add_warnings(finished.warnings),
                Err(e) => notices.add_not_saved(&e),
            }
            return None;
        }
        Resume::Nothing => return None,
    };
    match autosave::restore(&saved, settings) {
        Ok((current, mut this_game)) => {
            info!(
                "autosave: a game to continue, {} moves: {}",
                current.game().moves().len(),
                autosave::move_list(current.game())
            );
            // The file holds exactly this: no need to write it again at once.
            this_game.last_saved = Some(this_game.key(&current, false));
            Some(Continued {
                current,
                this_game,
                network: saved
                    .network
                    .as_ref()
                    .map(crate::network::NetworkStatus::saved),
            })
        }
        Err(problem) => {
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
            None
        }
    }
}
