//! The AI: levels, move choice and hints on top of the threat-space search.
//!
//! Layers, in dependency order: `pattern` (line shapes and threat classes), `state` (the incremental
//! search board), `eval`, `tt` (the search's and the VCF solver's tables), `picker` (the per-ply
//! stack and the move order), `pvs` (the alpha-beta search), `vcf` (continuous-four and threat
//! solvers, as more methods of the searcher), `small` (exact solver for tiny boards), `skill` (how
//! weaker levels pick among scored moves) and `hint` (why a move is good, in a player's words).
//! [`Ai`] is the only entry point. No module imports one above it in this list (a test checks the
//! import graph).

mod dataset;
mod eval;
mod games_file;
mod hint;
mod learned;
mod net;
mod pace;
mod pattern;
mod picker;
mod pvs;
pub(crate) mod rng;
mod skill;
mod small;
mod state;
mod suite;
mod threat_space;
mod time;
mod tt;
mod vcf;
mod windows;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::core::{Color, Pos, Rule};

pub use dataset::{
    Features, MoveChoice, Sample, Samples, SamplesFileError, hand_table, samples_header,
};
pub use games_file::{
    GameRecord, GamesFile, LINE_CAP, NOT_A_SAMPLE, Recipe, games_header, read_games,
    read_line_ends, read_samples, weights_hash,
};
pub use hint::{MoveReason, explain_line};
pub use learned::{
    LearnedTable, PATTERNS, POLICY_UNIT, THREAT_MASKS, UseTableError, WeightsFileError, use_table,
};
pub use net::{FIRST_UNIT, HIDDEN, Net, OUT_UNIT, VALUE_UNIT};
pub use suite::{ParseSuiteError, TacticalCase, parse_suite};
pub use threat_space::{DEFAULT_THREAT_BUDGET, ThreatKind, ThreatSolver};
pub use time::{MoveClock, ThinkTime, margin as time_margin};
pub use windows::{LineWindows, WINDOW_CODES, canonical as canonical_window};

use eval::Weights;
use pace::Pace;
use pattern::{C_FIVE, C_FLEX4};
use pvs::{Config, QuiesceDefence, RootMove, Searcher, Selectivity, WIN, WIN_MIN};
use rng::Rng;
use state::{Cell, SearchBoard};
use tt::{Table, VcfTable};

/// How strong the AI plays, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A beginner's opponent: wins in one and blocks a four, otherwise a one-move look with plenty of
    /// randomness.
    Low,
    /// A solid casual player: a few plies, short forced wins, never misses a forced defence.
    Medium,
    /// Full strength.
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Low, Level::Medium, Level::Expert];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Low => "low",
            Level::Medium => "medium",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of `low`, `medium`, `expert`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?} (use low, medium or expert)", self.0)
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// How long and how deep one search may go. The search also stops early on its stop flag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The most the search may take: it stops here whatever it is doing.
    pub think_time: Duration,
    /// What the move is meant to take (`time::ThinkTime::optimum`): no new iteration starts after
    /// the level's share of it. `None`: the whole think time (a fixed time a move).
    pub optimum: Option<Duration>,
    pub max_nodes: Option<u64>,
    pub max_depth: Option<u32>,
}

impl SearchLimits {
    /// The documented time of each level: Low 0.1 s, Medium 0.3 s, Expert 1 s.
    pub fn for_level(level: Level) -> SearchLimits {
        let ms = match level {
            Level::Low => 100,
            Level::Medium => 300,
            Level::Expert => 1000,
        };
        SearchLimits {
            think_time: Duration::from_millis(ms),
            optimum: None,
            max_nodes: None,
            max_depth: None,
        }
    }

    /// No time limit, only a node budget: for reproducible tests.
    pub fn nodes(max_nodes: u64) -> SearchLimits {
        SearchLimits {
            think_time: Duration::from_secs(3600),
            optimum: None,
            max_nodes: Some(max_nodes),
            max_depth: None,
        }
    }

    /// These limits with the time manager's times for a move.
    pub fn with_time(self, time: ThinkTime) -> SearchLimits {
        SearchLimits {
            think_time: time.maximum,
            optimum: Some(time.optimum),
            ..self
        }
    }
}

/// The AI's answer: a move and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub pos: Pos,
    /// From the mover's point of view; beyond ±19000 a forced win or loss.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Expected continuation, starting with `pos`.
    pub pv: Vec<Pos>,
    pub reason: MoveReason,
}

/// A suggested move for the player, with a reason a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub pos: Pos,
    pub reason: MoveReason,
}

/// The per-level search settings.
struct Style {
    /// Random bonus (evaluation units) when picking among root moves; 0 = always the best.
    weakness: i32,
    max_depth: i32,
    root_vcf_depth: i32,
    /// Threat moves a root VCT may use (0: none), and its share of the think time.
    root_vct_depth: i32,
    /// Score every root move exactly (needed when `weakness` > 0).
    all_exact: bool,
    /// Analysis only (0 in play): how many of the best root moves get exact scores, kept sorted
    /// best first after every iteration, and reported as candidates.
    candidates: usize,
    /// Root moves kept for the weak levels' exact scoring.
    root_width: usize,
    config: Config,
    /// Only a one-move static look (Low).
    static_only: bool,
    /// No new iteration starts after this share (percent) of the think time.
    iteration_cutoff: u32,
    /// Whether that share follows the best move's stability (`pace.rs`).
    adaptive_pace: bool,
    /// How far the score must fall for the search to count as unsettled (`pace.rs`; 0: never).
    pace_drop: i32,
}

