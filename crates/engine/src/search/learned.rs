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
//!
//! Version 2 adds, after the values, a threat table: u16 entries ([`THREAT_MASKS`]) and as many i16
//! values, one per [`threat_mask`] of the position (which threats each side has on the board). The
//! cell sums alone cannot say that an open three is deadly when its opponent has no four to answer
//! with; the threat table can.

use std::fmt;
use std::sync::OnceLock;

use super::pattern::{
    C_FIVE, C_FLEX4, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, CLASSES, COMBOS, LEVELS,
};
use crate::core::Rule;

const MAGIC: &[u8; 4] = b"TGEV";
const VERSION: u16 = 2;
const HEADER: usize = 10;
/// Sorted combinations of four levels out of twelve: C(12 + 3, 4).
pub const PATTERNS: usize = 1365;
/// Entries of the threat table: six threat facts for each side ([`threat_mask`]).
pub const THREAT_MASKS: usize = 1 << (2 * THREAT_CLASSES.len());
/// The cell classes whose presence on the board makes one bit of a side's half of the threat mask.
const THREAT_CLASSES: [u8; 6] = [
    C_THREE,
    C_THREE_THREE,
    C_FOUR,
    C_FOUR_THREE,
    C_FLEX4,
    C_FIVE,
];
/// Largest value a table may hold: the search board packs `value * 16 + class` into an i32 and
/// sums a few hundred cells, so anything near this is already absurd.
const MAX_VALUE: i16 = 20_000;

