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
//! gets `UNKNOWN ...`; a move we print is always legal on our record of the game.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::{Board, Color, Game, PlayError, Pos, Rule, Variant, forbidden_points};

/// The smallest board the protocol accepts: five in a row must fit.
pub const PROTOCOL_MIN_SIZE: u8 = 5;

/// Whatever picks moves for the protocol: the real AI in the engine binary, a simple deterministic
/// player in tests.
pub trait Brain {
    /// A move for `to_move` on `board`, found within `budget` (or sooner, once `stop` becomes true).
    /// `None` means "no idea": the protocol then plays a legal fallback move itself.
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        budget: Duration,
        stop: &AtomicBool,
    ) -> Option<Pos>;

    /// The manager's memory limit in bytes (`INFO max_memory`; 0 = unlimited).
    fn set_max_memory(&mut self, _bytes: u64) {}

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

/// The manager's clock, as told by `INFO`, and the per-move budget drawn from it.
///
/// Each field is `None` until the manager sends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn`: the limit for one move; zero means "as fast as possible".
    pub turn: Option<Duration>,
    /// `timeout_match`: the limit for the whole game; zero means unlimited.
    pub match_total: Option<Duration>,
    /// `time_left`: what is left of the game limit, sent before each move.
    pub time_left: Option<Duration>,
}

/// The least time kept back from any limit: reading, printing and process scheduling on a loaded
/// machine cost a few milliseconds, and a manager forfeits a brain that answers one millisecond late.
const MIN_MARGIN: Duration = Duration::from_millis(25);
/// The most time kept back from a limit.
const MAX_MARGIN: Duration = Duration::from_millis(500);
/// The fewest own moves the rest of a game is assumed to need, so the match clock never runs dry.
const MIN_MOVES_TO_GO: u32 = 8;
/// The most own moves the rest of a game is assumed to need (a long game on a big board).
const MAX_MOVES_TO_GO: u32 = 25;

impl TimeControl {
    /// What is kept back from `limit`: a tenth of it, between [`MIN_MARGIN`] and [`MAX_MARGIN`], and
    /// never more than the limit itself.
    pub fn margin(limit: Duration) -> Duration {
        (limit / 10).clamp(MIN_MARGIN, MAX_MARGIN).min(limit)
    }

    /// The time to think about one move.
    ///
    /// `default` is used when the manager gave no clock at all. `empty_cells` is how many points are
    /// still free; it estimates how many moves the rest of the game needs from the match clock.
    /// The budget never exceeds `timeout_turn` or `time_left` minus their margins, so the answer is
    /// on time even if the search uses every microsecond of it.
    pub fn budget(&self, default: Duration, empty_cells: usize) -> Duration {
        let turn_cap = self
            .turn
            .map(|turn| turn.saturating_sub(Self::margin(turn)));
        let match_cap = self.match_cap(empty_cells);
        match (turn_cap, match_cap) {
            (None, None) => default,
            (Some(t), None) => t,
            (None, Some(m)) => m,
            (Some(t), Some(m)) => t.min(m),
        }
    }

    /// The share of the match clock for this move, if the match clock is limited and known.
    fn match_cap(&self, empty_cells: usize) -> Option<Duration> {
        if self.match_total == Some(Duration::ZERO) {
            return None; // unlimited match: only the turn limit counts
        }
        let left = self.time_left?;
        let usable = left.saturating_sub(Self::margin(left));
        // About half the free points would be ours if the game filled the board; games end long
        // before that, so the estimate is clamped to a typical game's length.
        let to_go = u32::try_from(empty_cells / 2)
            .unwrap_or(MAX_MOVES_TO_GO)
            .clamp(MIN_MOVES_TO_GO, MAX_MOVES_TO_GO);
        Some(usable / to_go)
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

/// Which of the two position-setting commands is collecting stone lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setup {
    /// `BOARD`: set the position, then answer a move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
}

impl Setup {
    fn name(self) -> &'static str {
        match self {
            Setup::Board => "BOARD",
            Setup::YxBoard => "YXBOARD",
        }
    }
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

