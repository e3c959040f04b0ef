//! The session: what each player may do when, checked by the engine; pure (no sockets, no clock).

use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tengen_engine::{Color, Game, Outcome, PlayError, Pos, Preset};

use crate::clocks::ClockReading;
use crate::wire::{MAX_CHAT_CHARS, Message};

/// Chat lines one side may send per [`RATE_WINDOW`].
pub const CHAT_PER_WINDOW: usize = 5;
/// Undo, draw and rematch requests one side may send per [`RATE_WINDOW`].
pub const REQUESTS_PER_WINDOW: usize = 5;
/// The window the rate limits count over.
pub const RATE_WINDOW: Duration = Duration::from_secs(10);

/// Which end of the connection did something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Local,
    Remote,
}

/// Something a player does in a network game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Play(Pos),
    RequestUndo,
    AnswerUndo(bool),
    Resign,
    OfferDraw,
    AnswerDraw(bool),
    OfferRematch,
    AnswerRematch(bool),
    Chat(String),
    /// The host's clock of this colour ran out (only the host, whose clocks are the game's, says
    /// so).
    TimeUp(Color),
}

/// How a network game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The board decided: a five (or a full board).
    Board(Outcome),
    /// This colour resigned.
    Resigned(Color),
    /// Both agreed to a draw.
    DrawAgreed,
    /// This colour's time ran out on the host's clock.
    TimeUp(Color),
}

/// What happened, for the game to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEvent {
    MovePlayed {
        pos: Pos,
        color: Color,
        by: Side,
    },
    UndoRequested {
        by: Side,
    },
    /// `plies` stones were taken back.
    UndoDone {
        plies: usize,
    },
    UndoDeclined {
        by: Side,
    },
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    RematchOffered {
        by: Side,
    },
    RematchDeclined {
        by: Side,
    },
    /// A new game began; the local player now has `local`.
    RematchStarted {
        local: Color,
    },
    Chat {
        by: Side,
        text: String,
    },
    /// The host's clocks, read at the position the guest holds: the guest shows these numbers.
    Clocks(ClockReading),
    Ended(End),
}

/// The result of one action: messages to send to the peer and events to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub send: Vec<Message>,
    pub events: Vec<SessionEvent>,
}

/// Why an action is not allowed now. Locally it is refused; from the peer it ends the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    NotYourTurn,
    Illegal(PlayError),
    GameOver,
    NotOver,
    NothingToUndo,
    AlreadyAsked,
    NothingToAnswer,
    TooFast,
    ChatEmpty,
    ChatTooLong(usize),
    /// A move numbered for another point in the game.
    WrongPly {
        sent: u32,
        expected: u32,
    },
    /// A message that only belongs to the handshake.
    OutOfPlace(&'static str),
    /// The connection is down (paused or not yet made).
    NotConnected,
    /// A clock reading of `ms` milliseconds, more than [`crate::MAX_CLOCK`].
    ClockOutOfRange {
        ms: u64,
    },
    /// A clock reading sent by the guest: the host keeps the time.
    ClocksFromGuest,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::NotYourTurn => f.write_str("it is not that player's turn"),
            ActionError::Illegal(e) => write!(f, "the move is not allowed: {e}"),
            ActionError::GameOver => f.write_str("the game is over"),
            ActionError::NotOver => {
                f.write_str("a rematch can only be offered after the game ends")
            }
            ActionError::NothingToUndo => {
                f.write_str("there is no move of that player to take back")
            }
            ActionError::AlreadyAsked => {
                f.write_str("that request is already waiting for an answer")
            }
            ActionError::NothingToAnswer => f.write_str("nobody asked for that"),
            ActionError::TooFast => f.write_str("too many messages in a short time"),
            ActionError::ChatEmpty => f.write_str("the chat line is empty"),
            ActionError::ChatTooLong(n) => {
                write!(
                    f,
                    "the chat line has {n} characters; at most {MAX_CHAT_CHARS} are allowed"
                )
            }
            ActionError::WrongPly { sent, expected } => {
                write!(
                    f,
                    "a move numbered {sent} arrived while the game has {expected} stones"
                )
            }
            ActionError::OutOfPlace(what) => write!(f, "a {what} message arrived during play"),
            ActionError::NotConnected => f.write_str("the other player is not connected"),
            ActionError::ClockOutOfRange { ms } => {
                write!(f, "a clock reading of {ms} ms is more than a year")
            }
            ActionError::ClocksFromGuest => {
                f.write_str("the joining player sent a clock reading; only the host keeps the time")
            }
        }
    }
}

