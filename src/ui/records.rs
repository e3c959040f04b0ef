//! The player's records: save the game as SGF and open a file through the file dialog, open pasted
//! text, browse the history of finished games, and the statistics with the hall of fame (and where the
//! files are). Also the notice for file problems (a bad file kept aside, a failed save), in front of
//! everything until dismissed.
//!
//! A small bar of buttons below the board opens each window, on the menu and on the board; while a
//! record is looked through it also holds the record's step buttons (see [`viewer`]). The windows only
//! draw and send [`RecordRequest`]s; persistence does the file work and answers with [`RecordAnswer`]s.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::{DialogState, FileDialog};
use tengen_store as store;
use tengen_store::{HistoryEntry, Stats};

use crate::game::{CurrentGame, GameCommand};
use crate::i18n::Words;
use crate::persistence::{
    RecordAnswer, RecordRequest, Settings, Store, StoreNotices, default_save_name,
};
use crate::screens::{Doing, InGame};
use crate::ui::MenuAction;

pub mod viewer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordsUi>()
        .init_resource::<FileDialogs>()
        .init_resource::<FileShortcut>()
        .add_systems(Update, read_file_shortcuts)
        .add_observer(show_records)
        .add_observer(take_answer)
        .add_observer(open_statistics_from_menu)
        .add_observer(viewer::choose_move_numbers)
        .add_systems(
            EguiPrimaryContextPass,
            (
                viewer::move_numbers,
                records_bar,
                records_windows,
                file_dialogs,
                store_notices,
            )
                .chain()
                .after(super::menu::MenuCards),
        );
}

/// Opens one of the records windows (for other screens' buttons, e.g. the menu's Statistics).
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShowRecords {
    SaveOpen,
    History,
    Statistics,
}

type Window = ShowRecords;

/// The menu's Statistics button: the statistics window (with the hall of fame and where the files
/// are) opens over the menu.
fn open_statistics_from_menu(action: On<MenuAction>, mut commands: Commands) {
    if *action == MenuAction::Statistics {
        commands.trigger(ShowRecords::Statistics);
    }
}

fn show_records(
    show: On<ShowRecords>,
    mut state: ResMut<RecordsUi>,
    mut requests: MessageWriter<RecordRequest>,
) {
    self::show(&mut state, *show, &mut requests);
}

/// Persistence's answers: what the windows show next.
fn take_answer(
    answer: On<RecordAnswer>,
    mut state: ResMut<RecordsUi>,
    screen: Option<Res<State<crate::screens::Screen>>>,
) {
    match &*answer {
        RecordAnswer::Outcome(text) => {
            state.message = Some(text.clone());
            // The menu has no place for notices: a file that could not be opened there (named on
            // the command line, dropped on the window) is answered in Save / Open, where another
            // can be chosen. In a game the panel says it, and the board stays in view.
            let on_menu = screen.is_some_and(|s| *s.get() == crate::screens::Screen::Menu);
            if state.open.is_none() && on_menu {
                state.open = Some(Window::SaveOpen);
            }
        }
        RecordAnswer::History(history) => state.history = history.clone(),
        RecordAnswer::Stats(stats) => state.stats = stats.clone(),
        RecordAnswer::Opened => state.open = None,
    }
}

/// What the records windows show and what the player has typed into them.
#[derive(Resource, Debug, Default)]
pub(crate) struct RecordsUi {
    open: Option<Window>,
    pasted: String,
    against_computer: bool,
    /// The outcome of the last Save / Open, shown in the window.
    message: Option<String>,
    history: Vec<HistoryEntry>,
    stats: Stats,
    confirm_reset: bool,
}

fn show(ui: &mut RecordsUi, window: Window, requests: &mut MessageWriter<RecordRequest>) {
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
enum DialogPurpose {
    Open { against_computer: bool },
    Save,
}

/// The file dialog, while one is on screen.
#[derive(Resource, Default)]
pub(crate) struct FileDialogs {
    open: Option<(FileDialog, DialogPurpose)>,
}

/// What the records side has on screen (`--print-moves` reports it for scripts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    FileDialog,
    Window(ShowRecords),
}

