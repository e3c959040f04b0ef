//! `tengen-match --round-robin`: three `pbrain-tengen` engines (node-limited, so the games do not
//! depend on the machine's load) play every pairing with both colours through the tournament code
//! the game shares, and the cross table, the SGF files and the resume file come out.

mod support;

fn engine(step: u32, nodes: u32) -> String {
    format!(
        "cmd:{} --step {step} --nodes {nodes} --nodes-only",
        env!("CARGO_BIN_EXE_pbrain-tengen")
    )
}

#[test]
fn a_round_robin_of_three_engines_prints_the_cross_table_and_saves_each_game() {
    let out = support::folder("round_robin", "three");
    let _ = std::fs::remove_dir_all(&out);
    let (a, b, c) = (engine(1, 300), engine(2, 300), engine(3, 300));
    let out_arg = out.display().to_string();
    let output = support::run(
        env!("CARGO_BIN_EXE_tengen-match"),
        &[
            &a,
            &b,
            &c,
            "--round-robin",
            "--games",
            "2",
            "--time-ms",
            "10000",
            "--verbose",
            "--out",
            &out_arg,
        ],
    );
    let stdout = support::stdout_of(&output);
    assert!(stdout.contains("round robin of 3 players"), "{stdout}");
    assert!(
        stdout.contains("Cross table: 6 of 6 games played"),
        "{stdout}"
    );
    assert!(stdout.contains("game   6/6: black "), "{stdout}");
    for name in ["--step 1", "--step 2", "--step 3"] {
        let row = stdout
            .lines()
            .find(|l| l.contains(name) && !l.starts_with("game"))
            .unwrap_or_default();
        // Four games each, none forfeited.
        assert!(row.ends_with("none"), "{name}: {row}\n{stdout}");
    }
    let sgf = std::fs::read_dir(&out)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".sgf"))
        .count();
    assert_eq!(sgf, 6);
    assert!(out.join("tournament.txt").exists());
    // Levels are played in-process, not by the tournament: refused in words.
    let refused = support::run(
        env!("CARGO_BIN_EXE_tengen-match"),
        &["low", &a, &b, "--round-robin", "--games", "2"],
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("outside engines only"));
    let three = support::run(env!("CARGO_BIN_EXE_tengen-match"), &[&a, &b, &c]);
    assert!(String::from_utf8_lossy(&three.stderr).contains("need --round-robin"));
    let _ = std::fs::remove_dir_all(&out);
}
