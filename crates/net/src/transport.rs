//! The transport: one background thread per side owns the sockets and the session; the game loop sends
//! [`NetCommand`]s and polls [`NetEvent`]s with `try_recv`, so a frame never waits on the network.

use std::io;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use tengen_engine::{Color, Pos};

use crate::auth;
use crate::clocks::ClockReading;
use crate::error::{NetError, PeerAddress, Reason};
use crate::handshake::{GuestSetup, HostSetup, Refusal, check_hello};
use crate::session::{
    Action, ActionError, Session, SessionEvent, SessionSnapshot, Violation, color_name, parse_color,
};
use crate::wire::{Message, WireError, read_message, write_message};

/// How often and how patiently a guest retries a dropped connection.
const RETRY_ATTEMPTS: u32 = 8;
const RETRY_FIRST_DELAY: Duration = Duration::from_millis(50);
const RETRY_MAX_DELAY: Duration = Duration::from_secs(2);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a peer may take over the handshake before it is closed: a silent client must not hold the
/// host's only seat.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(3);

/// What the game asks the network side to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetCommand {
    Act(Action),
    /// The host's clocks after a stone: sent to the guest when read at the session's position (a
    /// stale reading, or one given to a guest, goes nowhere).
    Clocks(ClockReading),
    /// Drop the connection without ending the game (what a pulled cable does); a guest reconnects.
    Disconnect,
    /// Leave the network game, telling the peer.
    Close,
    /// Stop at once with no goodbye, as a crashed or killed program does: the peer only sees the
    /// connection cut. For soak tests and tools that play a program dying mid-game.
    Abort,
}

/// What the network side tells the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// The host listens on this port.
    Listening {
        port: u16,
    },
    /// The peer is connected; `moves` is the game so far (non-empty after a resume).
    Connected {
        peer: String,
        game_id: String,
        local: Color,
        moves: Vec<Pos>,
        /// The game's time control as the host wrote it (`none`, `3+2`).
        time: String,
    },
    Game(SessionEvent),
    /// A local action was not sent, and why.
    ActionRefused(ActionError),
    /// The connection dropped; the game waits for a reconnect.
    Paused {
        reason: Reason,
    },
    /// A guest is trying to reconnect.
    Reconnecting {
        attempt: u32,
    },
    /// A connection was refused or closed because it broke the protocol; the peer was told why.
    Rejected {
        reason: Reason,
    },
    /// The connection ended for this side; a game in progress stays resumable (the other side may come
    /// back later: a guest that could not reach its host, a join that never began).
    Closed {
        reason: Reason,
    },
    /// The network game itself cannot go on: the other player left, the positions differ on a resume, or
    /// a side broke the protocol. The game ends here as it stands.
    Ended {
        reason: Reason,
    },
}

/// Called on the transport's thread after each event, so a game loop asleep until input can wake up.
pub type Waker = Box<dyn Fn() + Send>;

enum Input {
    Command(NetCommand),
    Waker(Waker),
    Frame(u64, Result<Message, WireError>),
    Accepted(TcpStream),
}

/// A reader that counts the bytes it passed on.
struct Counted<'a> {
    inner: &'a mut TcpStream,
    bytes: usize,
}

impl io::Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n;
        Ok(n)
    }
}

