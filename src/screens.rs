//! The game's screens as Bevy states: the menu, a game being played, and a finished game.

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

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_computed_state::<InGame>();
}
