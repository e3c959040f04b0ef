//! External Gomocup engines in the computer's seats: `--engine PATH` or an added engine against a
//! person, and one added engine in each seat of a game between two computers (engine against
//! engine, or an engine against Tengen's own). Each is started through `tengen-host`, told the
//! match's time control through `INFO` and held to it, and polled every frame with the game's own
//! clock, so a hanging engine never stalls a frame. A failure ends the game as that engine's
//! forfeit, its reason kept for the result card; the moves stay as played.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_host::{Answer, Engine, Failure, Info, Launch, START_WITHIN};
use tengen_match::{Action, Player, Seat, TimeControl};

use super::clock_instants::ClockInstants;
use super::turn::{announce, play_stone};
use super::{Autoplay, CurrentGame, GameStarted, Mode, PlayerKind, SeatName};
use crate::AppSystems;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::wake::{Background, Wake};

/// Allowed past the engine's own time for the pipes and a busy machine (c-gomoku-cli's default
/// tolerance); the reason given names the engine's time alone.
const MARGIN: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineSeat>()
        .add_observer(new_game)
        .add_systems(
            Update,
            (follow_setup, drive_engines)
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

/// Where an engine is in its conversation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Phase {
    /// No engine process (none started yet, or the last one was dropped).
    #[default]
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

/// The engine in one seat, and where it is in its conversation.
#[derive(Default)]
struct Chair {
    /// How the engine is started; `None`: Tengen's own AI plays this seat.
    launch: Option<Launch>,
    engine: EngineSlot,
    phase: Phase,
}

impl Chair {
    /// Seats `entry`, or `command` (the command line's engine) with no keys of its own.
    fn seat(&mut self, entry: Option<&tengen_store::EngineEntry>, command: Option<&String>) {
        self.drop_engine();
        self.launch = match entry {
            Some(entry) => Some(super::engines::launch_of(entry)),
            None => command.cloned().map(Launch::of_command),
        };
    }

    /// Drops the engine (it is ended and reaped on a thread of its own).
    fn drop_engine(&mut self) {
        *self.engine.get() = None;
        self.phase = Phase::Off;
    }
}

/// The engines in the computer's seats: the one the command line named, or the added engines the
/// game was set up with (Settings → Engines); a seat without one is Tengen's own AI's.
#[derive(Resource)]
pub struct EngineSeat {
    /// `--engine`'s command, which the computer's seat of a game set up without an added engine
    /// goes back to.
    from_line: Option<String>,
    /// By seat (`Seat::index`).
    chairs: [Chair; 2],
    /// The added engines' ids the seats were last given for (`None`: none asked for).
    seated: [Option<u32>; 2],
    /// The host judges an engine's time by the app's clock.
    instants: ClockInstants,
}

impl Default for EngineSeat {
    fn default() -> EngineSeat {
        EngineSeat::new(None)
    }
}

impl EngineSeat {
    pub fn new(command: Option<String>) -> EngineSeat {
        let mut chairs: [Chair; 2] = Default::default();
        chairs[Seat::Second.index()].launch = command.clone().map(Launch::of_command);
        EngineSeat {
            from_line: command,
            chairs,
            seated: [None; 2],
            instants: ClockInstants::default(),
        }
    }

    /// The engine's command line in the computer's seat of a game against a person (the second
    /// seat); `None`: Tengen's own AI.
    pub fn command(&self) -> Option<&str> {
        self.command_of(Seat::Second)
    }

    /// The engine's command line in `seat`; `None`: Tengen's own AI (or a person) sits there.
    pub fn command_of(&self, seat: Seat) -> Option<&str> {
        self.chairs[seat.index()]
            .launch
            .as_ref()
            .map(|launch| launch.command.as_str())
    }

    /// Whether an engine, not Tengen's AI, plays `color` in `current`.
    pub fn plays(&self, current: &CurrentGame, color: Color) -> bool {
        self.command_of(current.seat_of(color)).is_some()
    }

    /// Whether an engine plays in any seat.
    pub fn any(&self) -> bool {
        self.chairs.iter().any(|c| c.launch.is_some())
    }

    /// The process id of the engine running now in the computer's seat against a person, if any.
    pub fn pid(&mut self) -> Option<u32> {
        self.pid_of(Seat::Second)
    }

    /// The process id of the engine running now in `seat`, if any.
    pub fn pid_of(&mut self, seat: Seat) -> Option<u32> {
        self.chairs[seat.index()].engine.pid()
    }

    /// Puts the engines of `wanted` (ids by seat, from the game's setup) in the seats; a seat
    /// without one gets the command line's engine if it is the computer's seat against a person,
    /// else Tengen's AI. `mode` is the game's.
    fn seat(&mut self, wanted: [Option<u32>; 2], settings: Option<&Settings>, mode: Mode) {
        self.seated = wanted;
        for seat in Seat::BOTH {
            let id = wanted[seat.index()];
            let entry = id.and_then(|id| settings?.engine(id));
            let line = (seat == Seat::Second && mode != Mode::HumanVsHuman)
                .then_some(self.from_line.as_ref())
                .flatten();
            self.chairs[seat.index()].seat(entry, line);
        }
    }
}

/// A new game starts with fresh engines: what the old ones knew belongs to the old game. The
/// engines the game was set up with take their seats, named at once by their entries (their
/// `ABOUT` renames them when they start).
fn new_game(
    _: On<GameStarted>,
    mut seats: ResMut<EngineSeat>,
    mut current: ResMut<CurrentGame>,
    settings: Option<Res<Settings>>,
) {
    let setup = current.setup();
    let wanted = wanted_engines(&setup);
    seats.seat(wanted, settings.as_deref(), setup.mode);
    let mut names = current.names().clone();
    let mut renamed = false;
    for color in [Color::Black, Color::White] {
        let id = wanted[current.seat_of(color).index()];
        let entry = id.and_then(|id| settings.as_ref()?.engine(id));
        if let Some(entry) = entry.filter(|e| !e.name.is_empty())
            && setup.player(color) == PlayerKind::Computer
        {
            *names.get_mut(color) = Some(SeatName::Named(entry.name.clone()));
            renamed = true;
        }
    }
    if renamed {
        current.set_names(names);
    }
}

/// The added engines a game set up as `setup` seats, by seat: against a person the computer's
/// (second) seat's; between two computers each seat's; none between two people.
fn wanted_engines(setup: &super::GameSetup) -> [Option<u32>; 2] {
    match setup.mode {
        Mode::HumanVsComputer => [None, setup.engine],
        Mode::ComputerVsComputer => [setup.first_engine, setup.engine],
        Mode::HumanVsHuman => [None, None],
    }
}

/// A game that came back without a start of its own (the autosave's, on Continue) gets the engines
/// it was played with.
fn follow_setup(
    mut seats: ResMut<EngineSeat>,
    current: Res<CurrentGame>,
    settings: Option<Res<Settings>>,
) {
    let setup = current.setup();
    let wanted = wanted_engines(&setup);
    if wanted != seats.seated {
        seats.seat(wanted, settings.as_deref(), setup.mode);
    }
}

/// What the engine in `chair` is told about the game's rule and clock for its move as `color`,
/// with its own keys from Settings → Engines.
fn info(chair: &Chair, current: &CurrentGame, color: Color, now: Duration) -> Info {
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
        max_memory: chair.launch.as_ref().map_or(0, |l| l.max_memory),
        rule: current.game().variant().rule(),
        extra: chair
            .launch
            .as_ref()
            .map(|l| l.extra.clone())
            .unwrap_or_default(),
    }
}

