//! Tengen's Bevy-free network play: the wire format, the versioned handshake with an optional
//! passphrase, the session rules checked by the engine, a threaded TCP transport a game loop polls, and
//! discovery of games on the local network (mDNS).
//!
//! Modules stay private; the API is re-exported flat from here. The [`Session`] is pure: time comes in as
//! an argument and messages go out as values, so every rule is testable without sockets.
//!
//! ```
//! use std::time::Instant;
//! use tengen_engine::{Color, Pos, Preset};
//! use tengen_net::{Action, ActionError, Message, Session, Violation};
//!
//! let now = Instant::now();
//! let mut host = Session::new("g1", Preset::Freestyle15, Color::Black);
//! let mut guest = Session::new("g1", Preset::Freestyle15, Color::White);
//! // The host plays; the move goes over the wire as a message the guest checks with the engine.
//! let step = host.act(Action::Play(Pos::new(7, 7)), now)?;
//! for message in step.send {
//!     guest.receive(Message::from_body(&message.to_frame()[4..])?, now)?;
//! }
//! assert_eq!(guest.game().moves(), host.game().moves());
//! // Black may not move twice: locally refused; from the wire, a rule break that changes nothing.
//! assert_eq!(host.act(Action::Play(Pos::new(8, 8)), now), Err(ActionError::NotYourTurn));
//! let out_of_turn = Message::Move { x: 8, y: 8, ply: 0 };
//! assert!(matches!(guest.receive(out_of_turn, now), Err(Violation(_))));
//! assert_eq!(guest.game().moves().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod auth;
mod clocks;
mod discovery;
mod error;
mod handshake;
mod session;
mod transport;
mod wire;

pub use crate::auth::{new_nonce, proof, verify};
pub use crate::clocks::{ClockReading, MAX_CLOCK};
pub use crate::discovery::{
    Advert, Advertiser, Browser, Discovery, DiscoveryError, FoundGame, SERVICE_TYPE, parse_advert,
};
pub use crate::error::{NetError, NetErrorKind, PeerAddress, Reason};
pub use crate::handshake::{Greeting, GuestSetup, HostSetup, Refusal, check_hello};
pub use crate::session::{
    Action, ActionError, CHAT_PER_WINDOW, End, RATE_WINDOW, REQUESTS_PER_WINDOW, Role, Session,
    SessionEvent, SessionSnapshot, Side, SnapshotError, Step, Violation, color_name, parse_color,
};
pub use crate::transport::{Guest, HANDSHAKE_TIMEOUT, Host, NetCommand, NetEvent, Waker};
pub use crate::wire::{
    APP_NAME, DEFAULT_PORT, MAX_CHAT_CHARS, MAX_FRAME, Message, PROTOCOL_VERSION, Resume,
    WireError, read_message, write_message,
};
