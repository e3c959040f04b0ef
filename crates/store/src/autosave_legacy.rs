//! The autosave's earlier versions, read and brought to the current one (the match's own saved form).
//!
//! v1 stored the moves as one position string (`"h8i9j10"`) and the clocks in whole seconds as
//! `[black, white]`, and had no redo stack or counters. v2 stored a list of cell names, a redo list, the
//! clocks in milliseconds per side, hints and undos used, and later a result decided off the board
//! (`ended`), a network game's identity (`network`) and a swap opening's state (`opening`,
//! `opening_stones`); its seats followed from the players' names. v3 (current) embeds the match's
//! saved form, which holds the seats, opening, clocks and end once.
//!
//! A v2 file's result decided off the board kept no reason: a win reads as a resignation, a draw as
//! an agreed one, and a game that could not go on as abandoned.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tengen_engine::{
    Color, Game, GameResult, Mode, OpeningRule, Outcome, Pos, PositionString, RowOrigin,
};
use tengen_match::{End, Match, MatchSetup, OpeningPhase, Progress, Reason, Seat, Seats};

use crate::autosave::{AutosaveFile, NetworkSeat, SavedGame};
use crate::file::Problem;
use crate::model::{
    PerSide, Player, VariantFile, by_name, cells_of, points_of, preset_of, rule_key,
};

/// Where a swap or swap2 opening stood when the game was saved: absent once the colours are settled
/// (and in files from before openings were saved, which then go on as free play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SavedOpening {
    #[serde(with = "by_name")]
    rule: OpeningRule,
    /// The seat acting (0 or 1, as the game numbers its seats).
    seat: u8,
    step: OpeningStep,
    /// Placing: the seat places stones until the game has this many moves. Choosing: the seat chooses
    /// a colour after this many.
    stones: usize,
}

/// What the acting seat of an opening does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OpeningStep {
    Placing,
    Choosing,
}

impl SavedOpening {
    /// Whether the opening can stand at `moves` moves: a real rule, a seat, three or five stones
    /// (five only in swap2), and the stones placed so far within the step.
    fn check(&self, moves: usize) -> Result<(), String> {
        use tengen_match::{PROPOSAL_STONES, SWAP2_EXTRA_STONES};
        // Older files knew no tournament rules.
        let stones_ok = match self.rule {
            OpeningRule::Swap => self.stones == PROPOSAL_STONES,
            OpeningRule::Swap2 => {
                self.stones == PROPOSAL_STONES
                    || self.stones == PROPOSAL_STONES + SWAP2_EXTRA_STONES
            }
            _ => false,
        };
        let moves_ok = match self.step {
            OpeningStep::Placing => moves <= self.stones,
            OpeningStep::Choosing => moves == self.stones,
        };
        if self.seat > 1 || !stones_ok || !moves_ok {
            return Err(format!(
                "the {} opening cannot stand at seat {}, {:?} {} stones, with {moves} moves",
                self.rule, self.seat, self.step, self.stones
            ));
        }
        Ok(())
    }
}

/// The file's shape in version 2.
#[derive(Deserialize)]
struct V2File {
    variant: VariantFile,
    #[serde(with = "by_name")]
    mode: Mode,
    players: PerSide<Player>,
    /// A set-up position's stones (cell names), absent for a game from an empty board.
    #[serde(default)]
    setup_black: Vec<String>,
    #[serde(default)]
    setup_white: Vec<String>,
    /// Who made the first move after the setup, when it was white.
    #[serde(default)]
    white_first: bool,
    /// Cell names, rows from the bottom (`h8` is the centre of 15×15).
    moves: Vec<String>,
    /// Undone moves that can be redone; the next one to redo is last (as the engine keeps them).
    #[serde(default)]
    redo: Vec<String>,
    #[serde(default)]
    clock_ms: PerSide<u64>,
    #[serde(default)]
    hints_used: u32,
    #[serde(default)]
    undos_used: u32,
    started_at_ms: u64,
    #[serde(default)]
    paused: bool,
    /// A result decided off the board: `"B+"`, `"W+"`, `"0"`, or `""` for a network game that ended
    /// without one. Absent while the board decides.
    #[serde(default)]
    ended: Option<String>,
    #[serde(default)]
    network: Option<NetworkSeat>,
    #[serde(default)]
    opening: Option<SavedOpening>,
    #[serde(default)]
    opening_stones: usize,
}

