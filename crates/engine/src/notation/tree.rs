//! A game tree for study: the main line and its variations, each node with a comment, board marks and
//! the SGF properties the game does not know (kept verbatim so a record written back loses nothing).
//!
//! Playing a move where that move already follows goes into the existing node; any other move makes a
//! new branch beside the ones there: nothing is ever thrown away by playing. The first child of a node
//! is its main line. The tree does not know the rules: [`GameTree::game_at`] replays a node's line
//! under a variant's rules.

use crate::core::{Color, Pos, Variant};
use crate::game::{Game, PlayError};

/// A node's index in its [`GameTree`]. Deleting a branch renumbers the nodes after it.
pub type NodeId = usize;

/// The marks drawn on the board at a node: SGF `LB` labels, `TR` triangles and `SQ` squares, each in
/// the order the record lists them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub labels: Vec<(Pos, String)>,
    pub triangles: Vec<Pos>,
    pub squares: Vec<Pos>,
}

impl Marks {
    /// No mark at all.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && self.triangles.is_empty() && self.squares.is_empty()
    }
}

/// One node of the tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move that leads here; `None` for the root.
    pub mv: Option<(Pos, Color)>,
    /// Stones set up at this node (SGF `AB`/`AW`; the game reads them at the root only).
    pub setup: Vec<(Pos, Color)>,
    /// The comment, empty for none.
    pub comment: String,
    pub marks: Marks,
    /// Properties the game does not know, identifier and raw values, in the record's order.
    pub unknown: Vec<(String, Vec<String>)>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl Node {
    /// The node before this one; `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The nodes after this one, the main line's first.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// The tree of a record: its root (the set-up position, if any) and every line played from it, with a
/// current node that navigation moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<Node>,
    first_to_move: Color,
    current: NodeId,
}

/// The root's index.
pub const ROOT: NodeId = 0;

impl GameTree {
    /// A tree of just a root holding `setup`, with `first_to_move` to play the first move.
    pub fn new(setup: Vec<(Pos, Color)>, first_to_move: Color) -> GameTree {
        GameTree {
            nodes: vec![Node {
                setup,
                ..Node::default()
            }],
            first_to_move,
            current: ROOT,
        }
    }

    /// A tree whose main line is `moves` from `setup`; the current node is the root.
    pub fn from_line(setup: Vec<(Pos, Color)>, first_to_move: Color, moves: &[Pos]) -> GameTree {
        let mut tree = GameTree::new(setup, first_to_move);
        for &pos in moves {
            tree.play(pos);
        }
        tree.current = ROOT;
        tree
    }

    /// The root's id.
    pub fn root(&self) -> NodeId {
        ROOT
    }

    /// The side to play the first move after the root.
    pub fn first_to_move(&self) -> Color {
        self.first_to_move
    }

