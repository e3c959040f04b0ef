//! The records windows' file work, done by persistence on request: a pasted record is opened, the game
//! on the board is saved as SGF and opened again, a bad paste is answered in plain words, a file
//! dropped on the window opens in the viewer and its folder is remembered for the dialogs, and a
//! damaged file is reported in plain words with the technical detail apart.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::FileDragAndDrop;
use tengen::game::cell_name;
use tengen::game::score::Score;
use tengen::persistence::{
    PersistencePlugin, RecordAnswer, RecordRequest, Settings, Store, StoreNotices,
};
use tengen::screens::{Activity, Screen};
use tengen_engine::Preset;
use tengen_store::Paths;

use crate::support::{activity, current, manual_time, on_record, screen, seat_names};

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
    let game = &current(app).game();
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
    let answers = request(&mut app, RecordRequest::Save { path: file.clone() });
    assert_eq!(answers, [format!("outcome: Saved as {}", file.display())]);
    assert!(file.exists());

    let mut app = app_in(dir.path());
    let answers = request(
        &mut app,
        RecordRequest::Open {
            path: file,
            against_computer: false,
        },
    );
    assert_eq!(answers, ["opened"]);
    assert_eq!(names(&app), ["h8", "i9", "j10"]);
    assert!(on_record(&app), "a file opens in the viewer");
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
            path: dir.path().join("no such game.sgf"),
            against_computer: false,
        },
    );
    assert_eq!(answers.len(), 1);
    // The file by its name, then why: not its folder, which would crowd the reason out.
    assert!(
        answers[0].starts_with("outcome: Could not open no such game.sgf: "),
        "{answers:?}"
    );
    assert!(
        !answers[0].contains(&*dir.path().to_string_lossy()),
        "{answers:?}"
    );
    assert!(answers[0].len() > "outcome: Could not open no such game.sgf: ".len());
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!current(&app).live());
}

#[test]
fn a_psq_on_a_board_the_rule_is_not_offered_on_opens_on_its_own_board_as_freestyle() {
    // The settings play renju, offered on 15×15 only: the record was refused without a word.
    for (size, preset) in [(20, Preset::Freestyle20), (19, Preset::Freestyle19)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut app = app_in(dir.path());
        app.world_mut().resource_mut::<Settings>().preset = Preset::Renju15;
        let file = dir.path().join(format!("match-{size}.psq"));
        let text = format!("Piskvorky {size}x{size}, 11:11, 0\n10,10,0\n11,11,0\n-1\n");
        std::fs::write(&file, text).expect("write");
        let answers = request(
            &mut app,
            RecordRequest::Open {
                path: file,
                against_computer: false,
            },
        );
        assert_eq!(answers, ["opened"], "{size}×{size}");
        assert_eq!(screen(&app), Screen::Playing);
        assert!(on_record(&app));
        assert_eq!(current(&app).setup().preset, preset);
        assert_eq!(current(&app).game().moves().len(), 2);
    }
}

#[test]
fn a_record_on_a_board_the_game_does_not_offer_is_refused_in_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let file = dir.path().join("small.sgf");
    std::fs::write(&file, "(;GM[4]FF[4]SZ[9];B[ee];W[ff])").expect("write");
    let answers = request(
        &mut app,
        RecordRequest::Open {
            path: file,
            against_computer: false,
        },
    );
    assert_eq!(
        answers,
        [
            "outcome: Could not open small.sgf: it is played on a board the game does not offer (freestyle 9x9 5)."
        ]
    );
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!current(&app).live());
}

#[test]
fn the_history_and_statistics_are_read_on_request() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    assert_eq!(request(&mut app, RecordRequest::History), ["history 0"]);
    assert_eq!(request(&mut app, RecordRequest::Stats), ["stats"]);
    assert_eq!(request(&mut app, RecordRequest::ResetStats), ["stats"]);
}

/// A file dropped on the window, as winit reports it.
fn drop_file(app: &mut App, path: PathBuf) {
    app.world_mut().write_message(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: path,
    });
    app.update();
    app.update();
}

