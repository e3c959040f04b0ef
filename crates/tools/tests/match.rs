//! `tengen-match` end to end: an in-process level against the `pbrain-tengen` binary over pipes.

use std::path::Path;
use std::process::Command;

mod support;

#[test]
fn tengen_match_plays_a_level_against_an_external_engine() {
    let engine = concat!("cmd:", env!("CARGO_BIN_EXE_pbrain-tengen"), " --level low");
    let stdout = run_match(&[
        "low",
        engine,
        "--games",
        "2",
        "--time-ms",
        "300",
        "--verbose",
    ]);
    assert!(stdout.contains("2 games"), "{stdout}");
    // Both games were played, one with each colour.
    assert!(
        stdout.contains("game   1/2: black low vs white pbrain-tengen"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game   2/2: black pbrain-tengen vs white low"),
        "{stdout}"
    );
    for name in ["low", "pbrain-tengen"] {
        assert_played_cleanly(&stdout, name, 2);
    }
}

/// Runs `tengen-match` with `args` to the end and returns its report; it must succeed.
fn run_match(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(args)
        .output();
    assert!(output.is_ok(), "tengen-match did not run: {output:?}");
    let output = output.unwrap_or_else(|_| unreachable!());
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `name`'s row of the report shows `games` games with no crash and no illegal move.
fn assert_played_cleanly(stdout: &str, name: &str, games: u32) {
    // Each player's row: name, W, L, D, score, black W-L-D, white W-L-D, crash, time, illegal,
    // forbid, ...
    let row = stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name) && l.contains('%'));
    let cells: Vec<&str> = row
        .map(|r| r.split_whitespace().collect())
        .unwrap_or_default();
    assert!(cells.len() >= 11, "{name}: {stdout}");
    let played: u32 = cells[1..4]
        .iter()
        .filter_map(|c| c.parse::<u32>().ok())
        .sum();
    assert_eq!(played, games, "{name}: {stdout}");
    assert_eq!(cells[7], "0", "{name} crashed: {stdout}");
    assert_eq!(cells[9], "0", "{name} played an illegal move: {stdout}");
    assert_eq!(cells[10], "0", "{name} played a forbidden point: {stdout}");
}

#[test]
fn the_reference_bots_play_whole_renju_games_legally() {
    let stdout = run_match(&[
        "bot:minimax",
        "bot:threats",
        "--rule",
        "renju",
        "--games",
        "6",
        "--time-ms",
        "1000",
    ]);
    for name in ["bot:minimax", "bot:threats"] {
        assert_played_cleanly(&stdout, name, 6);
    }
}

#[test]
fn tengen_match_refuses_an_unknown_player() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(["low", "grandmaster"])
        .output();
    assert!(
        output.is_ok_and(|o| !o.status.success()
            && String::from_utf8_lossy(&o.stderr).contains("unknown player"))
    );
}

#[test]
fn tengen_match_exports_openings_for_c_gomoku_cli() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args(["low", "low", "--rule", "renju", "--export-offset"])
        .output();
    let stdout = output
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() >= 20, "{stdout}");
    // Every opening starts on the centre: offset 0,0.
    assert!(lines.iter().all(|l| l.starts_with("0,0")), "{stdout}");
}

