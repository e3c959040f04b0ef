//! Where a swap or swap2 opening stands: moved on by the stones placed and taken back and by the
//! choice of colours. How many stones each step places comes from the opening rule, here only.

use serde::{Deserialize, Serialize};
use tengen_engine::OpeningRule;

use crate::Seat;

/// The stones the first proposal places (black, white, black) in swap and swap2.
pub const PROPOSAL_STONES: usize = 3;
/// The stones swap2's second player may add (white, black) instead of choosing a colour.
pub const SWAP2_EXTRA_STONES: usize = 2;

/// Where the game is in its opening.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum OpeningPhase {
    /// The colours are settled: play as usual.
    #[default]
    Settled,
    /// `seat` places stones, whatever their colour, until the game has `until` moves.
    Placing { seat: Seat, until: usize },
    /// `seat` chooses a colour after `after` stones (in swap2 after three it may place two more).
    Choosing { seat: Seat, after: usize },
    /// A renju tournament opening: `seat` says how many fifth moves black will offer, after `after`
    /// stones (Yamaguchi's opener, Soosõrv's white; in Taraguchi black says whether it places the
    /// fifth itself or offers N).
    Declaring { seat: Seat, after: usize },
    /// `seat` (black) offers `count` fifth moves, no two alike by symmetry.
    Offering { seat: Seat, count: u8 },
    /// `seat` (white) picks one of the offered fifth moves, which black then plays.
    Selecting { seat: Seat },
}

impl OpeningPhase {
    /// How a fresh game under `rule` opens: the seat dealt black places the proposal.
    pub fn start(rule: OpeningRule, proposer: Seat) -> OpeningPhase {
        match rule {
            OpeningRule::Free => OpeningPhase::Settled,
            OpeningRule::Swap | OpeningRule::Swap2 => OpeningPhase::Placing {
                seat: proposer,
                until: PROPOSAL_STONES,
            },
            OpeningRule::Taraguchi(_) => OpeningPhase::Placing {
                seat: proposer,
                until: 1,
            },
            OpeningRule::Rif | OpeningRule::Yamaguchi | OpeningRule::Soosorv(_) => {
                OpeningPhase::Placing {
                    seat: proposer,
                    until: PROPOSAL_STONES,
                }
            }
        }
    }

    /// Whether the computer may play its ordinary moves (the colours are settled).
    pub fn settled(self) -> bool {
        self == OpeningPhase::Settled
    }

    /// The phase after the board changed to `played` moves: placing ends when the stones are down
    /// (the other seat chooses); taking back a stone of the proposal while the other seat chooses
    /// goes back to placing.
    pub fn followed(self, played: usize) -> OpeningPhase {
        match self {
            OpeningPhase::Placing { seat, until } if played >= until => OpeningPhase::Choosing {
                seat: seat.other(),
                after: until,
            },
            OpeningPhase::Choosing { seat, after } if played < after => OpeningPhase::Placing {
                seat: seat.other(),
                until: after,
            },
            other => other,
        }
    }

    /// The first stone of the placing step ending at `until` stones under `rule` (swap2's two extra
    /// stones begin after the proposal; a tournament opening's steps after the first three are one
    /// stone each, and Taraguchi's are all one stone).
    pub fn step_start(rule: OpeningRule, until: usize) -> usize {
        match rule {
            OpeningRule::Taraguchi(_) => until.saturating_sub(1),
            _ if until > PROPOSAL_STONES => PROPOSAL_STONES,
            _ => 0,
        }
    }

    /// Whether each seat's colour is known for good under `rule`: no choice of colours is left
    /// (RIF and Yamaguchi choose once, after the third stone; Soosõrv may swap again after the
    /// fourth, Taraguchi after every stone; the fifth-move offers come after every choice).
    pub fn colours_final(self, rule: OpeningRule) -> bool {
        match self {
            OpeningPhase::Settled
            | OpeningPhase::Offering { .. }
            | OpeningPhase::Selecting { .. } => true,
            OpeningPhase::Placing { until, .. } => {
                matches!(rule, OpeningRule::Rif | OpeningRule::Yamaguchi) && until > PROPOSAL_STONES
            }
            OpeningPhase::Choosing { .. } | OpeningPhase::Declaring { .. } => false,
        }
    }

    /// The seat acting now, if the opening is on.
    pub fn seat(self) -> Option<Seat> {
        match self {
            OpeningPhase::Settled => None,
            OpeningPhase::Placing { seat, .. }
            | OpeningPhase::Choosing { seat, .. }
            | OpeningPhase::Declaring { seat, .. }
            | OpeningPhase::Offering { seat, .. }
            | OpeningPhase::Selecting { seat } => Some(seat),
        }
    }

    /// Whether the phase can stand in a game of `rule` with `moves` stones on the board (a saved
    /// game is checked before it is played on).
    pub fn fits(self, rule: OpeningRule, moves: usize) -> bool {
        if rule.is_tournament() {
            return crate::tournament::fits(self, rule, moves);
        }
        let stones_ok = |stones: usize| match rule {
            OpeningRule::Swap => stones == PROPOSAL_STONES,
            OpeningRule::Swap2 => {
                stones == PROPOSAL_STONES || stones == PROPOSAL_STONES + SWAP2_EXTRA_STONES
            }
            _ => false,
        };
        match self {
            OpeningPhase::Settled => true,
            OpeningPhase::Placing { until, .. } => stones_ok(until) && moves <= until,
            OpeningPhase::Choosing { after, .. } => stones_ok(after) && moves == after,
            _ => false,
        }
    }
}
