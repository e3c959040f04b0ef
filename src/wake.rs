//! Waking the sleeping window from another thread: the window draws only when something changes
//! (see `redraw`), so work finished elsewhere (a network event, a round of analysis, a search that
//! ended) says so here. A leaf module: whoever finishes work may use it without importing the rest
//! of the game.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::{Res, Resource};
use bevy::tasks::{AsyncComputeTaskPool, Task};
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};

/// What a system that starts background work needs: the window to wake and the bell to ring.
#[derive(SystemParam)]
pub(crate) struct Background<'w> {
    event_loop: Option<Res<'w, EventLoopProxyWrapper>>,
    bell: Res<'w, Bell>,
}

impl Background<'_> {
    /// Whether the game runs in a real window (a winit event loop), not headless.
    pub(crate) fn windowed(&self) -> bool {
        self.event_loop.is_some()
    }

    /// Counts work on threads of its own (a tournament's games) as running until the guard drops.
    pub(crate) fn work(&self) -> Working {
        self.bell.work()
    }

    /// A waker for news from another thread.
    pub(crate) fn wake(&self) -> Wake {
        Wake::new(self.event_loop.as_deref(), &self.bell)
    }

    /// Runs a search on the compute pool, counted by the bell (see [`Bell::spawn`]).
    pub(crate) fn spawn<T: Send + 'static>(
        &self,
        search: impl Future<Output = T> + Send + 'static,
    ) -> Task<T> {
        self.bell.spawn(search)
    }
}

/// Wakes the sleeping window from another thread (a network event, a round of analysis), so the news is
/// drawn at once, and rings the [`Bell`].
#[derive(Clone, Default)]
pub(crate) struct Wake {
    proxy: Option<EventLoopProxy<WinitUserEvent>>,
    bell: Bell,
}

impl Wake {
    pub(crate) fn new(event_loop: Option<&EventLoopProxyWrapper>, bell: &Bell) -> Wake {
        Wake {
            proxy: event_loop.map(|wrapper| (**wrapper).clone()),
            bell: bell.clone(),
        }
    }

    pub(crate) fn now(&self) {
        self.bell.ring();
        if let Some(proxy) = &self.proxy {
            // The loop is gone only when the game is closing: nothing left to draw.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}

/// News from the background, counted: each piece of news rings it, and each search running beside
/// the frames (the computer's move, a hint, the computer's opening, a study, a review) is counted
/// until it ends. Headless tests wait on it between frames instead of spinning them.
#[derive(Resource, Clone, Default)]
pub struct Bell(Arc<(Mutex<Rings>, Condvar)>);

#[derive(Debug, Default, Clone, Copy)]
struct Rings {
    /// How often the bell has rung.
    rung: u64,
    /// Searches running now.
    running: usize,
}

impl Bell {
    /// Counts a search as running until the returned guard drops. Moved into the search's task, it
    /// drops when the task ends, or when the task is dropped before it ran; then the bell rings.
    pub fn work(&self) -> Working {
        self.change(|rings| rings.running += 1);
        Working(self.clone())
    }

    /// Runs a search on the compute pool, counted as running until it ends (or is dropped
    /// unstarted): every background search of the game starts here.
    pub fn spawn<T: Send + 'static>(
        &self,
        search: impl Future<Output = T> + Send + 'static,
    ) -> Task<T> {
        let working = self.work();
        AsyncComputeTaskPool::get().spawn(async move {
            let _working = working;
            search.await
        })
    }

    /// Says that something happened in the background.
    pub fn ring(&self) {
        self.change(|rings| rings.rung += 1);
    }

    /// Whether `other` is this bell (two apps in one test may share one, so one wait hears both).
    pub fn is(&self, other: &Bell) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// How often the bell has rung so far.
    pub fn rung(&self) -> u64 {
        self.rings().rung
    }

    /// How many searches are running now.
    pub fn running(&self) -> usize {
        self.rings().running
    }

    /// Waits until the bell rings after `rung` rings, or until no search runs; `false` when `limit`
    /// passed first.
    pub fn wait_after(&self, rung: u64, limit: Duration) -> bool {
        let (lock, ringing) = &*self.0;
        let rings = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let waited = ringing
            .wait_timeout_while(rings, limit, |rings| {
                rings.rung == rung && rings.running > 0
            })
            .unwrap_or_else(PoisonError::into_inner);
        !waited.1.timed_out()
    }

    /// Waits until the bell rings after `rung` rings, whether or not a search runs (news from the
    /// network comes with none running); `false` when `limit` passed first.
    pub fn wait_for_ring(&self, rung: u64, limit: Duration) -> bool {
        let (lock, ringing) = &*self.0;
        let rings = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let waited = ringing
            .wait_timeout_while(rings, limit, |rings| rings.rung == rung)
            .unwrap_or_else(PoisonError::into_inner);
        !waited.1.timed_out()
    }

    fn rings(&self) -> Rings {
        *self.0.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn change(&self, change: impl FnOnce(&mut Rings)) {
        let (lock, ringing) = &*self.0;
        change(&mut lock.lock().unwrap_or_else(PoisonError::into_inner));
        ringing.notify_all();
    }
}

/// A search counted by the [`Bell`] while it runs.
pub struct Working(Bell);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.change(|rings| {
            rings.running -= 1;
            rings.rung += 1;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_that_ends_rings_the_bell_and_stops_counting() {
        let bell = Bell::default();
        let working = bell.work();
        assert_eq!((bell.rung(), bell.running()), (0, 1));
        let seen = bell.rung();
        let ending = std::thread::spawn(move || drop(working));
        assert!(bell.wait_after(seen, Duration::from_secs(60)));
        ending.join().expect("the search thread");
        assert_eq!((bell.rung(), bell.running()), (1, 0));
        // Nothing running: no wait at all.
        assert!(bell.wait_after(bell.rung(), Duration::ZERO));
    }

    #[test]
    fn a_wait_with_a_search_running_and_no_news_ends_at_its_limit() {
        let bell = Bell::default();
        let _working = bell.work();
        assert!(!bell.wait_after(bell.rung(), Duration::from_millis(1)));
        bell.ring();
        assert!(bell.wait_after(0, Duration::ZERO), "news since then");
    }

    #[test]
    fn news_is_waited_for_with_no_search_running() {
        let bell = Bell::default();
        let seen = bell.rung();
        assert!(
            !bell.wait_for_ring(seen, Duration::from_millis(1)),
            "no news yet"
        );
        let news = bell.clone();
        let ringing = std::thread::spawn(move || news.ring());
        assert!(bell.wait_for_ring(seen, Duration::from_secs(60)));
        ringing.join().expect("the ringing thread");
        assert!(bell.is(&bell.clone()) && !bell.is(&Bell::default()));
    }
}