/// With `--sprt`, the verdict is the one the test reached: a pair of games still being played when
/// it decided finishes (and shows in the table) but no longer moves the verdict. Medium against Low
/// with a wide hypothesis decides within a few pairs.
#[test]
fn the_sprt_verdict_stands_once_reached() {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args([
            // Medium and Low as ladder steps at a node limit, with a turn time that never binds:
            // the games are the same however busy the machine is.
            "step:7@2000",
            "step:2@2000",
            "--games",
            "40",
            "--time-ms",
            "10000",
            "--sprt",
            "0,400",
            "--concurrency",
            "2",
        ])
        .output()
        .expect("tengen-match runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let steps: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("sprt after"))
        .collect();
    let decided = steps.iter().position(|l| !l.ends_with("inconclusive"));
    let Some(decided) = decided else {
        panic!("Medium against Low did not decide in 40 games: {stdout}");
    };
    assert_eq!(
        decided,
        steps.len() - 1,
        "a step after the verdict: {stdout}"
    );
    let games = steps[decided]
        .split_whitespace()
        .nth(2)
        .expect("a game count");
    let last = stdout
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .expect("the SPRT summary");
    assert!(
        last.contains(&format!(": {games} games in whole pairs up to the verdict")),
        "{last}"
    );
    assert!(last.ends_with("H1 accepted (stronger)"), "{last}");
}

/// A scripted Gomocup engine: `OK` to `START`, `7,7` to the warm-up `BEGIN`, and `reply` to every
/// later request for a move. Returns its `cmd:` player.
fn scripted_engine(dir: &Path, reply: &str) -> String {
    scripted_engine_doing(dir, "echoing", &format!("echo {reply}"))
}

/// A scripted Gomocup engine (the script `<name>.sh` in `dir`) that runs the shell commands
/// `answer` for every request for a move after the warm-up. Returns its `cmd:` player.
fn scripted_engine_doing(dir: &Path, name: &str, answer: &str) -> String {
    let script = dir.join(format!("{name}.sh"));
    let text = format!(
        "while IFS= read -r line; do\n  case \"$line\" in\n    START*|RESTART*) echo OK ;;\n    BEGIN*) echo 7,7 ;;\n    TURN*|DONE*) {answer} ;;\n    END*) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&script, text).expect("the script is written");
    format!("cmd:/bin/sh {}", script.display())
}

/// Plays one game (and its colour-swapped twin) under renju from `opening`, the scripted engine
/// answering `reply` as black in game 1 against Low; returns the report's forfeit line for game 1.
fn scripted_game_one(test: &str, opening: &str, reply: &str) -> String {
    let dir = support::folder("match", test);
    let engine = scripted_engine(&dir, reply);
    forfeit_in_game_one(
        &dir,
        opening,
        &engine,
        "low",
        &["--time-ms", "200", "--tolerance-ms", "200"],
    )
}

/// Plays `player1` against `player2` under renju from `opening` (two games, colours swapped) with
/// the extra arguments `args`, and returns the report's forfeit line for game 1.
fn forfeit_in_game_one(
    dir: &Path,
    opening: &str,
    player1: &str,
    player2: &str,
    args: &[&str],
) -> String {
    let stdout = renju_match(dir, opening, player1, player2, args);
    let line = stdout.lines().find(|l| l.starts_with("  game 1: "));
    line.unwrap_or_else(|| panic!("no forfeit in game 1: {stdout}"))
        .to_owned()
}

/// The report of a two-game renju match from `opening`.
fn renju_match(dir: &Path, opening: &str, player1: &str, player2: &str, args: &[&str]) -> String {
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, format!("{opening}\n")).expect("the openings are written");
    let openings = openings.display().to_string();
    let mut all = vec![
        player1,
        player2,
        "--rule",
        "renju",
        "--openings",
        &openings,
        "--games",
        "2",
    ];
    all.extend_from_slice(args);
    run_match(&all)
}

/// White in the corners, black on f8, g8, h10 and h9: h8 (7,7) is a double three.
const DOUBLE_THREE_OPENING: &str = "f8a1g8o1h10a15h9o15";

#[test]
fn a_forbidden_move_loses_by_its_kind_as_in_c_gomoku_cli() {
    let cases = [
        // k8 fills h8 i8 j8 _ l8 m8: six in a row.
        ("overline", "h8a1i8a3j8a5l8o1m8o3", "10,7", "overline"),
        // f10 makes five up the f column and six along row 10: still an overline there.
        (
            "five-overline",
            "f11a1f12c1f13e1f14g1b10o1c10o3d10o5e10o7g10o15",
            "5,5",
            "overline",
        ),
        ("double-three", DOUBLE_THREE_OPENING, "7,7", "double three"),
        // h8 makes fours along row 8 and up the h column.
        (
            "double-four",
            "e8a1f8c1g8m1h11o1h10a15h9o15",
            "7,7",
            "double four",
        ),
    ];
    for (test, opening, reply, kind) in cases {
        let line = scripted_game_one(test, opening, reply);
        assert!(
            line.ends_with(&format!(
                "forfeited: Black play forbidden move - {kind} at {reply}"
            )),
            "{test}: {line}"
        );
    }
}

#[test]
fn a_taken_or_off_board_point_is_an_illegal_move() {
    // a1 is white's stone (0,14); 15,3 is off the board.
    let line = scripted_game_one("taken", DOUBLE_THREE_OPENING, "0,14");
    assert!(
        line.ends_with("forfeited: illegal move 0,14: the point is taken"),
        "{line}"
    );
    let line = scripted_game_one("off-board", DOUBLE_THREE_OPENING, "15,3");
    assert!(
        line.contains("forfeited: illegal move at move 9 (off-board move '15,3')"),
        "{line}"
    );
}

#[test]
fn a_reply_that_is_not_a_move_is_ignored_and_loses_on_time() {
    // c-gomoku-cli waits for a line it reads as a move: this engine never prints one.
    let line = scripted_game_one("garbage", DOUBLE_THREE_OPENING, "seven,seven");
    assert!(line.contains("forfeited: time forfeit at move 9"), "{line}");
}

#[test]
fn an_engine_that_exits_loses_by_a_crash() {
    let dir = support::folder("match", "crash");
    let engine = scripted_engine_doing(&dir, "exiting", "exit 0");
    let line = forfeit_in_game_one(&dir, DOUBLE_THREE_OPENING, &engine, "low", &[]);
    assert!(line.contains("forfeited: crash at move 9"), "{line}");
}

/// c-gomoku-cli's two time rules (`Engine::bestmove`), with 100 ms a move and a tolerance of 2 s
/// (a move overhead of 1 s): a move that comes 1.3 s after the request, with nothing before it, is
/// still taken (the game goes on, to the same point played again: taken); a line that is not a
/// move at 1.3 s loses on time even with a move right behind it; and so does no move within the
/// tolerance.
#[test]
fn time_is_judged_by_c_gomoku_cli_s_two_rules() {
    let dir = support::folder("match", "time");
    let args = ["--time-ms", "100", "--tolerance-ms", "2000"];
    let slow = scripted_engine_doing(&dir, "slow", "sleep 1.3; echo 11,3");
    let line = forfeit_in_game_one(&dir, DOUBLE_THREE_OPENING, &slow, "low", &args);
    assert!(
        line.ends_with("forfeited: illegal move 11,3: the point is taken"),
        "{line}"
    );
    let chatty = scripted_engine_doing(
        &dir,
        "chatty",
        "echo MESSAGE thinking; sleep 1.3; echo MESSAGE still thinking; echo 11,3",
    );
    let line = forfeit_in_game_one(&dir, DOUBLE_THREE_OPENING, &chatty, "low", &args);
    assert!(
        line.contains("forfeited: time forfeit at move 9 ('MESSAGE still thinking' came "),
        "{line}"
    );
    assert!(
        line.ends_with("past the turn time + 1000 ms, before any move)"),
        "{line}"
    );
    let args = ["--time-ms", "100", "--tolerance-ms", "600"];
    let silent = scripted_engine_doing(&dir, "silent", "sleep 1.5; echo 11,3");
    let line = forfeit_in_game_one(&dir, DOUBLE_THREE_OPENING, &silent, "low", &args);
    assert!(
        line.ends_with("forfeited: time forfeit at move 9 (no move within 700 ms)"),
        "{line}"
    );
}

/// The report counts forfeits by kind for each player: here the scripted engine plays an overline
/// as black in game 1 (k8), and a point off the board as white in game 2.
#[test]
fn the_report_counts_forfeits_by_kind() {
    let dir = support::folder("match", "by-kind");
    let answer = "if [ -z \"$played\" ]; then played=1; echo 10,7; else echo 20,20; fi";
    let engine = scripted_engine_doing(&dir, "two-faced", answer);
    let stdout = renju_match(
        &dir,
        "h8a1i8a3j8a5l8o1m8o3",
        &engine,
        "low",
        &["--time-ms", "200"],
    );
    let kinds: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("forfeits of "))
        .collect();
    assert_eq!(kinds.len(), 2, "{stdout}");
    assert!(
        kinds[0].ends_with(": overline 1, off the board 1"),
        "{stdout}"
    );
    assert!(kinds[1].ends_with("by kind: none"), "{stdout}");
}

