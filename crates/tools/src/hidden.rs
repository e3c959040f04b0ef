//! `tengen-train --hidden`: fits the learned evaluation's hidden layer (the engine's `net.rs`)
//! together with its own linear part, cell values and threat values. The start's plain values,
//! threat table and move scores go into the file unchanged: the search keeps ordering its moves by
//! the plain values, which the net's linear part (fitted alongside the hidden units) orders worse.
//!
//! The model is the engine's evaluation: `attack × Σ values[mover's patterns] −
//! Σ values[opponent's] + tempo + threat[mask]` plus `Σ_j out_j · max(0, h_j)`, where each of the
//! [`HIDDEN`] sums `h_j` adds a weight for every empty cell's pattern as the mover's, one for its pattern as the
//! opponent's, one for the threat mask and a bias. The link, the scale and the target are the
//! value fit's (in single precision). Training is minibatch Adam over shuffled samples, seeded
//! (the same seed writes the same file), for a few passes; the last pass's weights are written.
//! The held-out tenth is only reported: with the search this sensitive to its evaluation, nets of
//! nearly the same loss differ in play, so a new net is judged by a match (`docs/strength.md`,
//! change 60), not by its loss.
//!
//! With `windows`, the model also adds one value per line-window code (`tengen_tools::windows`)
//! for every empty cell's four windows, from the mover's view, to the net's linear part: the
//! engine's `LineWindows`. They start at the start's windows (or 0) and are fitted with the values.

use tengen_engine::{
    FIRST_UNIT, HIDDEN, LearnedTable, LineWindows, Net, OUT_UNIT, PATTERNS, Rule, Sample,
    THREAT_MASKS, VALUE_UNIT, WINDOW_CODES,
};

use crate::windows::window_counts;

/// The settings of a hidden-layer fit.
pub struct HiddenFit {
    pub epochs: usize,
    /// Step size of the cell and threat values, in evaluation units; the hidden layer's is a
    /// five-hundredth of it.
    pub lr: f64,
    /// Step size of the window values, in evaluation units: a position sums hundreds of windows,
    /// so they want a smaller one than the cell values.
    pub window_lr: f64,
    pub seed: u64,
    pub result_weight: f64,
    /// Keep the starting cell values in the net's linear part; fit its threat values and the
    /// hidden layer.
    pub freeze_values: bool,
    /// Keep the start's whole net (it must have one); fit only the line windows.
    pub freeze_net: bool,
    /// Fit line-window values too, and write them.
    pub windows: bool,
}

/// Output weights are trained in this many evaluation units, so that one step size suits both
/// layers.
const OUT_SCALE: f32 = 50.0;
const BATCH: usize = 512;

/// One sample's features and target.
struct NetRow {
    mover: Vec<u16>,
    opponent: Vec<u16>,
    threat: usize,
    /// (canonical window code, how many of the empty cells' windows have it); empty without
    /// windows.
    windows: Vec<(u16, f32)>,
    target: f32,
}

impl NetRow {
    /// A sample's features under `rule` (with its window counts if `windows`), and its target:
    /// the result weighted `rw`, the rest the search's score through the link of `scale`.
    fn of(s: &Sample, rule: Rule, windows: bool, scale: f32, rw: f32) -> NetRow {
        let f = s.features(rule);
        let score = sigmoid(s.score as f32 / scale);
        NetRow {
            mover: f.mover,
            opponent: f.opponent,
            threat: f.threat as usize,
            windows: if windows {
                window_counts(s)
            } else {
                Vec::new()
            },
            target: rw * (s.result as f32 + 1.0) / 2.0 + (1.0 - rw) * score,
        }
    }
}

/// Parameter offsets in the flat vector: values, threat, pattern rows, threat rows, bias, out.
struct Layout {
    threat: usize,
    rows: usize,
    threat_rows: usize,
    bias: usize,
    out: usize,
    /// The net's parameters end here; the window values, when fitted, follow them.
    len: usize,
}

