//! Scripted manager sessions against a deterministic brain, the clock budget, and garbage lines.

use std::collections::VecDeque;
use std::sync::atomic::Ordering;

use super::*;

/// A deterministic brain: plays its scripted answers first, then the first free point in reading
/// order. It records what it was asked.
#[derive(Default)]
struct ScriptedBrain {
    script: VecDeque<Option<Pos>>,
    asked: Vec<(usize, Color, ThinkTime)>,
    memory: Option<u64>,
    threads: Option<u32>,
    new_games: usize,
    saw_stop: bool,
}

impl Brain for ScriptedBrain {
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        time: ThinkTime,
        stop: &AtomicBool,
    ) -> Option<Pos> {
        self.asked.push((board.stone_count(), to_move, time));
        self.saw_stop |= stop.load(Ordering::Relaxed);
        if let Some(answer) = self.script.pop_front() {
            return answer;
        }
        let size = board.variant().size();
        (0..board.variant().cells())
            .map(|i| Pos::from_index(i, size))
            .find(|&p| board.is_empty(p))
    }

    fn set_max_memory(&mut self, bytes: u64) {
        self.memory = Some(bytes);
    }

    fn set_threads(&mut self, threads: u32) {
        self.threads = Some(threads);
    }

    fn new_game(&mut self) {
        self.new_games += 1;
    }
}

fn about() -> About {
    About {
        name: "Test".to_owned(),
        version: "1".to_owned(),
        author: "Tester".to_owned(),
        country: "Nowhere".to_owned(),
    }
}

fn protocol() -> Protocol<ScriptedBrain> {
    Protocol::new(
        ScriptedBrain::default(),
        about(),
        Duration::from_millis(700),
    )
}

/// Sends each line and returns everything printed, one entry per printed line.
fn session(p: &mut Protocol<ScriptedBrain>, lines: &[&str]) -> Vec<String> {
    let stop = AtomicBool::new(false);
    lines
        .iter()
        .flat_map(|line| p.handle(line, &stop))
        .collect()
}

fn moves(p: &Protocol<ScriptedBrain>) -> Vec<Pos> {
    p.game().map(|g| g.moves().to_vec()).unwrap_or_default()
}

fn is_error(line: &str) -> bool {
    line.starts_with("ERROR ")
}

#[test]
fn start_accepts_five_to_twenty_and_refuses_the_rest() {
    let mut p = protocol();
    assert_eq!(session(&mut p, &["START 20"]), ["OK"]);
    assert_eq!(p.game().map(|g| g.variant().size()), Some(20));
    for bad in [
        "START 4",
        "START 21",
        "START 0",
        "START -3",
        "START fifteen",
        "START",
        "START 1000000000000",
    ] {
        let out = session(&mut p, &[bad]);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(is_error(&out[0]), "{bad}: {out:?}");
        // A refused START leaves the board that was there.
        assert_eq!(p.game().map(|g| g.variant().size()), Some(20), "{bad}");
    }
    assert_eq!(session(&mut p, &["START 5"]), ["OK"]);
    assert_eq!(p.game().map(|g| g.variant().size()), Some(5));
}

#[test]
fn rectstart_plays_square_boards_and_refuses_rectangles_clearly() {
    let mut p = protocol();
    assert_eq!(session(&mut p, &["RECTSTART 15,15"]), ["OK"]);
    assert_eq!(p.game().map(|g| g.variant().size()), Some(15));
    let out = session(&mut p, &["RECTSTART 15,20"]);
    assert!(
        is_error(&out[0]) && out[0].contains("rectangular"),
        "{out:?}"
    );
    for bad in [
        "RECTSTART 15",
        "RECTSTART 30,30",
        "RECTSTART a,b",
        "RECTSTART",
    ] {
        let out = session(&mut p, &[bad]);
        assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
    }
    assert_eq!(p.game().map(|g| g.variant().size()), Some(15));
}

#[test]
fn begin_plays_a_first_move_as_black() {
    let mut p = protocol();
    assert_eq!(session(&mut p, &["START 15", "BEGIN"]), ["OK", "0,0"]);
    assert_eq!(moves(&p), [Pos::new(0, 0)]);
    assert_eq!(p.brain().asked[0].0, 0);
    assert_eq!(p.brain().asked[0].1, Color::Black);
}

#[test]
fn turn_records_the_opponent_and_answers_with_our_move() {
    let mut p = protocol();
    let out = session(&mut p, &["START 15", "TURN 7,7", "TURN 8,8"]);
    assert_eq!(out, ["OK", "0,0", "1,0"]);
    assert_eq!(
        moves(&p),
        [
            Pos::new(7, 7),
            Pos::new(0, 0),
            Pos::new(8, 8),
            Pos::new(1, 0)
        ]
    );
    // The opponent moved first, so we are white.
    assert!(p.brain().asked.iter().all(|a| a.1 == Color::White));
    // Spaces and lower case are tolerated, CR LF is trimmed.
    let out = session(&mut p, &["turn 3, 4\r\n"]);
    assert_eq!(out, ["2,0"]);
    assert_eq!(moves(&p)[4], Pos::new(3, 4));
}

