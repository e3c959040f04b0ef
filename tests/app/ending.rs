//! Every way a game ends is one fact: a five, a full board, a resignation against the computer or
//! between two people at one board. The score, the history, the statistics and the rating count it
//! whatever its reason (the network's resignations, agreed draws and departures are in
//! `network_resume.rs`).

use bevy::prelude::*;
use tengen::game::input::Question;
use tengen::game::score::Score;
use tengen::game::{End, GameCommand, GameEnded, Reason};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, GameResult, Level, Mode, Preset};
use tengen_store as store;

use crate::persist::{app_in, autosave, paths};
use crate::support::{SEARCH_FRAMES, current, hvh, place, run_until, screen, send, setup};

/// The endings seen, in order.
#[derive(Resource, Default)]
struct Ended(Vec<GameEnded>);

fn watch_endings(app: &mut App) {
    app.init_resource::<Ended>()
        .add_observer(|e: On<GameEnded>, mut seen: ResMut<Ended>| seen.0.push(*e));
}

pub(crate) fn endings(app: &App) -> Vec<End> {
    app.world()
        .resource::<Ended>()
        .0
        .iter()
        .map(|e| e.end)
        .collect()
}

/// A rated game against Low with persistence in `dir`: the person (black) has played h8.
pub(crate) fn rated_game_begun(dir: &std::path::Path) -> App {
    let mut app = app_in(dir);
    watch_endings(&mut app);
    let setup = setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    );
    send(&mut app, GameCommand::NewGame(setup));
    place(&mut app, 7, 7);
    app
}

/// The one game in the history is white's win, and it moved the freestyle rating down.
pub(crate) fn assert_filed_as_a_rated_loss(paths: &store::Paths) {
    let history = store::list_history(paths).value;
    assert_eq!(history.len(), 1, "the game is filed once");
    assert_eq!(history[0].result, Some(GameResult::WhiteWins));
    let stats = store::load_stats(paths).value;
    assert_eq!(stats.rating_history("freestyle").len(), 1);
    assert!(stats.rating("freestyle").rating < store::Rating::fresh().rating);
}

/// New game (N, or the button) over the game on the board: the question it asks, if any.
fn ask_for_a_new_game(app: &mut App) -> Option<&'static str> {
    ask_for(app, GameCommand::Restart)
}

/// `command` as the buttons and keys send it (asking first when it would replace the game in
/// progress): the question it asks, if any.
pub(crate) fn ask_for(app: &mut App, command: GameCommand) -> Option<&'static str> {
    use bevy::ecs::system::RunSystemOnce;
    use tengen::screens::Doing;
    let ask = move |mut question: ResMut<Question>,
                    current: Res<tengen::game::CurrentGame>,
                    kept: Res<tengen::game::KeptGame>,
                    doing: Doing,
                    mut writer: MessageWriter<GameCommand>| {
        let table = tengen::game::input::Table {
            current: &current,
            kept: &kept,
        };
        question.ask_first(command.clone(), table, &doing, &mut writer);
    };
    app.world_mut().run_system_once(ask).expect("asked");
    app.world().resource::<Question>().message_id()
}

/// The player says yes to the question on screen.
pub(crate) fn confirm(app: &mut App) {
    let yes = |mut question: ResMut<Question>, mut writer: MessageWriter<GameCommand>| {
        question.confirm(&mut writer);
    };
    bevy::ecs::system::RunSystemOnce::run_system_once(app.world_mut(), yes).expect("confirmed");
}

fn score(app: &App) -> Score {
    *app.world().resource::<Score>()
}

#[test]
fn resigning_against_the_computer_asks_first_and_counts_as_a_rated_loss() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = rated_game_begun(dir.path());

    // The HUD's Resign asks first; the question names what happens.
    let mut question = app.world_mut().resource_mut::<Question>();
    question.ask_to_resign();
    assert_eq!(question.message_id(), Some("question-resign"));
    question.cancel();
    assert!(current(&app).end().is_none(), "No keeps the game going");

    send(&mut app, GameCommand::Resign);
    let lost = End::lost_by(Side::Black, Reason::Resignation);
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(current(&app).end(), Some(lost));
    assert_eq!(endings(&app), vec![lost]);
    assert!(app.world().resource::<Ended>().0[0].you_lost);
    // The computer's seat (seat 1) wins.
    assert_eq!(score(&app).wins, [0, 1]);

    // Filed in the history as white's win, and counted as a loss with the rating moved.
    assert_filed_as_a_rated_loss(&p);
    let stats = store::load_stats(&p).value;
    let record = stats
        .record(store::Level::Low, "freestyle")
        .expect("a record");
    assert_eq!((record.wins, record.losses, record.draws), (0, 1, 0));
    assert!(autosave(dir.path()).is_none(), "nothing left to continue");

    // A second Resign after the end changes nothing.
    send(&mut app, GameCommand::Resign);
    assert_eq!(endings(&app).len(), 1);
}

