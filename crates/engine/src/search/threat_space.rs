//! An exact-counting threat-space solver for puzzles: does the attacker win by fours (VCF) or by
//! threes and fours (VCT) within `n` of its own moves, the five included?
//!
//! Unlike the search's own VCF/VCT (tuned for speed inside the game tree), every move is counted,
//! the defender of a three tries every reply that stops it plus every counter-four, and renju's
//! forbidden points are judged by the rules module (`renju::forbidden`), not by the search board's
//! pattern approximation: black never plays a forbidden point, and a five point or block that is
//! forbidden for black is one black cannot use. The search board's incremental threat classes
//! only propose the candidate cells.

use std::collections::HashMap;

use super::eval::Weights;
use super::pattern::{
    C_FIVE, C_FLEX4, C_FORBID, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, LineRule, classify,
};
use super::state::{Cell, SearchBoard};
use crate::board::Board;
use crate::core::{Color, DIRECTIONS, Pos, Rule};
use crate::renju::forbidden;

/// Which threats the attacker may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreatKind {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats: open threes and fours.
    Vct,
}

impl ThreatKind {
    /// The short name used in files (`vcf`, `vct`).
    pub const fn key(self) -> &'static str {
        match self {
            ThreatKind::Vcf => "vcf",
            ThreatKind::Vct => "vct",
        }
    }
}

/// Default node budget of one query.
pub const DEFAULT_THREAT_BUDGET: u64 = 400_000;

/// Table entry: the fewest moves known to win, and the most known not to (0 = none).
#[derive(Clone, Copy, Default)]
struct Known {
    win: u8,
    fail: u8,
}

/// The solver: a search board for the threat classes, the plain board for the exact renju rules.
pub struct ThreatSolver {
    sb: SearchBoard,
    board: Board,
    played: Vec<Pos>,
    renju: bool,
    nodes: u64,
    budget: u64,
    aborted: bool,
    table: HashMap<u64, Known>,
}

/// Key salt per (attacker, kind): the same stones mean different things for each question.
fn salt(att: Color, kind: ThreatKind) -> u64 {
    const S: [u64; 4] = [
        0x243F_6A88_85A3_08D3,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89,
    ];
    S[att.index() * 2 + (kind == ThreatKind::Vct) as usize]
}

impl ThreatSolver {
    /// A solver on a copy of `board`'s stones.
    pub fn new(board: &Board) -> ThreatSolver {
        let variant = board.variant();
        let mut sb = SearchBoard::new(variant, Weights::default());
        let _ = sb.pause_net();
        for (pos, color) in board.stones() {
            sb.play(sb.cell(pos), color);
        }
        ThreatSolver {
            sb,
            board: board.clone(),
            played: Vec::new(),
            renju: variant.rule() == Rule::Renju,
            nodes: 0,
            budget: DEFAULT_THREAT_BUDGET,
            aborted: false,
            table: HashMap::new(),
        }
    }

    /// Nodes one public query may visit before it gives up (`aborted` then says so).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// Whether the last query ran out of nodes: its answer is then not a proof.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Nodes the last query visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The position as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Places a stone (the point must be empty).
    pub fn play(&mut self, pos: Pos, color: Color) {
        self.sb.play(self.sb.cell(pos), color);
        self.board.place(pos, color);
        self.played.push(pos);
    }

    /// Takes back the last stone placed with [`ThreatSolver::play`].
    pub fn undo(&mut self) {
        if let Some(pos) = self.played.pop() {
            self.sb.undo();
            self.board.remove(pos);
        }
    }

    /// Whether `color` may play the empty point `pos` (renju: black's forbidden points, exactly).
    pub fn is_legal(&self, pos: Pos, color: Color) -> bool {
        self.board.is_empty(pos)
            && (!self.renju || color == Color::White || forbidden(&self.board, pos).is_none())
    }

    fn legal_cell(&self, c: Cell, color: Color) -> bool {
        self.is_legal(self.sb.pos(c), color)
    }

    /// The exact threat class of an empty cell: renju black's pattern guesses at forbidden points
    /// are replaced by the rules module's answer.
    fn class_of(&self, color: Color, c: Cell) -> u8 {
        let cl = self.sb.class(color, c);
        if !self.renju || color == Color::White || cl == C_FIVE {
            return cl;
        }
        if !matches!(cl, C_THREE..=C_FLEX4 | C_FORBID) {
            return cl;
        }
        if !self.legal_cell(c, color) {
            C_FORBID
        } else if cl == C_FORBID {
            classify(self.sb.levels(color, c), LineRule::Exact)
        } else {
            cl
        }
    }

