//! A game record analysed by an outside engine, position by position, for the game's review: the
//! engine is asked for its move in each position with a fixed time, and its `MESSAGE` lines give
//! the evaluation and line ([`Verdict::analysis`]). [`tengen_engine::reviews_of`] then classes
//! every move from these analyses as it does from Tengen's own.
//!
//! It blocks: the game runs it on a background thread, with a stop flag it looks at between lines.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tengen_engine::{Analysis, Game, Outcome, Pos, Rule};

use crate::START_WITHIN;
use crate::engine::{Answer, Engine, Info};
use crate::failure::Failure;
use crate::tournament::game::{answer, wall_clock};
use crate::verdict::{Eval, Verdict};

/// Allowed past each position's time for the pipes and a busy machine.
const MARGIN: Duration = Duration::from_secs(1);

/// How to start an added engine: its command line, its own `INFO` keys (threads and the player's
/// lines) and its memory in bytes (0: none given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    pub command: String,
    pub extra: Vec<(String, String)>,
    pub max_memory: u64,
}

impl Launch {
    /// A command line alone (`--engine`, `--analyst`): no keys of its own, no memory limit.
    pub fn of_command(command: impl Into<String>) -> Launch {
        Launch {
            command: command.into(),
            ..Launch::default()
        }
    }

    /// The `INFO` an engine so launched is told for a game of `rule`, with `per_move` to think.
    pub fn info(&self, rule: Rule, per_move: Duration) -> Info {
        Info {
            timeout_turn: per_move,
            timeout_match: Duration::ZERO,
            time_left: None,
            max_memory: self.max_memory,
            rule,
            extra: self.extra.clone(),
        }
    }
}

/// The analysis of every position of `game`'s whole record, from its start (its setup stones, if
/// edited) to after its last move: `None` where the game was over. `progress` hears (done, of)
/// after each position. The engine is ended and reaped before this returns. When `stop` is
/// raised, the positions analysed so far come back; when the engine fails, why.
pub fn analyse_record(
    launch: &Launch,
    game: &Game,
    per_position: Duration,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Option<Analysis>>, Failure> {
    let mut replay = game.clone();
    while replay.undo().is_some() {}
    let clock = wall_clock();
    let mut engine = Engine::start(&launch.command, game.variant(), clock(), START_WITHIN)?;
    let analyses = (|| {
        if answer(&mut engine, &clock, stop).transpose()?.is_none() {
            return Ok(Vec::new());
        }
        engine.set_margin(MARGIN);
        engine.send_info(&launch.info(game.variant().rule(), per_position))?;
        let moves = game.moves();
        let mut analyses = Vec::with_capacity(moves.len() + 1);
        for i in 0..=moves.len() {
            let analysis = if replay.is_over() {
                None
            } else {
                engine.ask_move(&replay, clock(), per_position)?;
                match answer(&mut engine, &clock, stop).transpose()? {
                    Some(Answer::Move(best)) => {
                        let before = analyses.last().and_then(Option::as_ref);
                        Some(analysis_of(&engine.verdict(), best, &replay, before))
                    }
                    Some(_) => None,
                    None => break,
                }
            };
            analyses.push(analysis);
            progress(i + 1, moves.len() + 1);
            if i < moves.len() && replay.play(moves[i]).is_err() {
                break;
            }
        }
        Ok(analyses)
    })();
    // A failed engine is killed already; either way it is reaped before the review goes on.
    let _ = engine.end().join();
    analyses
}

/// The analysis of the position `game` where the engine answered `best`, as its words said. An
/// engine that plays at once says nothing of the position: a five it makes is a win, and any other
/// silent answer keeps the last position's evaluation (`before`, seen from the other side), so
/// the review does not read an even game into its silence.
fn analysis_of(verdict: &Verdict, best: Pos, game: &Game, before: Option<&Analysis>) -> Analysis {
    let mut analysis = verdict.analysis(best);
    if verdict.eval.is_none() {
        let mut after = game.clone();
        let wins = after.play(best).is_ok()
            && matches!(after.outcome(), Some(Outcome::Win { winner, .. }) if *winner == game.to_move());
        if wins {
            analysis.score = Eval::Win(1).score();
        } else if let Some(before) = before {
            analysis.score = -before.score;
        }
    }
    analysis
}
