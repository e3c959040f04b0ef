//! `scripts/cgc-forfeits.sh`: who really lost each c-gomoku-cli game that did not end by a five or
//! a full board. The match scripts (`scripts/renju-forfeit-match.sh`, the Rapfi match bundle's
//! `run-matches.sh`) count forfeits with it.
//!
//! The case it exists for, seen in Tengen-against-Rapfi matches: Rapfi answered `START 15` with
//! `ERROR Unknown command: 15` (it drops a command that comes right after its winning move, while
//! it still counts itself as thinking, and then reads "15" as a command). c-gomoku-cli ends that
//! game before any move as a time forfeit of the side to move in the opening, white, so its SGF
//! says "Black win by time forfeit" and charged Tengen whenever Tengen had white. Only its error
//! line, written on stderr into the middle of a buffered stdout line, names Rapfi. The other
//! Tengen time forfeit of those matches, a renju black left with only forbidden points, is marked.

mod support;

use std::path::{Path, PathBuf};

use support::{folder, run, stdout_of};

/// Three games: a five (game 1, worker 1), the START failure of Rapfi with Tengen as white (game 2,
/// worker 1), and a real time forfeit of Tengen after two of its moves (game 3, worker 2).
const SGF: &str = "\
(;FF[4]GM[4]GN[1]EV[Tengen x Rapfi]DT[2026.11.27 19:12:09]RO[1.1]RU[4]SZ[15]PB[Tengen]PW[Rapfi]RE[W+1]TE[White win by five connection]
;B[hj]C[opening move];W[if]C[opening move];B[gf]C[opening move]
;W[hh]C[69ms];B[ig]C[78ms];W[hi]C[34ms])

(;FF[4]GM[4]GN[2]EV[Rapfi x Tengen]DT[2026.11.27 19:12:10]RO[1.2]RU[4]SZ[15]PB[Rapfi]PW[Tengen]RE[B+1]TE[Black win by time forfeit]
;B[hj]C[opening move];W[if]C[opening move];B[gf]C[opening move])

(;FF[4]GM[4]GN[3]EV[Rapfi x Tengen]DT[2026.11.27 19:12:11]RO[1.3]RU[4]SZ[15]PB[Rapfi]PW[Tengen]RE[B+1]TE[Black win by time forfeit]
;B[gf]C[opening move];W[gi]C[opening move];B[ij]C[opening move]
;W[hh]C[69ms];B[ig]C[78ms];W[hi]C[34ms];B[ih]C[74ms])
";

/// c-gomoku-cli's output for those games, as `> cgc.log 2>&1` keeps it: its stderr error line for
/// game 2 cuts a buffered stdout line in two (the form a real log had).
const LOG_HEAD: &str = "\
[1] Started game 1 of 3 (Tengen vs Rapfi)
[2] Started game 3 of 3 (Rapfi vs Tengen)
[1] Finished game 1 (Tengen vs Rapfi): 0-1 {White win by five connection}
[1] Started game 2 of 3 (Rapfi vs Tengen)
[1] Finished game 2 (Rapfi vs Tengen): 1-0 {Black win by ti[1] engine Rapfi output error: Unknown command: 15
me forfeit}
[2] engine Tengen timeout at 2 moves after opening
[2] Finished game 3 (Rapfi vs Tengen): 1-0 {Black win by time forfeit}
";

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/cgc-forfeits.sh")
}

/// The script's lines for a match with this SGF and log.
fn forfeits_of(test: &str, sgf: &str, log: &str) -> Vec<String> {
    let dir = folder("cgc_forfeits", test);
    let (sgf_file, log_file) = (dir.join("games.sgf"), dir.join("cgc.log"));
    assert!(std::fs::write(&sgf_file, sgf).is_ok());
    assert!(std::fs::write(&log_file, log).is_ok());
    let script = script();
    let output = run(
        "bash",
        &[
            &script.to_string_lossy(),
            &sgf_file.to_string_lossy(),
            &log_file.to_string_lossy(),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&output).lines().map(str::to_owned).collect()
}

/// The script's lines for a match with `SGF` and this log.
fn forfeits(test: &str, log: &str) -> Vec<String> {
    forfeits_of(test, SGF, log)
}

#[test]
fn a_start_failure_is_charged_to_the_engine_that_failed_not_to_white() {
    let lines = forfeits("start", LOG_HEAD);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    // The SGF gives game 2 to black (Rapfi) and so charges white (Tengen); Rapfi failed START.
    assert_eq!(
        lines[0],
        "game 2 (black Rapfi, white Tengen): failed START: Rapfi output error: Unknown command: 15 \
         (the SGF says: Black win by time forfeit) -> loser Rapfi"
    );
    // A time forfeit after moves stays the SGF's.
    assert_eq!(
        lines[1],
        "game 3 (black Rapfi, white Tengen): Black win by time forfeit -> loser Tengen"
    );
}

#[test]
fn a_start_failure_that_cannot_be_paired_with_one_game_names_no_loser() {
    // Worker 1 now also has a forfeit of the first move: which of its events lost game 2 is not
    // certain, so nobody is charged.
    let log = format!("{LOG_HEAD}[1] engine Tengen timeout at 0 moves after opening\n");
    let lines = forfeits("unpaired", &log);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with(
            "game 2 (black Rapfi, white Tengen): Black win by time forfeit (before any move;"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("Rapfi output error: Unknown command: 15"),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" -> loser ?"), "{}", lines[0]);
    assert!(lines[1].ends_with(" -> loser Tengen"), "{}", lines[1]);
}

#[test]
fn without_start_failures_the_sgf_result_stands() {
    let log = LOG_HEAD.replace(
        "ti[1] engine Rapfi output error: Unknown command: 15\nme forfeit",
        "time forfeit",
    );
    let lines = forfeits("plain", &log);
    assert_eq!(
        lines,
        [
            "game 2 (black Rapfi, white Tengen): Black win by time forfeit -> loser Tengen",
            "game 3 (black Rapfi, white Tengen): Black win by time forfeit -> loser Tengen",
        ]
    );
}

#[test]
fn a_renju_black_lost_on_time_with_the_board_nearly_full_is_marked() {
    // A 5x5 board keeps the record short: black (Tengen) to move with one free point, lost on
    // time (pbrain-tengen answers ERROR when every free point is forbidden to black).
    let points: Vec<String> = (0..24)
        .map(|i| {
            let (x, y) = (b'a' + i % 5, b'a' + i / 5);
            let color = if i % 2 == 0 { 'B' } else { 'W' };
            format!(";{color}[{}{}]C[5ms]", x as char, y as char)
        })
        .collect();
    let sgf = format!(
        "(;FF[4]GM[4]GN[9]RU[4]SZ[5]PB[Tengen]PW[Rapfi]RE[W+1]TE[White win by time forfeit]\n{})\n",
        points.concat()
    );
    let log = "[1] Finished game 9 (Tengen vs Rapfi): 0-1 {White win by time forfeit}\n\
               [1] engine Tengen timeout at 21 moves after opening\n";
    let lines = forfeits_of("stuck", &sgf, log);
    assert_eq!(
        lines,
        [
            "game 9 (black Tengen, white Rapfi): White win by time forfeit (black to move with 1 free \
         point: if all are forbidden, a draw by the rules) -> loser Tengen"
        ]
    );
}
