//! Settings → Engines: an engine is added only once it answered `ABOUT` and played a move (a program
//! that is no engine is refused with words and nothing is kept), Test times a move, Remove removes
//! (and Undo puts back), and a new game against an added engine seats it, named, on the computer's
//! side.
//!
//! The engines are the workspace's own built programs, as in `engine.rs`; each frame waits for the
//! engine's news on the bell, never for the wall clock.

use std::time::Duration;

use bevy::prelude::App;
use tengen::game::engine_seat::EngineSeat;
use tengen::game::engines::{EngineChecks, EngineCommand, Outcome};
use tengen::game::{GameCommand, GameSetup, Mode};
use tengen::settings::Settings;
use tengen_engine::{Color as Side, Level, Preset};
use tengen_host::Failure;
use tengen_match::{Seat, TimeControl};

use crate::support::*;

/// `pbrain-tengen` searching a few nodes: its move comes at once on any machine.
const QUICK: &str = "--step 3 --nodes 3000 --nodes-only";

fn checks(app: &App) -> &EngineChecks {
    app.world().resource::<EngineChecks>()
}

fn engines(app: &App) -> Vec<tengen_store::EngineEntry> {
    app.world().resource::<Settings>().engines.clone()
}

/// Sends `command` and runs frames until no check is under way; how the last Add went.
fn engine_command(app: &mut App, command: EngineCommand) -> Option<Outcome> {
    app.world_mut().write_message(command);
    app.update();
    run_until(app, SEARCH_FRAMES, |app| {
        let checks = app.world_mut().resource_mut::<EngineChecks>();
        checks.added != Some(Outcome::Working)
            && !checks.tested.iter().any(|(_, o)| *o == Outcome::Working)
    });
    checks(app).added.clone()
}

fn add(app: &mut App, path: &str, arguments: &str) -> Option<Outcome> {
    let command = EngineCommand::Add {
        path: path.to_owned(),
        arguments: arguments.to_owned(),
    };
    engine_command(app, command)
}

#[test]
fn an_added_engine_is_listed_with_its_about_and_its_first_move() {
    let mut app = app();
    let outcome = add(&mut app, &built("pbrain-tengen"), QUICK);
    assert!(
        matches!(outcome, Some(Outcome::Played { .. })),
        "{outcome:?}"
    );
    let list = engines(&app);
    assert_eq!(list.len(), 1);
    let entry = &list[0];
    assert!(entry.name.starts_with("Tengen"), "ABOUT's name: {entry:?}");
    assert!(!entry.version.is_empty() && !entry.author.is_empty());
    assert_eq!(entry.arguments, QUICK);
    assert_eq!(entry.renju, Some(true), "its check played renju as renju");
    // Its first move is its first test, shown in its block.
    assert!(matches!(
        checks(&app).test_of(entry.id),
        Some(Outcome::Played { .. })
    ));
    // The same program with the same arguments twice is one engine.
    let again = add(&mut app, &built("pbrain-tengen"), QUICK);
    assert_eq!(again, Some(Outcome::AlreadyAdded));
    assert_eq!(engines(&app).len(), 1);
}

#[test]
fn a_program_that_is_no_engine_is_refused_in_words_and_nothing_is_kept() {
    let mut app = app();
    let misbehave = built("tengen-misbehave");
    let cases = [
        (
            misbehave.as_str(),
            "--mode fixed --at 40,40",
            "engines-why-garbage",
        ),
        (misbehave.as_str(), "--mode crash", "engines-why-crashed"),
        ("/no/such/pbrain-engine", "", "engines-why-not-started"),
    ];
    let words = tengen::i18n::Words::new(tengen::i18n::Language::English);
    for (path, arguments, why) in cases {
        let outcome = add(&mut app, path, arguments);
        let Some(Outcome::Failed(failure)) = outcome else {
            panic!("{path} {arguments} was not refused: {outcome:?}");
        };
        assert_eq!(
            tengen::ui::engine_failure_words(&failure, &words),
            words.tr(why),
            "{path} {arguments}: {failure}"
        );
        assert!(engines(&app).is_empty(), "nothing is kept");
        if let Failure::NotStarted(_) = failure {
            continue;
        }
        assert!(
            app.world_mut()
                .resource_mut::<EngineChecks>()
                .pids()
                .is_empty(),
            "the refused engine is dropped"
        );
    }
}

