//! Live analysis: while it is on (key `A`, the HUD's Analysis button), the engine studies the position
//! on the board in rounds, each deeper than the last, and publishes what it sees after every round:
//! the win probability, the best line and the best few candidate moves. Any change of position drops
//! the study (raising its stop flag) and starts afresh; it waits while the computer thinks, so the two
//! never share the cores.
//!
//! Where an outside engine gives the hints (Settings → Engines, "Hints from"), it studies the
//! position instead ([`crate::game::analyst::Analyst::study`]): its rounds are published the same
//! way, with its name, and without candidates (an engine names only its move).
//!
//! Against the computer it starts off, and each of your positions it analyses counts as a hint: seeing
//! the engine's best move is what a hint gives. It is not offered in a network game.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::Task;
use tengen_engine::{Analysis, Color, SearchLimits};

use super::SharedAnalyst;
use crate::AppSystems;
use crate::game::analyst::{Analyst as OutsideAnalyst, Studied};
use crate::game::computer::{StopOnDrop, Thinking};
use crate::game::{AnalysisToggled, CurrentGame, GameStarted, Mode, Notice, PlayerKind};
use crate::i18n::Phrase;
use crate::screens::{Doing, InGame, Screen};
use crate::wake::Background;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveAnalysis>()
        .init_resource::<StudyRounds>()
        .add_observer(start_off_against_the_computer)
        .add_systems(
            Update,
            (
                toggle.in_set(crate::CommandHandlers::Analysis),
                (drop_stale_study, start_study, receive_rounds)
                    .chain()
                    .in_set(AppSystems::Think),
            ),
        );
}

/// How many candidate moves live analysis scores exactly (the heat map's cells).
pub const CANDIDATES: usize = 5;

/// Whether live analysis is on, and the latest thing it saw.
#[derive(Resource, Debug, Default)]
pub struct LiveAnalysis {
    pub on: bool,
    latest: Option<Seen>,
    /// The last position counted as a hint (against the computer), so each counts once.
    counted: Option<u64>,
}

/// One round's analysis, for the position of `generation`, where `to_move` was to play; `by` the
/// outside engine that made it (`None`: Tengen's own).
#[derive(Debug, Clone)]
struct Seen {
    generation: u64,
    to_move: Color,
    analysis: Analysis,
    by: Option<String>,
}

impl LiveAnalysis {
    /// What the engine sees in the position of `generation` (and who is to move there), once a round
    /// has finished.
    pub fn current(&self, generation: u64) -> Option<(Color, &Analysis)> {
        self.latest
            .as_ref()
            .filter(|seen| seen.generation == generation)
            .map(|seen| (seen.to_move, &seen.analysis))
    }

    /// The outside engine whose analysis is shown, if it is not Tengen's own.
    pub fn by(&self) -> Option<&str> {
        self.latest.as_ref().and_then(|seen| seen.by.as_deref())
    }
}

/// The effort of each round: each search starts again from the position, but the tables it keeps make
/// the next round go deeper. After the last round the analysis rests until the position changes.
#[derive(Resource, Debug, Clone)]
pub struct StudyRounds(pub Vec<SearchLimits>);

impl Default for StudyRounds {
    fn default() -> Self {
        // Quick first answers, then longer looks: about a minute in all on one position.
        let rounds = [100, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000]
            .into_iter()
            .map(|ms| SearchLimits {
                think_time: Duration::from_millis(ms),
                optimum: None,
                max_nodes: None,
                max_depth: None,
            })
            .collect();
        StudyRounds(rounds)
    }
}

/// The engine at work on the position of `generation`. Despawning it raises the stop flag.
#[derive(Component)]
pub struct Studying {
    /// Ends when the rounds run out or the flag is raised; its result is in `rounds`.
    task: Task<()>,
    rounds: Mutex<Receiver<Analysis>>,
    _stop: StopOnDrop,
    generation: u64,
    to_move: Color,
}

impl Studying {
    /// Whether the engine is still at work (not resting after its last round).
    pub fn working(&self) -> bool {
        !self.task.is_finished()
    }
}

/// Whether live analysis may look at this game: not in a network game (the other player could not
/// see it).
fn offered(current: &CurrentGame) -> bool {
    current.remote().is_none()
}

fn start_off_against_the_computer(
    _: On<GameStarted>,
    current: Res<CurrentGame>,
    mut live: ResMut<LiveAnalysis>,
) {
    if current.setup().mode == Mode::HumanVsComputer || !offered(&current) {
        live.on = false;
    }
}

fn toggle(
    mut commands: Commands,
    mut toggled: MessageReader<AnalysisToggled>,
    (mut live, mut outside): (ResMut<LiveAnalysis>, ResMut<OutsideAnalyst>),
    current: Res<CurrentGame>,
    studying: Query<Entity, With<Studying>>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    for _ in toggled.read() {
        if !live.on && !offered(&current) {
            notice.post(
                Phrase::new("notice-analysis-not-in-network"),
                time.elapsed(),
            );
            continue;
        }
        live.on = !live.on;
        if !live.on {
            live.latest = None;
            outside.stop_study();
            for entity in &studying {
                commands.entity(entity).despawn();
            }
        }
    }
}

