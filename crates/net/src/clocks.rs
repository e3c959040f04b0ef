//! One clock for both machines: the host's clocks are the game's. After every stone (its own, and the
//! guest's once it has played it) the host sends its time used per side with the stone count it read
//! them at; the guest sets its clocks to them, so both show the same numbers however far the two
//! machines' own clocks drift apart. A reading for another position (a stone or an undo crossed it) is
//! stale and ignored; a reading no clock could show, or one from the guest, is a rule break.

use std::time::Duration;

use crate::session::{ActionError, Session, SessionEvent, Step, Violation};
use crate::wire::Message;

/// The most time used a reading may give a side: a year. A clock runs only while the game is
/// played, so anything beyond is no clock's reading.
pub const MAX_CLOCK: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// The host's clocks as read with `ply` stones on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// Time used per side, black then white.
    pub used: [Duration; 2],
    /// How many stones were on the board when the clocks were read.
    pub ply: u32,
}

/// Whole milliseconds, as on the wire (a time past `u64::MAX` ms cannot occur: it saturates).
fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

impl ClockReading {
    /// The message that carries this reading.
    pub fn to_message(&self) -> Message {
        Message::Clocks {
            black_ms: millis(self.used[0]),
            white_ms: millis(self.used[1]),
            ply: self.ply,
        }
    }

    /// The reading a `clocks` message gives, or why no clock could show it.
    pub fn from_wire(black_ms: u64, white_ms: u64, ply: u32) -> Result<ClockReading, ActionError> {
        let limit = millis(MAX_CLOCK);
        if let Some(ms) = [black_ms, white_ms].into_iter().find(|ms| *ms > limit) {
            return Err(ActionError::ClockOutOfRange { ms });
        }
        Ok(ClockReading {
            used: [
                Duration::from_millis(black_ms),
                Duration::from_millis(white_ms),
            ],
            ply,
        })
    }
}

impl Session {
    /// The message that tells the guest the host's `reading`, when it was read at this session's
    /// position; `None` for a stale one (the stone it followed was refused or taken back).
    pub fn clocks_message(&self, reading: ClockReading) -> Option<Message> {
        (reading.ply == self.position().0).then(|| reading.to_message())
    }

    /// A `clocks` message from the host: the reading for the game to show, nothing for a stale one.
    pub(crate) fn receive_clocks(
        &self,
        black_ms: u64,
        white_ms: u64,
        ply: u32,
    ) -> Result<Step, Violation> {
        let reading = ClockReading::from_wire(black_ms, white_ms, ply).map_err(Violation)?;
        let mut step = Step::default();
        if ply == self.position().0 {
            step.events.push(SessionEvent::Clocks(reading));
        }
        Ok(step)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use tengen_engine::{Color, Pos, Preset};

    use super::*;
    use crate::session::Action;
    use crate::wire::{WireError, read_message};

    fn decoded(body: &str) -> Result<Message, WireError> {
        let mut frame = (body.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(body.as_bytes());
        read_message(&mut &frame[..])
    }

    /// A host and a guest with one stone, black's, played on both.
    fn after_one_stone() -> (Session, Session) {
        let now = Instant::now();
        let mut host = Session::new("g", Preset::Freestyle15, Color::Black);
        let mut guest = Session::new("g", Preset::Freestyle15, Color::White);
        let step = host
            .act(Action::Play(Pos::new(7, 7)), now)
            .expect("black's move");
        for message in step.send {
            guest.receive(message, now).expect("an honest move");
        }
        (host, guest)
    }

    #[test]
    fn a_reading_goes_over_the_wire_and_becomes_the_guests_event() {
        let (host, mut guest) = after_one_stone();
        let reading = ClockReading {
            used: [Duration::from_millis(42_250), Duration::from_millis(41_000)],
            ply: 1,
        };
        let message = host.clocks_message(reading).expect("read at this position");
        let frame = message.to_frame();
        assert_eq!(
            &frame[4..],
            br#"{"type":"clocks","black_ms":42250,"white_ms":41000,"ply":1}"#
        );
        let received = read_message(&mut &frame[..]).expect("a good frame");
        let step = guest.receive(received, Instant::now()).expect("allowed");
        assert_eq!(step.events, [SessionEvent::Clocks(reading)]);
        assert!(step.send.is_empty());
    }

    #[test]
    fn a_stale_reading_is_neither_sent_nor_shown() {
        let (host, mut guest) = after_one_stone();
        let stale = ClockReading {
            used: [Duration::from_secs(3), Duration::ZERO],
            ply: 0,
        };
        assert_eq!(host.clocks_message(stale), None);
        // From the wire, a reading for another position is no rule break: it is simply ignored.
        for ply in [0, 2, u32::MAX] {
            let message = Message::Clocks {
                black_ms: 3_000,
                white_ms: 0,
                ply,
            };
            let step = guest
                .receive(message, Instant::now())
                .expect("not a rule break");
            assert_eq!(step, Step::default(), "ply {ply}");
        }
        assert_eq!(guest.position().0, 1);
    }

    #[test]
    fn a_reading_no_clock_could_show_is_a_rule_break_in_plain_words() {
        let (_, mut guest) = after_one_stone();
        let before = guest.position();
        let huge = Message::Clocks {
            black_ms: 1_000,
            white_ms: u64::MAX,
            ply: 1,
        };
        let err = guest
            .receive(huge, Instant::now())
            .expect_err("out of range");
        assert_eq!(
            err,
            Violation(ActionError::ClockOutOfRange { ms: u64::MAX })
        );
        assert_eq!(
            err.to_string(),
            "the other player broke the rules: a clock reading of 18446744073709551615 ms is more than a year"
        );
        assert_eq!(guest.position(), before);
        // A year is the most a clock may show.
        let year = millis(MAX_CLOCK);
        assert!(ClockReading::from_wire(year, year, 1).is_ok());
        assert!(ClockReading::from_wire(year + 1, 0, 1).is_err());
    }

    #[test]
    fn malformed_clock_messages_are_refused_by_the_decoder_in_words() {
        for body in [
            r#"{"type":"clocks","black_ms":-1,"white_ms":0,"ply":1}"#,
            r#"{"type":"clocks","black_ms":1.5,"white_ms":0,"ply":1}"#,
            r#"{"type":"clocks","black_ms":"1","white_ms":0,"ply":1}"#,
            r#"{"type":"clocks","black_ms":1,"white_ms":0}"#,
            r#"{"type":"clocks","black_ms":1,"white_ms":0,"ply":1,"extra":2}"#,
            r#"{"type":"clocks","black_ms":18446744073709551616,"white_ms":0,"ply":1}"#,
            r#"{"type":"clocks","black_ms":1,"white_ms":0,"ply":4294967296}"#,
        ] {
            match decoded(body) {
                Err(e @ WireError::Malformed(_)) => {
                    assert!(
                        e.to_string().starts_with("a message could not be read"),
                        "{e}"
                    );
                }
                other => panic!("{body}: {other:?}"),
            }
        }
        assert!(matches!(
            decoded(r#"{"type":"clocks","black_ms":0,"white_ms":0,"ply":0}"#),
            Ok(Message::Clocks { .. })
        ));
    }

    #[test]
    fn a_reading_past_what_the_wire_holds_saturates() {
        let reading = ClockReading {
            used: [Duration::MAX, Duration::ZERO],
            ply: 0,
        };
        assert_eq!(
            reading.to_message(),
            Message::Clocks {
                black_ms: u64::MAX,
                white_ms: 0,
                ply: 0
            }
        );
    }
}
