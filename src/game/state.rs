//! Small pieces of the game's state that other plugins write: the remote link, computer-against-computer
//! pausing, and the steps "Match my strength" chose.

use bevy::prelude::*;
use tengen_engine::Mode;
use tengen_engine::{Preset, Step};

use super::setup::GameSetup;

/// Whether the other machine of a network game is connected now. Owned by the game and written by the
/// network plugin, so the game's rules never look into the network's own state.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RemoteLink {
    pub connected: bool,
}

/// Computer vs computer: paused, how many single moves were asked for while paused, the pace the
/// viewer chose, and the chances as the last move's search saw them.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Autoplay {
    pub paused: bool,
    pub steps: u32,
    pub pace: Pace,
    /// Black's chance of winning in percent, from the search that chose the last move (a proven
    /// win is 100 or 0); `None` before the first move of a game.
    pub black_chance: Option<u8>,
}

/// How long each move of a computer-against-computer game stays on screen at least before the next:
/// a search that answers at once (a forced win found) no longer rushes the end past the viewer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Pace {
    #[default]
    Brisk,
    Steady,
    Slow,
}

impl Pace {
    pub fn duration(self) -> std::time::Duration {
        std::time::Duration::from_millis(match self {
            Pace::Brisk => 500,
            Pace::Steady => 1500,
            Pace::Slow => 3000,
        })
    }

    /// The next pace, round: the pace button steps through them.
    pub fn next(self) -> Pace {
        match self {
            Pace::Brisk => Pace::Steady,
            Pace::Steady => Pace::Slow,
            Pace::Slow => Pace::Brisk,
        }
    }
}

/// The step that gives the player about even chances, per rule. Owned by the game, written by the
/// persistence side from the player's ratings.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchedSteps(pub std::collections::HashMap<Preset, Step>);

impl MatchedSteps {
    /// The step for `preset`'s rule: the one matching the player's rating, or the fresh player's.
    pub fn step_for(&self, preset: Preset) -> Step {
        self.0
            .get(&preset)
            .copied()
            .unwrap_or_else(|| tengen_store::matched_step(&tengen_store::Rating::fresh()))
    }

    /// `setup` with its step chosen now, when it asks to match the player.
    pub fn resolve(&self, setup: GameSetup) -> GameSetup {
        if !setup.matched || setup.mode != Mode::HumanVsComputer {
            return setup;
        }
        GameSetup {
            step: Some(self.step_for(setup.preset)),
            ..setup
        }
    }
}
