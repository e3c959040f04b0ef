//! Network games that end off the board or outlive the program, headless and over loopback: resign and
//! draw offers end both boards the same way and land in each side's history; a network game kept in
//! both autosaves resumes after both programs restart, or, when the positions no longer agree, ends
//! with a message and is filed; and a hosted game is found on the local network by the Join form.

use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::game::{End, GameCommand, GameWon, IllegalClick, Reason, StonePlaced};
use tengen::network::{Connection, Discovered, NetworkRequest};
use tengen::persistence::PersistencePlugin;
use tengen::screens::Screen;
use tengen::wake::Bell;
use tengen_engine::{Color, GameResult, Pos, Preset};
use tengen_store::{self as store, Paths, Resume};

use crate::network::{notice, play, pump, pump_one, status};
use crate::support::{Seen, current, manual_time, screen, seat_names, send, settle_files};

fn paths(dir: &Path) -> Paths {
    Paths::at(dir.join("config"), dir.join("data"))
}

/// The headless game with its files in `dir`, as the real app builds it, ringing `bell` (shared by
/// the two machines of a test, so a wait hears both).
fn app_in(dir: &Path, bell: &Bell) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(paths(dir)))
        .insert_resource(bell.clone());
    manual_time(&mut app);
    app.init_resource::<Seen>()
        .add_observer(|e: On<StonePlaced>, mut seen: ResMut<Seen>| seen.placed.push(*e))
        .add_observer(|e: On<IllegalClick>, mut seen: ResMut<Seen>| seen.illegal.push(*e))
        .add_observer(|e: On<GameWon>, mut seen: ResMut<Seen>| seen.won.push(e.clone()));
    app.update();
    app
}

/// A host in `host_dir` and a guest in `guest_dir`, connected, both on the board.
fn connected_in(host_dir: &Path, guest_dir: &Path) -> (App, App) {
    let bell = Bell::default();
    let mut host = app_in(host_dir, &bell);
    host.world_mut().write_message(NetworkRequest::Host {
        port: 0,
        preset: Preset::Freestyle15,
        host_color: Color::Black,
        passphrase: Some("tea".into()),
        time: Default::default(),
    });
    pump_one(&mut host, "the host to listen", |h| {
        status(h).connection == Connection::Listening
    });
    let port = status(&host).port.expect("a listening host knows its port");
    let mut guest = app_in(guest_dir, &bell);
    guest.world_mut().write_message(NetworkRequest::Join {
        address: format!("127.0.0.1:{port}"),
        preset: Preset::Freestyle15,
        passphrase: Some("tea".into()),
    });
    pump(&mut host, &mut guest, "the connection", |h, g| {
        status(h).connected()
            && status(g).connected()
            && screen(h) == Screen::Playing
            && screen(g) == Screen::Playing
    });
    (host, guest)
}

fn history(dir: &Path) -> Vec<store::HistoryEntry> {
    store::list_history(&paths(dir)).value
}

fn autosave(dir: &Path) -> Option<store::SavedGame> {
    match store::load_autosave(&paths(dir)).value {
        Resume::Continue(saved) | Resume::Finished(saved) => Some(*saved),
        Resume::Nothing => None,
    }
}

/// The conversation as the network section shows it: who said what.
fn chat(app: &App) -> Vec<(String, String)> {
    status(app).chat.clone()
}

