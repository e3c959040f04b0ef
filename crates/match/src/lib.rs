//! One match of Tengen, from its setup to its result, free of Bevy.
//!
//! A [`Match`] owns the setup (rule and board, opening rule, seats, time control), the position
//! (through the engine's [`Game`]), the opening phase, the clocks, the undo policy and the end (a
//! result and its [`Reason`]). It changes only through [`Match::apply`], which answers with the
//! [`Fact`]s an [`Action`] caused or a typed [`Refusal`], and [`Match::tick`] for the clock; its
//! saved form is one serde type, [`SavedMatch`]. The game adapts it: commands become actions,
//! facts become events.

mod action;
mod clock;
mod end;
mod opening;
mod saved;
mod seats;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_tournament;
mod time_spec;
mod tournament;

use std::time::Duration;

pub use action::{Action, Fact, Refusal};
pub use clock::{Clocks, LOW_TIME, TimeControl};
pub use end::{End, Reason, result_key};
pub use opening::{OpeningPhase, PROPOSAL_STONES, SWAP2_EXTRA_STONES};
pub use saved::{BothSides, Progress, RestoreError, SavedMatch};
pub use seats::{Colours, Player, Seat, Seats};
pub use time_spec::TimeSpecError;
pub use tournament::{FIFTH, declarable};

use tengen_engine::{Color, Game, Mode, OpeningRule, Outcome, PlayError, Pos, Preset, SwapChoice};

/// Everything chosen before a match starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchSetup {
    pub preset: Preset,
    pub seats: Seats,
    /// The first seat's colour as dealt, before a swap opening hands out the colours.
    pub dealt: Color,
    pub opening: OpeningRule,
    pub time: TimeControl,
    /// Renju: a forbidden point played by black loses the game instead of being refused.
    pub forbidden_loses: bool,
}

impl MatchSetup {
    /// A free-play match of `preset` between `seats`, the first seat dealt `dealt`, with no clock.
    pub fn new(preset: Preset, seats: Seats, dealt: Color) -> MatchSetup {
        MatchSetup {
            preset,
            seats,
            dealt,
            opening: OpeningRule::Free,
            time: TimeControl::None,
            forbidden_loses: false,
        }
    }
}

/// One match: see the crate's documentation.
#[derive(Clone, Debug)]
pub struct Match {
    setup: MatchSetup,
    game: Game,
    /// The colours the seats play now (a swap opening may change them from the dealt ones).
    colours: Colours,
    opening: OpeningPhase,
    /// How many moves belong to a settled swap opening: Undo never takes them back (that would let
    /// a player place the proposer's stones).
    opening_stones: usize,
    /// A tournament opening's fifth moves offered (not stones on the board), kept once one is picked.
    offers: Vec<Pos>,
    /// How many fifth moves a tournament opening's declaration said black offers.
    declared: Option<u8>,
    clocks: Clocks,
    end: Option<End>,
    /// A draw offered by this colour and not yet answered.
    draw_offer: Option<Color>,
    undos: u32,
    hints: u32,
}

impl Match {
    /// A fresh match from the empty board: a swap opening starts with the seat dealt black
    /// placing (between people and the computer at one board; a network game, the computers'
    /// game and 3×3 open as usual).
    pub fn new(setup: MatchSetup) -> Match {
        let mut new = Match::from_position(setup, Game::new(setup.preset.variant()));
        new.opening = new.fresh_opening();
        new
    }

    /// A match that goes on from `game` (a set-up position, a record played on, a network game
    /// resumed): the colours are settled from the start.
    pub fn from_position(setup: MatchSetup, game: Game) -> Match {
        let mut new = Match {
            setup,
            game,
            colours: Colours { first: setup.dealt },
            opening: OpeningPhase::Settled,
            opening_stones: 0,
            offers: Vec::new(),
            declared: None,
            clocks: Clocks::new(setup.time),
            end: None,
            draw_offer: None,
            undos: 0,
            hints: 0,
        };
        new.end = new.board_end();
        new.clocks.start(new.acting_side(), None);
        new
    }

