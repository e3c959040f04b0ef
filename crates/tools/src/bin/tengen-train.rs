//! `tengen-train`: fits the learned evaluation table to self-play samples (`tengen-selfplay`) and
//! writes the weights file the engine embeds (`crates/engine/weights/eval-v9.bin` for freestyle,
//! `eval-renju-v5.bin` for renju: the samples file says which rules its games were played under).
//! It reads one or more files of one rule, in order; from a games file (version 3) it learns from
//! the searched positions, or with `--leaf` from the ends of the search's lines.
//!
//! The model is the search board's own evaluation with the cell values as free parameters:
//! `eval = attack × Σ table[mover's cell patterns] − Σ table[opponent's] + tempo`, one table entry per
//! sorted four-level combination, `attack` and `tempo` as in the hand-set weights (the tempo is
//! worth choosing again by a match after training: `docs/strength.md`, change 22). A logistic link
//! `sigmoid(eval / scale)` predicts a target that mixes the game's result with the search's score
//! (both from the mover's view). The scale is fitted first, to the search scores against the
//! results, so the learned values stay in the search's units (its pruning margins assume them).
//! Training is full-batch Adam with an L2 pull towards the hand-set table, which keeps patterns
//! the data rarely shows where they were.
//!
//! `--threat` adds a second table to the model, one value per threat mask (which of three, double
//! three, four, four-three, open-four and five points each side has), pulled towards 0;
//! `--start` begins from (and pulls towards) an existing table instead of the hand-set one (its
//! threat table too, if it has one), and
//! `--freeze-table` keeps its cell values, so that only the threat table is fitted on top of
//! them. Everything is deterministic: the last tenth of the
//! samples (whole games at the end of the file) is held out, and the only randomness is none.
//!
//! `--policy` fits the move scores instead (the search orders its moves by them): an attack score
//! for each of the side to move's patterns and a block score for each of the opponent's, summed at
//! a cell, with a softmax over the cells the search would consider, fitted (full-batch Adam, early
//! stopping on the held-out tenth) to the cells the search chose. It needs samples with chosen cells
//! (any `tengen-selfplay` games file) and a `--start` file, whose cell values and threat table are
//! written unchanged beside the new move scores. (The other way round, a value fit from a start
//! with move scores writes them unchanged.)
//!
//! `--hidden` adds a hidden layer of 16 rectified units to the evaluation (`tengen_tools::hidden`),
//! fitted by minibatch passes with its own linear part; the start's values, threat table and move
//! scores are written unchanged beside it (version 4), since the search's move order reads them.
//! With `--windows` too, the net's linear part gains a value per line-window code, written as
//! version 5 (a start with windows keeps fitting them). A start whose net has fewer units than the
//! build's [`tengen_engine::HIDDEN`] (a build with a wider net) keeps them and grows the rest from
//! small seeded weights (`docs/strength.md`, change 97).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tengen_engine::{
    LearnedTable, MoveChoice, PATTERNS, POLICY_UNIT, Rule, Sample, Samples, THREAT_MASKS,
    hand_table, read_line_ends, read_samples,
};
use tengen_tools::codebook::{CodebookFit, fit_codebook};
use tengen_tools::hidden::{HiddenFit, fit_hidden};
use tengen_tools::near::{self, NearFit, NearModel, fit_near};
use tengen_tools::par::map_in_order;
use tengen_tools::windows::{WINDOW_CODES, window_counts};

