//! The search's own board: padded, incremental, built for make/unmake inside the tree.
//!
//! Cells live in a padded square (five wall cells around the board) so that line keys never need a
//! bounds check. Every empty cell keeps, per direction, the key of its ten line neighbours, and per side
//! the four line levels, its threat class and its evaluation weight. Playing a stone touches only the
//! forty cells within five steps on its four lines, so make and unmake stay far below a microsecond;
//! unmake restores what make saved rather than working it out again. With a learned hidden layer
//! (`net.rs`) each side also keeps its first-layer sums, which a cell's new pattern shifts, and with
//! line windows (`windows.rs`) the sum of every empty cell's window values per side to move.

use super::eval::Weights;
use super::learned;
use super::net::{HIDDEN, NO_PATTERN, Net, Sums, VALUE_UNIT};
use super::pattern::{self, B3, C_FIVE, C_FLEX4, C_FORBID, C_FOUR, CLASSES, HALF, LineRule};
use super::windows::LineWindows;
use crate::core::{Color, Pos, Rule, Variant};

pub const PAD: usize = HALF;
const MAX_SIDE: usize = 20 + 2 * PAD;
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Stone codes in line keys.
const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// A padded cell index.
pub type Cell = u16;

fn zobrist_table() -> &'static [[u64; MAX_CELLS]; 2] {
    static TABLE: std::sync::OnceLock<Box<[[u64; MAX_CELLS]; 2]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut t = Box::new([[0u64; MAX_CELLS]; 2]);
        for side in t.iter_mut() {
            for v in side.iter_mut() {
                *v = super::rng::splitmix(&mut state);
            }
        }
        t
    })
}

/// Bits of a packed cell entry (`cell_table`) below its value: the class (4) and the pattern (11).
const VALUE_SHIFT: u32 = 15;
/// The largest cell value a packed entry holds (17 signed bits; learned values are 16-bit).
const MAX_CELL_VALUE: i32 = (1 << (31 - VALUE_SHIFT)) - 1;

/// The packed class, pattern and value table of one line rule under some weights: one lookup
/// (one cache line) per changed cell gives all three. The last tables built are kept, since an
/// `Ai` asks for the same weights move after move.
fn cell_table(rule: LineRule, weights: &Weights) -> std::sync::Arc<[i32]> {
    type Cache = Vec<(LineRule, Weights, std::sync::Arc<[i32]>)>;
    static CACHE: std::sync::Mutex<Cache> = std::sync::Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, t)) = cache.iter().find(|(r, w, _)| *r == rule && w == weights) {
        return t.clone();
    }
    let classes = pattern::class_table(rule);
    let patterns = learned::index_table();
    let table: std::sync::Arc<[i32]> = (0..pattern::COMBOS)
        .map(|key| {
            let l = [
                (key / (pattern::LEVELS * pattern::LEVELS * pattern::LEVELS)) as u8,
                (key / (pattern::LEVELS * pattern::LEVELS) % pattern::LEVELS) as u8,
                (key / pattern::LEVELS % pattern::LEVELS) as u8,
                (key % pattern::LEVELS) as u8,
            ];
            let class = classes[key];
            let value = weights.cell_value(l, class);
            // Only absurd hand-set weights reach the bound (a clamp, not a wrap).
            let value = value.clamp(-MAX_CELL_VALUE - 1, MAX_CELL_VALUE);
            (value << VALUE_SHIFT) | (i32::from(patterns[key]) << 4) | class as i32
        })
        .collect();
    if cache.len() >= 8 {
        cache.remove(0);
    }
    cache.push((rule, weights.clone(), table.clone()));
    table
}

/// One side's facts about one cell as they were before a move changed them, for `undo`.
#[derive(Clone, Copy)]
struct Saved {
    cell: Cell,
    side: u8,
    levels: [u8; 4],
    class: u8,
    value: i32,
    pattern: u16,
}

/// What `undo` puts back wholesale: where the move's saved cells begin, and the totals before it.
#[derive(Clone, Copy)]
struct Mark {
    saved: usize,
    class_count: [[u16; CLASSES]; 2],
    value_sum: [i32; 2],
}

/// The net's running sums before a move, for `undo`.
#[derive(Clone, Copy)]
struct NetMark {
    sums: [Sums; 2],
    values: [i32; 2],
    windows: [i32; 2],
}

/// The line window (`windows.rs`) inside a cell's line key: the four cells on either side, without
/// the key's outermost cell on each end.
#[inline(always)]
fn window_of(key: u32) -> u16 {
    (key >> 2) as u16
}

