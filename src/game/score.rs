//! The session score: wins per seat and draws, kept across games until the mode or opponent changes.
//! Every ending counts, whatever its reason (a five, a resignation, the other player leaving).

use bevy::prelude::*;

use super::{CurrentGame, GameEnded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Score>().add_observer(count_result);
}

/// Wins of seat 0 and seat 1 (see [`super::Mode::seat_names`]) and draws.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: [u32; 2],
    pub draws: u32,
}

fn count_result(ended: On<GameEnded>, current: Res<CurrentGame>, mut score: ResMut<Score>) {
    match ended.end.winner() {
        Some(winner) => score.wins[current.setup().seat(winner)] += 1,
        None => score.draws += 1,
    }
}
