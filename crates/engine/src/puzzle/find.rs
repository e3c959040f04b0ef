//! Finding and checking puzzles: a position is one when the side to move wins by VCF or VCT in a
//! least number of moves `n` (at least 3: a move to an open four is no puzzle) and exactly one
//! first move wins within `n`.
//!
//! Uniqueness, for every other legal move `m` of the attacker:
//! - a threat (an open three or a four): `m` must not win by the puzzle's kind within `n`, nor by
//!   VCT within `n`, nor by VCF at any length up to `max_vcf`;
//! - a quiet move within two steps of a stone: with the defender passing, the attacker must not win
//!   by VCT within `n - 1` more moves; if it does, one of the defender's replies must stop that
//!   (the solution's point, the defender's fours, the attacker's threat points), or the position
//!   is refused. A quiet move further away cannot help a win within `n`.
//!
//! Every search runs under a node budget; a search that runs out refuses the position.

use super::Puzzle;
use crate::board::{Board, zobrist_key};
use crate::core::{Color, Pos};
use crate::search::{ThreatKind, ThreatSolver};

/// How far the searches look.
#[derive(Clone, Copy, Debug)]
pub struct FindLimits {
    /// Longest VCF looked for (attacker moves, five included).
    pub max_vcf: u32,
    /// Longest VCT looked for.
    pub max_vct: u32,
    /// Nodes each single search may visit.
    pub budget: u64,
    /// Defender replies tried against a quiet alternative before the position is refused.
    pub quiet_tries: usize,
}

impl Default for FindLimits {
    fn default() -> FindLimits {
        FindLimits {
            max_vcf: 12,
            max_vct: 6,
            budget: 100_000,
            quiet_tries: 12,
        }
    }
}

/// A puzzle found in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub kind: ThreatKind,
    pub length: u32,
    pub solution: Pos,
    /// The attacker's other moves of the puzzle's kind (fours, or fours and threes): the wrong
    /// answers that look right.
    pub decoys: usize,
}

/// Why a position is no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// A five is on the board already for one side or the other.
    Trivial,
    /// No win of either kind within the limits.
    NoWin,
    /// A win in two moves or fewer.
    TooShort,
    /// A search ran out of nodes.
    Aborted,
    /// Another first move (this one) wins too, or could not be shown not to.
    NotUnique(Pos),
}

fn checked<T>(s: &ThreatSolver, value: T) -> Result<T, Rejected> {
    if s.aborted() {
        Err(Rejected::Aborted)
    } else {
        Ok(value)
    }
}

/// The puzzle in `board` with `att` to move, if it is one.
pub fn find_puzzle(board: &Board, att: Color, lim: &FindLimits) -> Result<Found, Rejected> {
    let mut s = ThreatSolver::new(board);
    s.set_budget(lim.budget);
    let def = att.opponent();
    if !s.five_points(att).is_empty() || !s.five_points(def).is_empty() {
        return Err(Rejected::Trivial);
    }
    let vcf = s.win_length(att, ThreatKind::Vcf, lim.max_vcf);
    let vcf = checked(&s, vcf)?;
    let vct_max = vcf.map_or(lim.max_vct, |n| lim.max_vct.min(n - 1));
    let vct = if vct_max >= 3 {
        let n = s.win_length(att, ThreatKind::Vct, vct_max);
        checked(&s, n)?
    } else {
        None
    };
    let (kind, length) = match (vct, vcf) {
        (Some(n), _) => (ThreatKind::Vct, n),
        (None, Some(n)) => (ThreatKind::Vcf, n),
        (None, None) => return Err(Rejected::NoWin),
    };
    if length < 3 {
        return Err(Rejected::TooShort);
    }
    let (solution, decoys) = unique_first_move(&mut s, att, kind, length, lim)?;
    Ok(Found {
        kind,
        length,
        solution,
        decoys,
    })
}

