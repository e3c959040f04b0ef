//! Who sits at the board: two seats, each played by a person here, the computer, or the other machine
//! of a network game. Seats stay with their players when a swap opening hands out the colours.

use serde::{Deserialize, Serialize};
use tengen_engine::{Color, Mode};

/// One of the two seats. The first seat is "you" against the computer and player 1 between two
/// players; the score and the names follow the seats, not the colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// 0 for the first seat, 1 for the second (the index of the score and the seat names).
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person at this machine.
    Person,
    /// The computer of this machine.
    Computer,
    /// The player at the other machine of a network game.
    Remote,
}

/// Who plays each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seats {
    pub first: Player,
    pub second: Player,
}

impl Seats {
    /// The seats of a mode: against the computer the first seat is the person's.
    pub const fn of_mode(mode: Mode) -> Seats {
        match mode {
            Mode::HumanVsComputer => Seats::new(Player::Person, Player::Computer),
            Mode::HumanVsHuman => Seats::new(Player::Person, Player::Person),
            Mode::ComputerVsComputer => Seats::new(Player::Computer, Player::Computer),
        }
    }

    /// A network game: this machine's person in the first seat, the other machine in the second.
    pub const fn network() -> Seats {
        Seats::new(Player::Person, Player::Remote)
    }

    pub const fn new(first: Player, second: Player) -> Seats {
        Seats { first, second }
    }

    pub const fn get(&self, seat: Seat) -> Player {
        match seat {
            Seat::First => self.first,
            Seat::Second => self.second,
        }
    }

    /// The mode these seats make, as the menus and the statistics name it (a network game is two
    /// players).
    pub fn mode(&self) -> Mode {
        match (self.first, self.second) {
            (Player::Computer, Player::Computer) => Mode::ComputerVsComputer,
            (Player::Computer, _) | (_, Player::Computer) => Mode::HumanVsComputer,
            _ => Mode::HumanVsHuman,
        }
    }

    /// The seat the other machine plays, if any.
    pub fn remote(&self) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&seat| self.get(seat) == Player::Remote)
    }
}

/// Which colour each seat plays: the first seat's colour decides both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colours {
    pub first: Color,
}

impl Colours {
    pub const fn seat_of(self, color: Color) -> Seat {
        if color.index() == self.first.index() {
            Seat::First
        } else {
            Seat::Second
        }
    }

    pub const fn color_of(self, seat: Seat) -> Color {
        match seat {
            Seat::First => self.first,
            Seat::Second => self.first.opponent(),
        }
    }
}
