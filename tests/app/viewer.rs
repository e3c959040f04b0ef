//! Records open as records: an opened game is looked through in the viewer (first / previous / next /
//! last, a move picked from the list, arrow keys, Home and End) with its players' names, no clock
//! running and nothing counted, until *Continue from here* makes the position shown a live game.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use tengen::game::computer::Thinking;
use tengen::game::score::Score;
use tengen::game::{GameCommand, Mode, OpenGame, Refusal, SeatName, ViewStep};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Game, Pos, Preset};
use tengen_store::PerSide;

use crate::support::*;

/// Black's five on row 8 (h8 to l8), white answering on the diagonal: nine moves, black wins.
fn five_record() -> Game {
    let moves = [
        Pos::new(7, 7),
        Pos::new(8, 8),
        Pos::new(8, 7),
        Pos::new(9, 9),
        Pos::new(9, 7),
        Pos::new(10, 10),
        Pos::new(10, 7),
        Pos::new(11, 11),
        Pos::new(11, 7),
    ];
    Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal")
}

/// An app with the record open in the viewer, at its last move (or before its first, `rewind`).
fn viewing(rewind: bool) -> App {
    let mut app = app();
    let open = OpenGame {
        game: five_record(),
        against_computer: false,
        rewind,
        names: PerSide {
            black: Some(SeatName::Named("Alice".to_owned())),
            white: Some(SeatName::Named("Bob".to_owned())),
        },
    };
    send(&mut app, GameCommand::Open(Box::new(open)));
    app
}

fn shown(app: &App) -> (usize, usize) {
    assert!(on_record(app), "a record in the viewer");
    current(app).record_position()
}

/// The stone entities on the board match the position shown.
fn assert_board_matches(app: &mut App) {
    let mut expected: Vec<(Pos, Side)> = current(app).game().board().stones().collect();
    expected.sort();
    assert_eq!(stones(app), expected);
}

fn press(app: &mut App, key_code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
    app.update();
}

#[test]
fn an_opened_record_shows_its_names_counts_nothing_and_runs_no_clock() {
    let mut app = viewing(false);
    assert!(on_record(&app));
    assert_eq!(seat_names(&app), ["Alice", "Bob"]);
    assert_eq!(shown(&app), (9, 9));
    assert!(
        current(&app).game().is_over(),
        "black's five is on the board"
    );
    assert_eq!(screen(&app), Screen::Playing, "no game-over card");
    assert_board_matches(&mut app);
    let duration = current(&app).duration(Duration::from_secs(1));
    run_for(&mut app, Duration::from_secs(3));
    let game = current(&app);
    assert!(!game.clocks().running(), "no clock runs");
    assert_eq!(
        game.clocks().spent(Side::Black) + game.clocks().spent(Side::White),
        Duration::ZERO
    );
    let later = Duration::from_secs(3600);
    assert_eq!(game.duration(later), duration, "its time does not count on");
    assert_eq!(*app.world().resource::<Score>(), Score::default());
    assert!(seen(&app).won.is_empty(), "no win is announced");
}

#[test]
fn the_viewer_steps_first_previous_next_last_and_to_a_listed_move() {
    let mut app = viewing(true);
    assert_eq!(shown(&app), (0, 9), "a replay starts before the first move");
    assert_board_matches(&mut app);
    for (step, expected) in [
        (ViewStep::Next, 1),
        (ViewStep::Next, 2),
        (ViewStep::Last, 9),
        (ViewStep::Next, 9),
        (ViewStep::Previous, 8),
        (ViewStep::To(3), 3),
        (ViewStep::To(99), 9),
        (ViewStep::First, 0),
        (ViewStep::Previous, 0),
        (ViewStep::To(5), 5),
    ] {
        send(&mut app, GameCommand::View(step));
        assert_eq!(shown(&app), (expected, 9), "after {step:?}");
        assert_board_matches(&mut app);
        assert_eq!(screen(&app), Screen::Playing);
    }
    // Undo and Redo (buttons, Ctrl+Z / Ctrl+Y) step too.
    send(&mut app, GameCommand::Undo);
    assert_eq!(shown(&app), (4, 9));
    send(&mut app, GameCommand::Redo);
    send(&mut app, GameCommand::Redo);
    assert_eq!(shown(&app), (6, 9));
    assert_board_matches(&mut app);
    assert!(seen(&app).placed.is_empty(), "no move was played");
    assert!(!current(&app).clocks().running());
}

