//! The 26 standard renju openings: black's first stone on the centre, white's second beside it (the 13
//! direct openings, straight beside; the 13 indirect ones, diagonally beside), and black's third in the
//! central 5×5 square. Each arises in any of the board's 8 symmetries.

use crate::core::{Color, Pos};
use crate::game::Game;

/// One of the 26 named renju openings, direct ones first, each in the order of the standard table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuOpening {
    Kansei,
    Keigetsu,
    Sosei,
    Kagetsu,
    Zangetsu,
    Ugetsu,
    Kinsei,
    Shogetsu,
    Kyugetsu,
    Shingetsu,
    Zuisei,
    Sangetsu,
    Yusei,
    Chosei,
    Kyogetsu,
    Kosei,
    Suigetsu,
    Ryusei,
    Ungetsu,
    Hogetsu,
    Rangetsu,
    Gingetsu,
    Myojo,
    Shagetsu,
    Meigetsu,
    Suisei,
}

/// Black's third stone, as (right, down) from the centre, with white's second stone straight above the
/// centre (direct) or up and to the right (indirect).
const DIRECT: [(RenjuOpening, (i32, i32)); 13] = [
    (RenjuOpening::Kansei, (0, -2)),
    (RenjuOpening::Keigetsu, (1, -2)),
    (RenjuOpening::Sosei, (2, -2)),
    (RenjuOpening::Kagetsu, (1, -1)),
    (RenjuOpening::Zangetsu, (2, -1)),
    (RenjuOpening::Ugetsu, (1, 0)),
    (RenjuOpening::Kinsei, (2, 0)),
    (RenjuOpening::Shogetsu, (0, 1)),
    (RenjuOpening::Kyugetsu, (1, 1)),
    (RenjuOpening::Shingetsu, (2, 1)),
    (RenjuOpening::Zuisei, (0, 2)),
    (RenjuOpening::Sangetsu, (1, 2)),
    (RenjuOpening::Yusei, (2, 2)),
];

const INDIRECT: [(RenjuOpening, (i32, i32)); 13] = [
    (RenjuOpening::Chosei, (2, -2)),
    (RenjuOpening::Kyogetsu, (2, -1)),
    (RenjuOpening::Kosei, (2, 0)),
    (RenjuOpening::Suigetsu, (2, 1)),
    (RenjuOpening::Ryusei, (2, 2)),
    (RenjuOpening::Ungetsu, (1, 0)),
    (RenjuOpening::Hogetsu, (1, 1)),
    (RenjuOpening::Rangetsu, (1, 2)),
    (RenjuOpening::Gingetsu, (0, 1)),
    (RenjuOpening::Myojo, (0, 2)),
    (RenjuOpening::Shagetsu, (-1, 1)),
    (RenjuOpening::Meigetsu, (-1, 2)),
    (RenjuOpening::Suisei, (-2, 2)),
];

const DIRECT_WHITE: (i32, i32) = (0, -1);
const INDIRECT_WHITE: (i32, i32) = (1, -1);

impl RenjuOpening {
    /// All 26, direct ones first.
    pub fn all() -> impl Iterator<Item = RenjuOpening> {
        DIRECT.iter().chain(&INDIRECT).map(|&(opening, _)| opening)
    }

    /// Whether white's second stone is straight beside the centre (a direct opening, *kagetsu* among
    /// them) rather than diagonally (indirect, like *hogetsu*).
    pub fn is_direct(self) -> bool {
        DIRECT.iter().any(|&(o, _)| o == self)
    }

    /// The lowercase romanised name, `kagetsu`: the key of its message in the game's word lists.
    pub fn key(self) -> &'static str {
        use RenjuOpening::*;
        match self {
            Kansei => "kansei",
            Keigetsu => "keigetsu",
            Sosei => "sosei",
            Kagetsu => "kagetsu",
            Zangetsu => "zangetsu",
            Ugetsu => "ugetsu",
            Kinsei => "kinsei",
            Shogetsu => "shogetsu",
            Kyugetsu => "kyugetsu",
            Shingetsu => "shingetsu",
            Zuisei => "zuisei",
            Sangetsu => "sangetsu",
            Yusei => "yusei",
            Chosei => "chosei",
            Kyogetsu => "kyogetsu",
            Kosei => "kosei",
            Suigetsu => "suigetsu",
            Ryusei => "ryusei",
            Ungetsu => "ungetsu",
            Hogetsu => "hogetsu",
            Rangetsu => "rangetsu",
            Gingetsu => "gingetsu",
            Myojo => "myojo",
            Shagetsu => "shagetsu",
            Meigetsu => "meigetsu",
            Suisei => "suisei",
        }
    }

    /// The three stones of this opening in its table orientation on a board of side `size`: black's
    /// centre, white's second stone, black's third.
    pub fn stones(self, size: u8) -> [Pos; 3] {
        let (white, third) = if self.is_direct() {
            (DIRECT_WHITE, third_of(&DIRECT, self))
        } else {
            (INDIRECT_WHITE, third_of(&INDIRECT, self))
        };
        let c = (size / 2) as i32;
        let at = |(dx, dy): (i32, i32)| Pos::new((c + dx) as u8, (c + dy) as u8);
        [at((0, 0)), at(white), at(third)]
    }
}