impl Style {
    fn of(level: Level) -> Style {
        match level {
            Level::Low => Style {
                weakness: 400,
                max_depth: 1,
                root_vcf_depth: 0,
                root_vct_depth: 0,
                all_exact: true,
                candidates: 0,
                root_width: 40,
                config: Config {
                    leaf_vcf_depth: 0,
                    width: 8,
                    lmr: false,
                    prune: false,
                    learned_eval: false,
                    hidden_layer: false,
                    aspiration: false,
                    quiesce: 0,
                    leaf_vcf_near: false,
                    selectivity: Selectivity::default(),
                    black_must_move: false,
                },
                static_only: true,
                iteration_cutoff: 40,
                adaptive_pace: false,
                pace_drop: 0,
            },
            Level::Medium => Style {
                weakness: 150,
                max_depth: 4,
                root_vcf_depth: 8,
                root_vct_depth: 0,
                all_exact: true,
                candidates: 0,
                root_width: 10,
                config: Config {
                    leaf_vcf_depth: 3,
                    width: 10,
                    lmr: true,
                    prune: false,
                    learned_eval: false,
                    hidden_layer: false,
                    aspiration: false,
                    quiesce: 0,
                    leaf_vcf_near: false,
                    selectivity: Selectivity::default(),
                    black_must_move: false,
                },
                static_only: false,
                iteration_cutoff: 40,
                adaptive_pace: false,
                pace_drop: 0,
            },
            Level::Expert => Style {
                weakness: 0,
                max_depth: 60,
                root_vcf_depth: 24,
                root_vct_depth: 6,
                all_exact: false,
                candidates: 0,
                root_width: usize::MAX,
                config: Config::default(),
                static_only: false,
                // As Rapfi: iterate until 90 % of the time when it is ample. Against 60 %: 55.9 %
                // of 400 games at 100 ms a move (docs/strength.md, change 86).
                iteration_cutoff: 90,
                adaptive_pace: true,
                pace_drop: 0,
            },
        }
    }
}

/// The computer player. Keeps its transposition tables between moves; `Send + 'static`.
pub struct Ai {
    level: Level,
    rng: Rng,
    /// Allocated on the first real search, so that creating an `Ai` is cheap.
    tables: Option<(Table, VcfTable)>,
    tt_bytes: usize,
    weights: Weights,
    /// Search-setting overrides for tuning matches (`set_tuning`).
    tuning: Vec<(String, i32)>,
    /// Threads of Expert's search (Lazy SMP); the weaker levels always use one.
    threads: usize,
    /// Candidate moves to score for analysis (see `set_candidates`); 0 in play.
    candidates: usize,
    /// The last search's candidates with their scores, best first.
    candidate_scores: Vec<(Pos, i32)>,
    /// Search as a Gomocup referee rules (`Config::black_must_move`); off in the game.
    black_must_move: bool,
}

impl Ai {
    /// A new player. The first `Ai` of a process also builds the shared pattern tables (about 0.1 s),
    /// so that no move's think time is spent on them.
    pub fn new(level: Level, seed: u64) -> Ai {
        pattern::warm_up();
        Ai {
            level,
            rng: Rng::new(seed),
            tables: None,
            tt_bytes: tt::DEFAULT_BYTES,
            weights: Weights::default(),
            tuning: Vec::new(),
            threads: 1,
            candidates: 0,
            candidate_scores: Vec::new(),
            black_must_move: false,
        }
    }

    /// For analysis: the search also scores the `n` best root moves exactly (each with a full window,
    /// which costs depth) and keeps them, for [`Ai::candidates`]. 0, the default, is the playing
    /// search, whose other root moves are only shown worse than the best.
    pub fn set_candidates(&mut self, n: usize) {
        self.candidates = n;
    }

    /// The last search's candidate moves (with [`Ai::set_candidates`]) and their scores from the side
    /// to move's point of view, best first, from its last finished iteration. Empty when the move was
    /// found without searching the root moves (a five, a forced block, a proven win).
    pub fn candidates(&self) -> &[(Pos, i32)] {
        &self.candidate_scores
    }

    /// How many threads Expert's search uses (at least one; the default). Low and Medium keep one
    /// thread whatever is set here, so more cores never make them stronger.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Whether renju's black left with only forbidden points loses (as c-gomoku-cli and Piskvork
    /// rule: they ask black for a move anyway) instead of drawing (the game's rules). The engine
    /// protocol sets it, so that Expert as black steers clear of such a position where it can.
    pub fn set_black_must_move(&mut self, must: bool) {
        self.black_must_move = must;
    }

    /// All cores but one (at least one): what the game gives Expert.
    pub fn spare_cores() -> usize {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get().saturating_sub(1))
            .max(1)
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Memory for the search's tables, in bytes (default 40 MB, of which 36 MB used): seven eighths
    /// for the main transposition table, one eighth for the VCF table, each rounded down to a power
    /// of two, so the total never exceeds `bytes` (beyond a 64 KB floor).
    pub fn set_tt_bytes(&mut self, bytes: usize) {
        self.tt_bytes = bytes;
        self.tables = None;
    }

