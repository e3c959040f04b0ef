//! Self-play harness for measuring and tuning the AI: two configurations play every balanced opening
//! with both colours, and the harness prints the score, move times, illegal moves and overruns.
//!
//! ```text
//! cargo run --release -p tengen-engine --example selfplay -- \
//!     --a expert --b medium --rule freestyle --games 52 [--a-ms 1000] [--b-ms 300] \
//!     [--a-nodes N] [--b-nodes N] [--tune-a key=value,...] [--tune-b ...] [--dump-suite FILE]
//! ```
//! The openings are the 26 classic three-stone renju openings (black in the centre, white next to it
//! directly or diagonally, black's second stone in the central 5×5 square, one of each mirror pair), or
//! the lines of `--openings FILE` (cell names in move order, e.g. `h8 j9 g7 i6`).
//! `--time-scan LOG` replays the games of a harness log and prints every position where A's level took
//! more than its think time + 30 ms. `--make-openings N` instead prints N random four-stone openings that Expert scores within ±300 for
//! black to move (its usual first-move edge is +300 to +600).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tengen_engine::{
    Ai, Board, Color, Level, Pos, Preset, SearchLimits, cell_name, forbidden, vcf_defences,
    vcf_first_moves,
};

struct Player {
    level: Level,
    limits: SearchLimits,
    tuning: Vec<(String, i32)>,
}

fn openings() -> Vec<[Pos; 3]> {
    let mut out = Vec::new();
    let c = Pos::new(7, 7);
    for (white, keep) in [
        (
            Pos::new(7, 6),
            Box::new(|dx: i32, _dy: i32| dx >= 0) as Box<dyn Fn(i32, i32) -> bool>,
        ),
        (Pos::new(8, 6), Box::new(|dx: i32, dy: i32| dx + dy >= 0)),
    ] {
        for dy in -2..=2 {
            for dx in -2..=2 {
                let p = Pos::new((7 + dx) as u8, (7 + dy) as u8);
                if p != c && p != white && keep(dx, dy) {
                    out.push([c, white, p]);
                }
            }
        }
    }
    out
}

