//! Match statistics: results by player and colour, forfeits, Elo with error bars and move-time
//! percentiles, for `tengen-match` and the game's tournaments alike.

use std::fmt;
use std::time::Duration;

use tengen_engine::Forbidden;

use crate::failure::Failure;

/// Why a player lost a game without it being played out, as c-gomoku-cli tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// The engine exited, closed its output, or could not be started.
    Crash,
    /// No move by the turn time plus the tolerance, or a line that is not a move after the turn
    /// time plus the move overhead (c-gomoku-cli's two time rules), or `ERROR` to `START`.
    Time,
    /// A move on a taken point or off the board.
    Illegal(Illegal),
    /// Renju black played a forbidden point, as match judges read them
    /// ([`tengen_engine::forbidden_in_match`]).
    Forbidden(Forbidden),
}

/// What was wrong with an illegal move (c-gomoku-cli calls both an "illegal move").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The point already holds a stone.
    Taken,
    /// The coordinates lie off the board.
    OffBoard,
}

impl Forfeit {
    /// Every kind of forfeit, in the order the report lists them.
    pub const KINDS: [Forfeit; 7] = [
        Forfeit::Forbidden(Forbidden::Overline),
        Forfeit::Forbidden(Forbidden::DoubleFour),
        Forfeit::Forbidden(Forbidden::DoubleThree),
        Forfeit::Illegal(Illegal::Taken),
        Forfeit::Illegal(Illegal::OffBoard),
        Forfeit::Time,
        Forfeit::Crash,
    ];

    /// The kind of forfeit a host [`Failure`] is, as c-gomoku-cli counts them: a refused board, a
    /// late answer and a line that is no move are time losses.
    pub fn of(failure: &Failure) -> Forfeit {
        match failure {
            Failure::NotStarted(_) | Failure::Crashed(_) => Forfeit::Crash,
            Failure::NoStart(_)
            | Failure::StartRefused(_)
            | Failure::NoAbout(_)
            | Failure::NoMove { .. }
            | Failure::Garbage(_) => Forfeit::Time,
            Failure::Occupied(_) => Forfeit::Illegal(Illegal::Taken),
            Failure::OffBoard(_) => Forfeit::Illegal(Illegal::OffBoard),
            Failure::Forbidden(_, kind) => Forfeit::Forbidden(*kind),
        }
    }

    /// The kind read back from [`Forfeit::kind_name`].
    pub fn from_kind_name(name: &str) -> Option<Forfeit> {
        Forfeit::KINDS.into_iter().find(|k| k.kind_name() == name)
    }

    /// A short name of the kind, for the report's summary.
    pub fn kind_name(self) -> &'static str {
        match self {
            Forfeit::Forbidden(kind) => forbidden_kind(kind),
            Forfeit::Illegal(Illegal::Taken) => "taken point",
            Forfeit::Illegal(Illegal::OffBoard) => "off the board",
            Forfeit::Time => "time",
            Forfeit::Crash => "crash",
        }
    }
}

impl fmt::Display for Forfeit {
    /// c-gomoku-cli's words for the loss.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Crash => f.write_str("crash"),
            Forfeit::Time => f.write_str("time forfeit"),
            Forfeit::Illegal(_) => f.write_str("illegal move"),
            Forfeit::Forbidden(kind) => {
                write!(f, "Black play forbidden move - {}", forbidden_kind(*kind))
            }
        }
    }
}

/// A forbidden point's kind as c-gomoku-cli names it.
pub fn forbidden_kind(kind: Forbidden) -> &'static str {
    match kind {
        Forbidden::DoubleThree => "double three",
        Forbidden::DoubleFour => "double four",
        Forbidden::Overline => "overline",
    }
}

