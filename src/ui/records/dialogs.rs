//! The in-game file dialog for Open and Save (egui_file_dialog), in the player's words, where the
//! desktop's own chooser is not there (see [`super::chooser`]): it opens in the folder used last,
//! fills the window, and turns the chosen file into a [`RecordRequest`].

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::{DialogState, FileDialog};

use super::chooser::Next;
use super::state::{DialogPurpose, FileDialogs, PathFor, PathPicked, RecordsPass};
use crate::i18n::Words;
use crate::persistence::{RecordRequest, default_save_name};
use crate::ui::tip::Tip;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileDialogs>()
        .add_message::<PathPicked>()
        .add_systems(
            EguiPrimaryContextPass,
            (ask_the_desktop, desktop_answers, file_dialogs)
                .chain()
                .in_set(RecordsPass::Dialogs),
        );
}

impl FileDialogs {
    /// Shows the in-game dialog in `folder` (the one used last, or the saved games folder), filling
    /// a screen of `screen` but for a margin.
    pub(super) fn show_in_game(
        &mut self,
        purpose: DialogPurpose,
        folder: Option<PathBuf>,
        screen: egui::Rect,
        words: &Words,
    ) {
        // As large as the window allows: the list is what the player reads (at 1280×800 it showed
        // four rows in a window of 460 px).
        let size = egui::vec2(
            (screen.width() - 2.0 * MARGIN).max(300.0),
            (screen.height() - 2.0 * MARGIN).max(240.0),
        );
        let files: std::sync::Arc<dyn egui_file_dialog::FileSystem + Send + Sync> =
            self.files.clone();
        let mut dialog = FileDialog::with_file_system(files)
            .labels(dialog_labels(words))
            .title(&words.tr(purpose.title()))
            // egui keeps a window's size by its id: one id per size of the game's window, so the
            // dialog fills a window made larger since it was last shown.
            .id(egui::Id::new("tengen file dialog").with((size.x as i32, size.y as i32)))
            // A game's records live in folders, not on devices: the disks' list only confused.
            .show_devices(false)
            .show_removable_devices(false)
            .show_system_files_option(false)
            // The library draws its search and path fields on a black canvas, where the typed text
            // (ink) could not be read; the folders here are short enough to look through.
            .show_search(false)
            .show_path_edit_button(false)
            // The process's working folder means nothing to a player.
            .show_working_directory_button(false)
            // The folder is read in the frame the dialog opens, not on a thread of its own: a records
            // folder lists in a millisecond, and a key pressed at once (Down, Enter) then finds the
            // list there instead of being lost while it loads.
            .load_via_thread(false)
            .default_size(size)
            .max_size(size)
            .default_pos(screen.center() - size / 2.0);
        if let Some(folder) = folder {
            dialog = dialog.initial_directory(folder);
        }
        let records = words.tr("records-dialog-filter");
        match purpose {
            DialogPurpose::Open { .. } => {
                dialog = dialog
                    .add_file_filter_extensions(&records, vec!["sgf", "psq", "txt"])
                    .default_file_filter(&records);
                dialog.pick_file();
            }
            DialogPurpose::Pick(PathFor::Folder) => {
                dialog.set_right_panel_width(FOLDER_PANEL_WIDTH);
                dialog.pick_directory();
            }
            DialogPurpose::Pick(_) => dialog.pick_file(),
            DialogPurpose::Save => {
                // No extension list: with one choice it only took the name field's room (a name
                // without an extension is saved as .sgf, see `sgf_path`).
                dialog = dialog.default_file_name(&default_save_name());
                dialog.save_file();
            }
        }
        info!("file dialog shown: {purpose:?}");
        self.open = Some((dialog, purpose));
    }
}

/// The width of the folder chooser's panel for the folder shown.
const FOLDER_PANEL_WIDTH: f32 = 150.0;

/// The room left round the in-game dialog, on each side.
const MARGIN: f32 = 16.0;

/// The dialog's own words in the player's language, with the library's icons kept.
fn dialog_labels(words: &Words) -> egui_file_dialog::FileDialogLabels {
    let tr = |key: &str| words.tr(key);
    let icon = |icon: &str, key: &str| format!("{icon}  {}", tr(key));
    egui_file_dialog::FileDialogLabels {
        cancel: tr("file-dialog-cancel"),
        overwrite: tr("file-dialog-overwrite"),
        show_hidden: format!(" {}", tr("file-dialog-show-hidden")),
        heading_pinned: tr("file-dialog-pinned"),
        heading_places: tr("file-dialog-places"),
        home_dir: icon("🏠", "file-dialog-home"),
        desktop_dir: icon("🖵", "file-dialog-desktop"),
        documents_dir: icon("🗐", "file-dialog-documents"),
        downloads_dir: icon("📥", "file-dialog-downloads"),
        audio_dir: icon("🎵", "file-dialog-music"),
        pictures_dir: icon("🖼", "file-dialog-pictures"),
        videos_dir: icon("🎞", "file-dialog-videos"),
        pin_folder: format!("📌 {}", tr("file-dialog-pin")),
        unpin_folder: format!("✖ {}", tr("file-dialog-unpin")),
        rename_pinned_folder: format!("✏ {}", tr("file-dialog-rename")),
        selected_file: tr("file-dialog-selected-file"),
        selected_directory: tr("file-dialog-selected-folder"),
        reload: icon("⟲", "file-dialog-reload"),
        file_name: tr("file-dialog-file-name"),
        file_filter_all_files: tr("file-dialog-all-files"),
        open_button: icon("🗀", "file-dialog-open"),
        save_button: icon("📥", "file-dialog-save"),
        cancel_button: format!("🚫 {}", tr("file-dialog-cancel")),
        overwrite_file_modal_text: tr("file-dialog-overwrite-text"),
        err_empty_folder_name: tr("file-dialog-empty-folder-name"),
        err_empty_file_name: tr("file-dialog-empty-file-name"),
        err_directory_exists: tr("file-dialog-folder-exists"),
        err_file_exists: tr("file-dialog-file-exists"),
        ..Default::default()
    }
}

