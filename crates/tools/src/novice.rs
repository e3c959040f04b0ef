//! A reference opponent that plays like someone who has just learned the rules (issue 62, item 14):
//! it completes its own five, blocks the opponent's four, and otherwise either extends its own
//! longest line or plays next to the opponent's last stone, chosen by a seeded coin. It never looks
//! further, so open threes and split fours get past it, as they get past a true beginner.
//!
//! The coin is seeded by [`NOVICE_SEED`] and the position, so a match replays exactly.

use tengen_engine::{Board, Color, DIRECTIONS, Pos, forbidden_in_match};

/// The novice's seed, mixed with the position's hash for each move.
pub const NOVICE_SEED: u64 = 0x6e6f_7669_6365;

/// The novice's move for `me`; `last` is the opponent's latest stone, if known.
pub fn novice_move(board: &Board, me: Color, last: Option<Pos>) -> Option<Pos> {
    let size = board.size();
    let legal: Vec<Pos> = board
        .empty_points()
        .filter(|&p| !(me == Color::Black && forbidden_in_match(board, p).is_some()))
        .collect();
    if board.stone_count() == 0 {
        let centre = Pos::new(size / 2, size / 2);
        return legal
            .contains(&centre)
            .then_some(centre)
            .or(legal.first().copied());
    }
    let fives = |color: Color| legal.iter().copied().find(|&p| makes_five(board, p, color));
    if let Some(win) = fives(me).or_else(|| fives(me.opponent())) {
        return Some(win);
    }
    let mut coin = mix(NOVICE_SEED ^ board.hash());
    let near_last = last.filter(|_| coin & 1 == 0).and_then(|last| {
        let around: Vec<Pos> = legal
            .iter()
            .copied()
            .filter(|p| distance(*p, last) == 1)
            .collect();
        coin = mix(coin);
        pick(&around, coin)
    });
    near_last.or_else(|| {
        // The points that make its longest line longer; any point next to a stone if none.
        let best = legal
            .iter()
            .map(|&p| longest_through(board, p, me))
            .max()
            .unwrap_or(0);
        let extending: Vec<Pos> = legal
            .iter()
            .copied()
            .filter(|&p| best > 1 && longest_through(board, p, me) == best)
            .collect();
        let beside: Vec<Pos> = legal
            .iter()
            .copied()
            .filter(|&p| board.stones().any(|(q, _)| distance(p, q) == 1))
            .collect();
        coin = mix(coin);
        pick(&extending, coin)
            .or_else(|| pick(&beside, coin))
            .or(legal.first().copied())
    })
}

/// Whether `color` playing `pos` makes a line of the variant's length.
fn makes_five(board: &Board, pos: Pos, color: Color) -> bool {
    longest_through(board, pos, color) >= usize::from(board.variant().win_len())
}

/// The longest run through empty `pos` were `color` to play it.
fn longest_through(board: &Board, pos: Pos, color: Color) -> usize {
    DIRECTIONS
        .iter()
        .map(|&(dx, dy)| {
            1 + board.run_from(pos, dx, dy, color) + board.run_from(pos, -dx, -dy, color)
        })
        .max()
        .unwrap_or(1)
}

/// Chebyshev distance: 1 for the eight neighbours.
fn distance(a: Pos, b: Pos) -> u8 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}

fn pick(points: &[Pos], coin: u64) -> Option<Pos> {
    (!points.is_empty()).then(|| points[(coin % points.len() as u64) as usize])
}

/// SplitMix64's step: a well-mixed number from any other.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::{Rule, Variant};

    fn board(stones: &[(u8, u8, Color)]) -> Board {
        let variant = Variant::new(15, 5, Rule::Freestyle).unwrap_or_else(|e| panic!("{e:?}"));
        let mut b = Board::new(variant);
        for &(x, y, c) in stones {
            b.place(Pos::new(x, y), c);
        }
        b
    }

    #[test]
    fn the_novice_makes_its_five_before_it_blocks_and_blocks_a_four() {
        use Color::{Black as B, White as W};
        let four = |c| (3..7).map(move |x| (x, 7, c));
        let theirs: Vec<_> = four(W).chain([(3, 9, B), (4, 9, B)]).collect();
        let block = novice_move(&board(&theirs), B, Some(Pos::new(6, 7)));
        assert!(matches!(block, Some(p) if p == Pos::new(2, 7) || p == Pos::new(7, 7)));
        let both: Vec<_> = four(W).chain((3..7).map(|x| (x, 9, B))).collect();
        let win = novice_move(&board(&both), B, Some(Pos::new(6, 7)));
        assert!(matches!(win, Some(p) if p == Pos::new(2, 9) || p == Pos::new(7, 9)));
    }

    #[test]
    fn the_novice_opens_in_the_centre_and_answers_next_to_stones_the_same_way_each_time() {
        assert_eq!(
            novice_move(&board(&[]), Color::Black, None),
            Some(Pos::new(7, 7))
        );
        let b = board(&[
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (6, 7, Color::Black),
        ]);
        let first = novice_move(&b, Color::White, Some(Pos::new(6, 7)));
        assert_eq!(
            first,
            novice_move(&b, Color::White, Some(Pos::new(6, 7))),
            "seeded"
        );
        let p = first.expect("a move");
        assert!(
            b.stones().any(|(q, _)| distance(p, q) == 1),
            "{p:?} beside a stone"
        );
    }
}
