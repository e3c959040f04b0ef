//! Keyboard play: shortcuts (Ctrl+Z, Ctrl+Y, H, N, Esc, P, S), a board cursor moved with the arrow keys
//! and placed with Enter or Space, and on 3×3 the numeric keypad laid out like the board.
//!
//! Keys become [`GameCommand`]s, the same messages the mouse and the menus send. A command that would
//! throw away an unfinished game waits for the player's yes in a [`Question`] (Enter or Y confirms,
//! Escape or N cancels; the UI draws it as a dialog with the same answers).

use bevy::prelude::*;
use tengen_engine::Pos;

use super::editor::{Brush, EditCommand};
use super::{CurrentGame, GameCommand, GameStarted, KeptGame};
use crate::AppSystems;
use crate::screens::{Doing, InGame};

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::input::InputPlugin>() {
        app.add_plugins(bevy::input::InputPlugin);
    }
    app.init_resource::<Cursor>()
        .init_resource::<KeyboardFree>()
        .init_resource::<Question>()
        .add_observer(centre_cursor)
        .add_systems(
            Update,
            (
                answer_question.run_if(asking),
                (shortcuts, move_cursor).run_if(
                    in_state(InGame)
                        .and_then(keyboard_free)
                        .and_then(not(asking)),
                ),
            )
                .chain()
                .in_set(AppSystems::RecordInput),
        );
}

/// The games a command may replace: the one on the board and the one set aside for Continue.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    pub current: &'a CurrentGame,
    pub kept: &'a KeptGame,
}

/// A command that would discard the unfinished game on the board, waiting for the player's answer.
#[derive(Resource, Debug, Clone, Default)]
pub struct Question(pub Option<GameCommand>);

impl Question {
    /// Sends `command` at once, or first asks when it would throw away an unfinished game: the one
    /// on the board, or the one set aside for Continue while the editor or the puzzles are open.
    pub fn ask_first(
        &mut self,
        command: GameCommand,
        game: Table,
        doing: &Doing,
        writer: &mut MessageWriter<GameCommand>,
    ) {
        let Some(current) = game.kept.to_continue(game.current) else {
            writer.write(command);
            return;
        };
        if discards_a_game(&command, current) && !doing.on_record() && unfinished(current) {
            // A rated game under way is not thrown away: leaving it for another resigns it (filed
            // and rated as a loss), or the player keeps playing it.
            self.0 = Some(if rated(current) {
                GameCommand::ResignThen(Box::new(command))
            } else {
                command
            });
        } else {
            writer.write(command);
        }
    }

    /// Asks before resetting the score: wins and draws cannot be brought back.
    pub fn ask_before_reset(&mut self, score: &super::score::Score) {
        if *score != super::score::Score::default() {
            self.0 = Some(GameCommand::ResetScore);
        }
    }

    /// Asks before resigning: a resignation counts as a loss and cannot be taken back.
    pub fn ask_to_resign(&mut self) {
        self.0 = Some(GameCommand::Resign);
    }

    /// The message id of the question on screen, if one is asked (worded by the UI).
    pub fn message_id(&self) -> Option<&'static str> {
        self.0.as_ref().map(|command| match command {
            GameCommand::ResetScore => "question-reset-score",
            GameCommand::Resign => "question-resign",
            GameCommand::ResignThen(_) => "question-resign-to-leave",
            GameCommand::Menu => "question-leave-network",
            _ => "question-new-game",
        })
    }

    /// The player said yes: the command goes out.
    pub fn confirm(&mut self, writer: &mut MessageWriter<GameCommand>) {
        if let Some(command) = self.0.take() {
            writer.write(command);
        }
    }

    /// The player said no: nothing happens.
    pub fn cancel(&mut self) {
        self.0 = None;
    }
}

/// Starting afresh replaces the game in progress; leaving for the menu, the editor or the puzzles, or
/// quitting, does not (the menu offers Continue, and the autosave brings the game back at the next
/// start).
fn discards_a_game(command: &GameCommand, current: &CurrentGame) -> bool {
    let discards = matches!(
        command,
        GameCommand::Restart
            | GameCommand::Rematch
            | GameCommand::NewGame(_)
            // From the editor: a game set aside for it is replaced (opening the editor or the
            // puzzles sets the game aside for Continue: nothing is lost).
            | GameCommand::Edit(EditCommand::Play { .. })
    );
    // The menu ends a network game for both players (another game waits at its Continue), and a
    // network game is not set aside for the editor or the puzzles.
    let leaves_the_network = matches!(
        command,
        GameCommand::Menu
            | GameCommand::Edit(EditCommand::Open(_) | EditCommand::FromBoard)
            | GameCommand::Puzzle(super::puzzle::PuzzleCommand::Open)
    );
    discards || (leaves_the_network && current.remote().is_some())
}

