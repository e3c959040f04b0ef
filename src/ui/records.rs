//! The player's records: save the game as SGF and open a file through the file dialog, open pasted
//! text, browse the history of finished games, and the statistics with the hall of fame (and where the
//! files are). Also the notice for file problems (a bad file kept aside, a failed save), in front of
//! everything until dismissed.
//!
//! A small bar of buttons below the board opens each window ([`bar`]), on the menu and on the board;
//! while a record is looked through it also holds the record's step buttons (see [`viewer`]). The
//! windows only draw and send [`RecordRequest`]s; persistence does the file work and answers with
//! [`RecordAnswer`]s. This file opens and closes the windows and frames the one open; what the files
//! share is in [`state`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use self::state::{RecordsPass, RecordsWindows, Window};
use crate::persistence::{RecordAnswer, RecordRequest};
use crate::ui::MenuAction;

mod bar;
mod chooser;
mod dialogs;
mod history;
mod lossy_files;
pub mod marks;
mod notices;
mod portal;
mod save_open;
mod state;
mod statistics;
pub mod tree;
pub mod viewer;

pub use state::ShowRecords;
pub(crate) use state::{FileDialogs, PathFor, PathPicked, RecordsUi, Shown, shown_window};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordsUi>()
        .configure_sets(
            EguiPrimaryContextPass,
            (
                RecordsPass::Viewer,
                RecordsPass::Bar,
                RecordsPass::Windows,
                RecordsPass::Dialogs,
                RecordsPass::Notices,
            )
                .chain()
                .after(super::menu::MenuCards),
        )
        .add_observer(show_records)
        .add_observer(take_answer)
        .add_observer(open_statistics_from_menu)
        .add_systems(
            EguiPrimaryContextPass,
            records_windows.in_set(RecordsPass::Windows),
        )
        .add_plugins((
            viewer::plugin,
            marks::plugin,
            bar::plugin,
            dialogs::plugin,
            notices::plugin,
        ));
}

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
    state::show(&mut state, *show, &mut requests);
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
            Window::SaveOpen => save_open::save_open(ui, &mut records, &words),
            Window::History => history::history(ui, &mut records, &words),
            Window::Statistics => {
                let r = &mut records;
                statistics::statistics(
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
