//! The match's one saved form: the autosave, the network resume and a record's metadata all keep a
//! match as this. Restoring replays every move through the engine, so an impossible file is caught
//! as a bad file, never played.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tengen_engine::{Cell, Color, Game, OpeningRule, Pos, Preset, RowOrigin};

use crate::{Clocks, Colours, End, Match, MatchSetup, OpeningPhase, Reason, Seats, TimeControl};

/// A match as it is written to disk or sent to the other machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedMatch {
    /// The rule and board's key (`freestyle`, `renju`, `tictactoe`, ...).
    pub preset: String,
    pub seats: Seats,
    /// The first seat's colour as dealt.
    #[serde(with = "colour_word")]
    pub dealt: Color,
    /// The first seat's colour now (a swap opening may have changed it).
    #[serde(with = "colour_word")]
    pub first: Color,
    #[serde(default = "free")]
    pub opening_rule: String,
    #[serde(default)]
    pub time: TimeControl,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forbidden_loses: bool,
    /// A set-up position's stones (cell names), absent for a game from an empty board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_black: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_white: Vec<String>,
    /// Who made the first move after the setup, when it was white.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub white_first: bool,
    /// Cell names, rows from the bottom (`h8` is the centre of 15×15).
    pub moves: Vec<String>,
    /// Undone moves that can be redone; the next one to redo is last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<String>,
    /// Time used per side on finished turns, and increments earned, in milliseconds.
    #[serde(default)]
    pub spent_ms: BothSides,
    #[serde(default)]
    pub earned_ms: BothSides,
    /// Byo-yomi periods each side has lost.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub periods_used: [u32; 2],
    #[serde(default)]
    pub opening: OpeningPhase,
    #[serde(default)]
    pub opening_stones: usize,
    /// A tournament opening's fifth moves offered so far (cell names), and how many were declared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<End>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "opt_colour_word"
    )]
    pub draw_offer: Option<Color>,
    #[serde(default)]
    pub undos: u32,
    #[serde(default)]
    pub hints: u32,
}

/// A number per side, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BothSides {
    pub black: u64,
    pub white: u64,
}

impl BothSides {
    fn of(f: impl Fn(Color) -> Duration) -> BothSides {
        let ms = |c| u64::try_from(f(c).as_millis()).unwrap_or(u64::MAX);
        BothSides {
            black: ms(Color::Black),
            white: ms(Color::White),
        }
    }

    fn durations(self) -> [Duration; 2] {
        [
            Duration::from_millis(self.black),
            Duration::from_millis(self.white),
        ]
    }
}

fn is_zero_pair(pair: &[u32; 2]) -> bool {
    *pair == [0, 0]
}

fn free() -> String {
    OpeningRule::Free.key().to_owned()
}

/// Why a saved match cannot be put back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoreError(pub String);

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RestoreError {}

impl Match {
    /// The match in its saved form.
    pub fn saved(&self) -> SavedMatch {
        let size = self.game.variant().size();
        let setup_of = |color| {
            let stones = self.game.setup().iter().filter(|s| s.1 == color);
            cells(&stones.map(|s| s.0).collect::<Vec<_>>(), size)
        };
        SavedMatch {
            preset: self.setup.preset.key().to_owned(),
            seats: self.setup.seats,
            dealt: self.setup.dealt,
            first: self.colours.first,
            opening_rule: self.setup.opening.to_string(),
            time: self.setup.time,
            forbidden_loses: self.setup.forbidden_loses,
            setup_black: setup_of(Color::Black),
            setup_white: setup_of(Color::White),
            white_first: self.game.first_to_move() == Color::White,
            moves: cells(self.game.moves(), size),
            redo: cells(self.game.redo_moves(), size),
            spent_ms: BothSides::of(|c| self.clocks.spent(c)),
            earned_ms: BothSides::of(|c| self.clocks.earned(c)),
            periods_used: [
                self.clocks.periods_used(Color::Black),
                self.clocks.periods_used(Color::White),
            ],
            opening: self.opening,
            opening_stones: self.opening_stones,
            offers: cells(&self.offers, size),
            declared: self.declared,
            end: self.end,
            draw_offer: self.draw_offer,
            undos: self.undos,
            hints: self.hints,
        }
    }

    /// Puts a saved match back exactly as it was, its clocks stopped: every move is replayed under
    /// the rules and every field checked against the others.
    pub fn restore(saved: &SavedMatch) -> Result<Match, RestoreError> {
        let bad = |what: String| RestoreError(what);
        let preset = Preset::from_key(&saved.preset)
            .ok_or_else(|| bad(format!("{:?} is not a rule this game offers", saved.preset)))?;
        let opening_rule: OpeningRule = saved.opening_rule.parse().map_err(bad)?;
        let size = preset.variant().size();
        let moves = points(&saved.moves, size, "move")?;
        let redo = points(&saved.redo, size, "redo move")?;
        let setup: Vec<(Pos, Color)> = points(&saved.setup_black, size, "set-up stone")?
            .into_iter()
            .map(|p| (p, Color::Black))
            .chain(
                points(&saved.setup_white, size, "set-up stone")?
                    .into_iter()
                    .map(|p| (p, Color::White)),
            )
            .collect();
        let first_to_move = if saved.white_first {
            Color::White
        } else {
            Color::Black
        };
        let mut line = moves.clone();
        line.extend(redo.iter().rev());
        let mut game = Game::from_record(preset.variant(), &setup, first_to_move, &line)
            .map_err(|(i, e)| bad(format!("move {} is illegal: {e}", i + 1)))?;
        for _ in 0..redo.len() {
            game.undo();
        }
        let setup = MatchSetup {
            preset,
            seats: saved.seats,
            dealt: saved.dealt,
            opening: opening_rule,
            time: saved.time,
            forbidden_loses: saved.forbidden_loses,
        };
        let progress = Progress {
            first: saved.first,
            opening: saved.opening,
            opening_stones: saved.opening_stones,
            offers: points(&saved.offers, size, "offered fifth move")?,
            declared: saved.declared,
            spent: saved.spent_ms.durations(),
            earned: saved.earned_ms.durations(),
            periods_used: saved.periods_used,
            end: saved.end,
            draw_offer: saved.draw_offer,
            undos: saved.undos,
            hints: saved.hints,
        };
        Match::resume(setup, game, progress)
    }

