//! The computer player as an async task: the search runs on the `AsyncComputeTaskPool` while frames keep
//! drawing. A search remembers the position's generation it started from; once the position moves on
//! (a move, undo, a new game, leaving the game) it drops itself, which raises its stop flag, so a stale
//! answer is never played.
//!
//! Computer against computer is paced: an answer found sooner waits until the pace the viewer chose
//! ([`crate::game::Pace`], half a second at first) has passed since the previous move, so the game
//! can be followed, its decisive end too (a forced win is found at once, and played 60 ms apart it
//! could not be seen). Each move's search also says how it sees the chances, which the side panel
//! shows.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use tengen_engine::{Color, Pos};

use super::engine_seat::EngineSeat;
use super::turn::play_stone;
use super::{CurrentGame, GameStarted, Mode, MoveNowAsked, Notice, PlayerKind, Refusal};
use crate::AppSystems;
use crate::screens::{Activity, InGame, Screen};
use crate::wake::Bell;
use tengen_engine::{Ai, Level, Step};
use tengen_match::Player;

pub use super::Autoplay;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Brains>()
        .add_observer(prepare_brains)
        .add_systems(
            Update,
            (
                move_now,
                drop_stale_search,
                (receive_move, start_thinking)
                    .chain()
                    .run_if(in_state(Screen::Playing).and_then(colours_settled)),
            )
                .chain()
                .in_set(AppSystems::Think),
        );
}

/// Raises the stop flag when dropped, so dropping a task (undo, new game, leaving the game) also stops
/// the CPU-bound search inside it: dropping a Bevy `Task` alone does not.
#[derive(Debug)]
pub struct StopOnDrop(pub Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The computer is searching for its move. Despawning this entity cancels the search.
#[derive(Component)]
pub struct Thinking {
    task: Task<Option<(Pos, i32)>>,
    /// The search's answer (the move and its score for the mover) once it came, held back until
    /// the move may be shown.
    answer: Option<Option<(Pos, i32)>>,
    pub stop: StopOnDrop,
    /// The position generation the search started from.
    pub generation: u64,
    pub color: Color,
    /// Real time when the search started (the HUD shows how long it has been thinking).
    pub started: Duration,
}

/// One AI per computer-played colour, kept between moves so its transposition table stays warm, and one
/// for hints. The lock is only ever taken inside tasks, never on the main thread.
#[derive(Resource)]
pub struct Brains {
    players: [Option<Brain>; 2],
    pub(crate) hints: Option<Brain>,
    /// Where each new AI's seed comes from: the system's randomness in a real game, so the weaker
    /// levels do not replay the same game every time; a fixed seed in tests ([`Brains::seeded`]).
    dice: rand::rngs::StdRng,
}

impl Default for Brains {
    fn default() -> Brains {
        Brains::with_dice(<rand::rngs::StdRng as rand::SeedableRng>::from_os_rng())
    }
}

impl Brains {
    /// Brains whose AIs are seeded from `seed`: the same play every run (tests insert this).
    pub fn seeded(seed: u64) -> Brains {
        Brains::with_dice(<rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(
            seed,
        ))
    }

    fn with_dice(dice: rand::rngs::StdRng) -> Brains {
        Brains {
            players: [None, None],
            hints: None,
            dice,
        }
    }

    fn new_brain(&mut self, step: Step) -> Brain {
        Brain::new(step, rand::RngCore::next_u64(&mut self.dice))
    }

    /// The AI that suggests moves (created on first use).
    pub(crate) fn hint_brain(&mut self) -> Brain {
        if self.hints.is_none() {
            self.hints = Some(self.new_brain(Step::from_level(Level::Expert)));
        }
        self.hints.clone().expect("just made")
    }

    /// `color`'s AI at `step`, made anew when the step changed.
    fn player_brain(&mut self, color: Color, step: Step) -> Brain {
        if let Some(brain) = &self.players[color.index()]
            && brain.step == step
        {
            return brain.clone();
        }
        let brain = self.new_brain(step);
        self.players[color.index()] = Some(brain.clone());
        brain
    }

    /// Keeps `color`'s AI busy, as a search that never ends would, until the returned sender sends or
    /// is dropped: the player's next search waits for it. Returns `None` if no computer plays `color`.
    /// The tests use it to show that frames go on while the computer thinks, without racing a clock.
    #[doc(hidden)]
    pub fn hold_player(&self, color: Color) -> Option<Sender<()>> {
        Some(self.players[color.index()].as_ref()?.hold())
    }

    /// Keeps the hint AI busy the same way, so a hint waits until the sender sends or is dropped.
    #[doc(hidden)]
    pub fn hold_hints(&mut self) -> Sender<()> {
        self.hint_brain().hold()
    }
}

/// An AI of one ladder step (a level is one of them), created on first use inside a task: `Ai::new` builds the engine's pattern tables
/// (about 0.1 s once per process), which must not happen on the main thread.
#[derive(Clone)]
pub(crate) struct Brain {
    step: Step,
    seed: u64,
    ai: Arc<Mutex<Option<Ai>>>,
}

impl Brain {
    fn new(step: Step, seed: u64) -> Brain {
        Brain {
            step,
            seed,
            ai: Arc::new(Mutex::new(None)),
        }
    }

    /// Takes this brain's lock on a thread of its own until the returned sender sends or is dropped.
    fn hold(&self) -> Sender<()> {
        let ai = self.ai.clone();
        let (release, released) = mpsc::channel::<()>();
        let (locked, is_locked) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _busy = ai.lock().unwrap_or_else(PoisonError::into_inner);
            let _ = locked.send(());
            let _ = released.recv();
        });
        // The lock is held once the thread says so (it cannot fail to: the lock never panics).
        let _ = is_locked.recv();
        release
    }

    /// Runs `think` with this brain's AI, creating it first if needed. Call from a task only.
    pub(crate) fn with_ai<R>(&self, think: impl FnOnce(&mut Ai) -> R) -> R {
        // A panic in an earlier search poisons the lock; the AI itself is still usable.
        let mut slot = self.ai.lock().unwrap_or_else(PoisonError::into_inner);
        let ai = slot.get_or_insert_with(|| {
            let mut ai = self.step.ai(self.seed);
            // Expert (and hints) search on all cores but one; the engine keeps Low and Medium on one.
            ai.set_threads(Ai::spare_cores());
            ai
        });
        think(ai)
    }
}

