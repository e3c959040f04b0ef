//! SGF game records for gomoku (`GM[4]`):
//! `(;FF[4]GM[4]DT[..]AP[..]CA[UTF-8]SZ[15]RU[renju]PB[..]PW[..]RE[B+];B[hh];W[ih]...)`.
//!
//! A record may start from a set-up position: `AB`/`AW` stones in the root node (single points or
//! `aa:cc` rectangles) and `PL` for the side to play first. Comments `C` are kept, one per move.
//!
//! Points are two letters from the top-left corner, `a` = 0, column first. The reader follows the main line
//! (the first variation at each branch), skips unknown properties, honours `\]` and `\\` escapes, and
//! reports errors with line and column. `RU` holds the rule name (`freestyle`, `standard`, `renju`), followed
//! by the win length when it is not the board's default (`RU[freestyle 4]` on 7×7).

use std::fmt;
use std::str::FromStr;

use crate::core::{Color, Pos, Rule, Variant};
use crate::game::{Game, Outcome, PlayError};

pub use super::sgf_scan::ParseSgfError;
use super::sgf_scan::{At, Property, scan};

/// The result recorded in a game file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    BlackWins,
    WhiteWins,
    Draw,
}

impl GameResult {
    /// The result of a finished game, `None` while it is still going.
    pub fn of(game: &Game) -> Option<GameResult> {
        game.outcome().map(|o| match o {
            Outcome::Win {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Win {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Draw => GameResult::Draw,
        })
    }

    /// The SGF `RE` value: `B+`, `W+` or `0`.
    pub const fn sgf_code(self) -> &'static str {
        match self {
            GameResult::BlackWins => "B+",
            GameResult::WhiteWins => "W+",
            GameResult::Draw => "0",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::BlackWins => "black wins",
            GameResult::WhiteWins => "white wins",
            GameResult::Draw => "draw",
        })
    }
}

/// A gomoku game record as SGF holds it. Parsing checks the format only; [`Sgf::to_game`] replays the
/// moves under the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sgf {
    pub variant: Variant,
    /// `PB`: the black player's name.
    pub black: Option<String>,
    /// `PW`: the white player's name.
    pub white: Option<String>,
    /// `RE`; unknown or void results read as `None`.
    pub result: Option<GameResult>,
    /// What `RE` says beyond the result, as SGF FF4 writes it: after `B+` or `W+`, `R` (resigned),
    /// `T` (time), `F` (forfeit) or a score; or `Void` (no result). `None` for a bare `B+`, `W+`, `0`.
    pub result_detail: Option<String>,
    /// `DT`, the date the game was played, e.g. `2026-11-21` (read from the root node only).
    pub date: Option<String>,
    /// `AP`, the program that wrote the record, e.g. `Tengen:0.1.0` (read from the root node only).
    pub application: Option<String>,
    /// `TM`, each side's main time in seconds, as written (root node only).
    pub time_limit: Option<String>,
    /// `OT`, the overtime's description in free text, as written (root node only): Tengen writes
    /// `fischer +2`, `byo-yomi 3x30` or `10/move`.
    pub overtime: Option<String>,
    /// `AB`/`AW` in the root node: stones set up before the first move, black ones first.
    pub setup: Vec<(Pos, Color)>,
    /// `PL`: the side to play first; when absent, see [`Sgf::first_to_move`].
    pub to_move: Option<Color>,
    /// The main line, alternating from [`Sgf::first_to_move`].
    pub moves: Vec<Pos>,
    /// `C` of the root node: a comment on the whole record.
    pub comment: Option<String>,
    /// `C` of each move's node, by move index; shorter than `moves` or empty strings where there is none.
    pub move_comments: Vec<String>,
    /// `BL`/`WL` of each move's node: the mover's time left after it, by move index; shorter than
    /// `moves` or `None` where the record does not say.
    pub time_left: Vec<Option<std::time::Duration>>,
}

