//! `tengen-selfplay`: training data for the learned evaluation. Expert plays itself at a node limit
//! (15×15 freestyle, or renju with `--rule renju`) from random three-stone openings in the central
//! 5×5 square. Each position after the opening that the search did not already see as won or lost
//! is kept with its search score, the move the search chose (what `tengen-train --policy` learns
//! from), the line the search expected from there (its end is a position the evaluation judges
//! inside the search: `tengen-train --leaf` learns from those, the idea of TD-leaf) and the game's
//! result.
//!
//! The games are played on every core (`--jobs`), and the file is written game by game in the
//! games' order (samples file version 3, `games_file.rs` in the engine): whole games, about 15
//! bytes a position, with the recipe (rule, seed, node budget, which evaluation played) in the
//! header. The same recipe gives the same file, byte for byte, on any number of cores: game `n`'s
//! opening and node budgets (varied ±50 % so that games from one opening differ) come from a
//! generator seeded by the seed and `n` alone, and a node-limited search is deterministic. Run
//! again with the same recipe, it goes on after the last whole game in the file (an interruption
//! loses at most the games under way), and a larger `--games` extends a finished file. A file of
//! another recipe is never touched. `--minutes` stops starting games after a while, for a machine
//! lent for a time.
//!
//! Random openings mostly favour black (in freestyle, white won about one game in five), so most
//! of their positions are already lost for one side. `--balanced` draws three stones in the
//! central 7×7 square instead and keeps an opening only when a short search scores it close to
//! even for white, the side to move (the recipe records it).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Parser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{
    Ai, Color, Game, GameRecord, LINE_CAP, Level, NOT_A_SAMPLE, Pos, Recipe, Rule, SearchLimits,
    Variant, games_header, read_games, samples_header, weights_hash,
};
use tengen_tools::cli::{RuleArg, use_weights_file};
use tengen_tools::openings::{random_opening, random_wide_opening};

/// Writes self-play training samples for `tengen-train`.
#[derive(Parser, Debug)]
#[command(name = "tengen-selfplay", version)]
struct Args {
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    /// Games the file should hold (a resumed file is played on up to this many).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Games played at once (one per core by default).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Start no game after this many minutes (those under way are finished and written): the file
    /// then holds the recipe's first games, and the same command goes on with the rest later.
    #[arg(long)]
    minutes: Option<f64>,
    /// Mean node budget of each move's search.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Seed for the openings and the node budgets (game `n` uses the seed and `n`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules of the games on the 15×15 board: freestyle or renju (the rules with a learned table).
    #[arg(long, value_enum, default_value = "freestyle")]
    rule: RuleArg,
    /// Play with the learned evaluation (to make data from the current table); by default the
    /// hand-set weights play, as for the committed table.
    #[arg(long)]
    learned: bool,
    /// With --learned, play with this weights file instead of the embedded table (data from a new
    /// net without a rebuild).
    #[arg(long, value_name = "FILE", requires = "learned")]
    weights: Option<PathBuf>,
    /// Keep only openings that a short search judges close to even (three stones in the central
    /// 7×7 square, drawn until one scores within the balance for white).
    #[arg(long)]
    balanced: bool,
}

/// A balanced opening's search takes this many times a move's mean node budget…
const JUDGE_BUDGETS: u64 = 3;
/// …and this is the largest score, from white's view, that counts as even (in evaluation units;
/// in a trial at 20 000 nodes, random wide openings scored from −307 to +135).
const BALANCE: i32 = 150;
/// Draws before the closest opening seen is taken, so that every game starts.
const JUDGE_DRAWS: usize = 40;

/// Scores beyond this are forced wins or losses: the evaluation has nothing to learn there.
const DECIDED: i32 = 19_000;