#[test]
fn arrow_keys_home_and_end_step_through_the_record() {
    let mut app = viewing(true);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(shown(&app), (2, 9));
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(shown(&app), (1, 9));
    press(&mut app, KeyCode::End);
    assert_eq!(shown(&app), (9, 9));
    press(&mut app, KeyCode::Home);
    assert_eq!(shown(&app), (0, 9));
    assert_board_matches(&mut app);
    // In a record the arrows step; they do not also walk the placing cursor over the board.
    let cursor = app.world().resource::<tengen::game::input::Cursor>();
    assert!(!cursor.visible, "no keyboard cursor in the viewer");
}

#[test]
fn a_click_on_a_stone_of_the_record_is_refused_and_elsewhere_makes_a_branch() {
    let mut app = viewing(false);
    send(&mut app, GameCommand::View(ViewStep::To(2)));
    place(&mut app, 7, 7);
    assert_eq!(shown(&app), (2, 9));
    let refused = seen(&app).illegal.last().expect("refused").reason;
    assert_eq!(refused, Refusal::Occupied);
    // Off the line: a branch, with nothing ahead yet, and the board follows.
    place(&mut app, 0, 0);
    assert_eq!(shown(&app), (3, 3));
    assert_board_matches(&mut app);
}

#[test]
fn continue_from_here_makes_a_live_two_player_game_that_counts() {
    let mut app = viewing(false);
    send(&mut app, GameCommand::View(ViewStep::To(8)));
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: false,
        },
    );
    assert!(!on_record(&app));
    let game = current(&app);
    assert_eq!(game.setup().mode, Mode::HumanVsHuman);
    assert_eq!(game.game().moves().len(), 8);
    assert!(
        game.game().redo_moves().is_empty(),
        "the record's rest is gone"
    );
    assert_eq!(seat_names(&app), ["Alice", "Bob"], "the names stay");
    assert!(game.clocks().running(), "the clocks run");
    run_for(&mut app, Duration::from_secs(2));
    // Black plays the record's five itself: a real win, counted in the session score.
    place(&mut app, 11, 7);
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(seen(&app).won.len(), 1);
    assert_eq!(app.world().resource::<Score>().wins, [1, 0]);
    assert!(current(&app).clocks().spent(Side::Black) >= Duration::from_secs(2));
}

#[test]
fn continue_from_here_against_the_computer_gives_you_the_side_to_move() {
    let mut app = viewing(false);
    send(&mut app, GameCommand::View(ViewStep::To(3)));
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: true,
        },
    );
    assert!(!on_record(&app));
    let game = current(&app);
    assert_eq!(game.setup().mode, Mode::HumanVsComputer);
    assert_eq!(game.setup().first_seat, Side::White, "white was to move");
    assert_eq!(seat_names(&app), ["You", "Computer"]);
    assert!(game.humans_turn(false));
    place(&mut app, 0, 0);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 5
            && app
                .world_mut()
                .query::<&Thinking>()
                .iter(app.world())
                .next()
                .is_none()
    });
    assert_eq!(
        current(&app).game().moves().len(),
        5,
        "the computer answered"
    );
}

#[test]
fn a_finished_position_cannot_be_continued() {
    let mut app = viewing(false);
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: false,
        },
    );
    assert!(on_record(&app), "still the record");
    let notice = notice_text(&app);
    assert!(notice.contains("step back"), "{notice}");
}

