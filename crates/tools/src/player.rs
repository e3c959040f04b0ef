//! A match player: one of Tengen's levels, a reference bot or an external engine, all driven
//! through the same Gomocup protocol lines.
//!
//! Tengen's levels (and the bots) run in-process through the very [`Protocol`] state machine
//! `pbrain-tengen` uses, so a match exercises the engine's protocol code as well as its AI; an
//! external engine gets the same lines over pipes.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tengen_engine::{
    About, Board, Brain, Color, Game, Level, Pos, Protocol, Step, ThinkTime, Variant,
};

use crate::bots::{Bot, BotBrain};
use crate::brain::LevelBrain;
use crate::stats::{Forfeit, Illegal};
pub use tengen_host::rule_code;
use tengen_host::{EngineProcess, ReadError, TrafficLog, parse_move};

/// How long an engine may take to answer `START` (loading weights or tables).
const START_TIMEOUT: Duration = Duration::from_secs(15);

/// Who plays: a built-in level, a reference bot (`bots.rs`) or an external engine's command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Level(Level),
    /// A step of the strength ladder (`step:N`), with a node limit a move (`step:N@NODES`).
    Step(Step, Option<u64>),
    Bot(Bot),
    Command(String),
}

/// `N` or `N@NODES` of a `step:` player.
fn parse_step(s: &str) -> Result<PlayerSpec, String> {
    let (step, nodes) = match s.split_once('@') {
        Some((step, nodes)) => {
            let nodes = nodes
                .trim()
                .parse::<u64>()
                .map_err(|_| format!("step:{s}: {nodes:?} is not a node count"))?;
            (step, Some(nodes))
        }
        None => (s, None),
    };
    let step = step.parse::<Step>().map_err(|e| format!("step:{s}: {e}"))?;
    Ok(PlayerSpec::Step(step, nodes))
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        if let Some(command) = s.strip_prefix("cmd:") {
            if command.trim().is_empty() {
                return Err(
                    "cmd: needs an engine command, e.g. cmd:/path/to/pbrain-rapfi".to_owned(),
                );
            }
            return Ok(PlayerSpec::Command(command.trim().to_owned()));
        }
        if let Some(bot) = s.strip_prefix("bot:") {
            return bot.parse().map(PlayerSpec::Bot);
        }
        if let Some(step) = s.strip_prefix("step:") {
            return parse_step(step);
        }
        s.parse::<Level>().map(PlayerSpec::Level).map_err(|_| {
            format!(
                "unknown player '{s}': use low, medium, expert, step:N, bot:threats, bot:minimax or cmd:<engine command>"
            )
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(level) => write!(f, "{level}"),
            PlayerSpec::Step(step, None) => write!(f, "step:{}", step.number()),
            PlayerSpec::Step(step, Some(nodes)) => write!(f, "step:{}@{nodes}", step.number()),
            PlayerSpec::Bot(bot) => write!(f, "bot:{bot}"),
            PlayerSpec::Command(command) => {
                // The program's file name is the engine's usual name (pbrain-rapfi).
                let program = command.split_whitespace().next().unwrap_or(command);
                let name = std::path::Path::new(program)
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or(program);
                f.write_str(name)
            }
        }
    }
}

/// The rules and clock of one game, as a manager announces them.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup {
    pub variant: Variant,
    pub turn_time: Duration,
    pub max_memory: u64,
    pub seed: u64,
}

/// The brain of an in-process player.
enum InProcessBrain {
    Level(Box<LevelBrain>),
    Bot(BotBrain),
}

impl Brain for InProcessBrain {
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        time: ThinkTime,
        stop: &AtomicBool,
    ) -> Option<Pos> {
        match self {
            InProcessBrain::Level(brain) => brain.think(board, to_move, time, stop),
            InProcessBrain::Bot(brain) => brain.think(board, to_move, time, stop),
        }
    }

    fn set_max_memory(&mut self, bytes: u64) {
        if let InProcessBrain::Level(brain) = self {
            brain.set_max_memory(bytes);
        }
    }

    fn set_threads(&mut self, threads: u32) {
        if let InProcessBrain::Level(brain) = self {
            brain.set_threads(threads);
        }
    }

    fn new_game(&mut self) {
        if let InProcessBrain::Level(brain) = self {
            brain.new_game();
        }
    }

    fn take_message(&mut self) -> Option<String> {
        match self {
            InProcessBrain::Level(brain) => brain.take_message(),
            InProcessBrain::Bot(_) => None,
        }
    }
}

