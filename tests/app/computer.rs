//! The computer's move and hints arrive through async tasks while frames keep running; stale answers
//! are never applied.

use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::time::Duration;

use bevy::prelude::App;
use tengen::game::board::Mark;
use tengen::game::computer::{Brains, Thinking};
use tengen::game::hint::Pondering;
use tengen::game::{GameCommand, Mode, Refusal};
use tengen::screens::Screen;
use tengen_engine::Level;
use tengen_engine::{Color as Side, Pos, Preset};

use crate::support::*;

/// Black (the human) to move, one move before the quiet middle game, against the computer at
/// `level`. Its AI stays busy until the returned sender releases it (or is dropped), so its search
/// cannot end between two frames.
fn before_the_middle_game_with_the_computer_held(level: Level) -> (App, Sender<()>) {
    let app = resume(
        setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            level,
            Side::Black,
        ),
        &MIDDLE_GAME[..6],
    );
    let release = app
        .world()
        .resource::<Brains>()
        .hold_player(Side::White)
        .expect("a computer plays white");
    (app, release)
}

#[test]
fn the_computers_move_arrives_through_the_task_while_frames_keep_updating() {
    let (mut app, release) = before_the_middle_game_with_the_computer_held(Level::Medium);
    let last = MIDDLE_GAME[6];
    place(&mut app, last.x, last.y);
    assert_eq!(current(&app).game().moves().len(), 7);
    for _ in 0..5 {
        app.update();
        assert_eq!(
            count::<Thinking>(&mut app),
            1,
            "the computer thinks while frames go on"
        );
        assert_eq!(current(&app).game().moves().len(), 7);
    }
    release.send(()).expect("the hold is waiting");
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 8
    });
    let placed = seen(&app).placed.last().copied().expect("computer move");
    assert!(placed.by_computer);
    assert_eq!(placed.color, Side::White);
    assert!(stones(&mut app).contains(&(placed.pos, Side::White)));
    assert_eq!(count::<Thinking>(&mut app), 0);
    assert!(current(&app).humans_turn(on_record(&app)));
}

#[test]
fn the_computer_opens_when_the_human_plays_white() {
    let mut app = app();
    app.world_mut().write_message(GameCommand::NewGame(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::White,
    )));
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    // Clicking while the computer thinks is refused, not ignored. The click comes in the frame
    // after the one that started the search, and the turn's handlers run before the computer's
    // answer is taken in: the computer cannot have answered yet, whatever the machine's speed.
    app.world_mut()
        .write_message(GameCommand::Place(Pos::new(0, 0)));
    app.update();
    assert_eq!(
        seen(&app).illegal.last().map(|i| i.reason),
        Some(Refusal::NotYourTurn)
    );
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 1
    });
    assert_eq!(stones(&mut app).len(), 1);
    assert_eq!(stones(&mut app)[0].1, Side::Black);
}

#[test]
fn undo_while_the_computer_thinks_cancels_it_and_no_stone_appears_later() {
    // Expert's AI stays busy, so its search is still running when the undo comes.
    let (mut app, _hold) = before_the_middle_game_with_the_computer_held(Level::Expert);
    place(&mut app, MIDDLE_GAME[6].x, MIDDLE_GAME[6].y);
    let stop = {
        let mut query = app.world_mut().query::<&Thinking>();
        let thinking = query.single(app.world()).expect("the computer is thinking");
        thinking.stop.0.clone()
    };
    assert!(!stop.load(Ordering::Relaxed));
    send(&mut app, GameCommand::Undo);
    assert!(stop.load(Ordering::Relaxed), "undo raised the stop flag");
    assert_eq!(count::<Thinking>(&mut app), 0);
    assert_eq!(current(&app).game().moves(), &MIDDLE_GAME[..6]);
    // The search is gone with its task, so no answer can land; frames go on without it.
    run_for(&mut app, Duration::from_millis(100));
    assert_eq!(
        count::<Thinking>(&mut app),
        0,
        "nobody thinks on the human's turn"
    );
    assert_eq!(stones(&mut app).len(), 6);
    assert_eq!(current(&app).game().moves(), &MIDDLE_GAME[..6]);
    assert_eq!(current(&app).game().to_move(), Side::Black);
    assert_eq!(current(&app).undos(), 1);
    // Redo gives back the human's move and the computer thinks again.
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves(), &MIDDLE_GAME[..]);
    assert_eq!(count::<Thinking>(&mut app), 1);
}

