//! The match's adapter: the one reader of the players' commands. It turns them into the match's
//! actions (the match, in `tengen_match`, decides what is legal and how a game ends) or routes them
//! to the plugin they concern, starts, restarts and leaves games (`games`), and announces what each
//! action caused as events.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use tengen_engine::{PlayError, Pos};
use tengen_match::{Action, Fact, Player, Refusal as MatchRefusal};

use super::command::{EditCommand, PuzzleCommand};
use super::current::KeptGame;
use super::record::{show_game, step_record};
use super::score::Score;
use super::{
    AnalysisToggled, Autoplay, CurrentGame, End, GameCommand, HintAsked, IllegalClick, Mode,
    MoveNowAsked, NetworkAsk, Notice, PlayerKind, Reason, Refusal, RemoteMoveRefused, StonePlaced,
    StoneRemoved, ViewStep,
};
use crate::CommandHandlers;
use crate::i18n::Phrase;
use crate::screens::{Activity, ModeSwitch, Screen};
use crate::settings::Settings;

mod games;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_commands.in_set(CommandHandlers::Turn))
        .add_observer(explain_refusal);
}

/// A refused click is never silent: the player reads why (and `audio` plays the warning).
fn explain_refusal(refused: On<IllegalClick>, mut notice: ResMut<Notice>, time: Res<Time<Real>>) {
    notice.post_error(refused.reason.phrase(), time.elapsed());
}

/// Plays a stone for the seat acting now, played by `by`, and announces what it caused: the one way
/// a stone gets onto the board. Every change of position bumps the generation, so a search started
/// for an older one drops itself.
pub(crate) fn play_stone(
    commands: &mut Commands,
    current: &mut CurrentGame,
    pos: Pos,
    by: Player,
    now: Duration,
) -> Result<(), MatchRefusal> {
    let facts = current.apply(Action::Place { pos, by }, now)?;
    announce(commands, current, facts, Some(by));
    Ok(())
}

/// The chooser of a swap opening (played by `by`) takes a colour, or places two more stones in
/// swap2, and announces what it caused. A choice out of turn changes nothing.
pub(crate) fn choose(
    commands: &mut Commands,
    current: &mut CurrentGame,
    choice: tengen_engine::SwapChoice,
    by: Player,
    now: Duration,
) {
    if let Ok(facts) = current.apply(Action::Choose { choice, by }, now) {
        announce(commands, current, facts, Some(by));
    }
}

/// Turns what the match says happened into the events presentation, sound, files and the network
/// hang on. `by` is who played the stones placed, when one player did (a redo replays both sides').
pub(crate) fn announce(
    commands: &mut Commands,
    current: &CurrentGame,
    facts: Vec<Fact>,
    by: Option<Player>,
) {
    for fact in facts {
        match fact {
            Fact::Placed { pos, color, number } => {
                let setup = current.setup();
                let by_computer = match by {
                    Some(by) => by == Player::Computer,
                    None => setup.player(color) == PlayerKind::Computer,
                };
                commands.trigger(StonePlaced {
                    pos,
                    color,
                    number,
                    by_computer,
                    by_remote: by == Some(Player::Remote),
                });
            }
            Fact::Removed { pos, color } => commands.trigger(StoneRemoved { pos, color }),
            Fact::Ended(end) => super::win::announce_end(commands, current, end),
            Fact::ColoursChosen { first } => info!(
                "opening settled: seat 0 plays {first}, {} to move",
                current.game().to_move()
            ),
            Fact::Offered { pos, number } => commands.trigger(super::FifthOffered {
                pos,
                number,
                withdrawn: false,
            }),
            Fact::OfferWithdrawn { pos } => commands.trigger(super::FifthOffered {
                pos,
                number: 0,
                withdrawn: true,
            }),
            Fact::Declared { count } => info!("opening: {count} fifth moves to offer"),
            Fact::OpeningChanged(_) | Fact::DrawOffered { .. } | Fact::DrawDeclined { .. } => {}
        }
    }
}