/// Calls `f` for each cell whose line keys hold `c`: its index `q`, the direction `d`, the distance
/// `i` from `c`, and the bit shift of `c`'s two bits in `q`'s key for that direction. A loop, not an
/// iterator: this is the board's hottest code, and the iterator version ran at half the speed.
#[inline(always)]
fn for_each_line_neighbour(
    steps: [isize; 4],
    c: usize,
    mut f: impl FnMut(usize, usize, isize, u32),
) {
    for (d, &step) in steps.iter().enumerate() {
        for i in 1..=HALF as isize {
            // q = c + sign*i*step sees c at offset -sign*i, slot `idx` of its key.
            for (sign, idx) in [(1isize, HALF as isize - i), (-1, HALF as isize + i - 1)] {
                let q = (c as isize + sign * i * step) as usize;
                f(q, d, i, 2 * idx as u32);
            }
        }
    }
}

#[derive(Clone)]
pub struct SearchBoard {
    variant: Variant,
    size: usize,
    side: usize,
    /// Padded index steps for the four directions of [`crate::DIRECTIONS`].
    pub steps: [isize; 4],
    cells: Vec<u8>,
    keys: Vec<[u32; 4]>,
    /// Per side: the line levels of each cell (meaningful for empty cells).
    levels: [Vec<[u8; 4]>; 2],
    class: [Vec<u8>; 2],
    value: [Vec<i32>; 2],
    /// Per side, how many empty cells have each threat class.
    pub class_count: [[u16; CLASSES]; 2],
    /// Per side, the sum of the evaluation weights of the empty cells.
    pub value_sum: [i32; 2],
    /// How many stones lie within two steps (a 5×5 square): the candidate neighbourhood.
    near: Vec<u8>,
    hash: u64,
    stones: usize,
    /// Moves played on this board, in order (for unmake).
    pub history: Vec<Cell>,
    /// Undo is a restore, not a recomputation: every cell fact a move changes is saved first
    /// (`saved`), and each move's totals and start in `saved` are kept in `marks`.
    saved: Vec<Saved>,
    marks: Vec<Mark>,
    line_rules: [LineRule; 2],
    /// Both sides' level of every line key.
    pair: &'static pattern::PairTable,
    /// How far along a line a stone can change an empty cell's levels: the fifth cell only matters
    /// where a six is not a five (exact rules and renju's black), whose tables read the whole key.
    reach: isize,
    /// Per side, for every combination of four line levels: its value, pattern and class packed
    /// (`cell_table`), one lookup per cell.
    cell_tables: [std::sync::Arc<[i32]>; 2],
    weights: Weights,
    /// The embedded learned table the weights ask for, looked up once (read at every evaluation).
    learned: Option<&'static learned::LearnedTable>,
    /// Every on-board cell, in row-major order.
    pub board_cells: Vec<Cell>,
    /// The learned table's hidden layer, if it has one and it is not paused (`pause_net`).
    net: Option<&'static Net>,
    /// Per side, each cell's pattern as the net last saw it ([`NO_PATTERN`] when occupied).
    pattern: [Vec<u16>; 2],
    /// Per side, the net's first-layer sums over the empty cells.
    sums: [Sums; 2],
    /// Per side, the sum of the net's own cell values over the empty cells.
    net_value_sum: [i32; 2],
    /// The learned table's line windows, if it has them; kept up (and paused) with the net.
    windows: Option<&'static LineWindows>,
    /// Per side to move, the sum of the window values of the empty cells (with a net and windows).
    window_sum: [i32; 2],
    /// The net's sums before each move (only with a net), for `undo`.
    net_marks: Vec<NetMark>,
}

