//! Where Tengen keeps its files: the platform's config and data folders (XDG on Linux, so
//! `XDG_CONFIG_HOME` / `XDG_DATA_HOME` move them), or explicit folders for tests.

use std::path::{Path, PathBuf};

use directories::ProjectDirs;

/// The two folders the store writes to. Shown in the settings screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    config: PathBuf,
    data: PathBuf,
}

impl Paths {
    /// The platform folders: on Linux `$XDG_CONFIG_HOME/tengen` and `$XDG_DATA_HOME/tengen` (defaulting to
    /// `~/.config/tengen` and `~/.local/share/tengen`); `None` when no home folder can be found.
    pub fn platform() -> Option<Paths> {
        let dirs = ProjectDirs::from("", "", "Tengen")?;
        Some(Paths {
            config: dirs.config_dir().to_owned(),
            data: dirs.data_dir().to_owned(),
        })
    }

    /// Explicit folders (tests, a portable install, a `--data-dir` flag).
    pub fn at(config: impl Into<PathBuf>, data: impl Into<PathBuf>) -> Paths {
        Paths {
            config: config.into(),
            data: data.into(),
        }
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
