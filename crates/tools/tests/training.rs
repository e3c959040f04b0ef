//! The learned table's pipeline end to end, for renju: `tengen-selfplay --rule renju` writes renju
//! samples, and `tengen-train` fits a table to them that the engine can read. Node budgets and
//! seeds, so the run is the same on any machine. A rule without a table is refused in plain words.

mod support;

use support::{folder, run, stdout_of};
use tengen_engine::{LearnedTable, PATTERNS, Rule, read_samples};

#[test]
fn renju_self_play_trains_a_renju_table() {
    let dir = folder("training", "renju");
    let data = dir.join("renju.bin");
    let table = dir.join("eval-renju.bin");
    let data_arg = data.to_str().expect("a UTF-8 path");
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-selfplay"),
        &[
            "--rule", "renju", "--games", "6", "--nodes", "300", "--seed", "1", "--out", data_arg,
        ],
    ));
    assert!(said.starts_with("6 games"), "{said}");
    let samples = read_samples(&std::fs::read(&data).expect("the samples file")).expect("readable");
    assert_eq!(samples.rule, Rule::Renju);
    assert!(
        samples.samples.len() >= 20,
        "{} samples",
        samples.samples.len()
    );

    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            data_arg,
            "--steps",
            "20",
            "--out",
            table.to_str().expect("a UTF-8 path"),
        ],
    ));
    assert!(said.starts_with("Renju: "), "{said}");
    let trained = LearnedTable::parse(&std::fs::read(&table).expect("the table")).expect("parses");
    assert_eq!(trained.values.len(), PATTERNS);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn another_rule_is_refused_in_plain_words() {
    let dir = folder("training", "standard");
    let data = dir.join("standard.bin");
    // A samples header that claims the exact-five rule (code 1), which has no table.
    std::fs::write(&data, b"TGSP\x01\x00\x0f\x01").expect("write");
    let output = run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            data.to_str().expect("a UTF-8 path"),
            "--out",
            dir.join("x.bin").to_str().expect("a UTF-8 path"),
        ],
    );
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("only 15×15 freestyle (0) and renju (2)"),
        "{said}"
    );
    assert!(!dir.join("x.bin").exists());
    // Self-play refuses the rule before playing a game.
    let output = run(
        env!("CARGO_BIN_EXE_tengen-selfplay"),
        &[
            "--rule",
            "standard",
            "--out",
            data.to_str().expect("a UTF-8 path"),
        ],
    );
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("no learned table is made for Standard rules"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