    fn fresh_opening(&self) -> OpeningPhase {
        let fresh = self.game.moves().is_empty()
            && self.game.setup().is_empty()
            && self.game.redo_moves().is_empty();
        let seats = self.setup.seats;
        if !fresh
            || seats.remote().is_some()
            || seats.mode() == Mode::ComputerVsComputer
            || self.game.variant().is_tic_tac_toe()
        {
            return OpeningPhase::Settled;
        }
        OpeningPhase::start(self.setup.opening, self.colours.seat_of(Color::Black))
    }

    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// The position and its record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn colours(&self) -> Colours {
        self.colours
    }

    /// Who plays `color` now.
    pub fn player_of(&self, color: Color) -> Player {
        self.setup.seats.get(self.colours.seat_of(color))
    }

    pub fn opening(&self) -> OpeningPhase {
        self.opening
    }

    /// How many moves belong to a settled swap opening.
    pub fn opening_stones(&self) -> usize {
        self.opening_stones
    }

    /// A tournament opening's fifth moves offered so far, in the order offered; once white picked
    /// one, all that were offered (the record of the opening).
    pub fn offers(&self) -> &[Pos] {
        &self.offers
    }

    /// How many fifth moves a tournament opening's declaration asked for, once declared.
    pub fn declared(&self) -> Option<u8> {
        self.declared
    }

    /// The mover's time left after each move of the line played (SGF `BL`/`WL`), where known.
    pub fn time_left_after_moves(&self) -> Vec<Option<Duration>> {
        (0..self.game.moves().len())
            .map(|i| self.clocks.left_at(i + 1, self.game.mover_of(i)))
            .collect()
    }

    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// How the match ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Presses of Undo (or agreed takebacks) so far.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Hints taken so far.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// A hint was given to the player: it counts against the result's worth.
    pub fn count_hint(&mut self) {
        self.hints += 1;
    }

    /// The colour of the seat acting now: the side to move, or in a swap opening the seat placing or
    /// choosing.
    pub fn acting_side(&self) -> Color {
        match self.opening.seat() {
            Some(seat) => self.colours.color_of(seat),
            None => self.game.to_move(),
        }
    }

    /// Who acts now.
    pub fn acting_player(&self) -> Player {
        match self.opening.seat() {
            Some(seat) => self.setup.seats.get(seat),
            None => self.player_of(self.game.to_move()),
        }
    }

    /// The clock of the seat acting runs from `now` (the game is on screen and nothing holds it).
    pub fn run_clock(&mut self, now: Duration) {
        if !self.is_over() && !self.clocks.running() {
            self.clocks.start(self.acting_side(), Some(now));
        }
    }

    /// The clocks read `used` (black, white) at `now`, as the host of a network game reads them; a
    /// finished match keeps its own.
    pub fn sync_clocks(&mut self, used: [Duration; 2], now: Duration) {
        if !self.is_over() {
            self.clocks.sync(used, now);
        }
    }

    /// The clocks stand still from `now` (the menu, a dialog, a paused game): the running turn is
    /// banked.
    pub fn hold_clock(&mut self, now: Duration) {
        self.clocks.bank(now);
        self.clocks.start(self.acting_side(), None);
    }

    /// Looking through a record: shows the position after `target` moves of its line (moves taken
    /// back or played again without being played: no facts, no clocks). A record's end is its
    /// board's, so it follows the position shown.
    pub fn step_to(&mut self, target: usize) {
        while self.game.moves().len() > target && self.game.undo().is_some() {}
        while self.game.moves().len() < target && self.game.redo().is_some() {}
        self.opening = self.followed();
        self.end = self.board_end();
    }

    /// The clock at `now`: a side whose time ran out loses.
    pub fn tick(&mut self, now: Duration) -> Option<Fact> {
        if self.is_over() {
            return None;
        }
        let fallen = self.clocks.fallen(now)?;
        Some(self.finish(End::lost_by(fallen, Reason::Time), now))
    }

    /// Applies `action` at `now`: the facts it caused, in order, or why nothing changed.
    pub fn apply(&mut self, action: Action, now: Duration) -> Result<Vec<Fact>, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        match action {
            Action::Place { pos, by } => self.place(pos, by, now),
            Action::Undo => self.undo(now),
            Action::Redo => self.redo(now),
            Action::TakeBack(plies) => self.take_back(plies, now),
            Action::Choose { choice, by } => self.choose(choice, by, now),
            Action::Declare { count, by } => self.declare(count, by, now),
            Action::Resign(color) => Ok(vec![
                self.finish(End::lost_by(color, Reason::Resignation), now),
            ]),
            Action::Abandon => Ok(vec![self.finish(End::draw(Reason::Abandoned), now)]),
            Action::Left(color) => Ok(vec![self.finish(End::lost_by(color, Reason::Left), now)]),
            Action::TimeOut(color) => Ok(vec![self.finish(End::lost_by(color, Reason::Time), now)]),
            Action::Forfeit(color) => {
                Ok(vec![self.finish(End::lost_by(color, Reason::Forfeit), now)])
            }
            Action::OfferDraw(color) => {
                self.draw_offer = Some(color);
                Ok(vec![Fact::DrawOffered { by: color }])
            }
            Action::AcceptDraw(color) => self.answer_draw(color, true, now),
            Action::DeclineDraw(color) => self.answer_draw(color, false, now),
        }
    }

    fn answer_draw(
        &mut self,
        color: Color,
        accept: bool,
        now: Duration,
    ) -> Result<Vec<Fact>, Refusal> {
        if self.draw_offer != Some(color.opponent()) {
            return Err(Refusal::NoDrawOffer);
        }
        self.draw_offer = None;
        if accept {
            Ok(vec![self.finish(End::draw(Reason::Agreement), now)])
        } else {
            Ok(vec![Fact::DrawDeclined { by: color }])
        }
    }

    /// The opening phase once the board has changed: a placing step whose stones are down ends
    /// (in swap and swap2 the other seat chooses; a tournament opening goes to its next step), and
    /// in swap a proposal stone taken back while the other seat chooses goes back to placing.
    fn followed(&self) -> OpeningPhase {
        let played = self.game.moves().len();
        let rule = self.setup.opening;
        if !rule.is_tournament() {
            return self.opening.followed(played);
        }
        match self.opening {
            OpeningPhase::Placing { until, .. } if played >= until => {
                tournament::after_stones(rule, until, self.colours, self.declared)
            }
            other => other,
        }
    }

    /// Whether `by` may place a stone now, the point aside.
    fn may_place(&self, by: Player) -> Result<(), Refusal> {
        if matches!(
            self.opening,
            OpeningPhase::Choosing { .. } | OpeningPhase::Declaring { .. }
        ) {
            return Err(Refusal::OpeningChoice);
        }
        match self.acting_player() {
            acting if acting == by => Ok(()),
            Player::Remote => Err(Refusal::RemoteTurn),
            _ => Err(Refusal::NotYourTurn),
        }
    }

    fn place(&mut self, pos: Pos, by: Player, now: Duration) -> Result<Vec<Fact>, Refusal> {
        self.may_place(by)?;
        match self.opening {
            OpeningPhase::Offering { count, .. } => return self.offer(pos, count, now),
            OpeningPhase::Selecting { .. } => return self.select(pos, now),
            OpeningPhase::Placing { .. } => self.check_reach(pos)?,
            _ => {}
        }
        match self.game.check(pos) {
            Ok(()) => {}
            Err(PlayError::Forbidden(_, _)) if self.setup.forbidden_loses => {
                return Ok(vec![
                    self.finish(End::lost_by(Color::Black, Reason::Forbidden), now),
                ]);
            }
            Err(error) => return Err(refusal_of(error)),
        }
        let facts = self.turn(now, true, |m, facts| {
            let color = m.game.to_move();
            m.game.play(pos).expect("the point was checked");
            if m.draw_offer == Some(color.opponent()) {
                // Playing on declines the other side's offer, as over the board.
                m.draw_offer = None;
            }
            facts.push(Fact::Placed {
                pos,
                color,
                number: m.game.moves().len(),
            });
        });
        Ok(facts)
    }

    /// One change of position or phase at `now`: the running turn is banked, `change` happens, the
    /// opening follows the board, the acting seat's clock starts (earning its increment when
    /// `credit` and the turn passed), and the board's end, if any, ends the match.
    fn turn(
        &mut self,
        now: Duration,
        credit: bool,
        change: impl FnOnce(&mut Match, &mut Vec<Fact>),
    ) -> Vec<Fact> {
        let running = self.clocks.running();
        let before = self.acting_side();
        self.clocks.bank(now);
        let mut facts = Vec::new();
        let opening = self.opening;
        change(self, &mut facts);
        self.opening = self.followed();
        if self.opening != opening {
            facts.push(Fact::OpeningChanged(self.opening));
        }
        let after = self.acting_side();
        if credit && after != before {
            self.clocks.credit_move(before);
        }
        if credit {
            self.clocks.mark(self.game.moves().len());
        }
        self.clocks.start(after, running.then_some(now));
        if let Some(end) = self.board_end() {
            facts.push(self.finish(end, now));
        }
        facts
    }

    /// The end the board shows: a five, or a full board.
    fn board_end(&self) -> Option<End> {
        match self.game.outcome()? {
            Outcome::Win { winner, .. } => Some(End::lost_by(winner.opponent(), Reason::Five)),
            Outcome::Draw => Some(End::draw(Reason::Full)),
        }
    }

    /// The match ends at `now`: the clocks stop.
    fn finish(&mut self, end: End, now: Duration) -> Fact {
        self.clocks.bank(now);
        self.end = Some(end);
        self.draw_offer = None;
        Fact::Ended(end)
    }

    /// How many moves one press of Undo takes back: against the computer, your move and its
    /// answer together (or just your move while it is still thinking), so it is your turn again.
    /// A swap opening's steps are the players' own: Undo takes back only a stone of the step a
    /// person is placing, never the other seat's proposal, and never a settled opening's stones.
    pub fn undo_plies(&self) -> usize {
        if self.is_over() || self.setup.seats.remote().is_some() {
            return 0;
        }
        let person = |seat: Seat| self.setup.seats.get(seat) == Player::Person;
        match self.opening {
            OpeningPhase::Settled => {}
            OpeningPhase::Placing { seat, until } => {
                let own = self
                    .game
                    .moves()
                    .len()
                    .saturating_sub(OpeningPhase::step_start(self.setup.opening, until));
                return if person(seat) { own.min(1) } else { 0 };
            }
            // The person who proposed may take back a stone while the computer chooses (in swap
            // and swap2; a tournament opening's steps are never crossed).
            OpeningPhase::Choosing { seat, .. } if !self.setup.opening.is_tournament() => {
                return usize::from(!person(seat) && person(seat.other()));
            }
            // Offered fifth moves are withdrawn by `undo`, not taken back as moves.
            _ => return 0,
        }
        let played = self.game.moves().len().saturating_sub(self.opening_stones);
        match self.setup.seats.mode() {
            Mode::HumanVsComputer if self.player_of(self.game.to_move()) == Player::Person => {
                // Taking back only the computer's opening move would hand it the move again.
                if played >= 2 { 2 } else { 0 }
            }
            _ => played.min(1),
        }
    }

    /// How many moves one press of Redo plays again: your move and the computer's answer, when
    /// both are there; one stone of an opening step at a time.
    pub fn redo_plies(&self) -> usize {
        if self.is_over() || self.setup.seats.remote().is_some() {
            return 0;
        }
        let available = self.game.redo_moves().len();
        if !self.opening.settled() {
            return available.min(1);
        }
        match self.setup.seats.mode() {
            Mode::HumanVsComputer => available.min(2),
            _ => available.min(1),
        }
    }

    fn undo(&mut self, now: Duration) -> Result<Vec<Fact>, Refusal> {
        if self.setup.seats.remote().is_some() {
            return Err(Refusal::NeedsAgreement);
        }
        if let Some(facts) = self.withdraw_offer(now) {
            return Ok(facts);
        }
        match self.undo_plies() {
            0 => Err(Refusal::NothingToUndo),
            plies => Ok(self.take_back_plies(plies, now)),
        }
    }

    fn take_back(&mut self, plies: usize, now: Duration) -> Result<Vec<Fact>, Refusal> {
        if self.setup.seats.remote().is_none() {
            return Err(Refusal::NotNetwork);
        }
        match plies.min(self.game.moves().len()) {
            0 => Err(Refusal::NothingToUndo),
            plies => Ok(self.take_back_plies(plies, now)),
        }
    }

    fn take_back_plies(&mut self, plies: usize, now: Duration) -> Vec<Fact> {
        self.undos += 1;
        self.turn(now, false, |m, facts| {
            for _ in 0..plies {
                if let Some(pos) = m.game.undo() {
                    facts.push(Fact::Removed {
                        pos,
                        color: m.game.to_move(),
                    });
                }
            }
            // Both clocks stand where they stood before the moves taken back, as chess clocks do.
            m.clocks.rewind(m.game.moves().len());
        })
    }

    fn redo(&mut self, now: Duration) -> Result<Vec<Fact>, Refusal> {
        if self.setup.seats.remote().is_some() {
            return Err(Refusal::NeedsAgreement);
        }
        let plies = self.redo_plies();
        if plies == 0 {
            return Err(Refusal::NothingToRedo);
        }
        Ok(self.turn(now, true, |m, facts| {
            for _ in 0..plies {
                let color = m.game.to_move();
                let Some(pos) = m.game.redo() else { break };
                facts.push(Fact::Placed {
                    pos,
                    color,
                    number: m.game.moves().len(),
                });
                if m.game.is_over() {
                    break;
                }
            }
        }))
    }

    fn choose(
        &mut self,
        choice: SwapChoice,
        by: Player,
        now: Duration,
    ) -> Result<Vec<Fact>, Refusal> {
        let OpeningPhase::Choosing { seat, after } = self.opening else {
            return Err(Refusal::NotChoosing);
        };
        if self.setup.seats.get(seat) != by {
            return Err(Refusal::NotYourTurn);
        }
        let taken = match choice {
            SwapChoice::PlaceTwo
                if self.setup.opening == OpeningRule::Swap2 && after == PROPOSAL_STONES =>
            {
                return Ok(self.turn(now, true, |m, _| {
                    m.opening = OpeningPhase::Placing {
                        seat,
                        until: after + SWAP2_EXTRA_STONES,
                    };
                }));
            }
            SwapChoice::PlaceTwo => return Err(Refusal::NotChoosing),
            SwapChoice::Black => Color::Black,
            SwapChoice::White => Color::White,
        };
        let first = match seat {
            Seat::First => taken,
            Seat::Second => taken.opponent(),
        };
        Ok(self.turn(now, false, |m, facts| {
            // The chooser's turn ends here: its seat earns the increment, whatever colour it takes.
            m.clocks.credit_move(m.colours.color_of(seat));
            if first != m.colours.first {
                // The seats change colours, and their times with them (the chooser's banked
                // time goes with its seat).
                m.clocks.swap_sides();
                m.colours.first = first;
            }
            m.opening = m.after_choice(after);
            if m.opening.settled() {
                m.opening_stones = m.game.moves().len();
            }
            facts.push(Fact::ColoursChosen { first });
        }))
    }
}

fn refusal_of(error: PlayError) -> Refusal {
    match error {
        PlayError::GameOver => Refusal::GameOver,
        PlayError::OffBoard(_) => Refusal::OffBoard,
        PlayError::Occupied(_) => Refusal::Occupied,
        PlayError::Forbidden(_, why) => Refusal::Forbidden(why),
    }
}
