//! The record's tree beside the board: the main line as a flow of moves, each branch on a row of its
//! own below the move it replaces, indented by its depth (as a chess study prints variations); the
//! position shown is marked and a click on a move shows it. Below: promote or delete the branch shown,
//! the comment of the position shown (typed into the tree), the board-mark tools and the board's view.

use bevy_egui::egui;
use tengen_engine::{GameTree, NodeId};

use crate::game::{BoardView, GameCommand, MarkTool, StudyCommand, cell_name};
use crate::i18n::Words;
use crate::ui::numbering::Numbering;
use crate::ui::tip::Tip;

/// One row of the tree panel: moves that follow each other, at a branch depth (0: the main line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub depth: usize,
    pub nodes: Vec<NodeId>,
}

/// The tree's rows: from the root, each line flows on one row until a move has other answers; then
/// the main answer ends the row, each other answer starts a row one deeper (with its line), and the
/// main line goes on in a new row.
pub fn rows(tree: &GameTree) -> Vec<Row> {
    let mut rows = Vec::new();
    line_rows(tree, tree.root(), None, 0, &mut rows);
    rows.retain(|row| !row.nodes.is_empty());
    rows
}

/// The rows of the line after `from` (and `first`, the line's first move, when it starts a branch).
fn line_rows(
    tree: &GameTree,
    from: NodeId,
    first: Option<NodeId>,
    depth: usize,
    rows: &mut Vec<Row>,
) {
    let mut row = Row {
        depth,
        nodes: first.into_iter().collect(),
    };
    let mut at = first.unwrap_or(from);
    while let Some(children) = tree.node(at).map(|n| n.children()) {
        let Some((&main, others)) = children.split_first() else {
            break;
        };
        row.nodes.push(main);
        if !others.is_empty() {
            rows.push(std::mem::replace(
                &mut row,
                Row {
                    depth,
                    nodes: Vec::new(),
                },
            ));
            for &other in others {
                line_rows(tree, at, Some(other), depth + 1, rows);
            }
        }
        at = main;
    }
    rows.push(row);
}

/// What the tree panel reads.
pub struct TreeView<'a> {
    pub tree: &'a GameTree,
    /// The node of the position shown.
    pub shown: Option<NodeId>,
    pub numbering: Numbering,
    pub size: u8,
    /// Scroll the shown move into view (it changed).
    pub follow: bool,
}

/// The tree, at most `height` tall (it scrolls), the position shown highlighted.
pub fn tree_panel(
    ui: &mut egui::Ui,
    view: &TreeView,
    height: f32,
    writer: &mut bevy::prelude::MessageWriter<GameCommand>,
) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    egui::ScrollArea::vertical()
        .id_salt("study tree")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let root = view.tree.root();
            if ui
                .selectable_label(view.shown == Some(root), words.tr("viewer-start"))
                .clicked()
            {
                writer.write(GameCommand::Study(StudyCommand::GoTo(root)));
            }
            for row in rows(view.tree) {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    ui.add_space(14.0 * row.depth as f32);
                    for &node in &row.nodes {
                        move_label(ui, view, node, writer);
                    }
                });
            }
        });
}

/// One move of the tree: its number, its point, and a star when it carries a comment or marks.
fn move_label(
    ui: &mut egui::Ui,
    view: &TreeView,
    node: NodeId,
    writer: &mut bevy::prelude::MessageWriter<GameCommand>,
) {
    let Some(at) = view.tree.node(node) else {
        return;
    };
    let Some((pos, _)) = at.mv else {
        return;
    };
    // Every move numbered: a row may start at either side's move.
    let index = view.tree.path_to(node).len().saturating_sub(2);
    let mut text = format!(
        "{}{}",
        view.numbering.label(index),
        cell_name(pos, view.size)
    );
    if !at.comment.trim().is_empty() || !at.marks.is_empty() {
        text.push('*');
    }
    let shown = view.shown == Some(node);
    let label = ui.selectable_label(shown, egui::RichText::new(text).monospace());
    if shown && view.follow {
        label.scroll_to_me(Some(egui::Align::Center));
    }
    if label.clicked() {
        writer.write(GameCommand::Study(StudyCommand::GoTo(node)));
    }
}

/// What the study tools read besides the tree.
pub struct Tools<'a> {
    /// The comment of the position shown.
    pub comment: &'a str,
    pub tool: MarkTool,
    /// The position shown is a move (not the start), so its branch can be promoted or deleted.
    pub on_move: bool,
    pub can_undo: bool,
}

