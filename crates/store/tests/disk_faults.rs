//! Full, read-only and vanished disks under every writer of the store: a failed save says what and
//! why in plain words, leaves the last good file exactly as it was (no truncated file, no temporary
//! file left behind), and the next save succeeds by itself once the disk is usable again.
//!
//! A full or read-only disk is a small tmpfs mounted for the test (`mount` needs root; CI runs as
//! root). Where mounting is impossible the test says so on stderr and skips; a vanished folder needs
//! no mount and always runs.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

use tengen_engine::{Game, Level, Mode, Pos, Preset};
use tengen_store::*;

/// One disk at a time. The tests of this file run on parallel threads, and a thread that spawns
/// `mount` forks: until the child execs, it holds a copy of every open file of the process, the
/// filler included, so the space freed by deleting the filler could stay taken (a `save` then failed
/// with "no space" right after `free`, once in many runs).
static ONE_DISK: Mutex<()> = Mutex::new(());

/// A 64 KiB tmpfs mounted on a fresh folder, unmounted when dropped.
struct Disk {
    dir: PathBuf,
    _alone: MutexGuard<'static, ()>,
    // Dropped after `drop` has unmounted the disk: removes the (then empty) mount point.
    _parent: tempfile::TempDir,
}

impl Disk {
    /// The disk, or `None` (and a line on stderr) where this machine does not allow mounting.
    fn mount(test: &str) -> Option<Disk> {
        // A test that failed while holding the lock poisons it; the others still run.
        let alone = ONE_DISK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let parent = tempfile::tempdir().expect("a temporary folder");
        let dir = parent.path().join("disk");
        fs::create_dir(&dir).expect("a mount point");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!(
                "SKIPPED {test}: could not mount a 64 KiB tmpfs (this needs root and a system that \
                 allows mounts; CI runs as root)"
            );
            return None;
        }
        Some(Disk {
            dir,
            _alone: alone,
            _parent: parent,
        })
    }

    fn paths(&self) -> Paths {
        Paths::at(self.dir.join("config"), self.dir.join("data"))
    }

    /// Remounts the disk read-only (`ro`) or writable again (`rw`).
    fn remount(&self, mode: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{mode}")])
            .arg(&self.dir)
            .status()
            .expect("mount runs");
        assert!(status.success(), "remount {mode} failed");
    }

    fn filler(&self) -> PathBuf {
        self.dir.join("filler")
    }

    /// Fills every byte left on the disk.
    fn fill(&self) {
        let mut file = fs::File::create(self.filler()).expect("the filler file");
        let chunk = vec![0u8; 4096];
        let full = loop {
            if let Err(e) = file.write_all(&chunk) {
                break e;
            }
        };
        assert_eq!(full.kind(), io::ErrorKind::StorageFull, "{full}");
    }

    /// Gives the space back.
    fn free(&self) {
        fs::remove_file(self.filler()).expect("the filler file goes");
    }

    /// Every file on the disk but the filler, with its content.
    fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut out = BTreeMap::new();
        collect(&self.dir, &mut out);
        out.remove(&self.filler());
        out
    }
}

impl Drop for Disk {
    fn drop(&mut self) {
        // Lazy: a failed test may still hold a file open there.
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
    }
}

fn collect(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.insert(path.clone(), fs::read(&path).expect("a readable file"));
        }
    }
}

/// A game of `Mode::HumanVsComputer` with one move, started at `n` ms (its identity).
fn game_in_progress(n: u64) -> SavedGame {
    let players = PerSide {
        black: Player::Human { name: "Ann".into() },
        white: Player::Computer {
            level: Level::Medium,
            step: None,
        },
    };
    let mut game = Game::new(Preset::Freestyle15.variant());
    game.play(Pos::new(7, 7)).expect("legal");
    let mut saved =
        SavedGame::of_game(game, Mode::HumanVsComputer, players).expect("a preset's board");
    saved.started_at_ms = n;
    saved
}

/// The same game played on until white has five: over, ready to file.
fn game_over(n: u64) -> SavedGame {
    let mut saved = game_in_progress(n);
    for (x, y) in [
        (0, 0),
        (1, 0),
        (0, 1),
        (1, 1),
        (0, 2),
        (1, 2),
        (0, 3),
        (5, 5),
        (0, 4),
    ] {
        saved.play(Pos::new(x, y)).expect("legal");
    }
    assert!(saved.is_over());
    saved
}

