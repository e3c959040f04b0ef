//! Move scores that see a candidate's neighbourhood, measured against the searched move
//! (`tengen-train --policy-near`, `docs/strength.md` change 166).
//!
//! The engine's learned move scores (`tengen-train --policy`) see one cell: an attack score for the
//! mover's pattern there plus a block score for the opponent's. Rapfi's policy mixes each cell's
//! features with its neighbours'. These softmax models measure what a neighbourhood adds, on the
//! same positions and against the engine's own order before search:
//! - [`NearModel::Cell`]: the attack and block scores alone;
//! - [`NearModel::Near`]: plus a weight per (neighbour's offset class, neighbour's state) over the
//!   24 other cells of the 5×5 square around the candidate;
//! - [`NearModel::Joint`]: plus a weight per (the candidate's own state, offset class, neighbour's
//!   state), so a neighbour counts by what the candidate itself makes.
//!
//! A state is a stone of either side, an empty cell's pair of threat classes (the mover's and the
//! opponent's, `MoveChoice::state`) or the outside of the board. Offsets count alike under the
//! board's eight symmetries.

use tengen_engine::{MoveChoice, PATTERNS};

use crate::hidden::{Adam, Rng};

/// Positions a gradient step.
const BATCH: usize = 4096;

/// Offset classes of the 5×5 square: (0, 1), (1, 1), (0, 2), (1, 2), (2, 2) up to symmetry.
const OFFSETS: usize = 5;
/// Empty cells' class pairs (81), the two sides' stones, and the outside of the board.
const STATES: usize = 84;
const OUTSIDE: usize = 83;
const SIDE: i32 = 15;

/// The models `--policy-near` fits, simplest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NearModel {
    Cell,
    Near,
    Joint,
}

impl NearModel {
    pub const ALL: [NearModel; 3] = [NearModel::Cell, NearModel::Near, NearModel::Joint];

    /// How many weights the model has.
    pub fn params(self) -> usize {
        2 * PATTERNS
            + match self {
                NearModel::Cell => 0,
                NearModel::Near => OFFSETS * STATES,
                NearModel::Joint => 81 * OFFSETS * STATES,
            }
    }
}

/// How a fit runs: minibatch Adam for `epochs` passes at step `lr` (logits), an L2 pull of `l2`
/// towards 0, shuffled by `seed`.
pub struct NearFit {
    pub epochs: usize,
    pub lr: f64,
    pub l2: f64,
    pub seed: u64,
}

/// A model's result on held-out positions: mean cross-entropy against the chosen cell, and the
/// share of positions whose chosen cell ranks first, within the first 3 and within the first 6.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NearMeasure {
    pub loss: f64,
    pub within: [f64; 3],
}

fn offset_class(dx: i32, dy: i32) -> usize {
    match (dx.abs().min(dy.abs()), dx.abs().max(dy.abs())) {
        (0, 1) => 0,
        (1, 1) => 1,
        (0, 2) => 2,
        (1, 2) => 3,
        _ => 4,
    }
}

/// The indexes of the weights that candidate `j` of `ch` sums under `model`, into `out`.
pub fn features(ch: &MoveChoice, j: usize, model: NearModel, out: &mut Vec<u32>) {
    out.clear();
    let [attack, block] = ch.cells[j];
    out.push(attack as u32);
    out.push((PATTERNS + block as usize) as u32);
    if model == NearModel::Cell {
        return;
    }
    let at = ch.at[j] as i32;
    let (x, y) = (at % SIDE, at / SIDE);
    let base = 2 * PATTERNS
        + match model {
            NearModel::Joint => ch.state[at as usize] as usize * OFFSETS * STATES,
            _ => 0,
        };
    for dy in -2..=2 {
        for dx in -2..=2 {
            if (dx, dy) == (0, 0) {
                continue;
            }
            let (nx, ny) = (x + dx, y + dy);
            let state = if (0..SIDE).contains(&nx) && (0..SIDE).contains(&ny) {
                ch.state[(ny * SIDE + nx) as usize] as usize
            } else {
                OUTSIDE
            };
            out.push((base + offset_class(dx, dy) * STATES + state) as u32);
        }
    }
}

fn logits(ch: &MoveChoice, model: NearModel, w: &[f32], buf: &mut Vec<u32>) -> Vec<f64> {
    (0..ch.cells.len())
        .map(|j| {
            features(ch, j, model, buf);
            buf.iter().map(|&i| f64::from(w[i as usize])).sum()
        })
        .collect()
}

/// How the scores `score` gives each position's candidate cells (as logits) fit the chosen cells
/// of `choices`: the softmax cross-entropy, and the share ranked first, within 3 and within 6
/// (ties share the places they span). `tengen-train --policy` measures its fits by it too.
pub fn measure(
    choices: &[MoveChoice],
    mut score: impl FnMut(&MoveChoice) -> Vec<f64>,
) -> NearMeasure {
    let (mut loss, mut within) = (0.0, [0.0; 3]);
    for ch in choices {
        let z = score(ch);
        let chosen = z[ch.chosen];
        let max = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|&v| (v - max).exp()).sum();
        loss += max + sum.ln() - chosen;
        let better = z.iter().filter(|&&v| v > chosen).count();
        let ties = z.iter().filter(|&&v| v == chosen).count();
        for (w, k) in within.iter_mut().zip([1usize, 3, 6]) {
            *w += k.saturating_sub(better).min(ties) as f64 / ties as f64;
        }
    }
    let n = choices.len().max(1) as f64;
    NearMeasure {
        loss: loss / n,
        within: within.map(|w| w / n),
    }
}

