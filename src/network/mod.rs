//! Network play: this machine hosts or joins a game, the other machine's moves arrive as ordinary
//! [`GameCommand`]s (checked by `turn` like a click), and the local player's moves go out. The connection
//! lives on the `tengen_net` transport's own threads; each frame only polls it, so a frame never waits on
//! the network. A network game is kept in the autosave with its [`NetworkSeat`], so after a restart
//! Continue (or hosting / joining the same game again) picks it up where it stopped.

mod clock_sync;
mod discovery;
mod link;
mod request;
mod status;

use std::net::SocketAddr;
use std::sync::Mutex;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use tengen_engine::Preset;
use tengen_net::{
    Action, End, Guest, GuestSetup, Host, HostSetup, NetCommand, NetEvent, Role, SessionEvent,
    SessionSnapshot, Side,
};
use tengen_store::NetworkSeat;

pub use discovery::Discovered;
use link::{Endpoint, Link};
pub use request::NetworkRequest;
pub use status::{Connection, NetworkStatus};
use status::{closed_for, draft_seat, hosting, paused, said};

use crate::AppSystems;
use crate::game::End as MatchEnd;
use crate::game::{
    CurrentGame, GameCommand, NetworkAsk, Notice, Reason, RemoteLink, RemoteMoveRefused,
};
use crate::i18n::Phrase;
use crate::i18n::Words;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<NetworkRequest>()
        .init_resource::<NetworkStatus>()
        .init_resource::<Link>()
        .add_plugins((discovery::plugin, clock_sync::plugin))
        .add_systems(
            Update,
            (handle_requests, poll_link, tell_the_game)
                .chain()
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(
            Update,
            follow_game_commands.in_set(crate::CommandHandlers::Network),
        )
        .add_systems(Last, drop_on_exit)
        .add_observer(close_on_refused_move);
}

/// The game knows whether the other machine is there through its own [`RemoteLink`].
fn tell_the_game(status: Res<NetworkStatus>, mut link: ResMut<RemoteLink>) {
    link.set_if_neq(RemoteLink {
        connected: status.connected(),
    });
}

/// The host is listening: scripts read the port from `--print-moves`.
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkListening {
    pub port: u16,
}

/// At most this many network events are handled per frame, so a flood cannot stall a frame.
const EVENTS_PER_FRAME: usize = 64;

/// The saved network game on the board, if the request is for it: same role, same rule, and for a
/// guest the same address. Such a request picks the game up again instead of starting a new one.
fn saved_game_for<'a>(
    request: &NetworkRequest,
    status: &'a NetworkStatus,
    current: &CurrentGame,
) -> Option<&'a NetworkSeat> {
    let seat = status.seat.as_ref()?;
    let ongoing = !seat.game_id.is_empty()
        && current.remote() == Some(seat.local.opponent())
        && !current.is_over();
    let fits = match request {
        NetworkRequest::Host { preset, .. } => seat.host && *preset == current.setup().preset,
        NetworkRequest::Join {
            address, preset, ..
        } => !seat.host && *preset == current.setup().preset && seat.address == *address,
        NetworkRequest::Reconnect => true,
        _ => false,
    };
    (ongoing && fits).then_some(seat)
}

/// Starts the transport for a saved game: the host listens on its old port again, the guest reconnects
/// with the game id and the position, which the other side checks by stone count and hash.
fn reconnect(
    seat: &NetworkSeat,
    current: &CurrentGame,
    words: &Words,
) -> Result<(Endpoint, Preset), Phrase> {
    let preset = current.setup().preset;
    let snapshot = SessionSnapshot {
        game_id: seat.game_id.clone(),
        role: if seat.host { Role::Host } else { Role::Guest },
        preset: preset.key().to_string(),
        local_color: tengen_net::color_name(seat.local).to_string(),
        moves: current.game().moves().iter().map(|p| [p.x, p.y]).collect(),
        peer: seat.peer.clone(),
    };
    if seat.host {
        Host::resume(
            HostSetup {
                name: words.tr("net-host-name"),
                preset,
                host_color: seat.local,
                passphrase: seat.passphrase.clone(),
                game_id: seat.game_id.clone(),
                time: current.setup().time.to_string(),
            },
            &snapshot,
            SocketAddr::from(([0, 0, 0, 0], seat.port)),
        )
        .map(|host| (Endpoint::Host(host), preset))
        .map_err(|e| cannot_host(&e))
    } else {
        Guest::resume(
            GuestSetup {
                name: words.tr("net-guest-name"),
                preset,
                passphrase: seat.passphrase.clone(),
            },
            &snapshot,
            seat.address.as_str(),
        )
        .map(|guest| (Endpoint::Guest(guest), preset))
        .map_err(|e| cannot_join(&seat.address, &e))
    }
}

