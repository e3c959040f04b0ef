//! Settings → Engines → Tournament, a page of the menu: the setup (two or more added engines,
//! games per pairing, rule, time per move and the game clock with its increment, games at once,
//! openings, folder) with Start and
//! Resume; once started, the live cross table (each pairing's score, points, games, Elo with its
//! error bars, forfeits by reason), a game in play drawn on a small board, and Stop. The
//! tournament itself runs on the game's side ([`crate::game::arena`]).

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::{Color as Side, Game, Preset};
use tengen_host::tournament::stats::Forfeit;
use tengen_host::tournament::table::points_words;
use tengen_host::tournament::{CrossTable, Progress};

use super::clicked;
use super::records::{FileDialogs, PathFor, PathPicked};
use super::style::{menu_button, paint_stone, primary_button, ui_palette};
use super::tip::Tip;

/// The page's buttons: three fit in a row of the card.
const BUTTON: egui::Vec2 = egui::vec2(170.0, 40.0);

fn button(text: &str) -> egui::Button<'static> {
    menu_button(text).min_size(BUTTON)
}

fn main_button(theme: Theme, text: &str) -> egui::Button<'static> {
    primary_button(theme, text).min_size(BUTTON)
}
use crate::game::arena::{Arena, ArenaCommand, ArenaSetup};
use crate::i18n::Words;
use crate::persistence::Store;
use crate::settings::{Settings, Theme};

/// The setup being edited.
#[derive(Resource, Debug, Clone)]
pub(super) struct ArenaForm {
    chosen: Vec<u32>,
    games: u32,
    preset: Preset,
    per_move_ms: u32,
    per_game_s: u32,
    increment_ms: u32,
    concurrency: u32,
    pub(super) openings: String,
    pub(super) folder: String,
}

impl Default for ArenaForm {
    fn default() -> Self {
        ArenaForm {
            chosen: Vec::new(),
            games: 2,
            preset: Preset::Freestyle15,
            per_move_ms: 1000,
            per_game_s: 0,
            increment_ms: 0,
            concurrency: 1,
            openings: String::new(),
            folder: String::new(),
        }
    }
}

/// What the Tournament page reads and sends, and its file chooser for the openings and the folder.
#[derive(SystemParam)]
pub(super) struct ArenaPage<'w, 's> {
    form: ResMut<'w, ArenaForm>,
    arena: ResMut<'w, Arena>,
    writer: MessageWriter<'w, ArenaCommand>,
    store: Res<'w, Store>,
    /// The paths chosen in the chooser the page's Browse opens (the menu holds the chooser).
    picked: MessageReader<'w, 's, PathPicked>,
}

/// A new folder under the data folder: `tournaments/1`, `2`, … the first not taken.
fn next_folder(store: &Store) -> String {
    let Some(paths) = store.paths() else {
        return String::new();
    };
    let base = paths.data_dir().join("tournaments");
    (1..10_000)
        .map(|n| base.join(n.to_string()))
        .find(|dir| !dir.exists())
        .unwrap_or(base)
        .display()
        .to_string()
}

/// Settings → Engines → Tournament: the menu's card with the setup, or the tournament's live
/// cross table; `true` when Back was clicked.
pub(super) fn tournament_page(
    ctx: &egui::Context,
    commands: &mut Commands,
    (settings, page, chooser): (&Settings, &mut ArenaPage, &mut FileDialogs),
    words: &Words,
) -> bool {
    let theme = settings.theme;
    let mut back = false;
    super::style::card(ctx, "tournament", 620.0, theme, |ui| {
        super::style::title(
            ui,
            theme,
            &words.tr("tournament-title"),
            &words.tr("tournament-subtitle"),
        );
        ui.add_space(8.0);
        back = arena_card(ui, commands, (settings, page, chooser), words);
    });
    back
}

