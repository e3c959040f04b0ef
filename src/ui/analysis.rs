//! Live analysis on screen: in the HUD, a bar of black's and white's chances with the search's depth
//! and best line; on the board, the best few candidate moves as a heat map with their chances and the
//! best line as numbered translucent stones. Painted by egui over the board, like the coordinates.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Analysis, Color as Side, Pos, win_probability};

use crate::analysis::live::LiveAnalysis;
use crate::analysis::review::GameReview;
use crate::game::{CurrentGame, cell_name};
use crate::i18n::Words;
use crate::screens::InGame;
use crate::settings::{Settings, Theme};
use crate::view::BoardLayout;

use super::style::ui_palette;
use super::tip::Tip;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        board_overlay.run_if(in_state(InGame)),
    );
}

/// How many moves of the best line are shown as stones.
const LINE_STONES: usize = 6;

/// Black's chance of winning, 0.0 to 1.0, from an analysis made with `to_move` to play.
pub fn black_chance(to_move: Side, analysis: &Analysis) -> f64 {
    let chance = analysis.win_probability();
    match to_move {
        Side::Black => chance,
        Side::White => 1.0 - chance,
    }
}

/// The readout's height: one bar.
const READOUT_HEIGHT: f32 = 20.0;

/// The readout at the bottom of `place`, the messages' place, whose first line stays for messages.
pub fn readout_in(
    ui: &mut egui::Ui,
    place: egui::Rect,
    live: &LiveAnalysis,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
) {
    readout(&mut lower_line(ui, place), live, current, theme, words);
}

/// A place for one bar at the bottom of `place` (the messages' place), not allocated in the panel:
/// what it holds can never push what follows.
fn lower_line(ui: &mut egui::Ui, place: egui::Rect) -> egui::Ui {
    let rect = egui::Rect::from_min_max(
        egui::pos2(place.left(), place.bottom() - READOUT_HEIGHT),
        place.max,
    );
    let mut inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    inside.set_clip_rect(rect.intersect(ui.clip_rect()));
    inside
}

/// The chances of a computer-against-computer game as its last move's search saw them (black's
/// percent), in the lower part of the message place, as live analysis shows its own.
pub fn chances_in(
    ui: &mut egui::Ui,
    place: egui::Rect,
    black_percent: u8,
    theme: Theme,
    words: &Words,
) {
    let mut inside = lower_line(ui, place);
    let detail = words.tr("hud-chances");
    chances_bar(
        &mut inside,
        f64::from(black_percent) / 100.0,
        &detail,
        theme,
    )
    .tip(words.tr("hud-chances-tip"));
}

/// The readout while analysis is on: the chances bar with the search's depth (or who wins by force),
/// its best line on hover; "Analysing…" until the first round ends.
pub(super) fn readout(
    ui: &mut egui::Ui,
    live: &LiveAnalysis,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
) {
    let p = ui_palette(theme);
    let size = current.game().variant().size();
    let Some((to_move, analysis)) = live.current(current.generation()) else {
        let text = if current.is_over() {
            words.tr("analysis-game-over")
        } else {
            words.tr("analysis-thinking")
        };
        ui.label(egui::RichText::new(text).small().color(p.faint));
        return;
    };
    let line: Vec<String> = analysis
        .pv
        .iter()
        .take(LINE_STONES)
        .map(|&pos| cell_name(pos, size))
        .collect();
    let detail = if analysis.is_proven() {
        let winner = if analysis.score > 0 {
            to_move
        } else {
            to_move.opponent()
        };
        words.tr_args(
            "analysis-forced-win",
            &[("side", words.side(winner, false).into())],
        )
    } else {
        words.tr_args("analysis-detail", &[("depth", analysis.depth.into())])
    };
    // The engine that speaks, where it is not Tengen's own.
    let detail = match live.by() {
        Some(engine) => words.tr_args(
            "analysis-by-engine",
            &[("engine", engine.into()), ("what", detail.into())],
        ),
        None => detail,
    };
    let mut tip = words.tr("analysis-bar-tip");
    for more in [
        detail.clone(),
        words.tr_args("analysis-line", &[("line", line.join(" ").into())]),
    ] {
        tip.push('\n');
        tip.push_str(&more);
    }
    chances_bar(ui, black_chance(to_move, analysis), &detail, theme).tip(tip);
}

