//! Autosaving off the main thread. A durable save (write, fsync, rename, fsync the folder) takes about
//! 10–20 ms on an ext4 disk (`cargo run --release -p tengen-store --example autosave_timing`): a dropped
//! frame per move if done in a frame. [`AutosaveWriter`] takes a snapshot on the caller's thread (tens of
//! microseconds) and writes it on its own thread.
//!
//! Only the newest request matters: a save (or clear) that arrives while another is waiting replaces it,
//! so the file always ends at the last state asked for, in order, and a slow disk never builds a queue.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use crate::autosave::{self, AutosaveFile, SavedGame};
use crate::file::{StoreError, write_atomic};
use crate::paths::Paths;

enum Job {
    Save(Vec<u8>),
    Clear,
}

#[derive(Default)]
struct State {
    pending: Option<Job>,
    busy: bool,
    stop: bool,
    errors: Vec<StoreError>,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave `State` half-updated in a harmful way.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed
            .wait(guard)
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A background autosave thread. `Send + Sync`, so the game can keep it in a resource. Dropping it
/// writes what is pending, then stops the thread.
pub struct AutosaveWriter {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    paths: Paths,
}

impl AutosaveWriter {
    /// Starts the thread. Falls back to writing on the caller's thread if no thread can be started.
    pub fn new(paths: Paths) -> AutosaveWriter {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        });
        let worker = Arc::clone(&shared);
        let worker_paths = paths.clone();
        let thread = std::thread::Builder::new()
            .name("tengen-autosave".into())
            .spawn(move || run(&worker, &worker_paths))
            .ok();
        AutosaveWriter {
            shared,
            thread,
            paths,
        }
    }

    /// Asks for `saved` to be written; returns at once.
    pub fn save(&self, saved: &SavedGame) {
        let bytes = autosave::FORMAT.encode(&AutosaveFile::of(saved));
        match bytes {
            Ok(bytes) => self.submit(Job::Save(bytes)),
            Err(e) => self.shared.lock().errors.push(StoreError {
                what: autosave::FORMAT.what,
                path: std::path::PathBuf::new(),
                source: std::io::Error::other(e),
            }),
        }
    }

    /// Asks for the autosave to be removed (new game, or the game was filed); returns at once.
    pub fn clear(&self) {
        self.submit(Job::Clear);
    }

    fn submit(&self, job: Job) {
        if self.thread.is_none() {
            if let Err(e) = perform(job, &self.paths) {
                self.shared.lock().errors.push(e);
            }
            return;
        }
        self.shared.lock().pending = Some(job);
        self.shared.changed.notify_all();
    }

    /// Waits until everything asked for is on disk (before filing a finished game, or on exit).
    pub fn flush(&self) {
        let mut state = self.shared.lock();
        while (state.pending.is_some() || state.busy) && self.thread.is_some() {
            state = self.shared.wait(state);
        }
    }

    /// Saves that failed since the last call, for the UI and the log.
    pub fn take_errors(&self) -> Vec<StoreError> {
        std::mem::take(&mut self.shared.lock().errors)
    }
}

impl Drop for AutosaveWriter {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn run(shared: &Shared, paths: &Paths) {
    loop {
        let job = {
            let mut state = shared.lock();
            while state.pending.is_none() && !state.stop {
                state = shared.wait(state);
            }
            match state.pending.take() {
                Some(job) => {
                    state.busy = true;
                    job
                }
                None => return, // stop, nothing left to write
            }
        };
        let result = perform(job, paths);
        let mut state = shared.lock();
        state.busy = false;
        if let Err(e) = result {
            state.errors.push(e);
        }
        drop(state);
        shared.changed.notify_all();
    }
}

fn perform(job: Job, paths: &Paths) -> Result<(), StoreError> {
    let path = paths.autosave();
    match job {
        Job::Save(bytes) => {
            write_atomic(&path, &bytes).map_err(|e| autosave::FORMAT.error(&path, e))
        }
        Job::Clear => autosave::clear_autosave(paths),
    }
}
