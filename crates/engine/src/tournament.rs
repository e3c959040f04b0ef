//! Renju's tournament openings (RIF, Yamaguchi, Soosõrv-N, Taraguchi-N): where their stones may go,
//! which offered fifth moves are the same by symmetry, and the computer's part in each step. The
//! steps themselves are `tengen_match`'s.
//!
//! The computer proposes one of the 26 openings drawn (by a seed) from those its own search found
//! most even (a table made by a tool), swaps to the colour it scores better, plays the fourth stone it thinks best within the
//! rule's square, declares as many fifth moves as black's lead is worth, offers black's best
//! non-symmetric fifth moves (white takes the worst of them for black, so anything weaker would only
//! help white), and as white picks the offered fifth move that leaves black least.

use crate::analysis::Analyst;
use crate::core::{Color, Pos};
use crate::game::Game;
use crate::opening::RenjuOpening;
use crate::search::SearchLimits;
use crate::search::rng::Rng;
use crate::swap::{BALANCED, OpeningRule, black_advantage};

impl OpeningRule {
    /// How far from the centre (in points along either axis) stone `number` (1 for the first) must
    /// lie in this rule's opening, if the rule limits it: the first on the centre, the second within
    /// the central 3×3, the third within 5×5 (every third stone there makes one of the 26 openings),
    /// and in Taraguchi the fourth within 7×7 and a placed fifth within 9×9.
    pub fn stone_reach(self, number: usize) -> Option<u8> {
        let last = match self {
            OpeningRule::Rif | OpeningRule::Yamaguchi | OpeningRule::Soosorv(_) => 3,
            OpeningRule::Taraguchi(_) => 5,
            OpeningRule::Free | OpeningRule::Swap | OpeningRule::Swap2 => 0,
        };
        (1..=last)
            .contains(&number)
            .then(|| u8::try_from(number - 1).unwrap_or(u8::MAX))
    }
}

/// Whether `pos` lies within `reach` points of the centre of `game`'s board along both axes.
pub fn within_reach(game: &Game, pos: Pos, reach: u8) -> bool {
    let centre = game.variant().center();
    pos.x.abs_diff(centre.x) <= reach && pos.y.abs_diff(centre.y) <= reach
}

/// The 8 symmetries of the square board of side `size` about its centre.
fn turned(pos: Pos, symmetry: usize, size: u8) -> Pos {
    let last = size - 1;
    let (x, y) = (pos.x, pos.y);
    let (x, y) = match symmetry % 8 {
        0 => (x, y),
        1 => (last - y, x),
        2 => (last - x, last - y),
        3 => (y, last - x),
        4 => (last - x, y),
        5 => (x, last - y),
        6 => (y, x),
        _ => (last - y, last - x),
    };
    Pos::new(x, y)
}

/// The symmetries of the board that leave `game`'s stones as they are.
fn keeping_symmetries(game: &Game) -> Vec<usize> {
    let size = game.variant().size();
    let stones: Vec<(Pos, Color)> = game.board().stones().collect();
    (0..8)
        .filter(|&s| {
            stones
                .iter()
                .all(|&(p, c)| stones.contains(&(turned(p, s, size), c)))
        })
        .collect()
}

/// An offered fifth move already among `offered` that `pos` mirrors or turns into, the position
/// being the same: offering both would be offering one move twice.
pub fn symmetric_twin(game: &Game, offered: &[Pos], pos: Pos) -> Option<Pos> {
    let size = game.variant().size();
    let symmetries = keeping_symmetries(game);
    offered
        .iter()
        .copied()
        .find(|&o| o != pos && symmetries.iter().any(|&s| turned(o, s, size) == pos))
}

/// How many openings the computer draws its proposal from, at least: the most even ones.
const PROPOSAL_POOL: usize = 6;

