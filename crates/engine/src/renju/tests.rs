//! Renju rule tests: hand-made shapes and a suite of positions from public renju material.

use super::*;
use crate::core::Preset;

/// A renju board from a diagram: `X` black, `O` white, `.` or `+` empty; rows top first, cells may be
/// separated by spaces. Lines shorter than 15 are padded with empty points on the right; the diagram is
/// placed at the top-left corner unless it has 15 rows.
fn board(diagram: &str) -> Board {
    let mut b = Board::new(Preset::Renju15.variant());
    let rows = diagram.lines().map(str::trim).filter(|l| !l.is_empty());
    for (y, row) in rows.enumerate() {
        let cells = row.chars().filter(|c| !c.is_whitespace());
        for (x, c) in cells.enumerate() {
            let pos = Pos::new(x as u8, y as u8);
            match c {
                'X' => b.place(pos, Color::Black),
                'O' => b.place(pos, Color::White),
                _ => {}
            }
        }
    }
    b
}

fn at(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

#[test]
fn overline_is_forbidden() {
    let b = board("XXX.XX");
    assert_eq!(forbidden(&b, at(3, 0)), Some(Forbidden::Overline));
}

#[test]
fn exact_five_is_never_forbidden() {
    // Filling (4,0) makes a five across and a four-four otherwise: five wins.
    let b = board(
        "
        XXXX.
        ....X
        ....X
        ....X
        ",
    );
    assert_eq!(forbidden(&b, at(4, 0)), None);
}

#[test]
fn double_four_on_one_line() {
    let b = board(". X . X . X . X .");
    assert_eq!(
        forbidden(&b, at(4, 0)),
        Some(Forbidden::DoubleFour),
        "X.XXX.X"
    );
    let b = board(". X X . . X . X X .");
    assert_eq!(
        forbidden(&b, at(4, 0)),
        Some(Forbidden::DoubleFour),
        "XX.XX.XX"
    );
    let b = board(". X X X . . X X X .");
    assert_eq!(forbidden(&b, at(4, 0)), None, "XXXX.XXX is a single four");
}

#[test]
fn double_four_on_two_lines() {
    let b = board(
        "
        .......
        .XXX...
        .......
        ....X..
        ....X..
        ....X..
        ",
    );
    assert_eq!(forbidden(&b, at(4, 1)), Some(Forbidden::DoubleFour));
}

#[test]
fn four_three_is_legal_and_double_three_is_not() {
    let four_three = board(
        "
        .........
        ..XXX....
        .........
        .....X...
        .....X...
        .........
        ",
    );
    assert_eq!(forbidden(&four_three, at(5, 1)), None);
    let double_three = board(
        "
        .........
        ...XX....
        .........
        .....X...
        .....X...
        .........
        ",
    );
    assert_eq!(
        forbidden(&double_three, at(5, 1)),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn a_blocked_three_is_not_a_three() {
    let b = board(
        "
        .........
        ..OXX....
        .........
        .....X...
        .....X...
        .........
        ",
    );
    assert_eq!(forbidden(&b, at(5, 1)), None);
}

#[test]
fn only_renju_has_forbidden_points() {
    let mut b = Board::new(Preset::Freestyle15.variant());
    for x in [0, 1, 2, 4, 5] {
        b.place(at(x, 0), Color::Black);
    }
    assert_eq!(forbidden(&b, at(3, 0)), None);
    assert!(forbidden_points(&b).is_empty());
}

#[test]
fn five_beats_an_overline_and_a_double_three_made_at_the_same_time() {
    // The point (5,5) makes an exact five down column 5, six across row 5 and a double three on the
    // diagonals: five wins, so the point is not forbidden ([RIF] article 9.3: black wins with a five even
    // if it is made together with a forbidden shape).
    let b = board(
        "
        ...............
        .....X.........
        .....X.........
        .....X.........
        .....X.........
        XXXXX.X........
        ....X.X........
        ...X...X.......
        ...............
        ",
    );
    assert_eq!(forbidden(&b, at(5, 5)), None);
    // Without the column the same point is an overline.
    let mut c = b.clone();
    c.remove(at(5, 1));
    assert_eq!(forbidden(&c, at(5, 5)), Some(Forbidden::Overline));
}

#[test]
fn match_judges_call_a_five_made_with_an_overline_an_overline() {
    // (5,5) makes an exact five down column 5 and six across row 5: a win by the RIF reading, a lost
    // game by c-gomoku-cli's ("Black play forbidden move - overline").
    let b = board(
        "
        ...............
        .....X.........
        .....X.........
        .....X.........
        .....X.........
        .XXXX.X........
        ",
    );
    assert_eq!(forbidden(&b, at(5, 5)), None);
    assert_eq!(forbidden_in_match(&b, at(5, 5)), Some(Forbidden::Overline));
    // A plain five and a plain overline read the same both ways.
    assert_eq!(forbidden_in_match(&b, at(5, 0)), None);
    let mut c = b.clone();
    c.remove(at(5, 1));
    assert_eq!(forbidden_in_match(&c, at(5, 5)), Some(Forbidden::Overline));
    // Only empty points, only renju.
    assert_eq!(forbidden_in_match(&b, at(1, 5)), None);
    let mut free = Board::new(Preset::Freestyle15.variant());
    for (p, color) in b.stones() {
        free.place(p, color);
    }
    assert_eq!(forbidden_in_match(&free, at(5, 5)), None);
}

#[test]
fn match_judges_name_a_double_three_before_a_double_four() {
    // (7,7) makes fours across and down and open threes on both diagonals.
    let b = board(
        "
        ...............
        ...............
        ...............
        ...............
        .......X.......
        .....X.X.X.....
        ......XXX......
        ....XXX........
        ...............
        ",
    );
    assert_eq!(forbidden(&b, at(7, 7)), Some(Forbidden::DoubleFour));
    assert_eq!(
        forbidden_in_match(&b, at(7, 7)),
        Some(Forbidden::DoubleThree)
    );
}

/// Random crowded renju positions: the match reading agrees with the RIF one except for a five made
/// with an overline (then an overline) and a double four that is also a double three (then named a
/// double three). Both kinds of difference must turn up, or the positions test nothing new.
#[test]
fn match_reading_differs_from_the_rules_only_where_documented() {
    let mut rng = crate::search::rng::Rng::new(37);
    let (mut overlines, mut threes) = (0, 0);
    for _ in 0..3000 {
        let mut b = Board::new(Preset::Renju15.variant());
        for _ in 0..(20 + rng.below(30)) {
            let p = at(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            if b.is_empty(p) {
                let color = if rng.below(3) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                b.place(p, color);
            }
        }
        for p in b.empty_points().collect::<Vec<_>>() {
            match (forbidden(&b, p), forbidden_in_match(&b, p)) {
                (a, m) if a == m => {}
                (None, Some(Forbidden::Overline)) => {
                    b.place(p, Color::Black);
                    assert!(b.is_win_at(p), "{p:?} is not a five\n{}", b.diagram());
                    b.remove(p);
                    overlines += 1;
                }
                (Some(Forbidden::DoubleFour), Some(Forbidden::DoubleThree)) => threes += 1,
                (a, m) => panic!("{p:?}: rules {a:?}, match {m:?}\n{}", b.diagram()),
            }
        }
    }
    assert!(overlines > 0 && threes > 0, "{overlines} {threes}");
}

#[test]
fn forks_of_more_than_two_are_forbidden_and_four_three_is_not() {
    // [RIF]: a move making two fours, or two threes, is forbidden whatever else it makes; only the
    // four-three is allowed. All at (7,7): a closed four across (white on (3,7)), open threes down and on
    // the diagonal, and a second closed four on the diagonal.
    let mut b = Board::new(Preset::Renju15.variant());
    b.place(at(3, 7), Color::White);
    for p in [at(4, 7), at(5, 7), at(6, 7), at(7, 5), at(7, 6)] {
        b.place(p, Color::Black);
    }
    assert_eq!(forbidden(&b, at(7, 7)), None, "four-three");
    b.place(at(5, 5), Color::Black);
    b.place(at(6, 6), Color::Black);
    assert_eq!(
        forbidden(&b, at(7, 7)),
        Some(Forbidden::DoubleThree),
        "four-three-three"
    );
    b.place(at(4, 4), Color::Black);
    b.place(at(3, 3), Color::White);
    assert_eq!(
        forbidden(&b, at(7, 7)),
        Some(Forbidden::DoubleFour),
        "four-four-three"
    );
}

#[test]
fn a_three_completed_only_by_a_five_is_no_three() {
    // [RIF] "Three": one more stone must attain a straight four *without at the same time a five in a row
    // being made*. Row 7 holds X X with white on (9,7): after (7,7) the only straight-four point is (4,7),
    // which also completes black's column 4 to five. So row 7 is no three, (7,7) makes one three (the
    // column through it) and is legal.
    let mut b = Board::new(Preset::Renju15.variant());
    for p in [at(5, 7), at(6, 7), at(7, 5), at(7, 6)] {
        b.place(p, Color::Black);
    }
    b.place(at(9, 7), Color::White);
    assert_eq!(
        forbidden(&b, at(7, 7)),
        Some(Forbidden::DoubleThree),
        "two real threes first"
    );
    for y in 3..7 {
        b.place(at(4, y), Color::Black);
    }
    assert_eq!(forbidden(&b, at(7, 7)), None);
}

#[test]
fn white_stones_never_count_as_black() {
    let b = board("OOO.OO");
    assert_eq!(forbidden(&b, at(3, 0)), None);
    assert!(forbidden_points(&b).is_empty());
}

#[test]
fn occupied_and_off_board_points_are_not_forbidden() {
    let b = board("XXX.XX");
    assert_eq!(forbidden(&b, at(0, 0)), None);
    assert_eq!(forbidden(&b, at(15, 0)), None);
    assert_eq!(forbidden_points(&b), vec![(at(3, 0), Forbidden::Overline)]);
}

// ---------------------------------------------------------------------------------------------------------
// Suite from public renju material.
//
// Sources:
// - [RIF] The International Rules of Renju (RIF, 1996, corrected 1998), section 3 "Terms and definitions":
//   http://www.renju.net/study/rifrules.php . Definitions of four, straight four, three ("to which you,
//   without at the same time a five in a row is made, can add one more stone to attain a straight four"),
//   double-four and double-three.
// - [MT] junghyun397/mintaka, documents/renju-test-set.md (commit 3ef4440f): strips and whole boards; in
//   its notation `3`/`4`/`6` mark double-three/double-four/overline points, `1` marks the answer points of
//   a pattern strip.
// - [MR] junghyun397/mintaka, documents/renju.md: single-line, nested, multiple-nested and recursive
//   forbidden points on whole boards.
// ---------------------------------------------------------------------------------------------------------

/// Which stones a strip test looks at: black-only and both-colour strips apply to black; the white-only
/// strips of [MT] are skipped (white has no forbidden points and no exact-five rule).
#[derive(Clone, Copy, PartialEq)]
enum StripFor {
    Black,
    Both,
}

/// One horizontal strip of [MT]: the cells (`X`, `O`, `.`) and the answer (same length). The strip's ends
/// are walls: on the board they are the edge on the left and a white stone on the right.
struct Strip {
    for_: StripFor,
    cells: &'static str,
    answer: &'static str,
}

const fn strip(for_: StripFor, cells: &'static str, answer: &'static str) -> Strip {
    Strip {
        for_,
        cells,
        answer,
    }
}

use StripFor::{Black as BLACK, Both as BOTH};

/// The strip laid on row 7 of a 20×20 renju board from the left edge, walled by a white stone on its
/// right. (20×20 so that the longest strips fit; a white stone blocks black exactly like the edge.)
fn strip_board(cells: &str) -> Board {
    let variant = crate::core::Variant::new(20, 5, Rule::Renju).expect("20x20 renju");
    let mut b = Board::new(variant);
    let y = 7;
    for (x, c) in cells.chars().enumerate() {
        match c {
            'X' => b.place(at(x as u8, y), Color::Black),
            'O' => b.place(at(x as u8, y), Color::White),
            _ => {}
        }
    }
    if cells.len() < 20 {
        b.place(at(cells.len() as u8, y), Color::White);
    }
    b
}

/// For every empty cell of every strip, the predicate on black's horizontal line shape through that cell
/// must hold exactly at the answer's `1` cells (or at `2` for "two fours on the line").
fn check_strips(section: &str, strips: &[Strip], holds: impl Fn(&LineShape) -> bool) {
    for s in strips {
        assert!(s.for_ == BLACK || s.for_ == BOTH);
        assert_eq!(
            s.cells.len(),
            s.answer.len(),
            "{section}: malformed strip {}",
            s.cells
        );
        let b = strip_board(s.cells);
        for (x, (c, want)) in s.cells.chars().zip(s.answer.chars()).enumerate() {
            if c != '.' {
                continue;
            }
            let shape = classify(&read_line(&b, at(x as u8, 7), 1, 0));
            let expected = want != '.';
            assert_eq!(
                holds(&shape),
                expected,
                "{section}: strip {} at index {x} (answer {})",
                s.cells,
                s.answer
            );
        }
    }
}

fn makes_three(s: &LineShape) -> bool {
    !s.five && !s.overline && s.fours == 0 && s.three_points != 0
}

#[test]
fn mintaka_strips_open_three() {
    // [MT] "Strip / open-three" (XX, X.X, X..X groups), black and both-colour strips.
    let strips = [
        strip(BOTH, "...XX...", ".11..11."),
        strip(BOTH, "...XX..X...", ".11........"),
        // [MT] lists `...O..XX..X...` (answer index 5) as an open three for both colours. For black it is
        // not one under [RIF]: after index 5 the only unbroken four is 5..8, whose far end (9) makes six
        // with the stone on 10, so it completes to five in one way only. Checked separately below.
        strip(BOTH, "...XX..O...", ".11..1....."),
        strip(BOTH, "...XX.O...", ".11......."),
        strip(BOTH, "...O..XX..O...", ".....1..1....."),
        strip(BLACK, "...X...XX...", "......1..11."),
        strip(BLACK, "...X...XX..O...", "......1..1....."),
        strip(BLACK, "...X...XX...X...", "......1..1......"),
        strip(BLACK, "...X...XX.O...", ".............."),
        strip(BLACK, "...X...XX..XX..O...", "..................."),
        strip(BOTH, "...X.X...", "..1.1.1.."),
        strip(BOTH, "...O.X.X..O...", "......1.1....."),
        strip(BOTH, ".X.X...", "..1.1.."),
        strip(BOTH, "...X.X..O...", "..1.1.1....."),
        strip(BOTH, "...X.X.O...", "..1.1......"),
        strip(BOTH, "...X...X.X.O...", "......1.1......"),
        strip(BLACK, "....X..X.X.O...", "..............."),
        strip(BLACK, "...X..X.X..X...", "..............."),
        strip(BOTH, "...X..X...", "....11...."),
        strip(BOTH, "...X..X..X...", "....11.11...."),
        strip(BLACK, "...X..X.X..O...", ".......1.1....."),
        strip(BLACK, "...X..X.X...", ".......1.1.."),
        strip(BLACK, "...X..X.X.O...", ".............."),
    ];
    check_strips("open-three", &strips, makes_three);

    let b = strip_board("...O..XX..X...");
    let shape = classify(&read_line(&b, at(5, 7), 1, 0));
    assert!(
        !makes_three(&shape),
        "O.XXX..X is no three for black: its four 5..8 is not straight"
    );
}

#[test]
fn mintaka_strips_closed_four() {
    // [MT] "Strip / closed-four" (XXX, XX.X, X.XX, XX..X, complex). `2` marks a move making two fours
    // on the line (a one-line double four).
    let strips = [
        strip(BOTH, "...XXX...", ".1.....1."),
        strip(BOTH, "...OXXX...", ".......11."),
        strip(BOTH, "...O.XXX...", "....1....1."),
        strip(BOTH, "...O.XXX.O...", "....1...1...."),
        strip(BOTH, "...O.XXX..O...", "....1....1...."),
        strip(BLACK, "...XXX..XXX...", ".1....11....1."),
        strip(BLACK, "...X.XXX..X...", ".............."),
        strip(BOTH, "...XX.X...", "..1....1.."),
        strip(BOTH, "...OXX.X...", "......1.1.."),
        strip(BOTH, "...O.XX.X...", "....1....1.."),
        strip(BOTH, "...O.XX.XO...", "....1..1....."),
        strip(BOTH, "...OXX.X.O...", "......1.1...."),
        strip(BOTH, "...OX.XX...", ".....1..1.."),
        strip(BOTH, "...O.X.XXO...", "....1.1......"),
        strip(BOTH, "...OX.XX..X...", ".....1..21...."),
        strip(BOTH, "...XX..X...", ".....11...."),
        strip(BOTH, "...XX..X..X", ".....11...."),
        strip(BOTH, "...XX..X", ".....11."),
        strip(BLACK, "....XX..XX...", "............."),
        strip(BLACK, "...X.XX.X.X...", "..1.1........."),
        strip(BLACK, "...OX.XX.X...", "........1.1.."),
        strip(BLACK, "...O.XXX..O...", "....1....1...."),
        strip(BLACK, "...XX.X.X...", "..1..1......"),
    ];
    // A closed four: at least one four and no straight four (`2` cells have two fours, checked below).
    check_strips("closed-four", &strips, |s| {
        !s.five && !s.overline && s.fours >= 1 && !s.straight_four
    });
    let b = strip_board("...OX.XX..X...");
    assert_eq!(classify(&read_line(&b, at(8, 7), 1, 0)).fours, 2);
    assert_eq!(forbidden(&b, at(8, 7)), Some(Forbidden::DoubleFour));
}

#[test]
fn mintaka_strips_open_four() {
    // [MT] "Strip / open-four".
    let strips = [
        strip(BOTH, "...XXX...", "..1...1.."),
        strip(BOTH, "...O.XXX..O...", "........1....."),
        strip(BOTH, "...O.XXX.O...", "............."),
        strip(BOTH, "...XXX...XXX...", "..1...1.1...1.."),
        strip(BOTH, "...O.XXX...", "........1.."),
        strip(BLACK, "...XXX..X...", "..1........."),
        strip(BOTH, "...XX.X...", ".....1...."),
        strip(BOTH, "...OXX.X...", "..........."),
        strip(BLACK, "...XX.X.X...", "............"),
    ];
    check_strips("open-four", &strips, |s| {
        !s.five && !s.overline && s.straight_four
    });
}

#[test]
fn mintaka_strips_five() {
    // [MT] "Strip / five": black's five is exactly five.
    let strips = [
        strip(BOTH, "...XXXX...", "..1....1.."),
        strip(BOTH, "...OXXXX...", "........1.."),
        strip(BOTH, "...XX.XX...", ".....1....."),
        strip(BOTH, "...XXX.X...", "......1...."),
        strip(BLACK, "...XXXX..XXXX...", "..1....11....1.."),
        strip(BLACK, "...XXXX.XX...", "..1.........."),
        strip(BLACK, "...XXX.XX...", "............"),
    ];
    check_strips("five", &strips, |s| s.five);
}

/// Forbidden strips: every empty cell's verdict must match the answer (`4` double four, `6` overline,
/// `.` allowed).
fn check_forbidden_strips(strips: &[(&str, &str)]) {
    for &(cells, answer) in strips {
        assert_eq!(cells.len(), answer.len(), "malformed strip {cells}");
        let b = strip_board(cells);
        for (x, (c, want)) in cells.chars().zip(answer.chars()).enumerate() {
            if c != '.' {
                continue;
            }
            let expected = match want {
                '4' => Some(Forbidden::DoubleFour),
                '6' => Some(Forbidden::Overline),
                '3' => Some(Forbidden::DoubleThree),
                _ => None,
            };
            assert_eq!(
                forbidden(&b, at(x as u8, 7)),
                expected,
                "strip {cells} at index {x}"
            );
        }
    }
}

#[test]
fn mintaka_strips_double_four_on_one_line() {
    // [MT] "Strip / double-four-forbid". The 21-cell strip `...X.X.X.X.X.X.X.X...` is shortened by one
    // leading empty cell to fit a 20-point line; its answer shifts with it (the edge is three points
    // from the nearest stone either way, too far to matter).
    check_forbidden_strips(&[
        ("...X.XX..X...", ".......4....."),
        ("...X..XX.X...", ".....4......."),
        ("...XXX...XXX...", ".......4......."),
        ("...XX..X.XX...", "......4......."),
        ("...X.X.X.X...", "......4......"),
        ("...X.X.X.X.X...", "......4.4......"),
        ("..X.X.X.X.X.X.X.X...", ".....4.4.4.4.4......"),
        ("...XXX..X.XX...", "..............."),
        ("...X.X.X.XX...", ".............."),
    ]);
}

#[test]
fn mintaka_strips_overline() {
    // [MT] "Strip / overline-forbid".
    check_forbidden_strips(&[
        ("...XXX.XX...", "......6....."),
        ("...X.XXXX...", "....6......."),
        ("...X.XXX.XXX...", "........6......"),
        ("...OXXXX.X...", "........6...."),
    ]);
}

/// A 15×15 renju board in the diagram style of [MT]/[MR]: rows `15` (top) to `1`, columns `A`..`O`,
/// `X` black, `O` white, `.` empty, and `3`/`4`/`6` marking an empty point that is a double-three,
/// double-four or overline point. Returns the board and the marked points, sorted like
/// `forbidden_points` (row by row from the top).
fn marked_board(diagram: &str) -> (Board, Vec<(Pos, Forbidden)>) {
    let mut b = Board::new(Preset::Renju15.variant());
    let mut marks = Vec::new();
    for line in diagram.lines() {
        let mut tokens = line.split_whitespace();
        let Some(Ok(row)) = tokens.next().map(str::parse::<u8>) else {
            continue;
        };
        let y = 15 - row;
        for (x, t) in tokens.take(15).enumerate() {
            let pos = at(x as u8, y);
            match t {
                "X" => b.place(pos, Color::Black),
                "O" => b.place(pos, Color::White),
                "3" => marks.push((pos, Forbidden::DoubleThree)),
                "4" => marks.push((pos, Forbidden::DoubleFour)),
                "6" => marks.push((pos, Forbidden::Overline)),
                "." => {}
                other => panic!("bad diagram token {other:?}"),
            }
        }
    }
    marks.sort_by_key(|&(p, _)| (p.y, p.x));
    (b, marks)
}

/// The forbidden points of the diagram's position are exactly its marks.
fn assert_marks(name: &str, diagram: &str) {
    let (b, marks) = marked_board(diagram);
    assert_eq!(forbidden_points(&b), marks, "{name}\n{}", b.diagram());
}

#[test]
fn mintaka_basic_forbid() {
    // [MT] "Board / basic-forbid": a vertical double four (E14), an overline (F8) and a double three (M5).
    assert_marks(
        "basic-forbid",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . 4 . . . . . . . . . . 14
        13 . . . . X . . . . . . . . . . 13
        12 . . X . X . . . . . . . . . . 12
        11 . X . . X . . . . . . . . . . 11
        10 X . . . O . . . . . . . . . . 10
         9 . . . . . . . . . . . . . . . 9
         8 . . . X X 6 X X X . . . . . . 8
         7 . . . . . . . . . . . . . . . 7
         6 . . . . . . . . . . . . . . . 6
         5 . . . . . . . . . . . . 3 . . 5
         4 . X . . . . . . . . . X X . . 4
         3 . X . X . . . . . . X . X . . 3
         2 . . . X . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_pseudo_forbid_double_four_completion() {
    // [MT] "Board / pseudo-forbid" case 1, also [MR] "Double-four related pseudo forbidden moves": H9
    // looks like a double three, but the vertical three's only straight-four point H6 is a double four,
    // so it is a false three and nothing here is forbidden.
    assert_marks(
        "pseudo-forbid 1",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . O . . . . . . . 11
        10 . . . . . O . . . . . . . . . 10
         9 . . . . . X X . . . . . . . . 9
         8 . . . . . . O X O . . . . . . 8
         7 . . . . . . O X O . . . . . . 7
         6 . . . . . . . . X X X O . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_pseudo_forbid_no_marks() {
    // [MT] "Board / pseudo-forbid" cases 2 and 3: shapes that look like double threes, none forbidden.
    assert_marks(
        "pseudo-forbid 2",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . O . . . . . . . . . . 11
        10 . . . . . X . . . . . . . . . 10
         9 . . . . . . X O O X . . . . . 9
         8 . . . . . . . X X . . . . . . 8
         7 . . . . . X . O O . . . . . . 7
         6 . . . . O X X . O X . . . . . 6
         5 . . . . . O . O . X . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
    assert_marks(
        "pseudo-forbid 3",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . O . . . . . . . . . . 12
        11 . . . . . O . . . . . . . . . 11
        10 . . . . . X O . O X . . . . . 10
         9 . . . . . . X . X . . . . . . 9
         8 . . . . . . . X O X . . . . . 8
         7 . . . . . X O X O X O . . . . 7
         6 . . . . . X . . . O . . . . . 6
         5 . . . . . O . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_pseudo_forbid_real_double_three() {
    // [MT] "Board / pseudo-forbid" case 4: among look-alikes, H7 is a real double three.
    assert_marks(
        "pseudo-forbid 4",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . O . . . . . . . . . 12
        11 . . . . . X O . O . . . . . . 11
        10 . . . . . . X . X . O . . . . 10
         9 . . . . O . O X . . . . . . . 9
         8 . . . . . X O X O . . . . . . 8
         7 . . . . . X . 3 X . . . . . . 7
         6 . . . . . . . . . . . . . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_nested_forbid() {
    // [MT] "Board / pseudo-forbid" case 5, also [MR] "Nested forbidden moves": I8 is a double three
    // whose threes survive the check of their completion points.
    assert_marks(
        "nested 1",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . O . . O . . . . . . . . 11
        10 . . . . X . . X . O . . . . . 10
         9 . . . . O X O X X . . . . . . 9
         8 . . . . . . X X 3 . . . . . . 8
         7 . . . . . . O O X X . . . . . 7
         6 . . . . . X . . . . . . . . . 6
         5 . . . . O X . . . . . . . . . 5
         4 . . . . . O . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
    // [MT] case 6: one more white stone (F6, K8) and G10, I10 become double threes too.
    assert_marks(
        "nested 2",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . O . . O . . . . . . . . 11
        10 . . . . X . 3 X 3 O . . . . . 10
         9 . . . . O X O X X . . . . . . 9
         8 . . . . . . X X 3 . O . . . . 8
         7 . . . . . . O O X X . . . . . 7
         6 . . . . . X O . . . . . . . . 6
         5 . . . . O X . . . . . . . . . 5
         4 . . . . . O . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
    // [MT] case 7.
    assert_marks(
        "nested 3",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . O . . . . . . . 12
        11 . . . . . . . X . . . . . . . 11
        10 . . . . . O . X . . . . . . . 10
         9 . . . . . X O X O . . . . . . 9
         8 . . . . 3 X . X . O . . . . . 8
         7 . . O X X X X O X . . . . . . 7
         6 . . . . 3 X . O . O . . . . . 6
         5 . . . . X O O . . . . . . . . 5
         4 . . . O . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_complex_forbid() {
    // [MT] "Board / complex-forbid": double threes, double fours and their look-alikes in one crowd.
    assert_marks(
        "complex",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . O 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . X . X . . . . . . . . 11
        10 . . . . . . . . . X . . . . . 10
         9 . . . . . . 4 . . . . . . . . 9
         8 . . . . 3 . X X 3 . . . . . . 8
         7 . . . . X . 3 . X X . 3 . . . 7
         6 . . . . X . X . X . 3 . . . . 6
         5 . . . . . . . 3 4 X X X . . . 5
         4 . . . . . . . . X . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_recursive_forbid() {
    // [MT] "Board / recursive-forbid", also [MR] "Recursive forbidden moves": each of F9, I9, F6, I6 is a
    // double three only because the others' completion points are themselves forbidden in turn.
    assert_marks(
        "recursive",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . . . . . . . . . 11
        10 . . . . . . O O . . . . . . . 10
         9 . . . . . 3 X X 3 . . . . . . 9
         8 . . . . O X X X X O . . . . . 8
         7 . . . . O X X X X O . . . . . 7
         6 . . . . . 3 X X 3 . . . . . . 6
         5 . . . . . . O O . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_single_line_double_fours() {
    // [MR] "Single-line forbidden moves": X.X?X.X, X.XX?.X and XX.X?.XX on one line each, walled by white
    // rows so that no other line interferes; row 2 holds no forbidden point.
    assert_marks(
        "single-line",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . X . X 4 X . X . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . O O O O O O O . . . . 12
        11 . . . . . . . . . . . . . . . 11
        10 . . . . X . X X 4 . X . . . . 10
         9 . . . . . . . . . . . . . . . 9
         8 . . . . O O O O O O O . . . . 8
         7 . . . . . . . . . . . . . . . 7
         6 . . . . X X . X 4 . X X . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . O O O O O O O . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . X . X . X X . . X X . X . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}

#[test]
fn mintaka_multiple_nested_forbid() {
    // [MR] "Multiple-nested forbidden moves".
    assert_marks(
        "multiple-nested",
        "
           A B C D E F G H I J K L M N O
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . X . . . . . . . 12
        11 . . . . . . . . . . . . X . . 11
        10 . . . . . O . . . 3 . . O X . 10
         9 . . O X . . X O X X X O X . . 9
         8 . . . X O O . X O 3 . . . . . 8
         7 . O . . X X 3 . . X 3 . . . . 7
         6 . . . . . . X . . . X X O . . 6
         5 . . . . O . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
           A B C D E F G H I J K L M N O
        ",
    );
}
