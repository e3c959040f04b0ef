use super::*;
use crate::core::Preset;
use crate::opening::renju_opening;

fn limits() -> SearchLimits {
    SearchLimits::nodes(2_000)
}

fn renju(moves: &[Pos]) -> Game {
    Game::from_moves(Preset::Renju15.variant(), moves).expect("legal")
}

fn at(name: &str) -> Pos {
    let cell: crate::Cell = name.parse().expect("a cell");
    cell.to_pos(15, crate::RowOrigin::Bottom)
        .expect("on the board")
}

#[test]
fn each_rule_limits_the_stones_it_names_and_no_others() {
    assert_eq!(OpeningRule::Rif.stone_reach(1), Some(0));
    assert_eq!(OpeningRule::Soosorv(8).stone_reach(3), Some(2));
    assert_eq!(OpeningRule::Yamaguchi.stone_reach(4), None);
    assert_eq!(OpeningRule::Taraguchi(10).stone_reach(4), Some(3));
    assert_eq!(OpeningRule::Taraguchi(10).stone_reach(5), Some(4));
    assert_eq!(OpeningRule::Taraguchi(10).stone_reach(6), None);
    assert_eq!(OpeningRule::Swap2.stone_reach(1), None);
    let game = renju(&[]);
    assert!(within_reach(&game, at("j10"), 2));
    assert!(!within_reach(&game, at("k8"), 2));
}

#[test]
fn a_mirror_image_of_an_offered_fifth_move_is_its_twin() {
    // h8, h9, h10 (kansei) and a white fourth on the line: mirrored left to right it stays.
    let game = renju(&[at("h8"), at("h9"), at("h10"), at("h6")]);
    assert_eq!(symmetric_twin(&game, &[at("g7")], at("i7")), Some(at("g7")));
    assert_eq!(symmetric_twin(&game, &[at("g7")], at("g9")), None);
    assert_eq!(symmetric_twin(&game, &[at("g7")], at("g7")), None);
    // Off the line the position has no symmetry left.
    let lopsided = renju(&[at("h8"), at("h9"), at("h10"), at("j6")]);
    assert_eq!(symmetric_twin(&lopsided, &[at("g7")], at("i7")), None);
}

#[test]
fn the_computers_proposals_are_named_openings_and_vary_with_the_seed() {
    let empty = renju(&[]);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..6 {
        let stones = propose_opening(&empty, seed);
        let game = renju(&stones);
        assert!(renju_opening(&game).is_some(), "{stones:?}");
        seen.insert(stones);
    }
    assert!(seen.len() >= 3, "only {} distinct proposals", seen.len());
}

#[test]
fn offered_fifth_moves_are_legal_and_never_twins() {
    let mut analyst = Analyst::new();
    let game = renju(&[at("h8"), at("h9"), at("h10"), at("h6")]);
    let offered = offer_fifths(&mut analyst, &game, 5, &limits());
    assert_eq!(offered.len(), 5);
    for (i, &pos) in offered.iter().enumerate() {
        assert!(game.check(pos).is_ok());
        assert_eq!(symmetric_twin(&game, &offered[..i], pos), None, "{pos:?}");
    }
    let chosen = select_fifth(&mut analyst, &game, &offered, &limits()).expect("one");
    assert!(offered.contains(&chosen));
}

#[test]
fn a_limited_stone_lands_within_its_square() {
    let mut analyst = Analyst::new();
    let game = renju(&[at("h8"), at("h9"), at("h10")]);
    let pos = place_opening_stone(&mut analyst, &game, Some(3), &limits()).expect("a point");
    assert!(within_reach(&game, pos, 3));
    assert!(game.check(pos).is_ok());
    let n = declare_offers(&mut analyst, &game, 8, &limits());
    assert!((1..=8).contains(&n));
}

#[test]
fn the_balance_table_names_every_opening_once_and_measuring_gives_all_26() {
    let names: std::collections::HashSet<_> = OPENING_BALANCE.iter().map(|(o, _)| *o).collect();
    assert_eq!(names.len(), 26);
    assert!(proposal_pool().len() >= PROPOSAL_POOL);
    let mut analyst = Analyst::new();
    let measured = measure_opening_balance(&mut analyst, &SearchLimits::nodes(300));
    assert_eq!(measured.len(), 26);
}
