//! Behaviour of the AI a player would notice: wins in one, blocks, renju legality, perfect tic-tac-toe,
//! level differences. Node limits, never time, so the results do not depend on the machine.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::notation::{PositionString, RowOrigin};
use crate::{
    Board, DIRECTIONS, Forbidden, Preset, Rule, Variant, forbidden, forbidden_in_match,
    forbidden_points,
};

fn board(variant: Variant, stones: &[(u8, u8, Color)]) -> Board {
    let mut b = Board::new(variant);
    for &(x, y, c) in stones {
        b.place(Pos::new(x, y), c);
    }
    b
}

pub fn think(level: Level, b: &Board, me: Color, nodes: u64, seed: u64) -> Thought {
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(level, seed);
    ai.set_tt_bytes(1 << 20);
    ai.choose_move(b, me, &SearchLimits::nodes(nodes), &stop)
        .expect("a move")
}

#[test]
fn levels_parse_and_print() {
    for l in Level::ALL {
        assert_eq!(l.to_string().parse::<Level>(), Ok(l));
    }
    assert_eq!(" Expert".parse::<Level>(), Ok(Level::Expert));
    assert!("hard".parse::<Level>().is_err());
    assert_eq!(
        SearchLimits::for_level(Level::Medium)
            .think_time
            .as_millis(),
        300
    );
}

#[test]
fn ai_is_send_and_static() {
    fn check<T: Send + 'static>() {}
    check::<Ai>();
}

#[test]
fn empty_board_opens_in_the_centre() {
    let b = Board::new(Preset::Freestyle15.variant());
    let t = think(Level::Expert, &b, Color::Black, 10_000, 1);
    assert_eq!(t.pos, Pos::new(7, 7));
}

#[test]
fn every_level_takes_a_win_in_one() {
    let v = Preset::Freestyle15.variant();
    // Black has a broken four x x . x x on row 7 and white an open four elsewhere: black must finish.
    let b = board(
        v,
        &[
            (3, 7, Color::Black),
            (4, 7, Color::Black),
            (6, 7, Color::Black),
            (7, 7, Color::Black),
            (3, 3, Color::White),
            (4, 3, Color::White),
            (5, 3, Color::White),
            (6, 3, Color::White),
        ],
    );
    for level in Level::ALL {
        for seed in 0..5 {
            let t = think(level, &b, Color::Black, 20_000, seed);
            assert_eq!(t.pos, Pos::new(5, 7), "{level} seed {seed}");
            assert_eq!(t.reason, MoveReason::MakeFive);
        }
    }
}

#[test]
fn every_level_blocks_a_five() {
    let v = Preset::Freestyle15.variant();
    let b = board(
        v,
        &[
            (7, 7, Color::Black),
            (7, 8, Color::Black),
            (7, 9, Color::Black),
            (7, 10, Color::Black),
            (7, 6, Color::White),
            (8, 8, Color::White),
            (9, 9, Color::White),
        ],
    );
    for level in Level::ALL {
        for seed in 0..5 {
            let t = think(level, &b, Color::White, 20_000, seed);
            assert_eq!(t.pos, Pos::new(7, 11), "{level} seed {seed}");
            assert_eq!(t.reason, MoveReason::BlockFive);
        }
    }
}

#[test]
fn expert_and_medium_find_a_short_vcf() {
    let v = Preset::Freestyle15.variant();
    // Black (8,7) makes a four on row 7 and an open three on column 8 at once: a four-three.
    let b = board(
        v,
        &[
            (5, 7, Color::Black),
            (6, 7, Color::Black),
            (7, 7, Color::Black),
            (8, 5, Color::Black),
            (8, 6, Color::Black),
            (4, 7, Color::White),
            (0, 0, Color::White),
            (14, 14, Color::White),
            (0, 14, Color::White),
            (14, 0, Color::White),
        ],
    );
    for level in [Level::Medium, Level::Expert] {
        let t = think(level, &b, Color::Black, 200_000, 3);
        assert!(t.score >= pvs::WIN_MIN, "{level}: {t:?}");
        assert_eq!(t.pos, Pos::new(8, 7), "{level}");
        assert!(
            matches!(t.reason, MoveReason::ForcedWinFours(3)),
            "{level}: {}",
            t.reason
        );
    }
}

/// A crowded renju position near the centre, black to move, nobody has won: about two black stones
/// for each white one, so that black's lines run into overlines and forks.
fn crowded_renju(rng: &mut rng::Rng) -> Board {
    let mut b = Board::new(Preset::Renju15.variant());
    let n = 16 + rng.below(30);
    for _ in 0..4 * n {
        if b.stones().count() as u64 >= n {
            break;
        }
        let p = Pos::new(4 + rng.below(7) as u8, 4 + rng.below(7) as u8);
        let color = if rng.below(3) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if !b.is_empty(p) || (color == Color::Black && forbidden_in_match(&b, p).is_some()) {
            continue;
        }
        b.place(p, color);
        if b.is_win_at(p) {
            b.remove(p);
        }
    }
    b
}

/// The engine plays by the match judges' reading of renju (c-gomoku-cli's): every level and the
/// hint, on random crowded positions with black to move, never answer with a point the judge
/// calls forbidden. Some positions must hold a five that is also an overline, the point the RIF
/// reading allows and the judge does not, or the test would not reach the case it guards.
#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let mut rng = rng::Rng::new(42);
    // Positions searched with and without a five that is also an overline (a trap).
    let (mut traps, mut others) = (0, 0);
    for game in 0..20_000u64 {
        if traps == 30 && others == 60 {
            break;
        }
        let b = crowded_renju(&mut rng);
        let trap = b.empty_points().any(|p| {
            forbidden(&b, p).is_none() && forbidden_in_match(&b, p) == Some(Forbidden::Overline)
        });
        let count = if trap { &mut traps } else { &mut others };
        if *count == if trap { 30 } else { 60 } {
            continue;
        }
        *count += 1;
        let stop = AtomicBool::new(false);
        let mut hint_ai = Ai::new(Level::Low, game);
        let hint = hint_ai.hint(&b, Color::Black, &SearchLimits::nodes(3_000), &stop);
        let level = Level::ALL[game as usize % 3];
        let t = think(level, &b, Color::Black, 3_000, game);
        for (who, pos) in [(level.name(), Some(t.pos)), ("hint", hint.map(|h| h.pos))] {
            let pos = pos.expect("black has a legal point");
            assert!(b.is_empty(pos));
            assert_eq!(
                forbidden_in_match(&b, pos),
                None,
                "{who} played {pos:?}\n{}",
                b.diagram()
            );
        }
    }
    assert_eq!((traps, others), (30, 60));
}

/// A renju position where neither side has three stones in any five cells of a line (no three, no
/// four, so no forced win or block at the root), black to move, with the stones packed close: a
/// move takes a real search, and the twos that cross make double threes among the points black
/// would like to play.
fn quiet_renju(rng: &mut rng::Rng) -> Board {
    let mut b = Board::new(Preset::Renju15.variant());
    let pairs = 6 + rng.below(10);
    let mut to_move = Color::Black;
    let mut tries = 0;
    while (b.stone_count() as u64) < 2 * pairs && tries < 5_000 {
        tries += 1;
        let p = Pos::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
        if !b.is_empty(p) {
            continue;
        }
        b.place(p, to_move);
        if has_three(&b, p, to_move) {
            b.remove(p);
            continue;
        }
        to_move = to_move.opponent();
    }
    if to_move == Color::White {
        // Black placed last: take a black stone back so that black is to move.
        let last = b.stones().find(|&(_, c)| c == Color::Black).map(|(p, _)| p);
        if let Some(p) = last {
            b.remove(p);
        }
    }
    b
}

