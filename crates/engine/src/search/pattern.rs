//! Line patterns: what one more stone on an empty cell makes along one line, and what the four lines
//! through a cell make together (its threat class).
//!
//! The search board keeps, for every cell and direction, a 20-bit key of the ten neighbours within five
//! steps (two bits each: empty, black, white, wall). A precomputed table per (win length, exact-five)
//! turns that key into a [`Level`] for one side in one lookup; a second table turns the four levels of a
//! cell into its threat class and its evaluation weight. Tables are built once, lazily, by a memoised
//! recursive definition (five, four = one stone from five, three = one stone from a four, ...), so
//! nothing here is hand-written per shape and every win length from 3 to 5 works the same way.

use std::sync::OnceLock;

/// Neighbours on each side of a cell that a line key covers.
pub const HALF: usize = 5;

// Levels of one line for one side, after that side plays the cell. Ordered by strength.
pub const DEAD: u8 = 0;
/// Overline under an exact-five rule: no win (and forbidden for renju black).
pub const OVERLINE: u8 = 1;
pub const B1: u8 = 2;
pub const F1: u8 = 3;
pub const B2: u8 = 4;
pub const F2: u8 = 5;
/// Closed three: one more stone makes a (closed) four.
pub const B3: u8 = 6;
/// Open three: one more stone makes a straight four.
pub const F3: u8 = 7;
/// Four: exactly one point completes a five.
pub const B4: u8 = 8;
/// Two fives on one line that is not a straight four (`X.XXX.X`): a double four for renju black.
pub const F4D: u8 = 9;
/// Straight four: two completion points.
pub const F4: u8 = 10;
pub const F5: u8 = 11;
pub const LEVELS: usize = 12;

// Threat classes of a cell for one side (what playing there makes, all four lines together).
pub const C_NONE: u8 = 0;
pub const C_TWO: u8 = 1;
pub const C_THREE: u8 = 2;
pub const C_THREE_THREE: u8 = 3;
pub const C_FOUR: u8 = 4;
pub const C_FOUR_THREE: u8 = 5;
/// An open four or a double four: unstoppable unless the opponent can make five at once.
pub const C_FLEX4: u8 = 6;
pub const C_FIVE: u8 = 7;
/// Renju black only: double three, double four or overline (approximate inside the tree).
pub const C_FORBID: u8 = 8;
pub const CLASSES: usize = 9;

/// Whether a cell of threat class `class` makes a four or better for its side: a four, a
/// four-three, an open four or a five.
#[inline(always)]
pub fn makes_four(class: u8) -> bool {
    matches!(class, C_FOUR | C_FOUR_THREE | C_FLEX4 | C_FIVE)
}

/// How a side's lines are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRule {
    /// Five or more wins (freestyle, and renju white).
    Free,
    /// Exactly five wins, overline does nothing (standard).
    Exact,
    /// Renju black: exactly five, and double three / double four / overline are forbidden.
    RenjuBlack,
}

/// Line-key → level table for one side's perspective (own stone code 1 or 2).
pub struct LineTable {
    pub levels: Box<[u8]>,
    /// For five-or-more rules the neighbours five steps away never matter (a five through the cell
    /// lies within four steps), so the same table indexed by the inner eight neighbours only: 64 KB
    /// instead of 1 MB, which keeps it in cache. Empty for exact-five rules.
    pub inner: Box<[u8]>,
}

/// Bits of a full line key that hold the inner eight neighbours.
pub const INNER_SHIFT: u32 = 2;
pub const INNER_MASK: u32 = 0xFFFF;

fn cell_state(key: u32, idx: usize, own: u32) -> u8 {
    let c = (key >> (2 * idx)) & 3;
    if c == 0 {
        0
    } else if c == own {
        1
    } else {
        2
    }
}

struct Builder {
    k: usize,
    exact: bool,
    memo: Vec<u8>,
}

const WIDTH: usize = 2 * HALF + 1;

impl Builder {
    fn code(line: &[u8; WIDTH]) -> usize {
        line.iter().fold(0usize, |acc, &c| acc * 3 + c as usize)
    }

    /// Five / overline / nothing, for the run through the centre.
    fn five(&self, line: &[u8; WIDTH]) -> Option<u8> {
        let mut l = HALF;
        while l > 0 && line[l - 1] == 1 {
            l -= 1;
        }
        let mut r = HALF;
        while r + 1 < WIDTH && line[r + 1] == 1 {
            r += 1;
        }
        let run = r - l + 1;
        if run == self.k || (run > self.k && !self.exact) {
            Some(F5)
        } else if run > self.k {
            Some(OVERLINE)
        } else {
            None
        }
    }

