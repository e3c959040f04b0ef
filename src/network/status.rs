//! How the network game stands: the connection, the other player, the offers made.

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_net::{ClockReading, Reason, Refusal};
use tengen_store::{ChatLine, NetworkSeat};

use super::request::NetworkRequest;
use crate::i18n::{Arg, Phrase, Words};

/// The state of the connection, for the player to see. Why it paused or closed is a [`Phrase`], put
/// into words when the status line is drawn (in the language of that moment).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Off,
    Listening,
    Connecting,
    Connected,
    Paused(Phrase),
    Reconnecting(u32),
    Closed(Phrase),
}
/// The network game as this machine sees it: the connection, the other player's name, the colour
/// played here and the port hosted on.
#[derive(Resource, Clone, Debug, Default)]
pub struct NetworkStatus {
    pub connection: Connection,
    pub peer: Option<String>,
    pub local: Option<Color>,
    pub port: Option<u16>,
    /// How many times the other player connected to this game (more than once after reconnects).
    pub connects: u32,
    /// The other player offered a rematch: Rematch here accepts it.
    pub rematch_offered: bool,
    /// The other player asked to take back a move: Undo here accepts it.
    pub undo_requested: bool,
    /// The other player offered a draw: the panel offers Accept and Decline.
    pub draw_offered: bool,
    /// This player offered a draw and waits for the answer.
    pub draw_asked: bool,
    /// The game's identity for the autosave: filled in as the connection is made (the game id once
    /// connected), or restored from the autosave for a reconnect.
    pub seat: Option<NetworkSeat>,
    /// The conversation of this connection, oldest first: who said it ("You" or the other player's
    /// name) and what, at most [`CHAT_KEPT`] lines.
    pub chat: Vec<(String, String)>,
    /// On the guest: the host's latest clock reading, until the board holds the stones it was read
    /// at (see `clock_sync`).
    pub host_clocks: Option<ClockReading>,
    /// On the host: the other player just connected, and is to get the host's clocks once the game
    /// is on the board.
    pub clocks_due: bool,
    /// The game's time control, the host's choice (a rematch keeps it).
    pub time: tengen_match::TimeControl,
    /// Why the transport just refused the connected player, until the pause that follows it is
    /// shown: the two may arrive in different frames, and the player reads both, the reason first.
    pub refusal: Option<Phrase>,
}

/// How many lines of chat the network section keeps.
pub const CHAT_KEPT: usize = 50;

impl NetworkStatus {
    /// Whether this machine's clocks are the game's: not a network game's guest, whose clocks show
    /// the host's readings and fall only when the host says so.
    pub fn owns_the_clock(&self) -> bool {
        self.seat.as_ref().is_none_or(|seat| seat.host)
    }

    /// A line of chat, kept for the network section (the oldest goes past [`CHAT_KEPT`]).
    pub(super) fn said(&mut self, who: String, text: String) {
        self.chat.push((who, text));
        let over = self.chat.len().saturating_sub(CHAT_KEPT);
        self.chat.drain(..over);
    }

    /// The host waits for the other player on `port` (kept with the seat, to host there again).
    pub(super) fn listening(&mut self, port: u16) {
        self.connection = Connection::Listening;
        self.port = Some(port);
        if let Some(seat) = self.seat.as_mut() {
            seat.port = port;
        }
    }

    /// The other player is connected: their name, the game's id and this machine's colour are kept,
    /// with the seat saved for a reconnect.
    pub(super) fn connected_to(&mut self, peer: String, game_id: String, local: Color) {
        self.connection = Connection::Connected;
        self.connects += 1;
        // A reading from before the connection is for a game as it stood then.
        self.host_clocks = None;
        self.clocks_due = true;
        if let Some(seat) = self.seat.as_mut() {
            seat.game_id = game_id;
            seat.local = local;
            seat.peer = peer.clone();
        }
        self.peer = Some(peer);
        self.local = Some(local);
    }

