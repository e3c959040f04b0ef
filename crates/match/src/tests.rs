//! Every action and every way a match ends, driven by hand with no App and no wall clock.

use std::time::Duration;

use tengen_engine::{
    Color, Forbidden, Game, GameResult, OpeningRule, Pos, Preset, SwapChoice, ThinkTime,
};

use crate::*;

const PERSON: Player = Player::Person;
const COMPUTER: Player = Player::Computer;

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn at(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

fn two_players() -> Match {
    Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
        Color::Black,
    ))
}

fn against_computer(person: Color) -> Match {
    Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsComputer),
        person,
    ))
}

fn place(m: &mut Match, x: u8, y: u8, by: Player) -> Vec<Fact> {
    m.apply(Action::Place { pos: at(x, y), by }, Duration::ZERO)
        .expect("a legal move")
}

/// Plays `moves` alternately by whoever acts (people or the computer).
fn play_all(m: &mut Match, moves: &[(u8, u8)]) -> Vec<Fact> {
    let mut facts = Vec::new();
    for &(x, y) in moves {
        let by = m.acting_player();
        facts.extend(place(m, x, y, by));
    }
    facts
}

const BLACK_FIVE: [(u8, u8); 9] = [
    (0, 0),
    (0, 5),
    (1, 0),
    (1, 5),
    (2, 0),
    (2, 5),
    (3, 0),
    (3, 5),
    (4, 0),
];

#[test]
fn a_stone_is_placed_and_numbered_from_the_first_move() {
    let mut m = two_players();
    let facts = place(&mut m, 7, 7, PERSON);
    assert_eq!(
        facts,
        vec![Fact::Placed {
            pos: at(7, 7),
            color: Color::Black,
            number: 1
        }]
    );
    assert_eq!(m.game().to_move(), Color::White);
}

#[test]
fn a_set_up_position_numbers_its_first_move_after_the_set_up_stones() {
    let variant = Preset::Freestyle15.variant();
    let game = Game::from_setup(
        variant,
        &[(at(1, 1), Color::Black), (at(2, 2), Color::Black)],
        Color::White,
    )
    .unwrap();
    let mut m = Match::from_position(
        MatchSetup::new(
            Preset::Freestyle15,
            Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
            Color::Black,
        ),
        game,
    );
    let facts = place(&mut m, 7, 7, PERSON);
    assert_eq!(
        facts,
        vec![Fact::Placed {
            pos: at(7, 7),
            color: Color::White,
            number: 1
        }]
    );
}

#[test]
fn illegal_stones_are_refused_and_change_nothing() {
    let mut m = two_players();
    place(&mut m, 7, 7, PERSON);
    let occupied = m.apply(
        Action::Place {
            pos: at(7, 7),
            by: PERSON,
        },
        s(1),
    );
    assert_eq!(occupied, Err(Refusal::Occupied));
    let off = m.apply(
        Action::Place {
            pos: at(40, 7),
            by: PERSON,
        },
        s(1),
    );
    assert_eq!(off, Err(Refusal::OffBoard));
    assert_eq!(m.game().moves().len(), 1);
}

#[test]
fn the_computers_turn_is_not_a_persons() {
    let mut m = against_computer(Color::Black);
    place(&mut m, 7, 7, PERSON);
    assert_eq!(
        m.apply(
            Action::Place {
                pos: at(8, 8),
                by: PERSON
            },
            s(0)
        ),
        Err(Refusal::NotYourTurn)
    );
    place(&mut m, 8, 8, COMPUTER);
    assert_eq!(
        m.apply(
            Action::Place {
                pos: at(9, 9),
                by: COMPUTER
            },
            s(0)
        ),
        Err(Refusal::NotYourTurn)
    );
}

#[test]
fn the_other_machines_turn_is_refused_with_its_reason() {
    let mut m = Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::network(),
        Color::White,
    ));
    assert_eq!(
        m.apply(
            Action::Place {
                pos: at(7, 7),
                by: PERSON
            },
            s(0)
        ),
        Err(Refusal::RemoteTurn)
    );
    place(&mut m, 7, 7, Player::Remote);
    place(&mut m, 8, 8, PERSON);
}

