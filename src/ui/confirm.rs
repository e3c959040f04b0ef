//! The "are you sure?" dialog in front of everything: shown while a [`Question`] waits for the
//! player's answer (a new game over an unfinished one), with Yes (Enter) and No (Escape) buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::clicked;
use super::style::{primary_button, ui_palette};
use super::tip::Tip;
use crate::game::GameCommand;
use crate::game::input::Question;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        question_ui.run_if(|question: Res<Question>| question.0.is_some()),
    );
}

fn question_ui(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut question: ResMut<Question>,
    settings: Res<Settings>,
    mut writer: MessageWriter<GameCommand>,
    words: Res<crate::i18n::Words>,
) -> Result {
    let Some(id) = question.message_id() else {
        return Ok(());
    };
    let text = words.tr(id);
    let ctx = contexts.ctx_mut()?;
    let theme = settings.theme;
    let p = ui_palette(theme);
    let modal = egui::Modal::new(egui::Id::new("question"))
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(p.paper)
                .inner_margin(egui::Margin::symmetric(28, 20)),
        )
        .show(ctx, |ui| {
            ui.set_width(340.0);
            ui.label(egui::RichText::new(text).size(17.0).strong());
            ui.add_space(14.0);
            ui.horizontal(|ui| {
                let yes = ui.add(
                    primary_button(theme, &words.tr("question-yes"))
                        .min_size(egui::vec2(150.0, 40.0)),
                );
                let no = ui.add(
                    egui::Button::new(words.tr("question-no")).min_size(egui::vec2(150.0, 40.0)),
                );
                (
                    clicked(&mut commands, yes.tip("Enter")),
                    clicked(&mut commands, no.tip("Esc")),
                )
            })
            .inner
        });
    let (yes, no) = modal.inner;
    if yes {
        question.confirm(&mut writer);
    } else if no || modal.should_close() {
        question.cancel();
    }
    Ok(())
}