/// The page's content within the menu's card; `true` when Back was clicked.
fn arena_card(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (settings, page, chooser): (&Settings, &mut ArenaPage, &mut FileDialogs),
    words: &Words,
) -> bool {
    let theme = settings.theme;
    if page.form.folder.is_empty() {
        page.form.folder = next_folder(&page.store);
    }
    let progress = page.arena.progress();
    match &progress {
        Some(progress) => live(ui, theme, progress, words),
        None => setup(ui, commands, (settings, page, chooser), words),
    }
    if let Some(why) = &page.arena.refused {
        let said = words.tr_args("tournament-refused", &[("why", why.clone().into())]);
        ui.colored_label(ui_palette(theme).faint, said);
    }
    ui.add_space(8.0);
    let mut back = false;
    ui.horizontal(|ui| {
        back = clicked(commands, ui.add(button(&words.tr("menu-back"))));
        match &progress {
            Some(p) if !p.is_over() => {
                if clicked(
                    commands,
                    ui.add(main_button(theme, &words.tr("tournament-stop"))),
                ) {
                    page.writer.write(ArenaCommand::Stop);
                }
            }
            Some(_) => {
                if clicked(commands, ui.add(button(&words.tr("tournament-new")))) {
                    page.arena.close();
                    page.form.folder = next_folder(&page.store);
                }
                let resume = ui.add(button(&words.tr("tournament-resume")));
                if clicked(commands, resume)
                    && let Some(folder) = page.arena.folder()
                {
                    page.writer.write(ArenaCommand::Resume(folder));
                }
            }
            None => start_buttons(ui, commands, theme, page, words),
        }
    });
    back
}

/// Start (with two or more engines chosen) and Resume (the folder's tournament).
fn start_buttons(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    theme: Theme,
    page: &mut ArenaPage,
    words: &Words,
) {
    let folder = PathBuf::from(page.form.folder.trim());
    let resume = ui.add(button(&words.tr("tournament-resume")));
    if clicked(commands, resume.tip(words.tr("tournament-resume-tip"))) {
        page.writer.write(ArenaCommand::Resume(folder.clone()));
    }
    let enough = page.form.chosen.len() >= 2;
    let start = ui.add_enabled(enough, main_button(theme, &words.tr("tournament-start")));
    let start = if enough {
        start
    } else {
        start.tip_even_disabled(words.tr("tournament-choose-two"))
    };
    if clicked(commands, start) {
        let form = &page.form;
        page.writer.write(ArenaCommand::Start(ArenaSetup {
            engines: form.chosen.clone(),
            games_per_pairing: form.games,
            preset: form.preset,
            per_move_ms: form.per_move_ms,
            per_game_s: form.per_game_s,
            increment_ms: form.increment_ms,
            concurrency: form.concurrency,
            openings: form.openings.clone(),
            folder,
        }));
    }
}

