//! Tournaments of `tengen-misbehave` engines: every game is played and counted, a misbehaving
//! engine forfeits with its reason in words and leaves no process, a stopped tournament ends its
//! engines, and a folder with some games played resumes at the next one.
//!
//! Time is the test's own: the runner's clock moves a fixed step each time it is read, so a hang
//! is found after a fixed number of looks; only the arrival of an engine's line is real time.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tengen_engine::{GameResult, Preset, Sgf};
use tengen_host::tournament::folder::{RESUME_FILE, game_line, plan_text};
use tengen_host::tournament::openings::builtin_openings;
use tengen_host::tournament::stats::Forfeit;
use tengen_host::tournament::{Clock, Plan, Played, Seat, TimeControl, Tournament};

/// The tests look at the test process's children: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn misbehave(mode: &str) -> Seat {
    Seat {
        name: mode.to_owned(),
        command: format!("{} --mode {mode}", env!("CARGO_BIN_EXE_tengen-misbehave")),
        extra: Vec::new(),
    }
}

/// A clock that moves `step_ms` each time it is read: with 10 s a move, a hang is found after
/// 10 s / step looks (each a wait of at most 10 ms for a line), and a sane engine has as many
/// looks for its answer.
fn stepping_clock(step_ms: u64) -> Clock {
    let start = Instant::now();
    let reads = Arc::new(AtomicU64::new(0));
    Arc::new(move || start + Duration::from_millis(step_ms * reads.fetch_add(1, Ordering::Relaxed)))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-tournament-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn plan(entrants: Vec<Seat>, games: usize, folder: Option<PathBuf>) -> Plan {
    let variant = Preset::Freestyle15.variant();
    Plan {
        entrants,
        games_per_pairing: games,
        variant,
        openings: builtin_openings(variant).expect("the built-in openings read"),
        time: TimeControl {
            per_move: Duration::from_secs(10),
            per_game: Duration::ZERO,
            increment: Duration::ZERO,
            margin: Duration::ZERO,
        },
        concurrency: 2,
        folder,
    }
}

/// The test process's children that are still there (zombies included).
fn children() -> Vec<String> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // pid (comm) state ppid ...
        let after = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
        if after.split_whitespace().nth(1) == Some(me.as_str()) {
            found.push(stat);
        }
    }
    found
}

fn sgf_files(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_round_robin_of_sane_engines_plays_every_game_and_saves_it() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let folder = scratch("sane");
    let entrants = vec![misbehave("sane"), misbehave("sane"), misbehave("sane")];
    let tournament = Tournament::start(plan(entrants, 2, Some(folder.clone())), stepping_clock(5));
    let progress = tournament.expect("it starts").join();
    let table = &progress.table;
    assert_eq!(table.played().len(), 6);
    assert!(progress.running.is_empty() && progress.is_over() && progress.problems.is_empty());
    for entrant in 0..3 {
        assert_eq!(table.games(entrant), 4);
        let forfeits: Vec<_> = table
            .played()
            .iter()
            .filter_map(|p| p.forfeit.clone())
            .collect();
        assert_eq!(table.stats(entrant).forfeits(), 0, "{forfeits:?}");
    }
    let points: f64 = (0..3).map(|e| table.points(e)).sum();
    assert_eq!(points, 6.0);
    let files = sgf_files(&folder);
    assert_eq!(files.len(), 6, "{files:?}");
    assert!(files[0].starts_with("game-001-sane-vs-sane"), "{files:?}");
    let text = std::fs::read_to_string(folder.join(&files[0])).unwrap_or_default();
    let sgf: Result<Sgf, _> = text.parse();
    let sgf = sgf.expect("the SGF reads back");
    assert_eq!(sgf.black.as_deref(), Some("sane"));
    assert!(sgf.result.is_some() && sgf.moves.len() >= 3);
    let resume = std::fs::read_to_string(folder.join(RESUME_FILE)).unwrap_or_default();
    assert_eq!(
        resume.lines().filter(|l| l.starts_with("game\t")).count(),
        6
    );
    assert!(children().is_empty(), "{:?}", children());
    let again = Tournament::start(
        plan(vec![misbehave("sane"); 2], 2, Some(folder.clone())),
        stepping_clock(5),
    );
    assert!(again.is_err_and(|e| e.contains("already holds a tournament")));
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn misbehaving_engines_forfeit_with_their_reason_and_leave_no_process() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let entrants = vec![
        misbehave("sane"),
        misbehave("crash"),
        misbehave("hang"),
        misbehave("garbage"),
    ];
    let progress = Tournament::start(plan(entrants, 2, None), stepping_clock(50))
        .expect("it starts")
        .join();
    let table = &progress.table;
    assert_eq!(table.played().len(), 12);
    // The sane engine wins all its games; the others lose theirs to it on forfeit.
    assert_eq!(table.points(0), 6.0);
    assert_eq!(table.elo_words(0), "+∞");
    for game in table.played() {
        let loser = game.loser().expect("no draws here");
        let (kind, why) = game.forfeit.clone().expect("each game ends on a forfeit");
        let expected = match loser {
            1 => (Forfeit::Crash, "crashed (exit status 3)"),
            2 => (Forfeit::Time, "no move within 10 s"),
            3 => (Forfeit::Time, "printed '"),
            other => panic!("entrant {other} lost game {}: {why}", game.number),
        };
        assert_eq!(kind, expected.0, "game {}: {why}", game.number);
        assert!(why.starts_with(expected.1), "game {}: {why}", game.number);
    }
    assert_eq!(
        table.stats(1).forfeits_by_kind(),
        format!("crash {}", table.games(1) - table.stats(1).total().wins)
    );
    assert!(table.render().contains("crash"), "{}", table.render());
    assert!(children().is_empty(), "{:?}", children());
}