/// A bar split where black's chance ends: black from the left, white from the right, each with its
/// percentage, and `detail` in the middle.
pub(crate) fn chances_bar(
    ui: &mut egui::Ui,
    black: f64,
    detail: &str,
    theme: Theme,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), READOUT_HEIGHT),
        egui::Sense::hover(),
    );
    let p = ui_palette(theme);
    let painter = ui.painter();
    let split = rect.left() + rect.width() * black as f32;
    let dark = egui::Color32::from_rgb(0x1d, 0x1d, 0x20);
    let light = egui::Color32::from_rgb(0xf6, 0xf3, 0xea);
    painter.rect_filled(rect, 4.0, light);
    painter.rect_filled(
        egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y)),
        egui::CornerRadius {
            nw: 4,
            sw: 4,
            ..Default::default()
        },
        dark,
    );
    painter.rect_stroke(
        rect,
        4.0,
        egui::Stroke::new(1.0, p.rule),
        egui::StrokeKind::Inside,
    );
    let font = egui::FontId::proportional(12.0);
    let black_percent = (black * 100.0).round();
    let percents = [
        (
            format!("{black_percent:.0}%"),
            if black > 0.15 { light } else { dark },
        ),
        (
            format!("{:.0}%", 100.0 - black_percent),
            if black < 0.85 { dark } else { light },
        ),
    ]
    .map(|(text, colour)| painter.layout_no_wrap(text, font.clone(), colour));
    let widest = percents[0].size().x.max(percents[1].size().x);
    let [left, right] = percents;
    painter.galley(
        rect.left_center() + egui::vec2(6.0, -left.size().y / 2.0),
        left,
        light,
    );
    painter.galley(
        rect.right_center() - egui::vec2(6.0 + right.size().x, right.size().y / 2.0),
        right,
        dark,
    );
    // The depth on a small label of paper in the middle, readable over either colour, between the
    // percentages and clear of them (a long sentence in Polish ran over "100%").
    let room = rect.width() - 2.0 * (6.0 + widest + PILL_GAP);
    let galley = fitted(painter, detail, room - PILL_PADDING, p.ink);
    let pill =
        egui::Rect::from_center_size(rect.center(), galley.size() + egui::vec2(PILL_PADDING, 2.0));
    painter.rect_filled(pill, 6.0, p.paper);
    painter.galley(pill.center() - galley.size() / 2.0, galley, p.ink);
    response
}

/// The room kept between a percentage and the label in the middle.
const PILL_GAP: f32 = 4.0;
/// The label's paper beyond its words, left and right together.
const PILL_PADDING: f32 = 10.0;

/// `text` on one line no wider than `width`: smaller type where it must be, cut short only where
/// even the smallest is too wide (the whole sentence is in the bar's tip).
fn fitted(
    painter: &egui::Painter,
    text: &str,
    width: f32,
    colour: egui::Color32,
) -> std::sync::Arc<egui::Galley> {
    for size in [12.0, 11.0, 10.0, 9.0] {
        let galley =
            painter.layout_no_wrap(text.to_owned(), egui::FontId::proportional(size), colour);
        if galley.size().x <= width {
            return galley;
        }
    }
    let mut job = egui::text::LayoutJob::simple_singleline(
        text.to_owned(),
        egui::FontId::proportional(9.0),
        colour,
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(0.0));
    painter.layout_job(job)
}

/// A candidate's colour on the heat map: the best is green, those well below it red.
fn heat(score: i32, best: i32) -> egui::Color32 {
    let drop = (win_probability(best) - win_probability(score)).clamp(0.0, 0.3) / 0.3;
    let t = drop as f32;
    let green = egui::Color32::from_rgb(0x2e, 0xa0, 0x43);
    let red = egui::Color32::from_rgb(0xd0, 0x3b, 0x2c);
    egui::Color32::from_rgb(
        egui::lerp(green.r() as f32..=red.r() as f32, t) as u8,
        egui::lerp(green.g() as f32..=red.g() as f32, t) as u8,
        egui::lerp(green.b() as f32..=red.b() as f32, t) as u8,
    )
}

/// The analysis on the board (heat map and best line) and, in a review, the better move for the move
/// shown when that move was a mistake.
fn board_overlay(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    live: Res<LiveAnalysis>,
    review: Res<GameReview>,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if layout.size != current.game().variant().size() || layout.spacing <= 0.0 {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::background());
    let at = |pos: Pos| {
        let p = layout.window_position(pos, window.size());
        egui::pos2(p.x, p.y)
    };
    if live.on
        && let Some((to_move, analysis)) = live.current(current.generation())
    {
        paint_heat_map(&painter, analysis, layout.spacing, at);
        paint_line(
            &painter,
            to_move,
            analysis,
            layout.spacing,
            settings.theme,
            at,
        );
        paint_line_chances(&painter, analysis, layout.spacing, at);
    }
    // Only a review has its moves' verdicts (it ends with its mode).
    if let Some(reviewed) = review.of_move(current.game().moves())
        && reviewed.class >= tengen_engine::MoveClass::Inaccuracy
    {
        super::review::paint_better_move(&painter, reviewed, layout.spacing, at);
    }
    Ok(())
}

/// The candidates as squares coloured by how they compare with the best, each with the mover's chance.
fn paint_heat_map(
    painter: &egui::Painter,
    analysis: &Analysis,
    spacing: f32,
    at: impl Fn(Pos) -> egui::Pos2,
) {
    let Some(&(_, best)) = analysis.candidates.first() else {
        return;
    };
    for &(pos, score) in &analysis.candidates {
        let colour = heat(score, best);
        let rect = egui::Rect::from_center_size(at(pos), egui::Vec2::splat(spacing * 0.92));
        painter.rect_filled(rect, spacing * 0.18, colour.gamma_multiply(0.45));
        painter.rect_stroke(
            rect,
            spacing * 0.18,
            egui::Stroke::new(2.0, colour),
            egui::StrokeKind::Inside,
        );
        // A move of the line shown carries its stone's number, and its chance under the stone.
        if !in_line(analysis, pos) {
            paint_chance(
                painter,
                rect.center(),
                egui::Align2::CENTER_CENTER,
                score,
                spacing,
            );
        }
    }
}