    /// Changes one evaluation weight or search setting, for self-play tuning matches. Keys:
    /// `line.N` and `class.N` (evaluation tables), `attack`, `tempo`, `double_three`, `width`, `leaf_vcf`, `lmr`,
    /// `weakness`, `max_depth`, `root_vcf`, `root_vct`, `cutoff`, `learned` (1: the learned evaluation), `net` (1: with its hidden layer),
    /// `quiesce` (plies of the leaf threat stage), `pace` (1: the think time follows the best move's
    /// stability), `pace_drop` (the score's fall that counts as unsettled, 0: off), and Expert's selectivity (`Selectivity`): `rfp_depth`, `rfp_margin`, `lmp_depth`,
    /// `lmp_base`, `lmp_per_ply`, `lmr_log`, `iir` (its least depth), `razor` (its margin); `vcf_near`
    /// (1: the leaves' cheaper VCF), `qwidth` (moves of the threat stage), `qdefend` (how its defender answers an
    /// open three: 0, 1, 2 for `QuiesceDefence`'s rules in order), `vcf_first` (1: the leaves'
    /// VCF starts at the attacker's last stone), `vcf_thin` (0: the leaves' VCF also tries fours
    /// that cannot lead on), `quiesce_thin` (0: the threat stage's defender also tries its own
    /// fours that cannot lead on), `policy` (sixteenths: order moves by the learned
    /// move scores), `policy_add` (1: add them to the value order instead),
    /// `improving_lmp` and `improving_rfp` (1: prune by the improving rule), `history_shift` (the
    /// history count's weight in the move order is 2^-shift), `policy_lmr`, `policy_prune` and
    /// `policy_prune_depth` (reduce or prune by the learned move scores, `Selectivity`), `futility` and
    /// `futility_depth`, `block4` (0: a move that only takes the opponent's plain four point is
    /// never reduced or pruned, the rule before strength log change 124), `fhr` (the fail-high
    /// reduction's margin a ply; 0: none, the search before change 135), `rapfi_lmr` (hundredths of
    /// Rapfi's reductions of every move, strength log change 148; 0: Expert's plain ones), `cut_reduction`
    /// (tenths of a ply more at expected cut nodes), `frac_depth` (1: with `rapfi_lmr`, depth in
    /// hundredths of a ply, change 149) and its extensions in hundredths, `block_ext` (the block
    /// of a five), `tt_ext_pv` and `tt_ext` (the table move on and off a principal line).
    #[doc(hidden)]
    pub fn set_tuning(&mut self, key: &str, value: i32) -> Result<(), String> {
        let index = |prefix: &str, len: usize| -> Option<usize> {
            key.strip_prefix(prefix)?
                .parse::<usize>()
                .ok()
                .filter(|&i| i < len)
        };
        if let Some(i) = index("line.", self.weights.line.len()) {
            self.weights.line[i] = value;
        } else if let Some(i) = index("class.", self.weights.class.len()) {
            self.weights.class[i] = value;
        } else if key == "attack" {
            self.weights.attack_num = value;
        } else if key == "tempo" {
            self.weights.tempo = value;
        } else if key == "double_three" {
            self.weights.double_three_bonus = value;
        } else if [
            "width",
            "leaf_vcf",
            "lmr",
            "weakness",
            "max_depth",
            "root_vcf",
            "root_vct",
            "cutoff",
            "learned",
            "net",
            "quiesce",
            "pace",
            "pace_drop",
            "rfp_depth",
            "rfp_margin",
            "lmp_depth",
            "lmp_base",
            "lmp_per_ply",
            "lmr_log",
            "iir",
            "razor",
            "vcf_near",
            "qwidth",
            "qdefend",
            "vcf_first",
            "vcf_thin",
            "quiesce_thin",
            "policy",
            "policy_add",
            "improving_rfp",
            "improving_lmp",
            "history_shift",
            "policy_lmr",
            "policy_prune",
            "policy_prune_depth",
            "futility",
            "futility_depth",
            "block4",
            "fhr",
            "rapfi_lmr",
            "cut_reduction",
            "frac_depth",
            "block_ext",
            "tt_ext_pv",
            "tt_ext",
        ]
        .contains(&key)
        {
            self.tuning.push((key.to_string(), value));
        } else {
            return Err(format!("unknown tuning key {key:?}"));
        }
        Ok(())
    }

