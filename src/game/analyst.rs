//! An outside Gomocup engine as the analyst (`--analyst PATH`, or the added engine chosen in
//! Settings → Engines, with its own `INFO` keys and memory): asked for its move in the position on
//! the board, its `MESSAGE` lines read for its evaluation, and the hint names the engine that
//! speaks ("Rapfi suggests this move (score 45, depth 12)"). Live analysis asks it too
//! ([`Analyst::study`]): the position again with more time each round, each answer published as
//! an analysis. The engine is started at the first request and kept for the next; it is polled
//! every frame, never blocking one. A request the position has left is stopped (`YXSTOP`) and its
//! answer dropped. An engine that fails is closed with a notice, and the next request starts it
//! again.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use tengen_engine::{Analysis, Color};
use tengen_host::{Answer, Engine, Eval, Failure, Launch, START_WITHIN, Verdict};

use super::clock_instants::ClockInstants;
use super::engine_seat::EngineSlot;
use super::{CurrentGame, GameStarted, HintShown, Notice};
use crate::AppSystems;
use crate::i18n::{Phrase, Words};
use crate::settings::Settings;
use crate::wake::Background;

/// The engine's time for a hint (its `timeout_turn`): the player is waiting.
const HINT_TIME: Duration = Duration::from_secs(1);
/// Allowed past the hint's time for the pipes and a busy machine.
const MARGIN: Duration = Duration::from_secs(1);
/// Live analysis's rounds: the engine's time for each look at one position, longer each time
/// (half a minute in all), as Tengen's own study deepens round by round.
const STUDY_ROUNDS: [Duration; 4] = [
    Duration::from_millis(500),
    Duration::from_secs(2),
    Duration::from_secs(6),
    Duration::from_secs(20),
];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analyst>()
        .add_observer(new_game)
        .add_systems(
            Update,
            // Driven on every screen: an answer left unread in the pipe while the player is in the
            // menu would be read late on return and taken for a hang.
            (follow_settings, drive_analyst)
                .chain()
                .in_set(AppSystems::Think),
        );
}

/// Where the analyst is in its conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Off,
    /// `START` sent.
    Starting,
    /// `ABOUT` sent.
    Greeting,
    Ready,
    /// Asked for its move in the position of `generation`, for `job`; `stopped` once told to
    /// answer now.
    Thinking {
        generation: u64,
        job: Job,
        stopped: bool,
    },
}

/// What a move is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    Hint,
    /// Live analysis's round of this index.
    Study(usize),
}

/// Live analysis's wish: the position of `generation` studied, the next round being `round`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StudyWish {
    generation: u64,
    round: usize,
}

/// One round of live analysis: the position of `generation`, where `to_move` was to play.
#[derive(Clone, Debug)]
pub struct Studied {
    pub generation: u64,
    pub to_move: Color,
    pub analysis: Analysis,
}

/// The engine that gives hints, if one is chosen.
#[derive(Resource)]
pub struct Analyst {
    /// How to start the engine; `None`: hints and analysis are Tengen's own.
    launch: Option<Launch>,
    /// `--analyst`'s command: given, it speaks whatever the settings choose.
    from_line: Option<String>,
    engine: EngineSlot,
    phase: Phase,
    /// The name from `ABOUT`, once it answered.
    name: Option<String>,
    /// The position a hint was asked for and not yet given.
    wanted: Option<u64>,
    study: Option<StudyWish>,
    /// The latest round of live analysis, not yet taken.
    studied: Option<Studied>,
    /// The engine failed while live analysis wanted it: told once, so analysis stops asking.
    gave_up: bool,
    /// The host judges the engine's time by the app's clock, as it does the seats' engines.
    instants: ClockInstants,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst::new(None)
    }
}

impl Analyst {
    pub fn new(command: Option<String>) -> Analyst {
        Analyst {
            launch: command.clone().map(Launch::of_command),
            from_line: command,
            engine: EngineSlot::default(),
            phase: Phase::Off,
            name: None,
            wanted: None,
            study: None,
            studied: None,
            gave_up: false,
            instants: ClockInstants::default(),
        }
    }

