//! The Statistics window: the player's name, the ratings per rule with their graphs, the hall of fame,
//! the record against each opponent, resetting them, and where the files are.

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_store::Stats;

use super::state::RecordsUi;
use crate::i18n::Words;
use crate::persistence::{RecordRequest, Settings, Store};

/// The Statistics window's contents.
pub(super) fn statistics(
    ui: &mut egui::Ui,
    state: &mut RecordsUi,
    store: &Store,
    settings: &mut ResMut<Settings>,
    requests: &mut MessageWriter<RecordRequest>,
    words: &Words,
) {
    ui.horizontal(|ui| {
        ui.label(words.tr("records-your-name"));
        // Typing edits the name without a save per key; leaving the field saves it.
        let name = &mut settings.bypass_change_detection().player_name;
        if ui
            .add(egui::TextEdit::singleline(name).desired_width(200.0))
            .lost_focus()
        {
            let clamped = settings.0.clone().clamped();
            settings.0 = clamped;
        }
    });
    ui.separator();
    ratings(ui, &state.stats, words);
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-hall-of-fame")).strong());
    let fame = state.stats.hall_of_fame();
    if fame.is_empty() {
        ui.label(words.tr("records-hall-of-fame-empty"));
    }
    for record in fame {
        ui.label(fame_line(record, words));
    }
    records_table(ui, &state.stats, words);
    ui.add_space(6.0);
    if state.confirm_reset {
        ui.horizontal(|ui| {
            ui.colored_label(
                egui::Color32::from_rgb(230, 120, 60),
                words.tr("records-reset-confirm"),
            );
            if ui.button(words.tr("records-reset-yes")).clicked() {
                requests.write(RecordRequest::ResetStats);
                state.confirm_reset = false;
            }
            if ui.button(words.tr("records-reset-keep")).clicked() {
                state.confirm_reset = false;
            }
        });
    } else if ui.button(words.tr("records-reset")).clicked() {
        state.confirm_reset = true;
    }
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-files")).strong());
    for line in store.file_lines(words) {
        ui.small(line);
    }
}

/// A line of the hall of fame: the opponent and rule, the fastest win where there is one, the best
/// streak. A record with no fastest win (a win by the clock, or one from before they were kept)
/// leaves that part out: it once read "Medium · Gomoku 15×15 freestyle: ; best streak 1".
fn fame_line(record: &tengen_store::Record, words: &Words) -> String {
    let level = opponent(record, words);
    let rule = rule_name(&record.rule, words);
    let Some(fastest) = &record.fastest_win else {
        return words.tr_args(
            "records-fame-line-streak",
            &[
                ("level", level.into()),
                ("rule", rule.into()),
                ("streak", record.best_streak.into()),
            ],
        );
    };
    let fastest = words.tr_args(
        "records-fame-fastest",
        &[
            ("moves", fastest.moves.into()),
            ("player", fastest.player.clone().into()),
            ("date", fastest.date.clone().into()),
        ],
    );
    words.tr_args(
        "records-fame-line",
        &[
            ("level", level.into()),
            ("rule", rule.into()),
            ("fastest", fastest.into()),
            ("streak", record.best_streak.into()),
        ],
    )
}

/// The games against the computer, a row per opponent and rule: won, lost, drawn, the streaks and
/// the fastest win.
fn records_table(ui: &mut egui::Ui, stats: &Stats, words: &Words) {
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-against-computer")).strong());
    if stats.records.is_empty() {
        ui.label(words.tr("records-no-computer-games"));
    } else {
        egui::Grid::new("stats")
            .num_columns(8)
            .striped(true)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for head in [
                    "records-level",
                    "records-rule",
                    "records-won",
                    "records-lost",
                    "records-drawn",
                    "records-streak",
                    "records-best",
                    "records-fastest-win",
                ] {
                    ui.strong(words.tr(head));
                }
                ui.end_row();
                let mut records: Vec<_> = stats.records.iter().collect();
                records.sort_by(|a, b| {
                    (b.opponent_step().cmp(&a.opponent_step())).then_with(|| a.rule.cmp(&b.rule))
                });
                for r in records {
                    ui.label(opponent(r, words));
                    ui.label(rule_name(&r.rule, words));
                    ui.label(r.wins.to_string());
                    ui.label(r.losses.to_string());
                    ui.label(r.draws.to_string());
                    ui.label(r.current_streak.to_string());
                    ui.label(r.best_streak.to_string());
                    ui.label(r.fastest_win.as_ref().map_or("—".to_owned(), |f| {
                        words.tr_args(
                            "records-fastest-cell",
                            &[
                                ("moves", f.moves.into()),
                                ("player", f.player.clone().into()),
                                ("date", f.date.clone().into()),
                            ],
                        )
                    }));
                    ui.end_row();
                }
            });
    }
}

