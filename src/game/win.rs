//! Win detection: after each stone, asks the engine's game record for an outcome and ends the game.

use bevy::prelude::*;
use tengen_engine::Outcome;

use super::{CurrentGame, GameDrawn, GameWon, PlayerKind, StonePlaced};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(detect_outcome);
}

fn detect_outcome(
    _: On<StonePlaced>,
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut next_screen: ResMut<NextState<Screen>>,
    time: Res<Time<Real>>,
) {
    let Some(outcome) = current.game.outcome().cloned() else {
        return;
    };
    current.finished = Some(time.elapsed());
    match outcome {
        Outcome::Win { winner, line } => {
            let human_won = current.setup.player(winner) == PlayerKind::Human;
            commands.trigger(GameWon {
                winner,
                line,
                human_won,
            });
        }
        Outcome::Draw => commands.trigger(GameDrawn),
    }
    next_screen.set(Screen::GameOver);
}
