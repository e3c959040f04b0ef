//! Leaving a mode keeps what the player had: the editor (E opens it on a copy of the position) and
//! the puzzles set the game in progress aside, and the menu's Continue brings it back as it was left,
//! clocks included. Starting another game from there asks first, as it would from the game itself;
//! New game after a review offers the reviewed game's setup.

use std::time::Duration;

use bevy::prelude::*;
use tengen::game::editor::EditCommand;
use tengen::game::puzzle::PuzzleCommand;
use tengen::game::{End, GameCommand, Reason};
use tengen::screens::{Activity, Screen};
use tengen_engine::{Color as Side, Level, Mode, Pos, Preset};

use crate::ending::{ask_for, assert_filed_as_a_rated_loss, confirm, endings, rated_game_begun};
use crate::persist::paths;
use crate::support::{
    SEARCH_FRAMES, activity, current, hvh, place, run_for, run_until, screen, send, setup, stones,
};

fn now(app: &App) -> Duration {
    app.world().resource::<Time<Real>>().elapsed()
}

/// Each side's time used so far in the game on the board.
fn used(app: &App) -> [Duration; 2] {
    let clocks = current(app).clocks();
    let now = now(app);
    [clocks.used(Side::Black, now), clocks.used(Side::White, now)]
}

/// A game between two players here, three moves in, with time on both clocks.
fn game_under_way() -> App {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    run_for(&mut app, Duration::from_secs(2));
    place(&mut app, 8, 8);
    run_for(&mut app, Duration::from_secs(3));
    place(&mut app, 9, 9);
    run_for(&mut app, Duration::from_secs(1));
    app
}

/// After the menu's Continue, the game is back on the board as it was left.
fn assert_continued(app: &mut App, moves: &[Pos], clocks: [Duration; 2]) {
    send(app, GameCommand::Menu);
    assert_eq!(screen(app), Screen::Menu);
    send(app, GameCommand::Resume);
    assert_eq!(screen(app), Screen::Playing);
    assert_eq!(activity(app), Activity::Playing);
    assert_eq!(current(app).game().moves(), moves);
    assert!(current(app).live());
    // The clocks stood still while the game was set aside (a frame may have run since).
    let after = used(app);
    for (side, (before, after)) in clocks.iter().zip(after).enumerate() {
        let gained = after.saturating_sub(*before);
        assert!(
            after >= *before && gained < Duration::from_millis(200),
            "side {side}: {before:?} before, {after:?} after"
        );
    }
}

#[test]
fn the_editor_opens_on_a_copy_and_continue_brings_the_game_back() {
    let mut app = game_under_way();
    let moves = current(&app).game().moves().to_vec();
    let clocks = used(&app);

    // E asks nothing: nothing is lost.
    let asked = ask_for(&mut app, GameCommand::Edit(EditCommand::FromBoard));
    assert_eq!(asked, None);
    app.update();
    app.update();
    assert_eq!(activity(&app), Activity::Editor);
    assert_eq!(stones(&mut app).len(), 3, "the editor shows the position");
    // A stone put in the editor is the copy's.
    send(&mut app, GameCommand::Place(Pos::new(1, 1)));
    assert_eq!(stones(&mut app).len(), 4);
    run_for(&mut app, Duration::from_secs(10));

    assert_continued(&mut app, &moves, clocks);
    assert_eq!(stones(&mut app).len(), 3);
    // And play goes on from there: White's turn.
    place(&mut app, 10, 10);
    assert_eq!(current(&app).game().moves().len(), 4);
}

#[test]
fn the_puzzles_keep_the_game_for_continue() {
    let mut app = game_under_way();
    let moves = current(&app).game().moves().to_vec();
    let clocks = used(&app);

    let asked = ask_for(&mut app, GameCommand::Puzzle(PuzzleCommand::Open));
    assert_eq!(asked, None);
    app.update();
    app.update();
    assert_eq!(activity(&app), Activity::Puzzle);
    send(&mut app, GameCommand::Puzzle(PuzzleCommand::Next));
    run_for(&mut app, Duration::from_secs(10));

    assert_continued(&mut app, &moves, clocks);
}

#[test]
fn playing_from_the_editor_over_a_kept_game_asks_first() {
    let mut app = game_under_way();
    send(&mut app, GameCommand::Edit(EditCommand::FromBoard));
    assert_eq!(activity(&app), Activity::Editor);
    let play = GameCommand::Edit(EditCommand::Play {
        against_computer: false,
    });
    assert_eq!(ask_for(&mut app, play), Some("question-new-game"));
    confirm(&mut app);
    app.update();
    app.update();
    assert_eq!(activity(&app), Activity::Playing);
    assert!(
        current(&app).game().moves().is_empty(),
        "the edited position"
    );
    assert_eq!(current(&app).game().setup().len(), 3);
    // The kept game is gone: Continue offers the new one.
    send(&mut app, GameCommand::Menu);
    send(&mut app, GameCommand::Resume);
    assert_eq!(current(&app).game().setup().len(), 3);
}

#[test]
fn a_new_game_over_a_kept_rated_game_resigns_it_when_the_player_says_yes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = rated_game_begun(dir.path());
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    send(&mut app, GameCommand::Puzzle(PuzzleCommand::Open));
    assert_eq!(activity(&app), Activity::Puzzle);
    assert!(endings(&app).is_empty(), "set aside, not resigned");

    // New game from the menu over the kept rated game: "Resign this game?"
    send(&mut app, GameCommand::Menu);
    let new = setup(
        Mode::HumanVsHuman,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    );
    let asked = ask_for(&mut app, GameCommand::NewGame(new));
    assert_eq!(asked, Some("question-resign-to-leave"));
    confirm(&mut app);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        endings(&app),
        vec![End::lost_by(Side::Black, Reason::Resignation)]
    );
    assert_filed_as_a_rated_loss(&p);
    assert_eq!(
        current(&app).setup().mode,
        Mode::HumanVsHuman,
        "the new game"
    );
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn new_game_after_reviewing_a_game_against_the_computer_keeps_its_setup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = rated_game_begun(dir.path());
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    send(&mut app, GameCommand::Resign);
    assert!(current(&app).is_over());
    send(&mut app, GameCommand::Review);
    assert_eq!(activity(&app), Activity::Review);
    // N in the review: another game against the same computer.
    send(&mut app, GameCommand::Restart);
    assert_eq!(activity(&app), Activity::Playing);
    let setup = current(&app).setup();
    assert_eq!(setup.mode, Mode::HumanVsComputer);
    assert_eq!(setup.level, Level::Low);
}

/// A game against the computer, filed in the History and opened from it (to look through or
/// review): New game plays it again against the same computer, not between two players.
#[test]
fn new_game_from_a_game_against_the_computer_opened_from_the_history_keeps_its_opponent() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = rated_game_begun(dir.path());
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    send(&mut app, GameCommand::Resign);
    crate::support::settle_files(&app);
    let history = tengen_store::list_history(&paths(dir.path())).value;
    let text = std::fs::read_to_string(&history[0].path).expect("the filed game");
    let record = tengen_store::parse_sgf(&text).expect("a record");
    let own = crate::support::own_name(&app);
    let open = tengen::game::OpenGame::record(record, false, true, &own);
    send(&mut app, GameCommand::Open(Box::new(open)));
    assert!(crate::support::on_record(&app));
    send(&mut app, GameCommand::Restart);
    let setup = current(&app).setup();
    assert_eq!(setup.mode, Mode::HumanVsComputer);
    assert_eq!(setup.level, Level::Low);
    assert_eq!(
        setup.first_seat,
        Side::Black,
        "the person's colour in the record"
    );
}
