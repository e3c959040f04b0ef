//! Network play, headless: two game apps in this one process talking over loopback (their frames driven
//! by hand, alternately, until the messages arrive), and a hostile raw client against a hosting game.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use bevy::prelude::*;
use tengen::game::{GameCommand, Notice, Refusal};
use tengen::network::{Connection, NetworkRequest, NetworkStatus};
use tengen::screens::Screen;
use tengen_engine::{Color, Pos, Preset};
use tengen_net::{APP_NAME, MAX_FRAME, Message, PROTOCOL_VERSION, new_nonce, read_message};

use crate::support::{self, current, screen, seen};

/// How many pieces of news (a network event, a search that ended) a wait may take before the test
/// fails.
const NET_NEWS: u32 = 1_000;
/// Frames run after each piece of news: a message read in one frame may be answered in the next.
const FRAMES_PER_NEWS: u32 = 4;
/// How long a wait hears nothing before the test fails: loopback answers in milliseconds.
const NET_HANG: Duration = Duration::from_secs(60);

pub(crate) fn status(app: &App) -> &NetworkStatus {
    app.world().resource::<NetworkStatus>()
}

pub(crate) fn notice(app: &App) -> String {
    support::notice_text(app)
}

/// Runs both apps' frames, alternately, until `done`: a few frames after each piece of news from
/// either (they share one [`Bell`]), then a wait for the next. Fails after [`NET_NEWS`] pieces, or
/// when none comes within [`NET_HANG`].
pub(crate) fn pump(a: &mut App, b: &mut App, what: &str, mut done: impl FnMut(&App, &App) -> bool) {
    let bell = support::bell(a);
    assert!(
        bell.is(&support::bell(b)),
        "the two apps must share a bell (support::app_ringing)"
    );
    for news in 0..NET_NEWS {
        let rung = bell.rung();
        for _ in 0..FRAMES_PER_NEWS {
            if done(a, b) {
                print_news(what, news);
                return;
            }
            a.update();
            b.update();
        }
        if done(a, b) {
            return;
        }
        assert!(
            bell.wait_for_ring(rung, NET_HANG),
            "no news in {NET_HANG:?} while waiting for {what}"
        );
    }
    panic!("waited in vain for {what}: {NET_NEWS} pieces of news");
}

/// With `TENGEN_PRINT_FRAMES` set, says how many pieces of news a wait took (to size [`NET_NEWS`]).
fn print_news(what: &str, news: u32) {
    if std::env::var_os("TENGEN_PRINT_FRAMES").is_some() {
        eprintln!("pump news={news} for {what}");
    }
}

/// Runs one app's frames until `done`, as [`pump`] does.
pub(crate) fn pump_one(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let bell = support::bell(app);
    for news in 0..NET_NEWS {
        let rung = bell.rung();
        for _ in 0..FRAMES_PER_NEWS {
            if done(app) {
                print_news(what, news);
                return;
            }
            app.update();
        }
        if done(app) {
            return;
        }
        assert!(
            bell.wait_for_ring(rung, NET_HANG),
            "no news in {NET_HANG:?} while waiting for {what}"
        );
    }
    panic!("waited in vain for {what}: {NET_NEWS} pieces of news");
}

/// A headless game hosting on a free port, black, freestyle; returns it and the port.
fn hosting() -> (App, u16) {
    hosting_with(Default::default())
}

/// The same, under the time control `time`.
fn hosting_with(time: tengen_match::TimeControl) -> (App, u16) {
    let mut host = support::app();
    host.world_mut().write_message(NetworkRequest::Host {
        port: 0,
        preset: Preset::Freestyle15,
        host_color: Color::Black,
        passphrase: None,
        time,
    });
    pump_one(&mut host, "the host to listen", |app| {
        status(app).connection == Connection::Listening
    });
    let port = status(&host).port.expect("a listening host knows its port");
    (host, port)
}

/// A host and a guest connected, both on the board of the new network game.
pub(crate) fn connected_pair() -> (App, App) {
    connected_pair_with(Default::default())
}