/// Closes the window: the autosave is written once more and the connection drops without a goodbye.
fn close(mut app: App) {
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

#[test]
fn resign_and_draw_end_both_boards_the_same_way_and_land_in_the_history() {
    let (h, g) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut host, mut guest) = connected_in(h.path(), g.path());
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);

    // White (the guest) offers a draw; black declines, and white reads that it was declined.
    guest.world_mut().write_message(NetworkRequest::OfferDraw);
    pump(&mut host, &mut guest, "the offer", |h, _| {
        status(h).draw_offered
    });
    assert!(notice(&host).contains("offers a draw"), "{}", notice(&host));
    host.world_mut()
        .write_message(NetworkRequest::AnswerDraw(false));
    // Each side learns of the answer from its own transport: the host of its decline, the guest of
    // the message.
    pump(&mut host, &mut guest, "the answer", |h, g| {
        notice(g).contains("declined the draw") && notice(h).contains("You declined the draw")
    });
    for app in [&host, &guest] {
        assert!(!current(app).is_over());
        assert!(!status(app).draw_offered && !status(app).draw_asked);
    }
    play(&mut host, &mut guest, 6, 6);

    // White resigns: black wins on both boards, and both histories say so.
    guest.world_mut().write_message(NetworkRequest::Resign);
    pump(&mut host, &mut guest, "the resignation", |h, g| {
        screen(h) == Screen::GameOver && screen(g) == Screen::GameOver
    });
    for app in [&host, &guest] {
        assert_eq!(
            current(app).end(),
            Some(End::lost_by(Color::White, Reason::Resignation))
        );
        assert_eq!(current(app).game().moves().len(), 3);
    }
    assert!(notice(&host).contains("you win"), "{}", notice(&host));
    assert!(
        notice(&guest).contains("You resigned"),
        "{}",
        notice(&guest)
    );
    // A move after the end is refused on the board, and nothing is sent.
    crate::support::place(&mut guest, 0, 0);
    assert_eq!(current(&guest).game().moves().len(), 3);
    pump(&mut host, &mut guest, "both games to be filed", |_, _| {
        history(h.path()).len() == 1 && history(g.path()).len() == 1
    });
    for dir in [h.path(), g.path()] {
        let filed = &history(dir)[0];
        assert_eq!(
            (filed.result, filed.moves),
            (Some(GameResult::BlackWins), 3)
        );
        assert!(
            autosave(dir).is_none(),
            "a filed game is no longer continued"
        );
    }

    // A rematch with colours swapped, then a draw offered by black (now the guest) and accepted.
    send(&mut host, GameCommand::Rematch);
    pump(&mut host, &mut guest, "the offer", |_, g| {
        status(g).rematch_offered
    });
    send(&mut guest, GameCommand::Rematch);
    pump(&mut host, &mut guest, "the rematch", |h, g| {
        screen(h) == Screen::Playing && screen(g) == Screen::Playing
    });
    play(&mut guest, &mut host, 7, 7);
    guest.world_mut().write_message(NetworkRequest::OfferDraw);
    pump(&mut host, &mut guest, "the offer", |h, _| {
        status(h).draw_offered
    });
    host.world_mut()
        .write_message(NetworkRequest::AnswerDraw(true));
    pump(&mut host, &mut guest, "the draw", |h, g| {
        screen(h) == Screen::GameOver && screen(g) == Screen::GameOver
    });
    for app in [&host, &guest] {
        assert_eq!(current(app).end(), Some(End::draw(Reason::Agreement)));
    }
    pump(&mut host, &mut guest, "both draws to be filed", |_, _| {
        history(h.path()).len() == 2 && history(g.path()).len() == 2
    });
    for dir in [h.path(), g.path()] {
        let results: Vec<_> = history(dir).iter().map(|e| e.result).collect();
        assert!(results.contains(&Some(GameResult::Draw)), "{results:?}");
    }
}

#[test]
fn a_network_game_kept_in_both_autosaves_resumes_after_both_programs_restart() {
    let (h, g) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut host, mut guest) = connected_in(h.path(), g.path());
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);
    play(&mut host, &mut guest, 6, 6);
    // A word each way before both programs close.
    guest
        .world_mut()
        .write_message(NetworkRequest::Chat("back in a minute".into()));
    pump(&mut host, &mut guest, "the guest's line", |h, g| {
        chat(h).len() == 1 && chat(g).len() == 1
    });
    host.world_mut()
        .write_message(NetworkRequest::Chat("take your time".into()));
    pump(&mut host, &mut guest, "the host's answer", |h, g| {
        chat(h).len() == 2 && chat(g).len() == 2
    });
    let chats = [chat(&host), chat(&guest)];
    assert_eq!(chats[1][0], ("You".into(), "back in a minute".into()));
    let moves = current(&host).game().moves().to_vec();
    let port = status(&host).port.expect("hosting");
    let names = [seat_names(&host), seat_names(&guest)];
    close(host);
    close(guest);

    // Both files hold the same game, with each side's seat in it.
    let (host_save, guest_save) = (autosave(h.path()).unwrap(), autosave(g.path()).unwrap());
    let (host_seat, guest_seat) = (
        host_save.network.unwrap(),
        guest_save.network.clone().unwrap(),
    );
    assert_eq!(host_seat.game_id, guest_seat.game_id);
    assert!(host_seat.host && !guest_seat.host);
    assert_eq!(
        (host_seat.local, guest_seat.local),
        (Color::Black, Color::White)
    );
    assert_eq!(host_seat.port, port);
    assert_eq!(guest_seat.address, format!("127.0.0.1:{port}"));
    assert_eq!(guest_save.game().moves(), moves.as_slice());
    assert_eq!(host_seat.chat.len(), 2);
    assert_eq!(guest_seat.chat.len(), 2);

    // Both come back and press Continue: the host listens on its port again, the guest reconnects.
    let bell = Bell::default();
    let mut host = app_in(h.path(), &bell);
    let mut guest = app_in(g.path(), &bell);
    for app in [&host, &guest] {
        assert_eq!(screen(app), Screen::Menu);
        assert_eq!(current(app).game().moves(), moves.as_slice());
    }
    assert_eq!(current(&host).remote(), Some(Color::White));
    send(&mut host, GameCommand::Resume);
    pump_one(&mut host, "the host to listen again", |h| {
        status(h).connection == Connection::Listening
    });
    assert_eq!(status(&host).port, Some(port));
    send(&mut guest, GameCommand::Resume);
    pump(&mut host, &mut guest, "the same game to go on", |h, g| {
        status(h).connected()
            && status(g).connected()
            && screen(h) == Screen::Playing
            && screen(g) == Screen::Playing
    });
    for app in [&host, &guest] {
        assert_eq!(current(app).game().moves(), moves.as_slice());
    }
    // Each side still calls the other by the name they gave (not "Player 2"), and the conversation
    // is there on both sides as it was.
    assert_eq!([seat_names(&host), seat_names(&guest)], names);
    assert_eq!([chat(&host), chat(&guest)], chats);
    assert_eq!(
        [
            status(&host).peer.as_deref(),
            status(&guest).peer.as_deref()
        ],
        [Some("Guest"), Some("Host")]
    );
    play(&mut guest, &mut host, 9, 9);
    play(&mut host, &mut guest, 5, 5);
    settle_files(&guest);
    assert_eq!(
        autosave(g.path()).unwrap().game().moves().last(),
        Some(&Pos::new(5, 5))
    );
}

