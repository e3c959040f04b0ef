//! Persistence in the headless game: the autosave after each move restores the same game; a game saved
//! on the computer's turn makes it think again; bad files give a visible message, defaults and a kept
//! copy; finished games land in the history and the statistics; settings remember the last game.
//! Each test has its own temporary config and data folders (`Paths::at`), never the player's.

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::game::computer::{Autoplay, Thinking};
use tengen::game::{GameCommand, Mode, OpenGame, ViewStep};
use tengen::persistence::{PersistencePlugin, SaveHealth, Settings, StoreNotices, ThisGame};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Game, Level, Pos, Preset};
use tengen_match::BothSides;
use tengen_store::{self as store, Paths, PerSide, Player, Resume, SavedGame};

use crate::support::*;

pub(crate) fn paths(dir: &Path) -> Paths {
    Paths::at(dir.join("config"), dir.join("data"))
}

/// The headless game with persistence in `dir`, as the real app builds it.
pub(crate) fn app_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(paths(dir)));
    manual_time(&mut app);
    app.insert_resource(tengen::game::computer::Brains::seeded(SEED));
    app.init_resource::<Seen>().add_observer(
        |e: On<tengen::game::StonePlaced>, mut seen: ResMut<Seen>| seen.placed.push(*e),
    );
    app.update();
    app
}

/// The headless game with persistence in `dir`, built but not yet run a frame.
fn built_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(paths(dir)));
    manual_time(&mut app);
    app
}

/// A new two-player game with black's first stone on h8.
pub(crate) fn play_first_stone(app: &mut App) {
    send(
        app,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )),
    );
    place(app, 7, 7);
}

pub(crate) fn autosave(dir: &Path) -> Option<SavedGame> {
    match store::load_autosave(&paths(dir)).value {
        Resume::Continue(saved) | Resume::Finished(saved) => Some(*saved),
        Resume::Nothing => None,
    }
}

pub(crate) fn notices(app: &App) -> Vec<String> {
    app.world()
        .resource::<StoreNotices>()
        .messages
        .iter()
        .map(|notice| notice.full_text(app.world().resource::<tengen::i18n::Words>()))
        .collect()
}

#[test]
fn the_autosave_after_each_move_restores_the_same_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = app_in(dir.path());
    send(
        &mut first,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Renju15,
            Level::Low,
            Side::Black,
        )),
    );
    for (i, (x, y)) in [(7, 7), (8, 8), (6, 8), (9, 9), (5, 9)]
        .into_iter()
        .enumerate()
    {
        place(&mut first, x, y);
        // Written in the frame of the move, before anything else happens.
        let saved = autosave(dir.path()).expect("an autosave after the move");
        assert_eq!(saved.game().moves().len(), i + 1);
        assert_eq!(saved.game().moves(), current(&first).game().moves());
    }
    send(&mut first, GameCommand::Undo);
    send(&mut first, GameCommand::Undo);
    send(&mut first, GameCommand::Redo);
    let before = current(&first).clone();
    let before_stones = stones(&mut first);
    let started_at = first.world().resource::<ThisGame>().started_at_ms;
    let saved = autosave(dir.path()).expect("saved after undo and redo");
    assert_eq!(saved.game().moves().len(), 4);
    assert_eq!(saved.game().redo_moves(), before.game().redo_moves());
    assert_eq!(saved.undos_used(), 2);
    assert_eq!(saved.mode(), store::Mode::HumanVsHuman);
    assert_eq!(saved.started_at_ms, started_at);
    drop(first);

    let mut second = app_in(dir.path());
    assert!(notices(&second).is_empty(), "{:?}", notices(&second));
    let restored = current(&second).clone();
    assert!(restored.live(), "the menu offers Continue");
    assert_eq!(screen(&second), Screen::Menu);
    send(&mut second, GameCommand::Resume);
    assert_eq!(screen(&second), Screen::Playing);
    let restored = current(&second).clone();
    assert_eq!(restored.game().moves(), before.game().moves());
    assert_eq!(restored.game().redo_moves(), before.game().redo_moves());
    assert_eq!(restored.game().to_move(), before.game().to_move());
    assert_eq!(restored.game().hash(), before.game().hash());
    assert_eq!(restored.setup(), before.setup());
    assert_eq!(restored.undos(), 2);
    assert_eq!(stones(&mut second), before_stones);
    assert_eq!(
        second.world().resource::<ThisGame>().started_at_ms,
        started_at,
        "the same game, not a new one"
    );
    // Redo still works after the restart: the redo stack came back too.
    send(&mut second, GameCommand::Redo);
    assert_eq!(current(&second).game().moves().len(), 5);
}

