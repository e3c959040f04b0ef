//! Turn state: applies the players' commands to the game record (the engine's `Game` decides what is
//! legal), starts, restarts and leaves games, and announces every change as an event.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use tengen_engine::{Color, Game, PlayError, Pos, Preset};

use super::score::Score;
use super::swap::SwapPhase;
use super::{
    Autoplay, CurrentGame, GameCommand, GameSetup, GameStarted, IllegalClick, Mode, Notice,
    OffBoard, OpenGame, PlayerKind, RecordOpened, RecordStepped, Refusal, RemoteMoveRefused,
    StonePlaced, StoneRemoved, ViewStep,
};
use crate::CommandHandlers;
use crate::i18n::Phrase;
use crate::screens::{Activity, ModeSwitch, Screen};
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_commands.in_set(CommandHandlers::Turn))
        .add_observer(explain_refusal);
}

/// A refused click is never silent: the player reads why (and `audio` plays the warning).
fn explain_refusal(refused: On<IllegalClick>, mut notice: ResMut<Notice>, time: Res<Time<Real>>) {
    notice.post_error(refused.reason.phrase(), time.elapsed());
}

/// Where the next stone comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// A new move at this point (the redo list is forgotten).
    Move(Pos),
    /// The last undone move, played again.
    Redo,
    /// A move from the other machine of a network game.
    Remote(Pos),
}

/// Plays a stone for the side to move and announces it: the one way a stone gets onto the board. Every
/// change of position bumps the generation, so a search started for an older one drops itself.
/// Returns the point, or `None` when there was nothing to redo.
pub(crate) fn play_stone(
    commands: &mut Commands,
    current: &mut CurrentGame,
    placement: Placement,
) -> Result<Option<Pos>, PlayError> {
    let color = current.game().to_move();
    let by_computer = current.setup.player(color) == PlayerKind::Computer;
    let by_remote = matches!(placement, Placement::Remote(_));
    let pos = match placement {
        Placement::Move(pos) | Placement::Remote(pos) => {
            current.play(pos)?;
            pos
        }
        Placement::Redo => match current.redo() {
            Some(pos) => pos,
            None => return Ok(None),
        },
    };
    commands.trigger(StonePlaced {
        pos,
        color,
        number: current.game().moves().len(),
        by_computer,
        by_remote,
    });
    Ok(Some(pos))
}

/// How many moves one press of Undo takes back: against the computer, your move and its answer together
/// (or just your move while it is still thinking), so it is your turn again.
/// A swap opening's steps are the players' own: Undo takes back only a stone of the step a person is
/// placing, never the other seat's proposal, and never a settled opening's stones.
fn undo_plies(current: &CurrentGame) -> usize {
    let person = |seat: usize| current.seat_player(seat) == PlayerKind::Human;
    match current.opening() {
        SwapPhase::Off => {}
        SwapPhase::Placing { seat, until, .. } => {
            let own = current
                .game()
                .moves()
                .len()
                .saturating_sub(SwapPhase::step_start(until));
            return if person(seat) { own.min(1) } else { 0 };
        }
        // The person who proposed may take back a stone while the computer chooses.
        SwapPhase::Choosing { seat, .. } => return usize::from(!person(seat) && person(1 - seat)),
    }
    let played = current
        .game()
        .moves()
        .len()
        .saturating_sub(current.opening_stones());
    match current.setup.mode {
        Mode::HumanVsComputer if current.player_to_move() == PlayerKind::Human => {
            // Taking back only the computer's opening move would hand it the move again.
            if played >= 2 { 2 } else { 0 }
        }
        _ => played.min(1),
    }
}

/// Whether Undo does anything now (the side panel greys it out otherwise): a step back in a record, a
/// request to the other player of a network game, or moves of this game to take back.
pub fn can_undo(current: &CurrentGame, on_record: bool) -> bool {
    if on_record || current.remote.is_some() {
        return !current.game().moves().is_empty();
    }
    !current.is_over() && undo_plies(current) > 0
}

/// Whether Redo does anything now: a step forward in a record, or undone moves to play again (a
/// network game has no redo).
pub fn can_redo(current: &CurrentGame, on_record: bool) -> bool {
    if on_record {
        return !current.game().redo_moves().is_empty();
    }
    current.remote.is_none() && redo_plies(current) > 0
}

