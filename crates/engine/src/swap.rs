//! Balanced openings as played in Gomocup and at tournaments, and the computer's decisions in them.
//!
//! - **Swap** (swap1): the first player places three stones (black, white, black); the second player
//!   then chooses a colour, and white plays on.
//! - **Swap2**: the second player may instead place two more stones (white, black) and hand the choice
//!   of colour back to the first player.
//!
//! The computer decides by the engine's evaluation: it takes the colour that scores better and, in
//! swap2, places two more stones when neither colour is clearly better; when it proposes, it tries a
//! few candidate placements near the centre and keeps the most balanced.

use crate::analysis::Analyst;
use crate::core::{Color, Pos};
use crate::game::Game;
use crate::search::SearchLimits;
use crate::search::rng::Rng;

/// How the colours are settled at the start of a game.
///
/// Besides the free start and Gomocup's swap and swap2, the renju tournament rules (see
/// `tengen_match`'s opening module for their steps): RIF (1996), Yamaguchi, Soosõrv-N and
/// Taraguchi-N, N being how many fifth moves may be offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// Black simply moves first.
    #[default]
    Free,
    Swap,
    Swap2,
    /// The tentative black places one of the 26 openings, white may swap and plays 4, black offers
    /// two fifth moves and white picks one.
    Rif,
    /// As RIF, but the opener declares how many fifth moves black will offer.
    Yamaguchi,
    /// As RIF, but white declares after move 4 how many fifth moves (1 to N) will be offered, and
    /// black may swap once more.
    Soosorv(u8),
    /// Moves 1–4 in growing central squares with a swap after each, then a fifth in the central 9×9
    /// (and a swap) or N fifth moves offered.
    Taraguchi(u8),
}

/// The most fifth moves any rule lets black offer (Yamaguchi's declaration, Soosõrv-N's and
/// Taraguchi-N's N).
pub const MAX_FIFTH_OFFERS: u8 = 12;

impl OpeningRule {
    /// Every rule as the New game form offers it, the renju ones with their usual N (Soosõrv-8 is
    /// the World Championship's rule, Taraguchi-10 the European events').
    pub const ALL: [OpeningRule; 7] = [
        OpeningRule::Free,
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv(8),
        OpeningRule::Taraguchi(10),
    ];

    /// `free`, `swap`, `swap2`, `rif`, `yamaguchi`, `soosorv`, `taraguchi`: the key of its words (the
    /// setting and the saved form add N: see `Display`).
    pub fn key(self) -> &'static str {
        match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Rif => "rif",
            OpeningRule::Yamaguchi => "yamaguchi",
            OpeningRule::Soosorv(_) => "soosorv",
            OpeningRule::Taraguchi(_) => "taraguchi",
        }
    }

    /// Whether this is one of renju's tournament rules (they open with the 26 canonical openings and
    /// offered fifth moves).
    pub fn is_tournament(self) -> bool {
        !matches!(
            self,
            OpeningRule::Free | OpeningRule::Swap | OpeningRule::Swap2
        )
    }

    /// N of Soosõrv-N and Taraguchi-N.
    pub fn offers(self) -> Option<u8> {
        match self {
            OpeningRule::Soosorv(n) | OpeningRule::Taraguchi(n) => Some(n),
            _ => None,
        }
    }

    /// The same rule with another N (where it has one), kept within 1 to [`MAX_FIFTH_OFFERS`].
    pub fn with_offers(self, n: u8) -> OpeningRule {
        let n = n.clamp(1, MAX_FIFTH_OFFERS);
        match self {
            OpeningRule::Soosorv(_) => OpeningRule::Soosorv(n),
            OpeningRule::Taraguchi(_) => OpeningRule::Taraguchi(n),
            other => other,
        }
    }
}

impl std::fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.offers() {
            Some(n) => write!(f, "{}-{n}", self.key()),
            None => f.write_str(self.key()),
        }
    }
}

impl std::str::FromStr for OpeningRule {
    type Err = String;