fn prepare_brains(
    _: On<GameStarted>,
    current: Res<CurrentGame>,
    mut brains: ResMut<Brains>,
    mut autoplay: ResMut<Autoplay>,
) {
    let setup = current.setup();
    for color in [Color::Black, Color::White] {
        if setup.player(color) == PlayerKind::Computer {
            brains.player_brain(color, setup.computer_step());
        } else {
            brains.players[color.index()] = None;
        }
    }
    // The pace is the viewer's choice and outlives the game; the rest starts afresh.
    *autoplay = Autoplay {
        pace: autoplay.pace,
        ..default()
    };
}

/// The computer plays its ordinary moves once a swap opening has settled the colours.
fn colours_settled(current: Res<CurrentGame>) -> bool {
    current.opening().settled()
}

/// Starts a search when a computer is to move and none is running.
fn start_thinking(
    mut commands: Commands,
    current: Res<CurrentGame>,
    mut brains: ResMut<Brains>,
    thinking: Query<(), With<Thinking>>,
    mut autoplay: ResMut<Autoplay>,
    (time, bell, engine): (Res<Time<Real>>, Res<Bell>, Res<EngineSeat>),
) {
    let color = current.game().to_move();
    // An external engine plays the computer's seat through its own plugin.
    if engine.plays(&current, color)
        || current.game().is_over()
        || !thinking.is_empty()
        || current.setup().player(color) != PlayerKind::Computer
    {
        return;
    }
    if current.setup().mode == Mode::ComputerVsComputer && autoplay.paused {
        if autoplay.steps == 0 {
            return;
        }
        autoplay.steps -= 1;
    }
    // A swap opening can hand the computer the other colour after the game started.
    let brain = brains.player_brain(color, current.setup().computer_step());
    let board = current.game().board().clone();
    let limits = current.computer_limits(color, time.elapsed());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let task = bell.spawn(async move {
        brain.with_ai(|ai| {
            ai.choose_move(&board, color, &limits, &flag)
                .map(|thought| (thought.pos, thought.score))
        })
    });
    commands.spawn((
        Name::new("Computer thinking"),
        Thinking {
            task,
            answer: None,
            stop: StopOnDrop(stop),
            generation: current.generation(),
            color,
            started: time.elapsed(),
        },
        DespawnOnExit(InGame),
        // A search for a game played: leaving play for a record, the editor or a puzzle stops it.
        DespawnOnExit(Activity::Playing),
    ));
}

/// "Move now": the search in progress stops where it is, and its best move so far is played (the
/// stop flag ends the search as its clock running out would).
fn move_now(
    mut asked: MessageReader<MoveNowAsked>,
    thinking: Query<&Thinking>,
    current: Res<CurrentGame>,
) {
    if asked.read().count() == 0 {
        return;
    }
    for search in thinking
        .iter()
        .filter(|t| t.generation == current.generation())
    {
        search.stop.0.store(true, Ordering::Relaxed);
    }
}

/// A search for a position that has moved on is dropped at once (which stops it), on any screen.
fn drop_stale_search(
    mut commands: Commands,
    tasks: Query<(Entity, &Thinking)>,
    current: Res<CurrentGame>,
) {
    for (entity, thinking) in &tasks {
        if thinking.generation != current.generation() {
            debug!("dropped a stale computer search");
            commands.entity(entity).despawn();
        }
    }
}

/// How long a move of the computer must take on screen at least: between computers, the pace the
/// viewer chose; against a person, no wait.
fn pace(current: &CurrentGame, autoplay: &Autoplay) -> Duration {
    if current.setup().mode == Mode::ComputerVsComputer {
        autoplay.pace.duration()
    } else {
        Duration::ZERO
    }
}

/// Plays the computer's answer when its task is done (and, between computers, its pace allows),
/// unless the position changed meanwhile.
fn receive_move(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut Thinking)>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    mut autoplay: ResMut<Autoplay>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    for (entity, mut thinking) in &mut tasks {
        if thinking.answer.is_none() {
            thinking.answer = check_ready(&mut thinking.task);
        }
        let Some(answer) = thinking.answer else {
            continue;
        };
        if now.saturating_sub(thinking.started) < pace(&current, &autoplay) {
            continue;
        }
        commands.entity(entity).despawn();
        if thinking.generation != current.generation() || current.game().to_move() != thinking.color
        {
            debug!("dropped a stale computer move");
            continue;
        }
        let Some((pos, score)) = answer else {
            warn!("the computer found no legal move");
            continue;
        };
        let mover = tengen_engine::win_probability(score);
        let black = if thinking.color == Color::Black {
            mover
        } else {
            1.0 - mover
        };
        autoplay.black_chance = Some((black * 100.0).round().clamp(0.0, 100.0) as u8);
        match play_stone(&mut commands, &mut current, pos, Player::Computer, now) {
            // "Wait: it is the computer's turn" is over once it has played.
            Ok(_) => notice.withdraw(Refusal::NotYourTurn.phrase().id),
            Err(error) => error!("the computer chose an illegal move: {error}"),
        }
    }
}
