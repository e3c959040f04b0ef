//! Turn state: applies the players' commands to the game record (the engine's `Game` decides what is
//! legal), starts, restarts and leaves games, and announces every change as an event.

use bevy::prelude::*;
use tengen_engine::{PlayError, Pos};

use super::computer::{Autoplay, Thinking};
use super::hint::Pondering;
use super::score::Score;
use super::{
    CurrentGame, GameCommand, GameSetup, GameStarted, IllegalClick, Mode, Notice, PlayerKind,
    Refusal, StonePlaced, StoneRemoved,
};
use crate::AppSystems;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        apply_commands
            .in_set(TurnSystems)
            .in_set(AppSystems::Update),
    )
    .add_observer(explain_refusal);
}

/// A refused click is never silent: the player reads why (and `audio` plays the warning).
fn explain_refusal(refused: On<IllegalClick>, mut notice: ResMut<Notice>, time: Res<Time<Real>>) {
    notice.post(refused.reason.message(), time.elapsed());
}

/// The systems that change the game record; the computer and the marks run after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnSystems;

/// The computer's running searches: its own move or a hint.
type ComputerBusy = Or<(With<Thinking>, With<Pondering>)>;

/// Plays `pos` for the side to move and announces it. The one way a stone gets onto the board.
pub(crate) fn play_stone(
    commands: &mut Commands,
    current: &mut CurrentGame,
    pos: Pos,
) -> Result<(), PlayError> {
    let color = current.game.to_move();
    let by_computer = current.setup.player(color) == PlayerKind::Computer;
    current.game.play(pos)?;
    current.generation += 1;
    commands.trigger(StonePlaced {
        pos,
        color,
        number: current.game.moves().len(),
        by_computer,
    });
    Ok(())
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
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    busy: Query<Entity, ComputerBusy>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    // Every command that changes the position stops the computer: its answer would be stale.
    let stop_computer = |commands: &mut Commands| {
        for entity in &busy {
            commands.entity(entity).despawn();
        }
    };
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
                stop_computer(&mut commands);
                if let Err(error) = play_stone(&mut commands, &mut current, *pos) {
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
                stop_computer(&mut commands);
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
                stop_computer(&mut commands);
                for _ in 0..plies {
                    let color = current.game.to_move();
                    let by_computer = current.setup.player(color) == PlayerKind::Computer;
                    if let Some(pos) = current.game.redo() {
                        current.generation += 1;
                        commands.trigger(StonePlaced {
                            pos,
                            color,
                            number: current.game.moves().len(),
                            by_computer,
                        });
                    }
                    if current.game.is_over() {
                        break;
                    }
                }
            }
            GameCommand::NewGame(setup) => {
                stop_computer(&mut commands);
                start_game(&mut commands, &mut current, &mut score, *setup, now);
                next_screen.set(Screen::Playing);
            }
            GameCommand::Restart | GameCommand::Rematch => {
                let setup = if *command == GameCommand::Rematch {
                    current.setup.swapped()
                } else {
                    current.setup
                };
                stop_computer(&mut commands);
                start_game(&mut commands, &mut current, &mut score, setup, now);
                next_screen.set(Screen::Playing);
            }
            GameCommand::Resume => {
                if *screen.get() == Screen::Menu && current.live {
                    commands.trigger(GameStarted);
                    next_screen.set(if current.game.is_over() {
                        Screen::GameOver
                    } else {
                        Screen::Playing
                    });
                }
            }
            GameCommand::Menu => {
                if on_board {
                    stop_computer(&mut commands);
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

fn start_game(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    setup: GameSetup,
    now: std::time::Duration,
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
