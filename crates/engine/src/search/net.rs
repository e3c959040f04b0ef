//! The learned evaluation's hidden layer: sixteen units over the same features as the cell values
//! (each empty cell's pattern for the side to move and for its opponent, and the threat mask), with
//! a rectifier, added to the linear evaluation. The linear table cannot say that two shapes are
//! worth more (or less) together than apart; the hidden units can (`docs/strength.md`, change 60).
//!
//! The first layer is linear in the cells, so the search board keeps its sums per side as it plays
//! and takes back stones, like the cell values: a cell whose pattern changes moves one row out of
//! the sums and another in (32 lanes), and the evaluation adds up sixteen rectified units. All
//! integer: the same position always evaluates the same.

use super::pattern::{PATTERNS, THREAT_MASKS};

/// Hidden units of this build. A weights file may hold fewer (their missing units are zero), so a
/// build with more reads the files of one with fewer; the trainer grows them (`tengen-train --start`).
pub const HIDDEN: usize = 16;
/// First-layer weights and sums are in 1/256 of a unit, in sixteen bits so that a pattern's row
/// is one 64-byte cache line. The sums wrap: only a final sum must fit, within ±128 units, where
/// the data's largest is about 45.
pub const FIRST_UNIT: f64 = 256.0;
/// The net's cell values are in 1/16 of an evaluation unit: a value's rounding, over the hundred
/// or more cells that share the commonest patterns, would otherwise shift the evaluation by tens.
pub const VALUE_UNIT: i32 = 16;
/// Output weights are in 1/64 of an evaluation unit per unit of a hidden sum.
pub const OUT_UNIT: f64 = 64.0;
/// The row of an occupied cell, all zeros: it adds nothing to the sums.
pub const NO_PATTERN: u16 = PATTERNS as u16;

/// The evaluation with a hidden layer: its own linear part (cell values and threat values, fitted
/// with the hidden layer; the table's plain values keep ordering the moves) and the hidden layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// Per pattern (and 0 for [`NO_PATTERN`]), in [`VALUE_UNIT`]s.
    pub values: Vec<i16>,
    /// Per threat mask, in evaluation units.
    pub threat_values: Vec<i16>,
    /// Per pattern (and a last zero row for [`NO_PATTERN`]): the weights of the pattern as the
    /// side to move's, then as its opponent's; one 64-byte row per pattern.
    pub rows: Vec<[i16; 2 * HIDDEN]>,
    /// Per threat mask.
    pub threat: Vec<[i16; HIDDEN]>,
    pub bias: [i16; HIDDEN],
    pub out: [i16; HIDDEN],
    /// The units its weights file holds (the rest are zero): what [`Net::to_words`] writes.
    pub units: usize,
}

/// One side's running sums: its patterns' mover weights, then their opponent weights.
pub type Sums = [i16; 2 * HIDDEN];

impl Net {
    /// The i16 words of a net in a weights file: the cell values, the threat values, the pattern
    /// rows, the threat rows, the biases and the output weights.
    pub const WORDS: usize = Net::words(HIDDEN);

    /// The words of a net with `units` hidden units (a file made for a smaller build has fewer).
    pub const fn words(units: usize) -> usize {
        PATTERNS + THREAT_MASKS + PATTERNS * 2 * units + THREAT_MASKS * units + 2 * units
    }

    /// The net of a weights file's words (exactly [`Net::words`]`(units)` of them, `units` at most
    /// [`HIDDEN`]). The units a smaller file lacks are all zero: they add nothing, so the net
    /// evaluates exactly as the file's.
    pub fn from_words(w: &[i16], units: usize) -> Net {
        debug_assert!(units <= HIDDEN);
        debug_assert_eq!(w.len(), Net::words(units));
        let mut values = w[..PATTERNS].to_vec();
        values.push(0);
        let threat_values = w[PATTERNS..PATTERNS + THREAT_MASKS].to_vec();
        let w = &w[PATTERNS + THREAT_MASKS..];
        let threat_at = PATTERNS * 2 * units;
        let bias_at = threat_at + THREAT_MASKS * units;
        // A row of `units` words as a row of HIDDEN, the missing units 0.
        let padded = |r: &[i16]| -> [i16; HIDDEN] {
            std::array::from_fn(|j| if j < units { r[j] } else { 0 })
        };
        // A pattern's row is its mover half, then its opponent half, each padded.
        let mut rows: Vec<[i16; 2 * HIDDEN]> = w[..threat_at]
            .chunks_exact(2 * units)
            .map(|r| {
                let (mover, opponent) = r.split_at(units);
                let mut row = [0; 2 * HIDDEN];
                row[..units].copy_from_slice(mover);
                row[HIDDEN..HIDDEN + units].copy_from_slice(opponent);
                row
            })
            .collect();
        rows.push([0; 2 * HIDDEN]);
        Net {
            values,
            threat_values,
            rows,
            threat: w[threat_at..bias_at]
                .chunks_exact(units)
                .map(padded)
                .collect(),
            bias: padded(&w[bias_at..bias_at + units]),
            out: padded(&w[bias_at + units..bias_at + 2 * units]),
            units,
        }
    }

    /// The words [`Net::from_words`] reads.
    pub fn to_words(&self) -> Vec<i16> {
        let u = self.units;
        let mut w = Vec::with_capacity(Net::words(u));
        w.extend_from_slice(&self.values[..PATTERNS]);
        w.extend_from_slice(&self.threat_values);
        for r in &self.rows[..PATTERNS] {
            w.extend_from_slice(&r[..u]);
            w.extend_from_slice(&r[HIDDEN..HIDDEN + u]);
        }
        for r in &self.threat {
            w.extend_from_slice(&r[..u]);
        }
        w.extend_from_slice(&self.bias[..u]);
        w.extend_from_slice(&self.out[..u]);
        w
    }

    /// Moves a side's sums from a cell's old pattern to its new one.
    #[inline]
    pub fn shift(&self, sums: &mut Sums, old: u16, new: u16) {
        // On local copies, so that the loop compiles to a few vector instructions.
        let (o, n) = (self.rows[old as usize], self.rows[new as usize]);
        let mut s = *sums;
        for j in 0..2 * HIDDEN {
            s[j] = s[j].wrapping_add(n[j].wrapping_sub(o[j]));
        }
        *sums = s;
    }

    /// The first-layer sums and the value sum of a side with these patterns, from their
    /// definition: what the search board keeps up as it plays (for the tests that check it).
    #[cfg(test)]
    pub fn sums_of(&self, patterns: impl IntoIterator<Item = usize>) -> (Sums, i32) {
        let mut sums = [0i16; 2 * HIDDEN];
        let mut value = 0;
        for p in patterns {
            for (sum, &w) in sums.iter_mut().zip(&self.rows[p]) {
                *sum = sum.wrapping_add(w);
            }
            value += self.values[p] as i32;
        }
        (sums, value)
    }

    /// The hidden layer's part of the evaluation plus the threat value, in evaluation units, for the
    /// side to move whose sums are `mover`, against `opponent`'s, under threat mask `mask`.
    #[inline]
    pub fn value(&self, mover: &Sums, opponent: &Sums, mask: usize) -> i32 {
        let t = &self.threat[mask];
        let mut e = 0i64;
        for j in 0..HIDDEN {
            let h = self.bias[j]
                .wrapping_add(t[j])
                .wrapping_add(mover[j])
                .wrapping_add(opponent[HIDDEN + j]);
            e += self.out[j] as i64 * h.max(0) as i64;
        }
        (e / (FIRST_UNIT * OUT_UNIT) as i64) as i32 + self.threat_values[mask] as i32
    }
}