/// Where the protocol lines go.
enum Channel {
    InProcess {
        protocol: Box<Protocol<InProcessBrain>>,
        answers: VecDeque<String>,
    },
    External(EngineProcess),
}

impl Channel {
    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        match self {
            Channel::InProcess { protocol, answers } => {
                // Tengen's own match never stops a search early: there is no YXSTOP to send.
                let stop = AtomicBool::new(false);
                answers.extend(protocol.handle(line, &stop));
                Ok(())
            }
            Channel::External(engine) => engine.send(line).map_err(|_| Forfeit::Crash),
        }
    }

    /// Lets an external engine get ready for its next command before the clock starts.
    fn settle(&mut self) {
        if let Channel::External(engine) = self {
            engine.settle();
        }
    }

    fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        match self {
            // The in-process protocol answered while handling the line; nothing more will come.
            Channel::InProcess { answers, .. } => answers.pop_front().ok_or(ReadError::Timeout),
            Channel::External(engine) => engine.read_line(deadline),
        }
    }
}

/// A player of a match, started on its first game and kept across games.
pub struct Player {
    spec: PlayerSpec,
    channel: Option<Channel>,
    setup: Option<GameSetup>,
    /// How many moves of the current game the player has seen (its own included).
    known_moves: Option<usize>,
    /// The last `ERROR`/`UNKNOWN` line the engine printed, for the report.
    pub last_complaint: Option<String>,
    log: Option<TrafficLog>,
}

/// A move and how long it took, measured from sending the request to reading the answer.
pub type TimedMove = (Pos, Duration);

impl Player {
    pub fn new(spec: PlayerSpec) -> Player {
        Player {
            spec,
            channel: None,
            setup: None,
            known_moves: None,
            last_complaint: None,
            log: None,
        }
    }

    /// Logs an external engine's protocol traffic to `log`.
    pub fn with_log(mut self, log: Option<TrafficLog>) -> Player {
        self.log = log;
        self
    }

    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    fn start_channel(&self) -> Result<Channel, Forfeit> {
        let about = |name: String| About {
            name,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            author: "Tengen".to_owned(),
            country: String::new(),
        };
        let in_process = |brain, about, think| Channel::InProcess {
            protocol: Box::new(Protocol::new(brain, about, think)),
            answers: VecDeque::new(),
        };
        match &self.spec {
            PlayerSpec::Level(level) => Ok(in_process(
                InProcessBrain::Level(Box::new(LevelBrain::new(*level, 0))),
                about(format!("Tengen {level}")),
                LevelBrain::default_think(*level),
            )),
            PlayerSpec::Step(step, nodes) => {
                let brain = LevelBrain::for_step(*step, 0);
                // A node limit replaces the step's pace, so the match does not depend on load.
                let brain = match nodes {
                    Some(n) => brain.nodes_only(*n),
                    None => brain,
                };
                Ok(in_process(
                    InProcessBrain::Level(Box::new(brain)),
                    about(format!("Tengen {step}")),
                    step.think_time(),
                ))
            }
            PlayerSpec::Bot(bot) => Ok(in_process(
                InProcessBrain::Bot(BotBrain::new(*bot)),
                about(format!("{bot} bot")),
                // The bots ignore the clock; this only fills the protocol's default.
                Duration::from_secs(1),
            )),
            PlayerSpec::Command(command) => {
                let mut engine = EngineProcess::spawn(command).map_err(|_| Forfeit::Crash)?;
                engine.set_log(self.log.clone());
                Ok(Channel::External(engine))
            }
        }
    }

    /// Announces a new game (`START`, then the rule and clock as `INFO`).
    pub fn new_game(&mut self, setup: GameSetup) -> Result<(), Forfeit> {
        self.known_moves = None;
        self.setup = Some(setup);
        let result = self.try_new_game(setup);
        if result.is_err() {
            self.abandon();
        }
        result
    }