#[test]
fn between_two_players_at_one_board_the_side_to_move_resigns() {
    let mut app = hvh(Preset::Freestyle15);
    watch_endings(&mut app);
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Resign);
    let end = End::lost_by(Side::White, Reason::Resignation);
    assert_eq!(current(&app).end(), Some(end));
    assert_eq!(end.to_string(), "result=black reason=resignation");
    assert!(!app.world().resource::<Ended>().0[0].you_lost);
    assert_eq!(score(&app).wins, [1, 0]);
    // Nothing is played after the end.
    place(&mut app, 8, 8);
    assert_eq!(current(&app).game().moves().len(), 1);
}

#[test]
fn a_five_and_a_full_board_end_the_game_through_the_same_fact() {
    let mut app = hvh(Preset::Freestyle15);
    watch_endings(&mut app);
    for (x, y) in [
        (0, 0),
        (0, 5),
        (1, 0),
        (1, 5),
        (2, 0),
        (2, 5),
        (3, 0),
        (3, 5),
        (4, 0),
    ] {
        place(&mut app, x, y);
    }
    assert_eq!(endings(&app), vec![End::lost_by(Side::White, Reason::Five)]);
    assert_eq!(score(&app).wins, [1, 0]);

    let mut app = hvh(Preset::TicTacToe);
    watch_endings(&mut app);
    // x o x / x o o / o x x: nobody has three.
    for (x, y) in [
        (0, 0),
        (1, 0),
        (2, 0),
        (1, 1),
        (0, 1),
        (2, 1),
        (1, 2),
        (0, 2),
        (2, 2),
    ] {
        place(&mut app, x, y);
    }
    assert_eq!(endings(&app), vec![End::draw(Reason::Full)]);
    assert_eq!(score(&app).draws, 1);
}

#[test]
fn the_computers_game_cannot_be_resigned() {
    let mut app = crate::support::game(setup(
        Mode::ComputerVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    send(&mut app, GameCommand::Resign);
    assert_eq!(current(&app).end(), None);
}

/// The real game in a real window: a move against the computer, then Resign (Ctrl+Shift+R, then
/// Enter to the question) ends it as white's win, files it in the history and moves the rating.
#[test]
fn resigning_in_the_real_window_files_a_rated_loss() {
    use std::process::{Command, Stdio};
    use std::time::Duration;

    use crate::smoke::{
        Reaper, click_cell, field, game_window, printed_lines, run, start_xvfb, wait_line,
    };

    let home = tempfile::tempdir().expect("temp dir");
    let (_xvfb, display) = start_xvfb();
    let child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--mode", "hvc", "--level", "low", "--print-moves"])
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start the game binary");
    let mut game = Reaper(child);
    let lines = printed_lines(&mut game.0);
    let ready = wait_line(&lines, &mut game, "ready", Duration::from_secs(180));
    let (cx, cy) = field(&ready, "centre");
    click_cell(&display, &lines, &mut game, (cx, cy), "h8");
    wait_line(&lines, &mut game, "placed 2", Duration::from_secs(60));

    let window = game_window(&display);
    run(&display, "xdotool", &["windowfocus", "--sync", &window]);
    run(
        &display,
        "xdotool",
        &["key", "--clearmodifiers", "ctrl+shift+r"],
    );
    // The question waits for its answer: once it is on screen, Enter says yes.
    wait_line(
        &lines,
        &mut game,
        "question question-resign",
        Duration::from_secs(60),
    );
    run(&display, "xdotool", &["key", "Return"]);
    wait_line(
        &lines,
        &mut game,
        "ended result=white reason=resignation",
        Duration::from_secs(60),
    );
    wait_line(&lines, &mut game, "counted", Duration::from_secs(60));

    let paths = store::Paths::at(
        home.path().join("config/tengen"),
        home.path().join("data/tengen"),
    );
    assert_filed_as_a_rated_loss(&paths);
}

#[test]
fn leaving_a_rated_game_for_a_new_one_asks_and_resigns_it_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = rated_game_begun(dir.path());
    // The computer answers: the person's turn, so nothing moves while the question waits.
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });

    // New game (N, or the button) over the rated game under way asks to resign it.
    let asked = ask_for_a_new_game(&mut app);
    assert_eq!(asked, Some("question-resign-to-leave"));
    // No keeps the game going, untouched.
    app.world_mut().resource_mut::<Question>().cancel();
    app.update();
    assert_eq!(current(&app).end(), None);
    assert_eq!(current(&app).game().moves().len(), 2);

    // Yes resigns it (filed and rated as a loss), then the new game starts.
    ask_for_a_new_game(&mut app);
    confirm(&mut app);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        endings(&app),
        vec![End::lost_by(Side::Black, Reason::Resignation)]
    );
    assert_filed_as_a_rated_loss(&p);
    assert_eq!(screen(&app), Screen::Playing, "the new game is on");
    assert_eq!(current(&app).end(), None);
}

#[test]
fn leaving_a_game_between_two_players_asks_the_old_question() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    let asked = ask_for_a_new_game(&mut app);
    assert_eq!(
        asked,
        Some("question-new-game"),
        "an unrated game is simply left"
    );
}