#[test]
fn the_menu_and_back_keep_the_record_without_clocks() {
    let mut app = viewing(true);
    send(&mut app, GameCommand::View(ViewStep::To(4)));
    send(&mut app, GameCommand::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    send(&mut app, GameCommand::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(shown(&app), (4, 9));
    assert!(!current(&app).clocks().running());
    assert_board_matches(&mut app);
}

#[test]
fn closing_a_dialog_over_a_record_starts_no_clock() {
    let mut app = viewing(true);
    send(&mut app, GameCommand::View(ViewStep::To(4)));
    app.world_mut()
        .resource_mut::<tengen::clock::DialogOpen>()
        .0 = true;
    run_for(&mut app, Duration::from_secs(1));
    app.world_mut()
        .resource_mut::<tengen::clock::DialogOpen>()
        .0 = false;
    run_for(&mut app, Duration::from_secs(2));
    let game = current(&app);
    assert!(!game.clocks().running(), "the record's clock stays stopped");
    assert_eq!(
        game.clocks().spent(Side::Black) + game.clocks().spent(Side::White),
        Duration::ZERO
    );
}

#[test]
fn in_a_record_nothing_is_live_hint_is_refused_and_a_new_game_loses_nothing() {
    let mut app = viewing(true);
    send(&mut app, GameCommand::View(ViewStep::To(4)));
    assert!(on_record(&app), "no one plays in a record");
    send(&mut app, GameCommand::Hint);
    run_for(&mut app, Duration::from_millis(200));
    assert!(seen(&app).hints.is_empty(), "no hint for a record");
    // N in a record asks nothing (the game was filed when it ended): a new game starts at once.
    press(&mut app, KeyCode::KeyN);
    let question = app.world().resource::<tengen::game::input::Question>();
    assert!(question.0.is_none(), "a record is not an unfinished game");
    assert!(!on_record(&app), "the new game is on the board");
}

/// The mode is one value that every move between modes sets: a record, its review (whose search
/// ends with it), the menu and back to the record, the editor, and a network game where E is no key.
#[test]
fn the_modes_follow_the_player_and_what_a_mode_starts_ends_with_it() {
    use tengen::analysis::review::Reviewing;
    use tengen::game::editor::EditCommand;
    use tengen::screens::Activity;

    let mut app = viewing(false);
    assert_eq!(activity(&app), Activity::Record);
    send(&mut app, GameCommand::Review);
    assert_eq!(activity(&app), Activity::Review);
    assert_eq!(count::<Reviewing>(&mut app), 1, "the review searches");

    // Leaving the board ends the review; the board keeps the record for Continue.
    send(&mut app, GameCommand::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(activity(&app), Activity::Record);
    assert_eq!(
        count::<Reviewing>(&mut app),
        0,
        "the review's search stopped with it"
    );
    send(&mut app, GameCommand::Resume);
    assert_eq!(
        (screen(&app), activity(&app)),
        (Screen::Playing, Activity::Record)
    );

    // Closing a review goes back to the record it reviewed.
    send(&mut app, GameCommand::Review);
    send(&mut app, GameCommand::CloseReview);
    assert_eq!(activity(&app), Activity::Record);
    assert_eq!(count::<Reviewing>(&mut app), 0);

    // The editor, then a game played from it.
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
    );
    assert_eq!(activity(&app), Activity::Editor);
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Play {
            against_computer: false,
        }),
    );
    assert_eq!(activity(&app), Activity::Playing);

    // A network game: E (the editor) is no key there, whatever the chat field missed.
    send(
        &mut app,
        GameCommand::NetworkGame {
            preset: Preset::Freestyle15,
            local: Side::Black,
            moves: Vec::new(),
            peer: None,
            time: Default::default(),
        },
    );
    assert!(current(&app).remote().is_some());
    press(&mut app, KeyCode::KeyE);
    assert_eq!(activity(&app), Activity::Playing, "E did nothing");
    assert!(
        current(&app).remote().is_some(),
        "the network game is still on"
    );
}
