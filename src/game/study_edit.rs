//! Editing a record's tree in the viewer: go to any node, promote a line to the main line, delete a
//! branch (undoable: the tree before is kept until the next edit), the comment and the board marks of
//! the position shown; and the board's view (turned, mirrored, the last moves numbered), which changes
//! how the board is drawn, never the record.

use bevy::prelude::*;
use tengen_engine::{Game, Marks, NodeId, Pos, SgfTree};

use super::study::{OpenedTree, node_of, show_node, tree_of};
use super::{CurrentGame, MarkTool, StudyCommand};

/// The viewer's study tools: the mark a click puts, and the tree before the last deletion.
#[derive(Resource, Debug, Default)]
pub struct StudyState {
    pub tool: MarkTool,
    /// The tree before the last deletion, the moves to the node deleted, and the tree after
    /// (an undo applies only to the tree it left).
    deleted: Option<Box<(SgfTree, Vec<Pos>, SgfTree)>>,
}

impl StudyState {
    /// Whether a deletion can be undone now.
    pub fn can_undo(&self, opened: &OpenedTree) -> bool {
        self.deleted
            .as_ref()
            .is_some_and(|d| opened.0.as_ref() == Some(&d.2))
    }
}

/// How the board is drawn: turned clockwise by quarters, then mirrored left to right; and how many
/// of the last stones carry their numbers. The record and its coordinates never change.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BoardView {
    pub quarter_turns: u8,
    pub flipped: bool,
    /// Numbers on the last this many stones (0: none).
    pub numbered_last: u16,
}

impl BoardView {
    /// Whether the board is drawn as the record has it.
    pub fn is_plain(&self) -> bool {
        self.quarter_turns.is_multiple_of(4) && !self.flipped
    }

    /// Where the record's point `pos` is drawn on a board of `size`.
    pub fn shown(&self, pos: Pos, size: u8) -> Pos {
        let last = size.saturating_sub(1);
        let mut p = pos;
        for _ in 0..self.quarter_turns % 4 {
            p = Pos::new(last.saturating_sub(p.y), p.x);
        }
        if self.flipped {
            p = Pos::new(last.saturating_sub(p.x), p.y);
        }
        p
    }

    /// The record's point drawn at `shown` (the inverse of [`BoardView::shown`]).
    pub fn record(&self, shown: Pos, size: u8) -> Pos {
        let last = size.saturating_sub(1);
        let mut p = shown;
        if self.flipped {
            p = Pos::new(last.saturating_sub(p.x), p.y);
        }
        for _ in 0..self.quarter_turns % 4 {
            p = Pos::new(p.y, last.saturating_sub(p.x));
        }
        p
    }
}

/// The tree's node of the position shown, when the opened tree holds it.
pub fn shown_node(opened: &OpenedTree, game: &Game) -> Option<NodeId> {
    node_of(&opened.0.as_ref()?.tree, game.moves())
}

/// The board's view: allowed wherever a board is shown.
pub(super) fn change_view(view: &mut BoardView, command: &StudyCommand) {
    match command {
        StudyCommand::Rotate => view.quarter_turns = (view.quarter_turns + 1) % 4,
        StudyCommand::Flip => view.flipped = !view.flipped,
        StudyCommand::ResetView => {
            view.quarter_turns = 0;
            view.flipped = false;
        }
        StudyCommand::NumberLast(n) => view.numbered_last = *n,
        _ => {}
    }
}

/// Applies a command to the record's tree (in the viewer only).
pub(super) fn edit_tree(commands: &mut Commands, study: StudyParts, command: &StudyCommand) {
    let StudyParts {
        current,
        opened,
        state,
    } = study;
    match command {
        StudyCommand::GoTo(node) => {
            if let Some(sgf) = opened.0.as_mut()
                && sgf.tree.go_to(*node)
            {
                show_node(commands, current, &sgf.tree, *node);
            }
        }
        StudyCommand::Promote => {
            if let Some(node) = shown_node(opened, current.game())
                && let Some(sgf) = opened.0.as_mut()
            {
                state.deleted = None;
                sgf.tree.promote(node);
            }
        }
        StudyCommand::Delete => delete(commands, current, opened, state),
        StudyCommand::UndoDelete => undo_delete(commands, current, opened, state),
        StudyCommand::Comment(text) => {
            let game = current.game();
            let shown = game.moves().to_vec();
            if let Some(sgf) = tree_of(opened, game)
                && let Some(node) = node_of(&sgf.tree, &shown)
            {
                sgf.tree.set_comment(node, text.clone());
            }
        }
        StudyCommand::Tool(tool) => state.tool = *tool,
        StudyCommand::Mark(pos) => {
            let game = current.game();
            let shown = game.moves().to_vec();
            let size = game.variant().size();
            if pos.x >= size || pos.y >= size {
                return;
            }
            if let Some(sgf) = tree_of(opened, game)
                && let Some(node) = node_of(&sgf.tree, &shown).and_then(|n| sgf.tree.node_mut(n))
            {
                toggle_mark(&mut node.marks, state.tool, *pos);
            }
        }
        _ => {}
    }
}

/// The parts of the game a tree edit changes.
pub(super) struct StudyParts<'a> {
    pub current: &'a mut CurrentGame,
    pub opened: &'a mut OpenedTree,
    pub state: &'a mut StudyState,
}

