//! Saving trouble: a full, read-only or vanished folder must not cost a game. The side panel says in
//! plain words what cannot be saved and why for as long as it lasts; the game goes on (no dialog over
//! the board); the write is tried again every few seconds, and the player is told once when saving
//! works again.
//! The last good file stays in place all the while (the store writes a temporary file and renames).

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use tengen_i18n::Phrase;
use tengen_store::{FileKind, SaveFailure, StoreError, Warning};

use super::notices::reason_phrase;
use super::{Store, StoreNotices};
use crate::game::Notice;
use crate::i18n::Words;

/// How long a failing write waits before it is tried again by itself.
pub const SAVE_RETRY: Duration = Duration::from_secs(3);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveHealth>();
}

/// A file that cannot be written at the moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveTrouble {
    /// The write that failed, as the caller knows it (filing a game writes the history, the statistics
    /// and the autosave: one write, one key).
    pub write: FileKind,
    /// The file that could not be written.
    pub file: FileKind,
    /// The file's own name (never its whole path: the path eats the line and says nothing more).
    pub file_name: String,
    pub reason: Phrase,
    pub failure: SaveFailure,
    /// Real time of the last try.
    pub last_try: Duration,
}

impl SaveTrouble {
    fn of(write: FileKind, error: &StoreError, now: Duration) -> SaveTrouble {
        SaveTrouble {
            write,
            file: error.file,
            file_name: error.file_name(),
            reason: reason_phrase(error),
            failure: error.reason(),
            last_try: now,
        }
    }

    /// The news, said once when saving starts to fail.
    pub fn news(&self) -> Phrase {
        Phrase::with(
            "save-trouble-started",
            vec![
                (
                    "file",
                    Phrase::new(super::notices::name_id(self.file)).into(),
                ),
                ("reason", self.reason.clone().into()),
                ("name", self.file_name.clone().into()),
            ],
        )
    }
}

/// The files that cannot be written at the moment: one owner of "saving is failing".
#[derive(Resource, Debug, Default, Clone)]
pub struct SaveHealth {
    failing: Vec<SaveTrouble>,
}

impl SaveHealth {
    /// The write `write` failed. Returns the trouble when it is news: it was working until now.
    pub fn failed(
        &mut self,
        write: FileKind,
        error: &StoreError,
        now: Duration,
    ) -> Option<SaveTrouble> {
        let trouble = SaveTrouble::of(write, error, now);
        match self.failing.iter_mut().find(|t| t.write == write) {
            Some(known) => {
                *known = trouble;
                None
            }
            None => {
                self.failing.push(trouble.clone());
                Some(trouble)
            }
        }
    }

    /// The write `write` succeeded. Returns true when that ended the last trouble: saving works again.
    pub fn saved(&mut self, write: FileKind) -> bool {
        let before = self.failing.len();
        self.failing.retain(|t| t.write != write);
        before > 0 && self.failing.is_empty()
    }

    /// The first trouble met, if any.
    pub fn trouble(&self) -> Option<&SaveTrouble> {
        self.failing.first()
    }

    /// "Not saved: the game in progress and the settings, because the folder is read-only
    /// (autosave.ron, settings.json)": the line the side panel keeps while any write fails. It names
    /// everything not being saved: a read-only folder once showed the settings alone, and only the
    /// log said that the game in progress was not being saved either.
    pub fn line(&self) -> Option<Phrase> {
        let first = self.failing.first()?;
        let mut files: Vec<(FileKind, &str)> = Vec::new();
        for trouble in &self.failing {
            if !files.iter().any(|(file, _)| *file == trouble.file) {
                files.push((trouble.file, &trouble.file_name));
            }
        }
        // The game first: it is what the player stands to lose.
        files.sort_by_key(|(file, _)| *file != FileKind::Autosave);
        let names: Vec<&str> = files.iter().map(|(_, name)| *name).collect();
        Some(Phrase::with(
            "save-trouble-line",
            vec![
                ("what", what_is_not_saved(&files).into()),
                ("reason", first.reason.clone().into()),
                ("name", names.join(", ").into()),
            ],
        ))
    }

