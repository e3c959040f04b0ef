//! Where a swap or swap2 opening stands: a part of the game on the board ([`super::CurrentGame::opening`]),
//! moved on by its moves and choices, so it is saved, restored and continued with the game. The
//! computer's part in it is [`super::opening`]'s.

use bevy::prelude::*;
use tengen_engine::OpeningRule;

/// The opening rule for the next games, as chosen in the new-game dialog.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpeningChoice(pub OpeningRule);

/// Where the game on the board is in its opening. Seats as in `GameSetup::seat` (0: you against the
/// computer, player 1 between two players).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SwapPhase {
    /// The colours are settled: play as usual.
    #[default]
    Off,
    /// `seat` places stones, whatever their colour, until the game has `until` moves.
    Placing {
        seat: usize,
        until: usize,
        rule: OpeningRule,
    },
    /// `seat` chooses a colour after `after` stones (in swap2 after three, or places two more).
    Choosing {
        seat: usize,
        after: usize,
        rule: OpeningRule,
    },
}

impl SwapPhase {
    /// Whether the computer may play its ordinary moves (the colours are settled).
    pub fn settled(&self) -> bool {
        *self == SwapPhase::Off
    }

    /// The phase after the board changed to `played` moves: placing ends when the stones are down
    /// (the other seat chooses); taking back a stone of the proposal while the other seat chooses
    /// goes back to placing.
    pub fn followed(self, played: usize) -> SwapPhase {
        match self {
            SwapPhase::Placing { seat, until, rule } if played >= until => SwapPhase::Choosing {
                seat: 1 - seat,
                after: until,
                rule,
            },
            SwapPhase::Choosing { seat, after, rule } if played < after => SwapPhase::Placing {
                seat: 1 - seat,
                until: after,
                rule,
            },
            other => other,
        }
    }

    /// The first stone of the placing step (swap2's two extra stones begin after three).
    pub fn step_start(until: usize) -> usize {
        if until > 3 { 3 } else { 0 }
    }

    /// The seat acting now, if the opening is on.
    pub fn seat(&self) -> Option<usize> {
        match *self {
            SwapPhase::Off => None,
            SwapPhase::Placing { seat, .. } | SwapPhase::Choosing { seat, .. } => Some(seat),
        }
    }
}
