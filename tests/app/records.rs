//! The records windows' file work, done by persistence on request: a pasted record is opened, the game
//! on the board is saved as SGF and opened again, and a bad paste is answered in plain words.

use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::game::cell_name;
use tengen::persistence::{PersistencePlugin, RecordAnswer, RecordRequest};
use tengen::screens::Screen;
use tengen_store::Paths;

use crate::support::{current, manual_time, screen};

/// Answers seen, as text: `outcome: …`, `opened`, `history n`, `stats`.
#[derive(Resource, Default)]
struct Answers(Vec<String>);

fn app_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(Paths::at(
            dir.join("config"),
            dir.join("data"),
        )));
    manual_time(&mut app);
    app.init_resource::<Answers>().add_observer(
        |answer: On<RecordAnswer>, mut seen: ResMut<Answers>| {
            seen.0.push(match &*answer {
                RecordAnswer::Outcome(text) => format!("outcome: {text}"),
                RecordAnswer::Opened => "opened".to_owned(),
                RecordAnswer::History(list) => format!("history {}", list.len()),
                RecordAnswer::Stats(_) => "stats".to_owned(),
            });
        },
    );
    app.update();
    app
}

/// The moves on the board, by cell name.
fn names(app: &App) -> Vec<String> {
    let game = &current(app).game;
    game.moves()
        .iter()
        .map(|&p| cell_name(p, game.variant().size()))
        .collect()
}

/// Sends a request and runs the frames that handle it and the screen change it may bring.
fn request(app: &mut App, request: RecordRequest) -> Vec<String> {
    app.world_mut().write_message(request);
    app.update();
    app.update();
    std::mem::take(&mut app.world_mut().resource_mut::<Answers>().0)
}

#[test]
fn a_pasted_record_is_opened_saved_and_opened_again_from_its_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let answers = request(
        &mut app,
        RecordRequest::Paste {
            text: "h8i9j10".to_owned(),
            against_computer: false,
        },
    );
    assert_eq!(answers, ["opened"]);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(names(&app), ["h8", "i9", "j10"]);

    let file = dir.path().join("three.sgf");
    let answers = request(
        &mut app,
        RecordRequest::Save {
            typed: file.to_string_lossy().into_owned(),
        },
    );
    assert_eq!(answers, [format!("outcome: Saved as {}", file.display())]);
    assert!(file.exists());

    let mut app = app_in(dir.path());
    let answers = request(
        &mut app,
        RecordRequest::Open {
            typed: file.to_string_lossy().into_owned(),
            against_computer: false,
        },
    );
    assert_eq!(answers, ["opened"]);
    assert_eq!(names(&app), ["h8", "i9", "j10"]);
}

#[test]
fn an_empty_paste_or_a_missing_file_is_answered_in_words_and_opens_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let answers = request(
        &mut app,
        RecordRequest::Paste {
            text: "  ".to_owned(),
            against_computer: false,
        },
    );
    assert_eq!(
        answers,
        ["outcome: Nothing to open: paste a record or a position string like h8i9j10."]
    );
    let answers = request(
        &mut app,
        RecordRequest::Open {
            typed: "no such game".to_owned(),
            against_computer: false,
        },
    );
    assert_eq!(answers.len(), 1);
    assert!(
        answers[0].starts_with("outcome: Could not open"),
        "{answers:?}"
    );
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!current(&app).live);
}

#[test]
fn the_history_and_statistics_are_read_on_request() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    assert_eq!(request(&mut app, RecordRequest::History), ["history 0"]);
    assert_eq!(request(&mut app, RecordRequest::Stats), ["stats"]);
    assert_eq!(request(&mut app, RecordRequest::ResetStats), ["stats"]);
}
