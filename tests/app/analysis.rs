//! Live analysis and game review, headless: the engine works in background tasks while frames go on;
//! node-limited rounds keep the answers the same on any machine.

use bevy::prelude::*;
use tengen::analysis::live::{StudyRounds, Studying};
use tengen::analysis::review::{ReviewEffort, Reviewing};
use tengen::game::computer::Thinking;
use tengen::game::{GameCommand, Mode, ViewStep};
use tengen::screens::{Activity, Screen};
use tengen_engine::{Color as Side, Level, MoveClass, Pos, Preset, SearchLimits};

use crate::support::*;

/// Two quick rounds, so tests see a study end.
fn quick_rounds(app: &mut App) {
    app.insert_resource(StudyRounds(vec![
        SearchLimits::nodes(2_000),
        SearchLimits::nodes(8_000),
    ]));
}

/// The depth of what live analysis shows for the position on the board, once it shows something.
fn shown_depth(app: &App) -> Option<u32> {
    shown_analysis(app).map(|analysis| analysis.depth)
}

#[test]
fn live_analysis_studies_the_position_deeper_and_starts_afresh_after_a_move() {
    let mut app = hvh(Preset::Freestyle15);
    // One short round first: what is shown is that round's. (With two, both rounds can end between
    // two frames, and only the last is published.)
    app.insert_resource(StudyRounds(vec![SearchLimits::nodes(2_000)]));
    for pos in MIDDLE_GAME {
        place(&mut app, pos.x, pos.y);
    }
    send(&mut app, GameCommand::Analyse);
    assert!(live(&app).on);
    let first = {
        run_until(&mut app, SEARCH_FRAMES, |app| shown_depth(app).is_some());
        shown_depth(&app).expect("a round finished")
    };
    // Off and on again with a second, longer round: the study ends deeper than the short round.
    quick_rounds(&mut app);
    send(&mut app, GameCommand::Analyse);
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        shown_depth(app).is_some_and(|d| d > first)
    });
    let (to_move, analysis) = live(&app)
        .current(current(&app).generation())
        .expect("analysis shown");
    assert_eq!(to_move, Side::White);
    assert!(current(&app).game().check(analysis.best).is_ok());
    assert_eq!(analysis.pv.first(), Some(&analysis.best));
    assert!(analysis.candidates.len() >= 2, "{analysis:?}");
    assert_eq!(analysis.candidates[0].0, analysis.best);
    // Between two players it is no hint.
    assert_eq!(current(&app).hints(), 0);

    // A move makes it stale: it is dropped at once and the new position is studied.
    let best = analysis.best;
    place(&mut app, best.x, best.y);
    assert_eq!(
        count::<Studying>(&mut app),
        1,
        "one study, of the new position"
    );
    run_until(&mut app, SEARCH_FRAMES, |app| shown_depth(app).is_some());
    let (to_move, _) = live(&app)
        .current(current(&app).generation())
        .expect("analysis shown");
    assert_eq!(to_move, Side::Black);

    // Turned off, the study stops and nothing is shown.
    send(&mut app, GameCommand::Analyse);
    assert!(!live(&app).on);
    assert_eq!(count::<Studying>(&mut app), 0);
    assert!(shown_depth(&app).is_none());
}

#[test]
fn against_the_computer_analysis_starts_off_and_counts_as_a_hint_once_per_position() {
    let mut app = resume(
        setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Expert,
            Side::White,
        ),
        &MIDDLE_GAME,
    );
    app.insert_resource(StudyRounds(vec![SearchLimits::nodes(2_000)]));
    assert!(!live(&app).on, "off by default against the computer");
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        shown_depth(app).is_some() && count::<Studying>(app) == 1 && current(app).hints() == 1
    });
    let first = shown_depth(&app).expect("a round shown");
    // Studied again, deeper: the same position counts once.
    quick_rounds(&mut app);
    send(&mut app, GameCommand::Analyse);
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        shown_depth(app).is_some_and(|d| d > first)
    });
    assert_eq!(current(&app).hints(), 1);

    // While the computer thinks, analysis waits (the cores are the computer's).
    // One frame: the move is played and the computer starts on its answer (it cannot have answered
    // within the frame that started it).
    app.world_mut()
        .write_message(GameCommand::Place(Pos::new(0, 0)));
    app.update();
    let thinking = count::<Thinking>(&mut app);
    assert_eq!(thinking, 1, "the computer is thinking");
    assert_eq!(
        count::<Studying>(&mut app),
        0,
        "no study while the computer thinks"
    );
    // Your next position counts again.
    run_until(&mut app, SEARCH_FRAMES, |app| current(app).hints() == 2);

    // A new game against the computer starts with analysis off.
    send(&mut app, GameCommand::Restart);
    assert!(!live(&app).on);
}

#[test]
fn analysis_is_not_offered_in_a_network_game() {
    let mut app = hvh(Preset::Freestyle15);
    crate::support::as_network_game(&mut app, Side::White);
    send(&mut app, GameCommand::Analyse);
    assert!(!live(&app).on);
    let notice = notice_text(&app);
    assert!(notice.contains("network"), "{notice}");
    assert_eq!(count::<Studying>(&mut app), 0);
}

