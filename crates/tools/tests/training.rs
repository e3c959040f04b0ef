//! The learned table's pipeline end to end, for renju: `tengen-selfplay --rule renju` writes renju
//! samples, and `tengen-train` fits a table to them that the engine can read. Node budgets and
//! seeds, so the run is the same on any machine.

use std::path::PathBuf;
use std::process::{Command, Output};

use tengen_engine::{LearnedTable, PATTERNS, Rule, read_samples};

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-training-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .expect("the tool runs")
}

fn succeeded(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn renju_self_play_trains_a_renju_table() {
    let dir = folder("renju");
    let data = dir.join("renju.bin");
    let table = dir.join("eval-renju.bin");
    let data_arg = data.to_str().expect("a UTF-8 path");
    let said = succeeded(&run(
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

    let said = succeeded(&run(
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
fn a_samples_file_for_another_rule_is_refused_in_plain_words() {
    let dir = folder("standard");
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
    let _ = std::fs::remove_dir_all(dir);
}