/// The setup form.
fn setup(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (settings, page, chooser): (&Settings, &mut ArenaPage, &mut FileDialogs),
    words: &Words,
) {
    for PathPicked { what, path } in page.picked.read() {
        let path = path.display().to_string();
        match what {
            PathFor::Openings => page.form.openings = path,
            PathFor::Folder => page.form.folder = path,
            PathFor::Program => {}
        }
    }
    let form = &mut *page.form;
    ui.label(egui::RichText::new(words.tr("tournament-engines")).strong());
    if settings.engines.len() < 2 {
        ui.colored_label(
            ui_palette(settings.theme).faint,
            words.tr("tournament-no-engines"),
        );
    }
    egui::ScrollArea::vertical()
        .id_salt("tournament engines")
        .max_height(90.0)
        .show(ui, |ui| {
            for entry in &settings.engines {
                let mut on = form.chosen.contains(&entry.id);
                let text = tengen_store::engine_title(entry, &settings.engines);
                let check = ui.checkbox(&mut on, text).tip(entry.command());
                if clicked(commands, check) {
                    form.chosen.retain(|id| *id != entry.id);
                    if on {
                        form.chosen.push(entry.id);
                    }
                }
            }
        });
    form.chosen.retain(|id| settings.engine(*id).is_some());
    egui::Grid::new("tournament setup")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(words.tr("tournament-rule"));
            ui.horizontal(|ui| {
                for (preset, key) in [
                    (Preset::Freestyle15, "tournament-rule-freestyle"),
                    (Preset::Standard15, "tournament-rule-standard"),
                    (Preset::Renju15, "tournament-rule-renju"),
                ] {
                    let label = ui.selectable_label(form.preset == preset, words.tr(key));
                    if clicked(commands, label) {
                        form.preset = preset;
                    }
                }
            });
            ui.end_row();
            ui.label(words.tr("tournament-games"));
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut form.games).range(1..=200));
                ui.label(words.tr("tournament-concurrency"));
                ui.add(egui::DragValue::new(&mut form.concurrency).range(1..=16));
            });
            ui.end_row();
            // The game clock shares the row: one more row pushed the card over the bottom bar at
            // 800×560. Each value has a width of its own, so a shorter one moves nothing after it.
            ui.label(words.tr("tournament-time"));
            ui.horizontal(|ui| {
                // A value's least width: "600000 ms" fits, a shorter value keeps the room.
                ui.spacing_mut().interact_size.x = 84.0;
                let time = egui::DragValue::new(&mut form.per_move_ms)
                    .range(0..=600_000)
                    .suffix(words.tr("tournament-ms"));
                ui.add(time).tip(words.tr("tournament-time-tip"));
                ui.add_space(8.0);
                ui.label(words.tr("tournament-game-clock"));
                let game = egui::DragValue::new(&mut form.per_game_s)
                    .range(0..=36_000)
                    .suffix(words.tr("tournament-s"));
                ui.add(game).tip(words.tr("tournament-game-clock-tip"));
                ui.label(words.tr("tournament-increment"));
                let increment = egui::DragValue::new(&mut form.increment_ms)
                    .range(0..=600_000)
                    .suffix(words.tr("tournament-ms"));
                ui.add(increment).tip(words.tr("tournament-game-clock-tip"));
            });
            ui.end_row();
            let mut path_row = |ui: &mut egui::Ui, what: PathFor, field: &mut String| {
                let (label, tip, browse_tip) = match what {
                    PathFor::Folder => (
                        "tournament-folder",
                        "tournament-folder-tip",
                        "tournament-folder-browse-tip",
                    ),
                    _ => (
                        "tournament-openings",
                        "tournament-openings-tip",
                        "tournament-openings-browse-tip",
                    ),
                };
                ui.label(words.tr(label));
                ui.horizontal(|ui| {
                    let mut edit = egui::TextEdit::singleline(field).desired_width(330.0);
                    if what == PathFor::Openings {
                        edit = edit.hint_text(words.tr("tournament-openings-hint"));
                    }
                    ui.add(edit).tip(words.tr(tip));
                    let browse = ui
                        .button(words.tr("engines-browse"))
                        .tip(words.tr(browse_tip));
                    if clicked(commands, browse) {
                        browse_for(ui, chooser, what, field, words);
                    }
                });
                ui.end_row();
            };
            path_row(ui, PathFor::Openings, &mut form.openings);
            path_row(ui, PathFor::Folder, &mut form.folder);
        });
}

/// Opens the file chooser for `what`, starting in the nearest folder of the path typed so far.
fn browse_for(ui: &egui::Ui, dialogs: &mut FileDialogs, what: PathFor, typed: &str, words: &Words) {
    let typed = std::path::Path::new(typed.trim());
    // The nearest folder that exists: a new tournament's folder is made only when it starts.
    let start = match what {
        PathFor::Folder => Some(typed),
        _ => typed.parent(),
    };
    let folder = start
        .and_then(|start| start.ancestors().find(|a| a.is_dir()))
        .filter(|f| !f.as_os_str().is_empty())
        .map(Into::into);
    dialogs.pick(what, folder, ui.ctx().content_rect(), words);
}