/// How many moves one press of Redo replays: your move and the computer's answer, when both are there.
fn redo_plies(current: &CurrentGame) -> usize {
    let available = current.game().redo_moves().len();
    if !current.opening().settled() {
        // One stone of the opening step at a time, as it was taken back.
        return available.min(1);
    }
    match current.setup.mode {
        Mode::HumanVsComputer => available.min(2),
        _ => available.min(1),
    }
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
}

/// The player's commands, in the order given, each to its handler below. The other plugins that read
/// [`GameCommand`] (editor, opening, hint, puzzle, computer, analysis, network) run after this one, in
/// the order `AppSystems` declares.
fn apply_commands(mut reader: MessageReader<GameCommand>, mut turn: Turn) {
    for command in reader.read() {
        turn.apply(command);
    }
}

impl Turn<'_, '_> {
    fn apply(&mut self, command: &GameCommand) {
        match command {
            GameCommand::Place(pos) => self.place(pos),
            GameCommand::RemoteMove(pos) => self.remote_move(pos),
            GameCommand::NetworkGame {
                preset,
                local,
                moves,
                peer,
            } => self.network_game(preset, local, moves, peer),
            GameCommand::EndOffBoard(end) => self.end_off_board(end),
            GameCommand::TakeBack(plies) => self.take_back(plies),
            GameCommand::Undo => self.undo(),
            GameCommand::Redo => self.redo(),
            GameCommand::NewGame(setup) => self.new_game(setup),
            GameCommand::Restart => self.restart(false),
            GameCommand::Rematch => self.restart(true),
            GameCommand::Open(open) => self.open(open),
            GameCommand::View(step) => self.view(step),
            GameCommand::ContinueFromHere { against_computer } => {
                self.continue_from_here(against_computer)
            }
            GameCommand::Resume => self.resume(),
            GameCommand::Menu => self.menu(),
            GameCommand::TogglePause => self.autoplay.paused = !self.autoplay.paused,
            GameCommand::Pace(pace) => self.autoplay.pace = *pace,
            GameCommand::Step => self.step(),
            GameCommand::ResetScore => *self.score = Score::default(),
            GameCommand::Review => self.review(),
            GameCommand::Hint => {}      // handled by the hint plugin
            GameCommand::Edit(_) => {}   // handled by the editor plugin
            GameCommand::Puzzle(_) => {} // handled by the puzzle plugin
            GameCommand::MoveNow => {}   // handled by the computer plugin
            GameCommand::Swap(_) => {}   // handled by the opening plugin
            GameCommand::CloseReview => self.close_review(),
            GameCommand::Analyse => {} // handled by the analysis plugin
        }
    }

    /// Whether the game is on screen (playing, or its result shown).
    fn on_board(&self) -> bool {
        matches!(self.screen.get(), Screen::Playing | Screen::GameOver)
    }

    fn place(&mut self, pos: &Pos) {
        let on_board = self.on_board();
        let Turn {
            commands,
            current,
            link,
            modes,
            ..
        } = self;
        // The editor places set-up stones, and the puzzles play their own.
        if !on_board || modes.own_the_board() {
            return;
        }
        let refusal = if modes.on_record() {
            Some(Refusal::Viewing)
        } else if current.is_over() {
            Some(Refusal::GameOver)
        } else if !current.opening_lets_place() {
            Some(Refusal::OpeningChoice)
        } else if current.player_to_move() != PlayerKind::Human && !current.person_places_opening()
        {
            Some(Refusal::NotYourTurn)
        } else if current.remote == Some(current.game().to_move()) {
            Some(Refusal::RemoteTurn)
        } else if current.remote.is_some() && !link.connected {
            Some(Refusal::NotConnected)
        } else {
            match current.game().check(*pos) {
                Ok(()) => None,
                Err(PlayError::Occupied(_)) => Some(Refusal::Occupied),
                Err(PlayError::Forbidden(_, why)) => Some(Refusal::Forbidden(why)),
                Err(PlayError::GameOver) => Some(Refusal::GameOver),
                Err(PlayError::OffBoard(_)) => return,
            }
        };
        if let Some(reason) = refusal {
            commands.trigger(IllegalClick {
                pos: Some(*pos),
                reason,
            });
            return;
        }
        if let Err(error) = play_stone(commands, current, Placement::Move(*pos)) {
            warn!("move refused after the check passed: {error}");
        }
    }

