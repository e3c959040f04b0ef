//! What an engine's output lines mean: a move, `OK`, the `ABOUT` answer, one of the protocol's
//! `MESSAGE`/`DEBUG`/`ERROR`/`UNKNOWN` lines, or garbage.

use tengen_engine::{About, Pos};

/// One line an engine printed, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `x,y` on the board.
    Move(Pos),
    /// `x,y` with a coordinate off the board (the line as printed).
    OffBoard(String),
    Ok,
    /// The answer to `ABOUT`.
    About(About),
    /// `MESSAGE`, `DEBUG`, `ERROR` or `UNKNOWN` with its text.
    Said(Said),
    /// A blank line: nothing.
    Blank,
    /// Anything else.
    Garbage(String),
}

/// A protocol line that is neither a move nor an answer, kept for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub kind: SaidKind,
    pub text: String,
}

/// Which of the protocol's free-text lines it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SaidKind {
    Message,
    Debug,
    Error,
    Unknown,
}

impl SaidKind {
    /// The protocol's word for it.
    pub fn word(self) -> &'static str {
        match self {
            SaidKind::Message => "MESSAGE",
            SaidKind::Debug => "DEBUG",
            SaidKind::Error => "ERROR",
            SaidKind::Unknown => "UNKNOWN",
        }
    }
}

impl Line {
    /// Reads one line of an engine on a board of side `size`.
    pub fn parse(line: &str, size: u8) -> Line {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() {
            return Line::Blank;
        }
        match parse_move(line, size) {
            Some(Ok(pos)) => return Line::Move(pos),
            Some(Err(())) => return Line::OffBoard(line.to_owned()),
            None => {}
        }
        let trimmed = line.trim();
        let (word, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let kind = match word.to_ascii_uppercase().as_str() {
            "OK" if rest.is_empty() => return Line::Ok,
            "MESSAGE" => SaidKind::Message,
            "DEBUG" => SaidKind::Debug,
            "ERROR" => SaidKind::Error,
            "UNKNOWN" => SaidKind::Unknown,
            _ => {
                return match parse_about(trimmed) {
                    Some(about) => Line::About(about),
                    None => Line::Garbage(line.to_owned()),
                };
            }
        };
        Line::Said(Said {
            kind,
            text: rest.trim().to_owned(),
        })
    }
}

/// Reads a move line `x,y`: `None` if the line is not a move at all, `Some(Err)` if it is a move
/// off the board. What counts as a move is c-gomoku-cli's reading (carriage returns dropped, one
/// comma, on each side a whole integer with only blanks before it), so that a line it would
/// ignore, leaving the engine to lose on time, is ignored here too.
pub fn parse_move(line: &str, size: u8) -> Option<Result<Pos, ()>> {
    let line = line.replace('\r', "");
    let (x, y) = line.split_once(',')?;
    let number = |s: &str| s.trim_start().parse::<i64>().ok();
    let (x, y) = (number(x)?, number(y)?);
    let on_board = |v: i64| (0..i64::from(size)).contains(&v);
    if on_board(x) && on_board(y) {
        // Both lie in 0..size, which fits a u8.
        Some(Ok(Pos::new(x as u8, y as u8)))
    } else {
        Some(Err(()))
    }
}

/// Reads an `ABOUT` answer, `key="value"` pairs separated by commas (values may hold commas);
/// `None` unless it names the engine.
pub fn parse_about(line: &str) -> Option<About> {
    let mut about = About {
        name: String::new(),
        version: String::new(),
        author: String::new(),
        country: String::new(),
    };
    let mut rest = line.trim();
    while !rest.is_empty() {
        let (key, after) = rest.split_once('=')?;
        let after = after.trim_start().strip_prefix('"')?;
        let (value, tail) = after.split_once('"')?;
        match key.trim().to_ascii_lowercase().as_str() {
            "name" => about.name = value.to_owned(),
            "version" => about.version = value.to_owned(),
            "author" => about.author = value.to_owned(),
            "country" => about.country = value.to_owned(),
            // www, email and the like: kept out, not refused.
            _ => {}
        }
        rest = tail.trim_start().trim_start_matches(',').trim_start();
    }
    (!about.name.is_empty()).then_some(about)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_are_told_from_chatter() {
        assert_eq!(parse_move("7,8", 15), Some(Ok(Pos::new(7, 8))));
        assert_eq!(parse_move(" 7, +8\r", 15), Some(Ok(Pos::new(7, 8))));
        // c-gomoku-cli ignores these lines: a blank after a number, a second comma.
        assert_eq!(parse_move("7 ,8", 15), None);
        assert_eq!(parse_move("7,8 ", 15), None);
        assert_eq!(parse_move("7,8,1", 15), None);
        assert_eq!(parse_move("seven,eight", 15), None);
        assert_eq!(parse_move("15,8", 15), Some(Err(())));
        assert_eq!(parse_move("-1,8", 15), Some(Err(())));
        assert_eq!(parse_move("OK", 15), None);
        assert_eq!(parse_move("depth 3, ev 5", 15), None);
    }

    #[test]
    fn about_lines_name_the_engine_and_keep_commas_inside_values() {
        let about = parse_about(
            r#"name="Rapfi", version="0.43, 2024", author="Rapfi developers", country="China", www="x""#,
        )
        .expect("an about line");
        assert_eq!(about.name, "Rapfi");
        assert_eq!(about.version, "0.43, 2024");
        assert_eq!(about.author, "Rapfi developers");
        assert_eq!(about.country, "China");
        assert_eq!(parse_about(r#"version="1""#), None);
        assert_eq!(parse_about("name=Rapfi"), None);
        assert_eq!(parse_about("hello"), None);
    }

    #[test]
    fn lines_are_read_by_their_first_word() {
        assert_eq!(Line::parse("OK\r", 15), Line::Ok);
        assert_eq!(Line::parse("  ", 15), Line::Blank);
        assert_eq!(Line::parse("7,7", 15), Line::Move(Pos::new(7, 7)));
        assert_eq!(Line::parse("20,7", 15), Line::OffBoard("20,7".to_owned()));
        assert_eq!(
            Line::parse("MESSAGE depth 5 ev 30", 15),
            Line::Said(Said {
                kind: SaidKind::Message,
                text: "depth 5 ev 30".to_owned()
            })
        );
        assert!(matches!(
            Line::parse("error bad", 15),
            Line::Said(Said {
                kind: SaidKind::Error,
                ..
            })
        ));
        assert_eq!(
            Line::parse("hello world", 15),
            Line::Garbage("hello world".to_owned())
        );
        assert!(matches!(
            Line::parse(r#"name="pbrain-x""#, 15),
            Line::About(_)
        ));
    }
}
