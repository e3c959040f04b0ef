//! Behaviour tests of the store: round trips, resume, migrations, bad files and atomic writes, each in
//! its own temporary folder.

use std::fs;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tengen_engine::{Color, Game, GameResult, Pos, Preset, Rule, Variant};

use tengen_match::{BothSides, End, OpeningPhase, Reason, Seat, Seats};

use crate::*;

/// A Paths inside a fresh temporary folder (kept alive by the returned guard).
fn temp_paths() -> (tempfile::TempDir, Paths) {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = Paths::at(dir.path().join("config"), dir.path().join("data"));
    (dir, paths)
}

/// The engine's think-time range in milliseconds, as the settings file holds it.
fn think_ms() -> std::ops::RangeInclusive<u64> {
    let ms = |d: &std::time::Duration| d.as_millis() as u64;
    ms(tengen_engine::THINK_TIME.start())..=ms(tengen_engine::THINK_TIME.end())
}

#[test]
fn a_minute_of_think_time_is_kept() {
    let (_d, paths) = temp_paths();
    let settings = Settings {
        expert_think_ms: 60_000,
        ..Settings::default()
    };
    save_settings(&paths, &settings).expect("save");
    assert_eq!(load_settings(&paths).value.expert_think_ms, 60_000);
}

#[test]
fn settings_cut_at_a_space_load_the_same_twice() {
    // A name or language cut to its limit right after a space kept the space, and the next load
    // trimmed it: the settings changed by being read. Seen while writing the settings fuzz check.
    let (_d, paths) = temp_paths();
    let settings = Settings {
        player_name: format!("{} tail", "a".repeat(39)),
        language: Some(format!("{} tail", "b".repeat(34))),
        ..Settings::default()
    };
    save_settings(&paths, &settings).expect("save");
    let first = load_settings(&paths).value;
    assert_eq!(first.player_name, "a".repeat(39));
    assert_eq!(first.language, Some("b".repeat(34)));
    save_settings(&paths, &first).expect("save");
    assert_eq!(load_settings(&paths).value, first);
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    fs::read_to_string(path).expect("fixture")
}

/// Files in `dir` whose names start with `prefix`.
fn files_starting(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn human_vs(level: Level, human: Color) -> PerSide<Player> {
    let h = Player::Human { name: "Ann".into() };
    let c = Player::Computer { level, step: None };
    match human {
        Color::Black => PerSide { black: h, white: c },
        Color::White => PerSide { black: c, white: h },
    }
}

/// Black makes five along the top row while white plays the row below.
fn black_wins_in_9() -> Game {
    let mut moves = Vec::new();
    for i in 0..5u8 {
        moves.push(Pos::new(i, 0));
        if i < 4 {
            moves.push(Pos::new(i, 1));
        }
    }
    Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal")
}

/// `game` as a saved match of `mode` (on a preset's board).
fn saved_of(game: Game, mode: Mode, players: PerSide<Player>) -> SavedGame {
    SavedGame::of_game(game, mode, players).expect("a preset's board")
}

fn finished(game: Game, human: Color, level: Level, started_at_ms: u64) -> SavedGame {
    let mut saved = saved_of(game, Mode::HumanVsComputer, human_vs(level, human));
    saved.started_at_ms = started_at_ms;
    saved
}

#[test]
fn counts_at_their_limit_in_a_hand_edited_file_stay_there() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    let max = u32::MAX;
    let text = format!(
        r#"{{"version":1,"records":[{{"level":"low","rule":"freestyle","wins":{max},"losses":{max},"draws":{max},"current_streak":{max},"best_streak":{max}}}]}}"#
    );
    fs::write(paths.stats(), text).expect("write");
    let mut stats = load_stats(&paths).value;
    assert_eq!(stats.records[0].games(), max);
    let won = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    assert!(matches!(stats.add_game(&won), Counted::Counted { .. }));
    assert_eq!(stats.records.len(), 1, "counted on the same record");
    assert_eq!(stats.records[0].wins, max);
    assert_eq!(stats.records[0].current_streak, max);
}

// ---------------------------------------------------------------- paths

#[test]
fn files_live_in_the_config_and_data_folders() {
    let paths = Paths::at("/c", "/d");
    assert_eq!(paths.settings(), Path::new("/c/settings.json"));
    assert_eq!(paths.autosave(), Path::new("/d/autosave.json"));
    assert_eq!(paths.stats(), Path::new("/d/stats.json"));
    assert_eq!(paths.history_dir(), Path::new("/d/history"));
}

// ---------------------------------------------------------------- settings

#[test]
fn first_start_has_default_settings_and_no_warning() {
    let (_d, paths) = temp_paths();
    let loaded = load_settings(&paths);
    assert_eq!(loaded.value, Settings::default());
    assert!(loaded.warnings.is_empty());
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (
        any::<bool>(),
        0u32..=100,
        prop_oneof![Just(Theme::Classic), Just(Theme::Contrast)],
        prop_oneof![
            Just(AnimationSpeed::Off),
            Just(AnimationSpeed::Normal),
            Just(AnimationSpeed::Fast)
        ],
        any::<(bool, bool)>(),
        prop_oneof![
            Just(Mode::HumanVsComputer),
            Just(Mode::HumanVsHuman),
            Just(Mode::ComputerVsComputer)
        ],
        0usize..Preset::ALL.len(),
        0usize..3,
        (
            any::<bool>(),
            prop::option::of(prop_oneof![
                Just("en"),
                Just("ru"),
                Just("zh-CN"),
                Just("pl")
            ]),
            prop::option::of(0u8..=16),
            any::<bool>(),
            0usize..tengen_engine::OpeningRule::ALL.len(),
        ),
        think_ms(),
        (
            "[a-zA-Z0-9 éü\\]\\\\\"]{1,20}",
            any::<bool>(),
            prop::option::of("/[a-z0-9 ]{1,12}/[a-zé]{1,8}"),
            prop_oneof![Just(MoveNumbering::Single), Just(MoveNumbering::Pairs)],
            prop::collection::vec(any_engine(), 0..3),
        ),
    )
        .prop_map(
            |(
                sound,
                vol,
                theme,
                animation,
                (coords, forb),
                mode,
                p,
                l,
                (white, language, step, match_strength, opening),
                ms,
                (name, numbers, folder, numbering, mut engines),
            )| {
                for (i, engine) in engines.iter_mut().enumerate() {
                    engine.id = i as u32 + 1;
                }
                let opponent_engine = engines.first().map(|e| e.id).filter(|_| sound);
                Settings {
                    sound,
                    volume: vol as f32 / 100.0,
                    theme,
                    animation,
                    show_coordinates: coords,
                    show_forbidden: forb,
                    mode,
                    preset: Preset::ALL[p],
                    level: Level::ALL[l],
                    human_color: if white { Color::White } else { Color::Black },
                    expert_think_ms: ms,
                    step,
                    match_strength,
                    opening: tengen_engine::OpeningRule::ALL[opening],
                    // Written forms the game reads, and one it does not (read as no clock).
                    time_control: ["none", "3+2", "byo-yomi 10+3x30", "10/move", "20s+1", "x"]
                        [ms as usize % 6]
                        .to_owned(),
                    player_name: name,
                    last_folder: folder.map(std::path::PathBuf::from),
                    move_numbers: numbers,
                    numbering,
                    language: language.map(str::to_owned),
                    window: None,
                    first_engine: engines.last().map(|e| e.id).filter(|_| coords),
                    hint_engine: engines.first().map(|e| e.id).filter(|_| forb),
                    engines,
                    opponent_engine,
                }
                .clamped()
            },
        )
}

