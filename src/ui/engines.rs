//! Settings → Engines, a page of the menu: Tengen's own engine, then the outside Gomocup engines the
//! player added, each with what its `ABOUT` said, its threads, memory and extra `INFO` keys, Test and
//! Remove (with Undo); under the list, a program's path and arguments to add one. The checks run on
//! the game's side ([`crate::game::engines`]); this page only shows them and sends the commands.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use tengen_store::EngineEntry;

use super::clicked;
use super::records::{FileDialogs, PathFor, PathPicked};
use super::style::{menu_button, ui_palette};
use super::tip::Tip;
use crate::game::engines::{EngineChecks, EngineCommand, Outcome};
use crate::i18n::Words;
use crate::settings::{Settings, Theme};

/// The program and arguments being typed for the next engine.
#[derive(Resource, Debug, Clone, Default)]
pub(super) struct EngineForm {
    pub(super) path: String,
    arguments: String,
    /// Add was clicked: once the engine is added, the fields are cleared for the next one.
    sent: bool,
}

/// What the Engines page reads and sends.
#[derive(SystemParam)]
pub(super) struct EnginesPage<'w, 's> {
    form: ResMut<'w, EngineForm>,
    checks: Res<'w, EngineChecks>,
    writer: MessageWriter<'w, EngineCommand>,
    /// The file chooser Browse opens, and the program chosen in it.
    dialogs: ResMut<'w, FileDialogs>,
    picked: MessageReader<'w, 's, PathPicked>,
}

impl EnginesPage<'_, '_> {
    /// The file chooser, which the Tournament page's Browse opens too (one system holds it once).
    pub(super) fn dialogs(&mut self) -> &mut FileDialogs {
        &mut self.dialogs
    }
}

/// Height the card needs beyond its content in a short window: its frame's margins and a gap above
/// and below (as the menu's cards).
const CARD_CLEARANCE: f32 = 2.0 * 16.0 + 2.0 * 10.0;

/// The rows under the list (the add rows, their line, Back) before they were first measured.
const BELOW_THE_LIST: f32 = 220.0;

/// Where the Engines page's buttons lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Leave {
    Back,
    Tournament,
}

/// The page's content within the menu's card, under a title `above` high; where Back or
/// Tournament leads when clicked. The list scrolls in the room the rest leaves above the records
/// bar.
pub(super) fn engines_card(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (settings, page): (&mut Settings, &mut EnginesPage),
    words: &Words,
    above: f32,
) -> Option<Leave> {
    let theme = settings.theme;
    // The rows below as tall as they were last frame (a refusal's line comes and goes).
    let below_id = egui::Id::new("engines below the list");
    let below = ui
        .ctx()
        .data(|d| d.get_temp::<f32>(below_id))
        .unwrap_or(BELOW_THE_LIST);
    let room = ui.ctx().content_rect().height()
        - crate::view::RECORDS_BAR_HEIGHT
        - CARD_CLEARANCE
        - above
        - below;
    egui::ScrollArea::vertical()
        .id_salt("engine list")
        .max_height(room.max(100.0))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            own_engine(ui, theme, words);
            hint_row(ui, commands, settings, words);
            undo_line(ui, commands, page, words);
            let mut edited = settings.engines.clone();
            for entry in &mut edited {
                ui.separator();
                engine_block(ui, commands, (entry, &settings.engines, theme), page, words);
            }
            // Only real changes are written back, so the settings are saved only when edited.
            if edited != settings.engines {
                settings.engines = edited;
            }
        });
    let start = ui.cursor().top();
    ui.separator();
    add_rows(ui, commands, theme, page, words);
    ui.add_space(8.0);
    let mut leave = None;
    ui.horizontal(|ui| {
        if clicked(commands, ui.add(menu_button(&words.tr("menu-back")))) {
            leave = Some(Leave::Back);
        }
        if clicked(
            commands,
            ui.add(menu_button(&words.tr("tournament-button"))),
        ) {
            leave = Some(Leave::Tournament);
        }
    });
    let measured = ui.cursor().top() - start;
    ui.ctx().data_mut(|d| d.insert_temp(below_id, measured));
    leave
}

