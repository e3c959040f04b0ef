//! Network play: this machine hosts or joins a game, the other machine's moves arrive as ordinary
//! [`GameCommand`]s (checked by `turn` like a click), and the local player's moves go out. The connection
//! lives on the `tengen_net` transport's own threads; each frame only polls it, so a frame never waits on
//! the network.

pub mod words;

use std::sync::Mutex;

use bevy::prelude::*;
use tengen_engine::{Color, Preset};
use tengen_net::{
    Action, Guest, GuestSetup, Host, HostSetup, NetCommand, NetEvent, SessionEvent, Side,
};

use crate::AppSystems;
use crate::game::{CurrentGame, GameCommand, Notice, RemoteMoveRefused, StonePlaced};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<NetworkRequest>()
        .init_resource::<NetworkStatus>()
        .init_resource::<Link>()
        .add_systems(
            Update,
            (handle_requests, poll_link)
                .chain()
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(Update, follow_game_commands.in_set(AppSystems::Update))
        .add_observer(send_local_move)
        .add_observer(close_on_refused_move);
}

/// What the menu, the command line or a test asks of the network.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetworkRequest {
    /// Listen on `port` (0 picks a free one) for a player to join a game of `preset`; the host plays
    /// `host_color`.
    Host {
        port: u16,
        preset: Preset,
        host_color: Color,
        passphrase: Option<String>,
    },
    /// Join the game hosted at `address` ("host:port").
    Join {
        address: String,
        preset: Preset,
        passphrase: Option<String>,
    },
    /// Drop the connection as a pulled cable would: the joining side reconnects and play goes on.
    Drop,
    /// Leave the network game, telling the other player.
    Leave,
    /// Send a short chat line to the other player.
    Chat(String),
    /// Decline the other player's undo request.
    DeclineUndo,
}

/// The state of the connection, for the player to see.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Off,
    Listening,
    Connecting,
    Connected,
    Paused(String),
    Reconnecting(u32),
    Closed(String),
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
}

impl NetworkStatus {
    /// Whether moves can be sent now.
    pub fn connected(&self) -> bool {
        self.connection == Connection::Connected
    }

    /// A short line for the status panel.
    pub fn describe(&self) -> String {
        match &self.connection {
            Connection::Off => words::OFF.to_string(),
            Connection::Listening => words::hosting(self.port.unwrap_or_default()),
            Connection::Connecting => words::CONNECTING.to_string(),
            Connection::Connected => words::CONNECTED.to_string(),
            Connection::Paused(reason) => words::paused(reason),
            Connection::Reconnecting(attempt) => words::reconnecting(*attempt),
            Connection::Closed(reason) => words::closed_for(reason),
        }
    }
}

/// The host is listening: scripts read the port from `--print-moves`.
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkListening {
    pub port: u16,
}

/// One end of the transport.
enum Endpoint {
    Host(Host),
    Guest(Guest),
}

impl Endpoint {
    fn send(&self, command: NetCommand) {
        match self {
            Endpoint::Host(host) => host.send(command),
            Endpoint::Guest(guest) => guest.send(command),
        }
    }

    fn try_recv(&self) -> Option<NetEvent> {
        match self {
            Endpoint::Host(host) => host.try_recv(),
            Endpoint::Guest(guest) => guest.try_recv(),
        }
    }
}

/// The open connection and the rule it was made for. The transport's receiver is not `Sync`; the mutex
/// is only ever taken by one system at a time and never waits.
#[derive(Resource, Default)]
struct Link(Option<(Mutex<Endpoint>, Preset)>);

impl Link {
    fn send(&self, command: NetCommand) {
        if let Some((endpoint, _)) = &self.0
            && let Ok(endpoint) = endpoint.lock()
        {
            endpoint.send(command);
        }
    }
}

/// At most this many network events are handled per frame, so a flood cannot stall a frame.
const EVENTS_PER_FRAME: usize = 64;

