//! Turn state: applies the players' commands to the game record (the engine's `Game` decides what is
//! legal), starts, restarts and leaves games, and announces every change as an event.

use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::{Color, PlayError, Pos};

use super::score::Score;
use super::{
    Autoplay, CurrentGame, GameCommand, GameSetup, GameStarted, IllegalClick, Mode, Notice,
    OpenGame, PlayerKind, RecordOpened, Refusal, StonePlaced, StoneRemoved,
};
use crate::AppSystems;
use crate::screens::Screen;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_commands.in_set(AppSystems::Update))
        .add_observer(explain_refusal);
}

/// A refused click is never silent: the player reads why (and `audio` plays the warning).
fn explain_refusal(refused: On<IllegalClick>, mut notice: ResMut<Notice>, time: Res<Time<Real>>) {
    notice.post_error(refused.reason.message(), time.elapsed());
}

/// Where the next stone comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// A new move at this point (the redo list is forgotten).
    Move(Pos),
    /// The last undone move, played again.
    Redo,
}

/// Plays a stone for the side to move and announces it: the one way a stone gets onto the board. Every
/// change of position bumps the generation, so a search started for an older one drops itself.
/// Returns the point, or `None` when there was nothing to redo.
pub(crate) fn play_stone(
    commands: &mut Commands,
    current: &mut CurrentGame,
    placement: Placement,
) -> Result<Option<Pos>, PlayError> {
    let color = current.game.to_move();
    let by_computer = current.setup.player(color) == PlayerKind::Computer;
    let pos = match placement {
        Placement::Move(pos) => {
            current.game.play(pos)?;
            pos
        }
        Placement::Redo => match current.game.redo() {
            Some(pos) => pos,
            None => return Ok(None),
        },
    };
    current.generation += 1;
    commands.trigger(StonePlaced {
        pos,
        color,
        number: current.game.moves().len(),
        by_computer,
    });
    Ok(Some(pos))
}

/// How many moves one press of Undo takes back: against the computer, your move and its answer together
/// (or just your move while it is still thinking), so it is your turn again.
fn undo_plies(current: &CurrentGame) -> usize {
    let played = current.game.moves().len();
    match current.setup.mode {
        Mode::HumanVsComputer if current.player_to_move() == PlayerKind::Human => {
            // Taking back only the computer's opening move would hand it the move again.
            if played >= 2 { 2 } else { 0 }
        }
        _ => played.min(1),
    }
}

