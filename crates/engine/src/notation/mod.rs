//! Human and file notation for moves and games: cell names (`h8`), position strings (`h8i9j10`), SGF and
//! Piskvork `.psq`.
//!
//! Every format parses with `FromStr` into a plain value and prints with `Display`; each has its own error
//! type that says what is wrong and where. Parsing never checks the rules: a record that parses but holds
//! an illegal move is reported by `Game::from_moves`, a separate error path.

mod cell;
mod movelist;
mod psq;
mod renlib;
mod sgf;
mod sgf_scan;
mod sgf_tree;
mod tree;

pub use cell::{Cell, ParseCellError, ParsePositionError, PositionString, RowOrigin, cell_name};
pub use movelist::{MoveList, ParseMoveListError};
pub use psq::{ParsePsqError, Psq, PsqMove, PsqSetup};
pub use renlib::{ParseRenLibError, read_renlib};
pub use sgf::{GameResult, ParseSgfError, Sgf};
pub use sgf_tree::SgfTree;
pub use tree::{GameTree, Marks, Node, NodeId};

#[cfg(test)]
mod formats_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tree_tests;
