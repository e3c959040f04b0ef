//! The static evaluation: every empty cell is worth something to each side, by the line shapes a stone
//! there would make. The board keeps the sums incrementally; the evaluation is their difference.
//!
//! The weights were chosen by self-play between variants (see `tests/strength.rs` and the report in the
//! AI notes), not by hand-written shape lists.

use super::learned;
use super::pattern::{
    C_FLEX4, C_FORBID, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, CLASSES, LEVELS,
};
use crate::core::Rule;

/// Evaluation weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Value of one line of each level for the side that would play the cell.
    pub line: [i32; LEVELS],
    /// Extra value of a cell's threat class (combinations of lines).
    pub class: [i32; CLASSES],
    /// The side to move's own sum is scaled by `attack_num / 16` (initiative).
    pub attack_num: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Bonus when the side to move can make a double three the opponent cannot meet with a four.
    pub double_three_bonus: i32,
    /// Learned evaluation hook: the rules whose embedded trained table (`learned.rs`) gives the
    /// cell values instead of `line` and `class`. Set by the search for Expert in freestyle and
    /// renju.
    pub learned: Option<Rule>,
    /// Evaluate with the learned table's hidden layer, when it has one (`net.rs`).
    pub hidden_layer: bool,
}

impl Default for Weights {
    fn default() -> Weights {
        let mut class = [0; CLASSES];
        class[C_THREE as usize] = 0;
        class[C_THREE_THREE as usize] = 80;
        class[C_FOUR as usize] = 0;
        class[C_FOUR_THREE as usize] = 150;
        class[C_FLEX4 as usize] = 200;
        Weights {
            //     DEAD OL B1 F1 B2 F2  B3  F3  B4  F4D F4  F5
            line: [0, 0, 1, 3, 4, 12, 14, 40, 30, 60, 120, 200],
            class,
            attack_num: 20,
            tempo: 20,
            double_three_bonus: 0,
            learned: None,
            hidden_layer: false,
        }
    }
}

impl Weights {
    /// Value of one empty cell for one side.
    #[inline]
    pub fn cell_value(&self, levels: [u8; 4], class: u8) -> i32 {
        if let Some(rule) = self.learned
            && let Some(table) = learned::table_for(rule)
        {
            // A forbidden point is no move for renju's black (the training leaves them out too):
            // its lines would otherwise count as the double three or four it cannot make.
            if class == C_FORBID {
                return 0;
            }
            return table.cell_value(levels);
        }
        self.line[levels[0] as usize]
            + self.line[levels[1] as usize]
            + self.line[levels[2] as usize]
            + self.line[levels[3] as usize]
            + self.class[class as usize]
    }
}