    pub fn is_failing(&self, write: FileKind) -> bool {
        self.failing.iter().any(|t| t.write == write)
    }

    /// Whether the failing write `write` is due to be tried again by itself.
    pub fn retry_due(&self, write: FileKind, now: Duration) -> bool {
        self.failing
            .iter()
            .any(|t| t.write == write && now.saturating_sub(t.last_try) >= SAVE_RETRY)
    }
}

/// The things not saved, as a list in words: "the game in progress, the statistics and the settings".
fn what_is_not_saved(files: &[(FileKind, &str)]) -> Phrase {
    let what = |file: FileKind| {
        Phrase::new(match file {
            FileKind::Settings => "save-what-settings",
            FileKind::Autosave => "save-what-autosave",
            FileKind::Statistics => "save-what-statistics",
            FileKind::History => "save-what-history",
            FileKind::GameRecord => "save-what-record",
        })
    };
    let mut rest = files.iter().rev().map(|(file, _)| what(*file));
    let last = rest.next().unwrap_or_else(|| what(FileKind::Autosave));
    let Some(before_last) = rest.next() else {
        return last;
    };
    let two = Phrase::with(
        "save-what-two",
        vec![("first", before_last.into()), ("second", last.into())],
    );
    rest.fold(two, |more, first| {
        Phrase::with(
            "save-what-more",
            vec![("first", first.into()), ("more", more.into())],
        )
    })
}

/// What a system that writes files needs: the folders, and where the outcome of each write goes
/// (trouble to [`SaveHealth`] and the player's notice; problems with files read on the way to the
/// file notices).
#[derive(SystemParam)]
pub struct Saver<'w> {
    pub store: Res<'w, Store>,
    health: ResMut<'w, SaveHealth>,
    notice: ResMut<'w, Notice>,
    pub notices: ResMut<'w, StoreNotices>,
    words: Res<'w, Words>,
    time: Res<'w, Time<Real>>,
}

