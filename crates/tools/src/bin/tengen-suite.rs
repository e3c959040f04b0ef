//! Search benchmark: Expert's nodes per second and depth reached on middle-game positions, then the
//! tactical suite (time to solve each position, and the share solved within the time limit).
//!
//! `cargo run --release -p tengen-tools --bin tengen-suite -- [--suite FILE] [--ms 1000] [--level expert]`

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Parser;
use tengen_engine::{
    Ai, Board, Color, Level, Pos, Preset, Rule, SearchLimits, Step, cell_name, parse_suite,
};
use tengen_tools::bench::{BENCH_OPENINGS, bench_positions, checksum_step};
use tengen_tools::brain::parse_tuning;
use tengen_tools::cli::use_weights_file;

#[derive(Parser)]
#[command(about = "Tengen search benchmark and tactical suite")]
struct Args {
    /// Suite file (one `rule | moves | expected | description` case per line).
    #[arg(long, default_value = "crates/engine/suites/tactics.txt")]
    suite: String,
    /// Think time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    ms: u64,
    /// Level to test.
    #[arg(long, default_value = "expert")]
    level: Level,
    /// A step of the strength ladder instead of the level (1 to 14; `tengen_engine::Step`).
    #[arg(long, conflicts_with = "level")]
    step: Option<Step>,
    /// Node limit per position instead of the time limit (reproducible, as in the engine's test).
    #[arg(long)]
    nodes: Option<u64>,
    /// Threads of Expert's search (Lazy SMP) in both parts.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Skip the nodes-per-second part.
    #[arg(long)]
    no_bench: bool,
    /// Only the fixed-depth benchmark (`bench.rs`): this depth on its 30 positions, one thread,
    /// then the total nodes, the time, nodes per second and a checksum of the moves and scores.
    #[arg(long, value_name = "DEPTH")]
    bench: Option<u32>,
    /// Print every case, not only the failures.
    #[arg(long)]
    verbose: bool,
    /// A search setting, `key=value` (keys: `Ai::set_tuning`), to measure a variant; may be repeated.
    #[arg(long, value_name = "KEY=VALUE")]
    tune: Vec<String>,
    /// Play freestyle with this weights file (`tengen-train`'s output) instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

/// A fresh player of the asked level, threads and settings.
fn player(args: &Args) -> Result<Ai, String> {
    let mut ai = args
        .step
        .map_or_else(|| Ai::new(args.level, 1), |s| s.ai(1));
    ai.set_threads(args.threads);
    for setting in &args.tune {
        let (key, value) = parse_tuning(setting)?;
        ai.set_tuning(&key, value)
            .map_err(|e| format!("--tune {setting}: {e}"))?;
    }
    Ok(ai)
}

/// Middle-game positions (the first 18 moves of long self-play games, freestyle 15×15, black to move)
/// for the speed measurement.
const MIDDLE_GAMES: [&str; 4] = [
    "h8 h9 i10 j10 g9 j7 g10 j9 j8 g8 e11 f10 g11 i11 k9 i8 g13 g12",
    "h8 h9 j8 g8 i9 g7 k7 h10 i10 g9 g10 i11 f8 g5 g6 h11 j11 j5",
    "h8 h9 i7 j6 i8 j8 j7 g7 k7 l7 k6 k5 h5 i6 g6 j9 f7 e8",
    "h8 h9 j7 j6 g7 l8 k7 i9 j9 i7 i8 g8 i10 k10 h6 k8 e9 f8",
];

/// CPU seconds this process's threads have used (Linux `/proc`), so that nodes per second can be
/// measured on a busy machine; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th of those.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn board_from(moves: &str, preset: Preset) -> Result<Board, String> {
    let v = preset.variant();
    let mut b = Board::new(v);
    for (i, name) in moves.split_whitespace().enumerate() {
        let x = name.as_bytes().first().copied().ok_or("empty cell")? - b'a';
        let row: u8 = name[1..].parse().map_err(|_| format!("bad cell {name}"))?;
        b.place(Pos::new(x, v.size() - row), Color::to_move_at(i));
    }
    Ok(b)
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(path) = &args.weights
        && let Err(e) = use_weights_file(Rule::Freestyle, path)
    {
        eprintln!("tengen-suite: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(depth) = args.bench {
        return match fixed_depth_bench(&args, depth) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tengen-suite: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        think_time: Duration::from_millis(args.ms),
        optimum: None,
        max_nodes: None,
        max_depth: None,
    };
    if !args.no_bench {
        println!(
            "== speed: {} at {} on middle-game positions",
            args.step
                .map_or_else(|| args.level.to_string(), |s| s.to_string()),
            args.nodes
                .map_or(format!("{} ms", args.ms), |n| format!("{n} nodes"))
        );
        let (mut nodes, mut secs, mut cpu_secs) = (0u64, 0f64, 0f64);
        for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
            let board = match board_from(moves, Preset::Freestyle15) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let to_move = Color::to_move_at(moves.split_whitespace().count());
            let mut ai = match player(&args) {
                Ok(ai) => ai,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let t0 = Instant::now();
            let cpu0 = cpu_seconds();
            // With --nodes the speed part uses the node budget too: depth per CPU-second's worth of
            // nodes, independent of how busy the machine is.
            let bench_limits = args.nodes.map_or(limits.clone(), SearchLimits::nodes);
            let Some(t) = ai.choose_move(&board, to_move, &bench_limits, &stop) else {
                continue;
            };
            let s = t0.elapsed().as_secs_f64();
            let cpu = match (cpu0, cpu_seconds()) {
                (Some(a), Some(b)) => b - a,
                _ => s,
            };
            nodes += t.nodes;
            secs += s;
            cpu_secs += cpu;
            println!(
                "position {i}: {} depth {} nodes {} in {:.2} s wall ({:.2} s CPU) = {:.0} nodes/s wall, {:.0} per CPU s; score {}, {}",
                cell_name(t.pos, 15),
                t.depth,
                t.nodes,
                s,
                cpu,
                t.nodes as f64 / s.max(1e-9),
                t.nodes as f64 / cpu.max(0.01),
                t.score,
                t.reason
            );
        }
        println!(
            "average: {:.0} nodes/s wall clock, {:.0} nodes per CPU second",
            nodes as f64 / secs.max(1e-9),
            nodes as f64 / cpu_secs.max(1e-9)
        );
    }

    let text = match std::fs::read_to_string(&args.suite) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.suite);
            return ExitCode::FAILURE;
        }
    };
    let cases = match parse_suite(&text) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let suite_limits = match args.nodes {
        Some(n) => SearchLimits::nodes(n),
        None => limits.clone(),
    };
    let budget = args
        .nodes
        .map_or(format!("{} ms", args.ms), |n| format!("{n} nodes"));
    println!(
        "== tactical suite {}: {} positions, {budget} each",
        args.suite,
        cases.len()
    );
    let mut solved = 0;
    let mut times = Vec::new();
    for case in &cases {
        let mut ai = match player(&args) {
            Ok(ai) => ai,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let t0 = Instant::now();
        let t = ai.choose_move(&case.board, case.to_move, &suite_limits, &stop);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let size = case.variant.size();
        let ok = t.as_ref().is_some_and(|t| case.expected.contains(&t.pos));
        if ok {
            solved += 1;
            times.push(ms);
        }
        if args.verbose || !ok {
            let got = t.as_ref().map_or("none".into(), |t| {
                format!("{} ({})", cell_name(t.pos, size), t.reason)
            });
            println!(
                "{} line {:3} {:7.1} ms  got {got}  want {}  - {}",
                if ok { "ok  " } else { "FAIL" },
                case.line,
                ms,
                case.expected
                    .iter()
                    .map(|&p| cell_name(p, size))
                    .collect::<Vec<_>>()
                    .join(" "),
                case.description
            );
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    println!(
        "solved {solved}/{} = {:.1}%; time to solve: median {median:.1} ms, max {max:.1} ms",
        cases.len(),
        solved as f64 * 100.0 / cases.len().max(1) as f64,
    );
    ExitCode::SUCCESS
}

/// The fixed-depth benchmark: every position of `bench_positions` searched to `depth` by a fresh
/// player (one thread, no time limit), so two builds that search alike print the same nodes and
/// checksum and differ only in time: how a pure speed change is told from a search change.
fn fixed_depth_bench(args: &Args, depth: u32) -> Result<(), String> {
    let positions = bench_positions(&BENCH_OPENINGS)?;
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        think_time: Duration::from_secs(3600),
        optimum: None,
        max_nodes: args.nodes,
        max_depth: Some(depth),
    };
    println!(
        "== bench: {} positions to depth {depth}, one thread",
        positions.len()
    );
    let (mut nodes, mut checksum) = (0u64, 0u64);
    let t0 = Instant::now();
    let cpu0 = cpu_seconds();
    for (i, p) in positions.iter().enumerate() {
        let mut ai = player(args)?;
        ai.set_threads(1);
        let t1 = Instant::now();
        let t = ai
            .choose_move(&p.board, p.to_move, &limits, &stop)
            .ok_or_else(|| format!("position {i} ({}): no move", p.name))?;
        nodes += t.nodes;
        checksum = checksum_step(checksum, t.pos, t.score);
        if args.verbose {
            println!(
                "{i:2} {:<12} {:<3} score {:6} depth {:2} nodes {:9} {:6.0} ms",
                p.name,
                cell_name(t.pos, p.board.variant().size()),
                t.score,
                t.depth,
                t.nodes,
                t1.elapsed().as_secs_f64() * 1000.0
            );
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => secs,
    };
    println!(
        "nodes {nodes} time {secs:.2} s wall ({cpu:.2} s CPU) nodes/s {:.0} wall, {:.0} per CPU s; checksum {checksum:016x}",
        nodes as f64 / secs.max(1e-9),
        nodes as f64 / cpu.max(1e-9)
    );
    Ok(())
}
