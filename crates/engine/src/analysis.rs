//! Analysis for review and study: the engine's score and best move for any position, and the score
//! read as a win probability. Uses the public search (an Expert [`Ai`]), so it gets stronger with it.
//!
//! Win probability, for the side to move: a proven win is 100 %, a proven loss 0 %; any other score
//! `s` (evaluation units, where an open four's shape is worth about 200) is the logistic
//! `1 / (1 + e^(-s / 200))`, so 0 is 50 %, ±200 is 73 % / 27 % and ±600 is 95 % / 5 %.
//!
//! Live analysis ([`Analyst::study`]) analyses one position again and again with growing limits,
//! keeping its tables, and reports after every round, with the best few candidate moves scored
//! exactly, until the rounds run out or its stop flag is raised.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Board;
use crate::core::{Color, Pos};
use crate::game::{Game, Outcome};
use crate::search::{Ai, Level, MoveReason, SearchLimits};

/// Scores at or beyond this are proven wins (losses below its negative): the search's mate range.
pub const PROVEN_SCORE: i32 = 19_000;

/// The logistic's scale in evaluation units: a score of this much is a 73 % chance.
pub const WIN_PROBABILITY_SCALE: f64 = 200.0;

/// How many forced blocks in a row an analysis looks through (see [`Analyst::analyse`]).
const FORCED_REPLIES: usize = 8;

/// What the engine thinks of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The engine's move for the side to move.
    pub best: Pos,
    /// From the side to move's point of view; beyond ±[`PROVEN_SCORE`] a forced win or loss.
    pub score: i32,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Pos>,
    /// Search depth reached and nodes searched (forced blocks looked through included).
    pub depth: u32,
    pub nodes: u64,
    /// With [`Analyst::for_study`]: the best few moves and their scores (side to move's view), best
    /// first. Empty when the move was found without comparing moves (a five, a block, a forced win).
    pub candidates: Vec<(Pos, i32)>,
}

impl Analysis {
    /// The side to move's chance of winning, 0.0 to 1.0 (see the module notes for the scale).
    pub fn win_probability(&self) -> f64 {
        win_probability(self.score)
    }

    /// Whether the score is a proven win or loss, not an estimate.
    pub fn is_proven(&self) -> bool {
        self.score.abs() >= PROVEN_SCORE
    }
}

/// A score (side to move's view) as a win probability: 1.0 / 0.0 for a proven win / loss, else the
/// logistic of `score / 200`.
pub fn win_probability(score: i32) -> f64 {
    if score >= PROVEN_SCORE {
        1.0
    } else if score <= -PROVEN_SCORE {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / WIN_PROBABILITY_SCALE).exp())
    }
}

/// Analyses positions one after another at full strength, keeping what it learns (its tables) from
/// one position to the next, as a game review wants.
pub struct Analyst {
    ai: Ai,
    stop: Arc<AtomicBool>,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst::new()
    }
}

impl Analyst {
    /// A new analyst (Expert strength, fixed seed: the same limits give the same answers).
    pub fn new() -> Analyst {
        Analyst::with_stop(Arc::new(AtomicBool::new(false)))
    }

    /// An analyst whose searches end when `stop` is raised (from another thread): for analyses that
    /// run in the background and must end when the player moves on.
    pub fn with_stop(stop: Arc<AtomicBool>) -> Analyst {
        Analyst {
            ai: Ai::new(Level::Expert, 0x7E46E4),
            stop,
        }
    }

    /// An analyst for live study: `threads` search threads, the best `candidates` moves of every
    /// position scored exactly (see [`Analysis::candidates`]), stopped by `stop`.
    pub fn for_study(threads: usize, candidates: usize, stop: Arc<AtomicBool>) -> Analyst {
        let mut analyst = Analyst::with_stop(stop);
        analyst.ai.set_threads(threads);
        analyst.ai.set_candidates(candidates);
        analyst
    }

