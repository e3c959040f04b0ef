//! The game in progress on disk: written after every change of position (move, undo, redo), hint and
//! pause, restored at start for "Continue", and filed in the history and statistics when it ends.
//!
//! The frame that changed the game hands the save to the writer thread ([`super::writer`]), so it
//! never waits on the disk; [`Autosaved`] is triggered (and `autosaved moves=N` printed) once the
//! write has finished, so every position reported saved survives a kill. Writes that must come after
//! the queued saves (filing a finished game, the last save on exit) wait for the writer first.

use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::Color;
use tengen_i18n::Phrase;
use tengen_store as store;
use tengen_store::{Counted, FileKind, PerSide, Player, SavedGame};

use super::health::Saver;
use super::this_game::ThisGame;
use super::writer::AutosaveWriter;
use super::{SavedGameLock, Settings};
use crate::game::engine_seat::EngineSeat;
use crate::game::names::SeatName;
use crate::game::{Autoplay, CurrentGame, GameSetup, GameStarted, Mode, PlayerKind};
use crate::network::NetworkStatus;
use crate::screens::Doing;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(AutosaveWriter::start())
        .add_observer(new_game_identity)
        .add_systems(
            Last,
            (report_writes, autosave)
                .chain()
                .run_if(|lock: Res<SavedGameLock>| lock.owns_the_saved_game()),
        );
}

/// A position of the game was written to the autosave: `moves` played and `redo` undone, in `ms`
/// milliseconds of the writer's time (scripts and the kill test learn from it that this position is
/// on disk).
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub struct Autosaved {
    pub moves: usize,
    pub redo: usize,
    pub ms: f64,
}

/// The autosave's writes as the game sees them: the writer, and where their outcomes go.
#[derive(bevy::ecs::system::SystemParam)]
pub struct AutosaveFiles<'w, 's> {
    writer: Res<'w, AutosaveWriter>,
    saver: Saver<'w>,
    commands: Commands<'w, 's>,
}

impl AutosaveFiles<'_, '_> {
    /// Reports the writes finished since the last look: trouble to the save health, a save to
    /// [`Autosaved`].
    fn report(&mut self) {
        for done in self.writer.finished() {
            if self.saver.wrote(FileKind::Autosave, done.result).is_none() {
                continue;
            }
            if let Some((moves, redo, ms)) = done.saved {
                debug!("autosaved {moves} moves in {ms:.1} ms");
                self.commands.trigger(Autosaved { moves, redo, ms });
            }
        }
    }

    /// Waits for the writes queued so far, and reports them.
    fn settle(&mut self) {
        self.writer.wait_idle();
        self.report();
    }
}

fn report_writes(mut files: AutosaveFiles) {
    files.report();
}

/// The players as the files name them: the human's name from the settings (in a two-player game,
/// "Player 1" and "Player 2", as the side panel names them), the computer by its level.
fn players(setup: &GameSetup, name: &str) -> PerSide<Player> {
    let player = |color: Color| match setup.player(color) {
        PlayerKind::Computer => Player::Computer {
            level: setup.level,
            step: setup.plays_a_step().then(|| setup.computer_step()),
        },
        PlayerKind::Human if setup.mode == Mode::HumanVsHuman => Player::Human {
            name: SeatName::Seat(setup.seat(color)).to_record(name),
        },
        PlayerKind::Human => Player::Human {
            name: name.to_owned(),
        },
    };
    PerSide {
        black: player(Color::Black),
        white: player(Color::White),
    }
}

/// The game on the board as the store saves it: the match (its running turn banked at `now`) and
/// what is not the match's.
pub fn saved_game(
    current: &CurrentGame,
    this: &ThisGame,
    settings: &store::Settings,
    paused: bool,
    now: Duration,
) -> SavedGame {
    let players = this
        .players
        .clone()
        .unwrap_or_else(|| players(&current.setup(), &settings.player_name));
    let mut saved = SavedGame::new(current.match_at(now), players);
    saved.started_at_ms = this.started_at_ms;
    saved.paused = paused && current.setup().mode == Mode::ComputerVsComputer;
    saved
}

