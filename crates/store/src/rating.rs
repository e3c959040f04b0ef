//! The player's rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), in rating
//! periods of ten games ([`RatingPeriod`], the rating recomputed from the period's start after every
//! game), on the strength ladder's scale (`tengen_engine::Step::rating`: Low = 1000, a logistic Elo
//! scale, so 200 points apart is about 76 % for the stronger).
//!
//! Glicko-2's own scale is this one shifted and divided by 173.7178; only differences of ratings
//! enter its formulas, so the ladder's numbers are used as they are.
//!
//! Choices:
//! - **A new player** starts at [`START_RATING`] 1100 with deviation 350 (Glickman's value for "no
//!   information") and volatility 0.06: half-way between Low (step 2, 1000, the game's easy level
//!   and a fair first opponent for someone who knows the rules) and step 3 (1228), so the first
//!   matched opponent is Low, and the wide deviation lets a few results move the rating by
//!   hundreds of points in either direction.
//! - **A step's rating** is its measured rating with deviation [`STEP_DEVIATION`] 60: the ladder's
//!   adjacent matches (`docs/strength.md`, "The ladder in steps") give each step's distance to the
//!   next with a 95 % interval of about ±80 to ±170, a standard error of roughly 40 to 85.
//! - **Hints and undos** ([`game_score`]): each takes [`AID_COST`] 0.1 off a win, never below a
//!   draw's 0.5, so a win with one hint counts 0.9 and one with five or more aids as a draw. A draw
//!   is 0.5 and a loss 0 whatever the aids (the aids did not win it).
//! - The system constant τ is 0.5 (Glickman suggests 0.3 to 1.2; a middle value lets the
//!   volatility grow when a player improves quickly without making single games jumpy).

use serde::{Deserialize, Serialize};
use tengen_engine::Step;

/// Glicko-2's scale factor: its μ is (rating − 1500) / this.
const SCALE: f64 = 173.7178;
/// The system constant τ.
const TAU: f64 = 0.5;
/// Where the volatility iteration stops.
const EPSILON: f64 = 0.000_001;

/// A new player's rating, on the ladder's scale.
pub const START_RATING: f64 = 1100.0;
/// A new player's deviation: Glickman's "unrated".
pub const START_DEVIATION: f64 = 350.0;
/// A new player's volatility: Glickman's suggested start.
pub const START_VOLATILITY: f64 = 0.06;
/// The deviation of a ladder step's rating, from the ladder's measured error bars.
pub const STEP_DEVIATION: f64 = 60.0;
/// What each hint or undo takes off a win.
pub const AID_COST: f64 = 0.1;

/// The lowest deviation a rating keeps: Glicko-2 itself stays above about 60 here (the volatility
/// adds back what each game takes), so this only guards a hand-edited file.
const MIN_DEVIATION: f64 = 20.0;
/// The range a rating is kept in (far around the ladder's ratings, `Step::rating`); guards
/// hand-edited files and keeps every number finite.
const RATING_RANGE: (f64, f64) = (-2000.0, 6000.0);
const VOLATILITY_RANGE: (f64, f64) = (0.001, 1.0);

/// One player's Glicko-2 rating on the ladder's scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rating {
    /// The rating (Low = 1000).
    pub rating: f64,
    /// Rating deviation: about 95 % of the time the true strength lies within twice this.
    pub deviation: f64,
    /// Glicko-2's volatility: how erratic the player's results have been.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::fresh()
    }
}

/// One point of the rating graph: the rating after a game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When the game was counted, seconds since the Unix epoch (UTC).
    pub at_secs: u64,
    pub rating: f64,
    pub deviation: f64,
}

/// Brings any number into `range`; not-a-number becomes `fallback`.
fn bounded(value: f64, range: (f64, f64), fallback: f64) -> f64 {
    if value.is_nan() {
        fallback
    } else {
        value.clamp(range.0, range.1)
    }
}

/// Glicko-2's g(φ): how much an opponent's uncertainty flattens the expectation.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score at a rating difference (on Glicko-2's scale) against an opponent with `phi`.
fn expectation(mu_difference: f64, opponent_phi: f64) -> f64 {
    1.0 / (1.0 + (-g(opponent_phi) * mu_difference).exp())
}

impl Rating {
    /// A new player's rating: [`START_RATING`] ± [`START_DEVIATION`].
    pub const fn fresh() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// The same rating with every number in its range (a hand-edited file may hold anything).
    pub fn sanitized(&self) -> Rating {
        Rating {
            rating: bounded(self.rating, RATING_RANGE, START_RATING),
            deviation: bounded(
                self.deviation,
                (MIN_DEVIATION, START_DEVIATION),
                START_DEVIATION,
            ),
            volatility: bounded(self.volatility, VOLATILITY_RANGE, START_VOLATILITY),
        }
    }