impl V2File {
    /// The version 3 file: the game rebuilt by replaying the moves, then the redo stack, then undoing
    /// the redo stack (every move checked under the rules), and the match put back around it.
    fn upgrade(self) -> Result<AutosaveFile, Problem> {
        let variant = self.variant.variant().map_err(Problem::Invalid)?;
        let size = variant.size();
        let moves = points_of(&self.moves, size).map_err(Problem::Invalid)?;
        let redo =
            points_of(&self.redo, size).map_err(|e| Problem::Invalid(format!("redo {e}")))?;
        let black = points_of(&self.setup_black, size)
            .map_err(|e| Problem::Invalid(format!("setup {e}")))?;
        let white = points_of(&self.setup_white, size)
            .map_err(|e| Problem::Invalid(format!("setup {e}")))?;
        let setup: Vec<(Pos, Color)> = black
            .into_iter()
            .map(|p| (p, Color::Black))
            .chain(white.into_iter().map(|p| (p, Color::White)))
            .collect();
        let first = if self.white_first {
            Color::White
        } else {
            Color::Black
        };
        let mut line = moves.clone();
        line.extend(redo.iter().rev());
        let mut game = Game::from_record(variant, &setup, first, &line).map_err(|(i, e)| {
            let which = if i < moves.len() {
                format!("move {}", i + 1)
            } else {
                format!("redo move {}", line.len() - i)
            };
            Problem::Invalid(format!("{which} is illegal: {e}"))
        })?;
        for _ in 0..redo.len() {
            game.undo();
        }
        if let Some(opening) = &self.opening {
            opening.check(moves.len()).map_err(Problem::Invalid)?;
        }
        if self.opening_stones > moves.len() + redo.len() {
            return Err(Problem::Invalid(format!(
                "{} opening stones in a game of {} moves",
                self.opening_stones,
                moves.len() + redo.len()
            )));
        }
        let ended = match self.ended.as_deref() {
            None => None,
            Some("") => Some(None),
            Some(code) => Some(Some(
                [
                    GameResult::BlackWins,
                    GameResult::WhiteWins,
                    GameResult::Draw,
                ]
                .into_iter()
                .find(|r| r.sgf_code() == code)
                .ok_or_else(|| Problem::Invalid(format!("{code:?} is not a result")))?,
            )),
        };
        let end = match (board_end(&game), ended) {
            (Some(end), _) => Some(end),
            (None, ended) => ended.map(off_board_end),
        };
        let preset = preset_of(variant).ok_or_else(|| {
            Problem::Invalid(format!(
                "the board {} is not one this version plays",
                rule_key(variant)
            ))
        })?;
        let (seats, dealt) = self.seats();
        // A settled opening's rule is no longer known; swap and swap2 play on alike once settled.
        let rule = match self.opening {
            Some(opening) => opening.rule,
            None if self.opening_stones > 0 => OpeningRule::Swap,
            None => OpeningRule::Free,
        };
        let setup = MatchSetup {
            opening: rule,
            ..MatchSetup::new(preset, seats, dealt)
        };
        let ms = Duration::from_millis;
        let progress = Progress {
            first: dealt,
            opening: opening_phase(self.opening),
            opening_stones: self.opening_stones,
            offers: Vec::new(),
            declared: None,
            spent: [ms(self.clock_ms.black), ms(self.clock_ms.white)],
            earned: [Duration::ZERO; 2],
            periods_used: [0, 0],
            end,
            draw_offer: None,
            undos: self.undos_used,
            hints: self.hints_used,
        };
        let game_match =
            Match::resume(setup, game, progress).map_err(|e| Problem::Invalid(e.to_string()))?;
        Ok(AutosaveFile::of(&SavedGame {
            game_match,
            players: self.players,
            started_at_ms: self.started_at_ms,
            paused: self.paused,
            network: self.network,
            engine: None,
            first_engine: None,
        }))
    }