    /// Whether an outside engine, not Tengen's AI, gives the hints and the analysis.
    pub fn speaks(&self) -> bool {
        self.launch.is_some()
    }

    /// How the engine is started, if one speaks (the review starts its own with it).
    pub fn launch(&self) -> Option<&Launch> {
        self.launch.as_ref()
    }

    /// Studies the position of `generation` for live analysis, round after round; each round
    /// comes from [`Analyst::take_studied`]. Asking again for the same position goes on.
    pub fn study(&mut self, generation: u64) {
        if self.study.is_none_or(|wish| wish.generation != generation) {
            self.study = Some(StudyWish {
                generation,
                round: 0,
            });
        }
    }

    /// The position live analysis has the engine study, if any.
    pub fn studying(&self) -> Option<u64> {
        self.study.map(|wish| wish.generation)
    }

    /// Live analysis wants no more rounds (the engine is stopped if it thinks for it).
    pub fn stop_study(&mut self) {
        self.study = None;
        self.studied = None;
    }

    /// Whether the engine failed while it studied (told once): live analysis then stops.
    pub fn take_gave_up(&mut self) -> bool {
        std::mem::take(&mut self.gave_up)
    }

    /// The newest round of live analysis the engine finished, once.
    pub fn take_studied(&mut self) -> Option<Studied> {
        self.studied.take()
    }

    /// Asks for a hint in the position of `generation`; it comes as `HintShown`.
    pub fn ask(&mut self, generation: u64) {
        self.wanted = Some(generation);
    }

    /// Whether a hint is asked for and not yet given.
    pub fn busy(&self) -> bool {
        self.wanted.is_some()
    }

    /// The process id of the engine running now, if any.
    pub fn pid(&mut self) -> Option<u32> {
        self.engine.pid()
    }

    /// The engine's name: its `ABOUT` name, else its program's file name.
    pub fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            let command = self.launch.as_ref().map_or("", |l| l.command.as_str());
            let program = command.split_whitespace().next().unwrap_or_default();
            std::path::Path::new(program)
                .file_name()
                .map_or_else(|| program.to_owned(), |n| n.to_string_lossy().into_owned())
        })
    }

    /// Drops the engine (it is ended and reaped on a thread of its own).
    fn drop_engine(&mut self) {
        *self.engine.get() = None;
        self.phase = Phase::Off;
    }
}

/// The engine chosen for hints in Settings → Engines gives them, unless the command line named one;
/// a change of choice closes the engine that spoke before.
fn follow_settings(mut analyst: ResMut<Analyst>, settings: Option<Res<Settings>>) {
    let Some(settings) = settings.filter(|s| s.is_changed()) else {
        return;
    };
    if analyst.from_line.is_some() {
        return;
    }
    let entry = settings.hint_engine.and_then(|id| settings.engine(id));
    let launch = entry.map(super::engines::launch_of);
    if launch == analyst.launch {
        return;
    }
    analyst.drop_engine();
    analyst.launch = launch;
    // The name it was added under, until it says its own again.
    analyst.name = entry.map(|entry| entry.name.clone());
    analyst.wanted = None;
    analyst.stop_study();
}

/// A new game may have another board or rule: the engine is started again for it.
fn new_game(_: On<GameStarted>, mut analyst: ResMut<Analyst>) {
    analyst.drop_engine();
    analyst.wanted = None;
    analyst.stop_study();
}