    /// Ends this analyst's searches with another flag from now on: each background analysis gets its
    /// own flag, raised when the player moves on, while the analyst (and its tables) serves the next.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// How many of the best moves each analysis scores exactly (see [`Analysis::candidates`]); 0, the
    /// default, scores the best move only, which is quicker.
    pub fn set_candidates(&mut self, candidates: usize) {
        self.ai.set_candidates(candidates);
    }

    /// Search threads for every analysis (all cores but one suit a game; the default is one).
    pub fn set_threads(&mut self, threads: usize) {
        self.ai.set_threads(threads);
    }

    /// Whether the stop flag is up: what was found since is incomplete.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Live analysis: analyses `to_move`'s position once per limits in `rounds`, each round deeper
    /// than the last (the tables are kept), and hands every finished round's analysis to `report`.
    /// Ends early when the stop flag is raised (the unfinished round is not reported) or when a round
    /// proves a win or loss (deeper rounds cannot change it). Returns how many rounds were reported.
    pub fn study(
        &mut self,
        board: &Board,
        to_move: Color,
        rounds: &[SearchLimits],
        mut report: impl FnMut(Analysis),
    ) -> usize {
        let mut reported = 0;
        for limits in rounds {
            if self.stopped() {
                break;
            }
            let Some(analysis) = self.analyse(board, to_move, limits) else {
                break;
            };
            if self.stopped() {
                break;
            }
            let proven = analysis.is_proven();
            report(analysis);
            reported += 1;
            if proven {
                break;
            }
        }
        reported
    }

    /// The score and best move for `to_move` on `board`, within `limits`. `None` when `to_move` has
    /// no legal move (a full board).
    ///
    /// When the only move is the block of the opponent's five, the search answers without scoring it;
    /// the analysis then plays the block and scores the position after it (up to a few blocks deep),
    /// so a lost position facing a chain of fours reads as lost, not as even.
    pub fn analyse(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
    ) -> Option<Analysis> {
        let (mut analysis, mut unscored) = self.think(board, to_move, limits)?;
        let mut line = board.clone();
        let mut mover = to_move;
        let mut sign = 1;
        let mut block = analysis.best;
        for _ in 0..FORCED_REPLIES {
            if !unscored {
                break;
            }
            line.place(block, mover);
            mover = mover.opponent();
            sign = -sign;
            let Some((next, next_unscored)) = self.think(&line, mover, limits) else {
                break;
            };
            analysis.score = sign * next.score;
            analysis.nodes += next.nodes;
            analysis.depth = analysis.depth.max(next.depth);
            analysis.pv.extend(next.pv.iter().copied());
            (block, unscored) = (next.best, next_unscored);
        }
        Some(analysis)
    }

    /// `line` played on from `start` after `moves`, continued by the analyst's own best move until a
    /// five ends it (or [`LINE_CAP`] moves): a proven line told to its end. A line the rules refuse is
    /// cut before the refused move.
    pub fn run_on(
        &mut self,
        start: &Game,
        moves: &[Pos],
        line: &[Pos],
        limits: &SearchLimits,
    ) -> Vec<Pos> {
        let mut game = start.clone();
        if moves.iter().any(|&pos| game.play(pos).is_err()) {
            return line.to_vec();
        }
        let mut out = Vec::with_capacity(LINE_CAP);
        for &pos in line.iter().take(LINE_CAP) {
            if game.play(pos).is_err() {
                return out;
            }
            out.push(pos);
        }
        while out.len() < LINE_CAP && !game.is_over() && !self.stopped() {
            let Some(next) = self.analyse(game.board(), game.to_move(), limits) else {
                break;
            };
            if game.play(next.best).is_err() {
                break;
            }
            out.push(next.best);
        }
        out
    }

    /// One search; the flag says the answer is a forced block whose score is only a placeholder.
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
    ) -> Option<(Analysis, bool)> {
        let thought = self.ai.choose_move(board, to_move, limits, &self.stop)?;
        let unscored = thought.reason == MoveReason::BlockFive
            && thought.depth == 0
            && thought.score.abs() < PROVEN_SCORE;
        let analysis = Analysis {
            best: thought.pos,
            score: thought.score,
            pv: thought.pv,
            depth: thought.depth,
            nodes: thought.nodes,
            candidates: self.ai.candidates().to_vec(),
        };
        Some((analysis, unscored))
    }
}