#[test]
fn five_in_a_row_ends_with_reason_five() {
    let mut m = two_players();
    let facts = play_all(&mut m, &BLACK_FIVE);
    let end = End {
        result: GameResult::BlackWins,
        reason: Reason::Five,
    };
    assert_eq!(facts.last(), Some(&Fact::Ended(end)));
    assert_eq!(m.end(), Some(end));
    assert_eq!(end.to_string(), "result=black reason=five");
    assert_eq!(
        m.apply(
            Action::Place {
                pos: at(9, 9),
                by: PERSON
            },
            s(0)
        ),
        Err(Refusal::GameOver)
    );
}

#[test]
fn a_full_board_is_a_draw_with_reason_full() {
    let setup = MatchSetup::new(
        Preset::TicTacToe,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
        Color::Black,
    );
    let mut m = Match::new(setup);
    // x o x / x o o / o x x: nobody has three.
    let facts = play_all(
        &mut m,
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (1, 1),
            (0, 1),
            (2, 1),
            (1, 2),
            (0, 2),
            (2, 2),
        ],
    );
    assert_eq!(facts.last(), Some(&Fact::Ended(End::draw(Reason::Full))));
    assert_eq!(m.end().unwrap().to_string(), "result=draw reason=full");
}

#[test]
fn a_resignation_ends_with_the_other_colour_winning() {
    let mut m = against_computer(Color::Black);
    place(&mut m, 7, 7, PERSON);
    let facts = m.apply(Action::Resign(Color::Black), s(5)).unwrap();
    assert_eq!(
        facts,
        vec![Fact::Ended(End::lost_by(Color::Black, Reason::Resignation))]
    );
    assert_eq!(
        m.end().unwrap().to_string(),
        "result=white reason=resignation"
    );
    assert_eq!(
        m.apply(Action::Resign(Color::White), s(6)),
        Err(Refusal::GameOver)
    );
}

#[test]
fn a_draw_is_offered_then_accepted_or_declined() {
    let mut m = two_players();
    assert_eq!(
        m.apply(Action::AcceptDraw(Color::White), s(0)),
        Err(Refusal::NoDrawOffer)
    );
    m.apply(Action::OfferDraw(Color::Black), s(0)).unwrap();
    // The offer is the other side's to answer.
    assert_eq!(
        m.apply(Action::AcceptDraw(Color::Black), s(0)),
        Err(Refusal::NoDrawOffer)
    );
    let declined = m.apply(Action::DeclineDraw(Color::White), s(0)).unwrap();
    assert_eq!(declined, vec![Fact::DrawDeclined { by: Color::White }]);
    assert_eq!(m.draw_offer(), None);
    m.apply(Action::OfferDraw(Color::White), s(0)).unwrap();
    let accepted = m.apply(Action::AcceptDraw(Color::Black), s(0)).unwrap();
    assert_eq!(accepted, vec![Fact::Ended(End::draw(Reason::Agreement))]);
}

#[test]
fn playing_on_declines_the_other_sides_offer() {
    let mut m = two_players();
    m.apply(Action::OfferDraw(Color::White), s(0)).unwrap();
    place(&mut m, 7, 7, PERSON);
    assert_eq!(m.draw_offer(), None);
}

#[test]
fn leaving_loses_and_an_abandoned_game_is_a_draw() {
    let mut left = Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::network(),
        Color::Black,
    ));
    left.apply(Action::Left(Color::White), s(0)).unwrap();
    assert_eq!(left.end().unwrap().to_string(), "result=black reason=left");
    let mut abandoned = against_computer(Color::White);
    abandoned.apply(Action::Abandon, s(0)).unwrap();
    assert_eq!(
        abandoned.end().unwrap().to_string(),
        "result=draw reason=abandoned"
    );
}