/// Starts the engine when a hint or a study is wanted, asks for its move, stops a request the
/// position has left, and shows its answer as the hint or the study's round.
fn drive_analyst(
    mut commands: Commands,
    mut analyst: ResMut<Analyst>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    (time, background, words): (Res<Time<Real>>, Background, Res<Words>),
) {
    let Some(launch) = analyst.launch.clone() else {
        return;
    };
    analyst.forget_stale(current.generation());
    let now = analyst.instants.at(time.elapsed());
    let step = match analyst.phase {
        Phase::Off if analyst.next_job(&current).is_none() => Ok(None),
        Phase::Off => {
            let wake = background.wake();
            let variant = current.game().variant();
            Engine::start_waking(&launch.command, variant, (now, START_WITHIN), move || {
                wake.now()
            })
            .map(|mut engine| {
                engine.set_margin(MARGIN);
                *analyst.engine.get() = Some(engine);
                analyst.phase = Phase::Starting;
                None
            })
        }
        Phase::Ready => ask(&mut analyst, &current, now).map(|()| None),
        Phase::Starting | Phase::Greeting | Phase::Thinking { .. } => {
            stop_if_unwanted(&mut analyst).and_then(|()| {
                match analyst.engine.get().as_mut().and_then(|e| e.poll(now)) {
                    None => Ok(None),
                    Some(Err(failure)) => Err(failure),
                    Some(Ok(answer)) => take(&mut analyst, &current, answer, now),
                }
            })
        }
    };
    match step {
        Ok(Some(hint)) => {
            current.count_hint();
            notice.clear();
            let reason = words.phrase(&hint.words);
            commands.trigger(HintShown {
                pos: hint.pos,
                reason,
            });
        }
        Ok(None) => {}
        Err(failure) => {
            warn!("the analyst failed: {failure}");
            let name = analyst.name();
            analyst.drop_engine();
            analyst.wanted = None;
            analyst.gave_up = analyst.study.is_some();
            let key = if analyst.gave_up {
                "notice-analyst-failed-study"
            } else {
                "notice-analyst-failed"
            };
            analyst.stop_study();
            let phrase = Phrase::with(key, vec![("engine", name.into())]);
            notice.post(phrase, time.elapsed());
        }
    }
}

impl Analyst {
    /// A hint or a study for a position that has moved on is owed no more.
    fn forget_stale(&mut self, generation: u64) {
        if self.wanted.is_some_and(|g| g != generation) {
            self.wanted = None;
        }
        if self.study.is_some_and(|wish| wish.generation != generation) {
            self.stop_study();
        }
    }

    /// What to ask the engine for next in the position on the board: a hint first, then the next
    /// round of a study; nothing once the rounds ran out or the game is over.
    fn next_job(&self, current: &CurrentGame) -> Option<Job> {
        if current.is_over() {
            return None;
        }
        let generation = current.generation();
        if self.wanted == Some(generation) {
            return Some(Job::Hint);
        }
        self.study
            .filter(|wish| wish.generation == generation && wish.round < STUDY_ROUNDS.len())
            .map(|wish| Job::Study(wish.round))
    }

    /// Whether the answer to `job` in the position of `generation` is still wanted as it is: a
    /// study's round is cut short for a hint, which its answer then gives at once.
    fn still_wanted(&self, generation: u64, job: Job) -> bool {
        match job {
            Job::Hint => self.wanted == Some(generation),
            Job::Study(_) => {
                self.wanted.is_none() && self.study.is_some_and(|w| w.generation == generation)
            }
        }
    }
}

/// Tells a thinking engine to answer now (once) when its answer is no longer wanted as asked.
fn stop_if_unwanted(analyst: &mut Analyst) -> Result<(), Failure> {
    let Phase::Thinking {
        generation,
        job,
        stopped: false,
    } = analyst.phase
    else {
        return Ok(());
    };
    if analyst.still_wanted(generation, job) {
        return Ok(());
    }
    analyst.phase = Phase::Thinking {
        generation,
        job,
        stopped: true,
    };
    match analyst.engine.get().as_mut() {
        Some(engine) => engine.stop(),
        None => Ok(()),
    }
}

/// A hint the engine gave: its point and what it said of it.
struct EngineHint {
    pos: tengen_engine::Pos,
    words: Phrase,
}

