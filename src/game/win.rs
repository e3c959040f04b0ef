//! Win detection: after each stone, asks the engine's game record for an outcome and ends the game;
//! a row too long to win under an exact rule is explained.

use bevy::prelude::*;
use tengen_engine::Outcome;

use super::{CurrentGame, GameDrawn, GameWon, Notice, PlayerKind, StonePlaced};
use crate::i18n::Phrase;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(detect_outcome)
        .add_observer(explain_an_overline);
}

/// Six in a row under an exact-five rule wins nothing: the player is told why, instead of a line
/// that silently does not count.
fn explain_an_overline(
    placed: On<StonePlaced>,
    current: Res<CurrentGame>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    if current.game().board().overline_without_win(placed.pos) {
        let length = current.game().variant().win_len();
        let text = Phrase::with(
            "notice-overline-wins-nothing",
            vec![("length", u64::from(length).into())],
        );
        notice.post(text, time.elapsed());
    }
}

fn detect_outcome(
    _: On<StonePlaced>,
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut next_screen: ResMut<NextState<Screen>>,
    time: Res<Time<Real>>,
) {
    let Some(outcome) = current.game().outcome().cloned() else {
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
