//! An external Gomocup engine in the computer's seat (`--engine PATH`): started through
//! `tengen-host`, told the match's time control through `INFO` and held to it, and polled every
//! frame with the game's own clock, so a hanging engine never stalls a frame. A failure ends the
//! game as the engine's forfeit, its reason kept for the result card; the moves stay as played.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_host::{Answer, Engine, Failure, Info};
use tengen_match::{Action, Player, TimeControl};

use super::turn::{announce, play_stone};
use super::{CurrentGame, GameStarted, Mode, PlayerKind, SeatName};
use crate::AppSystems;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::wake::{Background, Wake};

/// How long an engine may take to answer `START` and `ABOUT` (loading its weights or tables).
const START_WITHIN: Duration = Duration::from_secs(15);
/// Allowed past the engine's own time for the pipes and a busy machine (c-gomoku-cli's default
/// tolerance); the reason given names the engine's time alone.
const MARGIN: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineSeat>()
        .add_observer(new_game)
        .add_systems(
            Update,
            (follow_setup, drive_engine)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(AppSystems::Think),
        );
}

/// One outside engine kept in a resource (the seat's, the analyst's). Behind a lock only because a
/// resource must be shareable; only its owner's system takes it, through `&mut`.
#[derive(Default)]
pub(super) struct EngineSlot(Mutex<Option<Engine>>);

impl EngineSlot {
    /// The engine, if one runs.
    pub(super) fn get(&mut self) -> &mut Option<Engine> {
        // Nothing panics while holding it; a poisoned lock still holds a usable engine.
        self.0
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The process id of the engine running now, if any.
    pub(super) fn pid(&mut self) -> Option<u32> {
        self.get().as_ref().map(Engine::pid)
    }
}

/// Where the engine is in its conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No engine process (none started yet, or the last one was dropped).
    Off,
    /// `START` sent, for the engine playing this colour.
    Starting(Color),
    /// `ABOUT` sent.
    Greeting(Color),
    /// Waiting for its turn.
    Ready,
    /// Asked for a move in this position generation.
    Thinking(u64, Color),
}

/// The engine that plays the computer's seat: the one the command line named, or the added engine
/// the game was set up against (Settings → Engines).
#[derive(Resource)]
pub struct EngineSeat {
    /// The engine's command line; `None`: the computer is Tengen's own AI.
    pub command: Option<String>,
    /// `--engine`'s command, which a game set up without an added engine goes back to.
    from_line: Option<String>,
    /// The added engine's own `INFO` keys (threads and the player's lines) and memory in bytes.
    extra: Vec<(String, String)>,
    max_memory: u64,
    /// The added engine's id the seat was last given for (`None`: none asked for).
    seated: Option<u32>,
    engine: EngineSlot,
    phase: Phase,
    /// The game clock's reading at a real instant: the host judges time by the game's clock.
    origin: Option<(Instant, Duration)>,
}

impl Default for EngineSeat {
    fn default() -> EngineSeat {
        EngineSeat::new(None)
    }
}

impl EngineSeat {
    pub fn new(command: Option<String>) -> EngineSeat {
        EngineSeat {
            from_line: command.clone(),
            command,
            extra: Vec::new(),
            max_memory: 0,
            seated: None,
            engine: EngineSlot::default(),
            phase: Phase::Off,
            origin: None,
        }
    }

    /// Puts `entry` in the computer's seat, or (`None`) the command line's engine or Tengen's AI;
    /// `wanted` is the id the game asked for (its entry may be gone).
    fn seat(&mut self, wanted: Option<u32>, entry: Option<&tengen_store::EngineEntry>) {
        self.drop_engine();
        self.seated = wanted;
        match entry {
            Some(entry) => {
                self.command = Some(entry.command());
                self.extra = entry.info_pairs();
                self.max_memory = entry.max_memory();
            }
            None => {
                self.command = self.from_line.clone();
                self.extra = Vec::new();
                self.max_memory = 0;
            }
        }
    }

    /// Whether an engine, not Tengen's AI, plays the computer's seat.
    pub fn plays(&self) -> bool {
        self.command.is_some()
    }

    /// The process id of the engine running now, if any.
    pub fn pid(&mut self) -> Option<u32> {
        self.engine.pid()
    }

