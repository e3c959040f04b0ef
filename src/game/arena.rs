//! Engine tournaments in the game (Settings → Engines → Tournament): the added engines play a
//! round robin on worker threads through the tournament code `tengen-match` shares
//! (`tengen_host::tournament`); this side starts, stops and resumes it, and the page reads its
//! progress each frame, never waiting. The workers wake the window after each move and result.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::{Preset, Rule};
use tengen_host::tournament::openings::{builtin_openings, parse_openings};
use tengen_host::tournament::{Plan, Progress, Seat, TimeControl, Tournament, wall_clock};
use tengen_store::EngineEntry;

use crate::i18n::Words;
use crate::settings::Settings;
use crate::wake::{Background, Working};

/// Allowed past the time per move for the pipes and a busy machine, as in a game.
const MARGIN: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ArenaCommand>()
        .init_resource::<Arena>()
        .add_systems(Update, (take_commands, let_go_when_over).chain());
}

/// What the player chose on the Tournament page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaSetup {
    /// The added engines' ids, two or more.
    pub engines: Vec<u32>,
    pub games_per_pairing: u32,
    /// The board and rule (15×15 freestyle, standard or renju).
    pub preset: Preset,
    /// Each move's limit (`INFO timeout_turn`); 0: only the game clock.
    pub per_move_ms: u32,
    /// Each engine's time for the whole game (`INFO timeout_match`, `time_left` before each
    /// move); 0: none.
    pub per_game_s: u32,
    /// Added to the mover's game time after each of its moves (Fischer).
    pub increment_ms: u32,
    /// Games at once.
    pub concurrency: u32,
    /// An opening file; empty for the built-in balanced set of the rule.
    pub openings: String,
    /// Where the SGF and the resume file go.
    pub folder: PathBuf,
}

/// What the player does on the Tournament page.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ArenaCommand {
    Start(ArenaSetup),
    /// Continue the tournament kept in this folder.
    Resume(PathBuf),
    /// End the games in play; the results so far stay, and the folder can be resumed.
    Stop,
}

/// The tournament under way (or the last one, finished or stopped), and why the last start was
/// refused.
#[derive(Resource, Default)]
pub struct Arena {
    run: Option<Tournament>,
    /// Why Start or Resume did nothing, in the host's words.
    pub refused: Option<String>,
    /// A progress shown without a tournament behind it (the layout audit's live table).
    shown: Option<Progress>,
    /// Counts the games in play as background work (headless tests wait on the bell for them).
    working: Option<Working>,
}

impl Arena {
    /// The progress of the tournament, if one was started (a short lock).
    pub fn progress(&self) -> Option<Progress> {
        match &self.run {
            Some(run) => Some(run.progress().clone()),
            None => self.shown.clone(),
        }
    }

    /// Shows `progress` as if a tournament had made it (the layout audit).
    pub fn show(&mut self, progress: Progress) {
        self.shown = Some(progress);
    }

    /// Whether games are in play.
    pub fn running(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|run| !run.progress().is_over())
    }

    /// The folder of the tournament shown.
    pub fn folder(&self) -> Option<PathBuf> {
        self.run.as_ref().and_then(|run| run.plan().folder.clone())
    }

    /// Forgets a finished or stopped tournament, back to the setup.
    pub fn close(&mut self) {
        if !self.running() {
            self.run = None;
            self.shown = None;
        }
    }
}

/// The seat of an added engine: its `ABOUT` name (with its version or arguments when two share
/// a name), its command and its `INFO` keys, its memory among them.
fn seat(entry: &EngineEntry, all: &[&EngineEntry]) -> Seat {
    let alike = |e: &&&EngineEntry| e.name == entry.name;
    let same_name = all.iter().filter(alike).count() > 1;
    let same_version = all
        .iter()
        .filter(alike)
        .filter(|e| e.version == entry.version)
        .count()
        > 1;
    let name = match (entry.name.is_empty(), same_name, same_version) {
        (true, _, _) => entry.command(),
        (false, false, _) => entry.name.clone(),
        // Two builds of one engine: told apart by the version `ABOUT` said, else by arguments.
        (false, true, false) => format!("{} {}", entry.name, entry.version),
        (false, true, true) => format!("{} {}", entry.name, entry.arguments.trim()),
    };
    let mut extra = entry.info_pairs();
    if entry.max_memory() > 0 {
        // After the tournament's own `INFO max_memory 0`, so the engine keeps this one; kept in
        // the folder with the other keys, so a resumed tournament sends it too.
        extra.push(("max_memory".to_owned(), entry.max_memory().to_string()));
    }
    Seat {
        name,
        command: entry.command(),
        extra,
    }
}

/// The plan of `setup` with the engines of the settings, or why there is none.
fn plan(setup: &ArenaSetup, settings: &Settings) -> Result<Plan, String> {
    let variant = setup.preset.variant();
    let chosen: Vec<&EngineEntry> = setup
        .engines
        .iter()
        .filter_map(|id| settings.engine(*id))
        .collect();
    let openings = match setup.openings.trim() {
        "" => builtin_openings(variant),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_openings(&text, variant)
        }
    }
    .map_err(|e| e.to_string())?;
    Ok(Plan {
        entrants: chosen.iter().map(|e| seat(e, &chosen)).collect(),
        games_per_pairing: setup.games_per_pairing as usize,
        variant,
        openings,
        time: TimeControl {
            per_move: Duration::from_millis(u64::from(setup.per_move_ms)),
            per_game: Duration::from_secs(u64::from(setup.per_game_s)),
            increment: Duration::from_millis(u64::from(setup.increment_ms)),
            margin: MARGIN,
        },
        concurrency: setup.concurrency.max(1) as usize,
        folder: Some(setup.folder.clone()),
    })
}

/// The first engine of a renju `setup` that played a forbidden point as black in its check (the
/// protocol has no field for the rules an engine plays), by its title.
fn plays_no_renju(setup: &ArenaSetup, settings: &Settings) -> Option<String> {
    if setup.preset.variant().rule() != Rule::Renju {
        return None;
    }
    setup
        .engines
        .iter()
        .filter_map(|id| settings.engine(*id))
        .find(|entry| entry.renju == Some(false))
        .map(|entry| tengen_store::engine_title(entry, &settings.engines))
}

fn take_commands(
    mut commands: MessageReader<ArenaCommand>,
    mut arena: ResMut<Arena>,
    (settings, words): (Res<Settings>, Res<Words>),
    background: Background,
) {
    for command in commands.read() {
        let wake = background.wake();
        let wake: tengen_host::tournament::Wake = Arc::new(move || wake.now());
        let started = match command {
            ArenaCommand::Stop => {
                if let Some(run) = &arena.run {
                    run.stop();
                }
                continue;
            }
            _ if arena.running() => continue,
            ArenaCommand::Start(setup) => match plays_no_renju(setup, &settings) {
                Some(engine) => {
                    Err(words.tr_args("tournament-no-renju", &[("engine", engine.into())]))
                }
                None => plan(setup, &settings)
                    .and_then(|plan| Tournament::start_waking(plan, wall_clock(), wake)),
            },
            ArenaCommand::Resume(folder) => Tournament::resume_waking(folder, wall_clock(), wake),
        };
        match started {
            Ok(run) => {
                arena.run = Some(run);
                arena.refused = None;
                arena.working = Some(background.work());
            }
            Err(why) => arena.refused = Some(why),
        }
    }
}

/// The games' end rings the bell after the last worker ended: the work is no longer counted.
fn let_go_when_over(mut arena: ResMut<Arena>) {
    if arena.working.is_some() && !arena.running() {
        arena.working = None;
    }
}
