//! What the files know about the game on the board beyond the engine's record.

use bevy::prelude::*;
use tengen_engine::Pos;
use tengen_store::{PerSide, Player};

use crate::game::CurrentGame;

/// What the files know about the game on the board beyond the engine's record.
#[derive(Resource, Debug, Clone, Default)]
pub struct ThisGame {
    /// The game's identity in the history and statistics.
    pub started_at_ms: u64,
    /// Who plays, as named when the game began (a restored game keeps its names).
    pub players: Option<PerSide<Player>>,
    /// A game opened from a record: its moves. Played to the same end, it is not filed again.
    pub source: Option<Vec<Pos>>,
    /// The game of `started_at_ms` has been filed.
    pub filed: bool,
    /// What was last written, so a frame without a change writes nothing.
    pub last_saved: Option<SaveKey>,
    /// Restored at start and not yet on screen: its playing time starts again at Continue, not at the
    /// app's start (`CurrentGame::carried` holds the time from earlier sessions).
    pub restored: bool,
    /// Computer vs computer: the restored game was paused, and stays paused on Continue.
    pub restored_paused: bool,
}
/// Everything that, when it changes, calls for a save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveKey {
    started_at_ms: u64,
    generation: u64,
    moves: usize,
    redo: usize,
    undos: u32,
    hints: u32,
    paused: bool,
}
impl ThisGame {
    pub fn new(started_at_ms: u64) -> ThisGame {
        ThisGame {
            started_at_ms,
            ..ThisGame::default()
        }
    }

    pub(super) fn key(&self, current: &CurrentGame, paused: bool) -> SaveKey {
        SaveKey {
            started_at_ms: self.started_at_ms,
            generation: current.generation(),
            moves: current.game().moves().len(),
            redo: current.game().redo_moves().len(),
            undos: current.undos(),
            hints: current.hints(),
            paused,
        }
    }
}