fn is_timeout(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

/// The handle both [`Host`] and [`Guest`] share: commands in, events out.
struct Link {
    input: Sender<Input>,
    events: Receiver<NetEvent>,
    worker: Option<JoinHandle<()>>,
}

impl Link {
    fn send(&self, command: NetCommand) {
        // A finished worker has already reported `Closed`; a late command has nobody to reach.
        let _ = self.input.send(Input::Command(command));
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.input.send(Input::Command(NetCommand::Close));
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

macro_rules! link_api {
    ($ty:ty) => {
        impl $ty {
            /// Queues a command; never blocks.
            pub fn send(&self, command: NetCommand) {
                self.link.send(command);
            }

            /// Calls `waker` after every event from now on (a game whose window sleeps until input
            /// wakes it this way); never blocks.
            pub fn set_waker(&self, waker: Waker) {
                let _ = self.link.input.send(Input::Waker(waker));
            }

            /// The next event, if one is waiting; never blocks.
            pub fn try_recv(&self) -> Option<NetEvent> {
                self.link.events.try_recv().ok()
            }

            /// Waits at most `timeout` for the next event (for tools and tests, not for a game frame).
            pub fn recv_timeout(&self, timeout: Duration) -> Option<NetEvent> {
                self.link.events.recv_timeout(timeout).ok()
            }
        }
    };
}

/// The hosting side: listens, accepts one guest at a time, and takes it back after a drop.
pub struct Host {
    port: u16,
    link: Link,
}

link_api!(Host);

impl Host {
    /// Listens on `port` on every interface (0 picks a free port).
    pub fn listen(setup: HostSetup, port: u16) -> Result<Host, NetError> {
        Host::listen_on(setup, SocketAddr::from(([0, 0, 0, 0], port)))
    }

    /// Listens on one address only (tests use `127.0.0.1:0`, which no other machine can reach).
    pub fn listen_on(setup: HostSetup, addr: SocketAddr) -> Result<Host, NetError> {
        let session = Session::new(setup.game_id.clone(), setup.preset, setup.host_color);
        Host::start(setup, session, addr)
    }

    /// Listens again for a game saved in a snapshot.
    pub fn resume(
        setup: HostSetup,
        snapshot: &SessionSnapshot,
        addr: SocketAddr,
    ) -> Result<Host, NetError> {
        let session = Session::from_snapshot(snapshot).map_err(NetError::BadSave)?;
        Host::start(setup, session, addr)
    }

    fn start(setup: HostSetup, session: Session, addr: SocketAddr) -> Result<Host, NetError> {
        let listener = TcpListener::bind(addr).map_err(|e| NetError::from_bind(addr.port(), &e))?;
        let local = listener
            .local_addr()
            .map_err(|e| NetError::from_bind(addr.port(), &e))?;
        let port = local.port();
        // The acceptor is woken through the listener's own address; an unspecified one means loopback.
        let wake_addr = match local.ip() {
            ip if ip.is_unspecified() => SocketAddr::from(([127, 0, 0, 1], port)),
            _ => local,
        };
        let (input, inbox) = mpsc::channel();
        let (events_tx, events) = mpsc::channel();
        let _ = events_tx.send(NetEvent::Listening { port });
        let accept_input = input.clone();
        let acceptor = thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                if accept_input.send(Input::Accepted(stream)).is_err() {
                    break;
                }
            }
        });
        let worker_input = input.clone();
        let worker = thread::spawn(move || {
            // The worker and its inbox go first, so the acceptor's next hand-over fails and it stops.
            Worker::new(
                Side::Host(setup),
                Some(session),
                events_tx,
                worker_input,
                inbox,
            )
            .run();
            // Wake the acceptor, and wait for it: the listener closes with it, so once the handle is
            // dropped the port is free for a host that starts again on it.
            if TcpStream::connect_timeout(&wake_addr, CONNECT_TIMEOUT).is_ok() {
                let _ = acceptor.join();
            }
        });
        Ok(Host {
            port,
            link: Link {
                input,
                events,
                worker: Some(worker),
            },
        })
    }

    /// The port actually bound.
    pub fn port(&self) -> u16 {
        self.port
    }
}

/// The joining side: connects, and reconnects with backoff after a drop.
pub struct Guest {
    link: Link,
}

link_api!(Guest);

impl Guest {
    /// Connects to a host at `addr` ("host:port") in the background.
    pub fn connect(setup: GuestSetup, addr: impl PeerAddress) -> Result<Guest, NetError> {
        Guest::start(setup, None, addr)
    }

    /// Reconnects to the game saved in a snapshot.
    pub fn resume(
        setup: GuestSetup,
        snapshot: &SessionSnapshot,
        addr: impl PeerAddress,
    ) -> Result<Guest, NetError> {
        let session = Session::from_snapshot(snapshot).map_err(NetError::BadSave)?;
        Guest::start(setup, Some(session), addr)
    }