/// Trains the learned evaluation table.
#[derive(Parser, Debug)]
#[command(name = "tengen-train", version)]
struct Args {
    /// Samples files from tengen-selfplay, all of one rule: their samples are taken in this order
    /// (the held-out tenth is the last file's end).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Learn from the ends of the search's lines (the positions the evaluation judges inside the
    /// search) instead of the searched positions; games files (version 3) only.
    #[arg(long, conflicts_with = "policy")]
    leaf: bool,
    /// Weights file to write.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Line windows (`tengen_tools::windows`), one value per window code. With --hidden they are
    /// fitted into the net's evaluation and written (weights file version 5). Without it, they are
    /// measured only: fitted on top of the cell values, the held-out loss printed, nothing written
    /// (compare with the same fit without them).
    #[arg(long, conflicts_with = "policy")]
    windows: bool,
    /// Step size of the line-window values of --hidden --windows, in evaluation units.
    #[arg(long, default_value_t = 0.05, requires = "hidden")]
    window_lr: f64,
    /// With --hidden --windows: keep the start's net as it is and fit only the line windows on
    /// top of it, to measure what the windows add to that net alone.
    #[arg(long, requires_all = ["hidden", "windows", "start"])]
    freeze_net: bool,
    /// Measure a per-cell codebook of K numbers per line-window code on top of the start's frozen
    /// net (`tengen_tools::codebook`): the held-out loss of each pass is printed, nothing written.
    #[arg(long, value_name = "K", requires = "start", conflicts_with_all = ["policy", "hidden", "windows", "threat"])]
    codebook: Option<usize>,
    /// Step size of --codebook's window vectors (its output weights take --lr / 20).
    #[arg(long, default_value_t = 0.0005)]
    codebook_lr: f64,
    /// Full-batch steps.
    #[arg(long, default_value_t = 400)]
    steps: usize,
    /// Adam step size, in evaluation units.
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.5)]
    result_weight: f64,
    /// L2 pull towards the hand-set table, per entry and sample.
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// Also fit a threat table (one value per threat mask).
    #[arg(long)]
    threat: bool,
    /// Start from (and pull towards) this weights file's cell values, and its threat table with
    /// --threat, instead of the hand-set values.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Keep the starting cell values; fit only the threat table (with --threat), or the threat
    /// table and the hidden layer (with --hidden).
    #[arg(long)]
    freeze_table: bool,
    /// Fit only the move scores, to the cells the search chose; the start's values are kept.
    #[arg(long, requires = "start", conflicts_with_all = ["threat", "freeze_table"])]
    policy: bool,
    /// Measure move scores that see the 5×5 square around a candidate beside those that see the
    /// candidate alone and the engine's own order before search (`tengen_tools::near`): the
    /// held-out loss and how often the chosen cell ranks first, in the first 3 and in the first 6,
    /// printed a pass at a time; nothing written. `--epochs` passes, minibatch Adam.
    #[arg(long, conflicts_with_all = ["policy", "hidden", "leaf"])]
    policy_near: bool,
    /// Fit a hidden layer (16 units) with the cell values and a threat table, by minibatch passes
    /// over the shuffled samples; the start's move scores are kept.
    #[arg(long, conflicts_with = "policy")]
    hidden: bool,
    /// Passes over the samples of --hidden or --codebook (the last one's weights are written).
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    /// Seed of --hidden's or --codebook's shuffles and first weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// One sample as the trainer sees it: sparse pattern weights and the target probability.
struct Row {
    /// (pattern index, attack × mover count − opponent count).
    x: Vec<(u16, f64)>,
    /// Index of the position's threat-mask parameter (after the cell values).
    threat: usize,
    /// With --windows: (window code, count) around the empty cells, from the mover's view.
    windows: Vec<(u16, f32)>,
    target: f64,
}

