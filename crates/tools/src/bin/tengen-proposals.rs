//! The computer's opening proposals, measured: how even the engine finds each of renju's 26
//! openings (the table the computer draws its tournament proposals from), and over N seeded games
//! how many distinct openings it proposes under swap2, Yamaguchi or Soosõrv-8, with the engine's own
//! balance of each.
//!
//! `cargo run --release -p tengen-tools --bin tengen-proposals -- --balance 400000`
//! `cargo run --release -p tengen-tools --bin tengen-proposals -- --rule soosorv-8 --games 50`

use std::collections::BTreeMap;
use std::process::ExitCode;

use clap::Parser;
use tengen_engine::{
    Analyst, Game, OpeningRule, Preset, SearchLimits, black_advantage, measure_opening_balance,
    propose, propose_opening, renju_opening,
};

#[derive(Parser)]
#[command(about = "Measure the computer's opening proposals.")]
struct Args {
    /// Search each of the 26 renju openings with this many nodes and print the balance table.
    #[arg(long, value_name = "NODES")]
    balance: Option<u64>,
    /// The opening rule whose proposals to count: swap2 (freestyle), yamaguchi or soosorv-N (renju).
    #[arg(long, default_value = "soosorv-8")]
    rule: String,
    /// How many seeded games' proposals to draw.
    #[arg(long, default_value_t = 50)]
    games: u64,
    /// The first seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes for judging each proposal's balance (and, in swap2, for proposing).
    #[arg(long, default_value_t = 30_000)]
    nodes: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut analyst = Analyst::new();
    if let Some(nodes) = args.balance {
        println!("// black's advantage, white to move, {nodes} nodes each");
        for (opening, score) in measure_opening_balance(&mut analyst, &SearchLimits::nodes(nodes)) {
            let name = opening.key();
            let variant = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
            println!("    (RenjuOpening::{variant}, {score}),");
        }
        return ExitCode::SUCCESS;
    }
    let rule: OpeningRule = match args.rule.parse() {
        Ok(rule) => rule,
        Err(e) => {
            eprintln!("tengen-proposals: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = SearchLimits::nodes(args.nodes);
    let preset = if rule.is_tournament() {
        Preset::Renju15
    } else {
        Preset::Freestyle15
    };
    let empty = Game::new(preset.variant());
    let mut seen: BTreeMap<String, (u32, i32)> = BTreeMap::new();
    for i in 0..args.games {
        let seed = args.seed + i;
        let stones = if rule.is_tournament() {
            propose_opening(&empty, seed)
        } else {
            propose(&mut analyst, &empty, 3, seed, &limits)
        };
        let Ok(game) = Game::from_moves(preset.variant(), &stones) else {
            eprintln!("tengen-proposals: seed {seed} proposed an illegal opening {stones:?}");
            return ExitCode::FAILURE;
        };
        // Openings the same up to symmetry count once: renju's by name, others by their stones.
        let name = match renju_opening(&game) {
            Some(opening) => opening.key().to_owned(),
            None => stones
                .iter()
                .map(|&p| tengen_engine::cell_name(p, preset.variant().size()))
                .collect::<Vec<_>>()
                .join(""),
        };
        let entry = seen.entry(name).or_insert((0, 0));
        entry.0 += 1;
        entry.1 = black_advantage(&mut analyst, &game, &limits);
    }
    println!(
        "{} proposals under {rule}: {} distinct openings",
        args.games,
        seen.len()
    );
    println!("{:<12} {:>5} {:>8}", "opening", "times", "balance");
    for (name, (times, score)) in &seen {
        println!("{name:<12} {times:>5} {score:>8}");
    }
    ExitCode::SUCCESS
}
