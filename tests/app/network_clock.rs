//! One clock for a network game: the host's clocks are the match's, and the guest shows the host's
//! numbers however far the two machines' own clocks run apart. Here one app's frames run while the
//! other's stand still (each app's time moves only with its own frames), so the drift is exact.

use std::time::Duration;

use bevy::prelude::*;
use tengen::network::NetworkRequest;
use tengen_engine::Color;

use crate::network::{connected_pair, connected_pair_with, play, pump, status};
use crate::support::{current, run_for};

/// How far one machine runs ahead of the other in a turn.
const DRIFT: Duration = Duration::from_secs(8);
/// How close the two machines' clocks must be: the issue asks for the same numbers within a second.
const CLOSE: Duration = Duration::from_secs(1);

/// A side's time used as this machine shows it now.
fn used(app: &App, side: Color) -> Duration {
    let now = app.world().resource::<Time<Real>>().elapsed();
    current(app).clocks().used(side, now)
}

/// How far apart the two machines' clocks of `side` are.
fn apart(host: &App, guest: &App, side: Color) -> Duration {
    used(host, side).abs_diff(used(guest, side))
}

fn agree(host: &App, guest: &App) -> bool {
    [Color::Black, Color::White]
        .into_iter()
        .all(|side| apart(host, guest, side) < CLOSE)
}

#[test]
fn the_guest_shows_the_hosts_clocks_however_far_the_machines_drift_apart() {
    let (mut host, mut guest) = connected_pair();
    assert!(agree(&host, &guest), "both start at zero");

    // Black (the host) thinks while only the host's machine runs: its black clock is 8 s ahead.
    run_for(&mut host, DRIFT);
    assert!(
        apart(&host, &guest, Color::Black) >= DRIFT - CLOSE,
        "the drift is real: the guest's own clock would bank black's turn 8 s short"
    );
    let guests_own = used(&guest, Color::Black);
    play(&mut host, &mut guest, 7, 7);
    pump(
        &mut host,
        &mut guest,
        "the host's clocks after its move",
        agree,
    );
    // Black's turn is over: the guest banked the host's time for it, not its own.
    assert!(used(&guest, Color::Black) >= guests_own + DRIFT);

    // White (the guest) thinks while only the guest's machine runs: the host's time still counts.
    run_for(&mut guest, DRIFT);
    assert!(apart(&host, &guest, Color::White) >= DRIFT - CLOSE);
    let guests_own = used(&guest, Color::White);
    play(&mut guest, &mut host, 8, 8);
    pump(
        &mut host,
        &mut guest,
        "the host's clocks after the guest's move",
        agree,
    );
    assert!(used(&guest, Color::White) + DRIFT <= guests_own + CLOSE);

    // Play goes on with both machines at the same pace: the clocks stay together.
    play(&mut host, &mut guest, 6, 6);
    play(&mut guest, &mut host, 9, 9);
    assert!(
        agree(&host, &guest),
        "host {:?} / {:?}, guest {:?} / {:?}",
        used(&host, Color::Black),
        used(&host, Color::White),
        used(&guest, Color::Black),
        used(&guest, Color::White),
    );
}

#[test]
fn a_reconnected_guest_gets_the_hosts_clocks_before_the_next_move() {
    let (mut host, mut guest) = connected_pair();
    play(&mut host, &mut guest, 7, 7);
    // White's turn runs on the host's machine alone; then the guest's connection drops and comes back.
    run_for(&mut host, DRIFT);
    assert!(apart(&host, &guest, Color::White) >= DRIFT - CLOSE);
    guest.world_mut().write_message(NetworkRequest::Drop);
    pump(&mut host, &mut guest, "the reconnect", |h, g| {
        status(h).connects == 2 && status(g).connects == 2 && status(g).connected()
    });
    pump(&mut host, &mut guest, "the host's clocks", agree);
    assert_eq!(current(&guest).game().moves().len(), 1);
}

#[test]
fn the_guest_plays_under_the_hosts_time_control_and_falls_only_when_the_host_says() {
    let time = tengen_match::TimeControl::Fischer {
        base: Duration::from_secs(10),
        increment: Duration::ZERO,
    };
    let (mut host, mut guest) = connected_pair_with(time);
    assert_eq!(current(&guest).setup().time, time, "the host's terms");
    // Black (the host) to move: the guest's own clock runs past black's ten seconds, and the
    // game goes on there: only the host's clock falls.
    run_for(&mut guest, Duration::from_secs(12));
    assert!(!current(&guest).is_over());
    run_for(&mut host, Duration::from_secs(11));
    let end = current(&host)
        .end()
        .expect("black's time ran out on the host");
    assert_eq!(end.reason, tengen_match::Reason::Time);
    assert_eq!(end.loser(), Some(Color::Black));
    pump(&mut host, &mut guest, "the time-up on the guest", |_, g| {
        current(g).is_over()
    });
    assert_eq!(current(&guest).end(), Some(end));
    assert!(
        status(&guest).connected(),
        "a loss on time is no broken connection"
    );
}
