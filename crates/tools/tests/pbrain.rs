//! The built `pbrain-tengen` binary, driven over real pipes the way a manager drives it.

mod support;

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{Color, Game, Pos, forbidden_in_match};
use tengen_tools::openings::parse_openings;

use support::{folder, run, stderr_of_failure};
use tengen_host::EngineProcess;

const WAIT: Duration = Duration::from_secs(20);

fn engine() -> EngineProcess {
    let spawned =
        EngineProcess::spawn(concat!(env!("CARGO_BIN_EXE_pbrain-tengen"), " --level low"));
    assert!(
        spawned.is_ok(),
        "pbrain-tengen did not start: {:?}",
        spawned.err()
    );
    spawned.unwrap_or_else(|_| unreachable!())
}

/// The next line that is not a MESSAGE or DEBUG line.
fn answer(engine: &mut EngineProcess) -> String {
    answer_and_messages(engine).0
}

/// The next line that is not a MESSAGE or DEBUG line, and the MESSAGE lines before it.
fn answer_and_messages(engine: &mut EngineProcess) -> (String, Vec<String>) {
    let deadline = Instant::now() + WAIT;
    let mut messages = Vec::new();
    loop {
        let line = engine.read_line(deadline);
        assert!(line.is_ok(), "no answer: {line:?}");
        let line = line.unwrap_or_default();
        if line.starts_with("MESSAGE") {
            messages.push(line);
        } else if !line.starts_with("DEBUG") {
            return (line, messages);
        }
    }
}

fn send(engine: &mut EngineProcess, line: &str) {
    assert!(engine.send(line).is_ok(), "could not send {line}");
}

