//! The built `pbrain-tengen` binary, driven over real pipes the way a manager drives it.

mod support;

use std::time::{Duration, Instant};

use support::{folder, run, stderr_of_failure};
use tengen_tools::external::EngineProcess;

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
