//! VCF, victory by continuous fours: the attacker plays only fours, so the defender's only answer is
//! the block; a chain of fours that ends in a five (or an open four, or a block the defender may not
//! play in renju) is a forced win. Cheap enough to run at the leaves of the main search.

use super::pattern::{C_FIVE, C_FLEX4, C_FOUR, C_FOUR_THREE};
use super::pvs::{MAX_PLY, Searcher};
use super::state::Cell;
use crate::core::Color;

/// Key salt so that VCF entries for the two attackers differ.
const ATTACKER_KEY: [u64; 2] = [0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B];

impl Searcher<'_> {
    /// Whether `att`, to move, wins by continuous fours within `depth` of its own moves. When `line` is
    /// set, the winning line (attacker and defender moves, attacker first) is left in `self.vcf_line`
    /// and the number of attacker moves up to the five in `self.vcf_len`, which is then at most
    /// `depth + 1`.
    pub fn vcf(&mut self, att: Color, depth: i32, line: bool) -> bool {
        if line {
            self.vcf_line.clear();
        }
        let net = self.b.pause_net();
        let won = self.vcf_node(att, depth, 0, line, None);
        self.b.resume_net(net);
        if won && line {
            self.vcf_line.reverse();
        }
        won
    }

    /// A cheaper VCF for the leaves of the main search: after the first four, the attacker only
    /// tries fours on the lines through its last four's stone. A four elsewhere did not need that
    /// stone, so it could mostly have come earlier in the chain; the few wins only such a reordering
    /// misses are left to the full VCF at the root. For the same reason a four whose stone makes
    /// no three on another line is a dead end here (`SearchBoard::four_leads_on`), tried only
    /// where its block may be forbidden (strength log, change 72).
    /// `first_near`: when not 0, the first four too must be on the lines through that cell.
    pub fn leaf_vcf(&mut self, att: Color, depth: i32, first_near: Cell) -> bool {
        let net = self.b.pause_net();
        let won = self.vcf_node(att, depth, 0, false, Some(first_near));
        self.b.resume_net(net);
        won
    }

    // Indexing, not iterating: the loop body needs `&mut self` while the list is held.
    #[allow(clippy::needless_range_loop)]
    /// `near`: `None` for the full search; `Some(last)` for `leaf_vcf`, with the attacker's last
    /// four's cell (0 before the first four).
    fn vcf_node(
        &mut self,
        att: Color,
        depth: i32,
        vply: usize,
        line: bool,
        near: Option<Cell>,
    ) -> bool {
        self.nodes += 1;
        if self.check_abort() {
            return false;
        }
        let def = att.opponent();
        let thin = near.is_some() && self.config.selectivity.vcf_thin;
        let mut cands = std::mem::take(&mut self.plies[vply].vcf);
        cands.clear();
        if self.b.count(att, C_FIVE) > 0 {
            if line {
                self.b.five_cells(att, &mut cands);
                if let Some(&c) = cands.first() {
                    self.vcf_line.push(c);
                }
                self.vcf_len = 1;
            }
            self.plies[vply].vcf = cands;
            return true;
        }
        if self.b.count(def, C_FIVE) > 0 {
            self.b.five_cells(def, &mut cands);
            let ok = cands.len() == 1 && {
                let f = cands[0];
                let cl = self.b.class(att, f);
                cl == C_FOUR || cl == C_FOUR_THREE || cl == C_FLEX4
            };
            if !ok {
                self.plies[vply].vcf = cands;
                return false;
            }
        } else {
            // With `line`, an open four needs one move of depth left, so that a line found at depth
            // d has at most d + 1 attacker moves and deepening one by one finds the shortest.
            if self.b.count(att, C_FLEX4) > 0 && (depth > 0 || !line) {
                if line {
                    self.b.find_all(att, C_FLEX4, &mut cands);
                    if let Some(&c) = cands.first() {
                        self.vcf_line.push(c);
                    }
                    self.vcf_len = 2;
                }
                self.plies[vply].vcf = cands;
                return true;
            }
            match near {
                Some(last) if last != 0 => {
                    self.b.find_on_lines(last, att, C_FOUR_THREE, &mut cands);
                    self.b.find_on_lines(last, att, C_FOUR, &mut cands);
                }
                _ => {
                    self.b.find_all(att, C_FOUR_THREE, &mut cands);
                    self.b.find_all(att, C_FOUR, &mut cands);
                }
            }
            if thin && !self.b.has_forbidden(def) {
                // A dead end can only win by a forbidden block, which this defender never has.
                let b = &self.b;
                cands.retain(|&c| b.four_leads_on(att, c));
            }
        }
        if depth <= 0 || cands.is_empty() || vply + 2 >= MAX_PLY {
            self.plies[vply].vcf = cands;
            return false;
        }
        // A restricted search's failure depends on its last cell and proves nothing for the full one.
        let key = match near {
            None => self.b.hash() ^ ATTACKER_KEY[att.index()],
            Some(last) => {
                self.b.hash()
                    ^ ATTACKER_KEY[att.index()].rotate_left(17)
                    ^ (u64::from(last) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            }
        };
        if self.vcf_tt.failed(key, depth) {
            self.plies[vply].vcf = cands;
            return false;
        }
        let mut fives: Vec<Cell> = Vec::new();
        let mut won = false;
        for i in 0..cands.len() {
            let c = cands[i];
            // Judged before the stone is down: a played cell has no levels. Not redundant with
            // the filter above: it also stops after a forced block of the defender's four that is
            // a dead-end four of the attacker's, and after a dead end kept for a forbidden block.
            let dead_end = thin && !self.b.four_leads_on(att, c);
            self.b.play(c, att);
            // The attacker had no five point before this four, so every one now is on its lines;
            // the count says how many without looking, and only a single one must be found.
            let count = self.b.count(att, C_FIVE);
            fives.clear();
            if line {
                self.b.find_on_lines(c, att, C_FIVE, &mut fives);
            } else if count == 1 {
                fives.extend(self.b.first_on_lines(c, att, C_FIVE));
            }
            let result = match (count, fives.first()) {
                (0, _) | (1, None) => false,
                (1, Some(&d)) => {
                    if self.b.has_forbidden(def) && self.b.is_forbidden(def, d) {
                        if line {
                            self.vcf_line.push(d);
                            self.vcf_len = 1;
                        }
                        true
                    } else if dead_end {
                        false
                    } else {
                        self.b.play(d, def);
                        let r = self.vcf_node(att, depth - 1, vply + 1, line, near.map(|_| c));
                        self.b.undo();
                        if r && line {
                            self.vcf_line.push(d);
                        }
                        r
                    }
                }
                _ => {
                    if line {
                        self.vcf_line.extend(fives.iter().take(2));
                        self.vcf_len = 1;
                    }
                    true
                }
            };
            self.b.undo();
            if result {
                if line {
                    self.vcf_line.push(c);
                    self.vcf_len += 1;
                }
                won = true;
                break;
            }
            if self.aborted {
                break;
            }
        }
        if !won && !self.aborted {
            // A failure with `line` (open fours cost a move) proves a failure without it one depth less.
            self.vcf_tt.store_fail(key, depth - i32::from(line));
        }
        self.plies[vply].vcf = cands;
        won
    }
}