    fn start(
        setup: GuestSetup,
        session: Option<Session>,
        addr: impl PeerAddress,
    ) -> Result<Guest, NetError> {
        let described = addr.describe();
        let addrs: Vec<SocketAddr> = addr
            .to_socket_addrs()
            .map_err(|e| NetError::from_lookup(&described, &e))?
            .collect();
        if addrs.is_empty() {
            return Err(NetError::from_lookup(
                &described,
                &io::Error::from(io::ErrorKind::NotFound),
            ));
        }
        let (input, inbox) = mpsc::channel();
        let (events_tx, events) = mpsc::channel();
        let worker_input = input.clone();
        let worker = thread::spawn(move || {
            let mut worker = Worker::new(
                Side::Guest(setup, addrs, described),
                session,
                events_tx,
                worker_input,
                inbox,
            );
            worker.run();
        });
        Ok(Guest {
            link: Link {
                input,
                events,
                worker: Some(worker),
            },
        })
    }
}

enum Side {
    Host(HostSetup),
    /// The guest's setup, the host's addresses and the address as given (for messages).
    Guest(GuestSetup, Vec<SocketAddr>, String),
}

enum Stage {
    AwaitHello,
    AwaitProof {
        guest: String,
        guest_nonce: String,
        host_nonce: String,
    },
    AwaitChallenge {
        guest_nonce: String,
    },
    AwaitWelcome {
        guest_nonce: String,
        host_nonce: String,
    },
    Playing {
        peer: String,
    },
}

struct Conn {
    id: u64,
    stream: TcpStream,
    stage: Stage,
}

/// Whether the worker goes on after handling an input.
enum Flow {
    Continue,
    Stop,
}

struct Worker {
    side: Side,
    session: Option<Session>,
    conn: Option<Conn>,
    next_id: u64,
    /// Reconnects the host answered with "busy", since the last successful one.
    busy_retries: u32,
    events: Sender<NetEvent>,
    waker: Option<Waker>,
    input: Sender<Input>,
    inbox: Receiver<Input>,
}

impl Worker {
    fn new(
        side: Side,
        session: Option<Session>,
        events: Sender<NetEvent>,
        input: Sender<Input>,
        inbox: Receiver<Input>,
    ) -> Worker {
        Worker {
            side,
            session,
            conn: None,
            next_id: 0,
            busy_retries: 0,
            events,
            waker: None,
            input,
            inbox,
        }
    }

    /// Wakes through `waker` from now on, and once at once: events sent before it came (a guest's
    /// connection is made before the worker reads its inbox) may be waiting unseen.
    fn take_waker(&mut self, waker: Waker) {
        waker();
        self.waker = Some(waker);
    }

    fn emit(&self, event: NetEvent) {
        let _ = self.events.send(event);
        if let Some(wake) = &self.waker {
            wake();
        }
    }

    fn run(&mut self) {
        if matches!(self.side, Side::Guest(..)) && !self.guest_connect(0) {
            return;
        }
        while let Ok(input) = self.inbox.recv() {
            let flow = match input {
                Input::Command(command) => self.command(command),
                Input::Waker(waker) => {
                    self.take_waker(waker);
                    Flow::Continue
                }
                Input::Accepted(stream) => self.accepted(stream),
                Input::Frame(id, frame) if self.conn.as_ref().is_some_and(|c| c.id == id) => {
                    self.frame(frame)
                }
                // A frame from a connection already closed.
                Input::Frame(..) => Flow::Continue,
            };
            if let Flow::Stop = flow {
                break;
            }
        }
        self.close_conn();
    }

    /// Starts reading frames from `stream` on their own thread.
    fn attach(&mut self, stream: TcpStream, stage: Stage) -> io::Result<()> {
        let _ = stream.set_nodelay(true);
        // Lifted once play starts; the option belongs to the socket, so the reader's copy sees it too.
        stream.set_read_timeout(Some(HANDSHAKE_TIMEOUT))?;
        let mut reader = stream.try_clone()?;
        self.next_id += 1;
        let id = self.next_id;
        let input = self.input.clone();
        thread::spawn(move || {
            loop {
                let mut counted = Counted {
                    inner: &mut reader,
                    bytes: 0,
                };
                let frame = read_message(&mut counted);
                // A read that began under the handshake's timeout keeps it after play lifts it (the
                // kernel reads the option when the read starts): such a lapse, with nothing of a frame
                // read yet, is no error; read on.
                if counted.bytes == 0
                    && matches!(&frame, Err(WireError::Io(e)) if is_timeout(e))
                    && matches!(reader.read_timeout(), Ok(None))
                {
                    continue;
                }
                let failed = frame.is_err();
                if input.send(Input::Frame(id, frame)).is_err() || failed {
                    break;
                }
            }
        });
        self.conn = Some(Conn { id, stream, stage });
        Ok(())
    }

