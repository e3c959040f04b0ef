use super::*;
use crate::core::Preset;
use crate::renju::forbidden;
use crate::search::ThreatSolver;

fn p(name: &str) -> Pos {
    let cell: Cell = name.parse().expect("a cell name");
    cell.to_pos(15, RowOrigin::Bottom).expect("on the board")
}

/// A board with the given black and white stones (not a game: any counts).
fn board(preset: Preset, black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(preset.variant());
    for &n in black {
        b.place(p(n), Color::Black);
    }
    for &n in white {
        b.place(p(n), Color::White);
    }
    b
}

/// Black f8 g8 h8 (blocked at e8) and i9 i10: i8 is a four and an open three at once.
fn four_three(preset: Preset) -> Board {
    board(
        preset,
        &["f8", "g8", "h8", "i9", "i10"],
        &["e8", "a1", "a3"],
    )
}

/// Black h8 i8 and j9 j10: j8 makes two open threes.
fn double_three(preset: Preset, white: &[&str]) -> Board {
    board(preset, &["h8", "i8", "j9", "j10"], white)
}

#[test]
fn a_four_three_is_a_vcf_in_three() {
    let mut s = ThreatSolver::new(&four_three(Preset::Freestyle15));
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vcf, 10), Some(3));
    assert!(s.wins_with(Color::Black, p("i8"), ThreatKind::Vcf, 3));
    assert!(!s.wins_with(Color::Black, p("j8"), ThreatKind::Vcf, 3));
    // White has nothing.
    assert_eq!(s.win_length(Color::White, ThreatKind::Vct, 5), None);
}

#[test]
fn a_double_three_is_a_vct_in_three_but_no_vcf() {
    let mut s = ThreatSolver::new(&double_three(Preset::Freestyle15, &["a1", "a3"]));
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vcf, 10), None);
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vct, 5), Some(3));
    assert!(s.wins_with(Color::Black, p("j8"), ThreatKind::Vct, 3));
}

#[test]
fn a_counter_four_defends_against_threes() {
    // White's open three b2 b3 b4: after any black three, white makes an open four first.
    let b = double_three(Preset::Freestyle15, &["b2", "b3", "b4"]);
    let mut s = ThreatSolver::new(&b);
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vct, 5), None);
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let b = double_three(Preset::Renju15, &["a1", "a3"]);
    assert!(forbidden(&b, p("j8")).is_some());
    let mut s = ThreatSolver::new(&b);
    assert!(!s.is_legal(p("j8"), Color::Black));
    assert!(!s.wins_with(Color::Black, p("j8"), ThreatKind::Vct, 3));
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vct, 3), None);
    // The four-three is legal in renju.
    let mut s = ThreatSolver::new(&four_three(Preset::Renju15));
    assert_eq!(s.win_length(Color::Black, ThreatKind::Vcf, 10), Some(3));
}

#[test]
fn renju_white_wins_with_a_four_whose_block_is_forbidden_for_black() {
    // White f4 g5 h6 (black on e3): i7 makes a four whose only five point, j8, is black's double
    // three.
    let black = ["h8", "i8", "j9", "j10", "e3"];
    let white = ["f4", "g5", "h6"];
    let renju = board(Preset::Renju15, &black, &white);
    assert!(forbidden(&renju, p("j8")).is_some());
    let mut s = ThreatSolver::new(&renju);
    assert!(s.wins_with(Color::White, p("i7"), ThreatKind::Vcf, 2));
    let mut s = ThreatSolver::new(&board(Preset::Freestyle15, &black, &white));
    assert!(!s.wins_with(Color::White, p("i7"), ThreatKind::Vcf, 2));
}

#[test]
fn a_puzzle_line_reads_and_writes_back() {
    let line = "renju white h8i9j7g9i8i7h7h6f7j9g8 vct 4 i6 3";
    let puzzle: Puzzle = line.parse().expect("parses");
    assert_eq!(puzzle.to_string(), line);
    assert_eq!(puzzle.rule, Rule::Renju);
    assert_eq!(puzzle.to_move, Color::White);
    assert_eq!(puzzle.kind, ThreatKind::Vct);
    assert!(puzzle.is_solution(p("i6")));
    assert!(
        "renju black h8i9j10 vct 4 i6 3".parse::<Puzzle>().is_err(),
        "black is not to move"
    );
    assert!(
        "renju white h8h8i9 vct 4 i6 3".parse::<Puzzle>().is_err(),
        "a point twice"
    );
    assert!("freestyle white h8 vcx 4 i6 3".parse::<Puzzle>().is_err());
    let err = parse_puzzles("# c\n\nfreestyle white h8 vcf 4 i6 9\n").unwrap_err();
    assert_eq!(err.line, 3);
}

#[test]
fn find_puzzle_takes_the_four_three_and_its_only_first_move() {
    let b = four_three(Preset::Freestyle15);
    let found = find_puzzle(&b, Color::Black, &FindLimits::default()).expect("a puzzle");
    assert_eq!(
        (found.kind, found.length, found.solution),
        (ThreatKind::Vcf, 3, p("i8"))
    );
    // Two ways to the same double three are no puzzle: i7 i9 i10 + h8 i8? Two equal winning
    // moves: the black double three on j8 with a second one mirrored on g8.
    let two = board(
        Preset::Freestyle15,
        &["h8", "i8", "j9", "j10", "g9", "g10"],
        &["a1", "a3"],
    );
    let r = find_puzzle(&two, Color::Black, &FindLimits::default());
    assert!(matches!(r, Err(Rejected::NotUnique(_))), "{r:?}");
}

