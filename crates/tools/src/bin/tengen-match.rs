//! `tengen-match`: plays two players against each other from a file of balanced openings, each
//! opening once with each colour, and prints results by player and colour, forfeits and move-time
//! percentiles.
//!
//! A player is one of Tengen's levels (`low`, `medium`, `expert`, run in-process through the same
//! protocol code as `pbrain-tengen`) or any Gomocup engine (`cmd:/path/to/pbrain-x`). Games are
//! judged as c-gomoku-cli (the Gomocup match runner) judges them, and every forfeit is counted by
//! its kind:
//! - time: no move by the turn time plus the tolerance (3 s by default, as there), or a line that
//!   is not a move read after the turn time plus the move overhead (half the tolerance, at most
//!   1 s), or `ERROR` to `START`;
//! - crash: the engine exited or closed its output;
//! - illegal move: a taken point, or coordinates off the board;
//! - forbidden move, renju black only, by its kind (overline, double four, double three), read as
//!   c-gomoku-cli reads them: an overline loses even when the same stone makes a five.
//!
//! A line that is not a move is ignored (within the time), as there, so an engine that never
//! answers with one loses on time. The game ends, as there, at a five (exactly five for renju
//! black and under the standard rule) or a full board: a renju black that has only forbidden
//! points left must still play one (the game's own rules call that a draw).
//!
//! With `--sprt elo0,elo1` the match stops as soon as a sequential probability ratio test
//! (α = β = 0.05) decides whether player 1 is `elo1` Elo stronger or only `elo0`; `--games` is then
//! the most it plays. Always an even number of games, so every opening is played with both colours.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;
use tengen_engine::{Color, Game, Outcome, PlayError, Pos, Rule, Variant, forbidden_in_match};
use tengen_host::TrafficLog;
use tengen_tools::cli::RuleArg;
use tengen_tools::openings::{Opening, offset_string, parse_openings, position_string};
use tengen_tools::player::{GameSetup, Player, PlayerSpec, move_overhead};
use tengen_tools::sprt::{Sprt, Verdict};
use tengen_tools::stats::{Forfeit, Illegal, PlayerStats, Record, elo_difference, percentile};

/// Plays a match between two Gomoku players.
#[derive(Parser, Debug)]
#[command(name = "tengen-match", version)]
struct Args {
    /// First player: low, medium, expert, a ladder step (step:N, or step:N@NODES to play by a
    /// node limit alone), a reference bot (bot:threats, bot:minimax, bot:novice), or cmd:<engine command line>.
    player1: PlayerSpec,
    /// Second player, as the first.
    player2: PlayerSpec,
    /// Further players, for --round-robin.
    more: Vec<PlayerSpec>,
    /// A round robin of all the players (outside engines, cmd:...), --games games per pairing,
    /// ending with a cross table (points, Elo with error bars, forfeits), as the game's
    /// Tournament screen plays it.
    #[arg(long)]
    round_robin: bool,
    /// With --round-robin: a folder for each game's SGF and the resume file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Rule of the games.
    #[arg(long, value_enum, default_value = "freestyle")]
    rule: RuleArg,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: u8,
    /// Opening file (position strings like h8i9j10, rows from the bottom, or c-gomoku-cli's
    /// offsets like 0,0, 1,-1, 2,-2). Default: the committed freestyle15.txt, or renju15.txt for
    /// renju.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Number of games; openings are used in order, each twice with colours swapped, and from the
    /// first again after the last (see `repeat_note`).
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// Time per move in milliseconds (sent as INFO timeout_turn).
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// Time per move for the second player, for time-odds matches (default: --time-ms).
    #[arg(long)]
    time_ms_2: Option<u64>,
    /// How far past the time per move a move may come before the game is lost on time
    /// (c-gomoku-cli's `tolerance`, 3 s by default there too); any other line counts against the
    /// time already after half of it, at most 1 s. Moves over the time per move at all are
    /// counted as "late".
    #[arg(long, default_value_t = 3000)]
    tolerance_ms: u64,
    /// Memory limit for each engine in bytes (INFO max_memory).
    #[arg(long, default_value_t = 350 << 20)]
    max_memory: u64,
    /// Games played at the same time (one thread each, each with its own engines).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Adjudicate a draw after this many moves in all (0: play until the board is full).
    #[arg(long, default_value_t = 0)]
    draw_after: usize,
    /// Seed for the levels' randomness; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every game as it ends.
    #[arg(long, short)]
    verbose: bool,
    /// Write every line exchanged with external engines to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Stop early when an SPRT (alpha = beta = 0.05) decides between "player 1 is elo0 Elo
    /// stronger" and "elo1 stronger", e.g. `--sprt 0,20`; --games is then the most to play.
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Print the openings in c-gomoku-cli's offset notation and exit.
    #[arg(long)]
    export_offset: bool,
}

