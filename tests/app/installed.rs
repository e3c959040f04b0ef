//! The game as it is installed: the binary alone in a fresh folder, started with a cleared environment
//! (no `CARGO_MANIFEST_DIR`, no `assets/` beside it), must still draw its board and play a click, because
//! every picture and sound is baked into it. And the baked-in files are exactly those under `assets/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bevy::asset::io::{AssetSourceId, Reader};
use bevy::prelude::*;
use bevy::tasks::block_on;

use crate::smoke::{
    Reaper, brightness, click_cell, field, game_window, printed_lines, run, start_xvfb, wait_line,
};

/// Every file under the repository's `assets/`, by its path there with `/` separators.
fn files_under_assets() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("list the assets folder") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let name = path
                    .strip_prefix(&root)
                    .expect("under assets/")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                files.push((name, path));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_file_under_assets_is_served_from_the_binary() {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        tengen::embedded::EmbeddedAssetsPlugin,
        // A folder that does not exist: whatever is found was not read from the disk.
        AssetPlugin {
            file_path: "/nonexistent/tengen-assets".into(),
            ..default()
        },
    ));
    let server = app.world().resource::<AssetServer>();
    let source = server
        .get_source(AssetSourceId::Default)
        .expect("a default asset source");
    let files = files_under_assets();
    assert!(
        files
            .iter()
            .any(|(name, _)| name == "themes/classic/board.png"),
        "the assets folder holds the board: {files:?}"
    );
    for (name, path) in &files {
        let on_disk = std::fs::read(path).expect("read the asset file");
        let served = block_on(async {
            let mut reader = source.reader().read(Path::new(name)).await?;
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).await?;
            Ok::<_, Box<dyn std::error::Error>>(bytes)
        })
        .unwrap_or_else(|e| panic!("{name} is not served from the binary: {e}"));
        assert!(served == on_disk, "{name}: the binary serves other bytes");
    }
    assert_eq!(
        tengen::embedded::FILES.len(),
        files.len(),
        "the binary holds a file that is no longer under assets/"
    );
}

/// Screenshots of the window until `shows` holds for one, or panics after `limit` naming the last
/// screenshot. The first frames can be black however long they have been at rest: Bevy compiles its
/// render pipelines in the background and draws nothing until they are ready, which the game cannot
/// see from its own world; so the picture itself is what is waited for.
fn photograph_until(
    display: &str,
    window: &str,
    name: &str,
    limit: Duration,
    mut shows: impl FnMut(&Path) -> Result<(), String>,
) {
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let start = Instant::now();
    loop {
        run(
            display,
            "import",
            &["-window", window, &shot.to_string_lossy()],
        );
        let problem = match shows(&shot) {
            Ok(()) => return,
            Err(problem) => problem,
        };
        assert!(
            start.elapsed() < limit,
            "{problem} after {limit:?}, see {shot:?}"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

#[test]
fn a_copied_binary_run_with_no_environment_draws_the_board_and_plays_a_click() {
    // The binary alone in a fresh folder: nothing beside it, started from there.
    let place = tempfile::tempdir().expect("temp dir");
    let binary = place.path().join("tengen");
    std::fs::copy(env!("CARGO_BIN_EXE_tengen"), &binary).expect("copy the game binary");
    let home = place.path().join("home");
    std::fs::create_dir(&home).expect("make a home folder");
    let log = std::fs::File::create(place.path().join("stderr.txt")).expect("stderr log");

    let (_xvfb, display) = start_xvfb();
    let mut game = Command::new(&binary)
        .args(["--mode", "hvh", "--print-moves"])
        .current_dir(place.path())
        .env_clear()
        .env("DISPLAY", &display)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("cannot start the copied game binary");
    let lines = printed_lines(&mut game);
    let mut game = Reaper(game);

    let ready = wait_line(&lines, &mut game, "ready", Duration::from_secs(180));
    let (cx, cy) = field(&ready, "centre");
    let spacing = field(&ready, "spacing").0;
    let window = game_window(&display);

    // The board: wood in the middle of the cells around the centre (not the dark table colour), and
    // the grid line through the centre point darker than the wood beside it.
    photograph_until(
        &display,
        &window,
        "installed-board.png",
        Duration::from_secs(60),
        |shot| {
            let half = spacing * 0.5;
            for (dx, dy) in [(-half, -half), (half, -half), (-half, half), (half, half)] {
                let wood = brightness(shot, cx + dx, cy + dy);
                if !(90.0..200.0).contains(&wood) {
                    return Err(format!(
                        "no board drawn: brightness {wood:.0} inside a cell"
                    ));
                }
            }
            let line = brightness(shot, cx + half, cy);
            let beside = brightness(shot, cx + half, cy + spacing * 0.25);
            if line + 12.0 > beside {
                return Err(format!(
                    "no grid line drawn: {line:.0} on the line, {beside:.0} beside it"
                ));
            }
            Ok(())
        },
    );

    // A click on the centre point plays black's stone there, and the stone is drawn.
    click_cell(&display, &lines, &mut game, (cx, cy), "h8");
    let placed = wait_line(&lines, &mut game, "placed 1 black", Duration::from_secs(60));
    assert!(
        placed.contains(" h8 "),
        "the click played the centre: {placed}"
    );
    photograph_until(
        &display,
        &window,
        "installed-stone.png",
        Duration::from_secs(60),
        |shot| {
            // Beside the stone's centre, which carries the last-move dot.
            let stone = brightness(shot, cx - spacing * 0.28, cy);
            if stone < 70.0 {
                Ok(())
            } else {
                Err(format!(
                    "no black stone drawn on the centre point (brightness {stone:.0})"
                ))
            }
        },
    );
}