fn middle_game_on_the_computers_turn(dir: &Path) {
    middle_game_saved(dir, &MIDDLE_GAME);
}

/// The middle game after `moves`, saved against the computer (white) with clocks of 12 s and 3 s.
fn middle_game_saved(dir: &Path, moves: &[Pos]) {
    let game = Game::from_moves(Preset::Freestyle15.variant(), moves).expect("legal");
    let mut saved = SavedGame::of_game(
        game,
        store::Mode::HumanVsComputer,
        PerSide {
            black: Player::Human { name: "Ada".into() },
            white: Player::Computer {
                level: store::Level::Medium,
                step: None,
            },
        },
    )
    .expect("a preset's board");
    saved
        .edit(|m| {
            m.spent_ms = BothSides {
                black: 12_000,
                white: 3_000,
            };
            m.hints = 1;
        })
        .expect("clocks and hints fit");
    store::save_autosave(&paths(dir), &saved).expect("write autosave");
}

#[test]
fn after_continue_the_clocks_go_on_from_the_saved_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    // On the person's turn: no answer of the computer's can move the clocks meanwhile.
    middle_game_saved(dir.path(), &MIDDLE_GAME[..6]);
    let mut app = app_in(dir.path());
    send(&mut app, GameCommand::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    let game = current(&app);
    let clocks = game.clocks();
    assert!(clocks.running(), "the clock of the side to move runs");
    let now = app.world().resource::<Time<Real>>().elapsed();
    // What the HUD shows: white's saved 3 s, black's saved 12 s, and black's turn runs on from it.
    assert_eq!(clocks.spent(Side::Black), Duration::from_secs(12));
    assert_eq!(clocks.spent(Side::White), Duration::from_secs(3));
    assert_eq!(clocks.shown(Side::White, now), Duration::from_secs(3));
    assert!(clocks.shown(Side::Black, now) >= Duration::from_secs(12));
}

#[test]
fn an_opened_record_brings_its_own_clocks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    play_first_stone(&mut app);
    // A long first game: white thinks for a minute and a half.
    run_for(&mut app, Duration::from_secs(90));
    assert!(
        current(&app)
            .clocks()
            .used(Side::White, Duration::from_secs(100))
            > Duration::ZERO
    );
    let record = Game::from_moves(Preset::Freestyle15.variant(), &MIDDLE_GAME).expect("legal");
    // Played on against the computer at once: a live game (a record in the viewer has no clocks).
    let open = OpenGame {
        game: record,
        against_computer: true,
        rewind: false,
        names: PerSide::default(),
    };
    send(&mut app, GameCommand::Open(Box::new(open)));
    assert_eq!(current(&app).game().moves(), MIDDLE_GAME);
    assert_eq!(
        current(&app).clocks().spent(Side::Black) + current(&app).clocks().spent(Side::White),
        Duration::ZERO
    );
    let saved = autosave(dir.path()).expect("the opened game is saved");
    // Black is not to move, so its clock shows exactly what it spent in this game: nothing.
    assert_eq!(saved.clock_ms().black, 0);
    assert!(saved.clock_ms().white < 80_000, "{:?}", saved.clock_ms());
}

#[test]
fn a_minute_of_think_time_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = app_in(dir.path());
    let mut expert = setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Expert,
        Side::Black,
    );
    expert.think_time = Duration::from_secs(60);
    send(&mut first, GameCommand::NewGame(expert));
    drop(first);
    let settings = store::load_settings(&paths(dir.path())).value;
    assert_eq!(settings.expert_think_ms, 60_000);
    // The next start offers the same minute.
    let second = app_in(dir.path());
    assert_eq!(current(&second).setup().think_time, Duration::from_secs(60));
    assert_eq!(
        current(&second).setup().search_limits().think_time,
        Duration::from_secs(60)
    );
}