/// The same, the host playing under the time control `time`.
pub(crate) fn connected_pair_with(time: tengen_match::TimeControl) -> (App, App) {
    let (mut host, port) = hosting_with(time);
    let mut guest = support::app_ringing(support::bell(&host));
    guest.world_mut().write_message(NetworkRequest::Join {
        address: format!("127.0.0.1:{port}"),
        preset: Preset::Freestyle15,
        passphrase: None,
    });
    pump(&mut host, &mut guest, "the connection", |h, g| {
        status(h).connected()
            && status(g).connected()
            && screen(h) == Screen::Playing
            && screen(g) == Screen::Playing
    });
    (host, guest)
}

/// `by` places a stone at (x, y) by a click's command; waits until `other` has it too.
pub(crate) fn play(by: &mut App, other: &mut App, x: u8, y: u8) {
    let before = current(by).game().moves().len();
    support::place(by, x, y);
    assert_eq!(
        current(by).game().moves().len(),
        before + 1,
        "the local move at ({x}, {y}) was played: {} {:?} {:?} {:?} {:?}",
        notice(by),
        status(by).connection,
        seen(by).illegal,
        screen(by),
        current(by).game().moves(),
    );
    pump(by, other, "the move to arrive", |_, o| {
        current(o).game().moves().len() == before + 1
    });
    assert_eq!(current(other).game().moves(), current(by).game().moves());
}

#[test]
fn two_machines_play_a_whole_game_to_a_five() {
    let (mut host, mut guest) = connected_pair();
    assert_eq!(current(&host).remote(), Some(Color::White));
    assert_eq!(current(&guest).remote(), Some(Color::Black));
    assert_eq!(status(&guest).local, Some(Color::White));

    // Black (the host) is to move: the guest's click is refused in plain words and nothing is sent.
    support::place(&mut guest, 0, 0);
    assert_eq!(
        seen(&guest).illegal.last().map(|i| i.reason),
        Some(Refusal::RemoteTurn)
    );
    assert!(current(&guest).game().moves().is_empty());
    assert!(notice(&guest).contains("other player's turn"));

    for i in 0..4 {
        play(&mut host, &mut guest, 3 + i, 7);
        play(&mut guest, &mut host, 3 + i, 9);
    }
    play(&mut host, &mut guest, 7, 7);

    for app in [&host, &guest] {
        assert!(current(app).game().is_over());
        assert_eq!(seen(app).won.len(), 1);
        assert_eq!(seen(app).won[0].winner, Color::Black);
    }
    // Each side saw the other's stones arrive from the network, and its own as local ones.
    let remote_on_guest: Vec<bool> = seen(&guest).placed.iter().map(|p| p.by_remote).collect();
    assert_eq!(
        remote_on_guest,
        [true, false, true, false, true, false, true, false, true]
    );
    assert!(
        seen(&host)
            .placed
            .iter()
            .all(|p| p.by_remote == (p.color == Color::White))
    );

    // A rematch: the host offers, the guest accepts, and the colours swap on both boards.
    support::send(&mut host, GameCommand::Rematch);
    pump(&mut host, &mut guest, "the offer", |_, g| {
        status(g).rematch_offered
    });
    assert!(notice(&guest).contains("rematch"), "{}", notice(&guest));
    support::send(&mut guest, GameCommand::Rematch);
    pump(&mut host, &mut guest, "the rematch", |h, g| {
        current(h).remote() == Some(Color::Black)
            && current(g).remote() == Some(Color::White)
            && screen(h) == Screen::Playing
            && screen(g) == Screen::Playing
    });
    for app in [&host, &guest] {
        assert!(current(app).game().moves().is_empty());
        assert_eq!(screen(app), Screen::Playing);
    }
    // The seats are named once for the colours now played: the host's card says "You" on white,
    // the other on black with the guest's name.
    let words = host.world().resource::<tengen::i18n::Words>().clone();
    let names = current(&host).seat_names_in(&words);
    let setup = current(&host).setup();
    assert_eq!(names[setup.seat(Color::White)], "You");
    assert_eq!(
        Some(names[setup.seat(Color::Black)].clone()),
        status(&host).peer,
        "{names:?}"
    );
    // The host's win stays the host's on both machines, though it plays white now.
    for app in [&host, &guest] {
        let score = app.world().resource::<tengen::game::score::Score>();
        let seat = |color| current(app).setup().seat(color);
        assert_eq!(score.wins[seat(Color::White)], 1, "{score:?}");
        assert_eq!(score.wins[seat(Color::Black)], 0, "{score:?}");
    }
    play(&mut guest, &mut host, 7, 7);
}

