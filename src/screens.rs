//! The game's screens and modes as Bevy states: the menu, a game being played or over, and what the
//! player is doing with the board (playing, looking through a record, its review, the editor, a
//! puzzle). One value each, never a set of flags: docs/modes.md has the diagram.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Which screen the player is on. Entities that belong to a screen carry `DespawnOnExit`.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Choosing mode, rule, colour and level.
    #[default]
    Menu,
    /// A game in progress.
    Playing,
    /// The game has an outcome; the board stays visible behind the result dialog.
    GameOver,
}

/// On the board: while playing and after the game ended. The board and the computer's task live exactly
/// as long as this state, so going back to the menu clears them and stops the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;
    /// Playing → GameOver must not exit and re-enter `InGame`: the board stays for the result dialog.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// What the player is doing with the board, one thing at a time. It stays while the menu is up, so
/// *Continue* goes back to it (a record stays a record); the board's panels show it only `InGame`.
/// The handler that starts a mode sets it; each mode's panel, controls and entities follow it.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Activity {
    /// A game played (or just over): against the computer, two players, computers or over the
    /// network; a swap opening's choices are part of it.
    #[default]
    Playing,
    /// Looking through a record (opened, or a finished game): nothing is played, no clock runs and
    /// nothing counts until *Continue from here*.
    Record,
    /// The review of the record on the board: the record is still stepped through.
    Review,
    /// Setting up a position.
    Editor,
    /// Solving a puzzle.
    Puzzle,
}

impl Activity {
    /// A record is on the board (looked through or reviewed): nothing is played into it.
    pub fn on_record(self) -> bool {
        matches!(self, Activity::Record | Activity::Review)
    }
}

/// A record is on the board: looked through, or reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnRecord;

impl ComputedStates for OnRecord {
    type SourceStates = Activity;
    /// Record → Review keeps the record: no exit and re-entry.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(activity: Activity) -> Option<OnRecord> {
        activity.on_record().then_some(OnRecord)
    }
}

/// The mode the player is in: the one a handler chose this frame, or the one entered before. (The
/// chosen mode is entered later in the same frame, in `AppSystems::EnterMode`; an observer of the
/// handler's events must already see it.)
fn chosen(state: &State<Activity>, next: &NextState<Activity>) -> Activity {
    match next {
        NextState::Pending(activity) | NextState::PendingIfNeq(activity) => *activity,
        NextState::Unchanged => *state.get(),
    }
}

/// What the player is doing: the screen, and the mode on the board, read by systems.
#[derive(SystemParam)]
pub struct Doing<'w> {
    screen: Res<'w, State<Screen>>,
    state: Res<'w, State<Activity>>,
    next: Res<'w, NextState<Activity>>,
}

impl Doing<'_> {
    pub fn screen(&self) -> Screen {
        *self.screen.get()
    }

    pub fn now(&self) -> Activity {
        chosen(&self.state, &self.next)
    }

    pub fn is(&self, activity: Activity) -> bool {
        self.now() == activity
    }

    /// A record is on the board (looked through or reviewed): nothing is played into it.
    pub fn on_record(&self) -> bool {
        self.now().on_record()
    }
}

/// What the player is doing, for the handlers that take them into another mode.
#[derive(SystemParam)]
pub struct ModeSwitch<'w> {
    state: Res<'w, State<Activity>>,
    next: ResMut<'w, NextState<Activity>>,
}

impl ModeSwitch<'_> {
    pub fn now(&self) -> Activity {
        chosen(&self.state, &self.next)
    }

    pub fn is(&self, activity: Activity) -> bool {
        self.now() == activity
    }

    /// A record is on the board (looked through or reviewed).
    pub fn on_record(&self) -> bool {
        self.now().on_record()
    }

    /// The player goes into `activity` (no exit and re-entry if already there).
    pub fn enter(&mut self, activity: Activity) {
        NextState::set_if_neq(&mut *self.next, activity);
    }
}

/// Applies the modes the command handlers chose, at once: everything after them in the frame (the
/// computer, the panels, the autosave) sees the new mode, never a record still taken for a game.
fn enter_chosen_modes(world: &mut World) {
    let _ = world.try_run_schedule(StateTransition);
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .init_state::<Activity>()
        .add_computed_state::<OnRecord>()
        .add_systems(
            Update,
            enter_chosen_modes.in_set(crate::schedule::AppSystems::EnterMode),
        );
}
