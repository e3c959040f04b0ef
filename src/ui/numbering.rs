//! How moves are counted, in one place: the move list, the status line, the result, the review and the
//! record viewer all number a move through [`Numbering`], in the player's choice of single moves (1, 2,
//! 3 …, as renju records count) or pairs (`1. h8 h9`, as chess counts).
//!
//! Moves are counted from the first move after any set-up stones (an editor's position, a record's
//! `AB`/`AW`), as the match numbers a stone it places: the set-up stones are no moves. A position with
//! white to move begins with white's move alone, in white's column.

use tengen_engine::{Color, Game};

use crate::game::cell_name;
pub use crate::settings::MoveNumbering;

/// The numbering of one game: the player's style and the side that made the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    pub style: MoveNumbering,
    /// The side of the first move after the set-up stones.
    pub first: Color,
}

impl Numbering {
    /// The numbering of `game`'s moves in `style`.
    pub fn of(game: &Game, style: MoveNumbering) -> Numbering {
        Numbering {
            style,
            first: game.first_to_move(),
        }
    }

    /// The number shown for the move at `index` (0: the first move after any set-up stones). In pairs,
    /// black's move and white's answer share one; after a white first move, white's is alone.
    pub fn number(self, index: usize) -> usize {
        match self.style {
            MoveNumbering::Single => index + 1,
            MoveNumbering::Pairs => (index + usize::from(self.first == Color::White)) / 2 + 1,
        }
    }

    /// How many moves `played` moves are: the number of the last of them (0 before any).
    pub fn count(self, played: usize) -> usize {
        played.checked_sub(1).map_or(0, |last| self.number(last))
    }

    /// The side that plays the move at `index`.
    fn mover(self, index: usize) -> Color {
        if index.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The number beside a move shown alone: `12.`; in pairs `6.` for black's move and `6…` for
    /// white's.
    pub fn label(self, index: usize) -> String {
        let number = self.number(index);
        match (self.style, self.mover(index)) {
            (MoveNumbering::Pairs, Color::White) => format!("{number}…"),
            _ => format!("{number}."),
        }
    }

    /// The move list's rows: black's move in the left column, white's answer in the right, each
    /// numbered (in pairs, one number a row). A first move of white's has a row of its own, its black
    /// column empty (`…`).
    pub fn rows(self, names: &[String]) -> Vec<String> {
        let mut rows: Vec<[Option<usize>; 2]> = Vec::new();
        for index in 0..names.len() {
            match (self.mover(index), rows.last_mut()) {
                (Color::White, Some(row)) if row[1].is_none() => row[1] = Some(index),
                (Color::White, _) => rows.push([None, Some(index)]),
                (Color::Black, _) => rows.push([Some(index), None]),
            }
        }
        rows.into_iter().map(|row| self.row(row, names)).collect()
    }

    /// One row of [`Numbering::rows`]: a black move and a white one, either of which may be missing.
    fn row(self, [black, white]: [Option<usize>; 2], names: &[String]) -> String {
        let name = |at: Option<usize>, missing| at.map_or(missing, |i| names[i].as_str());
        let number =
            |at: Option<usize>| at.map_or_else(String::new, |i| format!("{}.", self.number(i)));
        let line = match self.style {
            MoveNumbering::Single => format!(
                "{:>4} {:<4} {:>4} {}",
                number(black),
                name(black, "…"),
                number(white),
                name(white, "")
            ),
            MoveNumbering::Pairs => format!(
                "{:>4} {:<4} {}",
                number(black.or(white)),
                name(black, "…"),
                name(white, "")
            ),
        };
        line.trim_end().to_owned()
    }

    /// The move list of `game`: its moves as [`Numbering::rows`].
    pub fn move_rows(self, game: &Game) -> Vec<String> {
        let size = game.variant().size();
        let names: Vec<String> = game.moves().iter().map(|&p| cell_name(p, size)).collect();
        self.rows(&names)
    }
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Color, Game, Pos, Preset};

    use super::{MoveNumbering, Numbering};

    const SINGLE: MoveNumbering = MoveNumbering::Single;
    const PAIRS: MoveNumbering = MoveNumbering::Pairs;

    fn numbering(style: MoveNumbering, first: Color) -> Numbering {
        Numbering { style, first }
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn single_moves_count_every_stone() {
        for first in [Color::Black, Color::White] {
            let n = numbering(SINGLE, first);
            assert_eq!(
                (0..5).map(|i| n.number(i)).collect::<Vec<_>>(),
                [1, 2, 3, 4, 5]
            );
            assert_eq!((n.count(0), n.count(1), n.count(43)), (0, 1, 43));
            assert_eq!((n.label(0), n.label(1)), ("1.".to_owned(), "2.".to_owned()));
        }
    }

    #[test]
    fn pairs_count_black_and_white_under_one_number() {
        let n = numbering(PAIRS, Color::Black);
        assert_eq!(
            (0..5).map(|i| n.number(i)).collect::<Vec<_>>(),
            [1, 1, 2, 2, 3]
        );
        assert_eq!(
            (n.count(0), n.count(1), n.count(2), n.count(43)),
            (0, 1, 1, 22)
        );
        assert_eq!((n.label(2), n.label(3)), ("2.".to_owned(), "2…".to_owned()));
    }

    #[test]
    fn pairs_after_a_white_first_move_give_it_a_number_of_its_own() {
        let n = numbering(PAIRS, Color::White);
        assert_eq!(
            (0..5).map(|i| n.number(i)).collect::<Vec<_>>(),
            [1, 2, 2, 3, 3]
        );
        assert_eq!((n.count(1), n.count(2), n.count(3)), (1, 2, 2));
        assert_eq!((n.label(0), n.label(1)), ("1…".to_owned(), "2.".to_owned()));
    }

    #[test]
    fn the_list_puts_each_move_in_its_colours_column() {
        let moves = names(&["h8", "h9", "j10"]);
        assert_eq!(
            numbering(PAIRS, Color::Black).rows(&moves),
            ["  1. h8   h9", "  2. j10"]
        );
        assert_eq!(
            numbering(SINGLE, Color::Black).rows(&moves),
            ["  1. h8     2. h9", "  3. j10"]
        );
        assert_eq!(
            numbering(PAIRS, Color::White).rows(&moves),
            ["  1. …    h8", "  2. h9   j10"]
        );
        assert_eq!(
            numbering(SINGLE, Color::White).rows(&moves),
            ["     …      1. h8", "  2. h9     3. j10"]
        );
        assert!(numbering(PAIRS, Color::White).rows(&[]).is_empty());
    }

    #[test]
    fn a_set_up_position_numbers_its_first_move_after_the_set_up_stones() {
        let v = Preset::Freestyle15.variant();
        let setup = [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 8), Color::Black),
        ];
        let game = Game::from_record(v, &setup, Color::White, &[Pos::new(5, 5), Pos::new(9, 9)])
            .expect("legal");
        let single = Numbering::of(&game, SINGLE);
        assert_eq!(single.first, Color::White);
        assert_eq!(single.count(game.moves().len()), 2);
        assert_eq!(single.move_rows(&game), ["     …      1. f10", "  2. j6"]);
        assert_eq!(
            Numbering::of(&game, PAIRS).move_rows(&game),
            ["  1. …    f10", "  2. j6"]
        );
    }
}
