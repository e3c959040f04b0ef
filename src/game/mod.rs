//! The game itself, free of windows and rendering: the match being played, the commands that change it,
//! and the gameplay facts (events) that presentation hangs sound and animation on.
//!
//! Everything under this module runs in the headless test app (`MinimalPlugins` + `StatesPlugin`).

use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::{Color, Forbidden, Game, Level, Pos, Preset, SearchLimits, Step};
use tengen_store::PerSide;

use crate::AppSystems;

pub use tengen_engine::Mode;

pub use current::{Clocks, CurrentGame, OffBoard};

pub mod board;
pub mod computer;
mod current;
pub mod editor;
pub mod hint;
pub mod input;
pub mod opening;
pub mod puzzle;
pub mod score;
pub mod swap;
pub mod turn;
pub mod viewer;
pub mod win;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<CurrentGame>()
        .init_resource::<Notice>()
        .init_resource::<Autoplay>()
        .init_resource::<RemoteLink>()
        .init_resource::<MatchedSteps>()
        .add_systems(Update, retire_notice.after(AppSystems::Think))
        .add_plugins((
            board::plugin,
            turn::plugin,
            win::plugin,
            computer::plugin,
            hint::plugin,
            score::plugin,
            input::plugin,
            viewer::plugin,
            editor::plugin,
            opening::plugin,
            puzzle::plugin,
        ));
}

/// Whether the other machine of a network game is connected now. Owned by the game and written by the
/// network plugin, so the game's rules never look into the network's own state.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RemoteLink {
    pub connected: bool,
}

/// Computer vs computer: paused, and how many single moves were asked for while paused.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Autoplay {
    pub paused: bool,
    pub steps: u32,
}

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    Human,
    Computer,
}

/// Everything chosen before a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: Mode,
    pub preset: Preset,
    pub level: Level,
    /// The colour of seat 0: your colour against the computer, player 1's otherwise.
    pub first_seat: Color,
    /// How long the Expert level thinks per move.
    pub think_time: Duration,
    /// A step of the strength ladder the computer plays instead of `level` (never on 3×3).
    pub step: Option<Step>,
    /// The step was chosen by "Match my strength": each new game chooses again from the player's
    /// rating (see [`MatchedSteps`]).
    pub matched: bool,
}

/// The step that gives the player about even chances, per rule (the rule's key, as the statistics
/// file has it). Owned by the game, written by the persistence side from the player's ratings.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchedSteps(pub std::collections::HashMap<String, Step>);

impl MatchedSteps {
    /// The step for `preset`'s rule: the one matching the player's rating, or the fresh player's.
    pub fn step_for(&self, preset: Preset) -> Step {
        let key = tengen_store::rule_key(preset.variant());
        self.0
            .get(&key)
            .copied()
            .unwrap_or_else(|| tengen_store::matched_step(&tengen_store::Rating::fresh()))
    }

    /// `setup` with its step chosen now, when it asks to match the player.
    pub fn resolve(&self, setup: GameSetup) -> GameSetup {
        if !setup.matched || setup.mode != Mode::HumanVsComputer {
            return setup;
        }
        GameSetup {
            step: Some(self.step_for(setup.preset)),
            ..setup
        }
    }
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset: Preset::Freestyle15,
            level: Level::Medium,
            first_seat: Color::Black,
            think_time: Duration::from_secs(1),
            step: None,
            matched: false,
        }
    }
}

impl GameSetup {
    /// The setup the settings remember: the last game started.
    pub fn from_settings(settings: &tengen_store::Settings) -> GameSetup {
        GameSetup {
            mode: settings.mode,
            preset: settings.preset,
            level: settings.level,
            first_seat: settings.human_color,
            think_time: Duration::from_millis(settings.expert_think_ms),
            step: settings.step.and_then(Step::new),
            matched: settings.match_strength,
        }
    }

