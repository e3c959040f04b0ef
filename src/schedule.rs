//! The order of the game's own `Update` systems, declared once; plugins tag their systems with a set.

use bevy::prelude::*;

/// The order of the game's own `Update` systems, declared once; plugins tag their systems with a set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AppSystems {
    /// Advance timers.
    TickTimers,
    /// Turn keys and clicks into game commands.
    RecordInput,
    /// Apply commands and update the board model.
    Update,
    /// The computer's searches: drop those for an older position, start and receive moves and hints.
    Think,
}