    /// The point of the rating graph for this rating, at `at_secs`.
    pub fn point(&self, at_secs: u64) -> RatingPoint {
        RatingPoint {
            at_secs,
            rating: self.rating,
            deviation: self.deviation,
        }
    }

    /// The expected score (0 to 1) against an opponent rated `opponent` with the ladder's
    /// [`STEP_DEVIATION`]: Glicko-2's E. It is 0.5 at equal ratings and grows with the difference.
    pub fn expected_score(&self, opponent: f64) -> f64 {
        let me = self.sanitized();
        let opponent = bounded(opponent, RATING_RANGE, START_RATING);
        expectation((me.rating - opponent) / SCALE, STEP_DEVIATION / SCALE)
    }

    /// The rating after one game as a rating period of its own; see [`Rating::after_games`].
    pub fn after_game(&self, opponent: f64, opponent_deviation: f64, score: f64) -> Rating {
        self.after_games(&[PeriodGame {
            opponent,
            deviation: opponent_deviation,
            score,
        }])
    }

    /// The rating after one rating period with these games (each against an opponent of rating
    /// `opponent` and deviation `deviation`, `score` 1 for a win, 0.5 a draw, 0 a loss, or anything
    /// between, see [`game_score`]). Glickman's steps 2 to 8, with the Illinois iteration for the
    /// volatility. No games: only the deviation grows by the volatility (step 6).
    pub fn after_games(&self, games: &[PeriodGame]) -> Rating {
        let me = self.sanitized();
        let mu = (me.rating - 1500.0) / SCALE;
        let phi = me.deviation / SCALE;
        let sigma = me.volatility;
        if games.is_empty() {
            return Rating {
                deviation: (phi * phi + sigma * sigma).sqrt() * SCALE,
                ..me
            }
            .sanitized();
        }

        // Steps 3 and 4: the estimated variance from the games, and the improvement they suggest.
        let mut v_inverse = 0.0;
        let mut improvement = 0.0;
        for game in games {
            let mu_j = (bounded(game.opponent, RATING_RANGE, START_RATING) - 1500.0) / SCALE;
            let phi_j = bounded(game.deviation, (0.0, START_DEVIATION), START_DEVIATION) / SCALE;
            let score = bounded(game.score, (0.0, 1.0), 0.5);
            let g_j = g(phi_j);
            // Kept off 0 and 1 so that v stays finite against any opponent.
            let e = expectation(mu - mu_j, phi_j).clamp(1e-9, 1.0 - 1e-9);
            v_inverse += g_j * g_j * e * (1.0 - e);
            improvement += g_j * (score - e);
        }
        let v = 1.0 / v_inverse;
        let delta = v * improvement;

        // Step 5: the new volatility.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 1000.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut rounds = 0;
        while (big_b - big_a).abs() > EPSILON && rounds < 200 {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            rounds += 1;
        }
        let new_sigma = bounded((big_a / 2.0).exp(), VOLATILITY_RANGE, sigma);

        // Steps 6 to 8: the new deviation and rating, back on the ladder's scale.
        let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * improvement;
        Rating {
            rating: new_mu * SCALE + 1500.0,
            deviation: new_phi * SCALE,
            volatility: new_sigma,
        }
        .sanitized()
    }
}

/// One game of a rating period.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeriodGame {
    /// The opponent's rating.
    pub opponent: f64,
    /// The opponent's deviation.
    pub deviation: f64,
    /// The player's score, 0 to 1.
    pub score: f64,
}

/// A rating as it moves game by game: Glicko-2 over rating periods of [`PERIOD_GAMES`] games
/// (Glickman's advice is 10 to 15 games a period; with one game a period the deviation shrinks
/// after every game and the volatility barely reacts, so a player far above the start climbs for
/// dozens of games). After each game the rating is the period's result so far, computed from the
/// period's start; the tenth game closes the period and the next starts from there.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RatingPeriod {
    /// The rating the period started from.
    pub start: Rating,
    /// The games of the period so far (fewer than [`PERIOD_GAMES`]).
    pub games: Vec<PeriodGame>,
}

/// Games in one rating period.
pub const PERIOD_GAMES: usize = 10;

impl RatingPeriod {
    /// Adds a game and returns the rating after it.
    pub fn add(&mut self, opponent: f64, deviation: f64, score: f64) -> Rating {
        // A hand-edited file may hold a longer period: it closes with this game.
        self.games.push(PeriodGame {
            opponent,
            deviation,
            score,
        });
        let rating = self.start.after_games(&self.games);
        if self.games.len() >= PERIOD_GAMES {
            self.start = rating;
            self.games.clear();
        }
        rating
    }
}

