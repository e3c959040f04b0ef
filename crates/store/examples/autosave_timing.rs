//! Prints how long an autosave and a resume take for a long game (225 moves on 20×20), so the game can
//! decide whether saving after every move may stay on the main thread.
//!
//! `cargo run --release -p tengen-store --example autosave_timing [folder]` (default: a temporary folder;
//! pass a folder on the disk the game will use, since fsync costs depend on it).

use std::time::{Duration, Instant};

use tengen_engine::{Game, Pos, Preset};
use tengen_store::{Level, Mode, Paths, PerSide, Player, SavedGame, load_autosave, save_autosave};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = match std::env::args().nth(1) {
        Some(d) => std::path::PathBuf::from(d),
        None => std::env::temp_dir().join(format!("tengen-timing-{}", std::process::id())),
    };
    let paths = Paths::at(dir.join("config"), dir.join("data"));
    let mut saved = SavedGame::of_game(
        Game::new(Preset::Freestyle20.variant()),
        Mode::HumanVsComputer,
        PerSide {
            black: Player::Human { name: "Ann".into() },
            white: Player::Computer {
                level: Level::Expert,
                step: None,
            },
        },
    )?;
    // Quiet moves: no five, so the game stays unfinished.
    while saved.game().moves().len() < 225 {
        let size = saved.game().variant().size();
        let next = (0..size)
            .flat_map(|y| (0..size).map(move |x| Pos::new(x, y)))
            .find(|&p| matches!(saved.game().clone().play(p), Ok(None)))
            .ok_or("no quiet move left")?;
        saved.play(next).map_err(|e| format!("{e:?}"))?;
    }
    let runs = 50;
    let mut saves = Vec::new();
    let mut loads = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        save_autosave(&paths, &saved)?;
        saves.push(t.elapsed());
        let t = Instant::now();
        let loaded = load_autosave(&paths);
        loads.push(t.elapsed());
        if !loaded.warnings.is_empty() {
            return Err(loaded.warnings[0].to_string().into());
        }
    }
    let size = std::fs::metadata(paths.autosave())?.len();
    println!(
        "autosave of {} moves: {size} bytes",
        saved.game().moves().len()
    );
    println!(
        "save (write, fsync, rename, fsync dir): median {:?}, max {:?}",
        median(saves.clone()),
        saves.iter().max().copied().unwrap_or_default()
    );
    println!(
        "load (read, parse, replay through the engine): median {:?}, max {:?}",
        median(loads.clone()),
        loads.iter().max().copied().unwrap_or_default()
    );
    // A full history: HISTORY_CAP finished games of 9 moves, listed (every file parsed and replayed).
    let mut win = Game::new(Preset::Freestyle15.variant());
    for (x, y) in [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 1),
        (4, 0),
    ] {
        win.play(Pos::new(x, y))?;
    }
    for i in 0..tengen_store::HISTORY_CAP as u64 {
        let mut g = SavedGame::of_game(win.clone(), Mode::HumanVsComputer, saved.players.clone())?;
        g.started_at_ms = 1_700_000_000_000 + i * 60_000;
        tengen_store::add_to_history(&paths, &g)?;
    }
    let t = Instant::now();
    let list = tengen_store::list_history(&paths);
    println!(
        "history list of {} games: {:?}",
        list.value.len(),
        t.elapsed()
    );
    if std::env::args().nth(1).is_none() {
        std::fs::remove_dir_all(&dir)?;
    }
    Ok(())
}
