//! The main search: principal-variation alpha-beta over the incremental board, with a transposition
//! table, threat-restricted move generation, killer/history ordering, late-move reductions and VCF at
//! the leaves. Scores are from the side to move's point of view; a won position scores near `WIN`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::pattern::{
    C_FIVE, C_FLEX4, C_FORBID, C_FOUR, C_FOUR_THREE, C_THREE, C_THREE_THREE, makes_four,
};
use super::picker::{
    Candidates, MovePicker, MoveScorer, NO_EVAL, OrderKnobs, Ply, blocks_four_point, order_bonus,
};
use super::state::{Cell, MAX_CELLS, SearchBoard};
use super::tt::{BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, Table, VcfTable};
use crate::core::{Color, Rule};

pub const WIN: i32 = 20_000;
/// Scores beyond this are proven wins or losses.
pub const WIN_MIN: i32 = WIN - 1_000;
pub const INF: i32 = WIN + 1;
pub const MAX_PLY: usize = 128;
/// Whether Expert evaluates with the hidden layer (`docs/strength.md`, change 60).
const HIDDEN_LAYER_DEFAULT: bool = true;

const SIDE_KEY: [u64; 2] = [0, 0xD1B5_4A32_D192_ED03];

/// Knobs that differ between levels.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Attacker moves a VCF at a leaf may use (0: no VCF at the leaves).
    pub leaf_vcf_depth: i32,
    /// Most moves searched at a non-PV node (threat moves are always searched).
    pub width: usize,
    /// Late-move reductions.
    pub lmr: bool,
    /// Expert's selectivity: reverse futility and move-count pruning at shallow depth. Off for the
    /// weaker levels, whose strength is set by their depth and randomness.
    pub prune: bool,
    /// Evaluate with the learned table (`learned.rs`) instead of the hand-set weights (Expert).
    pub learned_eval: bool,
    /// With the learned table, also its hidden layer where it has one (`net.rs`).
    pub hidden_layer: bool,
    /// Expert's aspiration windows: each iteration after the third searches the root in a narrow
    /// window around the last score first. Off for the weaker levels, which score every root move.
    pub aspiration: bool,
    /// Expert's threat stage at the leaves: how many plies of threes and of answers to the
    /// opponent's open three are searched past depth 0 before the static evaluation (0: none).
    pub quiesce: i32,
    /// The leaves' VCF follows only fours on the lines of the attacker's last four (`leaf_vcf`).
    pub leaf_vcf_near: bool,
    /// How far Expert's selectivity reaches (used only with `prune`).
    pub selectivity: Selectivity,
    /// Renju's black left with only forbidden points loses, as the Gomocup referees (c-gomoku-cli,
    /// Piskvork) rule: they ask black for a move anyway. Off, it is the draw of the game's rules.
    pub black_must_move: bool,
}

