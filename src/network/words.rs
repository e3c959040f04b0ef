//! Every sentence the network play shows the player, in one place so it moves to the translation files
//! as a whole. (The refusals of a click, the network's included, are with the others in `game::Refusal`.)

pub const NO_REDO: &str = "Redo is not offered in a network game.";
pub const UNDO_REQUESTED: &str = "The other player asks to take back their last move: press Undo to \
     accept, or Decline in the Network game panel.";
pub const UNDO_ASKED: &str = "Undo asked: waiting for the other player to accept.";
pub const UNDO_DECLINED: &str = "The undo was declined.";
pub const DECLINE_UNDO: &str = "Decline undo";
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
pub const YOU: &str = "You";
pub const REMATCH_OFFERED: &str =
    "The other player offers a rematch with colours swapped: press Rematch to accept.";
pub const REMATCH_ASKED: &str = "Rematch offered: waiting for the other player to accept.";
pub const REMATCH_DECLINED: &str = "The rematch was declined.";

// The menu's forms and the in-game panel (`ui::network`).
pub const MENU_BUTTON: &str = "Network game";
pub const FORMS_TITLE: &str = "Network game";
pub const HOST_HEADING: &str = "Host a network game";
pub const JOIN_HEADING: &str = "Join a network game";
pub const RULE: &str = "Rule";
pub const HOST_PLAYS: &str = "You play";
pub const BLACK: &str = "Black (moves first)";
pub const WHITE: &str = "White";
pub const PORT: &str = "Port";
pub const ADDRESS: &str = "Address (host:port)";
pub const PASSPHRASE: &str = "Passphrase (optional)";
pub const HOST_BUTTON: &str = "Host";
pub const JOIN_BUTTON: &str = "Join";
pub const CLOSE: &str = "Close";
pub const PORT_HINT: &str =
    "For play over the internet, open this TCP port on the host's router (0 picks a free port).";
pub const JOIN_RULE_HINT: &str = "Choose the rule the host chose: a different one is refused.";
pub const PANEL_TITLE: &str = "Network game";
pub const LEAVE: &str = "Leave";
pub const SEND: &str = "Send";
pub const BAD_PORT: &str = "The port must be a number from 0 to 65535.";
pub const NO_ADDRESS: &str = "Type the host's address and port, for example 192.168.1.20:47015.";

pub fn seat(who: &str, colour: &str) -> String {
    format!("{who}: {colour}")
}

pub fn waiting_for(who: &str) -> String {
    format!("{who} to move")
}

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
