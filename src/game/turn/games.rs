//! Starting, leaving and showing games: a new game, a rematch, a network game, a record opened or
//! continued from, the menu and Continue, and the review. The turn's handlers for the commands that
//! put another game (or screen) in front of the player.

use bevy::prelude::*;
use tengen_engine::{Color, Game, Pos, Preset};

use super::Turn;
use crate::game::current::KeptGame;
use crate::game::record::{continue_record, open_record, show_game, step_record};
use crate::game::score::Score;
use crate::game::{CurrentGame, GameSetup, Mode, OpenGame, ViewStep};
use crate::i18n::Phrase;
use crate::screens::{Activity, Screen};

impl Turn<'_, '_> {
    pub(super) fn network_game(
        &mut self,
        preset: Preset,
        local: Color,
        moves: &[Pos],
        peer: &Option<String>,
        time: tengen_match::TimeControl,
    ) {
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            score,
            notice,
            screen,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        if current.remote() == Some(local.opponent())
            && current.setup().preset == preset
            && current.game().moves() == moves
        {
            // A reconnect to the game already on the board: play simply goes on (from the
            // menu, when a saved network game was brought back), the other player named as
            // they said.
            if let Some(peer) = peer {
                let mut names = current.names().clone();
                *names.get_mut(local.opponent()) = Some(crate::game::SeatName::Named(peer.clone()));
                current.set_names(names);
            }
            if *screen.get() == Screen::Menu {
                show_game(commands);
            }
            NextState::set_if_neq(next_screen, board_screen(current, false));
            modes.enter(Activity::Playing);
            return;
        }
        let Ok(game) = Game::from_moves(preset.variant(), moves) else {
            notice.post(Phrase::new("net-bad-resumed-game"), now);
            return;
        };
        // Seat 0 is this machine's player, whatever colour a rematch hands it: the score and the
        // names follow the players, not the colours.
        let setup = GameSetup {
            mode: Mode::HumanVsHuman,
            preset,
            first_seat: local,
            time,
            ..current.setup()
        };
        let mut next = CurrentGame::network(setup, game);
        // The other seat carries the other player's name (this one is "You").
        let mut names = tengen_store::PerSide::default();
        *names.get_mut(local.opponent()) = peer.clone().map(crate::game::SeatName::Named);
        next.set_names(names);
        start_game(commands, current, score, kept, next);
        NextState::set_if_neq(next_screen, board_screen(current, false));
        modes.enter(Activity::Playing);
    }