/// How good a move was, by how much it lowered the mover's win probability (in percentage points)
/// against the engine's best move. The thresholds are [`MoveClass::of`]'s; a move that lets the
/// opponent force a win where the best move did not is a blunder whatever the drop.
/// Ordered from best to worst, so `class >= MoveClass::Inaccuracy` picks the bad moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveClass {
    /// The engine's own choice, or a drop under 2 points.
    Best,
    /// A drop of 2 to under 10 points.
    Good,
    /// 10 to under 20 points.
    Inaccuracy,
    /// 20 to under 30 points.
    Mistake,
    /// 30 points or more.
    Blunder,
}

impl MoveClass {
    /// Every class, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move, from the mover's scores before it (with the best move) and after it.
    /// `engine_move` says the move was the engine's own choice, which is always `Best`. A move after
    /// which the opponent has a proven win, where the best move had none, is a `Blunder`; otherwise
    /// the drop in win probability decides.
    pub fn of(score_before: i32, score_after: i32, engine_move: bool) -> MoveClass {
        let points = (win_probability(score_before) - win_probability(score_after)) * 100.0;
        if engine_move {
            MoveClass::Best
        } else if score_after <= -PROVEN_SCORE && score_before > -PROVEN_SCORE {
            MoveClass::Blunder
        } else if points < 2.0 {
            MoveClass::Best
        } else if points < 10.0 {
            MoveClass::Good
        } else if points < 20.0 {
            MoveClass::Inaccuracy
        } else if points < 30.0 {
            MoveClass::Mistake
        } else {
            MoveClass::Blunder
        }
    }

    /// The lower-case name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

impl std::fmt::Display for MoveClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The review of one move of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 0-based index in the game's moves.
    pub index: usize,
    pub mover: Color,
    pub played: Pos,
    /// The engine's move in the position before (the better move when `class` is not `Best`).
    pub best: Pos,
    /// The mover's win probability before the move (with best play) and after it.
    pub before: f64,
    pub after: f64,
    /// The engine's scores behind them, from the mover's point of view.
    pub score_before: i32,
    pub score_after: i32,
    pub class: MoveClass,
    /// The engine's line from the position before, starting with `best`: for a bad move, what should
    /// have been played and what follows (a missed forced win to its five).
    pub better_line: Vec<Pos>,
    /// The opponent's line against the move played, from the position after it: for a bad move, how
    /// it is punished (a forced loss to its five). Empty after the game's last move.
    pub refutation: Vec<Pos>,
}

impl MoveReview {
    /// How much the move lowered the mover's win probability (never negative).
    pub fn drop(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }

    /// How accurate the move was, from 100 (no drop) down to 0: `103.17 · e^(−0.04354 · d) − 3.17`
    /// for a drop of `d` percentage points (the curve lichess uses), so a 5-point drop is 80, 10 is
    /// 64, 20 is 40 and 30 is 25.
    pub fn accuracy(&self) -> f64 {
        let points = self.drop() * 100.0;
        (103.1668 * (-0.04354 * points).exp() - 3.1669).clamp(0.0, 100.0)
    }
}

/// A player's accuracy over a review: the mean of their moves' [`MoveReview::accuracy`]; `None` when
/// they made no move.
pub fn accuracy(reviews: &[MoveReview], side: Color) -> Option<f64> {
    let mine: Vec<f64> = reviews
        .iter()
        .filter(|r| r.mover == side)
        .map(MoveReview::accuracy)
        .collect();
    (!mine.is_empty()).then(|| mine.iter().sum::<f64>() / mine.len() as f64)
}

/// Reviews every move of `game` (from its setup position, if any), analysing each position within
/// `limits`. `progress` is told how many positions of how many are done.
pub fn review_game(
    game: &Game,
    limits: &SearchLimits,
    progress: impl FnMut(usize, usize),
) -> Vec<MoveReview> {
    review_game_with(&mut Analyst::new(), game, limits, progress)
}