/// Draws the file dialog and turns a chosen file into a request.
fn file_dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<FileDialogs>,
    (mut requests, mut picked): (MessageWriter<RecordRequest>, MessageWriter<PathPicked>),
    mut selected: Local<Option<PathBuf>>,
) -> Result {
    let Some((dialog, purpose)) = dialogs.open.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let purpose = *purpose;
    // The library picks a folder only from inside the one shown; a panel of the game's offers
    // the one shown itself, as the desktop's choosers do.
    let mut this_folder = None;
    if purpose == DialogPurpose::Pick(PathFor::Folder) {
        let words = crate::i18n::words_in(ctx).0;
        dialog.update_with_right_panel_ui(ctx, &mut |ui, dialog| {
            this_folder = this_folder_panel(ui, dialog, &words);
        });
    } else {
        dialog.update(ctx);
    }
    // Said in the log, so a script's next key waits for the game to have seen this one.
    let now = dialog.selected_entry();
    if now.map(|entry| entry.as_path()) != selected.as_deref() {
        if let Some(entry) = now {
            // The name as the row shows it (a stand-in character where the bytes are not UTF-8).
            let shown = entry.file_name();
            info!(
                "file dialog selected {shown:?} ({})",
                entry.as_path().display()
            );
        }
        *selected = now.map(|entry| entry.to_path_buf());
    }
    match dialog.take_picked().or(this_folder) {
        Some(shown) => {
            // A name shown with a stand-in character leads back to the file's real name.
            let path = dialogs.files.real(&shown);
            info!("file dialog: {}", path.display());
            match purpose {
                DialogPurpose::Open { against_computer } => {
                    requests.write(RecordRequest::Open {
                        path,
                        against_computer,
                    });
                }
                DialogPurpose::Save => {
                    requests.write(RecordRequest::Save { path });
                }
                DialogPurpose::Pick(what) => {
                    picked.write(PathPicked { what, path });
                }
            }
            dialogs.open = None;
        }
        None if *dialog.state() != DialogState::Open => dialogs.open = None,
        None => {}
    }
    Ok(())
}

/// The panel beside the folder chooser's list: the folder shown, and a button that chooses it.
fn this_folder_panel(ui: &mut egui::Ui, dialog: &mut FileDialog, words: &Words) -> Option<PathBuf> {
    let shown = dialog.storage_mut().last_visited_dir.clone()?;
    ui.add_space(4.0);
    let name = shown.file_name().unwrap_or(shown.as_os_str());
    ui.label(egui::RichText::new(name.to_string_lossy()).strong())
        .tip(shown.display().to_string());
    ui.add_space(4.0);
    ui.button(format!("✔ {}", words.tr("file-dialog-this-folder")))
        .clicked()
        .then_some(shown)
}

/// Decides once, when the game first draws, whether the desktop's chooser is asked first: only in a
/// real window (a winit event loop to wake) with a session bus. Headless runs and Xvfb have neither.
fn ask_the_desktop(
    background: crate::wake::Background,
    mut dialogs: ResMut<FileDialogs>,
    mut decided: Local<bool>,
) {
    if std::mem::replace(&mut *decided, true) {
        return;
    }
    let bus = super::portal::session_bus(|name| std::env::var_os(name));
    match super::portal::desktop(background.wake()) {
        Some(desktop) if background.windowed() && bus => {
            dialogs.desktop = Some(desktop);
            info!("file chooser: the desktop's, through its portal, where one answers");
        }
        Some(_) => info!("file chooser: the game's own (no session bus or no window)"),
        None => info!("file chooser: the game's own (built without the desktop portal)"),
    }
}

/// The desktop chooser's answer: the file chosen goes to persistence, no chooser there brings the
/// game's own dialog.
fn desktop_answers(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<FileDialogs>,
    (mut requests, mut picked): (MessageWriter<RecordRequest>, MessageWriter<PathPicked>),
) -> Result {
    let Some((next, purpose, folder)) = dialogs.desktop_answer() else {
        return Ok(());
    };
    match next {
        Next::Request(request) => {
            info!("file chooser of the desktop: {request:?}");
            requests.write(request);
        }
        Next::Picked(what, path) => {
            info!("file chooser of the desktop: {what:?} {}", path.display());
            picked.write(PathPicked { what, path });
        }
        Next::InGame => {
            let ctx = contexts.ctx_mut()?;
            let words = crate::i18n::words_in(ctx).0;
            dialogs.show_in_game(purpose, folder, ctx.viewport_rect(), &words);
        }
        Next::Nothing => info!("file chooser of the desktop closed"),
    }
    Ok(())
}