impl SearchBoard {
    pub fn new(variant: Variant, weights: Weights) -> SearchBoard {
        let size = variant.size() as usize;
        let side = size + 2 * PAD;
        let n = side * side;
        let k = variant.win_len();
        let (rb, rw) = match variant.rule() {
            Rule::Freestyle => (LineRule::Free, LineRule::Free),
            Rule::Standard => (LineRule::Exact, LineRule::Exact),
            Rule::Renju => (LineRule::RenjuBlack, LineRule::Free),
        };
        let exact = |r: LineRule| r != LineRule::Free;
        let mut b = SearchBoard {
            variant,
            size,
            side,
            steps: [1, side as isize, side as isize + 1, 1 - side as isize],
            cells: vec![WALL; n],
            keys: vec![[0; 4]; n],
            levels: [vec![[0; 4]; n], vec![[0; 4]; n]],
            class: [vec![0; n], vec![0; n]],
            value: [vec![0; n], vec![0; n]],
            class_count: [[0; CLASSES]; 2],
            value_sum: [0; 2],
            near: vec![0; n],
            hash: 0,
            stones: 0,
            history: Vec::with_capacity(size * size),
            saved: Vec::with_capacity(64 * size * size),
            marks: Vec::with_capacity(size * size),
            line_rules: [rb, rw],
            pair: pattern::pair_table(k, [exact(rb), exact(rw)]),
            reach: if exact(rb) || exact(rw) {
                HALF as isize
            } else {
                HALF as isize - 1
            },
            cell_tables: [cell_table(rb, &weights), cell_table(rw, &weights)],
            learned: weights.learned.and_then(learned::table_for),
            weights,
            board_cells: Vec::with_capacity(size * size),
            net: None,
            pattern: [vec![NO_PATTERN; n], vec![NO_PATTERN; n]],
            sums: [[0; 2 * HIDDEN]; 2],
            net_value_sum: [0; 2],
            windows: None,
            window_sum: [0; 2],
            net_marks: Vec::new(),
        };
        if b.weights.hidden_layer {
            b.net = b.learned.and_then(|t| t.net.as_ref());
            b.windows = b.net.and(b.learned.and_then(|t| t.windows.as_ref()));
        }
        b.class_count[0][0] = (size * size) as u16;
        b.class_count[1][0] = (size * size) as u16;
        for y in 0..size {
            for x in 0..size {
                let c = (y + PAD) * side + x + PAD;
                b.cells[c] = EMPTY;
                b.board_cells.push(c as Cell);
            }
        }
        // Wall bits in every key.
        for c in 0..n {
            for d in 0..4 {
                let mut key = 0u32;
                for i in 1..=HALF as isize {
                    for (sign, idx) in [(-1isize, HALF as isize - i), (1, HALF as isize + i - 1)] {
                        let q = c as isize + sign * i * b.steps[d];
                        let code = if q < 0 || q >= n as isize || !b.on_board_raw(c, q as usize, d)
                        {
                            WALL
                        } else {
                            b.cells[q as usize]
                        };
                        key |= (code as u32) << (2 * idx);
                    }
                }
                b.keys[c][d] = key;
            }
        }
        for i in 0..b.board_cells.len() {
            let c = b.board_cells[i] as usize;
            b.refresh(c);
        }
        b.window_sum = b.windows_from_scratch();
        b
    }

    /// The window sums of the position, from every empty cell's keys (0 without windows).
    fn windows_from_scratch(&self) -> [i32; 2] {
        let Some(w) = self.windows else { return [0; 2] };
        let mut sum = [0; 2];
        for c in self.empty_cells() {
            for key in self.keys[c as usize] {
                let pair = w.pair(window_of(key));
                sum[0] += pair[0] as i32;
                sum[1] += pair[1] as i32;
            }
        }
        sum
    }

    /// A cell's four line windows as `color` sees them (its stones as the mover's), each the lesser
    /// of a code and its mirror: the codes the window values are read by.
    pub fn window_codes(&self, color: Color, c: Cell) -> [u16; 4] {
        self.keys[c as usize].map(|key| {
            let code = window_of(key);
            super::windows::canonical(match color {
                Color::Black => code,
                Color::White => super::windows::swapped(code),
            })
        })
    }