/// Whether some five cells of a line through `p` hold three or more stones of `color` and none of
/// the other colour.
fn has_three(b: &Board, p: Pos, color: Color) -> bool {
    let size = b.size();
    DIRECTIONS.iter().any(|&(dx, dy)| {
        (-4..=0).any(|start| {
            let cells: Option<Vec<Pos>> = (start..start + 5)
                .map(|k| p.offset(dx, dy, k, size))
                .collect();
            cells.is_some_and(|cells| {
                let own = cells.iter().filter(|&&q| b.get(q) == Some(color)).count();
                let other = cells
                    .iter()
                    .filter(|&&q| b.get(q) == Some(color.opponent()));
                own >= 3 && other.count() == 0
            })
        })
    })
}

/// The same guard where a real search runs, on the node budget and on the clock: no time at all,
/// 1, 5 or 20 ms, or a search stopped before it starts. These are the paths a short time per move
/// takes (no iteration finished, an aborted VCF or VCT, the stop flag), and each may only hand back
/// a root move that passed the judge. What is asserted does not depend on how fast the machine is,
/// only which of those paths runs. The positions: quiet ones with forbidden points, where every
/// level searches; crowded ones with a five that is also an overline, the point the search's own
/// patterns take for a win; and the hand-made one where that five is black's only five.
#[test]
fn renju_black_never_plays_a_forbidden_point_on_a_short_clock() {
    let mut rng = rng::Rng::new(37);
    let mut quiet = Vec::new();
    while quiet.len() < 16 {
        let b = quiet_renju(&mut rng);
        assert!(!b.stones().any(|(p, c)| has_three(&b, p, c)));
        // Only positions with a forbidden point for black: something to avoid.
        if !forbidden_points(&b).is_empty() {
            quiet.push(b);
        }
    }
    let mut traps = vec![five_with_overline(false)];
    while traps.len() < 9 {
        let b = crowded_renju(&mut rng);
        if b.empty_points().any(|p| {
            forbidden(&b, p).is_none() && forbidden_in_match(&b, p) == Some(Forbidden::Overline)
        }) {
            traps.push(b);
        }
    }
    let mut searched = 0;
    for (game, b) in quiet.iter().chain(&traps).enumerate() {
        for level in Level::ALL {
            let clocks = [
                (0, false),
                (1, false),
                (5, false),
                (20, false),
                (1000, true),
            ];
            let runs = clocks
                .iter()
                .map(|&(ms, stopped)| {
                    let limits = SearchLimits {
                        think_time: Duration::from_millis(ms),
                        optimum: None,
                        max_nodes: None,
                        max_depth: None,
                    };
                    (limits, stopped)
                })
                .chain([
                    (SearchLimits::nodes(200), false),
                    (SearchLimits::nodes(5_000), false),
                ]);
            for (limits, stopped) in runs {
                let stop = AtomicBool::new(stopped);
                let mut ai = Ai::new(level, game as u64);
                ai.set_tt_bytes(1 << 20);
                let t = ai.choose_move(b, Color::Black, &limits, &stop);
                let t = t.expect("black has a legal point");
                if game < quiet.len() && !matches!(t.reason, MoveReason::MakeFive) {
                    searched += 1;
                }
                assert!(b.is_empty(t.pos));
                assert_eq!(
                    forbidden_in_match(b, t.pos),
                    None,
                    "{level} with {limits:?} (stopped: {stopped}) played {:?}\n{}",
                    t.pos,
                    b.diagram()
                );
            }
        }
    }
    // In the quiet positions, every answer came from a search.
    assert_eq!(searched, 16 * 3 * 7);
}

/// White's four on row 3 can only be blocked on (7,3), which would make six down column 7 for
/// black: black has lost, and every level says so with a legal move instead of the block.
#[test]
fn renju_black_does_not_block_on_a_forbidden_point() {
    let v = Preset::Renju15.variant();
    let b = board(
        v,
        &[
            (2, 3, Color::Black),
            (7, 1, Color::Black),
            (7, 2, Color::Black),
            (7, 4, Color::Black),
            (7, 5, Color::Black),
            (7, 6, Color::Black),
            (3, 3, Color::White),
            (4, 3, Color::White),
            (5, 3, Color::White),
            (6, 3, Color::White),
            (0, 14, Color::White),
            (14, 14, Color::White),
        ],
    );
    let block = Pos::new(7, 3);
    assert_eq!(forbidden_in_match(&b, block), Some(Forbidden::Overline));
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 6);
        assert_ne!(t.pos, block, "{level}");
        assert_eq!(forbidden_in_match(&b, t.pos), None, "{level}: {:?}", t.pos);
    }
}

/// Black's only win is a double four (two fours through (7,7), on row 7 and column 7): forbidden,
/// so no level plays it, whatever it scores.
#[test]
fn renju_black_never_wins_with_a_double_four() {
    let v = Preset::Renju15.variant();
    let b = board(
        v,
        &[
            (4, 7, Color::Black),
            (5, 7, Color::Black),
            (6, 7, Color::Black),
            (7, 4, Color::Black),
            (7, 5, Color::Black),
            (7, 6, Color::Black),
            (3, 7, Color::White),
            (7, 3, Color::White),
            (0, 0, Color::White),
            (14, 14, Color::White),
            (0, 14, Color::White),
            (14, 0, Color::White),
        ],
    );
    let double_four = Pos::new(7, 7);
    assert_eq!(
        forbidden_in_match(&b, double_four),
        Some(Forbidden::DoubleFour)
    );
    for level in Level::ALL {
        for nodes in [200, 20_000] {
            let t = think(level, &b, Color::Black, nodes, 7);
            assert_ne!(t.pos, double_four, "{level} at {nodes} nodes");
            assert_eq!(forbidden_in_match(&b, t.pos), None, "{level}: {:?}", t.pos);
        }
    }
}

/// Black's only five (7,7) on row 7 also makes six down column 7: a win by the RIF reading, a loss
/// in c-gomoku-cli. `extra_five` adds another five for black on the edge.
fn five_with_overline(extra_five: bool) -> Board {
    let v = Preset::Renju15.variant();
    let mut stones = vec![
        (3, 7, Color::Black),
        (4, 7, Color::Black),
        (5, 7, Color::Black),
        (6, 7, Color::Black),
        (7, 5, Color::Black),
        (7, 6, Color::Black),
        (7, 8, Color::Black),
        (7, 9, Color::Black),
        (7, 10, Color::Black),
        (2, 7, Color::White),
        (7, 4, Color::White),
        (7, 11, Color::White),
        (0, 0, Color::White),
        (14, 14, Color::White),
        (0, 14, Color::White),
        (14, 0, Color::White),
        (12, 2, Color::White),
        (2, 12, Color::White),
    ];
    if extra_five {
        // Four down column 13, closed at the top: (13,5) makes five.
        stones.extend([
            (13, 1, Color::Black),
            (13, 2, Color::Black),
            (13, 3, Color::Black),
            (13, 4, Color::Black),
            (13, 0, Color::White),
            (10, 13, Color::White),
            (12, 13, Color::White),
            (11, 0, Color::White),
        ]);
    }
    board(v, &stones)
}

#[test]
fn renju_black_never_plays_a_five_that_is_also_an_overline() {
    let b = five_with_overline(false);
    let trap = Pos::new(7, 7);
    assert_eq!(forbidden(&b, trap), None);
    assert_eq!(forbidden_in_match(&b, trap), Some(Forbidden::Overline));
    let stop = AtomicBool::new(false);
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 3);
        assert_ne!(t.pos, trap, "{level}: {:?}", t.reason);
        let h = Ai::new(level, 3).hint(&b, Color::Black, &SearchLimits::nodes(20_000), &stop);
        assert_ne!(h.map(|h| h.pos), Some(trap), "{level}'s hint");
    }
}