/// Tengen's own engine: always first, never removed.
fn own_engine(ui: &mut egui::Ui, theme: Theme, words: &Words) {
    let p = ui_palette(theme);
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(words.tr("engines-own-name")).strong());
        ui.label(egui::RichText::new(words.tr("engines-own-note")).color(p.faint));
    });
}

/// Which engine gives the hints: Tengen's own or one of the added ones (shown once there is one).
fn hint_row(ui: &mut egui::Ui, commands: &mut Commands, settings: &mut Settings, words: &Words) {
    if settings.engines.is_empty() {
        return;
    }
    let mut chosen = settings.hint_engine;
    ui.horizontal(|ui| {
        ui.label(words.tr("engines-hints"));
        engine_choice(
            ui,
            commands,
            (&mut chosen, EngineBox::Hints, 260.0),
            &settings.engines,
        )
        .tip(words.tr("engines-hints-tip"));
    });
    // Only a real change is written back, so the settings are saved only when chosen.
    if chosen != settings.hint_engine {
        settings.hint_engine = chosen;
    }
}

/// One added engine: its name and details, its settings, Test and Remove, and its last test.
fn engine_block(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (entry, all, theme): (&mut EngineEntry, &[EngineEntry], Theme),
    page: &mut EnginesPage,
    words: &Words,
) {
    let p = ui_palette(theme);
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tengen_store::engine_title(entry, all)).strong());
        if !entry.author.is_empty() {
            let by = words.tr_args("engines-author", &[("author", entry.author.clone().into())]);
            ui.label(egui::RichText::new(by).color(p.faint));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if clicked(commands, ui.button(words.tr("engines-remove"))) {
                page.writer.write(EngineCommand::Remove(entry.id));
            }
            let testing = page.checks.test_of(entry.id) == Some(&Outcome::Working);
            let test = ui.add_enabled(!testing, egui::Button::new(words.tr("engines-test")));
            if clicked(commands, test) {
                page.writer.write(EngineCommand::Test(entry.id));
            }
        });
    });
    let command = egui::RichText::new(entry.command()).small().color(p.faint);
    ui.add(egui::Label::new(command).wrap());
    ui.horizontal_wrapped(|ui| {
        ui.label(words.tr("engines-threads"));
        ui.add(egui::DragValue::new(&mut entry.threads).range(0..=256))
            .tip(words.tr("engines-threads-tip"));
        ui.label(words.tr("engines-memory"));
        ui.add(
            egui::DragValue::new(&mut entry.memory_mb)
                .range(0..=1_048_576)
                .suffix(words.tr("engines-megabytes")),
        )
        .tip(words.tr("engines-memory-tip"));
        ui.label(words.tr("engines-info"));
        ui.add(
            egui::TextEdit::multiline(&mut entry.info)
                .desired_rows(1)
                .desired_width(180.0)
                .hint_text(words.tr("engines-info-hint")),
        )
        .tip(words.tr("engines-info-tip"));
    });
    let (renju, colour) = match entry.renju {
        Some(true) => ("engines-renju-yes", p.faint),
        Some(false) => ("engines-renju-no", p.warn),
        None => ("engines-renju-unknown", p.faint),
    };
    ui.add(egui::Label::new(egui::RichText::new(words.tr(renju)).small().color(colour)).wrap());
    if let Some(outcome) = page.checks.test_of(entry.id) {
        outcome_line(ui, theme, outcome, words, "engines-test-failed");
    }
}

