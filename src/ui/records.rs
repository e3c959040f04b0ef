//! The player's records: save the game as SGF, open a file or pasted text, browse the history of
//! finished games, and the statistics with the hall of fame (and where the files are). Also the notice
//! for file problems (a bad file kept aside, a failed save), which stays until dismissed.
//!
//! A small bar of buttons at the bottom left opens each window, on the menu and on the board. The
//! windows only draw and send [`RecordRequest`]s; persistence does the file work and answers with
//! [`RecordAnswer`]s.

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use tengen_store as store;
use tengen_store::{HistoryEntry, Stats};

use crate::game::CurrentGame;
use crate::persistence::{
    RecordAnswer, RecordRequest, Settings, Store, StoreNotices, default_save_name,
};
use crate::screens::InGame;
use crate::ui::{MenuAction, level_title};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordsUi>()
        .add_observer(show_records)
        .add_observer(take_answer)
        .add_observer(open_statistics_from_menu)
        .add_systems(
            EguiPrimaryContextPass,
            (records_bar, records_windows, store_notices).chain(),
        );
}

/// Opens one of the records windows (for other screens' buttons, e.g. the menu's Statistics).
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
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
fn take_answer(answer: On<RecordAnswer>, mut state: ResMut<RecordsUi>) {
    match &*answer {
        RecordAnswer::Outcome(text) => state.message = Some(text.clone()),
        RecordAnswer::History(history) => state.history = history.clone(),
        RecordAnswer::Stats(stats) => state.stats = stats.clone(),
        RecordAnswer::Opened => state.open = None,
    }
}

/// What the records windows show and what the player has typed into them.
#[derive(Resource, Debug, Default)]
struct RecordsUi {
    open: Option<Window>,
    save_path: String,
    open_path: String,
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
        Window::SaveOpen => {
            if ui.save_path.is_empty() {
                ui.save_path = default_save_name();
            }
        }
    }
}

fn records_bar(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<RecordsUi>,
    mut requests: MessageWriter<RecordRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("records bar".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (label, window) in [
                    ("Save / Open…", Window::SaveOpen),
                    ("History", Window::History),
                    ("Statistics", Window::Statistics),
                ] {
                    if ui.button(label).clicked() {
                        show(&mut ui_state, window, &mut requests);
                    }
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn records_windows(
    mut contexts: EguiContexts,
    mut state: ResMut<RecordsUi>,
    store: Res<Store>,
    mut settings: ResMut<Settings>,
    current: Res<CurrentGame>,
    in_game: Option<Res<State<InGame>>>,
    mut clipboard: ResMut<EguiClipboard>,
    mut requests: MessageWriter<RecordRequest>,
) -> Result {
    let Some(window) = state.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let on_board = in_game.is_some() && current.live;
    let title = match window {
        Window::SaveOpen => "Save and open games",
        Window::History => "Finished games",
        Window::Statistics => "Statistics and hall of fame",
    };
    let mut keep_open = true;
    let state = &mut *state;
    egui::Window::new(title)
        .open(&mut keep_open)
        .collapsible(false)
        .default_width(560.0)
        .max_height(ctx.viewport_rect().height() - 80.0)
        .show(ctx, |ui| match window {
            Window::SaveOpen => {
                if on_board {
                    ui.label(egui::RichText::new("Save this game (SGF)").strong());
                    ui.horizontal(|ui| {
                        ui.add(egui::TextEdit::singleline(&mut state.save_path).desired_width(380.0));
                        if ui.button("Save").clicked() {
                            requests.write(RecordRequest::Save {
                                typed: state.save_path.clone(),
                            });
                        }
                    });
                    if ui.button("Copy the position string").clicked() {
                        let text = store::position_string(&current.game);
                        clipboard.set_text(&text);
                        state.message = Some(format!("Copied {text}"));
                    }
                    ui.separator();
                }
                ui.label(egui::RichText::new("Open a file (.sgf or .psq)").strong());
                if let Some(dir) = store.saved_dir() {
                    ui.small(format!("Names without a folder are in {}", dir.display()));
                }
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut state.open_path).desired_width(380.0));
                    if ui.button("Open").clicked() {
                        requests.write(RecordRequest::Open {
                            typed: state.open_path.clone(),
                            against_computer: state.against_computer,
                        });
                    }
                });
                ui.separator();
                ui.label(egui::RichText::new("Or paste an SGF record or a position string (h8i9j10)").strong());
                ui.add(
                    egui::TextEdit::multiline(&mut state.pasted)
                        .desired_rows(3)
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    if ui.button("Paste from the clipboard").clicked() {
                        match clipboard.get_text() {
                            Some(text) => state.pasted = text,
                            None => state.message = Some("The clipboard holds no text.".into()),
                        }
                    }
                    if ui.button("Open pasted").clicked() {
                        requests.write(RecordRequest::Paste {
                            text: state.pasted.clone(),
                            against_computer: state.against_computer,
                        });
                    }
                });
                ui.small(format!(
                    "Position strings and .psq files are read on the menu's board: {}.",
                    settings.preset.title()
                ));
                ui.checkbox(
                    &mut state.against_computer,
                    "Play on against the computer (you take the side to move)",
                );
                if let Some(message) = &state.message {
                    ui.separator();
                    ui.label(message);
                }
            }
            Window::History => {
                if state.history.is_empty() {
                    ui.label("No finished games yet.");
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    egui::Grid::new("history")
                        .num_columns(5)
                        .striped(true)
                        .spacing([14.0, 6.0])
                        .show(ui, |ui| {
                            ui.strong("Date");
                            ui.strong("Rule");
                            ui.strong("Players");
                            ui.strong("Result");
                            ui.strong("Moves");
                            ui.end_row();
                            for entry in &state.history {
                                ui.label(&entry.date);
                                ui.label(&entry.rule);
                                ui.label(format!(
                                    "{} – {}",
                                    entry.black.as_deref().unwrap_or("?"),
                                    entry.white.as_deref().unwrap_or("?")
                                ));
                                ui.label(entry.result.map_or("unfinished".to_owned(), |r| r.to_string()));
                                ui.horizontal(|ui| {
                                    ui.label(entry.moves.to_string());
                                    if ui
                                        .button("Replay")
                                        .on_hover_text("Step through it with Redo and Undo, and play on from any move")
                                        .clicked()
                                    {
                                        requests.write(RecordRequest::Replay(entry.path.clone()));
                                    }
                                });
                                ui.end_row();
                            }
                        });
                });
            }
            Window::Statistics => statistics(ui, state, &store, &mut settings, &mut requests),
        });
    if !keep_open {
        state.open = None;
    }
    Ok(())
}