/// One writer of the store: saves version `n` of its file, and reads back which version is there.
struct Writer {
    file: FileKind,
    save: fn(&Paths, u64) -> Result<(), StoreError>,
    read: fn(&Paths) -> Option<u64>,
}

fn record_path(paths: &Paths) -> PathBuf {
    paths.data_dir().join("saved games").join("game.sgf")
}

/// The newest game in the history, by its identity (the start time in its name).
fn newest_in_history(paths: &Paths) -> Option<u64> {
    let listed = list_history(paths);
    let newest = listed.value.first()?;
    let stem = newest.path.file_stem()?.to_str()?;
    stem.rsplit('-').next()?.parse().ok()
}

fn writers() -> Vec<Writer> {
    vec![
        Writer {
            file: FileKind::Settings,
            save: |paths, n| {
                let settings = Settings {
                    player_name: format!("P{n}"),
                    ..Settings::default()
                };
                save_settings(paths, &settings)
            },
            read: |paths| load_settings(paths).value.player_name[1..].parse().ok(),
        },
        Writer {
            file: FileKind::Autosave,
            save: |paths, n| save_autosave(paths, &game_in_progress(n)),
            read: |paths| match load_autosave(paths).value {
                Resume::Continue(saved) => Some(saved.started_at_ms),
                _ => None,
            },
        },
        Writer {
            file: FileKind::Statistics,
            save: |paths, n| {
                let mut stats = Stats::default();
                for i in 0..n {
                    stats.add_game(&game_over(i + 1));
                }
                save_stats(paths, &stats)
            },
            read: |paths| Some(load_stats(paths).value.records.first()?.losses.into()),
        },
        Writer {
            file: FileKind::History,
            save: |paths, n| add_to_history(paths, &game_over(n)).map(drop),
            read: newest_in_history,
        },
        Writer {
            // Filing a finished game: history, statistics and the autosave in one call.
            file: FileKind::History,
            save: |paths, n| finish_game(paths, &game_over(n)).map(drop),
            read: newest_in_history,
        },
        Writer {
            file: FileKind::GameRecord,
            save: |paths, n| {
                let record =
                    GameRecord::new(game_over(n).game().clone(), Some(format!("P{n}")), None);
                save_sgf(&record_path(paths), &record)
            },
            read: |paths| {
                let record = open_game_file(&record_path(paths), tengen_engine::Rule::Freestyle);
                record.ok()?.black?[1..].parse().ok()
            },
        },
    ]
}

/// Removes the store's folders (a writer makes only one of them).
fn remove_folders(paths: &Paths) {
    let folders = [paths.config_dir(), paths.data_dir()];
    let removed = folders.iter().filter(|f| fs::remove_dir_all(f).is_ok());
    assert_eq!(removed.count(), 1, "one folder was written");
}

/// The error names the file by its name only, and the reason in plain words.
fn assert_explains(error: &StoreError, disk: &Disk, reason: SaveFailure, words: &str) {
    let text = error.to_string();
    assert_eq!(error.reason(), reason, "{text}");
    assert!(text.contains(&error.file_name()), "{text}");
    assert!(text.contains(words), "{text}");
    assert!(
        !text.contains(&*disk.dir.to_string_lossy()),
        "a whole path in: {text}"
    );
}

#[test]
fn a_full_disk_keeps_the_last_good_file_and_the_next_save_works_once_space_returns() {
    for writer in writers() {
        let Some(disk) = Disk::mount("full disk") else {
            return;
        };
        let paths = disk.paths();
        (writer.save)(&paths, 1).expect("the first save");
        disk.fill();
        let before = disk.files();
        let error = (writer.save)(&paths, 2).expect_err("no space for the second save");
        assert_eq!(error.file, writer.file);
        assert_explains(&error, &disk, SaveFailure::DiskFull, "the disk is full");
        // Not a byte changed: no truncated file in place of the good one, no temporary file left.
        assert_eq!(disk.files(), before, "{:?} on a full disk", writer.file);
        assert_eq!((writer.read)(&paths), Some(1));
        disk.free();
        (writer.save)(&paths, 2).expect("space is back");
        assert_eq!((writer.read)(&paths), Some(2), "{:?}", writer.file);
    }
}

