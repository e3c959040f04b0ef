//! The search's move order and what it keeps for each ply of the line it is on. `MovePicker` hands
//! a node its moves in stages, each only when the one before did not cut off: the table move (no
//! generation at all), the forcing moves (fours that make a three, open fours and fives for either
//! side), the killers, then the rest, scored in one pass and picked best first by selection, with
//! only what is left sorted once a node has gone past its first few. About a quarter of the nodes
//! cut off before the rest is scored (strength log, "the move picker"). One `Ply` a ply in one
//! stack, as the anchors' search stacks are.

use super::learned::LearnedTable;
use super::pattern::{
    B4, C_FIVE, C_FLEX4, C_FORBID, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, F4, F4D,
    makes_four,
};
use super::state::{Cell, MAX_CELLS, SearchBoard};
use crate::core::Color;

/// An eval entry of a node that has none (a forced block).
pub(super) const NO_EVAL: i32 = i32::MIN;

/// One ply's state. The VCF and VCT solvers index the same stack by their own plies and use only
/// their own lists (`vcf`, `vct`), so a leaf's solver never touches the main search's.
pub(super) struct Ply {
    /// The node's moves and their order scores.
    pub moves: Vec<(Cell, i32)>,
    /// The move picker's list of forcing cells.
    pub forcing: Vec<Cell>,
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
    /// The parent expects this node to fail high (Rapfi's `cutNode`, for its reductions).
    pub cut: bool,
    /// The move searched from this ply makes a three or more for its side.
    pub attack: bool,
}

impl Ply {
    pub fn new() -> Ply {
        Ply {
            moves: Vec::with_capacity(64),
            forcing: Vec::with_capacity(8),
            policy: Vec::new(),
            vcf: Vec::with_capacity(16),
            vct: Vec::with_capacity(16),
            pv: Vec::new(),
            killers: [0; 2],
            eval: NO_EVAL,
            cut: false,
            attack: false,
        }
    }
}

/// The move order's numbers (`Selectivity`'s `policy_weight`, `policy_add`, `history_shift`).
#[derive(Clone, Copy)]
pub(super) struct OrderKnobs {
    pub policy_weight: i32,
    pub policy_add: bool,
    pub history_shift: u32,
}

/// How a cell is scored for the order, all but the table-move and killer bonuses: the cell values
/// (or the learned move scores), the threat classes and the history.
pub(super) struct MoveScorer<'a> {
    b: &'a SearchBoard,
    me: Color,
    history: &'a [u32],
    knobs: OrderKnobs,
    policy: Option<&'static LearnedTable>,
}

impl<'a> MoveScorer<'a> {
    /// `history`: both sides' counts, `MAX_CELLS` a side.
    pub fn new(
        b: &'a SearchBoard,
        me: Color,
        history: &'a [u32],
        knobs: OrderKnobs,
    ) -> MoveScorer<'a> {
        let base = me.index() * MAX_CELLS;
        let weight = knobs.policy_weight;
        MoveScorer {
            b,
            me,
            history: &history[base..base + MAX_CELLS],
            knobs,
            policy: b.learned().filter(|t| weight > 0 && t.has_policy()),
        }
    }

    #[inline]
    pub fn score(&self, c: Cell) -> i32 {
        let (b, me) = (self.b, self.me);
        let opp = me.opponent();
        let by_values = by_values(b, me, c);
        let mut score = match self.policy {
            Some(t) => {
                let learned =
                    t.move_score(b.levels(me, c), b.levels(opp, c)) * self.knobs.policy_weight / 16;
                learned + if self.knobs.policy_add { by_values } else { 0 }
            }
            None => by_values,
        };
        score += by_threats(b, me, c);
        score + (self.history[c as usize] >> self.knobs.history_shift).min(1 << 14) as i32
    }
}

/// A cell's order score by the cell values: the mover's weigh more than the opponent's.
#[inline]
fn by_values(b: &SearchBoard, me: Color, c: Cell) -> i32 {
    b.value(me, c) * 3 + b.value(me.opponent(), c) * 2
}

/// A cell's order bonus for the threats it makes or blocks.
#[inline]
fn by_threats(b: &SearchBoard, me: Color, c: Cell) -> i32 {
    threat_bonus(b.class(me, c)) * 2 + threat_bonus(b.class(me.opponent(), c))
}

/// The order score of a cell before any search: the cell values and threat classes, no history
/// or learned move scores (what `tengen-train --policy-near` measures models against).
pub(super) fn static_order_score(b: &SearchBoard, me: Color, c: Cell) -> i32 {
    by_values(b, me, c) + by_threats(b, me, c)
}

/// The bonus of the table move and of the two killers over the other moves' scores.
pub(super) fn order_bonus(c: Cell, tt_move: Cell, killers: [Cell; 2]) -> i32 {
    if c == tt_move {
        1 << 24
    } else if c == killers[0] {
        1 << 16
    } else if c == killers[1] {
        1 << 15
    } else {
        0
    }
}