#[test]
fn illegal_opponent_moves_get_an_error_and_change_nothing() {
    let mut p = protocol();
    session(&mut p, &["START 15", "TURN 7,7"]);
    let before = moves(&p);
    for bad in [
        "TURN 7,7",   // taken by the opponent
        "TURN 0,0",   // taken by us
        "TURN 15,3",  // off the board
        "TURN -1,3",  // off the board
        "TURN 3",     // malformed
        "TURN 3,4,5", // malformed
        "TURN x,y",   // malformed
        "TURN",       // malformed
    ] {
        let out = session(&mut p, &[bad]);
        assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
        assert_eq!(moves(&p), before, "{bad}");
    }
    // The engine keeps running: the next legal move is answered.
    assert_eq!(session(&mut p, &["TURN 8,8"]), ["1,0"]);
}

#[test]
fn commands_before_start_are_errors_not_crashes() {
    let mut p = protocol();
    for line in ["BEGIN", "TURN 1,1", "TAKEBACK 1,1", "RESTART", "DONE"] {
        let out = session(&mut p, &[line]);
        assert!(out.len() == 1 && is_error(&out[0]), "{line}: {out:?}");
    }
    let out = session(&mut p, &["BOARD", "1,1,1", "DONE"]);
    assert!(
        !out.is_empty() && out.iter().all(|l| is_error(l)),
        "{out:?}"
    );
    assert_eq!(session(&mut p, &["START 15", "BEGIN"]), ["OK", "0,0"]);
}

#[test]
fn moves_after_the_game_is_won_are_refused() {
    let mut p = protocol();
    p.brain_mut().script = [0, 1, 2, 3]
        .map(|y| Some(Pos::new(0, y)))
        .into_iter()
        .collect();
    session(
        &mut p,
        &["START 15", "TURN 5,5", "TURN 6,5", "TURN 7,5", "TURN 8,5"],
    );
    // The opponent's fifth stone makes five: there is nothing left for us to play.
    let out = session(&mut p, &["TURN 9,5"]);
    assert!(
        out.len() == 1 && is_error(&out[0]) && out[0].contains("over"),
        "{out:?}"
    );
    let before = moves(&p);
    let out = session(&mut p, &["TURN 10,10"]);
    assert!(out.len() == 1 && is_error(&out[0]), "{out:?}");
    assert_eq!(moves(&p), before);
    // A take-back reopens the game.
    assert_eq!(
        session(&mut p, &["TAKEBACK 9,5", "TURN 10,10"]),
        ["OK", "1,0"]
    );
}

#[test]
fn board_sets_the_position_and_answers_a_move() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &[
            "START 15", "BOARD", "7,7,1", "8,8,2", "7,8,1", "9,9,2", "DONE",
        ],
    );
    assert_eq!(out, ["OK", "0,0"]);
    // Equal counts with us to move: we are black, stones interleaved in the order sent.
    assert_eq!(
        moves(&p),
        [
            Pos::new(7, 7),
            Pos::new(8, 8),
            Pos::new(7, 8),
            Pos::new(9, 9),
            Pos::new(0, 0)
        ]
    );
    assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::Black));

    // One opponent stone more: we are white. Lower case and CR LF, as managers send them.
    let out = session(
        &mut p,
        &["RESTART\r\n", "board\r\n", "7,7,2\r\n", "done\r\n"],
    );
    assert_eq!(out, ["OK", "0,0"]);
    assert_eq!(
        p.brain().asked.last().map(|a| (a.0, a.1)),
        Some((1, Color::White))
    );

    // An empty BOARD is a BEGIN.
    let out = session(&mut p, &["RESTART", "BOARD", "DONE"]);
    assert_eq!(out, ["OK", "0,0"]);
    assert_eq!(
        p.brain().asked.last().map(|a| (a.0, a.1)),
        Some((0, Color::Black))
    );
}

#[test]
fn a_board_where_renju_black_has_no_move_left_is_a_draw() {
    use crate::notation::{PositionString, RowOrigin};
    let moves =
        PositionString::parse_moves(crate::game::STUCK_BLACK, 15, RowOrigin::Bottom).unwrap();
    let stones: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{},{},{}", m.x, m.y, 1 + i % 2))
        .collect();
    let mut lines = vec!["START 15", "INFO rule 4", "BOARD"];
    lines.extend(stones.iter().map(String::as_str));
    lines.push("DONE");
    let out = session(&mut protocol(), &lines);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(is_error(&out[1]), "{out:?}");
    assert!(
        out[1].contains("black has only forbidden points left: a draw"),
        "{out:?}"
    );
}