    pub(super) fn new_game(&mut self, setup: &GameSetup) {
        let Turn {
            commands,
            current,
            score,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        let setup = modes.matched.resolve(*setup);
        let mut next = CurrentGame::new(setup);
        next.start_opening(modes.opening.0);
        start_game(commands, current, score, kept, next);
        next_screen.set(Screen::Playing);
        modes.enter(Activity::Playing);
    }

    pub(super) fn restart(&mut self, rematch: bool) {
        if self.current.remote().is_some() {
            // The network plugin asks the other player for a rematch; an accepted one comes back as
            // a `NetworkGame` with the colours swapped.
            if !rematch {
                let now = self.time.elapsed();
                self.notice.post(Phrase::new("net-no-restart"), now);
            }
            return;
        }
        let Turn {
            commands,
            current,
            score,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        // As the last game was dealt, before a swap opening handed out the colours; a rematch
        // gives the other seat the first stones.
        // A record of a game against the computer (from the History) is played again against it.
        let dealt = current.as_played(current.dealt_setup());
        let setup = if rematch { dealt.swapped() } else { dealt };
        let rule = current.opening_rule();
        // Against "Match my strength" every game chooses its step anew.
        let setup = modes.matched.resolve(setup);
        // A rematch of a game played from a set-up position starts from that position again.
        let mut next = match rematch.then(|| set_up_position(current.game())).flatten() {
            Some(game) => CurrentGame::with_game(setup, game),
            None => CurrentGame::new(setup),
        };
        next.start_opening(rule);
        start_game(commands, current, score, kept, next);
        next_screen.set(Screen::Playing);
        modes.enter(Activity::Playing);
    }

    pub(super) fn open(&mut self, open: &OpenGame) {
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            notice,
            settings,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        let activity = match open_record(commands, current, open, settings) {
            Ok(activity) => activity,
            Err(why) => {
                notice.post(why, now);
                return;
            }
        };
        kept.forget();
        // Already on the board: stay, without leaving and re-entering the screen.
        let screen = board_screen(current, activity.on_record());
        NextState::set_if_neq(next_screen, screen);
        modes.enter(activity);
    }

    pub(super) fn view(&mut self, step: ViewStep) {
        if !self.on_board() || !self.modes.on_record() {
            return;
        }
        match step {
            ViewStep::PreviousBranch | ViewStep::NextBranch => crate::game::study::switch_branch(
                &mut self.commands,
                &mut self.current,
                &mut self.tree,
                step == ViewStep::NextBranch,
            ),
            _ => step_record(&mut self.commands, &mut self.current, step),
        }
    }

    pub(super) fn view_line(&mut self, fork: &[Pos], line: &[Pos]) {
        if !self.on_board() || !self.modes.on_record() {
            return;
        }
        crate::game::study::show_branch(
            &mut self.commands,
            &mut self.current,
            &mut self.tree,
            fork,
            line,
        );
    }

    pub(super) fn continue_from_here(&mut self, against_computer: bool) {
        let now = self.time.elapsed();
        if !self.on_board() || !self.modes.on_record() {
            return;
        }
        let Turn {
            commands,
            current,
            score,
            notice,
            settings,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        if let Err(why) = continue_record(commands, current, score, against_computer, settings) {
            notice.post(why, now);
            return;
        }
        kept.forget();
        // Already on the board: stay, without leaving (which would stop the new clocks).
        NextState::set_if_neq(next_screen, Screen::Playing);
        modes.enter(Activity::Playing);
    }

    pub(super) fn resume(&mut self) {
        let Turn {
            commands,
            current,
            screen,
            next_screen,
            modes,
            kept,
            ..
        } = self;
        if *screen.get() != Screen::Menu {
            return;
        }
        if current.live() {
            show_game(commands);
            // A record comes back as a record (see `menu`).
            next_screen.set(board_screen(current, modes.on_record()));
        } else if let Some(game) = kept.take() {
            // The game set aside for the editor or the puzzles, as it was left.
            current.replace(game);
            show_game(commands);
            next_screen.set(board_screen(current, false));
            modes.enter(Activity::Playing);
        }
    }

    pub(super) fn menu(&mut self) {
        if !self.on_board() {
            return;
        }
        self.current.forget_answers();
        self.next_screen.set(Screen::Menu);
        // The board keeps a game or a record for *Continue*: a review, a set-up position and a
        // puzzle end here.
        let resting = if self.modes.on_record() {
            Activity::Record
        } else {
            Activity::Playing
        };
        self.modes.enter(resting);
    }

    pub(super) fn step(&mut self) {
        if self.autoplay.paused {
            self.autoplay.steps += 1;
        }
    }

    pub(super) fn review(&mut self) {
        let now = self.time.elapsed();
        if !self.on_board() {
            return;
        }
        let on_record = self.modes.on_record();
        if !on_record && !self.current.is_over() {
            self.notice
                .post(Phrase::new("notice-review-finished-games"), now);
            return;
        }
        if !on_record {
            // A finished game is looked through from now on: its moves can be stepped and played
            // on from. Whatever the computer thought of it is no longer wanted.
            self.current.forget_answers();
        }
        // The analysis plugin reviews the record while the review lasts.
        NextState::set_if_neq(&mut self.next_screen, Screen::Playing);
        self.modes.enter(Activity::Review);
    }

    /// The review closes on the record it reviewed.
    pub(super) fn close_review(&mut self) {
        if self.modes.doing.is(Activity::Review) {
            self.modes.enter(Activity::Record);
        }
    }
}

/// The position `game` was set up from (the editor's stones and side to move), if it had one.
fn set_up_position(game: &Game) -> Option<Game> {
    if game.setup().is_empty() {
        return None;
    }
    Game::from_setup(game.variant(), game.setup(), game.first_to_move()).ok()
}

/// The screen for the game on the board: play on, or its result (a record is looked through to its
/// end on `Screen::Playing`, without the game-over card).
fn board_screen(current: &CurrentGame, on_record: bool) -> Screen {
    if current.is_over() && !on_record {
        Screen::GameOver
    } else {
        Screen::Playing
    }
}

/// Puts `next` on the board as a new game and shows it; another contest starts the score afresh.
fn start_game(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    kept: &mut KeptGame,
    next: CurrentGame,
) {
    // A game set aside for the editor or the puzzles is replaced too.
    kept.forget();
    if current.setup().changes_opponent(&next.setup()) {
        *score = Score::default();
    }
    current.replace(next);
    current.mark_live();
    show_game(commands);
}
