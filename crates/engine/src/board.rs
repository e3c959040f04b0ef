//! The board: which stone stands on each point, with an incremental Zobrist hash and the win check.
//!
//! `Board` is deliberately plain (no move list, no side to move) so the search can place and remove stones
//! millions of times a second; the game record with its rules lives in `game`.

use crate::core::{Color, DIRECTIONS, MAX_SIZE, Pos, Rule, Variant};

/// Row stride of the cell array: every board uses the 20×20 layout so a point's index (and its Zobrist key)
/// does not depend on the board size.
const STRIDE: usize = MAX_SIZE as usize;
const CELLS: usize = STRIDE * STRIDE;

const EMPTY: u8 = 0;

/// splitmix64: a tiny, well-mixed generator, run at compile time so the key table is the same in every
/// build and every process (hashes can be stored and compared across runs).
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: `[color][y * 20 + x]`.
static ZOBRIST: [[u64; CELLS]; 2] = {
    let mut table = [[0u64; CELLS]; 2];
    let mut state = 0x7E46_E11B_0A4D_5EEDu64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (next, key) = splitmix64(state);
            state = next;
            table[c][i] = key;
            i += 1;
        }
        c += 1;
    }
    table
};

/// The Zobrist key of a `color` stone on `pos` (the same on every board size). The board's hash is the
/// XOR of the keys of its stones; a search that keeps its own hash can use these keys directly.
#[inline]
pub fn zobrist_key(pos: Pos, color: Color) -> u64 {
    ZOBRIST[color.index()][cell_index(pos)]
}

#[inline]
const fn cell_index(pos: Pos) -> usize {
    pos.y as usize * STRIDE + pos.x as usize
}