#[test]
fn a_read_only_disk_keeps_the_last_good_file_and_the_next_save_works_once_writable() {
    for writer in writers() {
        let Some(disk) = Disk::mount("read-only disk") else {
            return;
        };
        let paths = disk.paths();
        (writer.save)(&paths, 1).expect("the first save");
        let before = disk.files();
        disk.remount("ro");
        let error = (writer.save)(&paths, 2).expect_err("a read-only disk");
        assert_explains(
            &error,
            &disk,
            SaveFailure::ReadOnly,
            "the disk is read-only",
        );
        assert_eq!(
            disk.files(),
            before,
            "{:?} on a read-only disk",
            writer.file
        );
        assert_eq!((writer.read)(&paths), Some(1));
        disk.remount("rw");
        (writer.save)(&paths, 2).expect("writable again");
        assert_eq!((writer.read)(&paths), Some(2), "{:?}", writer.file);
    }
}

#[test]
fn a_vanished_folder_is_made_again() {
    for writer in writers() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let paths = Paths::at(root.path().join("config"), root.path().join("data"));
        (writer.save)(&paths, 1).expect("the first save");
        remove_folders(&paths);
        (writer.save)(&paths, 2).expect("the folder is made again");
        assert_eq!((writer.read)(&paths), Some(2), "{:?}", writer.file);
    }
}

#[test]
fn a_vanished_folder_on_a_read_only_disk_is_reported() {
    for writer in writers() {
        let Some(disk) = Disk::mount("vanished folder on a read-only disk") else {
            return;
        };
        let paths = disk.paths();
        (writer.save)(&paths, 1).expect("the first save");
        remove_folders(&paths);
        disk.remount("ro");
        let error = (writer.save)(&paths, 2).expect_err("the folder cannot be made");
        assert_explains(
            &error,
            &disk,
            SaveFailure::ReadOnly,
            "the disk is read-only",
        );
        assert!(disk.files().is_empty(), "{:?}", disk.files());
        disk.remount("rw");
        (writer.save)(&paths, 2).expect("writable again");
        assert_eq!((writer.read)(&paths), Some(2), "{:?}", writer.file);
    }
}

#[test]
fn clearing_the_autosave_on_a_read_only_disk_is_reported_and_works_once_writable() {
    let Some(disk) = Disk::mount("clearing on a read-only disk") else {
        return;
    };
    let paths = disk.paths();
    save_autosave(&paths, &game_in_progress(1)).expect("saved");
    disk.remount("ro");
    let error = clear_autosave(&paths).expect_err("a read-only disk");
    assert_eq!(error.file, FileKind::Autosave);
    assert_explains(
        &error,
        &disk,
        SaveFailure::ReadOnly,
        "the disk is read-only",
    );
    assert!(matches!(load_autosave(&paths).value, Resume::Continue(_)));
    disk.remount("rw");
    clear_autosave(&paths).expect("writable again");
    assert!(matches!(load_autosave(&paths).value, Resume::Nothing));
}

#[cfg(target_os = "linux")]
#[test]
fn every_failure_has_plain_words() {
    // The system's error numbers on Linux, whatever disk this test runs on.
    let cases = [
        (28, SaveFailure::DiskFull, "the disk is full"), // ENOSPC
        (122, SaveFailure::DiskFull, "the disk is full"), // EDQUOT
        (30, SaveFailure::ReadOnly, "the disk is read-only"), // EROFS
        (2, SaveFailure::FolderMissing, "its folder is missing"), // ENOENT
        (13, SaveFailure::NotAllowed, "does not allow writing"), // EACCES
        (5, SaveFailure::Other, "Input/output error"),   // EIO: the system's words are kept
    ];
    for (errno, reason, words) in cases {
        let error = StoreError {
            file: FileKind::Settings,
            path: PathBuf::from("/somewhere/deep/settings.json"),
            source: io::Error::from_raw_os_error(errno),
        };
        let text = error.to_string();
        assert_eq!(error.reason(), reason, "{text}");
        assert!(text.contains(words), "{text}");
        assert!(
            text.starts_with("Could not save the settings file settings.json: "),
            "{text}"
        );
        assert!(!text.contains("/somewhere"), "{text}");
    }
}
