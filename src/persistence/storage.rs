//! Where the files live, and whether this instance may write the autosave.

use std::path::PathBuf;

use bevy::prelude::*;
use tengen_store as store;
use tengen_store::Paths;

use super::open::saved_games_dir;

/// Where the files are. Other screens (settings) show [`Store::file_lines`].
#[derive(Resource, Debug, Clone)]
pub struct Store {
    pub paths: Option<Paths>,
}
impl Store {
    pub fn paths(&self) -> Option<&Paths> {
        self.paths.as_ref()
    }

    /// "Settings: /home/.../settings.json" and friends, for the settings screen's "Files" section.
    pub fn file_lines(&self, words: &crate::i18n::Words) -> Vec<String> {
        let line = |id: &str, path: std::path::PathBuf| {
            words.tr_args(id, &[("path", path.display().to_string().into())])
        };
        match &self.paths {
            Some(paths) => vec![
                line("files-settings", paths.settings()),
                line("files-game-in-progress", paths.autosave()),
                line("files-statistics", paths.stats()),
                line("files-finished-games", paths.history_dir()),
                line("files-saved-games", saved_games_dir(paths)),
            ],
            None => vec![words.tr("files-nothing-saved")],
        }
    }

    /// The folder the Save and Open dialogs start in when none was used yet.
    pub fn saved_dir(&self) -> Option<PathBuf> {
        self.paths.as_ref().map(saved_games_dir)
    }

    /// Where the Open and Save dialogs start: the folder used last while it exists, else the saved
    /// games folder (made on the way, so the dialog does not start in an error).
    pub fn dialog_folder(&self, settings: &store::Settings) -> Option<PathBuf> {
        if let Some(last) = settings.last_folder.as_ref().filter(|dir| dir.is_dir()) {
            return Some(last.clone());
        }
        let saved = self.saved_dir()?;
        match std::fs::create_dir_all(&saved) {
            Ok(()) => Some(saved),
            Err(e) => {
                warn!("no folder for saved games at {}: {e}", saved.display());
                None
            }
        }
    }
}
/// Whether this window holds the saved game (the instance lock in the data folder).
#[derive(Resource, Debug)]
pub enum SavedGameLock {
    /// This window holds the lock for as long as it runs.
    Held(store::InstanceLock),
    /// Another window holds it: this one neither offers nor writes the saved game.
    OtherWindow,
    /// No lock could be made (no data folder, or one that cannot be written): no other window can
    /// hold it either, so this one goes on and reports file problems as they come.
    Unavailable,
}
impl SavedGameLock {
    /// Whether this window may read and write the saved game.
    pub fn owns_the_saved_game(&self) -> bool {
        !matches!(self, SavedGameLock::OtherWindow)
    }
}