#[test]
fn renju_black_takes_a_plain_five_over_a_five_with_an_overline() {
    let b = five_with_overline(true);
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 4);
        assert_eq!(t.pos, Pos::new(13, 5), "{level}");
        assert_eq!(t.reason, MoveReason::MakeFive, "{level}");
    }
}

#[test]
fn renju_black_never_fills_the_gap_of_xxx_xx() {
    // (6,7) would make six in a row; it is black's only way to five-or-more on the board.
    let v = Preset::Renju15.variant();
    let b = board(
        v,
        &[
            (3, 7, Color::Black),
            (4, 7, Color::Black),
            (5, 7, Color::Black),
            (7, 7, Color::Black),
            (8, 7, Color::Black),
            (0, 0, Color::White),
            (14, 14, Color::White),
            (0, 14, Color::White),
            (14, 0, Color::White),
            (2, 7, Color::White),
        ],
    );
    assert_eq!(forbidden(&b, Pos::new(6, 7)), Some(Forbidden::Overline));
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 5);
        assert_ne!(t.pos, Pos::new(6, 7), "{level}");
    }
}

#[test]
fn renju_black_avoids_a_forbidden_double_three_that_looks_strong() {
    let v = Variant::new(15, 5, Rule::Renju).expect("renju");
    // (7,7) would be a double three for black.
    let b = board(
        v,
        &[
            (5, 7, Color::Black),
            (6, 7, Color::Black),
            (7, 5, Color::Black),
            (7, 6, Color::Black),
            (0, 0, Color::White),
            (14, 0, Color::White),
            (0, 14, Color::White),
            (14, 14, Color::White),
        ],
    );
    assert!(forbidden(&b, Pos::new(7, 7)).is_some());
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 5);
        assert_ne!(t.pos, Pos::new(7, 7), "{level}");
    }
}

/// Every line of tic-tac-toe against Expert: Expert never loses, and wins whenever the opponent errs
/// into a lost position.
#[test]
fn expert_plays_tic_tac_toe_perfectly() {
    let v = Preset::TicTacToe.variant();
    let mut ai = Ai::new(Level::Expert, 0);
    for expert in [Color::Black, Color::White] {
        let mut b = Board::new(v);
        walk(&mut ai, &mut b, Color::Black, expert);
    }
}

fn winner(b: &Board) -> Option<Color> {
    b.stones().find(|&(p, _)| b.is_win_at(p)).map(|(_, c)| c)
}

fn walk(ai: &mut Ai, b: &mut Board, to_move: Color, expert: Color) {
    if let Some(w) = winner(b) {
        assert_eq!(w, expert, "Expert lost:\n{}", b.diagram());
        return;
    }
    if b.is_full() {
        return;
    }
    let stop = AtomicBool::new(false);
    if to_move == expert {
        let t = ai
            .choose_move(b, to_move, &SearchLimits::nodes(1_000_000), &stop)
            .expect("move");
        assert!(b.is_empty(t.pos));
        // From a won position (score > 0) Expert must win in the end: checked by the leaves below, as
        // any opponent line then ends with Expert's five.
        let won = t.score > 0;
        b.place(t.pos, to_move);
        if won {
            assert!(
                wins_against_all(ai, b, to_move.opponent(), expert),
                "Expert let a win slip:\n{}",
                b.diagram()
            );
        } else {
            walk(ai, b, to_move.opponent(), expert);
        }
        b.remove(t.pos);
    } else {
        let empties: Vec<Pos> = b.empty_points().collect();
        for p in empties {
            b.place(p, to_move);
            walk(ai, b, to_move.opponent(), expert);
            b.remove(p);
        }
    }
}

fn wins_against_all(ai: &mut Ai, b: &mut Board, to_move: Color, expert: Color) -> bool {
    if let Some(w) = winner(b) {
        return w == expert;
    }
    if b.is_full() {
        return false;
    }
    let stop = AtomicBool::new(false);
    if to_move == expert {
        let t = ai
            .choose_move(b, to_move, &SearchLimits::nodes(1_000_000), &stop)
            .expect("move");
        b.place(t.pos, to_move);
        let r = wins_against_all(ai, b, to_move.opponent(), expert);
        b.remove(t.pos);
        r
    } else {
        let empties: Vec<Pos> = b.empty_points().collect();
        empties.into_iter().all(|p| {
            b.place(p, to_move);
            let r = wins_against_all(ai, b, to_move.opponent(), expert);
            b.remove(p);
            r
        })
    }
}

/// Low and Medium make mistakes a child can exploit: some line beats them on 3x3.
#[test]
fn weak_levels_lose_tic_tac_toe_sometimes() {
    let v = Preset::TicTacToe.variant();
    for level in [Level::Low, Level::Medium] {
        let mut lost = 0;
        for seed in 0..60 {
            let mut weak = Ai::new(level, seed);
            let mut expert = Ai::new(Level::Expert, seed);
            let mut b = Board::new(v);
            let mut to_move = Color::Black;
            let stop = AtomicBool::new(false);
            while winner(&b).is_none() && !b.is_full() {
                let ai = if to_move == Color::Black {
                    &mut expert
                } else {
                    &mut weak
                };
                let t = ai
                    .choose_move(&b, to_move, &SearchLimits::nodes(100_000), &stop)
                    .expect("move");
                b.place(t.pos, to_move);
                to_move = to_move.opponent();
            }
            if winner(&b) == Some(Color::Black) {
                lost += 1;
            }
        }
        assert!(lost > 0, "{level} never lost to Expert");
    }
}

#[test]
fn weak_levels_vary_their_answers() {
    let v = Preset::Freestyle15.variant();
    let b = board(v, &[(7, 7, Color::Black)]);
    for level in [Level::Low, Level::Medium] {
        let answers: std::collections::HashSet<Pos> = (0..12)
            .map(|seed| think(level, &b, Color::White, 30_000, seed).pos)
            .collect();
        assert!(answers.len() >= 2, "{level} always answers the same");
    }
}

#[test]
fn same_seed_same_answer() {
    let v = Preset::Freestyle15.variant();
    let b = board(
        v,
        &[
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (6, 8, Color::Black),
        ],
    );
    for level in Level::ALL {
        let a = think(level, &b, Color::White, 30_000, 9);
        let c = think(level, &b, Color::White, 30_000, 9);
        assert_eq!(a.pos, c.pos);
    }
}

#[test]
fn hint_explains_the_block() {
    let v = Preset::Freestyle15.variant();
    let b = board(
        v,
        &[
            (7, 7, Color::Black),
            (8, 7, Color::Black),
            (9, 7, Color::Black),
            (10, 7, Color::Black),
            (6, 7, Color::White),
        ],
    );
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(Level::Low, 0);
    let h = ai
        .hint(&b, Color::White, &SearchLimits::nodes(10_000), &stop)
        .expect("hint");
    assert_eq!(h.pos, Pos::new(11, 7));
    assert_eq!(h.reason.to_string(), "block the five");
}

#[test]
fn stop_flag_returns_a_legal_move_at_once() {
    let v = Preset::Freestyle15.variant();
    let b = board(
        v,
        &[
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (6, 8, Color::Black),
            (9, 9, Color::White),
        ],
    );
    let stop = AtomicBool::new(true);
    let mut ai = Ai::new(Level::Expert, 0);
    let t = ai
        .choose_move(
            &b,
            Color::Black,
            &SearchLimits::for_level(Level::Expert),
            &stop,
        )
        .expect("move");
    assert!(b.is_empty(t.pos));
}

