//! A cheap smoke run of the protocol fuzz target on stable: the committed corpus
//! (`fuzz/seeds/protocol`) replayed through the same harness function the fuzzer runs. Fuzzing
//! itself needs nightly; see docs/fuzzing.md.

use std::fs;
use std::path::Path;

#[path = "../fuzz/harness/protocol.rs"]
mod protocol;

#[test]
fn the_protocol_corpus_replays() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/protocol");
    let mut replayed = 0;
    for entry in fs::read_dir(&dir).expect("the committed corpus").flatten() {
        eprintln!("protocol/{}", entry.file_name().to_string_lossy());
        protocol::run(&fs::read(entry.path()).expect("a corpus file"));
        replayed += 1;
    }
    assert!(replayed > 0, "{} is empty", dir.display());
}
