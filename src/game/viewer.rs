//! Looking through a record with the keyboard: Left and Right step a move, Home and End jump to the
//! start and end of the line shown, Up and Down go to the previous and next branch. Keys become
//! [`GameCommand::View`]s, like the viewer's buttons. On any board (the viewer, the review, a game),
//! T turns the board a quarter, F mirrors it and L numbers the last ten stones (or stops numbering
//! them): a turned board can always be put back.

use bevy::prelude::*;

use super::input::KeyboardFree;
use super::{BoardView, GameCommand, StudyCommand, ViewStep};
use crate::AppSystems;
use crate::screens::{InGame, OnRecord};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (step_keys.run_if(in_state(OnRecord)), view_keys)
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(InGame).and_then(keyboard_free)),
    );
}

fn keyboard_free(free: Option<Res<KeyboardFree>>) -> bool {
    free.is_none_or(|free| free.0)
}

/// The viewer's step for a key, if it has one.
pub fn view_step(key: KeyCode) -> Option<ViewStep> {
    match key {
        KeyCode::ArrowLeft => Some(ViewStep::Previous),
        KeyCode::ArrowRight => Some(ViewStep::Next),
        KeyCode::Home => Some(ViewStep::First),
        KeyCode::End => Some(ViewStep::Last),
        KeyCode::ArrowUp => Some(ViewStep::PreviousBranch),
        KeyCode::ArrowDown => Some(ViewStep::NextBranch),
        _ => None,
    }
}

/// The board's view for a key, if it has one (`numbered`: how many stones are numbered now).
pub fn view_key(key: KeyCode, numbered: u16) -> Option<StudyCommand> {
    match key {
        KeyCode::KeyT => Some(StudyCommand::Rotate),
        KeyCode::KeyF => Some(StudyCommand::Flip),
        KeyCode::KeyL => Some(StudyCommand::NumberLast(if numbered > 0 { 0 } else { 10 })),
        _ => None,
    }
}

fn step_keys(keys: Res<ButtonInput<KeyCode>>, mut writer: MessageWriter<GameCommand>) {
    for step in keys.get_just_pressed().filter_map(|&key| view_step(key)) {
        writer.write(GameCommand::View(step));
    }
}

fn view_keys(
    keys: Res<ButtonInput<KeyCode>>,
    view: Res<BoardView>,
    mut writer: MessageWriter<GameCommand>,
) {
    for &key in keys.get_just_pressed() {
        if let Some(asked) = view_key(key, view.numbered_last) {
            writer.write(GameCommand::Study(asked));
        }
    }
}
