//! The in-game panel: players, whose turn, move number, the computer's thinking indicator, score, hint
//! and notices, and the Undo / Redo / Hint / New game / Menu buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::Color as Side;

use crate::game::computer::{Autoplay, Thinking};
use crate::game::hint::{Pondering, ShownHint};
use crate::game::score::Score;
use crate::game::{CurrentGame, GameCommand, Mode, Notice, PlayerKind, cell_name};
use crate::screens::{InGame, Screen};
use crate::ui::menu::level_title;
use crate::view::PANEL_WIDTH;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, hud_ui.run_if(in_state(InGame)));
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "White",
    }
}

#[allow(clippy::too_many_arguments)]
fn hud_ui(
    mut contexts: EguiContexts,
    current: Res<CurrentGame>,
    score: Res<Score>,
    notice: Res<Notice>,
    hint: Res<ShownHint>,
    autoplay: Res<Autoplay>,
    thinking: Query<&Thinking>,
    pondering: Query<(), With<Pondering>>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut writer: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let setup = current.setup;
    let game = &current.game;
    let size = game.variant().size();
    let names = setup.mode.seat_names();
    egui::Panel::right("hud")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading("Tengen");
            ui.label(setup.preset.title());
            if setup.mode == Mode::ComputerVsComputer {
                ui.label(format!("Both computers: {}", level_title(setup.level)));
            }
            ui.separator();

            for side in [Side::Black, Side::White] {
                let seat = setup.seat(side);
                // Two computers are told apart by seat; a computer says so.
                let who = match (setup.mode, setup.player(side)) {
                    (Mode::HumanVsComputer, PlayerKind::Computer) => {
                        format!("{} ({})", names[seat], level_title(setup.level))
                    }
                    _ => names[seat].to_string(),
                };
                let marker = if !game.is_over() && game.to_move() == side {
                    "▶ "
                } else {
                    "   "
                };
                ui.label(
                    egui::RichText::new(format!("{marker}{}: {who}", side_name(side))).size(16.0),
                );
            }
            ui.add_space(4.0);
            let status = match game.outcome() {
                Some(outcome) => format!("Game over: {outcome}"),
                None => format!(
                    "Move {} — {} to play",
                    game.moves().len() + 1,
                    side_name(game.to_move())
                ),
            };
            ui.label(egui::RichText::new(status).strong());
            if let Some(last) = game.last_move() {
                ui.label(format!("Last move: {}", cell_name(last, size)));
            }

            // The thinking indicator animates every frame, which also proves frames keep coming.
            if let Some(thinking) = thinking.iter().next() {
                let elapsed = now.saturating_sub(thinking.started).as_secs_f32();
                let dots = ".".repeat(1 + (elapsed * 3.0) as usize % 3);
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(format!("Computer is thinking{dots:<3} {elapsed:.1} s"));
                });
            } else if !pondering.is_empty() {
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label("Looking for a hint…");
                });
            } else if setup.mode == Mode::ComputerVsComputer && autoplay.paused {
                ui.label("Paused — press Step or Resume");
            } else {
                ui.label(" ");
            }
            if let Some((pos, reason)) = hint.reason(current.generation) {
                ui.colored_label(
                    egui::Color32::from_rgb(40, 170, 80),
                    format!("Hint: {} — {reason}", cell_name(pos, size)),
                );
            }
            if let Some(text) = notice.current(now) {
                ui.colored_label(egui::Color32::from_rgb(230, 120, 60), text);
            }
            ui.separator();

            let playing = *screen.get() == Screen::Playing;
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(playing, egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    writer.write(GameCommand::Undo);
                }
                if ui
                    .add_enabled(playing, egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    writer.write(GameCommand::Redo);
                }
                if ui
                    .add_enabled(playing && current.humans_turn(), egui::Button::new("Hint"))
                    .on_hover_text("H")
                    .clicked()
                {
                    writer.write(GameCommand::Hint);
                }
                if ui.button("New game").on_hover_text("N").clicked() {
                    writer.write(GameCommand::Restart);
                }
                if ui.button("Menu").on_hover_text("Esc").clicked() {
                    writer.write(GameCommand::Menu);
                }
            });
            if setup.mode == Mode::ComputerVsComputer {
                ui.horizontal(|ui| {
                    let label = if autoplay.paused { "Resume" } else { "Pause" };
                    if ui.button(label).on_hover_text("P").clicked() {
                        writer.write(GameCommand::TogglePause);
                    }
                    if ui
                        .add_enabled(autoplay.paused && playing, egui::Button::new("Step"))
                        .on_hover_text("S")
                        .clicked()
                    {
                        writer.write(GameCommand::Step);
                    }
                });
            }
            ui.separator();

            ui.label(egui::RichText::new("Score").strong());
            egui::Grid::new("score").num_columns(2).show(ui, |ui| {
                for (name, wins) in names.iter().zip(score.wins) {
                    ui.label(*name);
                    ui.label(wins.to_string());
                    ui.end_row();
                }
                ui.label("Draws");
                ui.label(score.draws.to_string());
                ui.end_row();
            });
            if ui.small_button("Reset score").clicked() {
                writer.write(GameCommand::ResetScore);
            }
            ui.separator();
            ui.label(format!(
                "Undos {} · Hints {} · Time {}",
                current.undos,
                current.hints,
                super::format_duration(current.duration(now))
            ));
        });
    Ok(())
}
