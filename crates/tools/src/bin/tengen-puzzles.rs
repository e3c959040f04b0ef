//! `tengen-puzzles`: "find the win" puzzles from the engine's own self-play games.
//!
//! Expert plays itself at a node limit (freestyle and renju games in turn, from random
//! three-stone openings in the central 5×5 square). Each finished game is walked back from its
//! end, and every position where the side to move wins by VCF or VCT with only one winning first
//! move (`tengen_engine::find_puzzle`) becomes a puzzle, unless one like it (the same stones up to
//! rotation and reflection, the same side and rule) is in already, or its rule, kind and length
//! already have their share of the set. The same seed gives the same file: the openings and node
//! budgets come from the seeded generator, and node-limited searches are deterministic.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{
    Ai, Board, Color, FindLimits, Game, Level, Pos, Preset, Puzzle, Rule, SearchLimits,
    canonical_key, difficulty, find_puzzle, parse_puzzles,
};
use tengen_tools::openings::random_opening;

/// Writes a puzzle file made from self-play games.
#[derive(Parser, Debug)]
#[command(name = "tengen-puzzles", version)]
struct Args {
    /// Seed for the openings and the node budgets.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles to make.
    #[arg(long, default_value_t = 300)]
    count: usize,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    /// Mean node budget of each self-play move (varied ±50 %).
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Positions walked back from each game's end.
    #[arg(long, default_value_t = 24)]
    depth: usize,
    /// Most puzzles of one rule, kind and length, as a share of `count` in percent.
    #[arg(long, default_value_t = 12)]
    share: usize,
    /// Give up after this many games even if the set is not full.
    #[arg(long, default_value_t = 5000)]
    max_games: usize,
    /// Keep the puzzles of these files first, in order, duplicates dropped (to grow a set, or to
    /// merge the files of several seeds: with `--count` no larger than they hold, no game is played).
    #[arg(long, value_name = "FILE")]
    keep: Vec<PathBuf>,
    /// Print every position's verdict and time.
    #[arg(long)]
    verbose: bool,
}

/// One node-limited self-play game; its moves.
fn play_game(rule: Rule, nodes: u64, rng: &mut StdRng, seed: u64) -> Result<Vec<Pos>, String> {
    let preset = if rule == Rule::Renju {
        Preset::Renju15
    } else {
        Preset::Freestyle15
    };
    let mut game = Game::from_moves(preset.variant(), &random_opening(rng))
        .map_err(|(i, e)| format!("opening move {i} is illegal: {e}"))?;
    let mut ai = Ai::new(Level::Expert, seed);
    ai.set_tt_bytes(16 << 20);
    let stop = AtomicBool::new(false);
    while !game.is_over() {
        let limits = SearchLimits::nodes(nodes / 2 + rng.random_range(0..=nodes));
        let Some(t) = ai.choose_move(game.board(), game.to_move(), &limits, &stop) else {
            break;
        };
        game.play(t.pos)
            .map_err(|e| format!("illegal engine move: {e}"))?;
    }
    Ok(game.moves().to_vec())
}

/// The set being built: puzzles in order, the keys seen and the count per bucket.
struct Set {
    puzzles: Vec<Puzzle>,
    seen: HashSet<u64>,
    buckets: BTreeMap<String, usize>,
    cap: usize,
}

fn bucket(p: &Puzzle) -> String {
    format!("{} {} {}", p.rule, p.kind.key(), p.length)
}

impl Set {
    /// Adds `p` unless it is a duplicate or its bucket is full; whether it was added.
    fn add(&mut self, p: Puzzle, board: &Board) -> bool {
        let key = canonical_key(board, p.to_move);
        let b = bucket(&p);
        if self.seen.contains(&key) || self.buckets.get(&b).copied().unwrap_or(0) >= self.cap {
            return false;
        }
        self.seen.insert(key);
        *self.buckets.entry(b).or_default() += 1;
        self.puzzles.push(p);
        true
    }
}