/// A network game's seat goes into its autosave, with both players named as they play and the
/// conversation so far.
fn with_network_seat(
    saved: &mut SavedGame,
    current: &CurrentGame,
    network: Option<&NetworkStatus>,
    name: &str,
) {
    let Some(seat) = network.and_then(NetworkStatus::seat_to_save) else {
        return;
    };
    if current.remote() != Some(seat.local.opponent()) || seat.game_id.is_empty() {
        return;
    }
    *saved.players.get_mut(seat.local) = Player::Human {
        name: name.to_owned(),
    };
    *saved.players.get_mut(seat.local.opponent()) = Player::Human {
        name: seat.peer.clone(),
    };
    saved.network = Some(seat);
}

/// Puts a saved game back on the board (not yet on screen: the menu offers "Continue"), or says why
/// it cannot be (worded later: the player's language is not known yet). The match comes back as it
/// was saved, seats and colours included; the computer's strength is the file's.
pub(super) fn restore(
    saved: &SavedGame,
    settings: &store::Settings,
) -> Result<(CurrentGame, ThisGame), Phrase> {
    let game_match = saved.game_match.clone();
    let seats = game_match.setup().seats;
    if saved.network.is_some() != seats.remote().is_some() {
        warn!("the saved game's network seat does not fit its seats {seats:?}");
        return Err(Phrase::new("file-problem-saved-match"));
    }
    let mode = seats.mode();
    let setup = GameSetup {
        mode,
        preset: saved.preset(),
        level: saved.computer_level().unwrap_or(settings.level),
        first_seat: game_match.colours().first,
        think_time: Duration::from_millis(settings.expert_think_ms),
        // The step it was played against goes on; "Match my strength" chooses again next game.
        step: [&saved.players.black, &saved.players.white]
            .into_iter()
            .find_map(|p| match p {
                Player::Computer { step, .. } => *step,
                Player::Human { .. } => None,
            }),
        matched: settings.match_strength && mode == Mode::HumanVsComputer,
        time: game_match.setup().time,
        // An added engine the game was played against plays on (an engine of the command line
        // only when it is given again).
        engine: added_engine(settings, saved.engine.as_deref()),
        first_engine: added_engine(settings, saved.first_engine.as_deref()),
    };
    // While the opening is on, the colours (and so the players' names by colour) may still change
    // hands: they follow the seats, as for a game started in this session.
    let players = game_match
        .opening()
        .settled()
        .then(|| saved.players.clone());
    let mut current = CurrentGame::restored(game_match, &setup);
    current.mark_live();
    let this = ThisGame {
        started_at_ms: saved.started_at_ms,
        players,
        source: None,
        filed: false,
        last_saved: None,
        restored: true,
        restored_paused: saved.paused && mode == Mode::ComputerVsComputer,
    };
    Ok((current, this))
}