fn statistics(
    ui: &mut egui::Ui,
    state: &mut RecordsUi,
    store: &Store,
    settings: &mut ResMut<Settings>,
    requests: &mut MessageWriter<RecordRequest>,
) {
    ui.horizontal(|ui| {
        ui.label("Your name in the hall of fame:");
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
    ui.label(egui::RichText::new("Hall of fame").strong());
    let fame = state.stats.hall_of_fame();
    if fame.is_empty() {
        ui.label("Win against the computer to enter it.");
    }
    for record in fame {
        let fastest = record.fastest_win.as_ref().map_or(String::new(), |f| {
            format!(
                "fastest win {} moves by {} on {}",
                f.moves, f.player, f.date
            )
        });
        ui.label(format!(
            "{} · {}: {fastest}; best streak {}",
            level_title(record.level),
            record.rule,
            record.best_streak
        ));
    }
    ui.separator();
    ui.label(egui::RichText::new("Against the computer").strong());
    if state.stats.records.is_empty() {
        ui.label("No games against the computer yet.");
    } else {
        egui::Grid::new("stats")
            .num_columns(8)
            .striped(true)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for head in [
                    "Level",
                    "Rule",
                    "Won",
                    "Lost",
                    "Drawn",
                    "Streak",
                    "Best",
                    "Fastest win",
                ] {
                    ui.strong(head);
                }
                ui.end_row();
                let mut records: Vec<_> = state.stats.records.iter().collect();
                records.sort_by(|a, b| b.level.cmp(&a.level).then_with(|| a.rule.cmp(&b.rule)));
                for r in records {
                    ui.label(level_title(r.level));
                    ui.label(&r.rule);
                    ui.label(r.wins.to_string());
                    ui.label(r.losses.to_string());
                    ui.label(r.draws.to_string());
                    ui.label(r.current_streak.to_string());
                    ui.label(r.best_streak.to_string());
                    ui.label(r.fastest_win.as_ref().map_or("—".to_owned(), |f| {
                        format!("{} moves, {} ({})", f.moves, f.player, f.date)
                    }));
                    ui.end_row();
                }
            });
    }
    ui.add_space(6.0);
    if state.confirm_reset {
        ui.horizontal(|ui| {
            ui.colored_label(
                egui::Color32::from_rgb(230, 120, 60),
                "Forget every record and the hall of fame?",
            );
            if ui.button("Yes, reset").clicked() {
                requests.write(RecordRequest::ResetStats);
                state.confirm_reset = false;
            }
            if ui.button("Keep them").clicked() {
                state.confirm_reset = false;
            }
        });
    } else if ui.button("Reset statistics…").clicked() {
        state.confirm_reset = true;
    }
    ui.separator();
    ui.label(egui::RichText::new("Files").strong());
    for line in store.file_lines() {
        ui.small(line);
    }
}

/// File problems stay on screen until the player has read them.
fn store_notices(mut contexts: EguiContexts, mut notices: ResMut<StoreNotices>) -> Result {
    if notices.messages.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("A file could not be used")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .show(ctx, |ui| {
            for message in &notices.messages {
                ui.label(message);
            }
            if ui.button("OK").clicked() {
                notices.dismiss();
            }
        });
    Ok(())
}
