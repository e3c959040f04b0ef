//! The SGF scanner: text to a raw game tree of nodes and properties, with where each starts, for the
//! record reader ([`super::sgf`]) and the tree reader ([`super::sgf_tree`]).

use std::fmt;

/// Why an SGF text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSgfError {
    pub(super) line: usize,
    pub(super) column: usize,
    /// 1-based move number when the error is about a move.
    pub(super) move_number: Option<usize>,
    pub(super) what: String,
}

impl ParseSgfError {
    /// 1-based line of the error.
    pub fn line(&self) -> usize {
        self.line
    }

    /// 1-based column (in characters) of the error.
    pub fn column(&self) -> usize {
        self.column
    }
}

impl fmt::Display for ParseSgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.move_number {
            write!(
                f,
                "move {n} (line {}, column {}): {}",
                self.line, self.column, self.what
            )
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.what
            )
        }
    }
}

impl std::error::Error for ParseSgfError {}

/// Where a token starts in the text.
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    pub line: usize,
    pub column: usize,
}

impl At {
    pub fn error(self, what: impl Into<String>) -> ParseSgfError {
        ParseSgfError {
            line: self.line,
            column: self.column,
            move_number: None,
            what: what.into(),
        }
    }
}

/// A game tree as written: a sequence of nodes, then its variations (the first is the main line).
#[derive(Default)]
pub(super) struct RawTree {
    pub nodes: Vec<Vec<Property>>,
    pub children: Vec<RawTree>,
}

impl RawTree {
    /// The nodes of the main line: this sequence, then the first variation's, and so on.
    pub fn main_line(&self) -> Vec<&Vec<Property>> {
        let mut nodes = Vec::new();
        let mut tree = Some(self);
        while let Some(t) = tree {
            nodes.extend(&t.nodes);
            tree = t.children.first();
        }
        nodes
    }
}

/// Reads the first game of an SGF collection. Text before the first `(` is ignored.
pub(super) fn scan(text: &str) -> Result<RawTree, ParseSgfError> {
    let mut sc = Scanner::new(text);
    while sc.peek().is_some_and(|c| c != '(') {
        sc.bump();
    }
    if sc.peek().is_none() {
        return Err(sc.at().error("no game record: expected '(' to start one"));
    }
    sc.tree(0)
}

/// One property of a node: identifier and values, with where each value starts.
pub(super) struct Property {
    pub ident: String,
    pub at: At,
    pub values: Vec<(String, At)>,
}

/// Variations nested deeper than this are refused rather than risking the stack on hostile input.
const MAX_DEPTH: usize = 200;

struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn at(&self) -> At {
        At {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// `( ; node ; node ... (child) (child) )`.
    fn tree(&mut self, depth: usize) -> Result<RawTree, ParseSgfError> {
        let open = self.at();
        if depth > MAX_DEPTH {
            return Err(open.error(format!("variations nested more than {MAX_DEPTH} deep")));
        }
        self.bump(); // '('
        self.skip_ws();
        if self.peek() != Some(';') {
            return Err(self.at().error("expected ';' to start a node after '('"));
        }
        let mut tree = RawTree::default();
        while self.peek() == Some(';') {
            self.bump();
            tree.nodes.push(self.node()?);
            self.skip_ws();
        }
        while self.peek() == Some('(') {
            tree.children.push(self.tree(depth + 1)?);
            self.skip_ws();
        }
        let at = self.at();
        match self.bump() {
            Some(')') => Ok(tree),
            Some(c) => Err(at.error(format!(
                "unexpected {c:?} in a game tree (expected ';', '(' or ')')"
            ))),
            None => Err(open.error("this '(' is never closed")),
        }
    }

    fn node(&mut self) -> Result<Vec<Property>, ParseSgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => props.push(self.property()?),
                _ => return Ok(props),
            }
        }
    }

    fn property(&mut self) -> Result<Property, ParseSgfError> {
        let at = self.at();
        let mut ident = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            self.bump();
            // FF[3] allowed lowercase letters inside identifiers (`GaMe`): only the capitals count.
            if c.is_ascii_uppercase() {
                ident.push(c);
            }
        }
        self.skip_ws();
        let mut values = Vec::new();
        while self.peek() == Some('[') {
            values.push(self.value()?);
            self.skip_ws();
        }
        if values.is_empty() {
            return Err(at.error(format!("property {ident} has no [value]")));
        }
        Ok(Property { ident, at, values })
    }

    fn value(&mut self) -> Result<(String, At), ParseSgfError> {
        let open = self.at();
        self.bump(); // '['
        let start = self.at();
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(open.error("this '[' value is never closed with ']'")),
                Some(']') => return Ok((text, start)),
                Some('\\') => match self.bump() {
                    None => return Err(open.error("this '[' value is never closed with ']'")),
                    // An escaped line break is a soft break: it disappears.
                    Some('\n') => {}
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => text.push(c),
                },
                Some(c) => text.push(c),
            }
        }
    }
}