/// The numbers of Expert's pruning and reductions, each decided by a self-play match
/// (`docs/strength.md`); tuning keys change them for such matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Selectivity {
    /// Reverse futility pruning up to this depth, with this margin per ply (evaluation units;
    /// renju's is narrower, `for_rule`).
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    /// Move-count pruning up to this depth: quiet moves beyond `lmp_base + lmp_per_ply · depth`.
    pub lmp_depth: i32,
    pub lmp_base: usize,
    pub lmp_per_ply: usize,
    /// Late-move reductions of `lmr_log/100 · ln(depth) · ln(move number)` plies when that is more
    /// than the basic one or two (0: only the basic ones).
    pub lmr_log: i32,
    /// Internal iterative reduction: a node of at least this depth without a table move is searched
    /// one ply shallower (0: never).
    pub iir_depth: i32,
    /// Razoring: at depth 1 and 2, a quiet node this far per ply below alpha goes straight to the
    /// leaf threat stage (0: never).
    pub razor_margin: i32,
    /// Most moves the leaf threat stage tries at one node.
    pub quiesce_width: usize,
    /// How the threat stage's defender answers an open three.
    pub quiesce_defence: QuiesceDefence,
    /// The leaves' VCF starts only with fours through the attacker's own last stone.
    pub vcf_first_near: bool,
    /// The leaves' VCF skips a four that cannot lead on: one that makes no three on another line,
    /// so that no next four can come through its stone (`SearchBoard::four_leads_on`).
    pub vcf_thin: bool,
    /// The threat stage's answers to an open three leave out the defender's own fours that cannot
    /// lead on and block nothing: they only delay the block (strength log change 75).
    pub quiesce_thin: bool,
    /// Order moves by the learned table's move scores (this many sixteenths of a score unit each)
    /// instead of by the cell values, when the table has them (0: by the cell values).
    pub policy_weight: i32,
    /// Add the move scores to the value order instead of replacing it.
    pub policy_add: bool,
    /// Whether a node whose static evaluation is no better than two plies up ("not improving")
    /// prunes more: reverse futility with one ply less of margin when improving, and move-count
    /// pruning keeping two thirds of the moves when not.
    pub improving_rfp: bool,
    pub improving_lmp: bool,
    /// The history count of a move is divided by 2 to this power in the move order.
    pub history_shift: u32,
    /// Learned move scores (when the table has them) that decide how a move is searched while
    /// the order stays by the values: a late quiet move scoring this far (in the table's
    /// `POLICY_UNIT`s, 64 a logit) below the node's best-scored move is reduced one ply more
    /// (0: never; only with the plain reductions, `rapfi_lmr` 0).
    pub policy_lmr: i32,
    /// At a quiet node up to `policy_prune_depth`, a quiet move scoring this far below the best is
    /// not searched at all (0: never).
    pub policy_prune: i32,
    pub policy_prune_depth: i32,
    /// Futility pruning: at a quiet node up to `futility_depth` whose static evaluation lies this
    /// far per ply below alpha, quiet moves after the first are not searched (0: never).
    pub futility_margin: i32,
    pub futility_depth: i32,
    /// A move whose only threat is to take a point where the opponent would make a plain four
    /// (no three or four of its own, no open four, four-three or double three of the opponent's)
    /// is reduced and pruned like a quiet move (strength log change 124): such points are common,
    /// and the opponent's four there would be met by a forced block. Expert's only (with `prune`),
    /// so Medium plays as it was measured.
    pub quiet_four_blocks: bool,
    /// Fail-high reduction (Rapfi's): at a quiet non-PV node whose static evaluation lies at least
    /// this much a ply (less 10) above beta, the node will most likely cut, so every move but a
    /// four is searched a ply shallower (0: never; strength log change 135).
    pub fail_high_margin: i32,
    /// Rapfi's late-move reductions, in hundredths of `ln(depth) · ln(move number)` plies (0: the
    /// plain reductions of late quiet moves). From the second move on, at depth 2 or more, every
    /// move is reduced, threats too: one ply more at a non-PV node that is not improving, one less
    /// at a PV node, about half a ply less for a move that carries on its side's attack. Only with
    /// `prune` (Expert's search). Four plies deeper at 1 s, but no stronger against Rapfi (strength
    /// log change 148), so off: a tuning key for the next try.
    pub rapfi_lmr: i32,
    /// Tenths of a ply more at a node expected to cut, for every move but a quiet killer (used
    /// with `rapfi_lmr`).
    pub cut_reduction: i32,
    /// Fractional depth, as Rapfi's (with `rapfi_lmr`; off: whole plies, the search before
    /// change 149): the reductions are kept in hundredths of a ply instead of rounded, and the
    /// extensions below apply.
    pub frac_depth: bool,
    /// Hundredths of a ply the block of a five gains beyond the ply it costs nothing already
    /// (with `frac_depth`; 0: none).
    pub block_ext: i32,
    /// Hundredths of a ply the table move gains at a principal-variation node (with
    /// `frac_depth`; 0: none).
    pub tt_ext_pv: i32,
    /// Hundredths of a ply the table move gains at any other node (with `frac_depth`; 0: none).
    pub tt_ext: i32,
}

/// How the leaf threat stage's defender answers an open three. A loss found among only the first
/// `quiesce_width` answers is no proof: trusting it made Expert announce false forced wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum QuiesceDefence {
    /// The first answers, and their loss taken as proof (the rule before strength log change 58).
    TrustFirst,
    /// Every answer.
    EveryAnswer,
    /// The first answers; when all of them lose and more were left, the node scores just short
    /// of a proven loss.
    FirstUnproven,
}

impl QuiesceDefence {
    /// The tuning key `qdefend`'s number for each rule (0, 1, 2).
    pub fn from_key(v: i32) -> QuiesceDefence {
        match v {
            0 => QuiesceDefence::TrustFirst,
            1 => QuiesceDefence::EveryAnswer,
            _ => QuiesceDefence::FirstUnproven,
        }
    }
}

impl Selectivity {
    /// Expert's numbers for a rule: renju's reverse futility works with a narrower margin
    /// (strength log change 85); everything else is the same for both rules.
    pub fn for_rule(rule: Rule) -> Selectivity {
        let default = Selectivity::default();
        match rule {
            Rule::Renju => Selectivity {
                rfp_margin: 60,
                ..default
            },
            _ => default,
        }
    }
}

