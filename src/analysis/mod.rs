//! Seeing what the engine sees: live analysis of the position on the board ([`live`]) and the review
//! of a whole game ([`review`]). Both search in the background on the cores the game may use, each with
//! a stop flag raised the moment the player moves on, and wake the sleeping window when they have news.
//! Neither changes the game: what they find is for the player's eyes (the `ui` draws it).

use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};
use tengen_engine::{Ai, Analyst};

pub mod live;
pub mod review;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((live::plugin, review::plugin));
}

/// An analyst kept between analyses, so its tables stay warm from one position to the next. Like the
/// computer's brains, it is created and locked inside tasks only, never on the main thread.
#[derive(Clone, Default)]
pub(crate) struct SharedAnalyst(Arc<Mutex<Option<Analyst>>>);

impl SharedAnalyst {
    /// Runs `study` with the analyst, created first if needed (all cores but one, as Expert plays).
    pub(crate) fn with<R>(&self, study: impl FnOnce(&mut Analyst) -> R) -> R {
        // A panic in an earlier analysis poisons the lock; the analyst itself is still usable.
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let analyst = slot.get_or_insert_with(|| {
            let mut analyst = Analyst::new();
            analyst.set_threads(Ai::spare_cores());
            analyst
        });
        study(analyst)
    }
}

/// Wakes the window from a background thread (it sleeps until input otherwise), so news from a search
/// is drawn at once. Does nothing without a window (headless tests poll every frame anyway).
#[derive(Clone, Default)]
pub(crate) struct Wake(Option<EventLoopProxy<WinitUserEvent>>);

impl Wake {
    pub(crate) fn new(event_loop: Option<&EventLoopProxyWrapper>) -> Wake {
        Wake(event_loop.map(|wrapper| (**wrapper).clone()))
    }

    pub(crate) fn now(&self) {
        if let Some(proxy) = &self.0 {
            // The loop is gone only when the game is closing: nothing left to draw.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}