    /// Whether `q` (reached from `c` along direction `d`) is a real board cell and not a wrap-around.
    fn on_board_raw(&self, _c: usize, q: usize, _d: usize) -> bool {
        let (x, y) = (q % self.side, q / self.side);
        x >= PAD && y >= PAD && x < PAD + self.size && y < PAD + self.size
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn cell(&self, pos: Pos) -> Cell {
        ((pos.y as usize + PAD) * self.side + pos.x as usize + PAD) as Cell
    }

    #[inline]
    pub fn pos(&self, c: Cell) -> Pos {
        let c = c as usize;
        Pos::new((c % self.side - PAD) as u8, (c / self.side - PAD) as u8)
    }

    #[inline]
    pub fn is_empty(&self, c: Cell) -> bool {
        self.cells[c as usize] == EMPTY
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    pub fn is_full(&self) -> bool {
        self.stones == self.size * self.size
    }

    /// The empty cells on the board, in row-major order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.board_cells
            .iter()
            .copied()
            .filter(|&c| self.is_empty(c))
    }

    #[inline]
    pub fn class(&self, color: Color, c: Cell) -> u8 {
        self.class[color.index()][c as usize]
    }

    /// Whether a four of `color` on `c` can be followed by another four through the same stone:
    /// only if the stone also makes at least a three on another line (as a four-three's does).
    /// Otherwise it is a dead end, which only trades a stone for the block.
    pub fn four_leads_on(&self, color: Color, c: Cell) -> bool {
        self.class(color, c) != C_FOUR
            || self.levels(color, c).iter().filter(|&&l| l >= B3).count() >= 2
    }

    #[inline]
    pub fn levels(&self, color: Color, c: Cell) -> [u8; 4] {
        self.levels[color.index()][c as usize]
    }

    #[inline]
    pub fn value(&self, color: Color, c: Cell) -> i32 {
        self.value[color.index()][c as usize]
    }

    #[inline]
    pub fn near(&self, c: Cell) -> bool {
        self.near[c as usize] > 0
    }

    #[inline]
    pub fn count(&self, color: Color, class: u8) -> u16 {
        self.class_count[color.index()][class as usize]
    }

    /// Whether `color` can make a four (or better) somewhere.
    #[inline]
    pub fn has_four_move(&self, color: Color) -> bool {
        let n = &self.class_count[color.index()];
        n[C_FOUR as usize]
            + n[pattern::C_FOUR_THREE as usize]
            + n[C_FLEX4 as usize]
            + n[C_FIVE as usize]
            > 0
    }

    /// Whether this is a renju board and `color` is black (forbidden points apply).
    #[inline]
    pub fn has_forbidden(&self, color: Color) -> bool {
        self.line_rules[color.index()] == LineRule::RenjuBlack
    }

    /// Pattern approximation of a renju forbidden point (exact check at the root uses the rules module).
    #[inline]
    pub fn is_forbidden(&self, color: Color, c: Cell) -> bool {
        self.class[color.index()][c as usize] == C_FORBID
    }

    /// Places a stone. The cell must be empty and on the board.
    pub fn play(&mut self, c: Cell, color: Color) {
        debug_assert!(self.is_empty(c));
        let code = color.index() as u8 + 1;
        let cu = c as usize;
        self.cells[cu] = code;
        self.hash ^= zobrist_table()[color.index()][cu];
        self.stones += 1;
        self.history.push(c);
        self.marks.push(Mark {
            saved: self.saved.len(),
            class_count: self.class_count,
            value_sum: self.value_sum,
        });
        if self.net.is_some() {
            self.net_marks.push(NetMark {
                sums: self.sums,
                values: self.net_value_sum,
                windows: self.window_sum,
            });
            // Windows are kept with the net, and paused with it.
            if let Some(w) = self.windows {
                self.leave_windows(w, cu);
                self.shift_windows(w, cu, code as u32);
            }
        }
        // The played cell is no longer a candidate for either side.
        self.clear_cell(cu);
        self.update_lines(cu, code as u32);
        self.update_near(cu, true);
    }

    /// Stops keeping the net's sums, for a search that never evaluates (VCF, most of the nodes):
    /// it takes back every stone it plays before [`SearchBoard::resume_net`], so the sums and the
    /// cells' net patterns are still right for the position it started from. Returns what
    /// `resume_net` needs (`None` when there is no net, or it is already paused).
    #[inline]
    pub fn pause_net(&mut self) -> Option<&'static Net> {
        self.net.take()
    }

    /// Keeps the net's sums again, after [`SearchBoard::pause_net`] (with what it returned), once
    /// every stone played since is taken back.
    #[inline]
    pub fn resume_net(&mut self, net: Option<&'static Net>) {
        if net.is_some() {
            self.net = net;
        }
    }

    /// Takes back the last stone played.
    pub fn undo(&mut self) {
        let Some(c) = self.history.pop() else { return };
        let cu = c as usize;
        let code = self.cells[cu];
        let color = if code == 1 {
            Color::Black
        } else {
            Color::White
        };
        self.cells[cu] = EMPTY;
        self.hash ^= zobrist_table()[color.index()][cu];
        self.stones -= 1;
        self.clear_keys(cu, code as u32);
        self.update_near(cu, false);
        let Some(mark) = self.marks.pop() else { return };
        // Newest first, so a cell saved twice in one move ends with its oldest facts.
        for old in self.saved.drain(mark.saved..).rev() {
            let (s, q) = (old.side as usize, old.cell as usize);
            self.levels[s][q] = old.levels;
            self.class[s][q] = old.class;
            self.value[s][q] = old.value;
            self.pattern[s][q] = old.pattern;
        }
        self.class_count = mark.class_count;
        self.value_sum = mark.value_sum;
        if self.net.is_some()
            && let Some(m) = self.net_marks.pop()
        {
            (self.sums, self.net_value_sum, self.window_sum) = (m.sums, m.values, m.windows);
        }
    }

    pub fn last_move(&self) -> Option<Cell> {
        self.history.last().copied()
    }

    fn update_near(&mut self, c: usize, add: bool) {
        // The padding (five cells) keeps the 5×5 square inside the array: one row slice at a time.
        let side = self.side;
        for row in 0..5 {
            let start = c + row * side - 2 * side - 2;
            for n in &mut self.near[start..start + 5] {
                if add {
                    *n += 1;
                } else {
                    *n -= 1;
                }
            }
        }
    }

    /// Takes the windows of a cell about to be played out of the window sums.
    fn leave_windows(&mut self, w: &LineWindows, c: usize) {
        for key in self.keys[c] {
            let pair = w.pair(window_of(key));
            self.window_sum[0] -= pair[0] as i32;
            self.window_sum[1] -= pair[1] as i32;
        }
    }

