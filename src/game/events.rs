//! The gameplay facts presentation hangs sound and animation on.

use super::names::SeatName;
use bevy::prelude::*;
use tengen_engine::{Color, Forbidden, Pos};
use tengen_store::PerSide;

/// The record on the board shows another of its positions: the stones are set anew (no move was
/// played, so nothing is counted or timed).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordStepped;

/// A game appears on the board: a new one, or one resumed from the menu.
#[derive(Event, Debug, Clone)]
pub struct GameStarted;

/// A record became a live game (opened to play on against the computer, or continued from the viewer),
/// just before its [`GameStarted`]: what the files need to know of it.
#[derive(Event, Debug, Clone)]
pub struct RecordOpened {
    /// The record's moves in full: played to the same end, it is not filed again.
    pub moves: Vec<Pos>,
    /// The players' names the record gives.
    pub names: PerSide<Option<SeatName>>,
}

/// A stone landed on the board (a move, or a redo).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StonePlaced {
    pub pos: Pos,
    pub color: Color,
    /// The move number, from 1.
    pub number: usize,
    /// Whether a computer played it.
    pub by_computer: bool,
    /// Whether it came from the other machine of a network game.
    pub by_remote: bool,
}

/// A stone from the other machine could not be played here (out of turn or illegal): the local game
/// is unchanged and the network closes the connection with this reason.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct RemoteMoveRefused {
    pub reason: String,
}

/// A stone was taken back by undo.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneRemoved {
    pub pos: Pos,
    pub color: Color,
}

/// A renju tournament opening's fifth move was offered (the `number`th), or withdrawn by Undo.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FifthOffered {
    pub pos: Pos,
    pub number: usize,
    pub withdrawn: bool,
}

/// Five in a row: the game is won.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct GameWon {
    pub winner: Color,
    pub line: Vec<Pos>,
    /// Whether a human won (against the computer this is "you win").
    pub human_won: bool,
}

/// The game ended, whatever the reason: the score, the sounds, the files, the result card and the
/// scripts' `ended` line react to this one fact. A five also has its [`GameWon`] (the line to show).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnded {
    pub end: tengen_match::End,
    /// Whether a person at this machine won against the computer or the other machine (a win
    /// between two people here or two computers is nobody's loss).
    pub you_lost: bool,
}

/// Why a click on the board was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Occupied,
    Forbidden(Forbidden),
    NotYourTurn,
    GameOver,
    /// A network game: the other machine plays this move.
    RemoteTurn,
    /// A network game whose connection is down.
    NotConnected,
    /// A swap opening waits for a colour to be chosen, or for the other seat's stones.
    OpeningChoice,
    /// A tournament opening's stone goes within the central square of this side.
    OutsideOpening {
        number: usize,
        side: u8,
    },
    AlreadyOffered,
    /// The fifth move mirrors this one, already offered.
    SymmetricOffer(Pos, u8),
    /// White picks one of the offered fifth moves.
    NotOffered,
}

impl Refusal {
    /// The match's refusal of a person's stone, as the player reads it.
    pub fn of_match(refusal: tengen_match::Refusal, size: u8) -> Refusal {
        use tengen_match::Refusal as R;
        match refusal {
            R::Occupied => Refusal::Occupied,
            R::Forbidden(why) => Refusal::Forbidden(why),
            R::NotYourTurn => Refusal::NotYourTurn,
            R::RemoteTurn => Refusal::RemoteTurn,
            R::OpeningChoice => Refusal::OpeningChoice,
            R::OutsideOpening { number, side } => Refusal::OutsideOpening { number, side },
            R::AlreadyOffered => Refusal::AlreadyOffered,
            R::NotOffered => Refusal::NotOffered,
            R::SymmetricOffer(twin) => Refusal::SymmetricOffer(twin, size),
            // Nothing else answers a stone; a finished game is the likeliest reason.
            _ => Refusal::GameOver,
        }
    }

    /// What the player reads, to be put into words when shown.
    pub fn phrase(self) -> crate::i18n::Phrase {
        use crate::i18n::Phrase;
        use tengen_i18n::Arg;
        match self {
            Refusal::Occupied => Phrase::new("notice-occupied"),
            Refusal::Forbidden(why) => Phrase::with(
                "notice-forbidden",
                vec![("reason", Phrase::new(tengen_i18n::forbidden_id(why)).into())],
            ),
            Refusal::NotYourTurn => Phrase::new("notice-not-your-turn"),
            Refusal::GameOver => Phrase::new("notice-game-over"),
            Refusal::RemoteTurn => Phrase::new("notice-remote-turn"),
            Refusal::NotConnected => Phrase::new("notice-not-connected"),
            Refusal::OpeningChoice => Phrase::new("swap-wait"),
            Refusal::OutsideOpening { number, side } => Phrase::with(
                "notice-outside-opening",
                vec![
                    ("number", Arg::Number(number as u64)),
                    ("side", Arg::Number(u64::from(side))),
                ],
            ),
            Refusal::AlreadyOffered => Phrase::new("notice-already-offered"),
            Refusal::SymmetricOffer(twin, size) => Phrase::with(
                "notice-symmetric-offer",
                vec![("cell", Arg::Text(tengen_engine::cell_name(twin, size)))],
            ),
            Refusal::NotOffered => Phrase::new("notice-not-offered"),
        }
    }

    /// What the player reads.
    pub fn message(self, words: &crate::i18n::Words) -> String {
        words.phrase(&self.phrase())
    }
}

/// A click (or keypress) that could not place a stone. Presentation shows it and plays a warning.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalClick {
    pub pos: Option<Pos>,
    pub reason: Refusal,
}

/// Starting a hint search (see [`hint`]): a mode with hints of its own (the puzzles) turns it off.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HintSearch;

/// A hint was given to the player: the computer's suggestion, or a puzzle's winning move.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct HintShown {
    pub pos: Pos,
    pub reason: String,
}