#[test]
fn the_clocks_owner_saying_a_side_ran_out_ends_on_time() {
    let mut m = Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::network(),
        Color::Black,
    ));
    place(&mut m, 7, 7, PERSON);
    let facts = m.apply(Action::TimeOut(Color::White), s(9)).unwrap();
    assert_eq!(facts.len(), 1);
    assert_eq!(m.end().unwrap().to_string(), "result=black reason=time");
    // Over: nothing more is played.
    assert_eq!(
        m.apply(Action::TimeOut(Color::Black), s(10)),
        Err(Refusal::GameOver)
    );
}

#[test]
fn a_forbidden_point_is_refused_or_loses_as_the_rule_says() {
    // Black's double three at h8 (7,7): stones on two lines through it.
    let stones = [
        (at(5, 7), Color::Black),
        (at(6, 7), Color::Black),
        (at(7, 5), Color::Black),
        (at(7, 6), Color::Black),
    ];
    let game = || Game::from_setup(Preset::Renju15.variant(), &stones, Color::Black).unwrap();
    let seats = Seats::of_mode(tengen_engine::Mode::HumanVsHuman);
    let mut refused = Match::from_position(
        MatchSetup::new(Preset::Renju15, seats, Color::Black),
        game(),
    );
    let answer = refused.apply(
        Action::Place {
            pos: at(7, 7),
            by: PERSON,
        },
        s(0),
    );
    assert_eq!(answer, Err(Refusal::Forbidden(Forbidden::DoubleThree)));
    let mut setup = MatchSetup::new(Preset::Renju15, seats, Color::Black);
    setup.forbidden_loses = true;
    let mut loses = Match::from_position(setup, game());
    let facts = loses
        .apply(
            Action::Place {
                pos: at(7, 7),
                by: PERSON,
            },
            s(0),
        )
        .unwrap();
    assert_eq!(
        facts,
        vec![Fact::Ended(End::lost_by(Color::Black, Reason::Forbidden))]
    );
    assert_eq!(
        loses.end().unwrap().to_string(),
        "result=white reason=forbidden"
    );
}

/// Two players at one board on a Fischer clock of `base` and `increment`.
fn on_the_clock(base: Duration, increment: Duration) -> Match {
    let mut setup = MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
        Color::Black,
    );
    setup.time = TimeControl::Fischer { base, increment };
    Match::new(setup)
}

/// Two players at one board under `control`, the clock running from 0 s.
fn timed(control: TimeControl) -> Match {
    let mut setup = MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
        Color::Black,
    );
    setup.time = control;
    let mut m = Match::new(setup);
    m.run_clock(s(0));
    m
}

fn place_at(m: &mut Match, x: u8, y: u8, now: Duration) {
    m.apply(
        Action::Place {
            pos: at(x, y),
            by: PERSON,
        },
        now,
    )
    .unwrap();
}

#[test]
fn sudden_death_is_fischer_without_increment() {
    let mut m = timed(TimeControl::Fischer {
        base: s(10),
        increment: s(0),
    });
    place_at(&mut m, 7, 7, s(3));
    assert_eq!(m.clocks().left(Color::Black, s(3)), Some(s(7)));
    assert_eq!(m.tick(s(12)), None, "white has 10 s from 3 s");
    let fell = m.tick(s(13));
    assert_eq!(
        fell,
        Some(Fact::Ended(End::lost_by(Color::White, Reason::Time)))
    );
}

