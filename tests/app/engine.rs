//! An external Gomocup engine in the computer's seat (`--engine`): it plays through the engine
//! host, its name comes from `ABOUT`, and a failure ends the game as its forfeit with the reason
//! in words, the moves kept and the process reaped.
//!
//! The engines are the workspace's own built programs (`pbrain-tengen`, `tengen-misbehave`), found
//! beside this test binary. Game time moves by whole frames; each line an engine prints rings the
//! bell, so the frames wait for its news; only the hanging engine, which sends none, is run frame
//! by frame with a moment between them.

use std::time::Duration;

use bevy::prelude::App;
use tengen::game::analyst::Analyst;
use tengen::game::engine_seat::EngineSeat;
use tengen::game::{End, GameCommand, GameSetup, Mode, Reason};
use tengen::i18n::{Language, Words};
use tengen::ui::game_over::reason_line;
use tengen_engine::{Color as Side, Level, Pos, Preset};
use tengen_match::TimeControl;

use crate::support::*;

/// Frames a test may run before it fails rather than hangs.
const MAX_FRAMES: u32 = 4_000;

/// A game against `engine` (a command line), the person playing black; `time` for its clock.
fn against(engine: String, time: TimeControl) -> App {
    let mut app = app();
    app.insert_resource(EngineSeat::new(Some(engine)));
    let setup = GameSetup {
        time,
        ..setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )
    };
    send(&mut app, GameCommand::NewGame(setup));
    app
}

/// Frames until `done`, with a moment between them for the engine's first lines to arrive (the
/// hanging engine's frames cannot wait for news: it sends none once asked for its move).
fn frames_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    for _ in 0..MAX_FRAMES {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(3));
    }
    panic!("not reached after {MAX_FRAMES} frames");
}

fn engine_pid(app: &mut App) -> Option<u32> {
    app.world_mut().resource_mut::<EngineSeat>().pid()
}

fn reason_in_english(app: &App) -> Option<String> {
    reason_line(current(app), &Words::new(Language::English))
}

#[test]
fn pbrain_tengen_in_the_computers_seat_answers_each_move_and_is_named() {
    let engine = format!(
        "{} --step 3 --nodes 3000 --nodes-only",
        built("pbrain-tengen")
    );
    // A per-move limit far beyond its node-limited search: a busy machine cannot make it forfeit.
    let time = TimeControl::PerMove {
        limit: Duration::from_secs(60),
    };
    let mut app = against(engine, time);
    for (i, (x, y)) in [(7, 7), (3, 3), (11, 3)].into_iter().enumerate() {
        place(&mut app, x, y);
        // Each line of the engine rings the bell: the frames wait for its news, not for time.
        run_until(&mut app, SEARCH_FRAMES, |app| {
            current(app).game().moves().len() == 2 * i + 2
        });
        let placed = seen(&app)
            .placed
            .last()
            .copied()
            .expect("the engine's move");
        assert!(placed.by_computer);
        assert_eq!(placed.color, Side::White);
    }
    assert_eq!(current(&app).end(), None, "nobody forfeited");
    assert!(
        seat_names(&app)[1].starts_with("Tengen"),
        "its ABOUT name: {:?}",
        seat_names(&app)
    );
    let pid = engine_pid(&mut app).expect("the engine runs");
    drop(app);
    assert!(
        reaped(pid),
        "the engine's process is reaped once the game goes"
    );
}

#[test]
fn an_engine_that_plays_off_the_board_forfeits_and_the_game_keeps_its_moves() {
    let engine = format!("{} --mode fixed --at 40,40", built("tengen-misbehave"));
    let mut app = against(engine, TimeControl::None);
    place(&mut app, 7, 7);
    run_until(&mut app, SEARCH_FRAMES, |app| current(app).end().is_some());
    assert_eq!(
        current(&app).end(),
        Some(End::lost_by(Side::White, Reason::Forfeit))
    );
    assert_eq!(
        current(&app).game().moves().len(),
        1,
        "the person's move stays"
    );
    assert_eq!(
        reason_in_english(&app).as_deref(),
        Some("Misbehave (White) lost: it played off the board.")
    );
    assert_eq!(engine_pid(&mut app), None, "the engine that failed is gone");
}

