//! A side's clock on its player card: the time used (no time control) or the time left, in bold on
//! the side to move, in the warning colour under ten seconds, with byo-yomi's periods left beside it;
//! and the computer's thinking dots.

use std::time::Duration;

use bevy_egui::egui;
use tengen_engine::Color as Side;

use super::style::ui_palette;
use crate::game::Clocks;
use crate::settings::Theme;

/// Under this much time left the clock turns to the warning colour (and the game sounds once).
pub const LOW_TIME: Duration = tengen_match::LOW_TIME;

/// "4:07" for a clock; "0:09.4" in the last ten seconds of a time control, where tenths count.
pub fn clock_text(duration: Duration, timed: bool) -> String {
    if timed && duration < LOW_TIME {
        return format!(
            "0:{:02}.{}",
            duration.as_secs(),
            duration.subsec_millis() / 100
        );
    }
    let secs = duration.as_secs();
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// How wide the computer's thinking dots are.
pub const DOTS_WIDTH: f32 = 34.0;

/// The clock's text and, under byo-yomi, the periods left: as drawn for `side` at `now`.
fn texts(
    clocks: &Clocks,
    side: Side,
    now: Duration,
    theme: Theme,
) -> (egui::RichText, Option<egui::RichText>) {
    let timed = clocks.control().is_timed();
    let shown = clocks.shown(side, now);
    let to_move = clocks.runs_for() == Some(side);
    // One size for both (a larger one pushed the move list out of a short window): the side to move
    // counts down in bold.
    let mut text = egui::RichText::new(clock_text(shown, timed))
        .monospace()
        .size(18.0);
    if timed && to_move {
        text = text.strong();
    }
    if timed && shown < LOW_TIME {
        text = text.color(ui_palette(theme).warn);
    }
    // Byo-yomi: how many periods are left, the one running included.
    let periods = clocks
        .periods_left(side, now)
        .filter(|_| clocks.in_byo_yomi(side, now))
        .map(|periods| egui::RichText::new(format!("×{periods}")).small());
    (text, periods)
}

/// How wide the clock of `side` is drawn at `now` (its room on the card is kept first).
pub fn width(ui: &egui::Ui, clocks: &Clocks, side: Side, now: Duration, theme: Theme) -> f32 {
    let (text, periods) = texts(clocks, side, now, theme);
    let measure = |text: egui::RichText| {
        egui::WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Monospace,
            )
            .size()
            .x
    };
    let spacing = ui.spacing().item_spacing.x;
    measure(text) + periods.map_or(0.0, |p| measure(p) + spacing)
}

/// The clock of `side` at `now`: never wrapped or cut (its room is kept on the card).
pub fn face(ui: &mut egui::Ui, clocks: &Clocks, side: Side, now: Duration, theme: Theme) {
    let timed = clocks.control().is_timed();
    let (text, periods) = texts(clocks, side, now, theme);
    let to_move = clocks.runs_for() == Some(side);
    ui.add(egui::Label::new(text).extend());
    if let Some(periods) = periods {
        ui.add(egui::Label::new(periods).extend());
    }
    if timed && clocks.running() && to_move {
        // A clock counting down is redrawn as it counts.
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    }
}

/// Three dots that rise and brighten one after another while the computer thinks. With animations off
/// they stand still (the HUD still says it is thinking).
pub fn thinking_dots(ui: &mut egui::Ui, theme: Theme, phase: Option<f32>) {
    let p = ui_palette(theme);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(DOTS_WIDTH, 18.0), egui::Sense::hover());
    for i in 0..3 {
        let (lift, alpha) = match phase {
            Some(phase) => {
                let t = (phase * std::f32::consts::TAU - i as f32 * 0.9)
                    .sin()
                    .max(0.0);
                (t * 4.0, 0.35 + 0.65 * t)
            }
            None => (0.0, 0.8),
        };
        let centre = egui::pos2(
            rect.left() + 6.0 + i as f32 * 11.0,
            rect.center().y + 2.0 - lift,
        );
        ui.painter()
            .circle_filled(centre, 3.6, p.accent.gamma_multiply(alpha));
    }
    ui.ctx().request_repaint();
}
