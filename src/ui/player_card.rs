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
    /// By colour: an outside engine plays it, so its name says who it is, and Tengen's level
    /// means nothing there.
    pub engine: [bool; 2],
    /// The name and the line under it side by side, where the panel is short of room.
    pub one_line: bool,
}

impl Cards<'_> {
    fn tic_tac_toe(&self) -> bool {
        self.current.game().variant().is_tic_tac_toe()
    }
}

/// A player's card: stone, name, level and wins, clock; the side to move is framed in the accent
/// colour, and the computer's thinking dots run beside its clock.
pub(super) fn player_card(ui: &mut egui::Ui, cards: &Cards, side: Side) {
    let (current, words, theme) = (cards.current, cards.words, cards.theme);
    let p = ui_palette(theme);
    let (game, setup) = (current.game(), current.setup());
    let tic_tac_toe = cards.tic_tac_toe();
    // In an opening the seat placing, choosing or offering acts, whatever colour moves next.
    let to_move = !game.is_over() && current.acting_side() == side;
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
            if cards.one_line {
                // A row as high as the stone, not a button's height.
                ui.spacing_mut().interact_size.y = 26.0;
            }
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
                // A record looked through or reviewed has no clock running: none is shown (it
                // read 0:00 for a record that kept no times).
                let computer = setup.player(side) == PlayerKind::Computer;
                let clock_room = if cards.on_record {
                    0.0
                } else {
                    super::clock_face::width(ui, current.clocks(), side, cards.now, theme)
                        + if computer {
                            super::clock_face::DOTS_WIDTH
                        } else {
                            0.0
                        }
                        + 2.0 * ui.spacing().item_spacing.x
                };
                let text_width = (ui.available_width() - clock_room).max(40.0);
                let name_and_line = |ui: &mut egui::Ui| {
                    ui.set_max_width(text_width);
                    ui.spacing_mut().item_spacing.y = 0.0;
                    let who = &names[setup.seat(side)];
                    ui.add(egui::Label::new(egui::RichText::new(who).size(17.0).strong()).wrap());
                    let line = card_line(cards, side);
                    ui.add(
                        egui::Label::new(egui::RichText::new(line).small().color(p.faint)).wrap(),
                    );
                };
                if cards.one_line {
                    ui.horizontal_wrapped(name_and_line);
                } else {
                    ui.vertical(name_and_line);
                }
                if !cards.on_record {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        clock(ui, cards, side);
                    });
                }
            });
        });
}

/// The line under a player's name: the colour, the computer's strength, the wins of this session.
/// While a choice of colours is still to come in the opening, the colour is not yet the player's
/// ("You · Black" was wrong while either could still be chosen), and the line leaves out the wins
/// so it keeps to one line: the opening's own controls below need the room at 800×560. A record
/// looked through counts no wins of its own, so none are shown (another game's "1 win" was carried
/// over onto it).
fn card_line(cards: &Cards, side: Side) -> String {
    let (words, setup) = (cards.words, cards.current.setup());
    let current = cards.current;
    let colours_known = current.opening().colours_final(current.opening_rule());
    let colour = if colours_known {
        words.side(side, cards.tic_tac_toe())
    } else {
        words.tr("hud-colour-not-chosen")
    };
    let mut parts = vec![colour];
    if setup.player(side) == PlayerKind::Computer && !cards.engine[side.index()] {
        parts.push(setup.strength_in(words));
    }
    if !cards.on_record && colours_known {
        parts.push(words.tr_args(
            "hud-wins",
            &[("wins", cards.score.wins[setup.seat(side)].into())],
        ));
    }
    parts.join(" · ")
}

/// A side's clock, with the computer's thinking dots while it thinks for that side.
fn clock(ui: &mut egui::Ui, cards: &Cards, side: Side) {
    let now = cards.now;
    super::clock_face::face(ui, cards.current.clocks(), side, now, cards.theme);
    if let Some(thinking) = cards.thinking.filter(|t| t.color == side) {
        let elapsed = now.saturating_sub(thinking.started).as_secs_f32();
        let factor = cards.animation_factor;
        let phase = (factor > 0.0).then_some(elapsed * 1.4 * factor);
        super::clock_face::thinking_dots(ui, cards.theme, phase);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameSetup, Mode};
    use crate::i18n::Language;

    /// The computer's card names its strength; an outside engine's card does not: a Tengen level
    /// beside another program's name was wrong.
    #[test]
    fn an_engines_card_shows_no_tengen_level() {
        let setup = GameSetup {
            mode: Mode::HumanVsComputer,
            level: tengen_engine::Level::Medium,
            ..GameSetup::default()
        };
        let current = CurrentGame::new(setup);
        let words = Words::new(Language::English);
        let score = Score::default();
        let mut cards = Cards {
            current: &current,
            words: &words,
            theme: Theme::Classic,
            score: &score,
            on_record: false,
            now: Duration::ZERO,
            thinking: None,
            animation_factor: 1.0,
            engine: [false; 2],
            one_line: false,
        };
        let medium = words.level(tengen_engine::Level::Medium);
        assert!(card_line(&cards, Side::White).contains(&medium));
        cards.engine = [false, true];
        let line = card_line(&cards, Side::White);
        assert!(!line.contains(&medium), "{line}");
        assert!(line.contains(&words.side(Side::White, false)), "{line}");
    }
}
