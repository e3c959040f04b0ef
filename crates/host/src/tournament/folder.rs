//! A tournament's folder: each finished game as SGF, and `tournament.txt`, the plan and the
//! results so far, from which a stopped tournament (or one of an app that was closed) resumes.
//!
//! `tournament.txt` is plain text, one fact per line (tab-separated fields):
//! `rule`, `size`, `games` (per pairing), `per_move_ms`, `per_game_ms`, `increment_ms`,
//! `margin_ms`, `concurrency`, `engine NAME COMMAND [KEY=VALUE…]`, `opening TEXT`, and for each
//! finished game `game NUMBER RESULT MOVES [FORFEIT WHY]` (RESULT as SGF's `RE`: `B+`, `W+`, `0`).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use tengen_engine::{Color, GameResult, Rule, Sgf, Variant};

use super::Plan;
use super::game::{Finished, Seat, TimeControl};
use super::openings::parse_openings;
use super::schedule::Scheduled;
use super::stats::Forfeit;
use super::table::Played;

/// The resume file's name in a tournament's folder.
pub const RESUME_FILE: &str = "tournament.txt";

/// The resume file's first lines: the plan.
pub fn plan_text(plan: &Plan) -> String {
    let mut out = String::from("# Tengen tournament: the plan, then each finished game.\n");
    let ms = |d: Duration| d.as_millis();
    let _ = writeln!(out, "rule\t{}", plan.variant.rule().name());
    let _ = writeln!(out, "size\t{}", plan.variant.size());
    let _ = writeln!(out, "games\t{}", plan.games_per_pairing);
    let _ = writeln!(out, "per_move_ms\t{}", ms(plan.time.per_move));
    let _ = writeln!(out, "per_game_ms\t{}", ms(plan.time.per_game));
    let _ = writeln!(out, "increment_ms\t{}", ms(plan.time.increment));
    let _ = writeln!(out, "margin_ms\t{}", ms(plan.time.margin));
    let _ = writeln!(out, "concurrency\t{}", plan.concurrency);
    for seat in &plan.entrants {
        let _ = write!(
            out,
            "engine\t{}\t{}",
            one_line(&seat.name),
            one_line(&seat.command)
        );
        for (key, value) in &seat.extra {
            let _ = write!(out, "\t{}={}", one_line(key), one_line(value));
        }
        out.push('\n');
    }
    for opening in &plan.openings {
        let _ = writeln!(out, "opening\t{}", one_line(&opening.text));
    }
    out
}

