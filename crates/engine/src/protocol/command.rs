//! The manager's lines read into typed commands: one table knows every command's name, one parser
//! its arguments. Reading never looks at the game; whether a well-formed command can be obeyed now
//! (a board yet, a point on it, a legal move) is the session's question.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::PROTOCOL_MIN_SIZE;

/// A command word the protocol knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    Start,
    RectStart,
    Restart,
    Begin,
    Turn,
    Board,
    YxBoard,
    Done,
    Takeback,
    Info,
    End,
    About,
    YxShowForbid,
    YxStop,
}

/// Every command word with its spelling on the wire, the one place that names them.
const KEYWORDS: [(&str, Keyword); 14] = [
    ("START", Keyword::Start),
    ("RECTSTART", Keyword::RectStart),
    ("RESTART", Keyword::Restart),
    ("BEGIN", Keyword::Begin),
    ("TURN", Keyword::Turn),
    ("BOARD", Keyword::Board),
    ("YXBOARD", Keyword::YxBoard),
    ("DONE", Keyword::Done),
    ("TAKEBACK", Keyword::Takeback),
    ("INFO", Keyword::Info),
    ("END", Keyword::End),
    ("ABOUT", Keyword::About),
    ("YXSHOWFORBID", Keyword::YxShowForbid),
    ("YXSTOP", Keyword::YxStop),
];

impl Keyword {
    /// The keyword a word spells, in any letter case.
    pub fn from_word(word: &str) -> Option<Keyword> {
        KEYWORDS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(word))
            .map(|&(_, keyword)| keyword)
    }

    /// The word as the protocol writes it.
    pub fn name(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|&&(_, keyword)| keyword == self)
            .map_or("?", |&(name, _)| name)
    }
}

/// Which of the two position-setting commands is collecting stone lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// `BOARD`: set the position, then answer a move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
}

impl Setup {
    pub fn name(self) -> &'static str {
        match self {
            Setup::Board => Keyword::Board.name(),
            Setup::YxBoard => Keyword::YxBoard.name(),
        }
    }
}

/// A point as the manager wrote it: numbers, not yet checked against the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub x: i64,
    pub y: i64,
    /// The text it was read from, quoted back when the point is off the board.
    pub written: String,
}

/// One `INFO key value` setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    TimeoutTurn(Duration),
    TimeoutMatch(Duration),
    /// A late manager may report a negative time left: it is read as none at all.
    TimeLeft(Duration),
    /// `time_increment` (a Yixin-Board extension): added to the match clock after each move.
    TimeIncrement(Duration),
    MaxMemory(u64),
    /// Threads the brain may use (`thread_num`).
    ThreadNum(u32),
    GameType(u32),
    /// The raw rule code; [`super::rule_from_code`] says what it means.
    Rule(u32),
    Folder(String),
    /// A key Tengen does not use (`evaluate`, ...): the protocol says to ignore it.
    Ignored,
}

/// One manager command with its arguments read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(u8),
    RectStart { width: u8, height: u8 },
    Restart,
    Begin,
    Turn(Point),
    Setup(Setup),
    Done,
    Takeback(Point),
    Info(Info),
    End,
    About,
    YxShowForbid,
    YxStop,
}

/// Why a line is not a command the protocol can read. Its text is the plain-words explanation the
/// manager gets after `ERROR ` (or `UNKNOWN ` for an unknown word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word is no command of this protocol.
    Unknown(String),
    /// A bad board size after `START` or `RECTSTART`.
    Size(Keyword, SizeError),
    /// `RECTSTART` without `width,height`.
    RectangleShape(String),
    /// `TURN` or `TAKEBACK` without a readable `x,y`.
    Point(Keyword, PointError),
    /// `INFO` without a key.
    InfoKey,
    /// An `INFO` value that is not the number the key needs; `unit` words what it counts.
    InfoValue {
        key: String,
        value: String,
        unit: &'static str,
    },
}

/// Why a board size cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    NotANumber(String),
    Unsupported(u32),
}

