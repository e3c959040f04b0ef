//! The settings form (sound, volume, animation speed, theme, coordinates, forbidden points, move
//! numbers), shown as a menu page and as a window over the game. Changes apply at once: they edit the
//! `Settings` resource.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::clicked;
use super::style::{menu_button, ui_palette};
use super::tip::Tip;
use crate::screens::InGame;
use crate::settings::{AnimationSpeed, MoveNumbering, Settings, Theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsWindow>().add_systems(
        EguiPrimaryContextPass,
        settings_window.run_if(in_state(InGame)),
    );
}

/// Whether the settings window is open over the game.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsWindow(pub bool);

/// `files` lists where the game keeps its files (from the persistence side), shown under "Files".
pub fn settings_form(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    settings: &mut Settings,
    facts: &FormFacts,
) {
    let files = &facts.files;
    let p = ui_palette(settings.theme);
    let words = crate::i18n::words_in(ui.ctx()).0;
    // Tighter rows in a short window, so more of the form shows without scrolling.
    let row_gap = if ui.ctx().content_rect().height() >= 640.0 {
        14.0
    } else {
        8.0
    };
    egui::Grid::new("settings form")
        .num_columns(2)
        .spacing([18.0, row_gap])
        .show(ui, |ui| {
            sound_rows(ui, commands, settings, facts, &words);

            ui.label(egui::RichText::new(words.tr("settings-animation")).strong());
            ui.horizontal(|ui| {
                for (speed, text) in [
                    (AnimationSpeed::Off, "settings-animation-off"),
                    (AnimationSpeed::Normal, "settings-animation-normal"),
                    (AnimationSpeed::Fast, "settings-animation-fast"),
                ] {
                    let text = words.tr(text);
                    if clicked(
                        commands,
                        ui.selectable_label(settings.animation == speed, text),
                    ) {
                        settings.animation = speed;
                    }
                }
            });
            ui.end_row();

            ui.label(egui::RichText::new(words.tr("settings-theme")).strong());
            ui.horizontal(|ui| {
                for (theme, text) in [
                    (Theme::Classic, "settings-theme-classic"),
                    (Theme::Contrast, "settings-theme-contrast"),
                ] {
                    let text = words.tr(text);
                    if clicked(commands, ui.selectable_label(settings.theme == theme, text)) {
                        settings.theme = theme;
                    }
                }
            });
            ui.end_row();

            ui.label(egui::RichText::new(words.tr("settings-board")).strong());
            ui.vertical(|ui| {
                let mut coordinates = settings.show_coordinates;
                if clicked(
                    commands,
                    ui.checkbox(&mut coordinates, words.tr("settings-show-coordinates")),
                ) {
                    settings.show_coordinates = coordinates;
                }
                let mut forbidden = settings.show_forbidden;
                if clicked(
                    commands,
                    ui.checkbox(&mut forbidden, words.tr("settings-mark-forbidden")),
                ) {
                    settings.show_forbidden = forbidden;
                }
            });
            ui.end_row();
            numbering_row(ui, commands, settings, &words);
            super::language::language_choice(ui, commands, settings);
        });
    ui.label(
        egui::RichText::new(words.tr("settings-contrast-note"))
            .small()
            .color(p.faint),
    );
    if !files.is_empty() {
        ui.add_space(8.0);
        egui::CollapsingHeader::new(words.tr("settings-files"))
            .id_salt("settings files")
            .show(ui, |ui| {
                for line in files {
                    ui.label(egui::RichText::new(line).small().color(p.faint));
                }
            });
    }
}

/// How moves are counted, as a row of the form's grid: single moves or pairs, each with an example
/// on hover.
fn numbering_row(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    settings: &mut Settings,
    words: &crate::i18n::Words,
) {
    ui.label(egui::RichText::new(words.tr("settings-numbering")).strong());
    ui.horizontal(|ui| {
        for (style, text, tip) in [
            (
                MoveNumbering::Single,
                "settings-numbering-single",
                "settings-numbering-single-tip",
            ),
            (
                MoveNumbering::Pairs,
                "settings-numbering-pairs",
                "settings-numbering-pairs-tip",
            ),
        ] {
            let choice = ui
                .selectable_label(settings.numbering == style, words.tr(text))
                .tip(words.tr(tip));
            if clicked(commands, choice) {
                settings.numbering = style;
            }
        }
    });
    ui.end_row();
}

