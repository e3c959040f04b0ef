//! The command line starts straight into the game it describes and explains bad values.

use std::time::Duration;

use clap::Parser;
use tengen::cli::Cli;
use tengen::game::{GameCommand, Mode};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Level, Preset};

use crate::support::*;

#[test]
fn flags_describe_the_game_to_start() {
    let cli = Cli::try_parse_from([
        "tengen",
        "--mode",
        "cvc",
        "--rule",
        "renju",
        "--level",
        "expert",
        "--human",
        "white",
        "--think-time",
        "2.5",
    ])
    .expect("valid flags");
    let setup = cli.setup().expect("game flags start a game");
    assert_eq!(setup.mode, Mode::ComputerVsComputer);
    assert_eq!(setup.preset, Preset::Renju15);
    assert_eq!(setup.level, Level::Expert);
    assert_eq!(setup.first_seat, Side::White);
    assert_eq!(setup.think_time, Duration::from_millis(2500));
    assert_eq!(
        setup.search_limits().think_time,
        Duration::from_millis(2500)
    );

    // Flags given, the game starts at once.
    let mut app = app();
    send(&mut app, GameCommand::NewGame(setup));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(current(&app).game().variant(), Preset::Renju15.variant());
}

#[test]
fn a_ladder_step_or_match_my_strength_can_be_asked_for() {
    let cli = Cli::try_parse_from(["tengen", "--step", "5"]).expect("valid flags");
    let setup = cli.setup().expect("--step starts a game");
    assert_eq!(setup.step, tengen_engine::Step::new(5));
    assert_eq!(setup.computer_step(), tengen_engine::Step::new(5).unwrap());
    assert!(setup.plays_a_step());
    // The step's own time a move, not a level's.
    assert_eq!(
        setup.search_limits().think_time,
        tengen_engine::Step::new(5).unwrap().think_time()
    );

    let cli = Cli::try_parse_from(["tengen", "--step", "match"]).expect("valid flags");
    assert!(cli.setup().expect("a game").matched);

    let error = Cli::try_parse_from(["tengen", "--step", "15"]).expect_err("no step 15");
    assert!(error.to_string().contains("1 to 14"), "{error}");
    assert!(Cli::try_parse_from(["tengen", "--step", "3", "--level", "low"]).is_err());
}

#[test]
fn an_engine_on_the_command_line_takes_the_computers_seat() {
    let cli =
        Cli::try_parse_from(["tengen", "--engine", "/opt/pbrain-rapfi --x"]).expect("valid flags");
    assert_eq!(cli.setup().map(|s| s.mode), Some(Mode::HumanVsComputer));
    let options = cli.into_options(std::time::Instant::now());
    assert_eq!(options.engine.as_deref(), Some("/opt/pbrain-rapfi --x"));
    assert!(Cli::try_parse_from(["tengen", "--engine", "e", "--puzzles"]).is_err());
}

#[test]
fn without_game_flags_the_menu_opens() {
    let cli = Cli::try_parse_from(["tengen", "--print-moves"]).expect("valid flags");
    assert!(cli.setup().is_none());
}

#[test]
fn bad_values_are_explained() {
    let error = Cli::try_parse_from(["tengen", "--rule", "chess"]).expect_err("unknown rule");
    let text = error.to_string();
    assert!(text.contains("chess") && text.contains("renju"), "{text}");
    let error = Cli::try_parse_from(["tengen", "--think-time", "999"]).expect_err("too long");
    assert!(error.to_string().contains("out of range"), "{error}");
    assert!(Cli::try_parse_from(["tengen", "--mode", "pvp"]).is_err());
    assert!(Cli::try_parse_from(["tengen", "--level", "godlike"]).is_err());
}

/// Runs the game with only `env` (and a PATH): it must exit 1 without a panic. Returns what it said.
fn refused_start(env: &[(&str, &str)]) -> String {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .envs(env.iter().copied())
        .output()
        .expect("run tengen");
    let said = String::from_utf8_lossy(&run.stderr).into_owned();
    assert_eq!(run.status.code(), Some(1), "{said}");
    assert!(!said.contains("panicked"), "{said}");
    assert!(!said.contains("RUST_BACKTRACE"), "{said}");
    said
}

#[test]
fn with_no_display_the_player_reads_why_and_nothing_panics() {
    let said = refused_start(&[]);
    assert!(said.contains("No display was found"), "{said}");
}

#[test]
fn a_display_nobody_answers_is_named_and_nothing_panics() {
    let said = refused_start(&[("DISPLAY", ":4242")]);
    assert!(said.contains("DISPLAY=:4242"), "{said}");
    assert!(said.contains("could not be reached"), "{said}");
}
