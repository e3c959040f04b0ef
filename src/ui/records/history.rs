//! The History window: the finished games, newest first, each with Replay and Review.

use bevy::prelude::*;
use bevy_egui::egui;

use tengen_engine::{Color, GameResult, Preset};
use tengen_match::Reason;
use tengen_store::HistoryEntry;

use super::state::RecordsWindows;
use crate::i18n::{FluentValue, Words};
use crate::persistence::RecordRequest;
use crate::ui::tip::Tip;

/// The finished games, newest first, each with Replay and Review.
pub(super) fn history(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let RecordsWindows {
        state,
        requests,
        settings,
        ..
    } = records;
    // The players as every screen names them: "You", "Player 2", "Computer (Expert)", "Hana".
    let player = |name: &Option<String>| {
        crate::game::names::record_player_in_words(name.as_deref(), &settings.player_name, words)
    };
    if state.history.is_empty() {
        ui.label(words.tr("records-no-finished-games"));
    }
    let faint = ui.visuals().weak_text_color();
    egui::ScrollArea::vertical().show(ui, |ui| {
        // Two lines a game, so the window fits a short one in every language: when and under what
        // rule; who played and how it ended; its moves; Replay and Review.
        egui::Grid::new("history")
            .num_columns(4)
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                ui.strong(words.tr("records-date"));
                ui.strong(words.tr("records-players"));
                ui.strong(words.tr("records-moves"));
                ui.end_row();
                for entry in &state.history {
                    // Each line whole: a cell's first width would otherwise wrap it word by word.
                    let line = |ui: &mut egui::Ui, text: egui::RichText| {
                        ui.add(egui::Label::new(text).extend());
                    };
                    ui.vertical(|ui| {
                        // The player's own time zone and way of writing dates.
                        let date = entry
                            .started
                            .map_or_else(|| entry.date.clone(), |secs| words.when(secs));
                        line(ui, egui::RichText::new(date));
                        // The file's key ("renju") names the rule in the player's words.
                        let mut rule = tengen_engine::Preset::from_key(&entry.rule)
                            .map_or_else(|| entry.rule.clone(), |p| words.preset(p));
                        // A game on the clock says which ("· Blitz 3+2").
                        if let Some(time) = entry.time {
                            let clock = crate::ui::time_control::describe(time, words);
                            rule = format!("{rule} · {clock}");
                        }
                        line(ui, egui::RichText::new(rule).small().color(faint));
                    });
                    ui.vertical(|ui| {
                        let players =
                            format!("{} – {}", player(&entry.black), player(&entry.white));
                        line(ui, egui::RichText::new(players));
                        let result = ended_in_words(entry, &player, words);
                        line(ui, egui::RichText::new(result).small().color(faint));
                    });
                    ui.label(entry.moves.to_string());
                    ui.horizontal(|ui| history_buttons(ui, requests, &entry.path, words));
                    ui.end_row();
                }
            });
    });
}

/// How a filed game ended, in words: the result, and why when the file tells ("White wins: Black
/// (White) resigned."). Older files tell no reason: the result alone, as before.
fn ended_in_words(
    entry: &HistoryEntry,
    player: &dyn Fn(&Option<String>) -> String,
    words: &Words,
) -> String {
    let Some(result) = entry.result else {
        return words.tr("records-unfinished");
    };
    let said = words.result(result);
    let id = match entry.reason {
        Some(Reason::Agreement) => {
            return format!("{said}: {}", words.tr("game-over-reason-agreement"));
        }
        Some(Reason::Abandoned) => {
            return format!("{said}: {}", words.tr("game-over-reason-abandoned"));
        }
        Some(Reason::Resignation) => "game-over-reason-resignation",
        Some(Reason::Time) => "game-over-reason-time",
        Some(Reason::Forbidden) => "game-over-reason-forbidden",
        Some(Reason::Left) => "game-over-reason-left",
        Some(Reason::Forfeit) => "game-over-reason-forfeit",
        Some(Reason::Five | Reason::Full) | None => return said,
    };
    let loser = match result {
        GameResult::BlackWins => Color::White,
        GameResult::WhiteWins => Color::Black,
        GameResult::Draw => return said,
    };
    let name = player(match loser {
        Color::Black => &entry.black,
        Color::White => &entry.white,
    });
    let tic_tac_toe = Preset::from_key(&entry.rule).is_some_and(|p| p.variant().is_tic_tac_toe());
    let other: FluentValue = "other".into();
    let why = words.tr_args(
        id,
        &[
            ("name", name.into()),
            ("side", words.side(loser, tic_tac_toe).into()),
            ("who", other),
        ],
    );
    format!("{said}: {why}")
}

/// A finished game's Replay and Review.
fn history_buttons(
    ui: &mut egui::Ui,
    requests: &mut MessageWriter<RecordRequest>,
    path: &std::path::Path,
    words: &Words,
) {
    if ui
        .button(words.tr("records-replay"))
        .tip(words.tr("records-replay-look-tip"))
        .clicked()
    {
        requests.write(RecordRequest::Replay(path.to_owned()));
    }
    if ui
        .button(words.tr("records-review"))
        .tip(words.tr("game-over-review-tip"))
        .clicked()
    {
        requests.write(RecordRequest::Review(path.to_owned()));
    }
}
