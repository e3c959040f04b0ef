//! The transposition tables: the main search's (one slot per hash bucket, replaced by depth and age)
//! and the VCF solver's failure memory.
//!
//! Both are shared by the threads of a Lazy SMP search without locks: a slot is two atomic `u64`s,
//! the key stored XOR-ed with the data, so a slot torn by two writers no longer matches its key and
//! reads as a miss instead of as another position's entry.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

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
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    age: AtomicU8,
}

/// `n` zeroed slots.
fn zeroed_slots(n: usize) -> Vec<[AtomicU64; 2]> {
    std::iter::repeat_with(Default::default).take(n).collect()
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
            slots: zeroed_slots(n),
            mask: n - 1,
            age: AtomicU8::new(0),
        }
    }

    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    /// The slot's key (unscrambled) and data.
    #[inline]
    fn read(&self, key: u64) -> (u64, u64) {
        let [k, d] = &self.slots[key as usize & self.mask];
        let data = d.load(Relaxed);
        (k.load(Relaxed) ^ data, data)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (k, data) = self.read(key);
        (k == key && key != 0).then(|| Entry::unpack(data))
    }

    #[inline]
    pub fn store(&self, key: u64, depth: i32, score: i32, bound: u8, mv: Cell) {
        let age = self.age.load(Relaxed);
        let (k, data) = self.read(key);
        let old = Entry::unpack(data);
        if k == key || old.age != age || depth as i8 >= old.depth {
            let mv = if mv == 0 && k == key { old.mv } else { mv };
            let e = Entry {
                score: score as i16,
                mv,
                depth: depth.clamp(-100, 100) as i8,
                bound,
                age,
            };
            let data = e.pack();
            let [k, d] = &self.slots[key as usize & self.mask];
            k.store(key ^ data, Relaxed);
            d.store(data, Relaxed);
        }
    }
}

/// Failure memory for VCF: a position (with the attacker) that was refuted at some depth.
pub struct VcfTable {
    /// Key (XOR-ed with the depth) and refuted depth.
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl VcfTable {
    pub fn new(bytes: usize) -> VcfTable {
        let n = (bytes / 16).max(1024).next_power_of_two() / 2;
        VcfTable {
            slots: zeroed_slots(n),
            mask: n - 1,
        }
    }

    #[inline]
    pub fn failed(&self, key: u64, depth: i32) -> bool {
        let [k, d] = &self.slots[key as usize & self.mask];
        let d = d.load(Relaxed);
        k.load(Relaxed) ^ d == key && d as i32 >= depth
    }

    #[inline]
    pub fn store_fail(&self, key: u64, depth: i32) {
        let d = depth.max(0) as u64;
        let [k, slot_d] = &self.slots[key as usize & self.mask];
        k.store(key ^ d, Relaxed);
        slot_d.store(d, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_table() {
        let t = Table::new(1 << 16);
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

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let t = Table::new(1 << 16);
        t.store(0xABCD_1234, 7, 55, BOUND_EXACT, 9);
        // Another writer's data beside this key, as a race between two stores could leave it.
        let [_, d] = &t.slots[0xABCD_1234 & t.mask];
        d.store(
            Entry {
                score: 3,
                mv: 1,
                depth: 2,
                bound: BOUND_LOWER,
                age: 0,
            }
            .pack(),
            Relaxed,
        );
        assert!(t.probe(0xABCD_1234).is_none());
        let v = VcfTable::new(1 << 16);
        v.store_fail(0x5555_0001, 4);
        assert!(v.failed(0x5555_0001, 4) && !v.failed(0x5555_0001, 5));
        let [_, d] = &v.slots[0x5555_0001 & v.mask];
        d.store(9, Relaxed);
        assert!(!v.failed(0x5555_0001, 1));
    }
}
