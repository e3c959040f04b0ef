//! The file dialogs in the real window: the binary runs under Xvfb with its folders in a temporary
//! directory and remembers a records folder from its settings. Ctrl+O shows the Open dialog there, the
//! player picks the file with the keyboard (Down, Enter), and the record opens on its own 20×20 board
//! (the menu's board is 15×15). Ctrl+S during a game shows the Save dialog there, and Enter saves the
//! game under the name offered.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tengen_store::Paths;

use crate::smoke::{Reaper, game_window, next_line, printed_lines, run, start_xvfb, wait_line};

/// A 20×20 record: only this file can bring a board of that size.
const RECORD: &str = "(;GM[4]FF[4]SZ[20]PB[Alice]PW[Bob];B[jj];W[kk];B[kj])";

/// Waits up to `limit` for a log line (stderr) holding `text`.
fn log_line(log: &Receiver<String>, text: &str, limit: Duration) -> bool {
    let start = Instant::now();
    loop {
        let Some(left) = limit.checked_sub(start.elapsed()) else {
            return false;
        };
        match log.recv_timeout(left) {
            Ok(line) if line.contains(text) => return true,
            Ok(line) => eprintln!("game: {line}"),
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// The game under Xvfb with `args`, its settings remembering `records` as the dialogs' folder.
struct Running {
    _xvfb: Reaper,
    display: String,
    game: Reaper,
    lines: Receiver<String>,
    log: Receiver<String>,
}

impl Running {
    fn start(home: &Path, records: &Path, args: &[&str]) -> Running {
        let (xvfb, display) = start_xvfb();
        let paths = Paths::at(home.join("config/tengen"), home.join("data/tengen"));
        let settings = tengen_store::Settings {
            last_folder: Some(records.to_owned()),
            ..Default::default()
        };
        tengen_store::save_settings(&paths, &settings).expect("settings");
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .arg("--print-moves")
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            // No session bus, as on Xvfb alone: the game's own dialog, not the desktop's chooser.
            .env_remove("DBUS_SESSION_BUS_ADDRESS")
            .env("XDG_RUNTIME_DIR", home)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the game binary");
        let lines = printed_lines(&mut child);
        let log = stderr_lines(&mut child);
        Running {
            _xvfb: xvfb,
            display,
            game: Reaper(child),
            lines,
            log,
        }
    }

    /// A key through XTEST to the focused window (egui ignores events sent to a window directly).
    fn key(&self, keys: &str) {
        run(&self.display, "xdotool", &["key", keys]);
    }

    /// Ctrl+`letter` once the game has drawn its board (it takes input from then on), and the log
    /// saying a dialog was shown. Ctrl is held down as a hand does: a chord sent in one go can fall
    /// into one frame, which then sees the letter but no Ctrl still down.
    fn show_dialog(&mut self, letter: &str) {
        wait_line(
            &self.lines,
            &mut self.game,
            "ready size=",
            Duration::from_secs(60),
        );
        let window = game_window(&self.display);
        run(
            &self.display,
            "xdotool",
            &["windowfocus", "--sync", &window],
        );
        run(&self.display, "xdotool", &["keydown", "ctrl"]);
        self.key(letter);
        run(&self.display, "xdotool", &["keyup", "ctrl"]);
        let shown = log_line(&self.log, "file dialog shown", Duration::from_secs(30));
        if !shown {
            screenshot(&self.display, "dialog-not-shown.png");
        }
        assert!(shown, "Ctrl+{letter} showed no file dialog");
    }
}

#[test]
fn the_open_dialog_starts_in_the_folder_used_last_and_opens_the_file_picked() {
    let home = tempfile::tempdir().expect("temp home");
    let home = home.path();
    let records = home.join("records");
    std::fs::create_dir_all(&records).expect("records folder");
    std::fs::write(records.join("twenty.sgf"), RECORD).expect("record");
    let mut run = Running::start(home, &records, &["--mode", "hvh"]);
    run.show_dialog("o");
    // The dialog lists the folder used last (read as it opened), which holds only the record: Down
    // selects it and Enter opens it. Each key waits for the game to say it arrived, so the two never
    // fall into one frame (the dialog would read Enter first).
    run.key("Down");
    assert!(
        log_line(&run.log, "file dialog selected", Duration::from_secs(30)),
        "Down selected nothing in the Open dialog"
    );
    run.key("Return");
    let ready = next_line(
        &run.lines,
        &mut run.game,
        "ready size=20",
        Duration::from_secs(30),
    );
    if ready.is_none() {
        screenshot(&run.display, "dialog-failure.png");
    }
    assert!(ready.is_some(), "the chosen file did not open");
    assert!(
        log_line(&run.log, "file dialog: ", Duration::from_secs(10)),
        "the dialog did not report the file"
    );
}

#[test]
fn a_file_whose_name_is_not_utf8_is_listed_and_opens_from_the_dialog() {
    use std::os::unix::ffi::OsStrExt;
    let home = tempfile::tempdir().expect("temp home");
    let home = home.path();
    let records = home.join("records");
    std::fs::create_dir_all(&records).expect("records folder");
    // A name in Latin-1, as an old program writes it: "partie-été.sgf".
    let name = std::ffi::OsStr::from_bytes(b"partie-\xe9t\xe9.sgf");
    std::fs::write(records.join(name), RECORD).expect("record");
    let mut run = Running::start(home, &records, &["--mode", "hvh"]);
    run.show_dialog("o");
    run.key("Down");
    assert!(
        log_line(
            &run.log,
            "file dialog selected \"partie-\u{fffd}t\u{fffd}.sgf\"",
            Duration::from_secs(30)
        ),
        "the file is not listed by its name, a stand-in character for each byte that is no UTF-8"
    );
    run.key("Return");
    let ready = next_line(
        &run.lines,
        &mut run.game,
        "ready size=20",
        Duration::from_secs(30),
    );
    if ready.is_none() {
        screenshot(&run.display, "latin1-failure.png");
    }
    assert!(ready.is_some(), "the file with a Latin-1 name did not open");
}

#[test]
fn the_save_dialog_saves_the_game_in_the_folder_used_last() {
    let home = tempfile::tempdir().expect("temp home");
    let home = home.path();
    let records = home.join("records");
    std::fs::create_dir_all(&records).expect("records folder");
    let mut run = Running::start(home, &records, &["--mode", "hvh"]);
    run.show_dialog("s");
    // The name offered has the focus from the frame the dialog opens: Enter saves.
    run.key("Return");
    let saved = log_line(&run.log, "saved the game as", Duration::from_secs(30));
    if !saved {
        screenshot(&run.display, "save-failure.png");
    }
    assert!(saved, "Enter in the Save dialog saved nothing");
    let files: Vec<_> = std::fs::read_dir(&records)
        .expect("records folder")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let record = tengen_store::open_game_file(&files[0], tengen_engine::Rule::Freestyle)
        .expect("an SGF record the game reads back");
    assert_eq!(record.game.variant().size(), 15);
}

/// The game's log (stderr), line by line.
fn stderr_lines(game: &mut std::process::Child) -> Receiver<String> {
    let stderr = game.stderr.take().expect("stderr is piped");
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// A picture of the screen for a failed run, beside the test build.
fn screenshot(display: &str, name: &str) {
    let shot = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = Command::new("import")
        .args(["-window", "root"])
        .arg(&shot)
        .env("DISPLAY", display)
        .status();
    eprintln!("screenshot: {}", shot.display());
}
