//! The record viewer's face: step buttons in the records bar, a window with the players' names, a
//! clickable move list, the move-numbers toggle and *Continue from here*, and the numbers painted on
//! the stones. Every step is a [`GameCommand`]; the position shown is the game's own (see
//! [`CurrentGame::viewing`]).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use tengen_engine::{Color, Game, Outcome, Pos};

use crate::game::{CurrentGame, GameCommand, ViewStep, cell_name};
use crate::persistence::Settings;
use crate::screens::InGame;
use crate::settings::Theme;
use crate::ui::style::paint_stone;
use crate::view::BoardLayout;

/// First / previous / "12 / 35" / next / last, for the records bar.
pub(super) fn step_buttons(
    ui: &mut egui::Ui,
    current: &CurrentGame,
    commands: &mut MessageWriter<GameCommand>,
) {
    let Some((shown, total)) = current.record_position() else {
        return;
    };
    let mut step = |ui: &mut egui::Ui, label: &str, hint: &str, enabled: bool, step: ViewStep| {
        if ui
            .add_enabled(enabled, egui::Button::new(label))
            .on_hover_text(hint)
            .clicked()
        {
            commands.write(GameCommand::View(step));
        }
    };
    ui.spacing_mut().item_spacing.x = 4.0;
    let words = crate::i18n::words_in(ui.ctx()).0;
    step(
        ui,
        "⏮",
        &words.tr("viewer-first"),
        shown > 0,
        ViewStep::First,
    );
    step(
        ui,
        "◀",
        &words.tr("viewer-previous"),
        shown > 0,
        ViewStep::Previous,
    );
    // On the window's paper, so it reads on the dark table like the buttons beside it.
    egui::Frame::new()
        .fill(ui.visuals().window_fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(8, 4))
        .show(ui, |ui| {
            ui.label(format!("{shown} / {total}"))
                .on_hover_text(words.tr("viewer-position-tip"));
        });
    step(
        ui,
        "▶",
        &words.tr("viewer-next"),
        shown < total,
        ViewStep::Next,
    );
    step(
        ui,
        "⏭",
        &words.tr("viewer-last"),
        shown < total,
        ViewStep::Last,
    );
}

/// The record's window: who played, the moves (click one to show it), numbers on the stones and the
/// way into a live game.
pub(super) fn record_window(
    mut contexts: EguiContexts,
    current: Res<CurrentGame>,
    mut settings: ResMut<Settings>,
    in_game: Option<Res<State<InGame>>>,
    review: Res<crate::analysis::review::GameReview>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    if in_game.is_none() || !current.viewing {
        return Ok(());
    }
    let Some((shown, total)) = current.record_position() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    // Clear of the records bar; the move list gives up rows on a short window.
    let max_height = (screen.height() - crate::view::RECORDS_BAR_HEIGHT - 24.0).max(120.0);
    let list_height = (screen.height() - 420.0).clamp(60.0, 180.0);
    let words = crate::i18n::words_in(ctx).0;
    let names = current.seat_names_in(&words);
    let tic_tac_toe = current.game.variant().is_tic_tac_toe();
    egui::Window::new(words.tr("viewer-title"))
        .id(egui::Id::new("record window"))
        .default_pos([12.0, 12.0])
        .default_width(200.0)
        // On a small window it starts folded, so the board is seen first.
        .default_open(screen.width() >= 1000.0)
        .max_height(max_height)
        .resizable(false)
        .show(ctx, |ui| {
            for side in [Color::Black, Color::White] {
                let name = &names[current.setup.seat(side)];
                let colour = words.side(side, tic_tac_toe);
                let text = words.tr_args(
                    "viewer-player",
                    &[("side", colour.into()), ("name", name.clone().into())],
                );
                stone_label(ui, side, text, settings.theme);
            }
            if let Some(outcome) = current.game.outcome() {
                ui.label(match outcome {
                    Outcome::Win { winner, .. } => words.tr_args(
                        "viewer-wins-here",
                        &[("name", names[current.setup.seat(*winner)].clone().into())],
                    ),
                    Outcome::Draw if current.game.black_is_stuck() => {
                        words.tr("viewer-draw-black-stuck")
                    }
                    Outcome::Draw => words.tr("viewer-draw"),
                });
            }
            ui.separator();
            // Scrolled to the move shown when it changes, and left alone otherwise.
            let follow = current.is_changed();
            move_list(
                ui,
                &current,
                (shown, total),
                (follow, list_height),
                review.moves.as_deref(),
                &mut commands,
            );
            ui.separator();
            let mut numbers = settings.move_numbers;
            if ui
                .checkbox(&mut numbers, words.tr("viewer-move-numbers"))
                .changed()
            {
                settings.move_numbers = numbers;
            }
            if ui
                .button(words.tr("viewer-review"))
                .on_hover_text(words.tr("game-over-review-tip"))
                .clicked()
            {
                commands.write(GameCommand::Review);
            }
            ui.separator();
            let open = !current.game.is_over();
            ui.add_enabled_ui(open, |ui| {
                ui.label(words.tr("viewer-continue-from-here"));
                ui.horizontal(|ui| {
                    if ui.button(words.tr("viewer-two-players")).clicked() {
                        commands.write(GameCommand::ContinueFromHere {
                            against_computer: false,
                        });
                    }
                    if ui
                        .button(words.tr("viewer-against-computer"))
                        .on_hover_text(words.tr("viewer-against-computer-tip"))
                        .clicked()
                    {
                        commands.write(GameCommand::ContinueFromHere {
                            against_computer: true,
                        });
                    }
                });
            });
        });
    Ok(())
}

