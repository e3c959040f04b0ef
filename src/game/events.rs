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

/// Five in a row: the game is won.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct GameWon {
    pub winner: Color,
    pub line: Vec<Pos>,
    /// Whether a human won (against the computer this is "you win").
    pub human_won: bool,
}

/// The board is full and nobody won.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameDrawn;

/// Why a click on the board was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Occupied,
    Forbidden(Forbidden),
    NotYourTurn,
    GameOver,
    /// A record is being looked through, not played.
    Viewing,
    /// A network game: the other machine plays this move.
    RemoteTurn,
    /// A network game whose connection is down.
    NotConnected,
    /// A swap opening waits for a colour to be chosen, or for the other seat's stones.
    OpeningChoice,
}

impl Refusal {
    /// What the player reads, to be put into words when shown.
    pub fn phrase(self) -> crate::i18n::Phrase {
        use crate::i18n::Phrase;
        match self {
            Refusal::Occupied => Phrase::new("notice-occupied"),
            Refusal::Forbidden(why) => Phrase::with(
                "notice-forbidden",
                vec![("reason", Phrase::new(tengen_i18n::forbidden_id(why)).into())],
            ),
            Refusal::NotYourTurn => Phrase::new("notice-not-your-turn"),
            Refusal::GameOver => Phrase::new("notice-game-over"),
            Refusal::Viewing => Phrase::new("notice-viewing-record"),
            Refusal::RemoteTurn => Phrase::new("notice-remote-turn"),
            Refusal::NotConnected => Phrase::new("notice-not-connected"),
            Refusal::OpeningChoice => Phrase::new("swap-wait"),
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
