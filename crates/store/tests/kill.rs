//! A process killed (SIGKILL) while it saves a game after every move loses no completed move and leaves
//! no half file: the store-level half of the game's "killed between moves resumes" requirement.
//!
//! The test starts this same test binary again, running only the ignored `autosave_writer` test, which
//! plays and autosaves until it is killed. The same for the statistics: a writer that files rated
//! games and puzzle tries and saves after each is killed, and every reported save's rating is there
//! at the restart.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use tengen_engine::{Game, Pos, Preset};
use tengen_store::{Level, Mode, Paths, PerSide, Player, Resume, SavedGame};

const DIR_VAR: &str = "TENGEN_STORE_KILL_TEST_DIR";

fn paths_in(dir: &str) -> Paths {
    let dir = PathBuf::from(dir);
    Paths::at(dir.join("config"), dir.join("data"))
}

/// The next move that does not end the game: the writer must be able to go on for a long time.
fn quiet_move(game: &mut Game) -> Option<Pos> {
    let size = game.variant().size();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| Pos::new(x, y)))
        .find(|&p| {
            let mut trial = game.clone();
            matches!(trial.play(p), Ok(None))
        })
}

#[test]
#[ignore = "child process of killed_while_saving_loses_no_move"]
fn autosave_writer() {
    let Ok(dir) = std::env::var(DIR_VAR) else {
        return;
    };
    let paths = paths_in(&dir);
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
    )
    .expect("a preset's board");
    let mut spent = 0;
    while let Some(pos) = quiet_move(&mut saved.game().clone()) {
        saved.play(pos).expect("quiet move is legal");
        spent += 10;
        saved
            .edit(|m| m.spent_ms.black = spent)
            .expect("a clock fits any position");
        tengen_store::save_autosave(&paths, &saved).expect("save");
        println!("saved {}", saved.game().moves().len());
    }
}

#[cfg(unix)]
#[test]
fn killed_while_saving_loses_no_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = std::env::current_exe().expect("test binary");
    let mut child = Command::new(exe)
        .args([
            "autosave_writer",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(DIR_VAR, dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn writer");
    let stdout = child.stdout.take().expect("stdout");
    let mut last_saved = 0usize;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("line");
        if let Some(n) = line.strip_prefix("saved ") {
            last_saved = n.trim().parse().expect("count");
            if last_saved >= 60 {
                break;
            }
        }
    }
    // Child::kill is SIGKILL on Unix: no destructor, no flush, exactly a crash.
    child.kill().expect("kill");
    let _ = child.wait();
    assert!(
        last_saved >= 60,
        "the writer saved {last_saved} moves before it was killed"
    );

    let paths = paths_in(&dir.path().to_string_lossy());
    let loaded = tengen_store::load_autosave(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let Resume::Continue(game) = loaded.value else {
        panic!("the killed game is offered as Continue");
    };
    let moves = game.game().moves().len();
    // Every save it reported had completed; it may have finished one more before the kill landed.
    assert!(
        (last_saved..=last_saved + 1).contains(&moves),
        "reported {last_saved} saves, restored {moves} moves"
    );
    let leftovers: Vec<_> = std::fs::read_dir(paths.data_dir())
        .expect("data dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("autosave.json")]);
}

const STATS_DIR_VAR: &str = "TENGEN_STORE_KILL_TEST_STATS_DIR";

/// Black makes five along the bottom row while white plays the row above: a finished game.
fn black_wins() -> Game {
    let mut moves = Vec::new();
    for i in 0..5u8 {
        moves.push(Pos::new(i, 0));
        if i < 4 {
            moves.push(Pos::new(i, 1));
        }
    }
    Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal")
}

/// Game `n` against the computer: the human wins every other one, against ladder steps.
fn rated_game(n: u64) -> SavedGame {
    let human = Player::Human { name: "Ann".into() };
    let computer = Player::Computer {
        level: Level::Medium,
        step: tengen_engine::Step::new(3 + (n % 5) as u8),
    };
    let players = if n.is_multiple_of(2) {
        PerSide {
            black: human,
            white: computer,
        }
    } else {
        PerSide {
            black: computer,
            white: human,
        }
    };
    let mut saved =
        SavedGame::of_game(black_wins(), Mode::HumanVsComputer, players).expect("a preset's board");
    saved.started_at_ms = 1_000 + n;
    saved
}

#[test]
#[ignore = "child process of killed_while_saving_statistics_keeps_every_rating"]
fn statistics_writer() {
    let Ok(dir) = std::env::var(STATS_DIR_VAR) else {
        return;
    };
    let paths = paths_in(&dir);
    let puzzles = tengen_engine::embedded_puzzles();
    let mut stats = tengen_store::load_stats(&paths).value;
    for n in 0.. {
        stats.add_game(&rated_game(n));
        let next = tengen_store::next_puzzle(stats.puzzle_progress(), &puzzles);
        if let Some(p) = next.cloned() {
            stats.record_puzzle(&p, n % 3 != 0, 0);
        }
        tengen_store::save_stats(&paths, &stats).expect("save");
        println!("saved {}", n + 1);
    }
}

#[cfg(unix)]
#[test]
fn killed_while_saving_statistics_keeps_every_rating() {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = std::env::current_exe().expect("test binary");
    let mut child = Command::new(exe)
        .args([
            "statistics_writer",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(STATS_DIR_VAR, dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn writer");
    let stdout = child.stdout.take().expect("stdout");
    let mut last_saved = 0usize;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("line");
        if let Some(n) = line.strip_prefix("saved ") {
            last_saved = n.trim().parse().expect("count");
            if last_saved >= 40 {
                break;
            }
        }
    }
    child.kill().expect("kill");
    let _ = child.wait();
    assert!(last_saved >= 40, "the writer saved {last_saved} times");

    // The restart: every reported game is in the rating and its graph, every puzzle in the
    // puzzle rating, and no half file.
    let paths = paths_in(&dir.path().to_string_lossy());
    let loaded = tengen_store::load_stats(&paths);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let mut stats = loaded.value;
    let games = stats.rating_history("freestyle").len();
    assert!(
        (last_saved..=last_saved + 1).contains(&games),
        "reported {last_saved} saves, restored {games} rated games"
    );
    let progress = stats.puzzle_progress();
    assert_eq!(progress.attempts as usize, games);
    assert_eq!(progress.history.len(), games);
    let rating = stats.rating("freestyle");
    assert_eq!(
        stats.rating_history("freestyle").last().map(|p| p.rating),
        Some(rating.rating)
    );
    // A kill in the middle of a write leaves its temporary file beside the good one; the game's
    // start (which reads the autosave first) clears it.
    let _ = tengen_store::load_autosave(&paths);
    let leftovers: Vec<_> = std::fs::read_dir(paths.data_dir())
        .expect("data dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("stats.json")]);

    // After the restart the next game goes on from there, and a game filed again counts once.
    assert_eq!(
        stats.add_game(&rated_game(games as u64 - 1)),
        tengen_store::Counted::AlreadyCounted
    );
    let tengen_store::Counted::Counted {
        rating: Some((before, _)),
        ..
    } = stats.add_game(&rated_game(games as u64))
    else {
        panic!("the next game is rated");
    };
    assert_eq!(before, rating.rating);
}