const LAYOUT: Layout = {
    let threat = PATTERNS;
    let rows = threat + THREAT_MASKS;
    let threat_rows = rows + PATTERNS * 2 * HIDDEN;
    let bias = threat_rows + THREAT_MASKS * HIDDEN;
    let out = bias + HIDDEN;
    Layout {
        threat,
        rows,
        threat_rows,
        bias,
        out,
        len: out + HIDDEN,
    }
};

/// The model's frozen constants: the mover's weight, the tempo, the score-to-logit scale.
struct Model {
    attack: f32,
    tempo: f32,
    scale: f32,
}

impl Model {
    /// The evaluation and the hidden sums of one row.
    fn forward(&self, w: &[f32], r: &NetRow, h: &mut [f32; HIDDEN]) -> f32 {
        let l = &LAYOUT;
        let mut e = self.tempo + w[l.threat + r.threat];
        for &(c, n) in &r.windows {
            e += w[l.len + c as usize] * n;
        }
        for j in 0..HIDDEN {
            h[j] = w[l.bias + j] + w[l.threat_rows + r.threat * HIDDEN + j];
        }
        for &m in &r.mover {
            e += self.attack * w[m as usize];
            let row = l.rows + m as usize * 2 * HIDDEN;
            for j in 0..HIDDEN {
                h[j] += w[row + j];
            }
        }
        for &o in &r.opponent {
            e -= w[o as usize];
            let row = l.rows + o as usize * 2 * HIDDEN + HIDDEN;
            for j in 0..HIDDEN {
                h[j] += w[row + j];
            }
        }
        for j in 0..HIDDEN {
            e += OUT_SCALE * w[l.out + j] * h[j].max(0.0);
        }
        e
    }

    /// Adds one row's loss gradient, divided by the batch size `n`, to `g`.
    fn backward(&self, w: &[f32], r: &NetRow, g: &mut [f32], n: f32) {
        let l = &LAYOUT;
        let mut h = [0.0; HIDDEN];
        let e = self.forward(w, r, &mut h);
        let d = (sigmoid(e / self.scale) - r.target) / self.scale / n;
        g[l.threat + r.threat] += d;
        for &(c, n) in &r.windows {
            g[l.len + c as usize] += d * n;
        }
        for &m in &r.mover {
            g[m as usize] += d * self.attack;
        }
        for &o in &r.opponent {
            g[o as usize] -= d;
        }
        for j in 0..HIDDEN {
            g[l.out + j] += d * OUT_SCALE * h[j].max(0.0);
            if h[j] <= 0.0 {
                continue;
            }
            let dh = d * OUT_SCALE * w[l.out + j];
            g[l.bias + j] += dh;
            g[l.threat_rows + r.threat * HIDDEN + j] += dh;
            for &m in &r.mover {
                g[l.rows + m as usize * 2 * HIDDEN + j] += dh;
            }
            for &o in &r.opponent {
                g[l.rows + o as usize * 2 * HIDDEN + HIDDEN + j] += dh;
            }
        }
    }

    /// Mean loss over `rows`.
    fn measure(&self, w: &[f32], rows: &[NetRow]) -> f64 {
        let mut h = [0.0; HIDDEN];
        let mut total = 0.0f64;
        for r in rows {
            let e = self.forward(w, r, &mut h);
            total += loss(sigmoid(e / self.scale), r.target) as f64;
        }
        total / rows.len().max(1) as f64
    }
}

/// The scale that best turns search scores into result probabilities, in single precision over a
/// grid of 3 % steps (the value fit's, `tengen-train`, is the same in double precision).
fn fit_scale(samples: &[Sample]) -> f32 {
    let cost = |scale: f32| {
        samples
            .iter()
            .map(|s| {
                loss(
                    sigmoid(s.score as f32 / scale),
                    (s.result as f32 + 1.0) / 2.0,
                )
            })
            .sum::<f32>()
    };
    let mut best = (f32::MAX, 100.0);
    for i in 0..200 {
        let scale = 20.0 * 1.03f32.powi(i);
        let c = cost(scale);
        if c < best.0 {
            best = (c, scale);
        }
    }
    best.1
}