pub(crate) fn shown_window(ui: &RecordsUi, dialogs: &FileDialogs) -> Option<Shown> {
    if dialogs.open.is_some() {
        return Some(Shown::FileDialog);
    }
    ui.open.map(Shown::Window)
}

impl FileDialogs {
    /// Opens the dialog in `folder` (the one used last, or the saved games folder), centred on a
    /// screen of `screen`.
    fn show(
        &mut self,
        purpose: DialogPurpose,
        folder: Option<PathBuf>,
        screen: egui::Rect,
        words: &crate::i18n::Words,
    ) {
        let size = egui::vec2(
            (screen.width() - 40.0).clamp(300.0, 720.0),
            (screen.height() - 60.0).clamp(240.0, 460.0),
        );
        let mut dialog = FileDialog::new()
            .labels(dialog_labels(words))
            .title(&words.tr(match purpose {
                DialogPurpose::Open { .. } => "records-dialog-open-title",
                DialogPurpose::Save => "records-dialog-save-title",
            }))
            .id("tengen file dialog")
            // A game's records live in folders, not on devices: the disks' list only confused.
            .show_devices(false)
            .show_removable_devices(false)
            .show_system_files_option(false)
            // The library draws its search and path fields on a black canvas, where the typed text
            // (ink) could not be read; the folders here are short enough to look through.
            .show_search(false)
            .show_path_edit_button(false)
            // The folder is read in the frame the dialog opens, not on a thread of its own: a records
            // folder lists in a millisecond, and a key pressed at once (Down, Enter) then finds the
            // list there instead of being lost while it loads.
            .load_via_thread(false)
            .default_size(size)
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

/// The dialog's own words in the player's language, with the library's icons kept.
fn dialog_labels(words: &crate::i18n::Words) -> egui_file_dialog::FileDialogLabels {
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
    mut requests: MessageWriter<RecordRequest>,
    mut selected: Local<Option<PathBuf>>,
) -> Result {
    let Some((dialog, purpose)) = dialogs.open.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    dialog.update(ctx);
    // Said in the log, so a script's next key waits for the game to have seen this one.
    let now = dialog
        .selected_entry()
        .map(|entry| entry.as_path().to_owned());
    if now != *selected {
        if let Some(path) = &now {
            info!("file dialog selected {}", path.display());
        }
        *selected = now;
    }
    let purpose = *purpose;
    match dialog.take_picked() {
        Some(path) => {
            info!("file dialog: {}", path.display());
            requests.write(match purpose {
                DialogPurpose::Open { against_computer } => RecordRequest::Open {
                    path,
                    against_computer,
                },
                DialogPurpose::Save => RecordRequest::Save { path },
            });
            dialogs.open = None;
        }
        None if *dialog.state() != DialogState::Open => dialogs.open = None,
        None => {}
    }
    Ok(())
}

/// Ctrl+O or Ctrl+S pressed since the bar last looked.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct FileShortcut {
    open: bool,
    save: bool,
}

/// Reads the keys in the order they came, so Ctrl pressed and let go again within one slow frame
/// still makes a shortcut (egui and `ButtonInput` only know the state at the frame's end).
fn read_file_shortcuts(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut ctrl_down: Local<bool>,
    mut shortcut: ResMut<FileShortcut>,
) {
    use bevy::input::ButtonState;
    for key in keys.read() {
        let pressed = key.state == ButtonState::Pressed;
        match key.key_code {
            KeyCode::ControlLeft | KeyCode::ControlRight => *ctrl_down = pressed,
            KeyCode::KeyO if pressed && *ctrl_down => shortcut.open = true,
            KeyCode::KeyS if pressed && *ctrl_down => shortcut.save = true,
            _ => {}
        }
    }
}

/// The bar in the strip kept free below the board (see [`crate::view::RECORDS_BAR_HEIGHT`]).
/// What the records bar needs to know: the files, the settings and the game on the board.
#[derive(SystemParam)]
struct BarFacts<'w> {
    store: Res<'w, Store>,
    settings: Res<'w, Settings>,
    current: Res<'w, CurrentGame>,
    in_game: Option<Res<'w, State<InGame>>>,
    doing: Doing<'w>,
}