/// Tells the engine the rule and its time, and asks for its move in the position on the board for
/// the job that is next, if any.
fn ask(analyst: &mut Analyst, current: &CurrentGame, now: Instant) -> Result<(), Failure> {
    let Some(job) = analyst.next_job(current) else {
        return Ok(());
    };
    let think = match job {
        Job::Hint => HINT_TIME,
        Job::Study(round) => STUDY_ROUNDS[round],
    };
    let Some(launch) = analyst.launch.clone() else {
        return Ok(());
    };
    let generation = current.generation();
    if let Some(engine) = analyst.engine.get().as_mut() {
        engine.send_info(&launch.info(current.game().variant().rule(), think))?;
        engine.ask_move(current.game(), now, think)?;
        analyst.phase = Phase::Thinking {
            generation,
            job,
            stopped: false,
        };
    }
    Ok(())
}

/// Takes an answer: after `OK` the engine's name is asked, after `ABOUT` the move, and a move for
/// the position on the board is the hint wanted there and the study's round.
fn take(
    analyst: &mut Analyst,
    current: &CurrentGame,
    answer: Answer,
    now: Instant,
) -> Result<Option<EngineHint>, Failure> {
    match answer {
        Answer::Started => {
            if let Some(engine) = analyst.engine.get().as_mut() {
                engine.ask_about(now, START_WITHIN)?;
            }
            analyst.phase = Phase::Greeting;
        }
        Answer::About(about) => {
            analyst.name = Some(about.name);
            analyst.phase = Phase::Ready;
            ask(analyst, current, now)?;
        }
        Answer::Move(pos) => {
            let asked = std::mem::replace(&mut analyst.phase, Phase::Ready);
            let Phase::Thinking {
                generation, job, ..
            } = asked
            else {
                return Ok(None);
            };
            if generation != current.generation() {
                return Ok(None);
            }
            let verdict = analyst
                .engine
                .get()
                .as_ref()
                .map(Engine::verdict)
                .unwrap_or_default();
            record_round(analyst, current, job, &verdict, pos);
            if analyst.wanted == Some(generation) {
                analyst.wanted = None;
                let words = verdict_words(&analyst.name(), &verdict);
                return Ok(Some(EngineHint { pos, words }));
            }
        }
    }
    Ok(None)
}

/// A study's round answered: its analysis is published and the next round is due.
fn record_round(
    analyst: &mut Analyst,
    current: &CurrentGame,
    job: Job,
    verdict: &Verdict,
    pos: tengen_engine::Pos,
) {
    let (Job::Study(round), Some(wish)) = (job, analyst.study.as_mut()) else {
        return;
    };
    if wish.generation != current.generation() {
        return;
    }
    wish.round = round + 1;
    analyst.studied = Some(Studied {
        generation: wish.generation,
        to_move: current.game().to_move(),
        analysis: verdict.analysis(pos),
    });
}

/// "Rapfi suggests this move (score +45, depth 12)", as much as its lines said.
pub fn verdict_words(engine: &str, verdict: &Verdict) -> Phrase {
    let engine = ("engine", engine.into());
    // A depth of 0 is a move found without a search (a five, a forced block): nothing to say.
    match (verdict.eval, verdict.depth.filter(|&d| d > 0)) {
        (Some(Eval::Win(moves)), _) => Phrase::with(
            "hint-engine-win",
            vec![engine, ("moves", u64::from(moves).into())],
        ),
        (Some(Eval::Loss(moves)), _) => Phrase::with(
            "hint-engine-loss",
            vec![engine, ("moves", u64::from(moves).into())],
        ),
        (Some(Eval::Score(score)), Some(depth)) => Phrase::with(
            "hint-engine-score",
            vec![
                engine,
                ("score", format!("{score:+}").into()),
                ("depth", u64::from(depth).into()),
            ],
        ),
        (Some(Eval::Score(score)), None) => Phrase::with(
            "hint-engine-score-nodepth",
            vec![engine, ("score", format!("{score:+}").into())],
        ),
        (None, _) => Phrase::with("hint-engine-plain", vec![engine]),
    }
}
