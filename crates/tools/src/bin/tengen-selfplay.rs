//! `tengen-selfplay`: training data for the learned evaluation. Expert plays itself at a node limit
//! (15×15 freestyle, or renju with `--rule renju`) from random three-stone openings in the central
//! 5×5 square, and every position after the opening
//! that the search did not already see as won or lost is written with its search score, the move
//! the search chose (what `tengen-train --policy` learns from) and the game's result (format:
//! `Sample` in the engine's `search/dataset.rs`).
//!
//! With `--leaf` the position written is instead the one at the end of the search's expected line
//! (its principal variation), with the score from that position's side to move: the positions
//! the evaluation actually judges inside the search (the idea of TD-leaf), not the quieter ones
//! a game passes through. Those positions were not searched, so they have no chosen move.
//!
//! The same seed gives the same file: the openings and each move's node budget (varied ±50 % so
//! that games from one opening differ) come from the seeded generator, and a node-limited search is
//! deterministic.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{
    Ai, Color, Game, Level, Pos, Rule, Sample, SearchLimits, Variant, samples_header,
};
use tengen_tools::cli::{RuleArg, use_weights_file};
use tengen_tools::openings::random_opening;

/// Writes self-play training samples for `tengen-train`.
#[derive(Parser, Debug)]
#[command(name = "tengen-selfplay", version)]
struct Args {
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Mean node budget of each move's search.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Seed for the openings and the node budgets.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules of the games on the 15×15 board: freestyle or renju (the rules with a learned table).
    #[arg(long, value_enum, default_value = "freestyle")]
    rule: RuleArg,
    /// Play with the learned evaluation (to make data from the current table); by default the
    /// hand-set weights play, as for the committed table.
    #[arg(long)]
    learned: bool,
    /// Write the position at the end of each search's expected line instead of the searched one.
    #[arg(long)]
    leaf: bool,
    /// With --learned, play with this weights file instead of the embedded table (data from a new
    /// net without a rebuild).
    #[arg(long, value_name = "FILE", requires = "learned")]
    weights: Option<PathBuf>,
}

/// Scores beyond this are forced wins or losses: the evaluation has nothing to learn there.
const DECIDED: i32 = 19_000;

/// Adds the expected line `pv` to `stones` (the first move `to_move`'s) and returns the side to
/// move at its end and the line's score from that side's view.
fn play_line(
    stones: &mut Vec<(Pos, Color)>,
    pv: &[Pos],
    to_move: Color,
    score: i32,
) -> (Color, i32) {
    let (mut mover, mut score) = (to_move, score);
    for &p in pv {
        if stones.iter().any(|&(q, _)| q == p) {
            break; // not a line of this board: keep what was legal so far
        }
        stones.push((p, mover));
        mover = mover.opponent();
        score = -score;
    }
    (mover, score)
}

/// Plays one game and returns its samples (the result filled in at the end).
fn play_game(
    args: &Args,
    variant: Variant,
    rng: &mut StdRng,
    game_seed: u64,
) -> Result<Vec<Sample>, String> {
    let moves = random_opening(rng);
    let mut game = Game::from_moves(variant, &moves)
        .map_err(|(i, e)| format!("opening move {i} is illegal: {e}"))?;
    let mut ai = Ai::new(Level::Expert, game_seed);
    ai.set_tt_bytes(16 << 20);
    // Hand-set evaluation unless asked: Expert's default follows the embedded table.
    ai.set_tuning("learned", args.learned as i32)?;
    let stop = AtomicBool::new(false);
    let mut pending: Vec<(Sample, Color)> = Vec::new();
    while !game.is_over() {
        let to_move = game.to_move();
        let budget = args.nodes / 2 + rng.random_range(0..=args.nodes);
        let limits = SearchLimits::nodes(budget);
        let Some(thought) = ai.choose_move(game.board(), to_move, &limits, &stop) else {
            break;
        };
        if thought.score.abs() < DECIDED {
            let mut stones: Vec<(Pos, Color)> = game.board().stones().collect();
            let (mut mover, mut score) = (to_move, thought.score);
            if args.leaf {
                (mover, score) = play_line(&mut stones, &thought.pv, to_move, score);
            }
            let mut sample = Sample::new(stones, mover, score, 0);
            sample.chosen = (!args.leaf).then_some(thought.pos);
            pending.push((sample, mover));
        }
        game.play(thought.pos)
            .map_err(|e| format!("the engine played an illegal move: {e}"))?;
    }
    let winner = game.outcome().and_then(|o| o.winner());
    Ok(pending
        .into_iter()
        .map(|(mut s, mover)| {
            s.result = match winner {
                Some(w) if w == mover => 1,
                Some(_) => -1,
                None => 0,
            };
            s
        })
        .collect())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let rule = Rule::from(args.rule);
    // The samples file's header refuses a rule without a learned table, and a damaged weights
    // file is refused, before any game is played.
    let header_and_board = samples_header(rule)
        .map_err(|e| e.to_string())
        .and_then(|header| {
            let board = Variant::new(15, 5, rule).map_err(|e| e.to_string())?;
            if let Some(path) = &args.weights {
                use_weights_file(rule, path)?;
            }
            Ok((header, board))
        });
    let (mut bytes, variant) = match header_and_board {
        Ok(ready) => ready,
        Err(e) => {
            eprintln!("tengen-selfplay: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut samples, mut wins) = (0usize, [0usize; 3]);
    for g in 0..args.games {
        match play_game(&args, variant, &mut rng, args.seed.wrapping_add(g as u64)) {
            Ok(game) => {
                samples += game.len();
                // Tally the first mover after the opening (white) by the first sample's result,
                // turned to white's view (a leaf sample's side to move may be black).
                if let Some(first) = game.first() {
                    let white = match first.to_move {
                        Color::White => first.result,
                        Color::Black => -first.result,
                    };
                    wins[(white + 1) as usize] += 1;
                }
                for s in &game {
                    s.write(&mut bytes);
                }
            }
            Err(e) => {
                eprintln!("tengen-selfplay: game {g}: {e}");
                return ExitCode::FAILURE;
            }
        }
        if (g + 1) % 10 == 0 {
            eprintln!("{} games, {samples} samples", g + 1);
        }
    }
    if let Err(e) = std::fs::write(&args.out, &bytes) {
        eprintln!("tengen-selfplay: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{} games, {samples} samples ({} bytes) in {}; first mover after the opening (white): {} won, {} drawn, {} lost",
        args.games,
        bytes.len(),
        args.out.display(),
        wins[2],
        wins[1],
        wins[0]
    );
    ExitCode::SUCCESS
}
