//! Game review: the whole record on the board is analysed in the background, position by position,
//! with its progress shown; then every move has its class (best … blunder, by the drop in the mover's
//! win probability: see [`tengen_engine::MoveClass::of`]) and, for the bad ones, the engine's better
//! move. [`GameCommand::Review`] takes the player into `Activity::Review` (the game-over card, the
//! record viewer); the review lasts as long as that mode and ends with it.
//!
//! Where an outside engine gives the hints (Settings → Engines, "Hints from"), that engine reviews
//! the game ([`tengen_host::analyse_record`], with the same time per position), and the review
//! names it. If it fails, a notice says why and Tengen's own engine reviews the game instead.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use tengen_engine::{Game, MoveReview, Pos, SearchLimits, review_game_with, reviews_of};
use tengen_host::{Launch, analyse_record};

use super::SharedAnalyst;
use crate::AppSystems;
use crate::game::analyst::Analyst as OutsideAnalyst;
use crate::game::computer::StopOnDrop;
use crate::game::{CurrentGame, Notice};
use crate::i18n::Phrase;
use crate::screens::Activity;
use crate::wake::Background;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .init_resource::<ReviewEffort>()
        .add_systems(OnEnter(Activity::Review), review_the_record)
        .add_systems(OnExit(Activity::Review), end_review)
        .add_systems(Update, receive_review.in_set(AppSystems::Think));
}

/// The effort per position of a review: a game of 40 moves takes about 20 s (less on more cores).
#[derive(Resource, Debug, Clone)]
pub struct ReviewEffort(pub SearchLimits);

impl Default for ReviewEffort {
    fn default() -> Self {
        ReviewEffort(SearchLimits {
            think_time: Duration::from_millis(400),
            optimum: None,
            max_nodes: None,
            max_depth: None,
        })
    }
}

/// The review of the record on the board: under way (with its progress) or finished.
#[derive(Resource, Debug, Default)]
pub struct GameReview {
    /// Positions analysed so far, of how many.
    pub progress: (usize, usize),
    /// Every move's review, once the whole game is analysed.
    pub moves: Option<Vec<MoveReview>>,
    /// The moves of the record reviewed: the position shown may leave them for a branch.
    pub record: Vec<Pos>,
    /// The outside engine reviewing, if it is not Tengen's own.
    pub by: Option<String>,
}

impl GameReview {
    /// The review of the move that led to the position shown (`shown`, the moves on the board), if the
    /// review is finished and the position is on the record's line, not in a branch.
    pub fn of_move(&self, shown: &[Pos]) -> Option<&MoveReview> {
        let index = shown.len().checked_sub(1)?;
        if !self.record.starts_with(shown) {
            return None;
        }
        self.moves.as_ref()?.get(index)
    }
}

/// The review at work. Despawning it raises the stop flag.
#[derive(Component)]
pub struct Reviewing {
    /// The reviews, or why the outside engine could not give them.
    task: Task<Result<Vec<MoveReview>, String>>,
    done: Arc<AtomicUsize>,
    _stop: StopOnDrop,
}

/// The record in full: the game on the board with the moves ahead of the one shown replayed.
fn whole_record(game: &Game) -> Game {
    let mut whole = game.clone();
    while whole.redo().is_some() {}
    whole
}

/// The review of the record on the board starts as the player enters it; its task ends with the mode.
fn review_the_record(
    mut commands: Commands,
    mut review: ResMut<GameReview>,
    current: Res<CurrentGame>,
    (effort, outside): (Res<ReviewEffort>, Res<OutsideAnalyst>),
    analyst: Res<SharedAnalyst>,
    background: Background,
) {
    let record = whole_record(current.game());
    let reviewing = match outside.launch() {
        Some(launch) => start_engine_review(&record, &effort.0, launch.clone(), &background),
        None => start_review(&record, &effort.0, analyst.clone(), &background),
    };
    *review = GameReview {
        progress: (0, record.moves().len() + 1),
        moves: None,
        record: record.moves().to_vec(),
        by: outside.speaks().then(|| outside.name()),
    };
    commands.spawn((
        Name::new("Game review"),
        reviewing,
        DespawnOnExit(Activity::Review),
    ));
}

fn end_review(mut review: ResMut<GameReview>) {
    *review = GameReview::default();
}

