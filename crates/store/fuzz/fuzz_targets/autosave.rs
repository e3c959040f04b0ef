//! Fuzz target: the store's autosave loader (see `harness/loaders.rs`).
//! Run from crates/store/fuzz with `cargo +nightly fuzz run autosave`.

#![no_main]

#[allow(dead_code)] // each target runs one loader
#[path = "../harness/loaders.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::autosave(data));
