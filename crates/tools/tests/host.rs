//! The engine host (`tengen-host`, which the game and `tengen-match` share) against the built
//! `pbrain-tengen`: two of them play a game through `BEGIN`, `TURN` and `BOARD`, say who they are,
//! take an edited position, and exit on `END`.

use std::path::Path;
use std::time::{Duration, Instant};

use tengen_engine::{Color, Game, Pos, Preset};
use tengen_host::{Answer, Engine, Failure, Info};

const STEP: Duration = Duration::from_millis(50);
const MAX_STEPS: usize = 600;
const WITHIN: Duration = Duration::from_secs(30);

fn pbrain() -> String {
    // Node-limited so the game does not depend on the machine's load.
    concat!(
        env!("CARGO_BIN_EXE_pbrain-tengen"),
        " --step 3 --nodes 3000 --nodes-only"
    )
    .to_owned()
}

/// Polls at the fixed test time `now`; only the arrival of lines takes real time (bounded).
fn answer_at(engine: &mut Engine, now: Instant) -> Result<Answer, Failure> {
    for _ in 0..MAX_STEPS {
        if let Some(answer) = engine.poll(now) {
            return answer;
        }
        engine.wait(STEP);
    }
    panic!("no answer and no failure after {MAX_STEPS} polls");
}

fn started(now: Instant) -> Engine {
    let variant = Preset::Freestyle15.variant();
    let mut engine = Engine::start(&pbrain(), variant, now, WITHIN).expect("pbrain-tengen starts");
    assert_eq!(answer_at(&mut engine, now), Ok(Answer::Started));
    let info = Info {
        timeout_turn: Duration::from_secs(5),
        timeout_match: Duration::ZERO,
        time_left: None,
        max_memory: 0,
        rule: variant.rule(),
        extra: Vec::new(),
    };
    engine.send_info(&info).expect("INFO sent");
    engine
}

fn ended_cleanly(engine: Engine) {
    let pid = engine.pid();
    let status = engine.end().join().expect("the reaper thread ends");
    assert_eq!(status.map(|s| s.success()), Some(true), "exit on END");
    assert!(
        !Path::new(&format!("/proc/{pid}")).exists(),
        "pid {pid} reaped"
    );
}

#[test]
fn two_pbrain_tengens_play_a_game_through_the_host() {
    let now = Instant::now();
    let mut seats = [started(now), started(now)];
    seats[0].ask_about(now, WITHIN).expect("asked");
    let Ok(Answer::About(about)) = answer_at(&mut seats[0], now) else {
        panic!("no ABOUT answer");
    };
    assert!(about.name.starts_with("Tengen"), "{about:?}");
    let mut game = Game::new(Preset::Freestyle15.variant());
    while !game.is_over() && game.moves().len() < 60 {
        let seat = &mut seats[game.moves().len() % 2];
        seat.ask_move(&game, now, WITHIN).expect("asked");
        match answer_at(seat, now) {
            Ok(Answer::Move(pos)) => {
                game.play(pos).expect("the host passes only legal moves");
            }
            other => panic!("move {}: {other:?}", game.moves().len() + 1),
        }
    }
    assert!(game.moves().len() >= 9, "a real game: {:?}", game.moves());
    for seat in seats {
        ended_cleanly(seat);
    }
}

#[test]
fn an_edited_position_with_two_black_stones_to_one_is_played() {
    let now = Instant::now();
    let mut engine = started(now);
    let stones = [
        (Pos::new(7, 7), Color::Black),
        (Pos::new(8, 8), Color::Black),
        (Pos::new(7, 8), Color::White),
    ];
    let game =
        Game::from_setup(Preset::Freestyle15.variant(), &stones, Color::Black).expect("a position");
    engine.ask_move(&game, now, WITHIN).expect("asked");
    let Ok(Answer::Move(pos)) = answer_at(&mut engine, now) else {
        panic!("no move for the edited position");
    };
    assert!(game.board().is_empty(pos));
    ended_cleanly(engine);
}

#[test]
fn an_engines_words_give_its_evaluation_of_the_position_asked_about() {
    let now = Instant::now();
    let mut engine = started(now);
    // Black to play with an open four of its own: pbrain-tengen says it wins and shows the five.
    let moves = [
        (7, 7),
        (0, 0),
        (8, 7),
        (0, 2),
        (9, 7),
        (0, 4),
        (10, 7),
        (14, 14),
    ];
    let moves: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("a legal game");
    assert!(engine.verdict().is_empty(), "nothing said before a move");
    engine.ask_move(&game, now, WITHIN).expect("asked");
    let Ok(Answer::Move(best)) = answer_at(&mut engine, now) else {
        panic!("no move");
    };
    assert!([Pos::new(6, 7), Pos::new(11, 7)].contains(&best));
    let verdict = engine.verdict();
    let Some(tengen_host::Eval::Score(score)) = verdict.eval else {
        panic!("no evaluation read: {verdict:?}");
    };
    assert!(score > 19_000, "a win in one: {verdict:?}");
    ended_cleanly(engine);
}