    /// The rule as written by `Display` (`free`, `swap`, `swap2`, `rif`, `yamaguchi`, `soosorv-8`,
    /// `taraguchi-10`; `soosorv` and `taraguchi` alone take their usual N), as the settings, the
    /// autosave and the command line keep it.
    fn from_str(s: &str) -> Result<OpeningRule, String> {
        let unknown = || {
            format!(
                "unknown opening rule {s:?} (use free, swap, swap2, rif, yamaguchi, soosorv-N or \
                 taraguchi-N, N from 1 to {MAX_FIFTH_OFFERS})"
            )
        };
        let (family, n) = match s.split_once('-') {
            Some((family, n)) => (family, Some(n.parse::<u8>().map_err(|_| unknown())?)),
            None => (s, None),
        };
        let rule = OpeningRule::ALL
            .into_iter()
            .find(|rule| rule.key() == family)
            .ok_or_else(unknown)?;
        match (rule.offers(), n) {
            (_, None) => Ok(rule),
            (Some(_), Some(n)) if (1..=MAX_FIFTH_OFFERS).contains(&n) => Ok(rule.with_offers(n)),
            _ => Err(unknown()),
        }
    }
}

/// The second player's answer to the first three stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapChoice {
    /// Take black: the other player plays white, and moves next.
    Black,
    /// Take white and play the next move.
    White,
    /// Swap2 only: place a white and a black stone, then the other player chooses the colour.
    PlaceTwo,
}

/// How far from even (in the engine's score units, about 200 per logistic step) a position may be for
/// the computer to call it balanced: in swap2 it then places two more stones rather than pick a side.
pub const BALANCED: i32 = 60;

/// Black's advantage in the position (positive: black is better), by the analyst within `limits`.
pub fn black_advantage(analyst: &mut Analyst, game: &Game, limits: &SearchLimits) -> i32 {
    let to_move = game.to_move();
    let score = analyst
        .analyse(game.board(), to_move, limits)
        .map_or(0, |a| a.score);
    if to_move == Color::Black {
        score
    } else {
        -score
    }
}

/// The computer's answer to three proposed stones: the better colour, or in swap2 two more stones
/// when the position is balanced.
pub fn choose_after_three(
    analyst: &mut Analyst,
    game: &Game,
    swap2: bool,
    limits: &SearchLimits,
) -> SwapChoice {
    let advantage = black_advantage(analyst, game, limits);
    if swap2 && advantage.abs() < BALANCED {
        SwapChoice::PlaceTwo
    } else if advantage > 0 {
        SwapChoice::Black
    } else {
        SwapChoice::White
    }
}