/// How one game ended.
#[derive(Clone, Debug)]
struct GameResult {
    index: usize,
    /// Which player (0 or 1) had black.
    black: usize,
    /// Which player won, if anyone.
    winner: Option<usize>,
    /// The forfeit that ended the game, and whose it was.
    forfeit: Option<(usize, Forfeit)>,
    record: String,
    note: String,
}

/// Everything one thread learns, merged at the end.
#[derive(Default)]
struct Tally {
    players: [PlayerStats; 2],
    results: Vec<GameResult>,
}

/// Player 1's results as games end, for the SPRT; `decided` stops new games.
#[derive(Default)]
struct Progress {
    record: Mutex<Record>,
    /// Games finished in pairs (both colours of an opening), the only points the SPRT looks at.
    pairs: Mutex<Vec<Option<Record>>>,
    decided: AtomicBool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tengen-match: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let rule = Rule::from(args.rule);
    let variant = Variant::new(args.size, 5, rule).map_err(|e| e.to_string())?;
    let path = args.openings.clone().unwrap_or_else(|| {
        let file = if rule == Rule::Renju {
            "renju15.txt"
        } else {
            "freestyle15.txt"
        };
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/openings")).join(file)
    });
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let openings =
        parse_openings(&text, variant).map_err(|e| format!("{}: {e}", path.display()))?;
    if args.export_offset {
        for opening in &openings {
            println!("{}", offset_string(&opening.moves, variant.size()));
        }
        return Ok(());
    }
    if args.games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    if args.round_robin {
        return round_robin(args, variant, openings, &path);
    }
    if !args.more.is_empty() || args.out.is_some() {
        return Err("three or more players, or --out, need --round-robin".to_owned());
    }
    let names = [args.player1.to_string(), args.player2.to_string()];
    println!(
        "tengen-match: {} vs {}, {} {}x{}, {} games, {} ms per move (+{} ms tolerance, {} ms for other lines), openings {} ({}), concurrency {}",
        names[0],
        names[1],
        rule,
        variant.size(),
        variant.size(),
        args.games,
        match args.time_ms_2 {
            Some(t2) if t2 != args.time_ms => format!("{}/{}", args.time_ms, t2),
            _ => args.time_ms.to_string(),
        },
        args.tolerance_ms,
        move_overhead(Duration::from_millis(args.tolerance_ms)).as_millis(),
        path.display(),
        openings.len(),
        args.concurrency.max(1)
    );
    if let Some(note) = repeat_note(args.games, openings.len()) {
        println!("{note}");
    }

    let log = match &args.log {
        Some(path) => Some(Arc::new(Mutex::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot create {}: {e}", path.display()))?,
        ))),
        None => None,
    };
    let next_game = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let progress = Progress::default();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1) {
            scope.spawn(|| {
                let local = play_games(
                    args,
                    variant,
                    &openings,
                    &next_game,
                    &tally,
                    &progress,
                    log.clone(),
                );
                if let Ok(mut total) = tally.lock() {
                    for (all, mine) in total.players.iter_mut().zip(&local.players) {
                        all.merge(mine);
                    }
                    total.results.extend(local.results);
                }
            });
        }
    });
    let tally = tally
        .into_inner()
        .map_err(|_| "a game thread panicked".to_owned())?;
    report(args, &names, &tally);
    if let Some(sprt) = args.sprt {
        let record = progress.record.into_inner().unwrap_or_default();
        println!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: {} games in whole pairs up to the verdict, LLR {:+.2}, bounds {:+.2} {:+.2}: {}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            record.games(),
            sprt.llr(record),
            sprt.bounds().0,
            sprt.bounds().1,
            sprt.verdict(record)
        );
    }
    Ok(())
}

/// Plays a round robin of all the players (the tournament code the game shares) and prints its
/// cross table.
fn round_robin(
    args: &Args,
    variant: Variant,
    openings: Vec<Opening>,
    path: &std::path::Path,
) -> Result<(), String> {
    if args.sprt.is_some() {
        return Err("--sprt is for two players, not --round-robin".to_owned());
    }
    let mut players = vec![args.player1.clone(), args.player2.clone()];
    players.extend(args.more.iter().cloned());
    println!(
        "tengen-match: round robin of {} players, {} {}x{}, {} games per pairing, {} ms per move (+{} ms tolerance), openings {} ({}), concurrency {}",
        players.len(),
        variant.rule(),
        variant.size(),
        variant.size(),
        args.games,
        args.time_ms,
        args.tolerance_ms,
        path.display(),
        openings.len(),
        args.concurrency.max(1)
    );
    let table = tengen_tools::round_robin::run(tengen_tools::round_robin::RoundRobin {
        players: &players,
        variant,
        openings,
        games: args.games,
        time_ms: args.time_ms,
        tolerance_ms: args.tolerance_ms,
        concurrency: args.concurrency,
        out: args.out.clone(),
        verbose: args.verbose,
    })?;
    print!("{table}");
    Ok(())
}

