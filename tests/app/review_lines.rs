//! The review shows why: a bad move's better line and its refutation are shown on the board as
//! branches of the record's tree and stepped through; a stone played in the review makes a branch.

use bevy::prelude::*;
use tengen::analysis::review::ReviewEffort;
use tengen::game::{GameCommand, OpenedTree, ViewStep};
use tengen::screens::Activity;
use tengen_engine::{Color as Side, Game, MoveClass, Pos, Preset, SearchLimits};

use crate::support::*;

/// The missed-block game, reviewed: white's eighth move lets black make five.
fn reviewed() -> App {
    let mut app = hvh(Preset::Freestyle15);
    app.insert_resource(ReviewEffort(SearchLimits::nodes(3_000)));
    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    send(&mut app, GameCommand::Review);
    run_until(&mut app, SEARCH_FRAMES, |app| review(app).moves.is_some());
    app
}

#[test]
fn the_refutation_of_a_blunder_is_stepped_through_as_a_branch_and_left_for_the_record() {
    let mut app = reviewed();
    let record = review(&app).record.clone();
    let blunder = review(&app).moves.as_ref().expect("reviewed")[7].clone();
    assert_eq!(blunder.class, MoveClass::Blunder);
    // Black's answer to the missed block is the five, and the line says so to its end.
    let refutation = blunder.refutation.clone();
    assert!(!refutation.is_empty());
    let mut game = Game::new(Preset::Freestyle15.variant());
    for &pos in record[..8].iter().chain(&refutation) {
        game.play(pos).expect("a legal line");
    }
    assert!(game.is_over(), "the refutation runs to the five");

    // The better line is the block, shown as a branch at the blunder's position.
    let better = blunder.better_line.clone();
    assert_eq!(better.first(), Some(&Pos::new(7, 7)));
    send(
        &mut app,
        GameCommand::ViewLine {
            fork: record[..7].to_vec(),
            line: better.clone(),
        },
    );
    let shown = current(&app).game().moves().to_vec();
    assert_eq!(shown[..7], record[..7]);
    assert_eq!(shown[7], better[0], "at the line's first move");
    assert_eq!(current(&app).record_position().1, 7 + better.len());
    assert!(
        review(&app).of_move(&shown).is_none(),
        "a branch has no verdict of the record's"
    );
    // The record's tree holds both: the record's move and the better one after the fork.
    let tree = &app
        .world()
        .resource::<OpenedTree>()
        .0
        .as_ref()
        .expect("a tree")
        .tree;
    let fork = tengen::game::node_of(tree, &record[..7]).expect("the fork");
    assert_eq!(tree.node(fork).expect("node").children().len(), 2);

    // Stepping on goes through the line; back at the reviewed move, its verdict is there again.
    if better.len() > 1 {
        send(&mut app, GameCommand::View(ViewStep::Next));
        assert_eq!(current(&app).game().moves()[8], better[1]);
    }
    send(
        &mut app,
        GameCommand::ViewLine {
            fork: record[..7].to_vec(),
            line: record[7..].to_vec(),
        },
    );
    assert_eq!(current(&app).game().moves(), &record[..8]);
    let verdict = review(&app).of_move(&record[..8]).expect("the verdict");
    assert_eq!(verdict.class, MoveClass::Blunder);
    assert!(activity(&app) == Activity::Review, "still reviewing");
}

#[test]
fn a_stone_played_in_the_review_makes_a_branch() {
    let mut app = reviewed();
    let record = review(&app).record.clone();
    send(&mut app, GameCommand::View(ViewStep::To(4)));
    place(&mut app, 12, 12);
    let shown = current(&app).game().moves().to_vec();
    assert_eq!(shown.len(), 5);
    assert_eq!(shown[..4], record[..4]);
    assert_eq!(shown[4], Pos::new(12, 12));
    assert_eq!(current(&app).game().to_move(), Side::White);
    assert!(activity(&app) == Activity::Review, "still reviewing");
}