#[test]
fn a_dropped_connection_reconnects_and_the_same_game_goes_on() {
    let (mut host, mut guest) = connected_pair();
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);
    assert_eq!((status(&host).connects, status(&guest).connects), (1, 1));

    guest.world_mut().write_message(NetworkRequest::Drop);
    // Both sides must have seen the new connection: the host may notice the old one's end late.
    pump(&mut host, &mut guest, "the reconnect", |h, g| {
        status(h).connects == 2
            && status(g).connects == 2
            && status(g).connected()
            && status(h).connected()
    });
    // The same game, not a new one: the two stones are still there on both boards.
    for app in [&host, &guest] {
        assert_eq!(
            current(app).game().moves(),
            &[Pos::new(7, 7), Pos::new(8, 8)]
        );
    }
    play(&mut host, &mut guest, 6, 6);
    play(&mut guest, &mut host, 9, 9);
    assert_eq!(current(&host).game().moves().len(), 4);
}

#[test]
fn a_remote_move_the_game_cannot_play_closes_the_connection_and_changes_nothing() {
    let (mut host, mut guest) = connected_pair();
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);
    // Black (the host) is to move: a move from the other machine now is out of turn.
    let before = current(&host).game().moves().to_vec();
    support::send(&mut host, GameCommand::RemoteMove(Pos::new(0, 0)));
    assert_eq!(current(&host).game().moves(), before.as_slice());
    assert!(matches!(status(&host).connection, Connection::Closed(_)));
    assert!(
        notice(&host).contains("not that player's turn"),
        "{}",
        notice(&host)
    );
    // The guest hears of it.
    pump_one(&mut guest, "the guest to be told", |g| {
        matches!(status(g).connection, Connection::Closed(_))
    });
    assert_eq!(current(&guest).game().moves(), before.as_slice());
}

/// A raw client with its own handshake.
struct Raw(TcpStream);

impl Raw {
    fn connect(port: u16) -> Raw {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("loopback connects");
        // A bound on a host that never answers, not a timing assertion.
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("a read timeout");
        Raw(stream)
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        // The host may have closed already; its goodbye is read next.
        let _ = self.0.write_all(bytes);
    }

    fn send(&mut self, message: &Message) {
        self.send_bytes(&message.to_frame());
    }

    fn expect_bye(&mut self) -> String {
        loop {
            match read_message(&mut self.0) {
                Ok(Message::Bye { reason }) => {
                    let mut rest = Vec::new();
                    let _ = self.0.read_to_end(&mut rest);
                    return reason;
                }
                Ok(_) => continue,
                Err(e) => panic!("a goodbye, not {e}"),
            }
        }
    }

    fn hello(protocol: u32) -> Message {
        Message::Hello {
            app: APP_NAME.to_string(),
            protocol,
            preset: "freestyle".to_string(),
            size: 15,
            game_id: String::new(),
            name: "Mallory".to_string(),
            nonce: new_nonce(),
            resume: None,
        }
    }

    fn join(&mut self) {
        self.send(&Raw::hello(PROTOCOL_VERSION));
        let Ok(Message::Challenge { .. }) = read_message(&mut self.0) else {
            panic!("a challenge");
        };
        self.send(&Message::Proof {
            proof: String::new(),
        });
        let Ok(Message::Welcome { .. }) = read_message(&mut self.0) else {
            panic!("a welcome");
        };
    }
}