#[test]
fn a_bad_board_is_refused_whole_and_the_old_position_kept() {
    let mut p = protocol();
    session(&mut p, &["START 15", "TURN 7,7"]);
    let before = moves(&p);
    let bad_boards: [&[&str]; 8] = [
        &["BOARD", "1,1,1", "garbage", "DONE"],
        &["BOARD", "1,1,3", "DONE"],          // continuous-game marker
        &["BOARD", "1,1,4", "DONE"],          // no such field
        &["BOARD", "1,1,1", "1,1,2", "DONE"], // two stones on one point
        &["BOARD", "20,1,1", "DONE"],         // off the board
        &["BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1", "DONE"], // a set-up five
        &["YXBOARD", "1,1,x", "DONE"],
        &[
            "BOARD", "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "5,5,1", "6,6,1", "7,7,1",
            "8,8,1", "DONE",
        ],
    ];
    for lines in bad_boards {
        let out = session(&mut p, lines);
        assert!(out.len() == 1 && is_error(&out[0]), "{lines:?}: {out:?}");
        assert_eq!(moves(&p), before, "{lines:?}");
    }
    // A command inside BOARD abandons it and is obeyed.
    let out = session(&mut p, &["BOARD", "1,1,1", "ABOUT"]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(is_error(&out[0]));
    assert!(out[1].starts_with("name=\"Test\""));
    assert_eq!(moves(&p), before);
}

/// The set-up stones of the game, with their colours.
fn setup(p: &Protocol<ScriptedBrain>) -> Vec<(Pos, Color)> {
    p.game().map(|g| g.setup().to_vec()).unwrap_or_default()
}

/// Whether `line` is a move `x,y` on an empty point of `board` (the board before it was played).
fn is_free_point(line: &str, board: &Board) -> bool {
    let point = line.split_once(',').and_then(|(x, y)| {
        let (x, y) = (x.parse::<u8>().ok()?, y.parse::<u8>().ok()?);
        Some(Pos::new(x, y))
    });
    point.is_some_and(|p| board.variant().contains(p) && board.is_empty(p))
}

#[test]
fn board_with_more_own_stones_is_a_set_up_position_we_move_in_as_black() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &["START 15", "BOARD", "7,7,1", "8,8,1", "9,9,2", "DONE"],
    );
    assert_eq!(out, ["OK", "0,0"]);
    // The side with more stones is black, and we move: the stones are set up, our move is played.
    assert_eq!(
        setup(&p),
        [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 8), Color::Black),
            (Pos::new(9, 9), Color::White)
        ]
    );
    assert_eq!(moves(&p), [Pos::new(0, 0)]);
    assert_eq!(
        p.brain().asked.last().map(|a| (a.0, a.1)),
        Some((3, Color::Black))
    );
    assert_eq!(p.game().map(|g| g.to_move()), Some(Color::White));
    // The game goes on from there, and our reply can be taken back.
    assert_eq!(session(&mut p, &["TURN 6,6"]), ["1,0"]);
    assert_eq!(session(&mut p, &["TAKEBACK 1,0"]), ["OK"]);
    assert_eq!(moves(&p), [Pos::new(0, 0), Pos::new(6, 6)]);
    assert_eq!(setup(&p).len(), 3);
}

#[test]
fn board_with_only_opponent_stones_is_a_set_up_position_we_move_in_as_white() {
    let mut p = protocol();
    let out = session(&mut p, &["START 15", "BOARD", "7,7,2", "8,8,2", "DONE"]);
    assert_eq!(out, ["OK", "0,0"]);
    assert_eq!(
        setup(&p),
        [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 8), Color::Black)
        ]
    );
    assert_eq!(
        p.brain().asked.last().map(|a| (a.0, a.1)),
        Some((2, Color::White))
    );
    assert_eq!(moves(&p), [Pos::new(0, 0)]);
}

#[test]
fn board_with_only_own_stones_is_a_set_up_position_we_move_in_as_black() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &["START 15", "BOARD", "0,0,1", "7,7,1", "8,8,1", "DONE"],
    );
    assert_eq!(out, ["OK", "1,0"]);
    assert_eq!(setup(&p).len(), 3);
    assert!(setup(&p).iter().all(|s| s.1 == Color::Black));
    assert_eq!(
        p.brain().asked.last().map(|a| (a.0, a.1)),
        Some((3, Color::Black))
    );
    assert_eq!(moves(&p), [Pos::new(1, 0)]);
}

#[test]
fn an_alternating_board_stays_a_move_record() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &["START 15", "BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"],
    );
    assert_eq!(out, ["OK", "0,0"]);
    assert!(setup(&p).is_empty());
    assert_eq!(
        moves(&p),
        [
            Pos::new(7, 7),
            Pos::new(8, 8),
            Pos::new(9, 9),
            Pos::new(0, 0)
        ]
    );
    assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::White));
}

#[test]
fn yxboard_of_a_set_up_position_then_begin_or_turn() {
    let yxboard = ["YXBOARD", "7,7,1", "8,8,1", "9,9,1", "5,5,2", "DONE"];
    let mut p = protocol();
    session(&mut p, &["START 15"]);
    // The position only: nobody is asked to move.
    assert!(session(&mut p, &yxboard).is_empty());
    assert!(p.brain().asked.is_empty());
    assert_eq!(setup(&p).len(), 4);
    assert_eq!(p.game().map(|g| g.to_move()), Some(Color::Black));
    // BEGIN plays for the side to move, the "own" side of YXBOARD.
    let before = p.game().map(|g| g.board().clone());
    let out = session(&mut p, &["BEGIN"]);
    assert!(
        out.len() == 1 && before.is_some_and(|b| is_free_point(&out[0], &b)),
        "{out:?}"
    );
    assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::Black));

    // TURN places its stone for the side to move (as after any YXBOARD) and we answer.
    session(&mut p, &["RESTART"]);
    assert!(session(&mut p, &yxboard).is_empty());
    let out = session(&mut p, &["TURN 0,14"]);
    assert_eq!(out, ["0,0"]);
    assert_eq!(moves(&p), [Pos::new(0, 14), Pos::new(0, 0)]);
    assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::White));
    // A TURN on a set-up stone is refused as ever.
    let out = session(&mut p, &["TURN 8,8"]);
    assert!(out.len() == 1 && is_error(&out[0]), "{out:?}");
}