fn any_engine() -> impl Strategy<Value = EngineEntry> {
    (
        "/[a-z0-9 ]{1,12}/pbrain-[a-z]{1,8}",
        "[a-z0-9 -]{0,12}",
        "[a-zA-Z0-9 éü\"]{1,12}",
        (0u32..64, 0u32..4096),
        "([a-z_]{1,8}=[0-9]{1,4}\n){0,3}",
        proptest::option::of(any::<bool>()),
    )
        .prop_map(
            |(path, arguments, name, (threads, memory_mb), info, renju)| EngineEntry {
                id: 0,
                path,
                arguments,
                version: format!("{threads}.0"),
                author: name.chars().rev().collect(),
                name,
                country: String::new(),
                threads,
                memory_mb,
                info,
                renju,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn settings_round_trip(settings in any_settings()) {
        let (_d, paths) = temp_paths();
        save_settings(&paths, &settings).expect("save");
        let loaded = load_settings(&paths);
        prop_assert!(loaded.warnings.is_empty());
        prop_assert_eq!(loaded.value, settings);
    }
}

#[test]
fn the_chosen_language_is_remembered_and_older_files_follow_the_system() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    // A file from before languages: no `language` field.
    fs::write(paths.settings(), r#"{ "version": 2, "sound": false }"#).expect("write");
    let loaded = load_settings(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.value.language, None);

    let chosen = Settings {
        language: Some("ru".to_owned()),
        ..loaded.value
    };
    save_settings(&paths, &chosen).expect("save");
    assert_eq!(load_settings(&paths).value.language.as_deref(), Some("ru"));

    // A blank hand-edited tag means no choice.
    fs::write(paths.settings(), r#"{ "version": 2, "language": "  " }"#).expect("write");
    assert_eq!(load_settings(&paths).value.language, None);
}

#[test]
fn move_numbering_is_remembered_and_older_files_count_single_moves() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    // A file from before the choice: no `numbering` field.
    fs::write(paths.settings(), r#"{ "version": 2, "sound": false }"#).expect("write");
    assert_eq!(load_settings(&paths).value.numbering, MoveNumbering::Single);
    let pairs = Settings {
        numbering: MoveNumbering::Pairs,
        ..Settings::default()
    };
    save_settings(&paths, &pairs).expect("save");
    let text = fs::read_to_string(paths.settings()).expect("read");
    assert!(text.contains(r#""numbering": "pairs""#), "{text}");
    assert_eq!(load_settings(&paths).value.numbering, MoveNumbering::Pairs);
}

#[test]
fn added_engines_are_kept_and_older_files_have_none() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    // A file from before engines could be added: no `engines` nor `opponent_engine` field.
    fs::write(paths.settings(), r#"{ "version": 2, "sound": false }"#).expect("write");
    let loaded = load_settings(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert!(loaded.value.engines.is_empty());
    assert_eq!(loaded.value.opponent_engine, None);

    let rapfi = EngineEntry {
        id: 7,
        path: "/opt/rapfi/pbrain-rapfi".to_owned(),
        arguments: "--config x.toml".to_owned(),
        name: "Rapfi".to_owned(),
        version: "0.43".to_owned(),
        threads: 4,
        memory_mb: 512,
        info: "caution_factor=2\nno equals sign\n=3".to_owned(),
        ..EngineEntry::default()
    };
    let chosen = Settings {
        engines: vec![rapfi.clone()],
        opponent_engine: Some(7),
        ..loaded.value
    };
    save_settings(&paths, &chosen).expect("save");
    let again = load_settings(&paths).value;
    assert_eq!(again.engines, vec![rapfi.clone()]);
    assert_eq!(again.opponent_engine, Some(7));
    assert_eq!(rapfi.command(), "/opt/rapfi/pbrain-rapfi --config x.toml");
    assert_eq!(rapfi.max_memory(), 512 * 1024 * 1024);
    let pairs = rapfi.info_pairs();
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(pairs, [("thread_num", "4"), ("caution_factor", "2")]);

    // An opponent no entry has is Tengen's own; a second entry with a taken id is dropped.
    fs::write(
        paths.settings(),
        r#"{ "version": 2, "opponent_engine": 3,
             "engines": [ { "id": 1, "path": "a" }, { "id": 1, "path": "b" } ] }"#,
    )
    .expect("write");
    let hand_edited = load_settings(&paths).value;
    assert_eq!(hand_edited.opponent_engine, None);
    assert_eq!(hand_edited.engines.len(), 1);
    assert_eq!(hand_edited.engines[0].path, "a");
}

#[test]
fn settings_file_carries_its_version() {
    let (_d, paths) = temp_paths();
    save_settings(&paths, &Settings::default()).expect("save");
    let text = fs::read_to_string(paths.settings()).expect("read");
    assert!(text.contains("\"version\": 2"), "{text}");
}

#[test]
fn missing_settings_fields_default_and_unknown_ones_are_ignored() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    fs::write(
        paths.settings(),
        r#"{ "version": 2, "sound": false, "from_the_future": [1, 2, 3] }"#,
    )
    .expect("write");
    let loaded = load_settings(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(
        loaded.value,
        Settings {
            sound: false,
            // A file without a step is a player who chose a level: not put on the newcomer's step 1.
            step: None,
            ..Settings::default()
        }
    );
}

#[test]
fn hand_edited_settings_out_of_range_are_brought_back() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    fs::write(
        paths.settings(),
        r#"{ "version": 2, "volume": 7.5, "expert_think_ms": 99999999, "player_name": "   " }"#,
    )
    .expect("write");
    let s = load_settings(&paths).value;
    assert_eq!(s.volume, 1.0);
    assert_eq!(s.expert_think_ms, *think_ms().end());
    assert_eq!(s.player_name, "Player");
}

#[test]
fn the_window_place_is_kept_and_a_hand_edited_one_is_brought_within_bounds() {
    let (_d, paths) = temp_paths();
    let place = WindowPlace {
        width: 1280,
        height: 800,
        position: Some([40, -30]),
    };
    let settings = Settings {
        window: Some(place),
        ..Settings::default()
    };
    save_settings(&paths, &settings).expect("save");
    assert_eq!(load_settings(&paths).value.window, Some(place));
    fs::write(
        paths.settings(),
        r#"{ "version": 2, "window": { "width": 300, "height": 99999, "position": [9999999, 0] } }"#,
    )
    .expect("write");
    let window = load_settings(&paths).value.window.expect("a window");
    assert_eq!((window.width, window.height), (WINDOW_MIN.0, 16_384));
    assert_eq!(window.position, None, "far off any desktop");
    // Older files have no window: the default size, placed by the desktop.
    fs::write(paths.settings(), r#"{ "version": 2, "sound": false }"#).expect("write");
    assert_eq!(load_settings(&paths).value.window, None);
}

#[test]
fn version_1_settings_are_migrated() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    fs::write(paths.settings(), fixture("settings-v1.json")).expect("write");
    let loaded = load_settings(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(
        loaded.value,
        Settings {
            sound: false,
            volume: 0.35,
            theme: Theme::Contrast,
            animation: AnimationSpeed::Off,
            show_coordinates: false,
            show_forbidden: true,
            mode: Mode::HumanVsHuman,
            preset: Preset::Renju15,
            level: Level::Expert,
            human_color: Color::White,
            expert_think_ms: 2500,
            player_name: "Ann".into(),
            // Not in version 1: the defaults.
            step: None,
            match_strength: false,
            opening: tengen_engine::OpeningRule::Free,
            time_control: "none".into(),
            last_folder: None,
            move_numbers: false,
            numbering: MoveNumbering::Single,
            language: None,
            window: None,
            engines: Vec::new(),
            opponent_engine: None,
            first_engine: None,
            hint_engine: None,
        }
    );
    // Saving writes the current version; the next load needs no migration.
    save_settings(&paths, &loaded.value).expect("save");
    let text = fs::read_to_string(paths.settings()).expect("read");
    assert!(text.contains("\"version\": 2") && !text.contains("volume_percent"));
}

// ---------------------------------------------------------------- bad files

/// Writes `content` as the settings file, loads, and checks the common promises: defaults, one
/// warning, the file kept aside with its bytes intact, nothing left under the original name.
fn bad_settings(content: &[u8]) -> Warning {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    fs::write(paths.settings(), content).expect("write");
    let loaded = load_settings(&paths);
    assert_eq!(loaded.value, Settings::default());
    assert_eq!(loaded.warnings.len(), 1);
    let w = loaded.warnings.into_iter().next().expect("one warning");
    let kept = w.kept_as.clone().expect("kept aside");
    assert!(
        kept.file_name()
            .expect("name")
            .to_string_lossy()
            .starts_with("settings.json.bad-")
    );
    assert_eq!(fs::read(&kept).expect("kept file"), content);
    assert!(!paths.settings().exists());
    // The next start is clean: the bad file is not read again.
    assert!(load_settings(&paths).warnings.is_empty());
    w
}

#[test]
fn truncated_settings_are_kept_aside() {
    let w = bad_settings(br#"{ "version": 2, "sound": tr"#);
    assert!(matches!(w.problem, Problem::Truncated(_)), "{w}");
    assert!(w.to_string().contains("cut short"), "{w}");
    assert!(w.to_string().contains("Default settings are used"), "{w}");
}

#[test]
fn a_damaged_file_is_told_by_its_kind_with_the_parser_detail_apart() {
    // The game words the headline from the kind of file and problem; the detail keeps the parser's.
    let w = bad_settings(b"{x");
    assert_eq!(w.file, FileKind::Settings);
    assert!(matches!(w.problem, Problem::Garbage(_)), "{w}");
    assert!(w.kept_as.is_some(), "{w}");
    let detail = w.detail();
    assert!(detail.contains("line 1 column 2"), "{detail}");
    assert!(detail.contains("settings.json"), "{detail}");
}

#[test]
fn garbage_settings_are_kept_aside() {
    let w = bad_settings(b"\x89PNG\r\n not settings at all");
    assert!(matches!(w.problem, Problem::Garbage(_)), "{w}");
    let w = bad_settings(b"[1, 2, 3]");
    assert!(matches!(w.problem, Problem::Garbage(_)), "{w}");
}

#[test]
fn settings_from_a_newer_version_are_kept_aside() {
    let w = bad_settings(br#"{ "version": 99, "sound": true }"#);
    assert!(
        matches!(
            w.problem,
            Problem::TooNew {
                found: 99,
                supported: 2
            }
        ),
        "{w}"
    );
    assert!(w.to_string().contains("newer Tengen"), "{w}");
}

#[test]
fn settings_with_wrong_types_are_kept_aside() {
    let w = bad_settings(br#"{ "version": 2, "volume": "loud" }"#);
    assert!(matches!(w.problem, Problem::WrongTypes(_)), "{w}");
    let w = bad_settings(br#"{ "version": "two" }"#);
    assert!(matches!(w.problem, Problem::WrongTypes(_)), "{w}");
    let w = bad_settings(br#"{ "version": 2, "preset": "chess" }"#);
    assert!(matches!(w.problem, Problem::WrongTypes(_)), "{w}");
}

#[test]
fn unreadable_config_folder_gives_defaults_and_a_message() {
    // Tests run as root, so permissions cannot make a folder unreadable; a "folder" that is really a
    // file fails for everyone.
    let (d, _) = temp_paths();
    let not_a_dir = d.path().join("config");
    fs::write(&not_a_dir, b"I am a file").expect("write");
    let paths = Paths::at(&not_a_dir, d.path().join("data"));
    let loaded = load_settings(&paths);
    assert_eq!(loaded.value, Settings::default());
    let w = &loaded.warnings[0];
    assert!(matches!(w.problem, Problem::Unreadable(_)), "{w}");
    assert!(w.to_string().contains("could not be read"), "{w}");
    // Nothing was renamed or deleted.
    assert_eq!(fs::read(&not_a_dir).expect("still there"), b"I am a file");
    // Saving fails with an error the UI can show, and the game goes on.
    let e = save_settings(&paths, &Settings::default()).expect_err("cannot save");
    assert!(e.to_string().contains("Could not save the settings"), "{e}");
}

#[test]
fn a_folder_where_the_settings_file_should_be_is_moved_aside() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.settings()).expect("dir");
    let loaded = load_settings(&paths);
    assert_eq!(loaded.value, Settings::default());
    let w = &loaded.warnings[0];
    assert!(matches!(w.problem, Problem::Unreadable(_)), "{w}");
    assert!(w.kept_as.as_ref().is_some_and(|k| k.is_dir()));
    save_settings(&paths, &Settings::default()).expect("the name is free again");
}

#[test]
fn every_store_keeps_bad_files_aside() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    fs::write(paths.autosave(), b"{\"version\": 2, \"mo").expect("write");
    fs::write(paths.stats(), b"nonsense").expect("write");
    let resume = load_autosave(&paths);
    assert!(matches!(resume.value, Resume::Nothing));
    assert!(matches!(resume.warnings[0].problem, Problem::Truncated(_)));
    let stats = load_stats(&paths);
    assert_eq!(stats.value, Stats::default());
    assert!(matches!(stats.warnings[0].problem, Problem::Garbage(_)));
    assert_eq!(
        files_starting(paths.data_dir(), "autosave.json.bad-").len(),
        1
    );
    assert_eq!(files_starting(paths.data_dir(), "stats.json.bad-").len(), 1);
}

#[test]
fn a_bad_file_is_never_overwritten_by_a_second_bad_file() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.config_dir()).expect("dir");
    fs::write(paths.settings(), b"first").expect("write");
    load_settings(&paths);
    fs::write(paths.settings(), b"second").expect("write");
    load_settings(&paths);
    let kept = files_starting(paths.config_dir(), "settings.json.bad-");
    assert_eq!(kept.len(), 2);
    let mut contents: Vec<Vec<u8>> = kept.iter().map(|p| fs::read(p).expect("read")).collect();
    contents.sort();
    assert_eq!(contents, vec![b"first".to_vec(), b"second".to_vec()]);
}

// ---------------------------------------------------------------- autosave and resume

fn assert_same_state(a: &SavedGame, b: &SavedGame) {
    assert_eq!(a.game().moves(), b.game().moves());
    assert_eq!(a.game().redo_moves(), b.game().redo_moves());
    assert_eq!(a.game().to_move(), b.game().to_move());
    assert_eq!(a.game().hash(), b.game().hash());
    assert_eq!(a.game().outcome(), b.game().outcome());
    assert_eq!(a, b);
}

#[test]
fn autosave_after_a_move_restores_the_same_game() {
    let (_d, paths) = temp_paths();
    let mut game = Game::new(Preset::Renju15.variant());
    for pos in [(7, 7), (8, 8), (6, 8), (9, 9), (5, 9)] {
        game.play(Pos::new(pos.0, pos.1)).expect("legal");
    }
    game.undo();
    game.undo();
    let mut saved = saved_of(
        game,
        Mode::HumanVsComputer,
        human_vs(Level::Expert, Color::White),
    );
    saved
        .edit(|m| {
            m.spent_ms = BothSides {
                black: 3_703,
                white: 2_469,
            };
            m.undos = 1;
            m.hints = 3;
        })
        .expect("a saved form that fits");
    save_autosave(&paths, &saved).expect("save");

    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(back) = loaded.value else {
        panic!("an unfinished game is offered as Continue");
    };
    assert_same_state(&saved, &back);
    assert_eq!(back.game().moves().len(), 3);
    assert_eq!(back.game().redo_moves(), &[Pos::new(5, 9), Pos::new(9, 9)]);
    // White (the human) is to move; redo still works on the restored game.
    assert_eq!(back.to_move(), (Color::White, &saved.players.white));
    let mut g = back.game().clone();
    assert_eq!(g.redo(), Some(Pos::new(9, 9)));
}

#[test]
fn the_computer_to_move_is_visible_after_resume() {
    let (_d, paths) = temp_paths();
    let mut saved = saved_of(
        Game::new(Preset::Freestyle15.variant()),
        Mode::HumanVsComputer,
        human_vs(Level::Low, Color::Black),
    );
    saved.play(Pos::new(7, 7)).expect("legal");
    save_autosave(&paths, &saved).expect("save");
    let Resume::Continue(back) = load_autosave(&paths).value else {
        panic!("continue");
    };
    assert!(
        !back.to_move().1.is_human(),
        "the computer resumes thinking"
    );
}

#[test]
fn a_finished_game_is_not_offered_as_continue() {
    let (_d, paths) = temp_paths();
    let saved = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    save_autosave(&paths, &saved).expect("save");
    assert!(matches!(load_autosave(&paths).value, Resume::Finished(_)));
}

#[test]
fn a_network_game_keeps_its_seat_and_an_older_file_without_one_still_loads() {
    let (_d, paths) = temp_paths();
    // A v2 autosave written before network games were saved: no `network`, no `ended`.
    let old = r#"{"version": 2, "variant": {"preset": "freestyle", "size": 15, "win_len": 5,
        "rule": "freestyle"}, "mode": "human-vs-human", "players": {"black": {"kind": "human",
        "name": "Ann"}, "white": {"kind": "human", "name": "Player 2"}}, "moves": ["h8", "i9"],
        "started_at_ms": 5}"#;
    fs::create_dir_all(paths.data_dir()).expect("data folder");
    fs::write(paths.autosave(), old).expect("write");
    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(back) = loaded.value else {
        panic!("the old game is offered as Continue");
    };
    assert_eq!((back.network.clone(), back.end()), (None, None));
    assert_eq!(back.game().moves().len(), 2);
    // The second seat was the one named "Player 2": here white, so the first seat plays black.
    assert_eq!(back.game_match.setup().dealt, Color::Black);
    assert_eq!(back.mode(), Mode::HumanVsHuman);

    let mut saved = *back;
    saved.network = Some(NetworkSeat {
        game_id: "0123abcd".into(),
        host: false,
        local: Color::White,
        port: 47015,
        address: "192.168.1.20:47015".into(),
        peer: "Hana".into(),
        passphrase: Some("tea".into()),
        chat: Vec::new(),
    });
    // A seat without chat is written as files were before the chat was kept, and reads back so.
    save_autosave(&paths, &saved).expect("save");
    let text = fs::read_to_string(paths.autosave()).expect("read");
    assert!(!text.contains("\"chat\""), "{text}");
    let Resume::Continue(back) = load_autosave(&paths).value else {
        panic!("an unfinished network game is offered as Continue");
    };
    assert_same_state(&saved, &back);
    // The conversation is kept with the seat, in order.
    let line = |who: &str, text: &str| ChatLine {
        who: who.into(),
        text: text.into(),
    };
    if let Some(seat) = saved.network.as_mut() {
        seat.chat = vec![line("Hana", "good luck"), line("You", "you too")];
    }
    save_autosave(&paths, &saved).expect("save");
    let Resume::Continue(back) = load_autosave(&paths).value else {
        panic!("an unfinished network game is offered as Continue");
    };
    assert_same_state(&saved, &back);
    assert_eq!(back.network.map(|seat| seat.chat.len()), Some(2));

    // Resigned: over off the board, so it is filed, with the winner in the record.
    saved
        .edit(|m| m.end = Some(End::lost_by(Color::White, Reason::Resignation)))
        .expect("a resignation fits any position");
    save_autosave(&paths, &saved).expect("save");
    let Resume::Finished(back) = load_autosave(&paths).value else {
        panic!("a resigned game is finished");
    };
    assert_same_state(&saved, &back);
    finish_game(&paths, &back).expect("filed");
    let history = list_history(&paths).value;
    assert_eq!(history[0].result, Some(GameResult::BlackWins));
    assert_eq!(history[0].moves, 2);

    // Ended with no result (the game could not be resumed): filed too, without a result.
    let (_d, paths) = temp_paths();
    saved
        .edit(|m| m.end = Some(End::draw(Reason::Abandoned)))
        .expect("abandoning fits any position");
    save_autosave(&paths, &saved).expect("save");
    let Resume::Finished(back) = load_autosave(&paths).value else {
        panic!("a game that could not go on is finished");
    };
    assert_eq!(back.end(), Some(End::draw(Reason::Abandoned)));
    assert_eq!(back.result(), Some(GameResult::Draw));
    finish_game(&paths, &back).expect("filed");
    let history = list_history(&paths).value;
    assert_eq!(history[0].result, Some(GameResult::Draw));
    assert_eq!(history[0].reason, Some(Reason::Abandoned));
}

#[test]
fn no_autosave_means_nothing_to_continue() {
    let (_d, paths) = temp_paths();
    let loaded = load_autosave(&paths);
    assert!(matches!(loaded.value, Resume::Nothing));
    assert!(loaded.warnings.is_empty());
    clear_autosave(&paths).expect("clearing nothing is fine");
}

#[test]
fn an_illegal_move_list_is_a_corrupt_autosave() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    let text = r#"{ "version": 2, "variant": { "size": 15, "win_len": 5, "rule": "freestyle" },
        "mode": "human-vs-human",
        "players": { "black": { "kind": "human", "name": "A" }, "white": { "kind": "human", "name": "B" } },
        "moves": ["h8", "i9", "h8"], "started_at_ms": 5 }"#;
    fs::write(paths.autosave(), text).expect("write");
    let loaded = load_autosave(&paths);
    assert!(matches!(loaded.value, Resume::Nothing));
    let w = &loaded.warnings[0];
    // Found while bringing the old file to the current form.
    assert!(matches!(w.problem, Problem::Invalid(_)), "{w}");
    assert!(w.to_string().contains("move 3 is illegal"), "{w}");
    assert!(w.to_string().contains("a new game starts"), "{w}");
    assert_eq!(
        files_starting(paths.data_dir(), "autosave.json.bad-").len(),
        1
    );
}

#[test]
fn a_cell_off_the_board_is_a_corrupt_autosave() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    let text = r#"{ "version": 2, "variant": { "size": 3, "win_len": 3, "rule": "freestyle" },
        "mode": "human-vs-human",
        "players": { "black": { "kind": "human", "name": "A" }, "white": { "kind": "human", "name": "B" } },
        "moves": ["b2"], "redo": ["h8"], "started_at_ms": 5 }"#;
    fs::write(paths.autosave(), text).expect("write");
    let w = &load_autosave(&paths).warnings[0];
    assert!(w.to_string().contains("redo"), "{w}");
}