/// Walks one game back from its end and adds its puzzles.
fn harvest(set: &mut Set, rule: Rule, moves: &[Pos], args: &Args, lim: &FindLimits) {
    let depth = args.depth;
    let preset = if rule == Rule::Renju {
        Preset::Renju15
    } else {
        Preset::Freestyle15
    };
    let last = moves.len().saturating_sub(1);
    for i in (last.saturating_sub(depth).max(5)..=last).rev() {
        let mut board = Board::new(preset.variant());
        for (k, &p) in moves[..i].iter().enumerate() {
            board.place(p, Color::to_move_at(k));
        }
        let to_move = Color::to_move_at(i);
        let start = std::time::Instant::now();
        let result = find_puzzle(&board, to_move, lim);
        if args.verbose {
            eprintln!(
                "ply {i}: {result:?} in {:.2} s",
                start.elapsed().as_secs_f64()
            );
        }
        let Ok(found) = result else {
            continue;
        };
        let p = Puzzle {
            rule,
            to_move,
            moves: moves[..i].to_vec(),
            kind: found.kind,
            length: found.length,
            solution: found.solution,
            difficulty: difficulty(found.kind, found.length, found.decoys),
        };
        set.add(p, &board);
    }
}

fn write_file(args: &Args, set: &Set, games: usize) -> std::io::Result<()> {
    let mut text = String::new();
    text.push_str(
        "# Tengen \"find the win\" puzzles, made by tengen-puzzles from self-play games.\n",
    );
    text.push_str(&format!(
        "# tengen-puzzles --seed {} --count {} --nodes {} --depth {} --share {}: {} games\n",
        args.seed, args.count, args.nodes, args.depth, args.share, games
    ));
    text.push_str("# rule side position kind moves-to-win solution difficulty(1-5)\n");
    // Counted from the list itself: the last game may have overfilled it.
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in &set.puzzles {
        *counts.entry(bucket(p)).or_default() += 1;
        *counts
            .entry(format!("{} difficulty {}", p.rule, p.difficulty))
            .or_default() += 1;
    }
    for (b, n) in &counts {
        text.push_str(&format!("# {b}: {n}\n"));
    }
    for p in &set.puzzles {
        text.push_str(&format!("{p}\n"));
    }
    std::fs::write(&args.out, text)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut set = Set {
        puzzles: Vec::new(),
        seen: HashSet::new(),
        buckets: BTreeMap::new(),
        cap: (args.count * args.share / 100).max(1),
    };
    for path in &args.keep {
        let kept = std::fs::read_to_string(path).map_err(|e| e.to_string());
        match kept.and_then(|t| parse_puzzles(&t).map_err(|e| e.to_string())) {
            Ok(list) => {
                set.cap = usize::MAX;
                for p in list {
                    let board = p.board();
                    set.add(p, &board);
                }
                set.cap = (args.count * args.share / 100).max(1);
            }
            Err(e) => {
                eprintln!("tengen-puzzles: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let mut rng = StdRng::seed_from_u64(args.seed);
    let lim = FindLimits::default();
    let mut games = 0;
    while set.puzzles.len() < args.count && games < args.max_games {
        let rule = if games % 2 == 0 {
            Rule::Freestyle
        } else {
            Rule::Renju
        };
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(games as u64);
        match play_game(rule, args.nodes, &mut rng, seed) {
            Ok(moves) => harvest(&mut set, rule, &moves, &args, &lim),
            Err(e) => {
                eprintln!("tengen-puzzles: game {games}: {e}");
                return ExitCode::FAILURE;
            }
        }
        games += 1;
        set.puzzles.truncate(args.count);
        eprintln!("{games} games, {} puzzles", set.puzzles.len());
        // Written after every game: a run stopped early leaves what `--max-games` would make.
        if let Err(e) = write_file(&args, &set, games) {
            eprintln!("tengen-puzzles: cannot write {}: {e}", args.out.display());
            return ExitCode::FAILURE;
        }
    }
    if let Err(e) = write_file(&args, &set, games) {
        eprintln!("tengen-puzzles: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{} puzzles from {games} games in {}",
        set.puzzles.len(),
        args.out.display()
    );
    ExitCode::SUCCESS
}
