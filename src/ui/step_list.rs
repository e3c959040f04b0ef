//! The New game card's Step row: the strength ladder's steps in a list that opens downward, shows
//! the chosen step when opened, and names each step's number as its rating.

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::Step;

use super::clicked;
use super::tip::Tip;
use crate::game::{GameSetup, MatchedSteps};

/// What a list opened from a row of the New game form needs below its row besides its items: the
/// box it opens from and the list's frame. A list that does not fit below is opened upward by egui.
pub(super) const LIST_CLEARANCE: f32 = 64.0;

/// The Step row of the form's grid: greyed between two players and on 3×3 (`computer` false there
/// or tic-tac-toe), which keeps its three levels.
pub(super) fn step_row(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    setup: &mut GameSetup,
    matched: &MatchedSteps,
    computer: bool,
) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    let tic_tac_toe = setup.preset.variant().is_tic_tac_toe();
    ui.label(egui::RichText::new(words.tr("new-game-step")).strong());
    let shown = if setup.matched {
        matched.step_for(setup.preset)
    } else {
        setup.computer_step()
    };
    let selected = if setup.matched {
        words.tr_args(
            "new-game-step-matched",
            &[("step", words.step(shown).into())],
        )
    } else {
        // No level button is lit for a step between levels: the box says where it sits.
        words.step_among_levels(shown)
    };
    ui.add_enabled_ui(computer && !tic_tac_toe, |ui| {
        // As the rule list: it scrolls within the room under the box, so it opens downward
        // (egui turns a list that does not fit below upward, over the card's title).
        let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - LIST_CLEARANCE;
        // Frames the list has been open: its first is egui's sizing pass, which does not scroll.
        let list = egui::Id::new("ladder step list shown");
        let frames_open = ui.data(|d| d.get_temp::<u8>(list).unwrap_or(0));
        let combo = egui::ComboBox::from_id_salt("ladder step")
            .selected_text(selected)
            .width(300.0)
            .height(room.clamp(60.0, 320.0))
            .show_ui(ui, |ui| {
                for step in Step::ALL {
                    let text = words.tr_args(
                        "new-game-step-rating",
                        &[
                            ("step", words.step(step).into()),
                            ("rating", step.rating().into()),
                        ],
                    );
                    let picked = !setup.matched && setup.computer_step() == step;
                    let item = ui.selectable_label(picked, text);
                    // Opened, the list shows the step chosen at once, not the top of the ladder.
                    if picked && frames_open < 2 {
                        item.scroll_to_me_animation(
                            Some(egui::Align::Center),
                            egui::style::ScrollAnimation::none(),
                        );
                    }
                    if clicked(commands, item) {
                        setup.matched = false;
                        match step.level() {
                            Some(level) => {
                                setup.level = level;
                                setup.step = None;
                            }
                            None => setup.step = Some(step),
                        }
                    }
                }
            });
        let frames_open = if combo.inner.is_some() {
            frames_open.saturating_add(1)
        } else {
            0
        };
        ui.data_mut(|d| d.insert_temp(list, frames_open));
        let tip = if tic_tac_toe {
            "new-game-step-tic-tac-toe"
        } else {
            "new-game-step-tip"
        };
        combo.response.tip(words.tr(tip));
    });
    ui.end_row();
}
