//! The game on the board and the only ways to change it. Its position and generation are private:
//! every method that changes the position bumps the generation itself, so an answer the computer
//! computed for an older position is always known to be stale.

use super::names::SeatName;
use std::time::Duration;

use bevy::prelude::Resource;
use tengen_engine::{Color, Game, Mode, OpeningRule, PlayError, Pos, SwapChoice};
use tengen_store::PerSide;

use super::swap::SwapPhase;
use super::{GameSetup, PlayerKind};

/// The game on the board, with what the game-over dialog reports about it.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame {
    /// The position: changed only through the methods below, which bump `generation`.
    game: Game,
    pub setup: GameSetup,
    /// Whether a game was started this session (the menu offers to continue it).
    pub live: bool,
    pub undos: u32,
    pub hints: u32,
    /// Real time when the game started and, once over, when it ended.
    pub started: Duration,
    pub finished: Option<Duration>,
    /// Playing time from earlier sessions of a game resumed from its autosave (see `persistence`).
    pub carried: Duration,
    /// Each side's thinking time: saved and restored with the game, shown by the HUD.
    pub clocks: Clocks,
    /// Bumped on every change of position: an answer computed for an older generation is stale.
    generation: u64,
    /// The players' names a record gives (`PB`, `PW`), shown instead of the mode's seat names.
    pub names: PerSide<Option<SeatName>>,
    /// In a network game, the colour played on the other machine (its moves arrive as
    /// [`GameCommand::RemoteMove`]).
    pub remote: Option<Color>,
    /// A network game that ended off the board (resigned, draw agreed, or it could not go on).
    off_board: Option<OffBoard>,
    /// How many moves belong to a swap opening that was settled: they were placed before the colours
    /// were chosen, so Undo never takes them back (that would let a player place the proposer's
    /// stones).
    opening_stones: usize,
    /// Where the swap or swap2 opening stands: moved on by the moves and choices below.
    opening: SwapPhase,
    /// The opening rule this game began with (a restart and a rematch open the same way).
    opening_rule: OpeningRule,
    /// Seat 0's colour when the game began, before a swap opening handed out the colours.
    dealt: Color,
}

/// How a network game ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffBoard {
    /// This colour resigned.
    Resigned(Color),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// The game could not go on (the other player left, or the positions differed): no result.
    Abandoned,
}

impl OffBoard {
    /// The result filed in the history, if the game has one.
    pub fn result(self) -> Option<tengen_engine::GameResult> {
        use tengen_engine::GameResult;
        match self {
            OffBoard::Resigned(Color::Black) => Some(GameResult::WhiteWins),
            OffBoard::Resigned(Color::White) => Some(GameResult::BlackWins),
            OffBoard::DrawAgreed => Some(GameResult::Draw),
            OffBoard::Abandoned => None,
        }
    }
}

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame::new(GameSetup::default(), Duration::ZERO)
    }
}

impl CurrentGame {
    pub fn new(setup: GameSetup, now: Duration) -> CurrentGame {
        CurrentGame {
            game: Game::new(setup.preset.variant()),
            setup,
            live: false,
            undos: 0,
            hints: 0,
            started: now,
            finished: None,
            carried: Duration::ZERO,
            clocks: Clocks::default(),
            generation: 0,
            names: PerSide::default(),
            remote: None,
            off_board: None,
            opening_stones: 0,
            opening: SwapPhase::Off,
            opening_rule: OpeningRule::Free,
            dealt: setup.first_seat,
        }
    }

    /// A game that starts from `game` (a set-up position, a record played on, a saved game).
    pub fn with_game(setup: GameSetup, game: Game, now: Duration) -> CurrentGame {
        CurrentGame {
            game,
            ..CurrentGame::new(setup, now)
        }
    }

    /// A fresh game opens under `rule`: in swap and swap2 the seat dealt black places the first
    /// stones. Free play, 3×3, computer against computer, a network game and a set-up position open
    /// as usual (the colours are settled from the start).
    pub fn start_opening(&mut self, rule: OpeningRule) {
        let game = &self.game;
        let fresh =
            game.moves().is_empty() && game.setup().is_empty() && game.redo_moves().is_empty();
        self.opening_rule = rule;
        self.dealt = self.setup.first_seat;
        self.opening = if rule == OpeningRule::Free
            || !fresh
            || self.remote.is_some()
            || self.setup.mode == Mode::ComputerVsComputer
            || game.variant().is_tic_tac_toe()
        {
            SwapPhase::Off
        } else {
            SwapPhase::Placing {
                seat: self.setup.seat(Color::Black),
                until: 3,
                rule,
            }
        };
        self.generation += 1;
    }

    /// A saved game's opening as it was: in progress (`phase`), or settled with `opening_stones`.
    pub fn restore_opening(&mut self, phase: SwapPhase, rule: OpeningRule, opening_stones: usize) {
        self.opening = phase;
        self.opening_rule = rule;
        self.opening_stones = opening_stones;
        self.generation += 1;
    }

    /// Where the swap or swap2 opening stands (`Off` once the colours are settled).
    pub fn opening(&self) -> SwapPhase {
        self.opening
    }

