//! The language: `--lang` sets it for one run without saving it, a choice in Settings changes it at
//! once and is remembered, and with neither the game speaks the system's language.

use std::path::Path;
use std::time::Instant;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use clap::Parser;
use tengen::cli::Cli;
use tengen::i18n::{Language, LanguageForThisRun, SystemLanguage, Words};
use tengen::persistence::{PersistencePlugin, Settings, StoreNotices};
use tengen_store::{self as store, Paths};

use crate::support::*;

fn paths(dir: &Path) -> Paths {
    Paths::at(dir.join("config"), dir.join("data"))
}

/// The headless game with persistence in `dir`, started with `args` on an English desktop.
fn app_with(dir: &Path, args: &[&str]) -> App {
    let cli = Cli::try_parse_from(std::iter::once("tengen").chain(args.iter().copied()))
        .expect("valid flags");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(paths(dir)))
        .insert_resource(cli.into_options(Instant::now()))
        .add_plugins(tengen::cli::plugin)
        // Whatever the machine running the tests speaks.
        .insert_resource(SystemLanguage(Language::English));
    manual_time(&mut app);
    app.update();
    app
}

fn language(app: &App) -> Language {
    app.world().resource::<Words>().language()
}

fn menu_word(app: &App) -> String {
    app.world().resource::<Words>().tr("menu-new-game")
}

/// Changes a setting the player can't see as a language, and waits until the settings file is written.
fn save_settings(app: &mut App, dir: &Path) {
    let file = paths(dir).settings();
    app.world_mut().resource_mut::<Settings>().volume = 0.3;
    run_until(app, SEARCH_FRAMES, |_| file.exists());
}

#[test]
fn lang_sets_the_language_for_one_run_without_saving_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_with(dir.path(), &["--lang", "ru"]);
    assert_eq!(language(&app), Language::Russian);
    assert_eq!(menu_word(&app), "Новая игра");
    assert_eq!(app.world().resource::<Settings>().language, None);

    save_settings(&mut app, dir.path());
    assert_eq!(
        store::load_settings(&paths(dir.path())).value.language,
        None
    );
    drop(app);

    let app = app_with(dir.path(), &[]);
    assert_eq!(language(&app), Language::English);
    assert_eq!(menu_word(&app), "New game");
}

#[test]
fn a_settings_choice_applies_at_once_and_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_with(dir.path(), &["--lang", "zh-CN"]);
    assert_eq!(language(&app), Language::Chinese);

    // Picking Polish in Settings wins over this run's --lang, from the next frame on.
    app.world_mut().resource_mut::<Settings>().language = Some("pl".to_owned());
    app.update();
    assert_eq!(language(&app), Language::Polish);
    assert_eq!(menu_word(&app), "Nowa gra");
    assert_eq!(app.world().resource::<LanguageForThisRun>().0, None);

    let file = paths(dir.path()).settings();
    run_until(&mut app, SEARCH_FRAMES, |_| file.exists());
    assert_eq!(
        store::load_settings(&paths(dir.path()))
            .value
            .language
            .as_deref(),
        Some("pl")
    );
    drop(app);

    let app = app_with(dir.path(), &[]);
    assert_eq!(language(&app), Language::Polish);
}

#[test]
fn without_a_choice_the_system_language_is_spoken() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_with(dir.path(), &[]);
    app.insert_resource(SystemLanguage(Language::Chinese));
    app.update();
    assert_eq!(language(&app), Language::Chinese);
    assert_eq!(menu_word(&app), "新游戏");

    // A hand-edited language the game lacks falls back to the system's too.
    app.world_mut().resource_mut::<Settings>().language = Some("tlh".to_owned());
    app.update();
    assert_eq!(language(&app), Language::Chinese);
    app.world_mut().resource_mut::<Settings>().language = Some("en".to_owned());
    app.update();
    assert_eq!(language(&app), Language::English);
}

#[test]
fn an_unknown_lang_is_explained() {
    let error = Cli::try_parse_from(["tengen", "--lang", "klingon"]).expect_err("unknown");
    let text = error.to_string();
    assert!(text.contains("klingon") && text.contains("zh-CN"), "{text}");
    let cli = Cli::try_parse_from(["tengen", "--lang", "ru_RU.UTF-8"]).expect("a locale works too");
    assert_eq!(cli.lang, Some(Language::Russian));
}

/// The file notices, worded as the player reads them.
fn notice_headlines(app: &App) -> Vec<String> {
    let words = app.world().resource::<Words>();
    app.world()
        .resource::<StoreNotices>()
        .messages
        .iter()
        .map(|notice| words.phrase(&notice.headline))
        .collect()
}

#[test]
fn file_notices_met_at_start_read_in_the_players_language() {
    // A damaged autosave is met while the files load, before the language is known.
    let dir = tempfile::tempdir().expect("temp dir");
    let p = paths(dir.path());
    std::fs::create_dir_all(p.data_dir()).expect("data dir");
    std::fs::write(p.autosave(), "{ not a saved game").expect("write");
    let polish = store::Settings {
        language: Some("pl".into()),
        ..store::Settings::default()
    };
    store::save_settings(&p, &polish).expect("settings");
    let app = app_with(dir.path(), &[]);
    assert_eq!(language(&app), Language::Polish);
    let headlines = notice_headlines(&app);
    assert_eq!(headlines.len(), 1, "{headlines:?}");
    assert!(
        headlines[0].starts_with("Plik bieżącej gry jest uszkodzony")
            && headlines[0].contains("zaczyna się nowa gra")
            && headlines[0].contains("kopię zapasową"),
        "{headlines:?}"
    );

    // A saved game on a board this version does not offer, with `--lang ru`.
    let dir = tempfile::tempdir().expect("temp dir");
    let data = paths(dir.path());
    std::fs::create_dir_all(data.data_dir()).expect("data folder");
    std::fs::write(data.autosave(), crate::persist::OFF_BOARD_V2).expect("write");
    let mut app = app_with(dir.path(), &["--lang", "ru"]);
    let headlines = notice_headlines(&app);
    assert!(
        headlines.len() == 1 && headlines[0].contains("содержит партию, которую нельзя сыграть"),
        "{headlines:?}"
    );

    // Picking another language rewords the notice still on screen.
    app.world_mut().resource_mut::<Settings>().language = Some("zh-CN".into());
    app.update();
    let headlines = notice_headlines(&app);
    assert!(headlines[0].contains("无法进行"), "{headlines:?}");
}

#[test]
fn without_a_home_folder_the_notice_reads_in_the_language_of_the_run() {
    let cli = Cli::try_parse_from(["tengen", "--lang", "zh-CN"]).expect("valid flags");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin { paths: None })
        .insert_resource(cli.into_options(Instant::now()))
        .add_plugins(tengen::cli::plugin)
        .insert_resource(SystemLanguage(Language::English));
    manual_time(&mut app);
    app.update();
    assert_eq!(
        notice_headlines(&app),
        ["找不到主文件夹：设置、保存的对局和统计都不会保留。"]
    );
}
