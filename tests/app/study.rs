//! The record viewer's tree of variations: a stone off the record's line makes a branch and goes
//! into it (the line's next move only steps forward), Up and Down go to the branches beside the
//! position shown, each position's comment is read from the tree, and a save keeps the branches.

use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::game::{GameCommand, OpenedTree, ViewStep, cell_name, shown_comment};
use tengen::persistence::{PersistencePlugin, RecordRequest};
use tengen_engine::Pos;
use tengen_store::Paths;

use crate::keyboard::press;
use crate::support::{current, manual_time, on_record, send};

pub(crate) const STUDY: &str = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Ann]C[two answers]\
;B[hh]C[centre](;W[ig];B[jf])(;W[gi]C[or this];B[fj]))\n";

pub(crate) fn app_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin))
        .add_plugins(PersistencePlugin::at(Paths::at(
            dir.join("config"),
            dir.join("data"),
        )));
    manual_time(&mut app);
    app.update();
    app
}

pub(crate) fn open(app: &mut App, path: &Path) {
    app.world_mut().write_message(RecordRequest::Open {
        path: path.to_owned(),
        against_computer: false,
    });
    app.update();
    app.update();
    assert!(on_record(app), "the study opens in the viewer");
}

/// The moves on the board, by cell name, and how many the record's line holds.
pub(crate) fn shown(app: &App) -> (Vec<String>, usize) {
    let game = current(app).game();
    let names = game
        .moves()
        .iter()
        .map(|&p| cell_name(p, game.variant().size()))
        .collect();
    (names, current(app).record_position().1)
}

fn comment(app: &App) -> Option<String> {
    let opened = app.world().resource::<OpenedTree>();
    shown_comment(opened, current(app).game()).map(str::to_owned)
}

fn tree_size(app: &App) -> usize {
    let opened = app.world().resource::<OpenedTree>();
    opened.0.as_ref().map_or(0, |sgf| sgf.tree.len())
}

#[test]
fn a_stone_off_the_line_branches_the_keys_walk_the_branches_and_a_save_keeps_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("study.sgf");
    std::fs::write(&file, STUDY).expect("write the study");
    let mut app = app_in(dir.path());
    open(&mut app, &file);
    let nodes = tree_size(&app);
    assert_eq!(nodes, 6, "root and five moves");

    send(&mut app, GameCommand::View(ViewStep::To(1)));
    assert_eq!(comment(&app).as_deref(), Some("centre"));
    // The line's next move only steps forward: no new node.
    send(&mut app, GameCommand::Place(Pos::new(8, 6)));
    assert_eq!(shown(&app), (vec!["h8".into(), "i9".into()], 3));
    assert_eq!(tree_size(&app), nodes);
    assert_eq!(comment(&app), None);

    // Down goes to the next branch at this move, with its comment and its own line ahead.
    press(&mut app, &[], KeyCode::ArrowDown);
    assert_eq!(shown(&app), (vec!["h8".into(), "g7".into()], 3));
    assert_eq!(comment(&app).as_deref(), Some("or this"));
    press(&mut app, &[], KeyCode::ArrowDown);
    assert_eq!(shown(&app).0, ["h8", "g7"], "no branch after the last");
    press(&mut app, &[], KeyCode::ArrowUp);
    assert_eq!(shown(&app), (vec!["h8".into(), "i9".into()], 3));

    // A stone off the line makes a third branch and goes into it.
    send(&mut app, GameCommand::View(ViewStep::To(1)));
    send(&mut app, GameCommand::Place(Pos::new(5, 5)));
    assert_eq!(shown(&app), (vec!["h8".into(), "f10".into()], 2));
    assert_eq!(tree_size(&app), nodes + 1);
    send(&mut app, GameCommand::Place(Pos::new(9, 9)));
    assert_eq!(shown(&app).0, ["h8", "f10", "j6"]);
    assert_eq!(tree_size(&app), nodes + 2);

    // Saved while the branch is shown: the record's line is still the main line.
    let saved = dir.path().join("saved.sgf");
    app.world_mut().write_message(RecordRequest::Save {
        path: saved.clone(),
    });
    app.update();
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(
        text.contains(";B[hh]C[centre](;W[ig];B[jf])(;W[gi]C[or this];B[fj])(;W[ff];B[jj]))"),
        "{text}"
    );

    let mut again = app_in(dir.path());
    open(&mut again, &saved);
    assert_eq!(
        shown(&again),
        (vec!["h8".into(), "i9".into(), "j10".into()], 3)
    );
    assert_eq!(tree_size(&again), nodes + 2);
    send(&mut again, GameCommand::View(ViewStep::To(2)));
    press(&mut again, &[], KeyCode::ArrowDown);
    press(&mut again, &[], KeyCode::ArrowDown);
    assert_eq!(shown(&again), (vec!["h8".into(), "f10".into()], 3));
}

#[test]
fn a_record_without_a_tree_grows_one_and_an_occupied_point_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_in(dir.path());
    app.world_mut().write_message(RecordRequest::Paste {
        text: "h8i9j10".to_owned(),
        against_computer: false,
    });
    app.update();
    app.update();
    assert_eq!(tree_size(&app), 0, "a pasted line has no tree yet");
    send(&mut app, GameCommand::View(ViewStep::To(1)));
    send(&mut app, GameCommand::Place(Pos::new(7, 7)));
    assert_eq!(shown(&app).0, ["h8"], "a stone there already: refused");
    assert_eq!(tree_size(&app), 0);
    send(&mut app, GameCommand::Place(Pos::new(6, 6)));
    assert_eq!(shown(&app), (vec!["h8".into(), "g9".into()], 2));
    assert_eq!(tree_size(&app), 5, "the line and the branch");
    press(&mut app, &[], KeyCode::ArrowUp);
    assert_eq!(shown(&app), (vec!["h8".into(), "i9".into()], 3));
}