#[test]
fn no_hint_is_given_in_a_network_game() {
    let mut app = hvh(Preset::Freestyle15);
    crate::support::as_network_game(&mut app, Side::White);
    send(&mut app, GameCommand::Hint);
    let notice = notice_text(&app);
    assert!(notice.contains("network"), "{notice}");
    assert!(seen(&app).hints.is_empty());
    assert_eq!(
        count::<tengen::game::hint::Pondering>(&mut app),
        0,
        "no search started"
    );
}

#[test]
fn a_finished_game_is_reviewed_with_the_missed_block_a_blunder_and_the_block_the_better_move() {
    let mut app = hvh(Preset::Freestyle15);
    app.insert_resource(ReviewEffort(SearchLimits::nodes(3_000)));
    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    assert_eq!(screen(&app), Screen::GameOver);
    send(&mut app, GameCommand::Review);
    // The finished game is looked through now, from its last move.
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(current(&app).record_position(), (9, 9));
    assert!((activity(&app) == Activity::Review));
    assert_eq!(review(&app).progress.1, 10, "nine moves, ten positions");
    let frames = run_until(&mut app, SEARCH_FRAMES, |app| review(app).moves.is_some());
    assert!(frames >= 1, "frames went on while the game was reviewed");
    assert_eq!(review(&app).progress, (10, 10));
    assert_the_missed_block_is_found(review(&app).moves.as_deref().expect("reviewed"));

    // Stepping to the blunder shows its review; the review stays while the record is looked through.
    send(&mut app, GameCommand::View(ViewStep::To(8)));
    assert_eq!(current(&app).record_position(), (8, 9));
    assert_eq!(
        review(&app)
            .of_move(current(&app).game().moves())
            .map(|r| r.class),
        Some(MoveClass::Blunder)
    );
    // Asked again for the same record, it is not done again.
    send(&mut app, GameCommand::Review);
    assert!(review(&app).moves.is_some());

    send(&mut app, GameCommand::CloseReview);
    assert!(!(activity(&app) == Activity::Review));
}

#[test]
fn a_review_ends_with_its_record_and_a_live_game_cannot_be_reviewed() {
    let mut app = hvh(Preset::Freestyle15);
    // Slow enough that it is still under way when the game changes.
    app.insert_resource(ReviewEffort(SearchLimits::nodes(2_000_000)));
    send(&mut app, GameCommand::Review);
    assert!(
        !(activity(&app) == Activity::Review),
        "nothing to review before the game ends"
    );
    assert!(!on_record(&app));
    assert!(!notice_text(&app).is_empty());

    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    send(&mut app, GameCommand::Review);
    assert!((activity(&app) == Activity::Review));
    assert_eq!(count::<Reviewing>(&mut app), 1);
    // Continuing from an earlier position makes a live game: the review ends and stops.
    send(&mut app, GameCommand::View(ViewStep::To(7)));
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: false,
        },
    );
    assert!(!on_record(&app));
    assert!(!(activity(&app) == Activity::Review));
    assert_eq!(count::<Reviewing>(&mut app), 0);
}

#[test]
fn a_turns_analysis_on_and_off_and_r_reviews_a_finished_game() {
    let mut app = hvh(Preset::Freestyle15);
    quick_rounds(&mut app);
    app.insert_resource(ReviewEffort(SearchLimits::nodes(1_000)));
    crate::keyboard::press(&mut app, &[], KeyCode::KeyA);
    assert!(live(&app).on);
    crate::keyboard::press(&mut app, &[], KeyCode::KeyA);
    assert!(!live(&app).on);
    // R before the game is over reviews nothing.
    crate::keyboard::press(&mut app, &[], KeyCode::KeyR);
    assert!(!(activity(&app) == Activity::Review));
    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    crate::keyboard::press(&mut app, &[], KeyCode::KeyR);
    assert!((activity(&app) == Activity::Review));
    run_until(&mut app, SEARCH_FRAMES, |app| review(app).moves.is_some());
    // The arrow keys step through the reviewed game.
    crate::keyboard::press(&mut app, &[], KeyCode::ArrowLeft);
    assert_eq!(current(&app).record_position(), (8, 9));
}

#[test]
fn a_position_being_set_up_is_analysed_after_every_edit() {
    use tengen::game::editor::{Brush, EditCommand};
    let mut app = app();
    quick_rounds(&mut app);
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
    );
    for (x, y) in [(7, 7), (8, 7), (9, 7)] {
        place(&mut app, x, y);
    }
    send(
        &mut app,
        GameCommand::Edit(EditCommand::ToMove(Side::White)),
    );
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| shown_depth(app).is_some());
    // Three black stones in a row, white to move: the engine sees black ahead.
    let (to_move, analysis) = live(&app)
        .current(current(&app).generation())
        .expect("analysed");
    assert_eq!(to_move, Side::White);
    assert!(analysis.win_probability() < 0.5, "{analysis:?}");
    // Another stone set up: the new position is studied.
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Brush(Brush::White)),
    );
    place(&mut app, 6, 7);
    assert_eq!(count::<Studying>(&mut app), 1);
    run_until(&mut app, SEARCH_FRAMES, |app| shown_depth(app).is_some());
    assert_eq!(current(&app).hints(), 0, "set-up positions count no hints");
}
