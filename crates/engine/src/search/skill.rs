//! Difficulty lives outside the search: the search scores the best root moves, and a weaker level
//! picks among them with a random bonus scaled by its weakness (the chess-engine "skill level" idea,
//! written fresh here). Wins are always taken and a move that loses by force is never preferred to one
//! that does not.

use super::pvs::{RootMove, WIN_MIN};
use super::rng::Rng;

/// Index of the root move to play. `weakness` is the size of the random bonus in evaluation units
/// (0 = always the best).
pub fn pick(roots: &[RootMove], weakness: i32, rng: &mut Rng) -> usize {
    let Some(best) = roots.iter().map(|r| r.score).max() else {
        return 0;
    };
    if weakness <= 0 || best >= WIN_MIN {
        return roots.iter().position(|r| r.score == best).unwrap_or(0);
    }
    let all_lose = best <= -WIN_MIN;
    let mut choice = 0;
    let mut choice_value = i64::MIN;
    for (i, r) in roots.iter().enumerate() {
        if !r.exact || (!all_lose && r.score <= -WIN_MIN) {
            continue;
        }
        let bonus = rng.below(weakness as u64 + 1) as i64;
        let value = r.score as i64 + bonus;
        if value > choice_value {
            choice_value = value;
            choice = i;
        }
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(cell: u16, score: i32) -> RootMove {
        RootMove {
            cell,
            score,
            exact: true,
        }
    }

    #[test]
    fn wins_are_always_taken_and_forced_losses_avoided() {
        let mut rng = Rng::new(1);
        let roots = [root(1, 10), root(2, WIN_MIN + 5), root(3, 0)];
        for _ in 0..50 {
            assert_eq!(pick(&roots, 1000, &mut rng), 1);
        }
        let roots = [root(1, -WIN_MIN - 3), root(2, -200), root(3, -WIN_MIN)];
        for _ in 0..50 {
            assert_eq!(pick(&roots, 1000, &mut rng), 1);
        }
    }

    #[test]
    fn weakness_brings_variety() {
        let mut rng = Rng::new(7);
        let roots = [root(1, 30), root(2, 20), root(3, 10)];
        let picks: std::collections::HashSet<usize> =
            (0..100).map(|_| pick(&roots, 100, &mut rng)).collect();
        assert!(picks.len() >= 2);
        assert_eq!(pick(&roots, 0, &mut rng), 0);
    }
}
