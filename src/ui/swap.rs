//! Swap and swap2 on screen: a section of the side panel saying who places which stones or who
//! chooses, with the choice's buttons (in the panel, never over the board); and the opening rule's row
//! in the new-game dialog. The rules themselves
//! are [`crate::game::opening`]'s; the buttons send [`GameCommand::Swap`].

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::{OpeningRule, SwapChoice};

use super::clicked;
use super::style::ui_palette;
use crate::game::opening::OpeningPhase;
use crate::game::{CurrentGame, GameCommand, PlayerKind};
use crate::i18n::Words;
use crate::settings::Theme;
use tengen_match::PROPOSAL_STONES;

/// The new-game dialog's row: free, swap or swap2 (a plain egui function for the menu's form).
pub fn opening_rule_row(ui: &mut egui::Ui, commands: &mut Commands, rule: &mut OpeningRule) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    ui.label(egui::RichText::new(words.tr("swap-rule")).strong())
        .on_hover_text(words.tr("swap-rule-hint"));
    ui.horizontal(|ui| {
        for option in OpeningRule::ALL {
            let text = words.opening_rule(option);
            if clicked(commands, ui.selectable_label(*rule == option, text)) {
                *rule = option;
            }
        }
    });
    ui.end_row();
}

/// The opening's part of the side panel while it is not settled: who places which stones, or who
/// chooses, with the choice's buttons.
pub fn section(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let phase = current.opening();
    let Some(seat) = phase.seat() else {
        return;
    };
    let p = ui_palette(theme);
    let computer = current.seat_player(seat) == PlayerKind::Computer;
    let player = current.seat_names_in(words)[seat.index()].clone();
    let (text, choices): (String, &[SwapChoice]) = match phase {
        OpeningPhase::Placing { .. } if computer => (words.tr("swap-computer-placing"), &[]),
        OpeningPhase::Choosing { .. } if computer => (words.tr("swap-computer-choosing"), &[]),
        OpeningPhase::Placing { until, .. } => {
            let id = if until == PROPOSAL_STONES {
                "swap-place-three"
            } else {
                "swap-place-two"
            };
            (words.tr_args(id, &[("player", player.into())]), &[])
        }
        OpeningPhase::Choosing { after, .. } => {
            if current.opening_rule() == OpeningRule::Swap2 && after == PROPOSAL_STONES {
                (
                    words.tr_args("swap-choose-or-two", &[("player", player.into())]),
                    &[SwapChoice::Black, SwapChoice::White, SwapChoice::PlaceTwo],
                )
            } else {
                (
                    words.tr_args("swap-choose", &[("player", player.into())]),
                    &[SwapChoice::Black, SwapChoice::White],
                )
            }
        }
        OpeningPhase::Settled => return,
    };
    ui.label(egui::RichText::new(text).strong().color(p.accent));
    ui.horizontal_wrapped(|ui| {
        for &choice in choices {
            let id = match choice {
                SwapChoice::Black => "swap-take-black",
                SwapChoice::White => "swap-take-white",
                SwapChoice::PlaceTwo => "swap-take-two",
            };
            if clicked(commands, ui.button(words.tr(id))) {
                writer.write(GameCommand::Swap(choice));
            }
        }
    });
}
