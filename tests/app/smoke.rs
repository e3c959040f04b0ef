//! The real game in a real window: the binary this test build made runs under Xvfb (software Vulkan),
//! xdotool clicks the centre point, the computer answers, and a screenshot must show both stones.
//! Needs the packages `xvfb`, `xdotool`, `imagemagick` and `mesa-vulkan-drivers` (the README's setup).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Kills a child process when the test ends, however it ends.
pub(crate) struct Reaper(pub(crate) Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts Xvfb on a display it picks itself (`-displayfd`: the X server takes the first free number
/// and clears stale locks), so tests running at once never collide. Returns once it accepts clients.
pub(crate) fn start_xvfb() -> (Reaper, String) {
    let mut xvfb = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cannot start Xvfb (install the `xvfb` package)");
    let stdout = xvfb.stdout.take().expect("piped stdout");
    let xvfb = Reaper(xvfb);
    // Xvfb writes the display number once it is ready, and nothing before.
    let mut number = String::new();
    BufReader::new(stdout)
        .read_line(&mut number)
        .expect("read Xvfb's display number");
    let number = number.trim();
    assert!(
        !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()),
        "Xvfb did not start (it printed {number:?})"
    );
    (xvfb, format!(":{number}"))
}

/// Waits for a stdout line starting with `prefix`, checking that the game is still running.
pub(crate) fn wait_line(
    lines: &Receiver<String>,
    game: &mut Reaper,
    prefix: &str,
    limit: Duration,
) -> String {
    next_line(lines, game, prefix, limit)
        .unwrap_or_else(|| panic!("no `{prefix}` line after {limit:?}"))
}

/// Waits for one line starting with each of `prefixes`, in any order (lines printed in one frame
/// come in the order of the systems that print them); returns them in the order of `prefixes`.
pub(crate) fn wait_lines(
    lines: &Receiver<String>,
    game: &mut Reaper,
    prefixes: &[&str],
    limit: Duration,
) -> Vec<String> {
    let start = Instant::now();
    let mut found: Vec<Option<String>> = vec![None; prefixes.len()];
    while found.iter().any(Option::is_none) {
        let left = limit.checked_sub(start.elapsed());
        let Some(left) = left else {
            panic!("no `{prefixes:?}` lines after {limit:?} (found {found:?})");
        };
        let line = next_line(lines, game, "", left)
            .unwrap_or_else(|| panic!("no `{prefixes:?}` lines after {limit:?} (found {found:?})"));
        for (prefix, slot) in prefixes.iter().zip(found.iter_mut()) {
            if slot.is_none() && line.starts_with(prefix) {
                *slot = Some(line.clone());
            }
        }
    }
    found.into_iter().flatten().collect()
}

/// The next stdout line starting with `prefix` within `limit`, if any; panics if the game ends.
pub(crate) fn next_line(
    lines: &Receiver<String>,
    game: &mut Reaper,
    prefix: &str,
    limit: Duration,
) -> Option<String> {
    let start = Instant::now();
    loop {
        if let Ok(Some(status)) = game.0.try_wait() {
            panic!("the game exited ({status}) while waiting for `{prefix}`");
        }
        let left = limit.checked_sub(start.elapsed())?;
        match lines.recv_timeout(left.min(Duration::from_millis(200))) {
            Ok(line) if line.starts_with(prefix) => return Some(line),
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the game closed stdout before `{prefix}`")
            }
        }
    }
}

