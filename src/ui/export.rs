//! The window that exports the board as a PNG picture: with or without coordinates and move numbers,
//! saved where the player picks in the same file dialog as Save. The picture itself is
//! [`crate::export`]'s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::{DialogState, FileDialog};

use crate::export::{ExportBoard, ImageOptions};
use crate::i18n::Words;
use crate::persistence::{Settings, Store};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExportWindow>()
        .add_observer(show_export)
        .add_systems(EguiPrimaryContextPass, export_window);
}

/// Opens the export window (from the records window's button).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowExport;

/// The export window while it is open, with the options chosen and its file dialog.
#[derive(Resource, Default)]
struct ExportWindow {
    open: bool,
    options: ImageOptions,
    dialog: Option<FileDialog>,
}

fn show_export(_: On<ShowExport>, mut window: ResMut<ExportWindow>) {
    window.open = true;
}

fn export_window(
    mut contexts: EguiContexts,
    mut window: ResMut<ExportWindow>,
    store: Res<Store>,
    settings: Res<Settings>,
    words: Res<Words>,
    mut commands: Commands,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let window = &mut *window;
    if let Some(dialog) = window.dialog.as_mut() {
        dialog.update(ctx);
        if let Some(path) = dialog.take_picked() {
            commands.trigger(ExportBoard {
                path,
                options: window.options,
            });
            window.dialog = None;
            window.open = false;
        } else if *dialog.state() != DialogState::Open {
            window.dialog = None;
        }
        return Ok(());
    }
    let mut keep_open = true;
    let mut choose = false;
    egui::Window::new(words.tr("export-title"))
        .id(egui::Id::new("export window"))
        .open(&mut keep_open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(screen.center())
        .show(ctx, |ui| {
            // Room for the whole title in every language.
            ui.set_min_width(340.0);
            ui.checkbox(
                &mut window.options.coordinates,
                words.tr("export-coordinates"),
            );
            ui.checkbox(&mut window.options.numbers, words.tr("export-numbers"));
            ui.add_space(6.0);
            choose = ui.button(words.tr("export-choose")).clicked();
        });
    if choose {
        let size = egui::vec2(
            (screen.width() - 40.0).clamp(300.0, 720.0),
            (screen.height() - 60.0).clamp(240.0, 460.0),
        );
        let filter = words.tr("export-file-filter");
        let mut dialog = FileDialog::new()
            .title(&words.tr("export-title"))
            .id("tengen export dialog")
            .default_size(size)
            .default_pos(screen.center() - size / 2.0)
            .add_save_extension(&filter, "png")
            .default_save_extension(&filter)
            .default_file_name("tengen-board.png");
        if let Some(folder) = store.dialog_folder(&settings) {
            dialog = dialog.initial_directory(folder);
        }
        dialog.save_file();
        window.dialog = Some(dialog);
    }
    if !keep_open {
        window.open = false;
    }
    Ok(())
}
