//! The position editor's side panel (in place of the HUD while a position is set up): the stone to
//! put, who is to move, the stone counts, Clear, and Play against the computer or with a friend. Also
//! the renju opening's name over the board once the first three stones make one of the 26.
//!
//! Every button sends a [`GameCommand::Edit`]; the editor itself is [`crate::game::editor`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color as Side, Level, Preset, Rule, renju_opening};

use super::clicked;
use super::style::{paint_stone, primary_button, rule, section, side_panel_frame, ui_palette};
use super::tip::Tip;
use crate::game::editor::{Brush, EditCommand, Editor};
use crate::game::{CurrentGame, GameCommand, Notice, NoticeKind};
use crate::i18n::Words;
use crate::screens::Activity;
use crate::settings::{Settings, Theme};
use crate::view::PANEL_WIDTH;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        editor_panel.run_if(in_state(Activity::Editor)),
    );
}

/// A choice with a stone painted before its words.
fn stone_choice(
    ui: &mut egui::Ui,
    theme: Theme,
    stone: Option<Side>,
    selected: bool,
    text: &str,
) -> egui::Response {
    let response = ui.selectable_label(selected, format!("      {text}"));
    if let Some(side) = stone {
        let centre = egui::pos2(response.rect.left() + 14.0, response.rect.center().y);
        paint_stone(ui.painter(), centre, 8.0, side == Side::Black, theme);
    }
    response
}

/// The editor's message place: two lines, there whether or not a message is shown.
const NOTICE_HEIGHT: f32 = 48.0;

/// The least room the scrolled middle keeps: a row of its choices. More, and in a short window the
/// Russian help (read whole below it) pushed Back past the window's edge.
const MIDDLE_MIN_HEIGHT: f32 = 40.0;

/// The computer's level row above the play buttons.
const LEVEL_ROW_HEIGHT: f32 = 30.0;

/// The level row, the play buttons and Back under the editor's middle, with their gaps.
const PLAY_BUTTONS_HEIGHT: f32 =
    8.0 + LEVEL_ROW_HEIGHT + 4.0 + 44.0 + 6.0 + 36.0 + 6.0 + 30.0 + 56.0;

/// What the editor's side panel reads.
#[derive(SystemParam)]
struct EditorView<'w> {
    editor: Res<'w, Editor>,
    current: Res<'w, CurrentGame>,
    notice: Res<'w, Notice>,
    settings: Res<'w, Settings>,
    words: Res<'w, Words>,
    live: Res<'w, crate::analysis::live::LiveAnalysis>,
}

fn editor_panel(
    mut commands: Commands,
    mut contexts: EguiContexts,
    view: EditorView,
    mut writer: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (theme, words) = (view.settings.theme, &view.words);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "editor root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // What the panel's buttons ask for, sent after it is drawn.
    let mut sent = Vec::new();
    egui::Panel::right("position editor")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .frame(side_panel_frame(theme))
        .show(&mut root, |ui| {
            let title = egui::RichText::new(words.tr("editor-title")).size(24.0);
            ui.label(title.strong());
            if let Some(opening) = opening_text(view.current.game(), words) {
                ui.label(
                    egui::RichText::new(opening)
                        .small()
                        .color(ui_palette(theme).faint),
                );
            }
            rule_choice(ui, &view, &mut commands, &mut sent);
            rule(ui, theme);
            // A short window scrolls the middle; the refusal's place and the buttons to play stay
            // at the bottom in view. The middle gets all the room they leave, as measured in the
            // last frame: a reckoned height left a gap under it and cut the help short.
            let below = egui::Id::new("position editor below the middle");
            let below_height = ui
                .data(|d| d.get_temp::<f32>(below))
                .unwrap_or(PLAY_BUTTONS_HEIGHT + NOTICE_HEIGHT);
            egui::ScrollArea::vertical()
                .id_salt("position editor middle")
                .max_height((ui.available_height() - below_height).max(MIDDLE_MIN_HEIGHT))
                .show(ui, |ui| setup_choices(ui, &view, &mut commands, &mut sent));
            let top = ui.cursor().top();
            rule(ui, theme);
            refusal_place(ui, &view);
            ui.add_space(8.0);
            ui.vertical_centered(|ui| play_buttons(ui, &view, &mut commands, &mut sent));
            let height = ui.cursor().top() - top + ui.spacing().item_spacing.y;
            ui.data_mut(|d| d.insert_temp(below, height));
        });
    writer.write_batch(sent);
    Ok(())
}

