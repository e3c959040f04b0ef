//! Renju's tournament openings, step by step, with people and with the computer in every role.

use std::time::Duration;

use tengen_engine::{
    Analyst, Cell, Color, Mode, OpeningRule, Pos, Preset, RowOrigin, SearchLimits, SwapChoice,
    declare_offers, offer_fifths, place_opening_stone, propose_opening, select_fifth,
    taraguchi_offers,
};

use crate::*;

const PERSON: Player = Player::Person;
const COMPUTER: Player = Player::Computer;
const T0: Duration = Duration::ZERO;

fn at(name: &str) -> Pos {
    let cell: Cell = name.parse().expect("a cell");
    cell.to_pos(15, RowOrigin::Bottom).expect("on the board")
}

fn tournament(rule: OpeningRule, seats: Seats, dealt: Color) -> Match {
    let mut setup = MatchSetup::new(Preset::Renju15, seats, dealt);
    setup.opening = rule;
    Match::new(setup)
}

fn people(rule: OpeningRule) -> Match {
    tournament(rule, Seats::of_mode(Mode::HumanVsHuman), Color::Black)
}

fn put(m: &mut Match, name: &str) -> Result<Vec<Fact>, Refusal> {
    let by = m.acting_player();
    m.apply(Action::Place { pos: at(name), by }, T0)
}

