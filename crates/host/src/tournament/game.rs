//! One tournament game between two outside engines, judged as `tengen-match` judges them: a crash,
//! no move within the time, an illegal or forbidden move, or garbage loses, with why in words.
//!
//! The runner blocks (it is meant for a worker thread), but reads time only from the caller's
//! [`Clock`], so a test drives the clock by hand and no frame of the game ever waits for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tengen_engine::{Color, Game, GameResult, Pos, Variant};

use super::stats::Forfeit;
use crate::engine::{Answer, Engine, Info, START_WITHIN};
use crate::failure::Failure;

/// The time as the caller tells it (the wall clock in the game, a hand-driven one in tests).
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// The wall clock.
pub fn wall_clock() -> Clock {
    Arc::new(Instant::now)
}

/// How long the runner blocks at most for a line before it looks at its clock and its stop flag.
const LOOK_EVERY: Duration = Duration::from_millis(10);

/// The time control of every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time per move (`INFO timeout_turn`); 0 leaves only the match clock.
    pub per_move: Duration,
    /// Time for the whole game (`INFO timeout_match`, with `time_left` before each move); 0: none.
    pub per_game: Duration,
    /// Added to the mover's game time after each move (Fischer).
    pub increment: Duration,
    /// Allowed past the time for the pipes and the scheduler (not named in the failure).
    pub margin: Duration,
}

impl TimeControl {
    /// `1000 ms/move`, `60 s+1 s`, both with a `/`: how the folder and the report name it.
    pub fn words(&self) -> String {
        let ms = |d: Duration| d.as_millis();
        match (self.per_game.is_zero(), self.per_move.is_zero()) {
            (true, _) => format!("{} ms/move", ms(self.per_move)),
            (false, true) => format!("{} ms+{} ms", ms(self.per_game), ms(self.increment)),
            (false, false) => format!(
                "{} ms+{} ms, {} ms/move",
                ms(self.per_game),
                ms(self.increment),
                ms(self.per_move)
            ),
        }
    }
}

/// One engine of a game: what it is called and how it is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub command: String,
    /// Further `INFO` keys for this engine (`thread_num 2`).
    pub extra: Vec<(String, String)>,
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The moves as played (the opening first); not over when a forfeit ended it.
    pub game: Game,
    pub result: GameResult,
    /// The loser's forfeit, with why in words ("no move within 1 s").
    pub forfeit: Option<(Color, Forfeit, String)>,
}

/// A game's two seats, started.
struct Seats {
    engines: [Option<Engine>; 2],
    reapers: Vec<JoinHandle<Option<std::process::ExitStatus>>>,
}

impl Seats {
    /// Ends both engines (END, grace, kill) and waits until both are reaped.
    fn end(mut self) {
        for engine in self.engines.iter_mut().filter_map(Option::take) {
            self.reapers.push(engine.end());
        }
        for reaper in self.reapers {
            let _ = reaper.join();
        }
    }
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// Polls `engine` at the clock's time until it answers or fails, or `stop` is set (`None`); the
/// review's analysis of a record waits on its engine the same way.
pub(crate) fn answer(
    engine: &mut Engine,
    clock: &Clock,
    stop: &AtomicBool,
) -> Option<Result<Answer, Failure>> {
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(answer) = engine.poll(clock()) {
            return Some(answer);
        }
        engine.wait(LOOK_EVERY);
    }
}

/// A forfeit by `color`: the other side wins.
fn forfeit(game: Game, color: Color, failure: &Failure) -> Finished {
    Finished {
        game,
        result: match color {
            Color::Black => GameResult::WhiteWins,
            Color::White => GameResult::BlackWins,
        },
        forfeit: Some((color, Forfeit::of(failure), failure.to_string())),
    }
}

/// Everything a game needs.
#[derive(Clone)]
pub struct GameSpec {
    pub variant: Variant,
    pub opening: Vec<Pos>,
    pub black: Seat,
    pub white: Seat,
    pub time: TimeControl,
}