#[test]
fn a_swap_opening_in_progress_and_a_settled_one_come_back() {
    let (_d, paths) = temp_paths();
    let variant = Preset::Freestyle15.variant();
    let moves = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)];
    let game = Game::from_moves(variant, &moves).expect("legal");
    let mut saved = saved_of(
        game,
        Mode::HumanVsHuman,
        human_vs(Level::Medium, Color::Black),
    );
    // Swap2 after three stones: the second seat chooses.
    saved
        .edit(|m| {
            m.opening_rule = "swap2".into();
            m.opening = OpeningPhase::Choosing {
                seat: Seat::Second,
                after: 3,
            };
        })
        .expect("the opening fits");
    save_autosave(&paths, &saved).expect("save");
    let Resume::Continue(back) = load_autosave(&paths).value else {
        panic!("a game in its opening is offered as Continue");
    };
    assert_same_state(&saved, &back);

    // Settled: the three stones are the opening's.
    saved
        .edit(|m| {
            m.opening = OpeningPhase::Settled;
            m.opening_stones = 3;
        })
        .expect("the settled opening fits");
    save_autosave(&paths, &saved).expect("save");
    let Resume::Continue(back) = load_autosave(&paths).value else {
        panic!("a settled opening is offered as Continue");
    };
    assert_eq!(back.game_match.opening_stones(), 3);
    assert_same_state(&saved, &back);
}

#[test]
fn an_opening_that_cannot_stand_is_a_corrupt_autosave() {
    let openings = [
        // Choosing after three stones with two on the board.
        r#""opening": { "rule": "swap", "seat": 0, "step": "choosing", "stones": 3 }"#,
        // Swap has no fifth stone.
        r#""opening": { "rule": "swap", "seat": 1, "step": "placing", "stones": 5 }"#,
        r#""opening": { "rule": "swap2", "seat": 2, "step": "placing", "stones": 3 }"#,
        r#""opening": { "rule": "free", "seat": 0, "step": "placing", "stones": 3 }"#,
        r#""opening_stones": 3"#,
    ];
    for opening in openings {
        let (_d, paths) = temp_paths();
        fs::create_dir_all(paths.data_dir()).expect("dir");
        let text = format!(
            r#"{{ "version": 2, "variant": {{ "size": 15, "win_len": 5, "rule": "freestyle" }},
            "mode": "human-vs-human",
            "players": {{ "black": {{ "kind": "human", "name": "A" }}, "white": {{ "kind": "human", "name": "B" }} }},
            "moves": ["h8", "i9"], "started_at_ms": 5, {opening} }}"#
        );
        fs::write(paths.autosave(), text).expect("write");
        let loaded = load_autosave(&paths);
        assert!(matches!(loaded.value, Resume::Nothing), "{opening}");
        assert!(
            loaded.warnings[0].to_string().contains("opening"),
            "{opening}: {}",
            loaded.warnings[0]
        );
    }
}

