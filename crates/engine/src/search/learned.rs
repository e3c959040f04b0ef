//! The learned evaluation table: a value for every combination of a cell's four line levels, trained
//! on self-play (`tengen-selfplay`, `tengen-train`) and embedded as a small versioned file.
//!
//! A cell's four levels are taken as a multiset (the directions are interchangeable), so the table
//! has one entry per sorted combination: 1365 values. The search board sums them incrementally
//! exactly as it sums the hand-weighted cell values, so the learned evaluation costs nothing extra
//! per node; the same values order the moves.
//!
//! Freestyle and renju each have a table of their own, one for both sides. (Renju tables per side
//! lost: they carry the first player's edge in every cell, and the search is very sensitive to the
//! balance between the sides; `docs/strength.md`, change 42.)
//!
//! File format, version 1 (all integers little-endian):
//!
//! | bytes | what |
//! | --- | --- |
//! | 4 | magic `TGEV` |
//! | 2 | version, 1 |
//! | 2 | levels per line (12) |
//! | 2 | entries (1365, the sorted four-level combinations in [`pattern_index`] order) |
//! | 2 × entries | the values, i16, in evaluation units |

use std::fmt;
use std::sync::OnceLock;

use super::pattern::{COMBOS, LEVELS};
use crate::core::Rule;

const MAGIC: &[u8; 4] = b"TGEV";
const VERSION: u16 = 1;
const HEADER: usize = 10;
/// Sorted combinations of four levels out of twelve: C(12 + 3, 4).
pub const PATTERNS: usize = 1365;
/// Largest value a table may hold: the search board packs `value * 16 + class` into an i32 and
/// sums a few hundred cells, so anything near this is already absurd.
const MAX_VALUE: i16 = 20_000;

/// The trained weights files embedded in the binary: freestyle's and renju's.
static EMBEDDED: &[u8] = include_bytes!("../../weights/eval-v2.bin");
static EMBEDDED_RENJU: &[u8] = include_bytes!("../../weights/eval-renju-v1.bin");

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsFileError {
    TooShort { len: usize },
    BadMagic,
    UnsupportedVersion(u16),
    WrongShape { levels: u16, entries: u16 },
    WrongLength { expected: usize, found: usize },
    ValueOutOfRange { index: usize, value: i16 },
}

impl fmt::Display for WeightsFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsFileError::TooShort { len } => write!(
                f,
                "the weights file is too short ({len} bytes) to hold even its header"
            ),
            WeightsFileError::BadMagic => {
                write!(
                    f,
                    "this is not a Tengen weights file (it does not start with TGEV)"
                )
            }
            WeightsFileError::UnsupportedVersion(v) => write!(
                f,
                "the weights file has version {v}; this build reads version {VERSION}"
            ),
            WeightsFileError::WrongShape { levels, entries } => write!(
                f,
                "the weights file is for {levels} levels and {entries} entries; this build needs {LEVELS} and {PATTERNS}"
            ),
            WeightsFileError::WrongLength { expected, found } => write!(
                f,
                "the weights file should be {expected} bytes long but is {found}"
            ),
            WeightsFileError::ValueOutOfRange { index, value } => write!(
                f,
                "the weights file's entry {index} is {value}, beyond the allowed ±{MAX_VALUE}"
            ),
        }
    }
}

impl std::error::Error for WeightsFileError {}

/// A parsed table of learned cell values, one per sorted four-level combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedTable {
    pub values: Vec<i16>,
}

