//! What a player (mouse, keyboard, menu button, test) asks the game to do.

use super::names::SeatName;
use bevy::prelude::*;
use tengen_engine::{Color, Game, Level, Pos, Preset};
use tengen_store::PerSide;

use super::setup::GameSetup;
use tengen_match::End;

/// A game record to put on the board (see [`GameCommand::Open`]).
#[derive(Clone, Debug)]
pub struct OpenGame {
    pub game: Game,
    /// Play on against the computer at once, taking the side to move; otherwise the record opens in
    /// the viewer.
    pub against_computer: bool,
    /// The viewer starts before the first move (a game from the history) rather than at the last.
    pub rewind: bool,
    /// The players' names the record gives (`PB`, `PW`), kept when both sides are played here.
    pub names: PerSide<Option<SeatName>>,
}

impl OpenGame {
    /// A record to put on the board, with its players' names (`own` is the player's own name from
    /// the settings: a record that names them names "You").
    pub fn record(
        record: tengen_store::GameRecord,
        against_computer: bool,
        rewind: bool,
        own: &str,
    ) -> OpenGame {
        let seat = |name: Option<String>| name.map(|name| SeatName::from_record(&name, own));
        OpenGame {
            game: record.game,
            against_computer,
            rewind,
            names: PerSide {
                black: seat(record.black),
                white: seat(record.white),
            },
        }
    }
}

/// What a player (mouse, keyboard, menu button, test) asks the game to do. Read by one system,
/// [`turn`]'s, which applies it to the match or routes it to the plugin it concerns.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    /// Place a stone of the side to move (a human's move).
    Place(Pos),
    Undo,
    Redo,
    /// Ask the computer for a suggestion.
    Hint,
    /// Start a new game with this setup.
    NewGame(GameSetup),
    /// Start again with the same setup.
    Restart,
    /// Start again with colours swapped.
    Rematch,
    /// Put a record on the board (from a file, pasted text or the history). Its setup takes the level
    /// and think time from the settings.
    Open(Box<OpenGame>),
    /// Looking through a record: show another of its positions.
    View(ViewStep),
    /// Looking through a record: show `line` played after the record's position `fork` as a branch of
    /// its tree (made if new), at the line's first move: the review's better line or refutation.
    ViewLine {
        fork: Vec<Pos>,
        line: Vec<Pos>,
    },
    /// Looking through a record: make the position shown a live game, two players at this screen or
    /// against the computer (you take the side to move).
    ContinueFromHere {
        against_computer: bool,
    },
    /// Show the game held in [`CurrentGame`] again: from the menu's Continue, or after a saved game was
    /// put there. If the computer is to move, it starts thinking.
    Resume,
    /// Leave the game for the menu.
    Menu,
    /// Computer vs computer: pause or resume.
    TogglePause,
    /// Computer against computer: the least time each move stays before the next.
    Pace(super::state::Pace),
    /// The computer thinking now plays the best move it has found so far.
    MoveNow,
    /// Computer vs computer while paused: let the computer play one move.
    Step,
    ResetScore,
    /// Start a network game (or pick it up again after a reconnect): this machine plays `local`, the
    /// other machine the other colour, from the position after `moves`.
    NetworkGame {
        preset: Preset,
        local: Color,
        moves: Vec<Pos>,
        /// The other player's name, as they gave it.
        peer: Option<String>,
        /// The time control the host chose.
        time: tengen_match::TimeControl,
    },
    /// A stone from the other machine of a network game; checked here like a click.
    RemoteMove(Pos),
    /// A network game's undo both players agreed to: take back this many moves.
    TakeBack(usize),
    /// A network game ended off the board, on both machines the same way (a resignation, an agreed
    /// draw, or the other player left).
    EndOffBoard(End),
    /// The player at this board resigns: against the computer, the person's colour; between two
    /// players at one board, the side to move. Asked first (see `input::Question`).
    Resign,
    /// Resign the rated game under way, then do this (a new game, the editor, the puzzles): the
    /// answer to "Resign this game?" when the player leaves it for another. The resigned game is
    /// filed this frame; the command follows in the next.
    ResignThen(Box<GameCommand>),
    /// The position editor (see [`editor`]); while it is open, `Place` puts set-up stones.
    Edit(EditCommand),
    /// The puzzles (see [`puzzle`]); while they are open, `Place` and `Hint` are the puzzle's.
    Puzzle(PuzzleCommand),
    /// Swap or swap2: the player choosing answers (see [`opening`]).
    Swap(tengen_engine::SwapChoice),
    /// The person declaring in a renju tournament opening says how many fifth moves black offers
    /// (Taraguchi: 1 is placing the fifth).
    Declare(u8),
    /// Live analysis on or off (see [`crate::analysis::live`]).
    Analyse,
    /// Review the game: a finished game is looked through from now on (like a record), and the whole
    /// record on the board is analysed (see [`crate::analysis::review`]).
    Review,
    /// Put the review away.
    CloseReview,
    /// The record viewer's tree, comments and marks, and the board's view (see [`study_edit`]).
    ///
    /// [`study_edit`]: super::study_edit
    Study(StudyCommand),
}

