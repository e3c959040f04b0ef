//! What went wrong with a connection, in plain words for the player, with a stable kind a game can
//! translate instead of showing the operating system's wording ("failed to fill whole buffer").

use std::fmt;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs};

use crate::session::SnapshotError;

/// A connection problem. `Display` says it in plain English; [`NetError::kind`] names it stably.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The other side's end closed with no goodbye (its program quit or was killed).
    PeerClosed,
    /// The other side said goodbye, with its reason.
    PeerLeft(String),
    /// The connection was cut on the way (reset or aborted).
    ConnectionCut,
    /// Nothing arrived for too long.
    TimedOut,
    /// Nothing listens at `addr` ("host:port").
    Refused { addr: String },
    /// `addr` could not be reached at all (no route, network down, no answer).
    Unreachable { addr: String },
    /// The host name `host` does not resolve to an address.
    NoSuchAddress { host: String },
    /// `addr` is not of the form host:port.
    BadAddress { addr: String },
    /// Another program (or another game) already listens on `port`.
    PortInUse { port: u16 },
    /// The saved network game cannot be restored.
    BadSave(SnapshotError),
    /// Anything else, in the system's words.
    Other(String),
}

/// The stable name of a [`NetError`], for a game to translate; [`NetErrorKind::as_str`] never changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetErrorKind {
    PeerClosed,
    PeerLeft,
    ConnectionCut,
    TimedOut,
    Refused,
    Unreachable,
    NoSuchAddress,
    BadAddress,
    PortInUse,
    BadSave,
    Other,
}

impl NetErrorKind {
    /// A fixed key such as `"peer-closed"`, fit for a translation id.
    pub fn as_str(self) -> &'static str {
        match self {
            NetErrorKind::PeerClosed => "peer-closed",
            NetErrorKind::PeerLeft => "peer-left",
            NetErrorKind::ConnectionCut => "connection-cut",
            NetErrorKind::TimedOut => "timed-out",
            NetErrorKind::Refused => "refused",
            NetErrorKind::Unreachable => "unreachable",
            NetErrorKind::NoSuchAddress => "no-such-address",
            NetErrorKind::BadAddress => "bad-address",
            NetErrorKind::PortInUse => "port-in-use",
            NetErrorKind::BadSave => "bad-save",
            NetErrorKind::Other => "other",
        }
    }
}

impl NetError {
    pub fn kind(&self) -> NetErrorKind {
        match self {
            NetError::PeerClosed => NetErrorKind::PeerClosed,
            NetError::PeerLeft(_) => NetErrorKind::PeerLeft,
            NetError::ConnectionCut => NetErrorKind::ConnectionCut,
            NetError::TimedOut => NetErrorKind::TimedOut,
            NetError::Refused { .. } => NetErrorKind::Refused,
            NetError::Unreachable { .. } => NetErrorKind::Unreachable,
            NetError::NoSuchAddress { .. } => NetErrorKind::NoSuchAddress,
            NetError::BadAddress { .. } => NetErrorKind::BadAddress,
            NetError::PortInUse { .. } => NetErrorKind::PortInUse,
            NetError::BadSave(_) => NetErrorKind::BadSave,
            NetError::Other(_) => NetErrorKind::Other,
        }
    }

    /// A read or write on an open connection failed.
    pub fn from_io(error: &io::Error) -> NetError {
        use io::ErrorKind as K;
        match error.kind() {
            // The stream ended mid-frame or between frames: the other end closed.
            K::UnexpectedEof => NetError::PeerClosed,
            K::ConnectionReset | K::ConnectionAborted | K::BrokenPipe | K::NotConnected => {
                NetError::ConnectionCut
            }
            K::TimedOut | K::WouldBlock => NetError::TimedOut,
            _ => NetError::Other(error.to_string()),
        }
    }

    /// Connecting to `addr` failed.
    pub fn from_connect(addr: &str, error: &io::Error) -> NetError {
        use io::ErrorKind as K;
        let addr = addr.to_string();
        match error.kind() {
            K::ConnectionRefused => NetError::Refused { addr },
            K::TimedOut
            | K::HostUnreachable
            | K::NetworkUnreachable
            | K::NetworkDown
            | K::AddrNotAvailable => NetError::Unreachable { addr },
            _ => NetError::Other(format!("could not reach {addr}: {error}")),
        }
    }

    /// Binding a listening socket on `port` failed.
    pub fn from_bind(port: u16, error: &io::Error) -> NetError {
        match error.kind() {
            io::ErrorKind::AddrInUse => NetError::PortInUse { port },
            _ => NetError::Other(format!("cannot listen on port {port}: {error}")),
        }
    }