impl Default for Selectivity {
    fn default() -> Selectivity {
        Selectivity {
            rfp_depth: 3,
            rfp_margin: 80,
            lmp_depth: 3,
            lmp_base: 3,
            lmp_per_ply: 3,
            lmr_log: 0,
            iir_depth: 0,
            razor_margin: 0,
            quiesce_width: 2,
            quiesce_defence: QuiesceDefence::FirstUnproven,
            vcf_first_near: false,
            vcf_thin: true,
            quiesce_thin: true,
            policy_weight: 0,
            policy_add: false,
            improving_rfp: false,
            improving_lmp: false,
            history_shift: 4,
            policy_lmr: 0,
            policy_prune: 0,
            policy_prune_depth: 6,
            futility_margin: 0,
            futility_depth: 2,
            quiet_four_blocks: true,
            fail_high_margin: 19,
            rapfi_lmr: 0,
            cut_reduction: 18,
            frac_depth: false,
            block_ext: 0,
            tt_ext_pv: 0,
            tt_ext: 0,
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            leaf_vcf_depth: 6,
            width: 18,
            lmr: true,
            prune: true,
            learned_eval: true,
            hidden_layer: HIDDEN_LAYER_DEFAULT,
            aspiration: true,
            quiesce: 2,
            leaf_vcf_near: true,
            selectivity: Selectivity::default(),
            black_must_move: false,
        }
    }
}

/// One root move and what the last search said about it.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub cell: Cell,
    pub score: i32,
    /// Whether `score` is exact (searched with an open window) in the last iteration.
    pub exact: bool,
}

pub struct Searcher<'t> {
    pub b: SearchBoard,
    pub tt: &'t Table,
    pub vcf_tt: &'t VcfTable,
    pub nodes: u64,
    pub aborted: bool,
    stop: &'t AtomicBool,
    pub deadline: Option<Instant>,
    pub max_nodes: u64,
    pub config: Config,
    history: Vec<u32>,
    /// What the search keeps for each ply of the current line (`Ply`).
    pub(super) plies: Vec<Ply>,
    pub vcf_line: Vec<Cell>,
    pub vcf_len: u32,
    pub seldepth: usize,
}

/// How the opponent's fours (and the side's own open four) settle a node: see `five_threat`.
enum FiveThreat {
    /// Won or lost already: the score.
    Decided(i32),
    /// The one legal block of the opponent's five, which must be played.
    Block(Cell),
    /// Nothing is forced.
    None,
}

