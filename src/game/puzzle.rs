//! Puzzles, "find the win": a position from the engine's own self-play where the side to move wins by
//! fours (VCF) or by threes and fours (VCT) in a stated number of moves, with one winning first move.
//! The player plays the attack; the computer defends as well as it can (the engine's `PuzzleGame`).
//!
//! As in the editor, the position is the game on the board, not live: nothing is timed, saved to the
//! autosave, filed in the history or counted in the statistics. A puzzle counts at its first try:
//! solved (with how many hints) or missed at the first wrong move; a miss solved after Try again
//! counts once more, as solved, for less. The persistence side files
//! that in the player's puzzle progress ([`PuzzleTried`]) and writes back what the game shows and
//! picks from ([`PuzzleProgressShown`]).

use bevy::prelude::*;
use tengen_engine::{Color, Game, Pos, Puzzle, PuzzleGame, PuzzleStep};
use tengen_store::PuzzleProgress;

pub use super::command::PuzzleCommand;
use super::{CurrentGame, GameSetup, HintSearch, HintShown, Mode, Notice, RecordStepped, Refusal};
use crate::CommandHandlers;
use crate::i18n::Words;
use crate::screens::Activity;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PuzzleRoom>()
        .init_resource::<PuzzleProgressShown>()
        .add_systems(
            Update,
            apply_puzzle_commands.in_set(CommandHandlers::Puzzles),
        )
        // The puzzles give their own hints (the winning move, no search).
        .configure_sets(Update, HintSearch.run_if(not(in_state(Activity::Puzzle))))
        .add_systems(OnExit(Activity::Puzzle), close_puzzles);
}

/// How the puzzle on the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is to find the next winning move.
    Solving,
    /// Five in a row: solved.
    Solved,
    /// `wrong` does not win in the moves left; `refutation` is the defence that shows why (both on
    /// the board until Try again).
    Missed { wrong: Pos, refutation: Option<Pos> },
}

/// The puzzle being played.
pub struct PuzzleRun {
    game: PuzzleGame,
    /// Its place in the embedded set, from 1 (shown as "puzzle 12 of 333").
    pub number: usize,
    pub state: PuzzleState,
    /// Hints asked for in this puzzle.
    pub hints: u32,
    /// Whether this puzzle's first try was already filed.
    pub counted: bool,
    /// Whether a solve of it was filed: at the first try, or after Try again (which counts, for
    /// less, once).
    pub solve_counted: bool,
}

impl PuzzleRun {
    pub fn puzzle(&self) -> &Puzzle {
        self.game.puzzle()
    }

    /// The attacker's moves left to the five, the next one included.
    pub fn moves_left(&self) -> u32 {
        self.game.moves_left()
    }
}

/// The puzzle on the board while the puzzles are open (`Activity::Puzzle`).
#[derive(Resource, Default)]
pub struct PuzzleRoom {
    pub run: Option<PuzzleRun>,
    /// The embedded puzzles, read on first use.
    puzzles: Vec<Puzzle>,
}

impl PuzzleRoom {
    /// How many puzzles there are.
    pub fn count(&self) -> usize {
        self.puzzles.len()
    }
}

/// The player's puzzle rating and which puzzles they solved, as the statistics file has them. Owned by
/// the persistence side, which writes it on start and after each counted try.
#[derive(Resource, Debug, Clone, Default)]
pub struct PuzzleProgressShown(pub PuzzleProgress);

/// A puzzle's first try ended, solved (with `hints`) or missed, or (`retry`) a try after a missed
/// first one solved it. The persistence side files it.
#[derive(Event, Debug, Clone)]
pub struct PuzzleTried {
    pub puzzle: Puzzle,
    pub solved: bool,
    pub hints: u32,
    pub retry: bool,
}

/// The puzzles' commands, which the turn routes here (with the clicks on the board and the hints
/// while the puzzles are open).
fn apply_puzzle_commands(
    (settings, words): (Res<Settings>, Res<Words>),
    mut commands: Commands,
    mut reader: MessageReader<PuzzleCommand>,
    mut room: ResMut<PuzzleRoom>,
    mut current: ResMut<CurrentGame>,
    progress: Res<PuzzleProgressShown>,
    (mut notice, time): (ResMut<Notice>, Res<Time<Real>>),
) {
    for asked in reader.read().copied() {
        let number = match asked {
            PuzzleCommand::Open | PuzzleCommand::Next => {
                if room.puzzles.is_empty() {
                    room.puzzles = tengen_engine::embedded_puzzles();
                }
                let skip = room.run.as_ref().map(|r| r.number);
                pick(&room.puzzles, &progress.0, skip)
            }
            PuzzleCommand::Retry => room.run.as_ref().map(|r| r.number),
            PuzzleCommand::Hint => {
                show_hint(&mut commands, &mut room, &words);
                continue;
            }
            PuzzleCommand::Play(pos) => {
                if let Some(refusal) = place(&mut commands, &mut room, &mut current, pos) {
                    notice.post_error(refusal.phrase(), time.elapsed());
                }
                continue;
            }
        };
        let Some(number) = number else {
            continue;
        };
        let same = room.run.as_ref().filter(|r| r.number == number);
        let counted = same.is_some_and(|r| r.counted);
        let solve_counted = same.is_some_and(|r| r.solve_counted);
        let puzzle = room.puzzles[number - 1].clone();
        room.run = Some(PuzzleRun {
            game: PuzzleGame::new(&puzzle),
            number,
            state: PuzzleState::Solving,
            hints: 0,
            counted,
            solve_counted,
        });
        put_on_board(&mut commands, &mut current, &settings, &puzzle);
    }
}

