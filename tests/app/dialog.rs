//! The Open dialog in the real window: the binary runs under Xvfb with its folders in a temporary
//! directory, remembers a records folder from its settings, Ctrl+O shows the file dialog there, the
//! player picks the file with the keyboard (Down, Enter), and the record opens on its own 20×20 board
//! (the menu's board is 15×15).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tengen_store::Paths;

use crate::smoke::{Reaper, game_window, next_line, printed_lines, run, start_xvfb_from};

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

#[test]
fn the_open_dialog_starts_in_the_folder_used_last_and_opens_the_file_picked() {
    let (_xvfb, display) = start_xvfb_from(160);
    let home = tempfile::tempdir().expect("temp home");
    let home = home.path();
    let records = home.join("records");
    std::fs::create_dir_all(&records).expect("records folder");
    std::fs::write(records.join("twenty.sgf"), RECORD).expect("record");
    let paths = Paths::at(home.join("config/tengen"), home.join("data/tengen"));
    let settings = tengen_store::Settings {
        last_folder: Some(records.clone()),
        ..Default::default()
    };
    tengen_store::save_settings(&paths, &settings).expect("settings");

    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("--print-moves")
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
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
    let mut game = Reaper(child);
    let window = game_window(&display);
    // Keys through XTEST to the focused window (egui ignores events sent to a window directly).
    let key = |keys: &str| run(&display, "xdotool", &["key", keys]);

    // The first keys may come before the window takes input: focus it and ask again until the
    // dialog is shown.
    let shown = (0..10).any(|_| {
        run(&display, "xdotool", &["windowfocus", "--sync", &window]);
        // Ctrl held down as a hand does: a chord sent in one go can fall into one frame, which then
        // sees the O but no Ctrl still down.
        run(&display, "xdotool", &["keydown", "ctrl"]);
        key("o");
        run(&display, "xdotool", &["keyup", "ctrl"]);
        log_line(&log, "file dialog shown", Duration::from_secs(3))
    });
    if !shown {
        screenshot(&display, "dialog-not-shown.png");
    }
    assert!(shown, "Ctrl+O showed no file dialog");
    // The dialog lists the folder used last, which holds only the record: Down selects it and Enter
    // opens it. Enter again if it came in the same frame as Down (the dialog reads Enter first).
    key("Down");
    let ready = (0..5).find_map(|_| {
        key("Return");
        next_line(&lines, &mut game, "ready size=20", Duration::from_secs(6))
    });
    if ready.is_none() {
        screenshot(&display, "dialog-failure.png");
    }
    assert!(ready.is_some(), "the chosen file did not open");
    assert!(
        log_line(&log, "file dialog: ", Duration::from_secs(10)),
        "the dialog did not report the file"
    );
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
