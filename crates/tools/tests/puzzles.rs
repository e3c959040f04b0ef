//! `tengen-puzzles` is deterministic for a seed, and what it writes reads back as puzzles.

use std::process::Command;

use tengen_engine::parse_puzzles;

fn make(out: &std::path::Path) -> String {
    let status = Command::new(env!("CARGO_BIN_EXE_tengen-puzzles"))
        .args([
            "--seed",
            "7",
            "--count",
            "3",
            "--nodes",
            "300",
            "--max-games",
            "1",
            "--depth",
            "8",
        ])
        .arg("--out")
        .arg(out)
        .status()
        .expect("tengen-puzzles runs");
    assert!(status.success());
    std::fs::read_to_string(out).expect("the file is written")
}

#[test]
fn the_same_seed_makes_the_same_file() {
    let dir = std::env::temp_dir().join(format!("tengen-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let first = make(&dir.join("a.txt"));
    let second = make(&dir.join("b.txt"));
    assert_eq!(first, second);
    assert!(first.contains(": 1 games"), "{first}");
    let puzzles = parse_puzzles(&first).expect("the file parses");
    assert!(puzzles.len() <= 3);
    std::fs::remove_dir_all(&dir).ok();
}
