//! What a seat is called, decided once: "You", "Player 1", "Player 2", the computer at its strength,
//! or a person's own name. Files hold names as text (`PB`, `PW`, the history's players) in words that
//! mean the same to anyone who opens them; the screen says them in the player's language. The two
//! meet here only: a record's text becomes a [`SeatName`] when it is read, and a `SeatName` becomes
//! text again when it is written.

use tengen_engine::{Level, Step};
use tengen_store::Player;

use crate::i18n::Words;

/// How the files name the two seats of a game between two people at this screen.
pub const PLAYER_ONE: &str = "Player 1";
pub const PLAYER_TWO: &str = "Player 2";

/// One seat's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatName {
    /// The player at this machine, who files know by the name in the settings.
    You,
    /// The first (0) or second (1) of two people playing at this screen.
    Seat(usize),
    /// The computer, at the level or step it played.
    Computer { level: Level, step: Option<Step> },
    /// Anyone else, by their own name (a friend's name in a record, the other network player).
    Named(String),
}

impl SeatName {
    /// The seat a record's name stands for: the player's own name (`own`, from the settings) is
    /// "You"; the names Tengen writes for the seats and the computer are those seats.
    pub fn from_record(name: &str, own: &str) -> SeatName {
        let name = name.trim();
        if !own.trim().is_empty() && name == own.trim() {
            return SeatName::You;
        }
        match name {
            PLAYER_ONE => SeatName::Seat(0),
            PLAYER_TWO => SeatName::Seat(1),
            _ => match Player::from_display_name(name) {
                Player::Computer { level, step } => SeatName::Computer { level, step },
                Player::Human { .. } => SeatName::Named(name.to_owned()),
            },
        }
    }

    /// The seat as files name it: "You" by the player's own name.
    pub fn to_record(&self, own: &str) -> String {
        match self {
            SeatName::You => own.to_owned(),
            SeatName::Seat(0) => PLAYER_ONE.to_owned(),
            SeatName::Seat(_) => PLAYER_TWO.to_owned(),
            SeatName::Computer { level, step } => Player::Computer {
                level: *level,
                step: *step,
            }
            .display_name(),
            SeatName::Named(name) => name.clone(),
        }
    }

    /// The seat in the player's language: "You", "Player 2", "Computer (Expert)", "Hana".
    pub fn in_words(&self, words: &Words) -> String {
        match self {
            SeatName::You => words.tr("seat-you"),
            SeatName::Seat(0) => words.tr("seat-player-1"),
            SeatName::Seat(_) => words.tr("seat-player-2"),
            SeatName::Computer { level, step } => {
                // A named level's own step reads as the level ("Expert"), another as its number.
                let strength = match step.filter(|s| s.level().is_none()) {
                    Some(step) => words.step(step),
                    None => words.level(*level),
                };
                words.tr_args("seat-computer-strength", &[("strength", strength.into())])
            }
            SeatName::Named(name) => name.clone(),
        }
    }
}

/// A record's player, as this screen names them ("?" where the record gives no name).
pub fn record_player_in_words(name: Option<&str>, own: &str, words: &Words) -> String {
    name.map_or_else(
        || "?".to_owned(),
        |name| SeatName::from_record(name, own).in_words(words),
    )
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Level, Step};
    use tengen_i18n::Language;

    use super::SeatName;
    use crate::i18n::Words;

    #[test]
    fn a_name_read_from_a_file_is_written_back_the_same() {
        let own = "Ann";
        for name in [
            "Ann",
            "Player 1",
            "Player 2",
            "Tengen (expert)",
            "Tengen (step 5)",
            "Hana",
        ] {
            let seat = SeatName::from_record(name, own);
            assert_eq!(seat.to_record(own), name, "{seat:?}");
        }
        assert_eq!(SeatName::from_record(" Ann ", own), SeatName::You);
        assert_eq!(
            SeatName::from_record("Tengen (expert)", own),
            SeatName::Computer {
                level: Level::Expert,
                step: None
            }
        );
        assert_eq!(
            SeatName::from_record("Tengen (step 5)", own),
            SeatName::Computer {
                level: Step::new(5).expect("a step").base(),
                step: Step::new(5)
            }
        );
    }

    #[test]
    fn every_seat_is_said_in_the_players_language() {
        let ru = Words::new(Language::Russian);
        let said = |seat: SeatName| seat.in_words(&ru);
        assert_eq!(said(SeatName::You), "Вы");
        assert_eq!(said(SeatName::Seat(1)), "Игрок 2");
        assert_eq!(
            said(SeatName::Computer {
                level: Level::Expert,
                step: None
            }),
            "Компьютер (Эксперт)"
        );
        assert_eq!(said(SeatName::Named("Hana".into())), "Hana");
        // A file's "Player" is the player's own name only when the settings say so.
        assert_eq!(
            SeatName::from_record("Player", "Ann"),
            SeatName::Named("Player".into())
        );
        assert_eq!(SeatName::from_record("Player", "Player"), SeatName::You);
    }
}