/// How many moves one press of Redo replays: your move and the computer's answer, when both are there.
fn redo_plies(current: &CurrentGame) -> usize {
    let available = current.game.redo_moves().len();
    match current.setup.mode {
        Mode::HumanVsComputer => available.min(2),
        _ => available.min(1),
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_commands(
    mut commands: Commands,
    mut reader: MessageReader<GameCommand>,
    mut current: ResMut<CurrentGame>,
    mut score: ResMut<Score>,
    mut autoplay: ResMut<Autoplay>,
    mut notice: ResMut<Notice>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    for command in reader.read() {
        let on_board = matches!(screen.get(), Screen::Playing | Screen::GameOver);
        match command {
            GameCommand::Place(pos) => {
                if !on_board {
                    continue;
                }
                let refusal = if current.game.is_over() {
                    Some(Refusal::GameOver)
                } else if current.player_to_move() != PlayerKind::Human {
                    Some(Refusal::NotYourTurn)
                } else {
                    match current.game.check(*pos) {
                        Ok(()) => None,
                        Err(PlayError::Occupied(_)) => Some(Refusal::Occupied),
                        Err(PlayError::Forbidden(_, why)) => Some(Refusal::Forbidden(why)),
                        Err(PlayError::GameOver) => Some(Refusal::GameOver),
                        Err(PlayError::OffBoard(_)) => continue,
                    }
                };
                if let Some(reason) = refusal {
                    commands.trigger(IllegalClick {
                        pos: Some(*pos),
                        reason,
                    });
                    continue;
                }
                if let Err(error) = play_stone(&mut commands, &mut current, Placement::Move(*pos)) {
                    warn!("move refused after the check passed: {error}");
                }
            }
            GameCommand::Undo => {
                if *screen.get() == Screen::GameOver {
                    notice.post("The game is over: start a new game or a rematch.", now);
                }
                if *screen.get() != Screen::Playing {
                    continue;
                }
                let plies = undo_plies(&current);
                if plies == 0 {
                    notice.post("Nothing to undo.", now);
                    continue;
                }
                for _ in 0..plies {
                    if let Some(pos) = current.game.undo() {
                        let color = current.game.to_move();
                        commands.trigger(StoneRemoved { pos, color });
                    }
                }
                current.undos += 1;
                current.generation += 1;
                if current.setup.mode == Mode::ComputerVsComputer {
                    // Otherwise the computer would replay at once and undo could never be seen.
                    autoplay.paused = true;
                }
            }
            GameCommand::Redo => {
                if *screen.get() != Screen::Playing {
                    continue;
                }
                let plies = redo_plies(&current);
                if plies == 0 {
                    notice.post("Nothing to redo.", now);
                    continue;
                }
                for _ in 0..plies {
                    let redone = play_stone(&mut commands, &mut current, Placement::Redo);
                    if !matches!(redone, Ok(Some(_))) || current.game.is_over() {
                        break;
                    }
                }
            }
            GameCommand::NewGame(setup) => {
                start_game(&mut commands, &mut current, &mut score, *setup, now);
                next_screen.set(Screen::Playing);
            }
            GameCommand::Restart | GameCommand::Rematch => {
                let setup = if matches!(command, GameCommand::Rematch) {
                    current.setup.swapped()
                } else {
                    current.setup
                };
                start_game(&mut commands, &mut current, &mut score, setup, now);
                next_screen.set(Screen::Playing);
            }
            GameCommand::Open(open) => {
                if let Err(why) = open_record(&mut commands, &mut current, open, &settings, now) {
                    notice.post(why, now);
                    continue;
                }
                // Already on the board: stay, without leaving and re-entering the screen.
                NextState::set_if_neq(&mut next_screen, board_screen(&current));
            }
            GameCommand::Resume => {
                if *screen.get() == Screen::Menu && current.live {
                    commands.trigger(GameStarted);
                    next_screen.set(board_screen(&current));
                }
            }
            GameCommand::Menu => {
                if on_board {
                    current.generation += 1;
                    next_screen.set(Screen::Menu);
                }
            }
            GameCommand::TogglePause => autoplay.paused = !autoplay.paused,
            GameCommand::Step => {
                if autoplay.paused {
                    autoplay.steps += 1;
                }
            }
            GameCommand::ResetScore => *score = Score::default(),
            GameCommand::Hint => {} // handled by the hint plugin
        }
    }
}

/// The screen for the game on the board: play on, or its result.
fn board_screen(current: &CurrentGame) -> Screen {
    if current.game.is_over() {
        Screen::GameOver
    } else {
        Screen::Playing
    }
}

/// Puts a record on the board: against the computer from the side to move, or both sides played here.
/// The level and think time are the settings'. Fails on a board the game does not offer.
fn open_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    open: &OpenGame,
    settings: &Settings,
    now: Duration,
) -> Result<(), String> {
    let Some(preset) = tengen_store::preset_of(open.game.variant()) else {
        return Err(format!(
            "This record is played on a board the game does not offer ({}).",
            tengen_store::rule_key(open.game.variant())
        ));
    };
    let mut game = open.game.clone();
    if open.rewind {
        while game.undo().is_some() {}
    }
    let base = GameSetup::from_settings(settings);
    let setup = if open.against_computer && !game.is_over() {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset,
            first_seat: game.to_move(),
            ..base
        }
    } else {
        GameSetup {
            mode: Mode::HumanVsHuman,
            preset,
            first_seat: Color::Black,
            ..base
        }
    };
    let generation = current.generation + 1;
    *current = CurrentGame::new(setup, now);
    current.game = game;
    current.live = true;
    current.generation = generation;
    info!(
        "opened a record: {} moves, {} to redo",
        current.game.moves().len(),
        current.game.redo_moves().len()
    );
    commands.trigger(RecordOpened {
        moves: open.game.moves().to_vec(),
        names: open.names.clone(),
    });
    commands.trigger(GameStarted);
    Ok(())
}

fn start_game(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    setup: GameSetup,
    now: Duration,
) {
    if current.setup.changes_opponent(&setup) {
        *score = Score::default();
    }
    let generation = current.generation + 1;
    *current = CurrentGame::new(setup, now);
    current.live = true;
    current.generation = generation;
    commands.trigger(GameStarted);
}
