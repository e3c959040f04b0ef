//! A full or read-only disk under the headless game: play goes on, the side panel says once what
//! cannot be saved and why (no dialog over the board), the last good files stay intact, and saving
//! resumes by itself when space returns, without another move.
//!
//! The disk is a small tmpfs mounted for the test (root is available here and in CI); a test that
//! cannot mount says so and stops, as no other folder can be made full or read-only for root.

use std::path::{Path, PathBuf};
use std::process::Command;

use bevy::prelude::*;
use tengen::game::{GameCommand, Mode};
use tengen::persistence::{SAVE_RETRY, SaveHealth, Settings};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Level, Preset};
use tengen_store as store;
use tengen_store::SaveFailure;

use crate::persist::{app_in, autosave, notices, paths, play_first_stone};
use crate::support::*;

/// A 256 KiB tmpfs of the test's own, filled and freed at will; unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount() -> Option<SmallDisk> {
        let dir = tempfile::tempdir().expect("temp dir");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: a tmpfs cannot be mounted here (not root?)");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn filler(&self) -> PathBuf {
        self.path().join("filler")
    }

    /// Writes a file until the disk has no room left.
    fn fill(&self) {
        use std::io::Write;
        let mut file = std::fs::File::create(self.filler()).expect("filler");
        let block = vec![0u8; 4096];
        while file
            .write_all(&block)
            .and_then(|()| file.sync_all())
            .is_ok()
        {}
    }

    fn free(&self) {
        std::fs::remove_file(self.filler()).expect("remove filler");
    }

    /// Makes `dir` read-only: a read-only bind mount over it (the tmpfs itself cannot be remounted
    /// while the game holds its lock file open for writing).
    fn read_only(&self, dir: &Path) {
        run(
            "mount",
            &["--bind".as_ref(), dir.as_os_str(), dir.as_os_str()],
        );
        run(
            "mount",
            &["-o".as_ref(), "remount,bind,ro".as_ref(), dir.as_os_str()],
        );
    }

    fn writable(&self, dir: &Path) {
        run("umount", &[dir.as_os_str()]);
    }
}

fn run(program: &str, args: &[&std::ffi::OsStr]) {
    let ok = Command::new(program)
        .args(args)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "{program} {args:?}");
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // Lazily: a bind mount left by a failed test goes with it.
        let _ = Command::new("umount")
            .args(["-R", "-l"])
            .arg(self.dir.path())
            .status();
    }
}

fn trouble(app: &App) -> Option<SaveFailure> {
    app.world()
        .resource::<SaveHealth>()
        .trouble()
        .map(|t| t.failure)
}

fn saved_moves(dir: &Path) -> Option<usize> {
    autosave(dir).map(|saved| saved.game().moves().len())
}

/// The side panel's words for the trouble, in the player's language.
fn trouble_line(app: &App) -> String {
    let health = app.world().resource::<SaveHealth>();
    let words = app.world().resource::<tengen::i18n::Words>();
    words.phrase(&health.line().expect("trouble"))
}

#[test]
fn on_a_full_disk_play_goes_on_and_saving_resumes_by_itself_when_space_returns() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let mut app = app_in(disk.path());
    play_first_stone(&mut app);
    assert_eq!(saved_moves(disk.path()), Some(1));

    disk.fill();
    place(&mut app, 8, 8);
    place(&mut app, 6, 6);
    assert_eq!(
        current(&app).game().moves().len(),
        3,
        "the stones stay played"
    );
    assert_eq!(trouble(&app), Some(SaveFailure::DiskFull));
    let line = trouble_line(&app);
    assert!(line.contains("the disk is full"), "{line}");
    assert!(line.contains("autosave"), "the file by its name: {line}");
    assert!(!line.contains(disk.path().to_str().unwrap()), "{line}");
    assert!(notices(&app).is_empty(), "no dialog over the board");
    assert_eq!(
        saved_moves(disk.path()),
        Some(1),
        "the last good autosave is intact"
    );

    // Space returns: the next retry writes the game without another move.
    disk.free();
    run_for(&mut app, SAVE_RETRY + FRAME * 2);
    settle_files(&app);
    app.update();
    assert_eq!(trouble(&app), None);
    assert_eq!(saved_moves(disk.path()), Some(3));
    assert!(
        notice_text(&app).contains("Saving works again"),
        "{}",
        notice_text(&app)
    );
}

#[test]
fn a_game_finished_on_a_full_disk_is_filed_once_space_returns() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let p = paths(disk.path());
    let mut app = app_in(disk.path());
    play_first_stone(&mut app);
    for (x, y) in [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7)] {
        place(&mut app, x, y);
    }
    disk.fill();
    place(&mut app, 0, 3);
    place(&mut app, 11, 7);
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(trouble(&app), Some(SaveFailure::DiskFull));
    assert!(store::list_history(&p).value.is_empty());

    disk.free();
    run_for(&mut app, SAVE_RETRY + FRAME * 2);
    settle_files(&app);
    app.update();
    assert_eq!(trouble(&app), None);
    let history = store::list_history(&p).value;
    assert_eq!(history.len(), 1, "filed once");
    assert_eq!(history[0].moves, 9);
    assert_eq!(saved_moves(disk.path()), None, "nothing left to continue");
    run_for(&mut app, SAVE_RETRY * 2);
    assert_eq!(store::list_history(&p).value.len(), 1, "and only once");
}

