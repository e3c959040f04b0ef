//! Keyboard play through real `KeyboardInput` messages: cursor and Enter, Ctrl+Z / Ctrl+Y, the keypad
//! on 3×3, Esc.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Pos, Preset};

use crate::support::*;

fn key(app: &mut App, key_code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// Presses and releases `code`, holding `modifiers` down meanwhile.
pub(crate) fn press(app: &mut App, modifiers: &[KeyCode], code: KeyCode) {
    for &m in modifiers {
        key(app, m, ButtonState::Pressed);
    }
    key(app, code, ButtonState::Pressed);
    app.update();
    key(app, code, ButtonState::Released);
    for &m in modifiers {
        key(app, m, ButtonState::Released);
    }
    app.update();
    app.update();
}

#[test]
fn arrows_move_the_cursor_and_enter_or_space_place() {
    let mut app = hvh(Preset::Freestyle15);
    press(&mut app, &[], KeyCode::ArrowRight);
    press(&mut app, &[], KeyCode::ArrowUp);
    press(&mut app, &[], KeyCode::Enter);
    // The cursor starts on the centre (7,7); right and up (towards row 0) lead to (8,6).
    assert_eq!(stones(&mut app), vec![(Pos::new(8, 6), Side::Black)]);
    press(&mut app, &[], KeyCode::ArrowDown);
    press(&mut app, &[], KeyCode::Space);
    assert_eq!(
        current(&app).game().moves(),
        &[Pos::new(8, 6), Pos::new(8, 7)]
    );
}

#[test]
fn ctrl_z_undoes_and_ctrl_y_redoes() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 3, 3);
    press(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyZ);
    assert!(current(&app).game().moves().is_empty());
    // Z without Ctrl is not undo.
    place(&mut app, 3, 3);
    press(&mut app, &[], KeyCode::KeyZ);
    assert_eq!(current(&app).game().moves().len(), 1);
    press(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyZ);
    press(&mut app, &[KeyCode::ControlRight], KeyCode::KeyY);
    assert_eq!(current(&app).game().moves(), &[Pos::new(3, 3)]);
}

#[test]
fn a_ctrl_z_pressed_and_let_go_within_one_frame_still_undoes() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 3, 3);
    // All four key events before one frame, as a quick hand on a slow frame (or xdotool) sends them.
    key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    key(&mut app, KeyCode::KeyZ, ButtonState::Pressed);
    key(&mut app, KeyCode::KeyZ, ButtonState::Released);
    key(&mut app, KeyCode::ControlLeft, ButtonState::Released);
    app.update();
    app.update();
    assert!(current(&app).game().moves().is_empty(), "undone");
    // Ctrl let go in an earlier frame no longer counts: Z alone is not undo.
    place(&mut app, 3, 3);
    key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    key(&mut app, KeyCode::ControlLeft, ButtonState::Released);
    app.update();
    press(&mut app, &[], KeyCode::KeyZ);
    assert_eq!(current(&app).game().moves().len(), 1);
}

#[test]
fn the_keypad_maps_onto_tic_tac_toe_like_the_keys_are_laid_out() {
    let mut app = hvh(Preset::TicTacToe);
    press(&mut app, &[], KeyCode::Numpad7);
    press(&mut app, &[], KeyCode::Numpad3);
    press(&mut app, &[], KeyCode::Numpad5);
    assert_eq!(
        current(&app).game().moves(),
        &[Pos::new(0, 0), Pos::new(2, 2), Pos::new(1, 1)],
        "7 is the top-left, 3 the bottom-right, 5 the centre"
    );
}

#[test]
fn a_keypad_key_after_the_end_of_tic_tac_toe_says_the_game_is_over() {
    let mut app = hvh(Preset::TicTacToe);
    // X takes the top row (7 8 9), O answers on the middle row.
    for code in [
        KeyCode::Numpad7,
        KeyCode::Numpad4,
        KeyCode::Numpad8,
        KeyCode::Numpad5,
        KeyCode::Numpad9,
    ] {
        press(&mut app, &[], code);
    }
    assert!(current(&app).game().is_over());
    for code in [KeyCode::Numpad7, KeyCode::Numpad1] {
        press(&mut app, &[], code);
        let said = notice_text(&app);
        assert!(!said.contains("already taken"), "{code:?}: {said}");
    }
}

#[test]
fn n_starts_a_new_game_and_escape_goes_to_the_menu() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    press(&mut app, &[], KeyCode::KeyN);
    // An unfinished game is only thrown away on a yes (see `slip.rs`).
    press(&mut app, &[], KeyCode::Enter);
    assert!(current(&app).game().moves().is_empty());
    assert!(stones(&mut app).is_empty());
    press(&mut app, &[], KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);
}

#[test]
fn on_3x3_the_editor_takes_x_and_o_for_the_marks_and_delete_to_erase() {
    use tengen::game::editor::{Brush, EditCommand, Editor};
    let mut app = hvh(Preset::TicTacToe);
    send(
        &mut app,
        tengen::game::GameCommand::Edit(EditCommand::Open(Preset::TicTacToe)),
    );
    let brush = |app: &App| app.world().resource::<Editor>().brush;
    press(&mut app, &[], KeyCode::KeyO);
    assert_eq!(brush(&app), Brush::White, "O picks the O mark");
    press(&mut app, &[], KeyCode::KeyX);
    assert_eq!(
        brush(&app),
        Brush::Black,
        "X picks the X mark, not the eraser"
    );
    press(&mut app, &[], KeyCode::Delete);
    assert_eq!(brush(&app), Brush::Erase);
    // On a Gomoku board X still erases and B picks black.
    let mut app = hvh(Preset::Freestyle15);
    send(
        &mut app,
        tengen::game::GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
    );
    press(&mut app, &[], KeyCode::KeyX);
    assert_eq!(brush(&app), Brush::Erase);
    press(&mut app, &[], KeyCode::KeyB);
    assert_eq!(brush(&app), Brush::Black);
}
