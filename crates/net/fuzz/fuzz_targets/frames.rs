//! Fuzz target: the network frame decoder (see `harness/frames.rs`).
//! Run from crates/net/fuzz with `cargo +nightly fuzz run frames`.

#![no_main]

#[path = "../harness/frames.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::run(data));