    /// Moves the window sums of the empty cells around `c` from their windows without the new
    /// stone (`code`) to their windows with it; before the stone goes into their keys.
    fn shift_windows(&mut self, w: &LineWindows, c: usize, code: u32) {
        for_each_line_neighbour(self.steps, c, |q, d, i, shift| {
            // The fifth cell out is in the key but not in the window.
            if i < HALF as isize && self.cells[q] == EMPTY {
                let old = self.keys[q][d];
                let (o, n) = (
                    w.pair(window_of(old)),
                    w.pair(window_of(old | code << shift)),
                );
                self.window_sum[0] += n[0] as i32 - o[0] as i32;
                self.window_sum[1] += n[1] as i32 - o[1] as i32;
            }
        });
    }

    /// Puts a new stone into the line keys of the cells around it and updates the empty ones.
    fn update_lines(&mut self, c: usize, code: u32) {
        for_each_line_neighbour(self.steps, c, |q, d, i, shift| {
            self.keys[q][d] |= code << shift;
            if i <= self.reach && self.cells[q] == EMPTY {
                self.refresh_dir(q, d);
            }
        });
    }

    /// Takes a stone out of the line keys around it (the cells' facts come back from `saved`).
    fn clear_keys(&mut self, c: usize, code: u32) {
        for_each_line_neighbour(self.steps, c, |q, d, _, shift| {
            self.keys[q][d] &= !(code << shift);
        });
    }

    /// Saves one side's facts about a cell before a move changes them.
    #[inline]
    fn save(&mut self, s: usize, c: usize) {
        self.saved.push(Saved {
            cell: c as Cell,
            side: s as u8,
            levels: self.levels[s][c],
            class: self.class[s][c],
            value: self.value[s][c],
            pattern: self.pattern[s][c],
        });
    }

    fn clear_cell(&mut self, c: usize) {
        for s in 0..2 {
            self.save(s, c);
            let old = self.class[s][c];
            self.class_count[s][old as usize] -= 1;
            self.value_sum[s] -= self.value[s][c];
            self.class[s][c] = 0;
            self.value[s][c] = 0;
            self.levels[s][c] = [0; 4];
            self.set_pattern(s, c, NO_PATTERN);
        }
        // Occupied cells are counted in class 0 so that counts stay balanced on undo.
        self.class_count[0][0] += 1;
        self.class_count[1][0] += 1;
    }

    /// Recomputes everything about one empty cell from its keys.
    fn refresh(&mut self, c: usize) {
        let both = self.keys[c].map(|key| self.pair.get(key));
        for s in 0..2 {
            if self.cells[c] == EMPTY {
                self.levels[s][c] = both.map(|b| (b >> (4 * s)) & 15);
            }
            self.reclass(s, c);
        }
    }

    #[inline]
    fn refresh_dir(&mut self, c: usize, d: usize) {
        let both = self.pair.get(self.keys[c][d]);
        for s in 0..2 {
            let l = (both >> (4 * s)) & 15;
            if self.levels[s][c][d] != l {
                self.save(s, c);
                self.levels[s][c][d] = l;
                self.reclass(s, c);
            }
        }
    }

    #[inline(always)]
    fn reclass(&mut self, s: usize, c: usize) {
        let key = pattern::combo_key(self.levels[s][c]);
        let packed = self.cell_tables[s][key];
        let class = (packed & 15) as u8;
        let value = packed >> VALUE_SHIFT;
        let old = self.class[s][c];
        self.class_count[s][old as usize] -= 1;
        self.class_count[s][class as usize] += 1;
        self.value_sum[s] += value - self.value[s][c];
        self.class[s][c] = class;
        self.value[s][c] = value;
        if self.net.is_some() {
            // As in the training data, a forbidden point is no pattern of renju's black.
            let p = if class == C_FORBID {
                NO_PATTERN
            } else {
                (packed >> 4) as u16 & 0x7FF
            };
            self.set_pattern(s, c, p);
        }
    }

    /// Moves one side's net sums from a cell's old pattern to `p`.
    #[inline(always)]
    fn set_pattern(&mut self, s: usize, c: usize, p: u16) {
        let Some(net) = self.net else { return };
        let old = self.pattern[s][c];
        if old != p {
            self.pattern[s][c] = p;
            net.shift(&mut self.sums[s], old, p);
            self.net_value_sum[s] +=
                net.values[p as usize] as i32 - net.values[old as usize] as i32;
        }
    }

    /// Empty cells on the four lines through `c`, within `reach` steps, with class `class` for `color`.
    pub fn find_on_lines(&self, c: Cell, color: Color, class: u8, out: &mut Vec<Cell>) {
        let s = color.index();
        for d in 0..4 {
            for i in 1..=HALF as isize {
                for sign in [-1isize, 1] {
                    let q = (c as isize + sign * i * self.steps[d]) as usize;
                    if self.cells[q] == EMPTY
                        && self.class[s][q] == class
                        && !out.contains(&(q as Cell))
                    {
                        out.push(q as Cell);
                    }
                }
            }
        }
    }