#[test]
fn full_board_has_no_move() {
    let v = Preset::TicTacToe.variant();
    let b = board(
        v,
        &[
            (0, 0, Color::Black),
            (1, 0, Color::White),
            (2, 0, Color::Black),
            (0, 1, Color::Black),
            (1, 1, Color::White),
            (2, 1, Color::Black),
            (0, 2, Color::White),
            (1, 2, Color::Black),
            (2, 2, Color::White),
        ],
    );
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(Level::Expert, 0);
    assert!(
        ai.choose_move(&b, Color::Black, &SearchLimits::nodes(100), &stop)
            .is_none()
    );
}

/// The shipped tactical suite at a fixed node budget (the 1 s timing lives in `tengen-suite`).
#[test]
fn expert_solves_the_tactical_suite() {
    let cases = parse_suite(include_str!("../../suites/tactics.txt")).expect("suite parses");
    let mut failed = Vec::new();
    for case in &cases {
        let t = think(Level::Expert, &case.board, case.to_move, 20_000, 1);
        if !case.expected.contains(&t.pos) {
            failed.push(case.line);
        }
    }
    let solved = cases.len() - failed.len();
    assert!(
        solved * 100 >= cases.len() * 95,
        "solved {solved}/{}; failed lines {failed:?}",
        cases.len()
    );
}

#[test]
fn expert_with_helper_threads_solves_the_tactical_suite() {
    let cases = parse_suite(include_str!("../../suites/tactics.txt")).expect("suite parses");
    let stop = AtomicBool::new(false);
    let mut failed = Vec::new();
    for case in &cases {
        let mut ai = Ai::new(Level::Expert, 1);
        ai.set_tt_bytes(1 << 20);
        ai.set_threads(3);
        let t = ai
            .choose_move(
                &case.board,
                case.to_move,
                &SearchLimits::nodes(20_000),
                &stop,
            )
            .expect("a move");
        assert!(case.board.is_empty(t.pos), "line {}: {t:?}", case.line);
        if !case.expected.contains(&t.pos) {
            failed.push(case.line);
        }
    }
    let solved = cases.len() - failed.len();
    assert!(
        solved * 100 >= cases.len() * 95,
        "solved {solved}/{}; failed lines {failed:?}",
        cases.len()
    );
}

#[test]
fn threads_never_change_the_weaker_levels() {
    let b = board(
        Preset::Freestyle15.variant(),
        &[
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (8, 6, Color::Black),
            (6, 8, Color::White),
        ],
    );
    let stop = AtomicBool::new(false);
    for level in [Level::Low, Level::Medium] {
        for seed in 0..4 {
            let answers: Vec<Thought> = [1, 4]
                .into_iter()
                .map(|threads| {
                    let mut ai = Ai::new(level, seed);
                    ai.set_tt_bytes(1 << 20);
                    ai.set_threads(threads);
                    ai.choose_move(&b, Color::Black, &SearchLimits::nodes(30_000), &stop)
                        .expect("a move")
                })
                .collect();
            assert_eq!(answers[0], answers[1], "{level}, seed {seed}");
        }
    }
}

#[test]
fn standard_rule_does_not_count_an_overline_as_five() {
    // Black x x x x . x on row 7: the gap makes six, which wins nothing under the standard rule, so the
    // AI must not call it a five; in freestyle it is the win.
    let stones = [
        (2, 7, Color::Black),
        (3, 7, Color::Black),
        (4, 7, Color::Black),
        (5, 7, Color::Black),
        (7, 7, Color::Black),
        (1, 7, Color::White),
        (0, 0, Color::White),
        (14, 14, Color::White),
        (0, 14, Color::White),
        (14, 0, Color::White),
    ];
    let free = think(
        Level::Expert,
        &board(Preset::Freestyle15.variant(), &stones),
        Color::Black,
        20_000,
        1,
    );
    assert_eq!(
        (free.pos, free.reason),
        (Pos::new(6, 7), MoveReason::MakeFive)
    );
    let std = think(
        Level::Expert,
        &board(Preset::Standard15.variant(), &stones),
        Color::Black,
        20_000,
        1,
    );
    assert_ne!(std.reason, MoveReason::MakeFive);
    assert_ne!(std.pos, Pos::new(6, 7));
}

#[test]
fn other_sizes_and_win_lengths_play_sensibly() {
    // 20x20 freestyle, threat on the far edge.
    let v = Preset::Freestyle20.variant();
    let b = board(
        v,
        &[
            (19, 15, Color::White),
            (19, 16, Color::White),
            (19, 17, Color::White),
            (19, 18, Color::White),
            (10, 10, Color::Black),
            (11, 11, Color::Black),
            (12, 12, Color::Black),
        ],
    );
    let t = think(Level::Expert, &b, Color::Black, 20_000, 1);
    assert!(
        t.pos == Pos::new(19, 14) || t.pos == Pos::new(19, 19),
        "{t:?}"
    );
    // 7x7, four in a row: take the win.
    let v = Variant::new(7, 4, Rule::Freestyle).expect("variant");
    let b = board(
        v,
        &[
            (1, 1, Color::Black),
            (2, 2, Color::Black),
            (3, 3, Color::Black),
            (0, 6, Color::White),
            (6, 0, Color::White),
        ],
    );
    for level in Level::ALL {
        let t = think(level, &b, Color::Black, 20_000, 1);
        assert!(
            t.pos == Pos::new(0, 0) || t.pos == Pos::new(4, 4),
            "{level}: {t:?}"
        );
    }
}

#[test]
fn hints_name_the_threat_in_a_players_words() {
    let v = Preset::Freestyle15.variant();
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(Level::Medium, 0);
    let limits = SearchLimits::nodes(30_000);
    // White has an open three on row 7 (f8 g8 h8): black must block one end.
    let b = board(
        v,
        &[
            (7, 3, Color::Black),
            (5, 7, Color::White),
            (8, 3, Color::Black),
            (6, 7, Color::White),
            (2, 12, Color::Black),
            (7, 7, Color::White),
        ],
    );
    let h = ai.hint(&b, Color::Black, &limits, &stop).expect("hint");
    assert!(
        [
            Pos::new(4, 7),
            Pos::new(8, 7),
            Pos::new(3, 7),
            Pos::new(9, 7)
        ]
        .contains(&h.pos),
        "{h:?}"
    );
    assert_eq!(h.reason.to_string(), "block the open three");
    // Black's own open three: the hint makes the open four.
    let b = board(
        v,
        &[
            (5, 7, Color::Black),
            (0, 0, Color::White),
            (6, 7, Color::Black),
            (0, 14, Color::White),
            (7, 7, Color::Black),
            (14, 0, Color::White),
        ],
    );
    let h = ai.hint(&b, Color::Black, &limits, &stop).expect("hint");
    assert_eq!(h.reason.to_string(), "make an open four");
    // A win by continuous fours is announced with its length.
    assert_eq!(
        MoveReason::ForcedWinFours(5).to_string(),
        "forced win with continuous fours in 5 moves"
    );
    assert_eq!(
        MoveReason::ForcedWin(4).to_string(),
        "forced win with threats in 4 moves"
    );
}

/// Points where `color` would win at once.
fn winning_points(b: &mut Board, color: Color) -> Vec<Pos> {
    let empties: Vec<Pos> = b.empty_points().collect();
    empties
        .into_iter()
        .filter(|&p| {
            if color == Color::Black && forbidden(b, p).is_some() {
                return false;
            }
            b.place(p, color);
            let w = b.is_win_at(p);
            b.remove(p);
            w
        })
        .collect()
}

