//! Fuzz target: the store's records loader (see `harness/loaders.rs`).
//! Run from crates/store/fuzz with `cargo +nightly fuzz run records`.

#![no_main]

#[allow(dead_code)] // each target runs one loader
#[path = "../harness/loaders.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::records(data));
