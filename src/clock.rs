//! Runs the players' clocks ([`crate::game::Clocks`], part of the game on the board): the side to move's
//! clock runs while the game is played, and stops in the menu and once the game is over.

use bevy::prelude::*;

use crate::game::{CurrentGame, GameStarted, StonePlaced, StoneRemoved};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(start_clocks)
        .add_observer(stop_on_move)
        .add_observer(restart_on_undo)
        .add_systems(OnExit(Screen::Playing), pause_clocks);
}

/// A game on the board (new, opened, resumed or restored) goes on from the times it carries.
fn start_clocks(_: On<GameStarted>, mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    let running = !current.game.is_over();
    current.clocks.turn_started = running.then(|| time.elapsed());
}

fn stop_on_move(placed: On<StonePlaced>, mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    let now = time.elapsed();
    let clocks = &mut current.clocks;
    if let Some(start) = clocks.turn_started {
        *clocks.spent.get_mut(placed.color) += now.saturating_sub(start);
    }
    clocks.turn_started = Some(now);
}

fn restart_on_undo(_: On<StoneRemoved>, mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    if current.clocks.turn_started.is_some() {
        current.clocks.turn_started = Some(time.elapsed());
    }
}

/// Leaving play (for the menu or the game-over dialog) stops the clock of the side to move.
fn pause_clocks(mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    if let Some(start) = current.clocks.turn_started.take() {
        let side = current.game.to_move();
        if !current.game.is_over() {
            *current.clocks.spent.get_mut(side) += time.elapsed().saturating_sub(start);
        }
    }
}