/// Random positions (random stones near the centre, nobody has won) where the side to move can win at
/// once, or must block the opponent's only five: every level wins, or blocks, in every one of them.
#[test]
fn random_positions_wins_are_taken_and_fives_blocked() {
    let mut rng = rng::Rng::new(2024);
    let (mut wins, mut blocks) = (0, 0);
    for round in 0..400 {
        if wins >= 40 && blocks >= 40 {
            break;
        }
        let preset = [Preset::Freestyle15, Preset::Renju15, Preset::Standard15][round % 3];
        let mut b = Board::new(preset.variant());
        let n = 8 + rng.below(24) as usize;
        let mut placed = 0;
        let mut tries = 0;
        while placed < n && tries < 1000 {
            tries += 1;
            let p = Pos::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            let color = Color::to_move_at(placed);
            if !b.is_empty(p) || (color == Color::Black && forbidden(&b, p).is_some()) {
                continue;
            }
            b.place(p, color);
            if b.is_win_at(p) {
                b.remove(p);
                continue;
            }
            placed += 1;
        }
        let me = Color::to_move_at(placed);
        let mine = winning_points(&mut b, me);
        let theirs = winning_points(&mut b, me.opponent());
        let level = Level::ALL[round % 3];
        if !mine.is_empty() {
            let t = think(level, &b, me, 5_000, round as u64);
            assert!(
                mine.contains(&t.pos),
                "{level} missed a win: {t:?}\n{}",
                b.diagram()
            );
            wins += 1;
        } else if theirs.len() == 1 {
            let t = think(level, &b, me, 5_000, round as u64);
            assert_eq!(t.pos, theirs[0], "{level} did not block:\n{}", b.diagram());
            blocks += 1;
        }
    }
    assert!(
        wins >= 20 && blocks >= 10,
        "too few cases: {wins} wins, {blocks} blocks"
    );
}

#[test]
fn four_by_four_boards_get_legal_moves_fast() {
    for win_len in [3, 4] {
        let v = Variant::new(4, win_len, Rule::Freestyle).expect("variant");
        let mut b = Board::new(v);
        let mut to_move = Color::Black;
        for _ in 0..16 {
            if b.is_full() || b.stones().any(|(p, _)| b.is_win_at(p)) {
                break;
            }
            let t = think(Level::Expert, &b, to_move, 20_000, 1);
            assert!(b.is_empty(t.pos));
            b.place(t.pos, to_move);
            to_move = to_move.opponent();
        }
    }
}

/// The modules of `search/` that each file imports (`super::x`, `crate::search::x`), test code
/// left out; `mod` stands for `mod.rs` itself.
fn search_imports() -> Vec<(String, Vec<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/search");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("search dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_stem().expect("stem").to_string_lossy().into_owned())
        .collect();
    let mut out = Vec::new();
    for (path, name) in files.iter().zip(&names) {
        if name == "tests" {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("source");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let mut deps = Vec::new();
        if name == "mod" {
            deps.extend(
                names
                    .iter()
                    .filter(|n| *n != "mod" && *n != "tests")
                    .cloned(),
            );
        } else {
            for prefix in ["super::", "crate::search::"] {
                for (i, _) in code.match_indices(prefix) {
                    let mut rest = &code[i + prefix.len()..];
                    while let Some(r) = rest.strip_prefix("super::") {
                        rest = r;
                    }
                    let ident: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let target = if names.contains(&ident) && ident != "mod" {
                        ident
                    } else {
                        "mod".to_string()
                    };
                    if target != *name && !deps.contains(&target) {
                        deps.push(target);
                    }
                }
            }
        }
        out.push((name.clone(), deps));
    }
    out
}

#[test]
fn search_modules_import_each_other_without_a_circle() {
    let graph = search_imports();
    let deps_of = |n: &str| {
        graph
            .iter()
            .find(|(m, _)| m == n)
            .map_or(&[][..], |(_, d)| &d[..])
    };
    // Depth-first search; a module met again while still on the path closes a circle.
    fn visit<'a>(
        n: &'a str,
        deps_of: &dyn Fn(&str) -> &'a [String],
        path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) {
        if done.contains(&n) {
            return;
        }
        if let Some(i) = path.iter().position(|&p| p == n) {
            panic!("import circle: {} -> {n}", path[i..].join(" -> "));
        }
        path.push(n);
        for d in deps_of(n) {
            visit(d, deps_of, path, done);
        }
        path.pop();
        done.push(n);
    }
    let mut done = Vec::new();
    for (n, _) in &graph {
        visit(n, &deps_of, &mut Vec::new(), &mut done);
    }
    assert!(graph.len() >= 10, "too few modules read: {graph:?}");
    let vcf = deps_of("vcf");
    assert!(
        vcf.iter().any(|d| d == "pvs"),
        "vcf's imports not read: {vcf:?}"
    );
}

/// A depth-1 search of Black's double open three at (9,9), with the leaf threat stage `quiesce`
/// plies deep and its defender answering as `quiesce_defence` says.
fn double_three_at_depth_one(quiesce: i32, quiesce_defence: QuiesceDefence) -> (i32, Pos) {
    let b = board(
        Preset::Freestyle15.variant(),
        &[
            (7, 9, Color::Black),
            (8, 9, Color::Black),
            (9, 7, Color::Black),
            (9, 8, Color::Black),
            (1, 1, Color::White),
            (3, 1, Color::White),
            (1, 3, Color::White),
            (13, 13, Color::White),
        ],
    );
    let ai = Ai::new(Level::Expert, 1);
    let (tt, vt, stop) = (
        Table::new(1 << 20),
        VcfTable::new(1 << 20),
        AtomicBool::new(false),
    );
    let mut config = Config {
        quiesce,
        ..Config::default()
    };
    config.selectivity.quiesce_defence = quiesce_defence;
    let mut s = Searcher::new(
        ai.search_board(&b),
        &tt,
        &vt,
        &stop,
        None,
        1_000_000,
        config,
    );
    let score = s.search(1, -pvs::INF, pvs::INF, 0, Color::Black, true);
    (score, s.b.pos(s.pv_line()[0]))
}

#[test]
fn leaf_threat_stage_sees_a_double_three_win_at_depth_one() {
    // The static evaluation at the leaf cannot prove the double three; the threat stage lets
    // White block one three and finds the other become an open four.
    let expert = Selectivity::default().quiesce_defence;
    let (plain, _) = double_three_at_depth_one(0, expert);
    assert!(plain < WIN_MIN - 1, "without the threat stage: {plain}");
    // Expert's defender tries two of White's six answers: both lose, which scores the double
    // three just short of a proven win (the rest were not tried).
    let (score, first) = double_three_at_depth_one(2, expert);
    assert_eq!(score, WIN_MIN - 1, "with the threat stage");
    assert_eq!(first, Pos::new(9, 9));
    // With every answer tried, the win is proven.
    let (proven, first) = double_three_at_depth_one(2, QuiesceDefence::EveryAnswer);
    assert!(proven >= WIN_MIN, "with every answer: {proven}");
    assert_eq!(first, Pos::new(9, 9));
}

