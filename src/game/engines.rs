//! Settings → Engines, the game's side: an engine the player adds is started, asked `ABOUT` and
//! asked for a move from the empty board before it is kept (a program that is no engine is refused
//! and nothing is kept); Test asks an added engine for that move again and times it. Both then
//! ask whether it plays renju (the protocol has no field for the rules an engine plays): under
//! `INFO rule 4`, black to move where a double four would win in freestyle and standard gomoku; an
//! engine that keeps the forbidden point plays elsewhere, one that does not plays it. Every check is
//! polled each frame with the game's clock, so no frame waits on an engine, and an engine done with
//! is ended and reaped on a thread of its own (the host's reaper).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use tengen_engine::{Game, Pos, Preset};
use tengen_host::{Answer, Engine, Failure, Info, Launch, START_WITHIN};
use tengen_store::EngineEntry;

use super::clock_instants::ClockInstants;
use crate::settings::Settings;
use crate::wake::{Background, Wake};

/// The time it is told it has for its move from the empty board, and held to.
pub const MOVE_WITHIN: Duration = Duration::from_secs(5);
/// Allowed past that for the pipes and a busy machine, as in a game.
const MARGIN: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EngineCommand>()
        .init_resource::<EngineChecks>()
        .add_systems(Update, (take_commands, poll_checks).chain());
}

/// What the player does in Settings → Engines.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// Start this program (with its arguments) and keep it if it proves an engine.
    Add { path: String, arguments: String },
    /// Ask the added engine with this id for a move from the empty board.
    Test(u32),
    /// Take the engine with this id off the list (Undo puts it back).
    Remove(u32),
    /// Put the engine removed last back where it was.
    UndoRemove,
}

/// How a check of an engine went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still talking to it.
    Working,
    /// It played `point` from the empty board after `ms` milliseconds (an added engine is named).
    /// Whether it keeps renju's forbidden points is the engine's entry's to say
    /// (`EngineEntry::renju`), which the check fills in.
    Played { point: String, ms: u64 },
    /// The same program with the same arguments is in the list already.
    AlreadyAdded,
    /// Why it is no engine, or failed its test.
    Failed(Failure),
}

/// Why a check talks to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Add,
    Test(u32),
}

/// Where a check is in its conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    Starting,
    Greeting,
    /// Asked for its move at this reading of the game's clock.
    Moving(Duration),
    /// Played `point` in `ms`; restarted under renju's rule.
    Renju {
        point: String,
        ms: u64,
    },
    /// Asked for black's move in the double-four position.
    DoubleFour {
        point: String,
        ms: u64,
    },
}

struct Check {
    engine: Engine,
    purpose: Purpose,
    stage: Stage,
    /// The entry as it will be kept, `ABOUT`'s words filled in once they come.
    entry: EngineEntry,
}

/// The checks under way and how the last ones went, for the Engines page.
#[derive(Resource, Default)]
pub struct EngineChecks {
    /// Behind a lock only because a resource must be shareable; only this plugin's systems take it.
    checks: Mutex<Vec<Check>>,
    /// How the last Add went: `Played` means it was added.
    pub added: Option<Outcome>,
    /// How the last test of each engine went, by its id.
    pub tested: Vec<(u32, Outcome)>,
    /// The engine removed last and where it stood, for Undo.
    pub removed: Option<(usize, EngineEntry)>,
    /// The host judges an engine's time by the app's clock.
    instants: ClockInstants,
}

impl EngineChecks {
    /// How the last test of the engine `id` went, if it was tested.
    pub fn test_of(&self, id: u32) -> Option<&Outcome> {
        self.tested.iter().find(|(i, _)| *i == id).map(|(_, o)| o)
    }

    /// Whether an engine is being added now.
    pub fn adding(&self) -> bool {
        self.added == Some(Outcome::Working)
    }

    /// The process ids of the engines being checked now.
    pub fn pids(&mut self) -> Vec<u32> {
        self.checks_mut().iter().map(|c| c.engine.pid()).collect()
    }