/// Adds a finished game to player 1's SPRT record once its pair (the same opening with colours
/// swapped) is complete, and stops the match when the test decides. Counting only whole pairs keeps
/// the colour balance, whatever order the threads finish in.
fn record_for_sprt(sprt: Sprt, progress: &Progress, result: &GameResult) {
    let game = Record::one_game(result.winner.map(|w| w == 0));
    let Ok(mut pairs) = progress.pairs.lock() else {
        return;
    };
    let pair = result.index / 2;
    if pairs.len() <= pair {
        pairs.resize(pair + 1, None);
    }
    let Some(other) = pairs[pair].take() else {
        pairs[pair] = Some(game);
        return;
    };
    // The pair is done (its slot emptied by `take`): both games count now, unless the test has
    // already decided: pairs still being played then finish, but the verdict stands as it was.
    let Ok(mut record) = progress.record.lock() else {
        return;
    };
    if progress.decided.load(Ordering::SeqCst) {
        return;
    }
    *record = *record + other + game;
    let verdict = sprt.verdict(*record);
    println!(
        "sprt after {} games: LLR {:+.2} ({:+.2}, {:+.2}) {verdict}",
        record.games(),
        sprt.llr(*record),
        sprt.bounds().0,
        sprt.bounds().1
    );
    if verdict != Verdict::Continue {
        progress.decided.store(true, Ordering::SeqCst);
    }
}

/// One thread's share of the games, with its own pair of players.
fn play_games(
    args: &Args,
    variant: Variant,
    openings: &[Opening],
    next_game: &AtomicUsize,
    printing: &Mutex<Tally>,
    progress: &Progress,
    log: Option<TrafficLog>,
) -> Tally {
    let mut players = [
        Player::new(args.player1.clone()).with_log(log.clone()),
        Player::new(args.player2.clone()).with_log(log),
    ];
    let mut tally = Tally::default();
    loop {
        if progress.decided.load(Ordering::SeqCst) {
            break;
        }
        let index = next_game.fetch_add(1, Ordering::SeqCst);
        if index >= args.games {
            break;
        }
        let opening = &openings[(index / 2) % openings.len()];
        // Even games give player 1 black, odd games swap colours on the same opening.
        let black = index % 2;
        let setup = |time_ms: u64| GameSetup {
            variant,
            turn_time: Duration::from_millis(time_ms),
            max_memory: args.max_memory,
            seed: args.seed.wrapping_add(index as u64),
        };
        let setups = [
            setup(args.time_ms),
            setup(args.time_ms_2.unwrap_or(args.time_ms)),
        ];
        let result = play_game(
            args,
            &mut players,
            &mut tally.players,
            index,
            black,
            opening,
            setups,
        );
        if args.verbose {
            // Printing under the shared lock keeps lines from different threads whole.
            let _guard = printing.lock();
            print_game(args, &players, &result);
        }
        if let Some(sprt) = args.sprt {
            record_for_sprt(sprt, progress, &result);
        }
        tally.results.push(result);
    }
    for player in &mut players {
        player.shut_down();
    }
    tally
}