/// Adam's running moments, one pair per parameter (β₁ = 0.9, β₂ = 0.999), for both fits.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
        }
    }

    /// Moves `param` (parameter `i`) along its gradient `g` at step `step` (from 1) by `lr`.
    fn update(&mut self, i: usize, param: &mut f64, g: f64, step: usize, lr: f64) {
        let (b1, b2) = (0.9f64, 0.999f64);
        self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
        self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
        let mh = self.m[i] / (1.0 - b1.powi(step as i32));
        let vh = self.v[i] / (1.0 - b2.powi(step as i32));
        *param -= lr * mh / (vh.sqrt() + 1e-12);
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn result01(s: &Sample) -> f64 {
    (s.result as f64 + 1.0) / 2.0
}

/// Cross-entropy of predicting `p` for target `t`.
fn loss(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The scale that best turns search scores into result probabilities (a coarse-to-fine scan).
fn fit_scale(samples: &[Sample]) -> f64 {
    let cost = |scale: f64| {
        samples
            .iter()
            .map(|s| loss(sigmoid(s.score as f64 / scale), result01(s)))
            .sum::<f64>()
    };
    let mut best = (f64::MAX, 100.0);
    for i in 0..200 {
        let scale = 20.0 * 1.03f64.powi(i);
        let c = cost(scale);
        if c < best.0 {
            best = (c, scale);
        }
    }
    best.1
}

fn rows(samples: &[Sample], rule: Rule, fit: &ValueFit) -> Vec<Row> {
    let ValueFit {
        attack,
        scale,
        result_weight,
        windows,
    } = *fit;
    map_in_order(samples, |s| {
        let f = s.features(rule);
        let mut x = vec![0.0f64; PATTERNS];
        for &m in &f.mover {
            x[m as usize] += attack;
        }
        for &o in &f.opponent {
            x[o as usize] -= 1.0;
        }
        let x = x
            .into_iter()
            .enumerate()
            .filter(|(_, v)| *v != 0.0)
            .map(|(i, v)| (i as u16, v))
            .collect();
        let target =
            result_weight * result01(s) + (1.0 - result_weight) * sigmoid(s.score as f64 / scale);
        Row {
            x,
            threat: PATTERNS + f.threat as usize,
            windows: if windows {
                window_counts(s)
            } else {
                Vec::new()
            },
            target,
        }
    })
}

/// What the value rows are made with.
#[derive(Clone, Copy)]
struct ValueFit {
    attack: f64,
    scale: f64,
    result_weight: f64,
    windows: bool,
}

/// Where the window values start among the parameters.
const WINDOWS_AT: usize = PATTERNS + THREAT_MASKS;

/// The model's evaluation; `params` holds the cell values, then the threat values, then with
/// --windows the window values.
fn eval(row: &Row, params: &[f64], tempo: f64) -> f64 {
    row.x
        .iter()
        .map(|&(i, v)| params[i as usize] * v)
        .sum::<f64>()
        + row
            .windows
            .iter()
            .map(|&(c, n)| params[WINDOWS_AT + c as usize] * f64::from(n))
            .sum::<f64>()
        + params[row.threat]
        + tempo
}

/// Writes `table` to `--out` and says so.
fn write_table(args: &Args, table: &LearnedTable) -> Result<(), String> {
    let out = args
        .out
        .as_ref()
        .ok_or("--out names the weights file to write")?;
    std::fs::write(out, table.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// Mean loss and how often the sign of the evaluation agrees with a decisive result.
fn measure(rows: &[Row], samples: &[Sample], table: &[f64], tempo: f64, scale: f64) -> (f64, f64) {
    let mut total = 0.0;
    let (mut right, mut decisive) = (0usize, 0usize);
    for (r, s) in rows.iter().zip(samples) {
        let e = eval(r, table, tempo);
        total += loss(sigmoid(e / scale), r.target);
        if s.result != 0 {
            decisive += 1;
            if (e > 0.0) == (s.result > 0) {
                right += 1;
            }
        }
    }
    (
        total / rows.len().max(1) as f64,
        right as f64 / decisive.max(1) as f64,
    )
}

/// The files' names, for a message.
fn names(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// Every file's samples (with `--leaf`, its lines' ends), in order; the files must share a rule.
fn read_data(args: &Args) -> Result<Samples, String> {
    let mut all: Option<Samples> = None;
    for path in &args.data {
        let name = path.display();
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let read = if args.leaf {
            read_line_ends(&bytes)
        } else {
            read_samples(&bytes)
        };
        let mut file = read.map_err(|e| format!("{name}: {e}"))?;
        match &mut all {
            None => all = Some(file),
            Some(all) if all.rule == file.rule => all.samples.append(&mut file.samples),
            Some(all) => {
                return Err(format!(
                    "{name} holds {:?} games, the files before it {:?} games: train one rule at a time",
                    file.rule, all.rule
                ));
            }
        }
    }
    all.ok_or_else(|| "no samples file given".to_owned())
}

/// Which flags go together, beyond what clap checks: the error to print, if any.
fn check_flags(args: &Args) -> Result<(), &'static str> {
    let measure_only =
        (args.windows && !args.hidden) || args.codebook.is_some() || args.policy_near;
    if args.freeze_table && !args.threat && !args.hidden {
        return Err(
            "--freeze-table keeps the cell values, so it needs --threat or --hidden to fit something",
        );
    }
    match (measure_only, &args.out) {
        (true, Some(_)) if args.codebook.is_some() => {
            Err("--codebook only measures and writes nothing: drop --out")
        }
        (true, Some(_)) if args.policy_near => {
            Err("--policy-near only measures and writes nothing: drop --out")
        }
        (true, Some(_)) => Err(
            "--windows without --hidden only measures and writes nothing: drop --out, or add --hidden to write a net with line windows",
        ),
        (false, None) => Err("--out names the weights file to write"),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Err(e) = check_flags(&args) {
        eprintln!("tengen-train: {e}");
        return ExitCode::FAILURE;
    }
    let Samples { rule, samples } = match read_data(&args) {
        Ok(s) if s.samples.len() >= 20 => s,
        Ok(s) => {
            eprintln!(
                "tengen-train: {} holds only {} samples; make more with tengen-selfplay",
                names(&args.data),
                s.samples.len()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("tengen-train: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (hand, attack, tempo) = hand_table(rule);
    // The starting cell values and threat values (none: zeros).
    let start = match &args.start {
        None => LearnedTable {
            values: hand.iter().map(|&v| v as i16).collect(),
            threat: Vec::new(),
            policy: Vec::new(),
            net: None,
            windows: None,
        },
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| LearnedTable::parse(&b).map_err(|e| e.to_string()))
        {
            Ok(t) => t,
            Err(e) => {
                eprintln!(
                    "tengen-train: cannot use {} as the start: {e}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        },
    };
    if args.policy_near {
        let fit = NearFit {
            epochs: args.epochs,
            lr: args.lr * 0.05,
            l2: args.l2,
            seed: args.seed,
        };
        return finish(measure_near(&fit, rule, &samples));
    }
    if args.policy {
        return match fit_policy(&args, rule, &samples, start) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tengen-train: {e}");
                ExitCode::FAILURE
            }
        };
    }
    // A start's move scores go into the file written unchanged: they are fitted on their own.
    let policy = start.policy.clone();
    let tempo = tempo as f64;
    if args.freeze_net && start.net.is_none() {
        eprintln!("tengen-train: --freeze-net keeps the start's net, and the start has none");
        return ExitCode::FAILURE;
    }
    if let Some(k) = args.codebook {
        let fit = CodebookFit {
            k,
            epochs: args.epochs,
            lr: args.codebook_lr,
            out_lr: args.lr / 20.0,
            seed: args.seed,
            result_weight: args.result_weight,
        };
        println!("{rule:?}: {} samples", samples.len());
        return match fit_codebook(&samples, rule, &start, (attack, tempo), &fit) {
            Some(report) => {
                let (pass, best) = (report.passes.iter().enumerate())
                    .map(|(i, &(_, v))| (i + 1, v))
                    .fold((0, report.start), |a, b| if b.1 < a.1 { b } else { a });
                println!(
                    "codebook: best held-out loss {best:.5} (pass {pass}), {:.5} below the net's; measured only, nothing written",
                    report.start - best
                );
                ExitCode::SUCCESS
            }
            None => {
                eprintln!(
                    "tengen-train: --codebook sits on the start's net, and the start has none"
                );
                ExitCode::FAILURE
            }
        };
    }
    // The hidden fit finds its own scale, in single precision (`tengen_tools::hidden`).
    if args.hidden {
        let fit = HiddenFit {
            epochs: args.epochs,
            lr: args.lr,
            window_lr: args.window_lr,
            seed: args.seed,
            result_weight: args.result_weight,
            freeze_values: args.freeze_table,
            freeze_net: args.freeze_net,
            windows: args.windows,
        };
        println!("{rule:?}: {} samples", samples.len());
        let table = fit_hidden(&samples, rule, &start, attack, tempo, &fit);
        return finish(write_table(&args, &table));
    }
    let scale = fit_scale(&samples);
    let split = samples.len() * 9 / 10;
    let fit = ValueFit {
        attack,
        scale,
        result_weight: args.result_weight,
        windows: args.windows,
    };
    let data = rows(&samples, rule, &fit);
    let (train, valid) = data.split_at(split);
    let (train_s, valid_s) = samples.split_at(split);
    println!(
        "{rule:?}: {} samples ({} train, {} held out); scale {scale:.1}",
        samples.len(),
        train.len(),
        valid.len()
    );
    // The parameters: the cell values, then the threat values. Without --threat they stay 0, even
    // if the start has a threat table: the file written then has none, so the fit must not use one.
    let threat = if args.threat && !start.threat.is_empty() {
        start.threat
    } else {
        vec![0; THREAT_MASKS]
    };
    let mut init: Vec<f64> = start
        .values
        .iter()
        .chain(&threat)
        .map(|&v| v as f64)
        .collect();
    if args.windows {
        init.resize(WINDOWS_AT + WINDOW_CODES, 0.0);
    }
    let fitted = |i: usize| {
        if i < PATTERNS {
            !args.freeze_table
        } else if i < WINDOWS_AT {
            args.threat
        } else {
            true
        }
    };
    let (tl, ta) = measure(train, train_s, &init, tempo, scale);
    let (vl, va) = measure(valid, valid_s, &init, tempo, scale);
    let from = if args.start.is_some() {
        "start"
    } else {
        "hand-set"
    };
    println!("{from}: train loss {tl:.5} sign {ta:.3}, held-out loss {vl:.5} sign {va:.3}");

    let mut table = init.clone();
    let n_params = init.len();
    let mut adam = Adam::new(n_params);
    let n = train.len() as f64;
    let mut best = (vl, 0usize, init.clone());
    for step in 1..=args.steps {
        let mut grad = vec![0.0f64; n_params];
        for r in train {
            let p = sigmoid(eval(r, &table, tempo) / scale);
            let g = (p - r.target) / scale;
            for &(i, x) in &r.x {
                grad[i as usize] += g * x;
            }
            for &(c, n) in &r.windows {
                grad[WINDOWS_AT + c as usize] += g * f64::from(n);
            }
            grad[r.threat] += g;
        }
        for i in (0..n_params).filter(|&i| fitted(i)) {
            let g = grad[i] / n + 2.0 * args.l2 * (table[i] - init[i]);
            adam.update(i, &mut table[i], g, step, args.lr);
        }
        if step % 10 == 0 || step == args.steps {
            let (tl, _) = measure(train, train_s, &table, tempo, scale);
            let (vl, va) = measure(valid, valid_s, &table, tempo, scale);
            if vl < best.0 {
                best = (vl, step, table.clone());
            }
            if step % 50 == 0 {
                println!("step {step}: train loss {tl:.5}, held-out loss {vl:.5} sign {va:.3}");
            }
        }
    }
    // Early stopping: the table of the step with the lowest held-out loss.
    let (best_loss, best_step, table) = best;
    println!("kept step {best_step} (held-out loss {best_loss:.5})");
    if args.windows {
        let mut seen = vec![false; WINDOW_CODES];
        data.iter()
            .flat_map(|r| &r.windows)
            .for_each(|&(c, _)| seen[c as usize] = true);
        let seen = seen.into_iter().filter(|&s| s).count();
        println!("line windows: {seen} codes in the data; measured only, nothing written");
        return ExitCode::SUCCESS;
    }
    let round = |v: &[f64]| -> Vec<i16> {
        v.iter()
            .map(|&v| v.round().clamp(-20_000.0, 20_000.0) as i16)
            .collect()
    };
    let learned = LearnedTable {
        values: round(&table[..PATTERNS]),
        threat: if args.threat {
            round(&table[PATTERNS..WINDOWS_AT])
        } else {
            Vec::new()
        },
        policy,
        net: None,
        windows: None,
    };
    finish(write_table(&args, &learned))
}

/// The exit code of a fit's last step, its error said.
fn finish(written: Result<(), String>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen-train: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The move scores (logits) of one position's candidate cells: attack plus block.
fn logits(choice: &MoveChoice, params: &[f64]) -> Vec<f64> {
    choice
        .cells
        .iter()
        .map(|&[a, b]| params[a as usize] + params[PATTERNS + b as usize])
        .collect()
}

/// The softmax model of the move scores over one position's candidate cells: its mean
/// cross-entropy against the chosen cells and how often the chosen cell scores highest (a shared
/// first place counts as a share).
fn policy_measure(choices: &[MoveChoice], params: &[f64]) -> (f64, f64) {
    let m = near::measure(choices, |ch| logits(ch, params));
    (m.loss, m.within[0])
}

/// The searched positions' move choices: the first nine tenths to fit, the last tenth held out.
fn move_choices(rule: Rule, samples: &[Sample]) -> (Vec<MoveChoice>, Vec<MoveChoice>) {
    let split = samples.len() * 9 / 10;
    let choose = |s: &[Sample]| -> Vec<MoveChoice> {
        map_in_order(s, |s| s.move_choice(rule))
            .into_iter()
            .flatten()
            .collect()
    };
    (choose(&samples[..split]), choose(&samples[split..]))
}

/// `--policy`: fits the attack and block scores (in logits) to the chosen cells, and writes the
/// start table with them.
fn fit_policy(
    args: &Args,
    rule: Rule,
    samples: &[Sample],
    start: LearnedTable,
) -> Result<(), String> {
    let (train, valid) = move_choices(rule, samples);
    if train.len() < 20 || valid.is_empty() {
        return Err(format!(
            "{} holds only {} samples with a chosen move; make them with tengen-selfplay (without --leaf)",
            names(&args.data),
            train.len() + valid.len()
        ));
    }
    println!(
        "{rule:?} move scores: {} positions ({} train, {} held out)",
        train.len() + valid.len(),
        train.len(),
        valid.len()
    );
    // The start's move scores, if it has them; else every cell alike.
    let init: Vec<f64> = if start.has_policy() {
        start
            .policy
            .iter()
            .map(|&v| v as f64 / POLICY_UNIT)
            .collect()
    } else {
        vec![0.0; 2 * PATTERNS]
    };
    let (vl, vt) = policy_measure(&valid, &init);
    println!("start: held-out loss {vl:.4}, chosen cell first {vt:.3}");
    let mut params = init.clone();
    let mut adam = Adam::new(params.len());
    let n = train.len() as f64;
    let mut best = (vl, 0usize, init.clone());
    // The step size is in evaluation units for the values; a logit is about a hundredth of one.
    let lr = args.lr * 0.05;
    for step in 1..=args.steps {
        let mut grad = vec![0.0f64; params.len()];
        for ch in &train {
            let z = logits(ch, &params);
            let max = z.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = z.iter().map(|&v| (v - max).exp()).collect();
            let sum: f64 = e.iter().sum();
            for (j, &[a, b]) in ch.cells.iter().enumerate() {
                let g = e[j] / sum - (j == ch.chosen) as u8 as f64;
                grad[a as usize] += g;
                grad[PATTERNS + b as usize] += g;
            }
        }
        for i in 0..params.len() {
            let g = grad[i] / n + 2.0 * args.l2 * (params[i] - init[i]);
            adam.update(i, &mut params[i], g, step, lr);
        }
        if step % 10 == 0 || step == args.steps {
            let (vl, vt) = policy_measure(&valid, &params);
            if vl < best.0 {
                best = (vl, step, params.clone());
            }
            if step % 50 == 0 {
                let (tl, _) = policy_measure(&train, &params);
                println!(
                    "step {step}: train loss {tl:.4}, held-out loss {vl:.4}, chosen cell first {vt:.3}"
                );
            }
        }
    }
    let (best_loss, best_step, params) = best;
    println!("kept step {best_step} (held-out loss {best_loss:.4})");
    let table = LearnedTable {
        policy: params
            .iter()
            .map(|&v| (v * POLICY_UNIT).round().clamp(-20_000.0, 20_000.0) as i16)
            .collect(),
        ..start
    };
    write_table(args, &table)?;
    Ok(())
}

/// `--policy-near`: the engine's order before search, then each move-score model fitted and
/// measured on the held-out tenth.
fn measure_near(fit: &NearFit, rule: Rule, samples: &[Sample]) -> Result<(), String> {
    let (train, valid) = move_choices(rule, samples);
    if train.is_empty() || valid.is_empty() {
        return Err("no samples with a chosen move; make them with tengen-selfplay".into());
    }
    println!(
        "{rule:?}: {} positions to fit, {} held out",
        train.len(),
        valid.len()
    );
    // The engine's order scores are not logits: only its ranks are printed.
    let order = near::measure(&valid, |ch| ch.order.iter().map(|&o| o as f64).collect()).within;
    println!(
        "engine's order before search: chosen first {:.3}, within 3 {:.3}, within 6 {:.3}",
        order[0], order[1], order[2]
    );
    for model in NearModel::ALL {
        let best = fit_near(&train, &valid, model, fit, |epoch, m| {
            println!(
                "  {model:?} pass {epoch}: held-out loss {:.4}, chosen first {:.3}, within 3 {:.3}, within 6 {:.3}",
                m.loss, m.within[0], m.within[1], m.within[2]
            )
        });
        println!(
            "{model:?}: best held-out loss {:.4}, chosen first {:.3}, within 3 {:.3}, within 6 {:.3}",
            best.loss, best.within[0], best.within[1], best.within[2]
        );
    }
    Ok(())
}
