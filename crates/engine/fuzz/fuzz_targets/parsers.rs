//! Fuzz target: every notation parser (see `harness/parsers.rs`).
//! Run from crates/engine/fuzz with `cargo +nightly fuzz run parsers`.

#![no_main]

#[path = "../harness/parsers.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::run(data));