    /// The node `id`; `None` past the tree.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id)
    }

    /// The node `id`, to change its comment, marks or unknown properties.
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id)
    }

    /// How many nodes the tree holds, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is just its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The current node.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The side to play after node `id`.
    pub fn to_move(&self, id: NodeId) -> Color {
        match self.nodes.get(id).and_then(|n| n.mv) {
            Some((_, color)) => color.opponent(),
            None => self.first_to_move,
        }
    }

    /// Plays `pos` after the current node by the side to move there: into the child that already
    /// holds that move, else into a new branch after the others. The new node becomes current.
    pub fn play(&mut self, pos: Pos) -> NodeId {
        let color = self.to_move(self.current);
        self.add_child(self.current, pos, color)
    }

    /// Plays `pos` by `color` after `parent`: into the child that already holds that move, else into
    /// a new branch. It becomes the current node.
    fn add_child(&mut self, parent: NodeId, pos: Pos, color: Color) -> NodeId {
        let existing = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some((pos, color)));
        let id = existing.unwrap_or_else(|| self.push_child(parent, pos, color));
        self.current = id;
        id
    }

    /// Adds a move by `color` after `parent` as a new node (even where the same move is there: a
    /// record read back keeps its nodes as written). It does not change the current node.
    pub(super) fn push_child(&mut self, parent: NodeId, pos: Pos, color: Color) -> NodeId {
        self.nodes.push(Node {
            mv: Some((pos, color)),
            parent: Some(parent),
            ..Node::default()
        });
        let id = self.nodes.len() - 1;
        self.nodes[parent].children.push(id);
        id
    }

    /// Makes `id` the current node; false (nothing changes) if there is no such node.
    pub fn go_to(&mut self, id: NodeId) -> bool {
        let ok = id < self.nodes.len();
        if ok {
            self.current = id;
        }
        ok
    }

    /// Steps to the current node's main continuation; false at the end of a line.
    pub fn forward(&mut self) -> bool {
        match self.nodes[self.current].children.first() {
            Some(&c) => self.go_to(c),
            None => false,
        }
    }

    /// Steps back one move; false at the root.
    pub fn back(&mut self) -> bool {
        match self.nodes[self.current].parent {
            Some(p) => self.go_to(p),
            None => false,
        }
    }

    /// The current node's index among its parent's children, and that parent.
    fn place(&self) -> Option<(NodeId, usize)> {
        let parent = self.nodes[self.current].parent?;
        let index = self.nodes[parent]
            .children
            .iter()
            .position(|&c| c == self.current)?;
        Some((parent, index))
    }

    /// Moves to the next branch beside the current node (the same move number); false at the last.
    pub fn next_sibling(&mut self) -> bool {
        let Some((parent, index)) = self.place() else {
            return false;
        };
        match self.nodes[parent].children.get(index + 1) {
            Some(&c) => self.go_to(c),
            None => false,
        }
    }

    /// Moves to the branch before the current node; false at the first.
    pub fn previous_sibling(&mut self) -> bool {
        match self.place() {
            Some((parent, index)) if index > 0 => {
                self.go_to(self.nodes[parent].children[index - 1])
            }
            _ => false,
        }
    }

    /// Goes to the root.
    pub fn start(&mut self) {
        self.current = ROOT;
    }

    /// Goes to the end of the current line, following the main continuation at each branch.
    pub fn end(&mut self) {
        while self.forward() {}
    }

    /// The nodes from the root to `id`, both included; empty for no such node.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        if id >= self.nodes.len() {
            return Vec::new();
        }
        let mut path = vec![id];
        while let Some(p) = self.nodes[*path.last().unwrap_or(&ROOT)].parent {
            path.push(p);
        }
        path.reverse();
        path
    }

    /// The moves from the root to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Pos> {
        self.path_to(id)
            .iter()
            .filter_map(|&n| self.nodes[n].mv.map(|m| m.0))
            .collect()
    }

    /// The moves from the root to the current node.
    pub fn current_line(&self) -> Vec<Pos> {
        self.moves_to(self.current)
    }

    /// The last node of the main line.
    pub fn main_line_end(&self) -> NodeId {
        let mut id = ROOT;
        while let Some(&c) = self.nodes[id].children.first() {
            id = c;
        }
        id
    }

    /// The main line's moves, from the root following first children.
    pub fn main_line(&self) -> Vec<Pos> {
        self.moves_to(self.main_line_end())
    }

    /// Whether `id` lies on the main line.
    pub fn is_main_line(&self, id: NodeId) -> bool {
        let path = self.path_to(id);
        !path.is_empty()
            && path
                .windows(2)
                .all(|w| self.nodes[w[0]].children.first() == Some(&w[1]))
    }

    /// Makes the line through `id` the main line: at each branch on its way from the root, its
    /// branch moves first (the others keep their order). False for no such node.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let path = self.path_to(id);
        if path.is_empty() {
            return false;
        }
        for pair in path.windows(2) {
            let children = &mut self.nodes[pair[0]].children;
            if let Some(i) = children.iter().position(|&c| c == pair[1]) {
                let child = children.remove(i);
                children.insert(0, child);
            }
        }
        true
    }

    /// Deletes node `id` and everything after it. The root cannot be deleted (false). When the current
    /// node was in the deleted branch, its parent becomes current. Node ids are renumbered.
    pub fn delete(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.nodes.get(id).and_then(|n| n.parent) else {
            return false;
        };
        let current_gone = self.path_to(self.current).contains(&id);
        self.nodes[parent].children.retain(|&c| c != id);
        if current_gone {
            self.current = parent;
        }
        self.compact();
        true
    }

    /// Drops the nodes no longer reachable from the root and renumbers the rest in depth-first order.
    fn compact(&mut self) {
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![ROOT];
        while let Some(id) = stack.pop() {
            order.push(id);
            stack.extend(self.nodes[id].children.iter().rev());
        }
        let mut new_id = vec![usize::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            new_id[old] = new;
        }
        let mut old_nodes: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        self.nodes = order
            .iter()
            .filter_map(|&old| old_nodes[old].take())
            .map(|mut node| {
                node.parent = node.parent.map(|p| new_id[p]);
                node.children.iter_mut().for_each(|c| *c = new_id[*c]);
                node
            })
            .collect();
        self.current = new_id[self.current];
    }

    /// Sets node `id`'s comment (empty for none); false for no such node.
    pub fn set_comment(&mut self, id: NodeId, comment: impl Into<String>) -> bool {
        self.node_mut(id)
            .map(|n| n.comment = comment.into())
            .is_some()
    }

    /// Sets node `id`'s board marks; false for no such node.
    pub fn set_marks(&mut self, id: NodeId, marks: Marks) -> bool {
        self.node_mut(id).map(|n| n.marks = marks).is_some()
    }

    /// The game at node `id`: the root's set-up stones, then the moves to `id`, replayed under
    /// `variant`'s rules. On an illegal move, its 0-based index in the line and why.
    pub fn game_at(&self, variant: Variant, id: NodeId) -> Result<Game, (usize, PlayError)> {
        Game::from_record(
            variant,
            &self.nodes[ROOT].setup,
            self.first_to_move,
            &self.moves_to(id),
        )
    }
}