#[test]
fn byo_yomi_keeps_a_period_for_a_move_within_it_and_loses_the_last_on_time() {
    let mut m = timed(TimeControl::ByoYomi {
        base: s(10),
        periods: 3,
        period: s(5),
    });
    // Black spends its 10 s main time and 3 s of a period: the period is kept.
    place_at(&mut m, 7, 7, s(13));
    assert_eq!(m.clocks().periods_left(Color::Black, s(13)), Some(3));
    assert!(m.clocks().in_byo_yomi(Color::Black, s(13)));
    // White, in its main time, shows what is left of it.
    assert_eq!(m.clocks().left(Color::White, s(15)), Some(s(8)));
    place_at(&mut m, 8, 8, s(14));
    // Black's next move takes 12 s: two periods go, the third runs with 3 s left.
    assert_eq!(m.clocks().left(Color::Black, s(14)), Some(s(5)));
    assert_eq!(m.clocks().periods_left(Color::Black, s(26)), Some(1));
    assert_eq!(m.clocks().left(Color::Black, s(26)), Some(s(3)));
    assert_eq!(m.tick(s(28)), None);
    // The last period runs out: a loss on time.
    assert_eq!(
        m.tick(s(29)),
        Some(Fact::Ended(End::lost_by(Color::Black, Reason::Time)))
    );
}

#[test]
fn byo_yomi_periods_lost_are_counted_at_the_move() {
    let mut m = timed(TimeControl::ByoYomi {
        base: s(0),
        periods: 3,
        period: s(5),
    });
    // 7 s for a move: one period lost, two left.
    place_at(&mut m, 7, 7, s(7));
    assert_eq!(m.clocks().periods_used(Color::Black), 1);
    assert_eq!(m.clocks().periods_left(Color::Black, s(7)), Some(2));
    // A held clock (a dialog) does not split the move: 3 s + 3 s is one move of 6 s.
    place_at(&mut m, 8, 8, s(8));
    m.hold_clock(s(11));
    m.run_clock(s(100));
    place_at(&mut m, 6, 6, s(103));
    assert_eq!(m.clocks().periods_used(Color::Black), 2);
}

#[test]
fn a_per_move_limit_restarts_each_move_and_ends_a_move_past_it() {
    let mut m = timed(TimeControl::PerMove { limit: s(5) });
    place_at(&mut m, 7, 7, s(4));
    assert_eq!(m.clocks().left(Color::White, s(4)), Some(s(5)));
    assert_eq!(m.clocks().left(Color::White, s(6)), Some(s(3)));
    place_at(&mut m, 8, 8, s(8));
    assert_eq!(m.tick(s(12)), None);
    assert_eq!(
        m.tick(s(13)),
        Some(Fact::Ended(End::lost_by(Color::Black, Reason::Time)))
    );
}

#[test]
fn undo_puts_both_clocks_back_where_they_stood_before_the_moves_taken_back() {
    let mut setup = MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsComputer),
        Color::Black,
    );
    setup.time = TimeControl::Fischer {
        base: s(60),
        increment: s(2),
    };
    let mut m = Match::new(setup);
    m.run_clock(s(0));
    place_at(&mut m, 7, 7, s(5));
    let before = (
        m.clocks().left(Color::Black, s(5)),
        m.clocks().left(Color::White, s(5)),
    );
    m.apply(
        Action::Place {
            pos: at(8, 8),
            by: COMPUTER,
        },
        s(6),
    )
    .unwrap();
    place_at(&mut m, 6, 6, s(20));
    m.apply(
        Action::Place {
            pos: at(9, 9),
            by: COMPUTER,
        },
        s(21),
    )
    .unwrap();
    // Thinking 9 s more, then Undo: black's move and white's answer go, and so does their time.
    m.apply(Action::Undo, s(30)).unwrap();
    assert_eq!(m.game().moves().len(), 2);
    assert_eq!(
        (
            m.clocks().left(Color::Black, s(30)),
            m.clocks().left(Color::White, s(30)),
        ),
        (Some(s(57)), Some(s(61)),),
        "black: 60 - 5 + 2; white: 60 - 1 + 2"
    );
    assert_ne!(before.0, None);
}

#[test]
fn a_saved_match_keeps_the_byo_yomi_periods_lost() {
    let mut m = timed(TimeControl::ByoYomi {
        base: s(0),
        periods: 3,
        period: s(5),
    });
    place_at(&mut m, 7, 7, s(11));
    m.hold_clock(s(11));
    let saved = m.saved();
    let text = serde_json::to_string(&saved).unwrap();
    assert!(text.contains("byo-yomi"), "{text}");
    let back = Match::restore(&serde_json::from_str(&text).unwrap()).unwrap();
    assert_eq!(back.clocks().periods_used(Color::Black), 2);
    assert_eq!(back.clocks().control(), m.clocks().control());
}