/// Deletes the position shown and what follows it (not the start), keeping the tree before for an
/// undo; the position before it is shown.
fn delete(
    commands: &mut Commands,
    current: &mut CurrentGame,
    opened: &mut OpenedTree,
    state: &mut StudyState,
) {
    let Some(node) = shown_node(opened, current.game()) else {
        return;
    };
    let Some(sgf) = opened.0.as_mut() else {
        return;
    };
    let before = sgf.clone();
    let shown = current.game().moves().to_vec();
    // The position before the deleted one: found again by its moves (deleting renumbers nodes).
    let back = current
        .game()
        .moves()
        .split_last()
        .map(|(_, rest)| rest.to_vec());
    if back.is_none() || !sgf.tree.delete(node) {
        return;
    }
    let moves = back.unwrap_or_default();
    let parent = node_of(&sgf.tree, &moves).unwrap_or(sgf.tree.root());
    show_node(commands, current, &sgf.tree, parent);
    let after = sgf.clone();
    state.deleted = Some(Box::new((before, shown, after)));
}

/// Puts back the tree before the last deletion, if the tree has not changed since.
fn undo_delete(
    commands: &mut Commands,
    current: &mut CurrentGame,
    opened: &mut OpenedTree,
    state: &mut StudyState,
) {
    if !state.can_undo(opened) {
        return;
    }
    let Some(deleted) = state.deleted.take() else {
        return;
    };
    let (before, moves, _) = *deleted;
    let node = node_of(&before.tree, &moves).unwrap_or(before.tree.root());
    opened.0 = Some(before);
    if let Some(sgf) = opened.0.as_ref() {
        show_node(commands, current, &sgf.tree, node);
    }
}

/// Puts `tool`'s mark on `pos`, or takes it away if that mark is there; a point holds one mark at
/// most. A label takes the first letter (A, B, C…) no label uses.
pub fn toggle_mark(marks: &mut Marks, tool: MarkTool, pos: Pos) {
    let had = match tool {
        MarkTool::None => return,
        MarkTool::Label => marks.labels.iter().any(|(p, _)| *p == pos),
        MarkTool::Triangle => marks.triangles.contains(&pos),
        MarkTool::Square => marks.squares.contains(&pos),
    };
    marks.labels.retain(|(p, _)| *p != pos);
    marks.triangles.retain(|p| *p != pos);
    marks.squares.retain(|p| *p != pos);
    if had {
        return;
    }
    match tool {
        MarkTool::Label => {
            let label = next_label(marks);
            marks.labels.push((pos, label));
        }
        MarkTool::Triangle => marks.triangles.push(pos),
        MarkTool::Square => marks.squares.push(pos),
        MarkTool::None => {}
    }
}

/// The first of A…Z, then a…z, then 1, 2, 3… that no label uses.
fn next_label(marks: &Marks) -> String {
    let used = |s: &str| marks.labels.iter().any(|(_, l)| l == s);
    ('A'..='Z')
        .chain('a'..='z')
        .map(String::from)
        .find(|l| !used(l))
        .unwrap_or_else(|| {
            (1..)
                .map(|n: u32| n.to_string())
                .find(|l| !used(l))
                .unwrap_or_default()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_turns_and_mirrors_and_finds_the_record_point_again() {
        let size = 15;
        let corner = Pos::new(0, 0);
        let turned = BoardView {
            quarter_turns: 1,
            ..BoardView::default()
        };
        // A quarter clockwise: the top-left corner goes to the top-right.
        assert_eq!(turned.shown(corner, size), Pos::new(14, 0));
        let mirrored = BoardView {
            flipped: true,
            ..BoardView::default()
        };
        assert_eq!(mirrored.shown(Pos::new(2, 5), size), Pos::new(12, 5));
        for turns in 0..4 {
            for flipped in [false, true] {
                let view = BoardView {
                    quarter_turns: turns,
                    flipped,
                    numbered_last: 0,
                };
                for pos in [
                    Pos::new(0, 0),
                    Pos::new(3, 11),
                    Pos::new(7, 7),
                    Pos::new(14, 2),
                ] {
                    assert_eq!(view.record(view.shown(pos, size), size), pos, "{view:?}");
                }
            }
        }
        assert_eq!(
            BoardView::default().shown(Pos::new(3, 4), size),
            Pos::new(3, 4)
        );
    }

    #[test]
    fn a_label_takes_the_next_free_letter_and_a_point_holds_one_mark() {
        let mut marks = Marks::default();
        toggle_mark(&mut marks, MarkTool::Label, Pos::new(1, 1));
        toggle_mark(&mut marks, MarkTool::Label, Pos::new(2, 2));
        assert_eq!(marks.labels[1].1, "B");
        toggle_mark(&mut marks, MarkTool::Label, Pos::new(1, 1));
        toggle_mark(&mut marks, MarkTool::Label, Pos::new(3, 3));
        assert_eq!(
            marks.labels,
            [(Pos::new(2, 2), "B".into()), (Pos::new(3, 3), "A".into())],
            "A was free again"
        );
        toggle_mark(&mut marks, MarkTool::Triangle, Pos::new(2, 2));
        assert_eq!(marks.triangles, [Pos::new(2, 2)]);
        assert_eq!(marks.labels.len(), 1, "the triangle took the label's place");
        toggle_mark(&mut marks, MarkTool::Triangle, Pos::new(2, 2));
        toggle_mark(&mut marks, MarkTool::Square, Pos::new(4, 4));
        assert!(marks.triangles.is_empty());
        assert_eq!(marks.squares, [Pos::new(4, 4)]);
        toggle_mark(&mut marks, MarkTool::None, Pos::new(4, 4));
        assert_eq!(marks.squares.len(), 1, "no tool, no change");
    }
}
