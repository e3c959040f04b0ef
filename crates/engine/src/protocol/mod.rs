//! The Gomocup (Piskvork) engine protocol as a pure state machine: one manager line in, the lines to
//! print out.
//!
//! Nothing here touches stdin, stdout or threads, so every command can be tested in-process with a
//! simple deterministic [`Brain`]; the `pbrain-tengen` binary wraps it in a read–think–print loop.
//! The protocol itself is described in `shared/GOMOKU.md` and at
//! <https://plastovicka.github.io/protocl2en.htm>; the `YX...` commands are Yixin-Board extensions.
//!
//! Promises kept here, whatever the manager sends: a malformed line, an unsupported size or an illegal
//! opponent move is answered with an `ERROR ...` line and leaves the game as it was; an unknown command
//! gets `UNKNOWN ...`; a move we print is always legal on our record of the game. A `BOARD` of any
//! position without a five is played, even one no alternating game reaches (a set-up position).

mod command;
#[cfg(test)]
mod tests;
mod time;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use self::command::{Command, Info, Keyword, ParseError, Point, Setup, StoneLine, split_line};
pub use self::time::TimeControl;
use crate::{
    Board, Color, Game, PlayError, Pos, Rule, ThinkTime, Variant, forbidden_in_match,
    forbidden_points,
};

/// The smallest board the protocol accepts: five in a row must fit.
pub const PROTOCOL_MIN_SIZE: u8 = 5;

/// Whatever picks moves for the protocol: the real AI in the engine binary, a simple deterministic
/// player in tests.
pub trait Brain {
    /// A move for `to_move` on `board`, meant to take `time.optimum` and never more than
    /// `time.maximum` (sooner, once `stop` becomes true). `None` means "no idea": the protocol then
    /// plays a legal fallback move itself.
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        time: ThinkTime,
        stop: &AtomicBool,
    ) -> Option<Pos>;

    /// The manager's memory limit in bytes (`INFO max_memory`; 0 = unlimited).
    fn set_max_memory(&mut self, _bytes: u64) {}

    /// Threads the manager allows (`INFO thread_num`; 0 is read as 1). A brain uses one thread
    /// until told otherwise.
    fn set_threads(&mut self, _threads: u32) {}

    /// A new game starts (`START`, `RESTART`): forget what belonged to the old one.
    fn new_game(&mut self) {}

    /// A line about the last search (depth, score, ...), printed as `MESSAGE ...` before the move.
    fn take_message(&mut self) -> Option<String> {
        None
    }
}

/// What `ABOUT` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    pub name: String,
    pub version: String,
    pub author: String,
    pub country: String,
}

impl About {
    /// The `name="...", version="..."` line of the protocol.
    pub fn line(&self) -> String {
        format!(
            "name=\"{}\", version=\"{}\", author=\"{}\", country=\"{}\"",
            self.name, self.version, self.author, self.country
        )
    }
}

/// What the manager's `INFO rule` value asks for, read both as c-gomoku-cli's codes (0 freestyle,
/// 1 exact five, 4 renju) and as the Gomocup bit mask (1 exact five, 2 continuous game, 4 renju,
/// 8 caro); the two readings agree on every code c-gomoku-cli sends.
pub fn rule_from_code(code: u32) -> Result<Rule, String> {
    if code & 8 != 0 {
        return Err(format!(
            "rule {code}: caro is not supported (freestyle 0, exact five 1, renju 4)"
        ));
    }
    if code & 2 != 0 {
        return Err(format!(
            "rule {code}: continuous games are not supported (freestyle 0, exact five 1, renju 4)"
        ));
    }
    if code & !15 != 0 {
        return Err(format!(
            "rule {code} is unknown (freestyle 0, exact five 1, renju 4)"
        ));
    }
    Ok(if code & 4 != 0 {
        Rule::Renju
    } else if code & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    })
}

/// Stone lines gathered between `BOARD`/`YXBOARD` and `DONE`.
#[derive(Debug)]
struct PendingSetup {
    kind: Setup,
    /// In the order the manager sent them: `(point, own stone?)`.
    stones: Vec<(Pos, bool)>,
    /// The first problem met; reported at `DONE`, when the manager listens again.
    error: Option<String>,
}

