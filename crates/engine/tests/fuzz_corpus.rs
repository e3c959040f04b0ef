//! A cheap smoke run of the engine's fuzz targets on stable: the committed corpora
//! (`fuzz/seeds/<target>`) replayed through the same harness functions the fuzzer runs. Fuzzing
//! itself needs nightly; see docs/fuzzing.md.

use std::fs;
use std::path::Path;

#[path = "../fuzz/harness/parsers.rs"]
mod parsers;
#[path = "../fuzz/harness/protocol.rs"]
mod protocol;

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
fn the_parsers_corpus_replays() {
    for (name, data) in corpus("parsers") {
        eprintln!("parsers/{name}");
        parsers::run(&data);
    }
}

#[test]
fn the_protocol_corpus_replays() {
    for (name, data) in corpus("protocol") {
        eprintln!("protocol/{name}");
        protocol::run(&data);
    }
}