#[test]
fn on_a_read_only_disk_the_reason_is_said_and_saving_resumes_when_it_is_writable() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let mut app = app_in(disk.path());
    play_first_stone(&mut app);
    let data = disk.path().join("data");
    disk.read_only(&data);
    place(&mut app, 8, 8);
    assert_eq!(trouble(&app), Some(SaveFailure::ReadOnly));
    assert!(trouble_line(&app).contains("read-only"));
    assert_eq!(saved_moves(disk.path()), Some(1));

    disk.writable(&data);
    run_for(&mut app, SAVE_RETRY + FRAME * 2);
    // The retry is written on the files' own thread, which may lag the frames under load; its
    // answer is read the frame after.
    settle_files(&app);
    app.update();
    assert_eq!(trouble(&app), None);
    assert_eq!(saved_moves(disk.path()), Some(2));
}

#[test]
fn a_read_only_folder_names_both_the_settings_and_the_game_not_saved() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let mut app = app_in(disk.path());
    play_first_stone(&mut app);
    let (config, data) = (disk.path().join("config"), disk.path().join("data"));
    disk.read_only(&config);
    disk.read_only(&data);
    // The settings fail first: the line once named them alone, though the game was not saved either.
    app.world_mut().resource_mut::<Settings>().0.volume = 0.25;
    run_for(&mut app, tengen::persistence::SETTINGS_SAVE_DELAY * 2);
    place(&mut app, 8, 8);
    let line = trouble_line(&app);
    assert!(line.contains("the game in progress"), "{line}");
    assert!(line.contains("the settings"), "{line}");
    assert!(line.contains("read-only"), "{line}");
    assert!(
        line.contains("autosave.json") && line.contains("settings.json"),
        "{line}"
    );
    disk.writable(&data);
    disk.writable(&config);
}

#[test]
fn settings_changed_on_a_full_disk_are_written_once_space_returns() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let p = paths(disk.path());
    let mut app = app_in(disk.path());
    send(
        &mut app,
        GameCommand::NewGame(setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Expert,
            Side::White,
        )),
    );
    assert_eq!(store::load_settings(&p).value.level, store::Level::Expert);

    disk.fill();
    app.world_mut().resource_mut::<Settings>().0.volume = 0.25;
    run_for(&mut app, tengen::persistence::SETTINGS_SAVE_DELAY * 2);
    assert_eq!(trouble(&app), Some(SaveFailure::DiskFull));
    let kept = store::load_settings(&p);
    assert!(kept.warnings.is_empty(), "the old file is intact");
    assert_eq!(kept.value.level, store::Level::Expert);
    assert_ne!(kept.value.volume, 0.25);

    disk.free();
    run_for(&mut app, SAVE_RETRY + FRAME * 2);
    settle_files(&app);
    app.update();
    assert_eq!(trouble(&app), None);
    assert_eq!(store::load_settings(&p).value.volume, 0.25);
}

#[test]
fn save_as_into_a_full_folder_says_why_by_the_files_name_and_keeps_the_old_file() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let file = disk.path().join("my game.sgf");
    let game = tengen_engine::Game::from_moves(
        Preset::Freestyle15.variant(),
        &[tengen_engine::Pos::new(7, 7)],
    )
    .expect("legal");
    let record = store::GameRecord::new(game.clone(), Some("Ada".into()), None);
    let words = tengen::i18n::Words::new(tengen_i18n::Language::English);
    tengen::persistence::save_game_as(&file, &record, None, &words)
        .expect("room for the first save");
    let first = std::fs::read_to_string(&file).expect("saved");

    disk.fill();
    let mut longer = game;
    longer.play(tengen_engine::Pos::new(8, 8)).expect("legal");
    let record = store::GameRecord::new(longer, Some("Ada".into()), None);
    let said = tengen::persistence::save_game_as(&file, &record, None, &words).expect_err("full");
    assert!(said.contains("my game.sgf"), "{said}");
    assert!(said.contains("the disk is full"), "{said}");
    assert!(
        !said.contains(disk.path().to_str().unwrap()),
        "no whole path: {said}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), first);
}

#[test]
fn a_data_folder_that_vanishes_while_playing_is_made_again_at_the_next_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    play_first_stone(&mut app);
    assert_eq!(saved_moves(dir.path()), Some(1));
    std::fs::remove_dir_all(dir.path().join("data")).expect("the folder goes");
    place(&mut app, 8, 8);
    assert_eq!(trouble(&app), None, "nothing the player needs to hear");
    assert_eq!(saved_moves(dir.path()), Some(2));
}