/// The Gomocup protocol state: the game as the manager sees it, the clock, and the brain.
pub struct Protocol<B> {
    brain: B,
    about: About,
    default_think: Duration,
    rule: Rule,
    game: Option<Game>,
    time: TimeControl,
    max_memory: Option<u64>,
    game_type: Option<u32>,
    folder: Option<String>,
    setup: Option<PendingSetup>,
    finished: bool,
}

impl<B: Brain> Protocol<B> {
    /// A protocol that waits for `START`. `default_think` is the time per move when the manager sends
    /// no clock.
    pub fn new(brain: B, about: About, default_think: Duration) -> Protocol<B> {
        Protocol {
            brain,
            about,
            default_think,
            rule: Rule::Freestyle,
            game: None,
            time: TimeControl::default(),
            max_memory: None,
            game_type: None,
            folder: None,
            setup: None,
            finished: false,
        }
    }

    /// The game record, once `START` has set a board.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The rule in force (`INFO rule`).
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The clock as the manager last described it.
    pub fn time_control(&self) -> TimeControl {
        self.time
    }

    /// The memory limit the manager gave, in bytes.
    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
    }

    /// The `game_type` the manager gave (0 human opponent, 1 brain, 2 tournament, 3 network tournament).
    pub fn game_type(&self) -> Option<u32> {
        self.game_type
    }

    /// The folder the manager offers for persistent files (unused: Tengen keeps no files).
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// The think time the next move would get.
    pub fn next_think_time(&self) -> ThinkTime {
        let empty = self
            .game
            .as_ref()
            .map_or(0, |g| g.variant().cells() - g.board().stone_count());
        self.time.think_time(self.default_think, empty)
    }

    /// Whether `END` was received: the caller should exit.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn brain(&self) -> &B {
        &self.brain
    }

    pub fn brain_mut(&mut self) -> &mut B {
        &mut self.brain
    }

    /// Handles one line from the manager and returns the lines to print, in order. `stop` is handed
    /// to the brain while it thinks; the caller sets it on `YXSTOP` or `END`.
    pub fn handle(&mut self, line: &str, stop: &AtomicBool) -> Vec<String> {
        let mut out = self.answer(line, stop);
        // An error that quotes the manager's line may quote a stray `\r` inside it (a reader splits
        // lines at `\n` only), and the manager would read the rest as another answer.
        for answer in out.iter_mut().filter(|a| a.contains(['\r', '\n'])) {
            *answer = one_line(answer);
        }
        out
    }

    fn answer(&mut self, line: &str, stop: &AtomicBool) -> Vec<String> {
        let line = line.trim();
        let mut out = Vec::new();
        if line.is_empty() {
            return out; // managers ignore empty lines, and so does the brain
        }
        let (word, rest) = split_line(line);
        let keyword = Keyword::from_word(word);

        if self.setup.is_some() {
            match keyword {
                Some(Keyword::Done) => {
                    self.finish_setup(stop, &mut out);
                    return out;
                }
                // A manager never sends a command inside BOARD; drop the half-read position rather
                // than guess, and obey the new command.
                Some(_) => {
                    if let Some(setup) = self.setup.take() {
                        out.push(format!(
                            "ERROR {} was not finished with DONE; the position is unchanged",
                            setup.kind.name()
                        ));
                    }
                }
                None => {
                    self.read_stone_line(line);
                    return out;
                }
            }
        }

        let command = match keyword {
            Some(keyword) => Command::with_arguments(keyword, rest),
            None => Err(ParseError::Unknown(word.to_owned())),
        };
        match command {
            Ok(command) => self.obey(command, stop, &mut out),
            Err(e) => out.push(e.reply()),
        }
        out
    }

    /// Carries out one well-formed command.
    fn obey(&mut self, command: Command, stop: &AtomicBool, out: &mut Vec<String>) {
        match command {
            Command::Start(size) => self.new_board(size, out),
            Command::RectStart { width, height } if width == height => self.new_board(width, out),
            Command::RectStart { width, height } => out.push(format!(
                "ERROR rectangular boards are not supported ({width}x{height}); use a square board of {PROTOCOL_MIN_SIZE} to {}",
                crate::MAX_SIZE
            )),
            Command::Restart => match self.game.as_ref().map(|g| g.variant()) {
                Some(variant) => {
                    self.game = Some(Game::new(variant));
                    self.brain.new_game();
                    out.push("OK".to_owned());
                }
                None => out.push("ERROR RESTART before START: no board size yet".to_owned()),
            },
            Command::Begin => {
                if self.game.is_none() {
                    out.push("ERROR BEGIN before START: no board yet".to_owned());
                } else {
                    self.play_own_move(stop, out);
                }
            }
            Command::Turn(point) => self.turn(&point, stop, out),
            Command::Setup(kind) => {
                // Even before START the stone lines are read up to DONE (so none is taken for a
                // command), and the one error is reported there, when the manager listens.
                self.setup = Some(PendingSetup {
                    kind,
                    stones: Vec::new(),
                    error: None,
                });
            }
            Command::Done => out.push("ERROR DONE without BOARD or YXBOARD".to_owned()),
            Command::Takeback(point) => self.takeback(&point, out),
            Command::Info(info) => self.info(info, out),
            Command::End => self.finished = true,
            Command::About => out.push(self.about.line()),
            Command::YxShowForbid => self.show_forbid(out),
            // The search runs inside `handle`, so a stop that arrives here has nothing left to stop.
            Command::YxStop => {}
        }
    }

    fn new_board(&mut self, size: u8, out: &mut Vec<String>) {
        match Variant::new(size, 5, self.rule) {
            Ok(variant) => {
                self.game = Some(Game::new(variant));
                self.setup = None;
                self.brain.new_game();
                out.push("OK".to_owned());
            }
            Err(e) => out.push(format!("ERROR {e}")),
        }
    }

    /// The game and the point for a command that names one (`TURN`, `TAKEBACK`), or the error line
    /// when there is no board yet or the point is off it.
    fn game_and_point(
        &mut self,
        keyword: Keyword,
        point: &Point,
    ) -> Result<(&mut Game, Pos), String> {
        let name = keyword.name();
        let Some(game) = self.game.as_mut() else {
            return Err(format!("ERROR {name} before START: no board yet"));
        };
        match on_board(point, game.variant().size()) {
            Ok(pos) => Ok((game, pos)),
            Err(e) => Err(format!("ERROR {name}: {e}")),
        }
    }

    fn turn(&mut self, point: &Point, stop: &AtomicBool, out: &mut Vec<String>) {
        let (game, pos) = match self.game_and_point(Keyword::Turn, point) {
            Ok(found) => found,
            Err(line) => return out.push(line),
        };
        if let Err(e) = game.play(pos) {
            out.push(format!("ERROR TURN {},{}: {}", pos.x, pos.y, describe(&e)));
            return;
        }
        self.play_own_move(stop, out);
    }

    /// Thinks and plays a move for the side to move, printing it; or explains why there is none.
    fn play_own_move(&mut self, stop: &AtomicBool, out: &mut Vec<String>) {
        let time = self.next_think_time();
        let Some(game) = self.game.as_mut() else {
            out.push("ERROR no board yet".to_owned());
            return;
        };
        if let Some(outcome) = game.outcome() {
            out.push(format!(
                "ERROR the game is over ({}); there is no move to play",
                describe_outcome(outcome, game)
            ));
            return;
        }
        let to_move = game.to_move();
        let suggestion = self.brain.think(game.board(), to_move, time, stop);
        if let Some(message) = self.brain.take_message() {
            out.push(format!("MESSAGE {}", one_line(&message)));
        }
        let pos = match suggestion {
            Some(pos) if playable(game, pos) => pos,
            other => {
                let Some(fallback) = fallback_move(game) else {
                    out.push("ERROR no empty point is left; there is no move to play".to_owned());
                    return;
                };
                let why = match other {
                    Some(pos) => match game.check(pos) {
                        Err(e) => format!("suggested {},{} ({})", pos.x, pos.y, describe(&e)),
                        Ok(()) => match forbidden_in_match(game.board(), pos) {
                            Some(f) => format!("suggested {},{} ({f} in a match)", pos.x, pos.y),
                            None => "changed its mind".to_owned(),
                        },
                    },
                    None => "found no move".to_owned(),
                };
                out.push(format!(
                    "DEBUG the brain {why}; playing {},{} instead",
                    fallback.x, fallback.y
                ));
                fallback
            }
        };
        // `fallback_move` may only find a forbidden point for black in renju; the manager judges it.
        if game.play(pos).is_err() {
            let color = game.to_move();
            out.push(format!("MESSAGE every free point is forbidden for {color}"));
        }
        out.push(format!("{},{}", pos.x, pos.y));
    }

    fn read_stone_line(&mut self, line: &str) {
        let size = self
            .game
            .as_ref()
            .map_or(crate::MAX_SIZE, |g| g.variant().size());
        let Some(setup) = self.setup.as_mut() else {
            return;
        };
        if setup.error.is_some() {
            return; // the first problem is the one worth reporting
        }
        let stone = line
            .parse::<StoneLine>()
            .map_err(|e| e.to_string())
            .and_then(|stone| Ok((on_board(&stone.point, size)?, stone.field)));
        match stone {
            Ok((pos, field)) => match field {
                1 | 2 => {
                    if setup.stones.iter().any(|&(p, _)| p == pos) {
                        setup.error = Some(format!("two stones on {},{}", pos.x, pos.y));
                    } else {
                        setup.stones.push((pos, field == 1));
                    }
                }
                3 => setup.error = Some("continuous games (field 3) are not supported".to_owned()),
                f => {
                    setup.error = Some(format!(
                        "field {f} on '{line}' is not 1 (own) or 2 (opponent)"
                    ))
                }
            },
            Err(e) => setup.error = Some(e),
        }
    }

    fn finish_setup(&mut self, stop: &AtomicBool, out: &mut Vec<String>) {
        let Some(setup) = self.setup.take() else {
            return;
        };
        let Some(variant) = self.game.as_ref().map(|g| g.variant()) else {
            out.push(format!(
                "ERROR {} before START: no board yet",
                setup.kind.name()
            ));
            return;
        };
        if let Some(e) = setup.error {
            out.push(format!(
                "ERROR {}: {e}; the position is unchanged",
                setup.kind.name()
            ));
            return;
        }
        match game_from_stones(variant, &setup.stones) {
            Ok(game) => {
                self.game = Some(game);
                if setup.kind == Setup::Board {
                    self.play_own_move(stop, out);
                }
            }
            Err(e) => out.push(format!(
                "ERROR {}: {e}; the position is unchanged",
                setup.kind.name()
            )),
        }
    }

    fn takeback(&mut self, point: &Point, out: &mut Vec<String>) {
        let (game, pos) = match self.game_and_point(Keyword::Takeback, point) {
            Ok(found) => found,
            Err(line) => return out.push(line),
        };
        if game.last_move() == Some(pos) {
            game.undo();
            out.push("OK".to_owned());
            return;
        }
        // Not the last move: rebuild the position without it, if the rest is still a position.
        let Some(index) = stones_of(game).iter().position(|&(p, _)| p == pos) else {
            out.push(format!(
                "ERROR TAKEBACK {},{}: there is no stone there",
                pos.x, pos.y
            ));
            return;
        };
        let mut remaining = stones_of(game);
        remaining.remove(index);
        // One stone fewer: the turn passes back.
        let to_move = game.to_move().opponent();
        match game_from_position(game.variant(), &remaining, to_move) {
            Ok(new_game) => {
                *game = new_game;
                out.push("OK".to_owned());
            }
            Err(e) => out.push(format!("ERROR TAKEBACK {},{}: {e}", pos.x, pos.y)),
        }
    }

    fn info(&mut self, info: Info, out: &mut Vec<String>) {
        match info {
            Info::TimeoutTurn(d) => self.time.turn = Some(d),
            Info::TimeoutMatch(d) => self.time.match_total = Some(d),
            Info::TimeLeft(d) => self.time.time_left = Some(d),
            Info::TimeIncrement(d) => self.time.increment = Some(d),
            Info::MaxMemory(bytes) => {
                self.max_memory = Some(bytes);
                self.brain.set_max_memory(bytes);
            }
            Info::ThreadNum(n) => self.brain.set_threads(n.max(1)),
            Info::GameType(t) => self.game_type = Some(t),
            Info::Rule(code) => match rule_from_code(code) {
                Ok(rule) => self.set_rule(rule, out),
                Err(e) => out.push(format!("ERROR {e}; keeping {}", self.rule)),
            },
            Info::Folder(folder) => self.folder = Some(folder),
            Info::Ignored => {}
        }
    }

    fn set_rule(&mut self, rule: Rule, out: &mut Vec<String>) {
        if rule == self.rule {
            return;
        }
        if let Some(game) = self.game.as_ref() {
            let variant = match Variant::new(game.variant().size(), game.variant().win_len(), rule)
            {
                Ok(v) => v,
                Err(e) => {
                    out.push(format!("ERROR rule {rule}: {e}; keeping {}", self.rule));
                    return;
                }
            };
            // Managers send the rule before the first move; a rule change mid-game replays it.
            match Game::from_record(variant, game.setup(), game.first_to_move(), game.moves()) {
                Ok(replayed) => self.game = Some(replayed),
                Err((ply, e)) => {
                    out.push(format!(
                        "ERROR rule {rule}: move {} of this game would be illegal ({}); keeping {}",
                        ply + 1,
                        describe(&e),
                        self.rule
                    ));
                    return;
                }
            }
        }
        self.rule = rule;
    }

    fn show_forbid(&self, out: &mut Vec<String>) {
        let mut line = String::from("FORBID ");
        if let Some(game) = self.game.as_ref()
            && game.variant().rule() == Rule::Renju
        {
            let mut points: Vec<Pos> = forbidden_points(game.board())
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            points.sort_by_key(|p| (p.y, p.x));
            for p in points {
                line.push_str(&format!("{:02}{:02}", p.x, p.y));
            }
        }
        line.push('.');
        out.push(line);
    }
}