    /// The level's way of searching under `rule`, with the tuning keys applied last.
    fn style(&self, rule: Rule) -> Style {
        let mut style = Style::of(self.level);
        style.candidates = self.candidates;
        style.config.selectivity = Selectivity::for_rule(rule);
        style.config.black_must_move = self.black_must_move;
        for (k, v) in &self.tuning {
            match k.as_str() {
                "width" => style.config.width = (*v).max(1) as usize,
                "leaf_vcf" => style.config.leaf_vcf_depth = *v,
                "lmr" => style.config.lmr = *v != 0,
                "weakness" => style.weakness = *v,
                "max_depth" => style.max_depth = (*v).max(1),
                "root_vcf" => style.root_vcf_depth = *v,
                "root_vct" => style.root_vct_depth = *v,
                "cutoff" => style.iteration_cutoff = (*v).clamp(1, 100) as u32,
                "learned" => style.config.learned_eval = *v != 0,
                "net" => style.config.hidden_layer = *v != 0,
                "quiesce" => style.config.quiesce = (*v).max(0),
                "pace" => style.adaptive_pace = *v != 0,
                "pace_drop" => style.pace_drop = (*v).max(0),
                "rfp_depth" => style.config.selectivity.rfp_depth = *v,
                "rfp_margin" => style.config.selectivity.rfp_margin = *v,
                "policy" => style.config.selectivity.policy_weight = *v,
                "policy_add" => style.config.selectivity.policy_add = *v != 0,
                "improving_rfp" => style.config.selectivity.improving_rfp = *v != 0,
                "improving_lmp" => style.config.selectivity.improving_lmp = *v != 0,
                "policy_lmr" => style.config.selectivity.policy_lmr = (*v).max(0),
                "policy_prune" => style.config.selectivity.policy_prune = (*v).max(0),
                "policy_prune_depth" => style.config.selectivity.policy_prune_depth = *v,
                "futility" => style.config.selectivity.futility_margin = (*v).max(0),
                "futility_depth" => style.config.selectivity.futility_depth = *v,
                "block4" => style.config.selectivity.quiet_four_blocks = *v != 0,
                "fhr" => style.config.selectivity.fail_high_margin = (*v).max(0),
                "rapfi_lmr" => style.config.selectivity.rapfi_lmr = (*v).max(0),
                "cut_reduction" => style.config.selectivity.cut_reduction = (*v).max(0),
                "frac_depth" => style.config.selectivity.frac_depth = *v != 0,
                "block_ext" => style.config.selectivity.block_ext = (*v).clamp(0, 100),
                "tt_ext_pv" => style.config.selectivity.tt_ext_pv = (*v).clamp(0, 100),
                "tt_ext" => style.config.selectivity.tt_ext = (*v).clamp(0, 100),
                "history_shift" => {
                    style.config.selectivity.history_shift = (*v).clamp(0, 20) as u32
                }
                "lmp_depth" => style.config.selectivity.lmp_depth = *v,
                "lmp_base" => style.config.selectivity.lmp_base = (*v).max(1) as usize,
                "lmp_per_ply" => style.config.selectivity.lmp_per_ply = (*v).max(0) as usize,
                "lmr_log" => style.config.selectivity.lmr_log = *v,
                "iir" => style.config.selectivity.iir_depth = (*v).max(0),
                "razor" => style.config.selectivity.razor_margin = (*v).max(0),
                "vcf_near" => style.config.leaf_vcf_near = *v != 0,
                "qwidth" => style.config.selectivity.quiesce_width = (*v).max(0) as usize,
                "qdefend" => {
                    style.config.selectivity.quiesce_defence = QuiesceDefence::from_key(*v)
                }
                "vcf_first" => style.config.selectivity.vcf_first_near = *v != 0,
                "vcf_thin" => style.config.selectivity.vcf_thin = *v != 0,
                "quiesce_thin" => style.config.selectivity.quiesce_thin = *v != 0,
                _ => {}
            }
        }
        style
    }

    /// Chooses a move for `to_move`. `None` only when there is no legal move.
    pub fn choose_move(
        &mut self,
        board: &crate::Board,
        to_move: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        let start = Instant::now();
        let sb = self.search_board(board);
        // The match judges' reading: an overline that also makes a five is not played either.
        let exact = |_: &SearchBoard, _: Cell, pos: Pos| -> bool {
            crate::forbidden_in_match(board, pos).is_some()
        };
        self.think(sb, to_move, limits, stop, start, &exact)
    }

