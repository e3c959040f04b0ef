//! How a match ended: the result and the reason, one fact for every way a game can end.

use std::fmt;

use serde::{Deserialize, Serialize};
use tengen_engine::{Color, GameResult};

/// Why the match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// A winning row on the board.
    Five,
    /// The board filled up with no winner (or renju black had no point left to play).
    Full,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out.
    Time,
    /// Both players agreed to a draw.
    Agreement,
    /// Black played a forbidden point where the rule makes that lose.
    Forbidden,
    /// The game could not go on (a network game whose positions differed, or whose other side broke
    /// the protocol): nobody wins, so it is a draw.
    Abandoned,
    /// The loser's machine left a network game (or it could not go on).
    Left,
    /// The loser was an engine that broke the protocol: it crashed, gave no move in its time,
    /// played an illegal point or printed garbage.
    Forfeit,
}

impl Reason {
    /// The word scripts read (`ended result=white reason=resignation`).
    pub const fn key(self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::Full => "full",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
            Reason::Agreement => "agreement",
            Reason::Forbidden => "forbidden",
            Reason::Abandoned => "abandoned",
            Reason::Left => "left",
            Reason::Forfeit => "forfeit",
        }
    }

    pub const ALL: [Reason; 9] = [
        Reason::Five,
        Reason::Full,
        Reason::Resignation,
        Reason::Time,
        Reason::Agreement,
        Reason::Forbidden,
        Reason::Abandoned,
        Reason::Left,
        Reason::Forfeit,
    ];
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The end of a match: its result and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct End {
    #[serde(with = "result_word")]
    pub result: GameResult,
    pub reason: Reason,
}

impl End {
    /// `loser` lost for `reason`.
    pub const fn lost_by(loser: Color, reason: Reason) -> End {
        End {
            result: match loser {
                Color::Black => GameResult::WhiteWins,
                Color::White => GameResult::BlackWins,
            },
            reason,
        }
    }

    pub const fn draw(reason: Reason) -> End {
        End {
            result: GameResult::Draw,
            reason,
        }
    }

    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Color> {
        match self.result {
            GameResult::BlackWins => Some(Color::Black),
            GameResult::WhiteWins => Some(Color::White),
            GameResult::Draw => None,
        }
    }

    /// The loser, if the game was not drawn.
    pub fn loser(self) -> Option<Color> {
        self.winner().map(Color::opponent)
    }
}

/// `black`, `white` or `draw`: the result as scripts and the saved form write it.
pub fn result_key(result: GameResult) -> &'static str {
    match result {
        GameResult::BlackWins => "black",
        GameResult::WhiteWins => "white",
        GameResult::Draw => "draw",
    }
}

impl fmt::Display for End {
    /// `result=white reason=resignation`: the `--print-moves` form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "result={} reason={}",
            result_key(self.result),
            self.reason
        )
    }
}

mod result_word {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::GameResult;

    pub fn serialize<S: Serializer>(r: &GameResult, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::result_key(*r))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let word = String::deserialize(d)?;
        [
            GameResult::BlackWins,
            GameResult::WhiteWins,
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| super::result_key(*r) == word)
        .ok_or_else(|| D::Error::custom(format!("{word:?} is not a result (black, white, draw)")))
    }
}