const NAMED_RECORD: &str = "(;GM[4]FF[4]SZ[15]PB[Alice]PW[Bob]RE[B+R];B[hh];W[ii];B[ih];W[jj];B[jh];W[kk];B[kh];W[ll];B[lh])";

#[test]
fn a_dropped_record_opens_in_the_viewer_with_its_names_and_its_folder_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let folder = dir.path().join("records");
    std::fs::create_dir_all(&folder).expect("folder");
    let file = folder.join("alice-bob.sgf");
    std::fs::write(&file, NAMED_RECORD).expect("write");

    drop_file(&mut app, file);
    assert!(crate::support::on_record(&app));
    let game = current(&app);
    assert_eq!(seat_names(&app), ["Alice", "Bob"]);
    assert_eq!(game.game().moves().len(), 9, "opened at its last move");
    assert!(game.game().is_over());
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        *app.world().resource::<Score>(),
        Score::default(),
        "a record's win is not the session's"
    );
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.last_folder.as_deref(), Some(folder.as_path()));
    let store = app.world().resource::<Store>();
    assert_eq!(store.dialog_folder(settings), Some(folder));
}

#[test]
fn a_dropped_text_file_with_a_position_string_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let file = dir.path().join("position.txt");
    std::fs::write(&file, "h8i9j10\n").expect("write");
    drop_file(&mut app, file);
    assert_eq!(names(&app), ["h8", "i9", "j10"]);
    assert!(on_record(&app));
}

#[test]
fn a_dropped_file_that_is_no_record_is_refused_in_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let file = dir.path().join("picture.png");
    std::fs::write(&file, [0x89, b'P', b'N', b'G', 0xff, 0xfe]).expect("write");
    drop_file(&mut app, file);
    assert_eq!(screen(&app), Screen::Menu);
    let notice = crate::support::notice_text(&app);
    assert!(notice.contains("is not a text file"), "{notice}");
}

#[test]
fn the_dialogs_start_in_the_saved_games_folder_until_another_is_used() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app_in(dir.path());
    let store = app.world().resource::<Store>();
    let settings = app.world().resource::<Settings>();
    let folder = store.dialog_folder(settings).expect("a folder");
    assert_eq!(folder, dir.path().join("data").join("saved"));
    assert!(folder.is_dir(), "made for the dialog to start in");
}

#[test]
fn a_damaged_statistics_file_is_told_in_plain_words_with_the_detail_folded_away() {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = Paths::at(dir.path().join("config"), dir.path().join("data"));
    let mut app = app_in(dir.path());
    std::fs::create_dir_all(paths.data_dir()).expect("data dir");
    std::fs::write(paths.stats(), "{x").expect("write");
    request(&mut app, RecordRequest::Stats);
    let notices = app.world().resource::<StoreNotices>().messages.clone();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = &notices[0];
    let headline = app
        .world()
        .resource::<tengen::i18n::Words>()
        .phrase(&notice.headline);
    assert!(
        headline.starts_with("The statistics file is damaged and could not be read."),
        "{headline}"
    );
    assert!(headline.contains("kept as a backup at"), "{headline}");
    for jargon in ["expected", "line 1", "column"] {
        assert!(!headline.contains(jargon), "{headline}");
    }
    let detail = notice.detail.as_deref().expect("a detail");
    assert!(detail.contains("line 1 column 2"), "{detail}");
}

#[test]
fn a_record_saved_from_the_viewer_keeps_every_move_and_its_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    let file = dir.path().join("alice-bob.sgf");
    std::fs::write(&file, NAMED_RECORD).expect("write");
    drop_file(&mut app, file);
    app.world_mut()
        .write_message(tengen::game::GameCommand::View(tengen::game::ViewStep::To(
            3,
        )));
    app.update();
    assert_eq!(current(&app).game().moves().len(), 3);
    app.world_mut().resource_mut::<Answers>().0.clear();
    let copy = dir.path().join("copy.sgf");
    let answers = request(&mut app, RecordRequest::Save { path: copy.clone() });
    assert_eq!(answers, [format!("outcome: Saved as {}", copy.display())]);
    let saved = tengen_store::open_game_file(&copy, tengen_engine::Rule::Freestyle).expect("reads");
    assert_eq!(
        saved.game.moves().len(),
        9,
        "the whole record, not the moves shown"
    );
    assert_eq!(saved.black.as_deref(), Some("Alice"));
    assert_eq!(saved.white.as_deref(), Some("Bob"));
}

