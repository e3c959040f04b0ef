//! What the records side shares between its files: which window or file dialog is on screen, what
//! the windows show and what the player typed into them, what the windows read and change, and the
//! order the records side draws in.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiClipboard;
use egui_file_dialog::FileDialog;
use tengen_store::{HistoryEntry, Stats};

use crate::game::CurrentGame;
use crate::persistence::{RecordRequest, Settings, Store};
use crate::screens::InGame;

/// The order the records side draws in, one part per file: the file dialog over the windows it is
/// opened from, the file notices over everything.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum RecordsPass {
    Viewer,
    Bar,
    Windows,
    Dialogs,
    Notices,
}

/// Opens one of the records windows (for other screens' buttons, e.g. the menu's Statistics).
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShowRecords {
    SaveOpen,
    History,
    Statistics,
}

pub(super) type Window = ShowRecords;

/// What the records windows show and what the player has typed into them.
#[derive(Resource, Debug, Default)]
pub(crate) struct RecordsUi {
    pub(super) open: Option<Window>,
    pub(super) pasted: String,
    /// A file's path typed in Save / Open.
    pub(super) typed_path: String,
    pub(super) against_computer: bool,
    /// The outcome of the last Save / Open, shown in the window.
    pub(super) message: Option<String>,
    pub(super) history: Vec<HistoryEntry>,
    pub(super) stats: Stats,
    pub(super) confirm_reset: bool,
}

pub(super) fn show(
    ui: &mut RecordsUi,
    window: Window,
    requests: &mut MessageWriter<RecordRequest>,
) {
    ui.message = None;
    ui.confirm_reset = false;
    ui.open = Some(window);
    match window {
        Window::History => {
            requests.write(RecordRequest::History);
        }
        Window::Statistics => {
            requests.write(RecordRequest::Stats);
        }
        Window::SaveOpen => {}
    }
}

/// What the file dialog on screen was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DialogPurpose {
    Open {
        against_computer: bool,
    },
    Save,
    /// A path for a page outside the records (an engine's program, a tournament's openings or
    /// folder): it goes to [`PathPicked`].
    Pick(PathFor),
}

/// What a path is chosen for outside the records; each page reads its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathFor {
    /// An engine's program (Settings → Engines, Add).
    Program,
    /// A tournament's opening file.
    Openings,
    /// A tournament's folder (a folder, not a file).
    Folder,
}

impl DialogPurpose {
    /// The chooser's title, as a message key.
    pub(crate) fn title(self) -> &'static str {
        match self {
            DialogPurpose::Open { .. } => "records-dialog-open-title",
            DialogPurpose::Save => "records-dialog-save-title",
            DialogPurpose::Pick(PathFor::Program) => "engines-dialog-title",
            DialogPurpose::Pick(PathFor::Openings) => "tournament-openings-dialog-title",
            DialogPurpose::Pick(PathFor::Folder) => "tournament-folder-dialog-title",
        }
    }
}

/// A path chosen in the file chooser for a page outside the records, and what for.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub(crate) struct PathPicked {
    pub(crate) what: PathFor,
    pub(crate) path: std::path::PathBuf,
}

/// The file dialog, while one is on screen (shown and read in [`super::dialogs`]), or the desktop's
/// own chooser while it is asked (see the `chooser` module).
#[derive(Resource, Default)]
pub(crate) struct FileDialogs {
    pub(super) open: Option<(FileDialog, DialogPurpose)>,
    /// The in-game dialog's view of the disk, which leads a name shown with a stand-in character
    /// back to its file.
    pub(super) files: std::sync::Arc<super::lossy_files::LossyFiles>,
    /// The desktop's chooser while it is asked, and what for.
    pub(super) asked: Option<Asked>,
    /// Who is asked first: the desktop (a real window with a session bus) or nobody (the in-game
    /// dialog at once); decided once, when the game first draws.
    pub(super) desktop: Option<Desktop>,
}

impl FileDialogs {
    /// Shows a chooser of a path for `what` (an engine's program, a tournament's openings or
    /// folder), starting in `folder`; the path comes as [`PathPicked`].
    pub(crate) fn pick(
        &mut self,
        what: PathFor,
        folder: Option<std::path::PathBuf>,
        screen: bevy_egui::egui::Rect,
        words: &crate::i18n::Words,
    ) {
        self.show(DialogPurpose::Pick(what), folder, screen, words);
    }

    /// Whether a file dialog is on screen, the game's own or the desktop's.
    pub(super) fn is_open(&self) -> bool {
        self.open.is_some() || self.asked.is_some()
    }
}

/// What the desktop's chooser answered.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(not(feature = "desktop-portal"), allow(dead_code))]
pub(crate) enum PortalAnswer {
    Picked(std::path::PathBuf),
    Cancelled,
    /// No portal (no bus, no chooser, no answer in time, an answer the game cannot read): why.
    Unavailable(String),
}

/// What the portal is asked: the dialog's purpose, title, the folder to start in and the name offered.
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "desktop-portal"), allow(dead_code))]
pub(crate) struct PortalQuestion {
    pub(crate) purpose: DialogPurpose,
    pub(crate) title: String,
    pub(crate) filter: String,
    pub(crate) folder: Option<std::path::PathBuf>,
    pub(crate) name: String,
}

/// Asks the desktop's chooser (a thread and a channel in the game, a ready answer in tests).
pub(crate) type Desktop =
    Box<dyn Fn(PortalQuestion) -> std::sync::mpsc::Receiver<PortalAnswer> + Send + Sync>;

/// The desktop's chooser while it is open: its answer to come, and what it was asked for.
pub(crate) struct Asked {
    pub(super) answer: std::sync::Mutex<std::sync::mpsc::Receiver<PortalAnswer>>,
    pub(super) purpose: DialogPurpose,
    pub(super) folder: Option<std::path::PathBuf>,
}

/// What the records side has on screen (`--print-moves` reports it for scripts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    FileDialog,
    Window(ShowRecords),
}

pub(crate) fn shown_window(ui: &RecordsUi, dialogs: &FileDialogs) -> Option<Shown> {
    if dialogs.is_open() {
        return Some(Shown::FileDialog);
    }
    ui.open.map(Shown::Window)
}

/// What the records windows read and change.
#[derive(SystemParam)]
pub(super) struct RecordsWindows<'w, 's> {
    pub(super) state: ResMut<'w, RecordsUi>,
    pub(super) dialogs: ResMut<'w, FileDialogs>,
    pub(super) store: Res<'w, Store>,
    pub(super) settings: ResMut<'w, Settings>,
    pub(super) current: Res<'w, CurrentGame>,
    pub(super) in_game: Option<Res<'w, State<InGame>>>,
    pub(super) clipboard: ResMut<'w, EguiClipboard>,
    pub(super) requests: MessageWriter<'w, RecordRequest>,
    pub(super) commands: Commands<'w, 's>,
}