/// Whether the game on the board counts in the rating: against the computer, on a rated board.
fn rated(current: &CurrentGame) -> bool {
    let setup = current.setup();
    setup.mode == super::Mode::HumanVsComputer
        && current.remote().is_none()
        && tengen_store::is_rated(setup.preset.variant())
}

/// Whether the board holds a game started and not finished, which a new game would throw away.
/// (A record being looked through is filed already: nothing is lost by leaving it.)
fn unfinished(current: &CurrentGame) -> bool {
    current.live() && !current.game().is_over() && !current.game().moves().is_empty()
}

fn asking(question: Res<Question>) -> bool {
    question.0.is_some()
}

/// Enter or Y says yes, Escape or N says no; other keys wait for an answer. The answering key is
/// used up, so the board's shortcuts do not act on it as well (Escape would leave for the menu).
fn answer_question(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut question: ResMut<Question>,
    mut writer: MessageWriter<GameCommand>,
) {
    const YES: [KeyCode; 3] = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::KeyY];
    const NO: [KeyCode; 2] = [KeyCode::Escape, KeyCode::KeyN];
    if keys.any_just_pressed(YES) {
        question.confirm(&mut writer);
    } else if keys.any_just_pressed(NO) {
        question.cancel();
    } else {
        return;
    }
    for key in YES.into_iter().chain(NO) {
        keys.clear_just_pressed(key);
    }
}

/// Whether keys belong to the board. The window's UI clears it while a text field or popup has focus.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyboardFree(pub bool);

impl Default for KeyboardFree {
    fn default() -> Self {
        KeyboardFree(true)
    }
}

fn keyboard_free(free: Res<KeyboardFree>) -> bool {
    free.0
}

/// The keyboard cursor on the board; shown once an arrow key was used.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub pos: Pos,
    pub visible: bool,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor {
            pos: Pos::new(7, 7),
            visible: false,
        }
    }
}

fn centre_cursor(_: On<GameStarted>, current: Res<CurrentGame>, mut cursor: ResMut<Cursor>) {
    let variant = current.game().variant();
    if !variant.contains(cursor.pos) || current.game().moves().is_empty() {
        cursor.pos = variant.center();
    }
}

