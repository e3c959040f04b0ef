//! A click with no pointer move before it, in the real window: xdotool moves and clicks in one go, so
//! the game sees the move and the press in the same frame (as with a tap, or the first click after the
//! window gained focus). Picking's hover was not there yet and the click was lost; it must play.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::smoke::{Reaper, field, game_window, printed_lines, run, start_xvfb, wait_line};

#[test]
fn a_click_with_no_move_before_it_plays_in_the_real_window() {
    let (_xvfb, display) = start_xvfb();
    let files = tempfile::tempdir().expect("temp dir");
    let mut game = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--mode", "hvh", "--print-moves"])
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_CONFIG_HOME", files.path().join("config"))
        .env("XDG_DATA_HOME", files.path().join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start the game binary");
    let lines = printed_lines(&mut game);
    let mut game = Reaper(game);

    let ready = wait_line(&lines, &mut game, "ready", Duration::from_secs(180));
    let (cx, cy) = field(&ready, "centre");
    let spacing = field(&ready, "spacing").0;
    let window = game_window(&display);
    run(&display, "xdotool", &["windowfocus", "--sync", &window]);
    for (dx, name) in [(0.0, "h8"), (2.0, "j8")] {
        let x = (cx + dx * spacing).round().to_string();
        let y = cy.round().to_string();
        run(
            &display,
            "xdotool",
            &["mousemove", "--window", &window, &x, &y, "click", "1"],
        );
        let placed = wait_line(&lines, &mut game, "placed", Duration::from_secs(60));
        assert!(
            placed.contains(name),
            "the click played on {name}: {placed}"
        );
    }
}