    /// The seats, and the first seat's colour: the person's against the computer, this machine's in
    /// a network game; between two players the second seat was the one named "Player 2" (the only
    /// place its seat was written down).
    fn seats(&self) -> (Seats, Color) {
        if let Some(network) = &self.network {
            return (Seats::network(), network.local);
        }
        let dealt = match (self.mode, &self.players.black) {
            (Mode::HumanVsComputer, Player::Computer { .. }) => Color::White,
            (Mode::HumanVsHuman, Player::Human { name }) if name == "Player 2" => Color::White,
            _ => Color::Black,
        };
        (Seats::of_mode(self.mode), dealt)
    }
}

/// The opening phase a v2 file's opening was in.
fn opening_phase(saved: Option<SavedOpening>) -> OpeningPhase {
    let Some(opening) = saved else {
        return OpeningPhase::Settled;
    };
    let seat = if opening.seat == 0 {
        Seat::First
    } else {
        Seat::Second
    };
    match opening.step {
        OpeningStep::Placing => OpeningPhase::Placing {
            seat,
            until: opening.stones,
        },
        OpeningStep::Choosing => OpeningPhase::Choosing {
            seat,
            after: opening.stones,
        },
    }
}

/// The end the board shows: a five, or a full board.
fn board_end(game: &Game) -> Option<End> {
    match game.outcome()? {
        Outcome::Win { winner, .. } => Some(End::lost_by(winner.opponent(), Reason::Five)),
        Outcome::Draw => Some(End::draw(Reason::Full)),
    }
}

/// A result a v2 file decided off the board, which kept no reason (see the module's documentation).
fn off_board_end(result: Option<GameResult>) -> End {
    match result {
        None => End::draw(Reason::Abandoned),
        Some(GameResult::Draw) => End::draw(Reason::Agreement),
        Some(GameResult::BlackWins) => End::lost_by(Color::White, Reason::Resignation),
        Some(GameResult::WhiteWins) => End::lost_by(Color::Black, Reason::Resignation),
    }
}

/// v2 → v3: the game replayed under the rules and put back as a match, written in the match's form.
pub(crate) fn autosave_v2_to_v3(v: Value) -> Result<Value, Problem> {
    let old: V2File = serde_json::from_value(v).map_err(|e| Problem::WrongTypes(e.to_string()))?;
    serde_json::to_value(old.upgrade()?).map_err(|e| Problem::WrongTypes(e.to_string()))
}

/// v1 → v2: one position string → a list of cells; clocks `[s, s]` → `{black, white}` in ms.
pub(crate) fn autosave_v1_to_v2(v: Value) -> Result<Value, Problem> {
    autosave_v1_to_v2_text(v).map_err(Problem::WrongTypes)
}

fn autosave_v1_to_v2_text(mut v: Value) -> Result<Value, String> {
    let obj = v.as_object_mut().ok_or("expected an object")?;
    let size = obj
        .get("variant")
        .and_then(|v| v.get("size"))
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok())
        .ok_or("variant.size is missing or not a board size")?;
    if let Some(m) = obj.remove("moves") {
        let text = m.as_str().ok_or("moves is not a position string")?;
        let ps: PositionString = text.parse().map_err(|e| format!("moves: {e}"))?;
        let points = ps
            .to_moves(size, RowOrigin::Bottom)
            .map_err(|e| format!("moves: {e}"))?;
        obj.insert("moves".into(), Value::from(cells_of(&points, size)));
    }
    if let Some(c) = obj.remove("clock_secs") {
        let secs: Vec<u64> = c
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| a.iter().map(Value::as_u64).collect())
            .ok_or("clock_secs is not [black, white] in seconds")?;
        obj.insert(
            "clock_ms".into(),
            serde_json::json!({ "black": secs[0] * 1000, "white": secs[1] * 1000 }),
        );
    }
    Ok(v)
}