impl Saver<'_> {
    pub fn now(&self) -> Duration {
        self.time.elapsed()
    }

    pub fn words(&self) -> &Words {
        &self.words
    }

    pub fn notice(&mut self) -> &mut Notice {
        &mut self.notice
    }

    /// Reports the outcome of a write of `file`; the value on success.
    pub fn wrote<T>(&mut self, file: FileKind, result: Result<T, StoreError>) -> Option<T> {
        let now = self.now();
        match result {
            Ok(value) => {
                if self.health.saved(file) {
                    info!("saving works again");
                    self.notice
                        .post_good(tengen_i18n::Phrase::new("save-trouble-over"), now);
                }
                Some(value)
            }
            Err(error) => {
                // The side panel shows the trouble as long as it lasts (`SaveTrouble::line`); the
                // log says it once, with the whole path.
                if let Some(trouble) = self.health.failed(file, &error, now) {
                    let english = tengen_i18n::Messages::new(tengen_i18n::Language::English);
                    warn!("{} ({error})", english.phrase(&trouble.news()));
                }
                None
            }
        }
    }

    pub fn warnings(&mut self, warnings: Vec<Warning>) {
        self.notices.add_warnings(warnings);
    }

    pub fn retry_due(&self, file: FileKind) -> bool {
        self.health.retry_due(file, self.now())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::ErrorKind;
    use tengen_i18n::{Language, Messages};

    fn error(kind: ErrorKind, file: FileKind) -> StoreError {
        StoreError {
            file,
            path: "/home/someone/.local/share/tengen/autosave.ron".into(),
            source: std::io::Error::from(kind),
        }
    }

    #[test]
    fn trouble_is_news_once_and_its_end_once() {
        let mut health = SaveHealth::default();
        let full = error(ErrorKind::StorageFull, FileKind::History);
        assert!(
            health
                .failed(FileKind::Autosave, &full, Duration::ZERO)
                .is_some()
        );
        assert!(
            health
                .failed(FileKind::Autosave, &full, Duration::from_secs(1))
                .is_none()
        );
        assert!(health.is_failing(FileKind::Autosave));
        assert!(
            !health.saved(FileKind::Settings),
            "another file saving is no news"
        );
        assert!(health.saved(FileKind::Autosave));
        assert!(!health.saved(FileKind::Autosave), "said once");
        assert!(health.trouble().is_none());
    }

    #[test]
    fn saving_works_again_only_when_every_file_does() {
        let mut health = SaveHealth::default();
        let full = error(ErrorKind::StorageFull, FileKind::Autosave);
        health.failed(FileKind::Autosave, &full, Duration::ZERO);
        health.failed(FileKind::Settings, &full, Duration::ZERO);
        assert!(!health.saved(FileKind::Autosave));
        assert!(health.saved(FileKind::Settings));
    }

    #[test]
    fn a_retry_waits_its_turn() {
        let mut health = SaveHealth::default();
        let full = error(ErrorKind::StorageFull, FileKind::Autosave);
        health.failed(FileKind::Autosave, &full, Duration::ZERO);
        assert!(!health.retry_due(FileKind::Autosave, SAVE_RETRY / 2));
        assert!(health.retry_due(FileKind::Autosave, SAVE_RETRY));
        assert!(!health.retry_due(FileKind::Settings, SAVE_RETRY));
    }

    #[test]
    fn the_player_reads_the_file_name_and_the_reason_in_every_language() {
        let kinds = [
            ErrorKind::StorageFull,
            ErrorKind::ReadOnlyFilesystem,
            ErrorKind::PermissionDenied,
            ErrorKind::NotFound,
            ErrorKind::Other,
        ];
        for language in tengen_i18n::Language::ALL {
            let words = Messages::new(language);
            for kind in kinds {
                let failed = error(kind, FileKind::Autosave);
                let mut health = SaveHealth::default();
                let trouble = health
                    .failed(FileKind::Autosave, &failed, Duration::ZERO)
                    .expect("news");
                let line = health.line().expect("a line");
                for text in [words.phrase(&line), words.phrase(&trouble.news())] {
                    assert!(text.contains("autosave.ron"), "{language}: {text}");
                    assert!(!text.contains("/home/"), "{language}: {text}");
                    assert!(!text.contains("save-"), "{language}: {text}");
                }
            }
        }
        let english = Messages::new(Language::English);
        let mut health = SaveHealth::default();
        health.failed(
            FileKind::Autosave,
            &error(ErrorKind::StorageFull, FileKind::Autosave),
            Duration::ZERO,
        );
        let line = english.phrase(&health.line().expect("a line"));
        assert!(line.contains("the disk is full"), "{line}");
    }

    #[test]
    fn the_line_names_everything_not_saved_the_game_first() {
        let failed = |file: FileKind, name: &str| StoreError {
            file,
            path: format!("/data/{name}").into(),
            source: std::io::Error::from(ErrorKind::ReadOnlyFilesystem),
        };
        let mut health = SaveHealth::default();
        // The settings fail first, as when the folder turned read-only before the next move.
        for (file, name) in [
            (FileKind::Settings, "settings.json"),
            (FileKind::Autosave, "autosave.ron"),
            (FileKind::Statistics, "stats.json"),
        ] {
            health.failed(file, &failed(file, name), Duration::ZERO);
        }
        let line = health.line().expect("a line");
        assert_eq!(
            Messages::new(Language::English).phrase(&line),
            "Not saved: the game in progress, the settings and the statistics, because the folder \
             is read-only (autosave.ron, settings.json, stats.json)"
        );
        for language in Language::ALL {
            let text = Messages::new(language).phrase(&line);
            assert!(!text.contains("save-"), "{language}: {text}");
            assert!(
                text.contains("autosave.ron, settings.json"),
                "{language}: {text}"
            );
        }
    }
}
