//! A second, deliberately plain judge of black's forbidden points as engine matches read them, to
//! check [`forbidden_in_match`] against. It is written from the rule's definitions, not from the
//! line windows of `classify`: every candidate stone is placed on the board and the rows are
//! counted, so a slip in the fast code's window arithmetic cannot hide in both.
//!
//! The reading is c-gomoku-cli's (the Gomocup match runner, `Position::isForbidden`): six or more
//! in a row is an overline even when the same stone makes an exact five on another line; otherwise
//! a five is never forbidden; a double three is named before a double four. A three is a line
//! that one more black stone turns into a straight four, where that stone makes no five and is not
//! itself forbidden (the recursive definition). This judge, and `forbidden_in_match`, agreed with
//! c-gomoku-cli's own code on every empty point of 520 000 random boards of the kind
//! `random_board` makes (about 104 million points; `docs/strength.md`, "No illegal move").

use super::*;
use crate::core::Preset;
use crate::search::rng::Rng;

/// The black row through `p` along `d`, counting `p` (which must hold a black stone).
fn row(b: &Board, p: Pos, (dx, dy): (i32, i32)) -> usize {
    let size = b.size();
    let mut n = 1;
    for sign in [1, -1] {
        let mut k = 1;
        while let Some(q) = p.offset(dx * sign, dy * sign, k, size) {
            if b.get(q) != Some(Color::Black) {
                break;
            }
            n += 1;
            k += 1;
        }
    }
    n
}

/// The empty points on the line through `p` along `d`, up to `reach` steps either way.
fn line_points(b: &Board, p: Pos, (dx, dy): (i32, i32), reach: i32) -> Vec<Pos> {
    (-reach..=reach)
        .filter(|&k| k != 0)
        .filter_map(|k| p.offset(dx, dy, k, b.size()))
        .filter(|&q| b.is_empty(q))
        .collect()
}

/// The unbroken black row through `p` along `d` (which must hold a black stone), end to end.
fn row_cells(b: &Board, p: Pos, (dx, dy): (i32, i32)) -> Vec<Pos> {
    let size = b.size();
    let black = |q: &Pos| b.get(*q) == Some(Color::Black);
    let mut start = p;
    while let Some(q) = start.offset(-dx, -dy, 1, size).filter(black) {
        start = q;
    }
    (0..)
        .map_while(|k| start.offset(dx, dy, k, size).filter(black))
        .collect()
}

/// The fours the black stone on `p` makes along `d`: each one the set of four stones that one
/// more stone on the line turns into an exact five through `p`. A straight four's two fives share
/// their four stones, so it is one four; `X.XXX.X` filled in the middle makes two.
fn fours(b: &mut Board, p: Pos, d: (i32, i32)) -> usize {
    let mut sets: Vec<Vec<Pos>> = Vec::new();
    for q in line_points(b, p, d, 4) {
        b.place(q, Color::Black);
        let five = row_cells(b, q, d);
        b.remove(q);
        if five.len() == 5 && five.contains(&p) {
            let four: Vec<Pos> = five.into_iter().filter(|&s| s != q).collect();
            if !sets.contains(&four) {
                sets.push(four);
            }
        }
    }
    sets.len()
}

/// Whether the black row through `p` along `d` is a straight four: exactly four stones, and the
/// empty point at each end makes an exact five.
fn straight_four(b: &mut Board, p: Pos, d: (i32, i32)) -> bool {
    if row(b, p, d) != 4 {
        return false;
    }
    let size = b.size();
    let end = |sign: i32| {
        (1..=4)
            .filter_map(|k| p.offset(d.0 * sign, d.1 * sign, k, size))
            .find(|&q| b.get(q) != Some(Color::Black))
    };
    let ends = [end(1), end(-1)];
    ends.iter().all(|&e| {
        e.is_some_and(|e| {
            b.is_empty(e) && {
                b.place(e, Color::Black);
                let five = row(b, e, d) == 5;
                b.remove(e);
                five
            }
        })
    })
}