/// The trained weights files embedded in the binary: freestyle's and renju's.
static EMBEDDED: &[u8] = include_bytes!("../../weights/eval-v4.bin");
static EMBEDDED_RENJU: &[u8] = include_bytes!("../../weights/eval-renju-v2.bin");

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsFileError {
    TooShort { len: usize },
    BadMagic,
    UnsupportedVersion(u16),
    WrongShape { levels: u16, entries: u16 },
    WrongThreatShape { entries: u16 },
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
                "the weights file has version {v}; this build reads versions 1 and {VERSION}"
            ),
            WeightsFileError::WrongShape { levels, entries } => write!(
                f,
                "the weights file is for {levels} levels and {entries} entries; this build needs {LEVELS} and {PATTERNS}"
            ),
            WeightsFileError::WrongThreatShape { entries } => write!(
                f,
                "the weights file's threat table has {entries} entries; this build needs {THREAT_MASKS}"
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

/// A parsed table of learned cell values, one per sorted four-level combination, and the values
/// of the threat masks (empty in a version-1 file: no threat term).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedTable {
    pub values: Vec<i16>,
    pub threat: Vec<i16>,
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
        if version != 1 && version != VERSION {
            return Err(WeightsFileError::UnsupportedVersion(version));
        }
        let (levels, entries) = (word(6), word(8));
        if levels as usize != LEVELS || entries as usize != PATTERNS {
            return Err(WeightsFileError::WrongShape { levels, entries });
        }
        let threat_at = HEADER + 2 * PATTERNS;
        let threat_entries = if version == 1 {
            0
        } else if bytes.len() < threat_at + 2 {
            return Err(WeightsFileError::WrongLength {
                expected: threat_at + 2 + 2 * THREAT_MASKS,
                found: bytes.len(),
            });
        } else {
            match word(threat_at) {
                n if n as usize == THREAT_MASKS => THREAT_MASKS,
                entries => return Err(WeightsFileError::WrongThreatShape { entries }),
            }
        };
        let threat_values = threat_at + if version == 1 { 0 } else { 2 };
        let expected = threat_values + 2 * threat_entries;
        if bytes.len() != expected {
            return Err(WeightsFileError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let words = |from: usize, to: usize| -> Vec<i16> {
            bytes[from..to]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        let values = words(HEADER, threat_at);
        let threat = words(threat_values, expected);
        if let Some((index, &value)) = values
            .iter()
            .chain(&threat)
            .enumerate()
            .find(|(_, v)| v.unsigned_abs() > MAX_VALUE as u16)
        {
            return Err(WeightsFileError::ValueOutOfRange { index, value });
        }
        Ok(LearnedTable { values, threat })
    }

    /// The file bytes of this table (what `tengen-train` writes).
    /// A table without a threat term is written as version 1, as it always was.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 2 * self.values.len());
        let version: u16 = if self.threat.is_empty() { 1 } else { VERSION };
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(LEVELS as u16).to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u16).to_le_bytes());
        for v in &self.values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if !self.threat.is_empty() {
            out.extend_from_slice(&(self.threat.len() as u16).to_le_bytes());
            for v in &self.threat {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// Value of an empty cell whose four line levels are `levels`.
    #[inline]
    pub fn cell_value(&self, levels: [u8; 4]) -> i32 {
        self.values[pattern_index(levels)] as i32
    }

    /// Value of the threat mask `mask` for the side to move (0 without a threat table).
    #[inline]
    pub fn threat_value(&self, mask: usize) -> i32 {
        self.threat.get(mask).map_or(0, |&v| v as i32)
    }
}

/// Which threats each side could make in one move, from its cell-class counts: bit `i` of the low
/// half is set when the side to move has a cell of class `THREAT_CLASSES[i]`, the high half the same
/// for its opponent.
#[inline]
pub fn threat_mask(mover: &[u16; CLASSES], opponent: &[u16; CLASSES]) -> usize {
    let half = |counts: &[u16; CLASSES]| {
        THREAT_CLASSES.iter().enumerate().fold(0, |m, (i, &c)| {
            m | (((counts[c as usize] > 0) as usize) << i)
        })
    };
    half(mover) | half(opponent) << THREAT_CLASSES.len()
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
        assert_eq!(table.threat.len(), THREAT_MASKS);
        let renju = LearnedTable::parse(EMBEDDED_RENJU).expect("embedded renju weights parse");
        assert_eq!(embedded(Rule::Renju), Some(&renju));
        assert_eq!(renju.threat.len(), THREAT_MASKS);
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
        future[4] = 3;
        assert_eq!(
            LearnedTable::parse(&future),
            Err(WeightsFileError::UnsupportedVersion(3))
        );

        let mut wild = bytes.clone();
        wild[HEADER..HEADER + 2].copy_from_slice(&i16::MIN.to_le_bytes());
        assert!(matches!(
            LearnedTable::parse(&wild),
            Err(WeightsFileError::ValueOutOfRange { index: 0, .. })
        ));
    }

    #[test]
    fn a_threat_table_is_written_as_version_2_and_read_back() {
        let embedded = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        assert_eq!(embedded.to_bytes(), EMBEDDED);
        let mut with_threat = embedded.clone();
        with_threat.threat = (0..THREAT_MASKS).map(|i| (i % 300) as i16 - 150).collect();
        let bytes = with_threat.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 2);
        assert_eq!(LearnedTable::parse(&bytes), Ok(with_threat.clone()));
        assert_eq!(with_threat.threat_value(5), 5 - 150);
        // Without a threat table the file is version 1, as before threat tables, and reads back.
        let plain = LearnedTable {
            threat: Vec::new(),
            ..embedded
        };
        let v1 = plain.to_bytes();
        assert_eq!(u16::from_le_bytes([v1[4], v1[5]]), 1);
        assert_eq!(v1.len(), HEADER + 2 * PATTERNS);
        assert_eq!(LearnedTable::parse(&v1), Ok(plain.clone()));
        assert_eq!(plain.threat_value(5), 0);

        let cut = LearnedTable::parse(&bytes[..bytes.len() - 2]).unwrap_err();
        assert!(matches!(cut, WeightsFileError::WrongLength { .. }));
        let mut odd = bytes.clone();
        let at = HEADER + 2 * PATTERNS;
        odd[at..at + 2].copy_from_slice(&7u16.to_le_bytes());
        let odd = LearnedTable::parse(&odd).unwrap_err();
        assert_eq!(odd, WeightsFileError::WrongThreatShape { entries: 7 });
        assert!(odd.to_string().contains("threat table has 7 entries"));
        let mut wild = bytes.clone();
        let last = wild.len() - 2;
        wild[last..].copy_from_slice(&i16::MAX.to_le_bytes());
        assert!(matches!(
            LearnedTable::parse(&wild),
            Err(WeightsFileError::ValueOutOfRange { .. })
        ));
    }

    #[test]
    fn the_threat_mask_puts_the_side_to_move_in_the_low_half() {
        let mut mover = [0u16; CLASSES];
        let mut opponent = [0u16; CLASSES];
        assert_eq!(threat_mask(&mover, &opponent), 0);
        mover[C_THREE as usize] = 3;
        opponent[C_FLEX4 as usize] = 1;
        opponent[C_FOUR as usize] = 2;
        let half = THREAT_CLASSES.len();
        assert_eq!(
            threat_mask(&mover, &opponent),
            1 | (1 << (half + 4)) | (1 << (half + 2))
        );
        assert_eq!(
            threat_mask(&opponent, &mover),
            (1 << 4) | (1 << 2) | 1 << half
        );
        mover[C_FIVE as usize] = 1;
        assert!(threat_mask(&mover, &opponent) < THREAT_MASKS);
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