/// A renju game where white's 224th move leaves black only e6, an overline
/// (`crates/engine/tests/data/renju-black-stuck.txt`): the game's own rules call it a draw, but
/// c-gomoku-cli asks black for a move anyway, and so does tengen-match: the move loses as a
/// forbidden move, and an engine that answers none (pbrain-tengen says the game is over) loses on
/// time.
#[test]
fn renju_black_with_only_forbidden_points_left_must_still_move() {
    let record = support::stuck_black_record();
    // Up to white's last move: the opening leaves white to move, with two points free.
    let cut = record
        .rfind(|c: char| c.is_ascii_lowercase())
        .expect("a last move");
    let (opening, last) = record.split_at(cut);
    let dir = support::folder("match", "stuck");
    let last =
        tengen_engine::PositionString::parse_moves(last, 15, tengen_engine::RowOrigin::Bottom)
            .expect("a move");
    let white = scripted_engine_doing(&dir, "white", &format!("echo {},{}", last[0].x, last[0].y));
    let black = scripted_engine_doing(&dir, "black", "echo 4,9");
    let line = forfeit_in_game_one(&dir, opening, &black, &white, &[]);
    assert!(
        line.ends_with(
            "forfeited: black had only forbidden points left (a draw by the game's rules): Black play forbidden move - overline at 4,9"
        ),
        "{line}"
    );
    let pbrain = concat!("cmd:", env!("CARGO_BIN_EXE_pbrain-tengen"));
    let line = forfeit_in_game_one(
        &dir,
        opening,
        pbrain,
        &white,
        &["--time-ms", "100", "--tolerance-ms", "300"],
    );
    assert!(
        line.contains("forfeited: black had only forbidden points left (a draw by the game's rules): time forfeit at move 225 (no move within 400 ms after 'ERROR"),
        "{line}"
    );
}
