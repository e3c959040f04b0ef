//! A cheap smoke run of the fuzz targets on stable: the committed corpora (`fuzz/seeds/<target>`,
//! minimised by `cargo fuzz cmin`) replayed through the same harness functions the fuzzer runs.
//! Fuzzing itself needs nightly; see docs/fuzzing.md.

use std::fs;
use std::path::Path;

#[path = "../fuzz/harness/frames.rs"]
mod frames;
#[path = "../fuzz/harness/session.rs"]
mod session;

/// Every input of one target's corpus, named for the failure message.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let inputs: Vec<_> = fs::read_dir(&dir)
        .expect("the committed corpus")
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, fs::read(e.path()).expect("a corpus file"))
        })
        .collect();
    assert!(!inputs.is_empty(), "{} is empty", dir.display());
    inputs
}

#[test]
fn the_frame_decoder_corpus_replays() {
    for (name, data) in corpus("frames") {
        eprintln!("frames/{name}");
        frames::run(&data);
    }
}

#[test]
fn the_session_corpus_replays() {
    for (name, data) in corpus("session") {
        eprintln!("session/{name}");
        session::run(&data);
    }
}