/// The game's stdout, line by line, as it prints them (read on a thread, so waiting can time out).
pub(crate) fn printed_lines(game: &mut Child) -> Receiver<String> {
    let stdout = game.stdout.take().expect("stdout is piped");
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// The X window id of the game's window, once it is mapped.
pub(crate) fn game_window(display: &str) -> String {
    let found = run(
        display,
        "xdotool",
        &["search", "--sync", "--name", "Tengen"],
    );
    found.lines().next().expect("window id").to_string()
}

/// Clicks the point at `at`, named `cell`, once the game reports the pointer over it: the pointer
/// moves there first, and picking needs that motion to know where it is. The point must not be where
/// the pointer already is (a pointer that does not move reports nothing).
pub(crate) fn click_cell(
    display: &str,
    lines: &Receiver<String>,
    game: &mut Reaper,
    at: (f32, f32),
    cell: &str,
) {
    let window = game_window(display);
    let (x, y) = (at.0.round().to_string(), at.1.round().to_string());
    run(
        display,
        "xdotool",
        &["mousemove", "--window", &window, &x, &y],
    );
    wait_line(
        lines,
        game,
        &format!("pointer over {cell}"),
        Duration::from_secs(60),
    );
    // A real (XTEST) click, as a hand makes: `click --window` sends a synthetic event.
    run(
        display,
        "xdotool",
        &["mousemove", "--window", &window, &x, &y, "click", "1"],
    );
}

/// The value of `key=a,b` in a line, as numbers.
pub(crate) fn field(line: &str, key: &str) -> (f32, f32) {
    let value = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key}= in `{line}`"));
    let (a, b) = value.split_once(',').unwrap_or((value, "0"));
    (
        a.parse()
            .unwrap_or_else(|_| panic!("bad {key} in `{line}`")),
        b.parse()
            .unwrap_or_else(|_| panic!("bad {key} in `{line}`")),
    )
}

pub(crate) fn run(display: &str, program: &str, args: &[&str]) -> String {
    let output = Command::new("timeout")
        .arg("60")
        .arg(program)
        .args(args)
        .env("DISPLAY", display)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// Brightness (0–255) of the screenshot around a point: the mean of a small square.
pub(crate) fn brightness(image: &Path, x: f32, y: f32) -> f32 {
    let crop = format!(
        "5x5+{}+{}",
        (x - 2.0).round() as i32,
        (y - 2.0).round() as i32
    );
    let image = image.to_string_lossy();
    let text = run(
        ":0",
        "convert",
        &[
            &image,
            "-crop",
            &crop,
            "-colorspace",
            "Gray",
            "-format",
            "%[fx:255*mean]",
            "info:",
        ],
    );
    text.parse()
        .unwrap_or_else(|_| panic!("unexpected convert output `{text}`"))
}

#[test]
fn a_click_in_the_real_window_places_a_stone_and_the_computer_answers() {
    let (_xvfb, display) = start_xvfb();
    // Settings, autosave and history go to a temporary folder, never the user's.
    let files = tempfile::tempdir().expect("temp dir");
    let mut game = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args([
            "--mode",
            "hvc",
            "--level",
            "low",
            "--human",
            "black",
            "--print-moves",
        ])
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

    // Move first and wait until picking sees the pointer over the cell, then click.
    click_cell(&display, &lines, &mut game, (cx, cy), "h8");

    let human = wait_line(&lines, &mut game, "placed 1 black", Duration::from_secs(60));
    assert!(
        human.contains("h8"),
        "the click landed on the centre point: {human}"
    );
    let computer = wait_line(&lines, &mut game, "placed 2 white", Duration::from_secs(60));
    assert!(computer.contains("by=computer"), "{computer}");
    let (wx, wy) = field(&computer, "at");

    // Photograph the window once the game says the board is at rest with both stones drawn.
    wait_line(
        &lines,
        &mut game,
        "settled moves=2",
        Duration::from_secs(60),
    );
    assert!(game.0.try_wait().ok().flatten().is_none(), "the game died");
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("smoke.png");
    run(
        &display,
        "import",
        &["-window", &window, &shot.to_string_lossy()],
    );

    // Sample beside the centre of each stone (the centre of the newest one carries the last-move dot).
    let off = spacing * 0.28;
    let black = brightness(&shot, cx - off, cy);
    let white = brightness(&shot, wx - off, wy);
    let wood = brightness(&shot, cx + spacing * 0.5, cy + spacing * 0.5);
    assert!(
        black < 70.0,
        "no black stone at the clicked point (brightness {black}), see {shot:?}"
    );
    assert!(
        white > 200.0,
        "no white stone at the computer's point (brightness {white}), see {shot:?}"
    );
    assert!(
        (90.0..200.0).contains(&wood),
        "board not drawn between stones ({wood}), see {shot:?}"
    );

    // A typed A turns live analysis on: the engine's first round reaches the sleeping window.
    run(&display, "xdotool", &["windowfocus", "--sync", &window]);
    run(&display, "xdotool", &["key", "a"]);
    let analysed = wait_line(&lines, &mut game, "analysed", Duration::from_secs(60));
    assert!(analysed.contains("depth="), "{analysed}");
    assert!(game.0.try_wait().ok().flatten().is_none(), "the game died");
}