fn handle_requests(
    mut requests: MessageReader<NetworkRequest>,
    mut link: ResMut<Link>,
    mut status: ResMut<NetworkStatus>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    for request in requests.read() {
        let started = match request {
            NetworkRequest::Host {
                port,
                preset,
                host_color,
                passphrase,
            } => Host::listen(
                HostSetup {
                    name: words::HOST_NAME.to_string(),
                    preset: *preset,
                    host_color: *host_color,
                    passphrase: passphrase.clone(),
                    game_id: tengen_net::new_nonce(),
                },
                *port,
            )
            .map(|host| (Endpoint::Host(host), *preset))
            .map_err(|e| words::cannot_start("host a network game", &e.to_string())),
            NetworkRequest::Join {
                address,
                preset,
                passphrase,
            } => Guest::connect(
                GuestSetup {
                    name: words::GUEST_NAME.to_string(),
                    preset: *preset,
                    passphrase: passphrase.clone(),
                },
                address.as_str(),
            )
            .map(|guest| (Endpoint::Guest(guest), *preset))
            .map_err(|e| words::cannot_start(&format!("join {address}"), &e.to_string())),
            NetworkRequest::Drop => {
                link.send(NetCommand::Disconnect);
                continue;
            }
            NetworkRequest::Leave => {
                leave(&mut link, &mut status);
                continue;
            }
            NetworkRequest::DeclineUndo => {
                link.send(NetCommand::Act(Action::AnswerUndo(false)));
                continue;
            }
            NetworkRequest::Chat(text) => {
                // The transport checks length and rate and answers a refusal with `ActionRefused`.
                link.send(NetCommand::Act(Action::Chat(text.clone())));
                continue;
            }
        };
        match started {
            Ok((endpoint, preset)) => {
                // A new connection replaces the old one, which says goodbye as it drops.
                link.0 = Some((Mutex::new(endpoint), preset));
                *status = NetworkStatus {
                    connection: Connection::Connecting,
                    ..default()
                };
            }
            Err(message) => {
                status.connection = Connection::Closed(message.clone());
                notice.post(message, time.elapsed());
            }
        }
    }
}

fn leave(link: &mut Link, status: &mut NetworkStatus) {
    if link.0.is_some() {
        link.send(NetCommand::Close);
        link.0 = None;
        status.connection = Connection::Closed(words::LEFT.to_string());
    }
}

/// Takes what the network delivered since the last frame and turns it into game commands and messages.
fn poll_link(
    mut commands: Commands,
    mut link: ResMut<Link>,
    mut status: ResMut<NetworkStatus>,
    mut notice: ResMut<Notice>,
    mut game_commands: MessageWriter<GameCommand>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    let Some((endpoint, preset)) = &link.0 else {
        return;
    };
    let preset = *preset;
    let events: Vec<NetEvent> = match endpoint.lock() {
        Ok(endpoint) => std::iter::from_fn(|| endpoint.try_recv())
            .take(EVENTS_PER_FRAME)
            .collect(),
        Err(_) => Vec::new(),
    };
    let mut closed = false;
    // A host pauses right after refusing a player mid-game: the player reads both, the reason first.
    let mut refused: Option<String> = None;
    for event in events {
        match event {
            NetEvent::Listening { port } => {
                status.connection = Connection::Listening;
                status.port = Some(port);
                notice.post(words::hosting(port), now);
                commands.trigger(NetworkListening { port });
            }
            NetEvent::Connected {
                peer, local, moves, ..
            } => {
                notice.post(words::connected(&peer), now);
                status.connection = Connection::Connected;
                status.connects += 1;
                status.peer = Some(peer);
                status.local = Some(local);
                game_commands.write(GameCommand::NetworkGame {
                    preset,
                    local,
                    moves,
                });
            }
            NetEvent::Game(event) => game_event(
                event,
                preset,
                &mut status,
                &mut notice,
                &mut game_commands,
                now,
            ),
            NetEvent::ActionRefused(error) => notice.post(words::not_sent(&error.to_string()), now),
            NetEvent::Paused { reason } => {
                let paused = words::paused(&reason);
                match refused.take() {
                    Some(refused) => notice.post(format!("{refused} {paused}"), now),
                    None => notice.post(paused, now),
                }
                status.connection = Connection::Paused(reason);
            }
            NetEvent::Reconnecting { attempt } => {
                status.connection = Connection::Reconnecting(attempt);
            }
            NetEvent::Rejected { reason } => {
                let text = words::rejected(&reason);
                notice.post(text.clone(), now);
                refused = Some(text);
            }
            NetEvent::Closed { reason } => {
                notice.post(words::closed_for(&reason), now);
                status.connection = Connection::Closed(reason);
                closed = true;
            }
        }
    }
    if closed {
        link.0 = None;
    }
}

