//! The host against `tengen-misbehave`: every way an engine fails ends with its reason in words,
//! the engine's process is reaped (its pid gone from /proc, no zombie), and polling never waits.
//!
//! Time is the test's own: the host judges at the `now` it is given, so a hang is a poll at
//! "six seconds later" with no real wait. Only the arrival of an engine's line is real time,
//! waited for in steps of 50 ms up to a bound, and nothing asserts how long it took.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tengen_engine::{Cell, Forbidden, Game, Pos, Preset, RowOrigin, Variant};
use tengen_host::{Answer, Engine, Failure, Info, START_WITHIN};

const STEP: Duration = Duration::from_millis(50);
/// Real waits for one answer, at most (20 s): a bound so a broken host fails rather than hangs.
const MAX_STEPS: usize = 400;
const MOVE_WITHIN: Duration = Duration::from_secs(5);

fn misbehave(mode: &str) -> String {
    format!("{} --mode {mode}", env!("CARGO_BIN_EXE_tengen-misbehave"))
}

fn freestyle() -> Variant {
    Preset::Freestyle15.variant()
}

/// Polls at the fixed test time `now`, letting real time pass only for lines to arrive.
fn answer_at(engine: &mut Engine, now: Instant) -> Result<Answer, Failure> {
    for _ in 0..MAX_STEPS {
        if let Some(answer) = engine.poll(now) {
            return answer;
        }
        engine.wait(STEP);
    }
    panic!("no answer and no failure after {MAX_STEPS} polls");
}

/// An engine of `mode` that has answered `START`, and the test's clock at that moment.
fn started(mode: &str, variant: Variant) -> (Engine, Instant) {
    let t0 = Instant::now();
    let mut engine = Engine::start(&misbehave(mode), variant, t0, START_WITHIN).expect("it starts");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Started));
    (engine, t0)
}

/// Whether the process `pid` is gone, reaped: a zombie still has its /proc entry.
fn reaped(pid: u32) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
}

/// Waits (bounded) for a process handed to a reaper thread to be gone.
fn eventually_reaped(pid: u32) -> bool {
    for _ in 0..MAX_STEPS {
        if reaped(pid) {
            return true;
        }
        std::thread::sleep(STEP);
    }
    false
}

/// Logs the engine's traffic to a file of its own (`what` names it); its path.
fn log_traffic(engine: &mut Engine, what: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tengen-host-{what}-{}", std::process::id()));
    let log = std::fs::File::create(&path).expect("a log file");
    engine
        .process_mut()
        .set_log(Some(std::sync::Arc::new(std::sync::Mutex::new(log))));
    path
}

/// The move requests (`BOARD`, `TURN x,y`) the log at `path` shows sent, and the whole log; the
/// file is removed.
fn requests_sent(path: &Path) -> (Vec<String>, String) {
    let sent = std::fs::read_to_string(path).expect("the log");
    let _ = std::fs::remove_file(path);
    let requests = sent
        .lines()
        .filter_map(|l| l.split_once("] > ").map(|(_, line)| line))
        .filter(|line| line.starts_with("BOARD") || line.starts_with("TURN"))
        .map(str::to_owned)
        .collect();
    (requests, sent)
}

fn one_move_game() -> Game {
    Game::from_moves(freestyle(), &[Pos::new(7, 7)]).expect("a legal game")
}

#[test]
fn a_hanging_engine_loses_on_time_at_the_callers_clock() {
    let (mut engine, t0) = started("hang", freestyle());
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    // Within its time nothing is decided, however often it is polled.
    engine.wait(STEP);
    assert_eq!(engine.poll(t0 + MOVE_WITHIN), None);
    let failure = engine
        .poll(t0 + MOVE_WITHIN + Duration::from_millis(1))
        .expect("decided")
        .expect_err("a failure");
    assert_eq!(
        failure,
        Failure::NoMove {
            within: MOVE_WITHIN,
            said: None
        }
    );
    assert_eq!(failure.to_string(), "no move within 5 s");
    assert!(
        reaped(engine.pid()),
        "the hanging engine is killed and reaped"
    );
}

#[test]
fn the_margin_is_allowed_but_the_failure_names_the_engines_own_time() {
    let (mut engine, t0) = started("hang", freestyle());
    engine.set_margin(Duration::from_secs(1));
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    assert_eq!(
        engine.poll(t0 + MOVE_WITHIN + Duration::from_millis(999)),
        None
    );
    let failure = engine
        .poll(t0 + MOVE_WITHIN * 2)
        .expect("decided")
        .expect_err("a failure");
    assert_eq!(failure.to_string(), "no move within 5 s");
}

