//! Undo and redo in each mode (computer vs computer is in `computer.rs`).

use tengen::game::{GameCommand, Mode};
use tengen_engine::Level;
use tengen_engine::{Color as Side, Pos, Preset};

use crate::support::*;

#[test]
fn two_players_undo_and_redo_one_move_at_a_time_until_a_new_move() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 9, 9);
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 2);
    assert_eq!(current(&app).game().to_move(), Side::Black);
    send(&mut app, GameCommand::Undo);
    assert_eq!(
        stones(&mut app),
        vec![(Pos::new(7, 7), Side::Black)],
        "the undone stones left the board"
    );
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves().len(), 2);
    assert!(stones(&mut app).contains(&(Pos::new(8, 8), Side::White)));
    // A new move ends redo.
    place(&mut app, 1, 1);
    send(&mut app, GameCommand::Redo);
    assert_eq!(
        current(&app).game().moves(),
        &[Pos::new(7, 7), Pos::new(8, 8), Pos::new(1, 1)]
    );
    assert_eq!(current(&app).undos(), 2);
    // Unlimited: back to the empty board.
    for _ in 0..3 {
        send(&mut app, GameCommand::Undo);
    }
    assert!(stones(&mut app).is_empty());
    send(&mut app, GameCommand::Undo);
    assert_eq!(
        current(&app).undos(),
        5,
        "undo on an empty board does nothing"
    );
}

#[test]
fn against_the_computer_undo_takes_back_its_answer_and_your_move_together() {
    let mut app = game(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    let wait = |app: &mut bevy::prelude::App, n: usize| {
        run_until(app, SEARCH_FRAMES, |app| {
            current(app).game().moves().len() == n && current(app).humans_turn(on_record(app))
        })
    };
    place(&mut app, 7, 7);
    wait(&mut app, 2);
    // Low answers somewhere near the centre, at random: the second stone goes where it did not.
    let free = [(6, 6), (8, 8)]
        .into_iter()
        .find(|&(x, y)| current(&app).game().board().is_empty(Pos::new(x, y)))
        .expect("the computer took one point only");
    place(&mut app, free.0, free.1);
    wait(&mut app, 4);
    let record = current(&app).game().moves().to_vec();

    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves(), &record[..2]);
    assert!(current(&app).humans_turn(on_record(&app)));
    send(&mut app, GameCommand::Undo);
    assert!(current(&app).game().moves().is_empty());
    assert!(stones(&mut app).is_empty());
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves(), &record[..2]);
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves(), &record[..]);
    assert_eq!(stones(&mut app).len(), 4);
    // Nothing is left to redo, and the computer did not start thinking: it is your turn.
    send(&mut app, GameCommand::Redo);
    assert_eq!(current(&app).game().moves().len(), 4);
    assert!(current(&app).humans_turn(on_record(&app)));
}

#[test]
fn against_the_computer_as_white_its_opening_move_is_not_undone_alone() {
    let mut app = game(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::White,
    ));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).humans_turn(on_record(app))
    });
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 1);
    assert_eq!(current(&app).undos(), 0);
}

#[test]
fn undo_and_redo_are_offered_only_when_they_would_do_something() {
    use tengen::game::turn::{can_redo, can_undo};
    let mut app = hvh(Preset::Freestyle15);
    assert!(!can_undo(current(&app), on_record(&app)) && !can_redo(current(&app), on_record(&app)));
    place(&mut app, 7, 7);
    assert!(can_undo(current(&app), on_record(&app)) && !can_redo(current(&app), on_record(&app)));
    send(&mut app, GameCommand::Undo);
    assert!(!can_undo(current(&app), on_record(&app)) && can_redo(current(&app), on_record(&app)));

    // Against the computer, your lone first move cannot be taken back apart from its answer.
    let mut app = game(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::White,
    ));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 1
    });
    assert!(
        !can_undo(current(&app), on_record(&app)),
        "only the computer's opening move is there"
    );
}
