//! Fuzz target: the session state machine fed sequences of actions and messages (see
//! `harness/session.rs`). Run from crates/net/fuzz with `cargo +nightly fuzz run session`.

#![no_main]

#[path = "../harness/session.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::run(data));