fn cannot_host(error: &tengen_net::NetError) -> Phrase {
    Phrase::with(
        "net-cannot-host",
        vec![("error", status::why(error).into())],
    )
}

fn cannot_join(address: &str, error: &tengen_net::NetError) -> Phrase {
    Phrase::with(
        "net-cannot-join",
        vec![
            ("address", address.into()),
            ("error", status::why(error).into()),
        ],
    )
}

/// The words and the time notices are written with.
#[derive(SystemParam)]
struct Said<'w> {
    words: Res<'w, Words>,
    time: Res<'w, Time<Real>>,
}

/// The open connection and the network game as this machine sees it, changed together.
#[derive(SystemParam)]
struct LinkState<'w> {
    link: ResMut<'w, Link>,
    status: ResMut<'w, NetworkStatus>,
}

fn handle_requests(
    said: Said,
    mut requests: MessageReader<NetworkRequest>,
    LinkState {
        mut link,
        mut status,
    }: LinkState,
    mut notice: ResMut<Notice>,
    mut game_commands: MessageWriter<GameCommand>,
    current: Res<CurrentGame>,
    background: crate::wake::Background,
) {
    for request in requests.read() {
        // A move of the game's own (chat, draw, resign, an answer) goes to the other player as is.
        if let Some(action) = action_of(request) {
            link.send(NetCommand::Act(action));
            continue;
        }
        let resuming = saved_game_for(request, &status, &current).is_some();
        let started = if let Some(seat) = saved_game_for(request, &status, &current) {
            notice.post(Phrase::new("net-resuming"), said.time.elapsed());
            reconnect(seat, &current, &said.words).map(|started| (started, Some(seat.clone())))
        } else {
            match request {
                NetworkRequest::Host {
                    port,
                    preset,
                    host_color,
                    passphrase,
                    time,
                } => Host::listen(
                    HostSetup {
                        name: said.words.tr("net-host-name"),
                        preset: *preset,
                        host_color: *host_color,
                        passphrase: passphrase.clone(),
                        game_id: tengen_net::new_nonce(),
                        time: time.to_string(),
                    },
                    *port,
                )
                .map(|host| ((Endpoint::Host(host), *preset), draft_seat(request)))
                .map_err(|e| cannot_host(&e)),
                NetworkRequest::Join {
                    address,
                    preset,
                    passphrase,
                } => Guest::connect(
                    GuestSetup {
                        name: said.words.tr("net-guest-name"),
                        preset: *preset,
                        passphrase: passphrase.clone(),
                    },
                    address.as_str(),
                )
                .map(|guest| ((Endpoint::Guest(guest), *preset), draft_seat(request)))
                .map_err(|e| cannot_join(address, &e)),
                NetworkRequest::Reconnect => {
                    notice.post(Phrase::new("net-nothing-to-reconnect"), said.time.elapsed());
                    continue;
                }
                NetworkRequest::Drop => {
                    link.send(NetCommand::Disconnect);
                    continue;
                }
                NetworkRequest::Leave => {
                    leave(&mut link, &mut status);
                    // Leaving a game under way loses it, on both boards.
                    if let Some(remote) = current.remote().filter(|_| !current.is_over()) {
                        let end = MatchEnd::lost_by(remote.opponent(), Reason::Left);
                        game_commands.write(GameCommand::EndOffBoard(end));
                    }
                    continue;
                }
                NetworkRequest::AnswerUndo(_)
                | NetworkRequest::Chat(_)
                | NetworkRequest::Resign
                | NetworkRequest::OfferDraw
                | NetworkRequest::AnswerDraw(_) => continue, // sent above
            }
        };
        match started {
            Ok(((endpoint, preset), seat)) => {
                // The window sleeps until input: each network event wakes it, so a stone from the
                // other machine is drawn at once rather than at the next clock tick.
                let wake = background.wake();
                endpoint.set_waker(Box::new(move || wake.now()));
                // A new connection replaces the old one, which says goodbye as it drops.
                link.0 = Some((Mutex::new(endpoint), preset));
                // The same game picked up again keeps the other player's name and the chat.
                let (peer, chat) = if resuming {
                    (status.peer.take(), std::mem::take(&mut status.chat))
                } else {
                    (None, Vec::new())
                };
                *status = NetworkStatus {
                    connection: Connection::Connecting,
                    seat,
                    peer,
                    chat,
                    ..default()
                };
            }
            Err(message) => {
                status.connection = Connection::Closed(message.clone());
                notice.post(message, said.time.elapsed());
            }
        }
    }
}