#[test]
fn version_1_autosave_is_migrated() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    fs::write(paths.autosave(), fixture("autosave-v1.json")).expect("write");
    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(back) = loaded.value else {
        panic!("continue");
    };
    assert_eq!(back.variant(), Preset::Renju15.variant());
    // h8 i9 j10: rows from the bottom, so y = 14 - (row - 1).
    assert_eq!(
        back.game().moves(),
        &[Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 5)]
    );
    assert!(back.game().redo_moves().is_empty());
    assert_eq!(
        back.clock_ms(),
        PerSide {
            black: 12_000,
            white: 7_000
        }
    );
    assert_eq!((back.hints_used(), back.undos_used()), (0, 0));
    assert_eq!(back.game().to_move(), Color::White);
    assert_eq!(back.players, human_vs(Level::Expert, Color::Black));
}

#[test]
fn version_2_autosave_becomes_the_match_form_with_its_seats_clocks_and_counters() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    fs::write(paths.autosave(), fixture("autosave-v2.json")).expect("write");
    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(back) = loaded.value else {
        panic!("the old game is offered as Continue");
    };
    // Black was saved as "Player 2": the second seat plays black, so the first seat white.
    let setup = back.game_match.setup();
    assert_eq!(
        (setup.dealt, back.mode()),
        (Color::White, Mode::HumanVsHuman)
    );
    assert_eq!(back.game_match.colours().first, Color::White);
    assert_eq!(back.game().moves().len(), 4);
    assert_eq!(back.game().redo_moves().len(), 1);
    assert_eq!(
        back.clock_ms(),
        PerSide {
            black: 41_000,
            white: 42_500
        }
    );
    assert_eq!((back.hints_used(), back.undos_used()), (2, 1));
    assert_eq!(back.game_match.opening_stones(), 3);
    assert_eq!(back.started_at_ms, 1_795_295_348_000);

    // Written again, each fact is written once, inside the match's form.
    save_autosave(&paths, &back).expect("save");
    let text = fs::read_to_string(paths.autosave()).expect("read");
    for gone in [
        "clock_ms",
        "elapsed_ms",
        "hints_used",
        "\"mode\"",
        "to_move",
        "variant",
    ] {
        assert!(!text.contains(gone), "{gone} in {text}");
    }
    assert!(text.contains("\"version\": 3"), "{text}");
    assert!(text.contains("\"spent_ms\""), "{text}");
    let Resume::Continue(again) = load_autosave(&paths).value else {
        panic!("the new form loads");
    };
    assert_same_state(&back, &again);
}

#[test]
fn a_version_2_result_off_the_board_comes_back_with_a_reason() {
    for (code, end) in [
        ("W+", End::lost_by(Color::Black, Reason::Resignation)),
        ("0", End::draw(Reason::Agreement)),
        ("", End::draw(Reason::Abandoned)),
    ] {
        let (_d, paths) = temp_paths();
        fs::create_dir_all(paths.data_dir()).expect("dir");
        let text = format!(
            r#"{{ "version": 2, "variant": {{ "size": 15, "win_len": 5, "rule": "freestyle" }},
            "mode": "human-vs-human",
            "players": {{ "black": {{ "kind": "human", "name": "A" }}, "white": {{ "kind": "human", "name": "B" }} }},
            "moves": ["h8", "i9"], "started_at_ms": 5, "ended": "{code}" }}"#
        );
        fs::write(paths.autosave(), text).expect("write");
        let Resume::Finished(back) = load_autosave(&paths).value else {
            panic!("{code:?}: a game ended off the board is finished");
        };
        assert_eq!(back.end(), Some(end), "{code:?}");
    }
}

#[test]
fn a_version_2_autosave_on_a_board_no_longer_offered_is_kept_aside_with_its_reason() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    let text = r#"{ "version": 2, "variant": { "size": 9, "win_len": 4, "rule": "freestyle" },
        "mode": "human-vs-human",
        "players": { "black": { "kind": "human", "name": "A" }, "white": { "kind": "human", "name": "B" } },
        "moves": ["e5"], "started_at_ms": 5 }"#;
    fs::write(paths.autosave(), text).expect("write");
    let loaded = load_autosave(&paths);
    assert!(matches!(loaded.value, Resume::Nothing));
    let w = &loaded.warnings[0];
    assert!(matches!(w.problem, Problem::Invalid(_)), "{w}");
    assert!(w.to_string().contains("not one this version plays"), "{w}");
    let kept = files_starting(paths.data_dir(), "autosave.json.bad-");
    assert_eq!(fs::read_to_string(&kept[0]).expect("kept"), text);
}