fn records_bar(
    facts: BarFacts,
    mut contexts: EguiContexts,
    mut ui_state: ResMut<RecordsUi>,
    mut dialogs: ResMut<FileDialogs>,
    mut requests: MessageWriter<RecordRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut keys: ResMut<FileShortcut>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pressed = std::mem::take(&mut *keys);
    if pressed.open || pressed.save {
        // The letter of a shortcut whose Ctrl came and went within this frame reaches egui as
        // typed text too; it must not land in the dialog's search or name field.
        ctx.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Text(_))));
    }
    // Ctrl+O: the Open dialog from anywhere; Ctrl+S: the Save dialog while a game is on the board.
    // The key event's own modifiers count, not the state at the frame's end: on a slow frame Ctrl
    // can be pressed and let go again within it (a quick shortcut, or xdotool in the tests).
    let purpose = if pressed.open {
        Some(DialogPurpose::Open {
            against_computer: ui_state.against_computer,
        })
    } else if pressed.save && facts.in_game.is_some() && facts.current.live() {
        Some(DialogPurpose::Save)
    } else {
        None
    };
    if let Some(purpose) = purpose
        && dialogs.open.is_none()
    {
        let words = crate::i18n::words_in(ctx).0;
        dialogs.show(
            purpose,
            facts.store.dialog_folder(&facts.settings),
            ctx.viewport_rect(),
            &words,
        );
    }
    let bar_height = crate::view::RECORDS_BAR_HEIGHT;
    egui::Area::new("records bar".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -6.0])
        .show(ctx, |ui| {
            ui.set_max_height(bar_height - 8.0);
            let viewing = facts.in_game.is_some() && facts.doing.on_record();
            // Left of the HUD on a narrow window, the record's steps leave room for one menu button.
            let compact = viewing && ctx.viewport_rect().width() - crate::view::PANEL_WIDTH < 640.0;
            let words = crate::i18n::words_in(ui.ctx()).0;
            ui.horizontal(|ui| {
                let windows = [
                    (words.tr("records-save-open"), Window::SaveOpen),
                    (words.tr("records-history"), Window::History),
                    (words.tr("records-statistics"), Window::Statistics),
                ];
                if compact {
                    ui.menu_button(words.tr("records-menu"), |ui| {
                        for (label, window) in windows {
                            if ui.button(label).clicked() {
                                show(&mut ui_state, window, &mut requests);
                            }
                        }
                    });
                } else {
                    for (label, window) in windows {
                        if ui.button(label).clicked() {
                            show(&mut ui_state, window, &mut requests);
                        }
                    }
                }
                if viewing {
                    ui.separator();
                    viewer::step_buttons(ui, &facts.current, &mut commands);
                }
            });
        });
    Ok(())
}

/// What the records windows read and change.
#[derive(SystemParam)]
struct RecordsWindows<'w, 's> {
    state: ResMut<'w, RecordsUi>,
    dialogs: ResMut<'w, FileDialogs>,
    store: Res<'w, Store>,
    settings: ResMut<'w, Settings>,
    current: Res<'w, CurrentGame>,
    in_game: Option<Res<'w, State<InGame>>>,
    clipboard: ResMut<'w, EguiClipboard>,
    requests: MessageWriter<'w, RecordRequest>,
    commands: Commands<'w, 's>,
}

