//! The notice of a rating that moved: its numbers, and why when they would puzzle the player: a win
//! helped by hints or undos counts for less (`tengen_store::game_score`), and a change that rounds
//! to nothing was still counted (a loss to a much stronger opponent, a win over a much weaker one).

use tengen_engine::GameResult;
use tengen_i18n::{Arg, Phrase};
use tengen_store::{SavedGame, game_score};

/// "Your rating: 1403 → 1403", with its reason where one is owed.
pub fn rating_phrase(saved: &SavedGame, before: f64, after: f64) -> Phrase {
    let points = |rating: f64| Arg::Number(rating.round().max(0.0) as u64);
    let numbers = vec![("before", points(before)), ("after", points(after))];
    match reason(saved, before, after) {
        None => Phrase::with("notice-rating-change", numbers),
        Some(why) => {
            let mut args = numbers;
            args.push(("why", why.into()));
            Phrase::with("notice-rating-change-why", args)
        }
    }
}

/// The human's result: won, drew.
fn outcome(saved: &SavedGame) -> Option<(bool, bool)> {
    let human = saved.human_color()?;
    Some(match saved.result()? {
        GameResult::Draw => (false, true),
        GameResult::BlackWins => (human == tengen_engine::Color::Black, false),
        GameResult::WhiteWins => (human == tengen_engine::Color::White, false),
    })
}

/// Why the rating moved as it did: the aids of a win first (they changed what it counted for),
/// else a change that rounds to nothing.
fn reason(saved: &SavedGame, before: f64, after: f64) -> Option<Phrase> {
    let (won, drew) = outcome(saved)?;
    let (hints, undos) = (saved.hints_used(), saved.undos_used());
    if won && hints.saturating_add(undos) > 0 {
        let score = game_score(won, drew, hints, undos);
        let percent = (score * 100.0).round() as u64;
        // Fluent selectors by number: 1 when the win counted as a draw.
        let draw = u64::from(percent <= 50);
        return Some(Phrase::with(
            "rating-why-aids",
            vec![
                ("aids", aids(hints, undos).into()),
                ("draw", Arg::Number(draw)),
                ("percent", Arg::Number(percent)),
            ],
        ));
    }
    if before.round() != after.round() {
        return None;
    }
    // The selector's variants: 0 a win, 1 a draw, 2 a loss.
    let result = match (won, drew) {
        (true, _) => 0,
        (_, true) => 1,
        _ => 2,
    };
    Some(Phrase::with(
        "rating-why-little",
        vec![("result", Arg::Number(result))],
    ))
}

/// "12 hints", "1 undo", "2 hints and 1 undo".
fn aids(hints: u32, undos: u32) -> Phrase {
    let count = |id, n: u32| Phrase::with(id, vec![("count", Arg::Number(u64::from(n)))]);
    match (hints, undos) {
        (h, 0) => count("rating-aid-hints", h),
        (0, u) => count("rating-aid-undos", u),
        (h, u) => Phrase::with(
            "rating-aid-both",
            vec![
                ("hints", count("rating-aid-hints", h).into()),
                ("undos", count("rating-aid-undos", u).into()),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Game, Level, Pos, Preset, Step};
    use tengen_i18n::Language;
    use tengen_store::{Mode, PerSide, Player, SavedGame};

    use super::rating_phrase;
    use crate::i18n::Words;

    /// A game against step 3 won by Black (five down a column), the person Black when `human_black`.
    fn finished(human_black: bool, hints: u32) -> SavedGame {
        let moves: Vec<Pos> = (0..9)
            .map(|i| Pos::new(5 + i / 2, if i % 2 == 0 { 7 } else { 10 }))
            .collect();
        let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
        let human = Player::Human { name: "Ada".into() };
        let computer = Player::Computer {
            level: Level::Low,
            step: Step::new(3),
        };
        let players = if human_black {
            PerSide {
                black: human,
                white: computer,
            }
        } else {
            PerSide {
                black: computer,
                white: human,
            }
        };
        let mut saved =
            SavedGame::of_game(game, Mode::HumanVsComputer, players).expect("a preset's board");
        for _ in 0..hints {
            saved.game_match.count_hint();
        }
        saved
    }

    fn said(saved: &SavedGame, before: f64, after: f64, language: Language) -> String {
        Words::new(language).phrase(&rating_phrase(saved, before, after))
    }

    #[test]
    fn a_win_with_hints_says_what_they_counted_for() {
        let twelve = finished(true, 12);
        assert_eq!(
            said(&twelve, 1403.0, 1410.0, Language::English),
            "Your rating: 1403 → 1410: 12 hints: counted as a draw"
        );
        let one = finished(true, 1);
        assert_eq!(
            said(&one, 1100.0, 1180.0, Language::English),
            "Your rating: 1100 → 1180: 1 hint: this win counted as 90 % of one"
        );
        let russian = said(&twelve, 1403.0, 1410.0, Language::Russian);
        assert!(russian.contains("12 подсказок"), "{russian}");
    }

    #[test]
    fn an_unchanged_rating_says_the_game_was_counted() {
        let loss = finished(false, 0);
        assert_eq!(
            said(&loss, 1403.2, 1402.9, Language::English),
            "Your rating: 1403 → 1403: a loss to a much stronger opponent changes little"
        );
        let win = finished(true, 0);
        assert!(said(&win, 2500.0, 2500.4, Language::Polish).contains("słabszym"));
        // A change the player can see needs no reason.
        assert_eq!(
            said(&win, 1100.0, 1180.0, Language::English),
            "Your rating: 1100 → 1180"
        );
    }
}
