//! The game's vocabulary as the files spell it: players, and serde adapters for the engine's types
//! (which know nothing of serde, on purpose), among them its `Mode` and `Level`.

use serde::{Deserialize, Serialize};
use tengen_engine::{Cell, Color, Level, Pos, Preset, RowOrigin, Rule, Step, Variant, cell_name};

/// Who sits on one side of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Player {
    Human {
        name: String,
    },
    /// The computer: a named level as it always played (`step: None`), or a step of the strength
    /// ladder (`step: Some(..)`, "Match my strength"), written as its number. `level` is then the
    /// level the player had chosen, kept for files and menus that know only levels.
    Computer {
        #[serde(with = "by_name")]
        level: Level,
        #[serde(default, skip_serializing_if = "Option::is_none", with = "step_number")]
        step: Option<Step>,
    },
}

impl Player {
    pub fn is_human(&self) -> bool {
        matches!(self, Player::Human { .. })
    }

    /// The name written into game records: the human's name, "Tengen (expert)", or "Tengen (step 5)"
    /// for a ladder step.
    pub fn display_name(&self) -> String {
        match self {
            Player::Human { name } if name.trim().is_empty() => "Player".to_owned(),
            Player::Human { name } => name.clone(),
            Player::Computer {
                step: Some(step), ..
            } => format!("Tengen (step {})", step.number()),
            Player::Computer { level, step: None } => format!("Tengen ({level})"),
        }
    }

    /// The player a name written by [`Player::display_name`] stands for: "Tengen (expert)" and
    /// "Tengen (step 5)" are the computer (a step at its own base level); any other name a person.
    pub fn from_display_name(name: &str) -> Player {
        let computer = name
            .trim()
            .strip_prefix("Tengen (")
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|inner| match inner.strip_prefix("step ") {
                Some(n) => n
                    .parse()
                    .ok()
                    .and_then(Step::new)
                    .map(|step| Player::Computer {
                        level: step.base(),
                        step: Some(step),
                    }),
                None => inner
                    .parse::<Level>()
                    .ok()
                    .filter(|level| level.name() == inner)
                    .map(|level| Player::Computer { level, step: None }),
            });
        computer.unwrap_or_else(|| Player::Human {
            name: name.to_owned(),
        })
    }

    /// The ladder step the computer plays as: its own step, or the one its level is. `None` for a
    /// human.
    pub fn computer_step(&self) -> Option<Step> {
        match self {
            Player::Human { .. } => None,
            Player::Computer { level, step } => Some(step.unwrap_or(Step::from_level(*level))),
        }
    }
}

/// The preset a variant is, if any.
pub fn preset_of(variant: Variant) -> Option<Preset> {
    Preset::ALL.into_iter().find(|p| p.variant() == variant)
}

/// A short rule label for lists and statistics: the preset key (`renju`, `freestyle19`), or
/// `freestyle 9x9 4` for a custom board.
pub fn rule_key(variant: Variant) -> String {
    match preset_of(variant) {
        Some(p) => p.key().to_owned(),
        None => format!(
            "{} {}x{} {}",
            variant.rule(),
            variant.size(),
            variant.size(),
            variant.win_len()
        ),
    }
}

pub(crate) fn parse_rule(name: &str) -> Result<Rule, String> {
    [Rule::Freestyle, Rule::Standard, Rule::Renju]
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("{name:?} is not a rule (freestyle, standard, renju)"))
}

/// A variant as older files held it: the preset key when it is one (for people reading the file), and
/// always the three numbers that define it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub(crate) struct VariantFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    pub size: u8,
    pub win_len: u8,
    pub rule: String,
}

impl VariantFile {
    pub fn variant(&self) -> Result<Variant, String> {
        let rule = parse_rule(&self.rule)?;
        Variant::new(self.size, self.win_len, rule).map_err(|e| e.to_string())
    }
}

/// Cell names (`h8`, rows from the bottom) for a list of points.
pub(crate) fn cells_of(moves: &[Pos], size: u8) -> Vec<String> {
    moves.iter().map(|&p| cell_name(p, size)).collect()
}

/// Points from cell names; the error names the bad move.
pub(crate) fn points_of(cells: &[String], size: u8) -> Result<Vec<Pos>, String> {
    cells
        .iter()
        .enumerate()
        .map(|(i, name)| {
            name.parse::<Cell>()
                .ok()
                .and_then(|c| c.to_pos(size, RowOrigin::Bottom))
                .ok_or_else(|| {
                    format!(
                        "move {}: {name:?} is not a cell of a {size}x{size} board",
                        i + 1
                    )
                })
        })
        .collect()
}

/// Serde adapter for [`Color`] as `"black"` / `"white"`.
pub(crate) mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match c {
            Color::Black => "black",
            Color::White => "white",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        match s.to_ascii_lowercase().as_str() {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            _ => Err(D::Error::custom(format!(
                "{s:?} is not a colour (black, white)"
            ))),
        }
    }
}

/// Serde adapter for any engine type written by its name: `Display` out, `FromStr` in. The engine's
/// [`Level`] (`"expert"`) and `Mode` (`"human-vs-computer"`) are kept this way.
pub(crate) mod by_name {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let s = String::deserialize(d)?;
        s.parse().map_err(D::Error::custom)
    }
}

/// Serde adapter for an optional ladder [`Step`] as its number (`5`); a number off the ladder is a
/// value of the wrong kind.
pub(crate) mod step_number {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::Step;

    pub fn serialize<S: Serializer>(step: &Option<Step>, s: S) -> Result<S::Ok, S::Error> {
        match step {
            Some(step) => s.serialize_u8(step.number()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Step>, D::Error> {
        match Option::<u64>::deserialize(d)? {
            None => Ok(None),
            Some(n) => u8::try_from(n)
                .ok()
                .and_then(Step::new)
                .map(Some)
                .ok_or_else(|| {
                    D::Error::custom(format!(
                        "{n} is not a step of the ladder (1 to {})",
                        Step::COUNT
                    ))
                }),
        }
    }
}

/// Serde adapter for [`Preset`] as its key (`renju`, `freestyle19`, ...).
pub(crate) mod preset_serde {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::Preset;

    pub fn serialize<S: Serializer>(p: &Preset, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(p.key())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Preset, D::Error> {
        let s = String::deserialize(d)?;
        Preset::from_key(&s).ok_or_else(|| D::Error::custom(format!("{s:?} is not a rule preset")))
    }
}

/// Both sides' values, black first, as `{ "black": .., "white": .. }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PerSide<T> {
    pub black: T,
    pub white: T,
}

impl<T> PerSide<T> {
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}