/// The history's files, as the History window lists them.
#[derive(Resource, Default)]
struct Listed(Vec<PathBuf>);

#[test]
fn a_game_from_the_history_opens_at_its_end_and_is_reviewed() {
    use tengen::analysis::review::{GameReview, ReviewEffort};
    use tengen::game::{GameCommand, Mode};
    use tengen_engine::{Color as Side, Level, Pos, Preset, SearchLimits};

    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    app.insert_resource(ReviewEffort(SearchLimits::nodes(1_000)))
        .init_resource::<Listed>()
        .add_observer(|answer: On<RecordAnswer>, mut listed: ResMut<Listed>| {
            if let RecordAnswer::History(list) = &*answer {
                listed.0 = list.iter().map(|entry| entry.path.clone()).collect();
            }
        });
    let setup = crate::support::setup(
        Mode::HumanVsHuman,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    );
    crate::support::send(&mut app, GameCommand::NewGame(setup));
    for (x, y) in crate::support::MISSED_BLOCK {
        crate::support::place(&mut app, x, y);
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(request(&mut app, RecordRequest::History), ["history 1"]);
    let path = app.world().resource::<Listed>().0[0].clone();
    // Back to a new game, then the finished one from the history, reviewed.
    crate::support::send(&mut app, GameCommand::Restart);
    assert_eq!(request(&mut app, RecordRequest::Review(path)), ["opened"]);
    assert_eq!(current(&app).record_position(), (9, 9));
    assert!(activity(&app) == Activity::Review);
    crate::support::run_until(&mut app, crate::support::SEARCH_FRAMES, |app| {
        app.world().resource::<GameReview>().moves.is_some()
    });
    let review = app.world().resource::<GameReview>();
    let blunder = review
        .of_move(&review.record[..8])
        .expect("move 8 reviewed");
    assert_eq!(blunder.best, Pos::new(7, 7));
}

#[test]
fn an_sgf_opened_with_variations_is_saved_with_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let study = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Ann]C[two answers]\
;B[hh]C[centre]TR[gg](;W[ig];B[jf])(;W[gi]C[or this];B[fj]))\n";
    let file = dir.path().join("study.sgf");
    std::fs::write(&file, study).expect("write the study");
    let mut app = app_in(dir.path());
    let answers = request(
        &mut app,
        RecordRequest::Open {
            path: file,
            against_computer: false,
        },
    );
    assert_eq!(answers, ["opened"]);
    assert_eq!(
        names(&app),
        ["h8", "i9", "j10"],
        "the main line is on the board"
    );

    let saved = dir.path().join("saved.sgf");
    request(
        &mut app,
        RecordRequest::Save {
            path: saved.clone(),
        },
    );
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(text.contains("C[two answers]"), "{text}");
    assert!(
        text.contains(";B[hh]C[centre]TR[gg](;W[ig];B[jf])(;W[gi]C[or this];B[fj]))"),
        "{text}"
    );

    // A pasted record has no tree to keep: it is saved as its line.
    request(
        &mut app,
        RecordRequest::Paste {
            text: "h8i9".to_owned(),
            against_computer: false,
        },
    );
    let pasted = dir.path().join("pasted.sgf");
    request(
        &mut app,
        RecordRequest::Save {
            path: pasted.clone(),
        },
    );
    let text = std::fs::read_to_string(&pasted).expect("saved");
    assert!(text.ends_with(";B[hh];W[ig])\n"), "{text}");
}