fn parse_move(line: &str) -> Option<(u8, u8)> {
    let (x, y) = line.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

#[test]
fn pbrain_tengen_plays_a_short_game_over_pipes() {
    let mut engine = engine();
    send(&mut engine, "START 15");
    assert_eq!(answer(&mut engine), "OK");
    send(&mut engine, "INFO timeout_turn 500");
    send(&mut engine, "INFO rule 4");
    send(&mut engine, "ABOUT");
    assert!(answer(&mut engine).starts_with("name=\"Tengen\""));

    send(&mut engine, "TURN 7,7");
    let reply = answer(&mut engine);
    let first = parse_move(&reply);
    assert!(
        first.is_some_and(|(x, y)| x < 15 && y < 15 && (x, y) != (7, 7)),
        "{reply}"
    );

    // Garbage and an illegal move are answered, and the engine keeps playing.
    send(&mut engine, "PLEASE MOVE");
    assert!(answer(&mut engine).starts_with("UNKNOWN"));
    send(&mut engine, "TURN 7,7");
    assert!(answer(&mut engine).starts_with("ERROR"));
    send(&mut engine, "YXSHOWFORBID");
    assert_eq!(answer(&mut engine), "FORBID .");

    send(&mut engine, "TURN 8,8");
    let second = parse_move(&answer(&mut engine));
    assert!(second.is_some_and(|m| Some(m) != first && m != (7, 7) && m != (8, 8)));

    send(&mut engine, "END");
    // After END the engine exits: its output closes.
    assert!(engine.read_line(Instant::now() + WAIT).is_err());
}

#[test]
fn pbrain_tengen_answers_a_board_and_respects_a_tiny_turn_time() {
    let mut engine = engine();
    send(&mut engine, "START 20");
    assert_eq!(answer(&mut engine), "OK");
    send(&mut engine, "INFO timeout_turn 100");
    for line in ["BOARD", "10,10,2", "11,11,1", "10,11,2", "DONE"] {
        send(&mut engine, line);
    }
    let started = Instant::now();
    let reply = answer(&mut engine);
    let took = started.elapsed();
    let m = parse_move(&reply);
    assert!(
        m.is_some_and(|m| m.0 < 20 && m.1 < 20 && ![(10, 10), (11, 11), (10, 11)].contains(&m)),
        "{reply}"
    );
    // Generous on purpose (a loaded machine): the point is that the engine did not think for long.
    assert!(took < Duration::from_secs(5), "took {took:?}");
    send(&mut engine, "END");
}

/// A position no alternating game reaches (a set-up position, as an editor sends it) is played, not
/// refused: in freestyle, and in renju with black to move, where the centre is a double three.
#[test]
fn pbrain_tengen_plays_a_set_up_board() {
    let mut engine = engine();
    send(&mut engine, "START 15");
    assert_eq!(answer(&mut engine), "OK");
    send(&mut engine, "INFO timeout_turn 200");
    for line in ["BOARD", "7,7,1", "8,8,1", "9,9,2", "DONE"] {
        send(&mut engine, line);
    }
    let reply = answer(&mut engine);
    let m = parse_move(&reply);
    assert!(
        m.is_some_and(|m| m.0 < 15 && m.1 < 15 && ![(7, 7), (8, 8), (9, 9)].contains(&m)),
        "{reply}"
    );
    send(&mut engine, "END");

    let mut engine = renju_engine("low", 200);
    let black = [(5, 7), (6, 7), (7, 5), (7, 6)].map(|(x, y)| Pos::new(x, y));
    let white = [(0, 0), (14, 14)].map(|(x, y)| Pos::new(x, y));
    send(&mut engine, "BOARD");
    for (stones, field) in [(&black[..], 1), (&white[..], 2)] {
        for p in stones {
            send(&mut engine, &format!("{},{},{field}", p.x, p.y));
        }
    }
    send(&mut engine, "DONE");
    let variant = tengen_engine::Preset::Renju15.variant();
    let stones: Vec<(Pos, Color)> = black
        .iter()
        .map(|&p| (p, Color::Black))
        .chain(white.iter().map(|&p| (p, Color::White)))
        .collect();
    let game = Game::from_setup(variant, &stones, Color::Black).expect("a position");
    legal_black_answer(&mut engine, &game, "set-up position");
    send(&mut engine, "END");
}

#[test]
fn pbrain_tengen_takes_a_tuning_setting_and_refuses_a_bad_one_in_plain_words() {
    let exe = env!("CARGO_BIN_EXE_pbrain-tengen");
    for (setting, words) in [
        ("bogus=1", "unknown tuning key \"bogus\""),
        ("quiesce", "expected key=value"),
        ("quiesce=two", "is not a whole number"),
    ] {
        let stderr = stderr_of_failure(&run(exe, &["--tune", setting]));
        assert!(stderr.contains(words), "{setting}: {stderr}");
    }
    let spawned = EngineProcess::spawn(&format!("{exe} --tune quiesce=0 --tune pace=0"));
    assert!(spawned.is_ok(), "{:?}", spawned.err());
    let mut engine = spawned.unwrap_or_else(|_| unreachable!());
    send(&mut engine, "START 15");
    assert_eq!(answer(&mut engine), "OK");
    send(&mut engine, "BEGIN");
    assert!(parse_move(&answer(&mut engine)).is_some());
    send(&mut engine, "END");
}

/// The evaluation `pbrain-tengen --nodes 3000 <extra>` reports for a quiet four-stone position.
fn evaluation_with(extra: &str) -> String {
    let exe = env!("CARGO_BIN_EXE_pbrain-tengen");
    let spawned = EngineProcess::spawn(&format!("{exe} --nodes 3000 {extra}"));
    assert!(spawned.is_ok(), "{:?}", spawned.err());
    let mut engine = spawned.unwrap_or_else(|_| unreachable!());
    send(&mut engine, "START 15");
    assert_eq!(answer(&mut engine), "OK");
    for line in ["BOARD", "7,7,2", "8,8,1", "6,9,2", "10,6,1", "DONE"] {
        send(&mut engine, line);
    }
    let (reply, messages) = answer_and_messages(&mut engine);
    assert!(parse_move(&reply).is_some(), "{reply}");
    // The last search report: `MESSAGE depth D ev E nodes …`.
    let evaluation = messages
        .iter()
        .rev()
        .filter(|m| m.starts_with("MESSAGE depth"))
        .find_map(|m| m.split(" ev ").nth(1)?.split(' ').next().map(str::to_owned));
    send(&mut engine, "END");
    assert!(evaluation.is_some(), "no evaluation reported");
    evaluation.unwrap_or_default()
}

#[test]
fn pbrain_tengen_plays_with_a_weights_file_and_refuses_a_damaged_one() {
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights");
    // Round 4's table evaluates the position otherwise than the embedded net.
    let embedded = evaluation_with("");
    let round_4 = evaluation_with(&format!("--weights {weights}/eval-v4.bin"));
    assert_ne!(embedded, round_4);
    // The renju table is only for renju: freestyle still evaluates with the embedded net.
    let renju_file = evaluation_with(&format!("--renju-weights {weights}/eval-renju-v2.bin"));
    assert_eq!(renju_file, embedded);

    let dir = folder("pbrain", "weights");
    let cut = dir.join("cut.bin");
    let bytes = std::fs::read(format!("{weights}/eval-v4.bin")).expect("round 4's table");
    std::fs::write(&cut, &bytes[..bytes.len() - 1]).expect("a damaged copy");
    let missing = dir.join("missing.bin");
    for (flag, file, words) in [
        ("--weights", &cut, "should be"),
        ("--renju-weights", &missing, "cannot read the weights file"),
    ] {
        let file = file.to_str().expect("a UTF-8 path");
        let stderr = stderr_of_failure(&run(env!("CARGO_BIN_EXE_pbrain-tengen"), &[flag, file]));
        assert!(stderr.contains(words), "{flag}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `pbrain-tengen --level <level>` on a 15x15 renju board with `timeout_turn` ms a move.
fn renju_engine(level: &str, timeout_turn: u64) -> EngineProcess {
    let command = format!("{} --level {level}", env!("CARGO_BIN_EXE_pbrain-tengen"));
    let spawned = EngineProcess::spawn(&command);
    assert!(spawned.is_ok(), "{:?}", spawned.err());
    let mut engine = spawned.unwrap_or_else(|_| unreachable!());
    for line in ["INFO rule 4", "START 15"] {
        send(&mut engine, line);
    }
    assert_eq!(answer(&mut engine), "OK");
    send(&mut engine, &format!("INFO timeout_turn {timeout_turn}"));
    engine
}

/// Sends `stones` (in move order, black first, alternating) as `BOARD`, the engine to move.
fn send_board(engine: &mut EngineProcess, stones: &[Pos]) {
    send(engine, "BOARD");
    for (i, p) in stones.iter().enumerate() {
        let own = (stones.len() - i).is_multiple_of(2);
        send(
            engine,
            &format!("{},{},{}", p.x, p.y, if own { 1 } else { 2 }),
        );
    }
    send(engine, "DONE");
}

/// The engine's answer as black in `game`: a free point that no match judge calls forbidden.
fn legal_black_answer(engine: &mut EngineProcess, game: &Game, what: &str) -> Pos {
    let reply = answer(engine);
    let m = parse_move(&reply).map(|(x, y)| Pos::new(x, y));
    let Some(pos) = m.filter(|&p| game.variant().contains(p) && game.board().is_empty(p)) else {
        panic!("{what}: answered '{reply}'\n{}", game.board().diagram());
    };
    assert_eq!(
        forbidden_in_match(game.board(), pos),
        None,
        "{what}: played {pos:?}\n{}",
        game.board().diagram()
    );
    pos
}

/// Positions where black's most tempting point is forbidden: black's only five also makes six
/// (the overline of issue 37), the gap of XXX_XX, a double four that would win, and a block of
/// white's four that would make six. As `x,y` moves in order, black first.
const TEMPTING: [&str; 4] = [
    "3,7 2,7 4,7 0,0 5,7 14,14 6,7 0,14 7,5 14,0 7,6 12,2 7,8 2,12 7,9 7,4 7,10 7,11",
    "3,7 0,0 4,7 14,14 5,7 0,14 7,7 14,0 8,7 2,7",
    "4,7 3,7 5,7 7,3 6,7 0,0 7,4 14,14 7,5 0,14 7,6 14,0",
    "2,3 3,3 7,1 4,3 7,2 5,3 7,4 6,3 7,5 0,14 7,6 14,14",
];

/// Every entry point of the binary, as c-gomoku-cli drives it (`BOARD` for a position, then `TURN`,
/// or `BEGIN` on an empty board), at 5, 20 and 50 ms a move and at each level: black's answer is
/// never a point c-gomoku-cli would call forbidden, in the tempting positions and in games against
/// a random white from the renju openings.
#[test]
fn pbrain_tengen_never_answers_renju_black_with_a_forbidden_point() {
    let variant = tengen_engine::Preset::Renju15.variant();
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openings/renju15.txt"))
            .expect("the renju openings");
    let openings = parse_openings(&text, variant).expect("openings that parse");
    let mut rng = StdRng::seed_from_u64(37);
    for (k, level) in ["low", "medium", "expert"].into_iter().enumerate() {
        for (t, timeout_turn) in [5u64, 20, 50].into_iter().enumerate() {
            let mut engine = renju_engine(level, timeout_turn);
            for (i, position) in TEMPTING.iter().enumerate() {
                let stones: Vec<Pos> = position
                    .split_whitespace()
                    .filter_map(parse_move)
                    .map(|(x, y)| Pos::new(x, y))
                    .collect();
                let coloured: Vec<(Pos, Color)> = stones
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (p, Color::to_move_at(i)))
                    .collect();
                let game = Game::from_setup(variant, &coloured, Color::Black);
                let game = game.expect("a position");
                send_board(&mut engine, &stones);
                let what = format!("{level} at {timeout_turn} ms, tempting position {i}");
                legal_black_answer(&mut engine, &game, &what);
            }
            // One game from an opening (BOARD, then TURN), one from the empty board (BEGIN, then
            // TURN); the engine is black, white plays at random.
            let opening = &openings[(3 * k + t) % openings.len()].moves;
            for start in [opening.clone(), Vec::new()] {
                send(&mut engine, "START 15");
                assert_eq!(answer(&mut engine), "OK");
                let mut game = Game::from_moves(variant, &start).expect("a legal opening");
                if game.to_move() == Color::White {
                    let white = random_white(&game, &mut rng);
                    game.play(white).expect("a free point");
                }
                if game.moves().is_empty() {
                    send(&mut engine, "BEGIN");
                } else {
                    send_board(&mut engine, game.moves());
                }
                loop {
                    let what = format!("{level} at {timeout_turn} ms, move {}", game.moves().len());
                    let black = legal_black_answer(&mut engine, &game, &what);
                    game.play(black).expect("a legal move");
                    if game.outcome().is_some() || game.moves().len() >= 70 {
                        break;
                    }
                    let white = random_white(&game, &mut rng);
                    game.play(white).expect("a free point");
                    if game.outcome().is_some() {
                        break;
                    }
                    send(&mut engine, &format!("TURN {},{}", white.x, white.y));
                }
            }
            send(&mut engine, "END");
        }
    }
}

/// Near a full renju board, black to move with three points left: after d6 or e6 (3,9 or 4,9),
/// white can leave black only forbidden points. The game's rules call that a draw; c-gomoku-cli
/// asks black for a move anyway, which loses. So pbrain-tengen, playing under such referees, takes
/// the third point, c7 (the stones of `support::stuck_black_record` less its moves 83 and 106,
/// counted from 0).
#[test]
fn pbrain_tengen_as_renju_black_keeps_a_legal_move_for_the_end() {
    let moves = tengen_engine::PositionString::parse_moves(
        &support::stuck_black_record(),
        15,
        tengen_engine::RowOrigin::Bottom,
    )
    .expect("the record's moves");
    let kept = |parity: usize, without: usize| {
        (0..moves.len())
            .filter(move |&i| i % 2 == parity && i != without)
            .map(|i| moves[i])
    };
    // Black's stones and white's in turn, so that `send_board` colours them right.
    let stones: Vec<Pos> = kept(0, 106)
        .zip(kept(1, 83))
        .flat_map(|(b, w)| [b, w])
        .collect();
    assert_eq!(stones.len(), 222);
    let mut engine = renju_engine("expert", 1000);
    send_board(&mut engine, &stones);
    assert_eq!(answer(&mut engine), "2,8");
    send(&mut engine, "END");
}

/// A free point next to a stone, at random: white plays anything, so black's positions vary.
fn random_white(game: &Game, rng: &mut StdRng) -> Pos {
    let board = game.board();
    let near: Vec<Pos> = board
        .empty_points()
        .filter(|p| {
            board
                .stones()
                .any(|(s, _)| s.x.abs_diff(p.x) <= 1 && s.y.abs_diff(p.y) <= 1)
        })
        .collect();
    near[rng.random_range(0..near.len())]
}