/// Whether the black stone on `p` makes a three along `d`: some empty point makes a straight four
/// through `p` there and is a legal black move that makes no five.
fn three(b: &mut Board, p: Pos, d: (i32, i32)) -> bool {
    for q in line_points(b, p, d, 4) {
        b.place(q, Color::Black);
        // The new stone must be part of the straight four (a line that already is a four is none).
        let straight = row_cells(b, p, d).contains(&q) && straight_four(b, p, d);
        b.remove(q);
        if straight && judge(b, q) == Verdict::Legal {
            return true;
        }
    }
    false
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Five,
    Legal,
    Forbidden(Forbidden),
}

/// What a black stone on the empty point `p` is, by the match reading.
fn judge(b: &mut Board, p: Pos) -> Verdict {
    b.place(p, Color::Black);
    let rows = DIRECTIONS.map(|d| row(b, p, d));
    let verdict = if rows.iter().any(|&n| n >= 6) {
        Verdict::Forbidden(Forbidden::Overline)
    } else if rows.contains(&5) {
        Verdict::Five
    } else if DIRECTIONS.iter().filter(|&&d| three(b, p, d)).count() >= 2 {
        Verdict::Forbidden(Forbidden::DoubleThree)
    } else if DIRECTIONS.iter().map(|&d| fours(b, p, d)).sum::<usize>() >= 2 {
        Verdict::Forbidden(Forbidden::DoubleFour)
    } else {
        Verdict::Legal
    };
    b.remove(p);
    verdict
}

/// The plain judge's answer in [`forbidden_in_match`]'s terms.
pub(super) fn reference_forbidden(board: &Board, p: Pos) -> Option<Forbidden> {
    if board.variant().rule() != Rule::Renju || !board.is_empty(p) {
        return None;
    }
    match judge(&mut board.clone(), p) {
        Verdict::Forbidden(f) => Some(f),
        Verdict::Five | Verdict::Legal => None,
    }
}

/// A random renju board of the kind the differential check used: a crowded square of black and
/// white stones anywhere on the board (its edges included), or stones strewn along a few lines
/// through one point, mostly black.
fn random_board(rng: &mut Rng) -> Board {
    let mut b = Board::new(Preset::Renju15.variant());
    let size = 15i32;
    let put = |b: &mut Board, x: i32, y: i32, color: Color| {
        if (0..size).contains(&x) && (0..size).contains(&y) {
            // A later stone replaces an earlier one where the lines cross.
            let p = Pos::new(x as u8, y as u8);
            b.remove(p);
            b.place(p, color);
        }
    };
    if rng.below(2) == 0 {
        let k = 5 + rng.below(7) as i32;
        let x0 = rng.below((size - k + 5) as u64) as i32 - 2;
        let y0 = rng.below((size - k + 5) as u64) as i32 - 2;
        let black = 15 + rng.below(46);
        let white = rng.below(31);
        for y in y0..y0 + k {
            for x in x0..x0 + k {
                let r = rng.below(100);
                if r < black {
                    put(&mut b, x, y, Color::Black);
                } else if r < black + white {
                    put(&mut b, x, y, Color::White);
                }
            }
        }
    } else {
        let (cx, cy) = (rng.below(15) as i32, rng.below(15) as i32);
        for _ in 0..3 + rng.below(6) {
            let (dx, dy) = DIRECTIONS[rng.below(4) as usize];
            let ox = cx + rng.below(7) as i32 - 3;
            let oy = cy + rng.below(7) as i32 - 3;
            for t in -5..=5 {
                if rng.below(100) < 55 {
                    let color = if rng.below(5) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    put(&mut b, ox + dx * t, oy + dy * t, color);
                }
            }
        }
    }
    b
}

