//! The handshake: what each side announces and the checks that refuse a mismatch, naming both values.

use std::fmt;

use tengen_engine::{Color, Preset};

use crate::session::Session;
use crate::wire::{APP_NAME, Message, PROTOCOL_VERSION, Resume};

/// The host's side of a network game.
#[derive(Clone, Debug)]
pub struct HostSetup {
    pub name: String,
    pub preset: Preset,
    /// The host's colour; the guest gets the other.
    pub host_color: Color,
    pub passphrase: Option<String>,
    /// Chosen once per game; a reconnecting guest must name it.
    pub game_id: String,
    /// The time control the game is played under, as players write it (`none`, `3+2`): sent to
    /// the guest with the welcome.
    pub time: String,
}

/// The guest's side of a network game.
#[derive(Clone, Debug)]
pub struct GuestSetup {
    pub name: String,
    pub preset: Preset,
    pub passphrase: Option<String>,
}

/// Why a connection is refused at the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotHello,
    App {
        ours: String,
        theirs: String,
    },
    Version {
        ours: u32,
        theirs: u32,
    },
    Rule {
        ours: String,
        theirs: String,
    },
    Size {
        ours: u8,
        theirs: u8,
    },
    GameId {
        ours: String,
        theirs: String,
    },
    /// A fresh join while a game with moves waits for its own player.
    Busy,
    /// Stone count and hash differ: the games cannot be joined up again.
    Position {
        ours: (u32, u64),
        theirs: (u32, u64),
    },
    PassphraseNeeded,
    WrongPassphrase,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotHello => f.write_str("the first message must be a hello"),
            Refusal::App { ours, theirs } => {
                write!(f, "this is \"{ours}\", the other side is \"{theirs}\"")
            }
            Refusal::Version { ours, theirs } => {
                write!(
                    f,
                    "protocol version {ours} here, {theirs} on the other side"
                )
            }
            Refusal::Rule { ours, theirs } => {
                write!(f, "rule \"{ours}\" here, \"{theirs}\" on the other side")
            }
            Refusal::Size { ours, theirs } => {
                write!(f, "board size {ours} here, {theirs} on the other side")
            }
            Refusal::GameId { ours, theirs } => {
                write!(f, "game \"{ours}\" here, \"{theirs}\" on the other side")
            }
            Refusal::Busy => f.write_str("a game is already in progress here"),
            Refusal::Position { ours, theirs } => write!(
                f,
                "the positions differ ({} stones, hash {:016x} here; {} stones, hash {:016x} on the other side), so the game cannot be resumed",
                ours.0, ours.1, theirs.0, theirs.1
            ),
            Refusal::PassphraseNeeded => f.write_str("the host asks for a passphrase"),
            Refusal::WrongPassphrase => f.write_str("the passphrase is wrong"),
        }
    }
}

impl std::error::Error for Refusal {}

impl Refusal {
    /// The refusal the other side's goodbye words describe (a rule, board size or protocol version
    /// that differ), seen from this side: its "here" is this side's "other side". `None` for any
    /// other words.
    pub fn seen_from_here(words: &str) -> Option<Refusal> {
        let pair = |prefix: &str, middle: &str, suffix: &str| -> Option<(String, String)> {
            let rest = words.strip_prefix(prefix)?.strip_suffix(suffix)?;
            let (there, here) = rest.split_once(middle)?;
            Some((here.to_string(), there.to_string()))
        };
        if let Some((ours, theirs)) = pair("rule \"", "\" here, \"", "\" on the other side") {
            return Some(Refusal::Rule { ours, theirs });
        }
        if let Some((ours, theirs)) = pair("board size ", " here, ", " on the other side") {
            return Some(Refusal::Size {
                ours: ours.parse().ok()?,
                theirs: theirs.parse().ok()?,
            });
        }
        let (ours, theirs) = pair("protocol version ", " here, ", " on the other side")?;
        Some(Refusal::Version {
            ours: ours.parse().ok()?,
            theirs: theirs.parse().ok()?,
        })
    }
}

impl GuestSetup {
    /// The guest's first message; `session` is the game being resumed, if any.
    pub fn hello(&self, nonce: &str, session: Option<&Session>) -> Message {
        Message::Hello {
            app: APP_NAME.to_string(),
            protocol: PROTOCOL_VERSION,
            preset: self.preset.key().to_string(),
            size: self.preset.variant().size(),
            game_id: session.map(|s| s.game_id().to_string()).unwrap_or_default(),
            name: self.name.clone(),
            nonce: nonce.to_string(),
            resume: session.map(|s| {
                let (moves, hash) = s.position();
                Resume { moves, hash }
            }),
        }
    }
}

/// The guest's name and nonce from an acceptable hello.
pub struct Greeting {
    pub name: String,
    pub nonce: String,
    pub resuming: bool,
}

/// Checks a guest's hello against the host's game, naming both values on a mismatch.
pub fn check_hello(
    message: Message,
    setup: &HostSetup,
    session: &Session,
) -> Result<Greeting, Refusal> {
    let Message::Hello {
        app,
        protocol,
        preset,
        size,
        game_id,
        name,
        nonce,
        resume,
    } = message
    else {
        return Err(Refusal::NotHello);
    };
    if app != APP_NAME {
        return Err(Refusal::App {
            ours: APP_NAME.to_string(),
            theirs: app,
        });
    }
    if protocol != PROTOCOL_VERSION {
        return Err(Refusal::Version {
            ours: PROTOCOL_VERSION,
            theirs: protocol,
        });
    }
    if preset != setup.preset.key() {
        return Err(Refusal::Rule {
            ours: setup.preset.key().to_string(),
            theirs: preset,
        });
    }
    let ours_size = setup.preset.variant().size();
    if size != ours_size {
        return Err(Refusal::Size {
            ours: ours_size,
            theirs: size,
        });
    }
    let ours = session.position();
    match resume {
        // A fresh join only fits a game nobody has played in yet.
        None if game_id.is_empty() && ours.0 > 0 => return Err(Refusal::Busy),
        None if game_id.is_empty() => {}
        _ if game_id != setup.game_id => {
            return Err(Refusal::GameId {
                ours: setup.game_id.clone(),
                theirs: game_id,
            });
        }
        Some(Resume { moves, hash }) if (moves, hash) != ours => {
            return Err(Refusal::Position {
                ours,
                theirs: (moves, hash),
            });
        }
        _ => {}
    }
    Ok(Greeting {
        name,
        nonce,
        resuming: !game_id.is_empty(),
    })
}
