//! The game on the board: a match ([`tengen_match::Match`], which owns the position, the seats and
//! their colours, the opening phase, the clocks, the undo policy and the end) with what the game
//! adds around it: the computer's strength, the players' names, whether a game was started this
//! session, and a generation. Nothing here is public: every change goes through a method, and every
//! method that changes the position bumps the generation itself, so an answer the computer computed
//! for an older position is always known to be stale.

use std::time::Duration;

use bevy::prelude::Resource;
use tengen_engine::{Color, Game, Level, Mode, OpeningRule, Step};
use tengen_match::{
    Action, Clocks, End, Fact, Match, MatchSetup, OpeningPhase, Player, Reason, Refusal, Seat,
    Seats,
};
use tengen_store::PerSide;

use super::names::SeatName;
use super::{GameSetup, PlayerKind};

/// What the computer's seat plays with: the rest of a [`GameSetup`] is the match's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strength {
    level: Level,
    think_time: Duration,
    step: Option<Step>,
    matched: bool,
    engine: Option<u32>,
    first_engine: Option<u32>,
}

/// The game on the board: see the module's documentation.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame {
    game_match: Match,
    strength: Strength,
    /// Whether a game was started this session (the menu offers to continue it).
    live: bool,
    /// Bumped on every change of position: an answer computed for an older generation is stale.
    generation: u64,
    /// The players' names a record gives (`PB`, `PW`), or the other player's in a network game,
    /// shown instead of the mode's seat names.
    names: PerSide<Option<SeatName>>,
    /// Why the engine in the computer's seat lost this game, when it forfeited (not saved: the
    /// saved game keeps the reason `forfeit`).
    engine_failure: Option<tengen_host::Failure>,
}

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame::new(GameSetup::default())
    }
}

/// The match's setup for a game set up as `setup`, with `opening` and `time`.
fn match_setup(setup: &GameSetup, seats: Seats, opening: OpeningRule) -> MatchSetup {
    MatchSetup {
        opening,
        time: setup.time,
        ..MatchSetup::new(setup.preset, seats, setup.first_seat)
    }
}

impl CurrentGame {
    fn around(game_match: Match, setup: &GameSetup) -> CurrentGame {
        CurrentGame {
            game_match,
            strength: Strength {
                level: setup.level,
                think_time: setup.think_time,
                step: setup.step,
                matched: setup.matched,
                engine: setup.engine,
                first_engine: setup.first_engine,
            },
            live: false,
            generation: 0,
            names: PerSide::default(),
            engine_failure: None,
        }
    }

    /// A fresh game of `setup` from the empty board, opening freely.
    pub fn new(setup: GameSetup) -> CurrentGame {
        let seats = Seats::of_mode(setup.mode);
        let game_match = Match::new(match_setup(&setup, seats, OpeningRule::Free));
        CurrentGame::around(game_match, &setup)
    }

    /// A game of `setup` that goes on from `game` (a set-up position, a record played on).
    pub fn with_game(setup: GameSetup, game: Game) -> CurrentGame {
        let seats = Seats::of_mode(setup.mode);
        let setup_of_match = match_setup(&setup, seats, OpeningRule::Free);
        CurrentGame::around(Match::from_position(setup_of_match, game), &setup)
    }

    /// A network game from `game`: this machine's person in the first seat playing `setup`'s
    /// first colour, the other machine in the second, on the host's time control (`setup.time`).
    pub fn network(setup: GameSetup, game: Game) -> CurrentGame {
        let setup_of_match = match_setup(&setup, Seats::network(), OpeningRule::Free);
        CurrentGame::around(Match::from_position(setup_of_match, game), &setup)
    }

    /// A saved match put back, with the strength and names the files give.
    pub fn restored(game_match: Match, setup: &GameSetup) -> CurrentGame {
        CurrentGame::around(game_match, setup)
    }

