//! Helpers the tools' end-to-end tests share: a scratch folder and running a tool to completion.
// Each test file compiles its own copy and uses only some of the helpers.
#![allow(dead_code)]

use std::ops::Deref;
use std::path::Path;
use std::process::{Command, Output};

/// A test's scratch folder, removed with everything in it when the test ends (pass or fail); it
/// reads as the folder's path.
pub struct Folder(tempfile::TempDir);

impl Deref for Folder {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Folder {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh folder for one test's files, named after the test file and the test.
pub fn folder(file: &str, name: &str) -> Folder {
    let dir = tempfile::Builder::new()
        .prefix(&format!("tengen-{file}-{name}-"))
        .tempdir()
        .expect("a temporary folder");
    Folder(dir)
}

/// Runs `program` with `args` until it exits.
pub fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .expect("the tool runs")
}

/// The standard output of a run that must have succeeded (both streams shown if it did not).
pub fn stdout_of(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The standard error of a run that must have failed (its standard output shown if it did not).
pub fn stderr_of_failure(output: &Output) -> String {
    assert!(
        !output.status.success(),
        "the run should have failed: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The renju game whose white 224th move leaves black only an overline
/// (`crates/engine/tests/data/renju-black-stuck.txt`), as its position string, trimmed.
pub fn stuck_black_record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/renju-black-stuck.txt"
    );
    std::fs::read_to_string(path)
        .expect("the stuck-black record")
        .trim()
        .to_owned()
}