    /// The first empty cell within four steps on the lines through `c` with class `class` for
    /// `color`: enough to find the one five point a four on `c` made.
    pub fn first_on_lines(&self, c: Cell, color: Color, class: u8) -> Option<Cell> {
        let s = color.index();
        for d in 0..4 {
            for i in 1..HALF as isize {
                for sign in [-1isize, 1] {
                    let q = (c as isize + sign * i * self.steps[d]) as usize;
                    if self.cells[q] == EMPTY && self.class[s][q] == class {
                        return Some(q as Cell);
                    }
                }
            }
        }
        None
    }

    /// Every empty cell where `color` has threat class `class`, in row-major order.
    pub fn find_all(&self, color: Color, class: u8, out: &mut Vec<Cell>) {
        let s = color.index();
        // Outside class 0 (which also counts the stones) the count says how many there are: none
        // means no scan, and the scan ends at the last one.
        let mut left = if class == 0 {
            usize::MAX
        } else {
            self.class_count[s][class as usize] as usize
        };
        for &c in &self.board_cells {
            if left == 0 {
                break;
            }
            if self.class[s][c as usize] == class && self.cells[c as usize] == EMPTY {
                out.push(c);
                left -= 1;
            }
        }
    }

    /// Cells where `color` would win at once.
    pub fn five_cells(&self, color: Color, out: &mut Vec<Cell>) {
        out.clear();
        if self.count(color, C_FIVE) == 0 {
            return;
        }
        if let Some(last) = self.last_move() {
            self.find_on_lines(last, color, C_FIVE, out);
            if out.len() as u16 == self.count(color, C_FIVE) {
                return;
            }
            out.clear();
        }
        self.find_all(color, C_FIVE, out);
    }

    /// The static evaluation for the side to move, in centi-stone-ish units.
    pub fn evaluate(&self, to_move: Color) -> i32 {
        let me = to_move.index();
        let w = &self.weights;
        if let Some(net) = self.net {
            // The net's own linear part (the double-three bonus is the hand-set weights' and has
            // no place here), then its threat values and hidden layer.
            let linear = (self.net_value_sum[me] * w.attack_num / 16 - self.net_value_sum[1 - me]
                + self.window_sum[me])
                / VALUE_UNIT;
            let mask = self.threat_mask(to_move);
            return linear + w.tempo + net.value(&self.sums[me], &self.sums[1 - me], mask);
        }
        let mut score = (self.value_sum[me] * w.attack_num) / 16 - self.value_sum[1 - me] + w.tempo;
        // A double three for the side to move wins unless the opponent can answer with fours or has
        // an open three of its own; the cell sums alone cannot see that.
        if w.double_three_bonus != 0
            && self.class_count[me][pattern::C_THREE_THREE as usize] > 0
            && !self.has_four_move(to_move.opponent())
            && self.class_count[1 - me][C_FLEX4 as usize] == 0
        {
            score += w.double_three_bonus;
        }
        if let Some(table) = self.learned {
            score += table.threat_value(self.threat_mask(to_move));
        }
        score
    }

