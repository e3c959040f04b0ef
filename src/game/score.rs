//! The session score: wins per seat and draws, kept across games until the mode or opponent changes.

use bevy::prelude::*;

use super::{CurrentGame, GameDrawn, GameWon};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Score>()
        .add_observer(count_win)
        .add_observer(count_draw);
}

/// Wins of seat 0 and seat 1 (see [`super::Mode::seat_names`]) and draws.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: [u32; 2],
    pub draws: u32,
}

fn count_win(won: On<GameWon>, current: Res<CurrentGame>, mut score: ResMut<Score>) {
    score.wins[current.setup.seat(won.winner)] += 1;
}

fn count_draw(_: On<GameDrawn>, mut score: ResMut<Score>) {
    score.draws += 1;
}
