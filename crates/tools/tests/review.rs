//! `tengen-review` end to end: a game where white ignores black's four is marked a blunder at that
//! move with the block as the better move, in the table, the JSON and the SGF comments. Node budgets,
//! so the answers do not depend on the machine.

mod support;

use std::process::Output;

use support::{run, stderr_of_failure, stdout_of};

/// Black builds h8 i8 j8 k8 against white's g8; white's 8th move a15 ignores the four, and l8 wins.
const MISSED_BLOCK: &str = "(;GM[4]SZ[15]RU[freestyle]PB[Black]PW[White]\
;B[hh];W[hi];B[ih];W[gh];B[jh];W[ii];B[kh];W[aa];B[lh])";

fn folder(name: &str) -> support::Folder {
    support::folder("review", name)
}

fn review(args: &[&str]) -> Output {
    run(env!("CARGO_BIN_EXE_tengen-review"), args)
}

#[test]
fn a_missed_block_is_a_blunder_and_the_block_is_the_better_move() {
    let dir = folder("blunder");
    let game = dir.join("missed.sgf");
    std::fs::write(&game, MISSED_BLOCK).expect("write the game");
    let game = game.to_string_lossy().into_owned();
    let out_sgf = dir.join("reviewed.sgf");

    // The table: move 8 is white's a15, a blunder, better l8.
    let table = stdout_of(&review(&[
        &game,
        "--nodes",
        "20000",
        "--write-sgf",
        &out_sgf.to_string_lossy(),
    ]));
    let line = table
        .lines()
        .find(|l| l.trim_start().starts_with("8 "))
        .unwrap_or_else(|| panic!("no line for move 8 in\n{table}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[1..3], ["white", "a15"], "{line}");
    assert_eq!(words[5..7], ["blunder", "l8"], "{table}");
    // Black's winning five is the best move.
    let last = table.lines().last().unwrap_or_default();
    assert!(last.contains("l8") && last.contains("best"), "{table}");

    // JSON: the same verdict, with win probabilities from the mover's view.
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&review(&[&game, "--nodes", "20000", "--json"])))
            .expect("valid JSON");
    let eighth = &json["moves"][7];
    assert_eq!(eighth["class"], "blunder", "{json}");
    assert_eq!(eighth["best"], "l8");
    assert_eq!(
        eighth["after"], 0.0,
        "black makes five next: white's chance is gone"
    );
    // The block would have held: no forced loss before the move.
    assert!(
        eighth["before"].as_f64().is_some_and(|p| p > 0.0),
        "{eighth}"
    );
    assert!(
        eighth["score_before"].as_i64().is_some_and(|s| s > -19_000),
        "{eighth}"
    );
    assert_eq!(json["moves"][8]["after"], 1.0);

    // The SGF comments carry the evaluations, and the record still opens.
    let written = std::fs::read_to_string(&out_sgf).expect("the reviewed SGF");
    let sgf: tengen_engine::Sgf = written.parse().expect("the written SGF parses");
    assert_eq!(sgf.moves.len(), 9);
    assert_eq!(sgf.black.as_deref(), Some("Black"));
    assert!(
        sgf.move_comments[7].contains("blunder (better l8)"),
        "{:?}",
        sgf.move_comments
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_get_a_plain_message() {
    let dir = folder("bad");
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;GM[4];B[hh];W[hh])").expect("write");
    let out = review(&[&broken.to_string_lossy()]);
    let err = stderr_of_failure(&out);
    assert!(err.contains("move 2 breaks the rules"), "{err}");

    let out = review(&[&dir.join("missing.sgf").to_string_lossy()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let out = review(&[&dir.join("notes.txt").to_string_lossy()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a game record"));
    let _ = std::fs::remove_dir_all(&dir);
}