    fn try_new_game(&mut self, setup: GameSetup) -> Result<(), Forfeit> {
        if self.channel.is_none() {
            let mut channel = self.start_channel()?;
            warm_up(&mut channel, setup, &mut self.last_complaint)?;
            self.channel = Some(channel);
        }
        let channel = self.channel.as_mut().ok_or(Forfeit::Crash)?;
        if let Channel::InProcess { protocol, answers } = channel {
            // The bots are deterministic: only a level has a seed.
            if let InProcessBrain::Level(brain) = protocol.brain_mut() {
                brain.reseed(setup.seed);
            }
            answers.clear();
        }
        start_board(channel, setup, &mut self.last_complaint)?;
        for info in [
            format!("INFO rule {}", rule_code(setup.variant.rule())),
            format!("INFO timeout_turn {}", setup.turn_time.as_millis()),
            "INFO timeout_match 0".to_owned(),
            format!("INFO max_memory {}", setup.max_memory),
            "INFO game_type 1".to_owned(),
        ] {
            channel.send(&info)?;
        }
        self.known_moves = Some(0);
        Ok(())
    }

    /// Asks for a move in `game` (this player is to move) and judges the time as c-gomoku-cli does
    /// (`Engine::bestmove`): a move line is taken whenever it comes within the turn time plus
    /// `tolerance` (there it kills the engine), but a line that is not a move, read after the turn
    /// time plus the move overhead ([`move_overhead`]), loses on time even if a move follows. The
    /// move is returned as read; the caller judges its legality.
    pub fn play(&mut self, game: &Game, tolerance: Duration) -> Result<TimedMove, Forfeit> {
        let result = self.try_play(game, tolerance);
        match result {
            Ok(_) => self.known_moves = Some(game.moves().len() + 1),
            // A late or broken engine may still print an answer that belongs to this game: it is
            // restarted for the next one rather than trusted.
            Err(_) => self.abandon(),
        }
        result
    }

    fn try_play(&mut self, game: &Game, tolerance: Duration) -> Result<TimedMove, Forfeit> {
        let setup = self.setup.ok_or(Forfeit::Crash)?;
        let moves = game.moves();
        let request: Vec<String> = match (moves.last(), self.known_moves) {
            (None, _) => vec!["BEGIN".to_owned()],
            (Some(last), Some(known)) if known + 1 == moves.len() => {
                vec![format!("TURN {},{}", last.x, last.y)]
            }
            _ => {
                // The whole position, in move order, marked relative to the side to move.
                let mover_parity = moves.len() % 2;
                let mut lines = vec!["BOARD".to_owned()];
                lines.extend(moves.iter().enumerate().map(|(i, p)| {
                    let field = if i % 2 == mover_parity { 1 } else { 2 };
                    format!("{},{},{field}", p.x, p.y)
                }));
                lines.push("DONE".to_owned());
                lines
            }
        };
        let channel = self.channel.as_mut().ok_or(Forfeit::Crash)?;
        channel.settle();
        let started = Instant::now();
        let deadline = started + setup.turn_time + tolerance;
        // Past this, a line that is not a move ends the wait: a time loss.
        let chatter_limit = setup.turn_time + move_overhead(tolerance);
        for line in &request {
            channel.send(line)?;
        }
        // The engine's last ERROR or UNKNOWN line of this request, if any.
        let mut said: Option<String> = None;
        loop {
            let line = channel.read_line(deadline).map_err(|e| match e {
                ReadError::Timeout => {
                    let mut why = format!(
                        "no move within {} ms",
                        (setup.turn_time + tolerance).as_millis()
                    );
                    if let Some(said) = &said {
                        why.push_str(&format!(" after '{said}'"));
                    }
                    self.last_complaint = Some(why);
                    Forfeit::Time
                }
                ReadError::Closed => Forfeit::Crash,
            })?;
            let elapsed = started.elapsed();
            match parse_move(&line, setup.variant.size()) {
                Some(Ok(pos)) => return Ok((pos, elapsed)),
                Some(Err(())) => {
                    self.last_complaint = Some(format!("off-board move '{line}'"));
                    return Err(Forfeit::Illegal(Illegal::OffBoard));
                }
                None => {}
            }
            let word = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            if word == "ERROR" || word == "UNKNOWN" {
                self.last_complaint = Some(line.clone());
                said = Some(line.clone());
            }
            // Any other line (MESSAGE, DEBUG, ERROR, chatter) is ignored while the turn time and
            // the overhead last.
            if elapsed > chatter_limit {
                self.last_complaint = Some(format!(
                    "'{line}' came {} ms after the request, past the turn time + {} ms, before any move",
                    elapsed.as_millis(),
                    move_overhead(tolerance).as_millis()
                ));
                return Err(Forfeit::Time);
            }
        }
    }

    /// Drops the connection (killing an external engine); the next game starts a fresh one.
    pub fn abandon(&mut self) {
        if let Some(Channel::External(mut engine)) = self.channel.take() {
            engine.shut_down();
        }
        self.known_moves = None;
    }

