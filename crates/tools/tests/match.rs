//! `tengen-match` end to end: an in-process level against the `pbrain-tengen` binary over pipes.

use std::process::Command;

#[test]
fn tengen_match_plays_a_level_against_an_external_engine() {
    let engine = concat!("cmd:", env!("CARGO_BIN_EXE_pbrain-tengen"), " --level low");
    let stdout = run_match(&[
        "low",
        engine,
        "--games",
        "2",
        "--time-ms",
        "300",
        "--verbose",
    ]);
    assert!(stdout.contains("2 games"), "{stdout}");
    // Both games were played, one with each colour.
    assert!(
        stdout.contains("game   1/2: black low vs white pbrain-tengen"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game   2/2: black pbrain-tengen vs white low"),
        "{stdout}"
    );
    for name in ["low", "pbrain-tengen"] {
        assert_played_cleanly(&stdout, name, 2);
    }
}

/// Runs `tengen-match` with `args` to the end and returns its report; it must succeed.
fn run_match(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(args)
        .output();
    assert!(output.is_ok(), "tengen-match did not run: {output:?}");
    let output = output.unwrap_or_else(|_| unreachable!());
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `name`'s row of the report shows `games` games with no crash and no illegal move.
fn assert_played_cleanly(stdout: &str, name: &str, games: u32) {
    // Each player's row: name, W, L, D, score, black W-L-D, white W-L-D, crash, time, illegal, ...
    let row = stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name) && l.contains('%'));
    let cells: Vec<&str> = row
        .map(|r| r.split_whitespace().collect())
        .unwrap_or_default();
    assert!(cells.len() >= 10, "{name}: {stdout}");
    let played: u32 = cells[1..4]
        .iter()
        .filter_map(|c| c.parse::<u32>().ok())
        .sum();
    assert_eq!(played, games, "{name}: {stdout}");
    assert_eq!(cells[7], "0", "{name} crashed: {stdout}");
    assert_eq!(cells[9], "0", "{name} played an illegal move: {stdout}");
}

#[test]
fn the_reference_bots_play_whole_renju_games_legally() {
    let stdout = run_match(&[
        "bot:minimax",
        "bot:threats",
        "--rule",
        "renju",
        "--games",
        "6",
        "--time-ms",
        "1000",
    ]);
    for name in ["bot:minimax", "bot:threats"] {
        assert_played_cleanly(&stdout, name, 6);
    }
}

#[test]
fn tengen_match_refuses_an_unknown_player() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(["low", "grandmaster"])
        .output();
    assert!(
        output.is_ok_and(|o| !o.status.success()
            && String::from_utf8_lossy(&o.stderr).contains("unknown player"))
    );
}

#[test]
fn tengen_match_exports_openings_for_c_gomoku_cli() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(["low", "low", "--rule", "renju", "--export-offset"])
        .output();
    let stdout = output
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() >= 20, "{stdout}");
    // Every opening starts on the centre: offset 0,0.
    assert!(lines.iter().all(|l| l.starts_with("0,0")), "{stdout}");
}

/// With `--sprt`, the verdict is the one the test reached: a pair of games still being played when
/// it decided finishes (and shows in the table) but no longer moves the verdict. Medium against Low
/// with a wide hypothesis decides within a few pairs.
#[test]
fn the_sprt_verdict_stands_once_reached() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args([
            "medium",
            "low",
            "--games",
            "40",
            "--time-ms",
            "50",
            "--sprt",
            "0,400",
            "--concurrency",
            "2",
        ])
        .output()
        .expect("tengen-match runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let steps: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("sprt after"))
        .collect();
    let decided = steps.iter().position(|l| !l.ends_with("inconclusive"));
    let Some(decided) = decided else {
        panic!("Medium against Low did not decide in 40 games: {stdout}");
    };
    assert_eq!(
        decided,
        steps.len() - 1,
        "a step after the verdict: {stdout}"
    );
    let games = steps[decided]
        .split_whitespace()
        .nth(2)
        .expect("a game count");
    let last = stdout
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .expect("the SPRT summary");
    assert!(
        last.contains(&format!(": {games} games in whole pairs up to the verdict")),
        "{last}"
    );
    assert!(last.ends_with("H1 accepted (stronger)"), "{last}");
}