/// The rule preset the position is set up under: the editor once had no choice of it (only the
/// preset New game last chose). Another keeps the stones where they fit (see `EditCommand::Rule`).
fn rule_choice(
    ui: &mut egui::Ui,
    view: &EditorView,
    commands: &mut Commands,
    sent: &mut Vec<GameCommand>,
) {
    let words = &view.words;
    let now = view.current.setup().preset;
    // Within the panel, its words wrapped: a longer box widened the whole panel's column, and the
    // help below wrapped past the window's edge.
    let width = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
    egui::ComboBox::from_id_salt("editor rule")
        .selected_text(words.preset(now))
        .width(width)
        .wrap()
        .show_ui(ui, |ui| {
            for preset in Preset::ALL {
                let choice = ui.selectable_label(preset == now, words.preset(preset));
                if clicked(commands, choice) && preset != now {
                    sent.push(GameCommand::Edit(EditCommand::Rule(preset)));
                }
            }
        })
        .response
        .tip(words.tr("editor-rule-tip"));
}

/// The brush, the side to move, the stone counts, Clear, Export and Analysis.
fn setup_choices(
    ui: &mut egui::Ui,
    view: &EditorView,
    commands: &mut Commands,
    sent: &mut Vec<GameCommand>,
) {
    let (theme, words) = (view.settings.theme, &view.words);
    let game = view.current.game();
    let tic_tac_toe = game.variant().is_tic_tac_toe();
    let mut edit = |command| sent.push(GameCommand::Edit(command));
    section(ui, theme, &words.tr("editor-stone"));
    // Wrapped: "Чёрные Белые Стереть" is wider than the panel.
    ui.horizontal_wrapped(|ui| {
        for (brush, stone, text) in [
            (
                Brush::Black,
                Some(Side::Black),
                words.side(Side::Black, tic_tac_toe),
            ),
            (
                Brush::White,
                Some(Side::White),
                words.side(Side::White, tic_tac_toe),
            ),
            (Brush::Erase, None, words.tr("editor-erase")),
        ] {
            let response = stone_choice(ui, theme, stone, view.editor.brush == brush, &text);
            if clicked(commands, response) {
                edit(EditCommand::Brush(brush));
            }
        }
    });
    section(ui, theme, &words.tr("editor-to-move"));
    ui.horizontal(|ui| {
        for side in [Side::Black, Side::White] {
            let text = words.side(side, tic_tac_toe);
            let response = stone_choice(ui, theme, Some(side), game.to_move() == side, &text);
            if clicked(commands, response) {
                edit(EditCommand::ToMove(side));
            }
        }
    });
    let count = |side| game.setup().iter().filter(|s| s.1 == side).count();
    let counts_id = if tic_tac_toe {
        "editor-stones-tic-tac-toe"
    } else {
        "editor-stones"
    };
    ui.label(words.tr_args(
        counts_id,
        &[
            ("black", count(Side::Black).into()),
            ("white", count(Side::White).into()),
        ],
    ));
    if clicked(commands, ui.button(words.tr("editor-clear"))) {
        edit(EditCommand::Clear);
    }
    // A set-up position is worth sharing as a picture too.
    if clicked(commands, ui.button(words.tr("export-button"))) {
        commands.trigger(super::export::ShowExport);
    }
    // What the engine makes of the position; its readout comes below the button.
    let live = &view.live;
    let analysis = ui
        .add(egui::Button::new(words.tr("hud-analysis")).selected(live.on))
        .tip(words.tr("hud-analysis-tip"));
    if clicked(commands, analysis) {
        sent.push(GameCommand::Analyse);
    }
    if live.on {
        super::analysis::readout(ui, live, &view.current, theme, words);
    }
}

