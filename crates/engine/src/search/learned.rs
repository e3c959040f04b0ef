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
//!
//! Version 3 adds, after the threat table (whose entry count may then be 0: no threat table), the
//! move scores: u16 entries ([`PATTERNS`]), then as many i16 attack scores and as many i16 block
//! scores, in 1/64 of a logit ([`POLICY_UNIT`]). A cell's move score for the side to move is the
//! attack score of its own pattern there plus the block score of the opponent's: the search orders
//! its moves by it, and `tengen-train --policy` fits it to the moves the search chose.
//!
//! Version 4 adds, after the move scores (whose entry count may then be 0: none), a hidden layer
//! ([`Net`]): u16 units (16), then [`Net::WORDS`] i16 words: the net's own cell values and threat
//! values, per pattern the unit weights as the mover's then as the opponent's, per threat mask the
//! unit weights, the biases, and the output weights (fixed-point units in `net.rs`). The table's
//! plain values and threat table stay in the file: the search orders its moves by those values.
//!
//! Version 5 adds, after the hidden layer, the line windows ([`LineWindows`], only with a hidden
//! layer): u32 entries, then per entry a u16 mirror-canonical window code (ascending, each once)
//! and its i16 value in the net's value units, added to the net's linear part. Codes not listed
//! are worth 0.

use std::fmt;
use std::sync::OnceLock;

use super::net::{HIDDEN, Net};
use super::pattern::{CLASSES, COMBOS, LEVELS, THREAT_CLASSES};
pub use super::pattern::{PATTERNS, THREAT_MASKS};
use super::windows::{LineWindows, canonical};
use crate::core::Rule;

const MAGIC: &[u8; 4] = b"TGEV";
const VERSION: u16 = 5;
const HEADER: usize = 10;
/// Move scores are stored in this fraction of a logit (of the chance that the search picks the cell).
pub const POLICY_UNIT: f64 = 64.0;
/// Largest value a table may hold: the search board packs `value * 16 + class` into an i32 and
/// sums a few hundred cells, so anything near this is already absurd.
const MAX_VALUE: i16 = 20_000;

/// The trained weights files embedded in the binary: freestyle's and renju's.
static EMBEDDED: &[u8] = include_bytes!("../../weights/eval-v9.bin");
static EMBEDDED_RENJU: &[u8] = include_bytes!("../../weights/eval-renju-v5.bin");

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsFileError {
    TooShort {
        len: usize,
    },
    BadMagic,
    UnsupportedVersion(u16),
    WrongShape {
        levels: u16,
        entries: u16,
    },
    WrongThreatShape {
        entries: u16,
    },
    WrongPolicyShape {
        entries: u16,
    },
    WrongHiddenShape {
        units: u16,
    },
    WrongLength {
        expected: usize,
        found: usize,
    },
    ValueOutOfRange {
        index: usize,
        value: i16,
    },
    /// A line window's code that is not canonical, or out of order, or listed twice.
    BadWindowCode {
        index: usize,
        code: u16,
    },
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
                "the weights file has version {v}; this build reads versions 1 to {VERSION}"
            ),
            WeightsFileError::WrongShape { levels, entries } => write!(
                f,
                "the weights file is for {levels} levels and {entries} entries; this build needs {LEVELS} and {PATTERNS}"
            ),
            WeightsFileError::WrongThreatShape { entries } => write!(
                f,
                "the weights file's threat table has {entries} entries; this build needs {THREAT_MASKS}"
            ),
            WeightsFileError::WrongPolicyShape { entries } => write!(
                f,
                "the weights file's move scores have {entries} entries; this build needs {PATTERNS}"
            ),
            WeightsFileError::WrongHiddenShape { units } => write!(
                f,
                "the weights file's hidden layer has {units} units; this build needs {HIDDEN}"
            ),
            WeightsFileError::WrongLength { expected, found } => write!(
                f,
                "the weights file should be {expected} bytes long but is {found}"
            ),
            WeightsFileError::ValueOutOfRange { index, value } => write!(
                f,
                "the weights file's entry {index} is {value}, beyond the allowed ±{MAX_VALUE}"
            ),
            WeightsFileError::BadWindowCode { index, code } => write!(
                f,
                "the weights file's line window {index} has code {code:#06x}, which is not in \
                 canonical form or not after the one before it"
            ),
        }
    }
}

