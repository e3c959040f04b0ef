//! Renju forbidden points for black: double-three, double-four (on two lines or on one) and overline,
//! following the RIF rules, with the recursive definition of a three.
//!
//! The check reads the four lines through the point as windows of ±5 cells and classifies them with the
//! stone already placed. Only when a point looks like a double-three does the recursive part run: a three
//! counts only if one of the points that turn it into a straight four is itself a legal black move that
//! does not make a five, which is decided by the same check on a board with the stone placed.

use std::fmt;

use crate::board::Board;
use crate::core::{Color, DIRECTIONS, Pos, Rule};

/// Why black may not play a point under renju rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// The move makes two or more threes at once.
    DoubleThree,
    /// The move makes two or more fours at once (on two lines or on one line).
    DoubleFour,
    /// The move makes six or more in a row.
    Overline,
}

impl Forbidden {
    /// A short key for protocols and files: `3x3`, `4x4`, `overline`.
    pub const fn key(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "3x3",
            Forbidden::DoubleFour => "4x4",
            Forbidden::Overline => "overline",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "forbidden for black: double three",
            Forbidden::DoubleFour => "forbidden for black: double four",
            Forbidden::Overline => "forbidden for black: overline (six or more in a row)",
        })
    }
}

/// Cell codes inside a line window. Off-board cells block like white stones.
const E: u8 = 0;
const B: u8 = 1;
const W: u8 = 2;

/// Half-width of a line window: enough to see a five's neighbours and a straight four's outer cells.
const REACH: usize = 5;
const LEN: usize = 2 * REACH + 1;
const C: usize = REACH;

type Line = [u8; LEN];

/// The line through `pos` along `(dx, dy)`, ±5 cells, with a black stone assumed on `pos`.
#[inline]
fn read_line(board: &Board, pos: Pos, dx: i32, dy: i32) -> Line {
    // Board codes are 0 empty, 1 black, 2 white: the same as the line codes, with off-board read as white.
    const _: () = assert!(E == 0 && B == 1 && W == 2);
    let mut line = [W; LEN];
    let (x0, y0) = (
        pos.x as i32 - dx * REACH as i32,
        pos.y as i32 - dy * REACH as i32,
    );
    for (k, cell) in line.iter_mut().enumerate() {
        let k = k as i32;
        *cell = board.code_at(x0 + dx * k, y0 + dy * k, W);
    }
    line[C] = B;
    line
}

/// Length of the black run through the centre.
#[inline]
fn run_len(line: &Line, centre: usize) -> usize {
    let mut lo = centre;
    while lo > 0 && line[lo - 1] == B {
        lo -= 1;
    }
    let mut hi = centre;
    while hi + 1 < LEN && line[hi + 1] == B {
        hi += 1;
    }
    hi - lo + 1
}

/// What the centre stone makes on one line.
#[derive(Clone, Copy, Default)]
struct LineShape {
    five: bool,
    overline: bool,
    /// Number of distinct fours through the centre (two on one line for `X.XXX.X` and alike).
    fours: u8,
    /// One of the fours is a straight four (the same four stones complete to five in two ways).
    straight_four: bool,
    /// Bit `k` set: a black stone at window index `k` would make a straight four through the centre
    /// (the line is a three, if that point is a legal move). Only filled when the line has no four.
    three_points: u16,
}

