//! The transposition tables: the main search's (one slot per hash bucket, replaced by depth and age)
//! and the VCF solver's failure memory.
//!
//! Slots are two plain `u64`s (key, packed data) so that the table is allocated zeroed by the OS: a new
//! `Ai` costs nothing until the search touches its pages, which keeps the first move of a game on time.

use super::state::Cell;

pub const BOUND_EXACT: u8 = 0;
pub const BOUND_LOWER: u8 = 1;
pub const BOUND_UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
pub struct Entry {
    pub score: i16,
    pub mv: Cell,
    pub depth: i8,
    pub bound: u8,
    pub age: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        (self.score as u16 as u64)
            | (self.mv as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.bound as u64) << 40
            | (self.age as u64) << 48
    }

    fn unpack(v: u64) -> Entry {
        Entry {
            score: v as u16 as i16,
            mv: (v >> 16) as u16,
            depth: (v >> 32) as u8 as i8,
            bound: (v >> 40) as u8,
            age: (v >> 48) as u8,
        }
    }
}

pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
    age: u8,
}

/// Default memory budget of an `Ai` (32 MB main table + 4 MB VCF table after rounding).
pub const DEFAULT_BYTES: usize = 40 << 20;

impl Table {
    pub fn new(bytes: usize) -> Table {
        let want = (bytes / 16).max(1024);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            slots: vec![[0u64; 2]; n],
            mask: n - 1,
            age: 0,
        }
    }

    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[key as usize & self.mask];
        (k == key && key != 0).then(|| Entry::unpack(data))
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, mv: Cell) {
        let age = self.age;
        let slot = &mut self.slots[key as usize & self.mask];
        let old = Entry::unpack(slot[1]);
        if slot[0] == key || old.age != age || depth as i8 >= old.depth {
            let mv = if mv == 0 && slot[0] == key {
                old.mv
            } else {
                mv
            };
            let e = Entry {
                score: score as i16,
                mv,
                depth: depth.clamp(-100, 100) as i8,
                bound,
                age,
            };
            *slot = [key, e.pack()];
        }
    }
}

/// Failure memory for VCF: a position (with the attacker) that was refuted at some depth.
pub struct VcfTable {
    /// Key and refuted depth; plain zeroed memory, allocated lazily by the OS.
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl VcfTable {
    pub fn new(bytes: usize) -> VcfTable {
        let n = (bytes / 16).max(1024).next_power_of_two() / 2;
        VcfTable {
            slots: vec![[0u64; 2]; n],
            mask: n - 1,
        }
    }

    #[inline]
    pub fn failed(&self, key: u64, depth: i32) -> bool {
        let [k, d] = self.slots[key as usize & self.mask];
        k == key && d as i32 >= depth
    }

    #[inline]
    pub fn store_fail(&mut self, key: u64, depth: i32) {
        self.slots[key as usize & self.mask] = [key, depth.max(0) as u64];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_table() {
        let mut t = Table::new(1 << 16);
        t.new_search();
        t.store(0xABCD_1234, 7, -19_990, BOUND_LOWER, 321);
        let e = t.probe(0xABCD_1234).expect("stored");
        assert_eq!(
            (e.score, e.mv, e.depth, e.bound),
            (-19_990, 321, 7, BOUND_LOWER)
        );
        t.store(0xABCD_1234, -3, 12, BOUND_UPPER, 0);
        let e = t.probe(0xABCD_1234).expect("stored");
        assert_eq!((e.score, e.mv, e.depth), (12, 321, -3));
        assert!(t.probe(0x1111).is_none());
    }
}