#[test]
fn a_crash_is_told_with_its_exit_status() {
    let (mut engine, t0) = started("crash", freestyle());
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    let failure = answer_at(&mut engine, t0).expect_err("a failure");
    assert_eq!(failure.to_string(), "crashed (exit status 3)");
    assert!(reaped(engine.pid()));
    // A crashed engine is asked nothing more.
    assert_eq!(
        engine.ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN),
        Err(failure)
    );
}

#[test]
fn a_late_move_counts_only_if_read_within_the_time() {
    let late = format!("{} --delay-ms 50", misbehave("late"));
    for (read_at, on_time) in [(Duration::from_millis(500), true), (MOVE_WITHIN * 2, false)] {
        let t0 = Instant::now();
        let mut engine = Engine::start(&late, freestyle(), t0, START_WITHIN).expect("it starts");
        assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Started));
        engine
            .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
            .expect("asked");
        // Its MESSAGE and then, 50 ms later, its move are in before the test's clock is read.
        engine.wait(MOVE_WITHIN);
        engine.wait(MOVE_WITHIN);
        let answer = answer_at(&mut engine, t0 + read_at);
        if on_time {
            assert_eq!(answer, Ok(Answer::Move(Pos::new(7, 7))));
            assert_eq!(
                engine.said().map(|s| s.text.as_str()).collect::<Vec<_>>(),
                ["thinking slowly"]
            );
        } else {
            assert_eq!(answer.expect_err("late").to_string(), "no move within 5 s");
            assert!(reaped(engine.pid()));
        }
    }
}

#[test]
fn a_move_on_a_stone_loses_and_names_the_point() {
    let (mut engine, t0) = started("occupied", freestyle());
    engine
        .ask_move(&one_move_game(), t0, MOVE_WITHIN)
        .expect("asked");
    let failure = answer_at(&mut engine, t0).expect_err("a failure");
    assert_eq!(failure, Failure::Occupied(Pos::new(7, 7)));
    assert_eq!(failure.to_string(), "played 7,7, a point already taken");
    assert!(reaped(engine.pid()));
}

#[test]
fn a_move_off_the_board_loses() {
    let t0 = Instant::now();
    let command = format!("{} --at 20,3", misbehave("fixed"));
    let mut engine = Engine::start(&command, freestyle(), t0, START_WITHIN).expect("it starts");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Started));
    engine
        .ask_move(&one_move_game(), t0, MOVE_WITHIN)
        .expect("asked");
    let failure = answer_at(&mut engine, t0).expect_err("a failure");
    assert_eq!(failure.to_string(), "played '20,3', off the board");
    assert!(reaped(engine.pid()));
}

#[test]
fn renju_black_on_a_forbidden_point_loses() {
    let variant = Preset::Renju15.variant();
    let cell = |name: &str| {
        name.parse::<Cell>()
            .ok()
            .and_then(|c| c.to_pos(15, RowOrigin::Bottom))
            .expect("a point")
    };
    let moves: Vec<Pos> = ["f8", "a1", "g8", "a3", "h10", "a5", "h9", "a7"]
        .map(cell)
        .to_vec();
    let game = Game::from_moves(variant, &moves).expect("a legal game");
    let h8 = cell("h8");
    let t0 = Instant::now();
    let command = format!("{} --at {},{}", misbehave("fixed"), h8.x, h8.y);
    let mut engine = Engine::start(&command, variant, t0, START_WITHIN).expect("it starts");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Started));
    engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
    let failure = answer_at(&mut engine, t0).expect_err("a failure");
    assert_eq!(failure, Failure::Forbidden(h8, Forbidden::DoubleThree));
    assert_eq!(
        failure.to_string(),
        "played 7,7, forbidden to black (double three)"
    );
    assert!(reaped(engine.pid()));
}

/// A line that is no move is passed over within the engine's time (engines print their own
/// search lines, and c-gomoku-cli passes them over); with no move after it, the engine loses at
/// its time, the line named as the reason.
#[test]
fn garbage_instead_of_a_move_loses_at_its_time() {
    let (mut engine, t0) = started("garbage", freestyle());
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    for _ in 0..MAX_STEPS {
        assert_eq!(engine.poll(t0), None, "nothing decided within its time");
        if engine.unreadable().is_some() {
            break;
        }
        engine.wait(STEP);
    }
    let line = "the best move is obviously the centre";
    assert_eq!(engine.unreadable(), Some(line));
    let failure = engine
        .poll(t0 + MOVE_WITHIN + Duration::from_millis(1))
        .expect("decided")
        .expect_err("a failure");
    assert_eq!(failure, Failure::Garbage(line.to_owned()));
    assert!(eventually_reaped(engine.pid()));
}