impl Sgf {
    /// The record of `game` (no player names).
    pub fn from_game(game: &Game) -> Sgf {
        Sgf {
            variant: game.variant(),
            black: None,
            white: None,
            result: GameResult::of(game),
            result_detail: None,
            date: None,
            application: None,
            time_limit: None,
            overtime: None,
            setup: game.setup().to_vec(),
            to_move: (!game.setup().is_empty() || game.first_to_move() != Color::Black)
                .then_some(game.first_to_move()),
            moves: game.moves().to_vec(),
            comment: None,
            move_comments: Vec::new(),
            time_left: Vec::new(),
        }
    }

    /// The side to play the first move: `PL` when given; else white when the setup has more black
    /// stones than white ones (as alternating play would), else black.
    pub fn first_to_move(&self) -> Color {
        self.to_move.unwrap_or_else(|| {
            let black = self.setup.iter().filter(|s| s.1 == Color::Black).count();
            if black > self.setup.len() - black {
                Color::White
            } else {
                Color::Black
            }
        })
    }

    /// Sets up the position and replays the moves under the variant's rules; on an illegal move, its
    /// 0-based index and why (a setup point given twice is reported at index 0).
    pub fn to_game(&self) -> Result<Game, (usize, PlayError)> {
        Game::from_record(self.variant, &self.setup, self.first_to_move(), &self.moves)
    }
}

/// The win length a board of side `size` gets when `RU` does not give one.
fn default_win_len(size: u8) -> u8 {
    size.min(5)
}

fn parse_rule(value: &str, at: At) -> Result<(Rule, Option<u8>), ParseSgfError> {
    let mut words = value.split_whitespace();
    let name = words.next().unwrap_or("").to_ascii_lowercase();
    // c-gomoku-cli writes the Gomocup protocol's rule code (`RU[0]`, `RU[4]`).
    let code = name.parse::<u32>().ok();
    let rule = if let Some(code) = code {
        crate::rule_from_code(code).map_err(|e| at.error(format!("RU[{value}]: {e}")))?
    } else if name.contains("renju") || name == "rif" || name == "yamaguchi" || name == "soosorv" {
        Rule::Renju
    } else if name.contains("standard") || name.contains("exact") {
        Rule::Standard
    } else if name.is_empty() || name.contains("free") || name == "gomoku" {
        Rule::Freestyle
    } else {
        return Err(at.error(format!(
            "RU[{value}]: unknown rule (expected freestyle, standard or renju)"
        )));
    };
    let win_len = match words.next() {
        None => None,
        Some(w) => Some(
            w.parse::<u8>()
                .map_err(|_| at.error(format!("RU[{value}]: {w:?} is not a win length")))?,
        ),
    };
    if let Some(extra) = words.next() {
        return Err(at.error(format!("RU[{value}]: unexpected {extra:?}")));
    }
    Ok((rule, win_len))
}

fn parse_size(value: &str, at: At) -> Result<u8, ParseSgfError> {
    let bad = || at.error(format!("SZ[{value}] is not a board size"));
    let (w, h) = match value.split_once(':') {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (value.trim(), value.trim()),
    };
    let w: u8 = w.parse().map_err(|_| bad())?;
    let h: u8 = h.parse().map_err(|_| bad())?;
    if w != h {
        return Err(at.error(format!("SZ[{value}]: only square boards are supported")));
    }
    Ok(w)
}

fn parse_result(value: &str) -> Option<GameResult> {
    let v = value.trim();
    let upper = v.to_ascii_uppercase();
    if upper.starts_with("B+") {
        Some(GameResult::BlackWins)
    } else if upper.starts_with("W+") {
        Some(GameResult::WhiteWins)
    } else if v == "0" || upper == "DRAW" || upper == "JIGO" {
        Some(GameResult::Draw)
    } else {
        None
    }
}

/// What `RE` says beyond the result: the text after `B+`/`W+`, or `Void`.
fn parse_result_detail(value: &str) -> Option<String> {
    let v = value.trim();
    let upper = v.to_ascii_uppercase();
    if upper == "VOID" {
        return Some("Void".to_owned());
    }
    let rest = v
        .get(2..)
        .filter(|_| upper.starts_with("B+") || upper.starts_with("W+"))?;
    (!rest.is_empty()).then(|| rest.to_owned())
}