/// Classifies black's line through the centre (where the new stone stands): five, overline, fours, or
/// the points that would make it a straight four (a three, pending the recursive check).
fn classify(line: &Line) -> LineShape {
    let mut shape = LineShape::default();
    // A three needs two more black stones within three cells, a four three within four, a five or an
    // overline four within four: with fewer than two the line is nothing, the common case.
    if line[C - 4..=C + 4].iter().filter(|&&c| c == B).count() < 3 {
        return shape;
    }
    let run = run_len(line, C);
    if run == 5 {
        shape.five = true;
        return shape;
    }
    if run > 5 {
        shape.overline = true;
        return shape;
    }
    // Fours: windows of five cells containing the centre with four black stones and one empty point,
    // not touching another black stone on either side (that would make the five an overline). Two
    // windows with the same four stones are one (straight) four; different stone sets are two fours.
    let mut four_sets: [u16; 5] = [0; 5];
    let mut n_sets = 0usize;
    for start in (C - 4)..=C {
        let window = &line[start..start + 5];
        let blacks = window.iter().filter(|&&c| c == B).count();
        let empties = window.iter().filter(|&&c| c == E).count();
        if blacks != 4 || empties != 1 {
            continue;
        }
        if line[start - 1] == B || line[start + 5] == B {
            continue;
        }
        let mut set = 0u16;
        for (k, &cell) in line.iter().enumerate().skip(start).take(5) {
            if cell == B {
                set |= 1 << k;
            }
        }
        if four_sets[..n_sets].contains(&set) {
            shape.straight_four = true;
        } else {
            four_sets[n_sets] = set;
            n_sets += 1;
        }
    }
    shape.fours = n_sets as u8;
    if n_sets > 0 {
        return shape;
    }
    // Threes: an empty point within three cells that would make an unbroken four through the centre with
    // an empty cell at each end, each end making an exact five.
    let mut probe = *line;
    for q in (C - 3)..=(C + 3) {
        if q == C || line[q] != E {
            continue;
        }
        probe[q] = B;
        if makes_straight_four(&probe) {
            shape.three_points |= 1 << q;
        }
        probe[q] = E;
    }
    shape
}

/// Whether the black run through the centre is a straight four: exactly four stones, both ends empty,
/// and filling either end gives exactly five.
#[inline]
fn makes_straight_four(line: &Line) -> bool {
    let mut lo = C;
    while lo > 0 && line[lo - 1] == B {
        lo -= 1;
    }
    let mut hi = C;
    while hi + 1 < LEN && line[hi + 1] == B {
        hi += 1;
    }
    // Only a run of exactly four is indexed further; it contains the centre, so lo ≥ 2 and hi ≤ 8 and
    // the cells two beyond either end are still inside the window.
    hi - lo + 1 == 4
        && line[lo - 1] == E
        && line[hi + 1] == E
        && line[lo - 2] != B
        && line[hi + 2] != B
}

/// The four line shapes of a black stone on `pos`.
#[inline]
fn shapes(board: &Board, pos: Pos) -> [LineShape; 4] {
    DIRECTIONS.map(|(dx, dy)| classify(&read_line(board, pos, dx, dy)))
}

enum Verdict {
    Five,
    Forbidden(Forbidden),
    Legal,
    /// Two or more lines look like threes: the recursive check must decide.
    MaybeDoubleThree,
}

fn verdict(shapes: &[LineShape; 4]) -> Verdict {
    if shapes.iter().any(|s| s.five) {
        return Verdict::Five;
    }
    if shapes.iter().any(|s| s.overline) {
        return Verdict::Forbidden(Forbidden::Overline);
    }
    if shapes.iter().map(|s| s.fours as u32).sum::<u32>() >= 2 {
        return Verdict::Forbidden(Forbidden::DoubleFour);
    }
    if shapes.iter().filter(|s| s.three_points != 0).count() >= 2 {
        return Verdict::MaybeDoubleThree;
    }
    Verdict::Legal
}

/// Why black may not play the empty point `pos`, or `None` if black may (including every move that makes
/// an exact five, which wins whatever else it makes). Always `None` when the variant is not renju, and for
/// occupied or off-board points.
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if board.variant().rule() != Rule::Renju || !board.is_empty(pos) {
        return None;
    }
    let shapes = shapes(board, pos);
    match verdict(&shapes) {
        Verdict::Five | Verdict::Legal => None,
        Verdict::Forbidden(f) => Some(f),
        Verdict::MaybeDoubleThree => {
            let mut scratch = board.clone();
            is_real_double_three(&mut scratch, pos, &shapes).then_some(Forbidden::DoubleThree)
        }
    }
}