/// "Removed Rapfi." with Undo, after a removal.
fn undo_line(ui: &mut egui::Ui, commands: &mut Commands, page: &mut EnginesPage, words: &Words) {
    let Some((_, entry)) = &page.checks.removed else {
        return;
    };
    let text = words.tr_args("engines-removed", &[("name", entry.name.clone().into())]);
    ui.horizontal(|ui| {
        ui.label(text);
        if clicked(commands, ui.button(words.tr("engines-undo"))) {
            page.writer.write(EngineCommand::UndoRemove);
        }
    });
}

/// The program's path and arguments, Add, and how the last addition went.
fn add_rows(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    theme: Theme,
    page: &mut EnginesPage,
    words: &Words,
) {
    let adding = page.checks.adding();
    // Cleared before this frame's Add is read: the outcome shown now is still the last one's.
    if matches!(page.checks.added, Some(Outcome::Played { .. }))
        && std::mem::take(&mut page.form.sent)
    {
        page.form.path.clear();
        page.form.arguments.clear();
    }
    let program = page
        .picked
        .read()
        .filter(|p| p.what == PathFor::Program)
        .last();
    if let Some(PathPicked { path, .. }) = program {
        page.form.path = path.display().to_string();
    }
    egui::Grid::new("add engine")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label(egui::RichText::new(words.tr("engines-program")).strong());
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut page.form.path)
                        .desired_width(330.0)
                        .hint_text(words.tr("engines-program-hint")),
                );
                let browse = ui
                    .button(words.tr("engines-browse"))
                    .tip(words.tr("engines-browse-tip"));
                if clicked(commands, browse) {
                    // The chooser starts in the folder of the program typed so far, if any.
                    let typed = std::path::Path::new(page.form.path.trim());
                    let folder = typed.parent().filter(|f| f.is_dir()).map(Into::into);
                    let screen = ui.ctx().content_rect();
                    page.dialogs.pick(PathFor::Program, folder, screen, words);
                }
            });
            ui.end_row();
            ui.label(egui::RichText::new(words.tr("engines-arguments")).strong());
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut page.form.arguments).desired_width(300.0));
                let ready = !adding && !page.form.path.trim().is_empty();
                let add = ui.add_enabled(ready, egui::Button::new(words.tr("engines-add")));
                if clicked(commands, add) {
                    page.form.sent = true;
                    page.writer.write(EngineCommand::Add {
                        path: page.form.path.clone(),
                        arguments: page.form.arguments.clone(),
                    });
                }
            });
            ui.end_row();
        });
    match &page.checks.added {
        // The new engine's test line is in its block.
        Some(Outcome::Played { .. }) | None => {}
        Some(outcome) => outcome_line(ui, theme, outcome, words, "engines-refused"),
    }
}

/// How a check went, in a line: under way, the move and its time, or why it failed (`failed`: the
/// message that wraps the reason, "Not added: …" or "The test failed: …").
fn outcome_line(ui: &mut egui::Ui, theme: Theme, outcome: &Outcome, words: &Words, failed: &str) {
    let p = ui_palette(theme);
    let (text, color) = match outcome {
        Outcome::Working => (words.tr("engines-working"), p.faint),
        Outcome::Played { point, ms, .. } => (
            words.tr_args(
                "engines-played",
                &[("point", point.clone().into()), ("ms", (*ms as f64).into())],
            ),
            p.ink,
        ),
        Outcome::AlreadyAdded => (words.tr("engines-already-added"), p.warn),
        Outcome::Failed(failure) => {
            let why = failure_words(failure, words);
            (words.tr_args(failed, &[("why", why.into())]), p.warn)
        }
    };
    ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
}

