//! Fuzz target: the Gomocup protocol fed whole manager sessions (see `harness/protocol.rs`).
//! Run from crates/engine/fuzz with `cargo +nightly fuzz run protocol`.

#![no_main]

#[path = "../harness/protocol.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::run(data));