#[test]
fn a_game_saved_on_the_computers_turn_makes_it_think_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    middle_game_on_the_computers_turn(dir.path());
    let mut app = app_in(dir.path());
    let restored = current(&app).clone();
    assert!(restored.live());
    assert_eq!(restored.setup().mode, Mode::HumanVsComputer);
    assert_eq!(restored.setup().first_seat, Side::Black, "Ada plays black");
    assert_eq!(restored.setup().level, Level::Medium);
    assert_eq!(restored.hints(), 1);
    assert_eq!(
        count::<Thinking>(&mut app),
        0,
        "nothing moves before Continue"
    );
    // A while on the menu is not playing time.
    run_for(&mut app, Duration::from_millis(1500));

    send(&mut app, GameCommand::Resume);
    assert_eq!(
        count::<Thinking>(&mut app),
        1,
        "the computer resumes thinking at once"
    );
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 8
    });
    let answer = seen(&app)
        .placed
        .last()
        .copied()
        .expect("the computer's move");
    assert!(answer.by_computer);
    assert_eq!(answer.color, Side::White);
    // Its answer is saved like any move, and the clocks went on from the saved ones.
    settle_files(&app);
    let saved = autosave(dir.path()).expect("autosave");
    assert_eq!(saved.game().moves().len(), 8);
    assert!(saved.clock_ms().white > 3_000, "{:?}", saved.clock_ms());
    assert_eq!(saved.clock_ms().black, 12_000);
    // The game's playing time is both clocks together (the menu's time is in neither): the file
    // keeps only the clocks.
}

#[test]
fn bad_settings_and_autosave_files_are_kept_aside_and_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    std::fs::create_dir_all(p.config_dir()).expect("config dir");
    std::fs::create_dir_all(p.data_dir()).expect("data dir");
    std::fs::write(p.settings(), "{\"version\": 2, \"volume\": ").expect("write");
    std::fs::write(p.autosave(), "this is no saved game").expect("write");

    let app = app_in(dir.path());
    let messages = notices(&app);
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("settings") && m.contains("cut short")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("autosave")),
        "{messages:?}"
    );
    assert!(
        messages.iter().all(|m| m.contains("kept as")),
        "{messages:?}"
    );
    assert_eq!(
        app.world().resource::<Settings>().0,
        store::Settings::default()
    );
    assert!(!current(&app).live(), "no game to continue");
    assert!(!p.settings().exists() && !p.autosave().exists());
    for folder in [p.config_dir(), p.data_dir()] {
        let kept = std::fs::read_dir(folder)
            .expect("folder")
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".bad-"))
            .count();
        assert_eq!(kept, 1, "one bad file kept aside in {folder:?}");
    }
}

#[test]
fn settings_from_a_newer_version_or_with_wrong_types_give_defaults_and_a_message() {
    for (text, says) in [
        ("{\"version\": 99, \"sound\": false}", "newer Tengen"),
        ("{\"version\": 2, \"sound\": \"loud\"}", "wrong kind"),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = paths(dir.path());
        std::fs::create_dir_all(p.config_dir()).expect("config dir");
        std::fs::write(p.settings(), text).expect("write");
        let app = app_in(dir.path());
        let messages = notices(&app);
        assert!(
            messages
                .iter()
                .any(|m| m.contains(says) && m.contains("kept as")),
            "{text}: {messages:?}"
        );
        assert_eq!(
            app.world().resource::<Settings>().0,
            store::Settings::default()
        );
    }
}

/// Black (the human) has four in a row, h8–k8 on 15×15 freestyle, and is to move against Low.
/// The game of [`four_in_a_row`] continued and won by its fifth stone, the player named `name` in
/// the settings where given.
fn won_from_the_autosave(dir: &Path, name: Option<&str>) -> App {
    four_in_a_row(dir);
    let mut app = app_in(dir);
    if let Some(name) = name {
        app.world_mut().resource_mut::<Settings>().player_name = name.into();
    }
    send(&mut app, GameCommand::Resume);
    place(&mut app, 11, 7);
    app
}

