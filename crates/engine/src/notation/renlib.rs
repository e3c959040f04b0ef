//! RenLib `.lib` libraries, read-only: the tree of moves and its comments, on renju's 15×15 board.
//!
//! The format, as RenLib's and Figrid's readers describe it: a 20-byte header (`\xFFRenLib\xFF`, then
//! the major and minor version, then `\xFF` padding; very old files have no header and start with
//! the centre move), then the nodes in preorder, two bytes each: the point (`16 * row + column`, row
//! from 0 at the top, column from 1; `0` for none) and flags. A node flagged "down" has a sibling
//! after its own subtree; one flagged "right" ends a line, and the next node continues after the
//! last "down" node's parent. An "extension" flag adds two bytes of further flags (board text).
//! A comment or a board text follows its node as bytes in pairs, ended by a zero byte; a comment's
//! first line is ended by `\x08`. A node flagged "no move" is not a stone but a board text's place.
//!
//! Read into a [`GameTree`]: comments on their nodes, board texts as labels on the position they are
//! shown in (the parent of their node), the same move twice at a branch merged as RenLib merges it.
//! Text is UTF-8 when it is valid UTF-8, else Windows-1252's Latin-1 range byte for byte.

use std::fmt;

use crate::core::{Color, Pos};

use super::tree::{GameTree, NodeId, ROOT};

const MAGIC: &[u8; 8] = b"\xFFRenLib\xFF";
const HEADER_SIZE: usize = 20;
/// The centre move's point byte: a file that starts with it is an old library with no header.
const CENTRE: u8 = 0x78;

const DOWN: u8 = 0x80;
const RIGHT: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const COMMENT: u8 = 0x08;
const NO_MOVE: u8 = 0x02;
const EXTENSION: u8 = 0x01;
/// In the second extension byte.
const BOARD_TEXT: u8 = 0x01;

/// Why a `.lib` file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRenLibError {
    /// Byte offset in the file.
    offset: usize,
    what: String,
}

impl ParseRenLibError {
    /// Byte offset of the fault in the file.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseRenLibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.what)
    }
}

impl std::error::Error for ParseRenLibError {}

/// The bytes of a library being read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: impl Into<String>) -> ParseRenLibError {
        ParseRenLibError {
            offset: self.at,
            what: what.into(),
        }
    }

    fn pair(&mut self) -> Option<(u8, u8)> {
        let pair = (*self.bytes.get(self.at)?, *self.bytes.get(self.at + 1)?);
        self.at += 2;
        Some(pair)
    }

    /// Text in byte pairs up to a zero byte (or the end of the file).
    fn text(&mut self) -> Vec<u8> {
        let mut text = Vec::new();
        while let Some((a, b)) = self.pair() {
            if a == 0 {
                break;
            }
            text.push(a);
            if b == 0 {
                break;
            }
            text.push(b);
        }
        text
    }

    /// An old-style comment: byte pairs up to a byte with its high bit set (which ends it).
    fn old_text(&mut self) -> Vec<u8> {
        let mut text = Vec::new();
        while let Some((a, b)) = self.pair() {
            text.push(a & 0x7F);
            if a & 0x80 != 0 {
                break;
            }
            text.push(b & 0x7F);
            if b & 0x80 != 0 {
                break;
            }
        }
        text
    }
}

/// Library text as a string: UTF-8 when valid, else each byte as its Latin-1 character; the first
/// line's `\x08` marker and `\r\n` become line breaks.
fn decode(bytes: &[u8]) -> String {
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    text.replace('\u{8}', "\n")
        .replace("\r\n", "\n")
        .trim_matches('\n')
        .to_owned()
}

/// The board point of a node's point byte; `None` for `0`.
fn point(byte: u8) -> Option<Pos> {
    (byte != 0).then(|| Pos::new((byte % 16).wrapping_sub(1), byte / 16))
}

/// Reads a RenLib library into a game tree (black plays first from an empty board).
pub fn read_renlib(bytes: &[u8]) -> Result<GameTree, ParseRenLibError> {
    let mut reader = Reader { bytes, at: 0 };
    if bytes.starts_with(MAGIC) {
        let (major, minor) = (bytes.get(8).copied(), bytes.get(9).copied());
        if bytes.len() < HEADER_SIZE || major != Some(3) {
            return Err(reader.error(format!(
                "RenLib version {}.{} is not one this reader knows (3.x)",
                major.unwrap_or(0),
                minor.unwrap_or(0)
            )));
        }
        reader.at = HEADER_SIZE;
    } else if bytes.first() != Some(&CENTRE) {
        return Err(reader.error("not a RenLib library (no \\xFFRenLib\\xFF header)"));
    }
    let mut tree = GameTree::new(Vec::new(), Color::Black);
    // The nodes from the root to the current one (a board text's place repeats its parent), and the
    // depths of the "down" nodes whose siblings are still to come.
    let mut path: Vec<NodeId> = vec![ROOT];
    let mut pending: Vec<usize> = Vec::new();
    let mut first = true;
    while reader.at < bytes.len() {
        let start = reader.at;
        let (byte, flags) = reader
            .pair()
            .ok_or_else(|| reader.error("the file ends inside a node"))?;
        let extended = if flags & EXTENSION != 0 {
            reader
                .pair()
                .ok_or_else(|| reader.error("the file ends inside a node's extension"))?
                .1
        } else {
            0
        };
        let pos = point(byte);
        if pos.is_some_and(|p| p.x >= 15 || p.y >= 15) {
            reader.at = start;
            return Err(reader.error(format!("point byte {byte:#04x} is off the 15x15 board")));
        }
        let parent = *path.last().unwrap_or(&ROOT);
        let node = match pos {
            None if first => ROOT,
            None if flags & NO_MOVE != 0 => parent,
            None => {
                reader.at = start;
                return Err(reader.error("a pass is not a gomoku move"));
            }
            Some(_) if flags & NO_MOVE != 0 => parent,
            Some(p) => variant(&mut tree, parent, p),
        };
        if !(first && pos.is_none()) {
            path.push(node);
        }
        first = false;
        if flags & (COMMENT | OLD_COMMENT) != 0 {
            let text = if flags & COMMENT != 0 {
                reader.text()
            } else {
                reader.old_text()
            };
            append_comment(&mut tree, node, &decode(&text));
        }
        if extended & BOARD_TEXT != 0 {
            let text = decode(&reader.text());
            if let (Some(p), Some(n)) = (pos, tree.node_mut(parent)) {
                n.marks.labels.push((p, text));
            }
        }
        if flags & DOWN != 0 {
            pending.push(path.len() - 1);
        }
        if flags & RIGHT != 0
            && let Some(depth) = pending.pop()
        {
            path.truncate(depth.max(1));
        }
    }
    Ok(tree)
}

/// The child of `parent` that plays `pos`, made if there is none (RenLib merges a move given twice).
fn variant(tree: &mut GameTree, parent: NodeId, pos: Pos) -> NodeId {
    let existing = tree.node(parent).and_then(|n| {
        n.children()
            .iter()
            .copied()
            .find(|&c| tree.node(c).and_then(|c| c.mv).map(|m| m.0) == Some(pos))
    });
    existing.unwrap_or_else(|| {
        let color = tree.to_move(parent);
        tree.push_child(parent, pos, color)
    })
}

fn append_comment(tree: &mut GameTree, id: NodeId, text: &str) {
    if let Some(node) = tree.node_mut(id)
        && !text.is_empty()
    {
        if !node.comment.is_empty() {
            node.comment.push('\n');
        }
        node.comment.push_str(text);
    }
}