impl std::error::Error for WeightsFileError {}

/// A parsed table of learned cell values, one per sorted four-level combination, the values
/// of the threat masks (empty in a version-1 file: no threat term), and the move scores (empty
/// before version 3: the search orders by the cell values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedTable {
    pub values: Vec<i16>,
    pub threat: Vec<i16>,
    /// The attack scores of the [`PATTERNS`], then their block scores, in [`POLICY_UNIT`]s.
    pub policy: Vec<i16>,
    /// The hidden layer (version 4), added to the linear evaluation.
    pub net: Option<Net>,
    /// The line windows (version 5), added to the net's linear part.
    pub windows: Option<LineWindows>,
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
        if !(1..=VERSION).contains(&version) {
            return Err(WeightsFileError::UnsupportedVersion(version));
        }
        let (levels, entries) = (word(6), word(8));
        if levels as usize != LEVELS || entries as usize != PATTERNS {
            return Err(WeightsFileError::WrongShape { levels, entries });
        }
        // A section's entry count, once the file is known to be long enough to hold it.
        let count_at = |at: usize, least: usize| {
            if bytes.len() < at + 2 {
                Err(WeightsFileError::WrongLength {
                    expected: at + 2 + 2 * least,
                    found: bytes.len(),
                })
            } else {
                Ok(word(at))
            }
        };
        let threat_at = HEADER + 2 * PATTERNS;
        let threat_entries = match version {
            1 => 0,
            _ => match count_at(threat_at, THREAT_MASKS)? {
                n if n as usize == THREAT_MASKS => THREAT_MASKS,
                // Version 3 may hold move scores without a threat table.
                0 if version >= 3 => 0,
                entries => return Err(WeightsFileError::WrongThreatShape { entries }),
            },
        };
        let threat_values = threat_at + if version == 1 { 0 } else { 2 };
        let policy_at = threat_values + 2 * threat_entries;
        let policy_entries = match version {
            1 | 2 => 0,
            _ => match count_at(policy_at, 2 * PATTERNS)? {
                n if n as usize == PATTERNS => 2 * PATTERNS,
                // Version 4 may hold a hidden layer without move scores.
                0 if version >= 4 => 0,
                entries => return Err(WeightsFileError::WrongPolicyShape { entries }),
            },
        };
        let policy_values = policy_at + if version >= 3 { 2 } else { 0 };
        let hidden_at = policy_values + 2 * policy_entries;
        // A file may hold fewer units than this build; the rest read as zero.
        let hidden_units = match version {
            1..=3 => None,
            _ => match count_at(hidden_at, Net::WORDS)? {
                n if (1..=HIDDEN).contains(&(n as usize)) => Some(n as usize),
                units => return Err(WeightsFileError::WrongHiddenShape { units }),
            },
        };
        let hidden_words = hidden_units.map_or(0, Net::words);
        let hidden_values = hidden_at + if version >= 4 { 2 } else { 0 };
        let windows_at = hidden_values + 2 * hidden_words;
        let (windows, expected) = match version {
            // The windows section checks its own length, once the file reaches it.
            5.. if bytes.len() >= windows_at => (
                Some(parse_windows(&bytes[windows_at..], windows_at)?),
                bytes.len(),
            ),
            5.. => (None, windows_at + 4),
            _ => (None, windows_at),
        };
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
        let threat = words(threat_values, policy_at);
        let policy = words(policy_values, hidden_at);
        let hidden = words(hidden_values, windows_at);
        if let Some((index, &value)) = values
            .iter()
            .chain(&threat)
            .chain(&policy)
            .chain(&hidden)
            .enumerate()
            .find(|(_, v)| v.unsigned_abs() > MAX_VALUE as u16)
        {
            return Err(WeightsFileError::ValueOutOfRange { index, value });
        }
        Ok(LearnedTable {
            values,
            threat,
            policy,
            net: hidden_units.map(|units| Net::from_words(&hidden, units)),
            windows,
        })
    }

    /// The file bytes of this table (what `tengen-train` writes), in the oldest version that holds
    /// it: 1 for cell values alone, 2 with a threat table, 3 with move scores, 4 with a hidden layer,
    /// 5 with line windows.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 2 * self.values.len());
        let version: u16 = match (self.threat.is_empty(), self.policy.is_empty(), &self.net) {
            // Line windows join the net's evaluation: a table without a net writes none.
            (_, _, Some(_)) if self.windows.is_some() => 5,
            (_, _, Some(_)) => 4,
            (true, true, None) => 1,
            (false, true, None) => 2,
            (_, false, None) => 3,
        };
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(LEVELS as u16).to_le_bytes());
        let mut section = |values: &[i16], entries: usize| {
            out.extend_from_slice(&(entries as u16).to_le_bytes());
            for v in values {
                out.extend_from_slice(&v.to_le_bytes());
            }
        };
        section(&self.values, self.values.len());
        if version >= 2 {
            section(&self.threat, self.threat.len());
        }
        if version >= 3 {
            section(&self.policy, self.policy.len() / 2);
        }
        if let Some(net) = &self.net {
            out.extend_from_slice(&(net.units as u16).to_le_bytes());
            for v in net.to_words() {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        if let (Some(windows), 5) = (&self.windows, version) {
            out.extend_from_slice(&(windows.entries().len() as u32).to_le_bytes());
            for &(code, value) in windows.entries() {
                out.extend_from_slice(&code.to_le_bytes());
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
        out
    }

    /// Whether the table has move scores.
    #[inline]
    pub fn has_policy(&self) -> bool {
        self.policy.len() == 2 * PATTERNS
    }

    /// The move score of a cell where the side to move's line levels are `mine` and its opponent's
    /// are `theirs`, in [`POLICY_UNIT`]s (0 without move scores).
    #[inline]
    pub fn move_score(&self, mine: [u8; 4], theirs: [u8; 4]) -> i32 {
        if !self.has_policy() {
            return 0;
        }
        self.policy[pattern_index(mine)] as i32
            + self.policy[PATTERNS + pattern_index(theirs)] as i32
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

/// The line-window section of a version-5 file, `bytes` from its start at `at` to the file's end:
/// a u32 count, then (code, value) pairs whose codes are canonical and ascending.
fn parse_windows(bytes: &[u8], at: usize) -> Result<LineWindows, WeightsFileError> {
    let Some(count) = bytes.get(..4) else {
        return Err(WeightsFileError::WrongLength {
            expected: at + 4,
            found: at + bytes.len(),
        });
    };
    let count = u32::from_le_bytes([count[0], count[1], count[2], count[3]]) as usize;
    let expected = 4 + 4 * count;
    if bytes.len() != expected {
        return Err(WeightsFileError::WrongLength {
            expected: at + expected,
            found: at + bytes.len(),
        });
    }
    let mut entries = Vec::with_capacity(count);
    for (index, e) in bytes[4..].chunks_exact(4).enumerate() {
        let code = u16::from_le_bytes([e[0], e[1]]);
        let value = i16::from_le_bytes([e[2], e[3]]);
        if canonical(code) != code || entries.last().is_some_and(|&(last, _)| last >= code) {
            return Err(WeightsFileError::BadWindowCode { index, code });
        }
        if value.unsigned_abs() > MAX_VALUE as u16 {
            return Err(WeightsFileError::ValueOutOfRange { index, value });
        }
        entries.push((code, value));
    }
    Ok(LineWindows::from_entries(entries))
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

/// The table `rule` plays with (once set, for the whole process) and its embedded file; `None`
/// for the exact-five rule, which has no table.
fn table_slot(rule: Rule) -> Option<(&'static OnceLock<Option<LearnedTable>>, &'static [u8])> {
    static TABLES: [OnceLock<Option<LearnedTable>>; 2] = [OnceLock::new(), OnceLock::new()];
    match rule {
        Rule::Freestyle => Some((&TABLES[0], EMBEDDED)),
        Rule::Renju => Some((&TABLES[1], EMBEDDED_RENJU)),
        Rule::Standard => None,
    }
}

/// The table for `rule`: the one [`use_table`] put in place, else the embedded one, parsed once.
/// `None` (and the hand-set weights are used) for the exact-five rule, which has none, or if the
/// embedded file is damaged, which a test rules out.
pub fn table_for(rule: Rule) -> Option<&'static LearnedTable> {
    let (slot, bytes) = table_slot(rule)?;
    slot.get_or_init(|| LearnedTable::parse(bytes).ok())
        .as_ref()
}

/// Why [`use_table`] could not put a table in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseTableError {
    /// The exact-five rule plays with the hand-set weights only.
    NoTableForRule(Rule),
    /// A search has already read this rule's table; the process keeps it.
    AlreadyInUse(Rule),
}

impl fmt::Display for UseTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UseTableError::NoTableForRule(rule) => {
                write!(f, "the {rule} rule has no learned table to replace")
            }
            UseTableError::AlreadyInUse(rule) => write!(
                f,
                "the {rule} table is already in use; choose the weights before the first search"
            ),
        }
    }
}