#[test]
fn a_hostile_client_is_refused_with_a_message_and_the_game_is_unchanged() {
    let (mut host, port) = hosting();
    let refused = |host: &mut App, what: &str| {
        pump_one(host, what, |h| notice(h).contains("refused"));
        host.world_mut().resource_mut::<Notice>().clear();
        assert_eq!(screen(host), Screen::Menu, "no game started by {what}");
    };

    let mut raw = Raw::connect(port);
    raw.send_bytes(&[0, 0, 0, 5, b'h', b'e', b'l', b'l', b'o']);
    assert!(raw.expect_bye().contains("could not be read"));
    refused(&mut host, "garbage");

    let mut raw = Raw::connect(port);
    raw.send_bytes(&(MAX_FRAME as u32 + 1).to_be_bytes());
    raw.send_bytes(&[b'x'; 1024]);
    assert!(raw.expect_bye().contains("larger than the limit"));
    refused(&mut host, "an oversized frame");

    // A Tengen of an older protocol: the player reads both versions and what to do.
    let mut raw = Raw::connect(port);
    raw.send(&Raw::hello(PROTOCOL_VERSION - 1));
    assert!(raw.expect_bye().contains("version"));
    pump_one(&mut host, "a wrong version", |h| {
        notice(h).contains("refused")
    });
    assert_eq!(
        notice(&host),
        format!(
            "A connection was refused: the other side's Tengen speaks network protocol {}, this \
             one {PROTOCOL_VERSION}; both players need the same version of Tengen.",
            PROTOCOL_VERSION - 1
        )
    );
    refused(&mut host, "a wrong version");

    // A proper join starts the game; then white (the raw client) moves on black's turn.
    let mut raw = Raw::connect(port);
    raw.join();
    pump_one(&mut host, "the game to start", |h| {
        screen(h) == Screen::Playing && status(h).connected()
    });
    raw.send(&Message::Move { x: 0, y: 0, ply: 0 });
    assert!(raw.expect_bye().contains("not that player's turn"));
    pump_one(&mut host, "the message", |h| notice(h).contains("refused"));
    assert!(current(&host).game().moves().is_empty());
    assert_eq!(current(&host).remote(), Some(Color::White));
    host.world_mut().resource_mut::<Notice>().clear();

    // A flood of chat.
    let mut raw = Raw::connect(port);
    raw.join();
    pump_one(&mut host, "the second connection", |h| {
        status(h).connected() && status(h).connects == 2
    });
    for i in 0..20 {
        raw.send(&Message::Chat {
            text: format!("spam {i}"),
        });
    }
    assert!(raw.expect_bye().contains("too many"));
    pump_one(&mut host, "the message", |h| notice(h).contains("refused"));
    // The frame that shows the refusal no longer sends moves, even when the transport's pause comes
    // a frame later.
    assert!(!status(&host).connected(), "{:?}", status(&host).connection);
    assert!(current(&host).game().moves().is_empty());

    // The host plays on its own board once a real guest is back; the game it shows is intact.
    support::place(&mut host, 7, 7);
    assert!(
        current(&host).game().moves().is_empty(),
        "no move while nobody is connected"
    );
    assert!(notice(&host).contains("not connected"), "{}", notice(&host));
}

