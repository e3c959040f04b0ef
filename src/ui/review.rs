//! The game review in the HUD, in place of the move list while a record is reviewed: the progress, then
//! a summary per player (accuracy and how many moves of each class), the graph of black's chances over
//! the moves (click it to show that move) and the moves with their classes (click one to show it).
//! On the board, the better move for a bad move shown (painted by [`super::analysis`]).

use bevy::prelude::*;
use bevy_egui::egui;
use egui_plot::{Line, Plot, PlotPoints, Points, VLine};
use tengen_engine::{Color as Side, MoveClass, MoveReview, Pos, accuracy};

use crate::analysis::review::GameReview;
use crate::game::{CurrentGame, GameCommand, ViewStep, cell_name};
use crate::i18n::Words;
use crate::settings::Theme;

use super::style::{paint_stone, ui_palette};

/// The colour a class is marked with, in the list, the summary, the graph and on the board.
pub fn class_colour(class: MoveClass) -> egui::Color32 {
    match class {
        MoveClass::Best => egui::Color32::from_rgb(0x2e, 0x9e, 0x5b),
        MoveClass::Good => egui::Color32::from_rgb(0x7a, 0xa8, 0x9a),
        MoveClass::Inaccuracy => egui::Color32::from_rgb(0xe0, 0xb0, 0x20),
        MoveClass::Mistake => egui::Color32::from_rgb(0xe0, 0x7a, 0x1f),
        MoveClass::Blunder => egui::Color32::from_rgb(0xcc, 0x2f, 0x2f),
    }
}

/// The class's name in the player's language.
pub fn class_name(class: MoveClass, words: &Words) -> String {
    words.tr(match class {
        MoveClass::Best => "review-class-best",
        MoveClass::Good => "review-class-good",
        MoveClass::Inaccuracy => "review-class-inaccuracy",
        MoveClass::Mistake => "review-class-mistake",
        MoveClass::Blunder => "review-class-blunder",
    })
}

/// Black's chance after each position of the game: before the first move, then after each move.
pub fn black_curve(reviews: &[MoveReview]) -> Vec<f64> {
    let black = |mover: Side, chance: f64| match mover {
        Side::Black => chance,
        Side::White => 1.0 - chance,
    };
    let mut curve = Vec::with_capacity(reviews.len() + 1);
    if let Some(first) = reviews.first() {
        curve.push(black(first.mover, first.before));
    }
    curve.extend(reviews.iter().map(|r| black(r.mover, r.after)));
    curve
}

/// The review's place in the HUD (it fills the rest of the panel). With `follow`, the list scrolls to
/// the move shown (it just changed).
pub fn section(
    ui: &mut egui::Ui,
    review: &GameReview,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
    follow: bool,
) {
    let p = ui_palette(theme);
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(words.tr("review-title").to_uppercase())
                .small()
                .strong()
                .color(p.faint),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.small_button(words.tr("review-close")).clicked() {
                writer.write(GameCommand::CloseReview);
            }
        });
    });
    let Some(reviews) = &review.moves else {
        let (done, total) = review.progress;
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(words.tr_args(
                    "review-progress",
                    &[("done", done.into()), ("total", total.into())],
                ))
                .desired_height(18.0),
        );
        return;
    };
    let shown = current.record_position().map_or(0, |(shown, _)| shown);
    summary(ui, reviews, current, theme, words);
    graph(ui, reviews, shown, theme, words, writer);
    move_list(
        ui,
        reviews,
        (shown, follow),
        current.game.variant().size(),
        words,
        writer,
    );
}

/// A row per player: stone, accuracy, then a count per class under the class's colour.
fn summary(
    ui: &mut egui::Ui,
    reviews: &[MoveReview],
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
) {
    let names = current.seat_names_in(words);
    egui::Grid::new("review summary")
        .num_columns(MoveClass::ALL.len() + 2)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label("");
            for class in MoveClass::ALL {
                let (rect, response) =
                    ui.allocate_exact_size(egui::vec2(18.0, 12.0), egui::Sense::hover());
                ui.painter()
                    .circle_filled(rect.center(), 5.0, class_colour(class));
                response.on_hover_text(class_name(class, words));
            }
            ui.end_row();
            for side in [Side::Black, Side::White] {
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                    paint_stone(ui.painter(), rect.center(), 6.0, side == Side::Black, theme);
                    ui.add(
                        egui::Label::new(&names[current.setup.seat(side)])
                            .truncate()
                            .wrap_mode(egui::TextWrapMode::Truncate),
                    );
                });
                let figure = accuracy(reviews, side).map_or_else(
                    || "—".to_owned(),
                    |a| words.tr_args("review-accuracy", &[("percent", a.round().into())]),
                );
                ui.label(egui::RichText::new(figure).strong())
                    .on_hover_text(words.tr("review-accuracy-tip"));
                for class in MoveClass::ALL {
                    let count = reviews
                        .iter()
                        .filter(|r| r.mover == side && r.class == class)
                        .count();
                    ui.label(count.to_string());
                }
                ui.end_row();
            }
        });
}

