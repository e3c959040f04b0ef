//! What an engine said of the position it thought about, read from its `MESSAGE` lines: its
//! evaluation, depth and best line, where it gives them. There is no standard for these lines;
//! the common shapes are read: Rapfi's ("Speed 1.2M | Depth 12-20 | Eval 45 | Node 2M | Time
//! 1000ms", "Bestline h8 i9 j10"; "+M15" for a win in 15), the UCI-like ones ("depth 12-20 ev 45
//! n 2M pv h8 i9") and Tengen's own ("depth 11 ev -57 nodes 1156551 ...").

use tengen_engine::{Analysis, PROVEN_SCORE, Pos};

use crate::line::{Said, SaidKind};

/// An engine's evaluation, from the side to move's point of view, in the engine's own units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// A score: positive is good for the side to move.
    Score(i32),
    /// A forced win in this many moves (plies where the engine counts so).
    Win(u32),
    /// A forced loss in this many moves.
    Loss(u32),
}

impl Eval {
    /// The evaluation on Tengen's analysis scale (see [`tengen_engine::win_probability`]): a
    /// forced win or loss beyond [`PROVEN_SCORE`], the shorter the further; a score as the engine
    /// gave it, kept short of that range. Rapfi's units are Tengen's (a score of 200 is a 73 %
    /// chance); other engines' may read as more or less sure than they are.
    pub fn score(self) -> i32 {
        // A win in more moves than this is still a win: it stays above the proven line.
        const LONGEST: i32 = 500;
        let moves = |n: u32| i32::try_from(n).unwrap_or(LONGEST).min(LONGEST);
        match self {
            Eval::Score(score) => score.clamp(1 - PROVEN_SCORE, PROVEN_SCORE - 1),
            Eval::Win(n) => PROVEN_SCORE + LONGEST - moves(n),
            Eval::Loss(n) => -(PROVEN_SCORE + LONGEST - moves(n)),
        }
    }
}

/// What the engine's words said of its last search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    pub eval: Option<Eval>,
    pub depth: Option<u32>,
    /// The best line, its first move first, in the protocol's coordinates.
    pub line: Vec<Pos>,
}

impl Verdict {
    /// Reads the `MESSAGE` lines in `said` (oldest first) of an engine on a board of side
    /// `size`: each fact is taken from the last line that gives it.
    pub fn read<'a>(said: impl IntoIterator<Item = &'a Said>, size: u8) -> Verdict {
        let mut verdict = Verdict::default();
        for said in said
            .into_iter()
            .filter(|said| said.kind == SaidKind::Message)
        {
            let line = read_message(&said.text, size);
            verdict.eval = line.eval.or(verdict.eval);
            verdict.depth = line.depth.or(verdict.depth);
            if !line.line.is_empty() {
                verdict.line = line.line;
            }
        }
        verdict
    }

    /// The analysis of the position asked about, where the engine answered `best`: its
    /// evaluation (even where it gave none), its line where it starts with `best` (else the move
    /// alone) and its depth. An engine says nothing of its other candidates or of its nodes.
    pub fn analysis(&self, best: Pos) -> Analysis {
        let pv = if self.line.first() == Some(&best) {
            self.line.clone()
        } else {
            vec![best]
        };
        Analysis {
            best,
            score: self.eval.map_or(0, Eval::score),
            pv,
            depth: self.depth.unwrap_or(0),
            nodes: 0,
            candidates: Vec::new(),
        }
    }

    /// Whether the lines gave anything at all.
    pub fn is_empty(&self) -> bool {
        self.eval.is_none() && self.depth.is_none() && self.line.is_empty()
    }
}

/// The facts one `MESSAGE` text gives.
fn read_message(text: &str, size: u8) -> Verdict {
    let tokens: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut verdict = Verdict::default();
    let mut i = 0;
    while i < tokens.len() {
        let next = tokens.get(i + 1).map(String::as_str).unwrap_or("");
        match tokens[i].as_str() {
            "depth" => verdict.depth = read_depth(next).or(verdict.depth),
            "ev" | "eval" | "score" => verdict.eval = read_eval(next).or(verdict.eval),
            "pv" | "bestline" => {
                verdict.line = tokens[i + 1..]
                    .iter()
                    .map_while(|t| read_point(t, size))
                    .collect();
            }
            _ => {}
        }
        i += 1;
    }
    if verdict.line.is_empty() && verdict.depth.is_some() {
        // Rapfi's search lines end with the line itself, unnamed: "... | Time 1038ms | H10 H7 F7".
        let trailing: Vec<Pos> = tokens
            .iter()
            .rev()
            .map_while(|t| read_point(t, size))
            .collect();
        if trailing.len() >= 2 {
            verdict.line = trailing.into_iter().rev().collect();
        }
    }
    verdict
}

/// `12` or `12-20` (depth and selective depth).
fn read_depth(token: &str) -> Option<u32> {
    token.split('-').next()?.parse().ok()
}

/// `45`, `-30`, `+m15`, `-m8` (a win or loss in so many moves; `+m*` unknown length).
fn read_eval(token: &str) -> Option<Eval> {
    let moves = |rest: &str| rest.parse().unwrap_or(0);
    if let Some(rest) = token.strip_prefix("+m").or_else(|| token.strip_prefix('m')) {
        return Some(Eval::Win(moves(rest)));
    }
    if let Some(rest) = token.strip_prefix("-m") {
        return Some(Eval::Loss(moves(rest)));
    }
    token.parse().ok().map(Eval::Score)
}

