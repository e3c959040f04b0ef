//! `pbrain-tengen`: Tengen's AI as a Gomocup (Piskvork) engine, for Piskvork, Yixin-Board,
//! c-gomoku-cli or `tengen-match`.
//!
//! Reads protocol lines on stdin and answers on stdout, one flushed line at a time. The search runs
//! while the next line is already being read, so `YXSTOP` and `END` take effect at once.

use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tengen_engine::{About, Level, Protocol, Rule, Step};
use tengen_tools::brain::LevelBrain;
use tengen_tools::cli::use_weights_file;
use tengen_tools::driver;

/// Tengen's Gomoku AI speaking the Gomocup protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "pbrain-tengen", version)]
struct Args {
    /// Playing strength: low, medium or expert.
    #[arg(long, default_value = "expert")]
    level: Level,
    /// A step of the strength ladder instead of a level: 1 (below Low) to 14 (Expert); Low is 2,
    /// Medium 7 (`tengen_engine::Step`).
    #[arg(long, conflicts_with = "level")]
    step: Option<Step>,
    /// Random seed for the levels that vary their play (low, medium).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stop each search after this many nodes (the clock still applies): for reproducible matches
    /// between engine versions, e.g. with `tengen-match --sprt`.
    #[arg(long)]
    nodes: Option<u64>,
    /// With `--nodes`: play by the node limit alone, without the level's or step's own pace (the
    /// manager's clock still applies), so that a match on a busy machine plays the same moves.
    #[arg(long, requires = "nodes")]
    nodes_only: bool,
    /// Threads of Expert's search until the manager says otherwise (`INFO thread_num`).
    #[arg(long, default_value_t = 1)]
    threads: u32,
    /// A search setting for matches between variants, `key=value` (keys: `Ai::set_tuning`); may
    /// be repeated.
    #[arg(long, value_name = "KEY=VALUE")]
    tune: Vec<String>,
    /// Play freestyle with this weights file (`tengen-train`'s output) instead of the embedded
    /// one: to measure a new net without a rebuild.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Play renju with this weights file instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    renju_weights: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let strength = args
        .step
        .map_or_else(|| args.level.to_string(), |s| s.to_string());
    let about = About {
        name: "Tengen".to_owned(),
        version: format!("{} ({strength})", env!("CARGO_PKG_VERSION")),
        author: "Tengen developers".to_owned(),
        country: "Unknown".to_owned(),
    };
    let files = [
        (Rule::Freestyle, &args.weights),
        (Rule::Renju, &args.renju_weights),
    ];
    for (rule, file) in files {
        if let Some(path) = file
            && let Err(e) = use_weights_file(rule, path)
        {
            eprintln!("pbrain-tengen: {e}");
            return ExitCode::FAILURE;
        }
    }
    let (mut brain, think) = match args.step {
        Some(step) => (LevelBrain::for_step(step, args.seed), step.think_time()),
        None => (
            LevelBrain::new(args.level, args.seed),
            LevelBrain::default_think(args.level),
        ),
    };
    if let Some(nodes) = args.nodes {
        brain = if args.nodes_only {
            brain.nodes_only(nodes)
        } else {
            brain.with_max_nodes(nodes)
        };
    }
    for setting in &args.tune {
        if let Err(e) = brain.tune_setting(setting) {
            eprintln!("pbrain-tengen: --tune {setting}: {e}");
            return ExitCode::FAILURE;
        }
    }
    tengen_engine::Brain::set_threads(&mut brain, args.threads);
    brain.warm_up();
    let mut protocol = Protocol::new(brain, about, think);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match driver::run(&mut protocol, BufReader::new(io::stdin()), &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        // The manager closed our output: nobody is left to tell.
        Err(_) => ExitCode::FAILURE,
    }
}
