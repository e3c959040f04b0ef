#![cfg(test)]

//! The record viewer's study screens: the tree panel with two variations and a comment, and the
//! comment editor with a mark tool on, marks on the board and the board turned. Self-contained (the
//! audit's tests name these screens; nothing here names the audit's tests back).

use bevy::prelude::*;
use tengen_engine::{Game, Pos, Preset};

use crate::game::{GameCommand, MarkTool, OpenGame, StudyCommand, ViewStep};

/// A long comment, in words of one script: it wraps in the comment editor.
const NOTE: &str = "Two answers to the three: blocking at the near end keeps the initiative, \
     the far end lets black build a second line.";

fn send(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    for _ in 0..6 {
        app.update();
    }
}

fn study(app: &mut App, command: StudyCommand) {
    send(app, GameCommand::Study(command));
}

fn place(app: &mut App, moves: &[(u8, u8)]) {
    for &(x, y) in moves {
        send(app, GameCommand::Place(Pos::new(x, y)));
    }
}

/// A record of eight moves opened in the viewer, at `shown`.
fn open_record(app: &mut App, shown: usize) {
    let moves = [
        (7, 7),
        (8, 6),
        (6, 6),
        (8, 8),
        (8, 7),
        (6, 8),
        (5, 5),
        (9, 9),
    ];
    let moves: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
    let open = OpenGame {
        game,
        against_computer: false,
        rewind: false,
        names: Default::default(),
    };
    send(app, GameCommand::Open(Box::new(open)));
    send(app, GameCommand::View(ViewStep::To(shown)));
}

/// A screen's name and how to get there from a fresh start.
pub(super) type NamedScreen = (&'static str, fn(&mut App));

/// Each screen's name and how to get there from a fresh start.
pub(super) fn screens() -> Vec<NamedScreen> {
    vec![
        ("record, tree of two variations and a comment", |app| {
            open_record(app, 4);
            place(app, &[(2, 2), (12, 12)]);
            send(app, GameCommand::View(ViewStep::To(4)));
            place(app, &[(2, 3)]);
            study(app, StudyCommand::Comment(NOTE.into()));
        }),
        ("record, comment editor and mark tools", |app| {
            open_record(app, 6);
            study(app, StudyCommand::Comment(NOTE.into()));
            study(app, StudyCommand::Tool(MarkTool::Label));
            place(app, &[(10, 10), (11, 11)]);
            study(app, StudyCommand::Tool(MarkTool::Triangle));
            study(app, StudyCommand::Mark(Pos::new(7, 7)));
            study(app, StudyCommand::Rotate);
            study(app, StudyCommand::NumberLast(4));
        }),
    ]
}