    /// The status of a network game restored from the autosave: not connected yet, with the other
    /// player's name and the conversation as they were.
    pub fn saved(seat: &NetworkSeat) -> NetworkStatus {
        let mut status = NetworkStatus {
            peer: Some(seat.peer.clone()).filter(|p| !p.is_empty()),
            local: Some(seat.local),
            port: Some(seat.port),
            // The chat lives in `chat` while the game is played, and goes back with the seat saved.
            seat: Some(NetworkSeat {
                chat: Vec::new(),
                ..seat.clone()
            }),
            ..NetworkStatus::default()
        };
        for line in &seat.chat {
            status.said(line.who.clone(), line.text.clone());
        }
        status
    }

    /// The seat to keep in the autosave, with the conversation so far; `None` before the game has
    /// one.
    pub fn seat_to_save(&self) -> Option<NetworkSeat> {
        let seat = self.seat.as_ref()?;
        let chat = self.chat.iter().map(|(who, text)| ChatLine {
            who: who.clone(),
            text: text.clone(),
        });
        Some(NetworkSeat {
            chat: chat.collect(),
            ..seat.clone()
        })
    }

    /// Whether moves can be sent now.
    pub fn connected(&self) -> bool {
        self.connection == Connection::Connected
    }

    /// A short line for the status panel.
    pub fn describe(&self, words: &Words) -> String {
        match &self.connection {
            Connection::Off => words.tr("net-off"),
            Connection::Listening => words.phrase(&hosting(self.port.unwrap_or_default())),
            Connection::Connecting => words.tr("net-connecting"),
            Connection::Connected => words.tr("net-connected"),
            Connection::Paused(why) | Connection::Closed(why) => words.phrase(why),
            Connection::Reconnecting(attempt) => {
                words.tr_args("net-reconnecting", &[("attempt", (*attempt).into())])
            }
        }
    }

    /// The other player's name, or "Guest" / "Host" before it is known.
    pub fn peer_name(&self, words: &Words) -> String {
        self.peer
            .clone()
            .unwrap_or_else(|| words.tr("net-other-player"))
    }
}
pub(super) fn hosting(port: u16) -> Phrase {
    Phrase::with("net-hosting", vec![("port", u64::from(port).into())])
}
pub(super) fn paused(reason: impl Into<Arg>) -> Phrase {
    Phrase::with("net-paused", vec![("reason", reason.into())])
}
pub(super) fn closed_for(reason: impl Into<Arg>) -> Phrase {
    Phrase::with("net-closed-for", vec![("reason", reason.into())])
}

/// Why a connection paused, was refused, closed or ended, in the player's words.
pub(super) fn said(reason: &Reason) -> Phrase {
    match reason {
        Reason::Error(error) => why(error),
        Reason::Refused(refusal) => refused(refusal),
        Reason::Broken(what) => {
            Phrase::with("net-why-broken", vec![("detail", what.clone().into())])
        }
        Reason::SlowHandshake => Phrase::new("net-why-slow-handshake"),
        Reason::DroppedHere => Phrase::new("net-why-dropped-here"),
        Reason::OtherLeft => Phrase::new("net-why-other-left"),
        Reason::AwaitingReconnect => Phrase::new("net-why-awaiting"),
        Reason::ClosedAfterBreak => Phrase::new("net-why-closed-after-break"),
    }
}

/// Why an action of this player was not sent, in their words (the panel greys out most of these, so
/// they are rare: a chat line too long, messages too fast, a move in a game that just ended).
pub(super) fn not_sent(error: &tengen_net::ActionError) -> Phrase {
    use tengen_net::ActionError as A;
    let id = match error {
        A::NotYourTurn => "net-not-your-turn",
        A::Illegal(e) => {
            return Phrase::with(
                "net-move-not-allowed",
                vec![("detail", e.to_string().into())],
            );
        }
        A::GameOver => "net-game-over",
        A::NotOver => "net-not-over",
        A::NothingToUndo => "net-nothing-to-undo",
        A::AlreadyAsked => "net-already-asked",
        A::NothingToAnswer => "net-nothing-to-answer",
        A::TooFast => "net-too-fast",
        A::ChatEmpty => "net-chat-line-empty",
        A::ChatTooLong(n) => {
            let counts = vec![
                ("count", (*n as u64).into()),
                ("most", (tengen_net::MAX_CHAT_CHARS as u64).into()),
            ];
            return Phrase::with("net-chat-too-long", counts);
        }
        A::NotConnected => "net-not-connected",
        A::WrongPly { .. } | A::OutOfPlace(_) | A::ClockOutOfRange { .. } | A::ClocksFromGuest => {
            return Phrase::with("net-why-broken", vec![("detail", error.to_string().into())]);
        }
    };
    Phrase::new(id)
}