    fn checks_mut(&mut self) -> &mut Vec<Check> {
        // Nothing panics while holding it; a poisoned lock still holds usable checks.
        self.checks
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn set_test(&mut self, id: u32, outcome: Outcome) {
        self.tested.retain(|(i, _)| *i != id);
        self.tested.push((id, outcome));
    }

    fn report(&mut self, purpose: Purpose, outcome: Outcome) {
        match purpose {
            Purpose::Add => self.added = Some(outcome),
            Purpose::Test(id) => self.set_test(id, outcome),
        }
    }
}

/// How the added engine `entry` is started wherever it plays or speaks: its command, its own
/// `INFO` keys (threads and the player's lines) and its memory.
pub fn launch_of(entry: &EngineEntry) -> Launch {
    Launch {
        command: entry.command(),
        extra: entry.info_pairs(),
        max_memory: entry.max_memory(),
    }
}

/// What every check is told: the rule of `preset`, its move time, and the entry's own keys.
fn info(entry: &EngineEntry, preset: Preset) -> Info {
    launch_of(entry).info(preset.variant().rule(), MOVE_WITHIN)
}

fn take_commands(
    mut commands: MessageReader<EngineCommand>,
    mut checks: ResMut<EngineChecks>,
    mut settings: ResMut<Settings>,
    (time, background): (Res<Time<Real>>, Background),
) {
    for command in commands.read() {
        let now = checks.instants.at(time.elapsed());
        match command.clone() {
            EngineCommand::Add { path, arguments } => {
                let entry = EngineEntry {
                    path: path.trim().to_owned(),
                    arguments: arguments.trim().to_owned(),
                    ..EngineEntry::default()
                };
                if settings
                    .engines
                    .iter()
                    .any(|e| e.command() == entry.command())
                {
                    checks.added = Some(Outcome::AlreadyAdded);
                } else {
                    begin(&mut checks, (entry, Purpose::Add), now, background.wake());
                }
            }
            EngineCommand::Test(id) => {
                let running = checks
                    .checks_mut()
                    .iter()
                    .any(|c| c.purpose == Purpose::Test(id));
                if let Some(entry) = settings.engine(id)
                    && !running
                {
                    let purpose = Purpose::Test(id);
                    begin(
                        &mut checks,
                        (entry.clone(), purpose),
                        now,
                        background.wake(),
                    );
                }
            }
            EngineCommand::Remove(id) => {
                if let Some(at) = settings.engines.iter().position(|e| e.id == id) {
                    let entry = settings.engines.remove(at);
                    if settings.opponent_engine == Some(id) {
                        settings.opponent_engine = None;
                    }
                    checks.tested.retain(|(i, _)| *i != id);
                    checks.removed = Some((at, entry));
                }
            }
            EngineCommand::UndoRemove => {
                if let Some((at, entry)) = checks.removed.take() {
                    let at = at.min(settings.engines.len());
                    settings.engines.insert(at, entry);
                }
            }
        }
    }
}

/// Starts the engine of `entry`; a program that cannot be started fails at once.
fn begin(
    checks: &mut EngineChecks,
    (entry, purpose): (EngineEntry, Purpose),
    now: Instant,
    wake: Wake,
) {
    let variant = Preset::Freestyle15.variant();
    let started = Engine::start_waking(&entry.command(), variant, (now, START_WITHIN), move || {
        wake.now()
    });
    match started {
        Ok(mut engine) => {
            engine.set_margin(MARGIN);
            checks.checks_mut().push(Check {
                engine,
                purpose,
                stage: Stage::Starting,
                entry,
            });
            checks.report(purpose, Outcome::Working);
        }
        Err(failure) => checks.report(purpose, Outcome::Failed(failure)),
    }
}

/// Reads each engine's answers and takes the next step, or ends the check.
fn poll_checks(
    mut checks: ResMut<EngineChecks>,
    mut settings: ResMut<Settings>,
    time: Res<Time<Real>>,
) {
    if checks.checks_mut().is_empty() {
        return;
    }
    let elapsed = time.elapsed();
    let now = checks.instants.at(elapsed);
    let mut running = std::mem::take(checks.checks_mut());
    let mut ended = Vec::new();
    running.retain_mut(|check| match step(check, now, elapsed) {
        None => true,
        Some(outcome) => {
            ended.push((check.purpose, outcome, check.entry.clone()));
            false
        }
    });
    // Finished or failed engines go to the host's reaper as they are dropped.
    *checks.checks_mut() = running;
    for (purpose, outcome, mut entry) in ended {
        if let (Purpose::Test(id), Outcome::Played { .. }) = (purpose, &outcome)
            && let Some(kept) = settings.engines.iter_mut().find(|e| e.id == id)
        {
            kept.renju = entry.renju;
        }
        if purpose == Purpose::Add && matches!(outcome, Outcome::Played { .. }) {
            entry.id = settings.engines.iter().map(|e| e.id).max().unwrap_or(0) + 1;
            checks.set_test(entry.id, outcome.clone());
            settings.engines.push(entry);
        }
        checks.report(purpose, outcome);
    }
}

/// One check's news since the last frame: `None` while it goes on, else how it ended.
fn step(check: &mut Check, now: Instant, elapsed: Duration) -> Option<Outcome> {
    let answer = match check.engine.poll(now) {
        None => return None,
        Some(Ok(answer)) => answer,
        Some(Err(failure)) => return renju_failed(check, failure),
    };
    let stage = std::mem::replace(&mut check.stage, Stage::Greeting);
    let asked = match (answer, stage) {
        (Answer::Started, Stage::Renju { point, ms }) => {
            check.stage = Stage::DoubleFour { point, ms };
            check
                .engine
                .ask_move(&double_four_position(), now, MOVE_WITHIN)
        }
        (Answer::Started, _) => check
            .engine
            .send_info(&info(&check.entry, Preset::Freestyle15))
            .and_then(|()| check.engine.ask_about(now, START_WITHIN)),
        (Answer::About(about), _) => {
            check.entry.name = about.name;
            check.entry.version = about.version;
            check.entry.author = about.author;
            check.entry.country = about.country;
            check.stage = Stage::Moving(elapsed);
            let empty = Game::new(Preset::Freestyle15.variant());
            check.engine.ask_move(&empty, now, MOVE_WITHIN)
        }
        (Answer::Move(pos), Stage::Moving(asked)) => {
            let ms = u64::try_from(elapsed.saturating_sub(asked).as_millis()).unwrap_or(u64::MAX);
            let point = tengen_engine::cell_name(pos, Preset::Freestyle15.variant().size());
            check.stage = Stage::Renju { point, ms };
            check
                .engine
                .send_info(&info(&check.entry, Preset::Renju15))
                .and_then(|()| check.engine.restart(now, START_WITHIN))
        }
        (Answer::Move(_), Stage::DoubleFour { point, ms }) => {
            check.entry.renju = Some(true);
            return Some(Outcome::Played { point, ms });
        }
        // A move before it was asked for one: the host does not pass such a line on.
        (Answer::Move(_), stage) => {
            check.stage = stage;
            Ok(())
        }
    };
    asked.err().and_then(|failure| renju_failed(check, failure))
}

/// How a check ends on `failure`: after its move from the empty board, the renju question is
/// answered by it (a forbidden point played: no renju; anything else: unknown) and the engine
/// still passes; before, the engine failed.
fn renju_failed(check: &mut Check, failure: Failure) -> Option<Outcome> {
    let (Stage::Renju { point, ms } | Stage::DoubleFour { point, ms }) = check.stage.clone() else {
        return Some(Outcome::Failed(failure));
    };
    let renju = matches!(failure, Failure::Forbidden(..)).then_some(false);
    check.entry.renju = renju;
    Some(Outcome::Played { point, ms })
}

/// Renju, black to move: black's three on row 8 (d8–f8, c8 white's) and on column g (g5–g7, g4
/// white's). At g8 black makes two fours at once: the win in freestyle and in standard gomoku, a
/// forbidden point in renju; no other move wins at once.
fn double_four_position() -> Game {
    let black = [(3, 7), (6, 4), (4, 7), (6, 5), (5, 7), (6, 6)];
    let white = [(2, 7), (6, 3), (14, 0), (14, 14), (0, 14), (10, 12)];
    let moves: Vec<Pos> = black
        .into_iter()
        .zip(white)
        .flat_map(|(b, w)| [b, w])
        .map(|(x, y)| Pos::new(x, y))
        .collect();
    // Legal by construction (no five, no forbidden shape for black among these stones).
    Game::from_moves(Preset::Renju15.variant(), &moves)
        .unwrap_or_else(|_| Game::new(Preset::Renju15.variant()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renju_check_asks_black_where_g8_is_a_double_four() {
        let game = double_four_position();
        assert_eq!(game.moves().len(), 12);
        assert_eq!(game.to_move(), tengen_engine::Color::Black);
        assert!(
            game.clone().play(Pos::new(6, 7)).is_err(),
            "g8 is forbidden"
        );
        assert!(game.clone().play(Pos::new(7, 7)).is_ok(), "h8 is one four");
        let freestyle = Game::from_moves(Preset::Freestyle15.variant(), game.moves())
            .expect("the same stones in freestyle");
        assert!(freestyle.clone().play(Pos::new(6, 7)).is_ok());
    }
}