    fn write(&mut self, message: &Message) {
        let failed = match self.conn.as_mut() {
            Some(conn) => write_message(&mut conn.stream, message).is_err(),
            None => false,
        };
        // A failed write shows up as a failed read too; the reader reports the drop.
        if failed && let Some(conn) = &self.conn {
            let _ = conn.stream.shutdown(Shutdown::Both);
        }
    }

    fn close_conn(&mut self) {
        if let Some(conn) = self.conn.take() {
            let _ = conn.stream.shutdown(Shutdown::Both);
        }
    }

    /// Sends the reason, closes the connection, and reports it.
    fn reject(&mut self, reason: Reason) {
        self.write(&Message::Bye {
            reason: reason.to_string(),
        });
        self.close_conn();
        self.emit(NetEvent::Rejected { reason });
    }

    fn playing(&self) -> bool {
        matches!(
            self.conn,
            Some(Conn {
                stage: Stage::Playing { .. },
                ..
            })
        )
    }

    fn command(&mut self, command: NetCommand) -> Flow {
        match command {
            NetCommand::Act(action) => {
                let playing = self.playing();
                let result = match (&mut self.session, playing) {
                    (Some(session), true) => session.act(action, Instant::now()),
                    _ => Err(ActionError::NotConnected),
                };
                match result {
                    Ok(step) => {
                        for message in &step.send {
                            self.write(message);
                        }
                        for event in step.events {
                            self.emit(NetEvent::Game(event));
                        }
                    }
                    Err(e) => self.emit(NetEvent::ActionRefused(e)),
                }
                Flow::Continue
            }
            NetCommand::Clocks(reading) => {
                let message = match (&self.side, &self.session) {
                    (Side::Host(_), Some(session)) if self.playing() => {
                        session.clocks_message(reading)
                    }
                    _ => None,
                };
                if let Some(message) = message {
                    self.write(&message);
                }
                Flow::Continue
            }
            NetCommand::Disconnect => {
                self.close_conn();
                self.dropped(Reason::DroppedHere)
            }
            NetCommand::Abort => {
                self.close_conn();
                Flow::Stop
            }
            NetCommand::Close => {
                self.write(&Message::Bye {
                    reason: Reason::OtherLeft.to_string(),
                });
                self.close_conn();
                Flow::Stop
            }
        }
    }

    fn accepted(&mut self, stream: TcpStream) -> Flow {
        if self.conn.is_some() {
            let mut stream = stream;
            let _ = write_message(
                &mut stream,
                &Message::Bye {
                    reason: Refusal::Busy.to_string(),
                },
            );
            let _ = stream.shutdown(Shutdown::Both);
            return Flow::Continue;
        }
        if self.attach(stream, Stage::AwaitHello).is_err() {
            self.close_conn();
        }
        Flow::Continue
    }