/// The computer's colour after five stones (swap2): the one that scores better.
pub fn choose_after_five(analyst: &mut Analyst, game: &Game, limits: &SearchLimits) -> Color {
    if black_advantage(analyst, game, limits) > 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// How many candidate placements a proposal weighs.
const CANDIDATES: usize = 6;

/// Stones for the computer to propose: the next `count` stones of `game` (alternating from the side
/// to move), near the centre, chosen among a few random candidates (from `seed`) as the one whose
/// position is most even. Empty if no legal placement was found.
pub fn propose(
    analyst: &mut Analyst,
    game: &Game,
    count: usize,
    seed: u64,
    limits: &SearchLimits,
) -> Vec<Pos> {
    let mut rng = Rng::new(seed);
    let centre = game.variant().center();
    let size = game.variant().size();
    let mut best: Option<(i32, Vec<Pos>)> = None;
    for _ in 0..CANDIDATES {
        let mut trial = game.clone();
        let mut stones = Vec::with_capacity(count);
        for i in 0..count {
            // The first stone of an empty board on the centre, as players open; the rest within two
            // points of it (three once the square fills up).
            let reach = if trial.moves().len() < 3 { 2 } else { 3 };
            let placed = (0..40).find_map(|_| {
                let pos = if trial.board().stone_count() == 0 && i == 0 {
                    centre
                } else {
                    let dx = rng.below(2 * reach + 1) as i32 - reach as i32;
                    let dy = rng.below(2 * reach + 1) as i32 - reach as i32;
                    centre.offset(dx, dy, 1, size)?
                };
                trial.play(pos).ok().map(|_| pos)
            });
            match placed {
                Some(pos) if !trial.is_over() => stones.push(pos),
                _ => break,
            }
        }
        if stones.len() != count {
            continue;
        }
        let imbalance = black_advantage(analyst, &trial, limits).abs();
        if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
            best = Some((imbalance, stones));
        }
    }
    best.map(|(_, stones)| stones).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    fn limits() -> SearchLimits {
        SearchLimits::nodes(4_000)
    }

    #[test]
    fn an_opening_rule_reads_back_from_its_key_and_nothing_else_does() {
        for rule in OpeningRule::ALL {
            assert_eq!(rule.to_string().parse::<OpeningRule>(), Ok(rule));
        }
        assert_eq!("soosorv-3".parse(), Ok(OpeningRule::Soosorv(3)));
        assert_eq!("taraguchi".parse(), Ok(OpeningRule::Taraguchi(10)));
        assert_eq!(OpeningRule::Soosorv(8).to_string(), "soosorv-8");
        for bad in [
            "Swap2",
            "soosorv-0",
            "soosorv-13",
            "rif-2",
            "taraguchi-x",
            "swap-",
        ] {
            assert!(bad.parse::<OpeningRule>().is_err(), "{bad}");
        }
        assert!("".parse::<OpeningRule>().is_err());
    }

    #[test]
    fn a_proposal_is_three_legal_stones_near_the_centre_and_fairly_even() {
        let mut analyst = Analyst::new();
        for preset in [Preset::Freestyle15, Preset::Renju15] {
            let game = Game::new(preset.variant());
            let stones = propose(&mut analyst, &game, 3, 7, &limits());
            assert_eq!(stones.len(), 3, "{preset:?}");
            assert_eq!(stones[0], preset.variant().center());
            let played = Game::from_moves(preset.variant(), &stones).expect("legal");
            assert!(
                stones
                    .iter()
                    .all(|p| p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2)
            );
            let advantage = black_advantage(&mut analyst, &played, &limits());
            assert!(advantage.abs() < 400, "{preset:?}: {advantage}");
            // Two more stones continue the same game: white, then black.
            let more = propose(&mut analyst, &played, 2, 9, &limits());
            assert_eq!(more.len(), 2);
            let mut five = played.clone();
            for pos in more {
                five.play(pos).expect("legal");
            }
            assert_eq!(five.to_move(), Color::White);
        }
    }

    #[test]
    fn the_computer_takes_the_colour_that_wins() {
        let mut analyst = Analyst::new();
        let v = Preset::Freestyle15.variant();
        // Black has an open three on row 8 and white's stone is far away: black is clearly better.
        let strong =
            Game::from_moves(v, &[Pos::new(7, 7), Pos::new(0, 0), Pos::new(8, 7)]).expect("legal");
        let mut strong_black = strong.clone();
        strong_black.play(Pos::new(14, 14)).expect("legal");
        strong_black.play(Pos::new(9, 7)).expect("legal");
        assert_eq!(
            choose_after_three(&mut analyst, &strong, true, &limits()),
            SwapChoice::Black
        );
        assert_eq!(
            choose_after_five(&mut analyst, &strong_black, &limits()),
            Color::Black
        );
        // White's stones hem black in: white is the better side.
        let hemmed = Game::from_moves(
            v,
            &[
                Pos::new(0, 0),
                Pos::new(7, 7),
                Pos::new(14, 14),
                Pos::new(8, 7),
                Pos::new(0, 14),
            ],
        )
        .expect("legal");
        assert_eq!(
            choose_after_five(&mut analyst, &hemmed, &limits()),
            Color::White
        );
    }

    #[test]
    fn a_balanced_start_in_swap2_gets_two_more_stones() {
        let mut analyst = Analyst::new();
        let v = Preset::Freestyle15.variant();
        let balanced = propose(&mut analyst, &Game::new(v), 3, 11, &limits());
        let game = Game::from_moves(v, &balanced).expect("legal");
        // Each judgement from fresh tables: a search on tables warmed by the same position may
        // score it differently, and the test compares the two.
        let advantage = black_advantage(&mut Analyst::new(), &game, &limits());
        let choice = choose_after_three(&mut Analyst::new(), &game, true, &limits());
        if advantage.abs() < BALANCED {
            assert_eq!(choice, SwapChoice::PlaceTwo);
        } else {
            assert_ne!(choice, SwapChoice::PlaceTwo);
        }
        // Swap1 never places two.
        assert_ne!(
            choose_after_three(&mut analyst, &game, false, &limits()),
            SwapChoice::PlaceTwo
        );
    }
}
