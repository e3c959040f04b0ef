//! What a match is asked to do, what it answers, and why it can refuse.

use std::fmt;

use tengen_engine::{Color, Forbidden, Pos, SwapChoice};

use crate::{End, OpeningPhase, Player};

/// What a player (or the clock's owner) asks of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A stone for the seat acting now (the side to move, or the seat placing an opening's stones),
    /// played by `by`: a click is a person's, the computer's answer the computer's.
    Place { pos: Pos, by: Player },
    /// One press of Undo, as the undo policy allows (see [`crate::Match::undo_plies`]).
    Undo,
    /// One press of Redo.
    Redo,
    /// A network game's undo both players agreed to: take back this many moves.
    TakeBack(usize),
    /// The seat choosing in a swap opening answers.
    Choose { choice: SwapChoice, by: Player },
    /// The seat declaring in a renju tournament opening says how many fifth moves black offers
    /// (in Taraguchi, 1 is black placing the fifth itself).
    Declare { count: u8, by: Player },
    /// This colour resigns.
    Resign(Color),
    /// This colour offers a draw.
    OfferDraw(Color),
    /// This colour accepts the other's offer.
    AcceptDraw(Color),
    /// This colour declines the other's offer.
    DeclineDraw(Color),
    /// The game cannot go on through nobody's choice (the positions of a network game differ): a
    /// draw.
    Abandon,
    /// This colour's machine left a network game: a loss.
    Left(Color),
    /// This colour's time ran out on the clock that owns the time (a network game's host says so
    /// to the other machine): a loss on time. A clock here falls through [`crate::Match::tick`].
    TimeOut(Color),
    /// This colour's engine broke the protocol (a crash, no move in time, an illegal move,
    /// garbage): a loss.
    Forfeit(Color),
}

/// What an action caused, in order: the game adapter turns each into an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A stone landed: move `number` (counted from the first move after any set-up stones).
    Placed {
        pos: Pos,
        color: Color,
        number: usize,
    },
    /// A stone was taken back.
    Removed {
        pos: Pos,
        color: Color,
    },
    /// The opening moved on (or back).
    OpeningChanged(OpeningPhase),
    /// Black offered a fifth move (the `number`th) in a tournament opening.
    Offered {
        pos: Pos,
        number: usize,
    },
    /// An offered fifth move was taken back.
    OfferWithdrawn {
        pos: Pos,
    },
    /// How many fifth moves black offers was declared.
    Declared {
        count: u8,
    },
    /// A swap opening's choice settled the colours: the first seat now plays `first`.
    ColoursChosen {
        first: Color,
    },
    DrawOffered {
        by: Color,
    },
    DrawDeclined {
        by: Color,
    },
    /// The match is over.
    Ended(End),
}

/// Why the match refused an action; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    Occupied,
    OffBoard,
    Forbidden(Forbidden),
    /// The seat acting is not played by whoever asked (the computer's or the other player's turn).
    NotYourTurn,
    /// The other machine of a network game plays the move now.
    RemoteTurn,
    /// A swap opening waits for a colour to be chosen.
    OpeningChoice,
    /// Nobody is choosing a colour now, or that choice is not offered.
    NotChoosing,
    NothingToUndo,
    NothingToRedo,
    /// A network game: undo needs the other player's agreement, and there is no redo.
    NeedsAgreement,
    /// Only a network game takes back moves both players agreed to.
    NotNetwork,
    /// There is no draw offer from the other side to answer.
    NoDrawOffer,
    /// A tournament opening's stone `number` goes within the central square of side `side`.
    OutsideOpening {
        number: usize,
        side: u8,
    },
    /// That fifth move is already offered.
    AlreadyOffered,
    /// That fifth move is the same, by symmetry, as one already offered.
    SymmetricOffer(Pos),
    /// White picks one of the offered fifth moves, and that point is not one.
    NotOffered,
    /// The opening rule does not let that many fifth moves be declared now.
    BadDeclaration,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Refusal::GameOver => "the game is over",
            Refusal::Occupied => "that point is already taken",
            Refusal::OffBoard => "that point is off the board",
            Refusal::Forbidden(why) => {
                return write!(f, "that point is forbidden to black ({why})");
            }
            Refusal::NotYourTurn => "it is not your turn",
            Refusal::RemoteTurn => "the other player moves now",
            Refusal::OpeningChoice => "a colour must be chosen first",
            Refusal::NotChoosing => "that choice is not offered now",
            Refusal::NothingToUndo => "there is nothing to undo",
            Refusal::NothingToRedo => "there is nothing to redo",
            Refusal::NeedsAgreement => "the other player must agree",
            Refusal::NotNetwork => "only a network game takes back agreed moves",
            Refusal::NoDrawOffer => "there is no draw offer to answer",
            Refusal::OutsideOpening { number, side } => {
                return write!(
                    f,
                    "stone {number} of the opening goes within the central {side}×{side} square"
                );
            }
            Refusal::AlreadyOffered => "that fifth move is already offered",
            Refusal::SymmetricOffer(_) => {
                "that fifth move is a mirror image of one already offered"
            }
            Refusal::NotOffered => "pick one of the offered fifth moves",
            Refusal::BadDeclaration => "that many fifth moves cannot be declared now",
        };
        f.write_str(text)
    }
}

impl std::error::Error for Refusal {}
