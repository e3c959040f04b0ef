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
    /// The modes the command handlers chose take effect (`screens::Activity`).
    EnterMode,
    /// The computer's searches: drop those for an older position, start and receive moves and hints.
    Think,
}

/// The handlers of [`crate::game::GameCommand`] inside [`AppSystems::Update`], in the one order
/// declared here: the turn (moves, undo, new games, records) first, then the modes that own the
/// board for a while (the editor, the puzzles, a swap opening), then what follows the game from
/// outside (the network, live analysis). A `Place` and an `Edit(Close)` in one frame always meet
/// in this order. Hints, the computer's move-now and the review read their commands later, in
/// [`AppSystems::Think`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommandHandlers {
    Turn,
    Editor,
    Puzzles,
    Opening,
    Network,
    Analysis,
}
