//! The game-over dialog: result, moves, undos, hints, duration and a one-line comment, with New game,
//! Rematch (colours swapped) and Menu.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::Outcome;

use crate::game::{CurrentGame, GameCommand, Mode, PlayerKind};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_over_ui.run_if(in_state(Screen::GameOver)),
    );
}

/// The headline of a finished game, from the point of view of the player at the screen.
pub fn headline(current: &CurrentGame) -> String {
    let names = current.setup.mode.seat_names();
    match current.game.outcome() {
        None => "Game in progress".into(),
        Some(Outcome::Draw) => "Draw".into(),
        Some(Outcome::Win { winner, .. }) => match current.setup.mode {
            Mode::HumanVsComputer if current.setup.player(*winner) == PlayerKind::Human => {
                "You win!".into()
            }
            Mode::HumanVsComputer => "The computer wins".into(),
            _ => format!("{} ({winner}) wins", names[current.setup.seat(*winner)]),
        },
    }
}

/// A one-line comment on how the game went.
pub fn comment(current: &CurrentGame, duration: Duration) -> String {
    let moves = current.game.moves().len();
    let cells = current.game.variant().cells();
    let human_won = current
        .game
        .outcome()
        .and_then(Outcome::winner)
        .is_some_and(|w| current.setup.player(w) == PlayerKind::Human);
    let against_computer = current.setup.mode == Mode::HumanVsComputer;
    match current.game.outcome() {
        None => String::new(),
        Some(Outcome::Draw) => "Nobody gave an inch: the board filled up.".into(),
        Some(Outcome::Win { .. }) => {
            if human_won && against_computer && current.undos == 0 && current.hints == 0 {
                format!("A clean win in {moves} moves: no undo, no hint.")
            } else if moves * 4 >= cells.min(240) {
                format!("A long fight: {moves} moves.")
            } else if moves <= 2 * current.game.variant().win_len() as usize + 3 {
                format!("A quick finish in {moves} moves.")
            } else if against_computer && !human_won {
                "The computer found the line. Ask for a hint next time?".into()
            } else if duration > Duration::from_secs(600) {
                "A long think, and it paid off.".into()
            } else {
                format!("Decided in {moves} moves.")
            }
        }
    }
}

fn game_over_ui(
    mut contexts: EguiContexts,
    current: Res<CurrentGame>,
    time: Res<Time<Real>>,
    mut writer: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let duration = current.duration(time.elapsed());
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .default_width(crate::view::PANEL_WIDTH - 40.0)
        // Over the lower part of the side panel, so the winning line on the board stays in view.
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(egui::RichText::new(headline(&current)).size(22.0));
                ui.label(comment(&current, duration));
            });
            ui.add_space(8.0);
            egui::Grid::new("game over stats")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("Moves");
                    ui.label(current.game.moves().len().to_string());
                    ui.end_row();
                    ui.label("Undos");
                    ui.label(current.undos.to_string());
                    ui.end_row();
                    ui.label("Hints");
                    ui.label(current.hints.to_string());
                    ui.end_row();
                    ui.label("Duration");
                    ui.label(super::format_duration(duration));
                    ui.end_row();
                });
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game").clicked() {
                    writer.write(GameCommand::Restart);
                }
                if ui.button("Rematch (swap colours)").clicked() {
                    writer.write(GameCommand::Rematch);
                }
                if ui.button("Menu").clicked() {
                    writer.write(GameCommand::Menu);
                }
            });
        });
    Ok(())
}