    /// The best move for the side to move, at full strength, and why.
    pub fn hint(
        &mut self,
        board: &crate::Board,
        to_move: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Hint> {
        let level = self.level;
        self.level = Level::Expert;
        let t = self.choose_move(board, to_move, limits, stop);
        self.level = level;
        t.map(|t| Hint {
            pos: t.pos,
            reason: t.reason,
        })
    }

    fn search_board(&self, board: &crate::Board) -> SearchBoard {
        let mut weights = self.weights.clone();
        // Learned evaluation hook: the tables are trained for five in a row, freestyle and renju.
        let v = board.variant();
        let style = self.style(v.rule());
        weights.learned = (style.config.learned_eval
            && v.win_len() == 5
            && learned::table_for(v.rule()).is_some())
        .then_some(v.rule());
        weights.hidden_layer = style.config.hidden_layer;
        let mut sb = SearchBoard::new(v, weights);
        for (pos, color) in board.stones() {
            let c = sb.cell(pos);
            sb.play(c, color);
        }
        sb.history.clear();
        sb
    }

    /// The search proper, on a prepared search board. `exact_forbidden` is the rules' renju
    /// check as match judges read it, used for every move black actually plays. Phases in order:
    /// tiny boards, the first move, the static fives, the root's forced wins (open four, VCF,
    /// VCT), then iterative deepening over the root moves and the level's pick among them.
    pub(crate) fn think(
        &mut self,
        mut sb: SearchBoard,
        me: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        start: Instant,
        exact_forbidden: &dyn Fn(&SearchBoard, Cell, Pos) -> bool,
    ) -> Option<Thought> {
        let style = self.style(sb.variant().rule());
        self.candidate_scores.clear();
        let renju_black = sb.has_forbidden(me);
        let legal = |sb: &SearchBoard, c: Cell| {
            sb.is_empty(c) && !(renju_black && exact_forbidden(sb, c, sb.pos(c)))
        };

        if sb.is_full() {
            return None;
        }
        if sb.board_cells.len() <= small::MAX_CELLS
            && let Some(t) = self.think_small(&mut sb, me, &style)
        {
            return Some(t);
        }
        if sb.stone_count() == 0 {
            return Some(self.opening_move(&sb, &style));
        }
        let must_block = match static_fives(&sb, me, &legal) {
            Fives::Play(t) => return Some(t),
            Fives::Threatened(n) => n > 0,
        };
        let budget = Budget::new(limits, &style, start);
        let bytes = self.tt_bytes;
        let (tt, vcf_tt) = &*self.tables.get_or_insert_with(|| {
            (
                Table::new(bytes / 8 * 7),
                VcfTable::new((bytes / 8).max(1 << 16)),
            )
        });
        tt.new_search();
        let mut s = Searcher::new(
            sb,
            tt,
            vcf_tt,
            stop,
            Some(budget.deadline()),
            budget.max_nodes,
            style.config,
        );
        if !must_block && !style.static_only {
            if let Some(t) = root_forced_win(&mut s, me, &style, &legal) {
                return Some(t);
            }
            if let Some(t) = root_vct(&mut s, me, &style, &budget, &legal) {
                return Some(t);
            }
        }

        let mut roots = match root_moves(&mut s, me, &style, &legal) {
            Ok(roots) => roots,
            Err(t) => return t,
        };
        let threads = if self.level == Level::Expert {
            self.threads
        } else {
            1
        };
        let mut result = if style.static_only {
            static_scores(&mut s, &mut roots, me)
        } else {
            deepen_with_helpers(&mut s, &mut roots, me, &style, &budget, threads)
        };
        self.candidate_scores = std::mem::take(&mut result.candidates)
            .into_iter()
            .map(|(c, score)| (s.b.pos(c), score))
            .collect();
        Some(pick_move(&s, roots, me, &style, result, &mut self.rng))
    }

    /// The first stone of the game: the centre (weak levels vary it by one point).
    fn opening_move(&mut self, sb: &SearchBoard, style: &Style) -> Thought {
        let center = sb.cell(sb.variant().center());
        let c = if style.weakness > 0 {
            let (dx, dy) = (self.rng.below(3) as i32 - 1, self.rng.below(3) as i32 - 1);
            sb.variant()
                .center()
                .offset(dx, dy, 1, sb.size() as u8)
                .map(|p| sb.cell(p))
                .unwrap_or(center)
        } else {
            center
        };
        simple(sb, c, 0, MoveReason::Opening)
    }

    /// Tiny boards: exact scores, then the level's randomness (weak levels still win in one and block).
    fn think_small(&mut self, sb: &mut SearchBoard, me: Color, style: &Style) -> Option<Thought> {
        let mut solver = small::Solver::new(20_000_000);
        let scored = solver.score_moves(sb, me)?;
        let best = scored.iter().map(|m| m.1).max()?;
        let win_now = scored.iter().find(|m| m.1 == 99).map(|m| m.0);
        // A move that stops the opponent's immediate win.
        let threat = {
            let mut block = None;
            for &(c, _) in &scored {
                sb.play(c, me.opponent());
                let wins = sb.is_five_at(c, me.opponent());
                sb.undo();
                if wins {
                    block = Some(c);
                    break;
                }
            }
            block
        };
        let c = if let Some(c) = win_now {
            c
        } else if let Some(c) = threat.filter(|_| style.weakness > 0) {
            c
        } else if style.weakness == 0 || (style.weakness < 100 && self.rng.below(2) == 0) {
            let bests: Vec<Cell> = scored.iter().filter(|m| m.1 == best).map(|m| m.0).collect();
            bests[self.rng.below(bests.len() as u64) as usize]
        } else {
            scored[self.rng.below(scored.len() as u64) as usize].0
        };
        let score = scored.iter().find(|m| m.0 == c).map_or(0, |m| m.1);
        let reason = if score == 99 {
            MoveReason::MakeFive
        } else if Some(c) == threat {
            MoveReason::BlockFive
        } else if score > 0 {
            MoveReason::ForcedWin(((100 - score) as u32).div_ceil(2))
        } else {
            MoveReason::GoodShape
        };
        Some(Thought {
            pos: sb.pos(c),
            score: if score > 0 {
                WIN - (100 - score)
            } else if score < 0 {
                -WIN + (100 + score)
            } else {
                0
            },
            depth: sb.board_cells.len() as u32,
            nodes: solver.nodes,
            pv: vec![sb.pos(c)],
            reason,
        })
    }
}

/// Whether a cell may be played by the side to move (empty, and not forbidden for renju black).
type Legal<'a> = dyn Fn(&SearchBoard, Cell) -> bool + 'a;

/// A move found without search.
fn simple(sb: &SearchBoard, c: Cell, score: i32, reason: MoveReason) -> Thought {
    Thought {
        pos: sb.pos(c),
        score,
        depth: 0,
        nodes: 0,
        pv: vec![sb.pos(c)],
        reason,
    }
}

/// What the static five check decided.
enum Fives {
    /// Make five, or block the opponent's.
    Play(Thought),
    /// No five to make or block; the opponent's five points (all unplayable when > 0).
    Threatened(usize),
}

/// Five now, or the only block of the opponent's five.
fn static_fives(sb: &SearchBoard, me: Color, legal: &Legal<'_>) -> Fives {
    let mut cells = Vec::new();
    sb.five_cells(me, &mut cells);
    if let Some(&c) = cells.iter().find(|&&c| legal(sb, c)) {
        return Fives::Play(simple(sb, c, WIN - 1, MoveReason::MakeFive));
    }
    sb.five_cells(me.opponent(), &mut cells);
    let must_block = cells.len();
    if let Some(&c) = cells.iter().find(|&&c| legal(sb, c)) {
        let score = if must_block > 1 { -(WIN - 2) } else { 0 };
        return Fives::Play(simple(sb, c, score, MoveReason::BlockFive));
    }
    Fives::Threatened(must_block)
}

/// The time and node budget of one move.
struct Budget {
    start: Instant,
    /// Think time minus a safety margin: the search stops here.
    total: Duration,
    /// What the move is meant to take (at most `total`): iterations are paced by it.
    meant: Duration,
    max_nodes: u64,
    max_depth: i32,
}

impl Budget {
    fn new(limits: &SearchLimits, style: &Style, start: Instant) -> Budget {
        // Stop a little early (a tenth, at most 50 ms) so that a busy machine's scheduling delays do
        // not push the answer past the caller's limit.
        let total = limits.think_time - (limits.think_time / 10).min(Duration::from_millis(50));
        Budget {
            start,
            total,
            meant: limits.optimum.map_or(total, |meant| meant.min(total)),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_depth: limits
                .max_depth
                .map_or(style.max_depth, |d| (d as i32).clamp(1, style.max_depth)),
        }
    }

