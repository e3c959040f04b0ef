//! Every sentence the network play shows the player, in one place so it moves to the translation files
//! as a whole. (The refusals of a click, the network's included, are with the others in `game::Refusal`.)

pub const NO_UNDO: &str = "In a network game moves cannot be taken back here.";
pub const NO_RESTART: &str =
    "A network game cannot be restarted here: leave it for the menu first.";
pub const BAD_RESUMED_GAME: &str =
    "The other machine sent a game that cannot be played on this board: the connection is closed.";
pub const REMOTE_OUT_OF_TURN: &str = "the other player moved out of turn";
pub const HOST_NAME: &str = "Host";
pub const GUEST_NAME: &str = "Guest";
pub const LEFT: &str = "You left the network game.";
pub const CONNECTING: &str = "Connecting…";
pub const CONNECTED: &str = "Connected";
pub const OFF: &str = "Not connected";

pub fn remote_illegal(why: &str) -> String {
    format!("the other player's move is not allowed: {why}")
}

pub fn hosting(port: u16) -> String {
    format!("Hosting a network game on port {port}: waiting for the other player.")
}

pub fn connected(peer: &str) -> String {
    format!("{peer} is connected. Have a good game!")
}

pub fn closed_for(reason: &str) -> String {
    format!("The connection was closed: {reason}.")
}

pub fn paused(reason: &str) -> String {
    format!("The game is paused: {reason}. Waiting for the other player to reconnect…")
}

pub fn reconnecting(attempt: u32) -> String {
    format!("Reconnecting (attempt {attempt})…")
}

pub fn rejected(reason: &str) -> String {
    format!("A connection was refused: {reason}.")
}

pub fn not_sent(reason: &str) -> String {
    format!("Not sent to the other player: {reason}.")
}

pub fn cannot_start(what: &str, error: &str) -> String {
    format!("Could not {what}: {error}.")
}

pub fn chat(peer: &str, text: &str) -> String {
    format!("{peer}: {text}")
}