pub(crate) fn four_in_a_row(dir: &Path) {
    let moves = [
        Pos::new(7, 7),
        Pos::new(7, 0),
        Pos::new(8, 7),
        Pos::new(0, 0),
        Pos::new(9, 7),
        Pos::new(14, 14),
        Pos::new(10, 7),
        Pos::new(0, 14),
    ];
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
    let saved = SavedGame::of_game(
        game,
        store::Mode::HumanVsComputer,
        PerSide {
            black: Player::Human { name: "Ada".into() },
            white: Player::Computer {
                level: store::Level::Low,
                step: None,
            },
        },
    )
    .expect("a preset's board");
    store::save_autosave(&paths(dir), &saved).expect("write autosave");
}

#[test]
fn a_finished_game_lands_in_the_history_and_the_statistics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = won_from_the_autosave(dir.path(), None);
    assert_eq!(screen(&app), Screen::GameOver);

    let history = store::list_history(&p);
    assert!(history.warnings.is_empty());
    assert_eq!(history.value.len(), 1);
    assert_eq!(history.value[0].moves, 9);
    assert_eq!(history.value[0].rule, "freestyle");
    assert_eq!(history.value[0].black.as_deref(), Some("Ada"));

    let stats = store::load_stats(&p).value;
    let record = stats
        .record(store::Level::Low, "freestyle")
        .expect("a record for Low, freestyle");
    assert_eq!((record.wins, record.losses, record.draws), (1, 0, 0));
    assert_eq!(record.current_streak, 1);
    let fastest = record.fastest_win.as_ref().expect("fastest win");
    assert_eq!(fastest.moves, 9);
    // The player's name comes from the saved game's human.
    assert_eq!(fastest.player, "Ada");
    assert_eq!(stats.hall_of_fame().len(), 1);
    assert!(autosave(dir.path()).is_none(), "nothing left to continue");

    // Back to the menu and the frames after it do not file the game twice.
    send(&mut app, GameCommand::Menu);
    run_for(&mut app, Duration::from_millis(50));
    assert_eq!(store::list_history(&p).value.len(), 1);
    assert_eq!(
        store::load_stats(&p)
            .value
            .record(store::Level::Low, "freestyle")
            .map(|r| r.games()),
        Some(1)
    );
}

#[test]
fn a_game_replayed_from_the_history_is_looked_through_and_not_filed_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = won_from_the_autosave(dir.path(), None);
    let entry = store::list_history(&p).value.remove(0);
    let record = store::open_history(&entry.path).expect("reopen");
    let stats_before = store::load_stats(&p).value;

    let own = own_name(&app);
    send(
        &mut app,
        GameCommand::Open(Box::new(OpenGame::record(record, false, true, &own))),
    );
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(on_record(&app), "a replay opens in the viewer");
    assert_eq!(current(&app).game().moves().len(), 0);
    assert_eq!(current(&app).game().redo_moves().len(), 9);
    assert_eq!(seat_names(&app)[0], "Ada", "the record's names");
    for _ in 0..4 {
        send(&mut app, GameCommand::Redo);
    }
    assert_eq!(current(&app).game().moves().len(), 4);
    assert!(
        autosave(dir.path()).is_none(),
        "looking through a record is no game in progress"
    );
    for _ in 0..5 {
        send(&mut app, GameCommand::Redo);
    }
    assert!(current(&app).game().is_over());
    assert_eq!(
        screen(&app),
        Screen::Playing,
        "no game-over card for a record"
    );
    assert_eq!(store::list_history(&p).value.len(), 1, "not a new game");
    assert_eq!(store::load_stats(&p).value, stats_before);

    // Played on from move 4 as two players, to the record's own end: still not a new game.
    let moves = current(&app).game().moves().to_vec();
    send(&mut app, GameCommand::View(ViewStep::To(4)));
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: false,
        },
    );
    let players = app.world().resource::<ThisGame>().players.clone();
    assert_eq!(
        players.map(|p| p.black),
        Some(Player::Human { name: "Ada".into() }),
        "the record's names are kept"
    );
    for &pos in &moves[4..] {
        send(&mut app, GameCommand::Place(pos));
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(store::list_history(&p).value.len(), 1, "not a new game");
    assert!(autosave(dir.path()).is_none());
}