#[test]
fn the_symmetric_key_ignores_rotation_but_not_the_rule() {
    let a = board(Preset::Freestyle15, &["h8", "i8"], &["j9"]);
    let mirrored = board(Preset::Freestyle15, &["h8", "g8"], &["f9"]);
    let rotated = board(Preset::Freestyle15, &["h8", "h9"], &["g10"]);
    let renju = board(Preset::Renju15, &["h8", "i8"], &["j9"]);
    let k = canonical_key(&a, Color::Black);
    assert_eq!(canonical_key(&mirrored, Color::Black), k);
    assert_eq!(canonical_key(&rotated, Color::Black), k);
    assert_ne!(canonical_key(&renju, Color::Black), k);
    assert_ne!(canonical_key(&a, Color::White), k);
}

#[test]
fn the_embedded_set_parses_and_mixes_rules_and_kinds() {
    let set = embedded_puzzles();
    assert!(set.len() >= 100, "only {} puzzles", set.len());
    for rule in [Rule::Freestyle, Rule::Renju] {
        for kind in [ThreatKind::Vcf, ThreatKind::Vct] {
            let n = set
                .iter()
                .filter(|p| p.rule == rule && p.kind == kind)
                .count();
            assert!(n > 0, "no {rule} {} puzzle", kind.key());
        }
    }
    let keys: std::collections::HashSet<u64> = set
        .iter()
        .map(|p| canonical_key(&p.board(), p.to_move))
        .collect();
    assert_eq!(keys.len(), set.len(), "a puzzle is in twice");
}

fn check_all(set: &[Puzzle]) {
    let failures: Vec<String> = set
        .iter()
        .filter_map(|p| verify_puzzle(p, &FindLimits::default()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every embedded puzzle checked again by the solver (a forced win of its kind and length, and only
/// its solution wins), in four parts so the test runner checks them on all cores at once.
fn check_quarter(quarter: usize) {
    let set = embedded_puzzles();
    let part: Vec<Puzzle> = set
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 4 == quarter)
        .map(|(_, p)| p)
        .collect();
    check_all(&part);
}

#[test]
fn every_embedded_puzzle_checks_again_part_1() {
    check_quarter(0);
}

#[test]
fn every_embedded_puzzle_checks_again_part_2() {
    check_quarter(1);
}

#[test]
fn every_embedded_puzzle_checks_again_part_3() {
    check_quarter(2);
}

#[test]
fn every_embedded_puzzle_checks_again_part_4() {
    check_quarter(3);
}

/// Plays `puzzle` to the end with the hints, checking each step.
fn solve_with_hints(puzzle: &Puzzle) {
    let mut game = PuzzleGame::new(puzzle);
    for _ in 0..puzzle.length {
        let hint = game.hint().expect("a winning move");
        match game.play(hint) {
            PuzzleStep::Solved => {
                assert!(game.board().is_win_at(hint));
                return;
            }
            PuzzleStep::Continue { reply } => {
                assert_eq!(game.board().get(reply), Some(puzzle.to_move.opponent()));
            }
            other => panic!("{puzzle}: the hint {hint:?} gave {other:?}"),
        }
    }
    panic!("{puzzle}: not solved in {} moves", puzzle.length);
}

#[test]
fn embedded_puzzles_play_out_with_the_hints() {
    let set = embedded_puzzles();
    for rule in [Rule::Freestyle, Rule::Renju] {
        for kind in [ThreatKind::Vcf, ThreatKind::Vct] {
            let p = set
                .iter()
                .find(|p| p.rule == rule && p.kind == kind)
                .expect("one");
            solve_with_hints(p);
        }
    }
}

#[test]
fn a_wrong_first_move_is_refused_and_refuted() {
    let p = embedded_puzzles()
        .into_iter()
        .find(|p| p.kind == ThreatKind::Vct)
        .expect("a VCT puzzle");
    let mut game = PuzzleGame::new(&p);
    let wrong = game
        .board()
        .empty_points()
        .find(|&q| {
            q != p.solution
                && game
                    .board()
                    .stones()
                    .any(|(s, _)| s.x.abs_diff(q.x) <= 1 && s.y.abs_diff(q.y) <= 1)
        })
        .expect("an empty point near the stones");
    match game.play(wrong) {
        PuzzleStep::Wrong { refutation } => {
            let r = refutation.expect("a refutation");
            assert!(game.board().is_empty(r));
        }
        other => panic!("{p}: the wrong move {wrong:?} gave {other:?}"),
    }
    assert!(
        game.played().is_empty(),
        "a wrong move leaves the board as it was"
    );
    assert_eq!(game.hint(), Some(p.solution));
    assert_eq!(game.play(p.moves[0]), PuzzleStep::Illegal, "a taken point");
}
