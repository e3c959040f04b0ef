//! A player's card in the side panel: stone, name, strength and wins, clock, and the computer's
//! thinking dots.

use std::time::Duration;

use bevy_egui::egui;
use tengen_engine::Color as Side;

use crate::game::computer::Thinking;
use crate::game::score::Score;
use crate::game::{CurrentGame, PlayerKind};
use crate::i18n::Words;
use crate::settings::Theme;
use crate::ui::style::{paint_stone, ui_palette};

/// What the players' cards show, as the side panel reads it.
pub(super) struct Cards<'a> {
    pub current: &'a CurrentGame,
    pub words: &'a Words,
    pub theme: Theme,
    /// The session's wins.
    pub score: &'a Score,
    /// A record is looked through: its wins are not the session's.
    pub on_record: bool,
    /// Real time now, for the clocks and the dots.
    pub now: Duration,
    /// The computer's search in progress, if any.
    pub thinking: Option<&'a Thinking>,
    /// How fast animations run (0: off).
    pub animation_factor: f32,
}

impl Cards<'_> {
    fn tic_tac_toe(&self) -> bool {
        self.current.game().variant().is_tic_tac_toe()
    }
}

/// "4:07" for a clock.
fn clock_text(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// How wide the thinking dots are.
const DOTS_WIDTH: f32 = 34.0;

/// The clock's size of type.
const CLOCK_SIZE: f32 = 18.0;

/// Three dots that rise and brighten one after another while the computer thinks. With animations off
/// they stand still (the HUD still says it is thinking).
fn thinking_dots(ui: &mut egui::Ui, theme: Theme, phase: Option<f32>) {
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

/// A player's card: stone, name, level and wins, clock; the side to move is framed in the accent
/// colour, and the computer's thinking dots run beside its clock.
pub(super) fn player_card(ui: &mut egui::Ui, cards: &Cards, side: Side) {
    let (current, words, theme) = (cards.current, cards.words, cards.theme);
    let p = ui_palette(theme);
    let (game, setup) = (current.game(), current.setup());
    let tic_tac_toe = cards.tic_tac_toe();
    let to_move = !game.is_over() && game.to_move() == side;
    // A 2 px accent frame, or a 1 px rule with 1 px of margin: the same size either way, so nothing
    // below moves when the turn passes or the game ends.
    let (stroke, margin) = if to_move {
        (egui::Stroke::new(2.0, p.accent), 0)
    } else {
        (egui::Stroke::new(1.0, p.rule), 1)
    };
    let names = current.seat_names_in(words);
    egui::Frame::new()
        .stroke(stroke)
        .outer_margin(egui::Margin::same(margin))
        .corner_radius(egui::CornerRadius::same(10))
        .inner_margin(egui::Margin::symmetric(10, 4))
        .fill(if to_move {
            ui.visuals().extreme_bg_color
        } else {
            p.paper
        })
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
                if tic_tac_toe {
                    crate::ui::style::paint_mark(
                        ui.painter(),
                        rect.center(),
                        11.0,
                        side == Side::Black,
                        p.ink,
                    );
                } else {
                    paint_stone(
                        ui.painter(),
                        rect.center(),
                        11.0,
                        side == Side::Black,
                        theme,
                    );
                }
                // The clock's room is kept first, and a long name or strength line wraps beside
                // it: laid out after them, the clock was squeezed to "0:0" and the Russian
                // "Компьютер … 1 победа" touched it at 800×560.
                let computer = setup.player(side) == PlayerKind::Computer;
                let clock_room = clock_width(ui, cards, side)
                    + if computer { DOTS_WIDTH } else { 0.0 }
                    + 2.0 * ui.spacing().item_spacing.x;
                let text_width = (ui.available_width() - clock_room).max(40.0);
                ui.vertical(|ui| {
                    ui.set_max_width(text_width);
                    ui.spacing_mut().item_spacing.y = 0.0;
                    let who = &names[setup.seat(side)];
                    ui.add(egui::Label::new(egui::RichText::new(who).size(17.0).strong()).wrap());
                    let line = card_line(cards, side);
                    ui.add(
                        egui::Label::new(egui::RichText::new(line).small().color(p.faint)).wrap(),
                    );
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    clock(ui, cards, side);
                });
            });
        });
}

/// The line under a player's name: the colour, the computer's strength, the wins of this session.
/// Before the swap opening settles the colours, the colour is not yet the player's ("You · Black"
/// was wrong while either could still be chosen); a record looked through counts no wins of its
/// own, so none are shown (another game's "1 win" was carried over onto it).
fn card_line(cards: &Cards, side: Side) -> String {
    let (words, setup) = (cards.words, cards.current.setup());
    let colour = if cards.current.opening().settled() {
        words.side(side, cards.tic_tac_toe())
    } else {
        words.tr("hud-colour-not-chosen")
    };
    let mut parts = vec![colour];
    if setup.player(side) == PlayerKind::Computer {
        parts.push(setup.strength_in(words));
    }
    if !cards.on_record {
        parts.push(words.tr_args(
            "hud-wins",
            &[("wins", cards.score.wins[setup.seat(side)].into())],
        ));
    }
    parts.join(" · ")
}

/// How wide a side's clock is drawn.
fn clock_width(ui: &egui::Ui, cards: &Cards, side: Side) -> f32 {
    let text = clock_text(cards.current.clocks().shown(side, cards.now));
    egui::WidgetText::from(egui::RichText::new(text).monospace().size(CLOCK_SIZE))
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Monospace,
        )
        .size()
        .x
}

/// A side's clock, with the computer's thinking dots while it thinks for that side.
fn clock(ui: &mut egui::Ui, cards: &Cards, side: Side) {
    let now = cards.now;
    let shown = cards.current.clocks().shown(side, now);
    // Never wrapped or cut: its room is kept (see `player_card`).
    ui.add(
        egui::Label::new(
            egui::RichText::new(clock_text(shown))
                .monospace()
                .size(CLOCK_SIZE),
        )
        .extend(),
    );
    if let Some(thinking) = cards.thinking.filter(|t| t.color == side) {
        let elapsed = now.saturating_sub(thinking.started).as_secs_f32();
        let factor = cards.animation_factor;
        let phase = (factor > 0.0).then_some(elapsed * 1.4 * factor);
        thinking_dots(ui, cards.theme, phase);
    }
}