    /// The opening rule the game began with.
    pub fn opening_rule(&self) -> OpeningRule {
        self.opening_rule
    }

    /// The setup as the game began: seat 0 with the colour it was dealt, before a swap opening handed
    /// out the colours (a restart and a rematch open from it again).
    pub fn dealt_setup(&self) -> GameSetup {
        GameSetup {
            first_seat: self.dealt,
            ..self.setup
        }
    }

    /// The seat choosing takes a colour (the opening is settled: seat 0 plays what it took or left,
    /// and the stones on the board belong to the opening, so Undo never takes them back) or, in
    /// swap2 after three stones, places two more. Returns whether the choice applied: none does
    /// while nobody chooses. A new generation either way it applies, so the choice is saved.
    pub fn choose_in_opening(&mut self, choice: SwapChoice) -> bool {
        let SwapPhase::Choosing { seat, after, rule } = self.opening else {
            return false;
        };
        let taken = match choice {
            SwapChoice::PlaceTwo if rule == OpeningRule::Swap2 && after == 3 => {
                self.opening = SwapPhase::Placing {
                    seat,
                    until: 5,
                    rule,
                };
                self.generation += 1;
                return true;
            }
            SwapChoice::PlaceTwo => return false,
            SwapChoice::Black => Color::Black,
            SwapChoice::White => Color::White,
        };
        let first_seat = if seat == 0 { taken } else { taken.opponent() };
        if first_seat != self.setup.first_seat {
            // The seats change colours, and their times with them.
            let spent = self.clocks.spent;
            self.clocks.spent = PerSide {
                black: spent.white,
                white: spent.black,
            };
            self.clocks.runs_for = self.clocks.runs_for.opponent();
        }
        self.setup.first_seat = first_seat;
        self.opening_stones = self.game.moves().len();
        self.opening = SwapPhase::Off;
        self.generation += 1;
        true
    }

    /// The colour `seat` plays now (0: you against the computer, player 1 between two players).
    fn seat_side(&self, seat: usize) -> Color {
        if seat == 0 {
            self.setup.first_seat
        } else {
            self.setup.first_seat.opponent()
        }
    }

    /// Who sits in `seat`.
    pub fn seat_player(&self, seat: usize) -> PlayerKind {
        self.setup.player(self.seat_side(seat))
    }

    /// Whether a click may place the side to move's stone: the colours are settled, or a person is
    /// placing the opening stones (of either colour).
    pub fn opening_lets_place(&self) -> bool {
        match self.opening {
            SwapPhase::Off => true,
            SwapPhase::Placing { seat, .. } => self.seat_player(seat) == PlayerKind::Human,
            SwapPhase::Choosing { .. } => false,
        }
    }

    /// Whether a person is placing opening stones of either colour now (so a click is theirs even
    /// when the colour to move is the computer's).
    pub fn person_places_opening(&self) -> bool {
        matches!(self.opening, SwapPhase::Placing { seat, .. } if self.seat_player(seat) == PlayerKind::Human)
    }

    /// The colour of the seat acting now: the side to move, or in a swap opening the seat placing or
    /// choosing (its clock runs).
    pub fn acting_side(&self) -> Color {
        match self.opening.seat() {
            Some(seat) => self.seat_side(seat),
            None => self.game.to_move(),
        }
    }

    /// Starts the clock of the seat acting now at `now` (or keeps the clocks stopped).
    pub fn start_turn(&mut self, now: Option<Duration>) {
        let side = self.acting_side();
        self.clocks.start(side, now);
    }

    /// The opening follows the board after a stone placed or taken back.
    fn follow_opening(&mut self) {
        self.opening = self.opening.followed(self.game.moves().len());
    }

    /// Puts another game in place of this one; its generation follows this one's, so an answer the
    /// computer computed for the old position is known to be stale.
    pub fn replace(&mut self, next: CurrentGame) {
        let generation = self.generation + 1;
        *self = next;
        self.generation = generation;
    }

    /// Shows another position of the same game (a set-up stone, a puzzle's moves): a new generation.
    pub fn show_position(&mut self, game: Game) {
        self.game = game;
        self.generation += 1;
    }

    /// The position on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Bumped on every change of position: an answer computed for an older generation is stale.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Plays a stone for the side to move.
    pub fn play(&mut self, pos: Pos) -> Result<(), PlayError> {
        self.game.play(pos)?;
        self.follow_opening();
        self.generation += 1;
        Ok(())
    }

    /// Plays the last undone move again; `None` when there is none.
    pub fn redo(&mut self) -> Option<Pos> {
        let pos = self.game.redo()?;
        self.follow_opening();
        self.generation += 1;
        Some(pos)
    }

    /// Takes the last move back; `None` when there is none.
    pub fn undo(&mut self) -> Option<Pos> {
        let pos = self.game.undo()?;
        self.follow_opening();
        self.generation += 1;
        Some(pos)
    }