#[inline]
const fn encode(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[inline]
const fn decode(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Stones on a board of a given variant, with an incrementally kept Zobrist hash.
#[derive(Clone)]
pub struct Board {
    variant: Variant,
    cells: [u8; CELLS],
    stones: u16,
    hash: u64,
}

impl Board {
    /// An empty board.
    pub fn new(variant: Variant) -> Board {
        Board {
            variant,
            cells: [EMPTY; CELLS],
            stones: 0,
            hash: 0,
        }
    }

    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board side.
    #[inline]
    pub fn size(&self) -> u8 {
        self.variant.size()
    }

    /// The stone on `pos`; `None` for an empty point or a point off the board.
    #[inline]
    pub fn get(&self, pos: Pos) -> Option<Color> {
        if self.variant.contains(pos) {
            decode(self.cells[cell_index(pos)])
        } else {
            None
        }
    }

    /// Whether `pos` is on the board and empty.
    #[inline]
    pub fn is_empty(&self, pos: Pos) -> bool {
        self.variant.contains(pos) && self.cells[cell_index(pos)] == EMPTY
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stones as usize
    }

    /// Whether every point holds a stone.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.variant.cells()
    }

    /// The Zobrist hash of the stones (XOR of [`zobrist_key`] over all stones; 0 for an empty board).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts a stone on an empty point. This is the unchecked fast path for searches; games go through
    /// `Game::play`, which checks legality.
    ///
    /// # Panics
    /// If `pos` is off the board or already holds a stone.
    #[inline]
    pub fn place(&mut self, pos: Pos, color: Color) {
        assert!(
            self.variant.contains(pos),
            "place: {pos:?} is off the board"
        );
        let i = cell_index(pos);
        assert!(self.cells[i] == EMPTY, "place: {pos:?} is occupied");
        self.cells[i] = encode(color);
        self.stones += 1;
        self.hash ^= ZOBRIST[color.index()][i];
    }

    /// Takes the stone off `pos` and returns it; `None` (and no change) if there was none.
    #[inline]
    pub fn remove(&mut self, pos: Pos) -> Option<Color> {
        let color = self.get(pos)?;
        let i = cell_index(pos);
        self.cells[i] = EMPTY;
        self.stones -= 1;
        self.hash ^= ZOBRIST[color.index()][i];
        Some(color)
    }

    /// The raw cell code at column `x`, row `y` (0 empty, 1 black, 2 white) or `off` when the point is
    /// off the board: the renju line reader's fast path.
    #[inline]
    pub(crate) fn code_at(&self, x: i32, y: i32, off: u8) -> u8 {
        let size = self.size() as i32;
        if x >= 0 && y >= 0 && x < size && y < size {
            self.cells[y as usize * STRIDE + x as usize]
        } else {
            off
        }
    }

    /// Every stone, row by row from the top-left.
    pub fn stones(&self) -> impl Iterator<Item = (Pos, Color)> + '_ {
        let size = self.size();
        (0..size).flat_map(move |y| {
            (0..size).filter_map(move |x| {
                let pos = Pos::new(x, y);
                decode(self.cells[cell_index(pos)]).map(|c| (pos, c))
            })
        })
    }

    /// Every empty point, row by row from the top-left.
    pub fn empty_points(&self) -> impl Iterator<Item = Pos> + '_ {
        let size = self.size();
        (0..size).flat_map(move |y| {
            (0..size)
                .map(move |x| Pos::new(x, y))
                .filter(move |&p| self.cells[cell_index(p)] == EMPTY)
        })
    }

    /// How many stones of `color` stand in an unbroken row from `pos` (exclusive) along `(dx, dy)`.
    #[inline]
    pub fn run_from(&self, pos: Pos, dx: i32, dy: i32, color: Color) -> usize {
        let size = self.size() as i32;
        let want = encode(color);
        let (mut x, mut y) = (pos.x as i32 + dx, pos.y as i32 + dy);
        let mut n = 0;
        while x >= 0
            && y >= 0
            && x < size
            && y < size
            && self.cells[y as usize * STRIDE + x as usize] == want
        {
            n += 1;
            x += dx;
            y += dy;
        }
        n
    }

    /// The length of the row of `color` through `pos` along `(dx, dy)`, counting `pos` itself
    /// (whatever stands there).
    #[inline]
    pub fn line_len(&self, pos: Pos, dx: i32, dy: i32, color: Color) -> usize {
        1 + self.run_from(pos, dx, dy, color) + self.run_from(pos, -dx, -dy, color)
    }

    /// Whether the stone on `pos` wins under the variant's rule (no allocation: the search's check).
    #[inline]
    pub fn is_win_at(&self, pos: Pos) -> bool {
        self.winning_direction(pos).is_some()
    }

    fn winning_direction(&self, pos: Pos) -> Option<(Color, (i32, i32), usize)> {
        let color = self.get(pos)?;
        let win_len = self.variant.win_len() as usize;
        let rule: Rule = self.variant.rule();
        DIRECTIONS.into_iter().find_map(|(dx, dy)| {
            let back = self.run_from(pos, -dx, -dy, color);
            let len = 1 + back + self.run_from(pos, dx, dy, color);
            rule.is_win(color, len, win_len)
                .then_some((color, (dx, dy), back))
        })
    }

    /// If the stone on `pos` wins under the variant's rule (five or more; exactly five for standard and for
    /// renju black; three on 3×3 and so on by win length), the cells of its winning row from one end to the
    /// other. `None` for an empty point or a stone that does not win.
    pub fn winning_line(&self, pos: Pos) -> Option<Vec<Pos>> {
        let (color, (dx, dy), back) = self.winning_direction(pos)?;
        let size = self.size();
        let start = pos.offset(-dx, -dy, back as i32, size)?;
        let len = self.line_len(pos, dx, dy, color);
        (0..len as i32)
            .map(|k| start.offset(dx, dy, k, size))
            .collect()
    }

    /// Whether the stone on `pos` makes a row longer than the win length that wins nothing (six in a
    /// row under an exact-five rule): the player is told why the line did not win.
    pub fn overline_without_win(&self, pos: Pos) -> bool {
        let Some(color) = self.get(pos) else {
            return false;
        };
        let win_len = self.variant.win_len() as usize;
        !self.is_win_at(pos)
            && DIRECTIONS
                .into_iter()
                .any(|(dx, dy)| self.line_len(pos, dx, dy, color) > win_len)
    }

    /// Cells as rows of `X` (black), `O` (white) and `.`, top row first: handy in test failures.
    pub fn diagram(&self) -> String {
        let size = self.size();
        let mut out = String::with_capacity(size as usize * (size as usize + 1));
        for y in 0..size {
            for x in 0..size {
                out.push(match self.get(Pos::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.variant == other.variant
            && self.hash == other.hash
            && self.cells[..] == other.cells[..]
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Board({}x{}, {} to win, {}, {} stones, hash {:016x})\n{}",
            self.size(),
            self.size(),
            self.variant.win_len(),
            self.variant.rule(),
            self.stone_count(),
            self.hash,
            self.diagram()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    fn board(preset: Preset, black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
        let mut b = Board::new(preset.variant());
        for &(x, y) in black {
            b.place(Pos::new(x, y), Color::Black);
        }
        for &(x, y) in white {
            b.place(Pos::new(x, y), Color::White);
        }
        b
    }

    #[test]
    fn place_and_remove_keep_count_and_hash() {
        let mut b = Board::new(Preset::Freestyle15.variant());
        assert_eq!(b.hash(), 0);
        b.place(Pos::new(7, 7), Color::Black);
        b.place(Pos::new(8, 7), Color::White);
        assert_eq!(b.stone_count(), 2);
        assert_eq!(b.get(Pos::new(7, 7)), Some(Color::Black));
        assert_eq!(
            b.hash(),
            zobrist_key(Pos::new(7, 7), Color::Black) ^ zobrist_key(Pos::new(8, 7), Color::White)
        );
        assert_eq!(b.remove(Pos::new(8, 7)), Some(Color::White));
        assert_eq!(b.remove(Pos::new(8, 7)), None);
        assert_eq!(b.remove(Pos::new(30, 7)), None);
        assert_eq!(b.hash(), zobrist_key(Pos::new(7, 7), Color::Black));
        assert!(b.is_empty(Pos::new(8, 7)));
        assert!(
            !b.is_empty(Pos::new(15, 0)),
            "off-board points are not empty"
        );
        assert_eq!(b.get(Pos::new(15, 0)), None);
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let mut keys: Vec<u64> = ZOBRIST.iter().flatten().copied().collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 2 * CELLS);
    }

    #[test]
    #[should_panic(expected = "occupied")]
    fn place_on_a_stone_panics() {
        let mut b = Board::new(Preset::Freestyle15.variant());
        b.place(Pos::new(1, 1), Color::Black);
        b.place(Pos::new(1, 1), Color::White);
    }

    #[test]
    fn five_wins_freestyle_and_returns_the_row() {
        let b = board(
            Preset::Freestyle15,
            &[(3, 3), (4, 4), (5, 5), (6, 6), (7, 7)],
            &[],
        );
        let line = b.winning_line(Pos::new(5, 5)).expect("five");
        assert_eq!(line, (3..8).map(|i| Pos::new(i, i)).collect::<Vec<_>>());
        assert!(b.winning_line(Pos::new(0, 0)).is_none());
    }

    #[test]
    fn overline_wins_only_where_the_rule_allows_it() {
        let six: Vec<(u8, u8)> = (0..6).map(|x| (x, 7)).collect();
        let free = board(Preset::Freestyle15, &six, &[]);
        assert_eq!(free.winning_line(Pos::new(2, 7)).map(|l| l.len()), Some(6));
        let std = board(Preset::Standard15, &six, &[]);
        assert_eq!(std.winning_line(Pos::new(2, 7)), None);
        let renju_black = board(Preset::Renju15, &six, &[]);
        assert_eq!(renju_black.winning_line(Pos::new(2, 7)), None);
        let renju_white = board(Preset::Renju15, &[], &six);
        assert_eq!(
            renju_white.winning_line(Pos::new(5, 7)).map(|l| l.len()),
            Some(6)
        );
    }

    #[test]
    fn six_in_a_row_is_an_overline_that_wins_nothing_only_under_exact_rules() {
        // White's row d8..i8 with the gap at h8 filled last: six in a row.
        let white: Vec<(u8, u8)> = (3..9).map(|x| (x, 7)).collect();
        let standard = board(Preset::Standard15, &[], &white);
        let freestyle = board(Preset::Freestyle15, &[], &white);
        assert!(standard.overline_without_win(Pos::new(7, 7)));
        assert!(
            !freestyle.overline_without_win(Pos::new(7, 7)),
            "six wins in freestyle"
        );
        assert!(
            !standard.overline_without_win(Pos::new(0, 0)),
            "an empty point"
        );
        let five = board(Preset::Standard15, &[], &white[..5]);
        assert!(!five.overline_without_win(Pos::new(7, 7)), "five wins");
    }

    #[test]
    fn exact_five_on_another_line_still_wins_in_standard() {
        // A horizontal six through (5,7) and a vertical five through the same stone.
        let mut black: Vec<(u8, u8)> = (0..6).map(|x| (x, 7)).collect();
        black.extend([(5, 3), (5, 4), (5, 5), (5, 6)]);
        let b = board(Preset::Standard15, &black, &[]);
        let line = b
            .winning_line(Pos::new(5, 7))
            .expect("the vertical five wins");
        assert_eq!(line, (3..8).map(|y| Pos::new(5, y)).collect::<Vec<_>>());
    }

    #[test]
    fn three_in_a_row_wins_tic_tac_toe() {
        let b = board(Preset::TicTacToe, &[(2, 0), (1, 1), (0, 2)], &[(0, 0)]);
        assert_eq!(
            b.winning_line(Pos::new(1, 1)),
            Some(vec![Pos::new(0, 2), Pos::new(1, 1), Pos::new(2, 0)])
        );
        assert_eq!(b.winning_line(Pos::new(0, 0)), None);
    }

    #[test]
    fn rows_stop_at_the_edge_of_small_boards() {
        let v = Variant::new(7, 4, Rule::Standard).unwrap();
        let mut b = Board::new(v);
        for y in 3..7 {
            b.place(Pos::new(6, y), Color::White);
        }
        assert_eq!(b.winning_line(Pos::new(6, 6)).map(|l| l.len()), Some(4));
        b.place(Pos::new(6, 2), Color::White);
        assert_eq!(
            b.winning_line(Pos::new(6, 6)),
            None,
            "five is an overline when four wins exactly"
        );
    }

    #[test]
    fn stones_and_empty_points_partition_the_board() {
        let b = board(Preset::TicTacToe, &[(0, 0), (2, 2)], &[(1, 0)]);
        let stones: Vec<_> = b.stones().collect();
        assert_eq!(
            stones,
            vec![
                (Pos::new(0, 0), Color::Black),
                (Pos::new(1, 0), Color::White),
                (Pos::new(2, 2), Color::Black)
            ]
        );
        assert_eq!(b.empty_points().count(), 6);
        assert!(!b.is_full());
    }
}