    /// A fresh game opens under `rule`: in swap and swap2 the seat dealt black places the first
    /// stones. Free play, 3×3, computer against computer, a network game and a set-up position open
    /// as usual (the colours are settled from the start).
    pub fn start_opening(&mut self, rule: OpeningRule) {
        let old = self.game_match.setup();
        // Renju's tournament rules open renju games; another rule's game opens freely.
        let rule = if rule.is_tournament() && old.preset != tengen_engine::Preset::Renju15 {
            OpeningRule::Free
        } else {
            rule
        };
        let setup = MatchSetup {
            opening: rule,
            ..*old
        };
        let game = self.game_match.game().clone();
        let fresh =
            game.moves().is_empty() && game.setup().is_empty() && game.redo_moves().is_empty();
        self.game_match = if fresh {
            Match::new(setup)
        } else {
            Match::from_position(setup, game)
        };
        self.generation += 1;
    }

    /// Where the swap or swap2 opening stands (`Settled` once the colours are).
    pub fn opening(&self) -> OpeningPhase {
        self.game_match.opening()
    }

    /// The opening rule the game began with.
    pub fn opening_rule(&self) -> OpeningRule {
        self.game_match.setup().opening
    }

    /// A tournament opening's offered fifth moves (kept once white picked one).
    pub fn offers(&self) -> &[tengen_engine::Pos] {
        self.game_match.offers()
    }

    /// How many moves belong to a settled swap opening (Undo never takes them back).
    pub fn opening_stones(&self) -> usize {
        self.game_match.opening_stones()
    }

    /// The setup as the game is now: the seats' colours after any swap opening, and the computer's
    /// strength.
    pub fn setup(&self) -> GameSetup {
        self.setup_with(self.game_match.colours().first)
    }

    /// The setup as the game began: seat 0 with the colour it was dealt, before a swap opening handed
    /// out the colours (a restart and a rematch open from it again).
    pub fn dealt_setup(&self) -> GameSetup {
        self.setup_with(self.game_match.setup().dealt)
    }

    fn setup_with(&self, first_seat: Color) -> GameSetup {
        let strength = self.strength;
        GameSetup {
            mode: self.game_match.setup().seats.mode(),
            preset: self.game_match.setup().preset,
            level: strength.level,
            first_seat,
            think_time: strength.think_time,
            step: strength.step,
            matched: strength.matched,
            time: self.game_match.setup().time,
            engine: strength.engine,
            first_engine: strength.first_engine,
        }
    }

    /// How the computer playing `color` searches at `now`: its level's or step's limits, its think
    /// time never more than its clock allows.
    pub fn computer_limits(&self, color: Color, now: Duration) -> tengen_engine::SearchLimits {
        let limits = self.setup().search_limits();
        let game = self.game();
        let size = usize::from(game.variant().size());
        let empty = (size * size).saturating_sub(game.board().stone_count());
        let time = self
            .clocks()
            .think_time(color, now, limits.think_time, empty);
        limits.with_time(time)
    }

    /// `setup` as the game on the board was played: a record whose names say the computer played
    /// one side (a game from the History, reviewed) is offered again against that computer, the
    /// person taking the other side; any other game keeps `setup`.
    pub fn as_played(&self, setup: GameSetup) -> GameSetup {
        let computer = |name: &Option<SeatName>| match name {
            Some(SeatName::Computer { level, step }) => Some((*level, *step)),
            _ => None,
        };
        let (person, (level, step)) =
            match (computer(&self.names.black), computer(&self.names.white)) {
                (Some(played), None) => (Color::White, played),
                (None, Some(played)) => (Color::Black, played),
                _ => return setup,
            };
        GameSetup {
            mode: Mode::HumanVsComputer,
            first_seat: person,
            level,
            step,
            matched: false,
            ..setup
        }
    }

    /// In a network game, the colour played on the other machine.
    pub fn remote(&self) -> Option<Color> {
        let seat = self.game_match.setup().seats.remote()?;
        Some(self.game_match.colours().color_of(seat))
    }