#[test]
fn a_new_game_is_remembered_in_the_settings_for_next_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chosen = tengen::game::GameSetup {
        mode: Mode::HumanVsHuman,
        preset: Preset::Renju15,
        level: Level::Expert,
        first_seat: Side::White,
        think_time: Duration::from_millis(2500),
        step: None,
        matched: false,
        time: tengen_match::TimeControl::None,
        engine: None,
        first_engine: None,
    };
    {
        let mut app = app_in(dir.path());
        send(&mut app, GameCommand::NewGame(chosen));
        // Saved once the settings have been still for a moment.
        run_for(&mut app, Duration::from_millis(800));
        let saved = store::load_settings(&paths(dir.path())).value;
        assert_eq!(saved.mode, store::Mode::HumanVsHuman);
        assert_eq!(saved.preset, Preset::Renju15);
        assert_eq!(saved.level, store::Level::Expert);
        assert_eq!(saved.human_color, Side::White);
        assert_eq!(saved.expert_think_ms, 2500);
    }
    // Nothing was played, so there is nothing to continue: the menu starts from the remembered setup.
    let app = app_in(dir.path());
    assert!(!current(&app).live());
    assert_eq!(current(&app).setup(), chosen);
}

#[test]
fn a_data_folder_that_cannot_be_written_is_reported_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A file where the data folder should be: nothing can be saved in it.
    std::fs::write(dir.path().join("data"), "not a folder").expect("write");
    let mut app = app_in(dir.path());
    // Already at start: the autosave cannot be read.
    let at_start = notices(&app);
    assert!(
        at_start
            .iter()
            .any(|m| m.contains("autosave") && m.contains("could not be read")),
        "{at_start:?}"
    );
    play_first_stone(&mut app);
    // Saving trouble is no dialog over the board: the side panel says it while it lasts.
    let messages = notices(&app);
    assert_eq!(messages, at_start, "no new dialog for a failed save");
    let trouble = app
        .world()
        .resource::<SaveHealth>()
        .trouble()
        .cloned()
        .expect("the failed save is known");
    assert_eq!(trouble.file, store::FileKind::Autosave);
    // The game itself is unharmed.
    place(&mut app, 8, 8);
    assert_eq!(current(&app).game().moves().len(), 2);
}

#[test]
fn a_finished_game_left_in_the_autosave_is_filed_once_at_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    four_in_a_row(dir.path());
    let mut saved = autosave(dir.path()).expect("autosave");
    saved.play(Pos::new(11, 7)).expect("the five");
    assert!(saved.is_over());
    // The app died after the last move was saved, before the game was filed.
    store::save_autosave(&p, &saved).expect("write");

    let app = app_in(dir.path());
    assert!(
        !current(&app).live(),
        "a finished game is not offered as Continue"
    );
    assert!(autosave(dir.path()).is_none());
    assert_eq!(store::list_history(&p).value.len(), 1);
    drop(app);
    let _again = app_in(dir.path());
    assert_eq!(store::list_history(&p).value.len(), 1);
    assert_eq!(
        store::load_stats(&p)
            .value
            .record(store::Level::Low, "freestyle")
            .map(|r| r.wins),
        Some(1)
    );
}

#[test]
fn changed_settings_are_written_once_they_stop_changing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = app_in(dir.path());
    app.world_mut().resource_mut::<Settings>().volume = 0.25;
    app.update();
    assert!(
        !p.settings().exists(),
        "not written in the frame of the change (a slider moves every frame)"
    );
    run_until(&mut app, SEARCH_FRAMES, |_| p.settings().exists());
    assert_eq!(store::load_settings(&p).value.volume, 0.25);
    drop(app);
    let app = app_in(dir.path());
    assert_eq!(app.world().resource::<Settings>().volume, 0.25);
}

#[test]
fn closing_the_app_writes_the_clocks_once_more() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    play_first_stone(&mut app);
    let after_move = autosave(dir.path()).expect("autosave").clock_ms().white;
    // White thinks for a while, then the window is closed.
    run_for(&mut app, Duration::from_millis(300));
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let on_exit = autosave(dir.path()).expect("autosave").clock_ms().white;
    assert!(
        on_exit >= after_move + 250,
        "white's clock on exit {on_exit} ms, after the move {after_move} ms"
    );
}