/// [`review_game`] with a given analyst (its threads, its stop flag). Once the analyst's stop flag is
/// raised the review ends early with the moves reviewed so far (possibly none): only a review that
/// ran to the end covers every move.
pub fn review_game_with(
    analyst: &mut Analyst,
    game: &Game,
    limits: &SearchLimits,
    mut progress: impl FnMut(usize, usize),
) -> Vec<MoveReview> {
    let moves = game.moves();
    let mut replay = game.clone();
    while replay.undo().is_some() {}
    // The position before each move, then the final one: each is the "after" of the move before it.
    let mut scores: Vec<Option<Analysis>> = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if analyst.stopped() {
            break;
        }
        let analysis = if replay.is_over() {
            None
        } else {
            analyst.analyse(replay.board(), replay.to_move(), limits)
        };
        scores.push(analysis);
        progress(i + 1, moves.len() + 1);
        if i < moves.len() && replay.play(moves[i]).is_err() {
            break;
        }
    }
    let mut reviews = reviews_of(game, &scores);
    complete_forced_lines(analyst, game, &mut reviews, limits);
    reviews
}

/// Every move's review from the analyses of the positions of `game`'s record: `scores[i]` is the
/// analysis of the position before move `i` (the last one after the last move; `None` where the
/// game was over). Stops at the first position without one, so a review cut short covers the
/// moves before it. Any analyst's scores will do: Tengen's own or an outside engine's.
pub fn reviews_of(game: &Game, scores: &[Option<Analysis>]) -> Vec<MoveReview> {
    let moves = game.moves();
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let Some(Some(before)) = scores.get(i) else {
            break;
        };
        let score_after = match scores.get(i + 1) {
            Some(Some(next)) => -next.score,
            // The move ended the game: a five is a win, a full board a draw.
            _ if i + 1 == moves.len() => match game.outcome() {
                Some(Outcome::Win { winner, .. }) if *winner == game.mover_of(i) => PROVEN_SCORE,
                Some(Outcome::Win { .. }) => -PROVEN_SCORE,
                _ => 0,
            },
            _ => break,
        };
        let (p_before, p_after) = (before.win_probability(), win_probability(score_after));
        reviews.push(MoveReview {
            index: i,
            mover: game.mover_of(i),
            played,
            best: before.best,
            before: p_before,
            after: p_after,
            score_before: before.score,
            score_after,
            class: MoveClass::of(before.score, score_after, played == before.best),
            better_line: before.pv.clone(),
            refutation: scores
                .get(i + 1)
                .and_then(Option::as_ref)
                .map(|after| after.pv.clone())
                .unwrap_or_default(),
        });
    }
    reviews
}

/// The most moves a line shown in the review runs to.
const LINE_CAP: usize = 30;

