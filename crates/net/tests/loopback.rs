//! Two ends over loopback: a whole game with undo, chat and a reconnect; hostile raw clients; the passphrase.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::net::TcpStream;
use std::time::Duration;

use tengen_engine::{Color, Game, Pos, Preset};
use tengen_net::{
    APP_NAME, Action, ClockReading, End, Guest, GuestSetup, Host, HostSetup, MAX_FRAME, Message,
    NetCommand, NetEvent, PROTOCOL_VERSION, Resume, Role, SessionEvent, SessionSnapshot, Side,
    new_nonce, proof, read_message, write_message,
};

const LOOPBACK: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);
const WAIT: Duration = Duration::from_secs(10);

trait Peer {
    fn next(&self, timeout: Duration) -> Option<NetEvent>;
}

impl Peer for Host {
    fn next(&self, timeout: Duration) -> Option<NetEvent> {
        self.recv_timeout(timeout)
    }
}

impl Peer for Guest {
    fn next(&self, timeout: Duration) -> Option<NetEvent> {
        self.recv_timeout(timeout)
    }
}

/// Skips events until one matches; fails with what was seen if none does within the bound.
fn expect(peer: &impl Peer, what: &str, matches: impl Fn(&NetEvent) -> bool) -> NetEvent {
    let mut seen = Vec::new();
    while let Some(event) = peer.next(WAIT) {
        if matches(&event) {
            return event;
        }
        seen.push(event);
    }
    panic!("no {what} arrived; saw {seen:?}");
}

fn host_setup(passphrase: Option<&str>) -> HostSetup {
    HostSetup {
        name: "Hana".to_string(),
        preset: Preset::Freestyle15,
        host_color: Color::Black,
        passphrase: passphrase.map(str::to_string),
        game_id: "game-1".to_string(),
        time: "none".to_string(),
    }
}

fn guest_setup(passphrase: Option<&str>) -> GuestSetup {
    GuestSetup {
        name: "Gus".to_string(),
        preset: Preset::Freestyle15,
        passphrase: passphrase.map(str::to_string),
    }
}

fn play(by: &(impl Peer + Sendable), other: &impl Peer, x: u8, y: u8) {
    by.command(NetCommand::Act(Action::Play(Pos::new(x, y))));
    let pos = Pos::new(x, y);
    expect(
        by,
        "local move",
        |e| matches!(e, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Local, .. }) if *p == pos),
    );
    expect(
        other,
        "remote move",
        |e| matches!(e, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Remote, .. }) if *p == pos),
    );
}

trait Sendable {
    fn command(&self, command: NetCommand);
}

impl Sendable for Host {
    fn command(&self, command: NetCommand) {
        self.send(command)
    }
}

impl Sendable for Guest {
    fn command(&self, command: NetCommand) {
        self.send(command)
    }
}