/// Black's chance over the moves, the bad moves marked in their class's colour and the move shown as a
/// line; a click shows the move under the pointer.
fn graph(
    ui: &mut egui::Ui,
    reviews: &[MoveReview],
    shown: usize,
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let p = ui_palette(theme);
    let curve: Vec<[f64; 2]> = black_curve(reviews)
        .into_iter()
        .enumerate()
        .map(|(i, chance)| [i as f64, chance * 100.0])
        .collect();
    let last = curve.len().saturating_sub(1) as f64;
    let response = Plot::new("review graph")
        .height(90.0)
        .show_axes([false, true])
        .y_axis_min_width(18.0)
        .show_grid([false, true])
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .include_x(0.0)
        .include_x(last.max(1.0))
        .include_y(0.0)
        .include_y(100.0)
        .show(ui, |plot| {
            plot.vline(VLine::new("shown", shown as f64).color(p.accent).width(1.5));
            plot.line(
                Line::new("black", PlotPoints::from(curve.clone()))
                    .color(p.ink)
                    .width(1.5),
            );
            for class in [
                MoveClass::Inaccuracy,
                MoveClass::Mistake,
                MoveClass::Blunder,
            ] {
                let marks: Vec<[f64; 2]> = reviews
                    .iter()
                    .filter(|r| r.class == class)
                    .filter_map(|r| curve.get(r.index + 1).copied())
                    .collect();
                plot.points(
                    Points::new(class.name(), marks)
                        .color(class_colour(class))
                        .radius(3.5),
                );
            }
        });
    let response_ui = response
        .response
        .on_hover_text(words.tr("review-graph-tip"));
    if response_ui.clicked()
        && let Some(pointer) = response_ui.interact_pointer_pos()
    {
        let x = response.transform.value_from_position(pointer).x;
        let to = x.round().clamp(0.0, last) as usize;
        writer.write(GameCommand::View(ViewStep::To(to)));
    }
}

/// Every move with its class; the bad ones name the better move. The move shown is highlighted, and
/// scrolled to when `follow` says it changed.
fn move_list(
    ui: &mut egui::Ui,
    reviews: &[MoveReview],
    (shown, follow): (usize, bool),
    size: u8,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for review in reviews {
                let number = review.index + 1;
                let mut text = egui::text::LayoutJob::default();
                let plain = egui::TextFormat {
                    font_id: egui::FontId::monospace(13.0),
                    color: ui.visuals().text_color(),
                    ..Default::default()
                };
                text.append(
                    &format!("{number:>3}. {:<4}", cell_name(review.played, size)),
                    0.0,
                    plain.clone(),
                );
                text.append(
                    &class_name(review.class, words),
                    6.0,
                    egui::TextFormat {
                        color: class_colour(review.class),
                        font_id: egui::FontId::proportional(13.0),
                        ..Default::default()
                    },
                );
                if review.class >= MoveClass::Inaccuracy {
                    text.append(
                        &words.tr_args(
                            "review-better",
                            &[("move", cell_name(review.best, size).into())],
                        ),
                        6.0,
                        egui::TextFormat {
                            font_id: egui::FontId::proportional(13.0),
                            color: ui.visuals().weak_text_color(),
                            ..Default::default()
                        },
                    );
                }
                let row = ui.selectable_label(number == shown, text);
                if number == shown && follow {
                    row.scroll_to_me(None);
                }
                if row.clicked() {
                    writer.write(GameCommand::View(ViewStep::To(number)));
                }
            }
        });
}

/// The better move for a bad move shown: a filled ring in the class's colour; the stone played gets a
/// ring of the same colour.
pub fn paint_better_move(
    painter: &egui::Painter,
    reviewed: &MoveReview,
    spacing: f32,
    at: impl Fn(Pos) -> egui::Pos2,
) {
    let colour = class_colour(reviewed.class);
    let centre = at(reviewed.best);
    painter.circle(
        centre,
        spacing * 0.4,
        colour.gamma_multiply(0.35),
        egui::Stroke::new(3.0, colour),
    );
    painter.circle_stroke(
        at(reviewed.played),
        spacing * 0.48,
        egui::Stroke::new(2.5, colour),
    );
}