/// Promote / delete / undo the branch shown, the comment editor and the mark tools.
pub fn study_tools(
    ui: &mut egui::Ui,
    tools: &Tools,
    words: &Words,
    writer: &mut bevy::prelude::MessageWriter<GameCommand>,
) {
    let mut send = |command: StudyCommand| {
        writer.write(GameCommand::Study(command));
    };
    ui.horizontal_wrapped(|ui| {
        let promote = ui
            .add_enabled(tools.on_move, egui::Button::new(words.tr("study-promote")))
            .tip(words.tr("study-promote-tip"));
        if promote.clicked() {
            send(StudyCommand::Promote);
        }
        let delete = ui
            .add_enabled(tools.on_move, egui::Button::new(words.tr("study-delete")))
            .tip(words.tr("study-delete-tip"));
        if delete.clicked() {
            send(StudyCommand::Delete);
        }
        if tools.can_undo && ui.button(words.tr("study-undo-delete")).clicked() {
            send(StudyCommand::UndoDelete);
        }
    });
    ui.label(words.tr("study-comment"));
    let mut text = tools.comment.to_owned();
    let edit = egui::TextEdit::multiline(&mut text)
        .id_salt("study comment")
        .desired_rows(3)
        .desired_width(f32::INFINITY)
        .hint_text(words.tr("study-comment-hint"));
    if ui.add(edit).changed() {
        send(StudyCommand::Comment(text));
    }
    mark_tools(ui, tools.tool, words, &mut send);
}

/// The mark a click puts: label, triangle, square, or none (the click plays); said in words while
/// one is on.
fn mark_tools(
    ui: &mut egui::Ui,
    tool: MarkTool,
    words: &Words,
    send: &mut impl FnMut(StudyCommand),
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(words.tr("study-marks"));
        for (choice, key) in [
            (MarkTool::None, "study-mark-none"),
            (MarkTool::Label, "study-mark-label"),
            (MarkTool::Triangle, "study-mark-triangle"),
            (MarkTool::Square, "study-mark-square"),
        ] {
            if ui.selectable_label(tool == choice, words.tr(key)).clicked() && tool != choice {
                send(StudyCommand::Tool(choice));
            }
        }
    });
    if tool != MarkTool::None {
        let p = ui.visuals().warn_fg_color;
        ui.label(egui::RichText::new(words.tr("study-marking")).color(p));
    }
}

/// Turn, mirror or reset the board's view, and number the last N stones.
pub fn view_tools(
    ui: &mut egui::Ui,
    view: BoardView,
    words: &Words,
    writer: &mut bevy::prelude::MessageWriter<GameCommand>,
) {
    let mut send = |command: StudyCommand| {
        writer.write(GameCommand::Study(command));
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(words.tr("study-view"));
        if ui
            .button(words.tr("study-rotate"))
            .tip(words.tr("study-rotate-tip"))
            .clicked()
        {
            send(StudyCommand::Rotate);
        }
        if ui
            .button(words.tr("study-flip"))
            .tip(words.tr("study-flip-tip"))
            .clicked()
        {
            send(StudyCommand::Flip);
        }
        if ui
            .add_enabled(
                !view.is_plain(),
                egui::Button::new(words.tr("study-reset-view")),
            )
            .clicked()
        {
            send(StudyCommand::ResetView);
        }
    });
    ui.horizontal(|ui| {
        ui.label(words.tr("study-number-last"));
        let mut n = view.numbered_last;
        if ui
            .add(egui::DragValue::new(&mut n).range(0..=400))
            .tip(words.tr("study-number-last-tip"))
            .changed()
        {
            send(StudyCommand::NumberLast(n));
        }
    });
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Color, GameTree, Pos};

    use super::{Row, rows};

    #[test]
    fn branches_sit_on_rows_of_their_own_under_the_move_they_replace() {
        let p = |x, y| Pos::new(x, y);
        // 1 h8, 2 i9 (2 g7 3 f6) (2 f10), 3 j10 (3 k11)
        let mut tree = GameTree::from_line(vec![], Color::Black, &[p(7, 7), p(8, 6), p(9, 5)]);
        let h8 = tree.node(tree.root()).expect("root").children()[0];
        tree.go_to(h8);
        let g7 = tree.play(p(6, 8));
        tree.play(p(5, 9));
        tree.go_to(h8);
        tree.play(p(5, 5));
        let i9 = tree.node(h8).expect("h8").children()[0];
        tree.go_to(i9);
        tree.play(p(10, 4));
        let rows = rows(&tree);
        let depths: Vec<usize> = rows.iter().map(|r| r.depth).collect();
        assert_eq!(depths, [0, 1, 1, 0, 1], "{rows:?}");
        assert_eq!(rows[0].nodes, [h8, i9]);
        assert_eq!(rows[1].nodes[0], g7);
        assert_eq!(rows[1].nodes.len(), 2);
        assert_eq!(rows[3].nodes.len(), 1, "j10 ends its row: k11 answers too");
        assert!(matches!(rows.last(), Some(Row { depth: 1, .. })));
        let total: usize = rows.iter().map(|r| r.nodes.len()).sum();
        assert_eq!(total, tree.len() - 1, "every move once");
    }

    #[test]
    fn a_tree_of_one_line_is_one_row() {
        let tree = GameTree::from_line(vec![], Color::Black, &[Pos::new(7, 7), Pos::new(8, 8)]);
        assert_eq!(rows(&tree).len(), 1);
        assert!(rows(&GameTree::new(vec![], Color::Black)).is_empty());
    }
}