    fn level(&mut self, line: &mut [u8; WIDTH]) -> u8 {
        let code = Self::code(line);
        if self.memo[code] != u8::MAX {
            return self.memo[code];
        }
        let result = self.compute(line);
        self.memo[code] = result;
        result
    }

    fn compute(&mut self, line: &mut [u8; WIDTH]) -> u8 {
        if let Some(f) = self.five(line) {
            return f;
        }
        let mut fives = [0usize; WIDTH];
        let mut n = 0;
        for e in 0..WIDTH {
            if line[e] == 0 {
                line[e] = 1;
                if self.five(line) == Some(F5) {
                    fives[n] = e;
                    n += 1;
                }
                line[e] = 0;
            }
        }
        if n >= 2 {
            // A straight four: the run through the centre is k-1 long and both ends complete it.
            let mut l = HALF;
            while l > 0 && line[l - 1] == 1 {
                l -= 1;
            }
            let mut r = HALF;
            while r + 1 < WIDTH && line[r + 1] == 1 {
                r += 1;
            }
            let straight = r - l + 1 == self.k - 1
                && l > 0
                && r + 1 < WIDTH
                && fives[..n].contains(&(l - 1))
                && fives[..n].contains(&(r + 1));
            return if straight || !self.exact { F4 } else { F4D };
        }
        if n == 1 {
            return B4;
        }
        let mut best = DEAD;
        for e in 0..WIDTH {
            if line[e] == 0 {
                line[e] = 1;
                let child = self.level(line);
                line[e] = 0;
                let promoted = match child {
                    F4 => F3,
                    F4D | B4 => B3,
                    F3 => F2,
                    B3 => B2,
                    F2 => F1,
                    B2 => B1,
                    _ => DEAD,
                };
                best = best.max(promoted);
            }
        }
        best
    }
}

fn build(k: usize, exact: bool, own: u32) -> LineTable {
    let mut b = Builder {
        k,
        exact,
        memo: vec![u8::MAX; 3usize.pow(WIDTH as u32)],
    };
    let mut levels = vec![DEAD; 1 << (4 * HALF)].into_boxed_slice();
    for (key, slot) in levels.iter_mut().enumerate() {
        let key = key as u32;
        let mut line = [0u8; WIDTH];
        for i in 0..HALF {
            line[i] = cell_state(key, i, own);
            line[HALF + 1 + i] = cell_state(key, HALF + i, own);
        }
        line[HALF] = 1;
        *slot = b.level(&mut line);
    }
    let inner = if exact {
        Box::default()
    } else {
        (0..=INNER_MASK as usize)
            .map(|k| levels[k << INNER_SHIFT])
            .collect()
    };
    LineTable { levels, inner }
}

/// The line table for a side whose stones have code `own` (1 black, 2 white).
pub fn line_table(k: u8, exact: bool, own: u32) -> &'static LineTable {
    static TABLES: [OnceLock<LineTable>; 12] = [const { OnceLock::new() }; 12];
    let slot = (k as usize - 3) * 4 + (exact as usize) * 2 + (own as usize - 1);
    TABLES[slot].get_or_init(|| build(k as usize, exact, own))
}

/// Both sides' line tables in one: per line key, black's level in the low four bits and white's in
/// the high four. A cell's line changes for both sides at once, so one lookup (one cache line)
/// serves both, and the two tables' footprint is halved (64 KB for five-or-more rules).
pub struct PairTable {
    pub levels: Box<[u8]>,
    /// How a full line key is cut down to index `levels`: the inner eight neighbours when neither
    /// side's rule reads the fifth, else the whole key.
    pub shift: u32,
    pub mask: u32,
}

impl PairTable {
    /// Black's and white's levels (in that order's bits) of a full line key.
    #[inline(always)]
    pub fn get(&self, key: u32) -> u8 {
        self.levels[((key >> self.shift) & self.mask) as usize]
    }
}

