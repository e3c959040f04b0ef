//! Seeing what the engine sees: live analysis of the position on the board ([`live`]) and the review
//! of a whole game ([`review`]). Both search in the background on the cores the game may use, each with
//! a stop flag raised the moment the player moves on, and wake the sleeping window when they have news.
//! Neither changes the game: what they find is for the player's eyes (the `ui` draws it).

use bevy::prelude::*;

mod analyst;
pub mod live;
pub mod review;

pub(crate) use analyst::SharedAnalyst;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SharedAnalyst>()
        .add_plugins((live::plugin, review::plugin));
}