/// Game `number`'s own generator: its opening and node budgets depend on the seed and the number
/// alone, so a game is the same whichever core plays it and whenever.
fn game_rng(seed: u64, number: usize) -> StdRng {
    StdRng::seed_from_u64(seed ^ (number as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Plays game `number` of the recipe.
fn play_game(args: &Args, variant: Variant, number: usize) -> Result<GameRecord, String> {
    let mut rng = game_rng(args.seed, number);
    let mut ai = Ai::new(Level::Expert, args.seed.wrapping_add(number as u64));
    ai.set_tt_bytes(16 << 20);
    // Hand-set evaluation unless asked: Expert's default follows the embedded table.
    ai.set_tuning("learned", args.learned as i32)?;
    let stop = AtomicBool::new(false);
    let opening = if args.balanced {
        balanced_opening(
            &mut rng,
            &mut ai,
            variant,
            args.nodes * JUDGE_BUDGETS,
            &stop,
        )?
    } else {
        random_opening(&mut rng)
    };
    let mut game = opening_game(variant, &opening)?;
    let mut scores = vec![NOT_A_SAMPLE; opening.len()];
    let mut lines = vec![Vec::new(); opening.len()];
    while !game.is_over() {
        let to_move = game.to_move();
        let budget = args.nodes / 2 + rng.random_range(0..=args.nodes);
        let limits = SearchLimits::nodes(budget);
        let Some(thought) = ai.choose_move(game.board(), to_move, &limits, &stop) else {
            break;
        };
        if thought.score.abs() >= DECIDED {
            scores.push(NOT_A_SAMPLE);
            lines.push(Vec::new());
        } else {
            scores.push(thought.score.clamp(-20_000, 20_000) as i16);
            lines.push(thought.pv.iter().copied().take(LINE_CAP).collect());
        }
        game.play(thought.pos)
            .map_err(|e| format!("the engine played an illegal move: {e}"))?;
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    };
    Ok(GameRecord {
        moves: game.moves().to_vec(),
        scores,
        lines,
        result,
    })
}

/// Draws wide openings until a search of `nodes` scores one within `BALANCE` for white, or takes
/// the closest of `JUDGE_DRAWS`.
fn balanced_opening(
    rng: &mut StdRng,
    ai: &mut Ai,
    variant: Variant,
    nodes: u64,
    stop: &AtomicBool,
) -> Result<Vec<Pos>, String> {
    let mut closest: Option<(i32, Vec<Pos>)> = None;
    for _ in 0..JUDGE_DRAWS {
        let opening = random_wide_opening(rng);
        let game = opening_game(variant, &opening)?;
        let limits = SearchLimits::nodes(nodes);
        let Some(thought) = ai.choose_move(game.board(), game.to_move(), &limits, stop) else {
            continue;
        };
        let off = thought.score.abs();
        if off <= BALANCE {
            return Ok(opening);
        }
        if closest.as_ref().is_none_or(|(o, _)| off < *o) {
            closest = Some((off, opening));
        }
    }
    closest
        .map(|(_, opening)| opening)
        .ok_or_else(|| "no opening left a move to play".to_owned())
}

/// The game after `opening`, which the rules must allow.
fn opening_game(variant: Variant, opening: &[Pos]) -> Result<Game, String> {
    Game::from_moves(variant, opening).map_err(|(i, e)| format!("opening move {i} is illegal: {e}"))
}

/// Plays games `first..args.games` on `jobs` threads and hands each to `take` in the games' order.
/// Stops at the first error, a game's or `take`'s; the games taken before it stay taken.
fn play_games(
    args: &Args,
    variant: Variant,
    first: usize,
    jobs: usize,
    mut take: impl FnMut(usize, GameRecord) -> Result<(), String>,
) -> Result<(), String> {
    let next = &AtomicUsize::new(first);
    let stop = &AtomicBool::new(false);
    // A limit too far to reach is no limit.
    let deadline = args
        .minutes
        .and_then(|m| Duration::try_from_secs_f64(m.max(0.0) * 60.0).ok())
        .and_then(|d| Instant::now().checked_add(d));
    let late = move || deadline.is_some_and(|d| Instant::now() >= d);
    let (sender, finished) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) && !late() {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    if number >= args.games {
                        break;
                    }
                    let played = play_game(args, variant, number);
                    if sender.send((number, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order; each waits here until those before it are taken.
        let mut waiting = BTreeMap::new();
        let mut due = first;
        for (number, played) in finished {
            let taken = played
                .map_err(|e| format!("game {number}: {e}"))
                .and_then(|played| {
                    waiting.insert(number, played);
                    while let Some(played) = waiting.remove(&due) {
                        take(due, played)?;
                        due += 1;
                    }
                    Ok(())
                });
            if let Err(e) = taken {
                stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}

/// Opens the games file at `path` for `recipe`: a new one with its header, or an existing one of
/// the same recipe cut after its last whole game. Returns it with the number of games it holds. A
/// file of another recipe, or not a games file, is refused and left as it is.
fn open_games_file(path: &Path, recipe: &Recipe) -> Result<(File, usize), String> {
    let name = path.display();
    let header = games_header(recipe).map_err(|e| e.to_string())?;
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    // No file yet, or only the start of this recipe's header (a first run stopped while writing
    // it, a full disk): begin the file.
    if header.starts_with(&bytes) {
        let mut file = File::create(path).map_err(|e| format!("cannot create {name}: {e}"))?;
        file.write_all(&header)
            .map_err(|e| format!("cannot write {name}: {e}"))?;
        return Ok((file, 0));
    }
    let held = read_games(&bytes).map_err(|e| {
        format!("{name} is there already and is not a games file to go on with ({e}); choose another --out")
    })?;
    if held.recipe != *recipe {
        return Err(format!(
            "{name} holds games of another recipe ({}), not this one ({recipe}); choose another --out",
            held.recipe
        ));
    }
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|f| {
            // Cut a game torn by an interruption; it is played again.
            f.set_len(held.whole_bytes as u64)?;
            Ok(f)
        })
        .and_then(|mut f| {
            use std::io::{Seek, SeekFrom};
            f.seek(SeekFrom::End(0))?;
            Ok(f)
        })
        .map_err(|e| format!("cannot write {name}: {e}"))?;
    if held.torn_bytes > 0 {
        eprintln!(
            "tengen-selfplay: {name}: cut the {} bytes of a game an interruption left unfinished",
            held.torn_bytes
        );
    }
    Ok((file, held.games.len()))
}

/// The recipe of this run, as the file's header keeps it.
fn recipe_of(args: &Args, rule: Rule) -> Result<Recipe, String> {
    let weights = match &args.weights {
        Some(path) => weights_hash(&use_weights_file(rule, path)?),
        None => 0,
    };
    Ok(Recipe {
        rule,
        seed: args.seed,
        nodes: args.nodes,
        learned: args.learned,
        balanced: args.balanced,
        weights,
    })
}

/// Prints where the run stands every ten games: the games written, and the samples this run added.
fn progress(done: usize, samples: usize) {
    if done.is_multiple_of(10) {
        eprintln!("{done} games, {samples} new samples");
    }
}

/// Plays the games still missing from the games file and appends each as it is done. Returns the
/// summary line.
fn make_games(
    args: &Args,
    variant: Variant,
    recipe: &Recipe,
    jobs: usize,
) -> Result<String, String> {
    let (mut file, held) = open_games_file(&args.out, recipe)?;
    let name = args.out.display();
    if held > 0 {
        eprintln!("tengen-selfplay: {name} holds {held} games of this recipe; going on after them");
    }
    let mut samples = 0;
    let mut record = Vec::new();
    play_games(args, variant, held, jobs, |number, game| {
        record.clear();
        game.write(number as u32, &mut record);
        file.write_all(&record).map_err(|e| {
            format!("cannot write {name}: {e}; the {number} games before are kept, and the same command goes on after them")
        })?;
        samples += game.sample_count();
        progress(number + 1, samples);
        Ok(())
    })?;
    // The summary is read back from the file: what it says is what the file holds.
    let bytes = std::fs::read(&args.out).map_err(|e| format!("cannot read {name} back: {e}"))?;
    let file = read_games(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let mut wins = [0usize; 3];
    let mut samples = 0;
    for game in &file.games {
        // The first mover after the three-stone opening is white.
        wins[(1 - game.result) as usize] += 1;
        samples += game.sample_count();
    }
    Ok(summary(
        file.games.len(),
        samples,
        bytes.len(),
        &args.out,
        wins,
    ))
}

/// `wins` counts white's losses, draws and wins.
fn summary(games: usize, samples: usize, bytes: usize, out: &Path, wins: [usize; 3]) -> String {
    format!(
        "{games} games, {samples} samples ({bytes} bytes) in {}; first mover after the opening (white): {} won, {} drawn, {} lost",
        out.display(),
        wins[2],
        wins[1],
        wins[0]
    )
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rule = Rule::from(args.rule);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    // A rule without a learned table, and a damaged weights file, are refused before any game.
    let made = samples_header(rule)
        .map_err(|e| e.to_string())
        .and_then(|_| Variant::new(15, 5, rule).map_err(|e| e.to_string()))
        .and_then(|variant| {
            let recipe = recipe_of(&args, rule)?;
            make_games(&args, variant, &recipe, jobs)
        });
    match made {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen-selfplay: {e}");
            ExitCode::FAILURE
        }
    }
}