#[test]
fn a_line_that_is_no_move_before_the_move_is_passed_over() {
    let (mut engine, t0) = started("chatty", freestyle());
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Move(Pos::new(7, 7))));
    assert_eq!(engine.unreadable(), Some("- ev +v17 nd 1471 tm 3 sp 490"));
}

#[test]
fn an_engine_that_ignores_end_is_killed_after_its_grace_and_reaped() {
    let (mut engine, t0) = started("ignore-end", freestyle());
    engine
        .ask_move(&Game::new(freestyle()), t0, MOVE_WITHIN)
        .expect("asked");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Move(Pos::new(7, 7))));
    let pid = engine.pid();
    engine.process_mut().set_exit_grace(STEP);
    let status = engine.end().join().expect("the reaper thread ends");
    let status = status.expect("an exit status");
    assert_eq!(tengen_host::exit_words(status), "killed by signal 9");
    assert!(reaped(pid));
}

#[test]
fn a_dropped_engine_is_reaped_without_the_caller_waiting() {
    for mode in ["sane", "ignore-end", "hang"] {
        let (mut engine, _) = started(mode, freestyle());
        engine.process_mut().set_exit_grace(STEP);
        let pid = engine.pid();
        drop(engine);
        assert!(eventually_reaped(pid), "{mode}: pid {pid} is still there");
    }
}

#[test]
fn an_engine_that_never_says_ok_to_start_fails_to_start() {
    let t0 = Instant::now();
    let within = Duration::from_secs(1);
    let mut engine =
        Engine::start(&misbehave("slow-start"), freestyle(), t0, within).expect("the program runs");
    engine.wait(STEP);
    assert_eq!(engine.poll(t0 + within), None);
    let failure = engine
        .poll(t0 + within * 2)
        .expect("decided")
        .expect_err("a failure");
    assert_eq!(failure.to_string(), "no OK to START within 1 s");
    assert!(reaped(engine.pid()));
}

#[test]
fn an_engine_that_refuses_the_board_says_why() {
    let t0 = Instant::now();
    let mut engine = Engine::start(&misbehave("refuse-start"), freestyle(), t0, START_WITHIN)
        .expect("the program runs");
    let failure = answer_at(&mut engine, t0).expect_err("a failure");
    assert_eq!(
        failure.to_string(),
        "refused the board: ERROR this board is not for me"
    );
    assert!(reaped(engine.pid()));
}

#[test]
fn a_missing_program_is_a_failure_not_a_panic() {
    let result = Engine::start(
        "/nonexistent/pbrain-nothing",
        freestyle(),
        Instant::now(),
        START_WITHIN,
    );
    let failure = result.err().expect("no engine");
    assert!(
        failure.to_string().starts_with("could not be started: "),
        "{failure}"
    );
}

#[test]
fn about_is_read_and_a_sane_engine_plays_through_turn_and_board() {
    let (mut engine, t0) = started("sane", freestyle());
    engine.ask_about(t0, START_WITHIN).expect("asked");
    let Ok(Answer::About(about)) = answer_at(&mut engine, t0) else {
        panic!("no ABOUT answer");
    };
    assert_eq!(
        (about.name.as_str(), about.author.as_str()),
        ("Misbehave", "Tengen tests")
    );
    let info = Info {
        timeout_turn: MOVE_WITHIN,
        timeout_match: Duration::ZERO,
        time_left: None,
        max_memory: 0,
        rule: freestyle().rule(),
        extra: vec![("thread_num".to_owned(), "1".to_owned())],
    };
    engine.send_info(&info).expect("sent");
    let log_path = log_traffic(&mut engine, "turn");
    // BOARD (it knows no stone yet), then TURN after the opponent's reply.
    let mut game = one_move_game();
    for _ in 0..3 {
        engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
        let Ok(Answer::Move(pos)) = answer_at(&mut engine, t0) else {
            panic!("no move");
        };
        game.play(pos).expect("a legal move");
        let reply = game.board().empty_points().last().expect("room");
        game.play(reply).expect("a legal move");
    }
    assert_eq!(game.moves().len(), 7);
    let (requests, sent) = requests_sent(&log_path);
    assert_eq!(requests.len(), 3, "{sent}");
    assert_eq!(requests[0], "BOARD");
    assert!(
        requests[1..].iter().all(|r| r.starts_with("TURN ")),
        "the engine knew its own stones: {requests:?}"
    );
    let pid = engine.pid();
    let status = engine.end().join().expect("the reaper thread ends");
    assert_eq!(status.map(|s| s.success()), Some(true), "it exits on END");
    assert!(reaped(pid));
}