impl std::error::Error for ActionError {}

/// A message from the peer that breaks the rules: the connection ends with this reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub ActionError);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the other player broke the rules: {}", self.0)
    }
}

impl std::error::Error for Violation {}

/// Counts events in a sliding window.
#[derive(Clone, Debug)]
struct RateLimit {
    max: usize,
    times: VecDeque<Instant>,
}

impl RateLimit {
    fn new(max: usize) -> RateLimit {
        RateLimit {
            max,
            times: VecDeque::new(),
        }
    }

    fn allow(&mut self, now: Instant) -> bool {
        while self
            .times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= RATE_WINDOW)
        {
            self.times.pop_front();
        }
        if self.times.len() >= self.max {
            return false;
        }
        self.times.push_back(now);
        true
    }
}

/// Both sides' limits, indexed by [`Side`].
#[derive(Clone, Debug)]
struct Limits {
    chat: [RateLimit; 2],
    requests: [RateLimit; 2],
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Local => 0,
        Side::Remote => 1,
    }
}

/// One network game as both players see it: the engine's `Game` is the authority on every move.
#[derive(Clone, Debug)]
pub struct Session {
    game_id: String,
    preset: Preset,
    local: Color,
    game: Game,
    ended: Option<End>,
    undo_request: Option<(Side, u32)>,
    draw_offer: Option<Side>,
    rematch_offer: Option<Side>,
    limits: Limits,
}

