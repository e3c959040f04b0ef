//! One external engine as a seat: the protocol's requests and the judging of each answer, driven
//! by polling with the caller's clock.
//!
//! The caller asks (`ask_move`), then polls with its own `now` until an answer or a failure
//! comes; nothing here sleeps or waits, so a game's frame never stalls and a test can drive the
//! clock by hand. `wait` is the one blocking call, for a caller that has nothing else to do.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use tengen_engine::{About, Color, Game, Pos, Rule, Variant, forbidden_in_match};

use crate::failure::Failure;
use crate::line::{Line, Said, SaidKind};
use crate::process::{EngineProcess, ReadError};
use crate::verdict::Verdict;

/// How many `MESSAGE`/`DEBUG`/`ERROR`/`UNKNOWN` lines are kept (the oldest go first).
const SAID_KEPT: usize = 200;

/// The manager's `INFO rule` code for a rule (c-gomoku-cli's codes).
pub fn rule_code(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// The line that starts a game on a board of this width and height.
pub fn start_line(width: u8, height: u8) -> String {
    if width == height {
        format!("START {width}")
    } else {
        format!("RECTSTART {width},{height}")
    }
}

/// What the manager tells an engine through `INFO`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The time for one move (0: as fast as possible).
    pub timeout_turn: Duration,
    /// The time for the whole game (0: unlimited).
    pub timeout_match: Duration,
    /// What is left of the game's time, sent before each move when the game has a clock.
    pub time_left: Option<Duration>,
    /// Bytes (0: unlimited).
    pub max_memory: u64,
    pub rule: Rule,
    /// Further keys the player set for this engine (`thread_num 4`), sent as given.
    pub extra: Vec<(String, String)>,
}

impl Info {
    /// The `INFO` lines, the rule first.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("INFO rule {}", rule_code(self.rule)),
            format!("INFO timeout_turn {}", self.timeout_turn.as_millis()),
            format!("INFO timeout_match {}", self.timeout_match.as_millis()),
            format!("INFO max_memory {}", self.max_memory),
            "INFO game_type 1".to_owned(),
        ];
        if let Some(left) = self.time_left {
            lines.push(format!("INFO time_left {}", left.as_millis()));
        }
        lines.extend(self.extra.iter().map(|(k, v)| format!("INFO {k} {v}")));
        lines
    }

    /// How long the engine may take for its next move: its turn time, or what is left of the
    /// game's if less (the engine's margin comes on top: [`Engine::set_margin`]).
    pub fn move_time(&self) -> Duration {
        match (self.timeout_turn.is_zero(), self.time_left) {
            (true, Some(left)) => left,
            (false, Some(left)) => self.timeout_turn.min(left),
            (_, None) => self.timeout_turn,
        }
    }
}

/// What the engine answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `OK` to `START`.
    Started,
    About(About),
    /// A legal move in the game it was asked about.
    Move(Pos),
}

/// What an answer is awaited for, and until when.
enum Waiting {
    Start,
    About,
    Move { game: Box<Game>, mover: Color },
}

/// How long an engine may take to start and answer `START` and `ABOUT` (loading its weights or
/// tables): the game's seats, analyst and Engines page, the tournaments and the reviews all allow it.
pub const START_WITHIN: Duration = Duration::from_secs(15);

/// An engine started and spoken to through the protocol.
pub struct Engine {
    process: EngineProcess,
    variant: Variant,
    waiting: Option<(Waiting, Instant, Duration)>,
    /// Lines `wait` took from the pipe before `poll` read them.
    buffered: VecDeque<String>,
    /// The stones of the current game the engine knows, in the order it learnt them (setup stones
    /// and moves, its own answers among them): a position that is these and one stone more is
    /// asked with `TURN`, any other with the whole `BOARD`.
    known: Option<Vec<(Pos, Color)>>,
    said: VecDeque<Said>,
    /// How many lines were said before the move asked for last (`said` keeps only the newest).
    said_before_ask: usize,
    /// How many lines were said in all.
    said_in_all: usize,
    /// The last `ERROR`/`UNKNOWN` text of the request in progress.
    complaint: Option<String>,
    /// The last line of the move asked for that was neither a move nor a known reply: passed
    /// over, as c-gomoku-cli passes it over (engines print their own search lines), and named as
    /// the reason if no move comes in time.
    unreadable: Option<String>,
    /// The lines of the move asked for last, and whether they were sent again (once at most).
    request: Vec<String>,
    resent: bool,
    about: Option<About>,
    failure: Option<Failure>,
    /// Allowed past a move's time for the pipes and the scheduler, not named in the failure.
    margin: Duration,
}

