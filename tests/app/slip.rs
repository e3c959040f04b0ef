//! Nothing lost by a slip: a new game over an unfinished one asks first (Enter or Y says yes, Escape
//! or N says no), the clocks stand still while a question or the Settings window is open, stale and
//! mixed messages, a finished game has nothing to pause, computer against computer can be watched, and
//! the side panel's message place never moves the buttons under it.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;
use tengen::clock::DialogOpen;
use tengen::game::Pace;
use tengen::game::computer::Autoplay;
use tengen::game::input::Question;
use tengen::game::{GameCommand, Notice, NoticeKind, Refusal};
use tengen::screens::Screen;
use tengen::settings::Theme;
use tengen::ui::notice::{Message, message_place};
use tengen::ui::style::ui_palette;
use tengen_engine::{Color as Side, Level, Mode, Pos, Preset};

use crate::keyboard::press;
use crate::support::*;

fn asking(app: &App) -> bool {
    app.world().resource::<Question>().0.is_some()
}

#[test]
fn n_on_an_unfinished_game_asks_and_escape_keeps_the_game() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    press(&mut app, &[], KeyCode::KeyN);
    assert!(asking(&app), "N over an unfinished game asks first");
    assert_eq!(
        current(&app).game().moves().len(),
        2,
        "and erases nothing yet"
    );
    // While the question is open, board keys wait: Escape answers no instead of leaving for the menu.
    press(&mut app, &[], KeyCode::Escape);
    assert!(!asking(&app));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(current(&app).game().moves().len(), 2, "No keeps the game");
    press(&mut app, &[], KeyCode::KeyN);
    press(&mut app, &[], KeyCode::KeyN);
    assert!(!asking(&app), "N answers no");
    assert_eq!(current(&app).game().moves().len(), 2);
}

#[test]
fn a_yes_starts_the_new_game() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    press(&mut app, &[], KeyCode::KeyN);
    press(&mut app, &[], KeyCode::KeyY);
    assert!(!asking(&app));
    assert!(current(&app).game().moves().is_empty());
    assert!(stones(&mut app).is_empty());
}

#[test]
fn n_on_an_empty_or_finished_game_starts_at_once() {
    let mut app = hvh(Preset::Freestyle15);
    let generation = current(&app).generation();
    press(&mut app, &[], KeyCode::KeyN);
    assert!(!asking(&app), "an empty board has nothing to lose");
    assert!(
        current(&app).generation() > generation,
        "a new game started"
    );

    for x in 0..4 {
        place(&mut app, x, 7);
        place(&mut app, x, 8);
    }
    place(&mut app, 4, 7);
    assert_eq!(screen(&app), Screen::GameOver);
    press(&mut app, &[], KeyCode::KeyN);
    assert!(!asking(&app), "a finished game has nothing to lose");
    assert_eq!(screen(&app), Screen::Playing);
    assert!(current(&app).game().moves().is_empty());
}

/// The side to move's clock at the app's present time.
fn clock_to_move(app: &App) -> Duration {
    let current = current(app);
    let now = app.world().resource::<Time<Real>>().elapsed();
    current.clocks().shown(current.game().to_move(), now)
}

#[test]
fn the_clock_stands_still_while_a_question_or_the_settings_are_open() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    run_for(&mut app, Duration::from_secs(1));
    let before = clock_to_move(&app);
    assert!(
        before >= Duration::from_millis(900),
        "the clock runs: {before:?}"
    );

    press(&mut app, &[], KeyCode::KeyN);
    let asked = clock_to_move(&app);
    run_for(&mut app, Duration::from_secs(3));
    assert_eq!(
        clock_to_move(&app),
        asked,
        "held while the question is open"
    );
    press(&mut app, &[], KeyCode::Escape);
    run_for(&mut app, Duration::from_secs(1));
    assert!(clock_to_move(&app) >= asked + Duration::from_millis(900));

    app.world_mut().resource_mut::<DialogOpen>().0 = true;
    app.update();
    let opened = clock_to_move(&app);
    run_for(&mut app, Duration::from_secs(3));
    assert_eq!(clock_to_move(&app), opened, "held while Settings is open");
    app.world_mut().resource_mut::<DialogOpen>().0 = false;
    run_for(&mut app, Duration::from_secs(1));
    assert!(clock_to_move(&app) >= opened + Duration::from_millis(900));
}

