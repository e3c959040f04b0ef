//! A Gomocup engine that misbehaves on purpose, for the host's tests: it answers `START` and
//! `ABOUT` like any engine, then fails its moves the way `--mode` says.
//!
//! Modes: `sane` plays the first empty point from the centre; `hang` never answers a move;
//! `crash` exits with status 3 when asked for a move; `late` answers after `--delay-ms`;
//! `occupied` plays a point that holds a stone; `fixed` always plays `--at x,y`; `garbage` prints
//! a line that is no move (and nothing else); `chatty` prints such a line before each move, as
//! engines print their search lines; `drop-word` misreads its first `TURN` as Rapfi sometimes does
//! (`ERROR Unknown command: x,y`, the word lost) and plays when it is sent again; `ignore-end` plays sanely but outlives `END` and its closed input;
//! `slow-start` never answers `START`; `refuse-start` answers it with `ERROR`; `evaluates` plays
//! sanely and says its evaluation first (`MESSAGE Depth 4 | Eval N`, N ten times the stones on
//! the board), as an analyst does.

use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Sane,
    Hang,
    Crash,
    Late,
    Occupied,
    Fixed,
    Garbage,
    Chatty,
    DropWord,
    IgnoreEnd,
    SlowStart,
    RefuseStart,
    Evaluates,
}

struct Options {
    mode: Mode,
    delay: Duration,
    at: String,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        mode: Mode::Sane,
        delay: Duration::from_millis(200),
        at: "0,0".to_owned(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--mode" => {
                options.mode = match value.as_str() {
                    "sane" => Mode::Sane,
                    "hang" => Mode::Hang,
                    "crash" => Mode::Crash,
                    "late" => Mode::Late,
                    "occupied" => Mode::Occupied,
                    "fixed" => Mode::Fixed,
                    "garbage" => Mode::Garbage,
                    "chatty" => Mode::Chatty,
                    "drop-word" => Mode::DropWord,
                    "ignore-end" => Mode::IgnoreEnd,
                    "slow-start" => Mode::SlowStart,
                    "refuse-start" => Mode::RefuseStart,
                    "evaluates" => Mode::Evaluates,
                    other => return Err(format!("unknown mode '{other}'")),
                }
            }
            "--delay-ms" => {
                let ms = value
                    .parse()
                    .map_err(|_| format!("--delay-ms {value}: not a number of milliseconds"))?;
                options.delay = Duration::from_millis(ms);
            }
            "--at" => options.at = value,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(options)
}

/// The stones it knows of, and the board side.
struct Board {
    size: i32,
    taken: Vec<(i32, i32)>,
}

impl Board {
    fn first_empty(&self) -> (i32, i32) {
        let c = self.size / 2;
        let mut points: Vec<(i32, i32)> = (0..self.size)
            .flat_map(|x| (0..self.size).map(move |y| (x, y)))
            .collect();
        points.sort_by_key(|&(x, y)| (x - c).abs().max((y - c).abs()));
        points
            .into_iter()
            .find(|p| !self.taken.contains(p))
            .unwrap_or((0, 0))
    }
}

fn point(text: &str) -> Option<(i32, i32)> {
    let mut parts = text.split(',');
    let x = parts.next()?.trim().parse().ok()?;
    let y = parts.next()?.trim().parse().ok()?;
    Some((x, y))
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(why) => {
            eprintln!("tengen-misbehave: {why}");
            std::process::exit(2);
        }
    };
    let mut board = Board {
        size: 15,
        taken: Vec::new(),
    };
    let mut out = std::io::stdout();
    let mut in_board = false;
    let mut dropped = false;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim().to_owned();
        let upper = line.to_ascii_uppercase();
        let mut say = |text: &str| {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        };
        if in_board {
            if upper == "DONE" {
                in_board = false;
                answer(&options, &mut board, &mut say);
            } else if let Some(p) = point(&line) {
                board.taken.push(p);
            }
            continue;
        }
        let (word, rest) = upper.split_once(' ').unwrap_or((&upper, ""));
        match word {
            "START" | "RESTART" => {
                board.size = rest.trim().parse().unwrap_or(board.size);
                board.taken.clear();
                match options.mode {
                    Mode::SlowStart => {}
                    Mode::RefuseStart => say("ERROR this board is not for me"),
                    _ => say("OK"),
                }
            }
            "ABOUT" => say(r#"name="Misbehave", version="1", author="Tengen tests", country="-""#),
            "INFO" => {}
            "BEGIN" => answer(&options, &mut board, &mut say),
            "TURN" if options.mode == Mode::DropWord && !dropped => {
                dropped = true;
                say(&format!("ERROR Unknown command: {}", rest.trim()));
            }
            "TURN" => {
                if let Some(p) = point(rest) {
                    board.taken.push(p);
                }
                answer(&options, &mut board, &mut say);
            }
            "BOARD" => {
                board.taken.clear();
                in_board = true;
            }
            "END" if options.mode != Mode::IgnoreEnd => return,
            "END" => {}
            _ => say(&format!("UNKNOWN {line}")),
        }
    }
    if options.mode == Mode::IgnoreEnd {
        // Outlives its closed input too: only a kill ends it.
        loop {
            std::thread::sleep(Duration::from_secs(60));
        }
    }
}

/// Answers a request for a move the way the mode says.
fn answer(options: &Options, board: &mut Board, say: &mut impl FnMut(&str)) {
    let play = |board: &mut Board, say: &mut dyn FnMut(&str)| {
        let p = board.first_empty();
        board.taken.push(p);
        say(&format!("{},{}", p.0, p.1));
    };
    match options.mode {
        Mode::Hang => {}
        Mode::Crash => std::process::exit(3),
        Mode::Late => {
            say("MESSAGE thinking slowly");
            std::thread::sleep(options.delay);
            play(board, say);
        }
        Mode::Occupied => match board.taken.first() {
            Some(&(x, y)) => say(&format!("{x},{y}")),
            None => play(board, say),
        },
        Mode::Fixed => say(&options.at),
        Mode::Garbage => say("the best move is obviously the centre"),
        Mode::Chatty => {
            say("- ev +v17 nd 1471 tm 3 sp 490");
            play(board, say);
        }
        Mode::Evaluates => {
            say(&format!(
                "MESSAGE Depth 4 | Eval {}",
                10 * board.taken.len()
            ));
            play(board, say);
        }
        Mode::Sane | Mode::DropWord | Mode::IgnoreEnd | Mode::SlowStart | Mode::RefuseStart => {
            play(board, say)
        }
    }
}
