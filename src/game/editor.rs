//! The position editor: black and white stones put on the board freely, in any order and number, the
//! side to move chosen, then a game played on from there, against the computer or between two players.
//!
//! The position being edited is the game on the board (a set-up game with no moves), so the board,
//! its renju forbidden points and any analysis show it as usual. Nothing is timed, saved or counted
//! while editing (the game is not live). A position with a winning row, or a full board, is refused:
//! there would be nothing left to play.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use tengen_engine::{Color, Game, Level, Outcome, Pos, Preset};

pub use super::command::{Brush, EditCommand};
use super::score::Score;
use super::{CurrentGame, GameSetup, GameStarted, Mode, Notice, RecordStepped};
use crate::CommandHandlers;
use crate::i18n::Phrase;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>()
        .add_systems(Update, apply_edits.in_set(CommandHandlers::Editor));
}

/// What a click on the board puts there while the editor is open (`Activity::Editor`), and the
/// computer's level for a game played from the position (the settings' level when it opens).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Editor {
    pub brush: Brush,
    pub level: Level,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            brush: Brush::default(),
            level: Level::Medium,
        }
    }
}

/// Why an edit was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditRefusal {
    /// The stone would complete a winning row.
    Five,
    /// The stone would fill the last empty point.
    Full,
    /// Renju: black, to move, would have only forbidden points left (a drawn position).
    BlackStuck,
}

impl EditRefusal {
    /// The message id of what the player reads.
    pub fn message_id(self) -> &'static str {
        match self {
            EditRefusal::Five => "editor-refused-five",
            EditRefusal::Full => "editor-refused-full",
            EditRefusal::BlackStuck => "editor-refused-black-stuck",
        }
    }
}

/// The stones of a position after `brush` is used at `pos` (a stone of the brush's colour, or any stone
/// for the eraser, is taken away; otherwise the brush's stone replaces what is there).
pub fn brushed(stones: &[(Pos, Color)], brush: Brush, pos: Pos) -> Vec<(Pos, Color)> {
    let there = stones.iter().find(|s| s.0 == pos).map(|s| s.1);
    let mut next: Vec<(Pos, Color)> = stones.iter().copied().filter(|s| s.0 != pos).collect();
    let color = match brush {
        Brush::Black => Color::Black,
        Brush::White => Color::White,
        Brush::Erase => return next,
    };
    if there != Some(color) {
        next.push((pos, color));
    }
    next
}

/// The position with `stones` and `to_move`, unless it is already decided.
pub fn position(game: &Game, stones: &[(Pos, Color)], to_move: Color) -> Result<Game, EditRefusal> {
    let next = Game::from_setup(game.variant(), stones, to_move).map_err(|_| EditRefusal::Full)?;
    match next.outcome() {
        Some(Outcome::Win { .. }) => Err(EditRefusal::Five),
        Some(Outcome::Draw) if next.black_is_stuck() => Err(EditRefusal::BlackStuck),
        Some(Outcome::Draw) => Err(EditRefusal::Full),
        None => Ok(next),
    }
}

/// The settings and the time the editor's commands are carried out with.
#[derive(SystemParam)]
struct EditorContext<'w> {
    settings: Res<'w, Settings>,
    time: Res<'w, Time<Real>>,
}