/// The pair table for win length `k` and each side's exact-five rule (black's, white's).
pub fn pair_table(k: u8, exact: [bool; 2]) -> &'static PairTable {
    static TABLES: [OnceLock<PairTable>; 12] = [const { OnceLock::new() }; 12];
    let slot = (k as usize - 3) * 4 + (exact[0] as usize) * 2 + exact[1] as usize;
    TABLES[slot].get_or_init(|| {
        let (black, white) = (line_table(k, exact[0], 1), line_table(k, exact[1], 2));
        let level = |t: &LineTable, exact: bool, key: usize| {
            if exact {
                t.levels[key]
            } else {
                t.inner[(key >> INNER_SHIFT) & INNER_MASK as usize]
            }
        };
        let (shift, mask) = if exact[0] || exact[1] {
            (0, (1u32 << (4 * HALF)) - 1)
        } else {
            (INNER_SHIFT, INNER_MASK)
        };
        let levels = (0..=mask as usize)
            .map(|k| {
                let key = k << shift;
                level(black, exact[0], key) | level(white, exact[1], key) << 4
            })
            .collect();
        PairTable {
            levels,
            shift,
            mask,
        }
    })
}

/// Builds the five-in-a-row tables (both rules, both colours) now, so that the first search of a
/// process does not spend its think time on them (about 0.1 s, once per process).
pub fn warm_up() {
    for exact in [false, true] {
        for own in [1, 2] {
            line_table(5, exact, own);
        }
    }
    for exact in [[false, false], [true, true], [true, false]] {
        pair_table(5, exact);
    }
    for rule in [LineRule::Free, LineRule::Exact, LineRule::RenjuBlack] {
        class_table(rule);
    }
}

/// Threat class of a cell from its four line levels.
pub fn classify(levels: [u8; 4], rule: LineRule) -> u8 {
    let mut n = [0u8; LEVELS];
    for l in levels {
        n[l as usize] += 1;
    }
    if n[F5 as usize] > 0 {
        return C_FIVE;
    }
    let fours = n[B4 as usize] + n[F4 as usize] + n[F4D as usize];
    if rule == LineRule::RenjuBlack
        && (n[OVERLINE as usize] > 0 || n[F4D as usize] > 0 || fours >= 2 || n[F3 as usize] >= 2)
    {
        return C_FORBID;
    }
    if n[F4 as usize] > 0 || n[F4D as usize] > 0 || fours >= 2 {
        return C_FLEX4;
    }
    if n[B4 as usize] > 0 {
        return if n[F3 as usize] > 0 {
            C_FOUR_THREE
        } else {
            C_FOUR
        };
    }
    if n[F3 as usize] >= 2 {
        return C_THREE_THREE;
    }
    if n[F3 as usize] > 0 {
        return C_THREE;
    }
    if n[F2 as usize] + n[B3 as usize] > 0 {
        return C_TWO;
    }
    C_NONE
}

/// A combination key of four levels (base [`LEVELS`]).
#[inline]
pub fn combo_key(levels: [u8; 4]) -> usize {
    ((levels[0] as usize * LEVELS + levels[1] as usize) * LEVELS + levels[2] as usize) * LEVELS
        + levels[3] as usize
}

pub const COMBOS: usize = LEVELS * LEVELS * LEVELS * LEVELS;
/// Sorted combinations of four levels out of twelve, C(12 + 3, 4): a cell's pattern, as the
/// learned evaluation sees it (the directions are interchangeable).
pub const PATTERNS: usize = 1365;
/// The cell classes whose presence on the board makes one bit of a side's half of the learned
/// evaluation's threat mask.
pub const THREAT_CLASSES: [u8; 6] = [
    C_THREE,
    C_THREE_THREE,
    C_FOUR,
    C_FOUR_THREE,
    C_FLEX4,
    C_FIVE,
];
/// Entries of the threat table: six threat facts for each side.
pub const THREAT_MASKS: usize = 1 << (2 * THREAT_CLASSES.len());