/// Whether Undo does anything now (the side panel greys it out otherwise): a step back in a record, a
/// request to the other player of a network game, or moves of this game to take back.
pub fn can_undo(current: &CurrentGame, on_record: bool) -> bool {
    if on_record || current.remote().is_some() {
        return !current.game().moves().is_empty();
    }
    current.undo_plies() > 0
}

/// Whether Redo does anything now: a step forward in a record, or undone moves to play again (a
/// network game has no redo).
pub fn can_redo(current: &CurrentGame, on_record: bool) -> bool {
    if on_record {
        return !current.game().redo_moves().is_empty();
    }
    current.redo_plies() > 0
}

/// What the player is doing, where the handlers take them next, and what a new game needs to know.
#[derive(SystemParam)]
struct Modes<'w> {
    doing: ModeSwitch<'w>,
    opening: Res<'w, super::swap::OpeningChoice>,
    matched: Res<'w, super::MatchedSteps>,
}

impl Modes<'_> {
    /// The editor places set-up stones and the puzzles play their own moves.
    fn own_the_board(&self) -> bool {
        self.doing.is(Activity::Editor) || self.doing.is(Activity::Puzzle)
    }

    fn on_record(&self) -> bool {
        self.doing.on_record()
    }

    fn is(&self, activity: Activity) -> bool {
        self.doing.is(activity)
    }

    fn enter(&mut self, activity: Activity) {
        self.doing.enter(activity);
    }
}

/// What the turn's handlers read and change: the game, its score and the screens.
#[derive(SystemParam)]
struct Turn<'w, 's> {
    commands: Commands<'w, 's>,
    current: ResMut<'w, CurrentGame>,
    score: ResMut<'w, Score>,
    autoplay: ResMut<'w, Autoplay>,
    notice: ResMut<'w, Notice>,
    settings: Res<'w, Settings>,
    screen: Res<'w, State<Screen>>,
    next_screen: ResMut<'w, NextState<Screen>>,
    time: Res<'w, Time<Real>>,
    link: Res<'w, super::RemoteLink>,
    modes: Modes<'w>,
    routes: Routes<'w>,
    kept: ResMut<'w, KeptGame>,
    tree: ResMut<'w, super::OpenedTree>,
    study: Studying<'w>,
}

/// The viewer's study tools and the board's view (see `study_edit`).
#[derive(SystemParam)]
struct Studying<'w> {
    state: ResMut<'w, super::StudyState>,
    view: ResMut<'w, super::BoardView>,
}

/// Where the commands that concern another plugin go: the editor, the puzzles, the hint search, the
/// computer's search, the live analysis and the network each read their own message, which this
/// system writes (they run after it: see `CommandHandlers` and `AppSystems`).
#[derive(SystemParam)]
struct Routes<'w> {
    edit: MessageWriter<'w, EditCommand>,
    puzzle: MessageWriter<'w, PuzzleCommand>,
    hint: MessageWriter<'w, HintAsked>,
    move_now: MessageWriter<'w, MoveNowAsked>,
    analysis: MessageWriter<'w, AnalysisToggled>,
    network: MessageWriter<'w, NetworkAsk>,
}

/// The one system that reads [`GameCommand`]: the player's commands, in the order given, each to its
/// handler below, which applies it to the match or routes it to the plugin it concerns.
fn apply_commands(mut reader: MessageReader<GameCommand>, mut turn: Turn) {
    for command in reader.read() {
        turn.tell_the_network(command);
        turn.apply(command);
    }
}

