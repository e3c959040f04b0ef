//! Looking through a record with the keyboard: Left and Right step a move, Home and End jump to the
//! first and last position, Up and Down go to the previous and next branch. Keys become [`GameCommand::View`]s, like the viewer's buttons.

use bevy::prelude::*;

use super::input::KeyboardFree;
use super::{GameCommand, ViewStep};
use crate::AppSystems;
use crate::screens::{InGame, OnRecord};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        step_keys.in_set(AppSystems::RecordInput).run_if(
            in_state(InGame)
                .and_then(in_state(OnRecord))
                .and_then(keyboard_free),
        ),
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

fn step_keys(keys: Res<ButtonInput<KeyCode>>, mut writer: MessageWriter<GameCommand>) {
    for step in keys.get_just_pressed().filter_map(|&key| view_step(key)) {
        writer.write(GameCommand::View(step));
    }
}