#[test]
fn renju_black_to_move_in_a_set_up_position_never_plays_a_forbidden_point() {
    // Black's four stones make two twos crossing on 7,7 (a double three there), white has two:
    // no alternating game, so a set-up position with us, black, to move.
    let board = [
        "BOARD", "5,7,1", "6,7,1", "7,5,1", "7,6,1", "0,0,2", "14,14,2", "DONE",
    ];
    let mut p = protocol();
    session(&mut p, &["INFO rule 4", "START 15"]);
    p.brain_mut().script = [Some(Pos::new(7, 7))].into_iter().collect();
    let out = session(&mut p, &board);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[0].starts_with("DEBUG ") && out[0].contains("forbidden"),
        "{out:?}"
    );
    // The fallback skips the forbidden centre.
    assert_eq!(out[1], "8,7");
    assert_eq!(setup(&p).len(), 6);
    assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::Black));

    // Whatever point the brain names, the move printed is one a match judge accepts.
    for x in 0..15 {
        for y in 0..15 {
            let mut p = protocol();
            session(&mut p, &["INFO rule 4", "START 15"]);
            p.brain_mut().script = [Some(Pos::new(x, y))].into_iter().collect();
            let out = session(&mut p, &board);
            let variant = Variant::new(15, 5, Rule::Renju).expect("a renju board");
            let before = Game::from_setup(variant, &setup(&p), Color::Black).expect("a position");
            let played = out.last().and_then(|l| {
                let (a, b) = l.split_once(',')?;
                Some(Pos::new(a.parse().ok()?, b.parse().ok()?))
            });
            let played = played.expect("a move");
            assert!(before.check(played).is_ok(), "{x},{y}: {out:?}");
            assert_eq!(
                forbidden_in_match(before.board(), played),
                None,
                "{x},{y}: {out:?}"
            );
        }
    }
}

#[test]
fn a_set_up_board_keeps_the_real_checks() {
    let mut p = protocol();
    session(&mut p, &["START 15", "TURN 7,7"]);
    let before = moves(&p);
    let bad_boards: [&[&str]; 7] = [
        &["BOARD", "1,1,1", "2,2,1", "1,1,1", "DONE"], // two stones on one point
        &["BOARD", "1,1,1", "2,2,1", "2,2,2", "DONE"], // two stones on one point
        &["BOARD", "1,1,1", "2,2,1", "15,3,2", "DONE"], // off the board
        &["BOARD", "1,1,1", "2,2,1", "-1,3,1", "DONE"], // off the board
        &["BOARD", "1,1,1", "2,2,1", "garbage", "DONE"],
        &["YXBOARD", "1,1,2", "2,2,2", "3,3,2,", "DONE"],
        // Five opponent stones in a row: decided, nothing to play.
        &["BOARD", "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "DONE"],
    ];
    for lines in bad_boards {
        let out = session(&mut p, lines);
        assert!(out.len() == 1 && is_error(&out[0]), "{lines:?}: {out:?}");
        assert_eq!(moves(&p), before, "{lines:?}");
        assert!(setup(&p).is_empty(), "{lines:?}");
    }
    let out = session(&mut p, &["BOARD", "1,1,1", "2,2,1", "1,1,2", "DONE"]);
    assert_eq!(
        out,
        ["ERROR BOARD: two stones on 1,1; the position is unchanged"]
    );
    let out = session(
        &mut p,
        &["BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1", "DONE"],
    );
    assert_eq!(
        out,
        [
            "ERROR BOARD: the position is already decided (black made five); the position is unchanged"
        ]
    );
}

#[test]
fn takeback_of_a_set_up_stone_keeps_the_colours() {
    let mut p = protocol();
    session(
        &mut p,
        &["START 15", "BOARD", "7,7,1", "8,8,1", "9,9,2", "DONE"],
    );
    // A set-up stone that is not the last move: the rest is rebuilt, each stone keeping its
    // colour, and the turn passes back to black.
    assert_eq!(session(&mut p, &["TAKEBACK 7,7"]), ["OK"]);
    let game = p.game().cloned().expect("a game");
    assert_eq!(game.board().get(Pos::new(8, 8)), Some(Color::Black));
    assert_eq!(game.board().get(Pos::new(9, 9)), Some(Color::White));
    assert_eq!(game.board().get(Pos::new(0, 0)), Some(Color::Black));
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.board().stone_count(), 3);
}

#[test]
fn yxboard_sets_the_position_without_moving() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &["START 15", "YXBOARD", "7,7,2", "7,8,1", "8,8,2", "DONE"],
    );
    assert_eq!(out, ["OK"]);
    assert_eq!(moves(&p), [Pos::new(7, 7), Pos::new(7, 8), Pos::new(8, 8)]);
    assert!(p.brain().asked.is_empty());
    assert_eq!(p.game().map(|g| g.to_move()), Some(Color::White));
}

