//! How a game ends: the match decides it (a five, a full board, a resignation, an agreed draw, a
//! player who left, a clock that ran out) and [`announce_end`] makes it one fact, [`GameEnded`], so
//! the score, the sounds, the files and the result card see it whatever its reason. A row too long
//! to win under an exact rule is explained.

use bevy::prelude::*;
use tengen_engine::Outcome;
use tengen_match::End;

use super::{CurrentGame, GameEnded, GameWon, Notice, PlayerKind, StonePlaced};
use crate::i18n::Phrase;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(show_result)
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

/// Announces the end of the game on the board (the match has it already): a five's winning line,
/// and the one fact every ending makes, whatever its reason.
pub(crate) fn announce_end(commands: &mut Commands, current: &CurrentGame, end: End) {
    if let Some(Outcome::Win { winner, line }) = current.game().outcome().cloned() {
        let human_won = current.setup().player(winner) == PlayerKind::Human;
        commands.trigger(GameWon {
            winner,
            line,
            human_won,
        });
    }
    commands.trigger(GameEnded {
        end,
        you_lost: you_lost(current, end),
    });
}

/// A game that ends on screen shows its result.
fn show_result(
    _: On<GameEnded>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    if *screen.get() == Screen::Playing {
        next_screen.set(Screen::GameOver);
    }
}

/// Whether the person at this machine lost to the computer or to the other machine.
fn you_lost(current: &CurrentGame, end: End) -> bool {
    let Some(loser) = end.loser() else {
        return false;
    };
    let opponent_is_elsewhere = current.remote() == Some(loser.opponent())
        || current.setup().player(loser.opponent()) == PlayerKind::Computer;
    current.is_you(loser) && opponent_is_elsewhere
}