/// The editor's commands, which the turn routes here: opening it, and while it is open (the turn
/// sees to that) the brush, the stones, the side to move, the level and Play.
fn apply_edits(
    context: EditorContext,
    mut commands: Commands,
    mut reader: MessageReader<EditCommand>,
    mut editor: ResMut<Editor>,
    mut current: ResMut<CurrentGame>,
    mut score: ResMut<Score>,
    mut notice: ResMut<Notice>,
) {
    let now = context.time.elapsed();
    for edit in reader.read().copied() {
        match edit {
            EditCommand::Open(_) | EditCommand::FromBoard => {
                // From the board: its stones and side to move come back once the editor is open.
                let (preset, here) = match edit {
                    EditCommand::Open(preset) => (preset, None),
                    _ => (current.setup().preset, Some(current.game().clone())),
                };
                open(&mut commands, &mut current, &context.settings, preset);
                editor.level = context.settings.0.level;
                if let Some(here) = here {
                    let stones: Vec<_> = here.board().stones().collect();
                    show(
                        &mut commands,
                        &mut current,
                        &mut notice,
                        &stones,
                        here.to_move(),
                        now,
                    );
                }
            }
            EditCommand::Rule(preset) => {
                let here = current.game().clone();
                open(&mut commands, &mut current, &context.settings, preset);
                let stones: Vec<_> = here.board().stones().collect();
                let size = preset.variant().size();
                if !stones.is_empty() && stones.iter().all(|(p, _)| p.x < size && p.y < size) {
                    show(
                        &mut commands,
                        &mut current,
                        &mut notice,
                        &stones,
                        here.to_move(),
                        now,
                    );
                }
            }
            EditCommand::Brush(brush) => editor.brush = brush,
            EditCommand::Level(level) => editor.level = level,
            EditCommand::Put(_) | EditCommand::Clear | EditCommand::ToMove(_) => {
                let Some((stones, to_move)) = edited(current.game(), editor.brush, edit) else {
                    continue;
                };
                show(
                    &mut commands,
                    &mut current,
                    &mut notice,
                    &stones,
                    to_move,
                    now,
                );
            }
            EditCommand::Play { against_computer } => {
                let level = against_computer.then_some(editor.level);
                play(
                    &mut commands,
                    &mut current,
                    &mut score,
                    &context.settings,
                    level,
                );
            }
        }
    }
}

/// The stones and the side to move after a change to the position: a stone put or taken (`None`
/// off the board), every stone cleared, the side to move chosen.
fn edited(game: &Game, brush: Brush, edit: EditCommand) -> Option<(Vec<(Pos, Color)>, Color)> {
    match edit {
        EditCommand::Put(pos) if game.variant().contains(pos) => {
            Some((brushed(game.setup(), brush, pos), game.to_move()))
        }
        EditCommand::Clear => Some((Vec::new(), game.to_move())),
        EditCommand::ToMove(color) => Some((game.setup().to_vec(), color)),
        _ => None,
    }
}

/// An empty board of `preset`, two players at this screen, not live until played.
fn open(commands: &mut Commands, current: &mut CurrentGame, settings: &Settings, preset: Preset) {
    let setup = GameSetup {
        mode: Mode::HumanVsHuman,
        preset,
        first_seat: Color::Black,
        engine: None,
        ..GameSetup::from_settings(settings)
    };
    // No clock runs (see `clock`) and nothing counts while a position is set up.
    current.replace(CurrentGame::new(setup));
    info!("position editor opened on {}", preset.key());
    commands.trigger(GameStarted);
}

/// Puts the edited position on the board, or says why not.
fn show(
    commands: &mut Commands,
    current: &mut CurrentGame,
    notice: &mut Notice,
    stones: &[(Pos, Color)],
    to_move: Color,
    now: Duration,
) {
    match position(current.game(), stones, to_move) {
        Ok(game) => {
            current.show_position(game);
            commands.trigger(RecordStepped);
        }
        Err(refusal) => notice.post_error(Phrase::new(refusal.message_id()), now),
    }
}

/// The edited position becomes a live game: against the computer (at `level`) you take the side
/// to move.
fn play(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    settings: &Settings,
    level: Option<Level>,
) {
    let game = current.game().clone();
    let against_computer = level.is_some();
    let base = GameSetup::from_settings(settings);
    // The level chosen in the editor, not a step of the ladder.
    let chosen = match level {
        Some(level) => GameSetup {
            level,
            step: None,
            matched: false,
            ..base
        },
        None => base,
    };
    let setup = chosen.playing_on(current.setup().preset, game.to_move(), against_computer);
    if current.setup().changes_opponent(&setup) {
        *score = Score::default();
    }
    current.replace(CurrentGame::with_game(setup, game));
    current.mark_live();
    info!(
        "playing a set-up position: {} stones, {} to move",
        current.game().setup().len(),
        current.game().to_move()
    );
    commands.trigger(GameStarted);
}