fn records_windows(mut contexts: EguiContexts, mut records: RecordsWindows) -> Result {
    let Some(window) = records.state.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let words = crate::i18n::words_in(ctx).0;
    let title = words.tr(match window {
        Window::SaveOpen => "records-save-open-title",
        Window::History => "records-history-title",
        Window::Statistics => "records-statistics-title",
    });
    let mut keep_open = true;
    egui::Window::new(title)
        .id(egui::Id::new(("records window", window)))
        .open(&mut keep_open)
        .collapsible(false)
        // Hung from the middle of the window's top, 40 px down, wherever the window is resized to:
        // a line that comes below (an answer, a confirmation) lengthens it downwards and nothing
        // in it moves.
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .default_width(560.0)
        .resizable([true, false])
        .max_height(ctx.viewport_rect().height() - 80.0)
        // Taller than a short window (the statistics at 800×560): it scrolls rather than running
        // past the window's edges. History scrolls its own list, Save / Open its choices.
        .vscroll(window == Window::Statistics)
        .show(ctx, |ui| match window {
            Window::SaveOpen => save_open(ui, &mut records, &words),
            Window::History => history(ui, &mut records, &words),
            Window::Statistics => {
                let r = &mut records;
                statistics(
                    ui,
                    &mut r.state,
                    &r.store,
                    &mut r.settings,
                    &mut r.requests,
                    &words,
                )
            }
        });
    // Esc closes the window (the board's keys rest while it is up), unless the file dialog over it
    // takes the key for itself.
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    if escape && shown_window(&records.state, &records.dialogs) == Some(Shown::Window(window)) {
        keep_open = false;
    }
    if !keep_open {
        records.state.open = None;
    }
    Ok(())
}

/// Save and open: save the game on the board, copy its position, export a picture; open a file or
/// pasted text, in the viewer or against the computer at once. The outcome of the last of these
/// (a file that could not be opened, where a game was saved) has a place of its own under them,
/// always there, so it is never scrolled out of sight and nothing moves when it comes.
fn save_open(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let answer_room = ui.text_style_height(&egui::TextStyle::Body) * ANSWER_ROWS;
    let room = ui.ctx().viewport_rect().height() - SAVE_OPEN_CHROME - answer_room;
    egui::ScrollArea::vertical()
        .id_salt("save and open")
        .max_height(room.max(120.0))
        .show(ui, |ui| save_open_choices(ui, records, words));
    ui.separator();
    super::notice::kept_place(ui, answer_room, |ui, width| {
        if let Some(answer) = &records.state.message {
            let text = egui::RichText::new(answer);
            ui.label(super::notice::fitted(ui, text, width, answer_room));
        }
    });
}

/// The rows kept for Save / Open's answer: a file's name and why it could not be opened take two or
/// three.
const ANSWER_ROWS: f32 = 3.0;

/// What Save / Open needs round its scrolling part and its answer: the title bar, the margins, the
/// line between them and the 80 px the window leaves free round it.
const SAVE_OPEN_CHROME: f32 = 200.0;

/// Save / Open's choices.
fn save_open_choices(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let screen = ui.ctx().viewport_rect();
    let on_board = records.in_game.is_some() && records.current.live();
    let RecordsWindows {
        state,
        dialogs,
        store,
        settings,
        current,
        clipboard,
        requests,
        commands,
        ..
    } = records;
    let state = &mut **state;
    let folder = store.dialog_folder(settings);
    if on_board {
        ui.label(egui::RichText::new(words.tr("records-save-sgf")).strong());
        ui.horizontal(|ui| {
            if ui
                .button(words.tr("records-save-as"))
                .on_hover_text("Ctrl+S")
                .clicked()
            {
                dialogs.show(DialogPurpose::Save, folder.clone(), screen, words);
            }
            if ui.button(words.tr("records-copy-position")).clicked() {
                let text = store::position_string(current.game());
                clipboard.set_text(&text);
                state.message = Some(words.tr_args("records-copied", &[("text", text.into())]));
            }
            let export = words.tr("export-button");
            if ui.button(export).clicked() {
                commands.trigger(super::export::ShowExport);
            }
        });
        ui.separator();
    }
    ui.label(egui::RichText::new(words.tr("records-open-heading")).strong());
    ui.horizontal(|ui| {
        if ui.button(words.tr("records-open-file-button")).clicked() {
            dialogs.show(
                DialogPurpose::Open {
                    against_computer: state.against_computer,
                },
                folder.clone(),
                screen,
                words,
            );
        }
        ui.small(words.tr("records-open-or-drop"));
    });
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-paste-heading")).strong());
    ui.add(
        egui::TextEdit::multiline(&mut state.pasted)
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    );
    ui.horizontal(|ui| {
        if ui.button(words.tr("records-paste-clipboard")).clicked() {
            match clipboard.get_text() {
                Some(text) => state.pasted = text,
                None => state.message = Some(words.tr("records-clipboard-empty")),
            }
        }
        if ui.button(words.tr("records-open-pasted")).clicked() {
            requests.write(RecordRequest::Paste {
                text: state.pasted.clone(),
                against_computer: state.against_computer,
            });
        }
    });
    ui.small(words.tr_args(
        "records-position-rule-note",
        &[("preset", words.preset(settings.preset).into())],
    ));
    ui.checkbox(
        &mut state.against_computer,
        words.tr("records-play-on-at-once"),
    );
}