impl Turn<'_, '_> {
    fn apply(&mut self, command: &GameCommand) {
        match command {
            GameCommand::Place(pos) if self.modes.is(Activity::Editor) => {
                self.routes.edit.write(EditCommand::Put(*pos));
            }
            GameCommand::Place(pos) if self.modes.is(Activity::Puzzle) => {
                self.routes.puzzle.write(PuzzleCommand::Play(*pos));
            }
            GameCommand::Place(pos)
                if self.modes.is(Activity::Record)
                    && self.study.state.tool != super::MarkTool::None =>
            {
                self.study(&super::StudyCommand::Mark(*pos));
            }
            GameCommand::Place(pos) => self.place(*pos),
            GameCommand::Study(asked) => self.study(asked),
            GameCommand::RemoteMove(pos) => self.remote_move(*pos),
            GameCommand::NetworkGame {
                preset,
                local,
                moves,
                peer,
                time,
            } => self.network_game(*preset, *local, moves, peer, *time),
            GameCommand::EndOffBoard(end) => self.end_off_board(*end),
            GameCommand::Resign => self.resign(),
            GameCommand::ResignThen(next) => {
                self.resign();
                // Next frame, once the autosave has filed the resigned game.
                self.commands.write_message((**next).clone());
            }
            GameCommand::TakeBack(plies) => {
                self.act(Action::TakeBack(*plies));
            }
            GameCommand::Undo => self.undo(),
            GameCommand::Redo => self.redo(),
            GameCommand::NewGame(setup) => self.new_game(setup),
            GameCommand::Restart => self.restart(false),
            GameCommand::Rematch => self.restart(true),
            GameCommand::Open(open) => self.open(open),
            GameCommand::View(step) => self.view(*step),
            GameCommand::ViewLine { fork, line } => self.view_line(fork, line),
            GameCommand::ContinueFromHere { against_computer } => {
                self.continue_from_here(*against_computer)
            }
            GameCommand::Resume => self.resume(),
            GameCommand::Menu => self.menu(),
            GameCommand::TogglePause => self.autoplay.paused = !self.autoplay.paused,
            GameCommand::Pace(pace) => self.autoplay.pace = *pace,
            GameCommand::Step => self.step(),
            GameCommand::ResetScore => *self.score = Score::default(),
            GameCommand::Review => self.review(),
            GameCommand::CloseReview => self.close_review(),
            GameCommand::Swap(choice) => self.choose(*choice),
            GameCommand::Declare(count) => {
                self.act(Action::Declare {
                    count: *count,
                    by: Player::Person,
                });
            }
            GameCommand::Edit(edit) => self.edit(*edit),
            GameCommand::Puzzle(asked) => self.puzzle(*asked),
            GameCommand::Hint if self.modes.is(Activity::Puzzle) => {
                self.routes.puzzle.write(PuzzleCommand::Hint);
            }
            GameCommand::Hint => {
                self.routes.hint.write(HintAsked);
            }
            GameCommand::MoveNow => {
                self.routes.move_now.write(MoveNowAsked);
            }
            GameCommand::Analyse => {
                self.routes.analysis.write(AnalysisToggled);
            }
        }
    }

    /// What the command means for a network game (or the wait for one), which the network carries
    /// out with its connection.
    fn tell_the_network(&mut self, command: &GameCommand) {
        let remote = self.current.remote().is_some();
        let ask = match command {
            GameCommand::NewGame(_) | GameCommand::Open(_) => NetworkAsk::Leave,
            GameCommand::Menu => NetworkAsk::LeaveForMenu,
            GameCommand::Resume if remote => NetworkAsk::Reconnect,
            GameCommand::Undo if remote => NetworkAsk::Undo,
            GameCommand::Rematch if remote => NetworkAsk::Rematch,
            _ => return,
        };
        self.routes.network.write(ask);
    }

    /// The editor opens on the board (once: opened again, its stones stay); its other commands
    /// reach it only while it is open (B, W and X come from the keyboard in any game).
    fn edit(&mut self, edit: EditCommand) {
        let open = self.modes.is(Activity::Editor);
        match edit {
            EditCommand::Open(_) | EditCommand::FromBoard if open => return,
            EditCommand::Open(_) | EditCommand::FromBoard => {
                self.keep_the_game();
                self.next_screen.set(Screen::Playing);
                self.modes.enter(Activity::Editor);
            }
            EditCommand::Play { .. } if open => {
                // The question, if one was due, was asked before Play came.
                self.kept.forget();
                self.modes.enter(Activity::Playing);
            }
            _ if !open => return,
            _ => {}
        }
        self.routes.edit.write(edit);
    }