#[test]
fn the_computer_never_thinks_past_what_its_clock_allows() {
    let wanted = s(5);
    let think = |m: &Match, now: Duration, wanted: Duration| {
        m.clocks().think_time(Color::Black, now, wanted, 200)
    };
    // No clock: its own think time.
    let free = timed(TimeControl::None);
    assert_eq!(think(&free, s(0), wanted), ThinkTime::fixed(wanted));
    // 10 s for the game: a share of it meant, far under 10 s, and a few times that at most.
    let fischer = timed(TimeControl::Fischer {
        base: s(10),
        increment: s(0),
    });
    let share = think(&fischer, s(0), wanted);
    assert!(
        share.optimum < s(1) && share.optimum > Duration::ZERO,
        "{share:?}"
    );
    assert!(
        share.maximum > share.optimum && share.maximum < s(3),
        "{share:?}"
    );
    // With 9.9 s used, almost nothing: never past the clock.
    let late = think(&fischer, Duration::from_millis(9_900), wanted);
    assert!(late.maximum < Duration::from_millis(100), "{late:?}");
    // A per-move limit of 1 s: under it, with a margin.
    let per_move = timed(TimeControl::PerMove { limit: s(1) });
    let cap = think(&per_move, s(0), wanted);
    assert_eq!(cap, ThinkTime::fixed(Duration::from_millis(950)));
    // A low level's own short time stays its own.
    assert_eq!(
        think(&per_move, s(0), Duration::from_millis(100)),
        ThinkTime::fixed(Duration::from_millis(100))
    );
    // Byo-yomi, in the periods: within the running period.
    let byo = timed(TimeControl::ByoYomi {
        base: s(0),
        periods: 2,
        period: s(3),
    });
    let within = think(&byo, s(0), wanted);
    assert_eq!(within, ThinkTime::fixed(Duration::from_millis(2_850)));
    // In the main time: never less than a period, which is there after it whatever happens.
    let main = timed(TimeControl::ByoYomi {
        base: s(20),
        periods: 1,
        period: s(3),
    });
    assert_eq!(
        think(&main, s(0), wanted),
        ThinkTime::fixed(Duration::from_millis(2_850))
    );
}

#[test]
fn time_runs_out_under_a_time_control() {
    let mut m = on_the_clock(s(10), s(2));
    m.run_clock(s(0));
    m.apply(
        Action::Place {
            pos: at(7, 7),
            by: PERSON,
        },
        s(4),
    )
    .unwrap();
    // Black used 4 s and earned 2 s: 8 s left; white's clock runs from 4 s.
    assert_eq!(m.clocks().left(Color::Black, s(4)), Some(s(8)));
    assert_eq!(m.clocks().left(Color::White, s(9)), Some(s(5)));
    assert_eq!(m.tick(s(13)), None);
    let fell = m.tick(s(14));
    assert_eq!(
        fell,
        Some(Fact::Ended(End::lost_by(Color::White, Reason::Time)))
    );
    assert_eq!(m.end().unwrap().to_string(), "result=black reason=time");
}

#[test]
fn held_clocks_do_not_run_out() {
    let mut m = on_the_clock(s(10), s(0));
    m.run_clock(s(0));
    m.hold_clock(s(6));
    assert_eq!(m.tick(s(100)), None);
    m.run_clock(s(100));
    assert_eq!(m.clocks().left(Color::Black, s(103)), Some(s(1)));
    assert!(m.tick(s(104)).is_some());
}

