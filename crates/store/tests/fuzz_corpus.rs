//! A cheap smoke run of the fuzz targets on stable: the committed corpora (`fuzz/seeds/<target>`,
//! minimised by `cargo fuzz cmin`) replayed through the same loader harness the fuzzer runs.
//! Fuzzing itself needs nightly; see docs/fuzzing.md.

use std::fs;
use std::path::Path;

#[path = "../fuzz/harness/loaders.rs"]
mod loaders;

/// Runs every input of one target's corpus through `run`, naming each for the failure message.
fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut count = 0;
    for entry in fs::read_dir(&dir).expect("the committed corpus").flatten() {
        eprintln!("{target}/{}", entry.file_name().to_string_lossy());
        run(&fs::read(entry.path()).expect("a corpus file"));
        count += 1;
    }
    assert!(count > 0, "{} is empty", dir.display());
}

#[test]
fn the_settings_corpus_replays() {
    replay("settings", loaders::settings);
}

#[test]
fn the_autosave_corpus_replays() {
    replay("autosave", loaders::autosave);
}

#[test]
fn the_statistics_corpus_replays() {
    replay("stats", loaders::stats);
}

#[test]
fn the_records_corpus_replays() {
    replay("records", loaders::records);
}
