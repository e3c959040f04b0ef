//! Editing a record's tree in the viewer, through the commands the tree panel sends: go to any node,
//! start and end of the line shown, promote a branch, delete one and undo it, type a comment, put
//! marks (a click with a mark tool on plays no stone), save and open again; and the board's view
//! (turned, mirrored, the last moves numbered), which leaves the record as it was.

use bevy::prelude::*;
use tengen::game::{BoardView, GameCommand, MarkTool, OpenedTree, StudyCommand, ViewStep};
use tengen::persistence::RecordRequest;
use tengen_engine::{GameTree, NodeId, Pos, SgfTree};

use crate::keyboard::press;
use crate::study::{STUDY, app_in, open, shown};
use crate::support::{current, send};

fn opened(app: &App) -> SgfTree {
    let opened = app.world().resource::<OpenedTree>();
    opened.0.clone().expect("the study has a tree")
}

/// The `index`th answer after `node`.
fn child(tree: &GameTree, node: NodeId, index: usize) -> NodeId {
    tree.node(node).expect("node").children()[index]
}

fn study(app: &mut App, command: StudyCommand) {
    send(app, GameCommand::Study(command));
}

fn names(moves: &[Pos]) -> Vec<String> {
    moves
        .iter()
        .map(|&p| tengen::game::cell_name(p, 15))
        .collect()
}

#[test]
fn the_tree_panel_goes_anywhere_promotes_deletes_with_an_undo_and_a_save_keeps_the_notes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("study.sgf");
    std::fs::write(&file, STUDY).expect("write the study");
    let mut app = app_in(dir.path());
    open(&mut app, &file);
    let tree = opened(&app).tree;
    let h8 = child(&tree, tree.root(), 0);
    let g7 = child(&tree, h8, 1);

    // A click on a move of the second branch shows it, with its own line ahead.
    study(&mut app, StudyCommand::GoTo(g7));
    assert_eq!(shown(&app), (vec!["h8".into(), "g7".into()], 3));
    // End and Home: the end and the start of the line shown.
    send(&mut app, GameCommand::View(ViewStep::Last));
    assert_eq!(shown(&app).0, ["h8", "g7", "f6"]);
    send(&mut app, GameCommand::View(ViewStep::First));
    assert!(shown(&app).0.is_empty());
    send(&mut app, GameCommand::View(ViewStep::To(2)));
    assert_eq!(shown(&app).0, ["h8", "g7"], "still in the branch");

    // Promote: the branch is the main line now.
    study(&mut app, StudyCommand::Promote);
    assert_eq!(names(&opened(&app).tree.main_line()), ["h8", "g7", "f6"]);

    // The comment typed replaces the record's; marks go on without a stone played.
    study(
        &mut app,
        StudyCommand::Comment("the better answer\nsee A".into()),
    );
    study(&mut app, StudyCommand::Tool(MarkTool::Triangle));
    send(&mut app, GameCommand::Place(Pos::new(10, 10)));
    study(&mut app, StudyCommand::Tool(MarkTool::Label));
    send(&mut app, GameCommand::Place(Pos::new(3, 3)));
    send(&mut app, GameCommand::Place(Pos::new(4, 4)));
    study(&mut app, StudyCommand::Tool(MarkTool::Square));
    send(&mut app, GameCommand::Place(Pos::new(6, 8)));
    assert_eq!(shown(&app).0, ["h8", "g7"], "no stone played while marking");
    let tree = opened(&app).tree;
    let node = tree
        .node(child(&tree, child(&tree, tree.root(), 0), 0))
        .expect("g7");
    assert_eq!(node.comment, "the better answer\nsee A");
    assert_eq!(node.marks.triangles, [Pos::new(10, 10)]);
    let labels: Vec<&str> = node.marks.labels.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(labels, ["A", "B"]);
    assert_eq!(node.marks.squares, [Pos::new(6, 8)], "a mark on a stone");
    study(&mut app, StudyCommand::Tool(MarkTool::None));

    // Delete the other branch (i9 and its answer), undo, delete again.
    let nodes = tree.len();
    let i9 = child(&tree, child(&tree, tree.root(), 0), 1);
    study(&mut app, StudyCommand::GoTo(i9));
    assert_eq!(shown(&app).0, ["h8", "i9"]);
    study(&mut app, StudyCommand::Delete);
    assert_eq!(opened(&app).tree.len(), nodes - 2);
    assert_eq!(
        shown(&app).0,
        ["h8"],
        "the position before the deleted move"
    );
    study(&mut app, StudyCommand::UndoDelete);
    assert_eq!(opened(&app).tree.len(), nodes);
    assert_eq!(shown(&app).0, ["h8", "i9"], "back where it was");
    study(&mut app, StudyCommand::Delete);
    study(&mut app, StudyCommand::Delete);
    assert_eq!(
        opened(&app).tree.len(),
        1,
        "h8 and all after it went; the start stays"
    );
    study(&mut app, StudyCommand::UndoDelete);
    assert_eq!(
        opened(&app).tree.len(),
        nodes - 2,
        "only the last deletion is undone"
    );

    let saved = dir.path().join("saved.sgf");
    app.world_mut().write_message(RecordRequest::Save {
        path: saved.clone(),
    });
    app.update();
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(
        !text.contains("W[ig]"),
        "the deleted branch is gone: {text}"
    );
    assert!(text.contains("TR[kk]"), "{text}");
    assert!(text.contains("C[the better answer\nsee A]"), "{text}");

    let mut again = app_in(dir.path());
    open(&mut again, &saved);
    assert_eq!(
        shown(&again).0,
        ["h8", "g7", "f6"],
        "the promoted main line"
    );
    send(&mut again, GameCommand::View(ViewStep::To(2)));
    let comment = tengen::game::shown_comment(
        again.world().resource::<OpenedTree>(),
        current(&again).game(),
    );
    assert_eq!(comment, Some("the better answer\nsee A"));
    let tree = opened(&again).tree;
    let node = tree
        .node(child(&tree, child(&tree, tree.root(), 0), 0))
        .expect("g7");
    assert_eq!(node.marks.labels.len(), 2);
    assert_eq!(node.marks.squares, [Pos::new(6, 8)]);
}

