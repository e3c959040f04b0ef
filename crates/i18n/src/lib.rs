//! The game's words in English, Russian, Simplified Chinese and Polish: one Fluent file per language
//! under `locales/`, embedded in the binary, and the wording of the engine's structured values (rules,
//! levels, hint reasons, forbidden points). Bevy-free, so its checks run without building the game.

mod language;
mod messages;
mod phrase;
mod words;

pub use fluent_bundle::FluentValue;
pub use language::{Language, ParseLanguageError};
pub use messages::{Messages, message_ids, source};
pub use phrase::{Arg, Phrase};
pub use words::{
    forbidden_id, hint_reason, level_id, mode_id, opening_rule_id, preset_id, renju_opening_id,
    result_id, seat_ids, side_id,
};

#[cfg(test)]
mod tests;