/// A line with a small stone of `side` before it.
fn stone_label(ui: &mut egui::Ui, side: Color, text: String, theme: Theme) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        paint_stone(
            ui.painter(),
            rect.center(),
            7.0,
            side == Color::Black,
            theme,
        );
        ui.label(text);
    });
}

/// Every move of the record, the one shown highlighted; a click shows that position. A reviewed
/// record marks each move with its class (and the better move for the bad ones).
fn move_list(
    ui: &mut egui::Ui,
    current: &CurrentGame,
    (shown, total): (usize, usize),
    (follow, height): (bool, f32),
    reviews: Option<&[tengen_engine::MoveReview]>,
    commands: &mut MessageWriter<GameCommand>,
) {
    let game = &current.game;
    let size = game.variant().size();
    let mut moves = game.moves().to_vec();
    moves.extend(game.redo_moves().iter().rev());
    egui::ScrollArea::vertical()
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if ui
                .selectable_label(
                    shown == 0,
                    crate::i18n::words_in(ui.ctx()).0.tr("viewer-start"),
                )
                .clicked()
            {
                commands.write(GameCommand::View(ViewStep::To(0)));
            }
            for (i, &pos) in moves.iter().enumerate().take(total) {
                let number = i + 1;
                let text = format!("{number:>3}. {}", cell_name(pos, size));
                let label = match reviews.and_then(|r| r.get(i)) {
                    Some(review) => {
                        crate::ui::review::reviewed_move(ui, shown == number, text, review, size)
                    }
                    None => ui.selectable_label(shown == number, text),
                };
                if shown == number && follow {
                    label.scroll_to_me(None);
                }
                if label.clicked() {
                    commands.write(GameCommand::View(ViewStep::To(number)));
                }
            }
        });
}

/// Numbers on the stones in the order they were played, when the player turned them on (records and
/// live games alike), painted by egui where the board's layout puts each stone.
pub(super) fn move_numbers(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    current: Res<CurrentGame>,
    in_game: Option<Res<State<InGame>>>,
    window: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let size = current.game.variant().size();
    if !settings.move_numbers || in_game.is_none() || layout.size != size || layout.spacing <= 0.0 {
        return Ok(());
    }
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    for (pos, number, stone) in stone_numbers(&current.game) {
        let number = number.to_string();
        // Three digits need a smaller type to stay on the stone.
        let scale = if number.len() > 2 { 0.3 } else { 0.4 };
        let font = egui::FontId::proportional((layout.spacing * scale).clamp(6.0, 22.0));
        let ink = match stone {
            Color::Black => egui::Color32::from_gray(235),
            Color::White => egui::Color32::from_gray(20),
        };
        let at = layout.window_position(pos, window.size());
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            number,
            font,
            ink,
        );
    }
    Ok(())
}

/// The number each stone on the board shows, with the stone's colour (for the ink): the moves shown,
/// in the order they were played.
fn stone_numbers(game: &Game) -> Vec<(Pos, usize, Color)> {
    game.moves()
        .iter()
        .enumerate()
        .filter_map(|(i, &pos)| game.board().get(pos).map(|color| (pos, i + 1, color)))
        .collect()
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Color, Game, Pos, Preset};

    use super::stone_numbers;

    #[test]
    fn stones_are_numbered_in_the_order_played_and_only_those_shown() {
        let moves = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 6)];
        let mut game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
        assert_eq!(
            stone_numbers(&game),
            [
                (Pos::new(7, 7), 1, Color::Black),
                (Pos::new(8, 8), 2, Color::White),
                (Pos::new(6, 6), 3, Color::Black),
            ]
        );
        game.undo();
        assert_eq!(
            stone_numbers(&game).len(),
            2,
            "a stone taken back loses its number"
        );
    }
}