    /// The seat that plays `color` now (a swap opening may hand the colours over).
    pub fn seat_of(&self, color: Color) -> Seat {
        self.game_match.colours().seat_of(color)
    }

    /// Who sits in `seat`.
    pub fn seat_player(&self, seat: Seat) -> PlayerKind {
        match self.game_match.setup().seats.get(seat) {
            Player::Computer => PlayerKind::Computer,
            Player::Person | Player::Remote => PlayerKind::Human,
        }
    }

    /// The colour of the seat acting now: the side to move, or in a swap opening the seat placing or
    /// choosing (its clock runs).
    pub fn acting_side(&self) -> Color {
        self.game_match.acting_side()
    }

    /// Who acts now: the side to move, or the seat placing or choosing an opening.
    pub fn acting_player(&self) -> Player {
        self.game_match.acting_player()
    }

    /// Applies `action` at `now`: the facts it caused, or why nothing changed. Every change is a
    /// new generation.
    pub fn apply(&mut self, action: Action, now: Duration) -> Result<Vec<Fact>, Refusal> {
        let facts = self.game_match.apply(action, now)?;
        self.generation += 1;
        Ok(facts)
    }

    /// The clock at `now`: the fact of a fall, if a side's time ran out.
    pub fn tick(&mut self, now: Duration) -> Option<Fact> {
        let fell = self.game_match.tick(now)?;
        self.generation += 1;
        Some(fell)
    }

    /// The clock of the seat acting runs from `now`.
    pub fn run_clock(&mut self, now: Duration) {
        self.game_match.run_clock(now);
    }

    /// The clocks stand still from `now`.
    pub fn hold_clock(&mut self, now: Duration) {
        self.game_match.hold_clock(now);
    }

    /// Sets each side's time used (black, white) to the network host's reading, as at `now`: the
    /// guest's clocks show the host's numbers. Not a new generation: the position is the same.
    pub fn sync_clocks(&mut self, used: [Duration; 2], now: Duration) {
        self.game_match.sync_clocks(used, now);
    }

    /// The players' clocks.
    pub fn clocks(&self) -> &Clocks {
        self.game_match.clocks()
    }

    /// The match as it is saved: a copy with the running turn banked at `now`.
    pub fn match_at(&self, now: Duration) -> Match {
        let mut copy = self.game_match.clone();
        copy.hold_clock(now);
        copy
    }

    /// A hint was given: it counts against the result's worth. Not a new generation: the position
    /// is the same, so what the computer is thinking about it stays wanted.
    pub fn count_hint(&mut self) {
        self.game_match.count_hint();
    }

    pub fn hints(&self) -> u32 {
        self.game_match.hints()
    }

    pub fn undos(&self) -> u32 {
        self.game_match.undos()
    }

    /// How many moves one press of Undo takes back now (see `Match::undo_plies`).
    pub fn undo_plies(&self) -> usize {
        self.game_match.undo_plies()
    }

    /// How many moves one press of Redo plays again now.
    pub fn redo_plies(&self) -> usize {
        self.game_match.redo_plies()
    }

    /// Whether a game was started this session (the menu offers to continue it).
    pub fn live(&self) -> bool {
        self.live
    }

    /// The game on the board is one to continue (a game started, opened or restored).
    pub fn mark_live(&mut self) {
        self.live = true;
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
        let setup = *self.game_match.setup();
        self.game_match = Match::from_position(setup, game);
        self.generation += 1;
    }

    /// The position on the board.
    pub fn game(&self) -> &Game {
        self.game_match.game()
    }

    /// Bumped on every change of position: an answer computed for an older generation is stale.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Steps through the moves played and undone until `target` moves are on the board (a record
    /// looked through).
    pub fn step_to(&mut self, target: usize) {
        self.game_match.step_to(target);
        self.generation += 1;
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.game_match.end()
    }

    /// Whether the game ended off the board (a resignation, an agreed draw, a player who left): the
    /// board alone does not show its result.
    pub fn ended_off_board(&self) -> bool {
        self.end()
            .is_some_and(|end| !matches!(end.reason, Reason::Five | Reason::Full))
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game_match.is_over()
    }