impl Engine {
    /// Starts `command` and sends `START` for `variant`; poll for `Answer::Started`, which must
    /// come within `within` of `now`.
    pub fn start(
        command: &str,
        variant: Variant,
        now: Instant,
        within: Duration,
    ) -> Result<Engine, Failure> {
        Engine::start_waking(command, variant, (now, within), || {})
    }

    /// [`Engine::start`], with `wake` called from the reader thread whenever the engine prints a
    /// line or closes its output (the game wakes its sleeping window with it).
    pub fn start_waking(
        command: &str,
        variant: Variant,
        (now, within): (Instant, Duration),
        wake: impl Fn() + Send + 'static,
    ) -> Result<Engine, Failure> {
        let process = EngineProcess::spawn_waking(command, wake)
            .map_err(|e| Failure::NotStarted(e.to_string()))?;
        let mut engine = Engine {
            process,
            variant,
            waiting: None,
            buffered: VecDeque::new(),
            known: None,
            said: VecDeque::new(),
            said_before_ask: 0,
            said_in_all: 0,
            complaint: None,
            unreadable: None,
            request: Vec::new(),
            resent: false,
            about: None,
            failure: None,
            margin: Duration::ZERO,
        };
        // The rule goes first, so the board START makes is already the right variant.
        engine.send(&format!("INFO rule {}", rule_code(variant.rule())))?;
        engine.send(&start_line(variant.size(), variant.size()))?;
        engine.waiting = Some((Waiting::Start, now + within, within));
        Ok(engine)
    }

    /// The underlying process (its id, its exit grace, its traffic log).
    pub fn process_mut(&mut self) -> &mut EngineProcess {
        &mut self.process
    }

    /// Time allowed past each move's time before it is a loss (a failure still names the move's
    /// own time: "no move within 5 s").
    pub fn set_margin(&mut self, margin: Duration) {
        self.margin = margin;
    }

    /// The last line of the move asked for that was no move and no known reply, if any.
    pub fn unreadable(&self) -> Option<&str> {
        self.unreadable.as_deref()
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.process.pid()
    }

    /// What `ABOUT` answered, once it did.
    pub fn about(&self) -> Option<&About> {
        self.about.as_ref()
    }

    /// The `MESSAGE`/`DEBUG`/`ERROR`/`UNKNOWN` lines kept so far, oldest first.
    pub fn said(&self) -> impl Iterator<Item = &Said> {
        self.said.iter()
    }

    /// What the engine's `MESSAGE` lines said of the position it was asked about last (its
    /// evaluation, depth and best line where it gives them): an analyst's words.
    pub fn verdict(&self) -> Verdict {
        let since = (self.said_in_all - self.said_before_ask).min(self.said.len());
        Verdict::read(
            self.said.iter().skip(self.said.len() - since),
            self.variant.size(),
        )
    }

