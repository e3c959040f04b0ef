//! Which file chooser Open and Save show: the desktop's own (see the `portal` module) where the game
//! runs in a real window with a session bus, and the in-game dialog where none is there or the
//! desktop's does not answer. The desktop's is asked on a thread of its own; its answer is read here
//! each frame, so the game keeps drawing meanwhile.

use std::path::PathBuf;
use std::sync::mpsc::TryRecvError;
use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;

use super::state::{Asked, DialogPurpose, FileDialogs, PathFor, PortalAnswer, PortalQuestion};
use crate::i18n::Words;
use crate::persistence::{RecordRequest, default_save_name};

/// What follows an answer of the desktop's chooser.
#[derive(Debug, PartialEq)]
pub(crate) enum Next {
    /// The file chosen, to open or save.
    Request(RecordRequest),
    /// No desktop chooser: the in-game dialog instead.
    InGame,
    /// A path chosen for a page outside the records.
    Picked(PathFor, PathBuf),
    /// The player closed the chooser: nothing.
    Nothing,
}

/// What follows `answer` to a chooser shown for `purpose`.
pub(crate) fn after(answer: PortalAnswer, purpose: DialogPurpose) -> Next {
    match answer {
        PortalAnswer::Picked(path) => match purpose {
            DialogPurpose::Open { against_computer } => Next::Request(RecordRequest::Open {
                path,
                against_computer,
            }),
            DialogPurpose::Save => Next::Request(RecordRequest::Save { path }),
            DialogPurpose::Pick(what) => Next::Picked(what, path),
        },
        PortalAnswer::Cancelled => Next::Nothing,
        PortalAnswer::Unavailable(why) => {
            info!("the desktop's file chooser did not answer ({why}): the game's own dialog");
            Next::InGame
        }
    }
}

impl FileDialogs {
    /// Shows a file chooser for `purpose` in `folder` (the one used last, or the saved games
    /// folder): the desktop's where it may answer, else the game's own, centred on `screen`.
    pub(crate) fn show(
        &mut self,
        purpose: DialogPurpose,
        folder: Option<PathBuf>,
        screen: bevy_egui::egui::Rect,
        words: &Words,
    ) {
        if self.is_open() {
            return;
        }
        let Some(desktop) = &self.desktop else {
            self.show_in_game(purpose, folder, screen, words);
            return;
        };
        let question = PortalQuestion {
            purpose,
            title: words.tr(purpose.title()),
            filter: words.tr("records-dialog-filter"),
            folder: folder.clone(),
            name: default_save_name(),
        };
        info!("file chooser of the desktop asked: {purpose:?}");
        self.asked = Some(Asked {
            answer: Mutex::new(desktop(question)),
            purpose,
            folder,
        });
    }

    /// The desktop chooser's answer, once it has come: what follows it. The in-game dialog shown
    /// instead opens in the folder the desktop's was asked for.
    pub(super) fn desktop_answer(&mut self) -> Option<(Next, DialogPurpose, Option<PathBuf>)> {
        let asked = self.asked.as_ref()?;
        let answer = match asked
            .answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .try_recv()
        {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => PortalAnswer::thread_gone(),
        };
        let asked = self.asked.take()?;
        Some((after(answer, asked.purpose), asked.purpose, asked.folder))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use super::*;
    use crate::ui::records::state::Desktop;

    /// A desktop whose chooser answers `answer` at once.
    fn desktop(answer: PortalAnswer) -> Desktop {
        Box::new(move |_| {
            let (send, receive) = channel();
            send.send(answer.clone()).expect("sent");
            receive
        })
    }

    #[test]
    fn the_desktops_answer_opens_saves_or_falls_back_to_the_games_dialog() {
        let open = DialogPurpose::Open {
            against_computer: true,
        };
        let path = PathBuf::from("/home/hana/game.sgf");
        assert_eq!(
            after(PortalAnswer::Picked(path.clone()), open),
            Next::Request(RecordRequest::Open {
                path: path.clone(),
                against_computer: true
            })
        );
        assert_eq!(
            after(PortalAnswer::Picked(path.clone()), DialogPurpose::Save),
            Next::Request(RecordRequest::Save { path })
        );
        assert_eq!(after(PortalAnswer::Cancelled, open), Next::Nothing);
        let none =
            PortalAnswer::Unavailable("org.freedesktop.portal.Desktop was not provided".into());
        assert_eq!(after(none, DialogPurpose::Save), Next::InGame);
    }

    #[test]
    fn with_no_portal_the_in_game_dialog_shows_in_the_folder_asked() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let mut dialogs = FileDialogs {
            desktop: Some(desktop(PortalAnswer::Unavailable(
                "The name org.freedesktop.portal.Desktop was not provided".into(),
            ))),
            ..default()
        };
        let screen = bevy_egui::egui::Rect::from_min_size(
            bevy_egui::egui::Pos2::ZERO,
            bevy_egui::egui::vec2(800.0, 560.0),
        );
        let open = DialogPurpose::Open {
            against_computer: false,
        };
        let words = Words::default();
        dialogs.show(open, Some(folder.path().to_owned()), screen, &words);
        assert!(
            dialogs.asked.is_some() && dialogs.open.is_none(),
            "the desktop is asked first"
        );
        assert!(dialogs.is_open(), "a chooser is on screen meanwhile");
        dialogs.show(DialogPurpose::Save, None, screen, &words);
        let (next, purpose, at) = dialogs.desktop_answer().expect("answered");
        assert_eq!(
            (next, purpose),
            (Next::InGame, open),
            "a second show is ignored"
        );
        assert_eq!(at.as_deref(), Some(folder.path()));
        assert!(!dialogs.is_open());
        // No portal asked at all (no window, no bus): the game's own at once.
        let mut bare = FileDialogs::default();
        bare.show(open, Some(folder.path().to_owned()), screen, &words);
        assert!(bare.open.is_some() && bare.asked.is_none());
    }
}
