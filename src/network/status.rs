//! How the network game stands: the connection, the other player, the offers made.

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_store::NetworkSeat;

use crate::i18n::{Phrase, Words};

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
}

/// How many lines of chat the network section keeps.
pub const CHAT_KEPT: usize = 50;

impl NetworkStatus {
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
        if let Some(seat) = self.seat.as_mut() {
            seat.game_id = game_id;
            seat.local = local;
            seat.peer = peer.clone();
        }
        self.peer = Some(peer);
        self.local = Some(local);
    }

    /// The status of a network game restored from the autosave: not connected yet.
    pub fn saved(seat: &NetworkSeat) -> NetworkStatus {
        NetworkStatus {
            peer: Some(seat.peer.clone()).filter(|p| !p.is_empty()),
            local: Some(seat.local),
            port: Some(seat.port),
            seat: Some(seat.clone()),
            ..NetworkStatus::default()
        }
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
pub(super) fn paused(reason: &str) -> Phrase {
    Phrase::with("net-paused", vec![("reason", reason.into())])
}
pub(super) fn closed_for(reason: &str) -> Phrase {
    Phrase::with("net-closed-for", vec![("reason", reason.into())])
}

/// What went wrong with a connection, in the player's words. The other player's own words (their
/// goodbye) and anything the system says that has no name here are given as they came.
pub(super) fn why(error: &tengen_net::NetError) -> Phrase {
    use tengen_net::NetError as E;
    let with = |id: &'static str, name: &'static str, value: String| {
        Phrase::with(id, vec![(name, value.into())])
    };
    match error {
        E::PeerClosed => Phrase::new("net-why-peer-closed"),
        E::PeerLeft(words) => with("net-why-peer-left", "words", words.clone()),
        E::ConnectionCut => Phrase::new("net-why-cut"),
        E::TimedOut => Phrase::new("net-why-timed-out"),
        E::Refused { addr } => with("net-why-refused", "address", addr.clone()),
        E::Unreachable { addr } => with("net-why-unreachable", "address", addr.clone()),
        E::NoSuchAddress { host } => with("net-why-no-such-host", "host", host.clone()),
        E::BadAddress { addr } => with("net-why-bad-address", "address", addr.clone()),
        E::PortInUse { port } => Phrase::with(
            "net-why-port-in-use",
            vec![("port", u64::from(*port).into())],
        ),
        E::BadSave(e) => with("net-why-bad-save", "detail", e.to_string()),
        E::Other(text) => with("net-why-other", "detail", text.clone()),
    }
}
