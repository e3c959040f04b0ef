//! `tengen-train --codebook K`: measures a per-cell codebook of line windows on top of a frozen
//! net, the next step towards Rapfi's model (issue 37, item 3; `docs/strength.md`, changes 88–89).
//!
//! Every canonical window code (`tengen_tools::windows`, the mover's view) gets a vector of `K`
//! numbers. An empty cell adds up its four windows' vectors and a bias, a rectifier is taken per
//! number, and the results are summed over the empty cells; a linear output turns that `K`-vector
//! into evaluation units added to what the start's net says. The net stays as it is, so its
//! evaluation of each sample is worked out once (`hidden::frozen_evaluations`).
//!
//! Nothing is written: the engine has no such model yet. The held-out loss after each pass says
//! whether the codebook earns its place, and how that grows with the data.

use tengen_engine::{LearnedTable, Rule, Sample, WINDOW_CODES};

use crate::hidden::{Adam, Frozen, frozen_evaluations, loss, sigmoid};
use crate::windows::{cell_windows, counted};

/// The settings of a codebook fit.
pub struct CodebookFit {
    /// Numbers per window code.
    pub k: usize,
    pub epochs: usize,
    /// Adam's step size of the codebook and the biases.
    pub lr: f64,
    /// Adam's step size of the output weights (evaluation units per pooled unit).
    pub out_lr: f64,
    pub seed: u64,
    pub result_weight: f64,
}

/// What a fit found: the loss the frozen net starts at and each pass's (train, held-out) loss.
pub struct CodebookReport {
    pub start: f64,
    pub passes: Vec<(f64, f64)>,
}

const BATCH: usize = 512;

/// One sample: the frozen net's evaluation, the target, and its empty cells' four window codes
/// (sorted, since a cell sums them) with how many empty cells share them.
struct Row {
    eval: f32,
    target: f32,
    cells: Vec<([u16; 4], f32)>,
}

/// Parameter offsets: the codebook (code × K), then K biases, then K output weights.
struct Layout {
    k: usize,
    bias: usize,
    out: usize,
    len: usize,
}

impl Layout {
    fn new(k: usize) -> Layout {
        let bias = WINDOW_CODES * k;
        Layout {
            k,
            bias,
            out: bias + k,
            len: bias + 2 * k,
        }
    }

    /// The evaluation of a row and its per-cell sums before the rectifier, cell after cell.
    fn forward(&self, w: &[f32], r: &Row, pre: &mut Vec<f32>) -> f32 {
        let k = self.k;
        pre.clear();
        let mut pooled = vec![0.0f32; k];
        for (codes, n) in &r.cells {
            let at = pre.len();
            pre.extend_from_slice(&w[self.bias..self.bias + k]);
            for &c in codes {
                let v = &w[c as usize * k..(c as usize + 1) * k];
                pre[at..].iter_mut().zip(v).for_each(|(p, x)| *p += x);
            }
            for (s, p) in pooled.iter_mut().zip(&pre[at..]) {
                *s += n * p.max(0.0);
            }
        }
        let out = &w[self.out..self.out + k];
        r.eval + pooled.iter().zip(out).map(|(s, o)| s * o).sum::<f32>()
    }

    /// Adds one row's loss gradient, divided by `n`, to `g`.
    fn backward(&self, w: &[f32], r: &Row, g: &mut [f32], scale: f32, n: f32, pre: &mut Vec<f32>) {
        let k = self.k;
        let e = self.forward(w, r, pre);
        let d = (sigmoid(e / scale) - r.target) / scale / n;
        for (i, (codes, count)) in r.cells.iter().enumerate() {
            let cell = &pre[i * k..(i + 1) * k];
            for (j, &p) in cell.iter().enumerate() {
                if p <= 0.0 {
                    continue;
                }
                g[self.out + j] += d * count * p;
                let dh = d * count * w[self.out + j];
                g[self.bias + j] += dh;
                for &c in codes {
                    g[c as usize * k + j] += dh;
                }
            }
        }
    }

    fn measure(&self, w: &[f32], rows: &[Row], scale: f32) -> f64 {
        let mut pre = Vec::new();
        let total: f64 = rows
            .iter()
            .map(|r| loss(sigmoid(self.forward(w, r, &mut pre) / scale), r.target) as f64)
            .sum();
        total / rows.len().max(1) as f64
    }
}

/// The empty cells of a sample with their sorted window codes, equal ones counted together.
fn cells_of(s: &Sample) -> Vec<([u16; 4], f32)> {
    counted(
        cell_windows(s)
            .map(|mut codes| {
                codes.sort_unstable();
                codes
            })
            .collect(),
    )
}

/// Fits a codebook on top of `start`'s frozen net and reports the losses; `None` if the start has
/// no net.
pub fn fit_codebook(
    samples: &[Sample],
    rule: Rule,
    start: &LearnedTable,
    (attack, tempo): (f64, f64),
    fit: &CodebookFit,
) -> Option<CodebookReport> {
    let Frozen {
        scale,
        evals,
        targets,
    } = frozen_evaluations(samples, rule, start, attack, tempo, fit.result_weight)?;
    let cells = crate::par::map_in_order(samples, cells_of);
    let rows: Vec<Row> = (evals.into_iter().zip(targets).zip(cells))
        .map(|((eval, target), cells)| Row {
            eval,
            target,
            cells,
        })
        .collect();
    let (train, valid) = rows.split_at(rows.len() * 9 / 10);
    let l = Layout::new(fit.k.max(1));
    // Small seeded codebook values; the output starts at 0, so the fit starts at the net's loss.
    let mut rng = crate::hidden::Rng(0x9e37_79b9 + fit.seed);
    let mut w: Vec<f32> = (0..l.len)
        .map(|i| if i < l.bias { rng.unit() * 0.05 } else { 0.0 })
        .collect();
    let report_start = l.measure(&w, valid, scale);
    println!(
        "codebook of {} per window code: scale {scale:.3}, start held-out loss {report_start:.5}",
        l.k
    );
    let mut adam = Adam::new(l.len);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut g = vec![0.0f32; l.len];
    let mut pre = Vec::new();
    let mut passes = Vec::new();
    for epoch in 1..=fit.epochs {
        rng.shuffle(&mut order);
        for batch in order.chunks(BATCH) {
            g.iter_mut().for_each(|x| *x = 0.0);
            for &i in batch {
                l.backward(&w, &train[i], &mut g, scale, batch.len() as f32, &mut pre);
            }
            let lr = |i: usize| if i < l.out { fit.lr } else { fit.out_lr } as f32;
            adam.step(&mut w, &g, 0, lr);
        }
        let (tl, vl) = (l.measure(&w, train, scale), l.measure(&w, valid, scale));
        println!("pass {epoch}: train loss {tl:.5}, held-out loss {vl:.5}");
        passes.push((tl, vl));
    }
    Some(CodebookReport {
        start: report_start,
        passes,
    })
}
