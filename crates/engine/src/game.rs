//! The game record: moves in order, a redo stack, the side to move and the outcome, with every move
//! checked against the variant's rules (renju forbidden points included).

use std::fmt;

use crate::board::Board;
use crate::core::{Color, Pos, Rule, Variant};
use crate::renju::{self, Forbidden};

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` made a winning row; `line` holds its cells from one end to the other.
    Win { winner: Color, line: Vec<Pos> },
    /// No winner: the board filled up, or in renju black is to move and every empty point is
    /// forbidden to it ([`Game::black_is_stuck`]).
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{winner} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayError {
    /// The game already has an outcome.
    GameOver,
    /// The point is not on the board.
    OffBoard(Pos),
    /// A stone already stands there.
    Occupied(Pos),
    /// Renju: black may not play there.
    Forbidden(Pos, Forbidden),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Points are shown as 0-based x,y (the protocol's coordinates): `Game` does not know how the caller
        // names cells; front ends that show `h8` names match on the variant instead.
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::OffBoard(p) => write!(f, "point {},{} is off the board", p.x, p.y),
            PlayError::Occupied(p) => write!(f, "point {},{} is already taken", p.x, p.y),
            PlayError::Forbidden(p, why) => write!(f, "point {},{} is {why}", p.x, p.y),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game in progress or finished: the record every front end (window, protocol, files) shares.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    /// Stones set on the board before the first move (a position set up, not played), in the order given.
    setup: Vec<(Pos, Color)>,
    /// The side to make the first move: black, unless a setup position says otherwise.
    first: Color,
    moves: Vec<Pos>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Pos>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game on an empty board; black moves first.
    pub fn new(variant: Variant) -> Game {
        Game {
            board: Board::new(variant),
            setup: Vec::new(),
            first: Color::Black,
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: None,
        }
    }

    /// Replays `moves` from the start. On an illegal move, says which (0-based index) and why.
    pub fn from_moves(variant: Variant, moves: &[Pos]) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::new(variant);
        for (i, &pos) in moves.iter().enumerate() {
            game.play(pos).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// A game from a set-up position: `stones` placed as they are, `to_move` to play first. Any
    /// position is accepted whatever order could have led to it (renju forbidden points count only
    /// for the moves played from here); one that already holds a winning row is decided, a full one
    /// (or one where renju's black is to move with only forbidden points left) drawn. Refused only
    /// for a point off the board or given twice.
    pub fn from_setup(
        variant: Variant,
        stones: &[(Pos, Color)],
        to_move: Color,
    ) -> Result<Game, PlayError> {
        let mut game = Game::new(variant);
        for &(pos, color) in stones {
            if !variant.contains(pos) {
                return Err(PlayError::OffBoard(pos));
            }
            if !game.board.is_empty(pos) {
                return Err(PlayError::Occupied(pos));
            }
            game.board.place(pos, color);
        }
        game.setup = stones.to_vec();
        game.first = to_move;
        game.outcome = game.settled_setup();
        Ok(game)
    }

    /// A setup position followed by moves: [`Game::from_setup`], then [`Game::from_moves`]'s replay. A
    /// setup error is reported at index 0.
    pub fn from_record(
        variant: Variant,
        setup: &[(Pos, Color)],
        to_move: Color,
        moves: &[Pos],
    ) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::from_setup(variant, setup, to_move).map_err(|e| (0, e))?;
        for (i, &pos) in moves.iter().enumerate() {
            game.play(pos).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The outcome of a set-up position: a winning row already on the board (the first found), or a
    /// draw when no move is left.
    fn settled_setup(&self) -> Option<Outcome> {
        let won = self.setup.iter().find_map(|&(pos, color)| {
            self.board.winning_line(pos).map(|line| Outcome::Win {
                winner: color,
                line,
            })
        });
        won.or_else(|| self.no_move_left().then_some(Outcome::Draw))
    }

    /// The stones set up before the first move (empty for a game played from an empty board).
    #[inline]
    pub fn setup(&self) -> &[(Pos, Color)] {
        &self.setup
    }

    /// The side that made, or makes, the first move after the setup.
    #[inline]
    pub fn first_to_move(&self) -> Color {
        self.first
    }

    /// The colour of the `index`th move (0-based): the sides alternate from [`Game::first_to_move`].
    #[inline]
    pub fn mover_of(&self, index: usize) -> Color {
        if index.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    #[inline]
    pub fn variant(&self) -> Variant {
        self.board.variant()
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, in order.
    #[inline]
    pub fn moves(&self) -> &[Pos] {
        &self.moves
    }

    /// The moves that `redo` would replay, the next one last.
    #[inline]
    pub fn redo_moves(&self) -> &[Pos] {
        &self.redo
    }

    /// The side to play next.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.mover_of(self.moves.len())
    }

    #[inline]
    pub fn last_move(&self) -> Option<Pos> {
        self.moves.last().copied()
    }

    #[inline]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the side to move may play `pos`, and if not, why.
    pub fn check(&self, pos: Pos) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.variant().contains(pos) {
            return Err(PlayError::OffBoard(pos));
        }
        if !self.board.is_empty(pos) {
            return Err(PlayError::Occupied(pos));
        }
        if self.to_move() == Color::Black
            && self.variant().rule() == Rule::Renju
            && let Some(why) = renju::forbidden(&self.board, pos)
        {
            return Err(PlayError::Forbidden(pos, why));
        }
        Ok(())
    }

    /// Plays `pos` for the side to move, clearing the redo stack. Returns the outcome if this move ended the
    /// game.
    pub fn play(&mut self, pos: Pos) -> Result<Option<&Outcome>, PlayError> {
        self.check(pos)?;
        self.redo.clear();
        self.apply(pos);
        Ok(self.outcome.as_ref())
    }

    /// Places a checked move and settles the outcome.
    fn apply(&mut self, pos: Pos) {
        let color = self.to_move();
        self.board.place(pos, color);
        self.moves.push(pos);
        self.outcome = match self.board.winning_line(pos) {
            Some(line) => Some(Outcome::Win {
                winner: color,
                line,
            }),
            None if self.no_move_left() => Some(Outcome::Draw),
            None => None,
        };
    }

    /// Whether the side to move has nowhere to play, which without a winner is a draw: the set-up
    /// position and every move settle it here, so both draws are decided by one rule.
    fn no_move_left(&self) -> bool {
        self.board.is_full() || self.black_is_stuck()
    }

    /// Renju: whether black is to move and every empty point is forbidden to it. Black cannot pass
    /// (the engine protocol has no pass), so the game ends there, drawn like a full board. Cheap in
    /// practice: the first empty point that black may play ends the scan.
    pub fn black_is_stuck(&self) -> bool {
        self.variant().rule() == Rule::Renju
            && self.to_move() == Color::Black
            && !self.board.is_full()
            && self
                .board
                .empty_points()
                .all(|p| renju::forbidden(&self.board, p).is_some())
    }

    /// Takes back the last move (it can be redone). `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Pos> {
        let pos = self.moves.pop()?;
        self.board.remove(pos);
        // Only the last move can end a game, so the position before it had no outcome (unless it is a
        // decided setup, which stays decided).
        self.outcome = if self.moves.is_empty() {
            self.settled_setup()
        } else {
            None
        };
        self.redo.push(pos);
        Some(pos)
    }

    /// Replays the last undone move. `None` when there is nothing to redo.
    pub fn redo(&mut self) -> Option<Pos> {
        let pos = *self.redo.last()?;
        // Undone moves were legal in exactly this position, but check anyway: a record is cheap to
        // protect and `redo` must never corrupt the board.
        if self.check(pos).is_err() {
            return None;
        }
        self.redo.pop();
        self.apply(pos);
        Some(pos)
    }

    /// Renju: the points black may not play now, with the reason. Empty under other rules and when white
    /// is to move or the game is over.
    pub fn forbidden_points(&self) -> Vec<(Pos, Forbidden)> {
        if self.is_over() || self.to_move() != Color::Black {
            return Vec::new();
        }
        renju::forbidden_points(&self.board)
    }

    /// The Zobrist hash of the stones. The side to move follows from their number in a game played
    /// from an empty board; in a set-up position it need not, and the hash does not include it.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }
}

