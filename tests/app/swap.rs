//! Swap and swap2 openings: the first player places the opening stones of both colours, the other
//! chooses a colour (or places two more in swap2), and the seats' colours follow the choice; against
//! the computer it proposes and chooses by itself.

use bevy::prelude::*;
use tengen::game::opening::{OpeningChoice, OpeningPhase as SwapPhase};
use tengen::game::turn::can_undo;
use tengen::game::{CurrentGame, GameCommand, Mode, PlayerKind};
use tengen_engine::{Color as Side, Level, OpeningRule, Pos, Preset, SwapChoice};
use tengen_match::Seat;

use crate::support::*;

/// An app with a new game of `mode` under `rule`; seat 0 plays `first_seat` until a swap says
/// otherwise.
fn swap_game(rule: OpeningRule, mode: Mode, first_seat: Side) -> App {
    let mut app = app();
    app.world_mut().resource_mut::<OpeningChoice>().0 = rule;
    send(
        &mut app,
        GameCommand::NewGame(setup(mode, Preset::Freestyle15, Level::Low, first_seat)),
    );
    app
}

fn phase(app: &App) -> SwapPhase {
    app.world().resource::<CurrentGame>().opening()
}

#[test]
fn swap2_between_two_players_places_five_then_hands_the_choice_back() {
    let mut app = swap_game(OpeningRule::Swap2, Mode::HumanVsHuman, Side::Black);
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::First,
            until: 3,
            ..
        }
    ));
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 6, 8);
    assert!(matches!(
        phase(&app),
        SwapPhase::Choosing {
            seat: Seat::Second,
            after: 3,
            ..
        }
    ));
    // The click that placed the third stone was a good one: no scolding for it.
    let notice = notice_text(&app);
    assert!(!notice.starts_with("First the colours"), "{notice}");
    // No stone before the choice, and the player reads why.
    place(&mut app, 5, 5);
    assert_eq!(current(&app).game().moves().len(), 3);
    let notice = notice_text(&app);
    assert!(notice.starts_with("First the colours"), "{notice}");
    send(&mut app, GameCommand::Swap(SwapChoice::PlaceTwo));
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::Second,
            until: 5,
            ..
        }
    ));
    place(&mut app, 9, 9);
    place(&mut app, 5, 5);
    assert!(matches!(
        phase(&app),
        SwapPhase::Choosing {
            seat: Seat::First,
            after: 5,
            ..
        }
    ));
    // Player 1 takes white: player 2 is black, and white (player 1) plays the sixth stone.
    send(&mut app, GameCommand::Swap(SwapChoice::White));
    assert!(phase(&app).settled());
    assert_eq!(current(&app).setup().first_seat, Side::White);
    assert_eq!(current(&app).game().to_move(), Side::White);
    place(&mut app, 10, 10);
    assert_eq!(current(&app).game().moves().len(), 6);
}

#[test]
fn against_the_computer_you_propose_and_it_chooses() {
    let mut app = swap_game(OpeningRule::Swap, Mode::HumanVsComputer, Side::Black);
    // You place all three, the white one too, though white is the computer's colour so far.
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 8, 7);
    assert_eq!(current(&app).game().moves().len(), 3);
    run_until(&mut app, SEARCH_FRAMES, |app| phase(app).settled());
    let computer_side = if current(&app).setup().first_seat == Side::Black {
        Side::White
    } else {
        Side::Black
    };
    // It took a colour and said so; with white it plays on at once.
    let notice = notice_text(&app);
    assert!(notice.starts_with("The computer plays"), "{notice}");
    if computer_side == Side::White {
        run_until(&mut app, SEARCH_FRAMES, |app| {
            current(app).game().moves().len() == 4
        });
        assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
    } else {
        assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
    }
}

#[test]
fn against_the_computer_it_proposes_and_chooses_after_your_two_stones() {
    // You chose white in the dialog: the computer would move first, so it proposes.
    let mut app = swap_game(OpeningRule::Swap2, Mode::HumanVsComputer, Side::White);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        matches!(
            phase(app),
            SwapPhase::Choosing {
                seat: Seat::First,
                ..
            }
        )
    });
    let moves = current(&app).game().moves().to_vec();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0], Pos::new(7, 7));
    send(&mut app, GameCommand::Swap(SwapChoice::PlaceTwo));
    place(&mut app, 3, 3);
    place(&mut app, 11, 11);
    run_until(&mut app, SEARCH_FRAMES, |app| phase(app).settled());
    // Whatever it chose, the game goes on: the side to move is played by whoever now owns it.
    if current(&app).player_to_move() == PlayerKind::Computer {
        run_until(&mut app, SEARCH_FRAMES, |app| {
            current(app).game().moves().len() == 6
        });
    }
    assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
}

