//! The game tree: branching by playing, navigation, promote, delete, comments and marks, and the SGF
//! tree's round trip.

use super::*;
use crate::core::{Color, Pos, Preset};

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// h8 i9 j10 as the main line, then k11 as a branch at move 2 (in place of i9).
fn branched() -> GameTree {
    let mut tree = GameTree::from_line(Vec::new(), Color::Black, &[p(7, 7), p(8, 6), p(9, 5)]);
    tree.forward();
    tree.play(p(10, 4));
    tree
}

#[test]
fn playing_the_next_move_follows_it_and_another_move_branches() {
    let mut tree = GameTree::from_line(Vec::new(), Color::Black, &[p(7, 7), p(8, 6)]);
    assert_eq!(tree.len(), 3);
    tree.forward();
    let same = tree.play(p(8, 6));
    assert_eq!(
        tree.len(),
        3,
        "the move already there is followed, not copied"
    );
    assert_eq!(tree.node(same).unwrap().mv, Some((p(8, 6), Color::White)));
    tree.back();
    let other = tree.play(p(6, 6));
    assert_eq!(tree.len(), 4);
    assert_eq!(tree.node(1).unwrap().children(), &[2, other]);
    assert_eq!(tree.main_line(), vec![p(7, 7), p(8, 6)], "the rest is kept");
    assert_eq!(tree.current_line(), vec![p(7, 7), p(6, 6)]);
    assert_eq!(tree.to_move(other), Color::Black);
    assert!(!tree.is_main_line(other));
}

#[test]
fn navigation_steps_through_lines_and_branches() {
    let mut tree = branched();
    let branch = tree.current();
    assert!(!tree.forward(), "the branch has no continuation");
    assert!(tree.previous_sibling());
    assert_eq!(tree.current_line(), vec![p(7, 7), p(8, 6)]);
    assert!(
        !tree.previous_sibling(),
        "the main line is the first branch"
    );
    assert!(tree.next_sibling());
    assert_eq!(tree.current(), branch);
    assert!(!tree.next_sibling());
    tree.start();
    assert_eq!(tree.current(), tree.root());
    assert!(!tree.back(), "nothing before the root");
    assert!(!tree.next_sibling(), "the root has no siblings");
    tree.end();
    assert_eq!(tree.current_line(), vec![p(7, 7), p(8, 6), p(9, 5)]);
    assert!(!tree.go_to(99));
    assert!(tree.go_to(branch));
    tree.back();
    tree.end();
    assert_eq!(
        tree.current_line().len(),
        3,
        "end follows the main continuation"
    );
}

#[test]
fn promote_makes_a_branch_the_main_line() {
    let mut tree = branched();
    let branch = tree.current();
    assert!(tree.promote(branch));
    assert_eq!(tree.main_line(), vec![p(7, 7), p(10, 4)]);
    assert!(tree.is_main_line(branch));
    assert_eq!(tree.len(), 5, "promoting drops nothing");
    assert!(!tree.promote(42));
}

#[test]
fn delete_removes_a_branch_and_what_follows_it() {
    let mut tree = branched();
    let branch = tree.current();
    assert!(!tree.delete(tree.root()), "the root stays");
    assert!(tree.delete(branch));
    assert_eq!(tree.len(), 4);
    assert_eq!(
        tree.current_line(),
        vec![p(7, 7)],
        "the current node moved to the parent"
    );
    // Deleting the main line's second move takes the third with it.
    tree.forward();
    let second = tree.current();
    tree.back();
    assert!(tree.delete(second));
    assert_eq!(tree.main_line(), vec![p(7, 7)]);
    assert_eq!(tree.len(), 2);
}

#[test]
fn comments_and_marks_stay_on_their_node() {
    let mut tree = branched();
    let branch = tree.current();
    assert!(tree.set_comment(branch, "a better defence"));
    let marks = Marks {
        labels: vec![(p(3, 3), "A".into())],
        triangles: vec![p(4, 4)],
        squares: vec![p(5, 5)],
    };
    assert!(tree.set_marks(branch, marks.clone()));
    assert!(!tree.set_comment(77, "nowhere"));
    tree.promote(branch);
    let node = tree.node(branch).unwrap();
    assert_eq!(node.comment, "a better defence");
    assert_eq!(node.marks, marks);
}

#[test]
fn game_at_replays_a_line_under_the_rules() {
    let variant = Preset::Freestyle15.variant();
    let mut tree = branched();
    let game = tree.game_at(variant, tree.current()).unwrap();
    assert_eq!(game.moves(), &[p(7, 7), p(10, 4)]);
    tree.play(p(7, 7));
    let (index, _) = tree.game_at(variant, tree.current()).unwrap_err();
    assert_eq!(index, 2, "h8 again is the third move and illegal");
}

const STUDY: &str = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[renju]PB[Ann]C[the opening \\] with \\\\ a backslash]\
XX[kept][twice];B[hh]C[centre]LB[ii:A][jj:B]TR[gg]SQ[ff];W[ig](;B[jf]C[main];W[ke])(;B[gi]C[side]\
ZZ[x];W[fj])(;B[ii]))\n";

