#![cfg(test)]

//! The record viewer's study screens: the tree panel with two variations and a comment, and the
//! comment editor with a mark tool on, marks on the board and the board turned.

use tengen_engine::Pos;

use super::{COMMENT, Screen, open_five, place, send};
use crate::game::{GameCommand, MarkTool, StudyCommand, ViewStep};

pub(super) fn screens() -> Vec<Screen> {
    vec![
        Screen {
            name: "record, tree of two variations and a comment",
            enter: |app| {
                open_five(app);
                send(app, GameCommand::View(ViewStep::To(4)));
                place(app, &[(2, 2), (9, 9)]);
                send(app, GameCommand::View(ViewStep::To(4)));
                place(app, &[(2, 3)]);
                send(
                    app,
                    GameCommand::Study(StudyCommand::Comment(COMMENT.into())),
                );
            },
        },
        Screen {
            name: "record, comment editor and mark tools",
            enter: |app| {
                open_five(app);
                send(app, GameCommand::View(ViewStep::To(6)));
                let study = |c| GameCommand::Study(c);
                send(app, study(StudyCommand::Comment(COMMENT.into())));
                send(app, study(StudyCommand::Tool(MarkTool::Label)));
                place(app, &[(8, 8), (9, 9)]);
                send(app, study(StudyCommand::Tool(MarkTool::Triangle)));
                send(app, study(StudyCommand::Mark(Pos::new(3, 7))));
                send(app, study(StudyCommand::Rotate));
                send(app, study(StudyCommand::NumberLast(4)));
            },
        },
    ]
}