/// The fast judge and the plain one agree on every empty point of random crowded boards, and the
/// boards hold every kind of point, the fives made with an overline and the false threes (whose
/// every straight-four point is forbidden) among them.
#[test]
fn the_match_reading_agrees_with_a_plain_judge_on_random_boards() {
    let mut rng = Rng::new(0x1337_0037);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..3_000 {
        let b = random_board(&mut rng);
        for p in b.empty_points().collect::<Vec<_>>() {
            let fast = forbidden_in_match(&b, p);
            let plain = reference_forbidden(&b, p);
            assert_eq!(fast, plain, "{p:?}\n{}", b.diagram());
            // Where the RIF reading differs, and a double three the recursion refutes.
            let five_overline = fast == Some(Forbidden::Overline) && forbidden(&b, p).is_none();
            let false_three = fast.is_none() && looks_like_double_three(&b, p);
            *seen
                .entry((fast, five_overline, false_three))
                .or_insert(0u32) += 1;
        }
    }
    for kind in [
        Some(Forbidden::Overline),
        Some(Forbidden::DoubleFour),
        Some(Forbidden::DoubleThree),
    ] {
        assert!(
            seen.contains_key(&(kind, false, false)),
            "{kind:?}: {seen:?}"
        );
    }
    assert!(
        seen.contains_key(&(Some(Forbidden::Overline), true, false)),
        "{seen:?}"
    );
    assert!(seen.contains_key(&(None, false, true)), "{seen:?}");
}

/// Whether two lines through `p` would be threes if every straight-four point counted (the fast
/// judge's first look, before the recursion).
fn looks_like_double_three(b: &Board, p: Pos) -> bool {
    let s = shapes(b, p);
    s.iter().filter(|s| s.three_points != 0).count() >= 2
        && s.iter().all(|s| !s.five && !s.overline)
        && s.iter().map(|s| s.fours as u32).sum::<u32>() < 2
}

/// The plain judge itself on the shapes the rules spell out: the points `forbidden_in_match` is
/// checked against must be right on their own.
#[test]
fn the_plain_judge_reads_the_basic_shapes() {
    let v = Preset::Renju15.variant();
    let place = |stones: &[(u8, u8, Color)]| {
        let mut b = Board::new(v);
        for &(x, y, c) in stones {
            b.place(Pos::new(x, y), c);
        }
        b
    };
    use Color::{Black as B, White as W};
    // XXX_XX on row 7: the gap is an overline.
    let b = place(&[(3, 7, B), (4, 7, B), (5, 7, B), (7, 7, B), (8, 7, B)]);
    assert_eq!(
        reference_forbidden(&b, Pos::new(6, 7)),
        Some(Forbidden::Overline)
    );
    // XXXX_ closed on the left: the end makes an exact five, never forbidden.
    let b = place(&[(2, 7, W), (3, 7, B), (4, 7, B), (5, 7, B), (6, 7, B)]);
    assert_eq!(reference_forbidden(&b, Pos::new(7, 7)), None);
    // Two open twos crossing at (7,7): a double three.
    let b = place(&[(5, 7, B), (6, 7, B), (7, 5, B), (7, 6, B)]);
    assert_eq!(
        reference_forbidden(&b, Pos::new(7, 7)),
        Some(Forbidden::DoubleThree)
    );
    // X.XXX.X: a middle point makes two fours on one line.
    let b = place(&[(3, 7, B), (5, 7, B), (7, 7, B), (9, 7, B)]);
    assert_eq!(
        reference_forbidden(&b, Pos::new(6, 7)),
        Some(Forbidden::DoubleFour)
    );
    // X.XXXX: one four (the gap would make six).
    let b = place(&[(3, 7, B), (5, 7, B), (6, 7, B), (8, 7, B)]);
    assert_eq!(reference_forbidden(&b, Pos::new(7, 7)), None);
    // The five made with an overline: (7,7) ends a five on row 7 and makes six on column 7.
    let b = place(&[
        (3, 7, B),
        (4, 7, B),
        (5, 7, B),
        (6, 7, B),
        (7, 4, B),
        (7, 5, B),
        (7, 6, B),
        (7, 8, B),
        (7, 9, B),
        (2, 7, W),
    ]);
    assert_eq!(
        reference_forbidden(&b, Pos::new(7, 7)),
        Some(Forbidden::Overline)
    );
}