/// The board point `point` names, if it lies on a board of side `size`.
fn on_board(point: &Point, size: u8) -> Result<Pos, String> {
    let Point { x, y, written } = point;
    let on = |c: i64| u8::try_from(c).ok().filter(|&c| c < size);
    match (on(*x), on(*y)) {
        (Some(x), Some(y)) => Ok(Pos::new(x, y)),
        _ => Err(format!(
            "{x},{y} is off the {size}x{size} board in '{written}'"
        )),
    }
}

/// Turns the stones of a `BOARD` or `YXBOARD` command into a game record, the brain to move.
///
/// Black is the side with more stones, as in any game played, and the brain on equal counts: so
/// equal counts make the brain black and one opponent stone more makes it white, as alternating play
/// would; other counts (a position set up in an editor) are taken as they stand, the brain still to
/// move. Any position with no five is accepted.
fn game_from_stones(variant: Variant, stones: &[(Pos, bool)]) -> Result<Game, String> {
    let own_count = stones.iter().filter(|s| s.1).count();
    let own = if 2 * own_count >= stones.len() {
        Color::Black
    } else {
        Color::White
    };
    let coloured: Vec<(Pos, Color)> = stones
        .iter()
        .map(|&(p, is_own)| (p, if is_own { own } else { own.opponent() }))
        .collect();
    game_from_position(variant, &coloured, own)
}