/// What the study panel (or a test) asks of the record's tree, its comments and marks, and of the
/// board's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyCommand {
    /// Show this node of the tree.
    GoTo(tengen_engine::NodeId),
    /// The line of the position shown becomes the main line.
    Promote,
    /// Deletes the position shown and every move after it (undone by [`StudyCommand::UndoDelete`]).
    Delete,
    /// Puts back the branch deleted last.
    UndoDelete,
    /// The comment of the position shown (empty for none).
    Comment(String),
    /// What a click on the board does in the viewer: play, or put a mark.
    Tool(MarkTool),
    /// Puts the tool's mark on this point at the position shown, or takes it away.
    Mark(Pos),
    /// Turns the board a quarter clockwise (the view only).
    Rotate,
    /// Mirrors the board left to right (the view only).
    Flip,
    /// The board as the record draws it.
    ResetView,
    /// Numbers on the last this many stones (0: none).
    NumberLast(u16),
}

/// A board mark the viewer's click puts, or none (the click plays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MarkTool {
    #[default]
    None,
    /// A letter: the next one free, A, B, C…
    Label,
    Triangle,
    Square,
}

/// A hint asked for in a game played (the puzzles give their own): routed by the turn to the hint
/// search.
#[derive(Message, Clone, Copy, Debug)]
pub struct HintAsked;

/// "Move now", routed by the turn to the computer's search.
#[derive(Message, Clone, Copy, Debug)]
pub struct MoveNowAsked;

/// Live analysis on or off, routed by the turn to the analysis.
#[derive(Message, Clone, Copy, Debug)]
pub struct AnalysisToggled;

/// What a player's command means for the network game, routed by the turn to the network: the
/// network decides with its connection what to send.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkAsk {
    /// Another game goes on the board: the network game (or the wait for one) ends here.
    Leave,
    /// The player goes to the menu: a connected game ends, for the other player too.
    LeaveForMenu,
    /// Continue a saved network game: connect again.
    Reconnect,
    /// Undo in a network game asks the other player (or accepts what they asked).
    Undo,
    /// Rematch in a network game offers it to the other player (or accepts their offer).
    Rematch,
}

/// Which position of a record to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewStep {
    First,
    Previous,
    Next,
    Last,
    /// The position after this many moves (0 is the empty board).
    To(usize),
    /// The branch before the one shown, at the same move (a record with variations).
    PreviousBranch,
    /// The branch after the one shown, at the same move.
    NextBranch,
}

/// What a click on the board does in the editor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    /// Puts a black stone (or takes away the black stone there).
    #[default]
    Black,
    White,
    /// Takes away the stone there.
    Erase,
}

/// What the editor's panel (or a test) asks for; sent as [`GameCommand::Edit`], routed by the turn
/// to the editor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// Open the editor on an empty board of this rule preset.
    Open(Preset),
    /// Open the editor on the position on the board (its stones and side to move), to change it.
    FromBoard,
    Brush(Brush),
    /// The brush on a point (a click on the board sends `GameCommand::Place`, which means this here).
    Put(Pos),
    /// Take every stone off.
    Clear,
    ToMove(Color),
    /// The computer's level for a game played from the position.
    Level(Level),
    /// Set the position up under another rule preset: the stones stay where they all fit on its
    /// board (and the position stays playable), else it starts empty.
    Rule(Preset),
    /// Play the position: against the computer (you take the side to move) or two players here.
    Play {
        against_computer: bool,
    },
}

/// What the puzzle panel (or a test) asks for; sent as [`GameCommand::Puzzle`], routed by the turn
/// to the puzzles.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Open the puzzles on the puzzle that suits the player's puzzle rating.
    Open,
    /// The next puzzle that suits the player.
    Next,
    /// The same puzzle from its start (after a miss, or to play it again).
    Retry,
    /// Show a winning move (counted: a solve with hints is worth less).
    Hint,
    /// The player's move in the puzzle (a click on the board while the puzzles are open).
    Play(Pos),
}
