//! The short message for the player under the side panel's status, and how long it stays.

use std::time::Duration;

use bevy::prelude::*;

use super::current::CurrentGame;
use crate::i18n::{Phrase, Words};

/// What a notice says about the last action, so it is shown in the right colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoticeKind {
    /// Neutral news: "Nothing to undo.", "Looking for a good move…".
    #[default]
    Info,
    /// Good news: "Game opened.", a new fastest win.
    Good,
    /// Something was refused or went wrong.
    Error,
}

/// A short message for the player (refused clicks, hints, nothing to undo), shown until the game moves
/// on ([`retire_notice`]). Kept as a [`Phrase`] and put into words only when drawn, so it follows a
/// change of language while it is on screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice {
    phrase: Option<Phrase>,
    pub kind: NoticeKind,
    /// Real time when it was posted.
    pub posted: Duration,
}

impl Notice {
    /// Posts neutral news.
    pub fn post(&mut self, phrase: Phrase, now: Duration) {
        self.post_kind(NoticeKind::Info, phrase, now);
    }

    /// Posts good news.
    pub fn post_good(&mut self, phrase: Phrase, now: Duration) {
        self.post_kind(NoticeKind::Good, phrase, now);
    }

    /// Posts a refusal or a failure.
    pub fn post_error(&mut self, phrase: Phrase, now: Duration) {
        self.post_kind(NoticeKind::Error, phrase, now);
    }

    fn post_kind(&mut self, kind: NoticeKind, phrase: Phrase, now: Duration) {
        self.phrase = Some(phrase);
        self.kind = kind;
        self.posted = now;
    }

    /// Takes the notice down at once (its news is over, or another part of the panel says it now).
    pub fn clear(&mut self) {
        self.phrase = None;
    }

    /// Takes the notice down at once if it still says the message `id` (news that became stale).
    pub fn withdraw(&mut self, id: &str) {
        if self.phrase.as_ref().is_some_and(|phrase| phrase.id == id) {
            self.phrase = None;
        }
    }

    /// What it says until it is retired (see [`retire_notice`]).
    pub fn current(&self) -> Option<&Phrase> {
        self.phrase.as_ref()
    }

    /// What it says in the player's language; empty when nothing is posted.
    pub fn text(&self, words: &Words) -> String {
        self.phrase
            .as_ref()
            .map(|phrase| words.phrase(phrase))
            .unwrap_or_default()
    }
}

/// The least time a notice stays on screen, whatever happens next.
pub const NOTICE_MIN: Duration = Duration::from_secs(2);

/// A notice answers the last thing that happened: it stays until a newer one replaces it or the game
/// moves on (a move, an undo, another position), and at least [`NOTICE_MIN`] so it can be read. A
/// notice that vanished by the clock took the reason for an error or the next step away mid-sentence.
pub(super) fn retire_notice(
    current: Res<CurrentGame>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    mut seen: Local<u64>,
) {
    if current.generation() == *seen {
        return;
    }
    *seen = current.generation();
    if time.elapsed().saturating_sub(notice.posted) >= NOTICE_MIN {
        notice.clear();
    }
}
