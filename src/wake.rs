//! Waking the sleeping window from another thread: the window draws only when something changes
//! (see `redraw`), so work finished elsewhere (a network event, a round of analysis) says so here. A
//! leaf module: whoever finishes work may use it without importing the rest of the game.

use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};

/// Wakes the sleeping window from another thread (a network event, a round of analysis), so the news is
/// drawn at once. Does nothing without a window (headless tests poll every frame anyway).
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