/// A game with `stones` on the board and `to_move` to play.
///
/// When the counts could come from alternating play ending with `to_move` to play, each side's
/// stones are taken in the order given (managers send them in move order), interleaved black first,
/// and kept as moves when that order is a legal game (so that `TAKEBACK` can undo them). Otherwise
/// (other counts, or an order through a renju forbidden point or an earlier five) they are a setup
/// position: the position as it stands is what counts, as Yixin-Board and Rapfi read it. Only a
/// position that is already decided is refused.
fn game_from_position(
    variant: Variant,
    stones: &[(Pos, Color)],
    to_move: Color,
) -> Result<Game, String> {
    let set_up = || {
        Game::from_setup(variant, stones, to_move)
            .map_err(|e| format!("the position cannot be set up ({})", describe(&e)))
    };
    let black: Vec<Pos> = stones
        .iter()
        .filter(|s| s.1 == Color::Black)
        .map(|s| s.0)
        .collect();
    let white: Vec<Pos> = stones
        .iter()
        .filter(|s| s.1 == Color::White)
        .map(|s| s.0)
        .collect();
    let alternating = match to_move {
        Color::Black => black.len() == white.len(),
        Color::White => black.len() == white.len() + 1,
    };
    let game = if alternating {
        let mut moves = Vec::with_capacity(stones.len());
        for (i, &b) in black.iter().enumerate() {
            moves.push(b);
            if let Some(&w) = white.get(i) {
                moves.push(w);
            }
        }
        match Game::from_moves(variant, &moves) {
            Ok(game) => game,
            // The order passes through a renju forbidden point or an earlier five, but the
            // position as it stands is what counts.
            Err((_, PlayError::Forbidden(..) | PlayError::GameOver)) => set_up()?,
            Err((ply, e)) => {
                let pos = moves.get(ply).copied().unwrap_or(Pos::new(0, 0));
                return Err(format!(
                    "stone {} at {},{} is illegal ({})",
                    ply + 1,
                    pos.x,
                    pos.y,
                    describe(&e)
                ));
            }
        }
    } else {
        set_up()?
    };
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "the position is already decided ({})",
            describe_outcome(outcome, &game)
        ));
    }
    Ok(game)
}

