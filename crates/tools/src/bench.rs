//! The fixed-depth search benchmark's positions (`tengen-suite --bench DEPTH`): openings of the
//! balanced files the matches against Rapfi use and a few middle games, in both rules. Kept here,
//! not read from the files, so that the checksum of a build means the same positions for ever.

use tengen_engine::{Board, Color, Pos, Preset, Variant};

use crate::openings::parse_openings;

/// `(rule, opening)`: the first twelve freestyle and eight renju openings of
/// `scripts/rapfi/openings-*.txt` (offsets from the centre), then middle games (the first moves of
/// long self-play games, `tengen-suite`'s speed positions) cut at two lengths, two of them under
/// renju.
pub const BENCH_OPENINGS: [(&str, &str); 30] = [
    ("freestyle", "-1,-2, -1,1, 2,2"),
    ("freestyle", "-1,-2, 1,2, 0,3"),
    ("freestyle", "-1,-2, 2,2, 1,2"),
    ("freestyle", "-1,2, 3,2, -3,-2"),
    ("freestyle", "-1,1, 2,3, -1,-3"),
    ("freestyle", "0,-2, 0,-1, 1,3"),
    ("freestyle", "0,-2, 0,3, 1,3"),
    ("freestyle", "-2,-2, 3,-2, 0,3"),
    ("freestyle", "0,-2, 1,3, 1,2"),
    ("freestyle", "-1,-2, -1,1, 1,3"),
    ("freestyle", "-1,2, 3,1, -3,-2"),
    ("freestyle", "-1,-2, 1,1, 0,3"),
    ("renju", "-1,-2, 0,2, 2,1"),
    ("renju", "1,1, 1,2, -1,-2"),
    ("renju", "1,1, 2,2, -1,-2"),
    ("renju", "1,1, 1,2, 0,-2"),
    ("renju", "-1,-2, 1,1, 0,3"),
    ("renju", "0,2, 1,-2, -1,-2"),
    ("renju", "-1,-2, -1,1, 1,2"),
    ("renju", "-1,-1, 2,2, 1,2"),
    ("freestyle", "h8h9i10j10g9j7g10j9j8g8e11f10g11i11k9i8g13g12"),
    ("freestyle", "h8h9j8g8i9g7k7h10i10g9g10i11f8g5g6h11j11j5"),
    ("freestyle", "h8h9i7j6i8j8j7g7k7l7k6k5h5i6g6j9f7e8"),
    ("freestyle", "h8h9j7j6g7l8k7i9j9i7i8g8i10k10h6k8e9f8"),
    ("freestyle", "h8h9i10j10g9j7g10j9j8g8e11"),
    ("freestyle", "h8h9j8g8i9g7k7h10i10g9g10"),
    ("freestyle", "h8h9i7j6i8j8j7g7k7l7k6"),
    ("freestyle", "h8h9j7j6g7l8k7i9j9i7i8"),
    ("renju", "h8h9i10j10g9j7g10j9j8g8e11"),
    ("renju", "h8h9j7j6g7l8k7i9j9i7i8"),
];

/// One benchmark position.
pub struct BenchPosition {
    /// Its rule and opening, for the verbose listing.
    pub name: String,
    pub board: Board,
    pub to_move: Color,
}

/// The positions of `openings` (`(rule, moves)` as [`BENCH_OPENINGS`] holds them) on 15×15 boards.
pub fn bench_positions(openings: &[(&str, &str)]) -> Result<Vec<BenchPosition>, String> {
    openings
        .iter()
        .map(|&(rule, text)| {
            let preset = match rule {
                "renju" => Preset::Renju15,
                _ => Preset::Freestyle15,
            };
            let variant: Variant = preset.variant();
            let opening = parse_openings(text, variant)
                .map_err(|e| format!("bench opening {text}: {e}"))?
                .remove(0);
            let mut board = Board::new(variant);
            for (i, &pos) in opening.moves.iter().enumerate() {
                board.place(pos, Color::to_move_at(i));
            }
            Ok(BenchPosition {
                name: format!("{rule} {}", opening.moves.len()),
                board,
                to_move: Color::to_move_at(opening.moves.len()),
            })
        })
        .collect()
}

/// Folds one position's best move and score into the benchmark's checksum (FNV-1a over them).
pub fn checksum_step(sum: u64, pos: Pos, score: i32) -> u64 {
    let mut h = sum ^ 0xcbf2_9ce4_8422_2325;
    for byte in [pos.x, pos.y].into_iter().chain(score.to_le_bytes()) {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_legal_and_undecided() {
        let positions = bench_positions(&BENCH_OPENINGS).expect("positions");
        assert_eq!(positions.len(), 30);
        assert!(
            positions
                .iter()
                .any(|p| p.board.variant() == Preset::Renju15.variant())
        );
        assert!(positions.iter().all(|p| p.board.stone_count() >= 3));
    }

    #[test]
    fn the_checksum_sees_the_move_the_score_and_the_order() {
        let (a, b) = (Pos::new(7, 7), Pos::new(7, 8));
        let one = checksum_step(checksum_step(0, a, 10), b, 20);
        assert_ne!(one, checksum_step(checksum_step(0, a, 10), b, 21));
        assert_ne!(one, checksum_step(checksum_step(0, b, 20), a, 10));
        assert_eq!(one, checksum_step(checksum_step(0, a, 10), b, 20));
    }
}
