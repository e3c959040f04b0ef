//! Tengen's Bevy-free Gomoku engine: boards and rules (freestyle, standard, renju), game records,
//! notation, the AI search and the Gomocup protocol.
//!
//! Modules stay private; the API is re-exported flat from here.

mod core;

pub use crate::core::{Color, DIRECTIONS, MAX_SIZE, MIN_SIZE, Pos, Preset, Rule, Variant, VariantError};