impl Session {
    /// A fresh game where the local player has `local`.
    pub fn new(game_id: impl Into<String>, preset: Preset, local: Color) -> Session {
        Session {
            game_id: game_id.into(),
            preset,
            local,
            game: Game::new(preset.variant()),
            ended: None,
            undo_request: None,
            draw_offer: None,
            rematch_offer: None,
            limits: Limits {
                chat: [
                    RateLimit::new(CHAT_PER_WINDOW),
                    RateLimit::new(CHAT_PER_WINDOW),
                ],
                requests: [
                    RateLimit::new(REQUESTS_PER_WINDOW),
                    RateLimit::new(REQUESTS_PER_WINDOW),
                ],
            },
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The local player's colour.
    pub fn local_color(&self) -> Color {
        self.local
    }

    pub fn ended(&self) -> Option<&End> {
        self.ended.as_ref()
    }

    /// The stone count and hash peers compare when they reconnect.
    pub fn position(&self) -> (u32, u64) {
        (self.game.moves().len() as u32, self.game.hash())
    }

    /// A local player's action: refused with a reason, or the messages to send and what happened.
    pub fn act(&mut self, action: Action, now: Instant) -> Result<Step, ActionError> {
        self.apply(Side::Local, action, now)
    }

    /// A message from the peer. A rule break leaves the game unchanged and returns the reason to close with.
    pub fn receive(&mut self, message: Message, now: Instant) -> Result<Step, Violation> {
        let action = match message {
            Message::Move { x, y, ply } => {
                let expected = self.game.moves().len() as u32;
                if ply != expected {
                    return Err(Violation(ActionError::WrongPly {
                        sent: ply,
                        expected,
                    }));
                }
                Action::Play(Pos::new(x, y))
            }
            Message::UndoRequest { ply } => {
                if ply != self.game.moves().len() as u32 {
                    // Crossed with a move: the request no longer fits this position, so decline it.
                    return Ok(Step {
                        send: vec![Message::UndoDecline { ply }],
                        events: Vec::new(),
                    });
                }
                Action::RequestUndo
            }
            Message::UndoAccept { ply } | Message::UndoDecline { ply }
                if self.undo_request != Some((Side::Local, ply)) =>
            {
                if matches!(message, Message::UndoAccept { .. }) {
                    return Err(Violation(ActionError::NothingToAnswer));
                }
                // A decline of a request a move already cancelled.
                return Ok(Step::default());
            }
            Message::UndoAccept { .. } => Action::AnswerUndo(true),
            Message::UndoDecline { .. } => Action::AnswerUndo(false),
            Message::Resign => Action::Resign,
            Message::TimeUp { loser, .. } => match crate::parse_color(&loser) {
                Some(color) => Action::TimeUp(color),
                None => return Err(Violation(ActionError::OutOfPlace("time_up"))),
            },
            Message::DrawOffer => Action::OfferDraw,
            Message::DrawAccept => Action::AnswerDraw(true),
            Message::DrawDecline => Action::AnswerDraw(false),
            Message::RematchOffer => Action::OfferRematch,
            Message::RematchAccept => Action::AnswerRematch(true),
            Message::RematchDecline => Action::AnswerRematch(false),
            Message::Chat { text } => Action::Chat(text),
            Message::Clocks {
                black_ms,
                white_ms,
                ply,
            } => return self.receive_clocks(black_ms, white_ms, ply),
            Message::Hello { .. } => return Err(Violation(ActionError::OutOfPlace("hello"))),
            Message::Challenge { .. } => {
                return Err(Violation(ActionError::OutOfPlace("challenge")));
            }
            Message::Proof { .. } => return Err(Violation(ActionError::OutOfPlace("proof"))),
            Message::Welcome { .. } => return Err(Violation(ActionError::OutOfPlace("welcome"))),
            Message::Bye { .. } => return Err(Violation(ActionError::OutOfPlace("bye"))),
        };
        self.apply(Side::Remote, action, now).map_err(Violation)
    }

    fn color_of(&self, side: Side) -> Color {
        match side {
            Side::Local => self.local,
            Side::Remote => self.local.opponent(),
        }
    }

    fn apply(&mut self, by: Side, action: Action, now: Instant) -> Result<Step, ActionError> {
        let local = by == Side::Local;
        let mut step = Step::default();
        match action {
            Action::Play(pos) => {
                self.ensure_playing()?;
                if self.color_of(by) != self.game.to_move() {
                    return Err(ActionError::NotYourTurn);
                }
                let ply = self.game.moves().len() as u32;
                let color = self.game.to_move();
                let outcome = self.game.play(pos).map_err(ActionError::Illegal)?.cloned();
                // A move answers any waiting undo request: it no longer fits the position.
                self.undo_request = None;
                step.events
                    .push(SessionEvent::MovePlayed { pos, color, by });
                if local {
                    step.send.push(Message::Move {
                        x: pos.x,
                        y: pos.y,
                        ply,
                    });
                }
                if let Some(outcome) = outcome {
                    self.finish(End::Board(outcome), &mut step);
                }
            }
            Action::RequestUndo => {
                self.ensure_playing()?;
                if self.undo_request.is_some() {
                    return Err(ActionError::AlreadyAsked);
                }
                self.undo_plies(by)?;
                self.rate(by, false, now)?;
                let ply = self.game.moves().len() as u32;
                self.undo_request = Some((by, ply));
                step.events.push(SessionEvent::UndoRequested { by });
                if local {
                    step.send.push(Message::UndoRequest { ply });
                }
            }
            Action::AnswerUndo(accept) => {
                let Some((asker, ply)) = self.undo_request.filter(|(asker, _)| *asker != by) else {
                    return Err(ActionError::NothingToAnswer);
                };
                self.undo_request = None;
                if accept {
                    let plies = self.undo_plies(asker)?;
                    for _ in 0..plies {
                        self.game.undo();
                    }
                    step.events.push(SessionEvent::UndoDone { plies });
                } else {
                    step.events.push(SessionEvent::UndoDeclined { by });
                }
                if local {
                    step.send.push(if accept {
                        Message::UndoAccept { ply }
                    } else {
                        Message::UndoDecline { ply }
                    });
                }
            }
            Action::TimeUp(loser) => {
                self.ensure_playing()?;
                self.finish(End::TimeUp(loser), &mut step);
                if local {
                    step.send.push(Message::TimeUp {
                        loser: crate::color_name(loser).to_string(),
                        ply: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
                    });
                }
            }
            Action::Resign => {
                self.ensure_playing()?;
                self.finish(End::Resigned(self.color_of(by)), &mut step);
                if local {
                    step.send.push(Message::Resign);
                }
            }
            Action::OfferDraw => {
                self.ensure_playing()?;
                if self.draw_offer.is_some() {
                    return Err(ActionError::AlreadyAsked);
                }
                self.rate(by, false, now)?;
                self.draw_offer = Some(by);
                step.events.push(SessionEvent::DrawOffered { by });
                if local {
                    step.send.push(Message::DrawOffer);
                }
            }
            Action::AnswerDraw(accept) => {
                if self.draw_offer.is_none_or(|offerer| offerer == by) {
                    return Err(ActionError::NothingToAnswer);
                }
                self.draw_offer = None;
                if accept {
                    self.finish(End::DrawAgreed, &mut step);
                } else {
                    step.events.push(SessionEvent::DrawDeclined { by });
                }
                if local {
                    step.send.push(if accept {
                        Message::DrawAccept
                    } else {
                        Message::DrawDecline
                    });
                }
            }
            Action::OfferRematch => {
                if self.ended.is_none() {
                    return Err(ActionError::NotOver);
                }
                if self.rematch_offer.is_some() {
                    return Err(ActionError::AlreadyAsked);
                }
                self.rate(by, false, now)?;
                self.rematch_offer = Some(by);
                step.events.push(SessionEvent::RematchOffered { by });
                if local {
                    step.send.push(Message::RematchOffer);
                }
            }
            Action::AnswerRematch(accept) => {
                if self.rematch_offer.is_none_or(|offerer| offerer == by) {
                    return Err(ActionError::NothingToAnswer);
                }
                self.rematch_offer = None;
                if accept {
                    self.local = self.local.opponent();
                    self.game = Game::new(self.preset.variant());
                    self.ended = None;
                    self.undo_request = None;
                    self.draw_offer = None;
                    step.events
                        .push(SessionEvent::RematchStarted { local: self.local });
                } else {
                    step.events.push(SessionEvent::RematchDeclined { by });
                }
                if local {
                    step.send.push(if accept {
                        Message::RematchAccept
                    } else {
                        Message::RematchDecline
                    });
                }
            }
            Action::Chat(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return Err(ActionError::ChatEmpty);
                }
                let chars = text.chars().count();
                if chars > MAX_CHAT_CHARS {
                    return Err(ActionError::ChatTooLong(chars));
                }
                self.rate(by, true, now)?;
                if local {
                    step.send.push(Message::Chat { text: text.clone() });
                }
                step.events.push(SessionEvent::Chat { by, text });
            }
        }
        Ok(step)
    }

    fn ensure_playing(&self) -> Result<(), ActionError> {
        if self.ended.is_some() {
            Err(ActionError::GameOver)
        } else {
            Ok(())
        }
    }

    fn finish(&mut self, end: End, step: &mut Step) {
        self.ended = Some(end.clone());
        self.undo_request = None;
        self.draw_offer = None;
        step.events.push(SessionEvent::Ended(end));
    }

    /// How many stones an undo asked by `asker` takes back: its last stone and any reply after it.
    fn undo_plies(&self, asker: Side) -> Result<usize, ActionError> {
        let count = self.game.moves().len();
        if count == 0 {
            return Err(ActionError::NothingToUndo);
        }
        let last_mover = Color::to_move_at(count - 1);
        let plies = if last_mover == self.color_of(asker) {
            1
        } else {
            2
        };
        if plies > count {
            Err(ActionError::NothingToUndo)
        } else {
            Ok(plies)
        }
    }

    fn rate(&mut self, by: Side, chat: bool, now: Instant) -> Result<(), ActionError> {
        let limits = if chat {
            &mut self.limits.chat
        } else {
            &mut self.limits.requests
        };
        if limits[side_index(by)].allow(now) {
            Ok(())
        } else {
            Err(ActionError::TooFast)
        }
    }

    /// What the game keeps in its autosave to resume this network game after a restart.
    pub fn snapshot(&self, role: Role, peer: &str) -> SessionSnapshot {
        SessionSnapshot {
            game_id: self.game_id.clone(),
            role,
            preset: self.preset.key().to_string(),
            local_color: color_name(self.local).to_string(),
            moves: self.game.moves().iter().map(|p| [p.x, p.y]).collect(),
            peer: peer.to_string(),
        }
    }

    /// The session a snapshot describes, with every move replayed through the engine.
    pub fn from_snapshot(snapshot: &SessionSnapshot) -> Result<Session, SnapshotError> {
        let preset = Preset::from_key(&snapshot.preset)
            .ok_or_else(|| SnapshotError::UnknownPreset(snapshot.preset.clone()))?;
        let local = parse_color(&snapshot.local_color)
            .ok_or_else(|| SnapshotError::UnknownColor(snapshot.local_color.clone()))?;
        let moves: Vec<Pos> = snapshot
            .moves
            .iter()
            .map(|[x, y]| Pos::new(*x, *y))
            .collect();
        Session::with_moves(snapshot.game_id.clone(), preset, local, &moves)
    }

    /// A session whose game has these moves, each checked by the engine.
    pub fn with_moves(
        game_id: String,
        preset: Preset,
        local: Color,
        moves: &[Pos],
    ) -> Result<Session, SnapshotError> {
        let mut session = Session::new(game_id, preset, local);
        session.game = Game::from_moves(preset.variant(), moves)
            .map_err(|(index, e)| SnapshotError::IllegalMove(index + 1, e))?;
        if let Some(outcome) = session.game.outcome() {
            session.ended = Some(End::Board(outcome.clone()));
        }
        Ok(session)
    }
}

/// Which end of the connection this program is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Host,
    Guest,
}