    /// The instant the game's clock reads `elapsed` at.
    fn instant(&mut self, elapsed: Duration) -> Instant {
        let (real, game) = *self.origin.get_or_insert_with(|| (Instant::now(), elapsed));
        real + elapsed.saturating_sub(game)
    }

    /// Drops the engine (it is ended and reaped on a thread of its own).
    fn drop_engine(&mut self) {
        *self.engine.get() = None;
        self.phase = Phase::Off;
    }
}

/// A new game starts with a fresh engine: what the old one knew belongs to the old game. The
/// engine the game was set up against takes the seat, named at once by its entry (its `ABOUT`
/// renames it when it starts).
fn new_game(
    _: On<GameStarted>,
    mut seat: ResMut<EngineSeat>,
    mut current: ResMut<CurrentGame>,
    settings: Option<Res<Settings>>,
) {
    let setup = current.setup();
    let wanted = wanted_engine(&setup);
    let entry = wanted.and_then(|id| settings.as_ref()?.engine(id));
    seat.seat(wanted, entry);
    let Some(entry) = entry.filter(|e| !e.name.is_empty()) else {
        return;
    };
    let mut names = current.names().clone();
    for color in [Color::Black, Color::White] {
        if setup.player(color) == PlayerKind::Computer {
            *names.get_mut(color) = Some(SeatName::Named(entry.name.clone()));
        }
    }
    current.set_names(names);
}

/// The added engine a game set up as `setup` seats. One engine process plays one side: only a game
/// against a person seats one.
fn wanted_engine(setup: &super::GameSetup) -> Option<u32> {
    setup.engine.filter(|_| setup.mode == Mode::HumanVsComputer)
}

/// A game that came back without a start of its own (the autosave's, on Continue) gets the engine it
/// was played against.
fn follow_setup(
    mut seat: ResMut<EngineSeat>,
    current: Res<CurrentGame>,
    settings: Option<Res<Settings>>,
) {
    let wanted = wanted_engine(&current.setup());
    if wanted == seat.seated {
        return;
    }
    let entry = wanted.and_then(|id| settings.as_ref()?.engine(id));
    seat.seat(wanted, entry);
}

/// What the engine is told about the game's rule and clock for its move as `color`, with its own
/// keys from Settings → Engines.
fn info(seat: &EngineSeat, current: &CurrentGame, color: Color, now: Duration) -> Info {
    let control = current.clocks().control();
    let (turn, game) = match control {
        // Without a clock the engine gets the computer's own time a move.
        TimeControl::None => (current.setup().think_time, Duration::ZERO),
        TimeControl::PerMove { limit } => (limit, Duration::ZERO),
        TimeControl::Fischer { base, .. } | TimeControl::ByoYomi { base, .. } => {
            (Duration::ZERO, base)
        }
    };
    Info {
        timeout_turn: turn,
        timeout_match: game,
        time_left: current.clocks().left(color, now),
        max_memory: seat.max_memory,
        rule: current.game().variant().rule(),
        extra: seat.extra.clone(),
    }
}

/// Talks to the engine: starts it when its seat is first to move, asks for each move, plays what it
/// answers, and ends the game as its forfeit when it fails.
fn drive_engine(
    mut commands: Commands,
    mut seat: ResMut<EngineSeat>,
    mut current: ResMut<CurrentGame>,
    (time, background): (Res<Time<Real>>, Background),
) {
    let Some(command) = seat.command.clone() else {
        return;
    };
    let elapsed = time.elapsed();
    let now = seat.instant(elapsed);
    let color = current.game().to_move();
    if let Phase::Thinking(generation, _) = seat.phase
        && generation != current.generation()
    {
        // The position moved on (undo, a new game): its answer would be stale.
        seat.drop_engine();
    }
    let phase = seat.phase;
    let result = match phase {
        Phase::Off if engine_to_move(&current) => {
            let wake = background.wake();
            start(&mut seat, (&command, wake), &current, color, now)
        }
        Phase::Starting(c) | Phase::Greeting(c) | Phase::Thinking(_, c) => {
            let answer = seat.engine.get().as_mut().and_then(|e| e.poll(now));
            match answer {
                None => Ok(()),
                Some(Ok(answer)) => {
                    take(&mut commands, &mut seat, &mut current, answer, (c, elapsed))
                }
                Some(Err(failure)) => Err((c, failure)),
            }
        }
        Phase::Off | Phase::Ready => Ok(()),
    };
    // Ready before this frame or since its answer (ABOUT came): the move is asked at once.
    let result = result.and_then(|()| match seat.phase {
        Phase::Ready if engine_to_move(&current) => {
            let color = current.game().to_move();
            ask_move(&mut seat, &current, color, (now, elapsed))
        }
        _ => Ok(()),
    });
    if let Err((loser, failure)) = result {
        forfeit(
            &mut commands,
            &mut seat,
            &mut current,
            (loser, failure),
            elapsed,
        );
    }
}

