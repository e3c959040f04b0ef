//! The session state machine fed a sequence of steps read from the input:
//!
//! - an honest pair (host and guest) whose actions are delivered to the other side at once, as a
//!   connection without delay would: the peer must accept every message (no violation) and both
//!   must then hold the same game and the same end;
//! - a lone session fed frames decoded from the input, as a hostile peer could send them: a
//!   violation must leave its game and its end as they were;
//! - snapshots, which must restore the same position.
//!
//! Shared by the fuzz target and the stable test that replays the committed corpus.

use std::time::{Duration, Instant};

use tengen_engine::{Pos, Preset};
use tengen_net::{Action, Message, Role, Session, read_message};

/// The input, read a byte at a time; an exhausted input reads as zeros where a value is needed.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    fn flag(&mut self) -> bool {
        self.byte().is_multiple_of(2)
    }

    fn text(&mut self) -> String {
        let len = usize::from(self.byte() % 8) * 40; // up to 280: past the chat limit
        let take = len.min(self.0.len());
        let (text, rest) = self.0.split_at(take);
        self.0 = rest;
        String::from_utf8_lossy(text).into_owned()
    }

    fn action(&mut self) -> Action {
        match self.byte() % 10 {
            // Up to 21: off every board but the largest some of the time.
            0 | 1 => Action::Play(Pos::new(self.byte() % 22, self.byte() % 22)),
            2 => Action::RequestUndo,
            3 => Action::AnswerUndo(self.flag()),
            4 => Action::Resign,
            5 => Action::OfferDraw,
            6 => Action::AnswerDraw(self.flag()),
            7 => Action::OfferRematch,
            8 => Action::AnswerRematch(self.flag()),
            _ => Action::Chat(self.text()),
        }
    }
}

/// Delivers `messages` from one side to the other and the answers back, until nothing is left.
fn deliver(from: &mut Session, to: &mut Session, messages: Vec<Message>, now: Instant) {
    let mut queue = messages;
    let (mut from, mut to) = (from, to);
    while !queue.is_empty() {
        let mut answers = Vec::new();
        for message in queue {
            match to.receive(message.clone(), now) {
                Ok(step) => answers.extend(step.send),
                Err(v) => panic!("an honest {message:?} was refused: {v}"),
            }
        }
        queue = answers;
        std::mem::swap(&mut from, &mut to);
    }
}

fn assert_in_step(host: &Session, guest: &Session) {
    assert_eq!(host.game().moves(), guest.game().moves());
    assert_eq!(host.ended(), guest.ended());
    assert_ne!(host.local_color(), guest.local_color());
}

/// One hostile frame into `lone`: a violation must change nothing.
fn inject(lone: &mut Session, input: &mut Input, now: Instant) {
    let Ok(message) = read_message(&mut input.0) else {
        return;
    };
    let (moves, ended) = (lone.game().moves().to_vec(), lone.ended().cloned());
    if lone.receive(message, now).is_err() {
        assert_eq!(lone.game().moves(), moves, "a violation changed the game");
        assert_eq!(lone.ended(), ended.as_ref(), "a violation changed the end");
    }
}

fn check_snapshot(session: &Session) {
    let restored = Session::from_snapshot(&session.snapshot(Role::Host, "peer"));
    let restored = restored.expect("a session's own snapshot restores");
    assert_eq!(restored.position(), session.position());
    assert_eq!(restored.local_color(), session.local_color());
}

pub fn run(data: &[u8]) {
    let mut input = Input(data);
    let preset = Preset::ALL[usize::from(input.byte()) % Preset::ALL.len()];
    let first = if input.flag() {
        tengen_engine::Color::Black
    } else {
        tengen_engine::Color::White
    };
    let mut host = Session::new("g", preset, first);
    let mut guest = Session::new("g", preset, first.opponent());
    let mut lone = Session::new("g", preset, first.opponent());
    let mut now = Instant::now();
    while let Some(op) = input.next() {
        match op % 6 {
            0 | 1 => {
                let action = input.action();
                let (actor, peer) = if op % 6 == 0 {
                    (&mut host, &mut guest)
                } else {
                    (&mut guest, &mut host)
                };
                if let Ok(step) = actor.act(action, now) {
                    deliver(actor, peer, step.send, now);
                }
                assert_in_step(&host, &guest);
            }
            // Time only moves forward, in steps that cross the rate window now and then.
            2 => now += Duration::from_secs(u64::from(input.byte() % 16)),
            3 => inject(&mut lone, &mut input, now),
            4 => {
                let _ = lone.act(input.action(), now);
            }
            _ => check_snapshot(&host),
        }
    }
}