#[test]
fn the_clocks_count_up_without_a_time_control_and_stop_at_the_end() {
    let mut m = two_players();
    m.run_clock(s(0));
    place(&mut m, 7, 7, PERSON); // at 0 s
    m.apply(
        Action::Place {
            pos: at(8, 8),
            by: PERSON,
        },
        s(3),
    )
    .unwrap();
    assert_eq!(m.clocks().used(Color::White, s(3)), s(3));
    assert_eq!(m.clocks().used(Color::Black, s(5)), s(2));
    m.apply(Action::Resign(Color::Black), s(5)).unwrap();
    assert_eq!(m.clocks().total(s(60)), s(5));
    assert_eq!(m.tick(s(1000)), None);
}

#[test]
fn undo_against_the_computer_takes_back_to_the_persons_turn() {
    let mut m = against_computer(Color::Black);
    assert_eq!(m.apply(Action::Undo, s(0)), Err(Refusal::NothingToUndo));
    place(&mut m, 7, 7, PERSON);
    // While the computer thinks, Undo takes back your move alone.
    assert_eq!(m.undo_plies(), 1);
    place(&mut m, 8, 8, COMPUTER);
    assert_eq!(m.undo_plies(), 2);
    let facts = m.apply(Action::Undo, s(0)).unwrap();
    assert_eq!(facts.len(), 2);
    assert!(matches!(
        facts[0],
        Fact::Removed {
            color: Color::White,
            ..
        }
    ));
    assert_eq!(m.game().moves().len(), 0);
    assert_eq!(m.undos(), 1);
    // Redo plays both back.
    assert_eq!(m.apply(Action::Redo, s(0)).unwrap().len(), 2);
    assert_eq!(m.apply(Action::Redo, s(0)), Err(Refusal::NothingToRedo));
}

#[test]
fn undo_never_hands_the_computer_its_opening_move_again() {
    let mut m = against_computer(Color::White);
    place(&mut m, 7, 7, COMPUTER);
    assert_eq!(m.undo_plies(), 0);
}

#[test]
fn a_network_game_undoes_only_by_agreement_and_has_no_redo() {
    let mut m = Match::new(MatchSetup::new(
        Preset::Freestyle15,
        Seats::network(),
        Color::Black,
    ));
    place(&mut m, 7, 7, PERSON);
    assert_eq!(m.apply(Action::Undo, s(0)), Err(Refusal::NeedsAgreement));
    let facts = m.apply(Action::TakeBack(1), s(0)).unwrap();
    assert_eq!(
        facts,
        vec![Fact::Removed {
            pos: at(7, 7),
            color: Color::Black
        }]
    );
    assert_eq!(m.apply(Action::Redo, s(0)), Err(Refusal::NeedsAgreement));
    assert_eq!(
        two_players().apply(Action::TakeBack(1), s(0)),
        Err(Refusal::NotNetwork)
    );
}

#[test]
fn undo_is_refused_once_the_game_is_over() {
    let mut m = two_players();
    play_all(&mut m, &BLACK_FIVE);
    assert_eq!(m.apply(Action::Undo, s(0)), Err(Refusal::GameOver));
}

fn swap_match(rule: OpeningRule, seats: Seats) -> Match {
    let mut setup = MatchSetup::new(Preset::Freestyle15, seats, Color::Black);
    setup.opening = rule;
    Match::new(setup)
}

