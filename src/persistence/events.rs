//! What the files side tells the rest of the game: answers to the records windows, changed statistics.

use bevy::prelude::*;
use tengen_store::{HistoryEntry, Stats};

/// The answer to a [`RecordRequest`], for the records windows to show.
#[derive(Event, Debug, Clone)]
pub enum RecordAnswer {
    /// What became of a Save or an Open, in the player's words.
    Outcome(String),
    History(Vec<HistoryEntry>),
    Stats(Stats),
    /// A record is on the board: the window has done its job.
    Opened,
}

/// The statistics changed on disk (a finished game was counted): what the game shows is read again.
#[derive(Event, Debug, Clone, Copy)]
pub struct StatsChanged;
