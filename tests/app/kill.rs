//! The real game killed in the middle of a game loses no move: the binary runs under Xvfb with its
//! config and data folders in a temporary directory (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`), xdotool
//! plays four moves of a two-player game, SIGKILL ends it with no chance to clean up, and a second run
//! with `--continue` brings back every move with the right side to move, and takes the next move.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use tengen_store::{Paths, Resume};

use crate::smoke::{Reaper, click_cell, field, next_line, printed_lines, start_xvfb, wait_line};

/// Starts the game with the given flags and the folders under `home`; returns it and its stdout lines.
fn start_game(display: &str, home: &Path, args: &[&str]) -> (Reaper, Receiver<String>) {
    let mut game = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .arg("--print-moves")
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start the game binary");
    let lines = printed_lines(&mut game);
    (Reaper(game), lines)
}

/// Plays `cell` at (`x`, `y`) with one click, once the game sees the pointer over it; returns the
/// stdout line starting with `prefix` that says it was played.
fn play(
    display: &str,
    lines: &Receiver<String>,
    game: &mut Reaper,
    at: (f32, f32),
    cell: &str,
    prefix: &str,
) -> String {
    click_cell(display, lines, game, at, cell);
    match next_line(lines, game, prefix, Duration::from_secs(60)) {
        Some(line) => line,
        None => {
            let shot =
                std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("kill-failure.png");
            let _ = Command::new("import")
                .args(["-window", "root", &shot.to_string_lossy()])
                .env("DISPLAY", display)
                .status();
            panic!("no `{prefix}` line after the click on {cell}; screen in {shot:?}");
        }
    }
}

#[test]
fn a_game_killed_between_moves_continues_with_every_move() {
    let home = tempfile::tempdir().expect("temp dir");
    let (_xvfb, display) = start_xvfb();

    // First run: four moves of a two-player game on 15×15, then SIGKILL.
    let (mut game, lines) = start_game(&display, home.path(), &["--mode", "hvh"]);
    let ready = wait_line(&lines, &mut game, "ready", Duration::from_secs(180));
    let (cx, cy) = field(&ready, "centre");
    let spacing = field(&ready, "spacing").0;
    // h8, i8, h9, i9: columns to the right, rows upwards on screen.
    let offsets = [
        (0.0, 0.0, "h8"),
        (1.0, 0.0, "i8"),
        (0.0, -1.0, "h9"),
        (1.0, -1.0, "i9"),
    ];
    let mut played = Vec::new();
    for (n, (dx, dy, cell)) in offsets.into_iter().enumerate() {
        let line = play(
            &display,
            &lines,
            &mut game,
            (cx + dx * spacing, cy + dy * spacing),
            cell,
            &format!("placed {}", n + 1),
        );
        let cell = line
            .split_whitespace()
            .nth(3)
            .expect("cell name")
            .to_owned();
        played.push(cell);
        // The position is on disk once this line appears, before the frame is drawn.
        let saved = wait_line(
            &lines,
            &mut game,
            &format!("autosaved moves={}", n + 1),
            Duration::from_secs(30),
        );
        println!("{saved}");
    }
    assert_eq!(played, ["h8", "i8", "h9", "i9"]);
    // SIGKILL: no exit handler, no flush, nothing.
    game.0.kill().expect("kill the game");
    let status = game.0.wait().expect("wait for the game");
    assert!(
        !status.success(),
        "the game was killed, not closed: {status}"
    );

    // The autosave on disk holds every move.
    let paths = Paths::at(
        home.path().join("config/tengen"),
        home.path().join("data/tengen"),
    );
    let saved = match tengen_store::load_autosave(&paths) {
        loaded if !loaded.warnings.is_empty() => panic!("bad autosave: {:?}", loaded.warnings),
        loaded => match loaded.value {
            Resume::Continue(saved) => saved,
            other => panic!("no game to continue in {paths:?}: {other:?}"),
        },
    };
    assert_eq!(saved.game().moves().len(), 4);

    // Second run: --continue brings the game back, black to move, and play goes on.
    let (mut game, lines) = start_game(&display, home.path(), &["--continue"]);
    let restored = wait_line(&lines, &mut game, "saved game", Duration::from_secs(180));
    assert!(
        restored.contains("moves=h8,i8,h9,i9 ") && restored.contains("to_move=black"),
        "{restored}"
    );
    let ready = wait_line(&lines, &mut game, "ready", Duration::from_secs(180));
    let (cx, cy) = field(&ready, "centre");
    let spacing = field(&ready, "spacing").0;
    let fifth = play(
        &display,
        &lines,
        &mut game,
        (cx - spacing, cy),
        "g8",
        "placed 5",
    );
    assert!(fifth.contains("placed 5 black g8"), "{fifth}");
    wait_line(
        &lines,
        &mut game,
        "autosaved moves=5",
        Duration::from_secs(30),
    );
}