/// Class for every combination key, per line rule.
pub fn class_table(rule: LineRule) -> &'static [u8] {
    static TABLES: [OnceLock<Box<[u8]>>; 3] = [const { OnceLock::new() }; 3];
    let slot = match rule {
        LineRule::Free => 0,
        LineRule::Exact => 1,
        LineRule::RenjuBlack => 2,
    };
    TABLES[slot].get_or_init(|| {
        let mut t = vec![0u8; COMBOS].into_boxed_slice();
        for (key, slot) in t.iter_mut().enumerate() {
            let l = [
                (key / (LEVELS * LEVELS * LEVELS)) as u8,
                (key / (LEVELS * LEVELS) % LEVELS) as u8,
                (key / LEVELS % LEVELS) as u8,
                (key % LEVELS) as u8,
            ];
            *slot = classify(l, rule);
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key from a picture of the line around the centre: 'x' own (black), 'o' other, '#' wall, '.'
    /// empty; the centre is written '*'.
    fn key(s: &str) -> u32 {
        let cells: Vec<char> = s.chars().collect();
        let c = cells.iter().position(|&ch| ch == '*').expect("centre");
        let mut key = 0u32;
        for off in 1..=HALF {
            for (sign, base) in [(-1i32, 0usize), (1, HALF)] {
                let i = c as i32 + sign * off as i32;
                let ch = if i < 0 || i as usize >= cells.len() {
                    '.'
                } else {
                    cells[i as usize]
                };
                let code = match ch {
                    'x' => 1,
                    'o' => 2,
                    '#' => 3,
                    _ => 0,
                };
                let idx = if sign < 0 { HALF - off } else { base + off - 1 };
                key |= code << (2 * idx);
            }
        }
        key
    }

    fn level(s: &str, exact: bool) -> u8 {
        line_table(5, exact, 1).levels[key(s) as usize]
    }

    #[test]
    fn shapes_get_their_levels() {
        assert_eq!(level("..xx*xx..", false), F5);
        assert_eq!(level("..xx*xx..", true), F5);
        assert_eq!(level(".xxx*xx..", true), OVERLINE);
        assert_eq!(level(".xxx*xx..", false), F5);
        assert_eq!(level("...x*xx....", false), F4);
        assert_eq!(level("..ox*xx....", false), B4);
        assert_eq!(level("x.x*x.x", true), F4D);
        assert_eq!(level("x.x*x.x", false), F4);
        assert_eq!(level("....x*x.....", false), F3);
        assert_eq!(level("...ox*x.....", false), B3);
        assert_eq!(level("....x*.x....", false), F3);
        assert_eq!(level("#x*x.x", false), B4);
        assert_eq!(level("....*x.....", false), F2);
        assert_eq!(level("o...*x.o", false), F2);
        assert_eq!(level("o..*x.o", false), B2);
        assert_eq!(level("o..*.o", false), DEAD);
    }

    #[test]
    fn inner_table_agrees_with_the_full_one_for_five_or_more() {
        let t = line_table(5, false, 1);
        for key in (0..1u32 << 20).step_by(97) {
            let inner = ((key >> INNER_SHIFT) & INNER_MASK) as usize;
            assert_eq!(t.levels[key as usize], t.inner[inner], "key {key:#x}");
        }
    }

    #[test]
    fn pair_tables_agree_with_each_sides_table() {
        for exact in [[false, false], [true, true], [true, false]] {
            let pair = pair_table(5, exact);
            for key in (0..1u32 << 20).step_by(89) {
                let both = pair.get(key);
                for (s, own) in [(0, 1), (1, 2)] {
                    let want = line_table(5, exact[s], own).levels[key as usize];
                    assert_eq!(
                        (both >> (4 * s)) & 15,
                        want,
                        "key {key:#x} side {s} {exact:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn white_perspective_swaps_colours() {
        let k = key("...x*xx....");
        let swapped = (0..2 * HALF).fold(0u32, |acc, i| {
            let c = (k >> (2 * i)) & 3;
            let c = match c {
                1 => 2,
                2 => 1,
                c => c,
            };
            acc | (c << (2 * i))
        });
        assert_eq!(line_table(5, false, 2).levels[swapped as usize], F4);
    }

    #[test]
    fn classes_combine_lines() {
        assert_eq!(classify([B4, F3, DEAD, DEAD], LineRule::Free), C_FOUR_THREE);
        assert_eq!(classify([B4, B4, DEAD, DEAD], LineRule::Free), C_FLEX4);
        assert_eq!(
            classify([B4, B4, DEAD, DEAD], LineRule::RenjuBlack),
            C_FORBID
        );
        assert_eq!(
            classify([F3, F3, DEAD, DEAD], LineRule::RenjuBlack),
            C_FORBID
        );
        assert_eq!(classify([F3, F3, F5, DEAD], LineRule::RenjuBlack), C_FIVE);
        assert_eq!(
            classify([F3, F3, DEAD, DEAD], LineRule::Free),
            C_THREE_THREE
        );
    }
}