/// A renju game of `tengen-match` (Expert against itself, 80 000 nodes a move) in which white's
/// 224th move left one empty point, an overline for black: black had no move it could play.
#[cfg(test)]
pub(crate) const STUCK_BLACK: &str = include_str!("../tests/data/renju-black-stuck.txt");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn black_moves_first_and_sides_alternate() {
        let mut g = Game::new(Preset::Freestyle15.variant());
        assert_eq!(g.to_move(), Color::Black);
        g.play(p(7, 7)).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.board().get(p(7, 7)), Some(Color::Black));
        assert_eq!(g.last_move(), Some(p(7, 7)));
    }

    #[test]
    fn illegal_moves_are_refused_without_change() {
        let mut g = Game::new(Preset::Freestyle15.variant());
        g.play(p(7, 7)).unwrap();
        let hash = g.hash();
        assert_eq!(g.play(p(7, 7)), Err(PlayError::Occupied(p(7, 7))));
        assert_eq!(g.play(p(15, 3)), Err(PlayError::OffBoard(p(15, 3))));
        assert_eq!(g.hash(), hash);
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn five_ends_the_game_with_its_line() {
        // Black h-row 0..5, white answers on row 1.
        let moves: Vec<Pos> = (0..5).flat_map(|x| [p(x, 0), p(x, 1)]).take(9).collect();
        let g = Game::from_moves(Preset::Freestyle15.variant(), &moves).unwrap();
        assert_eq!(
            g.outcome(),
            Some(&Outcome::Win {
                winner: Color::Black,
                line: (0..5).map(|x| p(x, 0)).collect()
            })
        );
        let mut g2 = g.clone();
        assert_eq!(g2.play(p(9, 9)), Err(PlayError::GameOver));
    }

    #[test]
    fn full_board_without_a_row_is_a_draw() {
        // X O X / X O O / O X X: no three in a row.
        let order = [
            p(0, 0),
            p(1, 0),
            p(2, 0),
            p(1, 1),
            p(0, 1),
            p(2, 1),
            p(1, 2),
            p(0, 2),
            p(2, 2),
        ];
        let g = Game::from_moves(Preset::TicTacToe.variant(), &order).unwrap();
        assert_eq!(g.outcome(), Some(&Outcome::Draw));
    }

    #[test]
    fn from_moves_reports_the_index_of_the_bad_move() {
        let r = Game::from_moves(Preset::Freestyle15.variant(), &[p(1, 1), p(2, 2), p(1, 1)]);
        assert_eq!(r.err(), Some((2, PlayError::Occupied(p(1, 1)))));
    }

    #[test]
    fn undo_and_redo_walk_the_record() {
        let mut g = Game::new(Preset::Freestyle15.variant());
        for m in [p(7, 7), p(8, 8), p(6, 6)] {
            g.play(m).unwrap();
        }
        let full = g.hash();
        assert_eq!(g.undo(), Some(p(6, 6)));
        assert_eq!(g.undo(), Some(p(8, 8)));
        assert_eq!(g.redo_moves(), &[p(6, 6), p(8, 8)]);
        assert_eq!(g.redo(), Some(p(8, 8)));
        assert_eq!(g.redo(), Some(p(6, 6)));
        assert_eq!(g.redo(), None);
        assert_eq!(g.hash(), full);
        g.undo();
        g.play(p(0, 0)).unwrap();
        assert!(
            g.redo_moves().is_empty(),
            "a new move clears the redo stack"
        );
        while g.undo().is_some() {}
        assert_eq!(g.hash(), 0);
        assert_eq!(g.undo(), None);
    }

    #[test]
    fn renju_black_with_only_forbidden_points_left_ends_the_game_drawn() {
        use crate::notation::{PositionString, RowOrigin};
        let moves = PositionString::parse_moves(STUCK_BLACK, 15, RowOrigin::Bottom).unwrap();
        assert_eq!(moves.len(), 224);
        let mut g = Game::from_moves(Preset::Renju15.variant(), &moves[..223]).unwrap();
        assert!(!g.is_over() && !g.black_is_stuck());
        assert_eq!(g.play(moves[223]), Ok(Some(&Outcome::Draw)));
        assert!(g.black_is_stuck() && !g.board().is_full());
        let last = g.board().empty_points().collect::<Vec<_>>();
        assert_eq!(last, [p(4, 9)]);
        assert_eq!(g.check(p(4, 9)), Err(PlayError::GameOver));
        // Taking white's move back reopens the game; a setup of the same stones is drawn at once.
        g.undo();
        assert!(!g.is_over());
        g.redo();
        let stones: Vec<_> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, Color::to_move_at(i)))
            .collect();
        let setup = Game::from_setup(Preset::Renju15.variant(), &stones, Color::Black).unwrap();
        assert_eq!(setup.outcome(), Some(&Outcome::Draw));
        // White to move in the same position is not stuck: only black has forbidden points.
        let white = Game::from_setup(Preset::Renju15.variant(), &stones, Color::White).unwrap();
        assert!(!white.is_over());
        // Under freestyle rules the point is black's to play.
        let free = Game::from_moves(Preset::Freestyle15.variant(), &moves).unwrap();
        assert!(!free.is_over());
    }

    #[test]
    fn undo_reopens_a_won_game() {
        let moves: Vec<Pos> = (0..5).flat_map(|x| [p(x, 0), p(x, 1)]).take(9).collect();
        let mut g = Game::from_moves(Preset::Freestyle15.variant(), &moves).unwrap();
        assert!(g.is_over());
        g.undo();
        assert!(!g.is_over());
        g.redo();
        assert_eq!(g.outcome().and_then(Outcome::winner), Some(Color::Black));
    }

    #[test]
    fn renju_black_is_refused_a_forbidden_point_but_white_is_not() {
        // Black stones making a double three at (7,7): (5,7),(6,7) across and (7,5),(7,6) down.
        let v = Preset::Renju15.variant();
        let moves = [
            p(5, 7),
            p(0, 0),
            p(6, 7),
            p(0, 2),
            p(7, 5),
            p(0, 4),
            p(7, 6),
            p(0, 6),
        ];
        let mut g = Game::from_moves(v, &moves).unwrap();
        assert_eq!(
            g.check(p(7, 7)),
            Err(PlayError::Forbidden(p(7, 7), Forbidden::DoubleThree))
        );
        assert_eq!(
            g.forbidden_points(),
            vec![(p(7, 7), Forbidden::DoubleThree)]
        );
        g.play(p(14, 14)).unwrap();
        assert!(
            g.forbidden_points().is_empty(),
            "white has no forbidden points"
        );
        assert_eq!(g.play(p(7, 7)).map(|o| o.cloned()), Ok(None));
        // The same shape is fine in freestyle.
        let mut f = Game::from_moves(Preset::Freestyle15.variant(), &moves).unwrap();
        assert!(f.play(p(7, 7)).is_ok());
    }

    #[test]
    fn renju_white_wins_with_an_overline() {
        let v = Preset::Renju15.variant();
        // White builds x=0..2 and x=4..5 on row 3, then fills x=3: six in a row.
        let mut moves = Vec::new();
        for (i, x) in [0u8, 1, 2, 4, 5].iter().enumerate() {
            moves.push(p(i as u8 * 2, 10 + (i as u8 % 2) * 2));
            moves.push(p(*x, 3));
        }
        moves.push(p(14, 14));
        moves.push(p(3, 3));
        let g = Game::from_moves(v, &moves).unwrap();
        assert_eq!(g.outcome().and_then(Outcome::winner), Some(Color::White));
        if let Some(Outcome::Win { line, .. }) = g.outcome() {
            assert_eq!(line.len(), 6);
        }
    }

    #[test]
    fn a_setup_position_holds_its_stones_and_side_to_move() {
        let v = Preset::Renju15.variant();
        // Black's double three with its centre already taken by black: no order of alternating
        // moves ends here without passing a forbidden point, but the position is accepted.
        let setup = [
            (p(5, 7), Color::Black),
            (p(6, 7), Color::Black),
            (p(7, 5), Color::Black),
            (p(7, 6), Color::Black),
            (p(7, 7), Color::Black),
            (p(0, 0), Color::White),
        ];
        let mut g = Game::from_setup(v, &setup, Color::White).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.board().stone_count(), 6);
        assert!(!g.is_over());
        g.play(p(8, 7)).unwrap();
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.mover_of(0), Color::White);
        // Undo stops at the setup.
        assert_eq!(g.undo(), Some(p(8, 7)));
        assert_eq!(g.undo(), None);
        assert_eq!(g.board().stone_count(), 6);
        assert_eq!(g.setup(), &setup);
        // A five in the setup decides the game; a point twice is refused.
        let five: Vec<_> = (0..5).map(|x| (p(x, 3), Color::White)).collect();
        let won = Game::from_setup(v, &five, Color::Black).unwrap();
        assert_eq!(won.outcome().and_then(Outcome::winner), Some(Color::White));
        assert_eq!(
            Game::from_setup(
                v,
                &[(p(1, 1), Color::Black), (p(1, 1), Color::White)],
                Color::Black
            )
            .err(),
            Some(PlayError::Occupied(p(1, 1)))
        );
        assert_eq!(
            Game::from_setup(v, &[(p(15, 1), Color::Black)], Color::Black).err(),
            Some(PlayError::OffBoard(p(15, 1)))
        );
    }

    #[test]
    fn a_record_replays_its_moves_after_the_setup() {
        let v = Preset::Freestyle15.variant();
        let setup = [(p(7, 7), Color::Black)];
        let g = Game::from_record(v, &setup, Color::White, &[p(8, 8), p(6, 6)]).unwrap();
        assert_eq!(g.board().get(p(8, 8)), Some(Color::White));
        assert_eq!(g.board().get(p(6, 6)), Some(Color::Black));
        assert_eq!(g.to_move(), Color::White);
        let bad = Game::from_record(v, &setup, Color::White, &[p(8, 8), p(7, 7)]);
        assert_eq!(bad.err(), Some((1, PlayError::Occupied(p(7, 7)))));
    }
}
