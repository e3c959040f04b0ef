//! The opening rule the next games start under. Where a swap or swap2 opening stands is the match's
//! ([`tengen_match::OpeningPhase`], part of [`super::CurrentGame`]), so it is saved, restored and
//! continued with the game; the computer's part in it is [`super::opening`]'s.

use bevy::prelude::*;
use tengen_engine::OpeningRule;

pub use tengen_match::OpeningPhase;

/// The opening rule for the next games, as chosen in the new-game dialog.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpeningChoice(pub OpeningRule);
