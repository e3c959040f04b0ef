//! The time control in the New game card: presets by tempo (bullet, blitz, rapid, classical,
//! byo-yomi, a limit per move), no clock, or one written as players write it ("Custom": `3+2`,
//! `20s+1`, `byo-yomi 10+3x30`, `10/move`, the forms `--time-control` takes).

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_match::TimeControl;

use super::clicked;
use super::tip::Tip;
use crate::i18n::Words;

const fn fischer(base_secs: u64, increment_secs: u64) -> TimeControl {
    TimeControl::Fischer {
        base: Duration::from_secs(base_secs),
        increment: Duration::from_secs(increment_secs),
    }
}

/// The presets offered, each with the id of its tempo's name.
const PRESETS: [(&str, TimeControl); 7] = [
    ("time-none", TimeControl::None),
    ("time-bullet", fischer(60, 0)),
    ("time-blitz", fischer(180, 2)),
    ("time-rapid", fischer(600, 5)),
    ("time-classical", fischer(1800, 20)),
    (
        "time-byo-yomi",
        TimeControl::ByoYomi {
            base: Duration::from_secs(600),
            periods: 3,
            period: Duration::from_secs(30),
        },
    ),
    (
        "time-per-move",
        TimeControl::PerMove {
            limit: Duration::from_secs(10),
        },
    ),
];

/// The control in the player's words: its kind and its numbers (`Blitz 3+2`, `Byo-yomi 10+3×30`).
pub fn describe(control: TimeControl, words: &Words) -> String {
    let named = PRESETS.iter().find(|(_, preset)| *preset == control);
    let numbers = numbers(control);
    match (named, control) {
        (_, TimeControl::None) => words.tr("time-none"),
        (_, TimeControl::PerMove { limit }) => words.tr_args(
            "time-per-move-limit",
            &[("seconds", limit.as_secs_f64().into())],
        ),
        (Some((id, _)), _) => format!("{} {numbers}", words.tr(id)),
        (None, TimeControl::ByoYomi { .. }) => {
            format!("{} {numbers}", words.tr("time-byo-yomi"))
        }
        (None, TimeControl::Fischer { .. }) => format!("{} {numbers}", words.tr("time-fischer")),
    }
}

/// The numbers of a control as written (`3+2`, `10+3×30`), without the word for its kind.
fn numbers(control: TimeControl) -> String {
    // The written form's last word: `10+3x30` of `byo-yomi 10+3x30`, `3+2` of `3+2`.
    let written = control.to_string();
    written
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .replace('x', "×")
}

/// The row of the New game card (in its grid): a list of presets and Custom, with a field for a
/// written control when Custom is chosen.
pub fn row(ui: &mut egui::Ui, commands: &mut Commands, time: &mut TimeControl) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    ui.label(egui::RichText::new(words.tr("new-game-time")).strong())
        .tip(words.tr("new-game-time-hint"));
    let custom_id = egui::Id::new("custom time control");
    let mut custom: Option<String> = ui.data(|d| d.get_temp(custom_id));
    ui.horizontal(|ui| {
        let shown = if custom.is_some() {
            words.tr("time-custom")
        } else {
            describe(*time, &words)
        };
        egui::ComboBox::from_id_salt("time control")
            .selected_text(shown)
            .width(200.0)
            .show_ui(ui, |ui| {
                for (_, preset) in PRESETS {
                    let chosen = custom.is_none() && *time == preset;
                    if clicked(
                        commands,
                        ui.selectable_label(chosen, describe(preset, &words)),
                    ) {
                        *time = preset;
                        custom = None;
                    }
                }
                if clicked(
                    commands,
                    ui.selectable_label(custom.is_some(), words.tr("time-custom")),
                ) && custom.is_none()
                {
                    custom = Some(if *time == TimeControl::None {
                        String::new()
                    } else {
                        time.to_string()
                    });
                }
            });
        if let Some(text) = custom.as_mut() {
            ui.add(egui::TextEdit::singleline(text).desired_width(120.0))
                .tip(words.tr("time-custom-hint"));
            match text.parse::<TimeControl>() {
                Ok(control) => *time = control,
                Err(_) if !text.trim().is_empty() => {
                    let error = ui.visuals().error_fg_color;
                    ui.colored_label(error, "✖")
                        .tip(words.tr("time-custom-hint"));
                }
                Err(_) => {}
            }
        }
    });
    ui.data_mut(|d| match custom {
        Some(text) => {
            d.insert_temp(custom_id, text);
        }
        None => d.remove::<String>(custom_id),
    });
    ui.end_row();
}
