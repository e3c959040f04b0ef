//! The game review in the HUD, in place of the move list while a record is reviewed: the progress, then
//! a summary per player (accuracy and how many moves of each class), the graph of black's chances over
//! the moves (click it to show that move) and the moves with their classes (click one to show it).
//! On the board, the better move for a bad move shown (painted by [`super::analysis`]).

use bevy::prelude::*;
use bevy_egui::egui;
use egui_plot::{Line, Plot, PlotPoints, Points};
use tengen_engine::{Color as Side, MoveClass, MoveReview, Pos, accuracy};

use crate::analysis::review::GameReview;
use crate::game::{CurrentGame, GameCommand, ViewStep, cell_name};
use crate::i18n::Words;
use crate::settings::{MoveNumbering, Theme};

use super::numbering::Numbering;
use super::review_line::{asked_line, is_bad, line_buttons, line_section, line_shown};
use super::style::{paint_stone, ui_palette};
use super::tip::Tip;

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

/// The review's place in the HUD, in place of the score and the move list: the progress, then the
/// graph, what the engine thinks of the move shown, and the players' accuracy and class counts (the
/// moves themselves, with their classes, are in the record window).
pub fn section(
    ui: &mut egui::Ui,
    review: &GameReview,
    current: &CurrentGame,
    (theme, style): (Theme, MoveNumbering),
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let p = ui_palette(theme);
    // Close on the left: where it stands, the score's Reset button (right) comes back once closed, and
    // a second click must not land on it.
    let header = |ui: &mut egui::Ui| {
        // Tight, so the column is no taller than the graph at its least.
        ui.spacing_mut().item_spacing.y = 0.0;
        ui.spacing_mut().interact_size.y = 16.0;
        let title = ui.label(
            egui::RichText::new(words.tr("review-title").to_uppercase())
                .small()
                .strong()
                .color(p.faint),
        );
        if let Some(engine) = &review.by {
            title.tip(words.tr_args("review-title-engine-tip", &[("engine", engine.into())]));
        }
        ui.small_button(words.tr("review-close")).clicked()
    };
    let Some(reviews) = &review.moves else {
        if ui.horizontal(header).inner {
            writer.write(GameCommand::CloseReview);
        }
        let (done, total) = review.progress;
        let text = match &review.by {
            Some(engine) => words.tr_args(
                "review-progress-engine",
                &[
                    ("engine", engine.into()),
                    ("done", done.into()),
                    ("total", total.into()),
                ],
            ),
            None => words.tr_args(
                "review-progress",
                &[("done", done.into()), ("total", total.into())],
            ),
        };
        ui.scope(|ui| {
            ui.visuals_mut().extreme_bg_color = crate::ui::style::progress_track(theme);
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .text(text)
                    .desired_height(18.0),
            );
        });
        return;
    };
    let shown = current.record_position().0;
    let moves = current.game().moves();
    // The graph and the verdict on the move shown come first; in a short window the graph gives up
    // height so the summary and its legend stay in sight. The graph stays out of the scrolled part:
    // a plot paints within its own rectangle, not the scroll's, and slid over the title when scrolled.
    // The title and Close stand in a column on the graph's left, not in a row of their own: at
    // 800×560 that row's height was what the legend lacked (issue 62, item 21).
    let graph_height = (ui.available_height() - BELOW_GRAPH).clamp(GRAPH_LEAST, 110.0);
    let size = current.game().variant().size();
    let numbering = Numbering::of(current.game(), style);
    let close = ui.horizontal(|ui| {
        let close = ui.vertical(header).inner;
        graph(ui, reviews, shown, graph_height, theme, words, writer);
        close
    });
    if close.inner {
        writer.write(GameCommand::CloseReview);
    }
    // Rows as high as their words: the verdict's row kept a button's height with no button in it.
    ui.spacing_mut().interact_size.y = 20.0;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(line) = line_shown(review, moves, asked_line(ui.ctx())) {
                line_section(ui, &line, (current.game(), &review.record), words, writer);
            } else {
                verdict(ui, review, moves, (size, numbering), theme, words, writer);
            }
            ui.add_space(4.0);
            summary(ui, reviews, theme, words);
        });
}

/// The height the verdict, the players' summary and its legend take under the graph.
const BELOW_GRAPH: f32 = 192.0;

/// The graph's least height: its two ends and the dots still read.
const GRAPH_LEAST: f32 = 30.0;

/// A row per player: stone, accuracy, then a count per class under the class's colour. Cells of fixed
/// width, so the rows line up and never widen the panel.
fn summary(ui: &mut egui::Ui, reviews: &[MoveReview], theme: Theme, words: &Words) {
    const STONE: f32 = 16.0;
    const ACCURACY: f32 = 72.0;
    let count_width =
        ((ui.available_width() - STONE - ACCURACY) / MoveClass::ALL.len() as f32 - 8.0).max(16.0);
    let cell = |ui: &mut egui::Ui, width: f32, text: egui::RichText| {
        ui.add_sized([width, 16.0], egui::Label::new(text).truncate())
    };
    ui.spacing_mut().item_spacing.y = 1.0;
    ui.horizontal(|ui| {
        ui.add_space(STONE);
        cell(
            ui,
            ACCURACY,
            egui::RichText::new(words.tr("review-accuracy-heading")).small(),
        )
        .tip(words.tr("review-accuracy-tip"));
        for class in MoveClass::ALL {
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(count_width, 14.0), egui::Sense::hover());
            ui.painter()
                .circle_filled(rect.center(), 5.0, class_colour(class));
            response.tip(class_name(class, words));
        }
    });
    for side in [Side::Black, Side::White] {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(STONE, 16.0), egui::Sense::hover());
            paint_stone(ui.painter(), rect.center(), 6.0, side == Side::Black, theme);
            let figure = accuracy(reviews, side).map_or_else(
                || "—".to_owned(),
                |a| words.tr_args("review-accuracy", &[("percent", a.round().into())]),
            );
            cell(ui, ACCURACY, egui::RichText::new(figure).strong())
                .tip(words.tr("review-accuracy-tip"));
            for class in MoveClass::ALL {
                let count = reviews
                    .iter()
                    .filter(|r| r.mover == side && r.class == class)
                    .count();
                cell(ui, count_width, egui::RichText::new(count.to_string()))
                    .tip(class_name(class, words));
            }
        });
    }
    legend(ui, words);
}

