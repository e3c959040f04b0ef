//! One clock for a network game: the host's clocks are the match's. A stone placed here goes to the
//! other machine; on the host its clocks follow every stone (its own, and the guest's once played
//! here) and every (re)connection, read with the stones on the board. The guest keeps the latest
//! reading until its own board holds those stones (the stone it follows may still be on its way to
//! the board this frame), then sets its clocks to it, so both machines show the same numbers however
//! their own clocks drift. A reading for a position already left behind is dropped.

use std::cmp::Ordering;
use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_net::{Action, ClockReading, NetCommand};

use super::NetworkStatus;
use super::link::Link;
use crate::game::{CurrentGame, GameEnded, Notice, StonePlaced};
use crate::i18n::Phrase;
use tengen_match::TimeControl;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(send_stone)
        .add_observer(send_time_up)
        .add_systems(
            Update,
            (send_on_connect, show_the_hosts_clocks).in_set(crate::CommandHandlers::Network),
        );
}

/// The clocks on this machine at `now`, with the stones on its board.
fn reading(current: &CurrentGame, now: Duration) -> ClockReading {
    let clocks = current.clocks();
    ClockReading {
        used: [
            clocks.used(Color::Black, now),
            clocks.used(Color::White, now),
        ],
        ply: u32::try_from(current.game().moves().len()).unwrap_or(u32::MAX),
    }
}

/// On the host, its clocks as they stand go to the guest (the transport sends nothing from a guest).
fn send_clocks(link: &Link, current: &CurrentGame, now: Duration) {
    if link.hosting() {
        link.send(NetCommand::Clocks(reading(current, now)));
    }
}

/// A stone placed here in a network game goes to the other machine; on the host, its clocks follow
/// every stone, after the move they were read behind.
fn send_stone(
    placed: On<StonePlaced>,
    current: Res<CurrentGame>,
    link: Res<Link>,
    time: Res<Time<Real>>,
) {
    if current.remote().is_none() {
        return;
    }
    if !placed.by_remote {
        link.send(NetCommand::Act(Action::Play(placed.pos)));
    }
    send_clocks(&link, &current, time.elapsed());
}

/// On the host, once the other player is (again) connected and the game is on the board, the guest
/// gets the host's clocks: a game picked up again shows the host's times from the start.
fn send_on_connect(
    mut status: ResMut<NetworkStatus>,
    current: Res<CurrentGame>,
    link: Res<Link>,
    time: Res<Time<Real>>,
) {
    if !status.clocks_due || !status.connected() {
        return;
    }
    status.clocks_due = false;
    if current.remote().is_some() {
        send_clocks(&link, &current, time.elapsed());
    }
}

/// On the guest, the host's latest reading is shown once the board holds the stones it was read at.
fn show_the_hosts_clocks(
    mut status: ResMut<NetworkStatus>,
    mut current: ResMut<CurrentGame>,
    time: Res<Time<Real>>,
) {
    let Some(reading) = status.host_clocks else {
        return;
    };
    let stones = current.game().moves().len();
    match usize::try_from(reading.ply).map_or(Ordering::Greater, |ply| ply.cmp(&stones)) {
        Ordering::Equal if current.remote().is_some() => {
            current.sync_clocks(reading.used, time.elapsed());
            status.host_clocks = None;
        }
        // Its stone is still on its way to the board.
        Ordering::Greater => {}
        _ => status.host_clocks = None,
    }
}

/// The host's time control as its welcome wrote it; one this version cannot read is played without
/// a clock, and the player is told.
pub(super) fn agreed_time(written: &str, notice: &mut Notice, now: Duration) -> TimeControl {
    written.parse().unwrap_or_else(|_| {
        let text = Phrase::with(
            "net-unknown-time",
            vec![("time", written.to_string().into())],
        );
        notice.post(text, now);
        TimeControl::None
    })
}

/// On the host, a clock that fell ends the game on the guest's board too (the guest's own clocks
/// never fall by themselves: see [`NetworkStatus::owns_the_clock`]).
fn send_time_up(ended: On<GameEnded>, current: Res<CurrentGame>, link: Res<Link>) {
    let time_up = ended.end.reason == tengen_match::Reason::Time;
    if let (true, Some(_), Some(loser)) = (time_up, current.remote(), ended.end.loser())
        && link.hosting()
    {
        link.send(NetCommand::Act(Action::TimeUp(loser)));
    }
}