    /// Why the engine failed, once it did; it answers nothing more.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// Whether an answer is awaited.
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        if self.process.send_now(line).is_err() {
            let status = self.process.reap_closed();
            return Err(self.fail(Failure::Crashed(status)));
        }
        Ok(())
    }

    /// Records the failure and kills the engine: a late or broken engine is not trusted again.
    fn fail(&mut self, failure: Failure) -> Failure {
        self.waiting = None;
        self.process.kill();
        self.failure = Some(failure.clone());
        failure
    }

    /// Sends `INFO` lines (they have no answer).
    pub fn send_info(&mut self, info: &Info) -> Result<(), Failure> {
        for line in info.lines() {
            self.send(&line)?;
        }
        Ok(())
    }

    /// Sends `ABOUT`; poll for `Answer::About` within `within` of `now`.
    pub fn ask_about(&mut self, now: Instant, within: Duration) -> Result<(), Failure> {
        self.send("ABOUT")?;
        self.waiting = Some((Waiting::About, now + within, within));
        Ok(())
    }

    /// Asks for the move of the side to move in `game`: `BEGIN` on an empty board, `TURN` when
    /// the engine knows every stone but the last, else the whole position as `BOARD`. Poll for
    /// `Answer::Move` within `within` of `now`.
    pub fn ask_move(&mut self, game: &Game, now: Instant, within: Duration) -> Result<(), Failure> {
        let stones: Vec<(Pos, Color)> = game
            .setup()
            .iter()
            .copied()
            .chain(
                game.moves()
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (p, game.mover_of(i))),
            )
            .collect();
        let mover = game.to_move();
        let request = match (stones.split_last(), &self.known) {
            (None, _) => vec!["BEGIN".to_owned()],
            (Some(((last, _), before)), Some(known))
                if before == known.as_slice() && !game.moves().is_empty() =>
            {
                vec![format!("TURN {},{}", last.x, last.y)]
            }
            _ => {
                let mut lines = vec!["BOARD".to_owned()];
                lines.extend(stones.iter().map(|(p, color)| {
                    let field = if *color == mover { 1 } else { 2 };
                    format!("{},{},{field}", p.x, p.y)
                }));
                lines.push("DONE".to_owned());
                lines
            }
        };
        for line in &request {
            self.send(line)?;
        }
        self.known = Some(stones);
        self.request = request;
        self.resent = false;
        self.complaint = None;
        self.unreadable = None;
        self.said_before_ask = self.said_in_all;
        let waiting = Waiting::Move {
            game: Box::new(game.clone()),
            mover,
        };
        self.waiting = Some((waiting, now + within + self.margin, within));
        Ok(())
    }

    /// Asks the engine to answer now with the best move it has found (`YXSTOP`, which
    /// Yixin-Board sends and Rapfi, Embryo and Tengen's own honour), while a move is awaited. An
    /// engine that does not know it answers within its time anyway.
    pub fn stop(&mut self) -> Result<(), Failure> {
        match &self.waiting {
            Some((Waiting::Move { .. }, ..)) => self.send("YXSTOP"),
            _ => Ok(()),
        }
    }

    /// Starts a new game on the same board (`START` again, as Piskvork does between games).
    pub fn restart(&mut self, now: Instant, within: Duration) -> Result<(), Failure> {
        self.send(&start_line(self.variant.size(), self.variant.size()))?;
        self.known = None;
        self.waiting = Some((Waiting::Start, now + within, within));
        Ok(())
    }

    /// Blocks up to `up_to` for the engine's next line, keeping it for `poll`.
    pub fn wait(&mut self, up_to: Duration) {
        if self.failure.is_none()
            && let Ok(Some(line)) = self.process.wait_line(up_to)
        {
            self.buffered.push_back(line);
        }
    }

    fn next_line(&mut self) -> Result<Option<String>, ReadError> {
        match self.buffered.pop_front() {
            Some(line) => Ok(Some(line)),
            None => self.process.try_line(),
        }
    }

    /// Reads what the engine printed so far and judges it at `now`: `None` while the answer is
    /// still to come (or nothing was asked), else the answer or why the engine failed. A line
    /// first read after the deadline is too late, whatever it says.
    pub fn poll(&mut self, now: Instant) -> Option<Result<Answer, Failure>> {
        let (_, deadline, within) = self.waiting.as_ref()?;
        let (deadline, within) = (*deadline, *within);
        loop {
            let line = match self.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(ReadError::Closed | ReadError::Timeout) => {
                    let status = self.process.reap_closed();
                    return Some(Err(self.fail(Failure::Crashed(status))));
                }
            };
            if now > deadline {
                break;
            }
            let mover = match &self.waiting {
                Some((Waiting::Move { mover, .. }, ..)) => Some(*mover),
                _ => None,
            };
            if let Some(answer) = self.judge(Line::parse(&line, self.variant.size())) {
                if answer.is_ok() {
                    self.waiting = None;
                }
                // Its own stone is known to it: the opponent's reply then goes as `TURN`, not as
                // the whole `BOARD` again (which loses the engine's search tree, and which Rapfi
                // sometimes misreads). A move not played (a hint) leaves the next position
                // unlike what it knows, which then goes as `BOARD`.
                if let (Ok(Answer::Move(pos)), Some(mover), Some(known)) =
                    (&answer, mover, self.known.as_mut())
                {
                    known.push((*pos, mover));
                }
                return Some(answer.map_err(|f| self.fail(f)));
            }
        }
        if now > deadline {
            let failure = self.timeout(within);
            return Some(Err(self.fail(failure)));
        }
        None
    }

    fn timeout(&self, within: Duration) -> Failure {
        match self.waiting.as_ref().map(|(w, _, _)| w) {
            Some(Waiting::Start) => Failure::NoStart(within),
            Some(Waiting::About) => Failure::NoAbout(within),
            _ => match &self.unreadable {
                Some(line) => Failure::Garbage(line.clone()),
                None => Failure::NoMove {
                    within,
                    said: self.complaint.clone(),
                },
            },
        }
    }

    /// What one line means for the request in progress: `None` to read on.
    fn judge(&mut self, line: Line) -> Option<Result<Answer, Failure>> {
        let waiting = &self.waiting.as_ref()?.0;
        match (line, waiting) {
            (Line::Said(said), Waiting::Start) if said.kind == SaidKind::Error => {
                Some(Err(Failure::StartRefused(said.text)))
            }
            (Line::Said(said), _) => {
                if matches!(said.kind, SaidKind::Error | SaidKind::Unknown) {
                    self.complaint = Some(format!("{} {}", said.kind.word(), said.text));
                    if matches!(waiting, Waiting::Move { .. })
                        && let Err(failure) = self.send_again_if_misread(&said.text)
                    {
                        return Some(Err(failure));
                    }
                }
                if self.said.len() == SAID_KEPT {
                    self.said.pop_front();
                }
                self.said.push_back(said);
                self.said_in_all += 1;
                None
            }
            (Line::Ok, Waiting::Start) => Some(Ok(Answer::Started)),
            (Line::About(about), Waiting::About) => {
                self.about = Some(about.clone());
                Some(Ok(Answer::About(about)))
            }
            (Line::Move(pos), Waiting::Move { game, mover }) => Some(judge_move(game, *mover, pos)),
            (Line::OffBoard(line), Waiting::Move { .. }) => Some(Err(Failure::OffBoard(line))),
            (Line::Garbage(line), Waiting::Move { .. }) => {
                self.unreadable = Some(line);
                None
            }
            (Line::Garbage(line), Waiting::About) => Some(Err(Failure::Garbage(line))),
            // Stray answers, blank lines and a banner before OK are passed over.
            _ => None,
        }
    }

    /// Rapfi sometimes reads a command that comes just as its search ends without its first word
    /// ("Unknown command: 2,10" for `TURN 2,10`); c-gomoku-cli then loses the game for it on time.
    /// A request so misread is sent once more, which a sane engine then reads whole.
    fn send_again_if_misread(&mut self, complaint: &str) -> Result<(), Failure> {
        let misread = self.request.iter().any(|line| {
            line.split_once(' ')
                .is_some_and(|(_, rest)| !rest.is_empty() && complaint.ends_with(rest))
        }) || (self.request.len() > 1 && complaint.ends_with("DONE"));
        if !misread || std::mem::replace(&mut self.resent, true) {
            return Ok(());
        }
        for line in self.request.clone() {
            self.send(&line)?;
        }
        Ok(())
    }

    /// Sends `END` and lets a thread of its own give the grace, kill and reap, so the caller
    /// does not wait; joining the handle tells how the engine ended.
    pub fn end(self) -> std::thread::JoinHandle<Option<std::process::ExitStatus>> {
        self.process.end_in_background()
    }
}

/// A move is legal on an empty point, and for renju black not on a forbidden one (read as match
/// judges read them).
fn judge_move(game: &Game, mover: Color, pos: Pos) -> Result<Answer, Failure> {
    let board = game.board();
    if !board.is_empty(pos) {
        return Err(Failure::Occupied(pos));
    }
    if mover == Color::Black
        && let Some(why) = forbidden_in_match(board, pos)
    {
        return Err(Failure::Forbidden(pos, why));
    }
    Ok(Answer::Move(pos))
}