    /// The puzzles open on the board (Open, Next and Retry each put a puzzle there).
    fn puzzle(&mut self, asked: PuzzleCommand) {
        if matches!(
            asked,
            PuzzleCommand::Open | PuzzleCommand::Next | PuzzleCommand::Retry
        ) {
            if !self.modes.is(Activity::Puzzle) {
                self.keep_the_game();
            }
            self.next_screen.set(Screen::Playing);
            self.modes.enter(Activity::Puzzle);
        }
        self.routes.puzzle.write(asked);
    }

    /// A game being played waits for Continue while the player is in the editor or the puzzles.
    fn keep_the_game(&mut self) {
        if self.modes.is(Activity::Playing) {
            let now = self.time.elapsed();
            self.kept.keep(&self.current, now);
        }
    }

    /// Swap or swap2: the person choosing answers.
    fn choose(&mut self, choice: tengen_engine::SwapChoice) {
        let now = self.time.elapsed();
        choose(
            &mut self.commands,
            &mut self.current,
            choice,
            Player::Person,
            now,
        );
    }

    /// Whether the game is on screen (playing, or its result shown).
    fn on_board(&self) -> bool {
        matches!(self.screen.get(), Screen::Playing | Screen::GameOver)
    }

    /// Applies an action of the game on the board (when it is on screen) and announces what it
    /// caused; a refusal is for the caller to explain.
    fn act(&mut self, action: Action) -> Option<MatchRefusal> {
        if !self.on_board() {
            return None;
        }
        let now = self.time.elapsed();
        match self.current.apply(action, now) {
            Ok(facts) => {
                announce(&mut self.commands, &self.current, facts, None);
                None
            }
            Err(refusal) => Some(refusal),
        }
    }

    /// The record's tree, comments and marks (in the viewer only), and the board's view (anywhere).
    fn study(&mut self, asked: &super::StudyCommand) {
        super::study_edit::change_view(&mut self.study.view, asked);
        if !self.on_board() || !self.modes.is(Activity::Record) {
            return;
        }
        let parts = super::study_edit::StudyParts {
            current: &mut self.current,
            opened: &mut self.tree,
            state: &mut self.study.state,
        };
        super::study_edit::edit_tree(&mut self.commands, parts, asked);
    }

    /// A person's stone at this board.
    fn place(&mut self, pos: Pos) {
        // The editor places set-up stones, and the puzzles play their own.
        if !self.on_board() || self.modes.own_the_board() {
            return;
        }
        let current = &self.current;
        // Looking through a record or reviewing it, a stone is a step or a branch of its tree.
        let refusal = if self.modes.on_record() {
            let (commands, current) = (&mut self.commands, &mut self.current);
            super::study::play_in_record(commands, current, &mut self.tree, pos).err()
        } else if current.remote().is_some()
            && current.acting_player() == Player::Person
            && !self.link.connected
        {
            Some(Refusal::NotConnected)
        } else {
            let now = self.time.elapsed();
            match play_stone(
                &mut self.commands,
                &mut self.current,
                pos,
                Player::Person,
                now,
            ) {
                Ok(()) => None,
                Err(MatchRefusal::OffBoard) => return,
                Err(refusal) => Some(Refusal::of_match(
                    refusal,
                    self.current.game().variant().size(),
                )),
            }
        };
        if let Some(reason) = refusal {
            self.commands.trigger(IllegalClick {
                pos: Some(pos),
                reason,
            });
        }
    }

    /// A stone from the other machine, checked like a click: a refusal goes back to it in the
    /// protocol's own sentences.
    fn remote_move(&mut self, pos: Pos) {
        let now = self.time.elapsed();
        let refused = if !self.on_board() || self.current.ended_off_board() {
            Some(MatchRefusal::NotYourTurn)
        } else {
            play_stone(
                &mut self.commands,
                &mut self.current,
                pos,
                Player::Remote,
                now,
            )
            .err()
        };
        if let Some(refusal) = refused {
            let reason = match play_error(refusal, pos) {
                Some(error) => tengen_net::ActionError::Illegal(error),
                None => tengen_net::ActionError::NotYourTurn,
            };
            self.commands.trigger(RemoteMoveRefused {
                reason: reason.to_string(),
            });
        }
    }