/// Every stone of `game` with its colour: the setup first, then the moves in order.
fn stones_of(game: &Game) -> Vec<(Pos, Color)> {
    let moves = game.moves().iter().enumerate();
    let played = moves.map(|(i, &p)| (p, game.mover_of(i)));
    game.setup().iter().copied().chain(played).collect()
}

/// A legal move when the brain has none: the free point nearest the centre, skipping black's
/// forbidden points in renju (as match judges read them). If every free point is forbidden, the nearest free one.
fn fallback_move(game: &Game) -> Option<Pos> {
    let variant = game.variant();
    let size = variant.size();
    let centre = variant.center();
    let mut free: Vec<Pos> = (0..variant.cells())
        .map(|i| Pos::from_index(i, size))
        .filter(|&p| game.board().is_empty(p))
        .collect();
    free.sort_by_key(|p| {
        let dx = i32::from(p.x) - i32::from(centre.x);
        let dy = i32::from(p.y) - i32::from(centre.y);
        (dx.abs().max(dy.abs()), dx * dx + dy * dy, p.y, p.x)
    });
    free.iter()
        .copied()
        .find(|&p| playable(game, p))
        .or_else(|| free.first().copied())
}

/// Whether the side to move may play `pos` without any judge refusing it: legal by the rules and,
/// for renju black, not forbidden as match managers read it (c-gomoku-cli calls a five made together
/// with an overline an overline).
fn playable(game: &Game, pos: Pos) -> bool {
    game.check(pos).is_ok()
        && (game.to_move() != Color::Black || forbidden_in_match(game.board(), pos).is_none())
}

fn describe(e: &PlayError) -> String {
    match e {
        PlayError::GameOver => "the game is already over".to_owned(),
        PlayError::OffBoard(_) => "off the board".to_owned(),
        PlayError::Occupied(_) => "that point is taken".to_owned(),
        // The reason already says "forbidden for black: ...".
        PlayError::Forbidden(_, why) => why.to_string(),
    }
}

fn describe_outcome(outcome: &crate::Outcome, game: &Game) -> String {
    match outcome {
        crate::Outcome::Win { winner, .. } => format!("{winner} made five"),
        crate::Outcome::Draw if game.black_is_stuck() => {
            "black has only forbidden points left: a draw".to_owned()
        }
        crate::Outcome::Draw => "the board is full: a draw".to_owned(),
    }
}

/// A brain message on one protocol line: newlines would be read as commands' answers.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}