/// The number (from 1) of the puzzle to play: the store's choice for the player's rating, never the
/// one just played when another is left.
fn pick(puzzles: &[Puzzle], progress: &PuzzleProgress, skip: Option<usize>) -> Option<usize> {
    let others: Vec<Puzzle> = puzzles
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(i + 1) != skip)
        .map(|(_, p)| p.clone())
        .collect();
    let chosen = tengen_store::next_puzzle(progress, &others)
        .or_else(|| tengen_store::next_puzzle(progress, puzzles))?;
    puzzles.iter().position(|p| p == chosen).map(|i| i + 1)
}

/// The puzzle's position as the game on the board: its moves as played, so the last one is marked.
fn put_on_board(
    commands: &mut Commands,
    current: &mut CurrentGame,
    settings: &Settings,
    puzzle: &Puzzle,
) {
    let variant = puzzle.variant();
    let Some(preset) = tengen_store::preset_of(variant) else {
        return;
    };
    let Ok(game) = Game::from_moves(variant, &puzzle.moves) else {
        // The embedded set is checked by a test; a bad line is skipped rather than shown half.
        warn!("puzzle position does not replay: {:?}", puzzle.moves);
        return;
    };
    let setup = GameSetup {
        mode: Mode::HumanVsHuman,
        preset,
        first_seat: Color::Black,
        step: None,
        matched: false,
        engine: None,
        ..GameSetup::from_settings(settings)
    };
    // Nothing is saved or counted while a puzzle is on the board (it is not live), and no clock
    // runs (see `clock`).
    current.replace(CurrentGame::with_game(setup, game));
    info!(
        "puzzle on the board: {} to move, {:?} in {}",
        puzzle.to_move, puzzle.kind, puzzle.length
    );
    commands.trigger(super::GameStarted);
}

/// The player's move: on to the computer's defence, a solve, or a miss shown with its refutation;
/// why not, for a point that takes no stone (taken, or forbidden to black under renju).
fn place(
    commands: &mut Commands,
    room: &mut PuzzleRoom,
    current: &mut CurrentGame,
    pos: Pos,
) -> Option<Refusal> {
    let run = room.run.as_mut()?;
    if run.state != PuzzleState::Solving || !current.game().variant().contains(pos) {
        return None;
    }
    match run.game.play(pos) {
        PuzzleStep::Illegal => {
            return match current.game().check(pos) {
                Err(tengen_engine::PlayError::Forbidden(_, why)) => Some(Refusal::Forbidden(why)),
                _ => Some(Refusal::Occupied),
            };
        }
        PuzzleStep::Continue { reply } => show_moves(current, &[pos, reply]),
        PuzzleStep::Solved => {
            show_moves(current, &[pos]);
            run.state = PuzzleState::Solved;
            file_try(commands, run, true);
        }
        PuzzleStep::Wrong { refutation } => {
            let mut shown = vec![pos];
            shown.extend(refutation);
            show_moves(current, &shown);
            run.state = PuzzleState::Missed {
                wrong: pos,
                refutation,
            };
            file_try(commands, run, false);
        }
    }
    commands.trigger(RecordStepped);
    None
}

/// Plays `moves` on the game on the board (they are legal: the puzzle game checked them).
fn show_moves(current: &mut CurrentGame, moves: &[Pos]) {
    let mut game = current.game().clone();
    for &m in moves {
        if game.play(m).is_err() {
            break;
        }
    }
    current.show_position(game);
}

/// Files the first try, solved or missed, and a later solve once after a miss (for less).
fn file_try(commands: &mut Commands, run: &mut PuzzleRun, solved: bool) {
    let retry = run.counted;
    if retry && (!solved || run.solve_counted) {
        return;
    }
    run.counted = true;
    run.solve_counted |= solved;
    commands.trigger(PuzzleTried {
        puzzle: run.puzzle().clone(),
        solved,
        hints: run.hints,
        retry,
    });
}

/// Marks a winning move on the board, as the game's own hints are (see [`HintShown`]).
/// Its reason says what the move does, as the game's hint does: a four the defender must block, or
/// (a threes puzzle) a four or an open three that keeps the attack going.
fn show_hint(commands: &mut Commands, room: &mut PuzzleRoom, words: &Words) {
    let Some(run) = room.run.as_mut() else {
        return;
    };
    if run.state != PuzzleState::Solving {
        return;
    }
    if let Some(pos) = run.game.hint() {
        run.hints += 1;
        let id = match run.puzzle().kind {
            tengen_engine::ThreatKind::Vcf => "puzzle-hint-reason-fours",
            tengen_engine::ThreatKind::Vct => "puzzle-hint-reason-threes",
        };
        let moves = [("moves", run.moves_left().into())];
        commands.trigger(HintShown {
            pos,
            reason: words.tr_args(id, &moves),
        });
    }
}

fn close_puzzles(mut room: ResMut<PuzzleRoom>) {
    room.run = None;
}