#[test]
fn takeback_removes_a_stone_and_answers_ok() {
    let mut p = protocol();
    session(&mut p, &["START 15", "TURN 7,7"]);
    assert_eq!(session(&mut p, &["TAKEBACK 0,0"]), ["OK"]);
    assert_eq!(moves(&p), [Pos::new(7, 7)]);
    assert_eq!(session(&mut p, &["TAKEBACK 7,7"]), ["OK"]);
    assert!(moves(&p).is_empty());
    for bad in ["TAKEBACK 7,7", "TAKEBACK 99,1", "TAKEBACK", "TAKEBACK a,b"] {
        let out = session(&mut p, &[bad]);
        assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
    }
    // Taking back an earlier stone of the side that moved last keeps a reachable position.
    session(&mut p, &["BEGIN", "TURN 5,5", "TURN 6,6"]);
    assert_eq!(
        moves(&p),
        [
            Pos::new(0, 0),
            Pos::new(5, 5),
            Pos::new(1, 0),
            Pos::new(6, 6),
            Pos::new(2, 0)
        ]
    );
    assert_eq!(session(&mut p, &["TAKEBACK 0,0"]), ["OK"]);
    let mut left = moves(&p);
    left.sort();
    assert_eq!(
        left,
        [
            Pos::new(1, 0),
            Pos::new(2, 0),
            Pos::new(5, 5),
            Pos::new(6, 6)
        ]
    );
    assert_eq!(p.game().map(|g| g.to_move()), Some(Color::Black));
}

#[test]
fn info_sets_the_clock_memory_and_rule_and_ignores_unknown_keys() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &[
            "START 15",
            "INFO timeout_turn 5000",
            "INFO timeout_match 180000",
            "INFO time_left 90000",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO rule 4",
            "INFO folder C:\\Piskvork\\tmp",
            "INFO evaluate 7,7",
            "INFO thread_num 2",
            "INFO some_future_key whatever it is",
        ],
    );
    assert_eq!(out, ["OK"]);
    let time = p.time_control();
    assert_eq!(time.turn, Some(Duration::from_millis(5000)));
    assert_eq!(time.match_total, Some(Duration::from_millis(180_000)));
    assert_eq!(time.time_left, Some(Duration::from_millis(90_000)));
    assert_eq!(p.max_memory(), Some(83_886_080));
    assert_eq!(p.brain().memory, Some(83_886_080));
    assert_eq!(p.brain().threads, Some(2));
    assert_eq!(p.game_type(), Some(1));
    assert_eq!(p.folder(), Some("C:\\Piskvork\\tmp"));
    assert_eq!(p.rule(), Rule::Renju);
    assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Renju));
    // The key is case-insensitive; a late manager's negative time left counts as none.
    session(&mut p, &["info TIME_LEFT -20"]);
    assert_eq!(p.time_control().time_left, Some(Duration::ZERO));
    // No thread at all is read as one; a thread count that is no number is refused in words.
    session(&mut p, &["INFO thread_num 0"]);
    assert_eq!(p.brain().threads, Some(1));
    assert_eq!(
        session(&mut p, &["INFO thread_num many"]),
        ["ERROR INFO thread_num: 'many' is not a number of threads"]
    );
    assert_eq!(p.brain().threads, Some(1));
}

#[test]
fn info_with_a_bad_value_is_an_error_and_keeps_the_old_value() {
    let mut p = protocol();
    session(
        &mut p,
        &["START 15", "INFO timeout_turn 1000", "INFO rule 1"],
    );
    for bad in [
        "INFO timeout_turn soon",
        "INFO timeout_turn -5",
        "INFO max_memory lots",
        "INFO rule renju",
        "INFO rule 2",
        "INFO rule 8",
        "INFO rule 16",
        "INFO",
    ] {
        let out = session(&mut p, &[bad]);
        assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
    }
    assert_eq!(p.time_control().turn, Some(Duration::from_millis(1000)));
    assert_eq!(p.rule(), Rule::Standard);
}

#[test]
fn rule_codes_read_both_ways() {
    assert_eq!(rule_from_code(0), Ok(Rule::Freestyle));
    assert_eq!(rule_from_code(1), Ok(Rule::Standard));
    assert_eq!(rule_from_code(4), Ok(Rule::Renju));
    // The bit mask: renju with the exact-five bit is still renju.
    assert_eq!(rule_from_code(5), Ok(Rule::Renju));
    assert!(rule_from_code(2).is_err());
    assert!(rule_from_code(3).is_err());
    assert!(rule_from_code(8).is_err());
    assert!(rule_from_code(32).is_err());
}

#[test]
fn the_rule_survives_start_and_restart() {
    let mut p = protocol();
    session(&mut p, &["INFO rule 1", "START 15"]);
    assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Standard));
    session(&mut p, &["RESTART"]);
    assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Standard));
    assert_eq!(p.brain().new_games, 2);
}

