//! Problems with files, waiting for the player to read them. They are kept as phrases and worded when
//! shown: most are met at start, while the files load and before the player's language is known.

use std::path::Path;

use bevy::prelude::*;
use tengen_i18n::{Language, Messages, Phrase};
use tengen_store as store;
use tengen_store::{FileKind, Problem, SaveFailure, StoreError};

/// Problems with files (a bad file kept aside, a failed save), waiting for the player to dismiss them.
/// Every message is also logged, in English, when it is added.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StoreNotices {
    pub messages: Vec<FileNotice>,
}

/// One file problem: what the player reads first, and the technical detail folded away under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileNotice {
    pub headline: Phrase,
    /// The file and the system's or the parser's own words (not translated).
    pub detail: Option<String>,
}

impl FileNotice {
    /// A notice with nothing folded away.
    pub fn new(headline: Phrase) -> FileNotice {
        FileNotice {
            headline,
            detail: None,
        }
    }

    /// A file the game could not use: what is wrong, what is done instead, and where the file was kept.
    pub fn unusable(
        file: FileKind,
        problem: Phrase,
        kept_as: Option<&Path>,
        detail: String,
    ) -> FileNotice {
        let fallback = Phrase::new(fallback_id(file));
        let headline = match kept_as {
            Some(kept) => Phrase::with(
                "file-notice-unusable-kept",
                vec![
                    ("problem", problem.into()),
                    ("fallback", fallback.into()),
                    ("path", kept.display().to_string().into()),
                ],
            ),
            None => Phrase::with(
                "file-notice-unusable",
                vec![("problem", problem.into()), ("fallback", fallback.into())],
            ),
        };
        FileNotice {
            headline,
            detail: Some(detail),
        }
    }

    /// A file the store could not use and set aside.
    pub fn of_warning(warning: &store::Warning) -> FileNotice {
        FileNotice::unusable(
            warning.file,
            problem(warning.file, &warning.problem),
            warning.kept_as.as_deref(),
            warning.detail(),
        )
    }

    /// A file that could not be written, and why in plain words.
    pub fn not_saved(error: &store::StoreError) -> FileNotice {
        FileNotice {
            headline: Phrase::with(
                "file-notice-not-saved-why",
                vec![
                    ("file", Phrase::new(name_id(error.file)).into()),
                    ("reason", reason_phrase(error).into()),
                ],
            ),
            detail: Some(error.to_string()),
        }
    }

    /// The headline in `words` and the detail after it (the log, tests).
    pub fn full_text(&self, words: &Messages) -> String {
        let headline = words.phrase(&self.headline);
        match &self.detail {
            Some(detail) => format!("{headline} ({detail})"),
            None => headline,
        }
    }
}

/// "The settings file", the subject of the problem's sentence.
pub(super) const fn name_id(file: FileKind) -> &'static str {
    match file {
        FileKind::Settings => "file-name-settings",
        FileKind::Autosave => "file-name-autosave",
        FileKind::Statistics => "file-name-statistics",
        FileKind::History => "file-name-history",
        FileKind::GameRecord => "file-name-record",
    }
}

/// What the store does instead of using a bad file.
const fn fallback_id(file: FileKind) -> &'static str {
    match file {
        FileKind::Settings => "file-fallback-settings",
        FileKind::Autosave => "file-fallback-autosave",
        FileKind::Statistics => "file-fallback-statistics",
        FileKind::History => "file-fallback-history",
        FileKind::GameRecord => "file-fallback-record",
    }
}

/// What is wrong with the file, in plain words: the parser's jargon stays in the detail.
fn problem(file: FileKind, problem: &Problem) -> Phrase {
    let id = match problem {
        Problem::Unreadable(_) => "file-problem-unreadable",
        Problem::Truncated(_) => "file-problem-cut-short",
        Problem::Garbage(_) | Problem::WrongTypes(_) => "file-problem-damaged",
        Problem::TooNew { .. } => "file-problem-too-new",
        Problem::Invalid(_) => "file-problem-impossible",
    };
    Phrase::with(id, vec![("file", Phrase::new(name_id(file)).into())])
}

/// Why `error`'s write failed, as the end of a sentence in the player's words ("the disk is full").
/// The store sorts the failure ([`SaveFailure`]); the game only words it.
pub fn reason_phrase(error: &StoreError) -> Phrase {
    match error.reason() {
        SaveFailure::DiskFull => Phrase::new("save-reason-disk-full"),
        SaveFailure::ReadOnly => Phrase::new("save-reason-read-only"),
        SaveFailure::NotAllowed => Phrase::new("save-reason-not-allowed"),
        SaveFailure::FolderMissing => Phrase::new("save-reason-folder-gone"),
        SaveFailure::Other => Phrase::with(
            "save-reason-other",
            vec![("error", error.source.to_string().into())],
        ),
    }
}

impl StoreNotices {
    pub fn add(&mut self, notice: FileNotice) {
        warn!("{}", notice.full_text(&Messages::new(Language::English)));
        if !self.messages.contains(&notice) {
            self.messages.push(notice);
        }
    }

    pub fn add_warnings(&mut self, warnings: Vec<store::Warning>) {
        for warning in &warnings {
            self.add(FileNotice::of_warning(warning));
        }
    }

    /// A save that failed: the game goes on, the player is told.
    pub fn add_not_saved(&mut self, error: &store::StoreError) {
        self.add(FileNotice::not_saved(error));
    }

    pub fn dismiss(&mut self) {
        self.messages.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_file_and_problem_has_words_in_every_language() {
        let kinds = [
            FileKind::Settings,
            FileKind::Autosave,
            FileKind::Statistics,
            FileKind::History,
            FileKind::GameRecord,
        ];
        let problems = [
            Problem::Unreadable(std::io::Error::other("x")),
            Problem::Truncated("x".into()),
            Problem::Garbage("x".into()),
            Problem::TooNew {
                found: 9,
                supported: 2,
            },
            Problem::WrongTypes("x".into()),
            Problem::Invalid("x".into()),
        ];
        for language in Language::ALL {
            let words = Messages::new(language);
            for file in kinds {
                for why in &problems {
                    let notice =
                        FileNotice::unusable(file, problem(file, why), None, String::new());
                    let text = words.phrase(&notice.headline);
                    assert!(!text.contains("file-"), "{language}: {text}");
                }
            }
        }
    }
}