type Step = Result<(), (Color, Failure)>;

/// Whether the engine's seat is to play an ordinary move now.
fn engine_to_move(current: &CurrentGame) -> bool {
    let color = current.game().to_move();
    !current.game().is_over()
        && current.opening().settled()
        && current.setup().player(color) == PlayerKind::Computer
}

fn start(
    seat: &mut EngineSeat,
    (command, wake): (&str, Wake),
    current: &CurrentGame,
    color: Color,
    now: Instant,
) -> Step {
    let variant = current.game().variant();
    // Each line the engine prints wakes the sleeping window, so its move is drawn at once.
    let mut engine =
        Engine::start_waking(command, variant, (now, START_WITHIN), move || wake.now())
            .map_err(|f| (color, f))?;
    engine.set_margin(MARGIN);
    *seat.engine.get() = Some(engine);
    seat.phase = Phase::Starting(color);
    Ok(())
}

fn ask_move(
    seat: &mut EngineSeat,
    current: &CurrentGame,
    color: Color,
    (now, elapsed): (Instant, Duration),
) -> Step {
    let info = info(seat, current, color, elapsed);
    let generation = current.generation();
    let Some(engine) = seat.engine.get().as_mut() else {
        return Ok(());
    };
    engine.send_info(&info).map_err(|f| (color, f))?;
    engine
        .ask_move(current.game(), now, info.move_time())
        .map_err(|f| (color, f))?;
    seat.phase = Phase::Thinking(generation, color);
    Ok(())
}

/// Takes an answer: after `OK` the rule and clock and `ABOUT`, after `ABOUT` the engine's name on
/// its seat, and a move onto the board.
fn take(
    commands: &mut Commands,
    seat: &mut EngineSeat,
    current: &mut CurrentGame,
    answer: Answer,
    (color, elapsed): (Color, Duration),
) -> Step {
    match answer {
        Answer::Started => {
            let info = info(seat, current, color, elapsed);
            let now = seat.instant(elapsed);
            if let Some(engine) = seat.engine.get().as_mut() {
                engine.send_info(&info).map_err(|f| (color, f))?;
                engine
                    .ask_about(now, START_WITHIN)
                    .map_err(|f| (color, f))?;
            }
            seat.phase = Phase::Greeting(color);
        }
        Answer::About(about) => {
            let mut names = current.names().clone();
            *names.get_mut(color) = Some(SeatName::Named(about.name));
            current.set_names(names);
            seat.phase = Phase::Ready;
        }
        Answer::Move(pos) => {
            seat.phase = Phase::Ready;
            if let Err(refusal) = play_stone(commands, current, pos, Player::Computer, elapsed) {
                // The host checked the point; only a game that moved on refuses it.
                warn!("the engine's move {pos:?} was refused: {refusal:?}");
            }
        }
    }
    Ok(())
}

/// The engine lost: the game ends as its forfeit, and the reason stays with the game.
fn forfeit(
    commands: &mut Commands,
    seat: &mut EngineSeat,
    current: &mut CurrentGame,
    (loser, failure): (Color, Failure),
    elapsed: Duration,
) {
    warn!("the engine lost: {failure}");
    seat.drop_engine();
    if current.game().is_over() {
        return;
    }
    if let Ok(facts) = current.apply(Action::Forfeit(loser), elapsed) {
        current.set_engine_failure(failure);
        announce(commands, current, facts, None);
    }
}