/// Why the handshake refused a connection, in the player's words.
fn refused(refusal: &Refusal) -> Phrase {
    let both = |id: &'static str, ours: String, theirs: String| {
        Phrase::with(id, vec![("ours", ours.into()), ("theirs", theirs.into())])
    };
    match refusal {
        Refusal::NotHello => Phrase::new("net-why-not-hello"),
        Refusal::App { ours, theirs } => both("net-why-other-app", ours.clone(), theirs.clone()),
        Refusal::Version { ours, theirs } => {
            both("net-why-version", ours.to_string(), theirs.to_string())
        }
        Refusal::Rule { ours, theirs } => both("net-why-rule", ours.clone(), theirs.clone()),
        Refusal::Size { ours, theirs } => {
            both("net-why-size", ours.to_string(), theirs.to_string())
        }
        Refusal::GameId { .. } => Phrase::new("net-why-other-game"),
        Refusal::Busy => Phrase::new("net-why-busy"),
        Refusal::Position { ours, theirs } => both(
            "net-why-positions-differ",
            ours.0.to_string(),
            theirs.0.to_string(),
        ),
        Refusal::PassphraseNeeded => Phrase::new("net-why-passphrase-needed"),
        Refusal::WrongPassphrase => Phrase::new("net-why-wrong-passphrase"),
    }
}

/// What went wrong with a connection, in the player's words. The other player's own words (their
/// goodbye) and anything the system says that has no name here are given as they came.
pub(super) fn why(error: &tengen_net::NetError) -> Phrase {
    use tengen_net::NetError as E;
    let at = |id: &'static str, addr: &str| Phrase::with(id, vec![("address", addr.into())]);
    let detail = |id: &'static str, text: String| Phrase::with(id, vec![("detail", text.into())]);
    match error {
        E::PeerClosed => Phrase::new("net-why-peer-closed"),
        // A goodbye in the words another Tengen sends is said in this player's; other words as
        // they came (an older or newer version).
        E::PeerLeft(words) => {
            let words: Arg = match Reason::from_goodbye(words) {
                Some(known) => said(&known).into(),
                None => words.clone().into(),
            };
            Phrase::with("net-why-peer-left", vec![("words", words)])
        }
        E::ConnectionCut => Phrase::new("net-why-cut"),
        E::TimedOut => Phrase::new("net-why-timed-out"),
        E::Refused { addr } => at("net-why-refused", addr),
        E::Unreachable { addr } => at("net-why-unreachable", addr),
        E::NoSuchAddress { host } => {
            Phrase::with("net-why-no-such-host", vec![("host", host.clone().into())])
        }
        E::BadAddress { addr } => at("net-why-bad-address", addr),
        E::PortInUse { port } => Phrase::with(
            "net-why-port-in-use",
            vec![("port", u64::from(*port).into())],
        ),
        E::BadSave(e) => detail("net-why-bad-save", e.to_string()),
        E::Other(text) => detail("net-why-other", text.clone()),
    }
}