    /// Looking up `addr` ("host:port") failed.
    pub fn from_lookup(addr: &str, error: &io::Error) -> NetError {
        if error.kind() == io::ErrorKind::InvalidInput {
            return NetError::BadAddress {
                addr: addr.to_string(),
            };
        }
        NetError::NoSuchAddress {
            host: host_part(addr).to_string(),
        }
    }
}

/// "example.org" from "example.org:47015", "::1" from "[::1]:47015".
fn host_part(addr: &str) -> &str {
    let host = match addr.rsplit_once(':') {
        Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => host,
        _ => addr,
    };
    host.trim_start_matches('[').trim_end_matches(']')
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::PeerClosed => f.write_str("the other player closed the connection"),
            NetError::PeerLeft(reason) => {
                write!(f, "the other player closed the connection: {reason}")
            }
            NetError::ConnectionCut => f.write_str("the connection was cut"),
            NetError::TimedOut => f.write_str("the connection timed out"),
            NetError::Refused { addr } => write!(f, "could not reach {addr}: connection refused"),
            NetError::Unreachable { addr } => {
                write!(f, "could not reach {addr}: no route to it or no answer")
            }
            NetError::NoSuchAddress { host } => write!(f, "{host}: no such address"),
            NetError::BadAddress { addr } => write!(
                f,
                "\"{addr}\" is not an address with a port, like 192.168.1.20:47015"
            ),
            NetError::PortInUse { port } => {
                write!(f, "port {port} is already in use by another program")
            }
            NetError::BadSave(e) => fmt::Display::fmt(e, f),
            NetError::Other(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for NetError {}

/// Keeps `?` working where an `io::Error` was returned before.
impl From<NetError> for io::Error {
    fn from(error: NetError) -> io::Error {
        let kind = match error.kind() {
            NetErrorKind::PeerClosed => io::ErrorKind::UnexpectedEof,
            NetErrorKind::ConnectionCut => io::ErrorKind::ConnectionReset,
            NetErrorKind::TimedOut => io::ErrorKind::TimedOut,
            NetErrorKind::Refused => io::ErrorKind::ConnectionRefused,
            NetErrorKind::Unreachable => io::ErrorKind::HostUnreachable,
            NetErrorKind::BadAddress => io::ErrorKind::InvalidInput,
            NetErrorKind::PortInUse => io::ErrorKind::AddrInUse,
            NetErrorKind::BadSave => io::ErrorKind::InvalidData,
            _ => io::ErrorKind::Other,
        };
        io::Error::new(kind, error)
    }
}

/// An address a guest can connect to that can also name itself in a message ("could not reach
/// HOST:PORT"): the usual [`ToSocketAddrs`] types.
pub trait PeerAddress: ToSocketAddrs {
    /// The address as the player typed it.
    fn describe(&self) -> String;
}

impl PeerAddress for str {
    fn describe(&self) -> String {
        self.to_string()
    }
}

impl PeerAddress for String {
    fn describe(&self) -> String {
        self.clone()
    }
}

impl<T: PeerAddress + ?Sized> PeerAddress for &T {
    fn describe(&self) -> String {
        (**self).describe()
    }
}

impl PeerAddress for SocketAddr {
    fn describe(&self) -> String {
        self.to_string()
    }
}

impl PeerAddress for (&str, u16) {
    fn describe(&self) -> String {
        format!("{}:{}", self.0, self.1)
    }
}

impl PeerAddress for (String, u16) {
    fn describe(&self) -> String {
        format!("{}:{}", self.0, self.1)
    }
}

impl PeerAddress for (IpAddr, u16) {
    fn describe(&self) -> String {
        SocketAddr::from(*self).to_string()
    }
}

impl PeerAddress for (Ipv4Addr, u16) {
    fn describe(&self) -> String {
        SocketAddr::from(*self).to_string()
    }
}

impl PeerAddress for (Ipv6Addr, u16) {
    fn describe(&self) -> String {
        SocketAddr::from(*self).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_read_as_plain_words_with_a_stable_kind() {
        let eof = io::Error::new(io::ErrorKind::UnexpectedEof, "failed to fill whole buffer");
        let closed = NetError::from_io(&eof);
        assert_eq!(closed.to_string(), "the other player closed the connection");
        assert_eq!(closed.kind().as_str(), "peer-closed");
        let timeout = NetError::from_io(&io::Error::from(io::ErrorKind::WouldBlock));
        assert_eq!(timeout.to_string(), "the connection timed out");
        let refused = NetError::from_connect(
            "192.168.1.20:47015",
            &io::Error::from(io::ErrorKind::ConnectionRefused),
        );
        assert_eq!(
            refused.to_string(),
            "could not reach 192.168.1.20:47015: connection refused"
        );
        assert_eq!(refused.kind(), NetErrorKind::Refused);
        let lookup = io::Error::other("failed to lookup address information");
        let missing = NetError::from_lookup("nowhere.invalid:47015", &lookup);
        assert_eq!(missing.to_string(), "nowhere.invalid: no such address");
        let no_port = io::Error::from(io::ErrorKind::InvalidInput);
        assert_eq!(
            NetError::from_lookup("nowhere", &no_port).kind(),
            NetErrorKind::BadAddress
        );
        assert_eq!(host_part("[::1]:47015"), "::1");
    }

    /// The host refuses a joiner whose rule differs and says why in its own terms: the joiner reads
    /// it the other way round, its own rule "here".
    #[test]
    fn a_refusal_from_the_other_side_is_turned_round() {
        use crate::handshake::Refusal;
        let hosts = Refusal::Rule {
            ours: "freestyle".into(),
            theirs: "renju".into(),
        };
        let heard = Reason::from_goodbye(&hosts.to_string());
        assert_eq!(
            heard,
            Some(Reason::Refused(Refusal::Rule {
                ours: "renju".into(),
                theirs: "freestyle".into(),
            }))
        );
        let size = Refusal::Size {
            ours: 15,
            theirs: 19,
        };
        assert_eq!(
            Reason::from_goodbye(&size.to_string()),
            Some(Reason::Refused(Refusal::Size {
                ours: 19,
                theirs: 15
            }))
        );
        let version = Refusal::Version { ours: 3, theirs: 2 };
        assert_eq!(
            Reason::from_goodbye(&version.to_string()),
            Some(Reason::Refused(Refusal::Version { ours: 2, theirs: 3 }))
        );
        // Other words stay the other side's own.
        assert_eq!(Reason::from_goodbye("rule \"x\" here"), None);
        assert_eq!(
            Reason::from_goodbye("board size x here, 15 on the other side"),
            None
        );
    }

    #[test]
    fn a_net_error_still_converts_to_an_io_error_of_the_same_kind() {
        let error: io::Error = NetError::PortInUse { port: 47015 }.into();
        assert_eq!(error.kind(), io::ErrorKind::AddrInUse);
        assert_eq!(
            error.to_string(),
            "port 47015 is already in use by another program"
        );
    }
}

/// Why a connection paused, was refused, closed or ended. `Display` says it in plain English (for the
/// log, the tools and the goodbye sent to the other side); a game says it in its player's words by
/// its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The connection failed, or the other side closed it or said goodbye ([`NetError`]).
    Error(NetError),
    /// The handshake refused the connection: a different rule, a wrong passphrase, a busy host.
    Refused(crate::handshake::Refusal),
    /// A side broke the game's protocol: what it did, in English, for the log.
    Broken(String),
    /// The handshake took too long.
    SlowHandshake,
    /// The connection was dropped on purpose on this side.
    DroppedHere,
    /// The other player left the game.
    OtherLeft,
    /// The game waits for the other player to come back.
    AwaitingReconnect,
    /// The guest closes after a protocol error.
    ClosedAfterBreak,
}

impl Reason {
    /// The reason a goodbye from another Tengen gave, known again by its words where it is one of the
    /// fixed ones or a difference of rule, board size or protocol version (turned round to this
    /// side's point of view), so it can be said in this player's language; `None` for any other
    /// words.
    pub fn from_goodbye(words: &str) -> Option<Reason> {
        use crate::handshake::Refusal;
        let fixed = [
            Reason::OtherLeft,
            Reason::SlowHandshake,
            Reason::ClosedAfterBreak,
            Reason::Refused(Refusal::Busy),
            Reason::Refused(Refusal::NotHello),
            Reason::Refused(Refusal::PassphraseNeeded),
            Reason::Refused(Refusal::WrongPassphrase),
        ];
        fixed
            .into_iter()
            .find(|reason| reason.to_string() == words)
            .or_else(|| Refusal::seen_from_here(words).map(Reason::Refused))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Error(e) => fmt::Display::fmt(e, f),
            Reason::Refused(r) => fmt::Display::fmt(r, f),
            Reason::Broken(what) => f.write_str(what),
            Reason::SlowHandshake => f.write_str("the handshake took too long"),
            Reason::DroppedHere => f.write_str("the connection was dropped"),
            Reason::OtherLeft => f.write_str("the other player left the game"),
            Reason::AwaitingReconnect => f.write_str("waiting for the other player to reconnect"),
            Reason::ClosedAfterBreak => {
                f.write_str("the connection was closed after a protocol error")
            }
        }
    }
}