fn stones(m: &mut Match, names: &[&str]) {
    for name in names {
        put(m, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

fn choose(m: &mut Match, choice: SwapChoice) -> Vec<Fact> {
    let by = m.acting_player();
    m.apply(Action::Choose { choice, by }, T0)
        .expect("a choice")
}

fn declare(m: &mut Match, count: u8) -> Result<Vec<Fact>, Refusal> {
    let by = m.acting_player();
    m.apply(Action::Declare { count, by }, T0)
}

#[test]
fn rif_three_stones_a_swap_the_fourth_two_offers_and_white_picks() {
    let mut m = people(OpeningRule::Rif);
    assert_eq!(
        m.opening(),
        OpeningPhase::Placing {
            seat: Seat::First,
            until: 3
        }
    );
    assert_eq!(
        put(&mut m, "h9"),
        Err(Refusal::OutsideOpening { number: 1, side: 1 })
    );
    stones(&mut m, &["h8"]);
    assert_eq!(
        put(&mut m, "h10"),
        Err(Refusal::OutsideOpening { number: 2, side: 3 })
    );
    stones(&mut m, &["h9", "j10"]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Choosing {
            seat: Seat::Second,
            after: 3
        }
    );
    // The tentative white takes black: the seats change colours, and white (now the first seat)
    // plays the fourth stone anywhere.
    choose(&mut m, SwapChoice::Black);
    assert_eq!(m.colours().seat_of(Color::White), Seat::First);
    assert_eq!(
        m.opening(),
        OpeningPhase::Placing {
            seat: Seat::First,
            until: 4
        }
    );
    stones(&mut m, &["a1"]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Offering {
            seat: Seat::Second,
            count: 2
        }
    );
    stones(&mut m, &["g7"]);
    assert_eq!(put(&mut m, "g7"), Err(Refusal::AlreadyOffered));
    stones(&mut m, &["k11"]);
    assert_eq!(m.offers(), &[at("g7"), at("k11")]);
    assert_eq!(m.opening(), OpeningPhase::Selecting { seat: Seat::First });
    assert_eq!(put(&mut m, "f6"), Err(Refusal::NotOffered));
    let facts = put(&mut m, "k11").expect("an offered move");
    assert!(facts.contains(&Fact::Placed {
        pos: at("k11"),
        color: Color::Black,
        number: 5
    }));
    assert!(m.opening().settled());
    // The offers stay for the record.
    assert_eq!(m.offers(), &[at("g7"), at("k11")]);
    assert_eq!(m.opening_stones(), 5);
    assert_eq!(m.game().to_move(), Color::White);
    // Undo never reaches into the opening's steps.
    assert_eq!(m.apply(Action::Undo, T0), Err(Refusal::NothingToUndo));
}

#[test]
fn a_mirror_image_of_an_offer_is_refused_with_the_offer_it_copies() {
    let mut m = people(OpeningRule::Rif);
    // Kansei with the fourth on its line keeps the left-right mirror.
    stones(&mut m, &["h8", "h9", "h10"]);
    choose(&mut m, SwapChoice::White);
    stones(&mut m, &["h6", "g7"]);
    assert_eq!(put(&mut m, "i7"), Err(Refusal::SymmetricOffer(at("g7"))));
    stones(&mut m, &["g9"]);
    assert!(matches!(m.opening(), OpeningPhase::Selecting { .. }));
}

#[test]
fn yamaguchi_the_opener_declares_after_three_and_black_offers_that_many() {
    let mut m = people(OpeningRule::Yamaguchi);
    stones(&mut m, &["h8", "i9", "j8"]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Declaring {
            seat: Seat::First,
            after: 3
        }
    );
    assert_eq!(put(&mut m, "a1"), Err(Refusal::OpeningChoice));
    assert_eq!(declare(&mut m, 0), Err(Refusal::BadDeclaration));
    declare(&mut m, 3).expect("three offers");
    assert_eq!(m.declared(), Some(3));
    assert_eq!(
        m.opening(),
        OpeningPhase::Choosing {
            seat: Seat::Second,
            after: 3
        }
    );
    let rule = OpeningRule::Yamaguchi;
    assert!(!m.opening().colours_final(rule), "white may still swap");
    choose(&mut m, SwapChoice::White);
    // Chosen once and for all: the cards name each seat's colour while white plays the fourth.
    assert!(m.opening().colours_final(rule), "{:?}", m.opening());
    stones(&mut m, &["g9"]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Offering {
            seat: Seat::First,
            count: 3
        }
    );
    assert!(m.opening().colours_final(rule));
    stones(&mut m, &["g7", "k10", "f10"]);
    assert_eq!(m.opening(), OpeningPhase::Selecting { seat: Seat::Second });
}

#[test]
fn soosorv_white_declares_after_four_then_black_may_swap() {
    let mut m = people(OpeningRule::Soosorv(8));
    stones(&mut m, &["h8", "h9", "i10"]);
    choose(&mut m, SwapChoice::White);
    stones(&mut m, &["g10"]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Declaring {
            seat: Seat::Second,
            after: 4
        }
    );
    assert_eq!(declare(&mut m, 9), Err(Refusal::BadDeclaration));
    assert!(!m.opening().colours_final(OpeningRule::Soosorv(8)));
    declare(&mut m, 2).expect("two offers");
    assert_eq!(
        m.opening(),
        OpeningPhase::Choosing {
            seat: Seat::First,
            after: 4
        }
    );
    assert!(
        !m.opening().colours_final(OpeningRule::Soosorv(8)),
        "black may swap"
    );
    // Black swaps: the second seat now offers as black.
    choose(&mut m, SwapChoice::White);
    assert!(m.opening().colours_final(OpeningRule::Soosorv(8)));
    assert_eq!(
        m.opening(),
        OpeningPhase::Offering {
            seat: Seat::Second,
            count: 2
        }
    );
}

#[test]
fn taraguchi_grows_its_square_with_a_swap_after_each_stone() {
    let mut m = people(OpeningRule::Taraguchi(10));
    for (number, (stone, outside)) in [("h8", "h9"), ("i9", "h10"), ("j10", "k11"), ("e5", "d4")]
        .into_iter()
        .enumerate()
    {
        let number = number + 1;
        assert_eq!(
            put(&mut m, outside),
            Err(Refusal::OutsideOpening {
                number,
                side: 2 * number as u8 - 1
            }),
            "stone {number}"
        );
        stones(&mut m, &[stone]);
        assert_eq!(
            m.opening(),
            OpeningPhase::Choosing {
                seat: m.colours().seat_of(m.game().to_move()),
                after: number
            }
        );
        choose(&mut m, SwapChoice::Black);
    }
    assert!(matches!(
        m.opening(),
        OpeningPhase::Declaring { after: 4, .. }
    ));
    assert_eq!(declare(&mut m, 5), Err(Refusal::BadDeclaration));
    // Black places the fifth itself, within the 9×9; white may still swap, then the game is on.
    let mut placed = m.clone();
    declare(&mut placed, 1).expect("placing");
    assert_eq!(
        put(&mut placed, "m13"),
        Err(Refusal::OutsideOpening { number: 5, side: 9 })
    );
    stones(&mut placed, &["l12"]);
    assert!(matches!(
        placed.opening(),
        OpeningPhase::Choosing { after: 5, .. }
    ));
    choose(&mut placed, SwapChoice::White);
    assert!(placed.opening().settled());
    assert_eq!(placed.opening_stones(), 5);
    // Or black offers ten fifth moves anywhere.
    declare(&mut m, 10).expect("offering");
    assert!(matches!(
        m.opening(),
        OpeningPhase::Offering { count: 10, .. }
    ));
    stones(&mut m, &["a1"]);
}

#[test]
fn undo_takes_back_a_persons_own_stone_or_offer_and_never_crosses_a_step() {
    let mut m = people(OpeningRule::Rif);
    stones(&mut m, &["h8", "h9"]);
    m.apply(Action::Undo, T0).expect("the opener's own stone");
    assert_eq!(m.game().moves().len(), 1);
    stones(&mut m, &["h9", "j10"]);
    // The other seat chooses: the opener's stones are not theirs to take back.
    assert_eq!(m.apply(Action::Undo, T0), Err(Refusal::NothingToUndo));
    choose(&mut m, SwapChoice::White);
    // White's fourth is its own step: nothing of it yet, and the proposal is not white's.
    assert_eq!(m.apply(Action::Undo, T0), Err(Refusal::NothingToUndo));
    stones(&mut m, &["g6", "g7"]);
    let facts = m.apply(Action::Undo, T0).expect("an offer withdrawn");
    assert_eq!(facts, vec![Fact::OfferWithdrawn { pos: at("g7") }]);
    assert!(m.offers().is_empty());
    assert_eq!(m.game().moves().len(), 4);
    assert_eq!(m.apply(Action::Undo, T0), Err(Refusal::NothingToUndo));
}

#[test]
fn a_saved_opening_comes_back_with_its_offers_and_declaration() {
    let mut m = people(OpeningRule::Soosorv(5));
    stones(&mut m, &["h8", "i8", "i10"]);
    choose(&mut m, SwapChoice::White);
    stones(&mut m, &["f9"]);
    declare(&mut m, 3).expect("three");
    choose(&mut m, SwapChoice::Black);
    stones(&mut m, &["g7", "j6"]);
    let saved = m.saved();
    assert_eq!(saved.opening_rule, "soosorv-5");
    let back = Match::restore(&saved).expect("restores");
    assert_eq!(back.offers(), m.offers());
    assert_eq!(back.declared(), Some(3));
    assert_eq!(back.opening(), m.opening());
    assert_eq!(back.saved(), saved);
    // An offer that is not a point of the board, or offers in a phase without them, are refused.
    let mut bad = saved.clone();
    bad.offers.push("z99".into());
    assert!(Match::restore(&bad).is_err());
    let mut bad = saved;
    bad.opening = OpeningPhase::Settled;
    assert!(Match::restore(&bad).is_err());
}

#[test]
fn black_offers_on_its_clock_and_white_picks_on_its_own() {
    let mut setup = MatchSetup::new(
        Preset::Renju15,
        Seats::of_mode(Mode::HumanVsHuman),
        Color::Black,
    );
    setup.opening = OpeningRule::Rif;
    setup.time = TimeControl::Fischer {
        base: Duration::from_secs(60),
        increment: Duration::ZERO,
    };
    let mut m = Match::new(setup);
    let mut now = T0;
    m.run_clock(now);
    for name in ["h8", "h9", "j10"] {
        now += Duration::from_secs(1);
        let by = m.acting_player();
        m.apply(Action::Place { pos: at(name), by }, now)
            .expect("legal");
    }
    let by = m.acting_player();
    m.apply(
        Action::Choose {
            choice: SwapChoice::White,
            by,
        },
        now,
    )
    .expect("choice");
    now += Duration::from_secs(2);
    let by = m.acting_player();
    m.apply(Action::Place { pos: at("g6"), by }, now)
        .expect("fourth");
    for name in ["g7", "k11"] {
        now += Duration::from_secs(5);
        let by = m.acting_player();
        m.apply(Action::Place { pos: at(name), by }, now)
            .expect("offer");
    }
    assert_eq!(m.clocks().spent(Color::Black), Duration::from_secs(13));
    assert_eq!(m.clocks().spent(Color::White), Duration::from_secs(2));
    assert_eq!(m.acting_side(), Color::White);
}

/// The computer's answer to the phase it acts in, by the engine's own opening decisions.
fn computer_acts(m: &mut Match, analyst: &mut Analyst, seed: u64) {
    let limits = SearchLimits::nodes(1_500);
    let game = m.game().clone();
    let rule = m.setup().opening;
    let action = match m.opening() {
        OpeningPhase::Placing { until: 3, .. } if game.moves().is_empty() => {
            for pos in propose_opening(&game, seed) {
                m.apply(Action::Place { pos, by: COMPUTER }, T0)
                    .expect("a proposal stone");
            }
            return;
        }
        OpeningPhase::Placing { .. } => {
            let reach = rule.stone_reach(game.moves().len() + 1);
            let pos = place_opening_stone(analyst, &game, reach, &limits).expect("a stone");
            Action::Place { pos, by: COMPUTER }
        }
        OpeningPhase::Choosing { .. } => {
            let choice = match tengen_engine::choose_after_five(analyst, &game, &limits) {
                Color::Black => SwapChoice::Black,
                Color::White => SwapChoice::White,
            };
            Action::Choose {
                choice,
                by: COMPUTER,
            }
        }
        OpeningPhase::Declaring { .. } => {
            let count = match rule {
                OpeningRule::Taraguchi(n) if taraguchi_offers(analyst, &game, rule, &limits) => n,
                OpeningRule::Taraguchi(_) => 1,
                _ => declare_offers(analyst, &game, *declarable(rule).last().unwrap(), &limits),
            };
            Action::Declare {
                count,
                by: COMPUTER,
            }
        }
        OpeningPhase::Offering { count, .. } => {
            let offers = offer_fifths(analyst, &game, usize::from(count), &limits);
            for pos in offers {
                m.apply(Action::Place { pos, by: COMPUTER }, T0)
                    .expect("an offer");
            }
            return;
        }
        OpeningPhase::Selecting { .. } => {
            let pos = select_fifth(analyst, &game, m.offers(), &limits).expect("an offer");
            Action::Place { pos, by: COMPUTER }
        }
        OpeningPhase::Settled => return,
    };
    m.apply(action, T0).expect("the computer's step");
}

/// A person's plain answer: the first point of the square (or of the board) that the match takes,
/// keeping the colours, declaring the fewest offers.
fn person_acts(m: &mut Match) {
    let by = PERSON;
    let result = match m.opening() {
        OpeningPhase::Choosing { .. } => {
            let mine = m.colours().color_of(m.opening().seat().unwrap());
            let choice = if mine == Color::Black {
                SwapChoice::Black
            } else {
                SwapChoice::White
            };
            m.apply(Action::Choose { choice, by }, T0)
        }
        OpeningPhase::Declaring { .. } => {
            let count = declarable(m.setup().opening)[0];
            m.apply(Action::Declare { count, by }, T0)
        }
        _ => {
            let taken = (0..15)
                .flat_map(|y| (0..15).map(move |x| Pos::new(x, y)))
                .map(|pos| (7u8.abs_diff(pos.x).max(7u8.abs_diff(pos.y)), pos))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .find_map(|(_, pos)| m.apply(Action::Place { pos, by }, T0).ok());
            taken.ok_or(Refusal::Occupied)
        }
    };
    result.expect("a person's step");
}

#[test]
fn every_rule_settles_with_a_person_and_the_computer_in_either_role() {
    let rules = [
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv(4),
        OpeningRule::Taraguchi(3),
    ];
    let mut analyst = Analyst::new();
    for rule in rules {
        for dealt in [Color::Black, Color::White] {
            let mut m = tournament(rule, Seats::of_mode(Mode::HumanVsComputer), dealt);
            for step in 0..40 {
                if m.opening().settled() {
                    break;
                }
                assert!(
                    step < 39,
                    "{rule} {dealt:?} never settles: {:?}",
                    m.opening()
                );
                match m.acting_player() {
                    Player::Computer => computer_acts(&mut m, &mut analyst, step as u64),
                    _ => person_acts(&mut m),
                }
            }
            assert_eq!(m.game().moves().len(), 5, "{rule} {dealt:?}");
            let restored = Match::restore(&m.saved()).expect("a settled opening restores");
            assert_eq!(restored.offers(), m.offers());
            assert!(tengen_engine::renju_opening(m.game()).is_some() || rule == rules[3]);
        }
    }
}
