//! Swap and swap2 on screen: a section of the side panel saying who places which stones or who
//! chooses, with the choice's buttons (in the panel, never over the board); and the opening rule's row
//! in the new-game dialog. The rules themselves
//! are [`crate::game::opening`]'s; the buttons send [`GameCommand::Swap`].

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::{MAX_FIFTH_OFFERS, OpeningRule, Preset, SwapChoice};

use super::clicked;
use super::style::ui_palette;
use super::tip::Tip;
use crate::game::opening::OpeningPhase;
use crate::game::{CurrentGame, GameCommand, PlayerKind};
use crate::i18n::Words;
use crate::settings::Theme;
use tengen_match::PROPOSAL_STONES;

/// The new-game dialog's row: free, swap and swap2, then renju's tournament rules in a list (greyed
/// for another rule's board), and the fifth moves' N beside Soosõrv and Taraguchi (a plain egui
/// function for the menu's form).
pub fn opening_rule_row(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    rule: &mut OpeningRule,
    preset: Preset,
) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    ui.label(egui::RichText::new(words.tr("swap-rule")).strong())
        .tip(words.tr("swap-rule-hint"));
    ui.horizontal_wrapped(|ui| {
        for option in OpeningRule::ALL.into_iter().filter(|o| !o.is_tournament()) {
            let text = words.opening_rule(option);
            if clicked(commands, ui.selectable_label(*rule == option, text)) {
                *rule = option;
            }
        }
        ui.add_enabled_ui(preset == Preset::Renju15, |ui| {
            tournament_list(ui, commands, rule, &words);
        });
        if let Some(mut n) = rule.offers() {
            let field = ui
                .add(egui::DragValue::new(&mut n).range(1..=MAX_FIFTH_OFFERS))
                .tip(words.tr("swap-rule-offers-hint"));
            if field.changed() {
                *rule = rule.with_offers(n);
            }
        }
    });
    ui.end_row();
}