    /// The learned table this board evaluates with, if any (its move scores order the search).
    #[inline]
    pub fn learned(&self) -> Option<&'static learned::LearnedTable> {
        self.learned
    }

    /// Evaluates with (and orders by) `table` from now on; the tests give the embedded table
    /// move scores this way, since the tables in use cannot be replaced.
    #[cfg(test)]
    pub fn set_learned(&mut self, table: &'static learned::LearnedTable) {
        self.learned = Some(table);
    }

    /// Evaluates with `windows` (and the net) from now on; the tests give the board windows this
    /// way, since the embedded tables cannot be replaced.
    #[cfg(test)]
    pub fn set_windows(&mut self, windows: &'static LineWindows) {
        self.windows = Some(windows);
        self.window_sum = self.windows_from_scratch();
    }

    /// Which threats each side could make in one move (the learned table's threat term).
    #[inline]
    pub fn threat_mask(&self, to_move: Color) -> usize {
        let me = to_move.index();
        learned::threat_mask(&self.class_count[me], &self.class_count[1 - me])
    }

    /// Whether a stone of `color` on `c` (already played) sits in a winning row under the rule.
    pub fn is_five_at(&self, c: Cell, color: Color) -> bool {
        let code = color.index() as u8 + 1;
        let k = self.variant.win_len() as usize;
        for d in 0..4 {
            let step = self.steps[d];
            let mut run = 1;
            for sign in [-1isize, 1] {
                let mut q = c as isize + sign * step;
                while self.cells[q as usize] == code {
                    run += 1;
                    q += sign * step;
                }
            }
            if self.variant.rule().is_win(color, run, k) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    fn board() -> SearchBoard {
        SearchBoard::new(Preset::Freestyle15.variant(), Weights::default())
    }

    #[test]
    fn undo_restores_everything() {
        let mut b = board();
        let fresh = b.clone();
        let moves = [
            (7, 7),
            (8, 8),
            (7, 8),
            (6, 6),
            (7, 9),
            (0, 0),
            (14, 14),
            (7, 10),
        ];
        for (i, &(x, y)) in moves.iter().enumerate() {
            let c = b.cell(Pos::new(x, y));
            b.play(c, Color::to_move_at(i));
        }
        assert_eq!(b.count(Color::Black, C_FOUR), 2);
        for _ in moves {
            b.undo();
        }
        assert_eq!(b.hash(), fresh.hash());
        assert_eq!(b.value_sum, fresh.value_sum);
        assert_eq!(b.class_count, fresh.class_count);
        assert_eq!(b.keys, fresh.keys);
        assert_eq!(b.near, fresh.near);
        assert_eq!(b.levels, fresh.levels);
        assert_eq!(b.class, fresh.class);
        assert_eq!(b.value, fresh.value);
        assert!(b.saved.is_empty() && b.marks.is_empty());
    }

    #[test]
    fn the_threat_mask_sees_an_open_three_from_both_sides() {
        let mut b = board();
        // Black's open three (7..9, 7) with white's stones far away: black has open-four points.
        for (i, &(x, y)) in [(7, 7), (0, 0), (8, 7), (14, 0), (9, 7), (0, 14)]
            .iter()
            .enumerate()
        {
            let c = b.cell(Pos::new(x, y));
            b.play(c, Color::to_move_at(i));
        }
        let open_four = 1 << 4; // C_FLEX4's bit in a side's half
        assert_ne!(b.threat_mask(Color::Black) & open_four, 0);
        assert_eq!(b.threat_mask(Color::Black) >> 6 & open_four, 0);
        assert_ne!(b.threat_mask(Color::White) >> 6 & open_four, 0);
        assert_eq!(b.threat_mask(Color::White) & open_four, 0);
    }

    /// Undo restores saved facts instead of recomputing them: after any sequence of moves and
    /// take-backs, every cell must read as on a board that only ever saw the moves still on it.
    #[test]
    fn undo_leaves_the_board_as_if_the_moves_were_never_played() {
        for variant in [Preset::Freestyle15.variant(), Preset::Renju15.variant()] {
            let mut b = SearchBoard::new(variant, Weights::default());
            random_plays_and_take_backs(&mut b, 7, 160, |b, kept, step| {
                let mut fresh = SearchBoard::new(variant, Weights::default());
                for (i, &c) in kept.iter().enumerate() {
                    fresh.play(c, Color::to_move_at(i));
                }
                assert_eq!(b.levels, fresh.levels, "step {step}");
                assert_eq!(b.class, fresh.class, "step {step}");
                assert_eq!(b.value, fresh.value, "step {step}");
                assert_eq!(b.class_count, fresh.class_count, "step {step}");
                assert_eq!(b.value_sum, fresh.value_sum, "step {step}");
            });
        }
    }

    /// Plays `steps` seeded random moves on `b`, every third step taking one back instead (when
    /// there is one), and calls `check` after each step with the moves still on the board.
    fn random_plays_and_take_backs(
        b: &mut SearchBoard,
        seed: u64,
        steps: usize,
        mut check: impl FnMut(&SearchBoard, &[Cell], usize),
    ) {
        let mut state = seed;
        let mut kept = Vec::new();
        for step in 0..steps {
            let r = super::super::rng::splitmix(&mut state);
            if step % 3 == 2 && !kept.is_empty() {
                b.undo();
                kept.pop();
            } else {
                let free: Vec<Cell> = b.empty_cells().collect();
                let c = free[(r % free.len() as u64) as usize];
                b.play(c, Color::to_move_at(kept.len()));
                kept.push(c);
            }
            check(b, &kept, step);
        }
    }

    /// The net's sums, worked out from their definition: every empty cell's pattern row, as the
    /// side's own (first half) and as the opponent's (second half), and its pattern's value.
    fn sums_from_scratch(b: &SearchBoard, net: &Net) -> ([Sums; 2], [i32; 2]) {
        let side = |s: usize| {
            net.sums_of(
                b.empty_cells()
                    .filter(|&c| b.class[s][c as usize] != C_FORBID)
                    .map(|c| learned::pattern_index(b.levels[s][c as usize])),
            )
        };
        let [(black, black_value), (white, white_value)] = [side(0), side(1)];
        ([black, white], [black_value, white_value])
    }

    /// An empty freestyle board that evaluates with the embedded table's hidden layer, and the net.
    fn net_board() -> (SearchBoard, &'static Net) {
        let weights = Weights {
            learned: Some(Rule::Freestyle),
            hidden_layer: true,
            ..Weights::default()
        };
        let b = SearchBoard::new(Preset::Freestyle15.variant(), weights);
        let net = b
            .net
            .expect("the embedded freestyle table has a hidden layer");
        (b, net)
    }

    /// Checks the board's running sums against [`sums_from_scratch`] after `step`.
    fn assert_sums_right(b: &SearchBoard, net: &Net, step: usize) {
        assert_eq!(
            (b.sums, b.net_value_sum),
            sums_from_scratch(b, net),
            "step {step}"
        );
    }

    #[test]
    fn the_hidden_sums_follow_every_move_and_take_back() {
        let (mut b, net) = net_board();
        let empty = (b.sums, b.net_value_sum);
        assert_eq!(empty, sums_from_scratch(&b, net));
        random_plays_and_take_backs(&mut b, 11, 200, |b, _, step| {
            assert_sums_right(b, net, step)
        });
        while b.last_move().is_some() {
            b.undo();
        }
        assert_eq!((b.sums, b.net_value_sum), empty);
        // The evaluation uses them: the side to move's view differs from the other side's.
        let c = b.cell(Pos::new(7, 7));
        b.play(c, Color::Black);
        let hidden = |b: &SearchBoard, me: usize| {
            net.value(
                &b.sums[me],
                &b.sums[1 - me],
                b.threat_mask(Color::to_move_at(me)),
            )
        };
        let [black, white] = b.net_value_sum;
        let linear = (white * b.weights.attack_num / 16 - black) / VALUE_UNIT + b.weights.tempo;
        assert_eq!(b.evaluate(Color::White), linear + hidden(&b, 1));
        assert_ne!(hidden(&b, 1), hidden(&b, 0));
    }

    /// Seeded values for every canonical window code but the all-empty one.
    fn some_windows(seed: u64) -> &'static LineWindows {
        let mut state = seed;
        let entries = (1..=u16::MAX)
            .filter(|&c| super::super::windows::canonical(c) == c)
            .map(|c| {
                let r = super::super::rng::splitmix(&mut state);
                (c, (r % 201) as i16 - 100)
            })
            .collect();
        Box::leak(Box::new(LineWindows::from_entries(entries)))
    }

    #[test]
    fn the_window_sums_follow_every_move_and_take_back() {
        let (mut b, _) = net_board();
        b.set_windows(some_windows(3));
        let empty = b.window_sum;
        assert_ne!(
            empty,
            [0, 0],
            "the empty board's edges have windows of their own"
        );
        random_plays_and_take_backs(&mut b, 13, 200, |b, _, step| {
            assert_eq!(b.window_sum, b.windows_from_scratch(), "step {step}");
        });
        while b.last_move().is_some() {
            b.undo();
        }
        assert_eq!(b.window_sum, empty);
        // The evaluation adds the side to move's sum to the net's linear part.
        let c = b.cell(Pos::new(7, 7));
        b.play(c, Color::Black);
        let with = b.evaluate(Color::White);
        let sum = b.window_sum[1];
        b.window_sum = [0; 2];
        let without = b.evaluate(Color::White);
        assert!(
            (with - without - sum / VALUE_UNIT).abs() <= 1,
            "{with} - {without} against {sum} / {VALUE_UNIT}"
        );
        // A paused net pauses the windows; they are right again once its stones are back.
        b.window_sum = b.windows_from_scratch();
        let before = b.window_sum;
        let net = b.pause_net();
        random_plays_and_take_backs(&mut b, 14, 30, |_, _, _| {});
        while b.history.len() > 1 {
            b.undo();
        }
        b.resume_net(net);
        assert_eq!(b.window_sum, before);
    }

    #[test]
    fn a_paused_net_has_its_sums_right_once_its_stones_are_taken_back() {
        let (mut b, kept_net) = net_board();
        random_plays_and_take_backs(&mut b, 5, 60, |_, _, _| {});
        let before = (b.sums, b.net_value_sum);
        let net = b.pause_net();
        assert!(net.is_some_and(|n| std::ptr::eq(n, kept_net)));
        // A pause inside a pause hands back nothing, so its resume cannot end the outer one.
        let inner = b.pause_net();
        assert!(inner.is_none());
        let mut on_board = 0;
        random_plays_and_take_backs(&mut b, 6, 90, |_, kept, _| on_board = kept.len());
        b.resume_net(inner);
        for _ in 0..on_board {
            b.undo();
        }
        b.resume_net(net);
        assert_eq!((b.sums, b.net_value_sum), before);
        // The cells' patterns are the net's again: play goes on moving the right rows.
        random_plays_and_take_backs(&mut b, 7, 90, |b, _, step| {
            assert_sums_right(b, kept_net, step)
        });
    }

    #[test]
    fn threats_are_seen_on_the_edge() {
        let mut b = board();
        for x in 0..4 {
            let c = b.cell(Pos::new(x, 0));
            b.play(c, Color::White);
        }
        let mut fives = Vec::new();
        b.five_cells(Color::White, &mut fives);
        assert_eq!(fives, vec![b.cell(Pos::new(4, 0))]);
    }
}