impl FromStr for Sgf {
    type Err = ParseSgfError;

    /// Reads the first game of an SGF collection. Text before the first `(` is ignored.
    fn from_str(text: &str) -> Result<Sgf, ParseSgfError> {
        Sgf::from_nodes(&scan(text)?.main_line())
    }
}

impl Sgf {
    /// The record of a main line's nodes: the header from them (as today's reader always did) and
    /// their moves.
    pub(super) fn from_nodes(nodes: &[&Vec<Property>]) -> Result<Sgf, ParseSgfError> {
        let props = || nodes.iter().flat_map(|n| n.iter());
        let first = |id: &str| {
            props()
                .find(|p| p.ident == id)
                .map(|p| (&p.values[0].0, p.values[0].1))
        };
        // Date and application describe the record as a whole: only the root node's count.
        let root = |id: &str| {
            nodes
                .first()
                .and_then(|node| node.iter().find(|p| p.ident == id))
                .map(|p| p.values[0].0.clone())
        };

        if let Some((gm, at)) = first("GM")
            && gm.trim() != "4"
        {
            return Err(at.error(format!("GM[{gm}] is not a gomoku record (GM[4])")));
        }
        if let Some(p) = props().find(|p| p.ident == "AE") {
            return Err(p
                .at
                .error("AE (removing stones) is not supported in a gomoku record"));
        }
        if let Some(p) = nodes
            .iter()
            .skip(1)
            .flat_map(|n| n.iter())
            .find(|p| matches!(p.ident.as_str(), "AB" | "AW"))
        {
            return Err(p.at.error(format!(
                "setup stones ({}) after the first node are not supported: set the position up in the root node",
                p.ident
            )));
        }
        let size = match first("SZ") {
            Some((v, at)) => parse_size(v, at)?,
            None => 15,
        };
        let (rule, win_len) = match first("RU") {
            Some((v, at)) => parse_rule(v, at)?,
            None => (Rule::Freestyle, None),
        };
        let win_len = win_len.unwrap_or_else(|| default_win_len(size));
        let variant = Variant::new(size, win_len, rule).map_err(|e| {
            let at = first("SZ")
                .or(first("RU"))
                .map_or(At { line: 1, column: 1 }, |(_, at)| at);
            at.error(e.to_string())
        })?;

        let mut setup = Vec::new();
        for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let values = nodes
                .first()
                .into_iter()
                .flat_map(|n| n.iter())
                .filter(|p| p.ident == ident);
            for (value, at) in values.flat_map(|p| &p.values) {
                for pos in parse_points(value, *at, variant)? {
                    setup.push((pos, color));
                }
            }
        }
        let to_move = match first("PL") {
            None => None,
            Some((v, at)) => Some(match v.trim().to_ascii_uppercase().as_str() {
                "B" | "1" => Color::Black,
                "W" | "2" => Color::White,
                _ => return Err(at.error(format!("PL[{v}] is not B or W"))),
            }),
        };
        let first_mover = Sgf {
            setup: setup.clone(),
            to_move,
            ..Sgf::empty(variant)
        }
        .first_to_move();

        let mut moves = Vec::new();
        let mut move_comments = Vec::new();
        let mut time_left = Vec::new();
        for node in nodes {
            let expected = if moves.len().is_multiple_of(2) {
                first_mover
            } else {
                first_mover.opponent()
            };
            let Some(pos) = read_move(node, moves.len() + 1, expected, variant)? else {
                continue;
            };
            moves.push(pos);
            move_comments.push(comment_of(node).unwrap_or_default());
            time_left.push(time_left_of(node, expected));
        }
        while move_comments.last().is_some_and(String::is_empty) {
            move_comments.pop();
        }
        while time_left.last().is_some_and(Option::is_none) {
            time_left.pop();
        }