/// The finished games, newest first, each with Replay and Review.
fn history(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let RecordsWindows {
        state,
        requests,
        settings,
        ..
    } = records;
    // The players as every screen names them: "You", "Player 2", "Computer (Expert)", "Hana".
    let player = |name: &Option<String>| {
        crate::game::names::record_player_in_words(name.as_deref(), &settings.player_name, words)
    };
    if state.history.is_empty() {
        ui.label(words.tr("records-no-finished-games"));
    }
    let faint = ui.visuals().weak_text_color();
    egui::ScrollArea::vertical().show(ui, |ui| {
        // Two lines a game, so the window fits a short one in every language: when and under what
        // rule; who played and how it ended; its moves; Replay and Review.
        egui::Grid::new("history")
            .num_columns(4)
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                ui.strong(words.tr("records-date"));
                ui.strong(words.tr("records-players"));
                ui.strong(words.tr("records-moves"));
                ui.end_row();
                for entry in &state.history {
                    // Each line whole: a cell's first width would otherwise wrap it word by word.
                    let line = |ui: &mut egui::Ui, text: egui::RichText| {
                        ui.add(egui::Label::new(text).extend());
                    };
                    ui.vertical(|ui| {
                        // The player's own time zone and way of writing dates.
                        let date = entry
                            .started
                            .map_or_else(|| entry.date.clone(), |secs| words.when(secs));
                        line(ui, egui::RichText::new(date));
                        // The file's key ("renju") names the rule in the player's words.
                        let rule = tengen_engine::Preset::from_key(&entry.rule)
                            .map_or_else(|| entry.rule.clone(), |p| words.preset(p));
                        line(ui, egui::RichText::new(rule).small().color(faint));
                    });
                    ui.vertical(|ui| {
                        let players =
                            format!("{} – {}", player(&entry.black), player(&entry.white));
                        line(ui, egui::RichText::new(players));
                        let result = entry
                            .result
                            .map_or_else(|| words.tr("records-unfinished"), |r| words.result(r));
                        line(ui, egui::RichText::new(result).small().color(faint));
                    });
                    ui.label(entry.moves.to_string());
                    ui.horizontal(|ui| history_buttons(ui, requests, &entry.path, words));
                    ui.end_row();
                }
            });
    });
}

/// A finished game's Replay and Review.
fn history_buttons(
    ui: &mut egui::Ui,
    requests: &mut MessageWriter<RecordRequest>,
    path: &std::path::Path,
    words: &Words,
) {
    if ui
        .button(words.tr("records-replay"))
        .on_hover_text(words.tr("records-replay-look-tip"))
        .clicked()
    {
        requests.write(RecordRequest::Replay(path.to_owned()));
    }
    if ui
        .button(words.tr("records-review"))
        .on_hover_text(words.tr("game-over-review-tip"))
        .clicked()
    {
        requests.write(RecordRequest::Review(path.to_owned()));
    }
}