/// Talks to the engines: starts each when its seat is first to move, asks for each move, plays
/// what it answers, and ends the game as its forfeit when it fails.
fn drive_engines(
    mut commands: Commands,
    mut seats: ResMut<EngineSeat>,
    mut current: ResMut<CurrentGame>,
    mut autoplay: ResMut<Autoplay>,
    (time, background): (Res<Time<Real>>, Background),
) {
    if !seats.any() {
        return;
    }
    let elapsed = time.elapsed();
    let now = seats.instants.at(elapsed);
    for seat in Seat::BOTH {
        let chair = &mut seats.chairs[seat.index()];
        let Some(command) = chair.launch.as_ref().map(|l| l.command.clone()) else {
            continue;
        };
        let mut table = Table {
            commands: &mut commands,
            current: &mut current,
            elapsed,
            now,
        };
        let result = drive_chair(chair, seat, &command, &mut table, &background)
            .and_then(|()| ask_when_due(chair, seat, &mut table, &mut autoplay));
        if let Err((loser, failure)) = result {
            forfeit(chair, &mut table, (loser, failure));
        }
    }
}

/// What an engine's steps act on this frame: the game, and its clock's reading.
struct Table<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    current: &'a mut CurrentGame,
    elapsed: Duration,
    now: Instant,
}

type Step = Result<(), (Color, Failure)>;

