//! The one analyst that live analysis and the review share.

use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use tengen_engine::{Ai, Analyst};

/// The one analyst of live analysis and the review, kept between analyses so its tables stay warm from
/// one position to the next (and held once: its tables are 40 MB). Like the computer's brains, it is
/// created and locked inside tasks only, never on the main thread; a review and a study at once take
/// turns.
#[derive(Resource, Clone, Default)]
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