/// The help, or a refusal in its place ("a five is on the board"), under the middle: always in view
/// and read whole. The place is as tall as the help wraps to (at least two lines) with or without a
/// message, so the buttons below never move when one comes or goes. At the end of the scrolled
/// middle, the help was cut after "Keys: B…" with empty room below.
fn refusal_place(ui: &mut egui::Ui, view: &EditorView) {
    let p = ui_palette(view.settings.theme);
    let width = ui.available_width();
    let tic_tac_toe = view.current.game().variant().is_tic_tac_toe();
    let help = view.words.tr(if tic_tac_toe {
        "editor-help-tic-tac-toe"
    } else {
        "editor-help"
    });
    let help = egui::WidgetText::from(egui::RichText::new(help).color(p.faint)).into_galley(
        ui,
        Some(egui::TextWrapMode::Wrap),
        width,
        egui::TextStyle::Body,
    );
    let height = help.size().y.max(NOTICE_HEIGHT);
    ui.allocate_ui(egui::vec2(width, height), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        match view
            .notice
            .current()
            .map(|phrase| view.words.phrase(phrase))
        {
            Some(text) => {
                let color = match view.notice.kind {
                    NoticeKind::Error => p.warn,
                    _ => p.ink,
                };
                ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
            }
            None => {
                ui.add(egui::Label::new(help));
            }
        }
    });
}

/// Play against the computer, play a friend, and Back.
fn play_buttons(
    ui: &mut egui::Ui,
    view: &EditorView,
    commands: &mut Commands,
    sent: &mut Vec<GameCommand>,
) {
    let (theme, words) = (view.settings.theme, &view.words);
    // The computer's level for the game against it, chosen here (the settings' level at first).
    // Centred by measure: the names differ in width from one language to another.
    let levels = [Level::Low, Level::Medium, Level::Expert];
    let names = levels.map(|level| view.words.level(level));
    let font = egui::TextStyle::Button.resolve(ui.style());
    let painter = ui.painter();
    let text: f32 = names
        .iter()
        .map(|name| {
            let galley = painter.layout_no_wrap(name.clone(), font.clone(), egui::Color32::WHITE);
            galley.size().x
        })
        .sum();
    let spacing = ui.spacing();
    let row = text + 6.0 * spacing.button_padding.x + 2.0 * spacing.item_spacing.x;
    ui.horizontal(|ui| {
        ui.set_min_height(LEVEL_ROW_HEIGHT);
        ui.add_space(((ui.available_width() - row) / 2.0).max(0.0));
        for (level, name) in levels.into_iter().zip(names) {
            let chosen = view.editor.level == level;
            if clicked(commands, ui.selectable_label(chosen, name)) && !chosen {
                sent.push(GameCommand::Edit(EditCommand::Level(level)));
            }
        }
    });
    ui.add_space(4.0);
    let computer = ui
        .add(primary_button(theme, &words.tr("editor-play-computer")))
        .tip(words.tr("editor-play-computer-hint"));
    if clicked(commands, computer) {
        sent.push(GameCommand::Edit(EditCommand::Play {
            against_computer: true,
        }));
    }
    ui.add_space(6.0);
    let friend =
        egui::Button::new(words.tr("editor-play-friend")).min_size(egui::vec2(240.0, 36.0));
    if clicked(commands, ui.add(friend)) {
        sent.push(GameCommand::Edit(EditCommand::Play {
            against_computer: false,
        }));
    }
    ui.add_space(6.0);
    if clicked(commands, ui.button(words.tr("editor-back"))) {
        sent.push(GameCommand::Menu);
    }
}

/// The renju opening's name, once the first three stones make one, for the side panel's title line
/// (over the board, its label covered the top coordinates f–i).
pub(super) fn opening_text(game: &tengen_engine::Game, words: &Words) -> Option<String> {
    if game.variant().rule() != Rule::Renju {
        return None;
    }
    let opening = renju_opening(game)?;
    let kind = if opening.is_direct() {
        "opening-direct"
    } else {
        "opening-indirect"
    };
    Some(words.tr_args(
        "opening-label",
        &[
            ("name", words.renju_opening(opening).into()),
            ("kind", words.tr(kind).into()),
        ],
    ))
}