fn third_of(table: &[(RenjuOpening, (i32, i32))], opening: RenjuOpening) -> (i32, i32) {
    table
        .iter()
        .find(|&&(o, _)| o == opening)
        .map_or((0, 0), |&(_, d)| d)
}

/// A map of (right, down) offsets from the centre.
type Symmetry = fn((i32, i32)) -> (i32, i32);

/// The 8 symmetries of the square.
fn symmetries() -> [Symmetry; 8] {
    [
        |(x, y)| (x, y),
        |(x, y)| (-y, x),
        |(x, y)| (-x, -y),
        |(x, y)| (y, -x),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, -x),
    ]
}

/// The named opening the game began with: its first three stones (set-up stones count, in their
/// order, before the moves) are black on the centre, white beside it and black as in one of the 26, in
/// any orientation. Any board size; the caller decides whether the names apply to its rule.
pub fn renju_opening(game: &Game) -> Option<RenjuOpening> {
    let mut stones = game
        .setup()
        .iter()
        .copied()
        .chain((0..game.moves().len()).map(|i| (game.moves()[i], game.mover_of(i))));
    let first = stones.next()?;
    let second = stones.next()?;
    let third = stones.next()?;
    let colors = [first.1, second.1, third.1];
    if colors != [Color::Black, Color::White, Color::Black] || first.0 != game.variant().center() {
        return None;
    }
    let centre = first.0;
    let offset = |p: Pos| (p.x as i32 - centre.x as i32, p.y as i32 - centre.y as i32);
    let (white, black) = (offset(second.0), offset(third.0));
    for turn in symmetries() {
        for (table, white_at) in [(&DIRECT, DIRECT_WHITE), (&INDIRECT, INDIRECT_WHITE)] {
            if turn(white_at) != white {
                continue;
            }
            if let Some(&(opening, _)) = table.iter().find(|&&(_, d)| turn(d) == black) {
                return Some(opening);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    fn play(moves: &[Pos]) -> Game {
        Game::from_moves(Preset::Renju15.variant(), moves).expect("legal")
    }

    #[test]
    fn every_opening_is_found_in_all_eight_orientations() {
        let centre = Pos::new(7, 7);
        let at = |(x, y): (i32, i32)| Pos::new((7 + x) as u8, (7 + y) as u8);
        let off = |p: Pos| (p.x as i32 - 7, p.y as i32 - 7);
        for opening in RenjuOpening::all() {
            let [_, white, third] = opening.stones(15);
            for turn in symmetries() {
                let game = play(&[centre, at(turn(off(white))), at(turn(off(third)))]);
                assert_eq!(renju_opening(&game), Some(opening), "{opening:?}");
            }
        }
        assert_eq!(RenjuOpening::all().count(), 26);
    }

    #[test]
    fn kagetsu_and_hogetsu_as_players_write_them() {
        let cell = |x: u8, row: u8| Pos::new(x, 15 - row);
        // h8, h9, i9: black's third stone touches both (direct).
        let kagetsu = play(&[cell(7, 8), cell(7, 9), cell(8, 9)]);
        assert_eq!(renju_opening(&kagetsu), Some(RenjuOpening::Kagetsu));
        // h8, i9, i7: indirect.
        let hogetsu = play(&[cell(7, 8), cell(8, 9), cell(8, 7)]);
        assert_eq!(renju_opening(&hogetsu), Some(RenjuOpening::Hogetsu));
        // The name stays for the rest of the game.
        let mut later = hogetsu.clone();
        later.play(cell(1, 1)).expect("legal");
        assert_eq!(renju_opening(&later), Some(RenjuOpening::Hogetsu));
    }

    #[test]
    fn other_starts_have_no_name() {
        let c = Pos::new(7, 7);
        // Too few stones, white not beside the centre, the third stone outside the 5×5 square, or the
        // first stone off the centre.
        assert_eq!(renju_opening(&play(&[c, Pos::new(7, 6)])), None);
        assert_eq!(
            renju_opening(&play(&[c, Pos::new(7, 5), Pos::new(8, 8)])),
            None
        );
        assert_eq!(
            renju_opening(&play(&[c, Pos::new(7, 6), Pos::new(10, 7)])),
            None
        );
        assert_eq!(
            renju_opening(&play(&[Pos::new(6, 6), Pos::new(6, 5), Pos::new(7, 5)])),
            None
        );
    }
}
