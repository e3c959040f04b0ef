//! What the menu, the command line or a test asks of the network: one message type, in a module of
//! its own so the network's parts can name it without importing the plugin.

use bevy::prelude::*;
use tengen_engine::{Color, Preset};
use tengen_match::TimeControl;

/// What the menu, the command line or a test asks of the network.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetworkRequest {
    /// Listen on `port` (0 picks a free one) for a player to join a game of `preset`; the host plays
    /// `host_color`. With a saved network game this machine hosted, that game is hosted again instead.
    Host {
        port: u16,
        preset: Preset,
        host_color: Color,
        passphrase: Option<String>,
        /// The game's time control, sent to the guest as the game's terms.
        time: TimeControl,
    },
    /// Join the game hosted at `address` ("host:port"). With a saved network game joined at that
    /// address, that game is picked up again instead.
    Join {
        address: String,
        preset: Preset,
        passphrase: Option<String>,
    },
    /// Bring back the saved network game on the board: host it again or reconnect to its host.
    Reconnect,
    /// Drop the connection as a pulled cable would: the joining side reconnects and play goes on.
    Drop,
    /// Leave the network game, telling the other player; the game ends here and is kept in the history.
    Leave,
    /// Send a short chat line to the other player.
    Chat(String),
    /// Answer the other player's undo request (accepted, the move is taken back on both boards).
    AnswerUndo(bool),
    /// Give up the game: the other player wins on both boards.
    Resign,
    /// Offer the other player a draw.
    OfferDraw,
    /// Answer the other player's draw offer.
    AnswerDraw(bool),
}