#[test]
fn sgf_tree_reads_variations_comments_and_marks() {
    let record: SgfTree = STUDY.parse().unwrap();
    let tree = &record.tree;
    assert_eq!(tree.len(), 8);
    assert_eq!(tree.main_line(), vec![p(7, 7), p(8, 6), p(9, 5), p(10, 4)]);
    let root = tree.node(tree.root()).unwrap();
    assert_eq!(root.comment, "the opening ] with \\ a backslash");
    assert_eq!(
        root.unknown,
        vec![("XX".to_owned(), vec!["kept".to_owned(), "twice".to_owned()])]
    );
    let first = tree.node(1).unwrap();
    assert_eq!(first.comment, "centre");
    assert_eq!(
        first.marks.labels,
        vec![(p(8, 8), "A".into()), (p(9, 9), "B".into())]
    );
    assert_eq!(first.marks.triangles, vec![p(6, 6)]);
    assert_eq!(first.marks.squares, vec![p(5, 5)]);
    assert_eq!(tree.node(2).unwrap().children().len(), 3);
    // The header and main line are what the single-line reader reads.
    let line: Sgf = STUDY.parse().unwrap();
    assert_eq!(record.info, line);
    assert_eq!(record.main_line(), line);
}

#[test]
fn sgf_tree_round_trip_is_exact() {
    let record: SgfTree = STUDY.parse().unwrap();
    let written = record.to_string();
    assert_eq!(
        written, STUDY,
        "Tengen's own form is written back byte for byte"
    );
    let again: SgfTree = written.parse().unwrap();
    assert_eq!(again, record);
}

#[test]
fn sgf_tree_of_one_line_is_written_as_the_line_writer_writes_it() {
    let text = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[freestyle]C[about]AB[hh]PL[W];W[ii]C[a];B[jj])\n";
    let line: Sgf = text.parse().unwrap();
    let record = SgfTree::from_sgf(line.clone());
    assert_eq!(record.to_string(), line.to_string());
    assert_eq!(record.main_line(), line);
    let read: SgfTree = text.parse().unwrap();
    assert_eq!(read.to_string(), line.to_string());
}

#[test]
fn sgf_tree_edits_survive_saving_and_reopening() {
    let mut record: SgfTree = STUDY.parse().unwrap();
    let tree = &mut record.tree;
    tree.go_to(2);
    tree.play(p(11, 11));
    let new = tree.current();
    tree.set_comment(new, "a fourth idea]");
    tree.promote(new);
    let reopened: SgfTree = record.to_string().parse().unwrap();
    assert_eq!(reopened.tree.main_line(), vec![p(7, 7), p(8, 6), p(11, 11)]);
    let end = reopened.tree.main_line_end();
    assert_eq!(reopened.tree.node(end).unwrap().comment, "a fourth idea]");
    assert_eq!(reopened.tree.len(), 9);
}

#[test]
fn sgf_tree_errors_keep_line_and_column() {
    // The main line's errors are the line reader's.
    let text = "(;GM[4]SZ[15]\n;B[hh];B[ii])";
    let tree_error = text.parse::<SgfTree>().unwrap_err().to_string();
    assert_eq!(tree_error, text.parse::<Sgf>().unwrap_err().to_string());
    // A variation's are found too, with its own move number.
    let e = "(;GM[4]SZ[15];B[hh](;W[ii])\n(;W[zz]))"
        .parse::<SgfTree>()
        .unwrap_err();
    assert_eq!((e.line(), e.column()), (2, 5), "{e}");
    assert!(e.to_string().starts_with("move 2 "), "{e}");
    let e = "(;GM[4];B[hh](;W[ii])(;AB[aa]W[jj]))"
        .parse::<SgfTree>()
        .unwrap_err();
    assert!(e.to_string().contains("setup stones (AB)"), "{e}");
    let e = "(;GM[4];B[hh]LB[ii])".parse::<SgfTree>().unwrap_err();
    assert!(e.to_string().contains("LB[ii]"), "{e}");
    let e = "(;GM[4];B[hh](;W[ii]".parse::<SgfTree>().unwrap_err();
    assert!(e.to_string().contains("never closed"), "{e}");
}

#[test]
fn a_moveless_node_joins_the_node_before_it() {
    let record: SgfTree = "(;GM[4];B[hh];C[said after]TR[aa];W[ii])".parse().unwrap();
    assert_eq!(record.tree.len(), 3);
    let first = record.tree.node(1).unwrap();
    assert_eq!(first.comment, "said after");
    assert_eq!(first.marks.triangles, vec![p(0, 0)]);
}

#[test]
fn what_is_written_once_reads_back_to_the_same_text() {
    // A header property in a node of its own after the root, and an identifier of lower-case
    // letters only (which cannot be written back), settle after one writing.
    for text in [
        "(;GM[4];PB[Ann]C[x];B[hh])",
        "(;GM[4]ab[x];B[hh]zz[y](;W[ii])(;W[jj]C[a]))",
        "(;GM[4]B[hh];W[ii])",
    ] {
        let once = text.parse::<SgfTree>().unwrap().to_string();
        let twice = once.parse::<SgfTree>().unwrap().to_string();
        assert_eq!(twice, once, "{text}");
    }
}