/// What the session on the transport's side reports: the other machine's moves become commands; the
/// rest is shown.
fn game_event(
    event: SessionEvent,
    preset: Preset,
    status: &mut NetworkStatus,
    notice: &mut Notice,
    game_commands: &mut MessageWriter<GameCommand>,
    now: std::time::Duration,
) {
    match event {
        SessionEvent::MovePlayed {
            pos,
            by: Side::Remote,
            ..
        } => {
            game_commands.write(GameCommand::RemoteMove(pos));
        }
        SessionEvent::Chat { by, text } => {
            let who = match by {
                Side::Remote => status.peer.as_deref().unwrap_or(words::GUEST_NAME),
                Side::Local => words::YOU,
            };
            notice.post(words::chat(who, &text), now);
        }
        SessionEvent::UndoRequested { by } => {
            status.undo_requested = by == Side::Remote;
            notice.post(
                match by {
                    Side::Remote => words::UNDO_REQUESTED,
                    Side::Local => words::UNDO_ASKED,
                },
                now,
            );
        }
        SessionEvent::UndoDone { plies } => {
            status.undo_requested = false;
            game_commands.write(GameCommand::TakeBack(plies));
        }
        SessionEvent::UndoDeclined { .. } => {
            status.undo_requested = false;
            notice.post(words::UNDO_DECLINED, now);
        }
        SessionEvent::RematchOffered { by } => {
            status.rematch_offered = by == Side::Remote;
            notice.post(
                match by {
                    Side::Remote => words::REMATCH_OFFERED,
                    Side::Local => words::REMATCH_ASKED,
                },
                now,
            );
        }
        SessionEvent::RematchDeclined { .. } => {
            status.rematch_offered = false;
            notice.post(words::REMATCH_DECLINED, now);
        }
        SessionEvent::RematchStarted { local } => {
            status.rematch_offered = false;
            status.local = Some(local);
            game_commands.write(GameCommand::NetworkGame {
                preset,
                local,
                moves: Vec::new(),
            });
        }
        other => debug!("network game: {other:?}"),
    }
}

/// A stone placed here in a network game goes to the other machine.
fn send_local_move(placed: On<StonePlaced>, current: Res<CurrentGame>, link: Res<Link>) {
    if !placed.by_remote && current.remote.is_some() {
        link.send(NetCommand::Act(Action::Play(placed.pos)));
    }
}

/// The other machine sent a move this game cannot play: the local game stays as it is and the
/// connection ends with the reason, shown here and sent there.
fn close_on_refused_move(
    refused: On<RemoteMoveRefused>,
    mut link: ResMut<Link>,
    mut status: ResMut<NetworkStatus>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    link.send(NetCommand::Close);
    link.0 = None;
    notice.post(words::closed_for(&refused.reason), time.elapsed());
    status.connection = Connection::Closed(refused.reason.clone());
}

/// Starting another game or leaving for the menu ends the network game; Undo and Rematch ask the other
/// player (or accept what they asked).
fn follow_game_commands(
    mut reader: MessageReader<GameCommand>,
    mut link: ResMut<Link>,
    mut status: ResMut<NetworkStatus>,
    current: Res<CurrentGame>,
) {
    for command in reader.read() {
        match command {
            GameCommand::NewGame(_) | GameCommand::Open(_) | GameCommand::Menu => {
                leave(&mut link, &mut status);
            }
            GameCommand::Undo if current.remote.is_some() => {
                let action = if status.undo_requested {
                    Action::AnswerUndo(true)
                } else {
                    Action::RequestUndo
                };
                link.send(NetCommand::Act(action));
            }
            GameCommand::Rematch if current.remote.is_some() => {
                let action = if status.rematch_offered {
                    Action::AnswerRematch(true)
                } else {
                    Action::OfferRematch
                };
                link.send(NetCommand::Act(action));
            }
            _ => {}
        }
    }
}