    /// The per-move think time the next move would get.
    pub fn next_budget(&self) -> Duration {
        let empty = self
            .game
            .as_ref()
            .map_or(0, |g| g.variant().cells() - g.board().stone_count());
        self.time.budget(self.default_think, empty)
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
        let line = line.trim_matches(|c: char| c == '\r' || c == '\n' || c.is_whitespace());
        let mut out = Vec::new();
        if line.is_empty() {
            return out; // managers ignore empty lines, and so does the brain
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        let command = word.to_ascii_uppercase();

        if self.setup.is_some() {
            if command == "DONE" {
                self.finish_setup(stop, &mut out);
                return out;
            }
            if is_command(&command) {
                // A manager never sends this inside BOARD; drop the half-read position rather than
                // guess, and obey the new command.
                if let Some(setup) = self.setup.take() {
                    out.push(format!(
                        "ERROR {} was not finished with DONE; the position is unchanged",
                        setup.kind.name()
                    ));
                }
            } else {
                self.read_stone_line(line);
                return out;
            }
        }

        match command.as_str() {
            "START" => self.start(rest, &mut out),
            "RECTSTART" => self.rect_start(rest, &mut out),
            "RESTART" => match self.game.as_ref().map(|g| g.variant()) {
                Some(variant) => {
                    self.game = Some(Game::new(variant));
                    self.brain.new_game();
                    out.push("OK".to_owned());
                }
                None => out.push("ERROR RESTART before START: no board size yet".to_owned()),
            },
            "BEGIN" => {
                if self.game.is_none() {
                    out.push("ERROR BEGIN before START: no board yet".to_owned());
                } else {
                    self.play_own_move(stop, &mut out);
                }
            }
            "TURN" => self.turn(rest, stop, &mut out),
            "BOARD" | "YXBOARD" => {
                // Even before START the stone lines are read up to DONE (so none is taken for a
                // command), and the one error is reported there, when the manager listens.
                let kind = if command == "BOARD" {
                    Setup::Board
                } else {
                    Setup::YxBoard
                };
                self.setup = Some(PendingSetup {
                    kind,
                    stones: Vec::new(),
                    error: None,
                });
            }
            "DONE" => out.push("ERROR DONE without BOARD or YXBOARD".to_owned()),
            "TAKEBACK" => self.takeback(rest, &mut out),
            "INFO" => self.info(rest, &mut out),
            "END" => self.finished = true,
            "ABOUT" => out.push(self.about.line()),
            "YXSHOWFORBID" => self.show_forbid(&mut out),
            // The search runs inside `handle`, so a stop that arrives here has nothing left to stop.
            "YXSTOP" => {}
            _ => out.push(format!("UNKNOWN command {word}")),
        }
        out
    }

    fn start(&mut self, rest: &str, out: &mut Vec<String>) {
        match parse_size(rest) {
            Ok(size) => self.new_board(size, out),
            Err(e) => out.push(format!("ERROR START: {e}")),
        }
    }

    fn rect_start(&mut self, rest: &str, out: &mut Vec<String>) {
        let Some((w, h)) = rest.split_once(',') else {
            out.push(format!(
                "ERROR RECTSTART expects width,height, got '{rest}'"
            ));
            return;
        };
        match (parse_size(w), parse_size(h)) {
            (Ok(w), Ok(h)) if w == h => self.new_board(w, out),
            (Ok(w), Ok(h)) => out.push(format!(
                "ERROR rectangular boards are not supported ({w}x{h}); use a square board of {PROTOCOL_MIN_SIZE} to {}",
                crate::MAX_SIZE
            )),
            (Err(e), _) | (_, Err(e)) => out.push(format!("ERROR RECTSTART: {e}")),
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

    fn turn(&mut self, rest: &str, stop: &AtomicBool, out: &mut Vec<String>) {
        let Some(game) = self.game.as_mut() else {
            out.push("ERROR TURN before START: no board yet".to_owned());
            return;
        };
        let pos = match parse_pos(rest, game.variant().size()) {
            Ok(pos) => pos,
            Err(e) => {
                out.push(format!("ERROR TURN: {e}"));
                return;
            }
        };
        if let Err(e) = game.play(pos) {
            out.push(format!("ERROR TURN {},{}: {}", pos.x, pos.y, describe(&e)));
            return;
        }
        self.play_own_move(stop, out);
    }

    /// Thinks and plays a move for the side to move, printing it; or explains why there is none.
    fn play_own_move(&mut self, stop: &AtomicBool, out: &mut Vec<String>) {
        let budget = self.next_budget();
        let Some(game) = self.game.as_mut() else {
            out.push("ERROR no board yet".to_owned());
            return;
        };
        if let Some(outcome) = game.outcome() {
            out.push(format!(
                "ERROR the game is over ({}); there is no move to play",
                describe_outcome(outcome)
            ));
            return;
        }
        let to_move = game.to_move();
        let suggestion = self.brain.think(game.board(), to_move, budget, stop);
        if let Some(message) = self.brain.take_message() {
            out.push(format!("MESSAGE {}", one_line(&message)));
        }
        let pos = match suggestion {
            Some(pos) if game.check(pos).is_ok() => pos,
            other => {
                let Some(fallback) = fallback_move(game) else {
                    out.push("ERROR no empty point is left; there is no move to play".to_owned());
                    return;
                };
                let why = match other {
                    Some(pos) => match game.check(pos) {
                        Err(e) => format!("suggested {},{} ({})", pos.x, pos.y, describe(&e)),
                        Ok(()) => "changed its mind".to_owned(),
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
        match parse_stone(line, size) {
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

    fn takeback(&mut self, rest: &str, out: &mut Vec<String>) {
        let Some(game) = self.game.as_mut() else {
            out.push("ERROR TAKEBACK before START: no board yet".to_owned());
            return;
        };
        let pos = match parse_pos(rest, game.variant().size()) {
            Ok(pos) => pos,
            Err(e) => {
                out.push(format!("ERROR TAKEBACK: {e}"));
                return;
            }
        };
        if game.last_move() == Some(pos) {
            game.undo();
            out.push("OK".to_owned());
            return;
        }
        // Not the last move: replay the game without it, if the rest still makes a legal game.
        let Some(index) = game.moves().iter().position(|&m| m == pos) else {
            out.push(format!(
                "ERROR TAKEBACK {},{}: there is no stone there",
                pos.x, pos.y
            ));
            return;
        };
        let remaining = stones_without(game.moves(), index);
        match game_from_stones(game.variant(), &remaining) {
            Ok(new_game) => {
                *game = new_game;
                out.push("OK".to_owned());
            }
            Err(e) => out.push(format!("ERROR TAKEBACK {},{}: {e}", pos.x, pos.y)),
        }
    }

    fn info(&mut self, rest: &str, out: &mut Vec<String>) {
        let (key, value) = match rest.split_once(char::is_whitespace) {
            Some((key, value)) => (key, value.trim()),
            None => (rest, ""),
        };
        if key.is_empty() {
            out.push("ERROR INFO expects a key and a value".to_owned());
            return;
        }
        let key = key.to_ascii_lowercase();
        let millis = |value: &str| -> Result<Duration, String> {
            value
                .parse::<u64>()
                .map(Duration::from_millis)
                .map_err(|_| format!("ERROR INFO {key}: '{value}' is not a number of milliseconds"))
        };
        match key.as_str() {
            "timeout_turn" => match millis(value) {
                Ok(d) => self.time.turn = Some(d),
                Err(e) => out.push(e),
            },
            "timeout_match" => match millis(value) {
                Ok(d) => self.time.match_total = Some(d),
                Err(e) => out.push(e),
            },
            "time_left" => match value.parse::<i64>() {
                // A late manager may report a negative time left: treat it as none at all.
                Ok(ms) => {
                    self.time.time_left = Some(Duration::from_millis(ms.max(0).unsigned_abs()))
                }
                Err(_) => out.push(format!(
                    "ERROR INFO time_left: '{value}' is not a number of milliseconds"
                )),
            },
            "max_memory" => match value.parse::<u64>() {
                Ok(bytes) => {
                    self.max_memory = Some(bytes);
                    self.brain.set_max_memory(bytes);
                }
                Err(_) => out.push(format!(
                    "ERROR INFO max_memory: '{value}' is not a number of bytes"
                )),
            },
            "game_type" => match value.parse::<u32>() {
                Ok(t) => self.game_type = Some(t),
                Err(_) => out.push(format!("ERROR INFO game_type: '{value}' is not a number")),
            },
            "rule" => match value.parse::<u32>() {
                Ok(code) => match rule_from_code(code) {
                    Ok(rule) => self.set_rule(rule, out),
                    Err(e) => out.push(format!("ERROR {e}; keeping {}", self.rule)),
                },
                Err(_) => out.push(format!("ERROR INFO rule: '{value}' is not a number")),
            },
            "folder" => self.folder = Some(value.to_owned()),
            // `evaluate x,y` asks a debugging brain to show its evaluation of a point; Tengen has
            // nothing to show, and an unknown key must be ignored anyway.
            _ => {}
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
            match Game::from_moves(variant, game.moves()) {
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

/// Every command word this protocol knows, so that one met inside `BOARD` is recognised.
fn is_command(word: &str) -> bool {
    matches!(
        word,
        "START"
            | "RECTSTART"
            | "RESTART"
            | "BEGIN"
            | "TURN"
            | "BOARD"
            | "YXBOARD"
            | "TAKEBACK"
            | "INFO"
            | "END"
            | "ABOUT"
            | "YXSHOWFORBID"
            | "YXSTOP"
    )
}

fn parse_size(text: &str) -> Result<u8, String> {
    let text = text.trim();
    let size: u32 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a board size"))?;
    let max = crate::MAX_SIZE;
    if !(u32::from(PROTOCOL_MIN_SIZE)..=u32::from(max)).contains(&size) {
        return Err(format!(
            "unsupported size {size}; Tengen plays {PROTOCOL_MIN_SIZE} to {max}"
        ));
    }
    u8::try_from(size).map_err(|_| format!("unsupported size {size}"))
}

/// Parses `x,y` (spaces around the numbers allowed) and checks it lies on a board of side `size`.
fn parse_pos(text: &str, size: u8) -> Result<Pos, String> {
    let mut parts = text.split(',').map(str::trim);
    let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("expected x,y, got '{text}'"));
    };
    coordinates(x, y, size).map_err(|e| format!("{e} in '{text}'"))
}

fn coordinates(x: &str, y: &str, size: u8) -> Result<Pos, String> {
    let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else {
        return Err("coordinates are not numbers".to_owned());
    };
    if x < 0 || y < 0 || x >= i64::from(size) || y >= i64::from(size) {
        return Err(format!("{x},{y} is off the {size}x{size} board"));
    }
    // Both are below `size`, which fits a u8.
    Ok(Pos::new(x as u8, y as u8))
}

/// Parses one `x,y,field` line of `BOARD`.
fn parse_stone(text: &str, size: u8) -> Result<(Pos, u32), String> {
    let mut parts = text.split(',').map(str::trim);
    let (Some(x), Some(y), Some(f), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!("expected x,y,field or DONE, got '{text}'"));
    };
    let pos = coordinates(x, y, size).map_err(|e| format!("{e} in '{text}'"))?;
    let field = f
        .parse::<u32>()
        .map_err(|_| format!("field '{f}' in '{text}' is not a number"))?;
    Ok((pos, field))
}

/// Turns the stones of a `BOARD` command into a game record.
///
/// The brain is always the side to move, so equal counts make it black and one opponent stone more
/// makes it white; any other count cannot come from alternating play. Stones of each side are taken
/// in the order sent (managers send them in move order), interleaved black first.
fn game_from_stones(variant: Variant, stones: &[(Pos, bool)]) -> Result<Game, String> {
    let own: Vec<Pos> = stones.iter().filter(|s| s.1).map(|s| s.0).collect();
    let opponent: Vec<Pos> = stones.iter().filter(|s| !s.1).map(|s| s.0).collect();
    let (black, white) = if own.len() == opponent.len() {
        (own, opponent)
    } else if opponent.len() == own.len() + 1 {
        (opponent, own)
    } else {
        return Err(format!(
            "{} own and {} opponent stones cannot come from alternating play with us to move",
            own.len(),
            opponent.len()
        ));
    };
    let mut moves = Vec::with_capacity(stones.len());
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        if let Some(&w) = white.get(i) {
            moves.push(w);
        }
    }
    let game = Game::from_moves(variant, &moves).map_err(|(ply, e)| {
        let pos = moves.get(ply).copied().unwrap_or(Pos::new(0, 0));
        format!(
            "stone {} at {},{} is illegal in that order ({})",
            ply + 1,
            pos.x,
            pos.y,
            describe(&e)
        )
    })?;
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "the position is already decided ({})",
            describe_outcome(outcome)
        ));
    }
    Ok(game)
}

/// The stones of `moves` without the one at `index`, each keeping its colour, marked "own" when it has
/// the colour of the side to move afterwards, so that [`game_from_stones`] rebuilds the same colours
/// (or refuses a position alternating play cannot reach).
fn stones_without(moves: &[Pos], index: usize) -> Vec<(Pos, bool)> {
    let mover_after = Color::to_move_at(moves.len().saturating_sub(1));
    moves
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .map(|(i, &p)| (p, Color::to_move_at(i) == mover_after))
        .collect()
}

/// A legal move when the brain has none: the free point nearest the centre, skipping black's
/// forbidden points in renju. If every free point is forbidden, the nearest free one.
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
        .find(|&p| game.check(p).is_ok())
        .or_else(|| free.first().copied())
}

fn describe(e: &PlayError) -> String {
    match e {
        PlayError::GameOver => "the game is already over".to_owned(),
        PlayError::OffBoard(_) => "off the board".to_owned(),
        PlayError::Occupied(_) => "that point is taken".to_owned(),
        PlayError::Forbidden(_, why) => format!("forbidden for black: {why}"),
    }
}

fn describe_outcome(outcome: &crate::Outcome) -> String {
    match outcome {
        crate::Outcome::Win { winner, .. } => format!("{winner} made five"),
        crate::Outcome::Draw => "the board is full: a draw".to_owned(),
    }
}

/// A brain message on one protocol line: newlines would be read as commands' answers.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::sync::atomic::Ordering;

    use super::*;

    /// A deterministic brain: plays its scripted answers first, then the first free point in reading
    /// order. It records what it was asked.
    #[derive(Default)]
    struct ScriptedBrain {
        script: VecDeque<Option<Pos>>,
        asked: Vec<(usize, Color, Duration)>,
        memory: Option<u64>,
        new_games: usize,
        saw_stop: bool,
    }

    impl Brain for ScriptedBrain {
        fn think(
            &mut self,
            board: &Board,
            to_move: Color,
            budget: Duration,
            stop: &AtomicBool,
        ) -> Option<Pos> {
            self.asked.push((board.stone_count(), to_move, budget));
            self.saw_stop |= stop.load(Ordering::Relaxed);
            if let Some(answer) = self.script.pop_front() {
                return answer;
            }
            let size = board.variant().size();
            (0..board.variant().cells())
                .map(|i| Pos::from_index(i, size))
                .find(|&p| board.is_empty(p))
        }

        fn set_max_memory(&mut self, bytes: u64) {
            self.memory = Some(bytes);
        }

        fn new_game(&mut self) {
            self.new_games += 1;
        }
    }

    fn about() -> About {
        About {
            name: "Test".to_owned(),
            version: "1".to_owned(),
            author: "Tester".to_owned(),
            country: "Nowhere".to_owned(),
        }
    }

    fn protocol() -> Protocol<ScriptedBrain> {
        Protocol::new(
            ScriptedBrain::default(),
            about(),
            Duration::from_millis(700),
        )
    }

    /// Sends each line and returns everything printed, one entry per printed line.
    fn session(p: &mut Protocol<ScriptedBrain>, lines: &[&str]) -> Vec<String> {
        let stop = AtomicBool::new(false);
        lines
            .iter()
            .flat_map(|line| p.handle(line, &stop))
            .collect()
    }

    fn moves(p: &Protocol<ScriptedBrain>) -> Vec<Pos> {
        p.game().map(|g| g.moves().to_vec()).unwrap_or_default()
    }

    fn is_error(line: &str) -> bool {
        line.starts_with("ERROR ")
    }

    #[test]
    fn start_accepts_five_to_twenty_and_refuses_the_rest() {
        let mut p = protocol();
        assert_eq!(session(&mut p, &["START 20"]), ["OK"]);
        assert_eq!(p.game().map(|g| g.variant().size()), Some(20));
        for bad in [
            "START 4",
            "START 21",
            "START 0",
            "START -3",
            "START fifteen",
            "START",
            "START 1000000000000",
        ] {
            let out = session(&mut p, &[bad]);
            assert_eq!(out.len(), 1, "{bad}: {out:?}");
            assert!(is_error(&out[0]), "{bad}: {out:?}");
            // A refused START leaves the board that was there.
            assert_eq!(p.game().map(|g| g.variant().size()), Some(20), "{bad}");
        }
        assert_eq!(session(&mut p, &["START 5"]), ["OK"]);
        assert_eq!(p.game().map(|g| g.variant().size()), Some(5));
    }

    #[test]
    fn rectstart_plays_square_boards_and_refuses_rectangles_clearly() {
        let mut p = protocol();
        assert_eq!(session(&mut p, &["RECTSTART 15,15"]), ["OK"]);
        assert_eq!(p.game().map(|g| g.variant().size()), Some(15));
        let out = session(&mut p, &["RECTSTART 15,20"]);
        assert!(
            is_error(&out[0]) && out[0].contains("rectangular"),
            "{out:?}"
        );
        for bad in [
            "RECTSTART 15",
            "RECTSTART 30,30",
            "RECTSTART a,b",
            "RECTSTART",
        ] {
            let out = session(&mut p, &[bad]);
            assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
        }
        assert_eq!(p.game().map(|g| g.variant().size()), Some(15));
    }

    #[test]
    fn begin_plays_a_first_move_as_black() {
        let mut p = protocol();
        assert_eq!(session(&mut p, &["START 15", "BEGIN"]), ["OK", "0,0"]);
        assert_eq!(moves(&p), [Pos::new(0, 0)]);
        assert_eq!(p.brain().asked[0].0, 0);
        assert_eq!(p.brain().asked[0].1, Color::Black);
    }

    #[test]
    fn turn_records_the_opponent_and_answers_with_our_move() {
        let mut p = protocol();
        let out = session(&mut p, &["START 15", "TURN 7,7", "TURN 8,8"]);
        assert_eq!(out, ["OK", "0,0", "1,0"]);
        assert_eq!(
            moves(&p),
            [
                Pos::new(7, 7),
                Pos::new(0, 0),
                Pos::new(8, 8),
                Pos::new(1, 0)
            ]
        );
        // The opponent moved first, so we are white.
        assert!(p.brain().asked.iter().all(|a| a.1 == Color::White));
        // Spaces and lower case are tolerated, CR LF is trimmed.
        let out = session(&mut p, &["turn 3, 4\r\n"]);
        assert_eq!(out, ["2,0"]);
        assert_eq!(moves(&p)[4], Pos::new(3, 4));
    }

    #[test]
    fn illegal_opponent_moves_get_an_error_and_change_nothing() {
        let mut p = protocol();
        session(&mut p, &["START 15", "TURN 7,7"]);
        let before = moves(&p);
        for bad in [
            "TURN 7,7",   // taken by the opponent
            "TURN 0,0",   // taken by us
            "TURN 15,3",  // off the board
            "TURN -1,3",  // off the board
            "TURN 3",     // malformed
            "TURN 3,4,5", // malformed
            "TURN x,y",   // malformed
            "TURN",       // malformed
        ] {
            let out = session(&mut p, &[bad]);
            assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
            assert_eq!(moves(&p), before, "{bad}");
        }
        // The engine keeps running: the next legal move is answered.
        assert_eq!(session(&mut p, &["TURN 8,8"]), ["1,0"]);
    }

    #[test]
    fn commands_before_start_are_errors_not_crashes() {
        let mut p = protocol();
        for line in ["BEGIN", "TURN 1,1", "TAKEBACK 1,1", "RESTART", "DONE"] {
            let out = session(&mut p, &[line]);
            assert!(out.len() == 1 && is_error(&out[0]), "{line}: {out:?}");
        }
        let out = session(&mut p, &["BOARD", "1,1,1", "DONE"]);
        assert!(
            !out.is_empty() && out.iter().all(|l| is_error(l)),
            "{out:?}"
        );
        assert_eq!(session(&mut p, &["START 15", "BEGIN"]), ["OK", "0,0"]);
    }

    #[test]
    fn moves_after_the_game_is_won_are_refused() {
        let mut p = protocol();
        p.brain_mut().script = [0, 1, 2, 3]
            .map(|y| Some(Pos::new(0, y)))
            .into_iter()
            .collect();
        session(
            &mut p,
            &["START 15", "TURN 5,5", "TURN 6,5", "TURN 7,5", "TURN 8,5"],
        );
        // The opponent's fifth stone makes five: there is nothing left for us to play.
        let out = session(&mut p, &["TURN 9,5"]);
        assert!(
            out.len() == 1 && is_error(&out[0]) && out[0].contains("over"),
            "{out:?}"
        );
        let before = moves(&p);
        let out = session(&mut p, &["TURN 10,10"]);
        assert!(out.len() == 1 && is_error(&out[0]), "{out:?}");
        assert_eq!(moves(&p), before);
        // A take-back reopens the game.
        assert_eq!(
            session(&mut p, &["TAKEBACK 9,5", "TURN 10,10"]),
            ["OK", "1,0"]
        );
    }

    #[test]
    fn board_sets_the_position_and_answers_a_move() {
        let mut p = protocol();
        let out = session(
            &mut p,
            &[
                "START 15", "BOARD", "7,7,1", "8,8,2", "7,8,1", "9,9,2", "DONE",
            ],
        );
        assert_eq!(out, ["OK", "0,0"]);
        // Equal counts with us to move: we are black, stones interleaved in the order sent.
        assert_eq!(
            moves(&p),
            [
                Pos::new(7, 7),
                Pos::new(8, 8),
                Pos::new(7, 8),
                Pos::new(9, 9),
                Pos::new(0, 0)
            ]
        );
        assert_eq!(p.brain().asked.last().map(|a| a.1), Some(Color::Black));

        // One opponent stone more: we are white. Lower case and CR LF, as managers send them.
        let out = session(
            &mut p,
            &["RESTART\r\n", "board\r\n", "7,7,2\r\n", "done\r\n"],
        );
        assert_eq!(out, ["OK", "0,0"]);
        assert_eq!(
            p.brain().asked.last().map(|a| (a.0, a.1)),
            Some((1, Color::White))
        );

        // An empty BOARD is a BEGIN.
        let out = session(&mut p, &["RESTART", "BOARD", "DONE"]);
        assert_eq!(out, ["OK", "0,0"]);
        assert_eq!(
            p.brain().asked.last().map(|a| (a.0, a.1)),
            Some((0, Color::Black))
        );
    }

    #[test]
    fn a_bad_board_is_refused_whole_and_the_old_position_kept() {
        let mut p = protocol();
        session(&mut p, &["START 15", "TURN 7,7"]);
        let before = moves(&p);
        let bad_boards: [&[&str]; 8] = [
            &["BOARD", "1,1,1", "garbage", "DONE"],
            &["BOARD", "1,1,3", "DONE"], // continuous-game marker
            &["BOARD", "1,1,4", "DONE"], // no such field
            &["BOARD", "1,1,1", "1,1,2", "DONE"], // two stones on one point
            &["BOARD", "20,1,1", "DONE"], // off the board
            &["BOARD", "1,1,1", "2,2,1", "3,3,1", "DONE"], // counts no game can reach
            &["YXBOARD", "1,1,x", "DONE"],
            &[
                "BOARD", "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "5,5,1", "6,6,1", "7,7,1",
                "8,8,1", "DONE",
            ],
        ];
        for lines in bad_boards {
            let out = session(&mut p, lines);
            assert!(out.len() == 1 && is_error(&out[0]), "{lines:?}: {out:?}");
            assert_eq!(moves(&p), before, "{lines:?}");
        }
        // A command inside BOARD abandons it and is obeyed.
        let out = session(&mut p, &["BOARD", "1,1,1", "ABOUT"]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(is_error(&out[0]));
        assert!(out[1].starts_with("name=\"Test\""));
        assert_eq!(moves(&p), before);
    }

    #[test]
    fn yxboard_sets_the_position_without_moving() {
        let mut p = protocol();
        let out = session(
            &mut p,
            &["START 15", "YXBOARD", "7,7,2", "7,8,1", "8,8,2", "DONE"],
        );
        assert_eq!(out, ["OK"]);
        assert_eq!(moves(&p), [Pos::new(7, 7), Pos::new(7, 8), Pos::new(8, 8)]);
        assert!(p.brain().asked.is_empty());
        assert_eq!(p.game().map(|g| g.to_move()), Some(Color::White));
    }

    #[test]
    fn takeback_removes_a_stone_and_answers_ok() {
        let mut p = protocol();
        session(&mut p, &["START 15", "TURN 7,7"]);
        assert_eq!(session(&mut p, &["TAKEBACK 0,0"]), ["OK"]);
        assert_eq!(moves(&p), [Pos::new(7, 7)]);
        assert_eq!(session(&mut p, &["TAKEBACK 7,7"]), ["OK"]);
        assert!(moves(&p).is_empty());
        for bad in ["TAKEBACK 7,7", "TAKEBACK 99,1", "TAKEBACK", "TAKEBACK a,b"] {
            let out = session(&mut p, &[bad]);
            assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
        }
        // Taking back an earlier stone of the side that moved last keeps a reachable position.
        session(&mut p, &["BEGIN", "TURN 5,5", "TURN 6,6"]);
        assert_eq!(
            moves(&p),
            [
                Pos::new(0, 0),
                Pos::new(5, 5),
                Pos::new(1, 0),
                Pos::new(6, 6),
                Pos::new(2, 0)
            ]
        );
        assert_eq!(session(&mut p, &["TAKEBACK 0,0"]), ["OK"]);
        let mut left = moves(&p);
        left.sort();
        assert_eq!(
            left,
            [
                Pos::new(1, 0),
                Pos::new(2, 0),
                Pos::new(5, 5),
                Pos::new(6, 6)
            ]
        );
        assert_eq!(p.game().map(|g| g.to_move()), Some(Color::Black));
    }

    #[test]
    fn info_sets_the_clock_memory_and_rule_and_ignores_unknown_keys() {
        let mut p = protocol();
        let out = session(
            &mut p,
            &[
                "START 15",
                "INFO timeout_turn 5000",
                "INFO timeout_match 180000",
                "INFO time_left 90000",
                "INFO max_memory 83886080",
                "INFO game_type 1",
                "INFO rule 4",
                "INFO folder C:\\Piskvork\\tmp",
                "INFO evaluate 7,7",
                "INFO thread_num 2",
                "INFO some_future_key whatever it is",
            ],
        );
        assert_eq!(out, ["OK"]);
        let time = p.time_control();
        assert_eq!(time.turn, Some(Duration::from_millis(5000)));
        assert_eq!(time.match_total, Some(Duration::from_millis(180_000)));
        assert_eq!(time.time_left, Some(Duration::from_millis(90_000)));
        assert_eq!(p.max_memory(), Some(83_886_080));
        assert_eq!(p.brain().memory, Some(83_886_080));
        assert_eq!(p.game_type(), Some(1));
        assert_eq!(p.folder(), Some("C:\\Piskvork\\tmp"));
        assert_eq!(p.rule(), Rule::Renju);
        assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Renju));
        // The key is case-insensitive; a late manager's negative time left counts as none.
        session(&mut p, &["info TIME_LEFT -20"]);
        assert_eq!(p.time_control().time_left, Some(Duration::ZERO));
    }

    #[test]
    fn info_with_a_bad_value_is_an_error_and_keeps_the_old_value() {
        let mut p = protocol();
        session(
            &mut p,
            &["START 15", "INFO timeout_turn 1000", "INFO rule 1"],
        );
        for bad in [
            "INFO timeout_turn soon",
            "INFO timeout_turn -5",
            "INFO max_memory lots",
            "INFO rule renju",
            "INFO rule 2",
            "INFO rule 8",
            "INFO rule 16",
            "INFO",
        ] {
            let out = session(&mut p, &[bad]);
            assert!(out.len() == 1 && is_error(&out[0]), "{bad}: {out:?}");
        }
        assert_eq!(p.time_control().turn, Some(Duration::from_millis(1000)));
        assert_eq!(p.rule(), Rule::Standard);
    }

    #[test]
    fn rule_codes_read_both_ways() {
        assert_eq!(rule_from_code(0), Ok(Rule::Freestyle));
        assert_eq!(rule_from_code(1), Ok(Rule::Standard));
        assert_eq!(rule_from_code(4), Ok(Rule::Renju));
        // The bit mask: renju with the exact-five bit is still renju.
        assert_eq!(rule_from_code(5), Ok(Rule::Renju));
        assert!(rule_from_code(2).is_err());
        assert!(rule_from_code(3).is_err());
        assert!(rule_from_code(8).is_err());
        assert!(rule_from_code(32).is_err());
    }

    #[test]
    fn the_rule_survives_start_and_restart() {
        let mut p = protocol();
        session(&mut p, &["INFO rule 1", "START 15"]);
        assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Standard));
        session(&mut p, &["RESTART"]);
        assert_eq!(p.game().map(|g| g.variant().rule()), Some(Rule::Standard));
        assert_eq!(p.brain().new_games, 2);
    }

    #[test]
    fn end_stops_the_session_silently() {
        let mut p = protocol();
        assert!(session(&mut p, &["START 15", "END"]) == ["OK"]);
        assert!(p.is_finished());
    }

    #[test]
    fn about_names_the_engine() {
        let mut p = protocol();
        assert_eq!(
            session(&mut p, &["ABOUT"]),
            ["name=\"Test\", version=\"1\", author=\"Tester\", country=\"Nowhere\""]
        );
    }

    #[test]
    fn yxstop_while_idle_prints_nothing() {
        let mut p = protocol();
        assert!(session(&mut p, &["START 15", "YXSTOP"]) == ["OK"]);
    }

    #[test]
    fn yxshowforbid_is_empty_outside_renju() {
        let mut p = protocol();
        let out = session(
            &mut p,
            &[
                "START 15",
                "BOARD",
                "7,7,1",
                "0,0,2",
                "DONE",
                "YXSHOWFORBID",
            ],
        );
        assert_eq!(out.last().map(String::as_str), Some("FORBID ."));
        // Before START there is no board, and no forbidden point either.
        assert_eq!(session(&mut protocol(), &["YXSHOWFORBID"]), ["FORBID ."]);
    }

    /// Black to move in renju with two twos crossing on 7,7: playing there would make a double-three.
    const DOUBLE_THREE: [&str; 10] = [
        "YXBOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
        "DONE",
    ];

    #[test]
    fn yxshowforbid_lists_blacks_forbidden_points_in_renju() {
        let mut p = protocol();
        session(&mut p, &["INFO rule 4", "START 15"]);
        assert!(session(&mut p, &DOUBLE_THREE).is_empty());
        let out = session(&mut p, &["YXSHOWFORBID"]);
        assert_eq!(out, ["FORBID 0707."]);
        // The same position under freestyle has none.
        session(&mut p, &["INFO rule 0"]);
        assert_eq!(session(&mut p, &["YXSHOWFORBID"]), ["FORBID ."]);
    }

    #[test]
    fn renju_black_never_plays_a_forbidden_point() {
        let mut p = protocol();
        session(&mut p, &["INFO rule 4", "START 15"]);
        session(&mut p, &DOUBLE_THREE);
        p.brain_mut().script = [Some(Pos::new(7, 7))].into_iter().collect();
        let out = session(&mut p, &["BEGIN"]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(
            out[0].starts_with("DEBUG ") && out[0].contains("forbidden"),
            "{out:?}"
        );
        assert_ne!(out[1], "7,7");
        assert_eq!(p.game().map(|g| g.moves().len()), Some(9));
    }

    #[test]
    fn a_forbidden_move_by_the_opponent_is_refused() {
        let mut p = protocol();
        session(&mut p, &["INFO rule 4", "START 15"]);
        // We are white, one stone behind; our scripted answer leaves black to move into 7,7.
        p.brain_mut().script = [Some(Pos::new(14, 14))].into_iter().collect();
        let lines = [
            "BOARD", "5,7,2", "0,0,1", "6,7,2", "14,0,1", "7,5,2", "0,14,1", "7,6,2", "DONE",
        ];
        assert_eq!(session(&mut p, &lines), ["14,14"]);
        let out = session(&mut p, &["TURN 7,7"]);
        assert!(
            out.len() == 1 && is_error(&out[0]) && out[0].contains("forbidden"),
            "{out:?}"
        );
        assert_eq!(p.game().map(|g| g.moves().len()), Some(8));
        // White may play there: the point is only forbidden for black.
        assert_eq!(session(&mut p, &["TURN 9,9"]).len(), 1);
    }

    #[test]
    fn unknown_commands_and_garbage_get_unknown() {
        let mut p = protocol();
        session(&mut p, &["START 15"]);
        for line in [
            "HELLO",
            "PLAY 7,7",
            "7,7",
            "\u{1b}[A",
            "ÿÿÿ",
            "SWAP2BOARD",
            "YXNBEST 3",
        ] {
            let out = session(&mut p, &[line]);
            assert!(
                out.len() == 1 && out[0].starts_with("UNKNOWN "),
                "{line:?}: {out:?}"
            );
        }
        // Empty lines are ignored, as managers do.
        assert!(session(&mut p, &["", "\r\n", "   "]).is_empty());
        assert!(moves(&p).is_empty());
    }

    #[test]
    fn an_illegal_or_missing_brain_move_is_replaced_by_a_legal_one() {
        let mut p = protocol();
        p.brain_mut().script = [Some(Pos::new(7, 7)), None].into_iter().collect();
        let out = session(&mut p, &["START 15", "TURN 7,7"]);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(out[1].starts_with("DEBUG "), "{out:?}");
        // The fallback is the free point nearest the centre.
        assert_eq!(out[2], "7,6");
        let out = session(&mut p, &["TURN 0,0"]);
        assert!(out[0].starts_with("DEBUG "), "{out:?}");
        assert_eq!(out.len(), 2);
        let game = p.game().cloned();
        assert_eq!(game.map(|g| g.moves().len()), Some(4));
    }

    #[test]
    fn the_brain_gets_the_budget_from_the_clock_and_the_stop_flag() {
        let mut p = protocol();
        session(&mut p, &["START 15", "BEGIN"]);
        // No clock: the default think time.
        assert_eq!(p.brain().asked[0].2, Duration::from_millis(700));
        session(&mut p, &["INFO timeout_turn 2000", "TURN 7,7"]);
        assert_eq!(p.brain().asked[1].2, Duration::from_millis(1800));
        let stop = AtomicBool::new(true);
        p.handle("TURN 8,8", &stop);
        assert!(p.brain().saw_stop);
    }

    #[test]
    fn a_whole_session_as_a_manager_plays_it() {
        let mut p = protocol();
        let out = session(
            &mut p,
            &[
                "START 15",
                "INFO timeout_match 60000",
                "INFO timeout_turn 1000",
                "INFO max_memory 0",
                "INFO rule 0",
                "INFO time_left 60000",
                "BEGIN",
                "INFO time_left 59000",
                "TURN 7,7",
                "TAKEBACK 1,0",
                "TAKEBACK 7,7",
                "TURN 7,7",
                "RESTART",
                "BOARD",
                "7,7,2",
                "DONE",
                "ABOUT",
                "END",
            ],
        );
        assert_eq!(
            out,
            [
                "OK",
                "0,0",
                "1,0",
                "OK",
                "OK",
                "1,0",
                "OK",
                "0,0",
                "name=\"Test\", version=\"1\", author=\"Tester\", country=\"Nowhere\"",
            ]
        );
        assert!(p.is_finished());
    }

    #[test]
    fn budget_without_a_clock_is_the_default() {
        let tc = TimeControl::default();
        assert_eq!(
            tc.budget(Duration::from_secs(1), 225),
            Duration::from_secs(1)
        );
    }

    #[test]
    fn budget_keeps_a_margin_below_the_turn_limit() {
        let turn = |ms| TimeControl {
            turn: Some(Duration::from_millis(ms)),
            ..TimeControl::default()
        };
        assert_eq!(
            turn(1000).budget(Duration::from_secs(9), 225),
            Duration::from_millis(900)
        );
        assert_eq!(
            turn(100).budget(Duration::from_secs(9), 225),
            Duration::from_millis(75)
        );
        assert_eq!(
            turn(30_000).budget(Duration::from_secs(9), 225),
            Duration::from_millis(29_500)
        );
        // Zero is "as fast as possible", and tiny limits never go negative.
        assert_eq!(turn(0).budget(Duration::from_secs(9), 225), Duration::ZERO);
        assert_eq!(turn(10).budget(Duration::from_secs(9), 225), Duration::ZERO);
    }

    #[test]
    fn budget_shares_the_match_clock_over_the_moves_to_come() {
        let tc = TimeControl {
            turn: Some(Duration::from_secs(30)),
            match_total: Some(Duration::from_secs(180)),
            time_left: Some(Duration::from_secs(100)),
        };
        // 100 s less a 0.5 s margin, over 25 moves to go on an open board.
        assert_eq!(
            tc.budget(Duration::from_secs(1), 225),
            Duration::from_millis(3980)
        );
        // Near the end of a crowded board, fewer moves are left to pay for.
        assert_eq!(
            tc.budget(Duration::from_secs(1), 10),
            Duration::from_millis(99_500) / 8
        );
        // Almost out of time: almost nothing, and never more than is left.
        let short = TimeControl {
            time_left: Some(Duration::from_millis(20)),
            ..tc
        };
        assert_eq!(short.budget(Duration::from_secs(1), 225), Duration::ZERO);
        let none_left = TimeControl {
            time_left: Some(Duration::ZERO),
            ..tc
        };
        assert_eq!(
            none_left.budget(Duration::from_secs(1), 225),
            Duration::ZERO
        );
    }

    #[test]
    fn budget_ignores_time_left_when_the_match_is_unlimited() {
        // c-gomoku-cli sends timeout_match 0 and a huge time_left when only the turn is limited.
        let tc = TimeControl {
            turn: Some(Duration::from_millis(500)),
            match_total: Some(Duration::ZERO),
            time_left: Some(Duration::from_millis(2_147_483_647)),
        };
        assert_eq!(
            tc.budget(Duration::from_secs(1), 225),
            Duration::from_millis(450)
        );
        // And a turn limit bigger than the match share is cut to the share.
        let tight = TimeControl {
            match_total: Some(Duration::from_secs(10)),
            time_left: Some(Duration::from_millis(2500)),
            ..tc
        };
        assert_eq!(
            tight.budget(Duration::from_secs(1), 225),
            Duration::from_millis(2250 / 25)
        );
    }

    mod garbage {
        use proptest::prelude::*;

        use super::*;

        proptest! {
            /// Whatever a broken manager sends, the engine answers in single lines, never panics, and
            /// still plays a legal game afterwards.
            #[test]
            fn random_lines_never_break_the_engine(lines in proptest::collection::vec(
                prop_oneof![
                    "[ -~]{0,30}",
                    "(START|RECTSTART|TURN|BOARD|YXBOARD|DONE|TAKEBACK|INFO|BEGIN|RESTART|YXSHOWFORBID) ?[-0-9, a-z_]{0,12}",
                    "[0-9]{1,2},[0-9]{1,2},[0-4]",
                ],
                0..40,
            )) {
                let mut p = protocol();
                let stop = AtomicBool::new(false);
                for line in &lines {
                    for out in p.handle(line, &stop) {
                        prop_assert!(!out.contains('\n') && !out.contains('\r'));
                    }
                    if let Some(game) = p.game() {
                        // Every stone on the board comes from a legal game record.
                        let replay = Game::from_moves(game.variant(), game.moves());
                        prop_assert!(replay.is_ok());
                    }
                }
                if p.is_finished() {
                    return Ok(());
                }
                let out = session(&mut p, &["DONE", "START 15", "BEGIN"]);
                prop_assert_eq!(out.last().map(String::as_str), Some("0,0"));
            }
        }
    }
}