    fn frame(&mut self, frame: Result<Message, WireError>) -> Flow {
        let message = match frame {
            Ok(message) => message,
            Err(WireError::Io(e))
                if !self.playing()
                    && matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
            {
                self.reject(Reason::SlowHandshake);
                return self.after_rejection(false);
            }
            Err(WireError::Io(e)) => {
                let was_playing = self.playing();
                self.close_conn();
                if was_playing || matches!(self.side, Side::Guest(..)) {
                    return self.dropped(Reason::Error(NetError::from_io(&e)));
                }
                return Flow::Continue;
            }
            Err(e) => {
                let was_playing = self.playing();
                self.reject(Reason::Broken(e.to_string()));
                return self.after_rejection(was_playing);
            }
        };
        if let Message::Bye { reason } = &message {
            let busy = *reason == Refusal::Busy.to_string();
            let reason = Reason::Error(NetError::PeerLeft(reason.clone()));
            let was_playing = self.playing();
            self.close_conn();
            // A reconnect can beat the host to noticing the old connection died: it says it is busy, so
            // try again a few times before giving up.
            if busy
                && self.session.is_some()
                && matches!(self.side, Side::Guest(..))
                && self.busy_retries < RETRY_ATTEMPTS
            {
                self.busy_retries += 1;
                return if self.guest_connect(self.busy_retries) {
                    Flow::Continue
                } else {
                    Flow::Stop
                };
            }
            // A goodbye during play (or to a guest bringing back a game) means the other side is gone for
            // good: the game ends. Before a game exists it only ends this attempt to join.
            return match self.side {
                Side::Host(_) if was_playing => {
                    self.emit(NetEvent::Ended { reason });
                    Flow::Stop
                }
                Side::Host(_) => Flow::Continue,
                Side::Guest(..) if self.session.is_some() => {
                    self.emit(NetEvent::Ended { reason });
                    Flow::Stop
                }
                Side::Guest(..) => {
                    self.emit(NetEvent::Closed { reason });
                    Flow::Stop
                }
            };
        }
        let Some(stage) = self
            .conn
            .as_mut()
            .map(|c| std::mem::replace(&mut c.stage, Stage::AwaitHello))
        else {
            return Flow::Continue;
        };
        match stage {
            Stage::AwaitHello => self.on_hello(message),
            Stage::AwaitProof {
                guest,
                guest_nonce,
                host_nonce,
            } => self.on_proof(message, guest, guest_nonce, host_nonce),
            Stage::AwaitChallenge { guest_nonce } => self.on_challenge(message, guest_nonce),
            Stage::AwaitWelcome {
                guest_nonce,
                host_nonce,
            } => self.on_welcome(message, guest_nonce, host_nonce),
            Stage::Playing { peer } => {
                self.set_stage(Stage::Playing { peer });
                self.on_play(message)
            }
        }
    }

    fn set_stage(&mut self, stage: Stage) {
        if let Some(conn) = self.conn.as_mut() {
            if matches!(stage, Stage::Playing { .. }) {
                let _ = conn.stream.set_read_timeout(None);
            }
            conn.stage = stage;
        }
    }

    /// After closing a connection that broke the protocol: the host waits for another, the guest stops.
    fn after_rejection(&mut self, was_playing: bool) -> Flow {
        match self.side {
            Side::Host(_) => {
                if was_playing {
                    self.emit(NetEvent::Paused {
                        reason: Reason::AwaitingReconnect,
                    });
                }
                Flow::Continue
            }
            Side::Guest(..) => {
                let reason = Reason::ClosedAfterBreak;
                self.emit(if self.session.is_some() {
                    NetEvent::Ended { reason }
                } else {
                    NetEvent::Closed { reason }
                });
                Flow::Stop
            }
        }
    }

    fn on_hello(&mut self, message: Message) -> Flow {
        let (Side::Host(setup), Some(session)) = (&self.side, &self.session) else {
            return self.protocol_error("a hello arrived at the guest".to_string());
        };
        match check_hello(message, setup, session) {
            Ok(greeting) => {
                let host_nonce = auth::new_nonce();
                let passphrase = setup.passphrase.is_some();
                self.write(&Message::Challenge {
                    nonce: host_nonce.clone(),
                    passphrase,
                });
                self.set_stage(Stage::AwaitProof {
                    guest: greeting.name,
                    guest_nonce: greeting.nonce,
                    host_nonce,
                });
                Flow::Continue
            }
            Err(refusal @ Refusal::Position { .. }) => {
                let reason = Reason::Refused(refusal);
                self.reject(reason.clone());
                self.emit(NetEvent::Ended { reason });
                Flow::Stop
            }
            Err(refusal) => {
                self.reject(Reason::Refused(refusal));
                Flow::Continue
            }
        }
    }