/// Where a node's move picker stands.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Stage {
    Table,
    Forcing,
    Killers,
    Rest,
    /// Picking the best of the scored rest, one at a time.
    Select,
    /// Every move is in its place.
    Done,
}

/// Picks after which a node that did not cut off sorts what is left of its moves.
const SELECT_PICKS: usize = 3;

/// A node's moves, produced stage by stage as the search asks for them by number.
pub(super) struct MovePicker {
    stage: Stage,
    me: Color,
    candidates: Candidates,
    tt_move: Cell,
    killers: [Cell; 2],
    knobs: OrderKnobs,
    moves: Vec<(Cell, i32)>,
    forcing: Vec<Cell>,
    /// Moves before this index are in their final places.
    ordered: usize,
    /// Selection picks made in the rest.
    picks: usize,
}

impl MovePicker {
    /// `moves` and `forcing`: the ply's lists, handed back by `into_lists`.
    pub fn new(
        b: &SearchBoard,
        me: Color,
        tt_move: Cell,
        killers: [Cell; 2],
        knobs: OrderKnobs,
        mut moves: Vec<(Cell, i32)>,
        forcing: Vec<Cell>,
    ) -> MovePicker {
        moves.clear();
        MovePicker {
            stage: Stage::Table,
            me,
            candidates: Candidates::of(b, me),
            tt_move,
            killers,
            knobs,
            moves,
            forcing,
            ordered: 0,
            picks: 0,
        }
    }

    /// A node with one move, the block of a five.
    pub fn forced(mut self, block: Cell) -> MovePicker {
        self.moves.clear();
        self.moves.push((block, 0));
        self.ordered = 1;
        self.stage = Stage::Done;
        self
    }

    pub fn into_lists(self) -> (Vec<(Cell, i32)>, Vec<Cell>) {
        (self.moves, self.forcing)
    }

    /// The moves in their order so far (all of them after `order_all`).
    pub fn moves(&self) -> &[(Cell, i32)] {
        &self.moves[..self.ordered]
    }

    /// The node's `i`-th move (from 0; asked in turn), or `None` after the last.
    pub fn pick(&mut self, i: usize, b: &SearchBoard, history: &[u32]) -> Option<Cell> {
        while self.ordered <= i {
            if !self.advance(b, history, false) {
                return None;
            }
        }
        Some(self.moves[i].0)
    }

    /// Produces and orders every move that is left.
    pub fn order_all(&mut self, b: &SearchBoard, history: &[u32]) {
        while self.advance(b, history, true) {}
    }

    /// One step: the next stage's moves, or one more pick of the rest (all of them when
    /// `all`). False when no move is left.
    fn advance(&mut self, b: &SearchBoard, history: &[u32], all: bool) -> bool {
        match self.stage {
            Stage::Table => {
                // Facing an open three every move is an answer to it, ordered by score only.
                self.stage = if self.candidates.defending {
                    Stage::Rest
                } else {
                    Stage::Forcing
                };
                let tt = self.tt_move;
                if tt != 0 && self.candidates.admits(b, tt) {
                    self.moves.push((tt, 1 << 24));
                    self.ordered += 1;
                }
            }
            Stage::Forcing => {
                self.stage = Stage::Killers;
                self.push_forcing(b, history);
            }
            Stage::Killers => {
                self.stage = Stage::Rest;
                for k in self.killers {
                    if k != 0
                        && k != self.tt_move
                        && self.candidates.admits(b, k)
                        && !is_forcing(b, self.me, k)
                    {
                        self.moves.push((k, order_bonus(k, 0, self.killers)));
                        self.ordered += 1;
                    }
                }
            }
            Stage::Rest => {
                self.stage = Stage::Select;
                self.push_rest(b, history);
            }
            Stage::Select => {
                let rest = &mut self.moves[self.ordered..];
                if rest.is_empty() {
                    self.stage = Stage::Done;
                    return false;
                }
                if all || self.picks >= SELECT_PICKS {
                    rest.sort_unstable_by_key(|&(c, s)| (std::cmp::Reverse(s), c));
                    self.ordered = self.moves.len();
                } else {
                    let best = best_index(rest);
                    rest.swap(0, best);
                    self.ordered += 1;
                    self.picks += 1;
                }
            }
            Stage::Done => return false,
        }
        true
    }