fn statistics(
    ui: &mut egui::Ui,
    state: &mut RecordsUi,
    store: &Store,
    settings: &mut ResMut<Settings>,
    requests: &mut MessageWriter<RecordRequest>,
    words: &crate::i18n::Words,
) {
    ui.horizontal(|ui| {
        ui.label(words.tr("records-your-name"));
        // Typing edits the name without a save per key; leaving the field saves it.
        let name = &mut settings.bypass_change_detection().player_name;
        if ui
            .add(egui::TextEdit::singleline(name).desired_width(200.0))
            .lost_focus()
        {
            let clamped = settings.0.clone().clamped();
            settings.0 = clamped;
        }
    });
    ui.separator();
    ratings(ui, &state.stats, words);
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-hall-of-fame")).strong());
    let fame = state.stats.hall_of_fame();
    if fame.is_empty() {
        ui.label(words.tr("records-hall-of-fame-empty"));
    }
    for record in fame {
        let fastest = record.fastest_win.as_ref().map_or(String::new(), |f| {
            words.tr_args(
                "records-fame-fastest",
                &[
                    ("moves", f.moves.into()),
                    ("player", f.player.clone().into()),
                    ("date", f.date.clone().into()),
                ],
            )
        });
        ui.label(words.tr_args(
            "records-fame-line",
            &[
                ("level", opponent(record, words).into()),
                ("rule", rule_name(&record.rule, words).into()),
                ("fastest", fastest.into()),
                ("streak", record.best_streak.into()),
            ],
        ));
    }
    records_table(ui, &state.stats, words);
    ui.add_space(6.0);
    if state.confirm_reset {
        ui.horizontal(|ui| {
            ui.colored_label(
                egui::Color32::from_rgb(230, 120, 60),
                words.tr("records-reset-confirm"),
            );
            if ui.button(words.tr("records-reset-yes")).clicked() {
                requests.write(RecordRequest::ResetStats);
                state.confirm_reset = false;
            }
            if ui.button(words.tr("records-reset-keep")).clicked() {
                state.confirm_reset = false;
            }
        });
    } else if ui.button(words.tr("records-reset")).clicked() {
        state.confirm_reset = true;
    }
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-files")).strong());
    for line in store.file_lines(words) {
        ui.small(line);
    }
}

/// The games against the computer, a row per opponent and rule: won, lost, drawn, the streaks and
/// the fastest win.
fn records_table(ui: &mut egui::Ui, stats: &Stats, words: &crate::i18n::Words) {
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-against-computer")).strong());
    if stats.records.is_empty() {
        ui.label(words.tr("records-no-computer-games"));
    } else {
        egui::Grid::new("stats")
            .num_columns(8)
            .striped(true)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for head in [
                    "records-level",
                    "records-rule",
                    "records-won",
                    "records-lost",
                    "records-drawn",
                    "records-streak",
                    "records-best",
                    "records-fastest-win",
                ] {
                    ui.strong(words.tr(head));
                }
                ui.end_row();
                let mut records: Vec<_> = stats.records.iter().collect();
                records.sort_by(|a, b| {
                    (b.opponent_step().cmp(&a.opponent_step())).then_with(|| a.rule.cmp(&b.rule))
                });
                for r in records {
                    ui.label(opponent(r, words));
                    ui.label(rule_name(&r.rule, words));
                    ui.label(r.wins.to_string());
                    ui.label(r.losses.to_string());
                    ui.label(r.draws.to_string());
                    ui.label(r.current_streak.to_string());
                    ui.label(r.best_streak.to_string());
                    ui.label(r.fastest_win.as_ref().map_or("—".to_owned(), |f| {
                        words.tr_args(
                            "records-fastest-cell",
                            &[
                                ("moves", f.moves.into()),
                                ("player", f.player.clone().into()),
                                ("date", f.date.clone().into()),
                            ],
                        )
                    }));
                    ui.end_row();
                }
            });
    }
}

/// A rule as the statistics file keys it (`freestyle`, `renju`), named in the player's language
/// where it is a preset's.
fn rule_name(rule: &str, words: &crate::i18n::Words) -> String {
    tengen_engine::Preset::ALL
        .into_iter()
        .find(|p| p.key() == rule)
        .map_or_else(|| rule.to_owned(), |p| words.preset(p))
}

/// Who a record was played against: a level's name, or a ladder step's.
fn opponent(record: &tengen_store::Record, words: &crate::i18n::Words) -> String {
    match record.step.filter(|s| s.level().is_none()) {
        Some(step) => words.step(step),
        None => words.level(record.level),
    }
}