impl Searcher<'_> {
    /// VCT, victory by continuous threats: like VCF, but the attacker may also make open threes; the
    /// defender then tries every block and counter-four, and the attack must win against all of them.
    /// Much costlier than VCF, so it runs at the root only, under a node budget.
    #[allow(clippy::needless_range_loop)]
    pub fn vct(&mut self, att: Color, depth: i32, ply: usize) -> bool {
        self.nodes += 1;
        if self.check_abort() || ply + 4 >= MAX_PLY {
            return false;
        }
        let def = att.opponent();
        if self.b.count(att, C_FIVE) > 0 {
            return true;
        }
        let mut cells = std::mem::take(&mut self.plies[ply].vcf);
        cells.clear();
        if self.b.count(def, C_FIVE) > 0 {
            // The defender's counter-four: block it, then the attack goes on.
            self.b.five_cells(def, &mut cells);
            let won = cells.len() == 1
                && !(self.b.has_forbidden(att) && self.b.is_forbidden(att, cells[0]))
                && {
                    let f = cells[0];
                    self.b.play(f, att);
                    let r = self.vct_defend(att, depth, ply + 1, Some(f));
                    self.b.undo();
                    r
                };
            self.plies[ply].vcf = cells;
            return won;
        }
        if self.b.count(att, C_FLEX4) > 0 {
            self.plies[ply].vcf = cells;
            return true;
        }
        if depth <= 0 {
            self.plies[ply].vcf = cells;
            return self.vcf(att, 8, false);
        }
        self.b.find_all(att, C_FOUR_THREE, &mut cells);
        self.b.find_all(att, pattern_c::C_THREE_THREE, &mut cells);
        self.b.find_all(att, C_FOUR, &mut cells);
        self.b.find_all(att, pattern_c::C_THREE, &mut cells);
        let mut won = false;
        for i in 0..cells.len() {
            let c = cells[i];
            self.b.play(c, att);
            let r = self.vct_defend(att, depth - 1, ply + 1, Some(c));
            self.b.undo();
            if r {
                if ply == 0 {
                    self.vcf_line.clear();
                    self.vcf_line.push(c);
                }
                won = true;
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.plies[ply].vcf = cells;
        won
    }

    /// The defender to move after a threat: the attack wins only if it wins against every reply.
    #[allow(clippy::needless_range_loop)]
    fn vct_defend(&mut self, att: Color, depth: i32, ply: usize, _last: Option<Cell>) -> bool {
        let def = att.opponent();
        if self.b.count(def, C_FIVE) > 0 {
            return false;
        }
        let mut replies = std::mem::take(&mut self.plies[ply].vct);
        if self.b.count(att, C_FIVE) > 0 {
            replies.clear();
            self.b.five_cells(att, &mut replies);
            if replies.len() > 1
                || (self.b.has_forbidden(def) && self.b.is_forbidden(def, replies[0]))
            {
                self.plies[ply].vct = replies;
                return true;
            }
        } else if self.b.count(att, C_FLEX4) > 0 {
            // Blocks of the open-four threat, and the defender's own fours.
            let mut moves = Vec::new();
            self.generate(def, ply.min(MAX_PLY - 1), 0, &mut moves);
            replies.clear();
            replies.extend(moves.iter().map(|m| m.0));
        } else {
            // The "threat" was no threat: the attack fails here.
            self.plies[ply].vct = replies;
            return false;
        }
        let mut all_lose = !replies.is_empty();
        for i in 0..replies.len() {
            let d = replies[i];
            self.b.play(d, def);
            let r = self.vct(att, depth, ply + 1);
            self.b.undo();
            if !r {
                all_lose = false;
                break;
            }
        }
        self.plies[ply].vct = replies;
        all_lose && !self.aborted
    }
}

mod pattern_c {
    pub use super::super::pattern::{C_THREE, C_THREE_THREE};
}