/// Why `x,y` (or a `BOARD` line's `x,y,field`) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointError {
    /// Not two (or three) comma-separated parts.
    Shape(String),
    NotNumbers(String),
    Field {
        field: String,
        line: String,
    },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::NotANumber(text) => write!(f, "'{text}' is not a board size"),
            SizeError::Unsupported(size) => write!(
                f,
                "unsupported size {size}; Tengen plays {PROTOCOL_MIN_SIZE} to {}",
                crate::MAX_SIZE
            ),
        }
    }
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Shape(text) => write!(f, "expected x,y, got '{text}'"),
            PointError::NotNumbers(text) => write!(f, "coordinates are not numbers in '{text}'"),
            PointError::Field { field, line } => {
                write!(f, "field '{field}' in '{line}' is not a number")
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(word) => write!(f, "command {word}"),
            ParseError::Size(keyword, e) => write!(f, "{}: {e}", keyword.name()),
            ParseError::RectangleShape(text) => {
                write!(f, "RECTSTART expects width,height, got '{text}'")
            }
            ParseError::Point(keyword, e) => write!(f, "{}: {e}", keyword.name()),
            ParseError::InfoKey => f.write_str("INFO expects a key and a value"),
            ParseError::InfoValue { key, value, unit } => {
                write!(f, "INFO {key}: '{value}' is not a number{unit}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    /// The protocol line that answers it: `UNKNOWN ...` for an unknown word, `ERROR ...` otherwise.
    pub fn reply(&self) -> String {
        match self {
            ParseError::Unknown(_) => format!("UNKNOWN {self}"),
            _ => format!("ERROR {self}"),
        }
    }
}

/// A line's first word and the rest, trimmed.
pub fn split_line(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let (word, rest) = split_line(line);
        match Keyword::from_word(word) {
            Some(keyword) => Command::with_arguments(keyword, rest),
            None => Err(ParseError::Unknown(word.to_owned())),
        }
    }
}

impl Command {
    /// Reads `rest`, the text after the command word, as `keyword`'s arguments. Commands without
    /// arguments ignore anything after their word, as managers expect.
    pub fn with_arguments(keyword: Keyword, rest: &str) -> Result<Command, ParseError> {
        Ok(match keyword {
            Keyword::Start => {
                Command::Start(parse_size(rest).map_err(|e| ParseError::Size(keyword, e))?)
            }
            Keyword::RectStart => {
                let Some((w, h)) = rest.split_once(',') else {
                    return Err(ParseError::RectangleShape(rest.to_owned()));
                };
                let size = |text| parse_size(text).map_err(|e| ParseError::Size(keyword, e));
                Command::RectStart {
                    width: size(w)?,
                    height: size(h)?,
                }
            }
            Keyword::Restart => Command::Restart,
            Keyword::Begin => Command::Begin,
            Keyword::Turn => {
                Command::Turn(parse_point(rest).map_err(|e| ParseError::Point(keyword, e))?)
            }
            Keyword::Board => Command::Setup(Setup::Board),
            Keyword::YxBoard => Command::Setup(Setup::YxBoard),
            Keyword::Done => Command::Done,
            Keyword::Takeback => {
                Command::Takeback(parse_point(rest).map_err(|e| ParseError::Point(keyword, e))?)
            }
            Keyword::Info => Command::Info(parse_info(rest)?),
            Keyword::End => Command::End,
            Keyword::About => Command::About,
            Keyword::YxShowForbid => Command::YxShowForbid,
            Keyword::YxStop => Command::YxStop,
        })
    }
}

fn parse_size(text: &str) -> Result<u8, SizeError> {
    let text = text.trim();
    let size: u32 = text
        .parse()
        .map_err(|_| SizeError::NotANumber(text.to_owned()))?;
    if !(u32::from(PROTOCOL_MIN_SIZE)..=u32::from(crate::MAX_SIZE)).contains(&size) {
        return Err(SizeError::Unsupported(size));
    }
    u8::try_from(size).map_err(|_| SizeError::Unsupported(size))
}

/// Reads `x,y` (spaces around the numbers allowed).
fn parse_point(text: &str) -> Result<Point, PointError> {
    let mut parts = text.split(',').map(str::trim);
    let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(PointError::Shape(text.to_owned()));
    };
    numbers(x, y, text)
}

fn numbers(x: &str, y: &str, written: &str) -> Result<Point, PointError> {
    let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else {
        return Err(PointError::NotNumbers(written.to_owned()));
    };
    Ok(Point {
        x,
        y,
        written: written.to_owned(),
    })
}