#[test]
fn a_saved_network_game_whose_positions_differ_ends_with_a_message_and_is_filed() {
    let (h, g) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut host, mut guest) = connected_in(h.path(), g.path());
    play(&mut host, &mut guest, 7, 7);
    play(&mut guest, &mut host, 8, 8);
    close(host);
    close(guest);
    // The guest's file gained a stone the host never saw.
    let mut saved = autosave(g.path()).unwrap();
    saved.play(Pos::new(0, 0)).expect("legal");
    store::save_autosave(&paths(g.path()), &saved).expect("saved");

    let bell = Bell::default();
    let mut host = app_in(h.path(), &bell);
    let mut guest = app_in(g.path(), &bell);
    send(&mut host, GameCommand::Resume);
    pump_one(&mut host, "the host to listen again", |h| {
        status(h).connection == Connection::Listening
    });
    send(&mut guest, GameCommand::Resume);
    pump(&mut host, &mut guest, "both games to end", |h, g| {
        current(h).end().is_some() && current(g).end().is_some()
    });
    for app in [&host, &guest] {
        // Nobody's fault: no winner, the same on both boards.
        assert_eq!(current(app).end(), Some(End::draw(Reason::Abandoned)));
        assert!(notice(app).contains("cannot go on"), "{}", notice(app));
        assert!(notice(app).contains("positions differ"), "{}", notice(app));
    }
    pump(&mut host, &mut guest, "both games to be filed", |_, _| {
        history(h.path()).len() == 1 && history(g.path()).len() == 1
    });
    assert_eq!(history(h.path())[0].moves, 2);
    assert_eq!(history(g.path())[0].moves, 3);
    assert_eq!(history(h.path())[0].result, Some(GameResult::Draw));
    assert_eq!(history(g.path())[0].result, Some(GameResult::Draw));
}

/// Live mDNS on this machine's interfaces: needs multicast between two sockets of one machine.
#[test]
fn the_join_form_lists_a_game_hosted_on_the_local_network_and_joins_it() {
    let (h, g) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let bell = Bell::default();
    let mut host = app_in(h.path(), &bell);
    host.world_mut().write_message(NetworkRequest::Host {
        port: 0,
        preset: Preset::Renju15,
        host_color: Color::White,
        passphrase: None,
        time: Default::default(),
    });
    pump_one(&mut host, "the host to listen", |h| {
        status(h).connection == Connection::Listening
    });
    let port = status(&host).port.expect("hosting");
    let mut guest = app_in(g.path(), &bell);
    guest.world_mut().resource_mut::<Discovered>().wanted = true;
    let found = |g: &App| {
        g.world()
            .resource::<Discovered>()
            .games
            .iter()
            .find(|game| game.address.port() == port)
            .cloned()
    };
    pump(&mut host, &mut guest, "the game to be found", |_, g| {
        found(g).is_some()
    });
    let game = found(&guest).expect("found");
    assert_eq!((game.preset, game.passphrase), (Preset::Renju15, false));
    guest.world_mut().write_message(NetworkRequest::Join {
        address: game.address.to_string(),
        preset: game.preset,
        passphrase: None,
    });
    pump(&mut host, &mut guest, "the connection", |h, g| {
        status(h).connected() && status(g).connected()
    });
    assert_eq!(current(&guest).remote(), Some(Color::White));
}
