//! The Settings row where the player picks a language: "System (…)" or one of the four, each named in
//! itself so a player lost in a foreign language still finds their own.

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_i18n::Language;

use crate::settings::Settings;

/// One row of the settings grid (label, choices). A click changes the language at once; the choice is
/// saved with the other settings.
pub fn language_choice(ui: &mut egui::Ui, commands: &mut Commands, settings: &mut Settings) {
    let (words, system) = crate::i18n::words_in(ui.ctx());
    let chosen = settings.language.as_deref().and_then(Language::from_tag);
    ui.label(egui::RichText::new(words.tr("settings-language")).strong());
    ui.horizontal_wrapped(|ui| {
        let system_text = words.tr_args(
            "settings-language-system",
            &[("language", system.native_name().into())],
        );
        if super::clicked(commands, ui.selectable_label(chosen.is_none(), system_text)) {
            settings.language = None;
        }
        for language in Language::ALL {
            let label = ui.selectable_label(chosen == Some(language), language.native_name());
            if super::clicked(commands, label) {
                settings.language = Some(language.code().to_owned());
            }
        }
    });
    ui.end_row();
}