/// Why an engine was refused or failed its test, in the player's language.
pub fn failure_words(failure: &tengen_host::Failure, words: &Words) -> String {
    use tengen_host::Failure;
    let seconds = |d: &std::time::Duration| (d.as_millis() as f64 / 1000.0).into();
    match failure {
        Failure::NotStarted(_) => words.tr("engines-why-not-started"),
        Failure::Crashed(_) => words.tr("engines-why-crashed"),
        Failure::NoStart(within) | Failure::NoAbout(within) => {
            words.tr_args("engines-why-silent", &[("seconds", seconds(within))])
        }
        Failure::StartRefused(_) => words.tr("engines-why-board"),
        Failure::NoMove { within, .. } => {
            words.tr_args("engines-why-no-move", &[("seconds", seconds(within))])
        }
        Failure::Occupied(_)
        | Failure::OffBoard(_)
        | Failure::Forbidden(..)
        | Failure::Garbage(_) => words.tr("engines-why-garbage"),
    }
}

/// The New game form's choice of the engines: against a person the computer's, Tengen's own or one
/// the player added; between two computers one for each seat (an engine against an engine, or
/// against Tengen's own); none between two people. Shown once engines were added.
pub(super) fn opponent_row(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    setup: &mut crate::game::GameSetup,
    engines: &[EngineEntry],
) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    // A removed engine leaves Tengen's own in its place.
    let listed = |id: &u32| engines.iter().any(|e| e.id == *id);
    setup.engine = setup.engine.filter(listed);
    setup.first_engine = setup.first_engine.filter(listed);
    ui.label(egui::RichText::new(words.tr("new-game-engine")).strong());
    match setup.mode {
        crate::game::Mode::ComputerVsComputer => {
            // Side by side, each wide enough for an engine's name and version (a longer one is
            // cut short, never moving the box beside it).
            ui.horizontal(|ui| {
                let first = setup.first_seat;
                let seats = [
                    (first, &mut setup.first_engine, EngineBox::FirstSeat),
                    (first.opponent(), &mut setup.engine, EngineBox::SecondSeat),
                ];
                for (side, chosen, salt) in seats {
                    let tip = words.tr_args(
                        "new-game-engine-side-tip",
                        &[("side", words.side(side, false).into())],
                    );
                    engine_choice(ui, commands, (chosen, salt, 236.0), engines).tip(tip);
                }
            });
        }
        mode => {
            let against_person = mode == crate::game::Mode::HumanVsComputer;
            ui.add_enabled_ui(against_person, |ui| {
                engine_choice(
                    ui,
                    commands,
                    (&mut setup.engine, EngineBox::Opponent, 300.0),
                    engines,
                )
                .tip(words.tr("new-game-engine-tip"));
            });
        }
    }
    ui.end_row();
}

/// Which engine choice a box is (each keeps its own open state).
#[derive(Clone, Copy, Debug, Hash)]
enum EngineBox {
    Hints,
    Opponent,
    FirstSeat,
    SecondSeat,
}

/// One seat's engine: Tengen's own or one of `engines`, in a box `width` wide.
fn engine_choice(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (chosen, salt, width): (&mut Option<u32>, EngineBox, f32),
    engines: &[EngineEntry],
) -> egui::Response {
    let words = crate::i18n::words_in(ui.ctx()).0;
    let own = words.tr("engines-own-choice");
    let shown = engines
        .iter()
        .find(|e| Some(e.id) == *chosen)
        .map_or(own.clone(), |e| tengen_store::engine_title(e, engines));
    // A box of its own width whatever it shows, so the box beside it never moves under the pointer.
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui(size, |ui| {
        ui.set_width(width);
        egui::ComboBox::from_id_salt(salt)
            .selected_text(shown)
            .width(width)
            .truncate()
            .show_ui(ui, |ui| {
                if clicked(commands, ui.selectable_label(chosen.is_none(), own)) {
                    *chosen = None;
                }
                for entry in engines {
                    let picked = *chosen == Some(entry.id);
                    let title = tengen_store::engine_title(entry, engines);
                    if clicked(commands, ui.selectable_label(picked, title)) {
                        *chosen = Some(entry.id);
                    }
                }
            })
            .response
    })
    .inner
}