    /// The players' names a record or the network gives.
    pub fn names(&self) -> &PerSide<Option<SeatName>> {
        &self.names
    }

    /// Names the players (a record's `PB`/`PW`, the other player of a network game).
    pub fn set_names(&mut self, names: PerSide<Option<SeatName>>) {
        self.names = names;
    }

    /// Why the engine in the computer's seat forfeited this game, if it did.
    pub fn engine_failure(&self) -> Option<&tengen_host::Failure> {
        self.engine_failure.as_ref()
    }

    pub(crate) fn set_engine_failure(&mut self, failure: tengen_host::Failure) {
        self.engine_failure = Some(failure);
    }

    /// Whatever the computer is thinking about now is no longer wanted (the player left the board):
    /// a new generation, so its answer is dropped.
    pub fn forget_answers(&mut self) {
        self.generation += 1;
    }

    /// The seats' names as the player reads them: a record's or a player's own names, else the
    /// seats' default names in the player's language.
    pub fn seat_names_in(&self, words: &crate::i18n::Words) -> [String; 2] {
        let setup = self.setup();
        let mut names = words.seat_names(setup.mode);
        // In a network game this machine's seat is "You"; the other's is its player's name.
        if let Some(remote) = self.remote() {
            names[setup.seat(remote.opponent())] = words.tr("net-you");
        }
        for color in [Color::Black, Color::White] {
            if let Some(name) = self.names.get(color) {
                names[setup.seat(color)] = name.in_words(words);
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
        match self.remote() {
            Some(remote) => color != remote,
            None => {
                let setup = self.setup();
                setup.mode == Mode::HumanVsComputer && setup.player(color) == PlayerKind::Human
            }
        }
    }

    /// Looking through a record (`Activity::Record` or `Review`): the position shown is the game's
    /// own, so its moves are the ones shown and its redo list the ones ahead. The move shown (0 before
    /// the first) and how many the record has.
    pub fn record_position(&self) -> (usize, usize) {
        let shown = self.game().moves().len();
        (shown, shown + self.game().redo_moves().len())
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.setup().player(self.game().to_move())
    }

    /// Whether a person here is to play the next stone (not in a record being looked through: pass
    /// [`crate::screens::Doing`]), where nothing is played, so no hint and no preview stone.
    pub fn humans_turn(&self, on_record: bool) -> bool {
        !on_record && !self.is_over() && self.game_match.acting_player() == Player::Person
    }

    /// How long the game has been played at `now`: both clocks together.
    pub fn duration(&self, now: Duration) -> Duration {
        self.clocks().total(now)
    }
}

/// A game in progress set aside while the player opens the editor (on a copy of its position) or the
/// puzzles from it: the menu's Continue brings it back, clocks as they stood. Another game started
/// replaces it (New game and the editor's Play ask first, as they would from the game itself).
#[derive(Resource, Debug, Default)]
pub struct KeptGame(Option<CurrentGame>);

impl KeptGame {
    /// Sets `current` aside, its clocks held at `now`, when it is a game under way (a network game
    /// is not: it ends when the player leaves it).
    pub fn keep(&mut self, current: &CurrentGame, now: Duration) {
        if current.live() && !current.is_over() && current.remote().is_none() {
            let mut kept = current.clone();
            kept.hold_clock(now);
            self.0 = Some(kept);
        }
    }

    /// The game set aside, to put back on the board.
    pub fn take(&mut self) -> Option<CurrentGame> {
        self.0.take()
    }

    /// Another game took its place.
    pub fn forget(&mut self) {
        self.0 = None;
    }

    /// The game to continue: the one on the board when it is a game being played, else the one set
    /// aside (the editor's position and a puzzle are not continued).
    pub fn to_continue<'a>(&'a self, current: &'a CurrentGame) -> Option<&'a CurrentGame> {
        if current.live() {
            Some(current)
        } else {
            self.0.as_ref()
        }
    }
}
