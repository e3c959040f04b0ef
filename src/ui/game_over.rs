//! The game-over dialog: result, moves, undos, hints, duration and a one-line comment, with New game,
//! Rematch (colours swapped) and Menu. It can be folded away to look at the board (the winning line
//! may lie under it); folded, the side panel offers to show it again, so nothing covers the board.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::Outcome;

use super::clicked;
use super::style::{primary_button, ui_palette};
use crate::game::{CurrentGame, GameCommand, Mode, PlayerKind};
use crate::i18n::{FluentValue, Words};
use crate::screens::Screen;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResultCard>()
        .add_systems(OnEnter(Screen::GameOver), unfold)
        .add_systems(
            EguiPrimaryContextPass,
            game_over_ui.run_if(in_state(Screen::GameOver)),
        );
}

/// Whether the game-over card is folded away to show the board.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResultCard {
    pub folded: bool,
}

/// Every finished game shows its result first.
fn unfold(mut card: ResMut<ResultCard>) {
    card.folded = false;
}

/// The headline of a finished game, from the point of view of the player at the screen.
pub fn headline(current: &CurrentGame, words: &Words) -> String {
    let names = current.seat_names_in(words);
    let tic_tac_toe = current.game.variant().is_tic_tac_toe();
    match current.game.outcome() {
        None => words.tr("game-over-in-progress"),
        Some(Outcome::Draw) => words.tr("game-over-draw"),
        Some(Outcome::Win { winner, .. }) => match current.setup.mode {
            Mode::HumanVsComputer if current.setup.player(*winner) == PlayerKind::Human => {
                words.tr("game-over-you-win")
            }
            Mode::HumanVsComputer => words.tr("game-over-computer-wins"),
            _ => words.tr_args(
                "game-over-seat-wins",
                &[
                    ("name", names[current.setup.seat(*winner)].clone().into()),
                    ("side", words.side(*winner, tic_tac_toe).into()),
                ],
            ),
        },
    }
}

/// Whether the game-over card goes at the top of the board rather than low over it: when more of the
/// winning line lies in the board's lower half, so the card covers as little of it as it can.
pub fn card_at_top(current: &CurrentGame) -> bool {
    let Some(Outcome::Win { line, .. }) = current.game.outcome() else {
        return false;
    };
    let middle = (current.game.variant().size() as f32 - 1.0) / 2.0;
    // Rows count from the top edge.
    let lower = line.iter().filter(|p| p.y as f32 > middle).count();
    let upper = line.iter().filter(|p| (p.y as f32) < middle).count();
    lower > upper
}