    /// Puts a match back from its setup, its position (already replayed under the rules) and how far
    /// it had come, its clocks stopped: every part is checked against the others.
    pub fn resume(
        setup: MatchSetup,
        game: Game,
        progress: Progress,
    ) -> Result<Match, RestoreError> {
        let moves = game.moves().len();
        let line = moves + game.redo_moves().len();
        let size = game.variant().size();
        if !progress.opening.fits(setup.opening, moves) {
            return Err(RestoreError(format!(
                "the {} opening cannot stand at {:?} with {moves} moves",
                setup.opening, progress.opening
            )));
        }
        if !offers_fit(&progress, size) {
            return Err(RestoreError(format!(
                "{} offered fifth moves cannot stand at {:?}",
                progress.offers.len(),
                progress.opening
            )));
        }
        if progress.opening_stones > line {
            return Err(RestoreError(format!(
                "{} opening stones in a game of {line} moves",
                progress.opening_stones
            )));
        }
        let mut restored = Match::from_position(setup, game);
        check_end(restored.end, progress.end)?;
        restored.end = progress.end;
        restored.colours = Colours {
            first: progress.first,
        };
        restored.opening = progress.opening;
        restored.opening_stones = progress.opening_stones;
        restored.offers = progress.offers;
        restored.declared = progress.declared;
        restored.clocks = Clocks::restored(
            setup.time,
            progress.spent,
            progress.earned,
            progress.periods_used,
        );
        // Undo goes back to where the clocks stand now, no further (no marks were saved).
        restored.clocks.mark(restored.game.moves().len());
        restored.clocks.start(restored.acting_side(), None);
        restored.draw_offer = progress.draw_offer;
        restored.undos = progress.undos;
        restored.hints = progress.hints;
        Ok(restored)
    }
}

/// How far a match had come, beyond its setup and position: what a saved match keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The first seat's colour now.
    pub first: Color,
    pub opening: OpeningPhase,
    pub opening_stones: usize,
    /// A tournament opening's offered fifth moves, and how many were declared.
    pub offers: Vec<Pos>,
    pub declared: Option<u8>,
    /// Time used per side (black, white) on finished turns, and increments earned.
    pub spent: [Duration; 2],
    pub earned: [Duration; 2],
    /// Byo-yomi periods lost per side.
    pub periods_used: [u32; 2],
    pub end: Option<End>,
    pub draw_offer: Option<Color>,
    pub undos: u32,
    pub hints: u32,
}

/// A tournament opening's offers stand while black offers or white picks, and as the record of a
/// settled opening's fifth move; never more than declared (RIF: two), each on the board.
fn offers_fit(progress: &Progress, size: u8) -> bool {
    let offers = &progress.offers;
    if offers.is_empty() {
        return true;
    }
    let in_phase = matches!(
        progress.opening,
        OpeningPhase::Offering { .. } | OpeningPhase::Selecting { .. }
    );
    let recorded = progress.opening.settled() && progress.opening_stones >= crate::FIFTH;
    let most = usize::from(progress.declared.unwrap_or(2).max(2));
    (in_phase || recorded)
        && offers.len() <= most
        && offers.iter().all(|p| p.x < size && p.y < size)
}

/// The board's own end and the saved one must agree: a five or a full board is the board's to say.
fn check_end(board: Option<End>, saved: Option<End>) -> Result<(), RestoreError> {
    let board_reason =
        |end: Option<End>| end.is_some_and(|e| matches!(e.reason, Reason::Five | Reason::Full));
    match (board, saved) {
        (Some(b), Some(s)) if b == s => Ok(()),
        (None, Some(s)) if !board_reason(Some(s)) => Ok(()),
        (None, None) => Ok(()),
        (b, s) => Err(RestoreError(format!(
            "the saved end {} does not match the board's {}",
            s.map_or("none".to_owned(), |e| e.to_string()),
            b.map_or("none".to_owned(), |e| e.to_string())
        ))),
    }
}

fn cells(points: &[Pos], size: u8) -> Vec<String> {
    points
        .iter()
        .map(|&p| tengen_engine::cell_name(p, size))
        .collect()
}

fn points(names: &[String], size: u8, what: &str) -> Result<Vec<Pos>, RestoreError> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            name.parse::<Cell>()
                .ok()
                .and_then(|cell| cell.to_pos(size, RowOrigin::Bottom))
                .ok_or_else(|| {
                    RestoreError(format!(
                        "{what} {} ({name:?}) is not a point of a {size}×{size} board",
                        i + 1
                    ))
                })
        })
        .collect()
}

/// A colour as `black` or `white`.
mod colour_word {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&c.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        parse(&String::deserialize(d)?).map_err(D::Error::custom)
    }

    pub fn parse(word: &str) -> Result<Color, String> {
        match word {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            other => Err(format!("{other:?} is not a colour (black or white)")),
        }
    }
}

mod opt_colour_word {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tengen_engine::Color;

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => s.serialize_str(&c.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|w| super::colour_word::parse(&w).map_err(D::Error::custom))
            .transpose()
    }
}
