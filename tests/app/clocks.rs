//! Time controls at the board: `--time-control` starts a game on the clock, the side to move's
//! clock counts down, and a clock that runs out ends the game on time (time driven by hand).

use std::time::Duration;

use bevy::prelude::*;
use clap::Parser;
use tengen::cli::Cli;
use tengen::game::{End, GameCommand, GameEnded, Reason};
use tengen::screens::Screen;
use tengen_engine::Color as Side;
use tengen_match::TimeControl;

use crate::support::*;

/// The endings seen, in order.
#[derive(Resource, Default)]
struct Ended(Vec<End>);

/// `tengen --mode hvh --time-control 10s+0` with no move made: black's ten seconds run out.
#[test]
fn ten_seconds_and_no_move_lose_on_time() {
    let cli = Cli::try_parse_from(["tengen", "--mode", "hvh", "--time-control", "10s+0"])
        .expect("valid flags");
    let setup = cli.setup().expect("--time-control starts a game");
    assert_eq!(
        setup.time,
        TimeControl::Fischer {
            base: Duration::from_secs(10),
            increment: Duration::ZERO
        }
    );
    let mut app = app();
    app.init_resource::<Ended>()
        .add_observer(|e: On<GameEnded>, mut seen: ResMut<Ended>| seen.0.push(e.end));
    send(&mut app, GameCommand::NewGame(setup));
    assert_eq!(screen(&app), Screen::Playing);

    run_for(&mut app, Duration::from_secs(5));
    let now = app.world().resource::<Time<Real>>().elapsed();
    let left = current(&app)
        .clocks()
        .left(Side::Black, now)
        .expect("a clock");
    assert!(
        left <= Duration::from_secs(5) + FRAME * 3 && left > Duration::from_secs(4),
        "{left:?}"
    );
    assert!(app.world().resource::<Ended>().0.is_empty());

    run_for(&mut app, Duration::from_secs(6));
    let ended = &app.world().resource::<Ended>().0;
    assert_eq!(ended, &[End::lost_by(Side::Black, Reason::Time)]);
    // What `--print-moves` prints for it.
    assert_eq!(ended[0].to_string(), "result=white reason=time");
    run_for(&mut app, Duration::from_secs(1));
    assert_eq!(screen(&app), Screen::GameOver);
}

#[test]
fn the_forms_of_the_time_control_flag_are_read_and_bad_ones_explained() {
    let parse = |text: &str| {
        Cli::try_parse_from(["tengen", "--time-control", text])
            .map(|cli| cli.setup().expect("a game").time)
    };
    assert!(matches!(parse("3+2"), Ok(TimeControl::Fischer { .. })));
    assert!(matches!(
        parse("byo-yomi 10+3x30"),
        Ok(TimeControl::ByoYomi { periods: 3, .. })
    ));
    assert!(matches!(parse("10/move"), Ok(TimeControl::PerMove { .. })));
    let error = parse("soon").expect_err("not a time control").to_string();
    assert!(
        error.contains("3+2") && error.contains("byo-yomi"),
        "{error}"
    );
}

/// Moves keep a Fischer clock going: the increment is added, and the other side's clock runs.
#[test]
fn a_move_adds_the_increment_and_starts_the_other_clock() {
    let mut setup = setup(
        tengen_engine::Mode::HumanVsHuman,
        tengen_engine::Preset::Freestyle15,
        tengen_engine::Level::Low,
        Side::Black,
    );
    setup.time = "1+2".parse().expect("a time control");
    let mut app = game(setup);
    run_for(&mut app, Duration::from_secs(3));
    place(&mut app, 7, 7);
    let now = app.world().resource::<Time<Real>>().elapsed();
    let clocks = current(&app).clocks();
    let black = clocks.left(Side::Black, now).expect("a clock");
    // 60 s - about 3 s + 2 s.
    assert!(
        black > Duration::from_secs(58) && black < Duration::from_secs(60),
        "{black:?}"
    );
    assert_eq!(clocks.runs_for(), Some(Side::White));
}

/// Against the computer on a 20-second clock, the person (black) plays h8 and then lets the clock
/// run out: the loss is counted like any other, in the score, History (with its reason) and the
/// rating.
#[test]
fn a_loss_on_time_is_scored_filed_with_its_reason_and_rated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = crate::persist::paths(dir.path());
    let mut app = crate::persist::app_in(dir.path());
    let mut rated = setup(
        tengen_engine::Mode::HumanVsComputer,
        tengen_engine::Preset::Freestyle15,
        tengen_engine::Level::Low,
        Side::Black,
    );
    rated.time = "20s+0".parse().expect("a time control");
    send(&mut app, GameCommand::NewGame(rated));
    place(&mut app, 7, 7);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    run_for(&mut app, Duration::from_secs(21));
    settle_files(&app);
    app.update();
    let end = current(&app).end().expect("over");
    assert_eq!(end, End::lost_by(Side::Black, Reason::Time));
    let score = *app.world().resource::<tengen::game::score::Score>();
    assert_eq!(score.wins, [0, 1], "the computer's seat won");
    let history = tengen_store::list_history(&paths).value;
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].reason, Some(Reason::Time));
    // The record keeps the clock it was played on (SGF TM and OT).
    assert_eq!(
        history[0].time,
        Some("20s+0".parse().expect("a time control"))
    );
    let stats = tengen_store::load_stats(&paths).value;
    assert!(stats.rating("freestyle").rating < tengen_store::Rating::fresh().rating);
}