/// A rule as the statistics file keys it (`freestyle`, `renju`), named in the player's language
/// where it is a preset's.
fn rule_name(rule: &str, words: &Words) -> String {
    tengen_engine::Preset::ALL
        .into_iter()
        .find(|p| p.key() == rule)
        .map_or_else(|| rule.to_owned(), |p| words.preset(p))
}

/// Who a record was played against: a level's name, or a ladder step's.
fn opponent(record: &tengen_store::Record, words: &Words) -> String {
    match record.step.filter(|s| s.level().is_none()) {
        Some(step) => words.step(step),
        None => words.level(record.level),
    }
}

/// The player's rating per rule, each with its course over the games as a graph.
fn ratings(ui: &mut egui::Ui, stats: &tengen_store::Stats, words: &Words) {
    ui.label(egui::RichText::new(words.tr("stats-rating-title")).strong());
    let rules = stats.rated_rules();
    if rules.is_empty() {
        ui.label(words.tr("stats-rating-none"));
    }
    for rule in rules {
        let now = stats.rating(rule);
        let history = stats.rating_history(rule);
        let name = rule_name(rule, words);
        ui.label(words.tr_args(
            "stats-rating-rule",
            &[
                ("rule", name.into()),
                ("rating", now.rating.round().into()),
                ("deviation", now.deviation.round().into()),
                ("games", history.len().into()),
            ],
        ));
        rating_graph(ui, history);
    }
}

/// A line through the ratings after each game, with the band of their deviation, the scale's ends
/// marked at the left edge.
fn rating_graph(ui: &mut egui::Ui, points: &[tengen_store::RatingPoint]) {
    let width = ui.available_width().min(520.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 90.0), egui::Sense::hover());
    let visuals = ui.visuals().clone();
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, visuals.weak_text_color()),
        egui::StrokeKind::Inside,
    );
    if points.is_empty() {
        return;
    }
    // The scale follows the ratings, not the wide bands of the first games (they are cut at the
    // edges), so the course of the rating shows.
    let low = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::INFINITY, f64::min)
        - 40.0;
    let high = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::NEG_INFINITY, f64::max)
        + 40.0;
    let span = (high - low).max(1.0);
    let inner = rect.shrink2(egui::vec2(36.0, 8.0));
    let at = |i: usize, rating: f64| {
        let x = if points.len() == 1 {
            inner.center().x
        } else {
            inner.left() + inner.width() * i as f32 / (points.len() - 1) as f32
        };
        let y = inner.bottom() - inner.height() * ((rating - low) / span) as f32;
        egui::pos2(x, y)
    };
    let band = egui::Color32::from_rgba_unmultiplied(120, 150, 200, 40);
    for (i, p) in points.iter().enumerate() {
        painter.line_segment(
            [at(i, p.rating - p.deviation), at(i, p.rating + p.deviation)],
            egui::Stroke::new(3.0, band),
        );
    }
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, p)| at(i, p.rating))
        .collect();
    let ink = visuals.strong_text_color();
    if line.len() == 1 {
        painter.circle_filled(line[0], 3.0, ink);
    } else {
        painter.add(egui::Shape::line(line, egui::Stroke::new(2.0, ink)));
    }
    let font = egui::FontId::proportional(11.0);
    let weak = visuals.weak_text_color();
    for (value, align, y) in [
        (high, egui::Align2::LEFT_TOP, inner.top()),
        (low, egui::Align2::LEFT_BOTTOM, inner.bottom()),
    ] {
        let pos = egui::pos2(rect.left() + 4.0, y);
        painter.text(pos, align, format!("{value:.0}"), font.clone(), weak);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_store::{FastestWin, Level, Record};

    fn record(fastest_win: Option<FastestWin>) -> Record {
        Record {
            level: Level::Medium,
            step: None,
            rule: "freestyle".to_owned(),
            wins: 1,
            losses: 0,
            draws: 0,
            current_streak: 1,
            best_streak: 1,
            fastest_win,
        }
    }

    #[test]
    fn a_fame_line_without_a_fastest_win_leaves_that_part_out() {
        for language in tengen_i18n::Language::ALL {
            let words = Words::new(language);
            let line = fame_line(&record(None), &words);
            assert!(!line.contains(": ;") && !line.contains("：；"), "{line}");
            assert!(line.contains('1'), "{line}");
        }
        let words = Words::new(tengen_i18n::Language::English);
        assert_eq!(
            fame_line(&record(None), &words),
            "Medium · Gomoku 15×15 freestyle: best streak 1"
        );
        let fastest = FastestWin {
            moves: 9,
            player: "Ann".to_owned(),
            date: "2026-01-02".to_owned(),
        };
        let line = fame_line(&record(Some(fastest)), &words);
        assert!(line.contains("fastest win 9 moves by Ann") && line.ends_with("best streak 1"));
    }
}