#[test]
fn info_says_the_clock_and_the_rule() {
    let info = Info {
        timeout_turn: Duration::from_secs(5),
        timeout_match: Duration::from_secs(300),
        time_left: Some(Duration::from_millis(4200)),
        max_memory: 1 << 20,
        rule: Preset::Renju15.variant().rule(),
        extra: vec![("thread_num".to_owned(), "2".to_owned())],
    };
    assert_eq!(
        info.lines(),
        [
            "INFO rule 4",
            "INFO timeout_turn 5000",
            "INFO timeout_match 300000",
            "INFO max_memory 1048576",
            "INFO game_type 1",
            "INFO time_left 4200",
            "INFO thread_num 2",
        ]
    );
    // What is left of the game's time caps the turn.
    assert_eq!(info.move_time(), Duration::from_millis(4200));
}

/// An engine that loses the first word of a request (Rapfi, just as its search ends) is sent it
/// once more, and its move then counts.
#[test]
fn a_request_misread_without_its_first_word_is_sent_again() {
    let (mut engine, t0) = started("drop-word", freestyle());
    let mut game = one_move_game();
    engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
    let Ok(Answer::Move(pos)) = answer_at(&mut engine, t0) else {
        panic!("no move to BOARD");
    };
    game.play(pos).expect("legal");
    game.play(Pos::new(0, 0)).expect("legal");
    engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
    let answer = answer_at(&mut engine, t0);
    assert!(matches!(answer, Ok(Answer::Move(_))), "{answer:?}");
}

/// A move the engine gave that was not played (a hint) is not among the stones it knows: the next
/// position goes as the whole `BOARD`, never as a `TURN` on top of the unplayed move.
#[test]
fn after_a_move_not_played_the_next_position_goes_as_board() {
    let (mut engine, t0) = started("sane", freestyle());
    let log_path = log_traffic(&mut engine, "hint");
    let mut game = one_move_game();
    engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
    let Ok(Answer::Move(hint)) = answer_at(&mut engine, t0) else {
        panic!("no move");
    };
    // The player plays elsewhere, and the other side replies.
    let elsewhere = Pos::new(0, 0);
    assert_ne!(hint, elsewhere);
    game.play(elsewhere).expect("legal");
    game.play(Pos::new(14, 14)).expect("legal");
    engine.ask_move(&game, t0, MOVE_WITHIN).expect("asked");
    assert!(matches!(answer_at(&mut engine, t0), Ok(Answer::Move(_))));
    let (requests, sent) = requests_sent(&log_path);
    assert_eq!(requests, ["BOARD", "BOARD"], "{sent}");
}

/// `stop` asks an engine thinking on a move to answer now (`YXSTOP`) and sends nothing while no
/// move is awaited; an engine that does not know the word still answers within its time.
#[test]
fn stop_sends_yxstop_only_while_a_move_is_awaited_and_the_move_still_comes() {
    let t0 = Instant::now();
    let command = format!("{} --delay-ms 300", misbehave("late"));
    let mut engine = Engine::start(&command, freestyle(), t0, START_WITHIN).expect("it starts");
    assert_eq!(answer_at(&mut engine, t0), Ok(Answer::Started));
    let log_path = log_traffic(&mut engine, "stop");
    engine.stop().expect("nothing awaited: nothing sent");
    engine
        .ask_move(&one_move_game(), t0, MOVE_WITHIN)
        .expect("asked");
    engine.stop().expect("sent");
    assert!(matches!(answer_at(&mut engine, t0), Ok(Answer::Move(_))));
    let sent = std::fs::read_to_string(&log_path).expect("the log");
    let _ = std::fs::remove_file(&log_path);
    let lines: Vec<&str> = sent
        .lines()
        .filter_map(|l| l.split_once("] > ").map(|(_, line)| line))
        .collect();
    assert_eq!(
        lines.iter().filter(|l| **l == "YXSTOP").count(),
        1,
        "{sent}"
    );
    let asked = lines.iter().position(|l| *l == "BOARD");
    let stopped = lines.iter().position(|l| *l == "YXSTOP");
    assert!(asked < stopped, "{sent}");
}
