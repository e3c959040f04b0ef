//! Match statistics: shared with the game's tournaments, so they live in the host
//! (`tengen_host::tournament::stats`).

pub use tengen_host::tournament::stats::*;