/// A new network game: the seat is drafted now and completed once connected.
pub(super) fn draft_seat(request: &NetworkRequest) -> Option<NetworkSeat> {
    let (host, port, address, passphrase) = match request {
        NetworkRequest::Host {
            port, passphrase, ..
        } => (true, *port, String::new(), passphrase.clone()),
        NetworkRequest::Join {
            address,
            passphrase,
            ..
        } => (false, 0, address.clone(), passphrase.clone()),
        _ => return None,
    };
    Some(NetworkSeat {
        game_id: String::new(),
        host,
        local: Color::Black,
        port,
        address,
        peer: String::new(),
        passphrase,
        chat: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use tengen_i18n::Language;
    use tengen_net::NetError;

    use super::*;

    #[test]
    fn why_a_connection_ended_is_said_in_the_players_language() {
        let ru = Words::new(Language::Russian);
        let said_in_russian = |reason: Reason| ru.phrase(&said(&reason));
        // A goodbye from the other machine, in the words Tengen sends, is known again.
        let goodbye = Reason::Error(NetError::PeerLeft("the passphrase is wrong".into()));
        assert_eq!(
            said_in_russian(goodbye),
            "другой игрок закрыл соединение (пароль неверный)"
        );
        // Words this game does not know come as they came.
        let unknown = Reason::Error(NetError::PeerLeft("see you".into()));
        assert_eq!(
            said_in_russian(unknown),
            "другой игрок закрыл соединение (see you)"
        );
        assert_eq!(
            said_in_russian(Reason::Refused(Refusal::Rule {
                ours: "freestyle".into(),
                theirs: "renju".into()
            })),
            "правила разные (здесь freestyle, там renju)"
        );
        assert_eq!(
            said_in_russian(Reason::Error(NetError::PeerClosed)),
            "другой игрок закрыл соединение"
        );
    }

    #[test]
    fn the_chat_goes_out_with_the_seat_and_comes_back_at_most_as_many_lines_as_are_kept() {
        let seat = NetworkSeat {
            game_id: "g".into(),
            host: true,
            local: Color::Black,
            port: 47015,
            address: String::new(),
            peer: "Hana".into(),
            passphrase: None,
            chat: (0..CHAT_KEPT + 3)
                .map(|i| ChatLine {
                    who: "Hana".into(),
                    text: format!("line {i}"),
                })
                .collect(),
        };
        let status = NetworkStatus::saved(&seat);
        assert_eq!(status.peer.as_deref(), Some("Hana"));
        assert_eq!(status.chat.len(), CHAT_KEPT);
        assert_eq!(status.chat[0], ("Hana".into(), "line 3".into()));
        // The conversation is the status's while the game is played: the seat kept holds none.
        assert!(status.seat.as_ref().is_some_and(|s| s.chat.is_empty()));
        let again = status.seat_to_save().expect("a seat");
        assert_eq!(again.chat, seat.chat[3..]);
        assert_eq!(NetworkStatus::default().seat_to_save(), None);
    }

    #[test]
    fn every_reason_has_words_in_every_language() {
        let reasons = [
            Reason::Error(NetError::ConnectionCut),
            Reason::Error(NetError::TimedOut),
            Reason::Error(NetError::PortInUse { port: 47015 }),
            Reason::Refused(Refusal::NotHello),
            Reason::Refused(Refusal::Busy),
            Reason::Refused(Refusal::PassphraseNeeded),
            Reason::Refused(Refusal::Version { ours: 2, theirs: 9 }),
            Reason::Refused(Refusal::Size {
                ours: 15,
                theirs: 20,
            }),
            Reason::Refused(Refusal::Position {
                ours: (12, 1),
                theirs: (11, 2),
            }),
            Reason::Broken("a hello arrived at the guest".into()),
            Reason::SlowHandshake,
            Reason::DroppedHere,
            Reason::OtherLeft,
            Reason::AwaitingReconnect,
            Reason::ClosedAfterBreak,
        ];
        for language in [
            Language::English,
            Language::Russian,
            Language::Chinese,
            Language::Polish,
        ] {
            let words = Words::new(language);
            let not_sent = [
                tengen_net::ActionError::NotYourTurn,
                tengen_net::ActionError::TooFast,
                tengen_net::ActionError::ChatTooLong(900),
                tengen_net::ActionError::NotConnected,
            ];
            let phrases = reasons
                .iter()
                .map(said)
                .chain(not_sent.iter().map(super::not_sent));
            for phrase in phrases {
                let text = words.phrase(&phrase);
                assert!(
                    !text.contains("net-") && !text.contains('{') && text.len() > 8,
                    "{language:?} {phrase:?}: {text}"
                );
            }
        }
    }
}