fn play_game(
    args: &Args,
    players: &mut [Player; 2],
    stats: &mut [PlayerStats; 2],
    index: usize,
    black: usize,
    opening: &Opening,
    setups: [GameSetup; 2],
) -> GameResult {
    let variant = setups[0].variant;
    let mut result = GameResult {
        index,
        black,
        winner: None,
        forfeit: None,
        record: opening.text.clone(),
        note: String::new(),
    };
    let forfeit = |result: &mut GameResult,
                   stats: &mut [PlayerStats; 2],
                   who: usize,
                   why: Forfeit,
                   note: String| {
        stats[who].count_forfeit(why);
        result.winner = Some(1 - who);
        result.forfeit = Some((who, why));
        result.note = note;
    };
    let Ok(mut game) = Game::from_moves(variant, &opening.moves) else {
        result.note = "opening is illegal".to_owned();
        return result;
    };
    for who in [0, 1] {
        if let Err(why) = players[who].new_game(setups[who]) {
            let note = format!("failed to start: {:?}", players[who].last_complaint);
            forfeit(&mut result, stats, who, why, note);
            tally_result(stats, &result);
            return result;
        }
    }
    let tolerance = Duration::from_millis(args.tolerance_ms);
    loop {
        match game.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                result.winner = Some(if *winner == Color::Black {
                    black
                } else {
                    1 - black
                });
                break;
            }
            Some(Outcome::Draw) if game.board().is_full() => break,
            // Renju black with only forbidden points left: a draw by the game's rules, but
            // c-gomoku-cli goes on and asks black for a move (which loses, whatever it is).
            Some(Outcome::Draw) | None => {}
        }
        // Said in the note of the forfeit that must follow.
        let stuck = if game.black_is_stuck() {
            "black had only forbidden points left (a draw by the game's rules): "
        } else {
            ""
        };
        if args.draw_after > 0 && game.moves().len() >= args.draw_after {
            result.note = format!("draw adjudicated after {} moves", game.moves().len());
            break;
        }
        let mover = if game.to_move() == Color::Black {
            black
        } else {
            1 - black
        };
        match players[mover].play(&game, tolerance) {
            Ok((pos, took)) => {
                stats[mover].move_times.push(took);
                if took > setups[mover].turn_time {
                    stats[mover].late_moves += 1;
                }
                if let Err((why, note)) = judge(&game, pos) {
                    forfeit(&mut result, stats, mover, why, format!("{stuck}{note}"));
                    break;
                }
                if let Err(e) = game.play(pos) {
                    // `judge` has let the move through, so the rules should too.
                    let why = match e {
                        PlayError::OffBoard(_) => Forfeit::Illegal(Illegal::OffBoard),
                        PlayError::Forbidden(_, kind) => Forfeit::Forbidden(kind),
                        PlayError::Occupied(_) | PlayError::GameOver => {
                            Forfeit::Illegal(Illegal::Taken)
                        }
                    };
                    let note = format!("{why} {},{}: {e}", pos.x, pos.y);
                    forfeit(&mut result, stats, mover, why, note);
                    break;
                }
            }
            Err(why) => {
                if why == Forfeit::Time {
                    stats[mover].late_moves += 1;
                }
                let note = format!(
                    "{stuck}{why} at move {} ({})",
                    game.moves().len() + 1,
                    players[mover]
                        .last_complaint
                        .as_deref()
                        .unwrap_or("no message")
                );
                forfeit(&mut result, stats, mover, why, note);
                break;
            }
        }
    }
    result.record = position_string(game.moves(), variant.size());
    tally_result(stats, &result);
    result
}

/// What c-gomoku-cli says of a move before it is played: a taken point (or one off the board)
/// is an illegal move, and black's forbidden point under renju, as it reads them (an overline
/// even when the stone also makes a five), loses by its kind.
fn judge(game: &Game, pos: Pos) -> Result<(), (Forfeit, String)> {
    if !game.variant().contains(pos) {
        let why = Forfeit::Illegal(Illegal::OffBoard);
        return Err((why, format!("{why} {},{}: off the board", pos.x, pos.y)));
    }
    if !game.board().is_empty(pos) {
        let why = Forfeit::Illegal(Illegal::Taken);
        return Err((
            why,
            format!("{why} {},{}: the point is taken", pos.x, pos.y),
        ));
    }
    if game.to_move() == Color::Black
        && let Some(kind) = forbidden_in_match(game.board(), pos)
    {
        let why = Forfeit::Forbidden(kind);
        return Err((why, format!("{why} at {},{}", pos.x, pos.y)));
    }
    Ok(())
}

fn tally_result(stats: &mut [PlayerStats; 2], result: &GameResult) {
    for (who, player) in stats.iter_mut().enumerate() {
        let outcome = Record::one_game(result.winner.map(|w| w == who));
        if result.black == who {
            player.as_black = player.as_black + outcome;
        } else {
            player.as_white = player.as_white + outcome;
        }
    }
}

fn print_game(args: &Args, players: &[Player; 2], result: &GameResult) {
    let name = |who: usize| players[who].spec().to_string();
    let winner = match result.winner {
        Some(w) => format!(
            "{} ({}) wins",
            name(w),
            if w == result.black { "black" } else { "white" }
        ),
        None => "draw".to_owned(),
    };
    let note = if result.note.is_empty() {
        String::new()
    } else {
        format!(" [{}]", result.note)
    };
    println!(
        "game {:>3}/{}: black {} vs white {}: {winner}{note}  {}",
        result.index + 1,
        args.games,
        name(result.black),
        name(1 - result.black),
        result.record
    );
}