impl<'t> Searcher<'t> {
    pub fn new(
        b: SearchBoard,
        tt: &'t Table,
        vcf_tt: &'t VcfTable,
        stop: &'t AtomicBool,
        deadline: Option<Instant>,
        max_nodes: u64,
        config: Config,
    ) -> Searcher<'t> {
        Searcher {
            b,
            tt,
            vcf_tt,
            nodes: 0,
            aborted: false,
            stop,
            deadline,
            max_nodes,
            config,
            history: vec![0; 2 * MAX_CELLS],
            plies: (0..=MAX_PLY).map(|_| Ply::new()).collect(),
            vcf_line: Vec::new(),
            vcf_len: 0,
            seldepth: 0,
        }
    }

    /// Whether the search must stop now (deadline, stop flag or node limit); checked every 256 nodes
    /// (a few microseconds apart, so a deadline is kept to well under a millisecond).
    #[inline]
    pub fn check_abort(&mut self) -> bool {
        if !self.aborted && self.nodes & 255 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.nodes >= self.max_nodes || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    pub fn pv_line(&self) -> &[Cell] {
        &self.plies[0].pv
    }

    /// Cells `me` must consider, best first (the threat stage's and the solvers' lists; the search
    /// itself takes its moves from a `MovePicker`).
    pub fn generate(&mut self, me: Color, ply: usize, tt_move: Cell, out: &mut Vec<(Cell, i32)>) {
        out.clear();
        let b = &self.b;
        let candidates = Candidates::of(b, me);
        let scorer = MoveScorer::new(b, me, &self.history, self.order_knobs());
        let killers = self.plies[ply].killers;
        for &c in &b.board_cells {
            if candidates.admits(b, c) {
                out.push((c, scorer.score(c) + order_bonus(c, tt_move, killers)));
            }
        }
        out.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
    }

    fn order_knobs(&self) -> OrderKnobs {
        let sel = &self.config.selectivity;
        OrderKnobs {
            policy_weight: sel.policy_weight,
            policy_add: sel.policy_add,
            history_shift: sel.history_shift,
        }
    }

    /// The learned move score of each move into `out`, and the best of them; `None` when the
    /// table has no move scores.
    fn move_scores(&self, me: Color, moves: &[(Cell, i32)], out: &mut Vec<i32>) -> Option<i32> {
        let table = self.b.learned().filter(|t| t.has_policy())?;
        let opp = me.opponent();
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|&(c, _)| table.move_score(self.b.levels(me, c), self.b.levels(opp, c))),
        );
        out.iter().copied().max()
    }

    /// How far the learned score of `moves[i]` lies below the best of `moves` (0 when the table
    /// has none), filling `scores` and `top` on the node's first call.
    fn policy_gap(
        &self,
        me: Color,
        moves: &[(Cell, i32)],
        i: usize,
        scores: &mut Vec<i32>,
        top: &mut Option<Option<i32>>,
    ) -> i32 {
        let top = *top.get_or_insert_with(|| self.move_scores(me, moves, scores));
        top.map_or(0, |top| top - scores[i])
    }

    /// Alpha-beta with principal variation search. `depth` in plies.
    pub fn search(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        me: Color,
        pv_node: bool,
    ) -> i32 {
        self.search_frac(depth * PLY, alpha, beta, ply, me, pv_node)
    }

    /// `search` at a depth in hundredths of a ply (`PLY`): whole plies unless `frac_depth`. A
    /// node's rules read the depth rounded up, so that a part of a ply left is one more ply of
    /// full search, as in Rapfi.
    fn search_frac(
        &mut self,
        depth_frac: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        me: Color,
        pv_node: bool,
    ) -> i32 {
        let depth = (depth_frac + PLY - 1).div_euclid(PLY);
        self.plies[ply].pv.clear();
        if let Some(score) = self.enter_node(ply, me) {
            return score;
        }
        let opp = me.opponent();
        let plyi = ply as i32;
        let forced = match self.five_threat(ply, me) {
            FiveThreat::Decided(score) => return score,
            FiveThreat::Block(cell) => Some(cell),
            FiveThreat::None => None,
        };
        if ply >= MAX_PLY - 2 {
            return self.b.evaluate(me);
        }
        if forced.is_none() && depth <= 0 {
            return self.quiesce(alpha, beta, ply, me, self.config.quiesce);
        }

        let key = self.b.hash() ^ SIDE_KEY[me.index()];
        let mut tt_move: Cell = 0;
        let sel = self.config.selectivity;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if !pv_node && e.depth as i32 >= depth {
                let s = score_from_tt(e.score as i32, plyi);
                let cut = match e.bound {
                    BOUND_EXACT => true,
                    BOUND_LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let quiet_node = forced.is_none()
            && !pv_node
            && self.config.prune
            && self.b.count(opp, C_FLEX4) == 0
            && self.b.count(opp, C_FOUR_THREE) == 0;
        let rapfi_lmr = self.config.prune && self.config.lmr && sel.rapfi_lmr > 0;
        let improving = if sel.improving_rfp || sel.improving_lmp || rapfi_lmr {
            let eval = if forced.is_some() {
                NO_EVAL
            } else {
                self.b.evaluate(me)
            };
            self.plies[ply].eval = eval;
            eval != NO_EVAL && (ply < 2 || eval > self.plies[ply - 2].eval)
        } else {
            true
        };
        let mut node_eval = NO_EVAL;
        if quiet_node && depth <= sel.rfp_depth.max(2).max(sel.futility_depth) {
            let eval = self.b.evaluate(me);
            node_eval = eval;
            let rfp_depth = depth - (sel.improving_rfp && improving) as i32;
            // Reverse futility: far enough above beta with no threat of the opponent's pending,
            // a shallow search will not bring it back under.
            if depth <= sel.rfp_depth && eval - sel.rfp_margin * rfp_depth >= beta && eval < WIN_MIN
            {
                return eval;
            }
            // Razoring: far below alpha, only threats could bring it back; the leaf stage looks.
            if sel.razor_margin > 0 && depth <= 2 && eval + sel.razor_margin * depth <= alpha {
                let s = self.quiesce(alpha, beta, ply, me, self.config.quiesce);
                if s <= alpha {
                    return s;
                }
            }
        }
        // A node with no table move has no good first guess: search it shallower to find one.
        let iir = sel.iir_depth > 0 && depth >= sel.iir_depth && tt_move == 0 && forced.is_none();
        let (depth, depth_frac) = if iir {
            (depth - 1, depth_frac - PLY)
        } else {
            (depth, depth_frac)
        };

        let lists = (
            std::mem::take(&mut self.plies[ply].moves),
            std::mem::take(&mut self.plies[ply].forcing),
        );
        let killers = self.plies[ply].killers;
        let knobs = self.order_knobs();
        let picker = MovePicker::new(&self.b, me, tt_move, killers, knobs, lists.0, lists.1);
        let mut picker = match forced {
            Some(f) => picker.forced(f),
            None => picker,
        };
        let frac = sel.frac_depth && rapfi_lmr;
        let new_depth = if forced.is_none() {
            depth_frac - PLY
        } else if frac {
            depth_frac + sel.block_ext
        } else {
            depth_frac
        };
        // Fail-high reduction: a quiet node whose evaluation stands well above beta will most
        // likely cut; every move but a four is searched a ply shallower (`quiet_node` holds only
        // with Expert's `prune`, so Medium plays as it was measured).
        let likely_high = sel.fail_high_margin > 0 && quiet_node && depth >= 2 && {
            if node_eval == NO_EVAL {
                node_eval = self.b.evaluate(me);
            }
            node_eval < WIN_MIN && node_eval >= beta + sel.fail_high_margin * depth - 10
        };
        let width = if pv_node {
            usize::MAX
        } else if quiet_node && depth <= sel.lmp_depth {
            // Move-count pruning: near the leaves only the best-ordered quiet moves are tried.
            let count = sel.lmp_base + sel.lmp_per_ply * depth as usize;
            let count = if sel.improving_lmp && !improving {
                count * 2 / 3
            } else {
                count
            };
            count.min(self.config.width + depth as usize)
        } else {
            self.config.width + depth.max(0) as usize
        };
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        let mut policy = std::mem::take(&mut self.plies[ply].policy);
        // The node's best learned move score, once a move needs it (most nodes cut at their
        // first move and never do); `Some(None)` when the table has no move scores.
        let mut policy_top: Option<Option<i32>> = None;
        let mut next = 0;
        loop {
            let i = next;
            let Some(c) = picker.pick(i, &self.b, &self.history) else {
                break;
            };
            if i == 0 {
                best_move = c;
            }
            next += 1;
            let tactical = is_tactical(&self.b, me, c, sel.quiet_four_blocks && self.config.prune);
            if i >= width && !tactical {
                continue;
            }
            let may_prune = sel.policy_prune > 0
                && quiet_node
                && i > 0
                && !tactical
                && depth <= sel.policy_prune_depth;
            // Late quiet moves get the plain reduction, and may get one more by their score.
            let late = self.config.lmr && depth >= 3 && i >= 3 && !tactical;
            let may_reduce = sel.policy_lmr > 0 && late;
            // How far this move's learned score lies below the node's best.
            let policy_gap = if forced.is_none() && (may_prune || may_reduce) {
                // The gap needs every move's score, in the places the order gives them.
                picker.order_all(&self.b, &self.history);
                self.policy_gap(me, picker.moves(), i, &mut policy, &mut policy_top)
            } else {
                0
            };
            if may_prune && policy_gap > sel.policy_prune {
                continue;
            }
            // Futility: a quiet move cannot lift a node this far below alpha near the leaves.
            if sel.futility_margin > 0
                && quiet_node
                && i > 0
                && !tactical
                && depth <= sel.futility_depth
                && node_eval != NO_EVAL
                && node_eval + sel.futility_margin * depth <= alpha
            {
                continue;
            }
            let new_depth = if likely_high && !makes_four(self.b.class(me, c)) {
                new_depth - PLY
            } else {
                new_depth
            };
            let new_depth = if frac && c == tt_move {
                new_depth + if pv_node { sel.tt_ext_pv } else { sel.tt_ext }
            } else {
                new_depth
            };
            // Rapfi's reductions read the move before it is played.
            let node = NodeKind {
                pv: pv_node,
                cut: self.plies[ply].cut,
                improving,
            };
            let attack = makes_threat(self.b.class(me, c));
            let rapfi_r = (rapfi_lmr && i > 0 && depth >= 2 && forced.is_none())
                .then(|| self.rapfi_reduction(ply, c, attack, depth, i, node));
            self.plies[ply].attack = attack;
            self.b.play(c, me);
            let score = if i == 0 {
                // Rapfi's guess at the kind of node: a cut node's first child is an all node.
                self.plies[ply + 1].cut = !pv_node && !node.cut;
                -self.search_frac(new_depth, -beta, -alpha, ply + 1, opp, pv_node)
            } else {
                let r = match rapfi_r {
                    // Never below depth 1, and at most one ply deeper (a PV move's negative one).
                    Some(r) => new_depth - (new_depth - r).min(new_depth + PLY).max(PLY),
                    None if late => {
                        let extra = may_reduce && policy_gap > sel.policy_lmr;
                        (reduction(depth, i, sel.lmr_log) + extra as i32) * PLY
                    }
                    None => 0,
                };
                self.plies[ply + 1].cut = true;
                let mut s =
                    -self.search_frac(new_depth - r, -alpha - 1, -alpha, ply + 1, opp, false);
                if s > alpha && r > 0 {
                    self.plies[ply + 1].cut = !node.cut;
                    s = -self.search_frac(new_depth, -alpha - 1, -alpha, ply + 1, opp, false);
                }
                if s > alpha && s < beta && pv_node {
                    self.plies[ply + 1].cut = false;
                    s = -self.search_frac(new_depth, -beta, -alpha, ply + 1, opp, true);
                }
                s
            };
            self.b.undo();
            if self.aborted {
                self.give_back(ply, picker, policy);
                return 0;
            }
            if score > best {
                best = score;
                best_move = c;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        let (head, tail) = self.plies.split_at_mut(ply + 1);
                        let pv = &mut head[ply].pv;
                        pv.clear();
                        pv.push(c);
                        pv.extend_from_slice(&tail[0].pv);
                    }
                    if alpha >= beta {
                        if forced.is_none() {
                            if self.plies[ply].killers[0] != c {
                                self.plies[ply].killers[1] = self.plies[ply].killers[0];
                                self.plies[ply].killers[0] = c;
                            }
                            let h = &mut self.history[me.index() * MAX_CELLS + c as usize];
                            *h = h.saturating_add((depth * depth).max(1) as u32);
                        }
                        break;
                    }
                }
            }
        }
        if next == 0 {
            self.give_back(ply, picker, policy);
            return self.no_move_score(ply, me);
        }
        self.give_back(ply, picker, policy);
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > alpha0 {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        self.tt
            .store(key, depth, score_to_tt(best, plyi), bound, best_move);
        best
    }

    /// A node's lists back to its ply, for the next node there.
    fn give_back(&mut self, ply: usize, picker: MovePicker, policy: Vec<i32>) {
        let p = &mut self.plies[ply];
        (p.moves, p.forcing) = picker.into_lists();
        p.policy = policy;
    }

    /// The leaves: a win by continuous fours, else a short threat search before the static
    /// evaluation while threats are pending. The side to move answers the opponent's open three
    /// (it cannot stand on the evaluation), or may make a three of its own when it has nothing to
    /// answer; fours are answered where they arise (the forced block in `search` and here).
    /// `left` counts the plies still allowed; at 0 only the static evaluation remains.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, me: Color, left: i32) -> i32 {
        let plyi = ply as i32;
        if self.config.leaf_vcf_depth > 0 && self.b.has_four_move(me) && self.leaf_win_by_fours(me)
        {
            return WIN - plyi - 5;
        }
        let eval = self.b.evaluate(me);
        if left <= 0 || ply >= MAX_PLY - 2 {
            return eval;
        }
        let opp = me.opponent();
        let threatened = self.b.count(opp, C_FLEX4) > 0;
        let mut best = -INF;
        if !threatened {
            // Nothing to answer: the side to move may stand on the evaluation.
            if eval >= beta {
                return eval;
            }
            best = eval;
            alpha = alpha.max(eval);
            if self.b.count(me, C_THREE) + self.b.count(me, C_THREE_THREE) == 0 {
                return eval;
            }
        }
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        self.threat_moves(me, threatened, &mut moves);
        if moves.is_empty() {
            self.plies[ply].moves = moves;
            return eval;
        }
        let defence = self.config.selectivity.quiesce_defence;
        let width = if threatened && defence == QuiesceDefence::EveryAnswer {
            usize::MAX
        } else {
            self.config.selectivity.quiesce_width
        };
        for &(c, _) in moves.iter().take(width) {
            self.b.play(c, me);
            let score = -self.quiesce_child(-beta, -alpha, ply + 1, opp, left - 1);
            self.b.undo();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        let unproven = threatened
            && defence == QuiesceDefence::FirstUnproven
            && moves.len() > width
            && best <= -WIN_MIN;
        self.plies[ply].moves = moves;
        if self.aborted {
            0
        } else if unproven {
            -WIN_MIN + 1
        } else {
            best
        }
    }

    /// Whether `me` wins by fours from a leaf: the full VCF, or the cheaper one when `leaf_vcf_near`.
    fn leaf_win_by_fours(&mut self, me: Color) -> bool {
        let depth = self.config.leaf_vcf_depth;
        if self.config.leaf_vcf_near {
            let own_last = match self.b.history.len() {
                n if n >= 2 && self.config.selectivity.vcf_first_near => self.b.history[n - 2],
                _ => 0,
            };
            self.leaf_vcf(me, depth, own_last)
        } else {
            self.vcf(me, depth, false)
        }
    }

    /// One node of the threat stage: the win and loss checks of `search`, the single block of a
    /// four (which costs no ply), then `quiesce`.
    fn quiesce_child(&mut self, alpha: i32, beta: i32, ply: usize, me: Color, left: i32) -> i32 {
        if let Some(score) = self.enter_node(ply, me) {
            return score;
        }
        match self.five_threat(ply, me) {
            FiveThreat::Decided(score) => score,
            FiveThreat::Block(f) => {
                self.b.play(f, me);
                let s = -self.quiesce_child(-beta, -alpha, ply + 1, me.opponent(), left);
                self.b.undo();
                s
            }
            FiveThreat::None => self.quiesce(alpha, beta, ply, me, left),
        }
    }

    /// What every node does first: count it, stop if the search is aborted (0), and end at a five of
    /// the side to move (a win) or a full board (a draw). `None`: the node goes on.
    fn enter_node(&mut self, ply: usize, me: Color) -> Option<i32> {
        self.nodes += 1;
        if self.check_abort() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.b.count(me, C_FIVE) > 0 {
            return Some(WIN - ply as i32 - 1);
        }
        if self.b.is_full() {
            return Some(0);
        }
        None
    }

    /// The score of a node where `me` has no move to search: renju's black with only forbidden
    /// points left is decided (`Config::black_must_move`); otherwise the static evaluation.
    fn no_move_score(&self, ply: usize, me: Color) -> i32 {
        let b = &self.b;
        let stuck = b.has_forbidden(me)
            && b.board_cells
                .iter()
                .all(|&c| !b.is_empty(c) || b.class(me, c) == C_FORBID);
        match (stuck, self.config.black_must_move) {
            (false, _) => b.evaluate(me),
            (true, true) => -(WIN - ply as i32),
            (true, false) => 0,
        }
    }

    /// The opponent's fours decide the node before any move is searched: two fives (or one whose
    /// block is forbidden to black) lose, a single one must be blocked; with none, an open four of
    /// the side to move wins.
    fn five_threat(&mut self, ply: usize, me: Color) -> FiveThreat {
        let opp = me.opponent();
        let plyi = ply as i32;
        if self.b.count(opp, C_FIVE) > 0 {
            let mut fives = std::mem::take(&mut self.plies[MAX_PLY - 1].vcf);
            self.b.five_cells(opp, &mut fives);
            let only = (fives.len() == 1).then(|| fives[0]);
            self.plies[MAX_PLY - 1].vcf = fives;
            return match only {
                Some(f) if !(self.b.has_forbidden(me) && self.b.is_forbidden(me, f)) => {
                    FiveThreat::Block(f)
                }
                _ => FiveThreat::Decided(-(WIN - plyi - 2)),
            };
        }
        if self.b.count(me, C_FLEX4) > 0 {
            return FiveThreat::Decided(WIN - plyi - 3);
        }
        FiveThreat::None
    }

    /// The threat stage's moves, best first: when `defending`, the blocks of the opponent's open
    /// three and the side's own fours (as `generate` gives them); else the cells that make a three.
    pub(super) fn threat_moves(&mut self, me: Color, defending: bool, out: &mut Vec<(Cell, i32)>) {
        if defending {
            // `generate` keeps only the answers to an open three here; no killers or table move.
            self.generate(me, MAX_PLY - 1, 0, out);
            // Where the opponent has forbidden points, the forced block of even a dead-end four
            // may be forbidden, and the four wins: keep them all there.
            if self.config.selectivity.quiesce_thin && !self.b.has_forbidden(me.opponent()) {
                let b = &self.b;
                // `four_leads_on` keeps every move that is not a plain four.
                out.retain(|&(c, _)| b.four_leads_on(me, c) || blocks_four_point(b, me, c));
            }
            return;
        }
        out.clear();
        let forbid = self.b.has_forbidden(me);
        for &c in &self.b.board_cells {
            if !self.b.is_empty(c) {
                continue;
            }
            let class = self.b.class(me, c);
            if class == C_THREE || (class == C_THREE_THREE && !forbid) {
                out.push((c, self.b.value(me, c) + self.b.value(me.opponent(), c)));
            }
        }
        out.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
    }

    /// Searches every root move to `depth`; updates their scores and puts the best first. The first
    /// `exact` moves get exact scores (`usize::MAX`: all of them, as the levels' move picking needs;
    /// a few: candidate moves for analysis); the others only need to be shown worse than the best.
    pub fn search_root(
        &mut self,
        roots: &mut [RootMove],
        depth: i32,
        me: Color,
        exact: usize,
        window: (i32, i32),
    ) -> i32 {
        let (mut alpha, beta) = window;
        let opp = me.opponent();
        let mut best = -INF;
        for i in 0..roots.len() {
            let c = roots[i].cell;
            self.plies[0].attack = makes_threat(self.b.class(me, c));
            self.b.play(c, me);
            self.nodes += 1;
            // The first `exact` roots get a full window: their scores are exact, not bounds.
            let full = i < exact;
            let score = if i == 0 || full {
                let a = if full { -INF } else { alpha };
                self.plies[1].cut = false;
                -self.search(depth - 1, -beta, -a, 1, opp, true)
            } else {
                self.plies[1].cut = true;
                let mut s = -self.search(depth - 1, -alpha - 1, -alpha, 1, opp, false);
                if s > alpha && !self.aborted {
                    self.plies[1].cut = false;
                    s = -self.search(depth - 1, -beta, -alpha, 1, opp, true);
                }
                s
            };
            self.b.undo();
            if self.aborted {
                break;
            }
            roots[i].exact = full || i == 0 || score > alpha;
            roots[i].score = score;
            best = best.max(score);
            if score > alpha {
                alpha = score;
                let (head, tail) = self.plies.split_at_mut(1);
                let pv = &mut head[0].pv;
                pv.clear();
                pv.push(c);
                pv.extend_from_slice(&tail[0].pv);
                // The new best moves to the front; the others keep their order. Only a score above
                // alpha counts: below a narrow window's bottom every score is a mere upper bound.
                roots[..=i].rotate_right(1);
                // Above a narrow window's top: the caller widens it and searches again.
                if alpha >= beta {
                    break;
                }
            } else {
                roots[i].score = roots[i].score.min(alpha);
            }
        }
        best
    }
}