/// Positions from seeded random games that stay near the centre (busy with fours, like real play),
/// each with the side to move.
pub(super) fn busy_positions(count: usize, seed: u64) -> Vec<(Board, Color)> {
    let v = Preset::Freestyle15.variant();
    let mut rng = rng::Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = crate::Game::new(v);
        let mut last = v.center();
        for _ in 0..40 {
            let x = (last.x as i64 + rng.below(5) as i64 - 2).clamp(0, 14) as u8;
            let y = (last.y as i64 + rng.below(5) as i64 - 2).clamp(0, 14) as u8;
            if game.play(Pos::new(x, y)).is_ok() {
                last = Pos::new(x, y);
            }
            if game.is_over() {
                break;
            }
            if game.moves().len() >= 12 && game.moves().len().is_multiple_of(4) {
                out.push((game.board().clone(), game.to_move()));
            }
        }
    }
    out.truncate(count);
    out
}

#[test]
fn the_leaves_cheaper_vcf_finds_only_real_wins_and_leaves_the_full_one_alone() {
    let ai = Ai::new(Level::Expert, 1);
    let stop = AtomicBool::new(false);
    let (mut leaf_wins, mut full_wins) = (0, 0);
    for (b, me) in busy_positions(300, 7) {
        let (tt, shared, fresh) = (
            Table::new(1 << 16),
            VcfTable::new(1 << 16),
            VcfTable::new(1 << 16),
        );
        let searcher = |vt| {
            Searcher::new(
                ai.search_board(&b),
                &tt,
                vt,
                &stop,
                None,
                1 << 40,
                Config::default(),
            )
        };
        let mut s = searcher(&shared);
        let near = s.leaf_vcf(me, 6, 0);
        // The restricted search's failures are kept apart: the full one reads the same table after it.
        let full = s.vcf(me, 6, false);
        let alone = searcher(&fresh).vcf(me, 6, false);
        assert_eq!(
            full, alone,
            "the leaf VCF changed the full VCF's answer on {b:?}"
        );
        assert!(
            !near || full,
            "the leaf VCF claims a win the full VCF denies on {b:?}"
        );
        leaf_wins += near as u32;
        full_wins += full as u32;
    }
    // The sample must hold wins of both kinds for the checks above to mean anything.
    assert!(
        leaf_wins >= 5,
        "only {leaf_wins} leaf VCF wins in the sample"
    );
    assert!(full_wins >= leaf_wins, "{full_wins} < {leaf_wins}");
}

/// Runs `f` on a searcher of `b` with `config`, small fresh tables and no node limit.
fn with_searcher<R>(ai: &Ai, b: &Board, config: Config, f: impl FnOnce(&mut Searcher) -> R) -> R {
    let (tt, vt, stop) = (
        Table::new(1 << 16),
        VcfTable::new(1 << 16),
        AtomicBool::new(false),
    );
    f(&mut Searcher::new(
        ai.search_board(b),
        &tt,
        &vt,
        &stop,
        None,
        1 << 40,
        config,
    ))
}

/// The leaves' VCF on `b` for `me`, with or without its dead-end fours: whether it wins, and its nodes.
fn leaf_vcf_with(ai: &Ai, b: &Board, me: Color, thin: bool) -> (bool, u64) {
    let mut config = Config::default();
    config.selectivity.vcf_thin = thin;
    with_searcher(ai, b, config, |s| (s.leaf_vcf(me, 6, 0), s.nodes))
}

#[test]
fn the_leaves_vcf_skips_dead_end_fours_and_keeps_most_wins() {
    let ai = Ai::new(Level::Expert, 1);
    let (mut thin_wins, mut all_wins, mut thin_nodes, mut all_nodes) = (0, 0, 0, 0);
    for (b, me) in busy_positions(600, 11) {
        let (thin, n_thin) = leaf_vcf_with(&ai, &b, me, true);
        let (all, n_all) = leaf_vcf_with(&ai, &b, me, false);
        assert!(!thin || all, "a win only without the dead ends on {b:?}");
        thin_wins += thin as u32;
        all_wins += all as u32;
        thin_nodes += n_thin;
        all_nodes += n_all;
    }
    // The wins it gives up went through a four that was already there, not through the last
    // stone (about one in twenty on these crowded positions).
    assert!(all_wins >= 100, "only {all_wins} wins in the sample");
    assert!(
        thin_wins * 10 >= all_wins * 9,
        "{thin_wins} of {all_wins} wins kept"
    );
    assert!(
        thin_nodes < all_nodes,
        "{thin_nodes} nodes against {all_nodes}"
    );
}

#[test]
fn a_dead_end_four_still_wins_when_its_block_is_forbidden() {
    // White's four on (5, 11) has one five point, (5, 7), and makes nothing on another line.
    // Black's block there would make six in a row: forbidden in renju, so the four wins; in
    // freestyle the same block stands.
    let stones = [
        (2, 7, Color::Black),
        (3, 7, Color::Black),
        (4, 7, Color::Black),
        (6, 7, Color::Black),
        (7, 7, Color::Black),
        (5, 6, Color::Black),
        (5, 12, Color::Black),
        (5, 8, Color::White),
        (5, 9, Color::White),
        (5, 10, Color::White),
    ];
    let ai = Ai::new(Level::Expert, 1);
    let renju = board(Preset::Renju15.variant(), &stones);
    assert!(forbidden(&renju, Pos::new(5, 7)).is_some());
    assert!(leaf_vcf_with(&ai, &renju, Color::White, true).0);
    let free = board(Preset::Freestyle15.variant(), &stones);
    assert!(!leaf_vcf_with(&ai, &free, Color::White, true).0);
    assert!(!leaf_vcf_with(&ai, &free, Color::White, false).0);
}

/// Positions from Expert's games against Rapfi (freestyle position strings, rows from the bottom) in
/// which Expert announced a forced win with threats that was not there: its leaf threat stage let
/// the defender try only two answers to an open three and took their loss as proof. Rapfi, given a
/// second on each, sees no win for the side to move.
const FALSE_THREAT_WINS: [&str; 4] = [
    "h8j10f10g9i8g8g7h10f7h7f9f8i11h11g10i9j8k8k9l10k10k11f11h9j12i10g12",
    "h8i8f7j10j8k9i7i11h12i10h7g7g9f10h6h9",
    "h8i8f5i9i10h10j8g9h9g8f8g11g10f11f12h11e11h12j11e10g13h14h13d9c8i13j14",
    "h8i8g10g7j9h6i5g6g5f7h5f5i7j6f6e7j5k5d7e8g8",
];

/// Expert's score on a position of `FALSE_THREAT_WINS`, with the threat stage's defence `qdefend`
/// (the tuning key's number; the default when `None`).
fn threat_stage_score(moves: &str, qdefend: Option<i32>) -> i32 {
    let mut b = Board::new(Preset::Freestyle15.variant());
    let mut me = Color::Black;
    for pos in PositionString::parse_moves(moves, 15, RowOrigin::Bottom).expect("a position") {
        b.place(pos, me);
        me = me.opponent();
    }
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(Level::Expert, 1);
    ai.set_tt_bytes(1 << 22);
    if let Some(v) = qdefend {
        ai.set_tuning("qdefend", v).expect("a tuning key");
    }
    ai.choose_move(&b, me, &SearchLimits::nodes(200_000), &stop)
        .expect("a move")
        .score
}

#[test]
fn the_threat_stage_proves_no_win_from_a_few_answers() {
    for moves in FALSE_THREAT_WINS {
        // The old rule shows these positions test it: it claimed a win on each.
        assert!(threat_stage_score(moves, Some(0)) >= WIN_MIN, "{moves}");
        let score = threat_stage_score(moves, None);
        assert!(score < WIN_MIN, "a win claimed ({score}) on {moves}");
    }
}