fn parse_player(
    level: &str,
    ms: Option<u64>,
    nodes: Option<u64>,
    tune: &str,
) -> Result<Player, String> {
    let level: Level = level.parse().map_err(|e| format!("{e}"))?;
    let mut limits = SearchLimits::for_level(level);
    if let Some(ms) = ms {
        limits.think_time = Duration::from_millis(ms);
    }
    if let Some(n) = nodes {
        limits = SearchLimits::nodes(n);
    }
    let mut tuning = Vec::new();
    for kv in tune.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("bad tuning {kv:?}"))?;
        tuning.push((
            k.to_string(),
            v.parse().map_err(|_| format!("bad value in {kv:?}"))?,
        ));
    }
    Ok(Player {
        level,
        limits,
        tuning,
    })
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let num = |name: &str| {
        get(name).map(|v| {
            v.parse::<u64>()
                .map_err(|_| format!("{name}: not a number"))
        })
    };
    let a = parse_player(
        &get("--a").unwrap_or_else(|| "expert".into()),
        num("--a-ms").transpose()?,
        num("--a-nodes").transpose()?,
        &get("--tune-a").unwrap_or_default(),
    )?;
    let b = parse_player(
        &get("--b").unwrap_or_else(|| "medium".into()),
        num("--b-ms").transpose()?,
        num("--b-nodes").transpose()?,
        &get("--tune-b").unwrap_or_default(),
    )?;
    let preset = Preset::from_key(&get("--rule").unwrap_or_else(|| "freestyle".into()))
        .ok_or("unknown rule")?;
    let games = num("--games").transpose()?.unwrap_or(52) as usize;
    let seed = num("--seed").transpose()?.unwrap_or(1);
    let mut dump = match get("--dump-suite") {
        Some(path) => Some(std::fs::File::create(&path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    if let Some(moves) = get("--analyse") {
        let variant = preset.variant();
        let mut board = Board::new(variant);
        let mut record = Vec::new();
        for n in moves.split_whitespace() {
            let p = parse_cell(n, variant.size())?;
            let color = Color::to_move_at(record.len());
            if !board.is_empty(p) || (color == Color::Black && forbidden(&board, p).is_some()) {
                return Err(format!("{n}: illegal"));
            }
            board.place(p, color);
            record.push(p);
        }
        let to_move = Color::to_move_at(record.len());
        let names = |v: &[Pos]| {
            v.iter()
                .map(|&p| cell_name(p, variant.size()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!("{}{to_move} to move", board.diagram());
        let forb: Vec<Pos> = tengen_engine::forbidden_points(&board)
            .into_iter()
            .map(|f| f.0)
            .collect();
        println!("black forbidden points: {}", names(&forb));
        println!(
            "vcf first moves: {}",
            names(&vcf_first_moves(&board, to_move, 2_000_000))
        );
        println!(
            "vcf defences: {:?}",
            vcf_defences(&board, to_move, 2_000_000).map(|d| names(&d))
        );
        let mut ai = Ai::new(Level::Expert, 1);
        let stop = AtomicBool::new(false);
        if let Some(t) = ai.choose_move(&board, to_move, &SearchLimits::nodes(200_000), &stop) {
            println!(
                "expert: {} score {} ({})",
                cell_name(t.pos, variant.size()),
                t.score,
                t.reason
            );
        }
        return Ok(());
    }
    if let Some(path) = get("--time-scan") {
        // Replays the games of a harness log and reports every position where A's level overran.
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let size = preset.variant().size();
        for line in text.lines().filter(|l| l.starts_with("game")) {
            let Some(record) = line.split_whitespace().last() else {
                continue;
            };
            let mut moves = Vec::new();
            let mut rest = record;
            while !rest.is_empty() {
                let len = 1 + rest[1..]
                    .find(|c: char| c.is_ascii_lowercase())
                    .unwrap_or(rest.len() - 1);
                moves.push(parse_cell(&rest[..len], size)?);
                rest = &rest[len..];
            }
            let mut board = Board::new(preset.variant());
            let mut ai = Ai::new(a.level, 1);
            let stop = AtomicBool::new(false);
            for (i, &p) in moves.iter().enumerate() {
                let to_move = Color::to_move_at(i);
                let t0 = Instant::now();
                let t = ai.choose_move(&board, to_move, &a.limits, &stop);
                let ms = t0.elapsed().as_millis();
                if ms > a.limits.think_time.as_millis() + 30 {
                    let names: Vec<String> =
                        moves[..i].iter().map(|&p| cell_name(p, size)).collect();
                    println!(
                        "{ms} ms depth {:?} nodes {:?}: {}",
                        t.as_ref().map(|t| t.depth),
                        t.as_ref().map(|t| t.nodes),
                        names.join(" ")
                    );
                }
                board.place(p, to_move);
            }
        }
        return Ok(());
    }
    if let Some(n) = num("--make-openings").transpose()? {
        make_openings(preset, n as usize, seed);
        return Ok(());
    }
    let openings: Vec<Vec<Pos>> = match get("--openings") {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(|l| {
                    l.split_whitespace()
                        .map(|n| parse_cell(n, preset.variant().size()))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<_, _>>()?
        }
        None => openings().into_iter().map(|o| o.to_vec()).collect(),
    };
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut illegal = 0;
    let mut overruns = 0;
    // Moves that were late in CPU time, not only on the wall clock (a busy machine delays the latter).
    let mut cpu_overruns = 0;
    let mut max_cpu_ms = [0u128; 2];
    let mut times: [Vec<u128>; 2] = [Vec::new(), Vec::new()];
    let stop = AtomicBool::new(false);
    for g in 0..games {
        let opening = openings[(g / 2) % openings.len()].clone();
        let a_black = g % 2 == 0;
        let mut ais = [
            Ai::new(a.level, seed + g as u64),
            Ai::new(b.level, seed + 1000 + g as u64),
        ];
        for (ai, p) in ais.iter_mut().zip([&a, &b]) {
            for (k, v) in &p.tuning {
                ai.set_tuning(k, *v)?;
            }
        }
        let variant = preset.variant();
        let mut board = Board::new(variant);
        let mut record: Vec<Pos> = Vec::new();
        for p in opening {
            board.place(p, Color::to_move_at(record.len()));
            record.push(p);
        }
        let result: Option<Color> = loop {
            let to_move = Color::to_move_at(record.len());
            if board.is_full() {
                break None;
            }
            let who = usize::from((to_move == Color::Black) != a_black);
            let player = if who == 0 { &a } else { &b };
            if let Some(f) = dump.as_mut() {
                dump_position(f, preset, &board, &record, to_move, g);
            }
            let t0 = Instant::now();
            let cpu0 = thread_cpu_ms();
            let thought = ais[who].choose_move(&board, to_move, &player.limits, &stop);
            let ms = t0.elapsed().as_millis();
            let cpu_ms = thread_cpu_ms()
                .zip(cpu0)
                .map_or(ms, |(b, a)| b.saturating_sub(a));
            times[who].push(ms);
            max_cpu_ms[who] = max_cpu_ms[who].max(cpu_ms);
            if player.limits.max_nodes.is_none() && ms > player.limits.think_time.as_millis() + 50 {
                overruns += 1;
            }
            if player.limits.max_nodes.is_none()
                && cpu_ms > player.limits.think_time.as_millis() + 50
            {
                cpu_overruns += 1;
            }
            let Some(t) = thought else { break None };
            let legal = board.is_empty(t.pos)
                && !(to_move == Color::Black && forbidden(&board, t.pos).is_some());
            if !legal {
                illegal += 1;
                break Some(to_move.opponent());
            }
            board.place(t.pos, to_move);
            record.push(t.pos);
            if board.is_win_at(t.pos) {
                break Some(to_move);
            }
        };
        let a_color = if a_black { Color::Black } else { Color::White };
        let verdict = match result {
            Some(c) if c == a_color => {
                wins += 1;
                "A wins"
            }
            Some(_) => {
                losses += 1;
                "B wins"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        let moves: Vec<String> = record
            .iter()
            .map(|&p| cell_name(p, variant.size()))
            .collect();
        println!(
            "game {g:3} A={} {verdict:7} {:3} moves  {}",
            a_color,
            record.len(),
            moves.join("")
        );
        std::io::stdout().flush().ok();
    }
    let pct = |v: &mut Vec<u128>, q: f64| {
        v.sort_unstable();
        v.get(((v.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    let score = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64 * 100.0;
    println!(
        "A {} vs B {} on {}: {games} games, A +{wins} -{losses} ={draws}, score {score:.1}%",
        a.level,
        b.level,
        preset.key()
    );
    for (i, name) in ["A", "B"].iter().enumerate() {
        let v = &mut times[i];
        println!(
            "{name} move time ms: p50 {} p90 {} p99 {} max {}",
            pct(v, 0.5),
            pct(v, 0.9),
            pct(v, 0.99),
            pct(v, 1.0)
        );
    }
    println!(
        "illegal moves {illegal}, time overruns (>50 ms late) {overruns} on the wall clock, {cpu_overruns} in CPU time \
         (max CPU ms per move: A {}, B {})",
        max_cpu_ms[0], max_cpu_ms[1]
    );
    Ok(())
}

/// Writes tactical-suite candidates: positions with a win by continuous fours (every winning first
/// move listed) and positions where the only defences against one are few.
fn dump_position(
    f: &mut std::fs::File,
    preset: Preset,
    board: &Board,
    record: &[Pos],
    to_move: Color,
    game: usize,
) {
    let size = preset.variant().size();
    let names = |v: &[Pos]| {
        v.iter()
            .map(|&p| cell_name(p, size))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let wins = vcf_first_moves(board, to_move, 2_000_000);
    if !wins.is_empty() {
        let _ = writeln!(
            f,
            "{} | {} | {} | {to_move} wins by continuous fours (self-play game {game}, move {})",
            preset.key(),
            names(record),
            names(&wins),
            record.len() + 1
        );
        return;
    }
    if let Some(def) = vcf_defences(board, to_move, 2_000_000)
        && !def.is_empty()
        && def.len() <= 6
    {
        {
            let _ = writeln!(
                f,
                "{} | {} | {} | {to_move} must stop a win by continuous fours (self-play game {game}, move {})",
                preset.key(),
                names(record),
                names(&def),
                record.len() + 1
            );
        }
    }
}

/// CPU milliseconds this thread has used (Linux `/proc`, 10 ms ticks); `None` elsewhere.
fn thread_cpu_ms() -> Option<u128> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u128>().ok()? + fields.get(12)?.parse::<u128>().ok()?;
    Some(ticks * 10)
}

fn parse_cell(s: &str, size: u8) -> Result<Pos, String> {
    let x = s
        .as_bytes()
        .first()
        .copied()
        .ok_or("empty cell")?
        .wrapping_sub(b'a');
    let row: u8 = s[1..].parse().map_err(|_| format!("bad cell {s}"))?;
    if x >= size || row == 0 || row > size {
        return Err(format!("bad cell {s}"));
    }
    Ok(Pos::new(x, size - row))
}

/// Random four-stone openings in the central 5×5 square that Expert scores near zero.
fn make_openings(preset: Preset, n: usize, seed: u64) {
    let variant = preset.variant();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    };
    let stop = AtomicBool::new(false);
    let mut found = 0;
    while found < n {
        let mut board = Board::new(variant);
        let mut moves = Vec::new();
        while moves.len() < 4 {
            let p = Pos::new(5 + next(5) as u8, 5 + next(5) as u8);
            let color = Color::to_move_at(moves.len());
            if board.is_empty(p) && !(color == Color::Black && forbidden(&board, p).is_some()) {
                board.place(p, color);
                moves.push(p);
            }
        }
        let mut ai = Ai::new(Level::Expert, 1);
        let Some(t) = ai.choose_move(&board, Color::Black, &SearchLimits::nodes(300_000), &stop)
        else {
            continue;
        };
        if std::env::var("TENGEN_DEBUG").is_ok() {
            eprintln!("score {}", t.score);
        }
        if t.score.abs() <= 300 {
            let names: Vec<String> = moves
                .iter()
                .map(|&p| cell_name(p, variant.size()))
                .collect();
            println!("{}", names.join(" "));
            found += 1;
        }
    }
}