/// The score a finished game against the computer counts for the player: a win 1, less
/// [`AID_COST`] for each hint and each undo but never below a draw's 0.5; a draw 0.5; a loss 0.
pub fn game_score(won: bool, drew: bool, hints: u32, undos: u32) -> f64 {
    if won {
        let aids = f64::from(hints.saturating_add(undos));
        (1.0 - AID_COST * aids).max(0.5)
    } else if drew {
        0.5
    } else {
        0.0
    }
}

/// A ladder step's rating as a number of the rating's scale.
pub fn step_rating(step: Step) -> f64 {
    f64::from(step.rating())
}

/// The step that gives the player about even chances: the one whose expected score for the player
/// is nearest 0.5, which is the step whose rating is nearest the player's (the weaker of two at
/// the same distance).
pub fn matched_step(rating: &Rating) -> Step {
    let rating = rating.sanitized();
    Step::ALL
        .into_iter()
        .min_by(|a, b| {
            let da = (rating.expected_score(step_rating(*a)) - 0.5).abs();
            let db = (rating.expected_score(step_rating(*b)) - 0.5).abs();
            da.total_cmp(&db)
        })
        .unwrap_or(Step::from_level(tengen_engine::Level::Low))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn glickmans_example_comes_out_as_in_the_paper() {
        // Glickman's worked example has three games in one period; with one game a period this
        // checks the same formulas on his first opponent: 1500 ± 200 beats 1400 ± 30.
        let me = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = me.after_game(1400.0, 30.0, 1.0);
        // By hand from the paper's formulas: E = 0.639, v = 4.38 (Glicko-2 scale), so
        // φ' = 1/sqrt(1/(φ² + σ'²) + 1/v) and μ' = μ + φ'² g (1 − E).
        let phi: f64 = 200.0 / SCALE;
        let g_j = g(30.0 / SCALE);
        let e = expectation(100.0 / SCALE, 30.0 / SCALE);
        assert!(close(e, 0.639, 0.001), "{e}");
        let v = 1.0 / (g_j * g_j * e * (1.0 - e));
        let sigma = after.volatility;
        assert!(close(sigma, 0.06, 0.0005), "{sigma}");
        let phi_new = 1.0 / (1.0 / (phi * phi + sigma * sigma) + 1.0 / v).sqrt();
        assert!(close(after.deviation, phi_new * SCALE, 1e-6));
        let mu_new = phi_new * phi_new * g_j * (1.0 - e);
        assert!(close(after.rating, 1500.0 + mu_new * SCALE, 1e-6));
        assert!(close(after.rating, 1563.0, 2.0), "{}", after.rating);
        assert!(close(after.deviation, 175.0, 2.0), "{}", after.deviation);
    }

    #[test]
    fn the_paper_s_three_games_one_at_a_time_end_near_its_answer() {
        // The paper's period (1500 ± 200 against 1400 ± 30 won, 1550 ± 100 and 1700 ± 300 lost)
        // gives 1464.06 ± 151.52; the same games as three periods end close to it.
        let mut r = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        for (opp, dev, score) in [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ] {
            r = r.after_game(opp, dev, score);
        }
        assert!(close(r.rating, 1464.0, 25.0), "{r:?}");
        assert!(close(r.deviation, 151.5, 10.0), "{r:?}");
        assert!(close(r.volatility, 0.06, 0.001), "{r:?}");
    }

    #[test]
    fn wins_raise_losses_lower_and_even_draws_keep_the_rating() {
        let r = Rating::fresh();
        let win = r.after_game(1100.0, STEP_DEVIATION, 1.0);
        let loss = r.after_game(1100.0, STEP_DEVIATION, 0.0);
        let draw = r.after_game(1100.0, STEP_DEVIATION, 0.5);
        assert!(win.rating > r.rating + 100.0, "{win:?}");
        assert!(loss.rating < r.rating - 100.0, "{loss:?}");
        assert!(close(draw.rating, r.rating, 1e-9), "{draw:?}");
        for after in [win, loss, draw] {
            assert!(after.deviation < r.deviation);
        }
        // A win with a hint gains less than one without.
        let helped = r.after_game(1100.0, STEP_DEVIATION, game_score(true, false, 1, 0));
        assert!(r.rating < helped.rating && helped.rating < win.rating);
    }

    #[test]
    fn aids_take_a_tenth_off_a_win_down_to_a_draw() {
        assert_eq!(game_score(true, false, 0, 0), 1.0);
        assert!(close(game_score(true, false, 1, 0), 0.9, 1e-12));
        assert!(close(game_score(true, false, 1, 2), 0.7, 1e-12));
        assert_eq!(game_score(true, false, 5, 0), 0.5);
        assert_eq!(game_score(true, false, u32::MAX, u32::MAX), 0.5);
        assert_eq!(game_score(false, true, 3, 3), 0.5);
        assert_eq!(game_score(false, false, 0, 0), 0.0);
        assert_eq!(game_score(false, false, 2, 0), 0.0);
    }

    #[test]
    fn the_matched_step_is_the_nearest_rating() {
        assert_eq!(matched_step(&Rating::fresh()), Step::new(2).expect("Low"));
        for step in Step::ALL {
            let r = Rating {
                rating: step_rating(step) + 10.0,
                ..Rating::fresh()
            };
            assert_eq!(matched_step(&r), step);
            assert!(close(r.expected_score(step_rating(step)), 0.5, 0.02));
        }
        let low = Rating {
            rating: -500.0,
            ..Rating::fresh()
        };
        assert_eq!(matched_step(&low), Step::ALL[0]);
        let high = Rating {
            rating: 9000.0,
            ..Rating::fresh()
        };
        assert_eq!(matched_step(&high), Step::ALL[Step::COUNT - 1]);
    }

    #[test]
    fn numbers_from_a_hand_edited_file_never_make_a_rating_that_cannot_be_saved() {
        let odd = [
            Rating {
                rating: f64::NAN,
                deviation: -4.0,
                volatility: 0.0,
            },
            Rating {
                rating: 1e300,
                deviation: 1e300,
                volatility: 1e300,
            },
            Rating {
                rating: -1e300,
                deviation: 0.0,
                volatility: f64::INFINITY,
            },
        ];
        for r in odd {
            for (opp, dev, s) in [(1000.0, 60.0, 1.0), (f64::NAN, f64::NAN, f64::NAN)] {
                let after = r.after_game(opp, dev, s);
                assert!(after.rating.is_finite(), "{r:?} -> {after:?}");
                assert!(after.deviation.is_finite() && after.deviation > 0.0);
                assert!(after.volatility.is_finite() && after.volatility > 0.0);
                assert!(r.expected_score(opp).is_finite());
            }
        }
    }

    /// A small seeded random number generator (SplitMix64) for the simulations.
    struct SplitMix(u64);

    impl SplitMix {
        fn unit(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            (z >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// Plays `games` simulated games for a player as strong as `truth` from a fresh rating, each
    /// against the matched step, results drawn from the logistic Elo expectation of the ladder's
    /// ratings; returns the steps played, in order.
    fn simulate(truth: f64, games: usize, seed: u64) -> Vec<Step> {
        let mut rng = SplitMix(seed);
        let mut period = RatingPeriod::default();
        let mut rating = Rating::fresh();
        let mut played = Vec::new();
        for _ in 0..games {
            let step = matched_step(&rating);
            let p = 1.0 / (1.0 + 10f64.powf((step_rating(step) - truth) / 400.0));
            let score = if rng.unit() < p { 1.0 } else { 0.0 };
            rating = period.add(step_rating(step), STEP_DEVIATION, score);
            played.push(step);
        }
        played
    }

    /// The first game from which every matched step is within one of `k`.
    fn settled_after(played: &[Step], k: Step) -> usize {
        played
            .iter()
            .rposition(|s| s.number().abs_diff(k.number()) > 1)
            .map_or(0, |i| i + 1)
    }

    #[test]
    fn a_player_as_strong_as_a_step_is_matched_with_it_or_a_neighbour_within_20_games() {
        // Every step, twelve seeds each: the game from which the matched step stays within one
        // of the player's own (through game 60).
        let mut worst = Vec::new();
        for k in Step::ALL {
            let mut settled: Vec<usize> = (0..12)
                .map(|seed| settled_after(&simulate(step_rating(k), 60, seed), k))
                .collect();
            settled.sort_unstable();
            eprintln!("{k}: settled after {settled:?}");
            worst.push((k, settled[5], settled[11]));
        }
        for (k, median, most) in worst {
            assert!(median <= 20, "{k}: half settle after {median} games");
            assert!(most <= 40, "{k}: the slowest settles after {most} games");
        }
    }

    #[test]
    fn a_period_of_ten_games_is_one_glicko_period() {
        let games: Vec<PeriodGame> = (0..PERIOD_GAMES)
            .map(|i| PeriodGame {
                opponent: 1000.0 + 50.0 * i as f64,
                deviation: STEP_DEVIATION,
                score: (i % 3) as f64 / 2.0,
            })
            .collect();
        let mut period = RatingPeriod::default();
        let mut last = Rating::fresh();
        for (i, g) in games.iter().enumerate() {
            last = period.add(g.opponent, g.deviation, g.score);
            assert_eq!(last, Rating::fresh().after_games(&games[..=i]));
        }
        // Closed: the next period starts from the result.
        assert_eq!(period.start, last);
        assert!(period.games.is_empty());
        let next = period.add(1500.0, STEP_DEVIATION, 1.0);
        assert_eq!(next, last.after_game(1500.0, STEP_DEVIATION, 1.0));
    }
}