    fn remote_move(&mut self, pos: &Pos) {
        let on_board = self.on_board();
        let Turn {
            commands, current, ..
        } = self;
        // The reasons are the protocol's own sentences: they go to the other machine too.
        let refused = if !on_board
            || current.off_board().is_some()
            || current.remote != Some(current.game().to_move())
        {
            Some(tengen_net::ActionError::NotYourTurn.to_string())
        } else {
            current
                .game()
                .check(*pos)
                .err()
                .map(|e| tengen_net::ActionError::Illegal(e).to_string())
        };
        if let Some(reason) = refused {
            commands.trigger(RemoteMoveRefused { reason });
            return;
        }
        if let Err(error) = play_stone(commands, current, Placement::Remote(*pos)) {
            warn!("remote move refused after the check passed: {error}");
        }
    }

    fn network_game(
        &mut self,
        preset: &Preset,
        local: &Color,
        moves: &[Pos],
        peer: &Option<String>,
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
            ..
        } = self;
        if current.remote == Some(local.opponent())
            && current.setup.preset == *preset
            && current.game().moves() == moves
        {
            // A reconnect to the game already on the board: play simply goes on (from the
            // menu, when a saved network game was brought back).
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
            preset: *preset,
            first_seat: *local,
            ..current.setup
        };
        start_game(commands, current, score, setup, now);
        current.show_position(game);
        current.remote = Some(local.opponent());
        // The other seat carries the other player's name (this one is "You").
        *current.names.get_mut(local.opponent()) = peer.clone().map(super::SeatName::Named);
        NextState::set_if_neq(next_screen, board_screen(current, false));
        modes.enter(Activity::Playing);
    }

    fn end_off_board(&mut self, end: &OffBoard) {
        let now = self.time.elapsed();
        let on_board = self.on_board();
        let Turn {
            current,
            next_screen,
            ..
        } = self;
        if current.remote.is_none() || current.is_over() {
            return;
        }
        current.end_off_board(*end, now);
        if on_board {
            next_screen.set(Screen::GameOver);
        }
    }

    fn take_back(&mut self, plies: &usize) {
        let on_board = self.on_board();
        let Turn {
            commands, current, ..
        } = self;
        if current.remote.is_none() || !on_board {
            return;
        }
        take_back_stones(commands, current, *plies);
    }

    fn undo(&mut self) {
        // In a network game Undo asks the other player (the network plugin sends the request).
        if self.current.remote.is_some() {
            return;
        }
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            autoplay,
            notice,
            screen,
            modes,
            ..
        } = self;
        if *screen.get() == Screen::GameOver {
            notice.post(Phrase::new("notice-game-over-start-new"), now);
        }
        if *screen.get() != Screen::Playing {
            return;
        }
        if modes.on_record() {
            step_record(commands, current, ViewStep::Previous);
            return;
        }
        let plies = undo_plies(current);
        if plies == 0 {
            notice.post(Phrase::new("notice-nothing-to-undo"), now);
            return;
        }
        take_back_stones(commands, current, plies);
        if current.setup.mode == Mode::ComputerVsComputer {
            // Otherwise the computer would replay at once and undo could never be seen.
            autoplay.paused = true;
        }
    }

    fn redo(&mut self) {
        let now = self.time.elapsed();
        if self.current.remote.is_some() {
            self.notice.post(Phrase::new("net-no-redo"), now);
            return;
        }
        let Turn {
            commands,
            current,
            notice,
            screen,
            modes,
            ..
        } = self;
        if *screen.get() != Screen::Playing {
            return;
        }
        if modes.on_record() {
            step_record(commands, current, ViewStep::Next);
            return;
        }
        let plies = redo_plies(current);
        if plies == 0 {
            notice.post(Phrase::new("notice-nothing-to-redo"), now);
            return;
        }
        for _ in 0..plies {
            let redone = play_stone(commands, current, Placement::Redo);
            if !matches!(redone, Ok(Some(_))) || current.game().is_over() {
                break;
            }
        }
    }

    fn new_game(&mut self, setup: &GameSetup) {
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            score,
            next_screen,
            modes,
            ..
        } = self;
        let setup = modes.matched.resolve(*setup);
        start_game(commands, current, score, setup, now);
        current.start_opening(modes.opening.0);
        next_screen.set(Screen::Playing);
        modes.enter(Activity::Playing);
    }

    fn restart(&mut self, rematch: bool) {
        if self.current.remote.is_some() {
            // The network plugin asks the other player for a rematch; an accepted one comes back as
            // a `NetworkGame` with the colours swapped.
            if !rematch {
                let now = self.time.elapsed();
                self.notice.post(Phrase::new("net-no-restart"), now);
            }
            return;
        }
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            score,
            next_screen,
            modes,
            ..
        } = self;
        // As the last game was dealt, before a swap opening handed out the colours; a rematch
        // gives the other seat the first stones.
        let setup = if rematch {
            current.dealt_setup().swapped()
        } else {
            current.dealt_setup()
        };
        let rule = current.opening_rule();
        // Against "Match my strength" every game chooses its step anew.
        let setup = modes.matched.resolve(setup);
        // A rematch of a game played from a set-up position starts from that position again.
        let position = rematch.then(|| set_up_position(current.game())).flatten();
        start_game(commands, current, score, setup, now);
        if let Some(game) = position {
            current.show_position(game);
        }
        current.start_opening(rule);
        next_screen.set(Screen::Playing);
        modes.enter(Activity::Playing);
    }

    fn open(&mut self, open: &OpenGame) {
        let now = self.time.elapsed();
        let Turn {
            commands,
            current,
            notice,
            settings,
            next_screen,
            modes,
            ..
        } = self;
        let activity = match open_record(commands, current, open, settings, now) {
            Ok(activity) => activity,
            Err(why) => {
                notice.post(why, now);
                return;
            }
        };
        // Already on the board: stay, without leaving and re-entering the screen.
        let screen = board_screen(current, activity.on_record());
        NextState::set_if_neq(next_screen, screen);
        modes.enter(activity);
    }

    fn view(&mut self, step: &ViewStep) {
        let on_board = self.on_board();
        let Turn {
            commands,
            current,
            modes,
            ..
        } = self;
        if on_board && modes.on_record() {
            step_record(commands, current, *step);
        }
    }

    fn continue_from_here(&mut self, against_computer: &bool) {
        let now = self.time.elapsed();
        let on_board = self.on_board();
        let Turn {
            commands,
            current,
            score,
            notice,
            settings,
            next_screen,
            modes,
            ..
        } = self;
        if !on_board || !modes.on_record() {
            return;
        }
        if let Err(why) =
            continue_record(commands, current, score, *against_computer, settings, now)
        {
            notice.post(why, now);
            return;
        }
        // Already on the board: stay, without leaving (which would stop the new clocks).
        NextState::set_if_neq(next_screen, Screen::Playing);
        modes.enter(Activity::Playing);
    }

    fn resume(&mut self) {
        let Turn {
            commands,
            current,
            screen,
            next_screen,
            modes,
            ..
        } = self;
        if *screen.get() == Screen::Menu && current.live {
            show_game(commands);
            // A record comes back as a record (see `menu`).
            next_screen.set(board_screen(current, modes.on_record()));
        }
    }

    fn menu(&mut self) {
        let on_board = self.on_board();
        let Turn {
            current,
            next_screen,
            modes,
            ..
        } = self;
        if on_board {
            current.forget_answers();
            next_screen.set(Screen::Menu);
            // The board keeps a game or a record for *Continue*: a review, a set-up position and a
            // puzzle end here.
            let resting = if modes.on_record() {
                Activity::Record
            } else {
                Activity::Playing
            };
            modes.enter(resting);
        }
    }

    fn step(&mut self) {
        let Turn { autoplay, .. } = self;
        if autoplay.paused {
            autoplay.steps += 1;
        }
    }

    fn review(&mut self) {
        let now = self.time.elapsed();
        let on_board = self.on_board();
        let Turn {
            current,
            notice,
            next_screen,
            modes,
            ..
        } = self;
        if !on_board {
            return;
        }
        if !modes.on_record() && !current.is_over() {
            notice.post(Phrase::new("notice-review-finished-games"), now);
            return;
        }
        if !modes.on_record() {
            // A finished game is looked through from now on: its moves can be stepped and played
            // on from. Whatever the computer thought of it is no longer wanted.
            current.forget_answers();
        }
        // The analysis plugin reviews the record while the review lasts.
        NextState::set_if_neq(next_screen, Screen::Playing);
        modes.enter(Activity::Review);
    }

    /// The review closes on the record it reviewed.
    fn close_review(&mut self) {
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

/// Takes back `plies` moves as one undo (a network game's agreed undo, or the player's), announcing
/// each stone taken off.
fn take_back_stones(commands: &mut Commands, current: &mut CurrentGame, plies: usize) {
    for _ in 0..plies {
        if let Some(pos) = current.undo() {
            let color = current.game().to_move();
            commands.trigger(StoneRemoved { pos, color });
        }
    }
    current.undos += 1;
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

/// Puts the game on the board on screen (the clock plugin keeps a record's clocks stopped).
fn show_game(commands: &mut Commands) {
    commands.trigger(GameStarted);
}

/// The record's moves in full: those shown and those ahead.
fn record_moves(game: &Game) -> Vec<Pos> {
    let mut moves = game.moves().to_vec();
    moves.extend(game.redo_moves().iter().rev());
    moves
}

/// Puts a record on the board: in the viewer, or against the computer from the side to move. The
/// level and think time are the settings'. Fails on a board the game does not offer. The mode it
/// puts the player in: `Record`, or `Playing`.
fn open_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    open: &OpenGame,
    settings: &Settings,
    now: Duration,
) -> Result<Activity, Phrase> {
    let Some(preset) = tengen_store::preset_of(open.game.variant()) else {
        return Err(Phrase::with(
            "notice-record-board-not-offered",
            vec![("board", tengen_store::rule_key(open.game.variant()).into())],
        ));
    };
    let mut game = open.game.clone();
    if open.rewind {
        while game.undo().is_some() {}
    }
    let base = GameSetup::from_settings(settings);
    let live = open.against_computer && !game.is_over();
    let setup = if live {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset,
            first_seat: game.to_move(),
            ..base
        }
    } else {
        GameSetup {
            mode: Mode::HumanVsHuman,
            preset,
            first_seat: Color::Black,
            ..base
        }
    };
    current.replace(CurrentGame::with_game(setup, game, now));
    current.live = true;
    if live {
        commands.trigger(RecordOpened {
            moves: record_moves(&open.game),
            names: open.names.clone(),
        });
    } else {
        current.view_record(open.names.clone(), now);
    }
    info!(
        "opened a record: {} moves, {} ahead{}",
        current.game().moves().len(),
        current.game().redo_moves().len(),
        if live { "" } else { ", in the viewer" }
    );
    show_game(commands);
    Ok(if live {
        Activity::Playing
    } else {
        Activity::Record
    })
}

