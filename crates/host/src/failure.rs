//! Every way an engine can fail its manager, as a value that says why in plain words.

use std::fmt;
use std::process::ExitStatus;
use std::time::Duration;

use tengen_engine::{Forbidden, Pos};

/// Why an engine lost its game (or could not start one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started at all (the system's reason).
    NotStarted(String),
    /// The engine exited or closed its output; how it ended, when that is known.
    Crashed(Option<ExitStatus>),
    /// No `OK` to `START` within the time given.
    NoStart(Duration),
    /// It answered `START` with `ERROR` (the text): it cannot play this board.
    StartRefused(String),
    /// No `ABOUT` answer within the time given.
    NoAbout(Duration),
    /// No move within its time; the last `ERROR`/`UNKNOWN` it printed meanwhile, if any.
    NoMove {
        within: Duration,
        said: Option<String>,
    },
    /// A move on a point that holds a stone.
    Occupied(Pos),
    /// A move off the board (the line as printed).
    OffBoard(String),
    /// Renju black played a forbidden point.
    Forbidden(Pos, Forbidden),
    /// A line that means nothing in the protocol.
    Garbage(String),
}

/// "5 s" for whole seconds, else "1500 ms".
pub fn duration_words(d: Duration) -> String {
    if d.as_millis().is_multiple_of(1000) && !d.is_zero() {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// "exit status 3" or "killed by signal 9".
pub fn exit_words(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "an unknown exit".to_owned(),
    }
}

/// How renju calls a forbidden point.
pub fn forbidden_words(why: Forbidden) -> &'static str {
    match why {
        Forbidden::Overline => "overline",
        Forbidden::DoubleFour => "double four",
        Forbidden::DoubleThree => "double three",
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NotStarted(why) => write!(f, "could not be started: {why}"),
            Failure::Crashed(Some(status)) => write!(f, "crashed ({})", exit_words(*status)),
            Failure::Crashed(None) => f.write_str("crashed (closed its output)"),
            Failure::NoStart(within) => {
                write!(f, "no OK to START within {}", duration_words(*within))
            }
            Failure::StartRefused(text) => write!(f, "refused the board: ERROR {text}"),
            Failure::NoAbout(within) => {
                write!(f, "no answer to ABOUT within {}", duration_words(*within))
            }
            Failure::NoMove { within, said } => {
                write!(f, "no move within {}", duration_words(*within))?;
                match said {
                    Some(said) => write!(f, " (it said '{said}')"),
                    None => Ok(()),
                }
            }
            Failure::Occupied(pos) => {
                write!(f, "played {},{}, a point already taken", pos.x, pos.y)
            }
            Failure::OffBoard(line) => write!(f, "played '{line}', off the board"),
            Failure::Forbidden(pos, why) => write!(
                f,
                "played {},{}, forbidden to black ({})",
                pos.x,
                pos.y,
                forbidden_words(*why)
            ),
            Failure::Garbage(line) => write!(f, "printed '{line}', which is not a move"),
        }
    }
}

impl std::error::Error for Failure {}