/// Sound on or off (with a word when no sound device was found) and its volume, as two rows of the
/// form's grid.
fn sound_rows(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    settings: &mut Settings,
    facts: &FormFacts,
    words: &crate::i18n::Words,
) {
    let p = ui_palette(settings.theme);
    ui.label(egui::RichText::new(words.tr("settings-sound")).strong());
    let mut sound = settings.sound;
    ui.vertical(|ui| {
        if clicked(
            commands,
            ui.checkbox(&mut sound, words.tr("settings-sound-effects")),
        ) {
            settings.sound = sound;
        }
        if facts.no_sound_device {
            // Said here, once, where the player looks for sound: nothing else nags about it.
            ui.set_max_width(360.0);
            let text = egui::RichText::new(words.tr("settings-no-sound-device")).color(p.warn);
            ui.add(egui::Label::new(text).wrap());
        }
    });
    ui.end_row();

    ui.label(egui::RichText::new(words.tr("settings-volume")).strong());
    let mut percent = (settings.volume * 100.0).round();
    let slider = egui::Slider::new(&mut percent, 0.0..=100.0)
        .suffix(" %")
        .step_by(5.0)
        .fixed_decimals(0);
    let response = ui
        .scope(|ui| {
            // The slider's empty track is drawn in the idle button fill, white in high contrast:
            // on white paper it vanished. A dark grey keeps it in view (over 5:1 against white).
            if settings.theme == Theme::Contrast {
                ui.visuals_mut().widgets.inactive.bg_fill = egui::Color32::from_gray(0x70);
            }
            ui.add_enabled(settings.sound, slider)
        })
        .inner;
    if response.changed() {
        settings.volume = percent / 100.0;
    }
    if response.drag_stopped() {
        // A tick at the new volume, so the player hears what they chose.
        commands.trigger(crate::audio::MenuClick);
    }
    ui.end_row();
}

/// Where the files are, if the persistence side is running.
/// What the settings form shows beyond the settings: where the files are and whether sound can
/// play at all.
pub struct FormFacts {
    pub files: Vec<String>,
    pub no_sound_device: bool,
}

/// Where the form's facts come from.
#[derive(SystemParam)]
pub struct FormSources<'w> {
    store: Option<Res<'w, crate::persistence::Store>>,
    device: Option<Res<'w, crate::audio::SoundDevice>>,
}

impl FormSources<'_> {
    pub fn facts(&self, words: &crate::i18n::Words) -> FormFacts {
        FormFacts {
            files: self
                .store
                .as_ref()
                .map(|store| store.file_lines(words))
                .unwrap_or_default(),
            no_sound_device: self
                .device
                .as_deref()
                .is_some_and(|d| *d == crate::audio::SoundDevice::Missing),
        }
    }
}

/// What the settings window needs beyond its form: the title bar, the Done row, its margins and a gap
/// above and below, so the whole window stays on screen at the smallest size.
const WINDOW_CHROME: f32 = 190.0;

fn settings_window(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut open: ResMut<SettingsWindow>,
    mut settings: ResMut<Settings>,
    sources: FormSources,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Esc closes the window, as it closes the records' windows (the board's keys rest while it is
    // up); an open list (the languages) takes Esc for itself first.
    if super::escape_closes(ctx) {
        open.0 = false;
        return Ok(());
    }
    let room = ctx.content_rect().height();
    let words = crate::i18n::words_in(ctx).0;
    egui::Window::new(words.tr("settings-title"))
        .id(egui::Id::new("settings window"))
        .collapsible(false)
        .resizable(false)
        .anchor(
            egui::Align2::CENTER_CENTER,
            [-crate::view::PANEL_WIDTH / 2.0, 0.0],
        )
        .show(ctx, |ui| {
            // Only write back real changes, so change detection means "the player changed something".
            let mut edited = settings.clone();
            // Scrolls in a short window (or with the file list open), keeping Done in sight.
            egui::ScrollArea::vertical()
                .max_height((room - WINDOW_CHROME).max(120.0))
                .show(ui, |ui| {
                    settings_form(ui, &mut commands, &mut edited, &sources.facts(&words));
                });
            if edited != *settings {
                *settings = edited;
            }
            ui.add_space(10.0);
            ui.vertical_centered(|ui| {
                if clicked(
                    &mut commands,
                    ui.add(menu_button(&words.tr("settings-done"))),
                ) {
                    open.0 = false;
                }
            });
        });
    Ok(())
}