fn in_line(analysis: &Analysis, pos: Pos) -> bool {
    analysis.pv.iter().take(LINE_STONES).any(|&p| p == pos)
}

/// The chance of each candidate the line's stones cover (the best move first of all), on a tag at
/// the foot of its stone, over the stones round it.
fn paint_line_chances(
    painter: &egui::Painter,
    analysis: &Analysis,
    spacing: f32,
    at: impl Fn(Pos) -> egui::Pos2,
) {
    for &(pos, score) in analysis
        .candidates
        .iter()
        .filter(|c| in_line(analysis, c.0))
    {
        let foot = at(pos) + egui::vec2(0.0, spacing * 0.3);
        paint_chance(painter, foot, egui::Align2::CENTER_TOP, score, spacing);
    }
}

/// A chance as the board shows it: the number in a size that reads at the smallest board, a smaller
/// per-cent sign, white on a dark tag so it reads on any square or stone.
fn paint_chance(
    painter: &egui::Painter,
    at: egui::Pos2,
    anchor: egui::Align2,
    score: i32,
    spacing: f32,
) {
    let size = (spacing * 0.42).clamp(10.0, 17.0);
    let mut job = egui::text::LayoutJob::default();
    let number = format!("{:.0}", win_probability(score) * 100.0);
    let part = |size: f32| egui::TextFormat {
        font_id: egui::FontId::proportional(size),
        color: egui::Color32::WHITE,
        valign: egui::Align::BOTTOM,
        ..Default::default()
    };
    job.append(&number, 0.0, part(size));
    job.append("%", 0.0, part(size * 0.65));
    let galley = painter.layout_job(job);
    let rect = anchor.anchor_size(at, galley.size() + egui::vec2(4.0, 0.0));
    painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(180));
    painter.galley(
        rect.min + egui::vec2(2.0, 0.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// The best line as stones of the colours that would play them, numbered in order: opaque, so no
/// grid line crosses a digit, and told from played stones by a ring in the accent colour.
fn paint_line(
    painter: &egui::Painter,
    to_move: Side,
    analysis: &Analysis,
    spacing: f32,
    theme: Theme,
    at: impl Fn(Pos) -> egui::Pos2,
) {
    let radius = spacing * 0.42;
    let font = egui::FontId::proportional((spacing * 0.45).clamp(9.0, 20.0));
    let mut side = to_move;
    for (number, &pos) in analysis.pv.iter().take(LINE_STONES).enumerate() {
        let look = line_stone(side, theme);
        painter.circle(at(pos), radius, look.fill, egui::Stroke::NONE);
        painter.circle_stroke(at(pos), radius - look.ring.width / 2.0, look.ring);
        painter.text(
            at(pos),
            egui::Align2::CENTER_CENTER,
            (number + 1).to_string(),
            font.clone(),
            look.ink,
        );
        side = side.opponent();
    }
}

/// How a stone of the best line looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LineStone {
    pub fill: egui::Color32,
    pub ink: egui::Color32,
    pub ring: egui::Stroke,
}

/// A best line's stone of `side` in `theme`: an opaque stone, its number in the opposite colour.
pub(crate) fn line_stone(side: Side, theme: Theme) -> LineStone {
    let (fill, ink) = match (side, theme) {
        (Side::Black, Theme::Classic) => {
            (egui::Color32::from_rgb(20, 20, 24), egui::Color32::WHITE)
        }
        (Side::White, Theme::Classic) => {
            (egui::Color32::from_rgb(250, 248, 240), egui::Color32::BLACK)
        }
        (Side::Black, Theme::Contrast) => (egui::Color32::BLACK, egui::Color32::WHITE),
        (Side::White, Theme::Contrast) => (egui::Color32::WHITE, egui::Color32::BLACK),
    };
    let width = if theme == Theme::Contrast { 3.0 } else { 2.0 };
    LineStone {
        fill,
        ink,
        ring: egui::Stroke::new(width, ui_palette(theme).accent),
    }
}

#[cfg(test)]
mod tests {
    use super::{Side, Theme, line_stone};

    use crate::ui::style::contrast_ratio as contrast;

    #[test]
    fn the_best_lines_stones_are_opaque_and_their_numbers_read_in_every_theme() {
        for theme in [Theme::Classic, Theme::Contrast] {
            for side in [Side::Black, Side::White] {
                let look = line_stone(side, theme);
                // Opaque: no grid line shows through the digit.
                assert_eq!(look.fill.a(), 255, "{side:?} in {theme:?}");
                assert_eq!(look.ink.a(), 255, "{side:?} in {theme:?}");
                let ratio = contrast(look.fill, look.ink);
                assert!(ratio >= 7.0, "{side:?} in {theme:?}: contrast {ratio}");
            }
        }
    }
}