/// The one winning first move, and how many decoys it has; refuses the position if another wins.
fn unique_first_move(
    s: &mut ThreatSolver,
    att: Color,
    kind: ThreatKind,
    n: u32,
    lim: &FindLimits,
) -> Result<(Pos, usize), Rejected> {
    let threats = s.threat_points(att);
    let mut solution = None;
    for &m in &threats {
        let wins = s.wins_with(att, m, kind, n);
        if checked(s, wins)? {
            if let Some(first) = solution {
                return Err(Rejected::NotUnique(first));
            }
            solution = Some(m);
            continue;
        }
        let by_vct = kind == ThreatKind::Vcf && s.wins_with(att, m, ThreatKind::Vct, n);
        let by_vcf = by_vct || s.wins_with(att, m, ThreatKind::Vcf, lim.max_vcf);
        if checked(s, by_vcf)? {
            return Err(Rejected::NotUnique(m));
        }
    }
    let Some(solution) = solution else {
        return Err(Rejected::NoWin);
    };
    for m in s.near_points() {
        if threats.contains(&m) || !s.is_legal(m, att) {
            continue;
        }
        if quiet_move_wins(s, att, m, n, solution, lim)? {
            return Err(Rejected::NotUnique(m));
        }
    }
    let decoys = match kind {
        ThreatKind::Vcf => s.four_points(att).len(),
        ThreatKind::Vct => threats.len(),
    };
    Ok((solution, decoys.saturating_sub(1)))
}

/// Whether the quiet move `m` might win within `n`: the attacker wins by VCT in `n - 1` more
/// moves even if the defender passes, and none of the defender's likely replies stops it.
fn quiet_move_wins(
    s: &mut ThreatSolver,
    att: Color,
    m: Pos,
    n: u32,
    solution: Pos,
    lim: &FindLimits,
) -> Result<bool, Rejected> {
    let def = att.opponent();
    s.play(m, att);
    let threat = s.wins_within(att, ThreatKind::Vct, n - 1);
    if s.aborted() || !threat {
        s.undo();
        return checked(s, false);
    }
    let mut replies = vec![solution];
    replies.extend(s.four_points(def));
    replies.extend(s.threat_points(att));
    let mut tried = 0;
    let mut refuted = false;
    for d in replies {
        if tried >= lim.quiet_tries {
            break;
        }
        if !s.is_legal(d, def) {
            continue;
        }
        tried += 1;
        s.play(d, def);
        let wins = s.wins_within(att, ThreatKind::Vct, n - 1);
        let aborted = s.aborted();
        s.undo();
        if !wins && !aborted {
            refuted = true;
            break;
        }
    }
    s.undo();
    Ok(!refuted)
}

/// 1 (easy) to 5 (hard), from the kind, the length and the decoys: a VCT is harder than a VCF of
/// the same length, and many plausible wrong moves make the right one harder to see.
pub fn difficulty(kind: ThreatKind, length: u32, decoys: usize) -> u8 {
    let base = match kind {
        ThreatKind::Vcf => (length.saturating_sub(1) / 2).max(1),
        ThreatKind::Vct => length.saturating_sub(1),
    };
    let extra = u32::from(decoys >= 8);
    (base + extra).clamp(1, 5) as u8
}

/// One of the board's eight symmetries: (last index, x, y) to the new (x, y).
type Symmetry = fn(u8, u8, u8) -> (u8, u8);

/// The position's key, the same for its eight rotations and reflections, and different for the
/// side to move and the rule: what the generator dedupes by.
pub fn canonical_key(board: &Board, att: Color) -> u64 {
    let n = board.size() - 1;
    let maps: [Symmetry; 8] = [
        |_, x, y| (x, y),
        |n, x, y| (n - x, y),
        |n, x, y| (x, n - y),
        |n, x, y| (n - x, n - y),
        |_, x, y| (y, x),
        |n, x, y| (n - y, x),
        |n, x, y| (y, n - x),
        |n, x, y| (n - y, n - x),
    ];
    let salt = (att.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (board.variant().rule() as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let keys = maps.iter().map(|f| {
        board.stones().fold(salt, |h, (p, c)| {
            let (x, y) = f(n, p.x, p.y);
            h ^ zobrist_key(Pos::new(x, y), c)
        })
    });
    keys.min().unwrap_or(salt)
}

/// Checks a puzzle again from scratch: the same kind, length and only winning first move, and the
/// difficulty its numbers give. The error says what differs.
pub fn verify_puzzle(p: &Puzzle, lim: &FindLimits) -> Result<(), String> {
    let board = p.board();
    let found = find_puzzle(&board, p.to_move, lim).map_err(|r| format!("{p}: {r:?}"))?;
    let expected = (p.kind, p.length, p.solution);
    if (found.kind, found.length, found.solution) != expected {
        return Err(format!("{p}: the solver finds {found:?}"));
    }
    let d = difficulty(found.kind, found.length, found.decoys);
    if d != p.difficulty {
        return Err(format!("{p}: difficulty {d} expected"));
    }
    Ok(())
}