    /// Which seat plays `color`.
    pub fn seat(&self, color: Color) -> usize {
        usize::from(color != self.first_seat)
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> PlayerKind {
        match self.mode {
            Mode::HumanVsHuman => PlayerKind::Human,
            Mode::ComputerVsComputer => PlayerKind::Computer,
            Mode::HumanVsComputer if color == self.first_seat => PlayerKind::Human,
            Mode::HumanVsComputer => PlayerKind::Computer,
        }
    }

    /// The same match with colours swapped.
    pub fn swapped(self) -> GameSetup {
        GameSetup {
            first_seat: self.first_seat.opponent(),
            ..self
        }
    }

    /// Whether going from `self` to `next` changes the contest, so the session score starts afresh:
    /// another mode, another opponent strength or another game.
    pub fn changes_opponent(&self, next: &GameSetup) -> bool {
        self.mode != next.mode
            || self.computer_step() != next.computer_step()
            || self.preset != next.preset
    }

    /// The ladder step the computer plays: the chosen step, or the level's own (3×3 keeps its three
    /// levels, so a step never applies there).
    pub fn computer_step(&self) -> Step {
        match self.step {
            Some(step) if !self.preset.variant().is_tic_tac_toe() => step,
            _ => Step::from_level(self.level),
        }
    }

    /// The computer's strength as the player reads it: its level's name, or its step.
    pub fn strength_in(&self, words: &crate::i18n::Words) -> String {
        if self.plays_a_step() {
            words.step(self.computer_step())
        } else {
            words.level(self.level)
        }
    }

    /// Whether the computer plays a step other than the three named levels.
    pub fn plays_a_step(&self) -> bool {
        self.computer_step().level().is_none()
    }

    /// The search limits of the computer: the step's own; a named level's, with the chosen think
    /// time for Expert.
    pub fn search_limits(&self) -> SearchLimits {
        let step = self.computer_step();
        if step.level().is_none() {
            return step.limits();
        }
        let mut limits = SearchLimits::for_level(self.level);
        if self.level == Level::Expert {
            limits.think_time = self.think_time;
        }
        limits
    }
}

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
    pub names: PerSide<Option<String>>,
}

impl OpenGame {
    /// A record to put on the board, with its players' names.
    pub fn record(
        record: tengen_store::GameRecord,
        against_computer: bool,
        rewind: bool,
    ) -> OpenGame {
        OpenGame {
            game: record.game,
            against_computer,
            rewind,
            names: PerSide {
                black: record.black,
                white: record.white,
            },
        }
    }
}

/// What a player (mouse, keyboard, menu button, test) asks the game to do. Read by [`turn`].
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
    },
    /// A stone from the other machine of a network game; checked here like a click.
    RemoteMove(Pos),
    /// A network game's undo both players agreed to: take back this many moves.
    TakeBack(usize),
    /// A network game ended off the board, on both machines the same way.
    EndOffBoard(OffBoard),
    /// The position editor (see [`editor`]); while it is open, `Place` puts set-up stones.
    Edit(editor::EditCommand),
    /// The puzzles (see [`puzzle`]); while they are open, `Place` and `Hint` are the puzzle's.
    Puzzle(puzzle::PuzzleCommand),
    /// Swap or swap2: the player choosing answers (see [`opening`]).
    Swap(tengen_engine::SwapChoice),
    /// Live analysis on or off (see [`crate::analysis::live`]).
    Analyse,
    /// Review the game: a finished game is looked through from now on (like a record), and the whole
    /// record on the board is analysed (see [`crate::analysis::review`]).
    Review,
    /// Put the review away.
    CloseReview,
}

impl GameCommand {
    /// Whether the command puts another game on the board or leaves the board: it closes the editor
    /// and the puzzles, whichever is open.
    pub fn replaces_the_board(&self) -> bool {
        matches!(
            self,
            GameCommand::NewGame(_)
                | GameCommand::Restart
                | GameCommand::Rematch
                | GameCommand::Open(_)
                | GameCommand::Resume
                | GameCommand::NetworkGame { .. }
                | GameCommand::Menu
                | GameCommand::Edit(editor::EditCommand::Open(_))
                | GameCommand::Puzzle(puzzle::PuzzleCommand::Open)
        )
    }
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
}

/// The record on the board shows another of its positions: the stones are set anew (no move was
/// played, so nothing is counted or timed).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordStepped;

/// A game appears on the board: a new one, or one resumed from the menu.
#[derive(Event, Debug, Clone)]
pub struct GameStarted;

/// A record became a live game (opened to play on against the computer, or continued from the viewer),
/// just before its [`GameStarted`]: what the files need to know of it.
#[derive(Event, Debug, Clone)]
pub struct RecordOpened {
    /// The record's moves in full: played to the same end, it is not filed again.
    pub moves: Vec<Pos>,
    /// The players' names the record gives.
    pub names: PerSide<Option<String>>,
}

/// A stone landed on the board (a move, or a redo).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StonePlaced {
    pub pos: Pos,
    pub color: Color,
    /// The move number, from 1.
    pub number: usize,
    /// Whether a computer played it.
    pub by_computer: bool,
    /// Whether it came from the other machine of a network game.
    pub by_remote: bool,
}

