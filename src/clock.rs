//! Runs the players' clocks (the match's, part of [`crate::game::CurrentGame`]): the clock of the
//! seat acting runs while the game is played, and stands still in the menu, once the game is over,
//! and while a dialog stands in front of the board (the Settings window, a question) or a
//! computer-vs-computer game is paused: time spent reading or waiting is nobody's thinking time. A
//! record in the viewer has no running clock at all. The match banks each turn itself when a stone
//! is placed or a colour chosen; this plugin only says when the clocks run, and asks the match each
//! frame whether a time control's clock ran out. The computer still thinks meanwhile; only the
//! clocks stand still.

use bevy::prelude::*;

use crate::AppSystems;
use crate::game::computer::Autoplay;
use crate::game::input::Question;
use crate::game::turn::announce;
use crate::game::{CurrentGame, GameStarted};
use crate::screens::{Activity, Doing, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DialogOpen>()
        .init_resource::<ClocksHeld>()
        .add_observer(start_clocks)
        .add_systems(Update, hold_for_dialogs.in_set(AppSystems::TickTimers))
        .add_systems(
            Update,
            (time_runs_out, warn_low_time).in_set(AppSystems::Think),
        )
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
    let now = time.elapsed();
    current.hold_clock(now);
    // Only a game being played runs its clocks: not a record, a set-up position or a puzzle.
    if !current.is_over() && !held.0 && doing.is(Activity::Playing) {
        current.run_clock(now);
    }
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
        current.hold_clock(time.elapsed());
    } else if doing.screen() == Screen::Playing && doing.is(Activity::Playing) {
        current.run_clock(time.elapsed());
    }
}

/// Leaving play (for the menu or the game-over dialog) stops the clock of the side to move.
fn pause_clocks(mut current: ResMut<CurrentGame>, time: Res<Time<Real>>) {
    current.hold_clock(time.elapsed());
}

/// A clock under a time control fell under [`tengen_match::LOW_TIME`] for the side to move (once a
/// turn, and once more in each byo-yomi period): the game sounds a warning.
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowOnTime {
    pub side: tengen_engine::Color,
}

/// Which turn was warned last: the side, the moves on the board and its byo-yomi periods left.
type Warned = (tengen_engine::Color, usize, Option<u32>);

/// Warns once when the running clock drops under the warning time.
fn warn_low_time(
    mut commands: Commands,
    current: Res<CurrentGame>,
    time: Res<Time<Real>>,
    mut warned: Local<Option<Warned>>,
) {
    let clocks = current.clocks();
    let (Some(side), true) = (clocks.runs_for(), clocks.running()) else {
        return;
    };
    let now = time.elapsed();
    let Some(left) = clocks.left(side, now) else {
        return;
    };
    let turn = (
        side,
        current.game().moves().len(),
        clocks.periods_left(side, now),
    );
    if current.is_over() || left >= tengen_match::LOW_TIME || *warned == Some(turn) {
        return;
    }
    *warned = Some(turn);
    commands.trigger(LowOnTime { side });
}

/// Under a time control, a clock that ran out ends the game on time.
fn time_runs_out(
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    time: Res<Time<Real>>,
    network: Option<Res<crate::network::NetworkStatus>>,
) {
    // Read first, so a clock that has not run out leaves the game unchanged (nothing redraws).
    let now = time.elapsed();
    if current.is_over() || current.clocks().fallen(now).is_none() {
        return;
    }
    // A network game's guest shows the host's clocks; the host says when one falls.
    if current.remote().is_some() && network.is_some_and(|n| !n.owns_the_clock()) {
        return;
    }
    if let Some(fell) = current.tick(now) {
        announce(&mut commands, &current, vec![fell], None);
    }
}
