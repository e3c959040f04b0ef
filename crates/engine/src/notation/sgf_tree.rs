//! A whole SGF game tree: the record's header ([`Sgf`], its main line included, read exactly as the
//! single-line reader reads it) and the [`GameTree`] of every variation, with comments `C`, marks
//! `LB`/`TR`/`SQ` and the properties the game does not know, kept verbatim.
//!
//! Writing puts the header first, as [`Sgf`] writes it, then the tree: a record with no variation is
//! written exactly as the single-line writer writes it. A node with no move after the root is folded
//! into the node before it (its comment, marks and properties join that node's).

use std::fmt;
use std::str::FromStr;

use crate::core::{Color, Variant};

use super::sgf::{Sgf, comment_of, parse_point, parse_points, point_name, read_move, write_value};
use super::sgf_scan::{ParseSgfError, Property, RawTree, scan};
use super::tree::{GameTree, Marks, NodeId, ROOT};

/// A record with all its variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfTree {
    /// The header and the main line (`moves`, `move_comments` and `comment` as read; the writer takes
    /// the moves and comments from [`SgfTree::tree`]).
    pub info: Sgf,
    pub tree: GameTree,
}

/// The properties of any node that the tree holds.
const NODE: [&str; 6] = ["B", "W", "C", "LB", "TR", "SQ"];
/// Those of the root: the header's and any node's.
const ROOT_KNOWN: [&str; 21] = [
    "FF", "GM", "CA", "SZ", "RU", "PB", "PW", "RE", "DT", "AP", "TM", "OT", "AB", "AW", "PL", "B",
    "W", "C", "LB", "TR", "SQ",
];

impl SgfTree {
    /// The tree of a single-line record: its moves as the main line, its comments on their nodes.
    pub fn from_sgf(info: Sgf) -> SgfTree {
        let mut tree = GameTree::from_line(info.setup.clone(), info.first_to_move(), &info.moves);
        let line = tree.path_to(tree.main_line_end());
        tree.set_comment(ROOT, info.comment.clone().unwrap_or_default());
        for (&id, comment) in line.iter().skip(1).zip(&info.move_comments) {
            tree.set_comment(id, comment.clone());
        }
        SgfTree { info, tree }
    }

    /// The record of the main line alone, its comments included (what the game's record holds).
    pub fn main_line(&self) -> Sgf {
        let line = self.tree.path_to(self.tree.main_line_end());
        let comment = |id: NodeId| self.tree.node(id).map(|n| n.comment.clone());
        let mut move_comments: Vec<String> =
            line.iter().skip(1).filter_map(|&id| comment(id)).collect();
        while move_comments.last().is_some_and(String::is_empty) {
            move_comments.pop();
        }
        let moves = self.tree.main_line();
        // The times read belong to the line read: a line promoted since has none.
        let time_left = if moves == self.info.moves {
            self.info.time_left.clone()
        } else {
            Vec::new()
        };
        Sgf {
            moves,
            move_comments,
            time_left,
            comment: comment(ROOT).filter(|c| !c.is_empty()),
            ..self.info.clone()
        }
    }
}

/// Reads a node's comment, marks and unknown properties into tree node `id` (added to what it holds).
fn read_extras(
    tree: &mut GameTree,
    id: NodeId,
    node: &[Property],
    known: &[&str],
    variant: Variant,
) -> Result<(), ParseSgfError> {
    let mut marks = Marks::default();
    for p in node {
        match p.ident.as_str() {
            "LB" => {
                for (value, at) in &p.values {
                    let Some((point, text)) = value.split_once(':') else {
                        return Err(
                            at.error(format!("LB[{value}] is not a point and a label (hh:text)"))
                        );
                    };
                    let pos = parse_point(point, variant).map_err(|e| at.error(e))?;
                    marks.labels.push((pos, text.to_owned()));
                }
            }
            "TR" | "SQ" => {
                let list = if p.ident == "TR" {
                    &mut marks.triangles
                } else {
                    &mut marks.squares
                };
                for (value, at) in &p.values {
                    list.extend(parse_points(value, *at, variant)?);
                }
            }
            _ => {}
        }
    }
    let Some(target) = tree.node_mut(id) else {
        return Ok(());
    };
    if let Some(comment) = comment_of(node) {
        if !target.comment.is_empty() {
            target.comment.push('\n');
        }
        target.comment.push_str(&comment);
    }
    target.marks.labels.extend(marks.labels);
    target.marks.triangles.extend(marks.triangles);
    target.marks.squares.extend(marks.squares);
    let unknown = node
        .iter()
        // An identifier of only lower-case letters (FF[3] style) reads as empty: it cannot be written.
        .filter(|p| !p.ident.is_empty() && !known.contains(&p.ident.as_str()))
        .map(|p| {
            (
                p.ident.clone(),
                p.values.iter().map(|v| v.0.clone()).collect(),
            )
        });
    target.unknown.extend(unknown);
    Ok(())
}