/// Two real game processes under one Xvfb: the host (`--host 0`, white) and the guest (`--join`, black)
/// play four moves each by clicks; every stone clicked on one window arrives on the other `by=remote`.
/// Prints the click-to-remote-stone latency of each move (measured, not asserted); with `TENGEN_BIN`
/// set, runs that binary instead of this build's (to measure a release build).
#[test]
fn two_game_windows_play_each_other_over_loopback() {
    use std::process::{Command, Stdio};
    use std::time::Instant;

    use crate::smoke::{Reaper, field, printed_lines, run, start_xvfb, wait_line, wait_lines};

    let (_xvfb, display) = start_xvfb();
    let files = tempfile::tempdir().expect("temp dir");
    let start = |name: &str, args: &[&str]| {
        // `TENGEN_BIN` measures another build (a release binary) with the same clicks.
        let binary = std::env::var("TENGEN_BIN").unwrap_or(env!("CARGO_BIN_EXE_tengen").into());
        let mut child = Command::new(binary)
            .args(args)
            .arg("--print-moves")
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_CONFIG_HOME", files.path().join(name).join("config"))
            .env("XDG_DATA_HOME", files.path().join(name).join("data"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start the game binary");
        let lines = printed_lines(&mut child);
        (Reaper(child), lines)
    };
    let limit = Duration::from_secs(180);

    let (mut host, host_lines) = start("host", &["--host", "0", "--human", "white"]);
    let hosting = wait_line(&host_lines, &mut host, "hosting port=", limit);
    let port = hosting
        .trim_start_matches("hosting port=")
        .trim()
        .to_string();
    let (mut guest, guest_lines) = start("guest", &["--join", &format!("127.0.0.1:{port}")]);
    // The board is laid out in the frame that starts the network game: its `ready` line may come
    // before or after `network connected`.
    let both = ["network connected", "ready"];
    let ready = wait_lines(&guest_lines, &mut guest, &both, limit).remove(1);
    wait_lines(&host_lines, &mut host, &both, limit);
    let (cx, cy) = field(&ready, "centre");
    let spacing = field(&ready, "spacing").0;
    let window = |pid: u32| {
        let found = run(
            &display,
            "xdotool",
            &[
                "search",
                "--sync",
                "--all",
                "--pid",
                &pid.to_string(),
                "--name",
                "Tengen",
            ],
        );
        found.lines().next().expect("a window id").to_string()
    };
    let guest_window = window(guest.0.id());
    let host_window = window(host.0.id());

    let mut latencies = Vec::new();
    // Black (the guest) builds a four on row 8, white (the host) answers on row 10: no five.
    for ply in 0..8u32 {
        let black = ply % 2 == 0;
        let dx = (ply / 2) as i32 - 2;
        let dy = if black { 0 } else { 2 };
        let cell = format!("{}{}", (b'h' as i32 + dx) as u8 as char, 8 + dy);
        let (x, y) = (cx + dx as f32 * spacing, cy - dy as f32 * spacing);
        let (x, y) = (x.round().to_string(), y.round().to_string());
        let (clicker, clicker_lines, other, other_lines, win) = if black {
            (
                &mut guest,
                &guest_lines,
                &mut host,
                &host_lines,
                &guest_window,
            )
        } else {
            (
                &mut host,
                &host_lines,
                &mut guest,
                &guest_lines,
                &host_window,
            )
        };
        run(&display, "xdotool", &["windowraise", win]);
        run(&display, "xdotool", &["mousemove", "--window", win, &x, &y]);
        wait_line(
            clicker_lines,
            clicker,
            &format!("pointer over {cell}"),
            limit,
        );
        let clicked = Instant::now();
        run(
            &display,
            "xdotool",
            &["mousemove", "--window", win, &x, &y, "click", "1"],
        );
        let colour = if black { "black" } else { "white" };
        let prefix = format!("placed {} {colour} {cell} ", ply + 1);
        let local = wait_line(clicker_lines, clicker, &prefix, limit);
        let shown_here = clicked.elapsed();
        assert!(local.ends_with("by=human"), "{local}");
        let remote = wait_line(other_lines, other, &prefix, limit);
        latencies.push((clicked.elapsed(), clicked.elapsed() - shown_here));
        assert!(remote.ends_with("by=remote"), "{remote}");
    }
    let report = |what: &str, mut times: Vec<Duration>| {
        times.sort();
        eprintln!(
            "{what}, {} moves: median {:?}, max {:?}",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    };
    report(
        "click (xdotool run) to the stone on the other window",
        latencies.iter().map(|l| l.0).collect(),
    );
    report(
        "stone placed here to the same stone placed there",
        latencies.iter().map(|l| l.1).collect(),
    );
}

#[test]
fn an_undo_is_asked_of_the_other_player_who_accepts_or_declines() {
    let (mut host, mut guest) = connected_pair();
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);
    play(&mut host, &mut guest, 6, 6);

    // White (the guest) asks; nothing is taken back before black answers.
    support::send(&mut guest, GameCommand::Undo);
    pump(&mut host, &mut guest, "the request", |h, _| {
        status(h).undo_requested
    });
    assert!(
        notice(&host).contains("accept or decline it"),
        "{}",
        notice(&host)
    );
    assert_eq!(current(&guest).game().moves().len(), 3);
    // Black accepts: black's last move and white's go, so white is to move again on both boards.
    support::send(&mut host, GameCommand::Undo);
    pump(&mut host, &mut guest, "the undo", |h, g| {
        current(h).game().moves().len() == 1 && current(g).game().moves().len() == 1
    });
    assert_eq!(current(&guest).game().moves(), &[Pos::new(7, 7)]);
    assert_eq!(current(&host).game().moves(), &[Pos::new(7, 7)]);

    // Asked again, and declined this time: the game stays.
    play(&mut guest, &mut host, 9, 9);
    support::send(&mut guest, GameCommand::Undo);
    pump(&mut host, &mut guest, "the request", |h, _| {
        status(h).undo_requested
    });
    host.world_mut()
        .write_message(NetworkRequest::AnswerUndo(false));
    pump(&mut host, &mut guest, "the answer", |_, g| {
        notice(g).contains("declined")
    });
    assert_eq!(current(&guest).game().moves().len(), 2);
    assert_eq!(current(&host).game().moves().len(), 2);
    play(&mut host, &mut guest, 5, 5);
}

#[test]
fn a_chat_line_reaches_the_other_player() {
    let (mut host, mut guest) = connected_pair();
    guest
        .world_mut()
        .write_message(NetworkRequest::Chat("good luck".to_string()));
    pump(&mut host, &mut guest, "the chat line", |h, _| {
        notice(h) == "Guest: good luck"
    });
    // The conversation stays in each side's network section, in order; only the other player's
    // lines are also said where the player looks.
    let chat = |app: &App| app.world().resource::<NetworkStatus>().chat.clone();
    host.world_mut()
        .write_message(NetworkRequest::Chat("you too".to_string()));
    pump(&mut host, &mut guest, "the answer", |h, g| {
        notice(g) == "Host: you too" && chat(h).len() == 2
    });
    let line = |who: &str, text: &str| (who.to_owned(), text.to_owned());
    assert_eq!(
        chat(&guest),
        [line("You", "good luck"), line("Host", "you too")]
    );
    assert_eq!(
        chat(&host),
        [line("Guest", "good luck"), line("You", "you too")]
    );
    // An empty line is refused by the transport, in plain words, and never reaches the host.
    guest
        .world_mut()
        .write_message(NetworkRequest::Chat(String::new()));
    pump_one(&mut guest, "the refusal", |g| {
        notice(g).contains("Not sent")
    });
    assert!(notice(&guest).contains("empty"), "{}", notice(&guest));
}

#[test]
fn host_and_join_flags_ask_for_a_network_game_instead_of_a_local_one() {
    use clap::Parser;
    use tengen::cli::Cli;

    let cli = Cli::try_parse_from([
        "tengen", "--host", "0", "--rule", "renju", "--human", "white",
    ])
    .expect("valid flags");
    assert_eq!(
        cli.network(),
        Some(NetworkRequest::Host {
            port: 0,
            preset: Preset::Renju15,
            host_color: Color::White,
            passphrase: None,
            time: Default::default(),
        })
    );
    // The rule and colour belong to the network game: no local game starts at once.
    let options = cli.into_options(std::time::Instant::now());
    assert!(options.setup.is_none());

    let cli = Cli::try_parse_from(["tengen", "--join", "192.168.1.20:47015"]).expect("valid flags");
    assert!(matches!(
        cli.network(),
        Some(NetworkRequest::Join { address, .. }) if address == "192.168.1.20:47015"
    ));

    let both = Cli::try_parse_from(["tengen", "--host", "0", "--join", "a:1"]);
    assert!(both.is_err(), "hosting and joining at once is refused");
    let bad_port = Cli::try_parse_from(["tengen", "--host", "70000"]);
    assert!(bad_port.is_err(), "a port above 65535 is refused");
}