/// The point a numeric-keypad key names on a 3×3 board: 7 8 9 is the top row, as on the keypad.
pub fn keypad_point(key: KeyCode) -> Option<Pos> {
    let digit = match key {
        KeyCode::Numpad1 | KeyCode::Digit1 => 1,
        KeyCode::Numpad2 | KeyCode::Digit2 => 2,
        KeyCode::Numpad3 | KeyCode::Digit3 => 3,
        KeyCode::Numpad4 | KeyCode::Digit4 => 4,
        KeyCode::Numpad5 | KeyCode::Digit5 => 5,
        KeyCode::Numpad6 | KeyCode::Digit6 => 6,
        KeyCode::Numpad7 | KeyCode::Digit7 => 7,
        KeyCode::Numpad8 | KeyCode::Digit8 => 8,
        KeyCode::Numpad9 | KeyCode::Digit9 => 9,
        _ => return None,
    };
    let column = (digit - 1) % 3;
    let row_from_bottom = (digit - 1) / 3;
    Some(Pos::new(column, 2 - row_from_bottom))
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    mut writer: MessageWriter<GameCommand>,
    mut question: ResMut<Question>,
    current: Res<CurrentGame>,
    kept: Res<KeptGame>,
    cursor: Res<Cursor>,
    doing: Doing,
) {
    let table = Table {
        current: &current,
        kept: &kept,
    };
    // Held now, or pressed during this frame: a quick Ctrl+Z can press and let go of Ctrl within
    // one frame (a fast typist, a slow frame, an automation tool), and still means Ctrl+Z.
    let held = |pair: [KeyCode; 2]| keys.any_pressed(pair) || keys.any_just_released(pair);
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
    let brush = |b| GameCommand::Edit(EditCommand::Brush(b));
    for key in keys.get_just_pressed() {
        let command = match key {
            KeyCode::KeyZ if ctrl && shift => GameCommand::Redo,
            KeyCode::KeyZ if ctrl => GameCommand::Undo,
            KeyCode::KeyY if ctrl => GameCommand::Redo,
            KeyCode::KeyH if !ctrl => GameCommand::Hint,
            KeyCode::KeyA if !ctrl => GameCommand::Analyse,
            KeyCode::KeyR if !ctrl => GameCommand::Review,
            // Resign asks first, as its button does (not in a record, once over, between
            // computers, or over the network, which resigns in its own panel).
            KeyCode::KeyR if ctrl && shift => {
                let resignable = !doing.on_record()
                    && !current.is_over()
                    && current.remote().is_none()
                    && current.setup().mode != crate::game::Mode::ComputerVsComputer;
                if resignable {
                    question.ask_to_resign();
                }
                return;
            }
            KeyCode::KeyN if !ctrl => {
                question.ask_first(GameCommand::Restart, table, &doing, &mut writer);
                // The question waits for its own answer, not for the keys after N in this frame.
                return;
            }
            // A finished game has nothing left to pause.
            KeyCode::KeyP if !ctrl && !current.game().is_over() => GameCommand::TogglePause,
            KeyCode::KeyS if !ctrl => GameCommand::Step,
            // The position editor's stone (ignored outside the editor): B, W and X to erase; on
            // 3×3, where X is a mark, X and O, and Delete to erase.
            KeyCode::KeyX if !ctrl && tic_tac_toe => brush(Brush::Black),
            KeyCode::KeyO if !ctrl && tic_tac_toe => brush(Brush::White),
            KeyCode::KeyB if !ctrl && !tic_tac_toe => brush(Brush::Black),
            KeyCode::KeyW if !ctrl && !tic_tac_toe => brush(Brush::White),
            KeyCode::KeyX if !ctrl => brush(Brush::Erase),
            KeyCode::Delete | KeyCode::Backspace if !ctrl => brush(Brush::Erase),
            // Never in a network game: a key typed for the chat must not throw the game away.
            // The editor starts from the position on the board.
            KeyCode::KeyE if !ctrl && current.remote().is_none() => {
                let open = GameCommand::Edit(EditCommand::FromBoard);
                question.ask_first(open, table, &doing, &mut writer);
                return;
            }
            KeyCode::Escape => {
                question.ask_first(GameCommand::Menu, table, &doing, &mut writer);
                return;
            }
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => {
                GameCommand::Place(cursor.pos)
            }
            key if current.game().variant().is_tic_tac_toe() => match keypad_point(*key) {
                Some(pos) => GameCommand::Place(pos),
                None => continue,
            },
            _ => continue,
        };
        writer.write(command);
    }
}

fn move_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    current: Res<CurrentGame>,
    mut cursor: ResMut<Cursor>,
    doing: Doing,
) {
    // In a record the arrow keys step through the moves instead.
    if doing.on_record() {
        return;
    }
    let size = current.game().variant().size();
    for key in keys.get_just_pressed() {
        let (dx, dy) = match key {
            KeyCode::ArrowLeft => (-1, 0),
            KeyCode::ArrowRight => (1, 0),
            KeyCode::ArrowUp => (0, -1),
            KeyCode::ArrowDown => (0, 1),
            _ => continue,
        };
        cursor.visible = true;
        if let Some(pos) = cursor.pos.offset(dx, dy, 1, size) {
            cursor.pos = pos;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::score::Score;

    #[test]
    fn resetting_a_score_asks_first_and_an_empty_one_needs_no_question() {
        let mut question = Question::default();
        question.ask_before_reset(&Score::default());
        assert!(question.0.is_none(), "nothing to lose, nothing to ask");
        question.ask_before_reset(&Score {
            wins: [2, 1],
            draws: 0,
        });
        assert!(matches!(question.0, Some(GameCommand::ResetScore)));
        assert_eq!(question.message_id(), Some("question-reset-score"));
        question.cancel();
        assert!(question.0.is_none());
    }
}