#[test]
fn wait_for_the_computer_clears_once_it_has_moved() {
    let mut app = game(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    // Two clicks in one frame: the second comes while the computer is to move.
    app.world_mut()
        .write_message(GameCommand::Place(Pos::new(7, 7)));
    app.world_mut()
        .write_message(GameCommand::Place(Pos::new(3, 3)));
    app.update();
    let wait = Refusal::NotYourTurn.message(app.world().resource::<tengen::i18n::Words>());
    assert_eq!(notice_text(&app), wait);
    assert_eq!(app.world().resource::<Notice>().kind, NoticeKind::Error);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    assert_eq!(
        notice_text(&app),
        "",
        "the computer has moved: waiting is over"
    );
}

#[test]
fn a_renju_refusal_says_its_reason_once_and_news_is_not_an_error() {
    let mut app = hvh(Preset::Renju15);
    for (black, white) in [
        ((5, 7), (0, 0)),
        ((6, 7), (0, 14)),
        ((7, 5), (14, 0)),
        ((7, 6), (14, 14)),
    ] {
        place(&mut app, black.0, black.1);
        place(&mut app, white.0, white.1);
    }
    place(&mut app, 7, 7);
    let text = notice_text(&app);
    assert_eq!(app.world().resource::<Notice>().kind, NoticeKind::Error);
    assert_eq!(text.matches("forbidden").count(), 1, "said once: {text}");

    let mut app = hvh(Preset::Freestyle15);
    send(&mut app, GameCommand::Undo);
    assert_eq!(notice_text(&app), "Nothing to undo.");
    let notice = app.world().resource::<Notice>();
    assert_eq!(
        notice.kind,
        NoticeKind::Info,
        "not shown in the error colour"
    );
}

#[test]
fn pause_does_nothing_once_the_game_is_over() {
    let mut app = game(setup(
        Mode::ComputerVsComputer,
        Preset::TicTacToe,
        Level::Low,
        Side::Black,
    ));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        screen(app) == Screen::GameOver
    });
    press(&mut app, &[], KeyCode::KeyP);
    assert!(!app.world().resource::<Autoplay>().paused);
}

#[test]
fn computer_against_computer_keeps_the_pace_the_viewer_sets_and_shows_the_chances() {
    let mut app = game(setup(
        Mode::ComputerVsComputer,
        Preset::Freestyle15,
        Level::Medium,
        Side::Black,
    ));
    let autoplay = |app: &App| *app.world().resource::<Autoplay>();
    assert_eq!(autoplay(&app).black_chance, None, "no move, no chances yet");
    for (pace, moves) in [(Pace::Brisk, 1..=2), (Pace::Slow, 3..=4)] {
        send(&mut app, GameCommand::Pace(pace));
        let least = pace.duration().as_nanos().div_ceil(FRAME.as_nanos()) as u32;
        for moves in moves {
            let frames = run_until(&mut app, SEARCH_FRAMES, |app| {
                current(app).game().moves().len() == moves
            });
            // The frames before the counted ones in which the search already ran: the first
            // search starts in the frame that started the game, one before the pace was sent;
            // the third in the frame of move 2, one before the slower pace was sent.
            let before = match moves {
                1 => 2,
                3 => 1,
                _ => 0,
            };
            assert!(
                frames + 1 + before >= least,
                "move {moves} came {frames} frames after the one before; at least {least} expected at {pace:?}"
            );
            let chance = autoplay(&app)
                .black_chance
                .expect("each move's search gives the chances");
            assert!(chance <= 100);
        }
    }
    // The pace is the viewer's: a new game keeps it.
    send(&mut app, GameCommand::Restart);
    assert_eq!(autoplay(&app).pace, Pace::Slow);
    assert_eq!(autoplay(&app).black_chance, None);
}

/// Lays out a panel as the HUD does (a status line, the message place, a button) and returns the
/// button's rectangle.
fn button_under(messages: &[Message]) -> egui::Rect {
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(320.0, 560.0),
        )),
        ..Default::default()
    };
    let palette = ui_palette(Theme::Classic);
    let mut button = egui::Rect::NOTHING;
    // Twice, as egui settles sizes over a frame or two.
    for _ in 0..2 {
        let mut output = ctx.run_ui(input.clone(), |ui| {
            ui.label("Move 12 — Black to play");
            message_place(ui, &palette, messages, (2, false));
            button = ui.button("New game").rect;
        });
        // No renderer takes the font texture here.
        output.textures_delta.clear();
    }
    button
}

#[test]
fn messages_never_move_the_buttons() {
    let quiet = button_under(&[]);
    assert!(quiet.is_positive(), "the button was laid out: {quiet:?}");
    let long = "Hint: h8 — blocks the open four and keeps the initiative, forced win in 7 moves";
    for messages in [
        vec![Message::new(NoticeKind::Info, "Nothing to undo.")],
        vec![
            Message::new(
                NoticeKind::Error,
                "Renju: forbidden for black: double three.",
            ),
            Message::new(NoticeKind::Good, long).strong(),
        ],
        vec![
            Message::new(NoticeKind::Good, long),
            Message::new(NoticeKind::Good, long),
            Message::new(NoticeKind::Good, long),
        ],
    ] {
        assert_eq!(button_under(&messages), quiet, "{messages:?}");
    }
}

#[test]
fn a_paused_computer_game_stops_the_clock() {
    let mut app = game(setup(
        Mode::ComputerVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    // Both clocks together: a move already on its way may still land after the pause.
    let both = |app: &App| {
        let current = current(app);
        let now = app.world().resource::<Time<Real>>().elapsed();
        current.clocks().shown(Side::Black, now) + current.clocks().shown(Side::White, now)
    };
    send(&mut app, GameCommand::TogglePause);
    assert!(app.world().resource::<Autoplay>().paused, "paused");
    run_for(&mut app, Duration::from_millis(200));
    let paused = both(&app);
    run_for(&mut app, Duration::from_secs(3));
    assert_eq!(both(&app), paused, "held while paused");
    send(&mut app, GameCommand::TogglePause);
    run_for(&mut app, Duration::from_millis(300));
    assert!(
        both(&app) >= paused + Duration::from_millis(250),
        "runs again after the pause"
    );
}