#[test]
fn test_times_a_move_and_remove_takes_the_engine_off_until_undone() {
    let mut app = app();
    add(&mut app, &built("pbrain-tengen"), QUICK);
    let id = engines(&app)[0].id;
    app.world_mut()
        .resource_mut::<EngineChecks>()
        .tested
        .clear();
    // The test answers the renju question again: forget what adding it found.
    app.world_mut().resource_mut::<Settings>().engines[0].renju = None;
    engine_command(&mut app, EngineCommand::Test(id));
    let Some(Outcome::Played { point, ms }) = checks(&app).test_of(id).cloned() else {
        panic!("no move: {:?}", checks(&app).test_of(id));
    };
    assert!(!point.is_empty() && ms < 6_000, "{point} in {ms} ms");
    assert_eq!(
        engines(&app)[0].renju,
        Some(true),
        "Tengen keeps renju's forbidden points"
    );
    let pids = app.world_mut().resource_mut::<EngineChecks>().pids();
    assert!(pids.is_empty(), "the tested engine is ended");

    engine_command(&mut app, EngineCommand::Remove(id));
    assert!(engines(&app).is_empty());
    assert!(checks(&app).removed.is_some());
    engine_command(&mut app, EngineCommand::UndoRemove);
    assert_eq!(engines(&app).len(), 1, "Undo puts it back");
    assert_eq!(engines(&app)[0].id, id);
}

#[test]
fn a_new_game_against_an_added_engine_seats_it_named_and_it_answers() {
    let mut app = app();
    add(&mut app, &built("pbrain-tengen"), QUICK);
    let entry = engines(&app)[0].clone();
    let setup = GameSetup {
        engine: Some(entry.id),
        // Far beyond its node-limited search: a busy machine cannot make it forfeit.
        time: TimeControl::PerMove {
            limit: Duration::from_secs(60),
        },
        ..setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )
    };
    send(&mut app, GameCommand::NewGame(setup));
    assert_eq!(
        app.world().resource::<EngineSeat>().command(),
        Some(entry.command().as_str())
    );
    assert_eq!(seat_names(&app)[1], entry.name, "named before it starts");
    place(&mut app, 7, 7);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    let placed = seen(&app)
        .placed
        .last()
        .copied()
        .expect("the engine's move");
    assert!(placed.by_computer);
    assert_eq!(placed.color, Side::White);
    assert_eq!(current(&app).end(), None);
    assert!(
        seat_names(&app)[1].starts_with("Tengen"),
        "{:?}",
        seat_names(&app)
    );
    let pid = app
        .world_mut()
        .resource_mut::<EngineSeat>()
        .pid()
        .expect("the engine runs");

    // The next game set up against Tengen's own engine gives the seat back to it.
    let own = GameSetup {
        engine: None,
        ..setup
    };
    send(&mut app, GameCommand::NewGame(own));
    assert_eq!(app.world().resource::<EngineSeat>().command(), None);
    assert!(reaped(pid), "the engine of the last game is reaped");
}

#[test]
fn a_game_against_an_added_engine_goes_on_against_it_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = crate::persist::app_in(dir.path());
    add(&mut first, &built("pbrain-tengen"), QUICK);
    let entry = engines(&first)[0].clone();
    let setup = GameSetup {
        engine: Some(entry.id),
        ..setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )
    };
    send(&mut first, GameCommand::NewGame(setup));
    place(&mut first, 7, 7);
    run_until(&mut first, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    // The settings are written once they have been still for a moment.
    run_for(&mut first, Duration::from_secs(2));
    drop(first);

    let mut second = crate::persist::app_in(dir.path());
    assert_eq!(engines(&second), vec![entry.clone()], "the list is kept");
    send(&mut second, GameCommand::Resume);
    assert_eq!(current(&second).setup().engine, Some(entry.id));
    place(&mut second, 3, 3);
    run_until(&mut second, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 4
    });
    assert_eq!(
        second.world().resource::<EngineSeat>().command(),
        Some(entry.command().as_str()),
        "the added engine, not Tengen's own, answered"
    );
}

/// The colours of the stones played so far.
fn stones_by_colour(app: &App) -> [usize; 2] {
    let game = current(app).game();
    let black = game.moves().iter().step_by(2).count();
    [black, game.moves().len() - black]
}

