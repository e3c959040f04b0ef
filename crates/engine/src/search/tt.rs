//! The transposition table: one slot per hash bucket, replaced by depth.

use super::state::Cell;

pub const BOUND_EXACT: u8 = 0;
pub const BOUND_LOWER: u8 = 1;
pub const BOUND_UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
pub struct Entry {
    pub key: u64,
    pub score: i16,
    pub mv: Cell,
    pub depth: i8,
    pub bound: u8,
    pub age: u8,
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

/// Default memory for the main table.
pub const DEFAULT_BYTES: usize = 32 << 20;

impl Table {
    pub fn new(bytes: usize) -> Table {
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            age: 0,
        }
    }

    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && key != 0).then_some(e)
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, mv: Cell) {
        let age = self.age;
        let e = &mut self.entries[key as usize & self.mask];
        if e.key == key || e.age != age || depth as i8 >= e.depth {
            let mv = if mv == 0 && e.key == key { e.mv } else { mv };
            *e = Entry {
                key,
                score: score as i16,
                mv,
                depth: depth.clamp(-100, 100) as i8,
                bound,
                age,
            };
        }
    }
}