    /// Ends the player at the end of the match.
    pub fn shut_down(&mut self) {
        if let Some(channel) = self.channel.as_mut() {
            let _ = channel.send("END");
        }
        self.abandon();
    }
}

/// Sends the rule and `START`, and waits for `OK`.
fn start_board(
    channel: &mut Channel,
    setup: GameSetup,
    complaint: &mut Option<String>,
) -> Result<(), Forfeit> {
    // The rule goes first, so the board START makes is already the right variant.
    channel.send(&format!("INFO rule {}", rule_code(setup.variant.rule())))?;
    channel.send(&format!("START {}", setup.variant.size()))?;
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        let line = channel.read_line(deadline).map_err(|e| match e {
            ReadError::Timeout => Forfeit::Time,
            ReadError::Closed => Forfeit::Crash,
        })?;
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match word.as_str() {
            "OK" => return Ok(()),
            // An engine that refuses the board cannot play this match; c-gomoku-cli scores it a
            // time loss.
            "ERROR" => {
                *complaint = Some(line);
                return Err(Forfeit::Time);
            }
            _ => {}
        }
    }
}

/// One untimed move on an empty board right after the engine starts, so that what an engine
/// sets up once (tables, hash memory: Rapfi 0.43 takes about 2 s for its first move) is not
/// charged to the first game's clock.
fn warm_up(
    channel: &mut Channel,
    setup: GameSetup,
    complaint: &mut Option<String>,
) -> Result<(), Forfeit> {
    start_board(channel, setup, complaint)?;
    channel.send(&format!(
        "INFO timeout_turn {}",
        setup.turn_time.as_millis()
    ))?;
    channel.send("BEGIN")?;
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        let line = channel.read_line(deadline).map_err(|e| match e {
            ReadError::Timeout => Forfeit::Time,
            ReadError::Closed => Forfeit::Crash,
        })?;
        if parse_move(&line, setup.variant.size()).is_some() {
            return Ok(());
        }
    }
}

/// How long past the turn time a line that is not a move may still come: c-gomoku-cli's
/// `moveOverhead`, half the tolerance and at most one second.
pub fn move_overhead(tolerance: Duration) -> Duration {
    (tolerance / 2).min(Duration::from_secs(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_name_levels_bots_or_commands() {
        assert_eq!("expert".parse(), Ok(PlayerSpec::Level(Level::Expert)));
        assert_eq!("Low".parse(), Ok(PlayerSpec::Level(Level::Low)));
        assert_eq!(
            "cmd:/opt/pbrain-rapfi --x".parse(),
            Ok(PlayerSpec::Command("/opt/pbrain-rapfi --x".to_owned()))
        );
        assert_eq!("bot:minimax".parse(), Ok(PlayerSpec::Bot(Bot::Minimax)));
        assert_eq!(PlayerSpec::Bot(Bot::Threats).to_string(), "bot:threats");
        assert!("bot:deep".parse::<PlayerSpec>().is_err());
        assert!("exprt".parse::<PlayerSpec>().is_err());
        assert!("cmd: ".parse::<PlayerSpec>().is_err());
        assert_eq!(
            PlayerSpec::Command("/opt/pbrain-rapfi --x".to_owned()).to_string(),
            "pbrain-rapfi"
        );
    }

    #[test]
    fn step_players_take_a_number_and_an_optional_node_limit() {
        let step = |n| Step::new(n).expect("a step");
        assert_eq!("step:3".parse(), Ok(PlayerSpec::Step(step(3), None)));
        assert_eq!(
            "step:12@20000".parse(),
            Ok(PlayerSpec::Step(step(12), Some(20_000)))
        );
        assert_eq!(PlayerSpec::Step(step(7), Some(5)).to_string(), "step:7@5");
        assert_eq!(PlayerSpec::Step(step(1), None).to_string(), "step:1");
        for bad in ["step:0", "step:15", "step:x", "step:4@", "step:4@many"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_missing_engine_is_a_crash_not_a_panic() {
        let mut player = Player::new(PlayerSpec::Command(
            "/nonexistent/pbrain-nothing".to_owned(),
        ));
        let setup = GameSetup {
            variant: tengen_engine::Preset::Freestyle15.variant(),
            turn_time: Duration::from_millis(100),
            max_memory: 0,
            seed: 1,
        };
        assert_eq!(player.new_game(setup), Err(Forfeit::Crash));
    }
}