#[test]
fn a_stopped_tournament_ends_its_engines() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    // Hanging engines under a clock that stands still: the games would never end.
    let still: Clock = Arc::new({
        let now = Instant::now();
        move || now
    });
    let tournament = Tournament::start(
        plan(vec![misbehave("hang"), misbehave("ignore-end")], 4, None),
        still,
    )
    .expect("it starts");
    // Wait (bounded) until both games are in play, then stop.
    for _ in 0..400 {
        if tournament.progress().running.len() == 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(tournament.progress().running.len(), 2);
    tournament.stop();
    let progress = tournament.join();
    assert!(progress.stopped && progress.is_over() && progress.running.is_empty());
    assert!(progress.table.played().is_empty());
    assert!(children().is_empty(), "{:?}", children());
}

#[test]
fn a_folder_with_two_of_six_games_played_resumes_at_game_three() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let folder = scratch("resume");
    let mut plan = plan(
        vec![misbehave("sane"), misbehave("sane"), misbehave("sane")],
        2,
        Some(folder.clone()),
    );
    plan.concurrency = 1;
    std::fs::create_dir_all(&folder).expect("scratch folder");
    let schedule = plan.schedule();
    let mut text = plan_text(&plan);
    for (scheduled, result) in schedule
        .iter()
        .zip([GameResult::BlackWins, GameResult::Draw])
    {
        text.push_str(&game_line(&Played {
            number: scheduled.number,
            black: scheduled.black,
            white: scheduled.white,
            result,
            forfeit: None,
            moves: 20,
        }));
    }
    std::fs::write(folder.join(RESUME_FILE), text).expect("resume file written");
    let progress = Tournament::resume(&folder, stepping_clock(5))
        .expect("it resumes")
        .join();
    let numbers: Vec<usize> = progress.table.played().iter().map(|p| p.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    assert_eq!(progress.table.played()[1].result, GameResult::Draw);
    // Only the games played now were saved as SGF.
    let files = sgf_files(&folder);
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(files[0].starts_with("game-003-"), "{files:?}");
    // A resume file that is not one says so in words.
    std::fs::write(
        folder.join(RESUME_FILE),
        "rule\tfreestyle\nnonsense line here\tx\ty\n",
    )
    .expect("written");
    let bad = Tournament::resume(&folder, stepping_clock(5));
    assert!(bad.is_err_and(|e| e.contains("line 2")));
    let _ = std::fs::remove_dir_all(&folder);
}