    /// The forcing moves, best first as the scores rank them.
    fn push_forcing(&mut self, b: &SearchBoard, history: &[u32]) {
        let (me, opp) = (self.me, self.me.opponent());
        let forcing = &mut self.forcing;
        forcing.clear();
        for side in [me, opp] {
            for class in [C_FIVE, C_FLEX4, C_FOUR_THREE] {
                b.find_all(side, class, forcing);
            }
        }
        if forcing.is_empty() {
            return;
        }
        forcing.sort_unstable();
        forcing.dedup();
        let scorer = MoveScorer::new(b, me, history, self.knobs);
        let start = self.moves.len();
        for &c in forcing.iter() {
            if c != self.tt_move && self.candidates.admits(b, c) {
                let bonus = order_bonus(c, 0, self.killers);
                self.moves.push((c, scorer.score(c) + bonus));
            }
        }
        self.moves[start..].sort_unstable_by_key(|&(c, s)| (std::cmp::Reverse(s), c));
        self.ordered = self.moves.len();
    }

    /// Every move not given yet, scored, unordered.
    fn push_rest(&mut self, b: &SearchBoard, history: &[u32]) {
        let scorer = MoveScorer::new(b, self.me, history, self.knobs);
        let staged = !self.candidates.defending;
        let (me, tt, killers) = (self.me, self.tt_move, self.killers);
        for &c in &b.board_cells {
            if c == tt || !self.candidates.admits(b, c) {
                continue;
            }
            if staged && (c == killers[0] || c == killers[1] || is_forcing(b, me, c)) {
                continue;
            }
            let bonus = order_bonus(c, 0, killers);
            self.moves.push((c, scorer.score(c) + bonus));
        }
    }
}

/// The index of the best-scored move (the first cell of equals, as the sort orders them).
#[inline]
fn best_index(moves: &[(Cell, i32)]) -> usize {
    let mut best = 0;
    for (i, &(c, s)) in moves.iter().enumerate().skip(1) {
        let (bc, bs) = moves[best];
        if s > bs || (s == bs && c < bc) {
            best = i;
        }
    }
    best
}

/// Whether a cell is a forcing move's: a five, an open four or a four that makes a three, for
/// either side.
#[inline]
fn is_forcing(b: &SearchBoard, me: Color, c: Cell) -> bool {
    let forcing = |class: u8| matches!(class, C_FIVE | C_FLEX4 | C_FOUR_THREE);
    forcing(b.class(me, c)) || forcing(b.class(me.opponent(), c))
}

/// How much a threat class adds to move ordering.
pub(super) fn threat_bonus(class: u8) -> i32 {
    match class {
        C_FIVE => 1 << 20,
        C_FLEX4 => 1 << 18,
        C_FOUR_THREE => 1 << 17,
        C_THREE_THREE => 1 << 12,
        C_FOUR => 600,
        C_THREE => 500,
        _ => 0,
    }
}

/// Which empty cells a side considers at a node: near the stones, and only its own fours and the
/// blocks of the opponent's fours while the opponent has an open three coming (a point that makes
/// an open four). Renju's black never considers its forbidden points.
#[derive(Clone, Copy)]
pub struct Candidates {
    me: Color,
    forbid: bool,
    defending: bool,
}

impl Candidates {
    pub fn of(b: &SearchBoard, me: Color) -> Candidates {
        Candidates {
            me,
            forbid: b.has_forbidden(me),
            defending: b.count(me.opponent(), C_FLEX4) > 0,
        }
    }

    #[inline(always)]
    pub fn admits(&self, b: &SearchBoard, c: Cell) -> bool {
        // Away from the stones (most of the board) nothing else needs reading. That holds when
        // defending too: a four (or the block of one) has three of its stones among the four
        // other cells of a five-cell window, so one lies within two steps.
        if !b.near(c) {
            return false;
        }
        if !b.is_empty(c) {
            return false;
        }
        let mine = b.class(self.me, c);
        if self.forbid && mine == C_FORBID {
            return false;
        }
        if self.defending {
            makes_four(mine) || blocks_four_point(b, self.me, c)
        } else {
            true
        }
    }
}

/// Whether `me` playing `c` takes a point where the opponent would make a four.
#[inline]
pub(super) fn blocks_four_point(b: &SearchBoard, me: Color, c: Cell) -> bool {
    b.levels(me.opponent(), c)
        .iter()
        .any(|&l| l == B4 || l == F4 || l == F4D)
}

/// The move picker against the plain list: every candidate once, in stages, each stage best first.
#[cfg(test)]
mod tests {
    use super::super::tests::busy_positions;
    use super::super::{Ai, Level, rng};
    use super::*;

    const KNOBS: OrderKnobs = OrderKnobs {
        policy_weight: 0,
        policy_add: false,
        history_shift: 4,
    };

    fn forcing(b: &SearchBoard, me: Color, c: Cell) -> bool {
        let f = |class: u8| matches!(class, C_FIVE | C_FLEX4 | C_FOUR_THREE);
        f(b.class(me, c)) || f(b.class(me.opponent(), c))
    }

