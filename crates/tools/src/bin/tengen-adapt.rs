//! `tengen-adapt`: "Match my strength" played out. A fixed ladder step plays as the player, from a
//! new player's rating; before each game the opponent is the step the store's `matched_step`
//! chooses for the player's rating, and after it the game is filed through the store's own
//! `Stats::add_game` (no hints, no undos), exactly as the game files a finished game.
//!
//! The games are real engine games between the two steps, freestyle 15×15, from the committed
//! balanced openings (each opening twice, the player black in even games), every move by the node
//! limit alone (the steps' paces off, as in the ladder's measurement at 400 000 nodes), each side
//! seeded from `--seed` and the game's number, so a run is the same on any machine.
//!
//! At the end it says from which game on the matched step stayed at or next to the player's step.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Parser;
use tengen_engine::{Color, Game, Outcome, Preset, SearchLimits, Step};
use tengen_store::{Counted, Mode, PerSide, Player, SavedGame, Stats, matched_step, rule_key};
use tengen_tools::openings::{Opening, parse_openings};

/// Plays a ladder step as "the player" against the steps "Match my strength" chooses for it.
#[derive(Parser, Debug)]
#[command(name = "tengen-adapt", version)]
struct Args {
    /// The step that plays as the player (1 to 14).
    #[arg(long)]
    player_step: Step,
    /// Games to play.
    #[arg(long, default_value_t = 30)]
    games: usize,
    /// Seed of both sides' randomness; game i uses seed × 1000 + 2i and + 2i + 1.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes a move for both sides (the ladder was measured at 400 000).
    #[arg(long, default_value_t = 400_000)]
    nodes: u64,
    /// Opening file (default: the committed freestyle15.txt).
    #[arg(long)]
    openings: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tengen-adapt: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A move of `step` at `nodes` nodes, its own pace off.
fn think(step: Step, seed: u64, nodes: u64, game: &Game) -> Option<tengen_engine::Pos> {
    let mut ai = step.ai(seed);
    let limits = SearchLimits {
        think_time: Duration::from_secs(3600),
        max_nodes: Some(nodes),
        ..SearchLimits::for_level(step.base())
    };
    ai.choose_move(
        game.board(),
        game.to_move(),
        &limits,
        &AtomicBool::new(false),
    )
    .map(|t| t.pos)
}

/// Plays one game from `opening` between the steps by colour; an error if a side had no move or
/// played an illegal one (never expected).
fn play(
    opening: &Opening,
    steps: PerSide<Step>,
    seeds: PerSide<u64>,
    nodes: u64,
) -> Result<Game, String> {
    let variant = Preset::Freestyle15.variant();
    let mut game = Game::from_moves(variant, &opening.moves)
        .map_err(|(i, e)| format!("opening {}: move {}: {e}", opening.text, i + 1))?;
    while !game.is_over() {
        let side = game.to_move();
        let pos = think(*steps.get(side), *seeds.get(side), nodes, &game)
            .ok_or_else(|| format!("{side} had no move"))?;
        game.play(pos)
            .map_err(|e| format!("{side} played an illegal move: {e}"))?;
    }
    Ok(game)
}

fn run(args: &Args) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    let variant = Preset::Freestyle15.variant();
    let path = args.openings.clone().unwrap_or_else(|| {
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/openings/freestyle15.txt"
        ))
    });
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let openings =
        parse_openings(&text, variant).map_err(|e| format!("{}: {e}", path.display()))?;
    if openings.is_empty() {
        return Err(format!("{} has no openings", path.display()));
    }
    let me = args.player_step;
    let rule = rule_key(variant);
    println!(
        "tengen-adapt: {me} (rating {}) as the player, {} games, freestyle 15x15, {} nodes a move, seed {}",
        me.rating(),
        args.games,
        args.nodes,
        args.seed
    );
    let mut stats = Stats::default();
    let mut matched = Vec::with_capacity(args.games);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let started = Instant::now();
    for i in 0..args.games {
        let opponent = matched_step(&stats.rating(&rule));
        matched.push(opponent);
        let opening = &openings[(i / 2) % openings.len()];
        let player_color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let base = args.seed.wrapping_mul(1000).wrapping_add(2 * i as u64);
        let (steps, seeds) = match player_color {
            Color::Black => (
                PerSide {
                    black: me,
                    white: opponent,
                },
                PerSide {
                    black: base,
                    white: base + 1,
                },
            ),
            Color::White => (
                PerSide {
                    black: opponent,
                    white: me,
                },
                PerSide {
                    black: base + 1,
                    white: base,
                },
            ),
        };
        let game_started = Instant::now();
        let game = play(opening, steps, seeds, args.nodes)?;
        let result = match game.outcome() {
            Some(Outcome::Win { winner, .. }) if *winner == player_color => {
                wins += 1;
                "win"
            }
            Some(Outcome::Win { .. }) => {
                losses += 1;
                "loss"
            }
            _ => {
                draws += 1;
                "draw"
            }
        };
        let moves = game.moves().len();
        // Filed as the game files a finished game: the human is the player's step.
        let human = Player::Human {
            name: format!("step {}", me.number()),
        };
        let computer = Player::Computer {
            level: opponent.base(),
            step: Some(opponent),
        };
        let players = match player_color {
            Color::Black => PerSide {
                black: human,
                white: computer,
            },
            Color::White => PerSide {
                black: computer,
                white: human,
            },
        };
        let mut saved =
            SavedGame::of_game(game, Mode::HumanVsComputer, players).map_err(|e| e.to_string())?;
        saved.started_at_ms = i as u64 + 1;
        if !matches!(stats.add_game(&saved), Counted::Counted { .. }) {
            return Err(format!("game {} was not counted", i + 1));
        }
        let rating = stats.rating(&rule);
        println!(
            "game {}: player step {} vs step {}: {result} as {player_color} in {moves} moves, rating {:.0} ± {:.0} ({:.1} s)",
            i + 1,
            me.number(),
            opponent.number(),
            rating.rating,
            rating.deviation,
            game_started.elapsed().as_secs_f64()
        );
    }
    let next = matched_step(&stats.rating(&rule));
    let near = |s: &Step| s.number().abs_diff(me.number()) <= 1;
    let steps: Vec<String> = matched.iter().map(|s| s.number().to_string()).collect();
    println!(
        "player {wins} wins, {losses} losses, {draws} draws; matched steps {}; next: step {}",
        steps.join(" "),
        next.number()
    );
    match matched.iter().rposition(|s| !near(s)) {
        None => println!(
            "settled: every game was at or next to step {} ({:.0} s)",
            me.number(),
            started.elapsed().as_secs_f64()
        ),
        Some(last) if last + 1 < matched.len() => println!(
            "settled after {} games: from game {} on, the matched step stayed at or next to step {} ({} games); {:.0} s",
            last + 1,
            last + 2,
            me.number(),
            matched.len() - last - 1,
            started.elapsed().as_secs_f64()
        ),
        Some(_) => println!(
            "not settled: the last game was still more than one step from {} ({:.0} s)",
            me.number(),
            started.elapsed().as_secs_f64()
        ),
    }
    Ok(())
}