/// Cell names of the moves, for the log: `h8 i9 j10`.
pub(super) fn move_list(game: &tengen_engine::Game) -> String {
    let size = game.variant().size();
    game.moves()
        .iter()
        .map(|&p| tengen_engine::cell_name(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fresh game (nothing played, nothing to redo) is a new game with its own identity; a game that
/// reappears with moves (Continue, an opened record) keeps the one it has.
fn new_game_identity(
    _: On<GameStarted>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    mut this: ResMut<ThisGame>,
) {
    // A restored game that was paused stays paused (the flag is read once, with the restore's).
    if std::mem::take(&mut this.restored) && std::mem::take(&mut this.restored_paused) {
        // Queued, so it lands after every observer of this start (one resets the autoplay), and
        // before the computer could start thinking.
        commands.queue(|world: &mut World| world.resource_mut::<Autoplay>().paused = true);
    }
    if current.game().moves().is_empty() && current.game().redo_moves().is_empty() {
        *this = ThisGame::new(store::now_ms());
    } else if this.started_at_ms == 0 {
        this.started_at_ms = store::now_ms();
    }
    if this.players.is_none() {
        this.players = Some(players(&current.setup(), &settings.player_name));
    }
}

fn autosave(
    current: Res<CurrentGame>,
    mut this: ResMut<ThisGame>,
    settings: Res<Settings>,
    autoplay: Res<Autoplay>,
    mut exit: MessageReader<AppExit>,
    mut files: AutosaveFiles,
    (network, doing, engine): (Option<Res<NetworkStatus>>, Doing, Option<Res<EngineSeat>>),
) {
    let Some(paths) = files.saver.store.paths().cloned() else {
        return;
    };
    // A record being looked through is not a game in progress: nothing to save or file.
    if !current.live() || doing.on_record() {
        return;
    }
    let now = files.saver.now();
    let exiting = exit.read().count() > 0;
    let key = this.key(&current, autoplay.paused);
    // On exit the clocks are written once more even if no move changed; a write that failed (a full
    // disk) is tried again by itself, so saving resumes when space returns without another move.
    let final_clocks = exiting && !current.is_over();
    let retry = files.saver.retry_due(FileKind::Autosave);
    if this.last_saved == Some(key) && !final_clocks && !retry {
        return;
    }
    this.last_saved = Some(key);
    let mut saved = saved_game(&current, &this, &settings.0, autoplay.paused, now);
    if let Some(seats) = engine {
        saved.engine = seats
            .command_of(tengen_match::Seat::Second)
            .map(str::to_owned);
        saved.first_engine = seats
            .command_of(tengen_match::Seat::First)
            .map(str::to_owned);
        name_the_engines(&mut saved, &current, &seats);
    }
    with_network_seat(
        &mut saved,
        &current,
        network.as_deref(),
        &settings.0.player_name,
    );
    if current.is_over() {
        // Filing clears the autosave: after the saves still queued, not before.
        files.settle();
        if file_finished_game(&current, &mut this, &paths, &saved, &mut files.saver) {
            // The player's rating moved: the next matched game follows it.
            files.commands.trigger(super::events::StatsChanged);
        }
    } else if current.game().moves().is_empty() && current.game().redo_moves().is_empty() {
        // A new game with nothing played: nothing to continue, and the abandoned game is forgotten.
        files.writer.clear(paths);
    } else {
        files.writer.save(paths, saved);
    }
    if exiting {
        // The app ends after this frame: what was queued reaches the disk first.
        files.settle();
    }
}

/// Files a finished game in the history and the statistics, once; true when the statistics counted
/// it. Filing again after a failure is safe: the history keeps one file per game and the statistics
/// count a game once.
fn file_finished_game(
    current: &CurrentGame,
    this: &mut ThisGame,
    paths: &store::Paths,
    saved: &SavedGame,
    saver: &mut Saver,
) -> bool {
    if this.filed {
        return false;
    }
    this.filed = true;
    if this
        .source
        .as_deref()
        .is_some_and(|moves| moves == current.game().moves())
    {
        // A record replayed to its own end is already where it came from.
        saver.wrote(FileKind::Autosave, store::clear_autosave(paths));
        return false;
    }
    let Some(finished) = saver.wrote(FileKind::Autosave, store::finish_game(paths, saved)) else {
        // Not filed yet: the next try (see `SAVE_RETRY`) files it.
        this.filed = false;
        return false;
    };
    info!(
        "filed the finished game in {}",
        finished.history_path.display()
    );
    saver.warnings(finished.warnings);
    let Counted::Counted {
        new_fastest,
        rating,
    } = finished.counted
    else {
        return false;
    };
    let now = saver.now();
    // Two whole sentences when both are news: the hall of fame first, then the rating.
    let rating =
        rating.map(|(before, after)| super::rating_note::rating_phrase(saved, before, after));
    if new_fastest {
        let fame = Phrase::new("notice-hall-of-fame");
        let text = match rating {
            Some(rating) => Phrase::with(
                "notice-two-notes",
                vec![("first", fame.into()), ("second", rating.into())],
            ),
            None => fame,
        };
        saver.notice().post_good(text, now);
    } else if let Some(text) = rating {
        saver.notice().post(text, now);
    }
    true
}

/// The id of the added engine run by `command` (a saved game's seat), if it is still in the list;
/// an engine of the command line only plays when it is given again.
fn added_engine(settings: &store::Settings, command: Option<&str>) -> Option<u32> {
    let command = command?;
    let entry = settings.engines.iter().find(|e| e.command() == command);
    entry.map(|e| e.id)
}

/// An outside engine's seat is written under the engine's name (its `ABOUT` name, or its entry's),
/// not as Tengen's level, which did not play.
fn name_the_engines(saved: &mut SavedGame, current: &CurrentGame, seats: &EngineSeat) {
    for color in [Color::Black, Color::White] {
        if !seats.plays(current, color) {
            continue;
        }
        if let Some(SeatName::Named(name)) = current.names().get(color) {
            *saved.players.get_mut(color) = Player::Human { name: name.clone() };
        }
    }
}