/// One player's side of a match.
#[derive(Clone, Debug, Default)]
pub struct PlayerStats {
    /// Wins, losses and draws with black, then with white.
    pub as_black: Record,
    pub as_white: Record,
    pub crashes: u32,
    pub time_forfeits: u32,
    pub illegal_moves: u32,
    /// Renju forbidden points played as black.
    pub forbidden_moves: u32,
    /// Moves that took longer than the time limit (forfeited or not).
    pub late_moves: u32,
    pub move_times: Vec<Duration>,
    /// Forfeits counted by kind, in the order of [`Forfeit::KINDS`].
    pub by_kind: [u32; Forfeit::KINDS.len()],
}

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Record {
    /// One game: won (`Some(true)`), lost (`Some(false)`) or drawn (`None`).
    pub fn one_game(won: Option<bool>) -> Record {
        match won {
            Some(true) => Record {
                wins: 1,
                ..Record::default()
            },
            Some(false) => Record {
                losses: 1,
                ..Record::default()
            },
            None => Record {
                draws: 1,
                ..Record::default()
            },
        }
    }

    pub fn games(self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, a draw counting half; `None` before any game.
    pub fn score(self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games))
    }
}

impl std::ops::Add for Record {
    type Output = Record;

    fn add(self, other: Record) -> Record {
        Record {
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
        }
    }
}

impl PlayerStats {
    pub fn total(&self) -> Record {
        self.as_black + self.as_white
    }

    pub fn forfeits(&self) -> u32 {
        self.crashes + self.time_forfeits + self.illegal_moves + self.forbidden_moves
    }

    pub fn count_forfeit(&mut self, forfeit: Forfeit) {
        match forfeit {
            Forfeit::Crash => self.crashes += 1,
            Forfeit::Time => self.time_forfeits += 1,
            Forfeit::Illegal(_) => self.illegal_moves += 1,
            Forfeit::Forbidden(_) => self.forbidden_moves += 1,
        }
        if let Some(k) = Forfeit::KINDS.iter().position(|&f| f == forfeit) {
            self.by_kind[k] += 1;
        }
    }

    /// The forfeits by kind, as `overline 1, time 2`, or `none`.
    pub fn forfeits_by_kind(&self) -> String {
        let kinds: Vec<String> = Forfeit::KINDS
            .iter()
            .zip(self.by_kind)
            .filter(|&(_, n)| n > 0)
            .map(|(kind, n)| format!("{} {n}", kind.kind_name()))
            .collect();
        if kinds.is_empty() {
            "none".to_owned()
        } else {
            kinds.join(", ")
        }
    }

    /// Adds another thread's numbers for the same player.
    pub fn merge(&mut self, other: &PlayerStats) {
        self.as_black = self.as_black + other.as_black;
        self.as_white = self.as_white + other.as_white;
        self.crashes += other.crashes;
        self.time_forfeits += other.time_forfeits;
        self.illegal_moves += other.illegal_moves;
        self.forbidden_moves += other.forbidden_moves;
        self.late_moves += other.late_moves;
        self.move_times.extend_from_slice(&other.move_times);
        for (all, mine) in self.by_kind.iter_mut().zip(other.by_kind) {
            *all += mine;
        }
    }
}

/// The Elo difference the score of `record` suggests, with a 95% interval `(low, estimate, high)`;
/// `None` when one side took every point (the difference is then unbounded); a bound is infinite
/// when the interval reaches 0% or 100%.
pub fn elo_difference(record: Record) -> Option<(f64, f64, f64)> {
    let n = f64::from(record.games());
    let score = record.score()?;
    if score <= 0.0 || score >= 1.0 {
        return None;
    }
    let (_, variance) = score_variance(
        f64::from(record.wins),
        f64::from(record.draws),
        f64::from(record.losses),
    );
    let margin = 1.96 * (variance / n).sqrt();
    // A bound past 0% or 100% is an unbounded difference, not a big finite one.
    let elo = |s: f64| match s {
        s if s <= 0.0 => f64::NEG_INFINITY,
        s if s >= 1.0 => f64::INFINITY,
        s => -400.0 * (1.0 / s - 1.0).log10(),
    };
    Some((elo(score - margin), elo(score), elo(score + margin)))
}

