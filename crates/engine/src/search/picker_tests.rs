//! The move picker against the plain list: every candidate once, in stages, each stage best first.

use super::pattern::{C_FIVE, C_FLEX4, C_FOUR, C_FOUR_THREE};
use super::picker::{Candidates, MovePicker, MoveScorer, OrderKnobs};
use super::state::{Cell, MAX_CELLS, SearchBoard};
use super::tests::busy_positions;
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
        let bonus = |c: Cell| picker::order_bonus(c, 0, killers);
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
            let own_four = matches!(b.class(me, c), C_FOUR | C_FOUR_THREE | C_FLEX4 | C_FIVE);
            if b.is_empty(c) && (own_four || picker::blocks_four_point(&b, me, c)) {
                assert!(b.near(c), "a four point away from the stones");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} four points");
}
