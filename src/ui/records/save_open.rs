//! The Save / Open window: save the game on the board, copy its position, export a picture; open a
//! file or pasted text. Its answer keeps a place of its own below the choices.

use bevy_egui::egui;
use tengen_store as store;

use super::state::{DialogPurpose, RecordsWindows};
use crate::i18n::Words;
use crate::persistence::RecordRequest;
use crate::ui::tip::Tip;

/// Save and open: save the game on the board, copy its position, export a picture; open a file or
/// pasted text, in the viewer or against the computer at once. The outcome of the last of these
/// (a file that could not be opened, where a game was saved) has a place of its own under them,
/// always there, so it is never scrolled out of sight and nothing moves when it comes.
pub(super) fn save_open(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let answer_room = ui.text_style_height(&egui::TextStyle::Body) * ANSWER_ROWS;
    let room = ui.ctx().viewport_rect().height() - SAVE_OPEN_CHROME - answer_room;
    egui::ScrollArea::vertical()
        .id_salt("save and open")
        .max_height(room.max(120.0))
        .show(ui, |ui| save_open_choices(ui, records, words));
    ui.separator();
    crate::ui::notice::kept_place(ui, answer_room, |ui, width| {
        if let Some(answer) = &records.state.message {
            let text = egui::RichText::new(answer);
            ui.label(crate::ui::notice::fitted(ui, text, width, answer_room));
        }
    });
}

/// The rows kept for Save / Open's answer: a file's name and why it could not be opened take two or
/// three.
const ANSWER_ROWS: f32 = 3.0;

/// What Save / Open needs round its scrolling part and its answer: the title bar, the margins, the
/// line between them and the 80 px the window leaves free round it.
const SAVE_OPEN_CHROME: f32 = 200.0;

/// Save / Open's choices.
fn save_open_choices(ui: &mut egui::Ui, records: &mut RecordsWindows, words: &Words) {
    let screen = ui.ctx().viewport_rect();
    let on_board = records.in_game.is_some() && records.current.live();
    let RecordsWindows {
        state,
        dialogs,
        store,
        settings,
        current,
        clipboard,
        requests,
        commands,
        ..
    } = records;
    let state = &mut **state;
    let folder = store.dialog_folder(settings);
    if on_board {
        ui.label(egui::RichText::new(words.tr("records-save-sgf")).strong());
        ui.horizontal(|ui| {
            if ui
                .button(words.tr("records-save-as"))
                .tip("Ctrl+S")
                .clicked()
            {
                dialogs.show(DialogPurpose::Save, folder.clone(), screen, words);
            }
            if ui.button(words.tr("records-copy-position")).clicked() {
                let text = store::position_string(current.game());
                clipboard.set_text(&text);
                state.message = Some(words.tr_args("records-copied", &[("text", text.into())]));
            }
            let export = words.tr("export-button");
            if ui.button(export).clicked() {
                commands.trigger(crate::ui::export::ShowExport);
            }
        });
        ui.separator();
    }
    ui.label(egui::RichText::new(words.tr("records-open-heading")).strong());
    ui.horizontal(|ui| {
        if ui.button(words.tr("records-open-file-button")).clicked() {
            dialogs.show(
                DialogPurpose::Open {
                    against_computer: state.against_computer,
                },
                folder.clone(),
                screen,
                words,
            );
        }
        ui.small(words.tr("records-open-or-drop"));
    });
    typed_path(ui, state, requests, words);
    ui.separator();
    ui.label(egui::RichText::new(words.tr("records-paste-heading")).strong());
    ui.add(
        egui::TextEdit::multiline(&mut state.pasted)
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    );
    ui.horizontal(|ui| {
        if ui.button(words.tr("records-paste-clipboard")).clicked() {
            match clipboard.get_text() {
                Some(text) => state.pasted = text,
                None => state.message = Some(words.tr("records-clipboard-empty")),
            }
        }
        if ui.button(words.tr("records-open-pasted")).clicked() {
            requests.write(RecordRequest::Paste {
                text: state.pasted.clone(),
                against_computer: state.against_computer,
            });
        }
    });
    ui.small(words.tr_args(
        "records-position-rule-note",
        &[("preset", words.preset(settings.preset).into())],
    ));
    ui.checkbox(
        &mut state.against_computer,
        words.tr("records-play-on-at-once"),
    );
}

/// A file's path typed in (a folder the dialog cannot reach, a name pasted from elsewhere); Enter
/// or the button opens it, and a path that leads nowhere is answered below like any other file.
fn typed_path(
    ui: &mut egui::Ui,
    state: &mut super::state::RecordsUi,
    requests: &mut bevy::prelude::MessageWriter<RecordRequest>,
    words: &Words,
) {
    ui.horizontal(|ui| {
        ui.label(words.tr("records-open-path"));
        let button = words.tr("records-open-path-button");
        let button_width = ui.fonts_mut(|fonts| {
            let font = egui::TextStyle::Button.resolve(ui.style());
            fonts
                .layout_no_wrap(button.clone(), font, egui::Color32::WHITE)
                .size()
                .x
        }) + 2.0 * ui.spacing().button_padding.x
            + ui.spacing().item_spacing.x;
        let field = ui.add(
            egui::TextEdit::singleline(&mut state.typed_path)
                .hint_text(words.tr("records-open-path-hint"))
                .desired_width((ui.available_width() - button_width).max(80.0)),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let clicked = ui.button(button).clicked();
        if (entered || clicked) && !state.typed_path.trim().is_empty() {
            let home = std::env::var("HOME").ok().map(std::path::PathBuf::from);
            requests.write(RecordRequest::Open {
                path: typed(&state.typed_path, home.as_deref()),
                against_computer: state.against_computer,
            });
        }
    });
}

/// The path typed, `~` at its start standing for the home folder as in a shell.
fn typed(text: &str, home: Option<&std::path::Path>) -> std::path::PathBuf {
    let text = text.trim();
    match (text.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => std::path::PathBuf::from(text),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::typed;

    #[test]
    fn a_typed_path_is_trimmed_and_its_tilde_is_the_home_folder() {
        let home = Some(Path::new("/home/hana"));
        assert_eq!(
            typed(" ~/games/a.sgf \n", home),
            PathBuf::from("/home/hana/games/a.sgf")
        );
        assert_eq!(typed("/tmp/b.psq", home), PathBuf::from("/tmp/b.psq"));
        assert_eq!(typed("~other/c.sgf", home), PathBuf::from("~other/c.sgf"));
        assert_eq!(typed("~/d.sgf", None), PathBuf::from("~/d.sgf"));
        assert_eq!(typed("game.sgf", home), PathBuf::from("game.sgf"));
    }
}
