//! Why a move is good, in a player's words: the reason shown with a hint and with the AI's move.

use std::fmt;

use super::pattern::{
    B4, C_FIVE, C_FLEX4, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, F3, F4, F4D,
};
use super::pvs::WIN_MIN;
use super::state::{Cell, SearchBoard};
use crate::core::Color;

/// The reason for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveReason {
    /// The first stone of the game.
    Opening,
    MakeFive,
    BlockFive,
    MakeOpenFour,
    /// Forced win by continuous fours; the number counts our moves up to the five.
    ForcedWinFours(u32),
    /// Forced win found by an exact solver (tiny boards); our moves up to the five.
    ForcedWin(u32),
    /// Forced win by threats (threes and fours) proven by the threat search, which does not measure
    /// how many moves it takes: no count, rather than a wrong one.
    ForcedWinThreats,
    MakeFourThree,
    MakeFour,
    MakeDoubleThree,
    MakeOpenThree,
    /// The opponent has an open three (it threatens an open four): block it.
    BlockOpenThree,
    /// The opponent would make a four-three or a double three here.
    BlockDoubleThreat,
    /// The point where the opponent would build an open three.
    TakeKeyPoint,
    /// Every move loses against best play; this one holds out longest.
    LosingAnyway,
    GoodShape,
}

impl fmt::Display for MoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveReason::Opening => f.write_str("take the centre"),
            MoveReason::MakeFive => f.write_str("make five"),
            MoveReason::BlockFive => f.write_str("block the five"),
            MoveReason::MakeOpenFour => f.write_str("make an open four"),
            MoveReason::ForcedWinFours(n) => {
                write!(f, "forced win with continuous fours in {n} moves")
            }
            MoveReason::ForcedWin(n) => write!(f, "forced win with threats in {n} moves"),
            MoveReason::ForcedWinThreats => f.write_str("forced win with threats"),
            MoveReason::MakeFourThree => f.write_str("make a four-three"),
            MoveReason::MakeFour => f.write_str("make a four"),
            MoveReason::MakeDoubleThree => f.write_str("make a double three"),
            MoveReason::MakeOpenThree => f.write_str("build an open three"),
            MoveReason::BlockOpenThree => f.write_str("block the open three"),
            MoveReason::BlockDoubleThreat => f.write_str("stop a double threat"),
            MoveReason::TakeKeyPoint => f.write_str("take the opponent's key point"),
            MoveReason::LosingAnyway => f.write_str("every move loses; this one holds out longest"),
            MoveReason::GoodShape => f.write_str("a good shape"),
        }
    }
}

/// The reason for `me` playing `c` on `b` (before the move), given the search score.
pub fn reason(b: &SearchBoard, me: Color, c: Cell, score: i32) -> MoveReason {
    let opp = me.opponent();
    let mine = b.class(me, c);
    if mine == C_FIVE {
        return MoveReason::MakeFive;
    }
    if b.count(opp, C_FIVE) > 0 {
        return MoveReason::BlockFive;
    }
    if mine == C_FLEX4 {
        return MoveReason::MakeOpenFour;
    }
    if score >= WIN_MIN {
        // The main search stops at the first win it proves, not the shortest: a count from its score
        // would not go down by one a move (issue 10), so none is given.
        return MoveReason::ForcedWinThreats;
    }
    if score <= -WIN_MIN {
        return MoveReason::LosingAnyway;
    }
    if mine == C_FOUR_THREE {
        return MoveReason::MakeFourThree;
    }
    let opp_threat = b.count(opp, C_FLEX4) > 0;
    let blocks_four = b
        .levels(opp, c)
        .iter()
        .any(|&l| l == F4 || l == F4D || l == B4);
    if opp_threat && blocks_four && mine != C_FOUR {
        return MoveReason::BlockOpenThree;
    }
    if mine == C_FOUR {
        return MoveReason::MakeFour;
    }
    if mine == C_THREE_THREE {
        return MoveReason::MakeDoubleThree;
    }
    let theirs = b.class(opp, c);
    if (C_THREE_THREE..=C_FLEX4).contains(&theirs) {
        return MoveReason::BlockDoubleThreat;
    }
    if mine == C_THREE {
        return MoveReason::MakeOpenThree;
    }
    if theirs == C_THREE || b.levels(opp, c).contains(&F3) {
        return MoveReason::TakeKeyPoint;
    }
    MoveReason::GoodShape
}

/// What each move of `line` does, in a player's words, played from `board` with `first` to move and
/// the sides alternating: the review's words for a better line or a refutation stepped through. By
/// shape alone (a line's moves carry no score of their own): "make a four", "block the open three".
pub fn explain_line(board: &crate::Board, first: Color, line: &[crate::Pos]) -> Vec<MoveReason> {
    let mut sb = SearchBoard::new(board.variant(), super::eval::Weights::default());
    for (pos, color) in board.stones() {
        let c = sb.cell(pos);
        sb.play(c, color);
    }
    let mut mover = first;
    let mut reasons = Vec::with_capacity(line.len());
    for &pos in line {
        if !board.variant().contains(pos) {
            break;
        }
        let c = sb.cell(pos);
        if !sb.is_empty(c) {
            break;
        }
        reasons.push(reason(&sb, mover, c, 0));
        sb.play(c, mover);
        mover = mover.opponent();
    }
    reasons
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use crate::{Board, Pos, Preset};

    #[test]
    fn a_line_is_told_move_by_move_by_what_each_stone_does() {
        // Black has three in a row on row 7 with both ends open; white is to move.
        let mut board = Board::new(Preset::Freestyle15.variant());
        for x in 5..8 {
            board.place(Pos::new(x, 7), Color::Black);
        }
        board.place(Pos::new(5, 9), Color::White);
        board.place(Pos::new(6, 9), Color::White);
        // White blocks the open three; black makes a four; white blocks the five.
        let line = [Pos::new(8, 7), Pos::new(4, 7), Pos::new(3, 7)];
        let reasons = explain_line(&board, Color::White, &line);
        assert_eq!(
            reasons,
            [
                MoveReason::BlockOpenThree,
                MoveReason::MakeFour,
                MoveReason::BlockFive
            ]
        );
        // A line that runs into a stone stops there.
        let clash = [Pos::new(8, 7), Pos::new(5, 7)];
        assert_eq!(explain_line(&board, Color::White, &clash).len(), 1);
    }
}