/// A point of a line: `h8` (a letter for x from `a`, then y counted from 1) or `7,7`.
fn read_point(token: &str, size: u8) -> Option<Pos> {
    let on_board = |x: i64, y: i64| {
        (0..i64::from(size))
            .contains(&x)
            .then_some(())
            .filter(|()| (0..i64::from(size)).contains(&y))
            .map(|()| Pos::new(x as u8, y as u8))
    };
    if let Some((x, y)) = token.split_once(',') {
        return on_board(x.trim().parse().ok()?, y.trim().parse().ok()?);
    }
    let mut chars = token.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let number: i64 = chars.as_str().parse().ok()?;
    on_board(i64::from(letter as u8 - b'a'), number - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> Said {
        Said {
            kind: SaidKind::Message,
            text: text.to_owned(),
        }
    }

    #[test]
    fn rapfis_normal_lines_give_depth_eval_and_best_line() {
        let said = [
            message("Speed 1.2M | Depth 11-18 | Eval 30 | Node 900K | Time 800ms"),
            message("Speed 1.3M | Depth 12-20 | Eval 45 | Node 2M | Time 1000ms"),
            message("Bestline h8 i9 j10"),
        ];
        let verdict = Verdict::read(&said, 15);
        assert_eq!(verdict.eval, Some(Eval::Score(45)));
        assert_eq!(verdict.depth, Some(12));
        assert_eq!(
            verdict.line,
            vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9)]
        );
    }

    #[test]
    fn wins_losses_and_uci_like_lines_are_read() {
        let win = Verdict::read(
            &[message(
                "depth 9-15 ev +M15 n 20K n/ms 900 tm 30 pv 7,7 8,8",
            )],
            15,
        );
        assert_eq!(win.eval, Some(Eval::Win(15)));
        assert_eq!(win.depth, Some(9));
        assert_eq!(win.line, vec![Pos::new(7, 7), Pos::new(8, 8)]);
        let loss = Verdict::read(&[message("Depth 4-4 | Eval -M8 | Node 1K")], 15);
        assert_eq!(loss.eval, Some(Eval::Loss(8)));
    }

    #[test]
    fn tengens_own_line_is_read_and_other_lines_are_not_misread() {
        let tengen = Verdict::read(
            &[message(
                "depth 11 ev -57 nodes 1156551 nps 744338 time 1553 ms, a good shape",
            )],
            15,
        );
        assert_eq!(tengen.eval, Some(Eval::Score(-57)));
        assert_eq!(tengen.depth, Some(11));
        // Chatter, a DEBUG line with numbers and a line off the board say nothing.
        let said = [
            message("Rapfi 0.43 loaded the classical config"),
            Said {
                kind: SaidKind::Debug,
                text: "depth 30 ev 999".to_owned(),
            },
            message("pv z99 a1"),
        ];
        let nothing = Verdict::read(&said, 15);
        assert!(nothing.is_empty(), "{nothing:?}");
    }

    #[test]
    fn an_engines_evaluation_reads_on_tengens_scale_with_proven_results_beyond_estimates() {
        assert_eq!(Eval::Score(45).score(), 45);
        assert_eq!(Eval::Score(1_000_000).score(), PROVEN_SCORE - 1);
        assert!(Eval::Win(3).score() > Eval::Win(15).score());
        assert!(Eval::Win(100_000).score() >= PROVEN_SCORE);
        assert!(Eval::Loss(3).score() < Eval::Loss(15).score());
        assert!(Eval::Loss(100_000).score() <= -PROVEN_SCORE);
    }

    #[test]
    fn an_answer_and_its_words_make_an_analysis_whose_line_starts_with_the_move() {
        let said = [
            message("Depth 12-20 | Eval -45"),
            message("Bestline h8 i9 j10"),
        ];
        let verdict = Verdict::read(&said, 15);
        let analysis = verdict.analysis(Pos::new(7, 7));
        assert_eq!((analysis.score, analysis.depth), (-45, 12));
        assert_eq!(analysis.pv.len(), 3);
        // A line for another move (an earlier search's) is not the answer's line.
        let other = verdict.analysis(Pos::new(3, 3));
        assert_eq!(other.pv, vec![Pos::new(3, 3)]);
        // An engine that says nothing gives an even score at depth 0.
        let silent = Verdict::default().analysis(Pos::new(3, 3));
        assert_eq!((silent.score, silent.depth), (0, 0));
    }

    #[test]
    fn rapfis_unnamed_line_at_the_end_of_its_search_lines_is_read() {
        let said = [message(
            "Depth 28-19 | Eval +M21 | Time 1038ms | H10 H7 F7 J7 G8",
        )];
        let verdict = Verdict::read(&said, 15);
        assert_eq!(verdict.eval, Some(Eval::Win(21)));
        assert_eq!(verdict.line.len(), 5);
        assert_eq!(verdict.line[0], Pos::new(7, 9));
        // One point at the end is no line ("Time 1038ms" is none at all).
        let one = Verdict::read(&[message("Depth 3 | Eval 5 | H10")], 15);
        assert!(one.line.is_empty());
    }
}
