//! Openings for matches and self-play: the opening files' reader (shared with the game's
//! tournaments through `tengen_host::tournament::openings`) and random openings.

use rand::Rng;
use rand::rngs::StdRng;
use tengen_engine::Pos;

// Reading opening files is shared with the game's tournaments, in the host.
pub use tengen_host::tournament::openings::*;

/// A random opening for self-play: black in the centre, then a white and a black stone in the
/// central 5×5 square (shared by the self-play data and the puzzle generator, so a seed gives the
/// same games in both).
pub fn random_opening(rng: &mut StdRng) -> Vec<Pos> {
    three_stones(vec![Pos::new(7, 7)], rng, 5..10)
}

/// A wider random opening, for openings judged balanced: black, white and black anywhere in the
/// central 7×7 square (every stone within three points of the centre, as `scripts/rapfi/`'s).
pub fn random_wide_opening(rng: &mut StdRng) -> Vec<Pos> {
    three_stones(Vec::with_capacity(3), rng, 4..11)
}

/// `moves` drawn on to three distinct stones, each column and row in `range`.
fn three_stones(mut moves: Vec<Pos>, rng: &mut StdRng, range: std::ops::Range<u8>) -> Vec<Pos> {
    while moves.len() < 3 {
        let p = Pos::new(
            rng.random_range(range.clone()),
            rng.random_range(range.clone()),
        );
        if !moves.contains(&p) {
            moves.push(p);
        }
    }
    moves
}