#[test]
fn two_added_engines_play_each_other_and_one_plays_tengens_own() {
    let mut app = app();
    add(&mut app, &built("pbrain-tengen"), QUICK);
    add(
        &mut app,
        &built("pbrain-tengen"),
        "--step 2 --nodes 2000 --nodes-only",
    );
    let list = engines(&app);
    assert_eq!(list.len(), 2, "{list:?}");
    let watched = GameSetup {
        first_engine: Some(list[0].id),
        engine: Some(list[1].id),
        ..setup(
            Mode::ComputerVsComputer,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )
    };
    send(&mut app, GameCommand::NewGame(watched));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() >= 6
    });
    let mut seats = app.world_mut().resource_mut::<EngineSeat>();
    assert_eq!(
        seats.command_of(Seat::First),
        Some(list[0].command().as_str())
    );
    assert_eq!(
        seats.command_of(Seat::Second),
        Some(list[1].command().as_str())
    );
    let pids = [seats.pid_of(Seat::First), seats.pid_of(Seat::Second)];
    let [Some(first), Some(second)] = pids else {
        panic!("both engines run: {pids:?}");
    };
    assert_ne!(first, second, "one process for each seat");
    assert!(seen(&app).placed.iter().all(|p| p.by_computer));
    assert!(stones_by_colour(&app).iter().all(|&n| n >= 3));
    assert_eq!(current(&app).end(), None);

    // The first seat given back to Tengen's own engine: it plays black, the engine white.
    let mixed = GameSetup {
        first_engine: None,
        ..watched
    };
    send(&mut app, GameCommand::NewGame(mixed));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() >= 4
    });
    let mut seats = app.world_mut().resource_mut::<EngineSeat>();
    assert_eq!(seats.command_of(Seat::First), None);
    assert!(seats.pid_of(Seat::Second).is_some());
    assert!(stones_by_colour(&app).iter().all(|&n| n >= 2));
    assert!(reaped(first), "the last game's first engine is reaped");
}

#[test]
fn the_engine_chosen_for_hints_in_the_settings_gives_them_and_the_choice_can_go_back() {
    let mut app = app();
    add(&mut app, &built("pbrain-tengen"), QUICK);
    let entry = engines(&app)[0].clone();
    app.world_mut().resource_mut::<Settings>().hint_engine = Some(entry.id);
    let two_people = setup(
        Mode::HumanVsHuman,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    );
    send(&mut app, GameCommand::NewGame(two_people));
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| !seen(app).hints.is_empty());
    let analyst = app.world().resource::<tengen::game::analyst::Analyst>();
    assert_eq!(
        analyst.launch().map(|l| l.command.clone()),
        Some(entry.command())
    );
    let reason = seen(&app).hints[0].reason.clone();
    assert!(
        reason.starts_with(&entry.name),
        "the engine speaks: {reason}"
    );
    let pid = app
        .world_mut()
        .resource_mut::<tengen::game::analyst::Analyst>()
        .pid()
        .expect("the hint engine runs");

    // Tengen's own chosen again: the engine is closed and Tengen's AI gives the next hint.
    app.world_mut().resource_mut::<Settings>().hint_engine = None;
    app.update();
    assert_eq!(
        app.world()
            .resource::<tengen::game::analyst::Analyst>()
            .launch(),
        None
    );
    assert!(
        reaped(pid),
        "the hint engine is closed once no longer chosen"
    );
    place(&mut app, 9, 9);
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| seen(app).hints.len() == 2);
    let mut analyst = app
        .world_mut()
        .resource_mut::<tengen::game::analyst::Analyst>();
    assert_eq!(analyst.pid(), None, "no outside engine was started for it");
}

/// The protocol has no field for the rules an engine plays: the check asks black's move where a
/// double four would win in freestyle and standard gomoku. An engine that plays it there is kept, marked, and refused in
/// a renju tournament in words.
#[test]
fn an_engine_that_plays_a_forbidden_point_in_its_check_is_marked_as_no_renju_player() {
    let mut app = app();
    // It plays g8 whatever it is asked: legal from the empty board, the double four in the check.
    let outcome = add(
        &mut app,
        &built("tengen-misbehave"),
        "--mode fixed --at 6,7",
    );
    assert!(
        matches!(outcome, Some(Outcome::Played { .. })),
        "{outcome:?}"
    );
    assert_eq!(engines(&app)[0].renju, Some(false));
    add(&mut app, &built("pbrain-tengen"), QUICK);
    let ids: Vec<u32> = engines(&app).iter().map(|e| e.id).collect();
    let renju = tengen::game::arena::ArenaSetup {
        engines: ids,
        games_per_pairing: 2,
        preset: Preset::Renju15,
        per_move_ms: 1_000,
        per_game_s: 0,
        increment_ms: 0,
        concurrency: 1,
        openings: String::new(),
        folder: std::env::temp_dir().join(format!("tengen-no-renju-{}", std::process::id())),
    };
    app.world_mut()
        .write_message(tengen::game::arena::ArenaCommand::Start(renju));
    app.update();
    let refused = app
        .world()
        .resource::<tengen::game::arena::Arena>()
        .refused
        .clone()
        .unwrap_or_default();
    assert!(
        refused.contains("played a forbidden point as black in its check"),
        "{refused}"
    );
}