#[test]
fn a_hanging_engine_loses_on_its_time_while_frames_go_on() {
    let engine = format!("{} --mode hang", built("tengen-misbehave"));
    // Without a clock the engine gets the computer's time a move: one second here.
    let mut app = against(engine, TimeControl::None);
    place(&mut app, 7, 7);
    frames_until(&mut app, |app| current(app).end().is_some());
    assert_eq!(
        current(&app).end(),
        Some(End::lost_by(Side::White, Reason::Forfeit))
    );
    assert_eq!(
        reason_in_english(&app).as_deref(),
        Some("Misbehave (White) lost: no move within 1 s.")
    );
}

/// A game between two people on this board, hints given by `analyst` (a command line).
fn with_analyst(analyst: String) -> App {
    let mut app = app();
    app.insert_resource(Analyst::new(Some(analyst)));
    send(&mut app, GameCommand::NewGame(hvh_setup()));
    app
}

fn hvh_setup() -> GameSetup {
    setup(
        Mode::HumanVsHuman,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    )
}

#[test]
fn an_outside_engine_gives_the_hint_and_says_what_it_sees() {
    let engine = format!(
        "{} --step 3 --nodes 3000 --nodes-only",
        built("pbrain-tengen")
    );
    let mut app = with_analyst(engine);
    // Black has an open four: the engine's hint is the five, and it says it wins.
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
    assert!(
        hint.reason.starts_with("Tengen") && hint.reason.contains("score +"),
        "the engine that speaks and its score: {:?}",
        hint.reason
    );
    assert_eq!(current(&app).hints(), 1);
    // A second hint in the next position comes from the same engine, still running.
    let pid = app
        .world_mut()
        .resource_mut::<Analyst>()
        .pid()
        .expect("the analyst runs");
    place(&mut app, 10, 10);
    place(&mut app, 12, 12);
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| seen(app).hints.len() == 2);
    assert_eq!(app.world_mut().resource_mut::<Analyst>().pid(), Some(pid));
    drop(app);
    assert!(reaped(pid), "the analyst's process is reaped with the game");
}

#[test]
fn an_analyst_that_crashes_gives_a_notice_and_no_hint() {
    let engine = format!("{} --mode crash", built("tengen-misbehave"));
    let mut app = with_analyst(engine);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        notice_text(app).contains("gave no hint")
    });
    assert_eq!(
        notice_text(&app),
        "Misbehave gave no hint and was closed; ask again to restart it."
    );
    assert!(seen(&app).hints.is_empty());
    assert_eq!(current(&app).hints(), 0, "no hint counted");
    assert_eq!(app.world_mut().resource_mut::<Analyst>().pid(), None);
}

#[test]
fn a_hanging_analyst_is_given_up_on_the_apps_clock() {
    let engine = format!("{} --mode hang", built("tengen-misbehave"));
    let mut app = with_analyst(engine);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    send(&mut app, GameCommand::Hint);
    let mut frames = 0u32;
    frames_until(&mut app, |app| {
        frames += 1;
        notice_text(app).contains("gave no hint")
    });
    assert_eq!(
        notice_text(&app),
        "Misbehave gave no hint and was closed; ask again to restart it."
    );
    assert!(seen(&app).hints.is_empty());
    assert_eq!(app.world_mut().resource_mut::<Analyst>().pid(), None);
    // The hint's second and the host's second of margin are two seconds of the app's clock,
    // 120 frames; a second more (60) starts the engine. Judged by the wall clock, as the analyst
    // once was, two seconds of these frames (a few milliseconds each) would be hundreds.
    let given = Duration::from_secs(3).as_nanos().div_ceil(FRAME.as_nanos()) as u32;
    assert!(
        frames <= given,
        "given up after {frames} frames, not by the app's clock"
    );
}
