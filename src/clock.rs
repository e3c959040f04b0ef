//! The players' clocks: how long each side has spent on its moves in the current game (time in the
//! menu and after the game ended does not count).

use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::Color;

use crate::game::{CurrentGame, GameStarted, StonePlaced, StoneRemoved};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Clocks>()
        .add_observer(start_clocks)
        .add_observer(stop_on_move)
        .add_observer(restart_on_undo)
        .add_systems(OnExit(Screen::Playing), pause_clocks);
}

/// Time spent per side (by `Color::index`), and when the side to move started thinking.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clocks {
    pub spent: [Duration; 2],
    /// Real time when the current turn started; `None` while the clocks are stopped.
    pub turn_started: Option<Duration>,
}

impl Clocks {
    /// A side's total at `now`, counting the running turn.
    pub fn shown(&self, side: Color, to_move: Color, now: Duration) -> Duration {
        let running = match self.turn_started {
            Some(start) if side == to_move => now.saturating_sub(start),
            _ => Duration::ZERO,
        };
        self.spent[side.index()] + running
    }
}

fn start_clocks(
    _: On<GameStarted>,
    current: Res<CurrentGame>,
    mut clocks: ResMut<Clocks>,
    time: Res<Time<Real>>,
) {
    if current.game.moves().is_empty() {
        clocks.spent = [Duration::ZERO; 2];
    }
    clocks.turn_started = (!current.game.is_over()).then(|| time.elapsed());
}

fn stop_on_move(placed: On<StonePlaced>, mut clocks: ResMut<Clocks>, time: Res<Time<Real>>) {
    let now = time.elapsed();
    if let Some(start) = clocks.turn_started {
        clocks.spent[placed.color.index()] += now.saturating_sub(start);
    }
    clocks.turn_started = Some(now);
}

fn restart_on_undo(_: On<StoneRemoved>, mut clocks: ResMut<Clocks>, time: Res<Time<Real>>) {
    if clocks.turn_started.is_some() {
        clocks.turn_started = Some(time.elapsed());
    }
}

/// Leaving play (for the menu or the game-over dialog) stops the clock of the side to move.
fn pause_clocks(current: Res<CurrentGame>, mut clocks: ResMut<Clocks>, time: Res<Time<Real>>) {
    if let Some(start) = clocks.turn_started.take() {
        let side = current.game.to_move();
        if !current.game.is_over() {
            clocks.spent[side.index()] += time.elapsed().saturating_sub(start);
        }
    }
}