    fn deadline(&self) -> Instant {
        self.start + self.total
    }
}

/// An open four to make, or a win by continuous fours from the root.
fn root_forced_win(
    s: &mut Searcher<'_>,
    me: Color,
    style: &Style,
    legal: &Legal<'_>,
) -> Option<Thought> {
    let mut flex = Vec::new();
    s.b.find_all(me, C_FLEX4, &mut flex);
    if let Some(&c) = flex.iter().find(|&&c| legal(&s.b, c)) {
        return Some(simple(&s.b, c, WIN - 3, MoveReason::MakeOpenFour));
    }
    if style.root_vcf_depth > 0
        && shortest_vcf(s, me, style.root_vcf_depth)
        && let Some(&c) = s.vcf_line.first().filter(|&&c| legal(&s.b, c))
    {
        let n = s.vcf_len;
        let pv = s.vcf_line.iter().map(|&c| s.b.pos(c)).collect();
        return Some(Thought {
            pos: s.b.pos(c),
            score: WIN - 2 * n as i32 + 1,
            depth: 2 * n - 1,
            nodes: s.nodes,
            pv,
            reason: MoveReason::ForcedWinFours(n),
        });
    }
    s.aborted = false;
    None
}

/// Whether `me` wins by continuous fours within `depth`; if so, the shortest such line is left in
/// `s.vcf_line`. The first line a search finds may be longer than needed, and then a hint followed
/// move by move would not count down ("win in 4, 4, 5, 3"), so once a win is known the depth grows
/// one move at a time until the shortest line appears.
fn shortest_vcf(s: &mut Searcher<'_>, me: Color, depth: i32) -> bool {
    if !s.vcf(me, depth, false) {
        return false;
    }
    (1..=depth + 1).any(|d| !s.aborted && s.vcf(me, d, true))
}

/// A win by threats (fours and threes) from the root, within a quarter of the budget at most: a
/// threat win is decisive, but rare.
fn root_vct(
    s: &mut Searcher<'_>,
    me: Color,
    style: &Style,
    budget: &Budget,
    legal: &Legal<'_>,
) -> Option<Thought> {
    if style.root_vct_depth <= 0 {
        return None;
    }
    let saved = (s.deadline, s.max_nodes);
    s.deadline = Some(budget.start + budget.meant.mul_f32(0.25));
    s.max_nodes = s.nodes.saturating_add(budget.max_nodes / 4);
    for d in 2..=style.root_vct_depth {
        if s.vct(me, d, 0) {
            if let Some(&c) = s.vcf_line.first().filter(|&&c| legal(&s.b, c)) {
                return Some(Thought {
                    pos: s.b.pos(c),
                    score: WIN - 2 * (d + 2) + 1,
                    depth: d as u32,
                    nodes: s.nodes,
                    pv: vec![s.b.pos(c)],
                    // The threat search proves the win but does not measure its length.
                    reason: MoveReason::ForcedWinThreats,
                });
            }
            break;
        }
        if s.aborted {
            break;
        }
    }
    (s.deadline, s.max_nodes) = saved;
    s.aborted = false;
    None
}

/// The root moves: the search's own candidates, filtered by the exact rules and cut to the level's
/// width. `Err` holds the answer when there is nothing to search: any legal move (a lost position),
/// or `None` when no move is legal at all.
fn root_moves(
    s: &mut Searcher<'_>,
    me: Color,
    style: &Style,
    legal: &Legal<'_>,
) -> Result<Vec<RootMove>, Option<Thought>> {
    let mut cands = Vec::new();
    s.generate(me, 0, 0, &mut cands);
    let mut roots: Vec<RootMove> = cands
        .iter()
        .filter(|&&(c, _)| legal(&s.b, c))
        .map(|&(c, _)| RootMove {
            cell: c,
            score: -WIN,
            exact: false,
        })
        .collect();
    if roots.is_empty() {
        let any = s.b.board_cells.iter().copied().find(|&c| legal(&s.b, c));
        return Err(any.map(|c| simple(&s.b, c, -WIN, MoveReason::LosingAnyway)));
    }
    roots.truncate(style.root_width);
    Ok(roots)
}

/// What the search of the root moves found.
struct RootResult {
    depth_done: i32,
    best_score: i32,
    pv: Vec<Cell>,
    /// With `Style::candidates`: the best exactly scored roots of the last finished iteration.
    candidates: Vec<(Cell, i32)>,
}

/// Low's one-move look: every root move scored by the static evaluation after it.
fn static_scores(s: &mut Searcher<'_>, roots: &mut [RootMove], me: Color) -> RootResult {
    let opp = me.opponent();
    for r in roots.iter_mut() {
        s.b.play(r.cell, me);
        r.score = -s.b.evaluate(opp);
        if s.b.count(me, C_FIVE) > 0 && s.b.count(opp, C_FIVE) == 0 {
            r.score += 200;
        }
        s.b.undo();
        r.exact = true;
    }
    RootResult {
        depth_done: 1,
        best_score: 0,
        pv: Vec::new(),
        candidates: Vec::new(),
    }
}

/// Lazy SMP: `threads - 1` helpers deepen the same root on their own boards and share only the
/// tables with the main search. What they store there (bounds, best moves, refuted VCFs) steers and
/// shortens the main search, which alone decides the move. Odd helpers start one ply deeper, so
/// the threads are not all on the same iteration.
fn deepen_with_helpers(
    s: &mut Searcher<'_>,
    roots: &mut [RootMove],
    me: Color,
    style: &Style,
    budget: &Budget,
    threads: usize,
) -> RootResult {
    if threads <= 1 {
        return deepen(s, roots, me, style, budget, Role::Main);
    }
    // Raised when the main search is done; the helpers' own stop flag.
    let done = AtomicBool::new(false);
    let (tt, vcf_tt, deadline, config) = (s.tt, s.vcf_tt, s.deadline, s.config);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|k| {
                let mut h = Searcher::new(
                    s.b.clone(),
                    tt,
                    vcf_tt,
                    &done,
                    deadline,
                    budget.max_nodes,
                    config,
                );
                let mut roots = roots.to_vec();
                scope.spawn(move || {
                    deepen(&mut h, &mut roots, me, style, budget, Role::Helper(k));
                    h.nodes
                })
            })
            .collect();
        let result = deepen(s, roots, me, style, budget, Role::Main);
        done.store(true, Ordering::Relaxed);
        for h in helpers {
            // A helper that panicked only loses its node count: the main search decided alone.
            s.nodes += h.join().unwrap_or(0);
        }
        result
    })
}