/// The player's rating per rule, each with its course over the games as a graph.
fn ratings(ui: &mut egui::Ui, stats: &tengen_store::Stats, words: &crate::i18n::Words) {
    ui.label(egui::RichText::new(words.tr("stats-rating-title")).strong());
    let rules = stats.rated_rules();
    if rules.is_empty() {
        ui.label(words.tr("stats-rating-none"));
    }
    for rule in rules {
        let now = stats.rating(rule);
        let history = stats.rating_history(rule);
        let name = rule_name(rule, words);
        ui.label(words.tr_args(
            "stats-rating-rule",
            &[
                ("rule", name.into()),
                ("rating", now.rating.round().into()),
                ("deviation", now.deviation.round().into()),
                ("games", history.len().into()),
            ],
        ));
        rating_graph(ui, history);
    }
}

/// A line through the ratings after each game, with the band of their deviation, the scale's ends
/// marked at the left edge.
fn rating_graph(ui: &mut egui::Ui, points: &[tengen_store::RatingPoint]) {
    let width = ui.available_width().min(520.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 90.0), egui::Sense::hover());
    let visuals = ui.visuals().clone();
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, visuals.weak_text_color()),
        egui::StrokeKind::Inside,
    );
    if points.is_empty() {
        return;
    }
    // The scale follows the ratings, not the wide bands of the first games (they are cut at the
    // edges), so the course of the rating shows.
    let low = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::INFINITY, f64::min)
        - 40.0;
    let high = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::NEG_INFINITY, f64::max)
        + 40.0;
    let span = (high - low).max(1.0);
    let inner = rect.shrink2(egui::vec2(36.0, 8.0));
    let at = |i: usize, rating: f64| {
        let x = if points.len() == 1 {
            inner.center().x
        } else {
            inner.left() + inner.width() * i as f32 / (points.len() - 1) as f32
        };
        let y = inner.bottom() - inner.height() * ((rating - low) / span) as f32;
        egui::pos2(x, y)
    };
    let band = egui::Color32::from_rgba_unmultiplied(120, 150, 200, 40);
    for (i, p) in points.iter().enumerate() {
        painter.line_segment(
            [at(i, p.rating - p.deviation), at(i, p.rating + p.deviation)],
            egui::Stroke::new(3.0, band),
        );
    }
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, p)| at(i, p.rating))
        .collect();
    let ink = visuals.strong_text_color();
    if line.len() == 1 {
        painter.circle_filled(line[0], 3.0, ink);
    } else {
        painter.add(egui::Shape::line(line, egui::Stroke::new(2.0, ink)));
    }
    let font = egui::FontId::proportional(11.0);
    let weak = visuals.weak_text_color();
    for (value, align, y) in [
        (high, egui::Align2::LEFT_TOP, inner.top()),
        (low, egui::Align2::LEFT_BOTTOM, inner.bottom()),
    ] {
        let pos = egui::pos2(rect.left() + 4.0, y);
        painter.text(pos, align, format!("{value:.0}"), font.clone(), weak);
    }
}

/// File problems stay on screen, in front of everything, until the player has read them: plain words
/// first, the technical detail folded away.
fn store_notices(mut contexts: EguiContexts, mut notices: ResMut<StoreNotices>) -> Result {
    if notices.messages.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let width = (ctx.viewport_rect().width() - 40.0).clamp(200.0, 560.0);
    let mut dismissed = false;
    let words = crate::i18n::words_in(ctx).0;
    egui::Modal::new("file notices".into()).show(ctx, |ui| {
        ui.set_max_width(width);
        ui.heading(words.tr("records-file-problem"));
        ui.add_space(4.0);
        for notice in &notices.messages {
            ui.label(words.phrase(&notice.headline));
            if let Some(detail) = &notice.detail {
                egui::CollapsingHeader::new(words.tr("records-technical-detail"))
                    .id_salt(("file notice detail", &notice.headline))
                    .show(ui, |ui| {
                        ui.small(detail);
                    });
            }
            ui.add_space(6.0);
        }
        dismissed = ui.button(words.tr("records-ok")).clicked();
    });
    if dismissed {
        notices.dismiss();
    }
    Ok(())
}
