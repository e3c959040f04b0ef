//! Shared pieces of Tengen's command-line tools: the AI as a protocol brain, the stdin/stdout engine
//! loop of `pbrain-tengen`, and the players, reference bots, openings, statistics and SPRT of
//! `tengen-match` (external engines run through `tengen-host`, as in the game).

pub mod bench;
pub mod bots;
pub mod brain;
pub mod cli;
pub mod codebook;
pub mod driver;
pub mod hidden;
pub mod near;
pub mod novice;
pub mod openings;
pub mod par;
pub mod player;
pub mod round_robin;
pub mod sprt;
pub mod stats;
pub mod windows;