#[test]
fn swap_the_proposer_places_three_then_the_other_seat_chooses() {
    let mut m = swap_match(
        OpeningRule::Swap,
        Seats::of_mode(tengen_engine::Mode::HumanVsComputer),
    );
    assert_eq!(
        m.opening(),
        OpeningPhase::Placing {
            seat: Seat::First,
            until: PROPOSAL_STONES
        }
    );
    place(&mut m, 7, 7, PERSON);
    // The person places white's stone too: the proposal is theirs.
    place(&mut m, 8, 8, PERSON);
    let facts = place(&mut m, 9, 9, PERSON);
    assert!(
        facts.contains(&Fact::OpeningChanged(OpeningPhase::Choosing {
            seat: Seat::Second,
            after: 3
        }))
    );
    assert_eq!(
        m.apply(
            Action::Place {
                pos: at(1, 1),
                by: PERSON
            },
            s(0)
        ),
        Err(Refusal::OpeningChoice)
    );
    assert_eq!(
        m.apply(
            Action::Choose {
                choice: SwapChoice::Black,
                by: PERSON
            },
            s(0)
        ),
        Err(Refusal::NotYourTurn)
    );
    assert_eq!(
        m.apply(
            Action::Choose {
                choice: SwapChoice::PlaceTwo,
                by: COMPUTER
            },
            s(0)
        ),
        Err(Refusal::NotChoosing)
    );
    let facts = m
        .apply(
            Action::Choose {
                choice: SwapChoice::Black,
                by: COMPUTER,
            },
            s(0),
        )
        .unwrap();
    // The computer took black: the person, who proposed, plays white and moves next.
    assert!(facts.contains(&Fact::ColoursChosen {
        first: Color::White
    }));
    assert_eq!(m.player_of(Color::White), PERSON);
    assert_eq!(m.opening_stones(), 3);
    // The opening's stones are never taken back.
    assert_eq!(m.undo_plies(), 0);
    place(&mut m, 1, 1, PERSON);
}

#[test]
fn swap2_the_chooser_may_place_two_and_hand_the_choice_back() {
    let mut m = swap_match(
        OpeningRule::Swap2,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
    );
    play_all(&mut m, &[(7, 7), (8, 8), (9, 9)]);
    m.apply(
        Action::Choose {
            choice: SwapChoice::PlaceTwo,
            by: PERSON,
        },
        s(0),
    )
    .unwrap();
    assert_eq!(
        m.opening(),
        OpeningPhase::Placing {
            seat: Seat::Second,
            until: 5
        }
    );
    // Undo takes back only a stone of the step being placed, never the proposal.
    assert_eq!(m.undo_plies(), 0);
    play_all(&mut m, &[(1, 1)]);
    assert_eq!(m.undo_plies(), 1);
    play_all(&mut m, &[(2, 2)]);
    assert_eq!(
        m.opening(),
        OpeningPhase::Choosing {
            seat: Seat::First,
            after: 5
        }
    );
    m.apply(
        Action::Choose {
            choice: SwapChoice::White,
            by: PERSON,
        },
        s(0),
    )
    .unwrap();
    assert_eq!(m.colours().first, Color::White);
    assert_eq!(m.opening_stones(), 5);
}

#[test]
fn the_clocks_change_colour_with_their_seats() {
    let mut m = swap_match(
        OpeningRule::Swap,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
    );
    m.run_clock(s(0));
    place(&mut m, 7, 7, PERSON);
    place(&mut m, 8, 8, PERSON);
    m.apply(
        Action::Place {
            pos: at(9, 9),
            by: PERSON,
        },
        s(9),
    )
    .unwrap();
    // Seat 1 (black) spent 9 s proposing; seat 2 chooses black after 2 s.
    m.apply(
        Action::Choose {
            choice: SwapChoice::Black,
            by: PERSON,
        },
        s(11),
    )
    .unwrap();
    assert_eq!(m.colours().first, Color::White);
    assert_eq!(m.clocks().used(Color::White, s(11)), s(9));
    assert_eq!(m.clocks().used(Color::Black, s(11)), s(2));
}

#[test]
fn a_network_game_and_the_computers_game_open_without_a_swap() {
    let seats = [
        Seats::network(),
        Seats::of_mode(tengen_engine::Mode::ComputerVsComputer),
    ];
    for seats in seats {
        assert_eq!(
            swap_match(OpeningRule::Swap2, seats).opening(),
            OpeningPhase::Settled
        );
    }
}

