//! The records bar below the board: a button for each records window (folded into one menu on a narrow
//! window while a record is looked through), the record's step buttons, and Ctrl+O / Ctrl+S for the
//! file dialog.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::state::{DialogPurpose, FileDialogs, RecordsPass, RecordsUi, Window, show};
use super::viewer;
use crate::game::{CurrentGame, GameCommand};
use crate::persistence::{RecordRequest, Settings, Store};
use crate::screens::{Doing, InGame};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileShortcut>()
        .add_systems(Update, read_file_shortcuts)
        .add_systems(EguiPrimaryContextPass, records_bar.in_set(RecordsPass::Bar));
}

/// Ctrl+O or Ctrl+S pressed since the bar last looked.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct FileShortcut {
    open: bool,
    save: bool,
}

/// Reads the keys in the order they came, so Ctrl pressed and let go again within one slow frame
/// still makes a shortcut (egui and `ButtonInput` only know the state at the frame's end).
fn read_file_shortcuts(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut ctrl_down: Local<bool>,
    mut shortcut: ResMut<FileShortcut>,
) {
    use bevy::input::ButtonState;
    for key in keys.read() {
        let pressed = key.state == ButtonState::Pressed;
        match key.key_code {
            KeyCode::ControlLeft | KeyCode::ControlRight => *ctrl_down = pressed,
            KeyCode::KeyO if pressed && *ctrl_down => shortcut.open = true,
            KeyCode::KeyS if pressed && *ctrl_down => shortcut.save = true,
            _ => {}
        }
    }
}

/// What the records bar needs to know: the files, the settings and the game on the board.
#[derive(SystemParam)]
struct BarFacts<'w> {
    store: Res<'w, Store>,
    settings: Res<'w, Settings>,
    current: Res<'w, CurrentGame>,
    in_game: Option<Res<'w, State<InGame>>>,
    doing: Doing<'w>,
}

/// The bar in the strip kept free below the board (see [`crate::view::RECORDS_BAR_HEIGHT`]).
fn records_bar(
    facts: BarFacts,
    mut contexts: EguiContexts,
    mut ui_state: ResMut<RecordsUi>,
    mut dialogs: ResMut<FileDialogs>,
    mut requests: MessageWriter<RecordRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut keys: ResMut<FileShortcut>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pressed = std::mem::take(&mut *keys);
    if pressed.open || pressed.save {
        // The letter of a shortcut whose Ctrl came and went within this frame reaches egui as
        // typed text too; it must not land in the dialog's search or name field.
        ctx.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Text(_))));
    }
    // Ctrl+O: the Open dialog from anywhere; Ctrl+S: the Save dialog while a game is on the board.
    // The key event's own modifiers count, not the state at the frame's end: on a slow frame Ctrl
    // can be pressed and let go again within it (a quick shortcut, or xdotool in the tests).
    let purpose = if pressed.open {
        Some(DialogPurpose::Open {
            against_computer: ui_state.against_computer,
        })
    } else if pressed.save && facts.in_game.is_some() && facts.current.live() {
        Some(DialogPurpose::Save)
    } else {
        None
    };
    if let Some(purpose) = purpose
        && !dialogs.is_open()
    {
        let words = crate::i18n::words_in(ctx).0;
        dialogs.show(
            purpose,
            facts.store.dialog_folder(&facts.settings),
            ctx.viewport_rect(),
            &words,
        );
    }
    let bar_height = crate::view::RECORDS_BAR_HEIGHT;
    egui::Area::new("records bar".into())
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -6.0])
        .show(ctx, |ui| {
            ui.set_max_height(bar_height - 8.0);
            let viewing = facts.in_game.is_some() && facts.doing.on_record();
            // Left of the HUD on a narrow window, the record's steps leave room for one menu button.
            let compact = viewing && ctx.viewport_rect().width() - crate::view::PANEL_WIDTH < 640.0;
            let words = crate::i18n::words_in(ui.ctx()).0;
            ui.horizontal(|ui| {
                let windows = [
                    (words.tr("records-save-open"), Window::SaveOpen),
                    (words.tr("records-history"), Window::History),
                    (words.tr("records-statistics"), Window::Statistics),
                ];
                if compact {
                    ui.menu_button(words.tr("records-menu"), |ui| {
                        for (label, window) in windows {
                            if ui.button(label).clicked() {
                                show(&mut ui_state, window, &mut requests);
                            }
                        }
                    });
                } else {
                    for (label, window) in windows {
                        if ui.button(label).clicked() {
                            show(&mut ui_state, window, &mut requests);
                        }
                    }
                }
                if viewing {
                    ui.separator();
                    let style = facts.settings.numbering;
                    viewer::step_buttons(ui, &facts.current, style, &mut commands);
                }
            });
        });
    Ok(())
}
