//! Time controls written as players write them, for the command line and the settings:
//!
//! - `none`: no clock (the clocks count up);
//! - `3+2`: Fischer, 3 minutes and 2 seconds a move (`3` alone, or `3+0`, is sudden death);
//!   the base is in minutes and the increment in seconds unless a unit says otherwise (`20s+1`,
//!   `1m30s+0`);
//! - `10+3x30`, or spelled out `byo-yomi 10+3x30`: byo-yomi, 10 minutes then 3 periods of 30 s;
//! - `10/move`, or `10s/move`: a limit of 10 seconds on each move, no game clock.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::TimeControl;

/// Why a time control could not be read, in plain words with the forms it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeSpecError(String);

impl fmt::Display for TimeSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: write none, 3+2 (minutes + seconds a move), 20s+1, byo-yomi 10+3x30 \
             (minutes, then 3 periods of 30 s) or 10/move (seconds a move)",
            self.0
        )
    }
}

impl std::error::Error for TimeSpecError {}

/// A duration such as `3` (in `unit`), `20s`, `2m`, `1m30s` or `1.5` (in `unit`).
fn duration(text: &str, unit: Duration) -> Option<Duration> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(number) = text.parse::<f64>() {
        return (number.is_finite() && (0.0..=100_000.0).contains(&number))
            .then(|| unit.mul_f64(number));
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number: f64 = rest[..digits].parse().ok()?;
        let (scale, after) = match rest[digits..].chars().next()? {
            'h' => (3600.0, 1),
            'm' => (60.0, 1),
            's' => (1.0, 1),
            _ => return None,
        };
        if !(number.is_finite() && (0.0..=100_000.0).contains(&number)) {
            return None;
        }
        total += Duration::from_secs_f64(number * scale);
        rest = &rest[digits + after..];
    }
    Some(total)
}

/// `d` as the shortest text that reads back to it in `unit` (`3`, `20s`, `1m30s`).
fn written(d: Duration, unit: Duration) -> String {
    let secs = d.as_secs_f64();
    let in_unit = secs / unit.as_secs_f64();
    if in_unit.fract() == 0.0 {
        return format!("{in_unit}");
    }
    if secs.fract() == 0.0 {
        let whole = d.as_secs();
        return match (whole / 60, whole % 60) {
            (0, s) => format!("{s}s"),
            (m, 0) => format!("{m}m"),
            (m, s) => format!("{m}m{s}s"),
        };
    }
    format!("{:.1}s", secs)
}

const MINUTE: Duration = Duration::from_secs(60);
const SECOND: Duration = Duration::from_secs(1);

impl FromStr for TimeControl {
    type Err = TimeSpecError;

    fn from_str(text: &str) -> Result<TimeControl, TimeSpecError> {
        let bad = || TimeSpecError(format!("{text:?} is not a time control"));
        let spec = text.trim().to_ascii_lowercase();
        if spec.is_empty() || spec == "none" || spec == "off" {
            return Ok(TimeControl::None);
        }
        if let Some(limit) = spec.strip_suffix("/move") {
            let limit = duration(limit, SECOND)
                .filter(|d| !d.is_zero())
                .ok_or_else(bad)?;
            return Ok(TimeControl::PerMove { limit });
        }
        let spec = spec
            .strip_prefix("byo-yomi")
            .or_else(|| spec.strip_prefix("byoyomi"))
            .unwrap_or(&spec)
            .trim();
        let (base, extra) = spec.split_once('+').unwrap_or((spec, "0"));
        let base = duration(base, MINUTE).ok_or_else(bad)?;
        let control = match extra.split_once('x') {
            Some((periods, period)) => TimeControl::ByoYomi {
                base,
                periods: periods
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(bad)?,
                period: duration(period, SECOND)
                    .filter(|d| !d.is_zero())
                    .ok_or_else(bad)?,
            },
            None => TimeControl::Fischer {
                base,
                increment: duration(extra, SECOND).ok_or_else(bad)?,
            },
        };
        let no_time = match control {
            TimeControl::Fischer { base, increment } => base.is_zero() && increment.is_zero(),
            _ => false,
        };
        if no_time || base.is_zero() && matches!(control, TimeControl::Fischer { .. }) {
            return Err(TimeSpecError(format!("{text:?} leaves no time to play")));
        }
        Ok(control)
    }
}

impl fmt::Display for TimeControl {
    /// The form [`FromStr`] reads: `none`, `3+2`, `20s+1`, `byo-yomi 10+3x30`, `10/move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Fischer { base, increment } => write!(
                f,
                "{}+{}",
                written(base, MINUTE),
                written(increment, SECOND)
            ),
            TimeControl::ByoYomi {
                base,
                periods,
                period,
            } => write!(
                f,
                "byo-yomi {}+{periods}x{}",
                written(base, MINUTE),
                written(period, SECOND)
            ),
            TimeControl::PerMove { limit } => write!(f, "{}/move", written(limit, SECOND)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn the_forms_players_write_are_read() {
        let read = |t: &str| t.parse::<TimeControl>().unwrap();
        assert_eq!(read("none"), TimeControl::None);
        assert_eq!(
            read("3+2"),
            TimeControl::Fischer {
                base: s(180),
                increment: s(2)
            }
        );
        assert_eq!(
            read("10s+0"),
            TimeControl::Fischer {
                base: s(10),
                increment: s(0)
            }
        );
        assert_eq!(
            read("20s+1"),
            TimeControl::Fischer {
                base: s(20),
                increment: s(1)
            }
        );
        assert_eq!(
            read("5"),
            TimeControl::Fischer {
                base: s(300),
                increment: s(0)
            }
        );
        assert_eq!(
            read("1m30s+0.5"),
            TimeControl::Fischer {
                base: s(90),
                increment: Duration::from_millis(500)
            }
        );
        let byo = TimeControl::ByoYomi {
            base: s(600),
            periods: 3,
            period: s(30),
        };
        assert_eq!(read("byo-yomi 10+3x30"), byo);
        assert_eq!(read("10+3x30s"), byo);
        assert_eq!(read("10/move"), TimeControl::PerMove { limit: s(10) });
        assert_eq!(read("2m/move"), TimeControl::PerMove { limit: s(120) });
    }

    #[test]
    fn what_is_written_reads_back() {
        for text in [
            "none",
            "3+2",
            "20s+1",
            "1m30s+0",
            "byo-yomi 10+3x30",
            "5/move",
            "0+3x10",
        ] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(
                control.to_string().parse::<TimeControl>().unwrap(),
                control,
                "{text}"
            );
        }
        assert_eq!("20s+1".parse::<TimeControl>().unwrap().to_string(), "20s+1");
        assert_eq!("3+2".parse::<TimeControl>().unwrap().to_string(), "3+2");
    }

    #[test]
    fn nonsense_is_refused_in_plain_words() {
        for text in [
            "abc", "3+", "+2", "0+0", "0", "3+2x", "3+0x30", "-1+2", "0/move", "3+2+1", "1e9",
        ] {
            let error = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(error.contains("3+2"), "{text}: {error}");
        }
    }
}
