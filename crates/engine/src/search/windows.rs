//! Line windows: the learned evaluation's features of Rapfi's kind (issue 37, item 3). For every
//! empty cell and each of the four directions, the four cells on either side, each empty, black's,
//! white's or off the board, make a 16-bit code; a value per code, summed over the board, is added
//! to the net's evaluation. The line classes of `pattern.rs` say what a stone on the cell would
//! make; a window also says what lies around it (a broken shape's room, a blocked end's distance),
//! which the classes throw away.
//!
//! A code is read from the side to move's view (1 its stone, 2 the opponent's), and a line read
//! backwards is the same line, so a file holds one value per mirror-canonical code. The search
//! board keeps, per side to move, the sum of the values of every empty cell's four windows: a
//! stone changes the windows of the 32 cells within four steps on its lines, and takes its own
//! cell's four out of the sum.

/// Codes a window can take: 8 cells of 2 bits.
pub const WINDOW_CODES: usize = 1 << 16;

/// A window cell: empty, the mover's stone, the opponent's, off the board.
const CELL_MASK: u16 = 3;

/// The code read the other way along the line.
pub fn mirrored(code: u16) -> u16 {
    (0..8).fold(0, |m, i| {
        m | (((code >> (2 * i)) & CELL_MASK) << (2 * (7 - i)))
    })
}

/// The code with the two sides' stones exchanged (the other side's view).
pub fn swapped(code: u16) -> u16 {
    (0..8).fold(0, |m, i| {
        let c = match (code >> (2 * i)) & CELL_MASK {
            1 => 2,
            2 => 1,
            c => c,
        };
        m | (c << (2 * i))
    })
}

/// The code a file stores for `code`: the lesser of it and its mirror.
pub fn canonical(code: u16) -> u16 {
    code.min(mirrored(code))
}

/// The window values of a weights file, ready for the search: for every code as black sees it,
/// its value when black is to move and when white is (the same window seen with the stones
/// exchanged), in [`super::net::VALUE_UNIT`]s, one lookup for both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineWindows {
    /// The file's entries: (canonical code, value), codes ascending, no zero values.
    entries: Vec<(u16, i16)>,
    /// [`WINDOW_CODES`] pairs: black to move's value, white to move's.
    by_code: Box<[[i16; 2]]>,
}

impl LineWindows {
    /// The table of a file's entries, which must be canonical codes in ascending order (the
    /// weights file checks this before it calls).
    pub fn from_entries(entries: Vec<(u16, i16)>) -> LineWindows {
        let mut mover = vec![0i16; WINDOW_CODES];
        for &(code, value) in &entries {
            mover[code as usize] = value;
            mover[mirrored(code) as usize] = value;
        }
        let by_code = (0..WINDOW_CODES)
            .map(|c| [mover[c], mover[swapped(c as u16) as usize]])
            .collect();
        LineWindows { entries, by_code }
    }

    /// The (canonical code, value) entries, as a weights file holds them.
    pub fn entries(&self) -> &[(u16, i16)] {
        &self.entries
    }

    /// The value of the window `code` (black's view) for black to move and for white to move.
    #[inline(always)]
    pub fn pair(&self, code: u16) -> [i16; 2] {
        self.by_code[code as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_and_swap_undo_themselves() {
        for code in [0u16, 0x1234, 0xfffe, 0b01_10_11_00_00_01_10_11] {
            assert_eq!(mirrored(mirrored(code)), code);
            assert_eq!(swapped(swapped(code)), code);
            assert_eq!(canonical(code), canonical(mirrored(code)));
        }
        // Off-board cells stay off the board when the stones change sides.
        assert_eq!(swapped(0b11_10_01_00), 0b11_01_10_00);
        // The first cell becomes the last.
        assert_eq!(mirrored(0b01), 0b01 << 14);
    }

    #[test]
    fn a_window_is_worth_the_same_read_either_way_and_to_the_side_that_sees_it() {
        // The mover's stone two cells to the right, and the opponent's one cell to the left.
        let code = (1 << 10) | (2 << 6);
        let t = LineWindows::from_entries(vec![(canonical(code), 40)]);
        assert_eq!(t.pair(code)[0], 40);
        assert_eq!(t.pair(mirrored(code))[0], 40);
        // Black to move sees `code` on the board as it is; white to move sees it swapped.
        assert_eq!(t.pair(code), [40, 0]);
        assert_eq!(t.pair(swapped(code)), [0, 40]);
        assert_eq!(t.pair(0), [0, 0]);
    }
}