/// Which thread of a search runs an iterative deepening.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Decides the move and keeps the time.
    Main,
    /// Fills the shared tables until the main search is done (the helper's number, from 1).
    Helper(usize),
}

/// Iterative deepening over the root moves until the budget, a proven result or the level's depth.
fn deepen(
    s: &mut Searcher<'_>,
    roots: &mut [RootMove],
    me: Color,
    style: &Style,
    budget: &Budget,
    role: Role,
) -> RootResult {
    let mut result = RootResult {
        depth_done: 0,
        best_score: 0,
        pv: Vec::new(),
        candidates: Vec::new(),
    };
    let first_depth = match role {
        Role::Main => 1,
        Role::Helper(k) => 1 + (k % 2) as i32,
    };
    let mut pace = Pace::new(style.iteration_cutoff, style.adaptive_pace, style.pace_drop);
    for depth in first_depth..=budget.max_depth.max(first_depth) {
        let score = if s.config.aspiration
            && depth > 3
            && result.depth_done > 0
            && result.best_score.abs() < WIN_MIN
        {
            aspiration_search(s, roots, depth, me, result.best_score, exact_roots(style))
        } else {
            s.search_root(roots, depth, me, exact_roots(style), (-pvs::INF, pvs::INF))
        };
        if s.aborted {
            break;
        }
        result.depth_done = depth;
        result.best_score = score;
        result.pv = s.pv_line().to_vec();
        if style.candidates > 0 {
            result.candidates = rank_candidates(roots, style.candidates);
        }
        if score.abs() >= WIN_MIN || roots.len() == 1 {
            break;
        }
        // Another iteration costs several times this one: do not start what cannot finish (a
        // helper's unfinished iteration still fills the tables until the main search is done).
        pace.record(roots[0].cell, score);
        if role == Role::Main && !pace.may_deepen(budget.start.elapsed(), budget.meant) {
            break;
        }
    }
    if let Some(&(best, _)) = result.candidates.first() {
        // An unfinished last iteration may have put another root in front; analysis reports the
        // finished iteration's candidates, so its move must be their best.
        if let Some(i) = roots.iter().position(|r| r.cell == best) {
            roots[..=i].rotate_right(1);
        }
    }
    if result.depth_done == 0 {
        // Not even depth 1 finished: take the ordering's favourite.
        result.best_score = roots[0].score;
    }
    result
}

/// How many leading root moves a root search scores exactly: all for the weak levels' pick, the
/// analysis candidates, or none beyond the best.
fn exact_roots(style: &Style) -> usize {
    if style.all_exact {
        usize::MAX
    } else {
        style.candidates
    }
}

/// The best `n` exactly scored root moves, best first; the roots are left in that order (the others
/// after them, as they were), so the next iteration scores the same candidates exactly.
fn rank_candidates(roots: &mut [RootMove], n: usize) -> Vec<(Cell, i32)> {
    roots.sort_by_key(|r| std::cmp::Reverse(if r.exact { r.score } else { i32::MIN }));
    roots
        .iter()
        .take_while(|r| r.exact)
        .take(n)
        .map(|r| (r.cell, r.score))
        .collect()
}

/// Half the first aspiration window, in evaluation units; each failure widens it fourfold.
const ASPIRATION_DELTA: i32 = 60;

/// A root search in a narrow window around `guess` (the last iteration's score), widened on the
/// failing side until the score falls inside: most iterations confirm the last score, and a narrow
/// window cuts more.
fn aspiration_search(
    s: &mut Searcher<'_>,
    roots: &mut [RootMove],
    depth: i32,
    me: Color,
    guess: i32,
    exact: usize,
) -> i32 {
    let mut delta = ASPIRATION_DELTA;
    let (mut lo, mut hi) = (guess - delta, guess + delta);
    loop {
        let score = s.search_root(roots, depth, me, exact, (lo, hi));
        if s.aborted || (score > lo && score < hi) {
            return score;
        }
        delta *= 4;
        // Past a few hundred units the window is no help: open that side fully.
        let side = |bound: i32| if delta > 1_000 { None } else { Some(bound) };
        if score <= lo {
            lo = side(guess - delta).unwrap_or(-pvs::INF);
        } else {
            hi = side(guess + delta).unwrap_or(pvs::INF);
        }
    }
}