/// What Rapfi's reductions know of a node.
#[derive(Clone, Copy)]
struct NodeKind {
    pv: bool,
    /// The parent expects this node to fail high (Rapfi's `cutNode`).
    cut: bool,
    /// The static evaluation is better than two plies up.
    improving: bool,
}

impl Searcher<'_> {
    /// Hundredths of a ply Rapfi's rule reduces the `i`-th move (from 0), `c`, of a node at
    /// `depth` by, before the clamp to depth 1 (`Selectivity::rapfi_lmr`); negative at a PV
    /// node's early moves. `attack`: the move makes a three or more (`makes_threat`). Rounded to
    /// whole plies unless `frac_depth`.
    fn rapfi_reduction(
        &self,
        ply: usize,
        c: Cell,
        attack: bool,
        depth: i32,
        i: usize,
        node: NodeKind,
    ) -> i32 {
        let sel = &self.config.selectivity;
        // Hundredths of a ply.
        let mut r = LN_1000[depth.clamp(0, 63) as usize] * LN_1000[(i + 1).min(63)] / 10_000
            * sel.rapfi_lmr
            / 100;
        if node.pv {
            r -= 100;
        } else if !node.improving && r > 100 {
            r += 100;
        }
        let quiet_killer = !attack && self.plies[ply].killers.contains(&c);
        if node.cut && !quiet_killer {
            r += sel.cut_reduction * 10;
        }
        // An attack that follows the side's own attack two plies up is its main line.
        if attack && ply >= 2 && self.plies[ply - 2].attack {
            r -= 53;
        }
        if sel.frac_depth {
            r
        } else {
            (r + 50).div_euclid(100) * PLY
        }
    }
}

