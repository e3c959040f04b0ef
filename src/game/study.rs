//! A record's tree of variations in the viewer: a stone played off the record's line makes a branch
//! (the next move of the line only steps forward), Up and Down go to the previous and next branch,
//! and the comment of the position shown is read from the tree. The position shown is the tree's
//! node: the one reached from the root by the moves on the board.

use bevy::prelude::*;
use tengen_engine::{Game, GameTree, NodeId, PlayError, Pos, Sgf, SgfTree};

use super::events::{RecordStepped, Refusal};
use super::record::step_record;
use super::{CurrentGame, ViewStep};

/// The tree of variations of the record in the viewer: the SGF file's, or one grown from a record's
/// line when a branch is first played into it. `None` after any other record or paste (see
/// `persistence::files`).
#[derive(Resource, Debug, Default)]
pub struct OpenedTree(pub Option<SgfTree>);

/// The node reached from the root by `moves`, if the tree holds that line.
pub fn node_of(tree: &GameTree, moves: &[Pos]) -> Option<NodeId> {
    moves.iter().try_fold(tree.root(), |node, &pos| {
        tree.node(node)?
            .children()
            .iter()
            .copied()
            .find(|&child| tree.node(child).and_then(|n| n.mv).map(|(p, _)| p) == Some(pos))
    })
}

/// The comment of the position shown, when the record's tree gives one.
pub fn shown_comment<'a>(opened: &'a OpenedTree, game: &Game) -> Option<&'a str> {
    let tree = &opened.0.as_ref()?.tree;
    let comment = tree.node(node_of(tree, game.moves())?)?.comment.trim();
    (!comment.is_empty()).then_some(comment)
}

/// The line through `node`: the moves to it, then each first branch after it.
fn line_through(tree: &GameTree, node: NodeId) -> Vec<Pos> {
    let mut line = tree.moves_to(node);
    let mut at = node;
    while let Some(&next) = tree.node(at).and_then(|n| n.children().first()) {
        if let Some((pos, _)) = tree.node(next).and_then(|n| n.mv) {
            line.push(pos);
        }
        at = next;
    }
    line
}

/// Shows `node`'s position with the rest of its line ahead.
pub(super) fn show_node(
    commands: &mut Commands,
    current: &mut CurrentGame,
    tree: &GameTree,
    node: NodeId,
) {
    let line = line_through(tree, node);
    show_line(commands, current, &line, tree.moves_to(node).len());
}

/// Shows the position after the first `shown` moves of `line`, the rest of it ahead. A line the rules
/// refuse (a study may show a forbidden move) ends before the refused move.
fn show_line(commands: &mut Commands, current: &mut CurrentGame, line: &[Pos], shown: usize) {
    let old = current.game();
    let replay =
        |moves: &[Pos]| Game::from_record(old.variant(), old.setup(), old.first_to_move(), moves);
    let mut game = match replay(line) {
        Ok(game) => game,
        Err((n, _)) => match replay(&line[..n]) {
            Ok(game) => game,
            Err(_) => return,
        },
    };
    while game.moves().len() > shown && game.undo().is_some() {}
    current.show_position(game);
    commands.trigger(RecordStepped);
}

/// The record's tree, grown from the line on the board (the moves shown and those ahead) when the
/// record has none or the opened tree is another record's: its own line becomes the main line.
pub(super) fn tree_of<'a>(opened: &'a mut OpenedTree, game: &Game) -> Option<&'a mut SgfTree> {
    let fits = |tree: &SgfTree| node_of(&tree.tree, game.moves()).is_some();
    if !opened.0.as_ref().is_some_and(fits) {
        let mut whole = game.moves().to_vec();
        whole.extend(game.redo_moves().iter().rev());
        let tree = GameTree::from_line(game.setup().to_vec(), game.first_to_move(), &whole);
        opened.0 = Some(SgfTree {
            info: Sgf::from_game(game),
            tree,
        });
    }
    opened.0.as_mut()
}

/// Shows `line` played after `fork` (a position of the record's tree) as a branch of the tree, made
/// if new, at the line's first move with the rest of it ahead: the review's better line or
/// refutation, stepped through with Next and Previous. A fork the record's tree does not hold, or an
/// empty line, shows nothing new.
pub(super) fn show_branch(
    commands: &mut Commands,
    current: &mut CurrentGame,
    opened: &mut OpenedTree,
    fork: &[Pos],
    line: &[Pos],
) {
    if line.is_empty() {
        return;
    }
    let Some(sgf) = tree_of(opened, current.game()) else {
        return;
    };
    let tree = &mut sgf.tree;
    let Some(node) = node_of(tree, fork) else {
        return;
    };
    tree.go_to(node);
    for &pos in line {
        tree.play(pos);
    }
    let whole: Vec<Pos> = fork.iter().chain(line).copied().collect();
    show_line(commands, current, &whole, fork.len() + 1);
}

/// A stone placed in the viewer: the record's next move steps forward; another legal move goes
/// into its branch of the tree (made if new).
pub(super) fn play_in_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    opened: &mut OpenedTree,
    pos: Pos,
) -> Result<(), Refusal> {
    let game = current.game();
    if game.redo_moves().last() == Some(&pos) {
        step_record(commands, current, ViewStep::Next);
        return Ok(());
    }
    let mut probe = game.clone();
    match probe.play(pos) {
        Ok(_) => {}
        Err(PlayError::OffBoard(_)) => return Ok(()),
        Err(PlayError::Occupied(_)) => return Err(Refusal::Occupied),
        Err(PlayError::Forbidden(_, why)) => return Err(Refusal::Forbidden(why)),
        Err(PlayError::GameOver) => return Err(Refusal::GameOver),
    }
    let shown = game.moves().to_vec();
    let Some(sgf) = tree_of(opened, game) else {
        return Ok(());
    };
    let tree = &mut sgf.tree;
    if let Some(node) = node_of(tree, &shown) {
        tree.go_to(node);
        let child = tree.play(pos);
        show_node(commands, current, tree, child);
    }
    Ok(())
}

/// Goes to the previous or next branch beside the position shown (its last move's siblings).
pub(super) fn switch_branch(
    commands: &mut Commands,
    current: &mut CurrentGame,
    opened: &mut OpenedTree,
    forward: bool,
) {
    let Some(sgf) = opened.0.as_mut() else {
        return;
    };
    let tree = &mut sgf.tree;
    let Some(node) = node_of(tree, current.game().moves()) else {
        return;
    };
    tree.go_to(node);
    let moved = if forward {
        tree.next_sibling()
    } else {
        tree.previous_sibling()
    };
    if moved {
        let now = tree.current();
        show_node(commands, current, tree, now);
    }
}