/// A one-line comment on how the game went.
pub fn comment(current: &CurrentGame, duration: Duration, words: &Words) -> String {
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
        Some(Outcome::Draw) if current.game.black_is_stuck() => {
            words.tr("game-over-comment-draw-black-stuck")
        }
        Some(Outcome::Draw) => words.tr("game-over-comment-draw"),
        Some(Outcome::Win { .. }) => {
            let count = [("moves", FluentValue::from(moves))];
            if human_won && against_computer && current.undos == 0 && current.hints == 0 {
                words.tr_args("game-over-comment-clean-win", &count)
            } else if moves * 4 >= cells.min(240) {
                words.tr_args("game-over-comment-long-fight", &count)
            } else if moves <= 2 * current.game.variant().win_len() as usize + 3 {
                words.tr_args("game-over-comment-quick-finish", &count)
            } else if against_computer && !human_won {
                words.tr("game-over-comment-computer-won")
            } else if duration > Duration::from_secs(600) {
                words.tr("game-over-comment-long-think")
            } else {
                words.tr_args("game-over-comment-decided", &count)
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn game_over_ui(
    mut commands: Commands,
    mut contexts: EguiContexts,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut card: ResMut<ResultCard>,
    mut writer: MessageWriter<GameCommand>,
    words: Res<Words>,
) -> Result {
    if card.folded {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let duration = current.duration(time.elapsed());
    let theme = settings.theme;
    let p = ui_palette(theme);
    // Low over the board (above the records bar), or high when the winning line is low, so the line
    // stays in sight. In a short window the card is compact, so it keeps to its half of the board.
    let (align, offset) = if card_at_top(&current) {
        (egui::Align2::CENTER_TOP, 34.0)
    } else {
        (
            egui::Align2::CENTER_BOTTOM,
            -(crate::view::RECORDS_BAR_HEIGHT + 8.0),
        )
    };
    let compact = ctx.content_rect().height() < 700.0;
    let (margin, headline_size, stat_size, button_height) = if compact {
        (egui::Margin::symmetric(24, 10), 24.0, 17.0, 32.0)
    } else {
        (egui::Margin::symmetric(30, 20), 32.0, 22.0, 40.0)
    };
    egui::Area::new(egui::Id::new("game over"))
        .anchor(align, [-crate::view::PANEL_WIDTH / 2.0, offset])
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .fill(p.paper)
                .inner_margin(margin)
                .show(ui, |ui| {
                    ui.set_width(430.0);
                    // Folding and the review are offered in the card's top corners, out of the way
                    // of its buttons and without making the card taller.
                    ui.horizontal(|ui| {
                        let review = ui
                            .link(egui::RichText::new(words.tr("game-over-review")).small())
                            .on_hover_text(words.tr("game-over-review-tip"));
                        if clicked(&mut commands, review) {
                            writer.write(GameCommand::Review);
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                            let fold = egui::Button::new(
                                egui::RichText::new(words.tr("game-over-hide"))
                                    .small()
                                    .color(p.faint),
                            )
                            .frame(false);
                            let fold = ui.add(fold).on_hover_text(words.tr("game-over-hide-tip"));
                            if clicked(&mut commands, fold) {
                                card.folded = true;
                            }
                        });
                    });
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(current.off_board.map_or_else(
                                || headline(&current, &words),
                                |end| crate::network::off_board_headline(end, &current, &words),
                            ))
                            .size(headline_size)
                            .strong()
                            .color(p.accent),
                        );
                        ui.label(
                            egui::RichText::new(comment(&current, duration, &words)).color(p.faint),
                        );
                    });
                    ui.add_space(if compact { 4.0 } else { 10.0 });
                    ui.columns(4, |columns| {
                        let stats = [
                            ("game-over-moves", current.game.moves().len().to_string()),
                            ("game-over-undos", current.undos.to_string()),
                            ("game-over-hints", current.hints.to_string()),
                            ("game-over-time", words.duration(duration)),
                        ];
                        for (column, (label, value)) in columns.iter_mut().zip(stats) {
                            column.vertical_centered(|ui| {
                                ui.label(egui::RichText::new(value).size(stat_size).strong());
                                ui.label(
                                    egui::RichText::new(words.tr(label)).small().color(p.faint),
                                );
                            });
                        }
                    });
                    ui.add_space(if compact { 6.0 } else { 12.0 });
                    ui.horizontal(|ui| {
                        let width = (ui.available_width() - 20.0) / 3.0;
                        let size = egui::vec2(width, button_height);
                        if clicked(
                            &mut commands,
                            ui.add(
                                primary_button(theme, &words.tr("game-over-new-game"))
                                    .min_size(size),
                            ),
                        ) {
                            writer.write(GameCommand::Restart);
                        }
                        let rematch =
                            egui::Button::new(words.tr("game-over-rematch")).min_size(size);
                        if clicked(
                            &mut commands,
                            ui.add(rematch)
                                .on_hover_text(words.tr("game-over-rematch-tip")),
                        ) {
                            writer.write(GameCommand::Rematch);
                        }
                        if clicked(
                            &mut commands,
                            ui.add(egui::Button::new(words.tr("game-over-menu")).min_size(size)),
                        ) {
                            writer.write(GameCommand::Menu);
                        }
                    });
                });
        });
    Ok(())
}