/// Shows another position of the record: moves are taken back or replayed without being played, so
/// nothing is timed, counted or filed.
fn step_record(commands: &mut Commands, current: &mut CurrentGame, step: ViewStep) {
    let (shown, total) = current.record_position();
    let target = match step {
        ViewStep::First => 0,
        ViewStep::Previous => shown.saturating_sub(1),
        ViewStep::Next => (shown + 1).min(total),
        ViewStep::Last => total,
        ViewStep::To(n) => n.min(total),
    };
    if target == shown {
        return;
    }
    current.step_to(target);
    commands.trigger(RecordStepped);
}

/// Makes the record's position shown a live game: the moves ahead are dropped, the clocks start and
/// the result will count. Against the computer, you take the side to move.
fn continue_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    against_computer: bool,
    settings: &Settings,
    now: Duration,
) -> Result<(), Phrase> {
    if current.game().is_over() {
        return Err(Phrase::new("notice-record-over-here"));
    }
    let record = record_moves(current.game());
    let game = Game::from_record(
        current.game().variant(),
        current.game().setup(),
        current.game().first_to_move(),
        current.game().moves(),
    )
    .map_err(|(n, e)| {
        Phrase::with(
            "notice-record-move-unplayable",
            vec![
                ("move", (n as u64 + 1).into()),
                ("error", e.to_string().into()),
            ],
        )
    })?;
    let base = GameSetup::from_settings(settings);
    let setup = GameSetup {
        mode: if against_computer {
            Mode::HumanVsComputer
        } else {
            Mode::HumanVsHuman
        },
        preset: current.setup.preset,
        first_seat: if against_computer {
            game.to_move()
        } else {
            Color::Black
        },
        ..base
    };
    if current.setup.changes_opponent(&setup) {
        *score = Score::default();
    }
    let names = if against_computer {
        Default::default()
    } else {
        current.names.clone()
    };
    current.replace(CurrentGame::with_game(setup, game, now));
    current.live = true;
    current.names = names.clone();
    commands.trigger(RecordOpened {
        moves: record,
        names,
    });
    show_game(commands);
    Ok(())
}

fn start_game(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    setup: GameSetup,
    now: Duration,
) {
    if current.setup.changes_opponent(&setup) {
        *score = Score::default();
    }
    current.replace(CurrentGame::new(setup, now));
    current.live = true;
    show_game(commands);
}