    /// Steps through the moves played and undone until `target` moves are on the board (a record
    /// looked through).
    pub fn step_to(&mut self, target: usize) {
        while self.game.moves().len() > target && self.game.undo().is_some() {}
        while self.game.moves().len() < target && self.game.redo().is_some() {}
        self.follow_opening();
        self.generation += 1;
    }

    /// How a network game ended off the board, if it did.
    pub fn off_board(&self) -> Option<OffBoard> {
        self.off_board
    }

    /// How many moves belong to a settled swap opening (Undo never takes them back).
    pub fn opening_stones(&self) -> usize {
        self.opening_stones
    }

    /// An opened record is looked through (`Activity::Record`), with its players' names; its playing
    /// time is not known, so none is shown and none counts.
    pub fn view_record(&mut self, names: PerSide<Option<SeatName>>, now: Duration) {
        self.names = names;
        self.finished = Some(now);
    }

    /// Whatever the computer is thinking about now is no longer wanted (the player left the board):
    /// a new generation, so its answer is dropped.
    pub fn forget_answers(&mut self) {
        self.generation += 1;
    }

    /// A network game ends off the board at `now`: a new generation, so the autosave files it.
    pub fn end_off_board(&mut self, end: OffBoard, now: Duration) {
        self.off_board = Some(end);
        self.finished = Some(now);
        self.generation += 1;
    }

    /// Whether the game is over: on the board, or off it (a network game resigned, drawn by
    /// agreement or abandoned).
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.off_board.is_some()
    }

    /// The seats' names as the player reads them: a record's or a player's own names, else the
    /// seats' default names in the player's language.
    pub fn seat_names_in(&self, words: &crate::i18n::Words) -> [String; 2] {
        let mut names = words.seat_names(self.setup.mode);
        // In a network game this machine's seat is "You"; the other's is its player's name.
        if let Some(remote) = self.remote {
            names[self.setup.seat(remote.opponent())] = words.tr("net-you");
        }
        for color in [Color::Black, Color::White] {
            if let Some(name) = self.names.get(color) {
                names[self.setup.seat(color)] = name.in_words(words);
            }
        }
        names
    }

    /// Whether the player at this machine plays `color` under the seat name "You" (against the
    /// computer, in a network game, or in a record that names them), so a sentence about that side
    /// speaks to them.
    pub fn is_you(&self, color: Color) -> bool {
        if let Some(name) = self.names.get(color) {
            return *name == SeatName::You;
        }
        match self.remote {
            Some(remote) => color != remote,
            None => {
                self.setup.mode == super::Mode::HumanVsComputer
                    && self.setup.player(color) == PlayerKind::Human
            }
        }
    }

    /// Looking through a record (`Activity::Record` or `Review`): the position shown is the game's
    /// own, so its moves are the ones shown and its redo list the ones ahead. The move shown (0 before
    /// the first) and how many the record has.
    pub fn record_position(&self) -> (usize, usize) {
        let shown = self.game.moves().len();
        (shown, shown + self.game.redo_moves().len())
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.setup.player(self.game.to_move())
    }

    /// Whether a human is to place a stone now: never in a record on the board (`on_record`, from
    /// [`crate::screens::Doing`]), where nothing is played, so no hint and no preview stone.
    pub fn humans_turn(&self, on_record: bool) -> bool {
        !on_record && !self.is_over() && self.player_to_move() == PlayerKind::Human
    }

    /// How long the game has lasted so far.
    pub fn duration(&self, now: Duration) -> Duration {
        self.carried + self.finished.unwrap_or(now).saturating_sub(self.started)
    }
}

/// The players' clocks: how long each seat has spent on its turns (time in the menu and after the game
/// ended does not count), kept under the colour the seat plays: when a swap opening hands the colours
/// out, the times change colour with their seats. Run by the `clock` plugin; part of [`CurrentGame`],
/// so every game on the board (new, opened, restored) brings its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// Time spent per side on its finished turns.
    pub spent: PerSide<Duration>,
    /// Real time when the current turn started; `None` while the clocks are stopped.
    pub turn_started: Option<Duration>,
    /// Whose clock runs: the colour of the seat acting (in a swap opening, the seat placing stones of
    /// both colours, or choosing).
    pub runs_for: Color,
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks {
            spent: PerSide::default(),
            turn_started: None,
            runs_for: Color::Black,
        }
    }
}

impl Clocks {
    /// A side's total at `now`, counting the running turn.
    pub fn shown(&self, side: Color, now: Duration) -> Duration {
        let running = match self.turn_started {
            Some(start) if side == self.runs_for => now.saturating_sub(start),
            _ => Duration::ZERO,
        };
        *self.spent.get(side) + running
    }

    /// Starts the turn of `side` at `now` (or keeps the clocks stopped).
    pub fn start(&mut self, side: Color, now: Option<Duration>) {
        self.runs_for = side;
        self.turn_started = now;
    }

    /// Ends the running turn at `now`, adding it to the time of the side it ran for.
    pub fn bank(&mut self, now: Duration) {
        if let Some(start) = self.turn_started.take() {
            *self.spent.get_mut(self.runs_for) += now.saturating_sub(start);
        }
    }
}