        Ok(Sgf {
            variant,
            black: first("PB").map(|(v, _)| v.clone()),
            white: first("PW").map(|(v, _)| v.clone()),
            result: first("RE").and_then(|(v, _)| parse_result(v)),
            result_detail: first("RE").and_then(|(v, _)| parse_result_detail(v)),
            date: root("DT"),
            application: root("AP"),
            time_limit: root("TM"),
            overtime: root("OT"),
            setup,
            to_move,
            moves,
            comment: nodes.first().and_then(|n| comment_of(n)),
            move_comments,
            time_left,
        })
    }
}

impl Sgf {
    /// A record of no moves on `variant`: the base the reader fills in.
    fn empty(variant: Variant) -> Sgf {
        Sgf {
            variant,
            black: None,
            white: None,
            result: None,
            result_detail: None,
            date: None,
            application: None,
            time_limit: None,
            overtime: None,
            setup: Vec::new(),
            to_move: None,
            moves: Vec::new(),
            comment: None,
            move_comments: Vec::new(),
            time_left: Vec::new(),
        }
    }
}

/// `BL`/`WL` of a move's node for `mover`: seconds, a real number; anything else is not read.
fn time_left_of(node: &[Property], mover: Color) -> Option<std::time::Duration> {
    let ident = if mover == Color::Black { "BL" } else { "WL" };
    let value = &node.iter().find(|p| p.ident == ident)?.values.first()?.0;
    let seconds: f64 = value.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| std::time::Duration::from_secs_f64(seconds))
}

/// The text of a node's comment `C`, if it has one.
pub(super) fn comment_of(node: &[Property]) -> Option<String> {
    node.iter()
        .find(|p| p.ident == "C")
        .map(|p| p.values[0].0.clone())
}

/// The move of a node (`B[..]` or `W[..]`), checked: one per node, by `expected` (the side to
/// play), not a pass, on the board; `None` for a node without a move. `number` is its 1-based move
/// number in its line, for the error.
pub(super) fn read_move(
    node: &[Property],
    number: usize,
    expected: Color,
    variant: Variant,
) -> Result<Option<Pos>, ParseSgfError> {
    let mut in_node = node.iter().filter(|p| p.ident == "B" || p.ident == "W");
    let Some(mv) = in_node.next() else {
        return Ok(None);
    };
    let fail = |at: At, what: String| ParseSgfError {
        move_number: Some(number),
        ..at.error(what)
    };
    if let Some(other) = in_node.next() {
        return Err(fail(other.at, "a node holds two moves".into()));
    }
    let color = if mv.ident == "B" {
        Color::Black
    } else {
        Color::White
    };
    if color != expected {
        return Err(fail(
            mv.at,
            format!("{}[..] but {} is to play", mv.ident, color.opponent()),
        ));
    }
    let (value, at) = (&mv.values[0].0, mv.values[0].1);
    if value.trim().is_empty() {
        return Err(fail(at, "a pass is not a gomoku move".into()));
    }
    parse_point(value, variant)
        .map(Some)
        .map_err(|what| fail(at, what))
}

/// A point `hh`: two letters from the top-left corner, on the board.
pub(super) fn parse_point(value: &str, variant: Variant) -> Result<Pos, String> {
    let letters: Vec<char> = value.trim().chars().collect();
    let coord = |c: char| c.is_ascii_lowercase().then(|| c as u8 - b'a');
    let pos = match letters[..] {
        [cx, cy] => match (coord(cx), coord(cy)) {
            (Some(x), Some(y)) => Pos::new(x, y),
            _ => return Err(format!("[{value}] is not a point (two letters a..)")),
        },
        _ => return Err(format!("[{value}] is not a point (two letters a..)")),
    };
    if !variant.contains(pos) {
        let size = variant.size();
        return Err(format!("[{value}] is off the {size}x{size} board"));
    }
    Ok(pos)
}