    /// A network game ended off the board, the same on both machines.
    fn end_off_board(&mut self, end: End) {
        let Some(remote) = self.current.remote() else {
            return;
        };
        let action = match (end.reason, end.loser()) {
            (Reason::Resignation, Some(loser)) => Action::Resign(loser),
            (Reason::Left, Some(loser)) => Action::Left(loser),
            (Reason::Time, Some(loser)) => Action::TimeOut(loser),
            (Reason::Agreement, _) => {
                // The offer and its answer were the network's: here both stand at once.
                self.act(Action::OfferDraw(remote));
                Action::AcceptDraw(remote.opponent())
            }
            _ => Action::Abandon,
        };
        self.act(action);
    }

    /// The person at this board resigns: against the computer their colour, between two people here
    /// the side acting (a network game resigns through the network panel, for both machines). Asked
    /// first, so it counts from the menu too (leaving a rated game there for another); while the
    /// board holds the editor's position or a puzzle (not a game), it is the game set aside that
    /// resigns, put back on the board to be filed and shown.
    fn resign(&mut self) {
        if !self.current.live() {
            let Some(game) = self.kept.take() else {
                return;
            };
            self.current.replace(game);
            show_game(&mut self.commands);
            self.next_screen.set(Screen::Playing);
            self.modes.enter(Activity::Playing);
        }
        let current = &self.current;
        if current.remote().is_some() || self.modes.on_record() {
            return;
        }
        let setup = current.setup();
        let loser = match setup.mode {
            Mode::HumanVsComputer => setup.first_seat,
            Mode::HumanVsHuman => current.acting_side(),
            Mode::ComputerVsComputer => return,
        };
        let now = self.time.elapsed();
        if let Ok(facts) = self.current.apply(Action::Resign(loser), now) {
            announce(&mut self.commands, &self.current, facts, None);
        }
    }

    fn undo(&mut self) {
        // In a network game Undo asks the other player (the network plugin sends the request).
        if self.current.remote().is_some() {
            return;
        }
        let now = self.time.elapsed();
        if *self.screen.get() == Screen::GameOver {
            self.notice
                .post(Phrase::new("notice-game-over-start-new"), now);
        }
        if *self.screen.get() != Screen::Playing {
            return;
        }
        if self.modes.on_record() {
            step_record(&mut self.commands, &mut self.current, ViewStep::Previous);
            return;
        }
        if self.act(Action::Undo).is_some() {
            self.notice.post(Phrase::new("notice-nothing-to-undo"), now);
            return;
        }
        if self.current.setup().mode == Mode::ComputerVsComputer {
            // Otherwise the computer would replay at once and undo could never be seen.
            self.autoplay.paused = true;
        }
    }

    fn redo(&mut self) {
        let now = self.time.elapsed();
        if self.current.remote().is_some() {
            self.notice.post(Phrase::new("net-no-redo"), now);
            return;
        }
        if *self.screen.get() != Screen::Playing {
            return;
        }
        if self.modes.on_record() {
            step_record(&mut self.commands, &mut self.current, ViewStep::Next);
            return;
        }
        if self.act(Action::Redo).is_some() {
            self.notice.post(Phrase::new("notice-nothing-to-redo"), now);
        }
    }
}

/// The engine's reason for a refused stone of the other machine's, as the protocol words it; `None`
/// when it was simply not its turn.
fn play_error(refusal: MatchRefusal, pos: Pos) -> Option<PlayError> {
    match refusal {
        MatchRefusal::GameOver => Some(PlayError::GameOver),
        MatchRefusal::Occupied => Some(PlayError::Occupied(pos)),
        MatchRefusal::OffBoard => Some(PlayError::OffBoard(pos)),
        MatchRefusal::Forbidden(why) => Some(PlayError::Forbidden(pos, why)),
        _ => None,
    }
}
