//! Line windows, the features of Rapfi's kind (issue 37, item 3), as the trainer reads them from a
//! sample: for each empty cell and each of the four directions, the four cells on either side, each
//! empty, the mover's, the opponent's or off the board, as a 16-bit code. A line read backwards is
//! the same line, so a code and its mirror share one index. The engine's search board keeps the
//! same codes as stones come and go (`LineWindows`).

pub use tengen_engine::WINDOW_CODES;
use tengen_engine::{DIRECTIONS, Sample, canonical_window};

const SIDE: i32 = 15;
/// A window cell off the board.
const WALL: u16 = 3;

/// The window of the empty cell (`x`, `y`) along `(dx, dy)`, from the side to move's view:
/// 0 empty, 1 the mover's stone, 2 the opponent's, 3 off the board; the lesser of a code and its
/// mirror.
pub fn window(sample: &Sample, x: i32, y: i32, (dx, dy): (i32, i32)) -> u16 {
    let mover = sample.to_move.index() as u8 + 1;
    let mut code = 0u16;
    for (slot, step) in [-4, -3, -2, -1, 1, 2, 3, 4].into_iter().enumerate() {
        let (cx, cy) = (x + dx * step, y + dy * step);
        let cell = if (0..SIDE).contains(&cx) && (0..SIDE).contains(&cy) {
            match sample.cells[(cy * SIDE + cx) as usize] {
                0 => 0,
                c if c == mover => 1,
                _ => 2,
            }
        } else {
            WALL
        };
        code |= cell << (2 * slot);
    }
    canonical_window(code)
}

/// Every empty cell's four windows (in the order of `DIRECTIONS`), cell by cell in reading order.
pub fn cell_windows(sample: &Sample) -> impl Iterator<Item = [u16; 4]> + '_ {
    (0..SIDE * SIDE)
        .filter(|&i| sample.cells[i as usize] == 0)
        .map(|i| DIRECTIONS.map(|d| window(sample, i % SIDE, i / SIDE, d)))
}

/// Equal items counted together: (item, how many), in the items' order.
pub fn counted<T: Ord>(mut items: Vec<T>) -> Vec<(T, f32)> {
    items.sort_unstable();
    let mut counts: Vec<(T, f32)> = Vec::new();
    for item in items {
        match counts.last_mut() {
            Some((last, n)) if *last == item => *n += 1.0,
            _ => counts.push((item, 1.0)),
        }
    }
    counts
}

/// How often each window code occurs around the sample's empty cells, as (code, count) in the order
/// of the codes.
pub fn window_counts(sample: &Sample) -> Vec<(u16, f32)> {
    counted(cell_windows(sample).flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::{Color, Pos};

    /// Black's stone at `black`, white's at `white`, `to_move` to move.
    fn position(black: &[(u8, u8)], white: &[(u8, u8)], to_move: Color) -> Sample {
        let stones = black
            .iter()
            .map(|&(x, y)| (Pos::new(x, y), Color::Black))
            .chain(white.iter().map(|&(x, y)| (Pos::new(x, y), Color::White)));
        Sample::new(stones, to_move, 0, 0)
    }

    #[test]
    fn a_window_sees_the_stones_on_both_sides_and_the_edge() {
        // Black at h8 and i8, white at j8; black to move looks along the row from g8.
        let s = position(&[(7, 7), (8, 7)], &[(9, 7)], Color::Black);
        // Slots -4..-1 are c8..f8 (empty), +1..+4 are h8, i8 (black), j8 (white), k8 (empty).
        let expected = (1 << 8) | (1 << 10) | (2 << 12);
        assert_eq!(window(&s, 6, 7, (1, 0)), canonical_window(expected));
        // White to move sees the same cells with the colours turned.
        let w = position(&[(7, 7), (8, 7)], &[(9, 7)], Color::White);
        let turned = (2 << 8) | (2 << 10) | (1 << 12);
        assert_eq!(window(&w, 6, 7, (1, 0)), canonical_window(turned));
        // The corner's window along the row has four cells off the board on one side.
        let walls = 3 | (3 << 2) | (3 << 4) | (3 << 6);
        assert_eq!(window(&s, 0, 0, (1, 0)), canonical_window(walls));
    }

    #[test]
    fn a_line_read_backwards_has_the_same_code() {
        // A black stone two cells right of the cell, or two cells left: one pattern.
        let right = position(&[(9, 7)], &[], Color::Black);
        let left = position(&[(5, 7)], &[], Color::Black);
        assert_eq!(window(&right, 7, 7, (1, 0)), window(&left, 7, 7, (1, 0)));
    }

    /// The trainer's windows are the engine's: on seeded positions of both colours to move, with
    /// stones on the edges, every empty cell's four codes here are those the search board reads
    /// its window values by.
    #[test]
    fn the_trainers_windows_are_the_search_boards() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for game in 0..40 {
            let stones = 2 + next(60) as usize;
            let mut cells = [0u8; 225];
            for i in 0..stones {
                let at = next(225) as usize;
                cells[at] = 1 + (i % 2) as u8;
            }
            let to_move = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let s = Sample {
                cells: cells.to_vec(),
                ..Sample::new(std::iter::empty(), to_move, 0, 0)
            };
            assert_eq!(
                cell_windows(&s).collect::<Vec<_>>(),
                s.window_codes(tengen_engine::Rule::Freestyle),
                "position {game}"
            );
        }
    }

    #[test]
    fn the_counts_cover_every_empty_cell_in_every_direction() {
        let s = position(&[(7, 7)], &[(8, 8)], Color::White);
        let counts = window_counts(&s);
        let total: f32 = counts.iter().map(|&(_, n)| n).sum();
        assert_eq!(total, (4 * (225 - 2)) as f32);
        assert!(
            counts.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted, each code once"
        );
    }
}