#[test]
fn the_saved_form_puts_every_fact_back() {
    let mut setup = MatchSetup::new(
        Preset::Renju15,
        Seats::of_mode(tengen_engine::Mode::HumanVsComputer),
        Color::Black,
    );
    setup.opening = OpeningRule::Swap2;
    setup.time = TimeControl::Fischer {
        base: s(300),
        increment: s(3),
    };
    let mut m = Match::new(setup);
    m.run_clock(s(0));
    play_all(&mut m, &[(7, 7), (8, 8)]);
    m.apply(
        Action::Place {
            pos: at(9, 7),
            by: PERSON,
        },
        s(7),
    )
    .unwrap();
    m.apply(
        Action::Choose {
            choice: SwapChoice::White,
            by: COMPUTER,
        },
        s(8),
    )
    .unwrap();
    m.count_hint();
    m.apply(Action::OfferDraw(Color::Black), s(8)).unwrap();
    let saved = m.saved();
    let json = serde_json::to_string(&saved).unwrap();
    let back: SavedMatch = serde_json::from_str(&json).unwrap();
    assert_eq!(back, saved);
    let restored = Match::restore(&back).unwrap();
    assert_eq!(restored.saved(), saved);
    assert_eq!(restored.game().moves(), m.game().moves());
    assert_eq!(restored.colours(), m.colours());
    assert_eq!(restored.hints(), 1);
    assert_eq!(
        restored.clocks().used(Color::White, s(8)),
        m.clocks().used(Color::White, s(8))
    );
    assert!(!restored.clocks().running());
}

#[test]
fn a_finished_match_keeps_its_reason_through_the_saved_form() {
    let mut m = two_players();
    place(&mut m, 7, 7, PERSON);
    m.apply(Action::Resign(Color::White), s(1)).unwrap();
    let json = serde_json::to_string(&m.saved()).unwrap();
    assert!(
        json.contains(r#""end":{"result":"black","reason":"resignation"}"#),
        "{json}"
    );
    let restored = Match::restore(&serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(restored.end(), m.end());
}

#[test]
fn a_bad_saved_form_says_what_is_wrong() {
    let mut m = two_players();
    play_all(&mut m, &BLACK_FIVE);
    let mut saved = m.saved();
    saved.moves.push("h8".into());
    assert!(
        Match::restore(&saved)
            .unwrap_err()
            .to_string()
            .contains("move 10 is illegal")
    );
    let mut lying = m.saved();
    lying.end = Some(End::lost_by(Color::Black, Reason::Resignation));
    assert!(
        Match::restore(&lying)
            .unwrap_err()
            .to_string()
            .contains("does not match the board")
    );
    let mut unknown = two_players().saved();
    unknown.preset = "chess".into();
    assert!(
        Match::restore(&unknown)
            .unwrap_err()
            .to_string()
            .contains("not a rule")
    );
    let mut off = two_players().saved();
    off.moves = vec!["z99".into()];
    assert!(Match::restore(&off).is_err());
    let mut opening = two_players().saved();
    opening.opening = OpeningPhase::Choosing {
        seat: Seat::First,
        after: 3,
    };
    assert!(Match::restore(&opening).is_err());
}

#[test]
fn every_reason_has_its_own_word() {
    let mut words: Vec<_> = Reason::ALL.iter().map(|r| r.key()).collect();
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), Reason::ALL.len());
}

#[test]
fn clocks_synced_to_another_machines_reading_show_it_and_run_on_from_there() {
    let s = Duration::from_secs;
    let mut clocks = Clocks::new(TimeControl::None);
    clocks.start(Color::Black, Some(s(10)));
    // The host reads 0:42 for black (running) and 0:41 for white at our 0:20.
    clocks.sync([s(42), s(41)], s(20));
    assert_eq!(clocks.used(Color::Black, s(20)), s(42));
    assert_eq!(clocks.used(Color::White, s(20)), s(41));
    // Black's turn runs on from the synced reading; white's stands.
    assert_eq!(clocks.used(Color::Black, s(23)), s(45));
    assert_eq!(clocks.used(Color::White, s(23)), s(41));
    // Stopped clocks stay stopped.
    clocks.bank(s(25));
    clocks.sync([s(1), s(2)], s(30));
    assert_eq!(clocks.used(Color::Black, s(99)), s(1));
    assert!(!clocks.running());
}