#[test]
fn a_paused_computer_game_stays_paused_on_continue() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = Game::from_moves(Preset::Freestyle15.variant(), &MIDDLE_GAME).expect("legal");
    let computer = Player::Computer {
        level: store::Level::Low,
        step: None,
    };
    let mut saved = SavedGame::of_game(
        game,
        store::Mode::ComputerVsComputer,
        PerSide {
            black: computer.clone(),
            white: computer,
        },
    )
    .expect("a preset's board");
    saved.paused = true;
    store::save_autosave(&paths(dir.path()), &saved).expect("write");
    let mut app = app_in(dir.path());
    send(&mut app, GameCommand::Resume);
    assert!(app.world().resource::<Autoplay>().paused);
    assert_eq!(count::<Thinking>(&mut app), 0, "paused: nobody thinks");
    run_for(&mut app, Duration::from_millis(300));
    assert_eq!(current(&app).game().moves().len(), 7);
    // Step plays one move, as before the restart.
    send(&mut app, GameCommand::Step);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 8
    });
    settle_files(&app);
    assert!(autosave(dir.path()).is_some_and(|s| s.paused && s.game().moves().len() == 8));
}

/// A version 2 autosave on a 9×9 board of four in a row, which this version does not offer.
pub(crate) const OFF_BOARD_V2: &str = r#"{ "version": 2,
    "variant": { "size": 9, "win_len": 4, "rule": "freestyle" }, "mode": "human-vs-human",
    "players": { "black": { "kind": "human", "name": "A" }, "white": { "kind": "human", "name": "B" } },
    "moves": ["e5"], "started_at_ms": 5 }"#;

#[test]
fn a_saved_game_on_a_board_the_game_does_not_offer_is_kept_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    // Only an older file can hold one: the match's form names a rule the game offers.
    std::fs::create_dir_all(p.data_dir()).expect("data folder");
    std::fs::write(p.autosave(), OFF_BOARD_V2).expect("write");
    let app = app_in(dir.path());
    let messages = notices(&app);
    assert!(
        messages
            .iter()
            .any(|m| m.contains("cannot be played") && m.contains("kept as")),
        "{messages:?}"
    );
    assert!(!current(&app).live());
    assert!(
        !p.autosave().exists(),
        "moved aside, so the message is not repeated"
    );
}

#[test]
fn a_second_window_leaves_the_first_ones_autosave_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = app_in(dir.path());
    send(
        &mut first,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )),
    );
    place(&mut first, 7, 7);
    let before = autosave(dir.path()).expect("the first window's autosave");

    // Started while the first one runs: it says so and neither offers nor writes the saved game.
    let mut second = app_in(dir.path());
    assert!(
        notices(&second)
            .iter()
            .any(|m| m.starts_with("Another Tengen window is already running")),
        "{:?}",
        notices(&second)
    );
    assert!(
        !current(&second).live(),
        "the second window offers no Continue"
    );
    send(
        &mut second,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Low,
            Side::Black,
        )),
    );
    place(&mut second, 3, 3);
    place(&mut second, 4, 4);
    assert_eq!(
        current(&second).game().moves().len(),
        2,
        "the second window plays"
    );
    drop(second);
    let after = autosave(dir.path()).expect("still the first window's autosave");
    assert_eq!(after.game().moves(), before.game().moves());

    // The first window keeps saving, and once it is gone the next start offers its game.
    place(&mut first, 8, 8);
    assert_eq!(
        autosave(dir.path()).map(|s| s.game().moves().len()),
        Some(2)
    );
    drop(first);
    let third = app_in(dir.path());
    assert!(notices(&third).is_empty(), "{:?}", notices(&third));
    assert!(current(&third).live(), "the menu offers Continue again");
}