fn report(args: &Args, names: &[String; 2], tally: &Tally) {
    let games = tally.results.len();
    let draws = tally.results.iter().filter(|r| r.winner.is_none()).count();
    println!();
    println!("{games} games, {draws} draws");
    println!(
        "{:<14} {:>4} {:>4} {:>4} {:>7}   {:>11} {:>11}   {:>5} {:>4} {:>7} {:>6} {:>4}   {:>6} {:>6} {:>6} {:>6} {:>6}",
        "player",
        "W",
        "L",
        "D",
        "score",
        "black W-L-D",
        "white W-L-D",
        "crash",
        "time",
        "illegal",
        "forbid",
        "late",
        "moves",
        "p50",
        "p90",
        "p99",
        "max"
    );
    for (name, stats) in names.iter().zip(&tally.players) {
        let total = stats.total();
        let wld = |r: Record| format!("{}-{}-{}", r.wins, r.losses, r.draws);
        let ms = |p: f64| {
            percentile(&stats.move_times, p)
                .map_or_else(|| "-".to_owned(), |d| format!("{}", d.as_millis()))
        };
        println!(
            "{:<14} {:>4} {:>4} {:>4} {:>6.1}%   {:>11} {:>11}   {:>5} {:>4} {:>7} {:>6} {:>4}   {:>6} {:>6} {:>6} {:>6} {:>6}",
            name,
            total.wins,
            total.losses,
            total.draws,
            total.score().unwrap_or(0.0) * 100.0,
            wld(stats.as_black),
            wld(stats.as_white),
            stats.crashes,
            stats.time_forfeits,
            stats.illegal_moves,
            stats.forbidden_moves,
            stats.late_moves,
            stats.move_times.len(),
            ms(50.0),
            ms(90.0),
            ms(99.0),
            ms(100.0)
        );
    }
    let first = tally.players[0].total();
    match elo_difference(first) {
        Some((low, mid, high)) => println!(
            "{} vs {}: {:.1}% of the points, Elo difference {mid:+.0} (95%: {low:+.0} to {high:+.0})",
            names[0],
            names[1],
            first.score().unwrap_or(0.0) * 100.0
        ),
        None => println!(
            "{} vs {}: {:.1}% of the points, Elo difference not measurable (one side took every point)",
            names[0],
            names[1],
            first.score().unwrap_or(0.0) * 100.0
        ),
    }
    println!(
        "move times in ms (from request to answer); late = moves over the time per move; forfeits as c-gomoku-cli judges them: crash, time (no move by the time per move + {} ms, or another line after + {} ms), illegal (taken or off the board), forbid (renju black)",
        args.tolerance_ms,
        move_overhead(Duration::from_millis(args.tolerance_ms)).as_millis()
    );
    for (name, stats) in names.iter().zip(&tally.players) {
        println!("forfeits of {name} by kind: {}", stats.forfeits_by_kind());
    }
    let forfeits: Vec<&GameResult> = tally
        .results
        .iter()
        .filter(|r| r.forfeit.is_some())
        .collect();
    for r in forfeits {
        // Every forfeit's note starts with its reason, in c-gomoku-cli's words.
        if let Some((who, _)) = r.forfeit {
            println!(
                "  game {}: {} forfeited: {}",
                r.index + 1,
                names[who],
                r.note
            );
        }
    }
}

/// Past twice the openings the games start again from the first opening. Players without
/// randomness can then replay earlier games move for move, and a result counted twice is no new
/// evidence. With one game at a time they do: each `pbrain-tengen` varies its node limit by the
/// number of games it has played (`LevelBrain::node_limit`), a cycle of ten games that 2 × 100
/// openings repeat exactly; with two at a time the games' order between the threads varies it.
fn repeat_note(games: usize, openings: usize) -> Option<String> {
    let distinct = 2 * openings;
    (games > distinct).then(|| {
        format!(
            "note: {games} games on {openings} openings: from game {} the openings repeat, and players without randomness may replay earlier games move for move (with --concurrency 1 a node-limited pbrain-tengen does), which is no new evidence",
            distinct + 1
        )
    })
}

#[cfg(test)]
mod tests {
    use super::repeat_note;

    #[test]
    fn games_past_twice_the_openings_are_said_to_repeat() {
        assert_eq!(repeat_note(200, 100), None);
        let note = repeat_note(300, 100).expect("a note");
        assert!(note.contains("from game 201"), "{note}");
        assert!(note.contains("--concurrency 1"), "{note}");
    }
}