impl std::error::Error for UseTableError {}

/// Plays `rule` with `table` instead of the embedded one, for the rest of the process: to measure
/// a newly trained net without a rebuild (`pbrain-tengen --weights`). Only before any search has
/// read that rule's table.
pub fn use_table(rule: Rule, table: LearnedTable) -> Result<(), UseTableError> {
    let (slot, _) = table_slot(rule).ok_or(UseTableError::NoTableForRule(rule))?;
    slot.set(Some(table))
        .map_err(|_| UseTableError::AlreadyInUse(rule))
}

/// Index of a cell's four levels among the sorted combinations (direction order does not matter).
#[inline]
pub fn pattern_index(levels: [u8; 4]) -> usize {
    index_table()[super::pattern::combo_key(levels)] as usize
}

/// Combination key → sorted-combination index, for all [`COMBOS`] keys.
pub fn index_table() -> &'static [u16] {
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
    use crate::search::pattern::{B3, C_FIVE, C_FLEX4, C_FOUR, C_THREE, DEAD, F3, F4};

    #[test]
    fn the_embedded_weights_parse() {
        let table = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        assert_eq!(table.values.len(), PATTERNS);
        assert_eq!(table_for(Rule::Freestyle), Some(&table));
        assert_eq!(table.threat.len(), THREAT_MASKS);
        let renju = LearnedTable::parse(EMBEDDED_RENJU).expect("embedded renju weights parse");
        assert_eq!(table_for(Rule::Renju), Some(&renju));
        assert_eq!(renju.threat.len(), THREAT_MASKS);
        assert_ne!(renju, table);
        // Both rules evaluate with a hidden layer (renju's since strength log change 79).
        assert!(table.net.is_some() && renju.net.is_some());
        assert_eq!(table_for(Rule::Standard), None);
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
        future[4] = 6;
        assert!(
            LearnedTable::parse(&future) == Err(WeightsFileError::UnsupportedVersion(6)),
            "version 6 is refused"
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
        with_threat.net = None;
        with_threat.threat = (0..THREAT_MASKS).map(|i| (i % 300) as i16 - 150).collect();
        let bytes = with_threat.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 2);
        assert_eq!(LearnedTable::parse(&bytes), Ok(with_threat.clone()));
        assert_eq!(with_threat.threat_value(5), 5 - 150);
        // Without a threat table the file is version 1, as before threat tables, and reads back.
        let plain = LearnedTable {
            threat: Vec::new(),
            policy: Vec::new(),
            net: None,
            windows: None,
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
    fn a_file_with_fewer_hidden_units_reads_as_the_net_with_the_rest_zero() {
        let embedded = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        let mut zeroed = embedded
            .net
            .clone()
            .expect("the freestyle table has a hidden layer");
        let units = HIDDEN / 2;
        for r in &mut zeroed.rows {
            r[units..HIDDEN].fill(0);
            r[HIDDEN + units..].fill(0);
        }
        for r in &mut zeroed.threat {
            r[units..].fill(0);
        }
        zeroed.bias[units..].fill(0);
        zeroed.out[units..].fill(0);
        let small = LearnedTable {
            net: Some(Net {
                units,
                ..zeroed.clone()
            }),
            ..embedded.clone()
        };
        let bytes = small.to_bytes();
        assert_eq!(
            bytes.len(),
            EMBEDDED.len() - 2 * (Net::WORDS - Net::words(units))
        );
        let read = LearnedTable::parse(&bytes).expect("a smaller net parses");
        assert_eq!(read, small);
        let net = read.net.expect("it has its net");
        assert_eq!(net.units, units);
        // The same weights as the full-size net whose other units are zero: it evaluates the same.
        assert_eq!(
            Net {
                units: HIDDEN,
                ..net
            },
            zeroed
        );
    }

    #[test]
    fn a_hidden_layer_is_written_as_version_4_and_read_back() {
        let embedded = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        let net = embedded
            .net
            .clone()
            .expect("the freestyle table has a hidden layer");
        assert_eq!(u16::from_le_bytes([EMBEDDED[4], EMBEDDED[5]]), 4);
        assert_eq!(embedded.to_bytes(), EMBEDDED);
        assert_eq!(Net::from_words(&net.to_words(), net.units), net);
        // A hidden layer without move scores: the move-score section holds no entries.
        assert!(!embedded.has_policy());
        let at = HEADER + 2 * PATTERNS + 2 + 2 * THREAT_MASKS;
        assert_eq!(u16::from_le_bytes([EMBEDDED[at], EMBEDDED[at + 1]]), 0);
        // With move scores too.
        let mut both = embedded.clone();
        both.policy = vec![3; 2 * PATTERNS];
        assert_eq!(LearnedTable::parse(&both.to_bytes()), Ok(both));

        let units_at = at + 2;
        let mut odd = EMBEDDED.to_vec();
        let more = HIDDEN as u16 + 1;
        odd[units_at..units_at + 2].copy_from_slice(&more.to_le_bytes());
        let odd = LearnedTable::parse(&odd).unwrap_err();
        assert_eq!(odd, WeightsFileError::WrongHiddenShape { units: more });
        assert!(
            odd.to_string()
                .contains(&format!("hidden layer has {more} units"))
        );
        for cut in [units_at + 1, EMBEDDED.len() - 2] {
            let short = LearnedTable::parse(&EMBEDDED[..cut]).unwrap_err();
            assert!(
                matches!(short, WeightsFileError::WrongLength { .. }),
                "{short:?}"
            );
        }
        let mut wild = EMBEDDED.to_vec();
        let last = wild.len() - 2;
        wild[last..].copy_from_slice(&i16::MIN.to_le_bytes());
        assert!(matches!(
            LearnedTable::parse(&wild),
            Err(WeightsFileError::ValueOutOfRange { .. })
        ));
    }

    #[test]
    fn line_windows_are_written_as_version_5_and_read_back() {
        let embedded = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        let code = canonical(0b01_00_10_00_00_01_00_00);
        let with_windows = LearnedTable {
            windows: Some(LineWindows::from_entries(vec![(3, -7), (code, 25)])),
            ..embedded.clone()
        };
        let bytes = with_windows.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 5);
        assert_eq!(bytes.len(), EMBEDDED.len() + 4 + 2 * 4);
        assert_eq!(LearnedTable::parse(&bytes), Ok(with_windows.clone()));
        // No net, no windows: they join the net's evaluation.
        let no_net = LearnedTable {
            net: None,
            ..with_windows
        };
        let v2 = no_net.to_bytes();
        assert_eq!(u16::from_le_bytes([v2[4], v2[5]]), 2);

        for cut in [bytes.len() - 1, EMBEDDED.len() + 2, EMBEDDED.len()] {
            let mut short = bytes[..cut].to_vec();
            short[4] = 5;
            assert!(
                matches!(
                    LearnedTable::parse(&short),
                    Err(WeightsFileError::WrongLength { .. })
                ),
                "cut at {cut}"
            );
        }
        // The first entry's code, then the second's.
        let first = EMBEDDED.len() + 4;
        let mut twice = bytes.clone();
        twice[first + 4..first + 6].copy_from_slice(&3u16.to_le_bytes());
        let twice = LearnedTable::parse(&twice).unwrap_err();
        assert_eq!(twice, WeightsFileError::BadWindowCode { index: 1, code: 3 });
        assert!(twice.to_string().contains("not in canonical form"));
        let mut backwards = bytes.clone();
        let mirror = crate::search::windows::mirrored(code);
        backwards[first + 4..first + 6].copy_from_slice(&mirror.to_le_bytes());
        assert_eq!(
            LearnedTable::parse(&backwards),
            Err(WeightsFileError::BadWindowCode {
                index: 1,
                code: mirror
            })
        );
        let mut wild = bytes.clone();
        wild[first + 2..first + 4].copy_from_slice(&i16::MIN.to_le_bytes());
        assert!(matches!(
            LearnedTable::parse(&wild),
            Err(WeightsFileError::ValueOutOfRange { index: 0, .. })
        ));
    }

    #[test]
    fn a_table_in_use_is_not_replaced() {
        let table = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        assert!(table_for(Rule::Freestyle).is_some());
        let late = use_table(Rule::Freestyle, table.clone()).unwrap_err();
        assert_eq!(late, UseTableError::AlreadyInUse(Rule::Freestyle));
        assert!(late.to_string().contains("before the first search"));
        let none = use_table(Rule::Standard, table).unwrap_err();
        assert_eq!(none, UseTableError::NoTableForRule(Rule::Standard));
    }

    #[test]
    fn move_scores_are_written_as_version_3_and_read_back() {
        let embedded = LearnedTable::parse(EMBEDDED).expect("embedded weights parse");
        let mut scored = embedded.clone();
        scored.net = None;
        scored.policy = (0..2 * PATTERNS).map(|i| (i % 500) as i16 - 250).collect();
        assert!(scored.has_policy() && !embedded.has_policy());
        let bytes = scored.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 3);
        assert_eq!(LearnedTable::parse(&bytes), Ok(scored.clone()));
        // Attack score of the own pattern plus block score of the opponent's.
        let (mine, theirs) = ([F4, DEAD, DEAD, DEAD], [B3, F3, DEAD, DEAD]);
        let expected = scored.policy[pattern_index(mine)] as i32
            + scored.policy[PATTERNS + pattern_index(theirs)] as i32;
        assert_eq!(scored.move_score(mine, theirs), expected);
        assert_eq!(embedded.move_score(mine, theirs), 0);
        // Move scores without a threat table: the threat section holds no entries.
        let bare = LearnedTable {
            threat: Vec::new(),
            ..scored.clone()
        };
        let bare_bytes = bare.to_bytes();
        assert_eq!(u16::from_le_bytes([bare_bytes[4], bare_bytes[5]]), 3);
        assert_eq!(LearnedTable::parse(&bare_bytes), Ok(bare));

        let mut odd = bytes.clone();
        let at = HEADER + 2 * PATTERNS + 2 + 2 * THREAT_MASKS;
        odd[at..at + 2].copy_from_slice(&9u16.to_le_bytes());
        let odd = LearnedTable::parse(&odd).unwrap_err();
        assert_eq!(odd, WeightsFileError::WrongPolicyShape { entries: 9 });
        assert!(odd.to_string().contains("move scores have 9 entries"));
        let cut = LearnedTable::parse(&bytes[..at + 1]).unwrap_err();
        assert!(matches!(cut, WeightsFileError::WrongLength { .. }));
        let mut wild = bytes.clone();
        let last = wild.len() - 2;
        wild[last..].copy_from_slice(&i16::MIN.to_le_bytes());
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