/// Starts the engine when its seat is first to move, and takes what it answered.
fn drive_chair(
    chair: &mut Chair,
    seat: Seat,
    command: &str,
    table: &mut Table,
    background: &Background,
) -> Step {
    if let Phase::Thinking(generation, _) = chair.phase
        && generation != table.current.generation()
    {
        // The position moved on (undo, a new game): its answer would be stale.
        chair.drop_engine();
    }
    match chair.phase {
        Phase::Off if engine_to_move(table.current, seat) => {
            let color = table.current.game().to_move();
            start(chair, (command, background.wake()), table, color)
        }
        Phase::Starting(c) | Phase::Greeting(c) | Phase::Thinking(_, c) => {
            let answer = chair.engine.get().as_mut().and_then(|e| e.poll(table.now));
            match answer {
                None => Ok(()),
                Some(Ok(answer)) => take(chair, table, answer, c),
                Some(Err(failure)) => Err((c, failure)),
            }
        }
        Phase::Off | Phase::Ready => Ok(()),
    }
}

/// Asks a ready engine for its move when its seat is to play (between two computers, not while
/// the watcher paused the game, bar the steps asked for).
fn ask_when_due(chair: &mut Chair, seat: Seat, table: &mut Table, autoplay: &mut Autoplay) -> Step {
    if chair.phase != Phase::Ready || !engine_to_move(table.current, seat) {
        return Ok(());
    }
    if table.current.setup().mode == Mode::ComputerVsComputer && autoplay.paused {
        if autoplay.steps == 0 {
            return Ok(());
        }
        autoplay.steps -= 1;
    }
    let color = table.current.game().to_move();
    ask_move(chair, table, color)
}

/// Whether `seat` is to play an ordinary move now.
fn engine_to_move(current: &CurrentGame, seat: Seat) -> bool {
    let color = current.game().to_move();
    !current.game().is_over()
        && current.opening().settled()
        && current.seat_of(color) == seat
        && current.setup().player(color) == PlayerKind::Computer
}

fn start(chair: &mut Chair, (command, wake): (&str, Wake), table: &Table, color: Color) -> Step {
    let variant = table.current.game().variant();
    // Each line the engine prints wakes the sleeping window, so its move is drawn at once.
    let mut engine = Engine::start_waking(command, variant, (table.now, START_WITHIN), move || {
        wake.now()
    })
    .map_err(|f| (color, f))?;
    engine.set_margin(MARGIN);
    *chair.engine.get() = Some(engine);
    chair.phase = Phase::Starting(color);
    Ok(())
}

fn ask_move(chair: &mut Chair, table: &Table, color: Color) -> Step {
    let info = info(chair, table.current, color, table.elapsed);
    let generation = table.current.generation();
    let Some(engine) = chair.engine.get().as_mut() else {
        return Ok(());
    };
    engine.send_info(&info).map_err(|f| (color, f))?;
    engine
        .ask_move(table.current.game(), table.now, info.move_time())
        .map_err(|f| (color, f))?;
    chair.phase = Phase::Thinking(generation, color);
    Ok(())
}

/// Takes an answer: after `OK` the rule and clock and `ABOUT`, after `ABOUT` the engine's name on
/// its seat, and a move onto the board.
fn take(chair: &mut Chair, table: &mut Table, answer: Answer, color: Color) -> Step {
    match answer {
        Answer::Started => {
            let info = info(chair, table.current, color, table.elapsed);
            if let Some(engine) = chair.engine.get().as_mut() {
                engine.send_info(&info).map_err(|f| (color, f))?;
                engine
                    .ask_about(table.now, START_WITHIN)
                    .map_err(|f| (color, f))?;
            }
            chair.phase = Phase::Greeting(color);
        }
        Answer::About(about) => {
            let mut names = table.current.names().clone();
            *names.get_mut(color) = Some(SeatName::Named(about.name));
            table.current.set_names(names);
            chair.phase = Phase::Ready;
        }
        Answer::Move(pos) => {
            chair.phase = Phase::Ready;
            let played = play_stone(
                table.commands,
                table.current,
                pos,
                Player::Computer,
                table.elapsed,
            );
            if let Err(refusal) = played {
                // The host checked the point; only a game that moved on refuses it.
                warn!("the engine's move {pos:?} was refused: {refusal:?}");
            }
        }
    }
    Ok(())
}

/// The engine lost: the game ends as its forfeit, and the reason stays with the game.
fn forfeit(chair: &mut Chair, table: &mut Table, (loser, failure): (Color, Failure)) {
    warn!("the engine lost: {failure}");
    chair.drop_engine();
    if table.current.game().is_over() {
        return;
    }
    if let Ok(facts) = table.current.apply(Action::Forfeit(loser), table.elapsed) {
        table.current.set_engine_failure(failure);
        announce(table.commands, table.current, facts, None);
    }
}