    fn on_proof(
        &mut self,
        message: Message,
        guest: String,
        guest_nonce: String,
        host_nonce: String,
    ) -> Flow {
        let (Side::Host(setup), Some(session)) = (&self.side, &self.session) else {
            return self.protocol_error("a proof arrived at the guest".to_string());
        };
        let Message::Proof { proof } = message else {
            return self.protocol_error("a proof was expected".to_string());
        };
        let host_proof = match &setup.passphrase {
            Some(pass) if !auth::verify(pass, "guest", &guest_nonce, &host_nonce, &proof) => {
                self.reject(Reason::Refused(Refusal::WrongPassphrase));
                return Flow::Continue;
            }
            Some(pass) => auth::proof(pass, "host", &guest_nonce, &host_nonce),
            None => String::new(),
        };
        let moves: Vec<Pos> = session.game().moves().to_vec();
        let local = session.local_color();
        let welcome = Message::Welcome {
            game_id: session.game_id().to_string(),
            name: setup.name.clone(),
            preset: setup.preset.key().to_string(),
            guest_color: color_name(local.opponent()).to_string(),
            moves: moves.iter().map(|p| [p.x, p.y]).collect(),
            hash: session.game().hash(),
            proof: host_proof,
            time: setup.time.clone(),
        };
        let game_id = session.game_id().to_string();
        let time = setup.time.clone();
        self.write(&welcome);
        self.set_stage(Stage::Playing {
            peer: guest.clone(),
        });
        self.emit(NetEvent::Connected {
            peer: guest,
            game_id,
            local,
            moves,
            time,
        });
        Flow::Continue
    }

    fn on_challenge(&mut self, message: Message, guest_nonce: String) -> Flow {
        let Side::Guest(setup, ..) = &self.side else {
            return self.protocol_error("a challenge arrived at the host".to_string());
        };
        let Message::Challenge { nonce, passphrase } = message else {
            return self.protocol_error("a challenge was expected".to_string());
        };
        let proof = match (&setup.passphrase, passphrase) {
            (None, true) => {
                let reason = Reason::Refused(Refusal::PassphraseNeeded);
                self.close_conn();
                self.emit(NetEvent::Closed { reason });
                return Flow::Stop;
            }
            (Some(pass), true) => auth::proof(pass, "guest", &guest_nonce, &nonce),
            (_, false) => String::new(),
        };
        self.write(&Message::Proof { proof });
        self.set_stage(Stage::AwaitWelcome {
            guest_nonce,
            host_nonce: nonce,
        });
        Flow::Continue
    }

    fn on_welcome(&mut self, message: Message, guest_nonce: String, host_nonce: String) -> Flow {
        let Side::Guest(setup, ..) = &self.side else {
            return self.protocol_error("a welcome arrived at the host".to_string());
        };
        let Message::Welcome {
            game_id,
            name,
            preset,
            guest_color,
            moves,
            hash,
            proof,
            time,
        } = message
        else {
            return self.protocol_error("a welcome was expected".to_string());
        };
        if let Some(pass) = &setup.passphrase
            && !auth::verify(pass, "host", &guest_nonce, &host_nonce, &proof)
        {
            return self.protocol_error("the host does not know the passphrase".to_string());
        }
        if preset != setup.preset.key() {
            let refusal = Refusal::Rule {
                ours: setup.preset.key().to_string(),
                theirs: preset,
            };
            return self.protocol_error(refusal.to_string());
        }
        let Some(local) = parse_color(&guest_color) else {
            return self.protocol_error(format!(
                "the host named an unknown colour \"{guest_color}\""
            ));
        };
        let moves: Vec<Pos> = moves.iter().map(|[x, y]| Pos::new(*x, *y)).collect();
        let theirs = (moves.len() as u32, hash);
        match &self.session {
            Some(session) if session.position() != theirs => {
                let reason = Reason::Refused(Refusal::Position {
                    ours: session.position(),
                    theirs,
                });
                self.reject(reason.clone());
                self.emit(NetEvent::Ended { reason });
                return Flow::Stop;
            }
            Some(_) => {}
            None => {
                // Replaying through the engine checks every move the host sent.
                match Session::with_moves(game_id.clone(), setup.preset, local, &moves) {
                    Ok(session) if session.position() == theirs => self.session = Some(session),
                    _ => {
                        return self.protocol_error(
                            "the host sent a game that does not add up".to_string(),
                        );
                    }
                }
            }
        }
        // The host took us back: later "busy" answers start a fresh count of retries.
        self.busy_retries = 0;
        self.set_stage(Stage::Playing { peer: name.clone() });
        self.emit(NetEvent::Connected {
            peer: name,
            game_id,
            local,
            moves,
            time,
        });
        Flow::Continue
    }