/// The move to play: the best root move, or the level's weighted pick among the scored ones.
fn pick_move(
    s: &Searcher<'_>,
    mut roots: Vec<RootMove>,
    me: Color,
    style: &Style,
    result: RootResult,
    rng: &mut Rng,
) -> Thought {
    let chosen = if style.weakness > 0 {
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        if std::env::var("TENGEN_DEBUG").is_ok() {
            eprintln!(
                "roots {:?}",
                roots
                    .iter()
                    .map(|r| (s.b.pos(r.cell), r.score, r.exact))
                    .collect::<Vec<_>>()
            );
        }
        skill::pick(&roots, style.weakness, rng)
    } else {
        0
    };
    let c = roots[chosen].cell;
    let score = if chosen == 0 && !style.static_only {
        result.best_score
    } else {
        roots[chosen].score
    };
    let mut pv = result.pv;
    if pv.first() != Some(&c) {
        pv = vec![c];
    }
    let reason = hint::reason(&s.b, me, c, score);
    Thought {
        pos: s.b.pos(c),
        score,
        depth: result.depth_done as u32,
        nodes: s.nodes,
        pv: pv.iter().map(|&c| s.b.pos(c)).collect(),
        reason,
    }
}

/// A fresh Expert searcher on `board` with a node budget, for the suite tools' analyses below.
fn analyse<R>(board: &crate::Board, max_nodes: u64, f: impl FnOnce(&mut Searcher<'_>) -> R) -> R {
    let ai = Ai::new(Level::Expert, 0);
    let stop = AtomicBool::new(false);
    let tt = Table::new(1 << 16);
    let vt = VcfTable::new(1 << 20);
    let mut s = Searcher::new(
        ai.search_board(board),
        &tt,
        &vt,
        &stop,
        None,
        max_nodes,
        Config::default(),
    );
    f(&mut s)
}

/// Tactical analysis for the suite tools: every first move of a win by continuous fours for
/// `to_move` (empty when there is none within the node budget).
#[doc(hidden)]
pub fn vcf_first_moves(board: &crate::Board, to_move: Color, max_nodes: u64) -> Vec<Pos> {
    analyse(board, max_nodes, |s| vcf_first_moves_in(s, board, to_move))
}

fn vcf_first_moves_in(s: &mut Searcher<'_>, board: &crate::Board, to_move: Color) -> Vec<Pos> {
    let opp = to_move.opponent();
    let mut out = Vec::new();
    let mut cells = Vec::new();
    s.b.five_cells(to_move, &mut cells);
    if !cells.is_empty() {
        return cells.iter().map(|&c| s.b.pos(c)).collect();
    }
    s.b.five_cells(opp, &mut cells);
    let fours: Vec<Cell> =
        s.b.board_cells
            .iter()
            .copied()
            .filter(|&c| {
                s.b.is_empty(c)
                    && matches!(
                        s.b.class(to_move, c),
                        pattern::C_FOUR | pattern::C_FOUR_THREE | pattern::C_FLEX4
                    )
                    && (cells.is_empty() || cells == [c])
                    && crate::forbidden(board, s.b.pos(c)).is_none_or(|_| to_move == Color::White)
            })
            .collect();
    let mut fives = Vec::new();
    for c in fours {
        s.b.play(c, to_move);
        s.b.five_cells(to_move, &mut fives);
        let wins = match fives.len() {
            0 => false,
            1 => {
                let d = fives[0];
                if s.b.has_forbidden(opp) && s.b.is_forbidden(opp, d) {
                    true
                } else {
                    s.b.play(d, opp);
                    let w = s.vcf(to_move, 40, false);
                    s.b.undo();
                    w
                }
            }
            _ => true,
        };
        s.b.undo();
        if wins {
            out.push(s.b.pos(c));
        }
    }
    out
}

/// Tactical analysis for the suite tools: when `to_move` cannot make a four and the opponent has a
/// win by continuous fours, the moves that leave the opponent none. `None` when the position is not
/// of that kind.
#[doc(hidden)]
pub fn vcf_defences(board: &crate::Board, to_move: Color, max_nodes: u64) -> Option<Vec<Pos>> {
    analyse(board, max_nodes, |s| vcf_defences_in(s, board, to_move))
}

fn vcf_defences_in(s: &mut Searcher<'_>, board: &crate::Board, to_move: Color) -> Option<Vec<Pos>> {
    let opp = to_move.opponent();
    if s.b.has_four_move(to_move) || s.b.has_four_move(opp) && s.b.count(opp, C_FIVE) > 0 {
        return None;
    }
    if !s.vcf(opp, 40, false) || s.aborted {
        return None;
    }
    let mut out = Vec::new();
    let cands: Vec<Cell> =
        s.b.board_cells
            .iter()
            .copied()
            .filter(|&c| s.b.is_empty(c))
            .collect();
    for c in cands {
        if to_move == Color::Black && crate::forbidden(board, s.b.pos(c)).is_some() {
            continue;
        }
        s.b.play(c, to_move);
        let lost = s.b.count(opp, pattern::C_FLEX4) > 0 || s.vcf(opp, 40, false);
        s.b.undo();
        if s.aborted {
            return None;
        }
        if !lost {
            out.push(s.b.pos(c));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