/// What the columns' colours stand for, in words under the table (the columns are too narrow for
/// them): each colour's dot is painted in the room left before its name, so a line never parts them.
fn legend(ui: &mut egui::Ui, words: &Words) {
    const DOT_ROOM: f32 = 14.0;
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 10.0;
        let small = egui::TextStyle::Small.resolve(ui.style());
        let ink = ui.visuals().text_color();
        for class in MoveClass::ALL {
            let mut job = egui::text::LayoutJob::default();
            let format = egui::TextFormat {
                font_id: small.clone(),
                color: ink,
                ..Default::default()
            };
            job.append(&class_name(class, words), DOT_ROOM, format);
            let name = ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
            let dot = name.rect.left_center() + egui::vec2(5.0, 0.0);
            ui.painter().circle_filled(dot, 4.0, class_colour(class));
        }
    });
}

/// Black's chance over the moves, the bad moves marked in their class's colour and the position shown
/// as a larger dot; a click shows the move under the pointer.
fn graph(
    ui: &mut egui::Ui,
    reviews: &[MoveReview],
    shown: usize,
    height: f32,
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
        .height(height)
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
        .cursor_color(egui::Color32::TRANSPARENT)
        .include_x(-0.5)
        .include_x(last.max(1.0) + 0.5)
        .include_y(-4.0)
        .include_y(104.0)
        .show(ui, |plot| {
            plot.line(
                Line::new(String::new(), PlotPoints::from(curve.clone()))
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
            if let Some(&point) = curve.get(shown) {
                plot.points(
                    Points::new(String::new(), vec![point])
                        .color(p.accent)
                        .radius(5.5),
                );
            }
        });
    let graph = response.response.tip(words.tr("review-graph-tip"));
    // A click, and also a press held or moved along the graph (egui no longer calls those clicks: a
    // hand that lingered or slid a little found the graph dead), shows the move under the pointer.
    if (graph.clicked() || graph.is_pointer_button_down_on())
        && let Some(pointer) = graph.interact_pointer_pos()
    {
        let x = response.transform.value_from_position(pointer).x;
        let to = x.round().clamp(0.0, last) as usize;
        if to != shown {
            writer.write(GameCommand::View(ViewStep::To(to)));
        }
    }
}

/// What the engine thinks of the move shown (numbered by `numbering`): its class, the chances before
/// and after it, and the better move for a bad one.
fn verdict(
    ui: &mut egui::Ui,
    review: &GameReview,
    shown: &[Pos],
    (size, numbering): (u8, Numbering),
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let p = ui_palette(theme);
    let Some(reviewed) = review.of_move(shown) else {
        ui.label(
            egui::RichText::new(words.tr("review-pick-a-move"))
                .small()
                .color(p.faint),
        );
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(format!(
                "{} {}",
                numbering.label(reviewed.index),
                cell_name(reviewed.played, size)
            ))
            .strong(),
        );
        class_dot(ui, reviewed.class);
        ui.label(egui::RichText::new(class_name(reviewed.class, words)).strong());
        if is_bad(reviewed) {
            line_buttons(ui, reviewed, (&review.record, size), words, writer);
        }
    });
    ui.label(
        egui::RichText::new(words.tr_args(
            "review-chances",
            &[
                ("side", words.side(reviewed.mover, false).into()),
                ("before", (reviewed.before * 100.0).round().into()),
                ("after", (reviewed.after * 100.0).round().into()),
            ],
        ))
        .small()
        .color(p.faint),
    );
}

fn class_dot(ui: &mut egui::Ui, class: MoveClass) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 4.5, class_colour(class));
}

/// A move of the record window's list with its class: a dot in the class's colour and the class's
/// name, and for a bad move the better one. Selected when it is the move shown; a click anywhere on
/// the row shows it.
pub fn reviewed_move(
    ui: &mut egui::Ui,
    selected: bool,
    text: String,
    review: &MoveReview,
    size: u8,
) -> egui::Response {
    let words = crate::i18n::words_in(ui.ctx()).0;
    let mut verdict = class_name(review.class, &words);
    if review.class >= MoveClass::Inaccuracy {
        let better = words.tr_args(
            "review-better",
            &[("move", cell_name(review.best, size).into())],
        );
        verdict = format!("{verdict} · {better}");
    }
    ui.horizontal(|ui| {
        let row = ui.selectable_label(selected, text);
        class_dot(ui, review.class);
        let label = ui.add(
            egui::Label::new(egui::RichText::new(verdict).small()).sense(egui::Sense::click()),
        );
        row | label
    })
    .inner
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
    painter.circle(
        at(reviewed.best),
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