impl LearnedTable {
    /// Reads a weights file; a short, foreign or damaged file is refused with the reason.
    pub fn parse(bytes: &[u8]) -> Result<LearnedTable, WeightsFileError> {
        if bytes.len() < HEADER {
            return Err(WeightsFileError::TooShort { len: bytes.len() });
        }
        if &bytes[0..4] != MAGIC {
            return Err(WeightsFileError::BadMagic);
        }
        let word = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let version = word(4);
        if version != VERSION {
            return Err(WeightsFileError::UnsupportedVersion(version));
        }
        let (levels, entries) = (word(6), word(8));
        if levels as usize != LEVELS || entries as usize != PATTERNS {
            return Err(WeightsFileError::WrongShape { levels, entries });
        }
        let expected = HEADER + 2 * PATTERNS;
        if bytes.len() != expected {
            return Err(WeightsFileError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let values: Vec<i16> = bytes[HEADER..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        if let Some((index, &value)) = values
            .iter()
            .enumerate()
            .find(|(_, v)| v.unsigned_abs() > MAX_VALUE as u16)
        {
            return Err(WeightsFileError::ValueOutOfRange { index, value });
        }
        Ok(LearnedTable { values })
    }

    /// The file bytes of this table (what `tengen-train` writes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 2 * self.values.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(LEVELS as u16).to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u16).to_le_bytes());
        for v in &self.values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Value of an empty cell whose four line levels are `levels`.
    #[inline]
    pub fn cell_value(&self, levels: [u8; 4]) -> i32 {
        self.values[pattern_index(levels)] as i32
    }
}

/// The embedded table for `rule`, parsed once. `None` (and the hand-set weights are used) for the
/// exact-five rule, which has none, or if the embedded file is damaged, which a test rules out.
pub fn embedded(rule: Rule) -> Option<&'static LearnedTable> {
    static TABLES: [OnceLock<Option<LearnedTable>>; 2] = [OnceLock::new(), OnceLock::new()];
    let (slot, bytes) = match rule {
        Rule::Freestyle => (&TABLES[0], EMBEDDED),
        Rule::Renju => (&TABLES[1], EMBEDDED_RENJU),
        Rule::Standard => return None,
    };
    slot.get_or_init(|| LearnedTable::parse(bytes).ok())
        .as_ref()
}

/// Index of a cell's four levels among the sorted combinations (direction order does not matter).
#[inline]
pub fn pattern_index(levels: [u8; 4]) -> usize {
    index_table()[super::pattern::combo_key(levels)] as usize
}

/// Combination key → sorted-combination index, for all [`COMBOS`] keys.
fn index_table() -> &'static [u16] {
    static TABLE: OnceLock<Box<[u16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut sorted = Vec::with_capacity(PATTERNS);
        for a in 0..LEVELS {
            for b in a..LEVELS {
                for c in b..LEVELS {
                    for d in c..LEVELS {
                        sorted.push([a, b, c, d]);
                    }
                }
            }
        }
        (0..COMBOS)
            .map(|key| {
                let mut l = [
                    key / (LEVELS * LEVELS * LEVELS),
                    key / (LEVELS * LEVELS) % LEVELS,
                    key / LEVELS % LEVELS,
                    key % LEVELS,
                ];
                l.sort_unstable();
                sorted.binary_search(&l).unwrap_or(0) as u16
            })
            .collect()
    })
}

/// One representative level combination of every sorted-combination index (for building tables).
pub fn pattern_levels() -> Vec<[u8; 4]> {
    let mut out = vec![[0u8; 4]; PATTERNS];
    for key in (0..COMBOS).rev() {
        let l = [
            (key / (LEVELS * LEVELS * LEVELS)) as u8,
            (key / (LEVELS * LEVELS) % LEVELS) as u8,
            (key / LEVELS % LEVELS) as u8,
            (key % LEVELS) as u8,
        ];
        out[pattern_index(l)] = l;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pattern::{B3, DEAD, F3, F4};

    #[test]
    fn the_embedded_weights_parse() {
        let table = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        assert_eq!(table.values.len(), PATTERNS);
        assert_eq!(embedded(Rule::Freestyle), Some(&table));
        let renju = LearnedTable::parse(EMBEDDED_RENJU).expect("embedded renju weights parse");
        assert_eq!(embedded(Rule::Renju), Some(&renju));
        assert_ne!(renju, table);
        assert_eq!(embedded(Rule::Standard), None);
        // An open four is worth more than nothing, whatever the training did.
        for table in [table, renju] {
            assert!(table.cell_value([F4, DEAD, DEAD, DEAD]) > table.cell_value([DEAD; 4]));
        }
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let good = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        let bytes = good.to_bytes();
        assert_eq!(LearnedTable::parse(&bytes), Ok(good));

        let short = LearnedTable::parse(&bytes[..6]).unwrap_err();
        assert_eq!(short, WeightsFileError::TooShort { len: 6 });
        assert!(short.to_string().contains("too short"));

        let cut = LearnedTable::parse(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(matches!(cut, WeightsFileError::WrongLength { .. }));
        assert!(cut.to_string().contains("bytes long"));

        let mut foreign = bytes.clone();
        foreign[0] = b'X';
        assert_eq!(
            LearnedTable::parse(&foreign),
            Err(WeightsFileError::BadMagic)
        );

        let mut future = bytes.clone();
        future[4] = 2;
        assert_eq!(
            LearnedTable::parse(&future),
            Err(WeightsFileError::UnsupportedVersion(2))
        );

        let mut wild = bytes.clone();
        wild[HEADER..HEADER + 2].copy_from_slice(&i16::MIN.to_le_bytes());
        assert!(matches!(
            LearnedTable::parse(&wild),
            Err(WeightsFileError::ValueOutOfRange { index: 0, .. })
        ));
    }

    #[test]
    fn direction_order_does_not_change_the_index() {
        let a = pattern_index([F3, DEAD, B3, F4]);
        assert_eq!(a, pattern_index([F4, B3, F3, DEAD]));
        assert_ne!(a, pattern_index([F3, F3, B3, F4]));
        let reps = pattern_levels();
        assert_eq!(reps.len(), PATTERNS);
        for (i, l) in reps.iter().enumerate() {
            assert_eq!(pattern_index(*l), i);
        }
    }
}