/// Plays one game to its end; `on_move` sees the game after each move. `None` when `stop` was
/// set: the engines are ended and reaped either way before this returns.
pub fn play_game(
    spec: &GameSpec,
    clock: &Clock,
    stop: &AtomicBool,
    mut on_move: impl FnMut(&Game),
) -> Option<Finished> {
    let game = match Game::from_moves(spec.variant, &spec.opening) {
        Ok(game) => game,
        // Openings are checked when read: this is a bad caller, not an engine's fault.
        Err(_) => Game::new(spec.variant),
    };
    on_move(&game);
    let mut seats = Seats {
        engines: [None, None],
        reapers: Vec::new(),
    };
    let result = match start_both(spec, &mut seats, clock, stop) {
        Err(ended) => ended,
        Ok(()) => play_out(spec, game, &mut seats, clock, stop, &mut on_move),
    };
    seats.end();
    match result {
        Ended::Stopped => None,
        Ended::Finished(finished) => Some(*finished),
        Ended::NotStarted(color, failure) => {
            let game = Game::from_moves(spec.variant, &spec.opening)
                .unwrap_or_else(|_| Game::new(spec.variant));
            Some(forfeit(game, color, &failure))
        }
    }
}

enum Ended {
    Stopped,
    NotStarted(Color, Failure),
    Finished(Box<Finished>),
}

fn info(spec: &GameSpec, seat: &Seat, time_left: Option<Duration>) -> Info {
    Info {
        timeout_turn: spec.time.per_move,
        timeout_match: spec.time.per_game,
        time_left,
        max_memory: 0,
        rule: spec.variant.rule(),
        extra: seat.extra.clone(),
    }
}

/// Starts both engines and tells them the rule and clock.
fn start_both(
    spec: &GameSpec,
    seats: &mut Seats,
    clock: &Clock,
    stop: &AtomicBool,
) -> Result<(), Ended> {
    for (color, seat) in [(Color::Black, &spec.black), (Color::White, &spec.white)] {
        let mut engine = Engine::start(&seat.command, spec.variant, clock(), START_WITHIN)
            .map_err(|failure| Ended::NotStarted(color, failure))?;
        let answer = answer(&mut engine, clock, stop);
        seats.engines[index(color)] = Some(engine);
        match answer {
            None => return Err(Ended::Stopped),
            Some(Err(failure)) => return Err(Ended::NotStarted(color, failure)),
            Some(Ok(_)) => {}
        }
        let engine = seats.engines[index(color)].as_mut().ok_or(Ended::Stopped)?;
        engine.set_margin(spec.time.margin);
        engine
            .send_info(&info(spec, seat, None))
            .map_err(|failure| Ended::NotStarted(color, failure))?;
    }
    Ok(())
}

/// Asks for moves in turn until the game is decided or a side forfeits.
fn play_out(
    spec: &GameSpec,
    mut game: Game,
    seats: &mut Seats,
    clock: &Clock,
    stop: &AtomicBool,
    on_move: &mut impl FnMut(&Game),
) -> Ended {
    let timed = !spec.time.per_game.is_zero();
    let mut left = [spec.time.per_game; 2];
    while !game.is_over() {
        let mover = game.to_move();
        let seat = if mover == Color::Black {
            &spec.black
        } else {
            &spec.white
        };
        let Some(engine) = seats.engines[index(mover)].as_mut() else {
            return Ended::Stopped;
        };
        let info = info(spec, seat, timed.then_some(left[index(mover)]));
        let asked = clock();
        let sent = match timed {
            true => engine.send_info(&info),
            false => Ok(()),
        };
        if let Err(failure) = sent.and_then(|()| engine.ask_move(&game, asked, info.move_time())) {
            return Ended::Finished(Box::new(forfeit(game, mover, &failure)));
        }
        let pos = match answer(engine, clock, stop) {
            None => return Ended::Stopped,
            Some(Err(failure)) => {
                return Ended::Finished(Box::new(forfeit(game, mover, &failure)));
            }
            Some(Ok(Answer::Move(pos))) => pos,
            Some(Ok(_)) => continue,
        };
        if timed {
            let spent = clock().saturating_duration_since(asked);
            left[index(mover)] = left[index(mover)].saturating_sub(spent) + spec.time.increment;
        }
        if game.play(pos).is_err() {
            // The host judged the move legal; the game's own rules (a renju black left with only
            // forbidden points) end it as a draw.
            break;
        }
        on_move(&game);
    }
    let result = GameResult::of(&game).unwrap_or(GameResult::Draw);
    Ended::Finished(Box::new(Finished {
        game,
        result,
        forfeit: None,
    }))
}