/// A bad move's lines, when they are forced wins, run on to the five: the search's line stops where
/// the win was proven, often moves before it. Each step asks the analyst again from the line's end.
fn complete_forced_lines(
    analyst: &mut Analyst,
    game: &Game,
    reviews: &mut [MoveReview],
    limits: &SearchLimits,
) {
    let moves = game.moves();
    let mut start = game.clone();
    while start.undo().is_some() {}
    for review in reviews
        .iter_mut()
        .filter(|r| r.class >= MoveClass::Inaccuracy)
    {
        if analyst.stopped() {
            return;
        }
        let before = &moves[..review.index];
        if review.score_before >= PROVEN_SCORE {
            review.better_line = analyst.run_on(&start, before, &review.better_line, limits);
        }
        if review.score_after <= -PROVEN_SCORE {
            let after = &moves[..=review.index];
            review.refutation = analyst.run_on(&start, after, &review.refutation, limits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Preset;

    #[test]
    fn win_probability_is_the_logistic_of_the_score_and_certain_when_proven() {
        assert_eq!(win_probability(0), 0.5);
        assert!((win_probability(200) - 0.731).abs() < 0.001);
        assert!((win_probability(-600) - 0.047).abs() < 0.001);
        assert_eq!(win_probability(PROVEN_SCORE), 1.0);
        assert_eq!(win_probability(-PROVEN_SCORE - 5), 0.0);
        assert!(win_probability(2_000) < 1.0);
    }

    #[test]
    fn accuracy_is_100_without_a_drop_and_falls_with_it() {
        let review = |mover, before: f64, after: f64| MoveReview {
            index: 0,
            mover,
            played: Pos::new(0, 0),
            best: Pos::new(0, 0),
            before,
            after,
            score_before: 0,
            score_after: 0,
            class: MoveClass::Best,
            better_line: Vec::new(),
            refutation: Vec::new(),
        };
        assert!((review(Color::Black, 0.6, 0.6).accuracy() - 100.0).abs() < 0.01);
        assert!((review(Color::Black, 0.6, 0.7).accuracy() - 100.0).abs() < 0.01);
        assert!((review(Color::Black, 0.6, 0.5).accuracy() - 64.0).abs() < 0.5);
        assert_eq!(review(Color::Black, 1.0, 0.0).accuracy(), 0.0);
        let game = [
            review(Color::Black, 0.5, 0.5),
            review(Color::White, 0.5, 0.2),
            review(Color::Black, 0.8, 0.7),
        ];
        let black = accuracy(&game, Color::Black).expect("black moved");
        assert!((black - (game[0].accuracy() + game[2].accuracy()) / 2.0).abs() < 1e-9);
        assert!(accuracy(&game, Color::White).expect("white moved") < 30.0);
        assert_eq!(accuracy(&game[..1], Color::White), None);
    }

    #[test]
    fn classes_follow_the_written_thresholds() {
        // Scores whose win probabilities differ by the given points: 0 is 50 %.
        let score_for = |p: f64| (-(1.0 / p - 1.0).ln() * WIN_PROBABILITY_SCALE).round() as i32;
        let class = |points: f64| MoveClass::of(0, score_for(0.5 - points / 100.0), false);
        assert_eq!(class(1.0), MoveClass::Best);
        assert_eq!(class(5.0), MoveClass::Good);
        assert_eq!(class(15.0), MoveClass::Inaccuracy);
        assert_eq!(class(25.0), MoveClass::Mistake);
        assert_eq!(class(35.0), MoveClass::Blunder);
        // The engine's own move is best whatever the numbers say; allowing a forced loss is a blunder.
        assert_eq!(MoveClass::of(0, -500, true), MoveClass::Best);
        assert_eq!(
            MoveClass::of(-900, -PROVEN_SCORE, false),
            MoveClass::Blunder
        );
        assert_eq!(
            MoveClass::of(-PROVEN_SCORE, -PROVEN_SCORE, false),
            MoveClass::Best
        );
    }

    #[test]
    fn a_proven_line_is_run_on_to_its_five() {
        // Black's open three on row 7, white's stones apart; black plays the open four.
        let moves = [(5, 7), (1, 1), (6, 7), (1, 3), (7, 7), (1, 5)].map(|(x, y)| Pos::new(x, y));
        let start = Game::new(Preset::Freestyle15.variant());
        let mut analyst = Analyst::new();
        let line = analyst.run_on(
            &start,
            &moves,
            &[Pos::new(8, 7)],
            &SearchLimits::nodes(2_000),
        );
        assert_eq!(line[0], Pos::new(8, 7));
        let mut game = start.clone();
        for &pos in moves.iter().chain(&line) {
            game.play(pos).expect("legal");
        }
        assert!(game.is_over(), "{line:?} ends in the five");
        assert_eq!(line.len(), 3, "open four, a block, the five: {line:?}");
    }

    /// A quiet middle game, white to move, with nothing forced.
    fn middle_game() -> Game {
        let moves = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 5), (6, 6)];
        let moves: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal moves")
    }

    #[test]
    fn study_reports_every_round_deeper_with_the_best_candidates_scored_and_sorted() {
        let game = middle_game();
        let stop = Arc::new(AtomicBool::new(false));
        let mut analyst = Analyst::for_study(1, 4, stop);
        let rounds: Vec<SearchLimits> = [2_000, 8_000, 32_000]
            .into_iter()
            .map(SearchLimits::nodes)
            .collect();
        let mut seen = Vec::new();
        let reported = analyst.study(game.board(), game.to_move(), &rounds, |a| seen.push(a));
        assert_eq!(reported, 3);
        assert_eq!(seen.len(), 3);
        assert!(seen[2].depth > seen[0].depth, "{seen:?}");
        for a in &seen {
            assert!(a.candidates.len() >= 2, "{a:?}");
            assert!(a.candidates.len() <= 4, "{a:?}");
            // Best first, with the analysis's own move and score at the top.
            assert_eq!(a.candidates[0], (a.best, a.score), "{a:?}");
            assert!(a.candidates.windows(2).all(|w| w[0].1 >= w[1].1), "{a:?}");
            let mut cells: Vec<Pos> = a.candidates.iter().map(|c| c.0).collect();
            cells.dedup();
            assert_eq!(cells.len(), a.candidates.len(), "{a:?}");
            assert!(a.candidates.iter().all(|&(p, _)| game.check(p).is_ok()));
            assert_eq!(a.pv.first(), Some(&a.best));
        }
    }

    #[test]
    fn candidates_are_only_scored_when_asked_for_and_do_not_change_the_move() {
        let game = middle_game();
        let limits = SearchLimits::nodes(20_000);
        let mut plain = Analyst::new();
        let a = plain
            .analyse(game.board(), game.to_move(), &limits)
            .expect("a move");
        assert!(a.candidates.is_empty());
        let mut ai = Ai::new(Level::Expert, 1);
        let stop = AtomicBool::new(false);
        let before = ai.choose_move(game.board(), game.to_move(), &limits, &stop);
        let mut fresh = Ai::new(Level::Expert, 1);
        fresh.set_candidates(0);
        let again = fresh.choose_move(game.board(), game.to_move(), &limits, &stop);
        assert_eq!(before, again, "the playing search is unchanged");
        assert!(fresh.candidates().is_empty());
    }

    #[test]
    fn a_raised_stop_flag_ends_study_and_review_early() {
        let game = middle_game();
        let stop = Arc::new(AtomicBool::new(true));
        let mut analyst = Analyst::for_study(1, 3, stop.clone());
        let rounds = [SearchLimits::nodes(1_000)];
        let mut seen = 0;
        assert_eq!(
            analyst.study(game.board(), game.to_move(), &rounds, |_| seen += 1),
            0
        );
        assert_eq!(seen, 0);
        let reviews = review_game_with(&mut analyst, &game, &rounds[0], |_, _| {});
        assert!(reviews.is_empty(), "{reviews:?}");
        // Lowered again, the same analyst reviews the whole game.
        stop.store(false, Ordering::Relaxed);
        let reviews = review_game_with(&mut analyst, &game, &rounds[0], |_, _| {});
        assert_eq!(reviews.len(), game.moves().len());
    }

    #[test]
    fn a_forced_block_is_scored_by_what_follows_it() {
        // Black has a four on row 7 (g8 white, l8 free) and an open three up the k column: white
        // must block l8, and then black's open four wins. The block is unscored by the search; the
        // analysis looks through it and finds white lost.
        let mut board = Board::new(Preset::Freestyle15.variant());
        for x in 7..11 {
            board.place(Pos::new(x, 7), Color::Black);
        }
        for y in [4, 5, 6] {
            board.place(Pos::new(12, y), Color::Black);
        }
        for p in [(6, 7), (0, 0), (0, 2), (0, 4), (0, 6), (14, 14)] {
            board.place(Pos::new(p.0, p.1), Color::White);
        }
        let mut analyst = Analyst::new();
        let a = analyst
            .analyse(&board, Color::White, &SearchLimits::nodes(20_000))
            .expect("a move");
        assert_eq!(a.best, Pos::new(11, 7));
        assert!(a.score <= -PROVEN_SCORE, "{a:?}");
        assert_eq!(a.win_probability(), 0.0);
    }
}