#[test]
fn the_threat_stages_defender_skips_its_dead_end_fours() {
    // Black's open three on row 7. White has fours of its own: (5, 12) and (14, 2) make nothing on
    // another line (dead ends), (13, 2) also makes a three on column 13.
    let mut stones = vec![
        (6, 7, Color::Black),
        (7, 7, Color::Black),
        (8, 7, Color::Black),
        (1, 12, Color::Black),
        (9, 2, Color::Black),
    ];
    for (x, y) in [
        (2, 12),
        (3, 12),
        (4, 12),
        (10, 2),
        (11, 2),
        (12, 2),
        (13, 4),
        (13, 5),
    ] {
        stones.push((x, y, Color::White));
    }
    let ai = Ai::new(Level::Expert, 1);
    let answers = |variant: Variant, thin: bool| {
        let mut config = Config::default();
        config.selectivity.quiesce_thin = thin;
        with_searcher(&ai, &board(variant, &stones), config, |s| {
            let mut out = Vec::new();
            s.threat_moves(Color::White, true, &mut out);
            out.iter().map(|&(c, _)| s.b.pos(c)).collect::<Vec<Pos>>()
        })
    };
    let free = Preset::Freestyle15.variant();
    let (all, kept) = (answers(free, false), answers(free, true));
    let (dead, leading) = ([Pos::new(5, 12), Pos::new(14, 2)], Pos::new(13, 2));
    let blocks = [Pos::new(5, 7), Pos::new(9, 7)];
    for p in dead.iter().chain(&blocks).chain([&leading]) {
        assert!(all.contains(p), "{p:?} missing from {all:?}");
    }
    for p in &dead {
        assert!(!kept.contains(p), "dead-end four {p:?} kept in {kept:?}");
    }
    for p in blocks.iter().chain([&leading]) {
        assert!(kept.contains(p), "{p:?} dropped from {kept:?}");
    }
    // In renju black's block of a four may be forbidden, so white keeps every four.
    let renju = answers(Preset::Renju15.variant(), true);
    for p in dead.iter().chain(&blocks).chain([&leading]) {
        assert!(renju.contains(p), "{p:?} missing in renju from {renju:?}");
    }
}

#[test]
fn expert_prunes_renju_with_its_own_margin_and_a_tuning_key_overrides_it() {
    // Reverse futility's margin differs by rule (strength log change 85); self-play matches
    // set it with `rfp_margin`, which must win over the rule's number.
    let mut ai = Ai::new(Level::Expert, 0);
    let margin = |ai: &Ai, rule| ai.style(rule).config.selectivity.rfp_margin;
    assert_eq!(
        margin(&ai, Rule::Freestyle),
        Selectivity::default().rfp_margin
    );
    assert!(margin(&ai, Rule::Renju) < margin(&ai, Rule::Freestyle));
    ai.set_tuning("rfp_margin", 95).expect("a known key");
    assert_eq!(margin(&ai, Rule::Renju), 95);
    assert_eq!(margin(&ai, Rule::Freestyle), 95);
}

/// A quiet freestyle middle game (no three or four on the board) and the side to move.
fn quiet_middle_game() -> (Board, Color) {
    let mut b = Board::new(Preset::Freestyle15.variant());
    let mut me = Color::Black;
    let moves = "h8h9j8g8i9g7k7h10i10g9g10i11f8g5g6h11j11j5";
    for pos in PositionString::parse_moves(moves, 15, RowOrigin::Bottom).expect("a position") {
        b.place(pos, me);
        me = me.opponent();
    }
    (b, me)
}

/// Nodes, score and move of a `depth`-ply search of a quiet freestyle middle game under `config`.
fn quiet_middle_search(config: Config, depth: i32) -> (u64, i32, Pos) {
    let (b, me) = quiet_middle_game();
    let ai = Ai::new(Level::Expert, 1);
    with_searcher(&ai, &b, config, |s| {
        let score = s.search(depth, -pvs::INF, pvs::INF, 0, me, true);
        (s.nodes, score, s.b.pos(s.pv_line()[0]))
    })
}

/// `quiet_middle_search` at depth 7 with the fail-high reduction's margin `fhr` (0: none), and
/// Rapfi's reductions at `rapfi_lmr` (0: the plain ones).
fn fail_high_search(fhr: i32, rapfi_lmr: i32) -> (u64, i32, Pos) {
    let mut config = Config::default();
    config.selectivity.fail_high_margin = fhr;
    config.selectivity.rapfi_lmr = rapfi_lmr;
    quiet_middle_search(config, 7)
}

#[test]
fn the_fail_high_reduction_searches_less_for_the_same_move() {
    // Expert's default has it (strength log change 135).
    assert!(Config::default().selectivity.fail_high_margin > 0);
    // With Expert's reductions, the same move for less; with Rapfi's (a tuning key, change 148),
    // whose tree is already thinner, still less, though depth 7 here then settles on another move.
    for rapfi_lmr in [0, 100] {
        let (nodes_without, score_without, move_without) = fail_high_search(0, rapfi_lmr);
        let (nodes_with, score_with, move_with) = fail_high_search(19, rapfi_lmr);
        assert!(
            nodes_with * 10 < nodes_without * 9,
            "{nodes_with} nodes with it, {nodes_without} without ({rapfi_lmr})"
        );
        if rapfi_lmr == 0 {
            assert_eq!(move_with, move_without);
        }
        assert!(score_with.abs() < WIN_MIN && score_without.abs() < WIN_MIN);
    }
}

/// `quiet_middle_search` at depth 8 under `config` with Rapfi's reductions at `rapfi_lmr`
/// hundredths (0: the plain reductions of late quiet moves).
fn rapfi_lmr_search(mut config: Config, rapfi_lmr: i32) -> (u64, i32, Pos) {
    config.selectivity.rapfi_lmr = rapfi_lmr;
    quiet_middle_search(config, 8)
}

#[test]
fn rapfis_reductions_search_less_and_only_for_expert() {
    // Measured and not kept (strength log change 148): a tuning key, off by default.
    let expert = Config::default();
    assert_eq!(expert.selectivity.rapfi_lmr, 0);
    let (nodes_without, score_without, _) = rapfi_lmr_search(expert, 0);
    let (nodes_with, score_with, _) = rapfi_lmr_search(expert, 100);
    assert!(
        nodes_with * 10 < nodes_without * 8,
        "{nodes_with} nodes with them, {nodes_without} without"
    );
    assert!(score_with.abs() < WIN_MIN && score_without.abs() < WIN_MIN);
    // Without `prune` (Medium's search) the key changes nothing: Medium plays as it was measured.
    let medium = Config {
        prune: false,
        ..expert
    };
    assert_eq!(rapfi_lmr_search(medium, 100), rapfi_lmr_search(medium, 0));
}

/// `quiet_middle_search` at depth 8 with Rapfi's reductions, and fractional depth with the
/// extensions `(block_ext, tt_ext_pv, tt_ext)` in hundredths of a ply, or whole plies (`None`).
fn frac_depth_search(mut config: Config, frac: Option<(i32, i32, i32)>) -> (u64, i32, Pos) {
    let sel = &mut config.selectivity;
    sel.frac_depth = frac.is_some();
    (sel.block_ext, sel.tt_ext_pv, sel.tt_ext) = frac.unwrap_or_default();
    rapfi_lmr_search(config, 100)
}