/// A network game saved for a restart: enough to reconnect and check the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionSnapshot {
    pub game_id: String,
    pub role: Role,
    pub preset: String,
    pub local_color: String,
    pub moves: Vec<[u8; 2]>,
    /// The host's address for a guest ("host:port"); the peer's name for a host.
    pub peer: String,
}

/// Why a saved network game cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    UnknownPreset(String),
    UnknownColor(String),
    IllegalMove(usize, PlayError),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::UnknownPreset(p) => {
                write!(f, "the saved network game has an unknown rule \"{p}\"")
            }
            SnapshotError::UnknownColor(c) => {
                write!(f, "the saved network game has an unknown colour \"{c}\"")
            }
            SnapshotError::IllegalMove(n, e) => {
                write!(f, "move {n} of the saved network game is not allowed: {e}")
            }
        }
    }
}

impl std::error::Error for SnapshotError {}

/// "black" or "white", as on the wire.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The colour named "black" or "white".
pub fn parse_color(name: &str) -> Option<Color> {
    match name {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(preset: Preset) -> (Session, Session) {
        (
            Session::new("g", preset, Color::Black),
            Session::new("g", preset, Color::White),
        )
    }

    /// Plays locally on `from` and delivers the messages to `to`.
    fn relay(
        from: &mut Session,
        to: &mut Session,
        action: Action,
        now: Instant,
    ) -> Vec<SessionEvent> {
        let step = from.act(action, now).expect("allowed locally");
        let mut events = Vec::new();
        for message in step.send {
            events.extend(to.receive(message, now).expect("allowed remotely").events);
        }
        events
    }

    #[test]
    fn a_renju_forbidden_point_from_the_peer_is_a_violation_that_changes_nothing() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Renju15);
        // Black stones at f8, g8 and h10, h9 (x right, y down from the top); h8 then makes a double three.
        for (b, w) in [
            ((5, 7), (0, 14)),
            ((6, 7), (0, 12)),
            ((7, 5), (0, 10)),
            ((7, 6), (0, 8)),
        ] {
            relay(
                &mut black,
                &mut white,
                Action::Play(Pos::new(b.0, b.1)),
                now,
            );
            relay(
                &mut white,
                &mut black,
                Action::Play(Pos::new(w.0, w.1)),
                now,
            );
        }
        let before = white.position();
        let forbidden = white.game().forbidden_points();
        let (pos, _) = *forbidden.first().expect("black has a forbidden point");
        let err = white.receive(
            Message::Move {
                x: pos.x,
                y: pos.y,
                ply: 8,
            },
            now,
        );
        assert!(
            matches!(
                err,
                Err(Violation(ActionError::Illegal(PlayError::Forbidden(..))))
            ),
            "{err:?}"
        );
        assert_eq!(white.position(), before);
    }

    #[test]
    fn the_hosts_time_up_ends_the_game_on_both_sides_and_a_bad_colour_is_a_violation() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Freestyle15);
        let events = relay(&mut black, &mut white, Action::TimeUp(Color::White), now);
        assert_eq!(events, [SessionEvent::Ended(End::TimeUp(Color::White))]);
        assert_eq!(black.ended(), Some(&End::TimeUp(Color::White)));
        let (_, mut other) = pair(Preset::Freestyle15);
        let bad = Message::TimeUp {
            loser: "green".into(),
            ply: 0,
        };
        assert!(other.receive(bad, now).is_err());
    }

    #[test]
    fn moves_after_the_end_off_the_board_or_misnumbered_are_refused() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::TicTacToe);
        assert!(matches!(
            white.receive(Message::Move { x: 9, y: 9, ply: 0 }, now),
            Err(Violation(ActionError::Illegal(PlayError::OffBoard(_))))
        ));
        assert!(matches!(
            white.receive(Message::Move { x: 0, y: 0, ply: 3 }, now),
            Err(Violation(ActionError::WrongPly {
                sent: 3,
                expected: 0
            }))
        ));
        relay(&mut black, &mut white, Action::Resign, now);
        assert_eq!(white.ended(), Some(&End::Resigned(Color::Black)));
        assert!(matches!(
            white.receive(Message::Move { x: 0, y: 0, ply: 0 }, now),
            Err(Violation(ActionError::GameOver))
        ));
        assert_eq!(white.position().0, 0);
    }

    #[test]
    fn chat_and_requests_are_rate_limited_over_a_window() {
        let start = Instant::now();
        let (_, mut white) = pair(Preset::Freestyle15);
        for i in 0..CHAT_PER_WINDOW {
            assert!(
                white
                    .receive(
                        Message::Chat {
                            text: format!("line {i}")
                        },
                        start
                    )
                    .is_ok()
            );
        }
        let flood = white.receive(
            Message::Chat {
                text: "one more".into(),
            },
            start,
        );
        assert_eq!(flood, Err(Violation(ActionError::TooFast)));
        // Once the window has passed, the peer may talk again.
        assert!(
            white
                .receive(
                    Message::Chat {
                        text: "later".into()
                    },
                    start + RATE_WINDOW
                )
                .is_ok()
        );
        // Locally the same limit is a refusal, so this side never gets itself disconnected.
        for _ in 0..CHAT_PER_WINDOW {
            white
                .act(Action::Chat("hi".into()), start)
                .expect("under the limit");
        }
        assert_eq!(
            white.act(Action::Chat("hi".into()), start),
            Err(ActionError::TooFast)
        );
        let long = "x".repeat(MAX_CHAT_CHARS + 1);
        assert_eq!(
            white.act(Action::Chat(long), start + RATE_WINDOW),
            Err(ActionError::ChatTooLong(201))
        );
    }

    #[test]
    fn draw_and_rematch_swap_colours() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Freestyle15);
        relay(&mut black, &mut white, Action::Play(Pos::new(7, 7)), now);
        assert_eq!(
            black.act(Action::OfferRematch, now),
            Err(ActionError::NotOver)
        );
        relay(&mut white, &mut black, Action::OfferDraw, now);
        assert_eq!(
            white.act(Action::AnswerDraw(true), now),
            Err(ActionError::NothingToAnswer)
        );
        let events = relay(&mut black, &mut white, Action::AnswerDraw(true), now);
        assert_eq!(events, [SessionEvent::Ended(End::DrawAgreed)]);
        relay(&mut black, &mut white, Action::OfferRematch, now);
        let events = relay(&mut white, &mut black, Action::AnswerRematch(true), now);
        assert_eq!(
            events,
            [SessionEvent::RematchStarted {
                local: Color::White
            }]
        );
        assert_eq!(
            (black.local_color(), white.local_color()),
            (Color::White, Color::Black)
        );
        assert_eq!(black.position().0, 0);
    }

    #[test]
    fn a_declined_draw_can_be_offered_again_but_not_faster_than_the_request_limit() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Freestyle15);
        for _ in 0..REQUESTS_PER_WINDOW {
            relay(&mut white, &mut black, Action::OfferDraw, now);
            let events = relay(&mut black, &mut white, Action::AnswerDraw(false), now);
            assert_eq!(events, [SessionEvent::DrawDeclined { by: Side::Remote }]);
        }
        // Locally refused, and from the wire a rule break that leaves the game going.
        assert_eq!(white.act(Action::OfferDraw, now), Err(ActionError::TooFast));
        assert_eq!(
            black.receive(Message::DrawOffer, now),
            Err(Violation(ActionError::TooFast))
        );
        assert_eq!(black.ended(), None);
        // Resigning is no request: it is never rate-limited.
        let events = relay(&mut white, &mut black, Action::Resign, now);
        assert_eq!(events, [SessionEvent::Ended(End::Resigned(Color::White))]);
    }

    #[test]
    fn an_undo_request_crossed_by_a_move_is_declined_not_applied() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Freestyle15);
        relay(&mut black, &mut white, Action::Play(Pos::new(7, 7)), now);
        relay(&mut white, &mut black, Action::Play(Pos::new(8, 8)), now);
        let request = black
            .act(Action::RequestUndo, now)
            .expect("black has a stone")
            .send;
        relay(&mut white, &mut black, Action::Chat("thinking".into()), now);
        // Black's request was sent at ply 2; white, not having seen it, is asked at ply 2: it fits.
        let answer = white.receive(request[0].clone(), now).expect("fits");
        assert_eq!(
            answer.events,
            [SessionEvent::UndoRequested { by: Side::Remote }]
        );
        // A stale request (numbered for another ply) gets an automatic decline.
        let stale = white
            .receive(Message::UndoRequest { ply: 1 }, now)
            .expect("not a rule break");
        assert_eq!(stale.send, [Message::UndoDecline { ply: 1 }]);
        assert_eq!(white.position().0, 2);
    }

    #[test]
    fn a_snapshot_restores_the_game_and_rejects_a_bad_one() {
        let now = Instant::now();
        let (mut black, mut white) = pair(Preset::Freestyle15);
        relay(&mut black, &mut white, Action::Play(Pos::new(7, 7)), now);
        let snapshot = white.snapshot(Role::Guest, "127.0.0.1:47015");
        let restored = Session::from_snapshot(&snapshot).expect("valid");
        assert_eq!(restored.position(), white.position());
        assert_eq!(restored.local_color(), Color::White);
        let mut bad = snapshot.clone();
        bad.moves.push([7, 7]);
        assert!(matches!(
            Session::from_snapshot(&bad),
            Err(SnapshotError::IllegalMove(2, _))
        ));
    }
}