/// Starts analysing every position of `record` in a task.
fn start_review(
    record: &Game,
    limits: &SearchLimits,
    analyst: SharedAnalyst,
    background: &Background,
) -> Reviewing {
    let record = record.clone();
    let limits = limits.clone();
    review_task(background, move |flag, progress| {
        let reviews = analyst.with(|analyst| {
            analyst.set_stop(flag);
            // The review compares the best move with the one played: one exact score is enough.
            analyst.set_candidates(0);
            review_game_with(analyst, &record, &limits, |positions, _| {
                progress(positions)
            })
        });
        Ok(reviews)
    })
}

/// Starts `launch`'s engine analysing every position of `record` on a thread of the task pool, with
/// the review's time per position: it blocks on the engine's pipe, which no frame may.
fn start_engine_review(
    record: &Game,
    limits: &SearchLimits,
    launch: Launch,
    background: &Background,
) -> Reviewing {
    let record = record.clone();
    let per_position = limits.think_time;
    review_task(background, move |flag, progress| {
        analyse_record(&launch, &record, per_position, &flag, |positions, _| {
            progress(positions)
        })
        .map(|analyses| reviews_of(&record, &analyses))
        .map_err(|failure| failure.to_string())
    })
}

/// Runs `review` in a task with a stop flag (raised when the review is dropped) and a progress
/// callback (positions done) that wakes the window; the reviews, or why there are none.
fn review_task(
    background: &Background,
    review: impl FnOnce(Arc<AtomicBool>, &dyn Fn(usize)) -> Result<Vec<MoveReview>, String>
    + Send
    + 'static,
) -> Reviewing {
    let wake = background.wake();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let done = Arc::new(AtomicUsize::new(0));
    let counter = done.clone();
    let task = background.spawn(async move {
        let progress = |positions: usize| {
            counter.store(positions, Ordering::Relaxed);
            wake.now();
        };
        let reviews = review(flag, &progress);
        wake.now();
        reviews
    });
    Reviewing {
        task,
        done,
        _stop: StopOnDrop(stop),
    }
}

fn receive_review(
    mut commands: Commands,
    mut reviewing: Query<(Entity, &mut Reviewing)>,
    mut review: ResMut<GameReview>,
    mut fallback: ReviewFallback,
) {
    for (entity, mut task) in &mut reviewing {
        let done = task.done.load(Ordering::Relaxed);
        if review.progress.0 != done {
            review.progress.0 = done;
        }
        match check_ready(&mut task.task) {
            None => {}
            Some(Ok(moves)) => {
                review.progress.0 = review.progress.1;
                review.moves = Some(moves);
                commands.entity(entity).despawn();
            }
            Some(Err(why)) => {
                commands.entity(entity).despawn();
                let engine = review.by.take().unwrap_or_default();
                review.progress.0 = 0;
                commands.spawn((
                    Name::new("Game review"),
                    fallback.start(&engine, &why, &review.record),
                    DespawnOnExit(Activity::Review),
                ));
            }
        }
    }
}

/// What Tengen's own review needs when the outside engine's failed: the record's game, the effort,
/// the shared analyst, and the notice that says why.
#[derive(SystemParam)]
struct ReviewFallback<'w> {
    current: Res<'w, CurrentGame>,
    effort: Res<'w, ReviewEffort>,
    analyst: Res<'w, SharedAnalyst>,
    background: Background<'w>,
    notice: ResMut<'w, Notice>,
    time: Res<'w, Time<Real>>,
}

impl ReviewFallback<'_> {
    /// Says why `engine` could not review, and starts Tengen's own review of `record`'s moves.
    fn start(&mut self, engine: &str, why: &str, record: &[Pos]) -> Reviewing {
        warn!("{engine} could not review the game: {why}");
        let phrase = Phrase::with(
            "notice-review-engine-failed",
            vec![("engine", engine.into()), ("reason", why.into())],
        );
        self.notice.post(phrase, self.time.elapsed());
        let mut game = whole_record(self.current.game());
        // The record on the board is the one the review began with: the mode holds it.
        while game.moves().len() > record.len() && game.undo().is_some() {}
        start_review(
            &game,
            &self.effort.0,
            self.analyst.clone(),
            &self.background,
        )
    }
}
