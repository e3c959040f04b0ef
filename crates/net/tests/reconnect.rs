//! Coming back after a drop: a guest told "busy" again and again over a long game keeps reconnecting, a
//! host that stops frees its port for the next one, and failures read in plain words.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

use tengen_engine::{Color, Preset};
use tengen_net::{
    Guest, GuestSetup, Host, HostSetup, Message, NetError, NetErrorKind, NetEvent, Reason, Refusal,
    Role, SessionSnapshot, new_nonce, read_message, write_message,
};

/// A bound on an event that never comes, not a timing.
const WAIT: Duration = Duration::from_secs(30);
const LOOPBACK: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

fn guest_setup() -> GuestSetup {
    GuestSetup {
        name: "Gus".into(),
        preset: Preset::Freestyle15,
        passphrase: None,
    }
}

fn host_setup() -> HostSetup {
    HostSetup {
        name: "Hana".into(),
        preset: Preset::Freestyle15,
        host_color: Color::Black,
        passphrase: None,
        game_id: "game-1".into(),
        time: "none".to_string(),
    }
}

/// Waits for the guest's next connection (or fails naming what came instead).
fn connected(guest: &Guest) {
    let mut seen = Vec::new();
    while let Some(event) = guest.recv_timeout(WAIT) {
        if matches!(event, NetEvent::Connected { .. }) {
            return;
        }
        let gave_up = matches!(event, NetEvent::Ended { .. } | NetEvent::Closed { .. });
        seen.push(event);
        if gave_up {
            break;
        }
    }
    panic!("the guest did not connect; saw {seen:?}");
}

/// A hand-written host: answers one connection "busy", as a host does while it still holds the old one.
fn answer_busy(listener: &TcpListener) {
    let (mut stream, _) = listener.accept().expect("the guest connects");
    read_message(&mut stream).expect("a hello");
    let bye = Message::Bye {
        reason: Refusal::Busy.to_string(),
    };
    write_message(&mut stream, &bye).expect("loopback write");
}

/// A hand-written host: takes one connection back into the empty game; returns it to be cut later.
fn welcome(listener: &TcpListener) -> TcpStream {
    let (mut stream, _) = listener.accept().expect("the guest connects");
    read_message(&mut stream).expect("a hello");
    let challenge = Message::Challenge {
        nonce: new_nonce(),
        passphrase: false,
    };
    write_message(&mut stream, &challenge).expect("loopback write");
    read_message(&mut stream).expect("a proof");
    let welcome = Message::Welcome {
        game_id: "game-1".into(),
        name: "Hana".into(),
        preset: "freestyle".into(),
        guest_color: "white".into(),
        moves: Vec::new(),
        hash: tengen_engine::Game::new(Preset::Freestyle15.variant()).hash(),
        proof: String::new(),
        time: "none".into(),
    };
    write_message(&mut stream, &welcome).expect("loopback write");
    stream
}

/// A hand-written host's listener, and a guest bringing back the empty game "game-1" to it.
fn guest_of_a_hand_written_host() -> (TcpListener, Guest) {
    let listener = TcpListener::bind(LOOPBACK).expect("loopback listens");
    let addr = listener.local_addr().expect("bound");
    let snapshot = SessionSnapshot {
        game_id: "game-1".into(),
        role: Role::Guest,
        preset: "freestyle".into(),
        local_color: "white".into(),
        moves: Vec::new(),
        peer: addr.to_string(),
    };
    let guest = Guest::resume(guest_setup(), &snapshot, addr).expect("loopback address");
    (listener, guest)
}

#[test]
fn busy_answers_are_counted_per_reconnect_not_over_the_whole_game() {
    let (listener, guest) = guest_of_a_hand_written_host();
    // Three reconnects, each answered "busy" three times first: nine in all, more than the eight one
    // reconnect may take. The guest used to count them over the whole game and give up on the ninth.
    // The hand-written host runs on its own thread, so a guest that gives up fails the test here
    // instead of leaving the host waiting for it.
    std::thread::spawn(move || {
        for _ in 0..3 {
            for _ in 0..3 {
                answer_busy(&listener);
            }
            // The connection then dies with no goodbye; the guest comes back.
            drop(welcome(&listener));
        }
        let _kept = welcome(&listener);
        // Hold the last connection until the test is done with it.
        let _ = listener.accept();
    });
    for _ in 0..4 {
        connected(&guest);
    }
}

#[test]
fn a_guest_told_busy_waits_out_each_delay_before_it_tries_again() {
    let (listener, guest) = guest_of_a_hand_written_host();
    // Four "busy" answers, each connection closed after it, then the game. When each busy
    // connection ended, its reader's report used to end the wait at once: the eight retries
    // came within milliseconds, before a real host had noticed its old connection was gone.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for _ in 0..4 {
            answer_busy(&listener);
            let _ = tx.send(std::time::Instant::now());
        }
        let _kept = welcome(&listener);
        let _ = listener.accept();
    });
    connected(&guest);
    let answered: Vec<std::time::Instant> = rx.try_iter().collect();
    assert_eq!(answered.len(), 4);
    // The delays double from 50 ms; a slow machine only makes them longer. A lower bound on
    // time that passed, never an upper one.
    for (k, pair) in answered.windows(2).enumerate() {
        let least = Duration::from_millis(50 << k);
        let gap = pair[1] - pair[0];
        assert!(
            gap >= least * 9 / 10,
            "retry {}: {gap:?} after the last busy answer",
            k + 2
        );
    }
}

#[test]
fn a_host_that_stops_frees_its_port_for_the_next_one() {
    let mut port = 0;
    for _ in 0..20 {
        let host = Host::listen_on(host_setup(), SocketAddr::from(([127, 0, 0, 1], port)))
            .expect("the port is free again");
        port = host.port();
        drop(host);
    }
}

#[test]
fn a_guest_reads_plain_words_when_the_host_is_gone() {
    // A port nobody listens on: bind one, then close it.
    let addr = TcpListener::bind(LOOPBACK)
        .and_then(|l| l.local_addr())
        .expect("loopback");
    let guest = Guest::connect(guest_setup(), addr).expect("an address");
    let closed = std::iter::from_fn(|| guest.recv_timeout(WAIT))
        .find_map(|e| match e {
            NetEvent::Closed { reason } => Some(reason),
            _ => None,
        })
        .expect("the guest gives up");
    assert_eq!(
        closed,
        Reason::Error(NetError::Refused {
            addr: addr.to_string()
        })
    );
    assert_eq!(
        closed.to_string(),
        format!("could not reach {addr}: connection refused")
    );
    // (A name that does not resolve is checked without a lookup in the crate: no traffic off loopback.)
    let no_port = Guest::connect(guest_setup(), "localhost")
        .err()
        .expect("no port");
    assert_eq!(no_port.kind(), NetErrorKind::BadAddress);
}

#[test]
fn a_peer_that_vanishes_mid_game_is_reported_in_plain_words() {
    let host = Host::listen_on(host_setup(), LOOPBACK).expect("loopback listens");
    let guest = Guest::connect(guest_setup(), ("127.0.0.1", host.port())).expect("address");
    connected(&guest);
    // The guest's program dies: no goodbye, the socket just closes.
    guest.send(tengen_net::NetCommand::Abort);
    let paused = std::iter::from_fn(|| host.recv_timeout(WAIT))
        .find_map(|e| match e {
            NetEvent::Paused { reason } => Some(reason),
            _ => None,
        })
        .expect("the host pauses");
    assert_eq!(paused, Reason::Error(NetError::PeerClosed));
    assert_eq!(paused.to_string(), "the other player closed the connection");
}