fn connect_pair(passphrase: Option<&str>) -> (Host, Guest) {
    let host = Host::listen_on(host_setup(passphrase), LOOPBACK).expect("loopback listens");
    let guest = Guest::connect(guest_setup(passphrase), ("127.0.0.1", host.port()))
        .expect("loopback address");
    expect(&host, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    expect(&guest, "connection", |e| {
        matches!(
            e,
            NetEvent::Connected {
                local: Color::White,
                ..
            }
        )
    });
    (host, guest)
}

#[test]
fn a_whole_game_with_undo_chat_and_a_reconnect() {
    let (host, guest) = connect_pair(None);
    play(&host, &guest, 0, 0);
    play(&guest, &host, 0, 1);

    // Black asks to take back; white accepts: both boards lose two stones.
    host.send(NetCommand::Act(Action::RequestUndo));
    expect(&guest, "undo request", |e| {
        matches!(
            e,
            NetEvent::Game(SessionEvent::UndoRequested { by: Side::Remote })
        )
    });
    guest.send(NetCommand::Act(Action::AnswerUndo(true)));
    expect(&host, "undo", |e| {
        matches!(e, NetEvent::Game(SessionEvent::UndoDone { plies: 2 }))
    });
    expect(&guest, "undo", |e| {
        matches!(e, NetEvent::Game(SessionEvent::UndoDone { plies: 2 }))
    });

    play(&host, &guest, 0, 0);
    play(&guest, &host, 0, 1);
    play(&host, &guest, 1, 0);
    // White asks; black declines: nothing is taken back.
    guest.send(NetCommand::Act(Action::RequestUndo));
    expect(&host, "undo request", |e| {
        matches!(
            e,
            NetEvent::Game(SessionEvent::UndoRequested { by: Side::Remote })
        )
    });
    host.send(NetCommand::Act(Action::AnswerUndo(false)));
    expect(&guest, "decline", |e| {
        matches!(
            e,
            NetEvent::Game(SessionEvent::UndoDeclined { by: Side::Remote })
        )
    });

    guest.send(NetCommand::Act(Action::Chat("nice move".to_string())));
    expect(
        &host,
        "chat",
        |e| matches!(e, NetEvent::Game(SessionEvent::Chat { by: Side::Remote, text }) if text == "nice move"),
    );

    play(&guest, &host, 1, 1);
    play(&host, &guest, 2, 0);

    // The cable is pulled: both pause, the guest reconnects, and the same five stones are on both boards.
    guest.send(NetCommand::Disconnect);
    expect(&host, "pause", |e| matches!(e, NetEvent::Paused { .. }));
    let resumed = expect(&guest, "reconnection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    let NetEvent::Connected { moves, game_id, .. } = resumed else {
        unreachable!()
    };
    assert_eq!(game_id, "game-1");
    assert_eq!(
        moves,
        [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)].map(|(x, y)| Pos::new(x, y))
    );
    expect(&host, "reconnection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });

    play(&guest, &host, 2, 1);
    play(&host, &guest, 3, 0);
    play(&guest, &host, 3, 1);
    play(&host, &guest, 4, 0);
    for peer in [&host as &dyn Peer, &guest as &dyn Peer] {
        let mut seen = Vec::new();
        loop {
            let event = peer
                .next(WAIT)
                .unwrap_or_else(|| panic!("no end arrived; saw {seen:?}"));
            if let NetEvent::Game(SessionEvent::Ended(End::Board(outcome))) = &event {
                assert_eq!(outcome.winner(), Some(Color::Black));
                break;
            }
            seen.push(event);
        }
    }
}

impl Peer for &dyn Peer {
    fn next(&self, timeout: Duration) -> Option<NetEvent> {
        (**self).next(timeout)
    }
}

/// A raw client that records every byte both ways.
struct Raw {
    stream: TcpStream,
    wire: Vec<u8>,
}

impl Raw {
    fn connect(port: u16) -> Raw {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("loopback connects");
        stream.set_read_timeout(Some(WAIT)).expect("timeout");
        Raw {
            stream,
            wire: Vec::new(),
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.wire.extend_from_slice(bytes);
        // The host may already have closed on an earlier frame; what it answered is read next.
        let _ = self.stream.write_all(bytes);
    }

    fn send(&mut self, message: &Message) {
        self.send_bytes(&message.to_frame());
    }

    fn receive(&mut self) -> Message {
        let mut recorder = Recorder {
            inner: &mut self.stream,
            copy: &mut self.wire,
        };
        read_message(&mut recorder).expect("a message from the host")
    }

    /// Reads until the host says goodbye, and returns its reason; the connection then ends.
    fn expect_bye(&mut self) -> String {
        loop {
            if let Message::Bye { reason } = self.receive() {
                let mut rest = Vec::new();
                let _ = self.stream.read_to_end(&mut rest);
                assert!(rest.is_empty(), "nothing follows a goodbye");
                return reason;
            }
        }
    }

    /// A correct handshake; returns the welcome's moves and hash.
    fn join(
        &mut self,
        game_id: &str,
        resume: Option<Resume>,
        passphrase: Option<&str>,
    ) -> (Vec<[u8; 2]>, u64) {
        let nonce = new_nonce();
        self.send(&hello(PROTOCOL_VERSION, game_id, &nonce, resume));
        let Message::Challenge {
            nonce: host_nonce, ..
        } = self.receive()
        else {
            panic!("a challenge")
        };
        let proof = passphrase
            .map(|p| proof(p, "guest", &nonce, &host_nonce))
            .unwrap_or_default();
        self.send(&Message::Proof { proof });
        match self.receive() {
            Message::Welcome { moves, hash, .. } => (moves, hash),
            other => panic!("a welcome, not {other:?}"),
        }
    }
}

struct Recorder<'a> {
    inner: &'a mut TcpStream,
    copy: &'a mut Vec<u8>,
}

impl Read for Recorder<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.copy.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

fn hello(protocol: u32, game_id: &str, nonce: &str, resume: Option<Resume>) -> Message {
    Message::Hello {
        app: APP_NAME.to_string(),
        protocol,
        preset: "freestyle".to_string(),
        size: 15,
        game_id: game_id.to_string(),
        name: "Mallory".to_string(),
        nonce: nonce.to_string(),
        resume,
    }
}

#[test]
fn hostile_clients_are_closed_with_a_reason_and_the_host_game_is_unchanged() {
    let host = Host::listen_on(host_setup(None), LOOPBACK).expect("loopback listens");
    let port = host.port();
    let rejected = |what: &str| expect(&host, what, |e| matches!(e, NetEvent::Rejected { .. }));

    let mut raw = Raw::connect(port);
    raw.send_bytes(&[0, 0, 0, 5, b'h', b'e', b'l', b'l', b'o']);
    assert!(raw.expect_bye().contains("could not be read"));
    rejected("garbage");

    let mut raw = Raw::connect(port);
    raw.send_bytes(b"GET / HTTP/1.1\r\n\r\n");
    assert!(raw.expect_bye().contains("larger than the limit"));
    rejected("http");

    let mut raw = Raw::connect(port);
    raw.send_bytes(&(MAX_FRAME as u32 + 1).to_be_bytes());
    raw.send_bytes(&vec![b'x'; 1024]);
    assert!(raw.expect_bye().contains("larger than the limit"));
    rejected("oversized frame");

    let mut raw = Raw::connect(port);
    raw.send(&hello(99, "", &new_nonce(), None));
    let reason = raw.expect_bye();
    assert_eq!(
        reason,
        format!("protocol version {PROTOCOL_VERSION} here, 99 on the other side")
    );
    rejected("wrong version");

    // White moves first: out of turn.
    let mut raw = Raw::connect(port);
    assert_eq!(raw.join("", None, None).0, Vec::<[u8; 2]>::new());
    expect(&host, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    raw.send(&Message::Move { x: 0, y: 0, ply: 0 });
    assert!(raw.expect_bye().contains("not that player's turn"));
    rejected("move out of turn");

    // The host plays; the raw client answers on the same point.
    let mut raw = Raw::connect(port);
    raw.join("", None, None);
    expect(&host, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    host.send(NetCommand::Act(Action::Play(Pos::new(7, 7))));
    assert_eq!(raw.receive(), Message::Move { x: 7, y: 7, ply: 0 });
    raw.send(&Message::Move { x: 7, y: 7, ply: 1 });
    assert!(raw.expect_bye().contains("already taken"));
    rejected("illegal move");

    let mut game = Game::new(Preset::Freestyle15.variant());
    game.play(Pos::new(7, 7)).expect("legal");
    let resume = || {
        Some(Resume {
            moves: 1,
            hash: game.hash(),
        })
    };

    // A fresh join is refused now that the game has started.
    let mut raw = Raw::connect(port);
    raw.send(&hello(PROTOCOL_VERSION, "", &new_nonce(), None));
    assert!(raw.expect_bye().contains("already in progress"));
    rejected("fresh join into a started game");

    let mut raw = Raw::connect(port);
    assert_eq!(
        raw.join("game-1", resume(), None),
        (vec![[7, 7]], game.hash())
    );
    for i in 0..20 {
        raw.send(&Message::Chat {
            text: format!("spam {i}"),
        });
    }
    assert!(raw.expect_bye().contains("too many messages"));
    rejected("chat flood");

    // The host keeps the time: a clock reading from the guest breaks the rules.
    let mut raw = Raw::connect(port);
    raw.join("game-1", resume(), None);
    raw.send(&Message::Clocks {
        black_ms: 0,
        white_ms: 0,
        ply: 1,
    });
    let reason = raw.expect_bye();
    assert!(reason.contains("only the host keeps the time"), "{reason}");
    rejected("clocks from the guest");

    // The host survives, takes a new connection, and its position is the one stone it played.
    let mut raw = Raw::connect(port);
    assert_eq!(
        raw.join("game-1", resume(), None),
        (vec![[7, 7]], game.hash())
    );
    expect(&host, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
}

#[test]
fn the_hosts_clock_readings_reach_the_guest_and_stale_or_guest_readings_go_nowhere() {
    let (host, guest) = connect_pair(None);
    play(&host, &guest, 7, 7);
    let reading = ClockReading {
        used: [Duration::from_millis(42_000), Duration::from_millis(41_000)],
        ply: 1,
    };
    // A reading for another position is not sent; the one for this position is, after it.
    host.send(NetCommand::Clocks(ClockReading { ply: 0, ..reading }));
    host.send(NetCommand::Clocks(reading));
    let first = expect(&guest, "the host's clocks", |e| {
        matches!(e, NetEvent::Game(SessionEvent::Clocks(_)))
    });
    assert_eq!(first, NetEvent::Game(SessionEvent::Clocks(reading)));
    // The guest has no clocks to send: its command goes nowhere, and play goes on.
    guest.send(NetCommand::Clocks(reading));
    play(&guest, &host, 8, 8);
    host.send(NetCommand::Clocks(ClockReading { ply: 2, ..reading }));
    let second = expect(&guest, "the next reading", |e| {
        matches!(e, NetEvent::Game(SessionEvent::Clocks(_)))
    });
    assert_eq!(
        second,
        NetEvent::Game(SessionEvent::Clocks(ClockReading { ply: 2, ..reading }))
    );
}

#[test]
fn the_passphrase_is_checked_and_never_sent() {
    let secret = "correct horse battery";
    let (host, guest) = connect_pair(Some(secret));
    play(&host, &guest, 7, 7);
    drop(guest);
    drop(host);

    let host = Host::listen_on(host_setup(Some(secret)), LOOPBACK).expect("loopback listens");
    let guest = Guest::connect(guest_setup(Some("wrong horse")), ("127.0.0.1", host.port()))
        .expect("address");
    let closed = expect(&guest, "refusal", |e| matches!(e, NetEvent::Closed { .. }));
    assert!(
        matches!(&closed, NetEvent::Closed { reason } if reason.to_string().contains("passphrase is wrong")),
        "{closed:?}"
    );
    expect(
        &host,
        "rejection",
        |e| matches!(e, NetEvent::Rejected { reason } if reason.to_string().contains("passphrase")),
    );

    // The whole exchange of a successful join, both ways, holds no trace of the passphrase.
    let mut raw = Raw::connect(host.port());
    raw.join("", None, Some(secret));
    expect(&host, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    raw.send(&Message::Chat {
        text: "hello".to_string(),
    });
    expect(&host, "chat", |e| {
        matches!(e, NetEvent::Game(SessionEvent::Chat { .. }))
    });
    let wire = &raw.wire;
    assert!(wire.len() > 100, "the capture holds the handshake");
    for needle in [secret.as_bytes(), b"correct horse", b"battery"] {
        assert!(
            !wire.windows(needle.len()).any(|w| w == needle),
            "the passphrase went over the wire"
        );
    }
}

#[test]
fn a_silent_client_is_closed_after_the_handshake_timeout_and_the_seat_is_free_again() {
    let host = Host::listen_on(host_setup(None), LOOPBACK).expect("loopback listens");
    let mut silent = Raw::connect(host.port());
    assert!(silent.expect_bye().contains("took too long"));
    expect(&host, "rejection", |e| {
        matches!(e, NetEvent::Rejected { .. })
    });
    let guest = Guest::connect(guest_setup(None), ("127.0.0.1", host.port())).expect("address");
    expect(&guest, "connection", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
}

#[test]
fn raw_writes_of_a_framed_message_read_back() {
    let mut buffer = Vec::new();
    write_message(&mut buffer, &Message::Resign).expect("in memory");
    assert_eq!(read_message(&mut &buffer[..]).ok(), Some(Message::Resign));
}

fn snapshot(role: Role, color: &str, moves: &[[u8; 2]], peer: &str) -> SessionSnapshot {
    SessionSnapshot {
        game_id: "game-1".to_string(),
        role,
        preset: "freestyle".to_string(),
        local_color: color.to_string(),
        moves: moves.to_vec(),
        peer: peer.to_string(),
    }
}

#[test]
fn saved_games_resume_after_a_restart_and_differing_positions_are_refused() {
    let moves = [[7, 7], [8, 8]];
    let host = Host::resume(
        host_setup(None),
        &snapshot(Role::Host, "black", &moves, "Gus"),
        LOOPBACK,
    )
    .expect("listens");
    let addr = format!("127.0.0.1:{}", host.port());
    let guest = Guest::resume(
        guest_setup(None),
        &snapshot(Role::Guest, "white", &moves, &addr),
        addr.as_str(),
    )
    .expect("address");
    for event in [
        expect(&host, "resume", |e| matches!(e, NetEvent::Connected { .. })),
        expect(&guest, "resume", |e| {
            matches!(e, NetEvent::Connected { .. })
        }),
    ] {
        let NetEvent::Connected { moves: resumed, .. } = event else {
            unreachable!()
        };
        assert_eq!(resumed, [Pos::new(7, 7), Pos::new(8, 8)]);
    }
    play(&host, &guest, 6, 6);
    drop(guest);
    drop(host);

    // The guest saved one stone more than the host: the game cannot go on, and both sides say why.
    let host = Host::resume(
        host_setup(None),
        &snapshot(Role::Host, "black", &moves, "Gus"),
        LOOPBACK,
    )
    .expect("listens");
    let addr = format!("127.0.0.1:{}", host.port());
    let longer = [[7, 7], [8, 8], [6, 6]];
    let guest = Guest::resume(
        guest_setup(None),
        &snapshot(Role::Guest, "white", &longer, &addr),
        addr.as_str(),
    )
    .expect("address");
    for peer in [&host as &dyn Peer, &guest as &dyn Peer] {
        let closed = expect(&peer, "closing", |e| matches!(e, NetEvent::Ended { .. }));
        assert!(
            matches!(&closed, NetEvent::Ended { reason } if reason.to_string().contains("positions differ")),
            "{closed:?}"
        );
    }
}

/// Live discovery: a host advertises on this machine's interfaces and a browser finds it with the
/// advertised rule, name and passphrase flag. Needs multicast between sockets of one machine (it works
/// in the sandbox this was written in); the record's reading is tested without a network in the crate.
#[test]
fn a_hosted_game_is_found_on_the_local_network() {
    use tengen_net::{Advert, Advertiser, Browser, Discovery};
    let advert = Advert {
        name: "Hana".into(),
        preset: Preset::Renju15,
        port: 47999,
        passphrase: true,
    };
    let advertiser = Advertiser::start(&advert).expect("advertises");
    let browser = Browser::start().expect("browses");
    // A bound on an answer that never comes, not a timing assertion.
    let game = std::iter::from_fn(|| browser.recv_timeout(Duration::from_secs(30)))
        .find_map(|event| match event {
            Discovery::Found(game) if game.service == advertiser.service() => Some(game),
            _ => None,
        })
        .expect("the advertised game is found");
    assert_eq!(
        (
            game.name.as_str(),
            game.preset,
            game.passphrase,
            game.address.port()
        ),
        ("Hana", Preset::Renju15, true, 47999)
    );
}

/// A game loop asleep until input is woken for every event the other machine causes: the waker runs
/// on the transport's thread before the game polls.
#[test]
fn the_waker_is_called_for_each_event_from_the_other_machine() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let (host, guest) = connect_pair(None);
    let wakes = Arc::new(AtomicUsize::new(0));
    let counter = wakes.clone();
    guest.set_waker(Box::new(move || {
        counter.fetch_add(1, Ordering::SeqCst);
    }));
    // The waker reaches the transport thread as an input of its own, which may be taken after the
    // socket's first events: a move played both ways first makes sure it is installed.
    play(&host, &guest, 7, 7);
    play(&guest, &host, 8, 8);
    let before = wakes.load(Ordering::SeqCst);
    host.send(NetCommand::Act(Action::Chat("hello".into())));
    expect(&guest, "chat", |e| {
        matches!(e, NetEvent::Game(SessionEvent::Chat { .. }))
    });
    // The transport thread wakes the game right after it hands the event over, so the event can be
    // read a moment before the wake is counted: wait for the wake (bounded, in case it never comes).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while wakes.load(Ordering::SeqCst) <= before && std::time::Instant::now() < deadline {
        std::thread::yield_now();
    }
    assert!(
        wakes.load(Ordering::SeqCst) > before,
        "no wake for the chat"
    );
}
