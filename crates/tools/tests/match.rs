//! `tengen-match` end to end: an in-process level against the `pbrain-tengen` binary over pipes.

use std::process::Command;

#[test]
fn tengen_match_plays_a_level_against_an_external_engine() {
    let engine = concat!("cmd:", env!("CARGO_BIN_EXE_pbrain-tengen"), " --level low");
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args([
            "low",
            engine,
            "--games",
            "2",
            "--time-ms",
            "300",
            "--verbose",
        ])
        .output();
    assert!(output.is_ok(), "tengen-match did not run: {output:?}");
    let output = output.unwrap_or_else(|_| unreachable!());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
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
    // Each player's row: name, W, L, D, score, black W-L-D, white W-L-D, crash, time, illegal, ...
    for name in ["low", "pbrain-tengen"] {
        let row = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name) && l.contains('%'));
        let cells: Vec<&str> = row
            .map(|r| r.split_whitespace().collect())
            .unwrap_or_default();
        assert!(cells.len() >= 10, "{name}: {stdout}");
        let games: u32 = cells[1..4]
            .iter()
            .filter_map(|c| c.parse::<u32>().ok())
            .sum();
        assert_eq!(games, 2, "{name}: {stdout}");
        assert_eq!(cells[7], "0", "{name} crashed: {stdout}");
        assert_eq!(cells[9], "0", "{name} played an illegal move: {stdout}");
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
