//! Swap and swap2 on screen: a card over the board saying who places which stones or who chooses,
//! with the choice's buttons; and the opening rule's row in the new-game dialog. The rules themselves
//! are [`crate::game::opening`]'s; the buttons send [`GameCommand::Swap`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{OpeningRule, SwapChoice};

use super::clicked;
use super::style::ui_palette;
use crate::game::opening::{SwapPhase, seat_player};
use crate::game::{CurrentGame, GameCommand, PlayerKind};
use crate::i18n::Words;
use crate::screens::InGame;
use crate::settings::Settings;
use crate::view::PANEL_WIDTH;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        swap_card.run_if(in_state(InGame).and_then(|phase: Res<SwapPhase>| !phase.settled())),
    );
}

/// The new-game dialog's row: free, swap or swap2 (a plain egui function for the menu's form).
pub fn opening_rule_row(ui: &mut egui::Ui, commands: &mut Commands, rule: &mut OpeningRule) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    ui.label(egui::RichText::new(words.tr("swap-rule")).strong())
        .on_hover_text(words.tr("swap-rule-hint"));
    ui.horizontal(|ui| {
        for option in OpeningRule::ALL {
            let text = words.tr(&format!("swap-rule-{}", option.key()));
            if clicked(commands, ui.selectable_label(*rule == option, text)) {
                *rule = option;
            }
        }
    });
    ui.end_row();
}

fn swap_card(
    mut commands: Commands,
    mut contexts: EguiContexts,
    phase: Res<SwapPhase>,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    words: Res<Words>,
    mut writer: MessageWriter<GameCommand>,
) -> Result {
    let Some(seat) = phase.seat() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let p = ui_palette(settings.theme);
    let computer = seat_player(&current, seat) == PlayerKind::Computer;
    let player = current.seat_names_in(&words)[seat].clone();
    let (text, choices): (String, &[SwapChoice]) = match *phase {
        SwapPhase::Placing { .. } if computer => (words.tr("swap-computer-placing"), &[]),
        SwapPhase::Choosing { .. } if computer => (words.tr("swap-computer-choosing"), &[]),
        SwapPhase::Placing { until, .. } => {
            let id = if until == 3 {
                "swap-place-three"
            } else {
                "swap-place-two"
            };
            (words.tr_args(id, &[("player", player.into())]), &[])
        }
        SwapPhase::Choosing { after, rule, .. } => {
            if rule == OpeningRule::Swap2 && after == 3 {
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
        SwapPhase::Off => return Ok(()),
    };
    egui::Area::new(egui::Id::new("swap card"))
        .anchor(egui::Align2::CENTER_TOP, [-PANEL_WIDTH / 2.0, 40.0])
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .fill(p.paper)
                .inner_margin(egui::Margin::symmetric(16, 10))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).strong().color(p.ink));
                    if choices.is_empty() {
                        return;
                    }
                    ui.horizontal(|ui| {
                        for &choice in choices {
                            let id = match choice {
                                SwapChoice::Black => "swap-take-black",
                                SwapChoice::White => "swap-take-white",
                                SwapChoice::PlaceTwo => "swap-take-two",
                            };
                            if clicked(&mut commands, ui.button(words.tr(id))) {
                                writer.write(GameCommand::Swap(choice));
                            }
                        }
                    });
                });
        });
    Ok(())
}