/// Black's advantage in each of the 26 openings before white's fourth stone (white to move), in the
/// engine's score units, as its own search judged them: made by `tengen-proposals --balance 400000`
/// (see [`measure_opening_balance`]); a proposal is drawn from the most even.
const OPENING_BALANCE: [(RenjuOpening, i32); 26] = [
    (RenjuOpening::Kansei, 72),
    (RenjuOpening::Keigetsu, 118),
    (RenjuOpening::Sosei, 24),
    (RenjuOpening::Kagetsu, 123),
    (RenjuOpening::Zangetsu, 104),
    (RenjuOpening::Ugetsu, 109),
    (RenjuOpening::Kinsei, 123),
    (RenjuOpening::Shogetsu, 65),
    (RenjuOpening::Kyugetsu, 47),
    (RenjuOpening::Shingetsu, 15),
    (RenjuOpening::Zuisei, 59),
    (RenjuOpening::Sangetsu, 79),
    (RenjuOpening::Yusei, -29),
    (RenjuOpening::Chosei, 4),
    (RenjuOpening::Kyogetsu, 119),
    (RenjuOpening::Kosei, 82),
    (RenjuOpening::Suigetsu, 80),
    (RenjuOpening::Ryusei, 15),
    (RenjuOpening::Ungetsu, 67),
    (RenjuOpening::Hogetsu, 88),
    (RenjuOpening::Rangetsu, 108),
    (RenjuOpening::Gingetsu, 109),
    (RenjuOpening::Myojo, 98),
    (RenjuOpening::Shagetsu, 47),
    (RenjuOpening::Meigetsu, 21),
    (RenjuOpening::Suisei, -132),
];

/// Black's advantage in `opening`, as [`OPENING_BALANCE`] keeps it.
pub fn opening_balance(opening: RenjuOpening) -> i32 {
    OPENING_BALANCE
        .iter()
        .find(|&&(o, _)| o == opening)
        .map_or(0, |&(_, score)| score)
}

/// Black's advantage in each of the 26 openings on a renju board, searched within `limits`: what
/// [`OPENING_BALANCE`] was made from.
pub fn measure_opening_balance(
    analyst: &mut Analyst,
    limits: &SearchLimits,
) -> Vec<(RenjuOpening, i32)> {
    let variant = crate::core::Preset::Renju15.variant();
    RenjuOpening::all()
        .filter_map(|opening| {
            let trial = Game::from_moves(variant, &opening.stones(variant.size())).ok()?;
            Some((opening, black_advantage(analyst, &trial, limits)))
        })
        .collect()
}

/// The openings a proposal is drawn from: those within [`BALANCED`] of even, or the most even few.
pub fn proposal_pool() -> Vec<RenjuOpening> {
    let mut scored = OPENING_BALANCE.to_vec();
    scored.sort_by_key(|&(o, score)| (score.abs(), o.key()));
    let even = scored.iter().filter(|(_, s)| s.abs() <= BALANCED).count();
    let pool = even.max(PROPOSAL_POOL);
    scored.into_iter().take(pool).map(|(o, _)| o).collect()
}

/// The three stones the computer proposes in a tournament opening on `game`'s empty board: one of
/// [`proposal_pool`]'s openings drawn by `seed`, in one of the board's 8 orientations.
pub fn propose_opening(game: &Game, seed: u64) -> Vec<Pos> {
    let size = game.variant().size();
    let pool = proposal_pool();
    let mut rng = Rng::new(seed);
    let opening = pool[rng.below(pool.len() as u64) as usize];
    let symmetry = rng.below(8) as usize;
    opening
        .stones(size)
        .iter()
        .map(|&p| turned(p, symmetry, size))
        .collect()
}

/// The stone the computer places for the side to move, the best its search finds within `reach` of
/// the centre when the rule limits it. `None` when no point there is legal.
pub fn place_opening_stone(
    analyst: &mut Analyst,
    game: &Game,
    reach: Option<u8>,
    limits: &SearchLimits,
) -> Option<Pos> {
    let allowed = |p: Pos| reach.is_none_or(|r| within_reach(game, p, r)) && game.check(p).is_ok();
    if reach.is_none() {
        let analysis = analyst.analyse(game.board(), game.to_move(), limits)?;
        if allowed(analysis.best) {
            return Some(analysis.best);
        }
    }
    let mut best: Option<(i32, Pos)> = None;
    for pos in candidate_points(game, reach) {
        if !allowed(pos) {
            continue;
        }
        let mut trial = game.clone();
        if trial.play(pos).is_err() {
            continue;
        }
        let mut score = black_advantage(analyst, &trial, limits);
        if game.to_move() == Color::White {
            score = -score;
        }
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, pos));
        }
    }
    best.map(|(_, pos)| pos)
}