pub(crate) fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

pub(crate) fn loss(p: f32, t: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// A small seeded generator (xorshift) for the shuffles and the first weights.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [-1, 1).
    pub(crate) fn unit(&mut self) -> f32 {
        ((self.next() >> 11) as f32 / (1u64 << 53) as f32) * 2.0 - 1.0
    }

    /// Shuffles `order` in place (Fisher–Yates), for the passes of the codebook and `--policy-near`
    /// fits. (`fit_hidden` draws its swaps from `unit` instead, and keeps doing so: its seeded fits
    /// stay as they were.)
    pub(crate) fn shuffle(&mut self, order: &mut [usize]) {
        for i in (1..order.len()).rev() {
            order.swap(i, self.next() as usize % (i + 1));
        }
    }
}

/// Step sizes of the three kinds of parameters.
struct StepSizes {
    values: f32,
    net: f32,
    windows: f32,
}

/// Adam over flat parameters (β₁ = 0.9, β₂ = 0.999), shared by the hidden and codebook fits.
pub(crate) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    pub(crate) fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
            t: 0,
        }
    }

    /// One step on the parameters from `first` on, each with the step size `lr(i)`; parameters
    /// that have never had a gradient are skipped.
    pub(crate) fn step(
        &mut self,
        w: &mut [f32],
        g: &[f32],
        first: usize,
        lr: impl Fn(usize) -> f32,
    ) {
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        for i in first..w.len() {
            if g[i] == 0.0 && self.m[i] == 0.0 {
                continue;
            }
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            w[i] -= lr(i) * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

impl StepSizes {
    /// The step size of parameter `i` of the hidden fit's layout.
    fn of(&self, i: usize) -> f32 {
        if i < LAYOUT.rows {
            self.values
        } else if i < LAYOUT.len {
            self.net
        } else {
            self.windows
        }
    }
}

/// The starting parameters: the start's net if it has one, else its values and threat table
/// with small seeded hidden weights; with `windows`, the start's window values (or 0). With
/// `grow`, the units a smaller start lacks get small seeded weights too (zero units would stay
/// zero: a rectified unit with no input and no output weight has no gradient).
fn initial(start: &LearnedTable, rng: &mut Rng, windows: bool, grow: bool) -> Vec<f32> {
    let l = &LAYOUT;
    let mut w = vec![0.0f32; l.len];
    if windows {
        w.resize(l.len + WINDOW_CODES, 0.0);
        for &(code, v) in start.windows.iter().flat_map(|t| t.entries()) {
            w[l.len + code as usize] = v as f32 / VALUE_UNIT as f32;
        }
    }
    match &start.net {
        Some(net) => {
            let full = Net {
                units: HIDDEN,
                ..net.clone()
            };
            let words = full.to_words();
            let first = l.out;
            for (i, &v) in words[..first].iter().enumerate() {
                w[i] = if i < l.threat {
                    v as f32 / VALUE_UNIT as f32
                } else if i < l.rows {
                    v as f32
                } else {
                    v as f32 / FIRST_UNIT as f32
                };
            }
            for (j, &v) in words[first..].iter().enumerate() {
                w[l.out + j] = v as f32 / (OUT_SCALE * OUT_UNIT as f32);
            }
            if grow {
                // The units the start lacks; their threat rows and biases stay 0.
                seed_rows(&mut w, net.units, rng);
                for x in &mut w[l.out + net.units..l.out + HIDDEN] {
                    *x = rng.unit() * 0.02;
                }
            }
        }
        None => {
            for (i, &v) in start.values.iter().enumerate() {
                w[i] = v as f32;
            }
            for (i, &v) in start.threat.iter().enumerate() {
                w[l.threat + i] = v as f32;
            }
            // The threat rows and biases start at 0.
            seed_rows(&mut w, 0, rng);
            for x in &mut w[l.out..] {
                *x = rng.unit() * 0.1;
            }
        }
    }
    w
}

/// Small seeded pattern-row weights for hidden units `from..`: the mover's weights of every
/// pattern, then the opponent's.
fn seed_rows(w: &mut [f32], from: usize, rng: &mut Rng) {
    let l = &LAYOUT;
    for half in 0..2 {
        for p in 0..PATTERNS {
            let row = l.rows + p * 2 * HIDDEN + half * HIDDEN;
            for x in &mut w[row + from..row + HIDDEN] {
                *x = rng.unit() * 0.05;
            }
        }
    }
}

/// The table the engine reads: the start's values, threat table and move scores as they were (the
/// move order keeps reading the values), and the fitted net: its values and threat values
/// rounded, its hidden layer in fixed point.
fn table_of(w: &[f32], start: &LearnedTable) -> LearnedTable {
    let l = &LAYOUT;
    let round = |v: &[f32], unit: f32| -> Vec<i16> {
        v.iter()
            .map(|&x| (x * unit).round().clamp(-20_000.0, 20_000.0) as i16)
            .collect()
    };
    let mut words = round(&w[..l.threat], VALUE_UNIT as f32);
    words.extend(round(&w[l.threat..l.rows], 1.0));
    words.extend(round(&w[l.rows..l.out], FIRST_UNIT as f32));
    words.extend(round(&w[l.out..l.len], OUT_SCALE * OUT_UNIT as f32));
    // Only codes the data showed have moved from 0, and only canonical codes ever do.
    let windows = (w.len() > l.len).then(|| {
        let values = round(&w[l.len..], VALUE_UNIT as f32);
        LineWindows::from_entries(
            (0..=u16::MAX)
                .zip(values)
                .filter(|&(_, v)| v != 0)
                .collect(),
        )
    });
    LearnedTable {
        net: Some(Net::from_words(&words, HIDDEN)),
        windows,
        ..start.clone()
    }
}

/// What a frozen net says of every sample, for a model fitted on top of it
/// (`tengen_tools::codebook`): the fitted scale, and per sample the net's evaluation and the
/// target it is fitted to.
pub struct Frozen {
    pub scale: f32,
    pub evals: Vec<f32>,
    pub targets: Vec<f32>,
}

/// The evaluations of `start`'s net (with its windows, if any) on `samples`, in order; `None` if
/// the start has no net.
pub fn frozen_evaluations(
    samples: &[Sample],
    rule: Rule,
    start: &LearnedTable,
    attack: f64,
    tempo: f64,
    result_weight: f64,
) -> Option<Frozen> {
    start.net.as_ref()?;
    let scale = fit_scale(samples);
    let rw = result_weight as f32;
    let with_windows = start.windows.is_some();
    let model = Model {
        attack: attack as f32,
        tempo: tempo as f32,
        scale,
    };
    let w = initial(start, &mut Rng(1), with_windows, false);
    let pairs: Vec<(f32, f32)> = crate::par::map_in_order(samples, |s| {
        let row = NetRow::of(s, rule, with_windows, scale, rw);
        (model.forward(&w, &row, &mut [0.0; HIDDEN]), row.target)
    });
    let (evals, targets) = pairs.into_iter().unzip();
    Some(Frozen {
        scale,
        evals,
        targets,
    })
}

/// Fits the hidden layer with the values and threat table, starting from `start`; prints its
/// progress and returns the table to write.
pub fn fit_hidden(
    samples: &[Sample],
    rule: Rule,
    start: &LearnedTable,
    attack: f64,
    tempo: f64,
    fit: &HiddenFit,
) -> LearnedTable {
    let scale = fit_scale(samples);
    let rw = fit.result_weight as f32;
    // A start's windows are part of its evaluation: they are fitted along, never dropped.
    let with_windows = fit.windows || start.windows.is_some();
    let rows: Vec<NetRow> =
        crate::par::map_in_order(samples, |s| NetRow::of(s, rule, with_windows, scale, rw));
    let split = rows.len() * 9 / 10;
    let (train, valid) = rows.split_at(split);
    let model = Model {
        attack: attack as f32,
        tempo: tempo as f32,
        scale,
    };
    let mut rng = Rng(0x1234_5678 + fit.seed.max(1) - 1);
    let mut w = initial(start, &mut rng, with_windows, !fit.freeze_net);
    let vl = model.measure(&w, valid);
    println!("hidden layer of {HIDDEN}: scale {scale:.3}, start held-out loss {vl:.5}");
    let mut adam = Adam::new(w.len());
    let step_sizes = StepSizes {
        values: fit.lr as f32 * 0.5,
        net: fit.lr as f32 * 1e-3,
        windows: fit.window_lr as f32,
    };
    // The parameters before `first` keep the start's values.
    let first = if fit.freeze_net {
        LAYOUT.len
    } else if fit.freeze_values {
        PATTERNS
    } else {
        0
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut g = vec![0.0f32; w.len()];
    for epoch in 1..=fit.epochs {
        for i in (1..order.len()).rev() {
            let j = ((rng.unit() + 1.0) * 0.5 * i as f32) as usize % (i + 1);
            order.swap(i, j);
        }
        for batch in order.chunks(BATCH) {
            g.iter_mut().for_each(|x| *x = 0.0);
            for &i in batch {
                model.backward(&w, &train[i], &mut g, batch.len() as f32);
            }
            adam.step(&mut w, &g, first, |i| step_sizes.of(i));
        }
        let tl = model.measure(&w, train);
        let vl = model.measure(&w, valid);
        println!("epoch {epoch}: train loss {tl:.5}, held-out loss {vl:.5}");
    }
    table_of(&w, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded freestyle table with its net cut to `units` (the rest zero), as a file of a
    /// smaller build reads.
    fn cut_to(units: usize) -> LearnedTable {
        let bytes = include_bytes!("../../engine/weights/eval-v9.bin");
        let table = LearnedTable::parse(bytes).expect("the freestyle table parses");
        let full = table.net.clone().expect("it has a net");
        // Written with `units` units and read back: the engine's own padding with zeros.
        let net = Net::from_words(&Net { units, ..full }.to_words(), units);
        LearnedTable {
            net: Some(net),
            ..table
        }
    }

    #[test]
    fn a_smaller_start_keeps_its_units_and_grows_the_missing_ones() {
        let l = &LAYOUT;
        let units = HIDDEN / 2;
        let start = cut_to(units);
        let kept = initial(&start, &mut Rng(7), false, false);
        let grown = initial(&start, &mut Rng(7), false, true);
        let out = |w: &[f32], j: usize| w[l.out + j];
        let mover = |w: &[f32], p: usize, j: usize| w[l.rows + p * 2 * HIDDEN + j];
        for j in 0..units {
            assert_eq!(
                out(&grown, j),
                out(&kept, j),
                "unit {j} keeps its output weight"
            );
            assert_eq!(mover(&grown, 3, j), mover(&kept, 3, j));
        }
        for j in units..HIDDEN {
            assert_eq!(out(&kept, j), 0.0, "without growing, unit {j} stays empty");
            assert_ne!(out(&grown, j), 0.0, "unit {j} gets a seeded output weight");
            assert!((0..PATTERNS).any(|p| mover(&grown, p, j) != 0.0));
        }
        // Everything before the pattern rows (the linear part) is the start's either way.
        assert_eq!(grown[..l.rows], kept[..l.rows]);
    }
}