#[test]
fn fractional_depth_changes_only_rapfis_tree() {
    // Measured and not kept (strength log change 149): tuning keys, off by default.
    let expert = Config::default();
    assert!(!expert.selectivity.frac_depth);
    let whole = frac_depth_search(expert, None);
    let frac = frac_depth_search(expert, Some((0, 0, 0)));
    let extended = frac_depth_search(expert, Some((30, 25, 8)));
    // Reductions kept in hundredths search another tree than the same reductions rounded, and
    // the extensions search more of it.
    assert_ne!(frac.0, whole.0);
    assert!(
        extended.0 > frac.0,
        "{} nodes extended, {} not",
        extended.0,
        frac.0
    );
    for (_, score, _) in [whole, frac, extended] {
        assert!(score.abs() < WIN_MIN);
    }
    // Without Rapfi's reductions, or without `prune` (Medium's search), the keys change nothing.
    let plain = |frac| {
        let mut config = expert;
        config.selectivity.frac_depth = frac;
        config.selectivity.block_ext = 30;
        config.selectivity.tt_ext_pv = 25;
        quiet_middle_search(config, 8)
    };
    assert_eq!(plain(true), plain(false));
    let medium = Config {
        prune: false,
        ..expert
    };
    assert_eq!(
        frac_depth_search(medium, Some((30, 25, 8))),
        frac_depth_search(medium, None)
    );
}

/// Nodes and move of a depth-5 search of a quiet freestyle middle game with the policy keys
/// `(policy_lmr, policy_prune)`, evaluating with `table` (the embedded one when `None`). With the
/// plain reductions: `policy_lmr` adds to those alone.
fn policy_search(table: Option<&'static learned::LearnedTable>, keys: (i32, i32)) -> (u64, Pos) {
    let (b, me) = quiet_middle_game();
    let ai = Ai::new(Level::Expert, 1);
    let mut config = Config::default();
    config.selectivity.rapfi_lmr = 0;
    config.selectivity.policy_lmr = keys.0;
    config.selectivity.policy_prune = keys.1;
    config.selectivity.policy_prune_depth = 6;
    with_searcher(&ai, &b, config, |s| {
        if let Some(t) = table {
            s.b.set_learned(t);
        }
        s.search(5, -pvs::INF, pvs::INF, 0, me, true);
        (s.nodes, s.b.pos(s.pv_line()[0]))
    })
}

#[test]
fn learned_move_scores_prune_and_reduce_only_where_a_table_has_them() {
    // The embedded freestyle table has no move scores: the keys change nothing at all.
    let plain = policy_search(None, (0, 0));
    assert_eq!(policy_search(None, (256, 256)), plain);
    // The same table with move scores that spread the cells over several logits.
    let mut scored = learned::table_for(Rule::Freestyle)
        .expect("the embedded table")
        .clone();
    scored.policy = (0..2 * learned::PATTERNS)
        .map(|i| -((i % 7) as i16) * 100)
        .collect();
    let scored: &'static learned::LearnedTable = Box::leak(Box::new(scored));
    // Without the keys the move scores are not read: the search is the plain one.
    assert_eq!(policy_search(Some(scored), (0, 0)), plain);
    let (pruned, _) = policy_search(Some(scored), (0, 256));
    let (reduced, _) = policy_search(Some(scored), (256, 0));
    assert!(
        pruned < plain.0,
        "pruning: {pruned} nodes, {} without",
        plain.0
    );
    assert!(
        reduced < plain.0,
        "reductions: {reduced} nodes, {} without",
        plain.0
    );
}

/// `crate::game::STUCK_BLACK`'s 224 stones, a renju game near a full board, less those of the
/// moves numbered in `without` (from 0), with `to_move` to play.
fn stuck_black_setup(without: &[usize], to_move: Color) -> crate::Game {
    let moves = PositionString::parse_moves(crate::game::STUCK_BLACK, 15, RowOrigin::Bottom)
        .expect("the stuck-black game");
    let stones: Vec<(Pos, Color)> = moves
        .iter()
        .enumerate()
        .filter(|(i, _)| !without.contains(i))
        .map(|(i, &m)| (m, Color::to_move_at(i)))
        .collect();
    crate::Game::from_setup(Preset::Renju15.variant(), &stones, to_move).expect("a legal setup")
}

#[test]
fn renju_black_with_only_forbidden_points_left_scores_as_the_referee_rules() {
    // Black is to move with one point left, an overline.
    let g = stuck_black_setup(&[], Color::Black);
    assert!(g.black_is_stuck());
    let ai = Ai::new(Level::Expert, 1);
    let score = |must: bool| {
        let config = Config {
            black_must_move: must,
            ..Config::default()
        };
        with_searcher(&ai, g.board(), config, |s| {
            s.search(2, -pvs::INF, pvs::INF, 0, Color::Black, true)
        })
    };
    // The game's rules: a draw. The Gomocup referees': black must move there, and loses.
    assert_eq!(score(false), 0);
    assert!(score(true) <= -pvs::WIN_MIN, "{}", score(true));
}

/// The game's value for black with best play on both sides under the Gomocup referees' rule (a
/// black left with only forbidden points loses): 1 a win, 0 a draw, -1 a loss. For a few points
/// left only: it tries every order.
fn referee_value(g: &crate::Game) -> i32 {
    match g.outcome() {
        Some(crate::Outcome::Win { winner, .. }) if *winner == Color::Black => return 1,
        Some(crate::Outcome::Win { .. }) => return -1,
        Some(crate::Outcome::Draw) if g.black_is_stuck() => return -1,
        Some(crate::Outcome::Draw) => return 0,
        None => {}
    }
    let values = g.board().empty_points().filter_map(|p| {
        let mut next = g.clone();
        next.play(p).ok()?;
        Some(referee_value(&next))
    });
    if g.to_move() == Color::Black {
        values.max().unwrap_or(-1)
    } else {
        values.min().unwrap_or(0)
    }
}

#[test]
fn expert_as_black_steers_clear_of_only_forbidden_points_when_the_referee_rules_so() {
    // Three points left, black to move: two of them let white leave black only an overline. (By
    // the game's rules all three draw, and Expert without the referees' rule takes one of the two.)
    let g = stuck_black_setup(&[83, 106], Color::Black);
    let (mut draws, mut losses) = (Vec::new(), Vec::new());
    for p in g.board().empty_points() {
        let mut next = g.clone();
        if next.play(p).is_ok() {
            match referee_value(&next) {
                0 => draws.push(p),
                _ => losses.push(p),
            }
        }
    }
    assert_eq!((draws.len(), losses.len()), (1, 2), "{draws:?} {losses:?}");
    let stop = AtomicBool::new(false);
    let mut ai = Ai::new(Level::Expert, 1);
    ai.set_tt_bytes(1 << 20);
    ai.set_black_must_move(true);
    let t = ai
        .choose_move(g.board(), Color::Black, &SearchLimits::nodes(20_000), &stop)
        .expect("a move");
    assert_eq!(t.pos, draws[0], "{losses:?} lose");
}

#[test]
fn no_iteration_starts_after_the_meant_time_though_the_most_is_far() {
    // A quiet middle game: no forced line ends the search early.
    let v = Preset::Freestyle15.variant();
    let b = board(
        v,
        &[
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (6, 8, Color::Black),
            (8, 6, Color::White),
        ],
    );
    let search = |limits: SearchLimits| {
        let stop = AtomicBool::new(false);
        let mut ai = Ai::new(Level::Expert, 1);
        ai.set_tt_bytes(1 << 20);
        ai.choose_move(&b, Color::Black, &limits, &stop)
            .expect("a move")
    };
    // Nothing meant: the first iteration done, the search stops, an hour from its limit.
    let meant_nothing = search(SearchLimits::nodes(200_000).with_time(ThinkTime {
        optimum: Duration::ZERO,
        maximum: Duration::from_secs(3600),
    }));
    assert_eq!(meant_nothing.depth, 1, "{meant_nothing:?}");
    // The same limits with the whole hour meant go on deepening until the nodes run out.
    let meant_all = search(SearchLimits::nodes(200_000));
    assert!(meant_all.depth > 3, "{meant_all:?}");
}