#[test]
fn end_stops_the_session_silently() {
    let mut p = protocol();
    assert!(session(&mut p, &["START 15", "END"]) == ["OK"]);
    assert!(p.is_finished());
}

#[test]
fn about_names_the_engine() {
    let mut p = protocol();
    assert_eq!(
        session(&mut p, &["ABOUT"]),
        ["name=\"Test\", version=\"1\", author=\"Tester\", country=\"Nowhere\""]
    );
}

#[test]
fn a_stray_carriage_return_inside_a_line_is_not_echoed_as_a_line_break() {
    // Found by the `protocol` fuzz target: the error quoted the line, `\r` and all.
    let mut p = protocol();
    let out = session(&mut p, &["START 15", "TURN 0,0\rN 1,1"]);
    assert_eq!(out, ["OK", "ERROR TURN: expected x,y, got '0,0 N 1,1'"]);
}

#[test]
fn yxstop_while_idle_prints_nothing() {
    let mut p = protocol();
    assert!(session(&mut p, &["START 15", "YXSTOP"]) == ["OK"]);
}

#[test]
fn yxshowforbid_is_empty_outside_renju() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &[
            "START 15",
            "BOARD",
            "7,7,1",
            "0,0,2",
            "DONE",
            "YXSHOWFORBID",
        ],
    );
    assert_eq!(out.last().map(String::as_str), Some("FORBID ."));
    // Before START there is no board, and no forbidden point either.
    assert_eq!(session(&mut protocol(), &["YXSHOWFORBID"]), ["FORBID ."]);
}

/// Black to move in renju with two twos crossing on 7,7: playing there would make a double-three.
const DOUBLE_THREE: [&str; 10] = [
    "YXBOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2", "DONE",
];

#[test]
fn yxshowforbid_lists_blacks_forbidden_points_in_renju() {
    let mut p = protocol();
    session(&mut p, &["INFO rule 4", "START 15"]);
    assert!(session(&mut p, &DOUBLE_THREE).is_empty());
    let out = session(&mut p, &["YXSHOWFORBID"]);
    assert_eq!(out, ["FORBID 0707."]);
    // The same position under freestyle has none.
    session(&mut p, &["INFO rule 0"]);
    assert_eq!(session(&mut p, &["YXSHOWFORBID"]), ["FORBID ."]);
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let mut p = protocol();
    session(&mut p, &["INFO rule 4", "START 15"]);
    session(&mut p, &DOUBLE_THREE);
    p.brain_mut().script = [Some(Pos::new(7, 7))].into_iter().collect();
    let out = session(&mut p, &["BEGIN"]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[0].starts_with("DEBUG ") && out[0].contains("forbidden"),
        "{out:?}"
    );
    assert_ne!(out[1], "7,7");
    assert_eq!(p.game().map(|g| g.moves().len()), Some(9));
}

#[test]
fn renju_black_never_plays_a_five_that_is_also_an_overline() {
    // 5,5 makes five down column 5 and six across row 5: c-gomoku-cli calls it an overline.
    let mut p = protocol();
    session(&mut p, &["INFO rule 4", "START 15"]);
    let black = [
        "5,1", "5,2", "5,3", "5,4", "1,5", "2,5", "3,5", "4,5", "6,5",
    ];
    let white = [
        "14,14", "12,14", "10,14", "8,14", "14,12", "14,10", "14,8", "0,14", "2,14",
    ];
    let mut lines = vec!["YXBOARD".to_owned()];
    for (b, w) in black.iter().zip(white) {
        lines.push(format!("{b},1"));
        lines.push(format!("{w},2"));
    }
    lines.push("DONE".to_owned());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let set = session(&mut p, &lines);
    assert!(set.is_empty(), "{set:?}");
    p.brain_mut().script = [Some(Pos::new(5, 5))].into_iter().collect();
    let out = session(&mut p, &["BEGIN"]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[0].starts_with("DEBUG ") && out[0].contains("overline"),
        "{out:?}"
    );
    assert_eq!(out[1], "7,7");
}

#[test]
fn a_forbidden_move_by_the_opponent_is_refused() {
    let mut p = protocol();
    session(&mut p, &["INFO rule 4", "START 15"]);
    // We are white, one stone behind; our scripted answer leaves black to move into 7,7.
    p.brain_mut().script = [Some(Pos::new(14, 14))].into_iter().collect();
    let lines = [
        "BOARD", "5,7,2", "0,0,1", "6,7,2", "14,0,1", "7,5,2", "0,14,1", "7,6,2", "DONE",
    ];
    assert_eq!(session(&mut p, &lines), ["14,14"]);
    let out = session(&mut p, &["TURN 7,7"]);
    assert!(
        out.len() == 1 && is_error(&out[0]) && out[0].contains("forbidden"),
        "{out:?}"
    );
    // The reason is given once, in plain words.
    assert_eq!(out[0], "ERROR TURN 7,7: forbidden for black: double three");
    assert_eq!(p.game().map(|g| g.moves().len()), Some(8));
    // White may play there: the point is only forbidden for black.
    assert_eq!(session(&mut p, &["TURN 9,9"]).len(), 1);
}

