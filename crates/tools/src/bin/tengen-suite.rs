//! Search benchmark: Expert's nodes per second and depth reached on middle-game positions, then the
//! tactical suite (time to solve each position, and the share solved within the time limit).
//!
//! `cargo run --release -p tengen-tools --bin tengen-suite -- [--suite FILE] [--ms 1000] [--level expert]`

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Parser;
use tengen_engine::{Ai, Board, Color, Level, Pos, Preset, SearchLimits, cell_name, parse_suite};

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
    /// Node limit per suite position instead of the time limit (reproducible, as in the engine's test).
    #[arg(long)]
    nodes: Option<u64>,
    /// Skip the nodes-per-second part.
    #[arg(long)]
    no_bench: bool,
    /// Print every case, not only the failures.
    #[arg(long)]
    verbose: bool,
}

/// Middle-game positions from self-play (moves in order, freestyle 15×15) for the speed measurement.
const MIDDLE_GAMES: [&str; 4] = [
    "h8 h9 i10 g8 g9 f10 j11 k12 i9 i11 h10 j10 f8 e7 g7",
    "h8 i9 j8 i8 i7 h6 j9 j7 g9 k10 h9 f9 k8 l7 j10",
    "h8 h9 h10 g10 f11 h11 f9 f8 e11 g12 g9 i7 d11",
    "h8 i9 g10 g9 f9 i8 i10 h10 j7 e8 f11 f10 h11 g12",
];

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
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        think_time: Duration::from_millis(args.ms),
        max_nodes: None,
        max_depth: None,
    };
    if !args.no_bench {
        println!(
            "== speed: {} at {} ms on middle-game positions",
            args.level, args.ms
        );
        let (mut nodes, mut secs) = (0u64, 0f64);
        for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
            let board = match board_from(moves, Preset::Freestyle15) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let to_move = Color::to_move_at(moves.split_whitespace().count());
            let mut ai = Ai::new(args.level, 1);
            let t0 = Instant::now();
            let Some(t) = ai.choose_move(&board, to_move, &limits, &stop) else {
                continue;
            };
            let s = t0.elapsed().as_secs_f64();
            nodes += t.nodes;
            secs += s;
            println!(
                "position {i}: {} depth {} nodes {} in {:.2} s = {:.0} nodes/s, score {}, {}",
                cell_name(t.pos, 15),
                t.depth,
                t.nodes,
                s,
                t.nodes as f64 / s.max(1e-9),
                t.score,
                t.reason
            );
        }
        println!("average: {:.0} nodes/s", nodes as f64 / secs.max(1e-9));
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
        let mut ai = Ai::new(args.level, 1);
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