    fn on_play(&mut self, message: Message) -> Flow {
        if matches!(self.side, Side::Host(_))
            && matches!(message, Message::Clocks { .. } | Message::TimeUp { .. })
        {
            let violation = Violation(ActionError::ClocksFromGuest);
            self.reject(Reason::Broken(violation.to_string()));
            return self.after_rejection(true);
        }
        let Some(session) = self.session.as_mut() else {
            return self.protocol_error("no game is in progress".to_string());
        };
        match session.receive(message, Instant::now()) {
            Ok(step) => {
                for message in &step.send {
                    self.write(message);
                }
                for event in step.events {
                    self.emit(NetEvent::Game(event));
                }
                Flow::Continue
            }
            Err(violation) => {
                self.reject(Reason::Broken(violation.to_string()));
                self.after_rejection(true)
            }
        }
    }

    fn protocol_error(&mut self, what: String) -> Flow {
        let was_playing = self.playing();
        self.reject(Reason::Broken(what));
        self.after_rejection(was_playing)
    }

    /// The connection is gone without a goodbye: the host waits, the guest retries with backoff.
    fn dropped(&mut self, reason: Reason) -> Flow {
        match self.side {
            Side::Host(_) => {
                self.emit(NetEvent::Paused { reason });
                Flow::Continue
            }
            Side::Guest(..) if self.session.is_none() => {
                self.emit(NetEvent::Closed { reason });
                Flow::Stop
            }
            Side::Guest(..) => {
                self.emit(NetEvent::Paused { reason });
                if self.guest_connect(1) {
                    Flow::Continue
                } else {
                    Flow::Stop
                }
            }
        }
    }

    /// Waits out a retry's whole delay: false when told to close meanwhile. Waiting on the inbox
    /// instead of sleeping keeps `Close` working while retrying; what else arrives (a frame of the
    /// connection just closed, whose reader reports its end) must not cut the wait short, or a host
    /// still holding the old connection gets all the retries in a few milliseconds and the guest
    /// gives up on it.
    fn wait_before_retry(&mut self, delay: Duration) -> bool {
        let until = Instant::now() + delay;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return true;
            }
            match self.inbox.recv_timeout(left) {
                Ok(Input::Command(NetCommand::Close | NetCommand::Abort))
                | Err(RecvTimeoutError::Disconnected) => return false,
                Err(RecvTimeoutError::Timeout) => return true,
                Ok(Input::Waker(waker)) => self.take_waker(waker),
                Ok(Input::Command(NetCommand::Act(_))) => {
                    self.emit(NetEvent::ActionRefused(ActionError::NotConnected))
                }
                _ => {}
            }
        }
    }

    /// Connects (or reconnects) and sends the hello; retries with doubling delays. False when given up.
    fn guest_connect(&mut self, first_attempt: u32) -> bool {
        let Side::Guest(setup, addrs, described) = &self.side else {
            return false;
        };
        let (setup, addrs, described) = (setup.clone(), addrs.clone(), described.clone());
        // Later calls (another "busy" from a host that has not yet noticed the old connection died)
        // start with longer waits, so a slow host gets seconds to catch up, not 8 × 50 ms.
        let mut delay = RETRY_FIRST_DELAY
            .saturating_mul(2u32.saturating_pow(first_attempt.saturating_sub(1)))
            .min(RETRY_MAX_DELAY);
        let mut last_error = NetError::NoSuchAddress {
            host: described.clone(),
        };
        for attempt in first_attempt..first_attempt + RETRY_ATTEMPTS {
            if attempt > 0 {
                self.emit(NetEvent::Reconnecting { attempt });
                if !self.wait_before_retry(delay) {
                    return false;
                }
                delay = (delay * 2).min(RETRY_MAX_DELAY);
            }
            for addr in &addrs {
                match TcpStream::connect_timeout(addr, CONNECT_TIMEOUT) {
                    Ok(stream) => {
                        let guest_nonce = auth::new_nonce();
                        let hello = setup.hello(&guest_nonce, self.session.as_ref());
                        if self
                            .attach(stream, Stage::AwaitChallenge { guest_nonce })
                            .is_ok()
                        {
                            self.write(&hello);
                            return true;
                        }
                    }
                    Err(e) => last_error = NetError::from_connect(&described, &e),
                }
            }
        }
        self.emit(NetEvent::Closed {
            reason: Reason::Error(last_error),
        });
        false
    }
}