/// Empty points near the stones (within two points of one), or within `reach` of the centre when
/// the rule limits it: the moves worth weighing in an opening.
fn candidate_points(game: &Game, reach: Option<u8>) -> Vec<Pos> {
    let size = game.variant().size();
    let stones: Vec<(Pos, Color)> = game.board().stones().collect();
    let near = |p: Pos| {
        stones
            .iter()
            .any(|&(s, _)| s.x.abs_diff(p.x) <= 2 && s.y.abs_diff(p.y) <= 2)
    };
    let mut points = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let p = Pos::new(x, y);
            let fits = match reach {
                Some(r) => within_reach(game, p, r),
                None => near(p),
            };
            if fits && game.board().get(p).is_none() {
                points.push(p);
            }
        }
    }
    points
}

/// How many fifth moves the computer declares (from 1 to `most`): the more black leads, the more
/// choice white gets, so that the side that swaps gains little.
pub fn declare_offers(analyst: &mut Analyst, game: &Game, most: u8, limits: &SearchLimits) -> u8 {
    let lead = black_advantage(analyst, game, limits).max(0);
    let extra = u8::try_from(lead / (BALANCED / 2).max(1)).unwrap_or(u8::MAX);
    extra.saturating_add(1).clamp(1, most.max(1))
}

/// The `count` fifth moves the computer offers as black: its best ones, no two alike by symmetry.
/// Fewer only when the board has fewer legal points.
pub fn offer_fifths(
    analyst: &mut Analyst,
    game: &Game,
    count: usize,
    limits: &SearchLimits,
) -> Vec<Pos> {
    let mut scored: Vec<(i32, Pos)> = candidate_points(game, None)
        .into_iter()
        .filter_map(|pos| {
            let mut trial = game.clone();
            trial.play(pos).ok()?;
            Some((black_advantage(analyst, &trial, limits), pos))
        })
        .collect();
    // Best for black first; ties in board order, so the same position offers the same moves.
    scored.sort_by_key(|&(score, pos)| (-score, pos.y, pos.x));
    let mut offered: Vec<Pos> = Vec::with_capacity(count);
    for (_, pos) in scored {
        if offered.len() == count {
            break;
        }
        if symmetric_twin(game, &offered, pos).is_none() {
            offered.push(pos);
        }
    }
    offered
}

/// The offered fifth move the computer takes as white: the one after which black leads least.
pub fn select_fifth(
    analyst: &mut Analyst,
    game: &Game,
    offered: &[Pos],
    limits: &SearchLimits,
) -> Option<Pos> {
    offered
        .iter()
        .copied()
        .filter_map(|pos| {
            let mut trial = game.clone();
            trial.play(pos).ok()?;
            Some((black_advantage(analyst, &trial, limits), pos))
        })
        .min_by_key(|&(score, pos)| (score, pos.y, pos.x))
        .map(|(_, pos)| pos)
}

/// Taraguchi's fifth move: whether the computer, as black, offers N fifth moves (true) rather than
/// placing one within the 9×9 and letting white swap. It places one when its best placed fifth is
/// even (white gains nothing by swapping), and offers otherwise.
pub fn taraguchi_offers(
    analyst: &mut Analyst,
    game: &Game,
    rule: OpeningRule,
    limits: &SearchLimits,
) -> bool {
    let Some(pos) = place_opening_stone(analyst, game, rule.stone_reach(5), limits) else {
        return true;
    };
    let mut trial = game.clone();
    if trial.play(pos).is_err() {
        return true;
    }
    black_advantage(analyst, &trial, limits).abs() > BALANCED
}

#[cfg(test)]
#[path = "tournament_tests.rs"]
mod tests;
