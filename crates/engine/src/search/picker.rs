//! What the search keeps for each ply of the line it is on: one `Ply` a ply in one stack, as the
//! anchors' search stacks are, instead of a parallel list per kind of state.

use super::state::Cell;

/// An eval entry of a node that has none (a forced block).
pub(super) const NO_EVAL: i32 = i32::MIN;

/// One ply's state. The VCF and VCT solvers index the same stack by their own plies and use only
/// their own lists (`vcf`, `vct`), so a leaf's solver never touches the main search's.
pub(super) struct Ply {
    /// The node's moves and their order scores.
    pub moves: Vec<(Cell, i32)>,
    /// The learned move score of each of `moves`, where `policy_lmr` or `policy_prune` asks.
    pub policy: Vec<i32>,
    /// The VCF solver's candidate fours (and a node's fives to block, at the last ply).
    pub vcf: Vec<Cell>,
    /// The VCT solver's defender replies.
    pub vct: Vec<Cell>,
    /// The principal variation from this ply.
    pub pv: Vec<Cell>,
    /// The last two moves that cut off at this ply.
    pub killers: [Cell; 2],
    /// The node's static evaluation (`NO_EVAL` where forced).
    pub eval: i32,
}

impl Ply {
    pub fn new() -> Ply {
        Ply {
            moves: Vec::with_capacity(64),
            policy: Vec::new(),
            vcf: Vec::with_capacity(16),
            vct: Vec::with_capacity(16),
            pv: Vec::new(),
            killers: [0; 2],
            eval: NO_EVAL,
        }
    }
}