    /// Every move the picker gives, asked one by one, with the stage each came from:
    /// 0 table, 1 forcing, 2 killer, 3 the rest.
    fn picked(
        b: &SearchBoard,
        me: Color,
        tt: Cell,
        killers: [Cell; 2],
        history: &[u32],
    ) -> Vec<(Cell, u8)> {
        let mut picker = MovePicker::new(b, me, tt, killers, KNOBS, Vec::new(), Vec::new());
        let mut out = Vec::new();
        let defending = b.count(me.opponent(), C_FLEX4) > 0;
        while let Some(c) = picker.pick(out.len(), b, history) {
            let stage = if c == tt {
                0
            } else if defending {
                3
            } else if forcing(b, me, c) {
                1
            } else if killers.contains(&c) {
                2
            } else {
                3
            };
            out.push((c, stage));
        }
        out
    }

    #[test]
    fn the_move_picker_gives_every_candidate_once_stage_by_stage() {
        let ai = Ai::new(Level::Expert, 1);
        let mut rng = rng::Rng::new(7);
        let (mut with_forcing, mut with_killer) = (0, 0);
        for (board, me) in busy_positions(150, 5) {
            let b = ai.search_board(&board);
            let history: Vec<u32> = (0..2 * MAX_CELLS).map(|_| rng.below(4000) as u32).collect();
            let candidates = Candidates::of(&b, me);
            let all: Vec<Cell> = b
                .board_cells
                .iter()
                .copied()
                .filter(|&c| candidates.admits(&b, c))
                .collect();
            // A table move and killers among the candidates, and one killer that is not one.
            let tt = all[rng.below(all.len() as u64) as usize];
            let killers = [all[rng.below(all.len() as u64) as usize], 1];
            let moves = picked(&b, me, tt, killers, &history);
            let mut cells: Vec<Cell> = moves.iter().map(|m| m.0).collect();
            assert_eq!(moves[0].0, tt, "the table move first");
            cells.sort_unstable();
            let mut expected = all.clone();
            expected.sort_unstable();
            assert_eq!(cells, expected, "every candidate once");
            assert!(
                moves.windows(2).all(|w| w[0].1 <= w[1].1),
                "stages in order: {moves:?}"
            );
            with_forcing += moves.iter().any(|m| m.1 == 1) as usize;
            with_killer += moves.iter().any(|m| m.1 == 2) as usize;
            // The rest best first, as the scores rank them.
            let scorer = MoveScorer::new(&b, me, &history, KNOBS);
            let bonus = |c: Cell| order_bonus(c, 0, killers);
            let rest: Vec<i32> = moves
                .iter()
                .filter(|m| m.1 == 3)
                .map(|m| scorer.score(m.0) + bonus(m.0))
                .collect();
            assert!(
                rest.windows(2).all(|w| w[0] >= w[1]),
                "rest in order: {rest:?}"
            );
            // Ordering all at once after the first move gives the same list.
            let mut picker = MovePicker::new(&b, me, tt, killers, KNOBS, Vec::new(), Vec::new());
            picker.pick(0, &b, &history);
            picker.order_all(&b, &history);
            let at_once: Vec<Cell> = picker.moves().iter().map(|m| m.0).collect();
            let one_by_one: Vec<Cell> = moves.iter().map(|m| m.0).collect();
            assert_eq!(at_once, one_by_one);
        }
        assert!(
            with_forcing > 5,
            "only {with_forcing} positions with forcing moves"
        );
        assert!(
            with_killer > 50,
            "only {with_killer} positions with a killer"
        );
    }

    #[test]
    fn a_forced_block_is_the_only_move() {
        let ai = Ai::new(Level::Expert, 1);
        let (board, me) = busy_positions(1, 3).remove(0);
        let b = ai.search_board(&board);
        let history = vec![0; 2 * MAX_CELLS];
        let block = b
            .board_cells
            .iter()
            .copied()
            .find(|&c| b.is_empty(c))
            .expect("an empty cell");
        let picker = MovePicker::new(&b, me, 0, [0; 2], KNOBS, Vec::new(), Vec::new());
        let mut picker = picker.forced(block);
        assert_eq!(picker.pick(0, &b, &history), Some(block));
        assert_eq!(picker.pick(1, &b, &history), None);
    }

    #[test]
    fn every_four_and_block_of_a_four_is_near_the_stones() {
        // What lets `Candidates::admits` read the near count first even when defending.
        let ai = Ai::new(Level::Expert, 1);
        let mut checked = 0;
        for (board, me) in busy_positions(200, 9) {
            let b = ai.search_board(&board);
            for &c in &b.board_cells {
                let own_four = makes_four(b.class(me, c));
                if b.is_empty(c) && (own_four || blocks_four_point(&b, me, c)) {
                    assert!(b.near(c), "a four point away from the stones");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} four points");
    }
}
