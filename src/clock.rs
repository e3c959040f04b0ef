//! Runs the players' clocks ([`crate::game::Clocks`], part of the game on the board): the side to move's
//! clock runs while the game is played, and stops in the menu, once the game is over, and while a
//! dialog stands in front of the board (the Settings window, a question) or a computer-vs-computer
//! game is paused: time spent reading or waiting is nobody's thinking time. A record in the viewer has no running clock at all. The computer still thinks meanwhile; only the clocks stand still.

use bevy::prelude::*;

use crate::AppSystems;
use crate::game::computer::Autoplay;
use crate::game::input::Question;
use crate::game::{CurrentGame, GameStarted, StonePlaced, StoneRemoved};
use crate::screens::{Doing, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DialogOpen>()
        .init_resource::<ClocksHeld>()
        .add_observer(start_clocks)
        .add_observer(stop_on_move)
        .add_observer(restart_on_undo)
        .add_systems(Update, hold_for_dialogs.in_set(AppSystems::TickTimers))
        .add_systems(Update, follow_the_acting_seat.in_set(AppSystems::Think))
        .add_systems(OnExit(Screen::Playing), pause_clocks);
}

/// Set by the UI while a window of its own covers the game (the Settings window).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DialogOpen(pub bool);

/// Whether the clocks are held by a dialog now.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClocksHeld(pub bool);

/// A game on the board (new, opened, resumed or restored) goes on from the times it carries.
fn start_clocks(
    _: On<GameStarted>,
    mut current: ResMut<CurrentGame>,
    held: Res<ClocksHeld>,
    time: Res<Time<Real>>,
    doing: Doing,
) {
    let running = !current.game().is_over() && !held.0 && !doing.on_record();
    current.start_turn(running.then(|| time.elapsed()));
}

/// A stone ends the turn of the seat that placed it and starts the next seat's (in a swap opening, the
/// same seat's again while it places).
fn stop_on_move(
    _: On<StonePlaced>,
    mut current: ResMut<CurrentGame>,
    held: Res<ClocksHeld>,
    time: Res<Time<Real>>,
    doing: Doing,
) {
    let now = time.elapsed();
    let runs = !held.0 && !doing.on_record();
    current.clocks.bank(now);
    current.start_turn(runs.then_some(now));
}

fn restart_on_undo(_: On<StoneRemoved>, mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    if current.clocks.turn_started.is_some() {
        current.start_turn(Some(time.elapsed()));
    }
}

/// A turn that passes without a stone (a swap opening's choice of colours) ends the chooser's time
/// and starts the next seat's.
fn follow_the_acting_seat(mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    if current.clocks.turn_started.is_none() || current.clocks.runs_for == current.acting_side() {
        return;
    }
    let now = time.elapsed();
    current.clocks.bank(now);
    current.start_turn(Some(now));
}

/// Stops the running clock when a dialog opens or the computers' game is paused, and starts it again
/// when the last reason is gone.
fn hold_for_dialogs(
    dialog: Res<DialogOpen>,
    question: Res<Question>,
    autoplay: Res<Autoplay>,
    mut held: ResMut<ClocksHeld>,
    mut current: ResMut<CurrentGame>,
    doing: Doing,
    time: Res<Time<Real>>,
) {
    let hold = dialog.0 || question.0.is_some() || autoplay.paused;
    if held.0 == hold {
        return;
    }
    held.0 = hold;
    if hold {
        bank_running_turn(&mut current, time.elapsed());
    } else if doing.screen() == Screen::Playing && !current.game().is_over() && !doing.on_record() {
        current.start_turn(Some(time.elapsed()));
    }
}

/// Leaving play (for the menu or the game-over dialog) stops the clock of the side to move.
fn pause_clocks(mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    bank_running_turn(&mut current, time.elapsed());
}

/// Adds the running turn to the side to move's time and stops its clock.
fn bank_running_turn(current: &mut CurrentGame, now: std::time::Duration) {
    if current.game().is_over() {
        current.clocks.turn_started = None;
    } else {
        current.clocks.bank(now);
    }
}