/// A random game: moves, with undos mixed in (so there is a redo stack), on a random preset.
fn any_saved_game() -> impl Strategy<Value = SavedGame> {
    (
        0usize..Preset::ALL.len(),
        proptest::collection::vec((any::<u8>(), any::<u8>(), 0u8..10), 0..40),
        any::<(u32, u32, u32, u32, u64, bool)>(),
        0usize..3,
    )
        .prop_map(
            |(p, steps, (c1, c2, hints, undos, started, paused), mode)| {
                let variant = Preset::ALL[p].variant();
                let mut game = Game::new(variant);
                for (x, y, action) in steps {
                    if action == 0 {
                        game.undo();
                    } else if action == 1 {
                        game.redo();
                    } else {
                        let pos = Pos::new(x % variant.size(), y % variant.size());
                        if game.check(pos).is_ok() {
                            let _ = game.play(pos);
                        }
                    }
                }
                let modes = [
                    Mode::HumanVsComputer,
                    Mode::HumanVsHuman,
                    Mode::ComputerVsComputer,
                ];
                let mut saved = saved_of(game, modes[mode], human_vs(Level::Medium, Color::Black));
                saved
                    .edit(|m| {
                        m.spent_ms = BothSides {
                            black: u64::from(c1),
                            white: u64::from(c2),
                        };
                        m.hints = hints;
                        m.undos = undos;
                    })
                    .expect("counters and clocks fit any position");
                saved.started_at_ms = started;
                saved.paused = paused;
                saved
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn autosave_round_trips(saved in any_saved_game()) {
        let (_d, paths) = temp_paths();
        save_autosave(&paths, &saved).expect("save");
        let loaded = load_autosave(&paths);
        prop_assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        let back = match loaded.value {
            Resume::Continue(g) | Resume::Finished(g) => g,
            Resume::Nothing => panic!("the game was saved"),
        };
        assert_same_state(&saved, &back);
    }
}

// ---------------------------------------------------------------- atomic writes

#[test]
fn a_crash_before_the_rename_leaves_the_old_autosave_intact() {
    let (_d, paths) = temp_paths();
    let mut saved = saved_of(
        Game::new(Preset::Freestyle15.variant()),
        Mode::HumanVsHuman,
        human_vs(Level::Low, Color::Black),
    );
    saved.play(Pos::new(7, 7)).expect("legal");
    save_autosave(&paths, &saved).expect("save");
    let before = fs::read(paths.autosave()).expect("read");

    // The next write dies after writing its temporary file (half of it, as a kill mid-write would leave
    // it) and before the rename.
    let tmp = crate::file::write_temp(&paths.autosave(), &before[..before.len() / 2]).expect("tmp");
    assert!(tmp.exists());
    assert_eq!(fs::read(paths.autosave()).expect("read"), before);

    // The next start reads the last complete game and cleans the leftover.
    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty());
    let Resume::Continue(back) = loaded.value else {
        panic!("continue");
    };
    assert_same_state(&saved, &back);
    assert!(!tmp.exists(), "leftover temporary file is cleaned");
}

#[test]
fn an_atomic_write_leaves_no_temporary_file() {
    let (d, _) = temp_paths();
    let path = d.path().join("x/y.json");
    write_atomic(&path, b"one").expect("write");
    write_atomic(&path, b"two").expect("write");
    assert_eq!(fs::read(&path).expect("read"), b"two");
    let names: Vec<_> = fs::read_dir(d.path().join("x"))
        .expect("dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("y.json")]);
}

// ---------------------------------------------------------------- game records

#[test]
fn sgf_keeps_names_result_date_and_rule() {
    let (d, _) = temp_paths();
    let mut record = GameRecord::new(
        black_wins_in_9(),
        Some("Ann ]\\ Lee".into()),
        Some("Tengen (expert)".into()),
    );
    record.date = Some("2026-11-21".into());
    let path = d.path().join("game.sgf");
    save_sgf(&path, &record).expect("save");
    let text = fs::read_to_string(&path).expect("read");
    assert!(
        text.starts_with("(;FF[4]GM[4]DT[2026-11-21]AP[Tengen:"),
        "{text}"
    );
    assert!(
        text.contains("RU[freestyle]") && text.contains("RE[B+]"),
        "{text}"
    );

    let back = open_game_file(&path, Rule::Freestyle).expect("open");
    assert_eq!(back.black.as_deref(), Some("Ann ]\\ Lee"));
    assert_eq!(back.white.as_deref(), Some("Tengen (expert)"));
    assert_eq!(back.result, Some(GameResult::BlackWins));
    assert_eq!(back.date.as_deref(), Some("2026-11-21"));
    assert_eq!(back.game.moves(), record.game.moves());
    assert_eq!(back.game.variant(), record.game.variant());
}

fn any_game() -> impl Strategy<Value = Game> {
    any_saved_game().prop_map(|s| s.game().clone())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sgf_round_trips(game in any_game(), black in "[^\\x00]{0,12}", date in 0u64..4_000_000_000) {
        let mut record = GameRecord::new(game, Some(black), None);
        record.date = Some(crate::clock::date(date));
        let back = parse_sgf(&record.to_sgf()).expect("parse");
        prop_assert_eq!(back.game.moves(), record.game.moves());
        prop_assert_eq!(back.game.variant(), record.game.variant());
        prop_assert_eq!(back.black, record.black);
        prop_assert_eq!(back.white, None);
        prop_assert_eq!(back.result, record.result);
        prop_assert_eq!(back.date, record.date);
    }

    #[test]
    fn position_strings_round_trip(game in any_game()) {
        let text = position_string(&game);
        let back = parse_position(&text, game.variant()).expect("parse");
        prop_assert_eq!(back.game.moves(), game.moves());
    }
}

#[test]
fn psq_opens_under_the_chosen_rule() {
    let (d, _) = temp_paths();
    let path = d.path().join("match.psq");
    fs::write(
        &path,
        "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,9,120\r\npbrain-a\r\n-1\r\n",
    )
    .expect("write");
    let record = open_game_file(&path, Rule::Renju).expect("open");
    assert_eq!(record.game.variant(), Preset::Renju15.variant());
    assert_eq!(record.game.moves(), &[Pos::new(7, 7), Pos::new(8, 8)]);
    assert_eq!(record.result, None);
}

#[test]
fn psq_on_a_board_the_chosen_rule_is_not_offered_on_opens_as_freestyle() {
    // Renju is offered on 15×15 only: a 20×20 or 19×19 record opens with its own board, freestyle.
    for (size, preset) in [(20, Preset::Freestyle20), (19, Preset::Freestyle19)] {
        let text = format!("Piskvorky {size}x{size}, 11:11, 0\n10,10,0\n11,11,0\n");
        let record = parse_psq_as_played(&text, Rule::Renju).expect("opens");
        assert_eq!(record.game.variant(), preset.variant());
        assert_eq!(record.game.moves().len(), 2);
    }
    // A move renju forbids (a double three for black at h8) is no reason to refuse a freestyle game.
    let text = "Piskvorky 15x15, 11:11, 0\n7,8\n1,1\n9,8\n1,3\n8,7\n1,5\n8,9\n1,7\n8,8\n";
    assert!(parse_psq(text, Rule::Renju).is_err(), "forbidden in renju");
    let record = parse_psq_as_played(text, Rule::Renju).expect("opens as freestyle");
    assert_eq!(record.game.variant(), Preset::Freestyle15.variant());
    // A file that is no record stays refused as one.
    let e = parse_psq_as_played("Piskvorky 20x20\n30,30\n", Rule::Renju).expect_err("bad");
    assert!(matches!(e, OpenError::Psq(_)), "{e}");
}

#[test]
fn records_that_break_the_rules_or_the_format_are_refused_with_a_reason() {
    let v = Preset::Freestyle15.variant();
    let e = parse_position("h8h8", v).expect_err("occupied");
    assert!(
        matches!(e, OpenError::Illegal { move_number: 2, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("move 2"), "{e}");
    let e = parse_position("h8zz", v).expect_err("syntax");
    assert!(matches!(e, OpenError::Position(_)), "{e}");
    let e = parse_sgf("(;GM[4]SZ[15];B[hh];W[hh])").expect_err("occupied");
    assert!(
        matches!(e, OpenError::Illegal { move_number: 2, .. }),
        "{e}"
    );
    let e = parse_sgf("(;GM[1]SZ[19];B[dd])").expect_err("go");
    assert!(matches!(e, OpenError::Sgf(_)), "{e}");
    let e = parse_psq("Piskvorky 15x15\n8,8\n8,8\n", Rule::Freestyle).expect_err("occupied");
    assert!(
        matches!(e, OpenError::Illegal { move_number: 2, .. }),
        "{e}"
    );
    let e = open_game_file(Path::new("/nope/game.txt"), Rule::Freestyle).expect_err("kind");
    assert!(matches!(e, OpenError::UnknownKind(_)), "{e}");
    let e = open_game_file(Path::new("/nope/game.sgf"), Rule::Freestyle).expect_err("missing");
    assert!(matches!(e, OpenError::Read(_)), "{e}");
}

#[test]
fn the_date_is_read_from_the_root_node_only() {
    let date = |text: &str| parse_sgf(text).ok().and_then(|r| r.date);
    assert_eq!(
        date("(;GM[4]PB[a\\]b]DT[2026-01-02];B[hh]DT[x])").as_deref(),
        Some("2026-01-02")
    );
    assert_eq!(date("(;GM[4];B[hh]DT[x])"), None);
    assert!(parse_sgf("(;GM[4]DT[unclosed").is_err());
}

// ---------------------------------------------------------------- history

#[test]
fn finished_games_are_listed_newest_first_and_reopen() {
    let (_d, paths) = temp_paths();
    let older = finished(
        black_wins_in_9(),
        Color::White,
        Level::Low,
        1_700_000_000_000,
    );
    let mut draw = Game::new(Preset::TicTacToe.variant());
    // x o x / x o o / o x x: a full board with no line.
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
        draw.play(Pos::new(x, y)).expect("legal");
    }
    assert!(draw.is_over());
    let newer = finished(draw, Color::Black, Level::Expert, 1_795_295_348_000);
    save_autosave(&paths, &newer).expect("save");
    finish_game(&paths, &older).expect("file");
    finish_game(&paths, &newer).expect("file");
    assert!(
        !paths.autosave().exists(),
        "a filed game is no longer an autosave"
    );

    let list = list_history(&paths);
    assert!(list.warnings.is_empty());
    let entries = list.value;
    assert_eq!(entries.len(), 2);
    // When it started (from the file name), shown on the system's clock.
    assert_eq!(entries[0].started, Some(1_795_295_348));
    assert_eq!(entries[0].date, crate::clock::date_time(1_795_295_348));
    assert_eq!(entries[0].rule, "tictactoe");
    assert_eq!(entries[0].result, Some(GameResult::Draw));
    assert_eq!(entries[0].moves, 9);
    assert_eq!(entries[0].black.as_deref(), Some("Ann"));
    assert_eq!(entries[0].white.as_deref(), Some("Tengen (expert)"));
    assert_eq!(entries[1].rule, "freestyle");
    assert_eq!(entries[1].result, Some(GameResult::BlackWins));
    assert_eq!(entries[1].moves, 9);

    let reopened = open_history(&entries[1].path).expect("reopen");
    assert_eq!(reopened.game.moves(), older.game().moves());
    // The day it was played, on the system's calendar.
    let day = crate::clock::date(older.started_at_ms / 1000);
    assert_eq!(reopened.date.as_deref(), Some(day.as_str()));
}

#[test]
fn history_keeps_only_the_newest_games() {
    let (_d, paths) = temp_paths();
    for i in 0..6u64 {
        add_to_history(
            &paths,
            &finished(black_wins_in_9(), Color::Black, Level::Low, i * 1000),
        )
        .expect("file");
    }
    crate::history::prune(&paths.history_dir(), 4);
    let entries = list_history(&paths).value;
    assert_eq!(entries.len(), 4);
    assert!(entries[0].path.to_string_lossy().ends_with("-5000.sgf"));
    assert!(entries[3].path.to_string_lossy().ends_with("-2000.sgf"));
}

#[test]
fn a_damaged_history_file_is_kept_aside_and_left_out() {
    let (_d, paths) = temp_paths();
    add_to_history(
        &paths,
        &finished(black_wins_in_9(), Color::Black, Level::Low, 1000),
    )
    .expect("file");
    let bad = paths.history_dir().join("20260101T000000Z-2.sgf");
    fs::write(&bad, "(;GM[4]SZ[15];B[hh];W[h").expect("write");
    let list = list_history(&paths);
    assert_eq!(list.value.len(), 1);
    assert_eq!(list.warnings.len(), 1);
    assert!(!bad.exists());
    assert_eq!(
        files_starting(&paths.history_dir(), "20260101T000000Z-2.sgf.bad-").len(),
        1
    );
}

#[test]
fn an_unreadable_history_folder_gives_an_empty_list_and_a_message() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    fs::write(paths.history_dir(), b"not a folder").expect("write");
    let list = list_history(&paths);
    assert!(list.value.is_empty());
    assert!(matches!(list.warnings[0].problem, Problem::Unreadable(_)));
}

// ---------------------------------------------------------------- statistics

#[test]
fn statistics_count_wins_losses_draws_streaks_and_the_fastest_win() {
    let (_d, paths) = temp_paths();
    let win = |t| finished(black_wins_in_9(), Color::Black, Level::Expert, t);
    let loss = |t| finished(black_wins_in_9(), Color::White, Level::Expert, t);
    for t in [1, 2, 3] {
        assert!(matches!(
            finish_game(&paths, &win(t)).expect("file").counted,
            Counted::Counted { .. }
        ));
    }
    finish_game(&paths, &loss(4)).expect("file");
    finish_game(&paths, &win(5)).expect("file");

    let stats = load_stats(&paths).value;
    let r = stats.record(Level::Expert, "freestyle").expect("record");
    assert_eq!((r.wins, r.losses, r.draws), (4, 1, 0));
    assert_eq!((r.current_streak, r.best_streak), (1, 3));
    let fastest = r.fastest_win.as_ref().expect("fastest");
    assert_eq!(fastest.moves, 9);
    assert_eq!(fastest.player, "Ann");
    assert_eq!(stats.hall_of_fame().len(), 1);
    assert!(stats.record(Level::Low, "freestyle").is_none());
}

#[test]
fn a_win_with_hints_or_undos_counts_but_is_never_the_fastest() {
    let (_d, paths) = temp_paths();
    let mut helped = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    helped.edit(|m| m.hints = 6).expect("fits");
    assert!(matches!(
        finish_game(&paths, &helped).expect("file").counted,
        Counted::Counted {
            new_fastest: false,
            rating: Some(_)
        }
    ));
    let mut undone = finished(black_wins_in_9(), Color::Black, Level::Low, 2);
    undone.edit(|m| m.undos = 1).expect("fits");
    finish_game(&paths, &undone).expect("file");
    let stats = load_stats(&paths).value;
    let r = stats.record(Level::Low, "freestyle").expect("record");
    assert_eq!(r.wins, 2);
    assert!(r.fastest_win.is_none());
    let own = finished(black_wins_in_9(), Color::Black, Level::Low, 3);
    assert!(matches!(
        finish_game(&paths, &own).expect("file").counted,
        Counted::Counted {
            new_fastest: true,
            rating: Some(_)
        }
    ));
}

#[test]
fn only_human_vs_computer_games_count_and_only_once() {
    let (_d, paths) = temp_paths();
    let mut hvh = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    hvh.edit(|m| m.seats = Seats::of_mode(Mode::HumanVsHuman))
        .expect("fits");
    hvh.players.white = Player::Human { name: "Bo".into() };
    assert_eq!(
        finish_game(&paths, &hvh).expect("file").counted,
        Counted::NotCounted
    );

    let game = finished(black_wins_in_9(), Color::Black, Level::Low, 2);
    finish_game(&paths, &game).expect("file");
    // The app died after filing and before clearing the autosave: filing again counts nothing.
    save_autosave(&paths, &game).expect("save");
    let Resume::Finished(again) = load_autosave(&paths).value else {
        panic!("finished");
    };
    assert_eq!(
        finish_game(&paths, &again).expect("file").counted,
        Counted::AlreadyCounted
    );
    assert_eq!(list_history(&paths).value.len(), 2);
    assert_eq!(load_stats(&paths).value.records[0].games(), 1);
}

#[test]
fn statistics_round_trip_and_reset() {
    let (_d, paths) = temp_paths();
    let mut stats = Stats::default();
    stats.add_game(&finished(black_wins_in_9(), Color::Black, Level::Medium, 7));
    stats.add_game(&finished(black_wins_in_9(), Color::White, Level::Low, 8));
    save_stats(&paths, &stats).expect("save");
    assert_eq!(load_stats(&paths).value, stats);
    reset_stats(&paths).expect("reset");
    assert_eq!(load_stats(&paths).value, Stats::default());
}

#[test]
fn custom_boards_get_their_own_statistics_row() {
    let variant = Variant::new(9, 4, Rule::Freestyle).expect("variant");
    assert_eq!(rule_key(variant), "freestyle 9x9 4");
    assert_eq!(rule_key(Preset::Renju15.variant()), "renju");
}

#[test]
fn pasted_text_is_read_in_whichever_format_it_is() {
    let v = Preset::Freestyle15.variant();
    let sgf = GameRecord::new(black_wins_in_9(), None, None).to_sgf();
    assert_eq!(parse_pasted(&sgf, v).expect("sgf").game.moves().len(), 9);
    let psq = parse_pasted(
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n",
        Preset::Renju15.variant(),
    )
    .expect("psq");
    assert_eq!(psq.game.variant(), Preset::Renju15.variant());
    let pos = parse_pasted("  h8 i9 j10\n", v).expect("position");
    assert_eq!(pos.game.moves().len(), 3);
}

#[test]
fn autosave_with_wrong_types_or_from_a_newer_version_is_kept_aside() {
    for (text, too_new) in [
        (r#"{ "version": 2, "moves": 5 }"#, false),
        (r#"{ "version": 3, "match": 5 }"#, false),
        (r#"{ "version": 4, "moves": [] }"#, true),
    ] {
        let (_d, paths) = temp_paths();
        fs::create_dir_all(paths.data_dir()).expect("dir");
        fs::write(paths.autosave(), text).expect("write");
        let loaded = load_autosave(&paths);
        assert!(matches!(loaded.value, Resume::Nothing));
        let w = &loaded.warnings[0];
        if too_new {
            assert!(matches!(w.problem, Problem::TooNew { found: 4, .. }), "{w}");
        } else {
            assert!(matches!(w.problem, Problem::WrongTypes(_)), "{w}");
        }
        assert_eq!(
            files_starting(paths.data_dir(), "autosave.json.bad-").len(),
            1
        );
    }
}

#[test]
fn a_warning_names_the_file_the_problem_and_where_it_was_kept() {
    let w = bad_settings(b"{\"version\": 2,");
    let text = w.to_string();
    let kept = w.kept_as.as_ref().expect("kept");
    assert!(text.starts_with("The settings file "), "{text}");
    assert!(text.contains(&w.path.display().to_string()), "{text}");
    assert!(
        text.contains(&format!("It was kept as {}.", kept.display())),
        "{text}"
    );
}

#[test]
fn every_format_can_migrate_from_each_older_version() {
    for format in [
        &crate::settings::FORMAT,
        &crate::autosave::FORMAT,
        &crate::stats::FORMAT,
    ] {
        assert_eq!(
            format.migrations.len() as u64,
            format.current - 1,
            "{:?}",
            format.file
        );
    }
    // A version-0 or fractional version is refused, not guessed at.
    let e = crate::settings::FORMAT
        .parse::<Settings>(r#"{ "version": 0 }"#)
        .expect_err("no version 0");
    assert!(matches!(e, Problem::WrongTypes(_)));
    let e = crate::settings::FORMAT
        .parse::<Settings>(r#"{ "version": 1.5 }"#)
        .expect_err("no version 1.5");
    assert!(matches!(e, Problem::WrongTypes(_)));
    // A v1 file whose migrated field has the wrong type names the step that failed.
    let e = crate::settings::FORMAT
        .parse::<Settings>(r#"{ "version": 1, "animations": "yes" }"#)
        .expect_err("bad v1");
    assert!(e.to_string().contains("upgrading from version 1"), "{e}");
}

#[test]
fn a_setup_record_opens_as_its_position_and_saves_back_the_same() {
    // Black h8 i9, white j10, white to play first, then one move each.
    let text = "(;GM[4]SZ[15]RU[renju]PB[Ann]AB[hh][ii]AW[jj]PL[W];W[kk];B[gg])";
    let record = parse_sgf(text).expect("a setup record opens");
    let board = record.game.board();
    assert_eq!(board.get(Pos::new(7, 7)), Some(Color::Black));
    assert_eq!(board.get(Pos::new(8, 8)), Some(Color::Black));
    assert_eq!(board.get(Pos::new(9, 9)), Some(Color::White));
    assert_eq!(board.get(Pos::new(10, 10)), Some(Color::White));
    assert_eq!(board.get(Pos::new(6, 6)), Some(Color::Black));
    assert_eq!(record.game.to_move(), Color::White);
    assert_eq!(record.black.as_deref(), Some("Ann"));

    let back = parse_sgf(&record.to_sgf()).expect("reopens");
    assert_eq!(back.game.setup(), record.game.setup());
    assert_eq!(back.game.moves(), record.game.moves());
    assert_eq!(back.game.board(), record.game.board());
    assert_eq!(back.game.to_move(), Color::White);
}

#[test]
fn autosave_keeps_a_setup_position() {
    let (_d, paths) = temp_paths();
    let setup = [
        (Pos::new(7, 7), Color::Black),
        (Pos::new(8, 7), Color::Black),
        (Pos::new(9, 9), Color::White),
    ];
    let mut game =
        Game::from_setup(Preset::Freestyle15.variant(), &setup, Color::White).expect("setup");
    game.play(Pos::new(6, 7)).expect("legal");
    game.play(Pos::new(5, 5)).expect("legal");
    game.undo();
    let saved = saved_of(
        game,
        Mode::HumanVsComputer,
        human_vs(Level::Expert, Color::White),
    );
    save_autosave(&paths, &saved).expect("save");
    let loaded = load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(back) = loaded.value else {
        panic!("an unfinished set-up game is offered as Continue");
    };
    assert_same_state(&saved, &back);
    assert_eq!(back.game().setup(), &setup);
    assert_eq!(back.game().first_to_move(), Color::White);
    assert_eq!(back.game().board(), saved.game().board());
}

/// Black h8, i8, j8 and white a1 set up, white to move, then white plays g8.
fn set_up_game() -> Game {
    let v = Preset::Renju15.variant();
    let stones = [
        (Pos::new(7, 7), Color::Black),
        (Pos::new(8, 7), Color::Black),
        (Pos::new(9, 7), Color::Black),
        (Pos::new(0, 14), Color::White),
    ];
    let mut game = Game::from_setup(v, &stones, Color::White).expect("setup");
    game.play(Pos::new(6, 7)).expect("g8");
    game
}

#[test]
fn position_strings_keep_setup_stones() {
    let game = set_up_game();
    let text = position_string(&game);
    assert_eq!(text, "AB[h8i8j8]AW[a1]PL[W]g8");
    let back = parse_position(&text, game.variant()).expect("parse");
    assert_eq!(back.game.board(), game.board());
    assert_eq!(back.game.setup().len(), 4);
    assert_eq!(back.game.moves(), game.moves());
    assert_eq!(back.game.to_move(), Color::Black);
    // Pasted text with spaces, and without PL: the turn is as if the stones had been played in turn.
    let pasted = parse_pasted(" AB[h8 i8] AW[a1] j8 ", game.variant()).expect("pasted");
    assert_eq!(pasted.game.setup().len(), 3);
    assert_eq!(pasted.game.moves(), &[Pos::new(9, 7)]);
    assert_eq!(pasted.game.mover_of(0), Color::White);
}

#[test]
fn psq_records_keep_setup_stones() {
    let game = set_up_game();
    let text = psq_text(&game);
    let back = parse_psq(&text, Rule::Renju).expect("parse");
    assert_eq!(back.game.board(), game.board());
    let sorted = |g: &Game| {
        let mut stones = g.setup().to_vec();
        stones.sort_by_key(|s| (s.0.x, s.0.y));
        stones
    };
    assert_eq!(sorted(&back.game), sorted(&game));
    assert_eq!(back.game.moves(), game.moves());
    assert_eq!(back.game.first_to_move(), Color::White);
    let pasted = parse_pasted(&text, Preset::Renju15.variant()).expect("pasted");
    assert_eq!(pasted.game.setup().len(), 4);
}

#[test]
fn bad_setup_text_is_refused_in_plain_words() {
    let v = Preset::Freestyle15.variant();
    let e = parse_position("AB[h8i9", v).expect_err("unclosed");
    assert!(e.to_string().contains("AB[ has no closing ]"), "{e}");
    let e = parse_position("AB[h8]PL[X]", v).expect_err("bad side");
    assert!(e.to_string().contains("PL[B] or PL[W]"), "{e}");
    let e = parse_position("AB[h8]AW[h8]", v).expect_err("twice");
    assert!(
        e.to_string().contains("taken") || e.to_string().contains("occupied"),
        "{e}"
    );
    let e = parse_position("AB[zz]", v).expect_err("bad cell");
    assert!(matches!(e, OpenError::Position(_)), "{e}");
}

// ---------------------------------------------------------------- ratings and puzzles

fn against_step(step: u8, human: Color, started_at_ms: u64) -> SavedGame {
    let mut saved = finished(black_wins_in_9(), human, Level::Medium, started_at_ms);
    let computer = saved.players.get_mut(human.opponent());
    *computer = Player::Computer {
        level: Level::Medium,
        step: Step::new(step),
    };
    saved
}

#[test]
fn a_computer_on_the_ladder_is_saved_as_its_step_number() {
    let step = Player::Computer {
        level: Level::Low,
        step: Step::new(5),
    };
    let json = serde_json::to_string(&step).expect("json");
    assert_eq!(json, r#"{"kind":"computer","level":"low","step":5}"#);
    assert_eq!(serde_json::from_str::<Player>(&json).expect("back"), step);
    assert_eq!(step.display_name(), "Tengen (step 5)");
    assert_eq!(step.computer_step(), Step::new(5));

    // A level as it always played: no step in the file, and files without one still load.
    let level = Player::Computer {
        level: Level::Expert,
        step: None,
    };
    let json = serde_json::to_string(&level).expect("json");
    assert_eq!(json, r#"{"kind":"computer","level":"expert"}"#);
    assert_eq!(serde_json::from_str::<Player>(&json).expect("back"), level);
    assert_eq!(level.display_name(), "Tengen (expert)");
    assert_eq!(level.computer_step(), Step::new(14));
    assert_eq!(Player::Human { name: "A".into() }.computer_step(), None);

    for bad in [0, 15, 300] {
        let text = format!(r#"{{"kind":"computer","level":"low","step":{bad}}}"#);
        assert!(serde_json::from_str::<Player>(&text).is_err(), "{bad}");
    }
}

#[test]
fn every_finished_game_against_the_computer_moves_the_rating_once() {
    let (_d, paths) = temp_paths();
    let win = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    let Counted::Counted {
        rating: Some((before, after)),
        ..
    } = finish_game(&paths, &win).expect("file").counted
    else {
        panic!("counted and rated");
    };
    assert_eq!(before, START_RATING);
    assert!(after > before + 100.0, "{before} -> {after}");
    // Filed again (a crash before the autosave was cleared): the rating does not move.
    assert_eq!(
        finish_game(&paths, &win).expect("file").counted,
        Counted::AlreadyCounted
    );
    let loss = finished(black_wins_in_9(), Color::White, Level::Low, 2);
    let Counted::Counted {
        rating: Some((before2, after2)),
        ..
    } = finish_game(&paths, &loss).expect("file").counted
    else {
        panic!("counted and rated");
    };
    assert_eq!(before2, after);
    assert!(after2 < before2);

    let stats = load_stats(&paths).value;
    assert_eq!(stats.rated_rules(), ["freestyle"]);
    assert_eq!(stats.rating("freestyle").rating, after2);
    let history = stats.rating_history("freestyle");
    assert_eq!(history.len(), 2);
    assert_eq!((history[0].rating, history[1].rating), (after, after2));
    assert!(history[1].deviation < history[0].deviation);
    // No games under renju: a new player's rating and an empty graph.
    assert_eq!(stats.rating("renju"), Rating::fresh());
    assert!(stats.rating_history("renju").is_empty());
}

#[test]
fn a_win_with_aids_gains_less_and_a_step_game_has_its_own_record() {
    let mut plain = Stats::default();
    let mut helped = Stats::default();
    plain.add_game(&against_step(5, Color::Black, 1));
    let mut aided = against_step(5, Color::Black, 1);
    aided
        .edit(|m| {
            m.hints = 1;
            m.undos = 1;
        })
        .expect("fits");
    helped.add_game(&aided);
    let (p, h) = (plain.rating("freestyle"), helped.rating("freestyle"));
    assert!(
        Rating::fresh().rating < h.rating && h.rating < p.rating,
        "{h:?} {p:?}"
    );
    // Step 5 (1508) is above Step 2 (Low, 1000): beating it is worth more.
    let mut low = Stats::default();
    low.add_game(&finished(black_wins_in_9(), Color::Black, Level::Low, 1));
    assert!(low.rating("freestyle").rating < p.rating);

    let step5 = Step::new(5).expect("step");
    let record = plain.step_record(step5, "freestyle").expect("step record");
    assert_eq!(
        (record.wins, record.step, record.opponent_step()),
        (1, Some(step5), step5)
    );
    assert!(plain.record(Level::Medium, "freestyle").is_none());
    // A step that is a level counts in the level's record.
    let mut medium = Stats::default();
    medium.add_game(&against_step(7, Color::White, 1));
    assert_eq!(
        medium
            .record(Level::Medium, "freestyle")
            .expect("medium")
            .losses,
        1
    );
}

#[test]
fn tic_tac_toe_is_counted_but_not_rated() {
    let moves = [(0, 0), (0, 1), (1, 1), (0, 2), (2, 2)].map(|(x, y)| Pos::new(x, y));
    let game = Game::from_moves(Preset::TicTacToe.variant(), &moves).expect("legal");
    assert!(game.is_over());
    let mut stats = Stats::default();
    assert_eq!(
        stats.add_game(&finished(game, Color::Black, Level::Expert, 1)),
        Counted::Counted {
            new_fastest: true,
            rating: None
        }
    );
    assert!(stats.rated_rules().is_empty());
    assert!(!is_rated(Preset::TicTacToe.variant()));
    assert!(is_rated(
        Variant::new(9, 4, Rule::Freestyle).expect("variant")
    ));
}

#[test]
fn the_rating_graph_keeps_the_newest_points() {
    let mut stats = Stats::default();
    for t in 0..(RATING_HISTORY_CAP as u64 + 20) {
        let human = if t % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        stats.add_game(&finished(black_wins_in_9(), human, Level::Low, t));
    }
    let history = stats.rating_history("freestyle");
    assert_eq!(history.len(), RATING_HISTORY_CAP);
    assert_eq!(
        history.last().map(|p| p.rating),
        Some(stats.rating("freestyle").rating)
    );
}

#[test]
fn version_1_statistics_load_with_ratings_seeded_from_their_records() {
    let (_d, paths) = temp_paths();
    fs::create_dir_all(paths.data_dir()).expect("dir");
    fs::write(paths.stats(), fixture("stats-v1.json")).expect("write");
    let loaded = load_stats(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let stats = loaded.value;
    // The records as they were.
    assert_eq!(stats.records.len(), 4);
    let renju = stats.record(Level::Expert, "renju").expect("renju");
    assert_eq!((renju.wins, renju.losses, renju.best_streak), (3, 1, 2));
    assert_eq!(renju.fastest_win.as_ref().map(|f| f.moves), Some(17));
    let low = stats.record(Level::Low, "freestyle").expect("low");
    assert_eq!((low.wins, low.losses, low.draws), (6, 2, 1));
    assert_eq!(stats.hall_of_fame().len(), 4);
    // Ratings from the records: freestyle from 6-2-1 against Low and 2-3 against Medium, renju from
    // 3-1 against Expert; tic-tac-toe none.
    assert_eq!(stats.rated_rules(), ["freestyle", "renju"]);
    let (free, renju) = (stats.rating("freestyle"), stats.rating("renju"));
    assert!(free.rating > 1200.0 && free.rating < 1891.0, "{free:?}");
    assert!(renju.rating > free.rating, "{renju:?}");
    assert!(free.deviation < START_DEVIATION);
    assert_eq!(stats.rating_history("freestyle").len(), 1);
    assert_eq!(stats.rating_history("freestyle")[0].rating, free.rating);
    assert_eq!(*stats.puzzle_progress(), PuzzleProgress::default());
    // The same game counted before the upgrade is still counted once.
    let again = finished(
        black_wins_in_9(),
        Color::Black,
        Level::Low,
        1_795_295_350_000,
    );
    let mut upgraded = stats.clone();
    assert_eq!(upgraded.add_game(&again), Counted::AlreadyCounted);

    // Saved as version 2, it loads as the same value with no migration.
    save_stats(&paths, &stats).expect("save");
    let text = fs::read_to_string(paths.stats()).expect("read");
    assert!(
        text.contains("\"version\": 2") && text.contains("\"ratings\""),
        "{text}"
    );
    let reloaded = load_stats(&paths);
    assert!(reloaded.warnings.is_empty());
    assert_eq!(reloaded.value, stats);
}

#[test]
fn a_version_1_file_with_absurd_counts_migrates_quickly() {
    let text = r#"{ "version": 1, "records": [
        { "level": "low", "rule": "freestyle", "wins": 4294967295, "losses": 4294967295, "draws": 7 },
        { "level": "medium", "rule": "standard 3x3 3", "wins": 9 }
    ] }"#;
    let stats: Stats = crate::stats::FORMAT.parse(text).expect("loads");
    assert_eq!(stats.rated_rules(), ["freestyle"]);
    // Half won, half lost against Low: about Low's rating.
    let r = stats.rating("freestyle");
    assert!((r.rating - 1000.0).abs() < 100.0, "{r:?}");
}

fn puzzle(line: &str) -> tengen_engine::Puzzle {
    line.parse().expect("a puzzle line")
}

#[test]
fn puzzle_ids_follow_the_puzzle_not_its_place_in_the_file() {
    let puzzles = tengen_engine::embedded_puzzles();
    assert!(puzzles.len() > 10);
    let ids: Vec<u64> = puzzles.iter().map(puzzle_id).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "every puzzle has its own id");
    let mut reversed = puzzles.clone();
    reversed.reverse();
    let back: Vec<u64> = reversed.iter().rev().map(puzzle_id).collect();
    assert_eq!(back, ids);
    // A fixed line's id is fixed: files saved today keep meaning the same puzzle.
    let p = puzzle("renju white h8i9j7g9i8i7h7h6f7j9g8 vct 4 i6 3");
    assert_eq!(puzzle_id(&p), puzzle_id(&p.clone()));
    assert_eq!(puzzle_id(&p), 0x41be_321e_7f4c_4c47, "{:#x}", puzzle_id(&p));
    assert_eq!(
        [1, 2, 3, 4, 5].map(puzzle_rating),
        [1100.0, 1300.0, 1500.0, 1700.0, 1900.0]
    );
}

#[test]
fn puzzles_move_their_own_rating_and_remember_what_was_solved() {
    let (_d, paths) = temp_paths();
    let puzzles = tengen_engine::embedded_puzzles();
    let mut stats = Stats::default();
    let first = next_puzzle(stats.puzzle_progress(), &puzzles).expect("a puzzle");
    // A new player starts at the easiest puzzles.
    assert_eq!(
        first.difficulty,
        puzzles.iter().map(|p| p.difficulty).min().expect("some")
    );
    let (before, after) = stats.record_puzzle(first, true, 0);
    assert_eq!(before, START_RATING);
    assert!(after > before);
    assert!(stats.puzzle_progress().is_solved(first));
    let second = next_puzzle(stats.puzzle_progress(), &puzzles).expect("a puzzle");
    assert_ne!(puzzle_id(second), puzzle_id(first));
    let (b2, a2) = stats.record_puzzle(second, false, 0);
    assert!(a2 < b2);
    assert_eq!(stats.puzzle_progress().failed, [puzzle_id(second)]);
    // The failed puzzle waits while others are left.
    let third = next_puzzle(stats.puzzle_progress(), &puzzles).expect("a puzzle");
    assert_ne!(puzzle_id(third), puzzle_id(second));
    // A solve with a hint gains less than one without.
    let mut helped = stats.clone();
    let (hb, ha) = helped.record_puzzle(third, true, 1);
    let (pb, pa) = stats.clone().record_puzzle(third, true, 0);
    assert_eq!(hb, pb);
    assert!(hb < ha && ha < pa);
    assert_eq!(puzzle_score(true, 1), 0.75);
    assert_eq!(puzzle_score(true, 9), 0.25);
    assert_eq!(puzzle_score(false, 0), 0.0);

    // Solving the failed one later moves it from failed to solved.
    stats.record_puzzle(second, true, 0);
    let progress = stats.puzzle_progress();
    assert!(progress.failed.is_empty());
    assert_eq!(progress.solved, [puzzle_id(first), puzzle_id(second)]);
    assert_eq!((progress.attempts, progress.history.len()), (3, 3));

    save_stats(&paths, &stats).expect("save");
    assert_eq!(load_stats(&paths).value, stats);
}

#[test]
fn the_next_puzzle_is_the_nearest_unsolved_and_failed_ones_come_back() {
    let puzzles = tengen_engine::embedded_puzzles();
    let mut progress = PuzzleProgress::default();
    // A strong puzzle solver is offered the hardest puzzles.
    progress.rating.rating = 2500.0;
    let hardest = puzzles.iter().map(|p| p.difficulty).max().expect("some");
    assert_eq!(
        next_puzzle(&progress, &puzzles).expect("one").difficulty,
        hardest
    );
    // The same answer whatever the order of the file.
    let mut shuffled = puzzles.clone();
    shuffled.rotate_left(puzzles.len() / 3);
    assert_eq!(
        next_puzzle(&progress, &shuffled),
        next_puzzle(&progress, &puzzles)
    );

    // A failed puzzle waits for RETRY_AFTER other failures, then comes back.
    let mut progress = PuzzleProgress::default();
    let first = next_puzzle(&progress, &puzzles).expect("one");
    let first_id = puzzle_id(first);
    progress.record(first, false, 0, 0);
    for n in 1..=RETRY_AFTER {
        let p = next_puzzle(&progress, &puzzles).expect("one");
        assert_ne!(
            puzzle_id(p),
            first_id,
            "offered again after {n} other failures"
        );
        progress.record(p, false, 0, 0);
    }
    // By now the player's rating has dropped to the easiest puzzles, which the first one is.
    progress.rating.rating = puzzle_rating(first.difficulty);
    let mut seen = false;
    for _ in 0..puzzles.len() {
        let p = next_puzzle(&progress, &puzzles).expect("one");
        if puzzle_id(p) == first_id {
            seen = true;
            break;
        }
        progress.record(p, true, 0, 0);
    }
    assert!(seen, "the failed puzzle came back");
    // Once everything is solved, nothing is left.
    for p in &puzzles {
        progress.record(p, true, 0, 0);
    }
    assert!(next_puzzle(&progress, &puzzles).is_none());
    assert!(progress.failed.is_empty());
}

// ---------------------------------------------------------------- the reason a game ended

/// Two moves of `preset`, ended off the board by `end`.
fn ended_off_the_board(preset: Preset, end: End) -> SavedGame {
    let game =
        Game::from_moves(preset.variant(), &[Pos::new(7, 7), Pos::new(8, 8)]).expect("legal");
    let mut saved = saved_of(
        game,
        Mode::HumanVsHuman,
        PerSide {
            black: Player::Human { name: "Ann".into() },
            white: Player::Human { name: "Bo".into() },
        },
    );
    saved
        .edit(|m| m.end = Some(end))
        .expect("an end off the board fits");
    saved
}

#[test]
fn a_record_keeps_its_time_control_in_sgf_tm_and_ot() {
    use tengen_match::TimeControl;
    let cases = [
        ("3+2", "TM[180]OT[fischer +2]"),
        ("10s+0", "TM[10]"),
        ("byo-yomi 10+3x30", "TM[600]OT[byo-yomi 3x30]"),
        ("10/move", "OT[10/move]"),
        ("1m30s+0.5", "TM[90]OT[fischer +0.5]"),
    ];
    for (written, properties) in cases {
        let control: TimeControl = written.parse().unwrap();
        let game = Game::from_moves(Preset::Freestyle15.variant(), &[Pos::new(7, 7)]).unwrap();
        let mut record = GameRecord::new(game, None, None);
        record.time = Some(control);
        let sgf = record.to_sgf();
        assert!(sgf.contains(properties), "{written}: {sgf}");
        let back = parse_sgf(&sgf).unwrap();
        assert_eq!(back.time, Some(control), "{written}");
    }
    // No clock writes neither; another program's overtime words are not a time control here.
    let game = Game::from_moves(Preset::Freestyle15.variant(), &[Pos::new(7, 7)]).unwrap();
    let plain = GameRecord::new(game, None, None).to_sgf();
    assert!(!plain.contains("TM[") && !plain.contains("OT["), "{plain}");
    let other = parse_sgf("(;GM[4]SZ[15]TM[300]OT[5/300 Canadian];B[hh])").unwrap();
    assert_eq!(other.time, None);
}

#[test]
fn a_saved_record_carries_the_reason_in_sgf_re_and_reads_it_back() {
    let cases = [
        (
            Preset::Freestyle15,
            End::lost_by(Color::Black, Reason::Resignation),
            "RE[W+R]",
        ),
        (
            Preset::Freestyle15,
            End::lost_by(Color::White, Reason::Time),
            "RE[B+T]",
        ),
        (
            Preset::Freestyle15,
            End::lost_by(Color::White, Reason::Left),
            "RE[B+F]",
        ),
        (
            Preset::Renju15,
            End::lost_by(Color::Black, Reason::Forbidden),
            "RE[W+F]",
        ),
        (Preset::Freestyle15, End::draw(Reason::Agreement), "RE[0]"),
        (
            Preset::Freestyle15,
            End::draw(Reason::Abandoned),
            "RE[Void]",
        ),
    ];
    for (preset, end, re) in cases {
        let saved = ended_off_the_board(preset, end);
        let sgf = record_of(&saved).to_sgf();
        assert!(sgf.contains(re), "{end}: {sgf}");
        let back = parse_sgf(&sgf).expect("parses");
        assert_eq!(back.reason, Some(end.reason), "{end}: {sgf}");
        assert_eq!(back.result, saved.result(), "{end}: {sgf}");
    }
    // A five is the board's: a bare result.
    let five = finished(black_wins_in_9(), Color::Black, Level::Low, 1);
    let sgf = record_of(&five).to_sgf();
    assert!(sgf.contains("RE[B+]"), "{sgf}");
    assert_eq!(parse_sgf(&sgf).expect("parses").reason, Some(Reason::Five));
}

#[test]
fn the_history_keeps_the_reason_and_older_files_without_one_load_as_before() {
    let (_d, paths) = temp_paths();
    let mut resigned = ended_off_the_board(
        Preset::Freestyle15,
        End::lost_by(Color::Black, Reason::Resignation),
    );
    resigned.started_at_ms = 1_795_295_348_000;
    finish_game(&paths, &resigned).expect("filed");
    let history = list_history(&paths).value;
    assert_eq!(history[0].result, Some(GameResult::WhiteWins));
    assert_eq!(history[0].reason, Some(Reason::Resignation));

    // A file written before reasons were kept: a bare `W+` on a board that does not show it.
    let old = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Ann]PW[Bo]RE[W+];B[hh];W[ii])";
    fs::write(paths.history_dir().join("20240101T000000Z-1.sgf"), old).expect("write");
    let history = list_history(&paths).value;
    assert!(list_history(&paths).warnings.is_empty());
    let older = history
        .iter()
        .find(|e| e.started == Some(0))
        .expect("the old file");
    assert_eq!(
        (older.result, older.reason),
        (Some(GameResult::WhiteWins), None)
    );
}

#[test]
fn a_timed_games_record_keeps_each_movers_time_left_as_sgf_bl_and_wl() {
    use std::time::Duration;
    use tengen_match::{Action, Match, MatchSetup, Player, TimeControl};
    let mut setup = MatchSetup::new(
        Preset::Freestyle15,
        Seats::of_mode(tengen_engine::Mode::HumanVsHuman),
        Color::Black,
    );
    setup.time = "1m+2".parse::<TimeControl>().unwrap();
    let mut game_match = Match::new(setup);
    game_match.run_clock(Duration::ZERO);
    // Black thinks 10 s, white 4 s: 60 - 10 + 2 = 52 and 60 - 4 + 2 = 58 left.
    for (pos, at) in [(Pos::new(7, 7), 10), (Pos::new(8, 8), 14)] {
        let by = Player::Person;
        game_match
            .apply(Action::Place { pos, by }, Duration::from_secs(at))
            .unwrap();
    }
    let left = game_match.time_left_after_moves();
    assert_eq!(
        left,
        [Some(Duration::from_secs(52)), Some(Duration::from_secs(58))]
    );
    let mut record = GameRecord::new(game_match.game().clone(), None, None);
    record.time = Some(game_match.setup().time);
    record.time_left = left.clone();
    let sgf = record.to_sgf();
    assert!(sgf.contains(";B[hh]BL[52.0];W[ii]WL[58.0]"), "{sgf}");
    assert_eq!(parse_sgf(&sgf).unwrap().time_left, left);
    // A value that is no number of seconds is not read, and loses nothing else.
    let odd = parse_sgf("(;GM[4]SZ[15];B[hh]BL[soon];W[ii]WL[3.5])").unwrap();
    assert_eq!(odd.time_left, [None, Some(Duration::from_millis(3500))]);
    assert_eq!(odd.game.moves().len(), 2);
}

#[test]
fn a_game_against_an_outside_engine_is_filed_but_not_rated() {
    let mut saved = against_step(3, Color::Black, 42);
    saved.engine = Some("pbrain-embryo".to_owned());
    let mut stats = Stats::default();
    assert_eq!(stats.add_game(&saved), Counted::NotCounted);
    saved.engine = None;
    assert!(matches!(stats.add_game(&saved), Counted::Counted { .. }));
}

#[test]
fn the_autosave_keeps_the_outside_engine_and_older_files_have_none() {
    let (_d, paths) = temp_paths();
    let mut saved = against_step(3, Color::Black, 42);
    saved.engine = Some("/opt/rapfi/pbrain-rapfi --x".to_owned());
    save_autosave(&paths, &saved).expect("save");
    let text = fs::read_to_string(paths.autosave()).expect("read");
    assert!(
        text.contains(r#""engine": "/opt/rapfi/pbrain-rapfi --x""#),
        "{text}"
    );
    let (Resume::Continue(back) | Resume::Finished(back)) = load_autosave(&paths).value else {
        panic!("no game saved");
    };
    assert_eq!(back.engine, saved.engine);
    // A file from before: no `engine` field, Tengen's own plays on.
    saved.engine = None;
    save_autosave(&paths, &saved).expect("save");
    let text = fs::read_to_string(paths.autosave()).expect("read");
    assert!(!text.contains(r#""engine""#), "{text}");
    let (Resume::Continue(back) | Resume::Finished(back)) = load_autosave(&paths).value else {
        panic!("no game saved");
    };
    assert_eq!(back.engine, None);
}

#[test]
fn two_entries_of_one_engine_are_told_apart_by_their_arguments() {
    use crate::settings::{EngineEntry, engine_title};
    let entry = |id, arguments: &str| EngineEntry {
        id,
        path: "/usr/bin/pbrain-tengen".to_owned(),
        arguments: arguments.to_owned(),
        name: "Tengen".to_owned(),
        version: "0.1.0".to_owned(),
        ..EngineEntry::default()
    };
    let rapfi = EngineEntry {
        id: 3,
        name: "Rapfi".to_owned(),
        version: "0.43".to_owned(),
        ..EngineEntry::default()
    };
    let all = vec![
        entry(1, "--level expert"),
        entry(2, "--level medium"),
        rapfi,
    ];
    assert_eq!(engine_title(&all[0], &all), "Tengen 0.1.0 (--level expert)");
    assert_eq!(engine_title(&all[1], &all), "Tengen 0.1.0 (--level medium)");
    assert_eq!(engine_title(&all[2], &all), "Rapfi 0.43");
    let nameless = EngineEntry {
        id: 4,
        path: "/opt/x/pbrain-x".to_owned(),
        ..EngineEntry::default()
    };
    assert_eq!(engine_title(&nameless, &all), "/opt/x/pbrain-x");
}
