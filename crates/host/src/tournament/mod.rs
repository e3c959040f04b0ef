//! Engine tournaments, shared by the game's Tournament screen and `tengen-match`: the
//! round-robin schedule, one game's runner for two outside engines, the cross table with Elo and
//! error bars, each game saved as SGF and a resume file in the tournament's folder, and K games
//! at once on worker threads whose progress the caller reads without waiting ([`Tournament`]).

pub mod folder;
pub mod game;
pub mod openings;
mod run;
pub mod schedule;
pub mod stats;
pub mod table;

use std::path::PathBuf;

use tengen_engine::Variant;

pub use self::game::{Clock, Finished, GameSpec, Seat, TimeControl, play_game, wall_clock};
pub use self::openings::Opening;
pub use self::run::{Progress, Running, Tournament, Wake};
pub use self::schedule::{Scheduled, round_robin};
pub use self::table::{CrossTable, Played};

/// What a tournament plays.
#[derive(Clone, Debug)]
pub struct Plan {
    pub entrants: Vec<Seat>,
    /// Games each pairing plays (each opening once with each colour).
    pub games_per_pairing: usize,
    pub variant: Variant,
    pub openings: Vec<Opening>,
    pub time: TimeControl,
    /// Games played at once, each on its own thread with its own two engines.
    pub concurrency: usize,
    /// Where the SGF and the resume file go; `None` keeps nothing.
    pub folder: Option<PathBuf>,
}

impl Plan {
    /// Says in words what makes the plan unplayable.
    pub fn check(&self) -> Result<(), String> {
        if self.entrants.len() < 2 {
            return Err("a tournament needs at least two engines".to_owned());
        }
        if self.games_per_pairing == 0 {
            return Err("each pairing must play at least one game".to_owned());
        }
        if self.openings.is_empty() {
            return Err("there is no opening to play".to_owned());
        }
        if self.time.per_move.is_zero() && self.time.per_game.is_zero() {
            return Err("the engines need time per move or per game".to_owned());
        }
        if self.concurrency == 0 {
            return Err("at least one game must be played at a time".to_owned());
        }
        Ok(())
    }

    /// Every game of the tournament in order.
    pub fn schedule(&self) -> Vec<Scheduled> {
        round_robin(
            self.entrants.len(),
            self.games_per_pairing,
            self.openings.len(),
        )
    }

    /// The entrants' names.
    pub fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|s| s.name.clone()).collect()
    }

    /// The game `scheduled` as the runner plays it.
    pub fn game_spec(&self, scheduled: &Scheduled) -> GameSpec {
        GameSpec {
            variant: self.variant,
            opening: self
                .openings
                .get(scheduled.opening)
                .map(|o| o.moves.clone())
                .unwrap_or_default(),
            black: self.entrants[scheduled.black].clone(),
            white: self.entrants[scheduled.white].clone(),
            time: self.time,
        }
    }
}
