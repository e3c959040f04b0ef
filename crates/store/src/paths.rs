//! Where Tengen keeps its files: the platform's config and data folders (XDG on Linux, so
//! `XDG_CONFIG_HOME` / `XDG_DATA_HOME` move them), or explicit folders for tests.

use std::path::{Path, PathBuf};

use directories::{ProjectDirs, UserDirs};

/// The two folders the store writes to. Shown in the settings screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    config: PathBuf,
    data: PathBuf,
    /// Where Save and Open start: `Tengen` in the player's Documents folder where the desktop names
    /// one, else `saved/` in the data folder.
    saved: PathBuf,
}

impl Paths {
    /// The platform folders: on Linux `$XDG_CONFIG_HOME/tengen` and `$XDG_DATA_HOME/tengen` (defaulting to
    /// `~/.config/tengen` and `~/.local/share/tengen`); `None` when no home folder can be found.
    pub fn platform() -> Option<Paths> {
        let dirs = ProjectDirs::from("", "", "Tengen")?;
        let documents = UserDirs::new().and_then(|user| user.document_dir().map(Path::to_owned));
        Some(Paths::with_documents(
            dirs.config_dir(),
            dirs.data_dir(),
            documents.as_deref(),
        ))
    }

    /// Explicit folders (tests, a portable install, a `--data-dir` flag); saved games go to
    /// `saved/` in the data folder.
    pub fn at(config: impl Into<PathBuf>, data: impl Into<PathBuf>) -> Paths {
        let data = data.into();
        Paths {
            config: config.into(),
            saved: data.join("saved"),
            data,
        }
    }

    /// The folders, with the player's Documents folder (if the desktop names one): games are saved
    /// where a player looks for them, `Documents/Tengen`, not in the hidden data folder.
    pub fn with_documents(config: &Path, data: &Path, documents: Option<&Path>) -> Paths {
        let mut paths = Paths::at(config, data);
        if let Some(documents) = documents {
            paths.saved = documents.join("Tengen");
        }
        paths
    }

    /// Where Save and Open start, and where the game saves a record by default.
    pub fn saved_games(&self) -> &Path {
        &self.saved
    }

    pub fn config_dir(&self) -> &Path {
        &self.config
    }

    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    /// `settings.json` in the config folder.
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.json")
    }

    /// `autosave.json` in the data folder: the game in progress.
    pub fn autosave(&self) -> PathBuf {
        self.data.join("autosave.json")
    }

    /// `stats.json` in the data folder: statistics and the hall of fame.
    pub fn stats(&self) -> PathBuf {
        self.data.join("stats.json")
    }

    /// `history/` in the data folder: one SGF file per finished game.
    pub fn history_dir(&self) -> PathBuf {
        self.data.join("history")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_games_go_to_documents_when_the_desktop_names_it_else_to_the_data_folder() {
        let (config, data) = (Path::new("/c"), Path::new("/d"));
        let docs = Path::new("/home/ann/Documents");
        let with = Paths::with_documents(config, data, Some(docs));
        assert_eq!(with.saved_games(), Path::new("/home/ann/Documents/Tengen"));
        assert_eq!(with.data_dir(), data);
        let without = Paths::with_documents(config, data, None);
        assert_eq!(without.saved_games(), Path::new("/d/saved"));
        assert_eq!(Paths::at(config, data).saved_games(), Path::new("/d/saved"));
    }
}
