//! A game record analysed by an outside engine for the review (`analyse_record`): every position
//! from the start to after the last move, with the engine's evaluation, and the engine's failure
//! or the stop flag ending it early with the reason or what was done.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tengen_engine::{Game, Pos, Preset, reviews_of};
use tengen_host::{Failure, Launch, analyse_record};

const PER_POSITION: Duration = Duration::from_secs(5);

fn launch(mode: &str) -> Launch {
    Launch {
        command: format!("{} --mode {mode}", env!("CARGO_BIN_EXE_tengen-misbehave")),
        extra: vec![("thread_num".to_owned(), "1".to_owned())],
        max_memory: 0,
    }
}

fn four_moves() -> Game {
    let moves = [(7, 7), (8, 8), (7, 8), (9, 9)].map(|(x, y)| Pos::new(x, y));
    Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("a legal game")
}

#[test]
fn every_position_is_analysed_with_the_engines_evaluation_and_the_moves_are_classed() {
    let game = four_moves();
    let mut heard = Vec::new();
    let analyses = analyse_record(
        &launch("evaluates"),
        &game,
        PER_POSITION,
        &AtomicBool::new(false),
        |done, of| heard.push((done, of)),
    )
    .expect("the engine answers every position");
    assert_eq!(analyses.len(), 5);
    for (stones, analysis) in analyses.iter().enumerate() {
        let analysis = analysis.as_ref().expect("no position is over");
        // The engine's words: ten times the stones it saw, at depth 4.
        assert_eq!((analysis.score, analysis.depth), (10 * stones as i32, 4));
        assert_eq!(analysis.pv, vec![analysis.best]);
    }
    assert_eq!(heard.last(), Some(&(5, 5)));
    assert_eq!(heard.len(), 5);
    let reviews = reviews_of(&game, &analyses);
    assert_eq!(reviews.len(), 4);
    // Before move 1 the mover stood at +10; after it, the opponent at +20, so the mover at -20.
    assert_eq!((reviews[1].score_before, reviews[1].score_after), (10, -20));
}

#[test]
fn an_engine_that_crashes_ends_the_analysis_with_why() {
    let failure = analyse_record(
        &launch("crash"),
        &four_moves(),
        PER_POSITION,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .expect_err("it crashed");
    assert!(matches!(failure, Failure::Crashed(_)), "{failure:?}");
    assert!(failure.to_string().contains('3'), "{failure}");
}

#[test]
fn a_missing_program_is_a_failure_in_words() {
    let launch = Launch {
        command: "/nonexistent/pbrain-nothing".to_owned(),
        ..Launch::default()
    };
    let failure = analyse_record(
        &launch,
        &four_moves(),
        PER_POSITION,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .expect_err("nothing to start");
    assert!(matches!(failure, Failure::NotStarted(_)), "{failure:?}");
}

#[test]
fn a_raised_stop_flag_ends_the_analysis_with_nothing_done() {
    let analyses = analyse_record(
        &launch("evaluates"),
        &four_moves(),
        PER_POSITION,
        &AtomicBool::new(true),
        |_, _| panic!("no position is analysed once stopped"),
    )
    .expect("a stop is no failure");
    assert!(analyses.is_empty());
}

#[test]
fn an_engine_that_plays_a_five_without_a_word_is_read_as_winning() {
    // Black's four on row 7 from x 3 to 6, white's stones far off; black to move last.
    let moves = [
        (3, 7),
        (3, 0),
        (4, 7),
        (4, 0),
        (5, 7),
        (5, 0),
        (6, 7),
        (0, 14),
    ]
    .map(|(x, y)| Pos::new(x, y));
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
    let launch = Launch {
        command: format!(
            "{} --mode fixed --at 7,7",
            env!("CARGO_BIN_EXE_tengen-misbehave")
        ),
        ..Launch::default()
    };
    let analyses = analyse_record(
        &launch,
        &game,
        PER_POSITION,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .expect("answered");
    let scores: Vec<i32> = analyses.iter().flatten().map(|a| a.score).collect();
    assert_eq!(scores.len(), 9);
    // Silent answers keep the evaluation before them (nothing said: even, to the last move).
    assert!(scores[..8].iter().all(|&s| s == 0), "{scores:?}");
    // White's last move left black a five at 7,7, which the engine played: a win.
    assert!(scores[8] >= tengen_engine::PROVEN_SCORE, "{scores:?}");
}