/// How engine matches judge black's move on the empty point `pos` under renju: c-gomoku-cli, the
/// Gomocup match runner, reads an overline as forbidden even when the same stone also makes an exact
/// five on another line (the RIF reading of [`forbidden`] lets that five win), and when a point is
/// both a double three and a double four it names the double three. Everywhere else the two agree.
/// The engine plays by this stricter reading so that no judge can call its move forbidden.
pub fn forbidden_in_match(board: &Board, pos: Pos) -> Option<Forbidden> {
    if board.variant().rule() != Rule::Renju || !board.is_empty(pos) {
        return None;
    }
    let shapes = shapes(board, pos);
    if shapes.iter().any(|s| s.overline) {
        return Some(Forbidden::Overline);
    }
    let maybe_three = shapes.iter().filter(|s| s.three_points != 0).count() >= 2;
    let real_three = || is_real_double_three(&mut board.clone(), pos, &shapes);
    match verdict(&shapes) {
        Verdict::Five | Verdict::Legal => None,
        // The judge looks for a double three before a double four.
        Verdict::Forbidden(_) if maybe_three && real_three() => Some(Forbidden::DoubleThree),
        Verdict::Forbidden(f) => Some(f),
        Verdict::MaybeDoubleThree => real_three().then_some(Forbidden::DoubleThree),
    }
}

/// Whether a black stone on `pos` makes a five, and if not, whether the point is forbidden. The board is
/// the recursion's scratch copy (stones are placed and removed on it).
fn forbidden_or_five(board: &mut Board, pos: Pos) -> (bool, Option<Forbidden>) {
    let shapes = shapes(board, pos);
    match verdict(&shapes) {
        Verdict::Five => (true, None),
        Verdict::Legal => (false, None),
        Verdict::Forbidden(f) => (false, Some(f)),
        Verdict::MaybeDoubleThree => (
            false,
            is_real_double_three(board, pos, &shapes).then_some(Forbidden::DoubleThree),
        ),
    }
}

/// Counts the lines through `pos` that are real threes (one of their straight-four points is a legal
/// black move that makes no five) and says whether there are two or more.
fn is_real_double_three(board: &mut Board, pos: Pos, shapes: &[LineShape; 4]) -> bool {
    board.place(pos, Color::Black);
    let size = board.size();
    let mut threes = 0;
    for (shape, &(dx, dy)) in shapes.iter().zip(DIRECTIONS.iter()) {
        let mut points = shape.three_points;
        while points != 0 {
            let k = points.trailing_zeros() as i32;
            points &= points - 1;
            let Some(q) = pos.offset(dx, dy, k - C as i32, size) else {
                continue;
            };
            let (five, forbidden) = forbidden_or_five(board, q);
            if !five && forbidden.is_none() {
                threes += 1;
                break;
            }
        }
        if threes >= 2 {
            break;
        }
    }
    board.remove(pos);
    threes >= 2
}

/// Every forbidden point of the position for black, row by row from the top-left. Empty for other rules.
/// Only empty points that see several black stones along their lines can be forbidden; the rest are
/// skipped without a look.
pub fn forbidden_points(board: &Board) -> Vec<(Pos, Forbidden)> {
    let mut out = Vec::new();
    if board.variant().rule() != Rule::Renju {
        return out;
    }
    let size = board.size() as usize;
    // Count the black stones each point sees within four steps on its four lines. Every forbidden shape
    // needs at least four of them (two per three, three per four, 4 for `X.XXX.X`, 4 of an overline's
    // 5 within reach), so points that see fewer are skipped without a look.
    let mut seen = [[0u8; 20]; 20];
    for (p, c) in board.stones() {
        if c != Color::Black {
            continue;
        }
        for &(dx, dy) in &DIRECTIONS {
            for step in -4..=4 {
                if step == 0 {
                    continue;
                }
                if let Some(q) = p.offset(dx, dy, step, size as u8) {
                    let cell = &mut seen[q.y as usize][q.x as usize];
                    *cell = cell.saturating_add(1);
                }
            }
        }
    }
    for (y, row) in seen.iter().enumerate().take(size) {
        for (x, &count) in row.iter().enumerate().take(size) {
            if count < 4 {
                continue;
            }
            let pos = Pos::new(x as u8, y as u8);
            if let Some(f) = forbidden(board, pos) {
                out.push((pos, f));
            }
        }
    }
    out
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