/// The session action a request asks for, when it is one (rather than a connection to make or end).
fn action_of(request: &NetworkRequest) -> Option<Action> {
    Some(match request {
        NetworkRequest::AnswerUndo(accept) => Action::AnswerUndo(*accept),
        // The transport checks length and rate and answers a refusal with `ActionRefused`.
        NetworkRequest::Chat(text) => Action::Chat(text.clone()),
        NetworkRequest::Resign => Action::Resign,
        NetworkRequest::OfferDraw => Action::OfferDraw,
        NetworkRequest::AnswerDraw(accept) => Action::AnswerDraw(*accept),
        _ => return None,
    })
}

fn leave(link: &mut Link, status: &mut NetworkStatus) {
    if link.0.is_some() {
        link.send(NetCommand::Close);
        link.0 = None;
        status.connection = Connection::Closed(Phrase::new("net-left"));
    }
}

/// What the network delivered since the last frame, at most [`EVENTS_PER_FRAME`] of it.
fn delivered(endpoint: &std::sync::Mutex<Endpoint>) -> Vec<NetEvent> {
    match endpoint.lock() {
        Ok(endpoint) => std::iter::from_fn(|| endpoint.try_recv())
            .take(EVENTS_PER_FRAME)
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Takes what the network delivered since the last frame and turns it into game commands and messages.
fn poll_link(
    mut commands: Commands,
    LinkState {
        mut link,
        mut status,
    }: LinkState,
    mut notice: ResMut<Notice>,
    mut game_commands: MessageWriter<GameCommand>,
    current: Res<CurrentGame>,
    words: Res<Words>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    let Some((endpoint, preset)) = &link.0 else {
        return;
    };
    let preset = *preset;
    let events = delivered(endpoint);
    let mut closed = false;
    for event in events {
        match event {
            NetEvent::Listening { port } => {
                status.listening(port);
                notice.post(hosting(port), now);
                commands.trigger(NetworkListening { port });
            }
            NetEvent::Connected {
                peer,
                game_id,
                local,
                moves,
                time,
            } => {
                notice.post(
                    Phrase::with("net-connected-to", vec![("peer", peer.clone().into())]),
                    now,
                );
                status.time = clock_sync::agreed_time(&time, &mut notice, now);
                status.connected_to(peer, game_id, local);
                game_commands.write(GameCommand::NetworkGame {
                    preset,
                    local,
                    moves,
                    peer: status.peer.clone(),
                    time: status.time,
                });
            }
            NetEvent::Game(event) => game_event(
                event,
                preset,
                &mut status,
                &mut notice,
                &mut game_commands,
                &words,
                now,
            ),
            NetEvent::ActionRefused(error) => notice.post(
                Phrase::with(
                    "net-not-sent",
                    vec![("reason", status::not_sent(&error).into())],
                ),
                now,
            ),
            NetEvent::Paused { reason } => {
                let why = said(&reason);
                notice.post(paused_after(status.refusal.take(), why.clone()), now);
                status.connection = Connection::Paused(status::paused(why));
            }
            NetEvent::Reconnecting { attempt } => {
                status.connection = Connection::Reconnecting(attempt);
            }
            NetEvent::Rejected { reason } => {
                let why = said(&reason);
                let text = Phrase::with("net-rejected", vec![("reason", why.clone().into())]);
                notice.post(text.clone(), now);
                // Mid-game the transport has closed the connection already, and its pause (or
                // end) may come a frame later: no move may go out to nobody in between.
                if status.connected() {
                    status.connection = Connection::Paused(status::paused(why));
                    status.refusal = Some(text);
                }
            }
            NetEvent::Closed { reason } => {
                // A guest's refusal is followed by its end, not a pause: none is left over.
                status.refusal = None;
                let message = closed_for(said(&reason));
                notice.post(message.clone(), now);
                status.connection = Connection::Closed(message);
                closed = true;
            }
            NetEvent::Ended { reason } => {
                status.refusal = None;
                let why = said(&reason);
                let message = closed_for(why.clone());
                // The game cannot go on: it ends as it stands, on this board too, and is filed.
                // The other player left: they lose. Positions that differ, or a side that broke
                // the protocol, end the game with no winner.
                if let Some(remote) = current.remote().filter(|_| !current.is_over()) {
                    notice.post_error(Phrase::with("net-ended", vec![("reason", why.into())]), now);
                    let end = if reason == tengen_net::Reason::OtherLeft {
                        MatchEnd::lost_by(remote, Reason::Left)
                    } else {
                        MatchEnd::draw(Reason::Abandoned)
                    };
                    game_commands.write(GameCommand::EndOffBoard(end));
                } else {
                    notice.post(message.clone(), now);
                }
                status.connection = Connection::Closed(message);
                closed = true;
            }
        }
    }
    if closed {
        link.0 = None;
    }
}

/// The game is paused for `reason`, after a refusal the player reads first, if there was one.
fn paused_after(refused: Option<Phrase>, reason: Phrase) -> Phrase {
    match refused {
        Some(refused) => Phrase::with(
            "notice-two-notes",
            vec![("first", refused.into()), ("second", paused(reason).into())],
        ),
        None => paused(reason),
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
    words: &Words,
    now: std::time::Duration,
) {
    let by_them = |by: Side| by == Side::Remote;
    // One sentence for the move by the other player, another for one made here.
    let whose = |by: Side, theirs: &'static str, ours: &'static str| {
        if by_them(by) { theirs } else { ours }
    };
    let mut say = |id: &'static str| notice.post(Phrase::new(id), now);
    match event {
        SessionEvent::MovePlayed {
            pos,
            by: Side::Remote,
            ..
        } => {
            game_commands.write(GameCommand::RemoteMove(pos));
        }
        SessionEvent::MovePlayed { .. } => {}
        SessionEvent::Chat { by, text } => chat(by, text, status, notice, words, now),
        // The host's clocks: shown once the board holds the stones they were read at.
        SessionEvent::Clocks(reading) => status.host_clocks = Some(reading),
        SessionEvent::UndoRequested { by } => {
            status.undo_requested = by_them(by);
            say(whose(by, "net-undo-requested", "net-undo-asked"));
        }
        SessionEvent::UndoDone { plies } => {
            status.undo_requested = false;
            status.host_clocks = None;
            game_commands.write(GameCommand::TakeBack(plies));
        }
        SessionEvent::UndoDeclined { .. } => {
            status.undo_requested = false;
            say("net-undo-declined");
        }
        SessionEvent::DrawOffered { by } => {
            status.draw_offered = by_them(by);
            status.draw_asked = !by_them(by);
            say(whose(by, "net-draw-offered", "net-draw-asked"));
        }
        SessionEvent::DrawDeclined { by } => {
            status.draw_offered = false;
            status.draw_asked = false;
            say(whose(
                by,
                "net-draw-declined-by-them",
                "net-draw-declined-by-you",
            ));
        }
        SessionEvent::RematchOffered { by } => {
            status.rematch_offered = by_them(by);
            say(whose(by, "net-rematch-offered", "net-rematch-asked"));
        }
        SessionEvent::RematchDeclined { .. } => {
            status.rematch_offered = false;
            say("net-rematch-declined");
        }
        SessionEvent::RematchStarted { local } => {
            status.rematch_offered = false;
            status.host_clocks = None;
            status.local = Some(local);
            if let Some(seat) = status.seat.as_mut() {
                seat.local = local;
            }
            game_commands.write(GameCommand::NetworkGame {
                preset,
                local,
                moves: Vec::new(),
                peer: status.peer.clone(),
                time: status.time,
            });
        }
        SessionEvent::Ended(end) => {
            status.draw_offered = false;
            status.draw_asked = false;
            status.undo_requested = false;
            let local = status.local;
            let (off_board, text) = match end {
                // The board decides a five on each machine by itself.
                End::Board(_) => return,
                End::Resigned(color) if Some(color) == local => (
                    MatchEnd::lost_by(color, Reason::Resignation),
                    Phrase::new("net-you-resigned"),
                ),
                End::Resigned(color) => (
                    MatchEnd::lost_by(color, Reason::Resignation),
                    Phrase::new("net-they-resigned"),
                ),
                End::DrawAgreed => (
                    MatchEnd::draw(Reason::Agreement),
                    Phrase::new("net-draw-agreed"),
                ),
                End::TimeUp(color) => (
                    MatchEnd::lost_by(color, Reason::Time),
                    Phrase::new("net-time-up"),
                ),
            };
            notice.post(text, now);
            game_commands.write(GameCommand::EndOffBoard(off_board));
        }
    }
}

/// A line of the conversation: the network section keeps it; a line from the other player is also
/// said where the player looks, so it is not missed.
fn chat(
    by: Side,
    text: String,
    status: &mut NetworkStatus,
    notice: &mut Notice,
    words: &Words,
    now: std::time::Duration,
) {
    let who = match by {
        Side::Remote => status.peer_name(words),
        Side::Local => words.tr("net-you"),
    };
    if by == Side::Remote {
        let name: crate::i18n::Arg = match &status.peer {
            Some(name) => name.clone().into(),
            None => Phrase::new("net-other-player").into(),
        };
        let line = Phrase::with(
            "net-chat",
            vec![("who", name), ("text", text.clone().into())],
        );
        notice.post(line, now);
    }
    status.said(who, text);
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
    let message = closed_for(refused.reason.clone());
    notice.post(message.clone(), time.elapsed());
    status.connection = Connection::Closed(message);
}

/// What the player's commands mean for the network game, as the turn routes them: another game or
/// the menu ends it (the menu tells the other player, so it ends on both boards); Undo and Rematch
/// ask the other player (or accept what they asked); Continue brings a saved network game back.
fn follow_game_commands(
    mut commands: Commands,
    mut asked: MessageReader<NetworkAsk>,
    mut link: ResMut<Link>,
    mut status: ResMut<NetworkStatus>,
    mut requests: MessageWriter<NetworkRequest>,
    current: Res<CurrentGame>,
) {
    for ask in asked.read().copied() {
        match ask {
            NetworkAsk::Leave => leave(&mut link, &mut status),
            NetworkAsk::LeaveForMenu if link.0.is_some() => {
                leave(&mut link, &mut status);
                if let Some(remote) = current.remote().filter(|_| !current.is_over()) {
                    let end = MatchEnd::lost_by(remote.opponent(), Reason::Left);
                    commands.write_message(GameCommand::EndOffBoard(end));
                }
            }
            NetworkAsk::LeaveForMenu => {}
            NetworkAsk::Reconnect if link.0.is_none() => {
                requests.write(NetworkRequest::Reconnect);
            }
            NetworkAsk::Reconnect => {}
            NetworkAsk::Undo => {
                let action = if status.undo_requested {
                    Action::AnswerUndo(true)
                } else {
                    Action::RequestUndo
                };
                link.send(NetCommand::Act(action));
            }
            NetworkAsk::Rematch => {
                let action = if status.rematch_offered {
                    Action::AnswerRematch(true)
                } else {
                    Action::OfferRematch
                };
                link.send(NetCommand::Act(action));
            }
        }
    }
}

/// Closing the window is not leaving the game: the connection drops without a goodbye, as in a crash,
/// so the other player waits and the game goes on when this machine comes back.
fn drop_on_exit(mut exit: MessageReader<AppExit>, mut link: ResMut<Link>) {
    if exit.read().count() > 0 && link.0.is_some() {
        link.send(NetCommand::Disconnect);
        link.0 = None;
    }
}