#[test]
fn a_comment_on_a_record_without_a_tree_grows_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    app.world_mut().write_message(RecordRequest::Paste {
        text: "h8i9j10".to_owned(),
        against_computer: false,
    });
    app.update();
    app.update();
    send(&mut app, GameCommand::View(ViewStep::To(2)));
    study(&mut app, StudyCommand::Comment("why i9?".into()));
    let tree = opened(&app).tree;
    assert_eq!(names(&tree.main_line()), ["h8", "i9", "j10"]);
    let i9 = child(&tree, child(&tree, tree.root(), 0), 0);
    assert_eq!(tree.node(i9).expect("i9").comment, "why i9?");
    assert_eq!(shown(&app).0, ["h8", "i9"], "the position shown stays");
}

#[test]
fn the_view_turns_mirrors_and_numbers_without_touching_the_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("study.sgf");
    std::fs::write(&file, STUDY).expect("write the study");
    let mut app = app_in(dir.path());
    open(&mut app, &file);
    let before = shown(&app);
    press(&mut app, &[], KeyCode::KeyT);
    press(&mut app, &[], KeyCode::KeyF);
    press(&mut app, &[], KeyCode::KeyL);
    let view = *app.world().resource::<BoardView>();
    assert_eq!(
        view,
        BoardView {
            quarter_turns: 1,
            flipped: true,
            numbered_last: 10
        }
    );
    study(&mut app, StudyCommand::NumberLast(3));
    study(&mut app, StudyCommand::ResetView);
    let view = *app.world().resource::<BoardView>();
    assert!(view.is_plain());
    assert_eq!(view.numbered_last, 3);
    assert_eq!(shown(&app), before, "the record's moves are as they were");
    assert_eq!(opened(&app).tree.len(), 6);
}

#[test]
fn a_board_in_a_game_turns_too_and_a_click_still_plays_the_point_asked() {
    let mut app = crate::support::hvh(tengen_engine::Preset::Freestyle15);
    press(&mut app, &[], KeyCode::KeyT);
    press(&mut app, &[], KeyCode::KeyT);
    assert_eq!(app.world().resource::<BoardView>().quarter_turns, 2);
    crate::support::place(&mut app, 3, 4);
    assert_eq!(
        current(&app).game().moves(),
        [Pos::new(3, 4)],
        "the record's point"
    );
    for _ in 0..2 {
        press(&mut app, &[], KeyCode::KeyT);
    }
    assert!(
        app.world().resource::<BoardView>().is_plain(),
        "four turns: as it was"
    );
}
