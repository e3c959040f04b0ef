//! Renju's tournament openings in the game: the side panel's steps through the one command path, a
//! refused stone explained, offered fifth moves picked by a click, and the computer in every role.

use bevy::prelude::*;
use tengen::game::opening::{OpeningChoice, OpeningPhase};
use tengen::game::{CurrentGame, GameCommand, Mode, PlayerKind};
use tengen_engine::{Color as Side, Level, OpeningRule, Pos, Preset, SwapChoice};
use tengen_match::Seat;

use crate::support::*;

fn tournament_game(rule: OpeningRule, mode: Mode, first_seat: Side) -> App {
    let mut app = app();
    app.world_mut().resource_mut::<OpeningChoice>().0 = rule;
    send(
        &mut app,
        GameCommand::NewGame(setup(mode, Preset::Renju15, Level::Low, first_seat)),
    );
    app
}

fn phase(app: &App) -> OpeningPhase {
    app.world().resource::<CurrentGame>().opening()
}

fn moves(app: &App) -> usize {
    current(app).game().moves().len()
}

#[test]
fn rif_between_two_players_through_clicks_and_the_panels_buttons() {
    let mut app = tournament_game(OpeningRule::Rif, Mode::HumanVsHuman, Side::Black);
    place(&mut app, 7, 7);
    // White's stone beside the centre, not two points off: refused, and the player reads why.
    place(&mut app, 7, 5);
    assert_eq!(moves(&app), 1);
    let notice = notice_text(&app);
    assert!(notice.contains("central 3×3 square"), "{notice}");
    place(&mut app, 7, 6);
    place(&mut app, 8, 5);
    assert!(matches!(
        phase(&app),
        OpeningPhase::Choosing { after: 3, .. }
    ));
    send(&mut app, GameCommand::Swap(SwapChoice::White));
    place(&mut app, 7, 10);
    assert!(matches!(
        phase(&app),
        OpeningPhase::Offering { count: 2, .. }
    ));
    place(&mut app, 6, 8);
    // The mirror image of the first offer (kansei-like shapes keep a mirror) or the same point.
    place(&mut app, 6, 8);
    assert!(notice_text(&app).contains("already offered"));
    place(&mut app, 3, 3);
    assert!(matches!(phase(&app), OpeningPhase::Selecting { .. }));
    assert_eq!(current(&app).offers().len(), 2);
    place(&mut app, 4, 4);
    assert!(notice_text(&app).contains("offered fifth moves"));
    place(&mut app, 3, 3);
    assert!(phase(&app).settled());
    assert_eq!(moves(&app), 5);
    assert_eq!(current(&app).game().moves()[4], Pos::new(3, 3));
    assert_eq!(current(&app).game().to_move(), Side::White);
}

/// The person's plain step in whatever phase is theirs: the first point the match takes nearest the
/// centre, the fewest offers declared, the colour kept.
fn person_step(app: &mut App) {
    let current = current(app);
    let seat = phase(app).seat().expect("the opening is on");
    match phase(app) {
        OpeningPhase::Choosing { .. } => {
            let first = current.setup().first_seat;
            let mine = if seat == Seat::First {
                first
            } else {
                first.opponent()
            };
            let choice = match mine {
                Side::Black => SwapChoice::Black,
                Side::White => SwapChoice::White,
            };
            send(app, GameCommand::Swap(choice));
        }
        OpeningPhase::Declaring { .. } => {
            let count = tengen_match::declarable(current.opening_rule())[0];
            send(app, GameCommand::Declare(count));
        }
        OpeningPhase::Selecting { .. } => {
            let pos = current.offers()[0];
            place(app, pos.x, pos.y);
        }
        _ => {
            let before = (moves(app), current.offers().len());
            let mut points: Vec<Pos> = (0..15)
                .flat_map(|y| (0..15).map(move |x| Pos::new(x, y)))
                .collect();
            points.sort_by_key(|p| (p.x.abs_diff(7).max(p.y.abs_diff(7)), p.y, p.x));
            for pos in points {
                place(app, pos.x, pos.y);
                if (moves(app), crate::support::current(app).offers().len()) != before {
                    return;
                }
            }
            panic!("no point taken in {:?}", phase(app));
        }
    }
}

#[test]
fn every_tournament_rule_settles_against_the_computer_from_either_seat() {
    for rule in [
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv(3),
        OpeningRule::Taraguchi(2),
    ] {
        for dealt in [Side::Black, Side::White] {
            let mut app = tournament_game(rule, Mode::HumanVsComputer, dealt);
            for step in 0..60 {
                if phase(&app).settled() {
                    break;
                }
                assert!(step < 59, "{rule} {dealt:?}: stuck at {:?}", phase(&app));
                let seat = phase(&app).seat().expect("on");
                if current(&app).seat_player(seat) == PlayerKind::Computer {
                    let before = phase(&app);
                    let stones = (moves(&app), current(&app).offers().len());
                    run_until(&mut app, SEARCH_FRAMES, |app| {
                        phase(app) != before || (moves(app), current(app).offers().len()) != stones
                    });
                } else {
                    person_step(&mut app);
                }
            }
            assert_eq!(moves(&app), 5, "{rule} {dealt:?}");
            let offered = current(&app).offers().len();
            let placed_fifth = matches!(rule, OpeningRule::Taraguchi(_)) && offered == 0;
            assert!(placed_fifth || offered >= 1, "{rule} {dealt:?}");
            // The game goes on with whoever holds the side to move.
            if current(&app).player_to_move() == PlayerKind::Computer {
                run_until(&mut app, SEARCH_FRAMES, |app| moves(app) == 6);
            }
            assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
        }
    }
}

#[test]
fn a_tournament_rule_chosen_for_freestyle_opens_freely() {
    let mut app = app();
    app.world_mut().resource_mut::<OpeningChoice>().0 = OpeningRule::Soosorv(8);
    send(
        &mut app,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )),
    );
    assert!(phase(&app).settled());
    assert_eq!(current(&app).opening_rule(), OpeningRule::Free);
}
