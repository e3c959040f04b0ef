//! Tengen's Bevy-free Gomoku engine: boards and rules (freestyle, standard, renju), game records,
//! notation, the AI search and the Gomocup protocol.
//!
//! Modules stay private; the API is re-exported flat from here.
//!
//! ```
//! use tengen_engine::{Cell, Forbidden, Game, PlayError, Preset, RowOrigin, Sgf};
//!
//! let mut game = Game::new(Preset::Renju15.variant());
//! for name in ["f8", "a1", "g8", "a3", "h10", "a5", "h9", "a7"] {
//!     let cell: Cell = name.parse()?;
//!     game.play(cell.to_pos(15, RowOrigin::Bottom).expect("on the board"))?;
//! }
//! // h8 would make two open threes for black.
//! let h8 = "h8".parse::<Cell>()?.to_pos(15, RowOrigin::Bottom).expect("on the board");
//! assert_eq!(game.check(h8), Err(PlayError::Forbidden(h8, Forbidden::DoubleThree)));
//! let record: Sgf = Sgf::from_game(&game).to_string().parse()?;
//! assert_eq!(record.moves, game.moves());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analysis;
mod board;
mod core;
mod game;
mod ladder;
mod notation;
mod opening;
mod protocol;
mod puzzle;
mod renju;
mod search;
mod swap;
mod tournament;

#[cfg(test)]
mod proptests;

pub use crate::analysis::{
    Analysis, Analyst, MoveClass, MoveReview, PROVEN_SCORE, WIN_PROBABILITY_SCALE, accuracy,
    review_game, review_game_with, reviews_of, win_probability,
};
pub use crate::board::{Board, zobrist_key};
pub use crate::core::{
    Color, DIRECTIONS, MAX_SIZE, MIN_SIZE, Mode, ParseModeError, Pos, Preset, Rule, THINK_TIME,
    Variant, VariantError,
};
pub use crate::game::{Game, Outcome, PlayError};
pub use crate::ladder::{ParseStepError, Step, StepSettings};
pub use crate::notation::{
    Cell, GameResult, GameTree, Marks, MoveList, Node, NodeId, ParseCellError, ParseMoveListError,
    ParsePositionError, ParsePsqError, ParseRenLibError, ParseSgfError, PositionString, Psq,
    PsqMove, PsqSetup, RowOrigin, Sgf, SgfTree, cell_name, read_renlib,
};
pub use crate::opening::{RenjuOpening, renju_opening};
pub use crate::protocol::{About, Brain, PROTOCOL_MIN_SIZE, Protocol, TimeControl, rule_from_code};
pub use crate::puzzle::{
    EMBEDDED_PUZZLES, FindLimits, Found, ParsePuzzleError, Puzzle, PuzzleGame, PuzzleStep,
    Rejected, canonical_key, difficulty, embedded_puzzles, find_puzzle, parse_puzzles,
    puzzle_variant, verify_puzzle,
};
pub use crate::renju::{Forbidden, forbidden, forbidden_in_match, forbidden_points};
pub use crate::search::{
    Ai, DEFAULT_THREAT_BUDGET, FIRST_UNIT, Features, GameRecord, GamesFile, HIDDEN, Hint, LINE_CAP,
    LearnedTable, Level, LineWindows, MoveChoice, MoveClock, MoveReason, NOT_A_SAMPLE, Net,
    OUT_UNIT, PATTERNS, POLICY_UNIT, ParseLevelError, ParseSuiteError, Recipe, Sample, Samples,
    SamplesFileError, SearchLimits, THREAT_MASKS, TacticalCase, ThinkTime, Thought, ThreatKind,
    ThreatSolver, UseTableError, VALUE_UNIT, WINDOW_CODES, WeightsFileError, canonical_window,
    explain_line, games_header, hand_table, parse_suite, read_games, read_line_ends, read_samples,
    samples_header, time_margin, use_table, vcf_defences, vcf_first_moves, weights_hash,
};
pub use crate::swap::{
    BALANCED, MAX_FIFTH_OFFERS, OpeningRule, SwapChoice, black_advantage, choose_after_five,
    choose_after_three, propose,
};
pub use crate::tournament::{
    declare_offers, measure_opening_balance, offer_fifths, opening_balance, place_opening_stone,
    proposal_pool, propose_opening, select_fifth, symmetric_twin, taraguchi_offers, within_reach,
};