/// A stone from the other machine could not be played here (out of turn or illegal): the local game
/// is unchanged and the network closes the connection with this reason.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct RemoteMoveRefused {
    pub reason: String,
}

/// A stone was taken back by undo.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneRemoved {
    pub pos: Pos,
    pub color: Color,
}

/// Five in a row: the game is won.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct GameWon {
    pub winner: Color,
    pub line: Vec<Pos>,
    /// Whether a human won (against the computer this is "you win").
    pub human_won: bool,
}

/// The board is full and nobody won.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameDrawn;

/// Why a click on the board was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Occupied,
    Forbidden(Forbidden),
    NotYourTurn,
    GameOver,
    /// A record is being looked through, not played.
    Viewing,
    /// A network game: the other machine plays this move.
    RemoteTurn,
    /// A network game whose connection is down.
    NotConnected,
}

impl Refusal {
    /// What the player reads.
    pub fn message(self, words: &crate::i18n::Words) -> String {
        match self {
            Refusal::Occupied => words.tr("notice-occupied"),
            Refusal::Forbidden(why) => words.tr_args(
                "notice-forbidden",
                &[("reason", words.forbidden(why).into())],
            ),
            Refusal::NotYourTurn => words.tr("notice-not-your-turn"),
            Refusal::GameOver => words.tr("notice-game-over"),
            Refusal::Viewing => words.tr("notice-viewing-record"),
            Refusal::RemoteTurn => words.tr("notice-remote-turn"),
            Refusal::NotConnected => words.tr("notice-not-connected"),
        }
    }
}

/// A click (or keypress) that could not place a stone. Presentation shows it and plays a warning.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalClick {
    pub pos: Option<Pos>,
    pub reason: Refusal,
}

/// Starting a hint search (see [`hint`]): a mode with hints of its own (the puzzles) turns it off.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HintSearch;

/// A hint was given to the player: the computer's suggestion, or a puzzle's winning move.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct HintShown {
    pub pos: Pos,
    pub reason: String,
}

/// What a notice says about the last action, so it is shown in the right colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoticeKind {
    /// Neutral news: "Nothing to undo.", "Looking for a good move…".
    #[default]
    Info,
    /// Good news: "Game opened.", a new fastest win.
    Good,
    /// Something was refused or went wrong.
    Error,
}

/// A short message for the player (refused clicks, hints, nothing to undo), shown until the game moves
/// on ([`retire_notice`]).
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice {
    pub text: String,
    pub kind: NoticeKind,
    /// Real time when it was posted.
    pub posted: Duration,
}

impl Notice {
    /// Posts neutral news.
    pub fn post(&mut self, text: impl Into<String>, now: Duration) {
        self.post_kind(NoticeKind::Info, text, now);
    }

    /// Posts good news.
    pub fn post_good(&mut self, text: impl Into<String>, now: Duration) {
        self.post_kind(NoticeKind::Good, text, now);
    }

    /// Posts a refusal or a failure.
    pub fn post_error(&mut self, text: impl Into<String>, now: Duration) {
        self.post_kind(NoticeKind::Error, text, now);
    }

    fn post_kind(&mut self, kind: NoticeKind, text: impl Into<String>, now: Duration) {
        self.text = text.into();
        self.kind = kind;
        self.posted = now;
    }

    /// Takes the notice down at once if it still says `text` (news that became stale).
    pub fn withdraw(&mut self, text: &str) {
        if self.text == text {
            self.text.clear();
        }
    }

    /// The text until it is retired (see [`retire_notice`]).
    pub fn current(&self) -> Option<&str> {
        (!self.text.is_empty()).then_some(self.text.as_str())
    }
}

/// The least time a notice stays on screen, whatever happens next.
pub const NOTICE_MIN: Duration = Duration::from_secs(2);

/// A notice answers the last thing that happened: it stays until a newer one replaces it or the game
/// moves on (a move, an undo, another position), and at least [`NOTICE_MIN`] so it can be read. A
/// notice that vanished by the clock took the reason for an error or the next step away mid-sentence.
fn retire_notice(
    current: Res<CurrentGame>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    mut seen: Local<u64>,
) {
    if current.generation() == *seen {
        return;
    }
    *seen = current.generation();
    if time.elapsed().saturating_sub(notice.posted) >= NOTICE_MIN {
        notice.text.clear();
    }
}

pub use tengen_engine::cell_name;