/// The points of a setup value: one point `hh`, or a rectangle `aa:cc` (corners included).
pub(super) fn parse_points(
    value: &str,
    at: At,
    variant: Variant,
) -> Result<Vec<Pos>, ParseSgfError> {
    let (from, to) = match value.split_once(':') {
        Some((a, b)) => (a, b),
        None => (value, value),
    };
    let from = parse_point(from, variant).map_err(|e| at.error(e))?;
    let to = parse_point(to, variant).map_err(|e| at.error(e))?;
    let (x0, x1) = (from.x.min(to.x), from.x.max(to.x));
    let (y0, y1) = (from.y.min(to.y), from.y.max(to.y));
    Ok((y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y)))
        .collect())
}

/// A point as SGF writes it: two letters from the top-left corner.
pub(super) fn point_name(p: Pos) -> String {
    [(b'a' + p.x) as char, (b'a' + p.y) as char]
        .iter()
        .collect()
}

/// Writes an SGF value with `\` and `]` escaped.
pub(super) fn write_value(f: &mut fmt::Formatter<'_>, ident: &str, value: &str) -> fmt::Result {
    write!(f, "{ident}[")?;
    for c in value.chars() {
        if c == ']' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("]")
}

impl Sgf {
    /// The root node's properties, up to and including `comment` (the record's own or a tree's root's).
    pub(super) fn write_root(
        &self,
        f: &mut fmt::Formatter<'_>,
        comment: Option<&str>,
    ) -> fmt::Result {
        let size = self.variant.size();
        f.write_str("(;FF[4]GM[4]")?;
        if let Some(date) = &self.date {
            write_value(f, "DT", date)?;
        }
        if let Some(application) = &self.application {
            write_value(f, "AP", application)?;
        }
        write!(f, "CA[UTF-8]SZ[{size}]RU[{}", self.variant.rule())?;
        if self.variant.win_len() != default_win_len(size) {
            write!(f, " {}", self.variant.win_len())?;
        }
        f.write_str("]")?;
        if let Some(b) = &self.black {
            write_value(f, "PB", b)?;
        }
        if let Some(w) = &self.white {
            write_value(f, "PW", w)?;
        }
        match (self.result, self.result_detail.as_deref()) {
            (Some(GameResult::Draw) | None, Some("Void")) => f.write_str("RE[Void]")?,
            (Some(GameResult::Draw), _) => f.write_str("RE[0]")?,
            (Some(r), detail) => write_value(
                f,
                "RE",
                &format!("{}{}", r.sgf_code(), detail.unwrap_or("")),
            )?,
            (None, _) => {}
        }
        if let Some(limit) = &self.time_limit {
            write_value(f, "TM", limit)?;
        }
        if let Some(overtime) = &self.overtime {
            write_value(f, "OT", overtime)?;
        }
        for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let mut stones = self.setup.iter().filter(|s| s.1 == color).peekable();
            if stones.peek().is_some() {
                f.write_str(ident)?;
                for &(p, _) in stones {
                    write!(f, "[{}]", point_name(p))?;
                }
            }
        }
        if let Some(color) = self.to_move {
            write!(f, "PL[{}]", if color == Color::Black { "B" } else { "W" })?;
        }
        if let Some(comment) = comment {
            write_value(f, "C", comment)?;
        }
        Ok(())
    }
}

impl fmt::Display for Sgf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_root(f, self.comment.as_deref())?;
        let first = self.first_to_move();
        for (i, &p) in self.moves.iter().enumerate() {
            let mover = if i.is_multiple_of(2) {
                first
            } else {
                first.opponent()
            };
            let who = if mover == Color::Black { "B" } else { "W" };
            write!(f, ";{who}[{}]", point_name(p))?;
            if let Some(comment) = self.move_comments.get(i).filter(|c| !c.is_empty()) {
                write_value(f, "C", comment)?;
            }
            if let Some(Some(left)) = self.time_left.get(i) {
                // Tenths of a second, as clocks show them.
                write!(f, "{who}L[{:.1}]", left.as_secs_f64())?;
            }
        }
        f.write_str(")\n")
    }
}