/// Tabs and line breaks would split a field: they become spaces.
fn one_line(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

/// One finished game's line.
pub fn game_line(played: &Played) -> String {
    let mut line = format!(
        "game\t{}\t{}\t{}",
        played.number,
        played.result.sgf_code(),
        played.moves
    );
    if let Some((kind, why)) = &played.forfeit {
        let _ = write!(line, "\t{}\t{}", kind.kind_name(), one_line(why));
    }
    line.push('\n');
    line
}

fn rule_named(name: &str) -> Option<Rule> {
    [Rule::Freestyle, Rule::Standard, Rule::Renju]
        .into_iter()
        .find(|r| r.name() == name)
}

fn result_coded(code: &str) -> Option<GameResult> {
    [
        GameResult::BlackWins,
        GameResult::WhiteWins,
        GameResult::Draw,
    ]
    .into_iter()
    .find(|r| r.sgf_code() == code)
}

/// Reads a resume file: the plan (its folder set to `folder`) and the games played, each matched
/// to the schedule by its number. Bad lines are named by number, never a panic.
pub fn read_resume(text: &str, folder: &Path) -> Result<(Plan, Vec<Played>), String> {
    let mut fields: std::collections::HashMap<&str, &str> = Default::default();
    let (mut entrants, mut openings, mut games) = (Vec::new(), Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("{RESUME_FILE} line {}: {what}", i + 1);
        let parts: Vec<&str> = line.split('\t').collect();
        match parts[..] {
            [] | [""] => {}
            [first, ..] if first.starts_with('#') => {}
            ["engine", name, command, ref extra @ ..] => entrants.push(Seat {
                name: name.to_owned(),
                command: command.to_owned(),
                extra: extra
                    .iter()
                    .filter_map(|kv| kv.split_once('='))
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect(),
            }),
            ["opening", text] => openings.push(text),
            ["game", ..] => games.push((i + 1, parts)),
            [key, value] => {
                fields.insert(key, value);
            }
            _ => return Err(bad("not a line of a tournament")),
        }
    }
    let number = |key: &str| -> Result<u64, String> {
        let value = fields
            .get(key)
            .ok_or(format!("{RESUME_FILE} has no {key}"))?;
        value
            .parse()
            .map_err(|_| format!("{RESUME_FILE}: {key} '{value}' is not a number"))
    };
    let ms = |key: &str| number(key).map(Duration::from_millis);
    let rule = fields
        .get("rule")
        .and_then(|r| rule_named(r))
        .ok_or(format!("{RESUME_FILE} names no known rule"))?;
    let size = u8::try_from(number("size")?).unwrap_or(0);
    let variant = Variant::new(size, 5, rule).map_err(|e| format!("{RESUME_FILE}: {e}"))?;
    let openings = parse_openings(&openings.join("\n"), variant)
        .map_err(|e| format!("{RESUME_FILE}, openings: {e}"))?;
    let plan = Plan {
        entrants,
        games_per_pairing: number("games")? as usize,
        variant,
        openings,
        time: TimeControl {
            per_move: ms("per_move_ms")?,
            per_game: ms("per_game_ms")?,
            increment: ms("increment_ms")?,
            margin: ms("margin_ms")?,
        },
        concurrency: number("concurrency")? as usize,
        folder: Some(folder.to_path_buf()),
    };
    plan.check()?;
    let schedule = plan.schedule();
    let played = games
        .into_iter()
        .map(|(line, parts)| {
            read_game(&parts, &schedule).ok_or(format!(
                "{RESUME_FILE} line {line}: not a game of this tournament"
            ))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((plan, played))
}

fn read_game(parts: &[&str], schedule: &[Scheduled]) -> Option<Played> {
    let number: usize = parts.get(1)?.parse().ok()?;
    let scheduled = schedule.get(number.checked_sub(1)?)?;
    let forfeit = match parts.get(4..6) {
        Some([kind, why]) => Some((Forfeit::from_kind_name(kind)?, (*why).to_owned())),
        _ => None,
    };
    Some(Played {
        number,
        black: scheduled.black,
        white: scheduled.white,
        result: result_coded(parts.get(2)?)?,
        forfeit,
        moves: parts.get(3)?.parse().ok()?,
    })
}

/// A name as a file name's part: letters, digits, `-`, `_` and `.` kept, the rest `_`.
fn file_part(name: &str) -> String {
    name.chars()
        .take(32)
        .map(|c| match c {
            c if c.is_ascii_alphanumeric() || "-_.".contains(c) => c,
            _ => '_',
        })
        .collect()
}

/// The SGF record of a finished game: names, result (`B+T` on time, `B+F` for another forfeit)
/// and the forfeit's words as the comment.
pub fn sgf_of(finished: &Finished, black: &str, white: &str) -> String {
    let mut sgf = Sgf::from_game(&finished.game);
    sgf.black = Some(black.to_owned());
    sgf.white = Some(white.to_owned());
    sgf.result = Some(finished.result);
    sgf.application = Some(format!("Tengen:{}", env!("CARGO_PKG_VERSION")));
    if let Some((color, kind, why)) = &finished.forfeit {
        sgf.result_detail = Some(if *kind == Forfeit::Time { "T" } else { "F" }.to_owned());
        let loser = if *color == Color::Black { black } else { white };
        sgf.comment = Some(format!("{loser} lost: {why}"));
    }
    sgf.to_string()
}

/// Where game `number` is saved in `folder`.
pub fn sgf_path(folder: &Path, number: usize, black: &str, white: &str) -> PathBuf {
    folder.join(format!(
        "game-{number:03}-{}-vs-{}.sgf",
        file_part(black),
        file_part(white)
    ))
}

/// Appends `text` to the resume file.
pub fn append(folder: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(folder.join(RESUME_FILE))?;
    file.write_all(text.as_bytes())
}