/// Renju's tournament rules in one list: the chosen one's name (with its N), or the list's title.
fn tournament_list(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    rule: &mut OpeningRule,
    words: &Words,
) {
    let shown = if rule.is_tournament() {
        words.opening_rule(*rule)
    } else {
        words.tr("swap-rule-tournament")
    };
    egui::ComboBox::from_id_salt("tournament rule")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for option in OpeningRule::ALL.into_iter().filter(|o| o.is_tournament()) {
                // The N chosen stays with its rule's name.
                let option = match rule.offers() {
                    Some(n) if option.key() == rule.key() => option.with_offers(n),
                    _ => option,
                };
                let text = words.opening_rule(option);
                if clicked(commands, ui.selectable_label(*rule == option, text)) {
                    *rule = option;
                }
            }
        })
        .response
        .tip(words.tr("swap-rule-tournament-hint"));
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
    let rule = current.opening_rule();
    let player_arg = || vec![("player", player.clone().into())];
    let (text, choices): (String, &[SwapChoice]) = match phase {
        OpeningPhase::Placing { .. } if computer && !rule.is_tournament() => {
            (words.tr("swap-computer-placing"), &[])
        }
        OpeningPhase::Choosing { .. } if computer && !rule.is_tournament() => {
            (words.tr("swap-computer-choosing"), &[])
        }
        _ if computer => (words.tr("opening-computer-acting"), &[]),
        OpeningPhase::Placing { until, .. } if rule.is_tournament() => (
            tournament_placing(words, current, until, player.clone()),
            &[],
        ),
        OpeningPhase::Placing { until, .. } => {
            let id = if until == PROPOSAL_STONES {
                "swap-place-three"
            } else {
                "swap-place-two"
            };
            (words.tr_args(id, &player_arg()), &[])
        }
        OpeningPhase::Choosing { after, .. } => {
            if rule == OpeningRule::Swap2 && after == PROPOSAL_STONES {
                (
                    words.tr_args("swap-choose-or-two", &player_arg()),
                    &[SwapChoice::Black, SwapChoice::White, SwapChoice::PlaceTwo],
                )
            } else {
                (
                    words.tr_args("swap-choose", &player_arg()),
                    &[SwapChoice::Black, SwapChoice::White],
                )
            }
        }
        OpeningPhase::Declaring { .. } => {
            ui.label(
                egui::RichText::new(declaring_text(words, rule, player))
                    .strong()
                    .color(p.accent),
            );
            declaring_buttons(ui, commands, words, rule, writer);
            return;
        }
        OpeningPhase::Offering { count, .. } => {
            let mut args = player_arg();
            args.push(("count", i64::from(count).into()));
            args.push(("placed", (current.offers().len() as i64).into()));
            (words.tr_args("opening-offering", &args), &[])
        }
        OpeningPhase::Selecting { .. } => {
            let mut args = player_arg();
            args.push(("count", (current.offers().len() as i64).into()));
            (words.tr_args("opening-selecting", &args), &[])
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

/// What the seat placing a tournament opening's stone reads: the proposal, a stone within its
/// square, or white's fourth anywhere.
fn tournament_placing(
    words: &Words,
    current: &CurrentGame,
    until: usize,
    player: String,
) -> String {
    let rule = current.opening_rule();
    let number = current.game().moves().len() + 1;
    if until == PROPOSAL_STONES && !matches!(rule, OpeningRule::Taraguchi(_)) {
        return words.tr_args("opening-place-three", &[("player", player.into())]);
    }
    match rule.stone_reach(number) {
        Some(reach) => words.tr_args(
            "opening-place-stone",
            &[
                ("player", player.into()),
                ("number", (number as i64).into()),
                ("side", i64::from(2 * reach + 1).into()),
            ],
        ),
        None => words.tr_args("opening-place-fourth", &[("player", player.into())]),
    }
}

fn declaring_text(words: &Words, rule: OpeningRule, player: String) -> String {
    match rule {
        OpeningRule::Taraguchi(n) => words.tr_args(
            "opening-declare-taraguchi",
            &[("player", player.into()), ("n", i64::from(n).into())],
        ),
        _ => words.tr_args("opening-declare", &[("player", player.into())]),
    }
}

/// The declaration's controls: Taraguchi's two ways on as two buttons; Yamaguchi's and Soosõrv's
/// count (up to 12) on one row, a slider and "Offer N", so the choice stays in sight at 800×560
/// (a button a number wrapped onto rows below the fold).
fn declaring_buttons(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    words: &Words,
    rule: OpeningRule,
    writer: &mut MessageWriter<GameCommand>,
) {
    let counts = tengen_match::declarable(rule);
    let offer = |count: u8| words.tr_args("opening-offer-n", &[("n", i64::from(count).into())]);
    if let OpeningRule::Taraguchi(_) = rule {
        ui.horizontal_wrapped(|ui| {
            for count in counts {
                let text = if count == 1 {
                    words.tr("opening-place-fifth")
                } else {
                    offer(count)
                };
                if clicked(commands, ui.button(text)) {
                    writer.write(GameCommand::Declare(count));
                }
            }
        });
        return;
    }
    let (Some(&least), Some(&most)) = (counts.first(), counts.last()) else {
        return;
    };
    // The count being chosen lives in egui's memory until it is declared.
    let id = ui.id().with("declare-count");
    let mut count = ui.data(|d| d.get_temp::<u8>(id)).unwrap_or(least);
    ui.horizontal(|ui| {
        // The slider takes the row's width left beside its number and the button, which is as
        // wide as its widest words ("Offer 12"), so nothing moves under the pointer as it slides.
        let font = egui::TextStyle::Button.resolve(ui.style());
        let button = ui.fonts_mut(|f| {
            f.layout_no_wrap(offer(most), font, egui::Color32::WHITE)
                .size()
                .x
        }) + 2.0 * ui.spacing().button_padding.x;
        // The slider's number box, two digits wide.
        let number = ui.spacing().interact_size.x;
        let gaps = 3.0 * ui.spacing().item_spacing.x;
        ui.spacing_mut().slider_width = (ui.available_width() - button - number - gaps).max(40.0);
        ui.add(egui::Slider::new(&mut count, least..=most).integer());
        let offer_button = egui::Button::new(offer(count)).min_size(egui::vec2(button, 0.0));
        if clicked(commands, ui.add(offer_button)) {
            writer.write(GameCommand::Declare(count));
        }
    });
    ui.data_mut(|d| d.insert_temp(id, count));
}