#[test]
fn unknown_commands_and_garbage_get_unknown() {
    let mut p = protocol();
    session(&mut p, &["START 15"]);
    for line in [
        "HELLO",
        "PLAY 7,7",
        "7,7",
        "\u{1b}[A",
        "ÿÿÿ",
        "SWAP2BOARD",
        "YXNBEST 3",
    ] {
        let out = session(&mut p, &[line]);
        assert!(
            out.len() == 1 && out[0].starts_with("UNKNOWN "),
            "{line:?}: {out:?}"
        );
    }
    // Empty lines are ignored, as managers do.
    assert!(session(&mut p, &["", "\r\n", "   "]).is_empty());
    assert!(moves(&p).is_empty());
}

#[test]
fn an_illegal_or_missing_brain_move_is_replaced_by_a_legal_one() {
    let mut p = protocol();
    p.brain_mut().script = [Some(Pos::new(7, 7)), None].into_iter().collect();
    let out = session(&mut p, &["START 15", "TURN 7,7"]);
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[1].starts_with("DEBUG "), "{out:?}");
    // The fallback is the free point nearest the centre.
    assert_eq!(out[2], "7,6");
    let out = session(&mut p, &["TURN 0,0"]);
    assert!(out[0].starts_with("DEBUG "), "{out:?}");
    assert_eq!(out.len(), 2);
    let game = p.game().cloned();
    assert_eq!(game.map(|g| g.moves().len()), Some(4));
}

#[test]
fn the_brain_gets_the_budget_from_the_clock_and_the_stop_flag() {
    let mut p = protocol();
    session(&mut p, &["START 15", "BEGIN"]);
    // No clock: the default think time.
    assert_eq!(p.brain().asked[0].2, ThinkTime::fixed(ms(700)));
    session(&mut p, &["INFO timeout_turn 2000", "TURN 7,7"]);
    assert_eq!(p.brain().asked[1].2, ThinkTime::fixed(ms(1900)));
    let stop = AtomicBool::new(true);
    p.handle("TURN 8,8", &stop);
    assert!(p.brain().saw_stop);
}

#[test]
fn a_whole_session_as_a_manager_plays_it() {
    let mut p = protocol();
    let out = session(
        &mut p,
        &[
            "START 15",
            "INFO timeout_match 60000",
            "INFO timeout_turn 1000",
            "INFO max_memory 0",
            "INFO rule 0",
            "INFO time_left 60000",
            "BEGIN",
            "INFO time_left 59000",
            "TURN 7,7",
            "TAKEBACK 1,0",
            "TAKEBACK 7,7",
            "TURN 7,7",
            "RESTART",
            "BOARD",
            "7,7,2",
            "DONE",
            "ABOUT",
            "END",
        ],
    );
    assert_eq!(
        out,
        [
            "OK",
            "0,0",
            "1,0",
            "OK",
            "OK",
            "1,0",
            "OK",
            "0,0",
            "name=\"Test\", version=\"1\", author=\"Tester\", country=\"Nowhere\"",
        ]
    );
    assert!(p.is_finished());
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The time manager's (meant, most) for `tc` on an open 15×15 board (225 free points).
fn times(tc: TimeControl, empty: usize) -> (Duration, Duration) {
    let time = tc.think_time(Duration::from_secs(9), empty);
    (time.optimum, time.maximum)
}

#[test]
fn without_a_clock_a_move_gets_the_default_time() {
    let time = TimeControl::default().think_time(Duration::from_secs(1), 225);
    assert_eq!(time, ThinkTime::fixed(Duration::from_secs(1)));
}

#[test]
fn a_turn_limit_alone_is_one_time_less_its_margin() {
    let turn = |n| TimeControl {
        turn: Some(ms(n)),
        ..TimeControl::default()
    };
    assert_eq!(times(turn(1000), 225), (ms(950), ms(950)));
    assert_eq!(times(turn(100), 225), (ms(75), ms(75)));
    assert_eq!(times(turn(30_000), 225), (ms(29_800), ms(29_800)));
    // Zero is "as fast as possible", and tiny limits never go negative.
    assert_eq!(times(turn(0), 225), (ms(0), ms(0)));
    assert_eq!(times(turn(10), 225), (ms(0), ms(0)));
}

#[test]
fn the_match_clock_is_shared_over_the_moves_to_come_and_may_stretch() {
    let tc = TimeControl {
        turn: Some(Duration::from_secs(30)),
        match_total: Some(Duration::from_secs(180)),
        time_left: Some(Duration::from_secs(100)),
        increment: None,
    };
    // 100 s less a 0.2 s margin, over 25 moves to go on an open board; three times that at most.
    assert_eq!(times(tc, 225), (ms(3992), ms(11_976)));
    // Near the end of a crowded board, fewer moves are left to pay for, and at most a quarter
    // of what is left.
    assert_eq!(times(tc, 10), (ms(99_800) / 8, ms(24_950)));
    // Almost out of time: almost nothing, and never more than is left.
    let short = TimeControl {
        time_left: Some(ms(20)),
        ..tc
    };
    assert_eq!(times(short, 225), (ms(0), ms(0)));
    let none_left = TimeControl {
        time_left: Some(Duration::ZERO),
        ..tc
    };
    assert_eq!(times(none_left, 225), (ms(0), ms(0)));
}

#[test]
fn an_increment_from_info_is_spent_on_the_move_that_earns_it() {
    let mut p = protocol();
    session(
        &mut p,
        &[
            "START 15",
            "INFO timeout_match 10000",
            "INFO time_left 10000",
            "INFO time_increment 1000",
            "BEGIN",
        ],
    );
    // 9.8 s over 25 moves, and three quarters of the second to come.
    assert_eq!(p.brain().asked[0].2.optimum, ms(392 + 750));
    assert!(p.brain().asked[0].2.maximum > ms(1142));
}

#[test]
fn time_left_is_ignored_when_the_match_is_unlimited() {
    // c-gomoku-cli sends timeout_match 0 and a huge time_left when only the turn is limited.
    let tc = TimeControl {
        turn: Some(ms(500)),
        match_total: Some(Duration::ZERO),
        time_left: Some(ms(2_147_483_647)),
        increment: None,
    };
    assert_eq!(times(tc, 225), (ms(475), ms(475)));
    // And a turn limit bigger than the match share is cut to the share.
    let tight = TimeControl {
        match_total: Some(Duration::from_secs(10)),
        time_left: Some(ms(2500)),
        ..tc
    };
    assert_eq!(times(tight, 225), (ms(2375) / 25, ms(2375) / 25 * 3));
}

mod garbage {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Whatever a broken manager sends, the engine answers in single lines, never panics, and
        /// still plays a legal game afterwards.
        #[test]
        fn random_lines_never_break_the_engine(lines in proptest::collection::vec(
            prop_oneof![
                "[ -~]{0,30}",
                "(START|RECTSTART|TURN|BOARD|YXBOARD|DONE|TAKEBACK|INFO|BEGIN|RESTART|YXSHOWFORBID) ?[-0-9, a-z_]{0,12}",
                "[0-9]{1,2},[0-9]{1,2},[0-4]",
            ],
            0..40,
        )) {
            let mut p = protocol();
            let stop = AtomicBool::new(false);
            for line in &lines {
                for out in p.handle(line, &stop) {
                    prop_assert!(!out.contains('\n') && !out.contains('\r'));
                }
                if let Some(game) = p.game() {
                    // Every stone on the board comes from a legal record (a setup and moves).
                    let replay =
                        Game::from_record(game.variant(), game.setup(), game.first_to_move(), game.moves());
                    prop_assert!(replay.is_ok());
                }
            }
            if p.is_finished() {
                return Ok(());
            }
            let out = session(&mut p, &["DONE", "START 15", "BEGIN"]);
            prop_assert_eq!(out.last().map(String::as_str), Some("0,0"));
        }
    }
}