    /// Empty cells where `color` may play and makes one of the classes in `classes`.
    fn cells_with(&self, color: Color, classes: &[u8]) -> Vec<Cell> {
        let mut out = Vec::new();
        for c in self.sb.empty_cells() {
            let raw = self.sb.class(color, c);
            if raw < C_THREE {
                continue;
            }
            if classes.contains(&self.class_of(color, c)) {
                out.push(c);
            }
        }
        out
    }

    fn fives(&self, color: Color) -> Vec<Cell> {
        let mut out = Vec::new();
        self.sb.five_cells(color, &mut out);
        out
    }

    /// Points where the attacker, to move, would make a threat the defender cannot meet: an open
    /// four (two five points), or in renju a white four whose only block is forbidden for black.
    fn win2_points(&mut self, att: Color) -> Vec<Cell> {
        let mut out = self.cells_with(att, &[C_FLEX4]);
        if self.renju && att == Color::White {
            for c in self.cells_with(att, &[C_FOUR, C_FOUR_THREE]) {
                let pos = self.sb.pos(c);
                self.play(pos, att);
                let fives = self.fives(att);
                let unblockable = fives.len() == 1 && !self.legal_cell(fives[0], Color::Black);
                self.undo();
                if unblockable {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The attacker's threat moves here: fours, and with VCT threes (the strongest first).
    fn threat_moves(&self, att: Color, kind: ThreatKind, n: u32) -> Vec<Cell> {
        let mut cands = self.cells_with(att, &[C_FLEX4]);
        cands.extend(self.cells_with(att, &[C_FOUR_THREE]));
        cands.extend(self.cells_with(att, &[C_FOUR]));
        if kind == ThreatKind::Vct && n >= 3 {
            cands.extend(self.cells_with(att, &[C_THREE_THREE]));
            cands.extend(self.cells_with(att, &[C_THREE]));
        }
        cands
    }

    /// Whether `att`, to move, wins within `n` of its own moves (the five included).
    fn attack(&mut self, att: Color, kind: ThreatKind, n: u32) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        }
        if self.aborted || n == 0 {
            return false;
        }
        if self.sb.count(att, C_FIVE) > 0 {
            return true;
        }
        let def = att.opponent();
        let def_fives = self.fives(def);
        let cands = match def_fives.len() {
            0 if n >= 2 => self.threat_moves(att, kind, n),
            0 => return false,
            1 if self.legal_cell(def_fives[0], att) => def_fives,
            _ => return false,
        };
        let key = self.sb.hash() ^ salt(att, kind);
        let known = self.table.get(&key).copied().unwrap_or_default();
        if known.win != 0 && u32::from(known.win) <= n {
            return true;
        }
        if u32::from(known.fail) >= n {
            return false;
        }
        let mut won = false;
        for c in cands {
            let pos = self.sb.pos(c);
            self.play(pos, att);
            won = self.defend(att, kind, n - 1);
            self.undo();
            if won || self.aborted {
                break;
            }
        }
        if !self.aborted {
            let e = self.table.entry(key).or_default();
            if won && (e.win == 0 || u32::from(e.win) > n) {
                e.win = n as u8;
            } else if !won && u32::from(e.fail) < n {
                e.fail = n as u8;
            }
        }
        won
    }

    /// The defender to move after the attacker's move; the attacker has `n` moves left.
    fn defend(&mut self, att: Color, kind: ThreatKind, n: u32) -> bool {
        match self.replies(att, kind, n) {
            Replies::Won => true,
            Replies::Lost => false,
            Replies::Must(list) => {
                for d in list {
                    let pos = self.sb.pos(d);
                    self.play(pos, att.opponent());
                    let r = self.attack(att, kind, n);
                    self.undo();
                    if !r {
                        return false;
                    }
                }
                !self.aborted
            }
        }
    }

    /// What the defender, to move after the attacker's move, has to try.
    fn replies(&mut self, att: Color, kind: ThreatKind, n: u32) -> Replies {
        let def = att.opponent();
        if self.sb.count(def, C_FIVE) > 0 || n == 0 {
            return Replies::Lost;
        }
        let fives = self.fives(att);
        match fives.len() {
            0 => {}
            1 if self.legal_cell(fives[0], def) => return Replies::Must(fives),
            _ => return Replies::Won,
        }
        if kind == ThreatKind::Vcf || n < 2 {
            return Replies::Lost;
        }
        let threats = self.win2_points(att);
        if threats.is_empty() {
            return Replies::Lost;
        }
        Replies::Must(self.defences(att, &threats))
    }

    /// Every defender move that leaves the attacker no unstoppable point, and every counter-four.
    /// Any other move loses at once to the open four, so these are all the defender has.
    fn defences(&mut self, att: Color, threats: &[Cell]) -> Vec<Cell> {
        let def = att.opponent();
        let mut out = self.cells_with(def, &[C_FLEX4, C_FOUR_THREE, C_FOUR]);
        let size = self.board.size();
        let mut near: Vec<Cell> = Vec::new();
        for &t in threats {
            let p = self.sb.pos(t);
            near.push(t);
            for (dx, dy) in DIRECTIONS {
                for step in -5..=5 {
                    if let Some(q) = p.offset(dx, dy, step, size) {
                        let c = self.sb.cell(q);
                        if step != 0 && self.board.is_empty(q) && !near.contains(&c) {
                            near.push(c);
                        }
                    }
                }
            }
        }
        for c in near {
            if out.contains(&c) || !self.legal_cell(c, def) {
                continue;
            }
            let pos = self.sb.pos(c);
            self.play(pos, def);
            let stops = self.win2_points(att).is_empty();
            self.undo();
            if stops {
                out.push(c);
            }
        }
        out
    }

    fn start(&mut self) {
        self.nodes = 0;
        self.aborted = false;
    }

    /// The fewest moves (five included, at most `max`) in which `att`, to move, wins by `kind`;
    /// `None` when it does not (or the budget ran out: see [`ThreatSolver::aborted`]).
    pub fn win_length(&mut self, att: Color, kind: ThreatKind, max: u32) -> Option<u32> {
        self.start();
        (1..=max).find(|&n| self.attack(att, kind, n) && !self.aborted)
    }

    /// Whether `att`, to move, wins by `kind` within `n` moves.
    pub fn wins_within(&mut self, att: Color, kind: ThreatKind, n: u32) -> bool {
        self.start();
        self.attack(att, kind, n) && !self.aborted
    }

    /// Whether `att`, to move, wins by `kind` within `n` moves starting with `first` (a threat:
    /// a quiet first move never wins here, the defender answering it freely).
    pub fn wins_with(&mut self, att: Color, first: Pos, kind: ThreatKind, n: u32) -> bool {
        self.start();
        if !self.is_legal(first, att) || n == 0 {
            return false;
        }
        self.play(first, att);
        let won = if self.board.is_win_at(first) {
            true
        } else {
            self.defend(att, kind, n - 1)
        };
        self.undo();
        won && !self.aborted
    }

    /// The defender's replies worth trying after the attacker's last move, with `n` attacker moves
    /// left: the forced block, or the defences of a three; empty when the attacker has already won
    /// or the move was no threat.
    pub fn threat_replies(&mut self, att: Color, kind: ThreatKind, n: u32) -> Vec<Pos> {
        match self.replies(att, kind, n) {
            Replies::Must(list) => list.into_iter().map(|c| self.sb.pos(c)).collect(),
            _ => Vec::new(),
        }
    }

    /// Where `color` would make five now.
    pub fn five_points(&self, color: Color) -> Vec<Pos> {
        self.fives(color)
            .into_iter()
            .map(|c| self.sb.pos(c))
            .collect()
    }

    /// The points where `color` makes a four, an open four or better (legal moves only).
    pub fn four_points(&self, color: Color) -> Vec<Pos> {
        let cells = self.cells_with(color, &[C_FLEX4, C_FOUR_THREE, C_FOUR]);
        cells.into_iter().map(|c| self.sb.pos(c)).collect()
    }

    /// The points where `color` makes an open three or better (legal moves only).
    pub fn threat_points(&self, color: Color) -> Vec<Pos> {
        let all = [C_FLEX4, C_FOUR_THREE, C_FOUR, C_THREE_THREE, C_THREE];
        let cells = self.cells_with(color, &all);
        cells.into_iter().map(|c| self.sb.pos(c)).collect()
    }

    /// Empty points within two steps of a stone.
    pub fn near_points(&self) -> Vec<Pos> {
        let cells = self.sb.empty_cells().filter(|&c| self.sb.near(c));
        cells.map(|c| self.sb.pos(c)).collect()
    }
}

enum Replies {
    /// The attacker has won whatever the defender does.
    Won,
    /// The attacker's move threatened nothing the attack can use (or the defender makes five).
    Lost,
    /// The defender's moves that must all lose for the attack to win.
    Must(Vec<Cell>),
}
