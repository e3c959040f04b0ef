//! `tengen-adapt` plays its games, prints one line each and a verdict, and is the same for a seed.

use std::process::Command;

fn run(seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-adapt"))
        .args([
            "--player-step",
            "5",
            "--games",
            "6",
            "--nodes",
            "2000",
            "--seed",
            seed,
        ])
        .output()
        .expect("tengen-adapt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("text")
}

/// The output without the times, which vary.
fn without_times(text: &str) -> String {
    text.lines()
        .map(|l| {
            l.split(" (")
                .next()
                .unwrap_or(l)
                .split("; ")
                .next()
                .unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn six_games_one_line_each_then_the_verdict() {
    let text = run("3");
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6, "{text}");
    // The first opponent is a new player's: Low, step 2.
    assert!(
        games[0].starts_with("game 1: player step 5 vs step 2: "),
        "{text}"
    );
    assert!(games.iter().all(|l| l.contains(", rating ")), "{text}");
    assert!(text.contains("settled"), "{text}");
    assert_eq!(without_times(&run("3")), without_times(&text));
}

#[test]
fn a_step_off_the_ladder_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-adapt"))
        .args(["--player-step", "15"])
        .output()
        .expect("tengen-adapt runs");
    assert!(!out.status.success());
}