/// The cross table, the count of games, and a game in play on a small board.
fn live(ui: &mut egui::Ui, theme: Theme, progress: &Progress, words: &Words) {
    let table = &progress.table;
    let state = match (progress.is_over(), progress.stopped) {
        (false, _) => "tournament-playing",
        (true, true) => "tournament-stopped",
        (true, false) => "tournament-over",
    };
    let played = table.played().len().to_string();
    let count = words.tr_args(
        state,
        &[
            ("played", played.into()),
            ("total", table.scheduled().to_string().into()),
        ],
    );
    ui.label(egui::RichText::new(count).strong());
    cross_table(ui, table, words);
    let forfeits: Vec<String> = (0..table.names().len())
        .filter(|&e| table.stats(e).forfeits() > 0)
        .map(|e| {
            format!(
                "{}: {}",
                short(&table.names()[e]),
                forfeit_words(table, e, words)
            )
        })
        .collect();
    if !forfeits.is_empty() {
        let line = format!(
            "{} — {}",
            words.tr("tournament-forfeits"),
            forfeits.join("; ")
        );
        ui.add(egui::Label::new(line).wrap());
    }
    for problem in &progress.problems {
        ui.colored_label(ui_palette(theme).faint, problem);
    }
    if let Some(running) = progress.running.first() {
        ui.add_space(4.0);
        ui.horizontal_top(|ui| {
            small_board(ui, &running.game, theme);
            let names = table.names();
            let caption = words.tr_args(
                "tournament-now",
                &[
                    ("number", running.number.to_string().into()),
                    ("black", names[running.black].clone().into()),
                    ("white", names[running.white].clone().into()),
                    ("moves", running.game.moves().len().to_string().into()),
                ],
            );
            // Long names wrap beside the board rather than widen the card.
            ui.vertical(|ui| {
                ui.set_max_width(300.0);
                ui.add(egui::Label::new(caption).wrap());
            });
        });
    }
}

fn cross_table(ui: &mut egui::Ui, table: &CrossTable, words: &Words) {
    let n = table.names().len();
    egui::Grid::new("tournament cross table")
        .striped(true)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            ui.label(words.tr("tournament-engine"));
            for b in 0..n {
                ui.label((b + 1).to_string());
            }
            for key in ["tournament-points", "tournament-played", "tournament-elo"] {
                ui.label(egui::RichText::new(words.tr(key)).strong());
            }
            ui.end_row();
            for a in 0..n {
                let name = format!("{} {}", a + 1, short(&table.names()[a]));
                ui.label(name).tip(table.names()[a].as_str());
                for b in 0..n {
                    ui.label(table.cell(a, b));
                }
                ui.label(points_words(table.points(a)));
                ui.label(table.games(a).to_string());
                ui.label(table.elo_words(a));
                ui.end_row();
            }
        });
}

/// A name cut to fit the table's column (the whole name is its tip).
fn short(name: &str) -> String {
    const ROOM: usize = 18;
    if name.chars().count() <= ROOM {
        name.to_owned()
    } else {
        name.chars().take(ROOM - 1).chain(['…']).collect()
    }
}

/// An entrant's forfeits by reason, in the player's language, or `0`.
fn forfeit_words(table: &CrossTable, entrant: usize, words: &Words) -> String {
    let stats = table.stats(entrant);
    let kinds: Vec<String> = Forfeit::KINDS
        .iter()
        .zip(stats.by_kind)
        .filter(|&(_, n)| n > 0)
        .map(|(kind, n)| {
            let key = match kind {
                Forfeit::Crash => "tournament-forfeit-crash",
                Forfeit::Time => "tournament-forfeit-time",
                Forfeit::Illegal(_) => "tournament-forfeit-illegal",
                Forfeit::Forbidden(_) => "tournament-forfeit-forbidden",
            };
            words.tr_args(key, &[("count", n.to_string().into())])
        })
        .collect();
    if kinds.is_empty() {
        "0".to_owned()
    } else {
        kinds.join(", ")
    }
}

/// The position of a game in play, painted small.
fn small_board(ui: &mut egui::Ui, game: &Game, theme: Theme) {
    let side = 130.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let p = ui_palette(theme);
    painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(0xdc, 0xb3, 0x6c));
    let n = usize::from(game.variant().size());
    let step = side / n as f32;
    let (low, high) = (step / 2.0, side - step / 2.0);
    for i in 0..n {
        let at = step * (i as f32 + 0.5);
        let line = |a: egui::Vec2, b: egui::Vec2| [rect.min + a, rect.min + b];
        let stroke = egui::Stroke::new(1.0, p.ink);
        painter.line_segment(line(egui::vec2(at, low), egui::vec2(at, high)), stroke);
        painter.line_segment(line(egui::vec2(low, at), egui::vec2(high, at)), stroke);
    }
    for (i, pos) in game.moves().iter().enumerate() {
        let centre = rect.min
            + egui::vec2(
                step * (f32::from(pos.x) + 0.5),
                step * (f32::from(pos.y) + 0.5),
            );
        paint_stone(
            &painter,
            centre,
            step * 0.45,
            game.mover_of(i) == Side::Black,
            theme,
        );
    }
}
