//! An outside Gomocup engine as the giver of hints (`--analyst PATH`, or the added engine chosen in
//! Settings → Engines, with its own `INFO` keys and memory): asked for its move in the
//! position on the board, its `MESSAGE` lines read for its evaluation, and the hint names the
//! engine that speaks ("Rapfi suggests this move (score 45, depth 12)"). The engine is started at
//! the first hint and kept for the next; it is polled every frame, never blocking one. An engine
//! that fails is closed with a notice, and the next hint starts it again.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use tengen_host::{Answer, Engine, Eval, Failure, Info, Verdict};

use super::engine_seat::EngineSlot;
use super::{CurrentGame, GameStarted, HintShown, Notice};
use crate::AppSystems;
use crate::i18n::{Phrase, Words};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::wake::Background;

/// How long the engine may take to start and answer `ABOUT` (loading its weights or tables).
const START_WITHIN: Duration = Duration::from_secs(15);
/// The engine's time for a hint (its `timeout_turn`): the player is waiting.
const HINT_TIME: Duration = Duration::from_secs(1);
/// Allowed past the hint's time for the pipes and a busy machine.
const MARGIN: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analyst>()
        .add_observer(new_game)
        .add_systems(
            Update,
            (
                follow_settings,
                drive_analyst.run_if(in_state(Screen::Playing)),
            )
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
    /// Asked for its move in the position of this generation.
    Thinking(u64),
}

/// The engine that gives hints, if one is chosen.
#[derive(Resource)]
pub struct Analyst {
    /// The engine's command line; `None`: hints are Tengen's own.
    pub command: Option<String>,
    /// `--analyst`'s command: given, it speaks whatever the settings choose.
    from_line: Option<String>,
    /// The added engine's own `INFO` keys (threads and the player's lines) and memory in bytes.
    extra: Vec<(String, String)>,
    max_memory: u64,
    engine: EngineSlot,
    phase: Phase,
    /// The name from `ABOUT`, once it answered.
    name: Option<String>,
    /// The position a hint was asked for and not yet given.
    wanted: Option<u64>,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst::new(None)
    }
}

impl Analyst {
    pub fn new(command: Option<String>) -> Analyst {
        Analyst {
            from_line: command.clone(),
            command,
            extra: Vec::new(),
            max_memory: 0,
            engine: EngineSlot::default(),
            phase: Phase::Off,
            name: None,
            wanted: None,
        }
    }

    /// Whether an outside engine, not Tengen's AI, gives the hints.
    pub fn speaks(&self) -> bool {
        self.command.is_some()
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
            let command = self.command.as_deref().unwrap_or_default();
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
    let command = entry.map(tengen_store::EngineEntry::command);
    let extra = entry
        .map(tengen_store::EngineEntry::info_pairs)
        .unwrap_or_default();
    let max_memory = entry.map_or(0, tengen_store::EngineEntry::max_memory);
    if (&command, &extra, max_memory) == (&analyst.command, &analyst.extra, analyst.max_memory) {
        return;
    }
    analyst.drop_engine();
    analyst.command = command;
    analyst.extra = extra;
    analyst.max_memory = max_memory;
    analyst.name = None;
    analyst.wanted = None;
}

/// A new game may have another board or rule: the engine is started again for it.
fn new_game(_: On<GameStarted>, mut analyst: ResMut<Analyst>) {
    analyst.drop_engine();
    analyst.wanted = None;
}

/// Starts the engine when a hint is wanted, asks for its move, and shows its answer as the hint.
fn drive_analyst(
    mut commands: Commands,
    mut analyst: ResMut<Analyst>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    (time, background, words): (Res<Time<Real>>, Background, Res<Words>),
) {
    let (Some(command), Some(wanted)) = (analyst.command.clone(), analyst.wanted) else {
        return;
    };
    if wanted != current.generation() {
        // The position moved on: no hint is owed for it (an answer on its way is ignored).
        analyst.wanted = None;
        return;
    }
    let now = Instant::now();
    let step = match analyst.phase {
        Phase::Off => {
            let wake = background.wake();
            let variant = current.game().variant();
            Engine::start_waking(&command, variant, (now, START_WITHIN), move || wake.now()).map(
                |mut engine| {
                    engine.set_margin(MARGIN);
                    *analyst.engine.get() = Some(engine);
                    analyst.phase = Phase::Starting;
                    None
                },
            )
        }
        Phase::Ready => ask(&mut analyst, &current, now).map(|()| None),
        Phase::Starting | Phase::Greeting | Phase::Thinking(_) => {
            match analyst.engine.get().as_mut().and_then(|e| e.poll(now)) {
                None => Ok(None),
                Some(Err(failure)) => Err(failure),
                Some(Ok(answer)) => take(&mut analyst, &current, answer, now),
            }
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
            let phrase = Phrase::with("notice-analyst-failed", vec![("engine", name.into())]);
            notice.post(phrase, time.elapsed());
        }
    }
}

/// A hint the engine gave: its point and what it said of it.
struct EngineHint {
    pos: tengen_engine::Pos,
    words: Phrase,
}

/// Tells the engine the rule and its time, and asks for its move in the position on the board.
fn ask(analyst: &mut Analyst, current: &CurrentGame, now: Instant) -> Result<(), Failure> {
    let info = Info {
        timeout_turn: HINT_TIME,
        timeout_match: Duration::ZERO,
        time_left: None,
        max_memory: analyst.max_memory,
        rule: current.game().variant().rule(),
        extra: analyst.extra.clone(),
    };
    let generation = current.generation();
    if let Some(engine) = analyst.engine.get().as_mut() {
        engine.send_info(&info)?;
        engine.ask_move(current.game(), now, HINT_TIME)?;
        analyst.phase = Phase::Thinking(generation);
    }
    Ok(())
}

/// Takes an answer: after `OK` the engine's name is asked, after `ABOUT` the move, and a move is
/// the hint when it is still for the position on the board.
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
            let asked = analyst.phase;
            analyst.phase = Phase::Ready;
            if asked == Phase::Thinking(current.generation()) {
                analyst.wanted = None;
                let verdict = analyst
                    .engine
                    .get()
                    .as_ref()
                    .map(Engine::verdict)
                    .unwrap_or_default();
                let words = verdict_words(&analyst.name(), &verdict);
                return Ok(Some(EngineHint { pos, words }));
            }
        }
    }
    Ok(None)
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