#[test]
fn a_game_left_in_its_swap_opening_continues_in_it_and_the_rule_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let mut app = app_in(dir.path());
        app.world_mut()
            .resource_mut::<tengen::game::opening::OpeningChoice>()
            .0 = tengen_engine::OpeningRule::Swap2;
        send(
            &mut app,
            GameCommand::NewGame(setup(
                Mode::HumanVsHuman,
                Preset::Freestyle15,
                Level::Low,
                Side::Black,
            )),
        );
        place(&mut app, 7, 7);
        place(&mut app, 8, 8);
        place(&mut app, 6, 8);
        settle_files(&app);
        let saved = autosave(dir.path()).expect("saved");
        assert!(!saved.game_match.opening().settled(), "the choice is saved");
    }
    let mut app = app_in(dir.path());
    assert_eq!(
        app.world()
            .resource::<tengen::game::opening::OpeningChoice>()
            .0,
        tengen_engine::OpeningRule::Swap2,
        "the New game form offers the last rule"
    );
    send(&mut app, GameCommand::Resume);
    assert!(matches!(
        current(&app).opening(),
        tengen::game::swap::OpeningPhase::Choosing {
            seat: tengen_match::Seat::Second,
            after: 3,
        }
    ));
    // Player 2 takes white; the three stones now belong to the opening, also after a restart.
    send(
        &mut app,
        GameCommand::Swap(tengen_engine::SwapChoice::White),
    );
    place(&mut app, 9, 9);
    settle_files(&app);
    drop(app);
    let mut app = app_in(dir.path());
    send(&mut app, GameCommand::Resume);
    assert!(current(&app).opening().settled());
    assert_eq!(current(&app).opening_stones(), 3);
    assert_eq!(current(&app).game().moves().len(), 4);
    // The fourth stone goes back; the proposal stays.
    send(&mut app, GameCommand::Undo);
    send(&mut app, GameCommand::Undo);
    assert_eq!(current(&app).game().moves().len(), 3);
}

#[test]
fn building_the_app_touches_no_file_and_its_first_frame_reads_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let mut app = app_in(dir.path());
        play_first_stone(&mut app);
        settle_files(&app);
    }
    let p = paths(dir.path());
    std::fs::write(p.settings(), "{\"version\": 2, \"volume\": ").expect("write");
    let mut app = built_in(dir.path());
    // Built: the bad settings file is where it was, and no game came back yet.
    assert!(
        p.settings().exists(),
        "building the app renamed the settings"
    );
    assert!(!current(&app).live());
    app.update();
    assert!(
        !p.settings().exists(),
        "the first frame keeps the bad file aside"
    );
    assert!(current(&app).live(), "the first frame brings back the game");
    assert_eq!(current(&app).game().moves().len(), 1);
}

/// Issue 35 item 5: a seat has one name. The file says who played in words anyone can read (the
/// player's own name, "Player 1", "Tengen (low)"); every screen here says the same seats in the
/// player's language, the history and a replay as the side panel did.
#[test]
fn a_seat_is_named_the_same_in_the_panel_the_file_and_a_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    let mut app = won_from_the_autosave(dir.path(), Some("Ada"));
    assert_eq!(seat_names(&app), ["You", "Computer"], "the side panel");
    let entry = store::list_history(&p).value.remove(0);
    assert_eq!(
        (entry.black.as_deref(), entry.white.as_deref()),
        (Some("Ada"), Some("Tengen (low)")),
        "the file"
    );

    app.world_mut().resource_mut::<Settings>().language = Some("ru".into());
    app.update();
    app.world_mut()
        .write_message(tengen::persistence::RecordRequest::Replay(entry.path));
    app.update();
    app.update();
    assert!(on_record(&app), "the replay is in the viewer");
    assert_eq!(seat_names(&app), ["Вы", "Компьютер (Слабый)"], "a replay");
    assert!(
        current(&app).is_you(Side::Black),
        "sentences about black speak to you"
    );

    // Two people at one screen are "Player 1" and "Player 2" in the file too.
    send(
        &mut app,
        GameCommand::NewGame(setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Low,
            Side::White,
        )),
    );
    for (x, y) in [
        (7, 7),
        (0, 0),
        (7, 8),
        (0, 2),
        (7, 9),
        (0, 4),
        (7, 10),
        (0, 6),
        (7, 11),
    ] {
        place(&mut app, x, y);
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(seat_names(&app), ["Игрок 1", "Игрок 2"]);
    let entry = store::list_history(&p)
        .value
        .into_iter()
        .find(|e| e.moves == 9 && e.black.as_deref() != Some("Ada"))
        .expect("the two players' game filed");
    // Player 1 took white.
    assert_eq!(
        (entry.black.as_deref(), entry.white.as_deref()),
        (Some("Player 2"), Some("Player 1"))
    );
    app.world_mut()
        .write_message(tengen::persistence::RecordRequest::Replay(entry.path));
    app.update();
    app.update();
    assert_eq!(
        seat_names(&app),
        ["Игрок 2", "Игрок 1"],
        "black first, as the file"
    );
}