#[test]
fn undo_after_a_swap_never_takes_back_the_opening_stones() {
    // The computer proposes three stones, you take black, it answers: Undo must not reach into the
    // proposal (that would leave you to place the proposer's stone).
    let mut app = swap_game(OpeningRule::Swap, Mode::HumanVsComputer, Side::White);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        matches!(
            phase(app),
            SwapPhase::Choosing {
                seat: Seat::First,
                ..
            }
        )
    });
    let proposal = current(&app).game().moves().to_vec();
    send(&mut app, GameCommand::Swap(SwapChoice::Black));
    assert!(phase(&app).settled());
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 4
    });
    send(&mut app, GameCommand::Undo);
    assert_eq!(
        current(&app).game().moves().len(),
        4,
        "only the answer is above the opening"
    );
    let notice = notice_text(&app);
    assert!(notice.starts_with("Nothing to undo"), "{notice}");

    // A move of yours and its answer go back together, down to the opening and no further.
    place(&mut app, 3, 3);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 6
    });
    send(&mut app, GameCommand::Undo);
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 4);
    assert_eq!(&current(&app).game().moves()[..3], proposal.as_slice());
    assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
}

#[test]
fn a_free_opening_or_tic_tac_toe_has_no_swap() {
    let free = swap_game(OpeningRule::Free, Mode::HumanVsHuman, Side::Black);
    assert!(phase(&free).settled());
    let mut app = app();
    app.world_mut().resource_mut::<OpeningChoice>().0 = OpeningRule::Swap2;
    send(
        &mut app,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::TicTacToe,
            Level::Low,
            Side::Black,
        )),
    );
    assert!(phase(&app).settled());
}

#[test]
fn undo_in_an_opening_takes_back_only_the_stones_of_the_step_being_placed() {
    let mut app = swap_game(OpeningRule::Swap2, Mode::HumanVsHuman, Side::Black);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    // Player 1 takes back their own second stone, one at a time.
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 1);
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves().len(), 2);
    place(&mut app, 6, 8);
    // Player 2 chooses: the proposal is player 1's, and Undo does not reach into it.
    assert!(!can_undo(current(&app), false));
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 3);
    assert!(matches!(
        phase(&app),
        SwapPhase::Choosing {
            seat: Seat::Second,
            ..
        }
    ));
    // Player 2 places two more: Undo takes back theirs, never player 1's third stone.
    send(&mut app, GameCommand::Swap(SwapChoice::PlaceTwo));
    place(&mut app, 9, 9);
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 3);
    assert!(!can_undo(current(&app), false));
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 3);
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::Second,
            until: 5,
            ..
        }
    ));
}

#[test]
fn against_the_computer_undo_in_your_proposal_takes_back_one_stone() {
    let mut app = swap_game(OpeningRule::Swap, Mode::HumanVsComputer, Side::Black);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    // Not "your move and its answer": both stones are yours.
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves(), &[Pos::new(7, 7)]);
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::First,
            until: 3,
            ..
        }
    ));
}

#[test]
fn the_opening_waits_in_the_menu_and_goes_on_after_continue() {
    let mut app = swap_game(OpeningRule::Swap2, Mode::HumanVsHuman, Side::Black);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 6, 8);
    send(&mut app, GameCommand::Menu);
    send(&mut app, GameCommand::Resume);
    assert!(matches!(
        phase(&app),
        SwapPhase::Choosing {
            seat: Seat::Second,
            after: 3,
            ..
        }
    ));
    place(&mut app, 5, 5);
    assert_eq!(current(&app).game().moves().len(), 3, "still the choice");
}

#[test]
fn a_restart_deals_the_colours_as_before_the_swap_and_a_rematch_hands_the_proposal_over() {
    let mut app = swap_game(OpeningRule::Swap, Mode::HumanVsHuman, Side::Black);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 6, 8);
    // Player 2 takes black: player 1 now plays white.
    send(&mut app, GameCommand::Swap(SwapChoice::Black));
    assert_eq!(current(&app).setup().first_seat, Side::White);
    send(&mut app, GameCommand::Restart);
    assert_eq!(current(&app).setup().first_seat, Side::Black);
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::First,
            until: 3,
            ..
        }
    ));
    send(&mut app, GameCommand::Rematch);
    assert_eq!(current(&app).setup().first_seat, Side::White);
    assert!(matches!(
        phase(&app),
        SwapPhase::Placing {
            seat: Seat::Second,
            until: 3,
            ..
        }
    ));
}

#[test]
fn the_clocks_belong_to_the_seats_through_the_opening_and_the_choice() {
    use std::time::Duration;
    let mut app = swap_game(OpeningRule::Swap, Mode::HumanVsHuman, Side::Black);
    // Player 1 thinks 2 s over each of the three stones, whatever their colours.
    for (x, y) in [(7, 7), (8, 8), (6, 8)] {
        run_for(&mut app, Duration::from_secs(2));
        place(&mut app, x, y);
    }
    // Player 2 thinks 5 s, then takes black: player 1 plays white from now on.
    run_for(&mut app, Duration::from_secs(5));
    send(&mut app, GameCommand::Swap(SwapChoice::Black));
    app.update();
    let now = app.world().resource::<Time<Real>>().elapsed();
    let clocks = current(&app).clocks();
    let seconds = |side| clocks.shown(side, now).as_secs_f64();
    // Player 1's 6 s are white's now, player 2's 5 s black's; white (player 1) is to move.
    // (Give or take the few frames the clicks took.)
    assert!((seconds(Side::White) - 6.0).abs() < 0.25, "{clocks:?}");
    assert!((seconds(Side::Black) - 5.0).abs() < 0.25, "{clocks:?}");
    assert_eq!(clocks.runs_for(), Some(Side::White));
    assert_eq!(current(&app).game().to_move(), Side::White);
}