#[test]
fn leaving_for_the_menu_stops_the_computer() {
    let mut app = resume(
        setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Expert,
            Side::Black,
        ),
        &MIDDLE_GAME,
    );
    let stop = {
        let mut query = app.world_mut().query::<&Thinking>();
        query.single(app.world()).expect("thinking").stop.0.clone()
    };
    send(&mut app, GameCommand::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(stop.load(Ordering::Relaxed));
    assert_eq!(count::<Thinking>(&mut app), 0);
    assert_eq!(current(&app).game().moves().len(), 7);
}

#[test]
fn computer_vs_computer_plays_pauses_and_steps() {
    let mut app = game(setup(
        Mode::ComputerVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() >= 2
    });
    send(&mut app, GameCommand::TogglePause);
    // A search that was already running may finish; after it, paused means no search starts.
    run_until(&mut app, SEARCH_FRAMES, |app| count::<Thinking>(app) == 0);
    let paused_at = current(&app).game().moves().len();
    app.update();
    assert_eq!(count::<Thinking>(&mut app), 0, "paused: no new search");
    send(&mut app, GameCommand::Step);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == paused_at + 1
    });
    app.update();
    assert_eq!(count::<Thinking>(&mut app), 0, "and only one");
    assert_eq!(current(&app).game().moves().len(), paused_at + 1);
    // Undo and redo one move at a time.
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), paused_at);
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves().len(), paused_at + 1);
    assert_eq!(stones(&mut app).len(), paused_at + 1);
}

#[test]
fn a_hint_is_computed_in_the_background_marked_and_counted() {
    let mut app = hvh(Preset::Freestyle15);
    // Black has an open four: the hint must be the five (or the other end).
    for x in 3..7 {
        place(&mut app, x, 7);
        place(&mut app, x, 12);
    }
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| !seen(app).hints.is_empty());
    let hint = seen(&app).hints[0].clone();
    assert!(
        [Pos::new(2, 7), Pos::new(7, 7)].contains(&hint.pos),
        "hint {hint:?}"
    );
    assert!(!hint.reason.is_empty());
    assert_eq!(current(&app).hints(), 1);
    assert!(marks(&mut app).contains(&(hint.pos, Mark::Hint)));
    // The hint belongs to that position only.
    place(&mut app, hint.pos.x, hint.pos.y);
    assert!(!marks(&mut app).iter().any(|(_, m)| *m == Mark::Hint));
    assert_eq!(screen(&app), Screen::GameOver);
}

#[test]
fn a_hint_is_worked_out_in_a_task_while_frames_go_on() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    // The hint AI stays busy until released, so the hint cannot come back between two frames.
    let release = app.world_mut().resource_mut::<Brains>().hold_hints();
    app.world_mut().write_message(GameCommand::Hint);
    for _ in 0..5 {
        app.update();
        let pondering = count::<Pondering>(&mut app);
        assert_eq!(pondering, 1, "the hint is being worked out in a task");
        assert!(seen(&app).hints.is_empty(), "the frame did not wait for it");
    }
    release.send(()).expect("the hold is waiting");
    run_until(&mut app, SEARCH_FRAMES, |app| !seen(app).hints.is_empty());
    assert_eq!(current(&app).hints(), 1);
}

#[test]
fn a_hint_requested_then_overtaken_by_a_move_is_dropped() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Hint);
    place(&mut app, 8, 8);
    let pondering = count::<Pondering>(&mut app);
    assert_eq!(pondering, 0, "the move cancelled the hint search");
    assert!(seen(&app).hints.is_empty());
    assert_eq!(current(&app).hints(), 0);
}

#[test]
fn move_now_makes_a_long_search_play_its_best_move_so_far() {
    // Expert with a minute a move: without Move now, the answer would take a minute.
    let mut chosen = setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Expert,
        Side::Black,
    );
    chosen.think_time = Duration::from_secs(60);
    let mut app = resume(chosen, &MIDDLE_GAME[..6]);
    place(&mut app, MIDDLE_GAME[6].x, MIDDLE_GAME[6].y);
    assert_eq!(count::<Thinking>(&mut app), 1, "the computer is thinking");
    send(&mut app, GameCommand::MoveNow);
    let stop = {
        let mut query = app.world_mut().query::<&Thinking>();
        query
            .iter(app.world())
            .all(|t| t.stop.0.load(Ordering::Relaxed))
    };
    assert!(stop, "the search was told to stop");
    let frames = run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 8
    });
    assert!(frames < SEARCH_FRAMES, "the computer played at once");
    let answer = *current(&app).game().moves().last().expect("its move");
    assert!(current(&app).game().board().get(answer).is_some());
}