/// The mean score of `wins`, `draws` and `losses` (counts, which may be weighted) and the variance
/// of one game's score about it: what both the Elo interval and the SPRT rest on.
pub fn score_variance(wins: f64, draws: f64, losses: f64) -> (f64, f64) {
    let n = wins + draws + losses;
    let mean = (wins + draws / 2.0) / n;
    let variance =
        (wins * (1.0 - mean).powi(2) + draws * (0.5 - mean).powi(2) + losses * mean.powi(2)) / n;
    (mean, variance)
}

/// The nearest-rank percentile `p` (0..=100) of `times`; `None` when there are none.
pub fn percentile(times: &[Duration], p: f64) -> Option<Duration> {
    if times.is_empty() {
        return None;
    }
    let mut sorted = times.to_vec();
    sorted.sort();
    let rank = (p / 100.0 * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted.get(rank.min(sorted.len()) - 1).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let ms: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&ms, 50.0), Some(Duration::from_millis(50)));
        assert_eq!(percentile(&ms, 90.0), Some(Duration::from_millis(90)));
        assert_eq!(percentile(&ms, 99.0), Some(Duration::from_millis(99)));
        assert_eq!(percentile(&ms, 100.0), Some(Duration::from_millis(100)));
        assert_eq!(
            percentile(&[Duration::from_millis(7)], 99.0),
            Some(Duration::from_millis(7))
        );
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[test]
    fn elo_follows_the_logistic_curve() {
        let even = Record {
            wins: 10,
            losses: 10,
            draws: 0,
        };
        let (low, mid, high) = elo_difference(even).unwrap_or_default();
        assert!(mid.abs() < 1e-9 && low < 0.0 && high > 0.0);
        // 75% is about +191 Elo.
        let (_, mid, _) = elo_difference(Record {
            wins: 15,
            losses: 5,
            draws: 0,
        })
        .unwrap_or_default();
        assert!((mid - 190.8).abs() < 0.5, "{mid}");
        assert_eq!(
            elo_difference(Record {
                wins: 8,
                losses: 0,
                draws: 0
            }),
            None
        );
    }

    #[test]
    fn forfeits_are_named_as_c_gomoku_cli_names_them() {
        assert_eq!(
            Forfeit::Forbidden(Forbidden::Overline).to_string(),
            "Black play forbidden move - overline"
        );
        assert_eq!(
            Forfeit::Forbidden(Forbidden::DoubleThree).to_string(),
            "Black play forbidden move - double three"
        );
        assert_eq!(
            Forfeit::Forbidden(Forbidden::DoubleFour).to_string(),
            "Black play forbidden move - double four"
        );
        for kind in [Illegal::Taken, Illegal::OffBoard] {
            assert_eq!(Forfeit::Illegal(kind).to_string(), "illegal move");
        }
        let mut stats = PlayerStats::default();
        assert_eq!(stats.forfeits_by_kind(), "none");
        for forfeit in [
            Forfeit::Crash,
            Forfeit::Time,
            Forfeit::Illegal(Illegal::OffBoard),
            Forfeit::Forbidden(Forbidden::Overline),
            Forfeit::Time,
        ] {
            stats.count_forfeit(forfeit);
        }
        assert_eq!(
            (stats.illegal_moves, stats.forbidden_moves, stats.forfeits()),
            (1, 1, 5)
        );
        assert_eq!(
            stats.forfeits_by_kind(),
            "overline 1, off the board 1, time 2, crash 1"
        );
        let mut merged = stats.clone();
        merged.merge(&stats);
        assert_eq!(
            merged.forfeits_by_kind(),
            "overline 2, off the board 2, time 4, crash 2"
        );
    }

    #[test]
    fn scores_count_draws_as_half() {
        let r = Record {
            wins: 3,
            losses: 1,
            draws: 2,
        };
        assert_eq!(r.games(), 6);
        assert_eq!(r.score(), Some(4.0 / 6.0));
        assert_eq!(Record::default().score(), None);
    }
}