mod any_position {
    use proptest::prelude::*;

    use super::*;
    use crate::forbidden;

    /// Stones on distinct points of a 15×15 board, black and white alternating in the order drawn, a
    /// stone skipped when it would make a winning row: a crowded position with no five, in an order
    /// that often passes through a black forbidden point.
    fn position(rule: Rule, points: &[(u8, u8)]) -> Board {
        let variant = Variant::new(15, 5, rule).expect("15x15 is a variant");
        let mut board = Board::new(variant);
        let mut color = Color::Black;
        for &(x, y) in points {
            let p = Pos::new(x, y);
            if !board.is_empty(p) {
                continue;
            }
            board.place(p, color);
            if board.is_win_at(p) {
                board.remove(p);
                continue;
            }
            color = color.opponent();
        }
        board
    }

    proptest! {
        /// Issue 14: YXBOARD accepts every position with no five, whatever order its stones come in,
        /// and the forbidden points it then lists are those of a point-by-point check on the position.
        #[test]
        fn yxboard_accepts_every_position_without_a_five(
            code in prop::sample::select(vec![0u32, 1, 4]),
            points in prop::collection::vec((0u8..15, 0u8..15), 0..180),
        ) {
            let rule = rule_from_code(code).expect("a known rule");
            let board = position(rule, &points);
            let black = board.stones().filter(|s| s.1 == Color::Black).count();
            let to_move = if black * 2 == board.stone_count() { Color::Black } else { Color::White };
            let mut lines = vec![format!("INFO rule {code}"), "START 15".to_owned(), "YXBOARD".to_owned()];
            lines.extend(board.stones().map(|(p, c)| format!("{},{},{}", p.x, p.y, if c == to_move { 1 } else { 2 })));
            lines.push("DONE".to_owned());
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let mut p = protocol();
            let out = session(&mut p, &lines);
            prop_assert!(out.iter().all(|l| !is_error(l)), "refused: {:?}\n{}", out, board.diagram());
            let game = p.game().expect("a game after START");
            prop_assert_eq!(game.board(), &board);
            prop_assert_eq!(game.to_move(), to_move);

            let mut expected = String::from("FORBID ");
            if rule == Rule::Renju {
                for y in 0..15 {
                    for x in 0..15 {
                        let at = Pos::new(x, y);
                        if board.is_empty(at) && forbidden(&board, at).is_some() {
                            expected.push_str(&format!("{x:02}{y:02}"));
                        }
                    }
                }
            }
            expected.push('.');
            prop_assert_eq!(session(&mut p, &["YXSHOWFORBID"]), vec![expected]);
        }
    }
}
