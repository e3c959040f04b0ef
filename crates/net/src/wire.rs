//! The wire format: u32 big-endian length-prefixed frames holding one JSON message each.

use std::fmt;
use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};

use crate::error::NetError;

/// The largest frame body accepted or sent, in bytes.
pub const MAX_FRAME: usize = 64 * 1024;
/// The application name every peer announces.
pub const APP_NAME: &str = "tengen";
/// The protocol version; peers with another version are refused. Version 2 added `clocks`.
pub const PROTOCOL_VERSION: u32 = 3;
/// The TCP port a host listens on unless told otherwise (open it for play over the internet).
pub const DEFAULT_PORT: u16 = 47015;
/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 200;

/// One message of the protocol. On the wire: `{"type":"move","x":7,"y":7,"ply":0}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// Guest → host, first frame: who is asking to play what.
    Hello {
        app: String,
        protocol: u32,
        preset: String,
        size: u8,
        /// Empty for a fresh join; the game id to continue after a dropped connection.
        game_id: String,
        name: String,
        /// 32 hex digits of randomness for the passphrase proof.
        nonce: String,
        /// For a resumed game: the moves and position hash the guest holds.
        resume: Option<Resume>,
    },
    /// Host → guest: the host's nonce and whether a passphrase is needed.
    Challenge {
        nonce: String,
        passphrase: bool,
    },
    /// Guest → host: HMAC-SHA256 proof of the passphrase (hex; empty without a passphrase).
    Proof {
        proof: String,
    },
    /// Host → guest: accepted; the game and the host's own proof.
    Welcome {
        game_id: String,
        name: String,
        preset: String,
        /// "black" or "white": the guest's colour.
        guest_color: String,
        /// The moves so far as [x, y] pairs (non-empty when resuming).
        moves: Vec<[u8; 2]>,
        hash: u64,
        proof: String,
        /// The host's time control as players write it (`none`, `3+2`, `byo-yomi 10+3x30`): the
        /// game's terms, which the guest plays under.
        time: String,
    },
    /// A stone at x, y (0-based, x to the right, y downward); `ply` is the number of stones before it.
    Move {
        x: u8,
        y: u8,
        ply: u32,
    },
    /// Ask to take back the sender's last move (and the reply after it); `ply` is the stone count seen.
    UndoRequest {
        ply: u32,
    },
    UndoAccept {
        ply: u32,
    },
    UndoDecline {
        ply: u32,
    },
    Resign,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    /// After the end: play again with colours swapped.
    RematchOffer,
    RematchAccept,
    RematchDecline,
    Chat {
        text: String,
    },
    /// Host → guest, after every stone: the host's time used per side, in milliseconds, with `ply`
    /// stones on the board. The host's clocks are the game's; the guest shows these numbers (a
    /// reading for another position is stale and ignored).
    Clocks {
        black_ms: u64,
        white_ms: u64,
        ply: u32,
    },
    /// Host → guest: the host's clock of `loser` ("black" or "white") ran out with `ply` stones on
    /// the board: the game is lost on time on both machines.
    TimeUp {
        loser: String,
        ply: u32,
    },
    /// The sender closes the connection, and why.
    Bye {
        reason: String,
    },
}

/// The position a guest holds when it reconnects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resume {
    pub moves: u32,
    pub hash: u64,
}

/// Why bytes from the network are not a message.
#[derive(Debug)]
pub enum WireError {
    /// The length prefix asks for more than [`MAX_FRAME`].
    TooLarge(usize),
    /// The frame body is not a message of this protocol.
    Malformed(String),
    /// The connection failed or closed.
    Io(io::Error),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::TooLarge(n) => {
                write!(
                    f,
                    "a message of {n} bytes is larger than the limit of {MAX_FRAME}"
                )
            }
            WireError::Malformed(why) => write!(f, "a message could not be read: {why}"),
            WireError::Io(e) => write!(f, "{}", NetError::from_io(e)),
        }
    }
}

impl std::error::Error for WireError {}

impl Message {
    /// The frame for this message: length prefix and JSON body.
    pub fn to_frame(&self) -> Vec<u8> {
        // Serialising a plain enum of strings and numbers cannot fail.
        let body = serde_json::to_vec(self).unwrap_or_default();
        let mut frame = Vec::with_capacity(4 + body.len());
        frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
        frame.extend_from_slice(&body);
        frame
    }

    /// Reads a frame body as a message.
    pub fn from_body(body: &[u8]) -> Result<Message, WireError> {
        serde_json::from_slice(body).map_err(|e| WireError::Malformed(e.to_string()))
    }
}

/// Writes one message as a frame.
pub fn write_message(out: &mut impl Write, message: &Message) -> Result<(), WireError> {
    let frame = message.to_frame();
    if frame.len() - 4 > MAX_FRAME {
        return Err(WireError::TooLarge(frame.len() - 4));
    }
    out.write_all(&frame).map_err(WireError::Io)?;
    out.flush().map_err(WireError::Io)
}

/// Reads one frame and decodes it; refuses an oversized length before reading the body.
pub fn read_message(input: &mut impl Read) -> Result<Message, WireError> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len).map_err(WireError::Io)?;
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(WireError::TooLarge(len));
    }
    let mut body = vec![0u8; len];
    input.read_exact(&mut body).map_err(WireError::Io)?;
    Message::from_body(&body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_move_round_trips_through_a_frame() {
        let m = Message::Move { x: 7, y: 8, ply: 3 };
        let frame = m.to_frame();
        assert_eq!(&frame[4..], br#"{"type":"move","x":7,"y":8,"ply":3}"#);
        assert_eq!(read_message(&mut &frame[..]).ok(), Some(m));
    }

    #[test]
    fn an_oversized_length_is_refused_before_reading() {
        let frame = (MAX_FRAME as u32 + 1).to_be_bytes();
        assert!(matches!(
            read_message(&mut &frame[..]),
            Err(WireError::TooLarge(_))
        ));
    }

    proptest! {
        #[test]
        fn decoding_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = read_message(&mut &bytes[..]);
            let _ = Message::from_body(&bytes);
        }
    }
}