/// The set-up and removal properties a node after the root may not hold (as the line reader says).
fn refuse_setup(node: &[Property]) -> Result<(), ParseSgfError> {
    if let Some(p) = node.iter().find(|p| p.ident == "AE") {
        return Err(p
            .at
            .error("AE (removing stones) is not supported in a gomoku record"));
    }
    if let Some(p) = node
        .iter()
        .find(|p| matches!(p.ident.as_str(), "AB" | "AW"))
    {
        return Err(p.at.error(format!(
            "setup stones ({}) after the first node are not supported: set the position up in the root node",
            p.ident
        )));
    }
    Ok(())
}

/// Adds `raw`'s nodes (from its `skip`-th) and its variations after tree node `parent`, whose move is
/// number `number - 1` of its line.
fn read_line(
    tree: &mut GameTree,
    raw: &RawTree,
    skip: usize,
    mut parent: NodeId,
    mut number: usize,
    variant: Variant,
) -> Result<(), ParseSgfError> {
    for node in raw.nodes.iter().skip(skip) {
        refuse_setup(node)?;
        let expected = tree.to_move(parent);
        if let Some(pos) = read_move(node, number, expected, variant)? {
            parent = tree.push_child(parent, pos, expected);
            number += 1;
        }
        // A node with no move right after the root joins the root, where the header is known.
        let known: &[&str] = if parent == ROOT { &ROOT_KNOWN } else { &NODE };
        read_extras(tree, parent, node, known, variant)?;
    }
    for child in &raw.children {
        read_line(tree, child, 0, parent, number, variant)?;
    }
    Ok(())
}

impl FromStr for SgfTree {
    type Err = ParseSgfError;

    /// Reads the first game of an SGF collection with all its variations. The main line is checked
    /// first, exactly as [`Sgf`]'s reader checks it (the same errors), then every variation.
    fn from_str(text: &str) -> Result<SgfTree, ParseSgfError> {
        let raw = scan(text)?;
        let info = Sgf::from_nodes(&raw.main_line())?;
        let variant = info.variant;
        let mut tree = GameTree::new(info.setup.clone(), info.first_to_move());
        if let Some(root) = raw.nodes.first() {
            read_extras(&mut tree, ROOT, root, &ROOT_KNOWN, variant)?;
        }
        // A move in the root node (some programs put the first move there) is the first move.
        let first = tree.first_to_move();
        let (parent, number) = match raw.nodes.first() {
            Some(root) => match read_move(root, 1, first, variant)? {
                Some(pos) => (tree.push_child(ROOT, pos, first), 2),
                None => (ROOT, 1),
            },
            None => (ROOT, 1),
        };
        read_line(&mut tree, &raw, 1, parent, number, variant)?;
        tree.start();
        Ok(SgfTree { info, tree })
    }
}

/// Writes node `id`'s own properties (after its `;`).
fn write_node(f: &mut fmt::Formatter<'_>, tree: &GameTree, id: NodeId) -> fmt::Result {
    let Some(node) = tree.node(id) else {
        return Ok(());
    };
    if let Some((pos, color)) = node.mv {
        let who = if color == Color::Black { "B" } else { "W" };
        write!(f, "{who}[{}]", point_name(pos))?;
    }
    if id != ROOT && !node.comment.is_empty() {
        write_value(f, "C", &node.comment)?;
    }
    write_marks(f, &node.marks)?;
    for (ident, values) in &node.unknown {
        f.write_str(ident)?;
        for value in values {
            write_value(f, "", value)?;
        }
    }
    Ok(())
}

fn write_marks(f: &mut fmt::Formatter<'_>, marks: &Marks) -> fmt::Result {
    if !marks.labels.is_empty() {
        f.write_str("LB")?;
        for (pos, text) in &marks.labels {
            write_value(f, "", &format!("{}:{text}", point_name(*pos)))?;
        }
    }
    for (ident, points) in [("TR", &marks.triangles), ("SQ", &marks.squares)] {
        if !points.is_empty() {
            f.write_str(ident)?;
            for pos in points {
                write!(f, "[{}]", point_name(*pos))?;
            }
        }
    }
    Ok(())
}

/// Writes what follows node `id`: its main line as a sequence, each branch point's lines in
/// parentheses.
fn write_after(f: &mut fmt::Formatter<'_>, tree: &GameTree, mut id: NodeId) -> fmt::Result {
    loop {
        let children = tree.node(id).map(|n| n.children()).unwrap_or(&[]);
        match children {
            [] => return Ok(()),
            [only] => {
                f.write_str(";")?;
                write_node(f, tree, *only)?;
                id = *only;
            }
            many => {
                for &child in many {
                    f.write_str("(;")?;
                    write_node(f, tree, child)?;
                    write_after(f, tree, child)?;
                    f.write_str(")")?;
                }
                return Ok(());
            }
        }
    }
}

impl fmt::Display for SgfTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let root_comment = self
            .tree
            .node(ROOT)
            .map(|n| n.comment.as_str())
            .filter(|c| !c.is_empty());
        let info = Sgf {
            // The header's PL and setup are the tree's.
            setup: self
                .tree
                .node(ROOT)
                .map(|n| n.setup.clone())
                .unwrap_or_default(),
            ..self.info.clone()
        };
        info.write_root(f, root_comment)?;
        write_node(f, &self.tree, ROOT)?;
        write_after(f, &self.tree, ROOT)?;
        f.write_str(")\n")
    }
}