/// Fits `model` to the chosen cells of `train` and returns its best pass on `valid` (by loss);
/// `report` hears every pass.
pub fn fit_near(
    train: &[MoveChoice],
    valid: &[MoveChoice],
    model: NearModel,
    fit: &NearFit,
    mut report: impl FnMut(usize, &NearMeasure),
) -> NearMeasure {
    let mut w = vec![0.0f32; model.params()];
    let mut grad = vec![0.0f32; w.len()];
    let mut adam = Adam::new(w.len());
    let mut buf = Vec::new();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng(0x9e37_79b9 + fit.seed);
    let mut best: Option<NearMeasure> = None;
    for epoch in 1..=fit.epochs {
        rng.shuffle(&mut order);
        for batch in order.chunks(BATCH) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let n = batch.len() as f64;
            for &t in batch {
                add_gradient(&train[t], model, &w, &mut grad, n, &mut buf);
            }
            for (g, &wi) in grad.iter_mut().zip(&w) {
                if *g != 0.0 {
                    *g += 2.0 * fit.l2 as f32 * wi;
                }
            }
            adam.step(&mut w, &grad, 0, |_| fit.lr as f32);
        }
        let m = measure(valid, |ch| logits(ch, model, &w, &mut buf));
        report(epoch, &m);
        if best.is_none_or(|b| m.loss < b.loss) {
            best = Some(m);
        }
    }
    best.unwrap_or_else(|| measure(valid, |ch| logits(ch, model, &w, &mut buf)))
}

/// Adds one position's softmax cross-entropy gradient, divided by `n`, to `grad`.
fn add_gradient(
    ch: &MoveChoice,
    model: NearModel,
    w: &[f32],
    grad: &mut [f32],
    n: f64,
    buf: &mut Vec<u32>,
) {
    let z = logits(ch, model, w, buf);
    let max = z.iter().cloned().fold(f64::MIN, f64::max);
    let e: Vec<f64> = z.iter().map(|&v| (v - max).exp()).collect();
    let sum: f64 = e.iter().sum();
    for (j, &ej) in e.iter().enumerate() {
        let g = ((ej / sum - f64::from(u8::from(j == ch.chosen))) / n) as f32;
        features(ch, j, model, buf);
        for &i in buf.iter() {
            grad[i as usize] += g;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position with `n` candidates in a row from (5, 5), every board cell empty with class
    /// pair 0, and the chosen one first.
    fn choice(n: usize) -> MoveChoice {
        MoveChoice {
            cells: (0..n).map(|j| [j as u16, 0]).collect(),
            chosen: 0,
            at: (0..n).map(|j| (5 * 15 + 5 + j) as u8).collect(),
            state: vec![0; 225],
            order: vec![0; n],
        }
    }

    #[test]
    fn a_candidate_sees_its_24_neighbours_by_offset_class_and_state() {
        let mut ch = choice(1);
        ch.state[5 * 15 + 6] = 81; // the mover's stone to the right
        ch.state[4 * 15 + 4] = 82; // the opponent's diagonally up-left
        ch.state[5 * 15 + 5] = 10; // the candidate's own class pair
        let mut f = Vec::new();
        features(&ch, 0, NearModel::Cell, &mut f);
        assert_eq!(f, vec![0, PATTERNS as u32]);
        features(&ch, 0, NearModel::Near, &mut f);
        assert_eq!(f.len(), 26);
        let near = |class: usize, state: usize| (2 * PATTERNS + class * STATES + state) as u32;
        assert!(f.contains(&near(0, 81)) && f.contains(&near(1, 82)));
        assert_eq!(
            f.iter().filter(|&&i| i == near(0, 0)).count(),
            3,
            "the other three (0, 1) offsets"
        );
        features(&ch, 0, NearModel::Joint, &mut f);
        let joint = |class: usize, state: usize| near(10 * OFFSETS + class, state);
        assert!(f.contains(&joint(0, 81)) && f.contains(&joint(1, 82)));
        assert!(f.iter().all(|&i| (i as usize) < NearModel::Joint.params()));
    }

    #[test]
    fn cells_off_the_board_read_as_outside() {
        let mut ch = choice(1);
        ch.at[0] = 0; // the corner: 16 of its 24 neighbours are off the board
        let mut f = Vec::new();
        features(&ch, 0, NearModel::Near, &mut f);
        let outside = f[2..]
            .iter()
            .filter(|&&i| (i as usize - 2 * PATTERNS) % STATES == OUTSIDE);
        assert_eq!(outside.count(), 16);
    }

    #[test]
    fn ranks_count_ties_as_shared_places() {
        let ch = choice(4);
        // The chosen cell ties for first with one other: half a first place.
        let m = measure(std::slice::from_ref(&ch), |_| vec![1.0, 1.0, 0.0, 0.0]);
        assert_eq!(m.within, [0.5, 1.0, 1.0]);
        // Three cells score above it: not in the first 3, in the first 6.
        let m = measure(std::slice::from_ref(&ch), |_| vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(m.within, [0.0, 0.0, 1.0]);
    }

    #[test]
    fn a_fit_learns_to_rank_the_chosen_pattern_first() {
        // The chosen cell always has attack pattern 7, the others 1..=3: the cell model learns it.
        let positions: Vec<MoveChoice> = (0..40)
            .map(|i| {
                let mut ch = choice(4);
                ch.cells = vec![[7, 0], [1 + i % 3, 0], [2, 0], [3, 0]];
                ch
            })
            .collect();
        let fit = NearFit {
            epochs: 30,
            lr: 0.1,
            l2: 0.0,
            seed: 1,
        };
        let before = measure(&positions, |ch| vec![0.0; ch.cells.len()]);
        let after = fit_near(&positions, &positions, NearModel::Cell, &fit, |_, _| {});
        assert_eq!(before.within[0], 0.25);
        assert_eq!(after.within[0], 1.0);
        assert!(after.loss < before.loss / 2.0);
    }
}