/// A ply in the units of `search_frac`'s depth.
const PLY: i32 = 100;

/// A move that makes a three, a four or a five for its side.
fn makes_threat(class: u8) -> bool {
    (C_THREE..=C_FIVE).contains(&class)
}

/// `1000 · ln(i)` (and 0 for 0), for Rapfi's reductions: a table, so that every platform rounds alike.
static LN_1000: [i32; 64] = {
    let mut t = [0; 64];
    let mut i = 1;
    while i < 64 {
        t[i] = (ln(i as f64) * 1000.0 + 0.5) as i32;
        i += 1;
    }
    t
};

/// The natural logarithm, in a const context (halving into [1, 2), then the atanh series).
const fn ln(x: f64) -> f64 {
    let mut k = 0.0;
    let mut y = x;
    while y >= 2.0 {
        y /= 2.0;
        k += 1.0;
    }
    let z = (y - 1.0) / (y + 1.0);
    let (mut term, mut sum, mut n) = (z, 0.0, 1.0);
    while n < 40.0 {
        sum += term / n;
        term *= z * z;
        n += 2.0;
    }
    2.0 * sum + k * std::f64::consts::LN_2
}

/// Plies a late quiet move (`i`-th, from 0) is reduced by at `depth`: one, two from the tenth move,
/// or more by the log×log rule when `lmr_log` (hundredths) asks; never to below depth 1.
fn reduction(depth: i32, i: usize, lmr_log: i32) -> i32 {
    let basic = 1 + (i >= 10) as i32;
    if lmr_log <= 0 {
        return basic;
    }
    let log = (depth as f32).ln() * ((i + 1) as f32).ln() * lmr_log as f32 / 100.0;
    basic.max(log as i32).min(depth - 2)
}

/// Moves that are never pruned or reduced: the side's own threes and fours, and the points where
/// the opponent would make a double three, a four-three, an open four or a five (and a plain four,
/// unless `quiet_four_blocks`).
#[inline]
fn is_tactical(b: &SearchBoard, me: Color, c: Cell, quiet_four_blocks: bool) -> bool {
    let theirs = b.class(me.opponent(), c);
    makes_threat(b.class(me, c))
        || ((C_THREE_THREE..=C_FIVE).contains(&theirs) && !(quiet_four_blocks && theirs == C_FOUR))
}

fn score_to_tt(s: i32, ply: i32) -> i32 {
    if s >= WIN_MIN {
        s + ply
    } else if s <= -WIN_MIN {
        s - ply
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: i32) -> i32 {
    if s >= WIN_MIN {
        s - ply
    } else if s <= -WIN_MIN {
        s + ply
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reductions_logarithm_table_is_the_logarithm() {
        assert_eq!(super::LN_1000[0], 0);
        for i in 1..64 {
            let exact = (i as f64).ln() * 1000.0;
            assert!(
                (super::LN_1000[i] as f64 - exact).abs() <= 0.5,
                "ln({i}): {} against {exact}",
                super::LN_1000[i]
            );
        }
    }
}