/// A study of a position that has moved on is dropped at once (which stops it), and so is one that
/// would compete with the computer's search.
fn drop_stale_study(
    mut commands: Commands,
    studying: Query<(Entity, &Studying)>,
    thinking: Query<(), With<Thinking>>,
    current: Res<CurrentGame>,
    mut live: ResMut<LiveAnalysis>,
    mut outside: ResMut<OutsideAnalyst>,
    doing: Doing,
) {
    if outside.take_gave_up() {
        // The engine failed (a notice said so): analysis is off until the player turns it on.
        live.on = false;
    }
    let computers_turn = computers_turn(&current, !thinking.is_empty(), doing.on_record());
    // In the menu nothing shows the analysis: the study stops (an outside engine is told so).
    let in_menu = doing.screen() == Screen::Menu;
    let stale = |generation: u64| {
        generation != current.generation()
            || !live.on
            || current.is_over()
            || computers_turn
            || in_menu
    };
    for (entity, study) in &studying {
        if stale(study.generation) {
            commands.entity(entity).despawn();
        }
    }
    if outside.studying().is_some_and(stale) {
        outside.stop_study();
    }
}

/// Whether the computer is to play (or still thinking): its search has the cores, so analysis waits.
fn computers_turn(current: &CurrentGame, computer_thinking: bool, on_record: bool) -> bool {
    computer_thinking || (!on_record && current.player_to_move() == PlayerKind::Computer)
}

/// Whether the position on the board wants studying now.
fn wants_study(
    live: &LiveAnalysis,
    current: &CurrentGame,
    doing: &Doing,
    computer_thinking: bool,
) -> bool {
    live.on
        && doing.screen() == Screen::Playing
        && !current.is_over()
        && !computers_turn(current, computer_thinking, doing.on_record())
        && live
            .latest
            .as_ref()
            .is_none_or(|seen| seen.generation != current.generation())
}

/// Whether a study or a search of the computer is already running.
#[derive(SystemParam)]
struct Busy<'w, 's> {
    studying: Query<'w, 's, (), With<Studying>>,
    thinking: Query<'w, 's, (), With<Thinking>>,
}

/// What a study runs on: the shared analyst (or the outside engine chosen for hints), the rounds
/// it plays, and the background thread it runs in (which wakes the window with each round).
#[derive(SystemParam)]
struct StudyEngine<'w> {
    analyst: Res<'w, SharedAnalyst>,
    outside: ResMut<'w, OutsideAnalyst>,
    rounds: Res<'w, StudyRounds>,
    background: Background<'w>,
}

fn start_study(
    busy: Busy,
    mut commands: Commands,
    live: Res<LiveAnalysis>,
    current: Res<CurrentGame>,
    doing: Doing,
    mut engine: StudyEngine,
) {
    if !busy.studying.is_empty() || !wants_study(&live, &current, &doing, !busy.thinking.is_empty())
    {
        return;
    }
    if engine.outside.speaks() {
        engine.outside.study(current.generation());
        return;
    }
    let board = current.game().board().clone();
    let to_move = current.game().to_move();
    let rounds = engine.rounds.0.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (sender, receiver) = channel();
    let analyst = engine.analyst.clone();
    let background = &engine.background;
    let wake = background.wake();
    let task = background.spawn(async move {
        analyst.with(|analyst| {
            analyst.set_stop(flag);
            analyst.set_candidates(CANDIDATES);
            analyst.study(&board, to_move, &rounds, |analysis| {
                // The receiver is gone only when the study was dropped: nobody is waiting for it.
                if sender.send(analysis).is_ok() {
                    wake.now();
                }
            });
        });
    });
    commands.spawn((
        Name::new("Live analysis"),
        Studying {
            task,
            rounds: Mutex::new(receiver),
            _stop: StopOnDrop(stop),
            generation: current.generation(),
            to_move,
        },
        DespawnOnExit(InGame),
    ));
}

/// Publishes each finished round, and counts a position of yours analysed against the computer as a
/// hint. A study stays (resting) after its last round, so the position is not studied again.
fn receive_rounds(
    studying: Query<&Studying>,
    mut live: ResMut<LiveAnalysis>,
    mut outside: ResMut<OutsideAnalyst>,
    mut current: ResMut<CurrentGame>,
    doing: Doing,
) {
    let mut seen: Vec<Seen> = Vec::new();
    for study in &studying {
        let rounds = study.rounds.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(analysis) = rounds.try_iter().last() {
            seen.push(Seen {
                generation: study.generation,
                to_move: study.to_move,
                analysis,
                by: None,
            });
        }
    }
    if let Some(Studied {
        generation,
        to_move,
        analysis,
    }) = outside.take_studied()
    {
        let by = Some(outside.name());
        seen.push(Seen {
            generation,
            to_move,
            analysis,
            by,
        });
    }
    for seen in seen {
        if seen.generation == current.generation() {
            publish(&mut live, &mut current, &doing, seen);
        }
    }
}

/// Shows a round, and counts a position of yours analysed against the computer as a hint.
fn publish(live: &mut LiveAnalysis, current: &mut CurrentGame, doing: &Doing, seen: Seen) {
    let generation = seen.generation;
    live.latest = Some(seen);
    let against_computer = current.setup().mode == Mode::HumanVsComputer;
    let yours = current.humans_turn(doing.on_record());
    if against_computer && yours && live.counted != Some(generation) {
        live.counted = Some(generation);
        current.count_hint();
    }
}