fn parse_info(rest: &str) -> Result<Info, ParseError> {
    let (key, value) = split_line(rest);
    if key.is_empty() {
        return Err(ParseError::InfoKey);
    }
    let key = key.to_ascii_lowercase();
    let number = |unit: &'static str| ParseError::InfoValue {
        key: key.clone(),
        value: value.to_owned(),
        unit,
    };
    const MILLIS: &str = " of milliseconds";
    let millis = || {
        value
            .parse::<u64>()
            .map(Duration::from_millis)
            .map_err(|_| number(MILLIS))
    };
    Ok(match key.as_str() {
        "timeout_turn" => Info::TimeoutTurn(millis()?),
        "timeout_match" => Info::TimeoutMatch(millis()?),
        "time_left" => {
            let ms = value.parse::<i64>().map_err(|_| number(MILLIS))?;
            Info::TimeLeft(Duration::from_millis(ms.max(0).unsigned_abs()))
        }
        "time_increment" => Info::TimeIncrement(millis()?),
        "max_memory" => Info::MaxMemory(value.parse().map_err(|_| number(" of bytes"))?),
        "thread_num" => Info::ThreadNum(value.parse().map_err(|_| number(" of threads"))?),
        "game_type" => Info::GameType(value.parse().map_err(|_| number(""))?),
        "rule" => Info::Rule(value.parse().map_err(|_| number(""))?),
        "folder" => Info::Folder(value.to_owned()),
        // `evaluate x,y` asks a debugging brain to show its evaluation of a point; Tengen has
        // nothing to show, and an unknown key must be ignored anyway.
        _ => Info::Ignored,
    })
}

/// One `x,y,field` line between `BOARD` and `DONE`, read but not checked against the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneLine {
    pub point: Point,
    /// 1 own stone, 2 opponent's, 3 a continuous-game winning line; anything else is refused later.
    pub field: u32,
}

impl FromStr for StoneLine {
    type Err = PointError;

    fn from_str(text: &str) -> Result<StoneLine, PointError> {
        let mut parts = text.split(',').map(str::trim);
        let (Some(x), Some(y), Some(f), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(PointError::Shape(text.to_owned()));
        };
        let point = numbers(x, y, text)?;
        let field = f.parse::<u32>().map_err(|_| PointError::Field {
            field: f.to_owned(),
            line: text.to_owned(),
        })?;
        Ok(StoneLine { point, field })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_reads_back_from_its_name_in_any_case() {
        for (name, keyword) in KEYWORDS {
            assert_eq!(Keyword::from_word(name), Some(keyword));
            assert_eq!(
                Keyword::from_word(&name.to_ascii_lowercase()),
                Some(keyword)
            );
            assert_eq!(keyword.name(), name);
        }
        assert_eq!(Keyword::from_word("STARTX"), None);
    }

    #[test]
    fn arguments_are_typed() {
        assert_eq!("start 15".parse(), Ok(Command::Start(15)));
        assert_eq!(
            "RECTSTART 20, 20".parse(),
            Ok(Command::RectStart {
                width: 20,
                height: 20
            })
        );
        assert_eq!(
            "INFO time_left -5".parse(),
            Ok(Command::Info(Info::TimeLeft(Duration::ZERO)))
        );
        assert_eq!(
            "INFO evaluate 3,4".parse(),
            Ok(Command::Info(Info::Ignored))
        );
        let Ok(Command::Turn(point)) = "TURN 3, 4".parse() else {
            panic!("TURN 3, 4 should read");
        };
        assert_eq!((point.x, point.y), (3, 4));
    }

    #[test]
    fn parse_errors_say_what_was_wrong() {
        let reply = |line: &str| match line.parse::<Command>() {
            Ok(c) => panic!("{line} read as {c:?}"),
            Err(e) => e.reply(),
        };
        assert_eq!(reply("FOO 1"), "UNKNOWN command FOO");
        assert_eq!(
            reply("START 4"),
            "ERROR START: unsupported size 4; Tengen plays 5 to 20"
        );
        assert_eq!(reply("START x"), "ERROR START: 'x' is not a board size");
        assert_eq!(reply("TURN 1"), "ERROR TURN: expected x,y, got '1'");
        assert_eq!(
            reply("TAKEBACK a,b"),
            "ERROR TAKEBACK: coordinates are not numbers in 'a,b'"
        );
        assert_eq!(reply("INFO"), "ERROR INFO expects a key and a value");
        assert_eq!(
            reply("INFO Max_Memory lots"),
            "ERROR INFO max_memory: 'lots' is not a number of bytes"
        );
        assert_eq!(
            "1,2,x".parse::<StoneLine>(),
            Err(PointError::Field {
                field: "x".to_owned(),
                line: "1,2,x".to_owned()
            })
        );
    }
}
