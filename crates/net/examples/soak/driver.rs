//! The soak driver, shared by `examples/soak.rs` (thousands of moves) and `tests/soak.rs` (a few hundred,
//! seeded): a host and a guest from this crate play over loopback while a seeded random script drops the
//! connection, kills a side and brings it back from its saved state, asks for undos, offers draws and
//! rematches. Each side keeps its own copy of the game with the engine, as the game does, and the two
//! copies are compared after every step.
//!
//! Nothing here sleeps: every wait is for an event, bounded by a count and by a generous timeout that
//! only a stuck run ever reaches.

use std::collections::VecDeque;
use std::fmt;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{Color, Game, Pos, Preset};
use tengen_net::{
    Action, End, Guest, GuestSetup, Host, HostSetup, NetCommand, NetEvent, RATE_WINDOW,
    REQUESTS_PER_WINDOW, Role, SessionEvent, SessionSnapshot, Side, color_name,
};

/// How long one event may be waited for before the run counts as stuck: a bound, not a timing.
const STUCK: Duration = Duration::from_secs(30);
/// The most events one wait reads before it counts as stuck.
const MAX_EVENTS_PER_WAIT: usize = 200;

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// Stop after this many moves played (moves taken back still count).
    pub moves: u64,
    pub preset: Preset,
    /// Let request budgets refill as the rate window passes (the long soak). Off, the budget is a pure
    /// count, so a run never depends on the wall clock (the test).
    pub refill: bool,
}

/// What happened, in counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub moves: u64,
    pub games: u64,
    pub drops: u64,
    pub reconnects: u64,
    pub undos_accepted: u64,
    pub undos_refused: u64,
    pub draws_offered: u64,
    pub draws_agreed: u64,
    pub resigns: u64,
    pub rematches: u64,
    pub rematches_declined: u64,
    pub kills: u64,
    pub new_pairs: u64,
    pub desyncs: u64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "moves={} games={} drops={} reconnects={} undos={} (accepted {}, refused {}) \
             draws={} (offered {}) resigns={} rematches={} (declined {}) kills={} new_pairs={} desyncs={}",
            self.moves,
            self.games,
            self.drops,
            self.reconnects,
            self.undos_accepted + self.undos_refused,
            self.undos_accepted,
            self.undos_refused,
            self.draws_agreed,
            self.draws_offered,
            self.resigns,
            self.rematches,
            self.rematches_declined,
            self.kills,
            self.new_pairs,
            self.desyncs
        )
    }
}

/// One finished game as a side files it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filed {
    pub game_id: String,
    pub moves: Vec<Pos>,
    pub result: String,
}

/// The outcome of a run: the counts and both sides' lists of finished games.
#[derive(Debug)]
pub struct Report {
    pub summary: Summary,
    pub host_games: Vec<Filed>,
    pub guest_games: Vec<Filed>,
    /// What stopped the run early, if anything.
    pub failure: Option<String>,
}

/// Runs the soak until `config.moves` moves or the first failure (a desync, a stuck wait, a refusal),
/// which the report names.
pub fn run(config: &Config) -> Report {
    let mut soak = match Soak::start(config) {
        Ok(soak) => soak,
        Err(e) => {
            return Report {
                summary: Summary::default(),
                host_games: Vec::new(),
                guest_games: Vec::new(),
                failure: Some(e),
            };
        }
    };
    let mut failure: Option<String> = None;
    while failure.is_none() && soak.summary.moves < config.moves {
        let step = soak.step();
        // A desync explains a failed wait better than the wait does.
        failure = soak.check_sync().and(step).err();
    }
    // Both sides' last events explain a failure better than one side's.
    let mut failure = failure.map(|f| {
        format!(
            "{f}\nin step {:?} after {} moves\nhost's last events: {:?}\nguest's last events: {:?}",
            soak.doing, soak.summary.moves, soak.host.recent, soak.guest.recent
        )
    });
    if failure.is_none() && soak.host.filed != soak.guest.filed {
        failure = Some("the two sides filed different lists of games".into());
    }
    let Soak {
        summary,
        host,
        guest,
        ..
    } = soak;
    Report {
        summary,
        host_games: host.filed,
        guest_games: guest.filed,
        failure,
    }
}

/// Either end's handle.
enum Link {
    Host(Host),
    Guest(Guest),
}

impl Link {
    fn send(&self, command: NetCommand) {
        match self {
            Link::Host(h) => h.send(command),
            Link::Guest(g) => g.send(command),
        }
    }

    fn recv(&self) -> Option<NetEvent> {
        match self {
            Link::Host(h) => h.recv_timeout(STUCK),
            Link::Guest(g) => g.recv_timeout(STUCK),
        }
    }
}

/// One player's program: the transport and the game's own copy of the position.
struct App {
    role: Role,
    preset: Preset,
    /// The game on the board ended (and was filed); cleared by a rematch or a new game.
    ended: bool,
    link: Option<Link>,
    game: Game,
    local: Color,
    game_id: String,
    /// The host's port, once listening.
    port: u16,
    filed: Vec<Filed>,
    /// The last events, for an error message.
    recent: VecDeque<NetEvent>,
    /// The copy differed from the transport's game when a connection (re)started.
    desync: Option<String>,
}

impl App {
    fn new(role: Role, preset: Preset) -> App {
        App {
            role,
            preset,
            ended: false,
            link: None,
            game: Game::new(preset.variant()),
            local: Color::Black,
            game_id: String::new(),
            port: 0,
            filed: Vec::new(),
            recent: VecDeque::new(),
            desync: None,
        }
    }

    fn name(&self) -> &'static str {
        match self.role {
            Role::Host => "host",
            Role::Guest => "guest",
        }
    }

    fn send(&self, action: Action) {
        if let Some(link) = &self.link {
            link.send(NetCommand::Act(action));
        }
    }

    /// What the game saves to come back after a restart.
    fn snapshot(&self, peer: &str) -> SessionSnapshot {
        SessionSnapshot {
            game_id: self.game_id.clone(),
            role: self.role,
            preset: self.preset.key().to_string(),
            local_color: color_name(self.local).to_string(),
            moves: self.game.moves().iter().map(|p| [p.x, p.y]).collect(),
            peer: peer.to_string(),
        }
    }

    /// Reads events, applying each to the copy as the game does, until one matches `want`.
    fn wait(&mut self, what: &str, want: impl Fn(&NetEvent) -> bool) -> Result<NetEvent, String> {
        for _ in 0..MAX_EVENTS_PER_WAIT {
            let Some(event) = self.link.as_ref().and_then(Link::recv) else {
                break;
            };
            self.apply(&event);
            if self.recent.len() == 12 {
                self.recent.pop_front();
            }
            self.recent.push_back(event.clone());
            if want(&event) {
                return Ok(event);
            }
            if let NetEvent::Ended { .. } | NetEvent::Rejected { .. } | NetEvent::ActionRefused(_) =
                &event
            {
                break;
            }
        }
        Err(format!(
            "the {} saw no {what}; last events: {:?}",
            self.name(),
            self.recent
        ))
    }

    /// What the game does with each event (`src/network/mod.rs`), minus the screen.
    fn apply(&mut self, event: &NetEvent) {
        match event {
            NetEvent::Listening { port } => self.port = *port,
            NetEvent::Connected {
                game_id,
                local,
                moves,
                ..
            } => {
                // A side that kept its game must hear of the same one; the game then takes these moves.
                if self.link_kept_game() && self.game.moves() != moves.as_slice() {
                    self.desync = Some(format!(
                        "the {} held {} moves, the connection brought {}",
                        self.name(),
                        self.game.moves().len(),
                        moves.len()
                    ));
                }
                match Game::from_moves(self.game.variant(), moves) {
                    Ok(game) => self.game = game,
                    Err(e) => self.desync = Some(format!("moves from the transport: {e:?}")),
                }
                self.local = *local;
                self.game_id = game_id.clone();
            }
            NetEvent::Game(event) => self.game_event(event),
            _ => {}
        }
    }

    fn link_kept_game(&self) -> bool {
        !self.game_id.is_empty()
    }

    fn game_event(&mut self, event: &SessionEvent) {
        match event {
            SessionEvent::MovePlayed { pos, color, .. } => {
                if *color != self.game.to_move() {
                    self.desync = Some(format!(
                        "{} played out of turn at {pos:?}",
                        color_name(*color)
                    ));
                } else if let Err(e) = self.game.play(*pos) {
                    self.desync = Some(format!("the copy refused {pos:?}: {e}"));
                }
            }
            SessionEvent::UndoDone { plies } => {
                for _ in 0..*plies {
                    self.game.undo();
                }
            }
            SessionEvent::RematchStarted { local } => {
                self.local = *local;
                self.ended = false;
                self.game = Game::new(self.game.variant());
            }
            SessionEvent::Ended(end) => {
                self.ended = true;
                self.filed.push(Filed {
                    game_id: self.game_id.clone(),
                    moves: self.game.moves().to_vec(),
                    result: describe(end),
                });
            }
            _ => {}
        }
    }
}

fn describe(end: &End) -> String {
    match end {
        End::Board(outcome) => match outcome.winner() {
            Some(c) => format!("{} made five", color_name(c)),
            None => "board draw".to_string(),
        },
        End::Resigned(c) => format!("{} resigned", color_name(*c)),
        End::DrawAgreed => "draw agreed".to_string(),
        End::TimeUp(c) => format!("{} ran out of time", color_name(*c)),
    }
}

/// Requests (undo, draw, rematch) each session still allows, so the script never trips the rate limit:
/// each side's session counts both sides' requests, and a killed side comes back with fresh counts.
struct Budget {
    /// `[observer][requester]`: when the driver sent each request (0 = host, 1 = guest).
    sent: [[VecDeque<Instant>; 2]; 2],
    refill: bool,
}

impl Budget {
    fn new(refill: bool) -> Budget {
        Budget {
            sent: Default::default(),
            refill,
        }
    }

    /// Takes one request for `by` if both sessions allow it.
    fn take(&mut self, by: usize) -> bool {
        // The session stamps a request a moment after the driver does; a second of margin covers that.
        let window = RATE_WINDOW + Duration::from_secs(1);
        let now = Instant::now();
        for observer in 0..2 {
            let times = &mut self.sent[observer][by];
            while self.refill && times.front().is_some_and(|t| now - *t >= window) {
                times.pop_front();
            }
            if times.len() >= REQUESTS_PER_WINDOW {
                return false;
            }
        }
        for observer in 0..2 {
            self.sent[observer][by].push_back(now);
        }
        true
    }

    /// A side restarted: its session counts from zero.
    fn restarted(&mut self, observer: usize) {
        self.sent[observer] = Default::default();
    }
}

struct Soak {
    config: Config,
    rng: StdRng,
    host: App,
    guest: App,
    budget: Budget,
    summary: Summary,
    pairs: u64,
    /// The last step's roll and side, for a failure message.
    doing: (u32, usize),
}

const LOOPBACK: [u8; 4] = [127, 0, 0, 1];

impl Soak {
    fn start(config: &Config) -> Result<Soak, String> {
        let mut soak = Soak {
            config: config.clone(),
            rng: StdRng::seed_from_u64(config.seed),
            host: App::new(Role::Host, config.preset),
            guest: App::new(Role::Guest, config.preset),
            budget: Budget::new(config.refill),
            summary: Summary::default(),
            pairs: 0,
            doing: (0, 0),
        };
        soak.new_pair()?;
        Ok(soak)
    }

    fn host_setup(&self) -> HostSetup {
        HostSetup {
            name: "host".into(),
            preset: self.config.preset,
            host_color: self.host.local,
            passphrase: Some("soak".into()),
            game_id: self.host.game_id.clone(),
            time: "none".to_string(),
        }
    }

    fn guest_setup(&self) -> GuestSetup {
        GuestSetup {
            name: "guest".into(),
            preset: self.config.preset,
            passphrase: Some("soak".into()),
        }
    }

    fn addr(&self) -> SocketAddr {
        SocketAddr::from((LOOPBACK, self.host.port))
    }

    /// Both sides leave the old game (if any) and start a fresh one: a new host, a guest joining it.
    fn new_pair(&mut self) -> Result<(), String> {
        self.guest.link = None;
        self.host.link = None;
        self.pairs += 1;
        let variant = self.config.preset.variant();
        for app in [&mut self.host, &mut self.guest] {
            app.game = Game::new(variant);
            app.ended = false;
        }
        self.host.game_id = format!("soak-{}-{}", self.config.seed, self.pairs);
        self.guest.game_id = String::new();
        self.host.local = if self.rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        let host = Host::listen_on(self.host_setup(), SocketAddr::from((LOOPBACK, 0)))
            .map_err(|e| format!("cannot host: {e}"))?;
        self.host.link = Some(Link::Host(host));
        self.host
            .wait("listening", |e| matches!(e, NetEvent::Listening { .. }))?;
        let guest = Guest::connect(self.guest_setup(), self.addr())
            .map_err(|e| format!("cannot join: {e}"))?;
        self.guest.link = Some(Link::Guest(guest));
        self.both_connected()?;
        self.budget = Budget::new(self.config.refill);
        Ok(())
    }

    fn both_connected(&mut self) -> Result<(), String> {
        self.host
            .wait("connection", |e| matches!(e, NetEvent::Connected { .. }))?;
        self.guest
            .wait("connection", |e| matches!(e, NetEvent::Connected { .. }))?;
        Ok(())
    }

    /// `(actor, other)` for 0 = host, 1 = guest.
    fn pair_mut(&mut self, actor: usize) -> (&mut App, &mut App) {
        if actor == 0 {
            (&mut self.host, &mut self.guest)
        } else {
            (&mut self.guest, &mut self.host)
        }
    }

    fn side_to_move(&self) -> usize {
        usize::from(self.host.local != self.host.game.to_move())
    }

    /// One scripted step; both sides are connected and agree before and after it.
    fn step(&mut self) -> Result<(), String> {
        if self.host.ended {
            return self.after_game();
        }
        let side = self.rng.random_range(0..2usize);
        let roll = self.rng.random_range(0..1000u32);
        self.doing = (roll, side);
        match roll {
            0..8 => self.drop_connection(side),
            8..13 => self.kill(side, false),
            13..16 => self.kill(self.side_to_move(), true),
            16..34 => self.undo(side),
            34..42 => self.draw(side),
            42..45 => self.resign(side),
            _ => self.play_move().map(|_| ()),
        }
    }

    /// A random legal move for the side to move, near the stones most of the time.
    fn pick_move(&mut self) -> Option<Pos> {
        let game = &self.host.game;
        let size = game.variant().size();
        for _ in 0..64 {
            let pos = match game.last_move() {
                Some(last) if self.rng.random_bool(0.7) => {
                    let dx = self.rng.random_range(-2i16..=2);
                    let dy = self.rng.random_range(-2i16..=2);
                    let (x, y) = (last.x as i16 + dx, last.y as i16 + dy);
                    if x < 0 || y < 0 || x >= size as i16 || y >= size as i16 {
                        continue;
                    }
                    Pos::new(x as u8, y as u8)
                }
                _ => Pos::new(
                    self.rng.random_range(0..size),
                    self.rng.random_range(0..size),
                ),
            };
            if game.check(pos).is_ok() {
                return Some(pos);
            }
        }
        // A crowded board: the first legal point in reading order.
        (0..size)
            .flat_map(|y| (0..size).map(move |x| Pos::new(x, y)))
            .find(|p| game.check(*p).is_ok())
    }

    /// The side to move plays; returns which side that was.
    fn play_move(&mut self) -> Result<usize, String> {
        let mover = self.side_to_move();
        let Some(pos) = self.pick_move() else {
            return Err("no legal move on a board that is not over".into());
        };
        let (actor, other) = self.pair_mut(mover);
        actor.send(Action::Play(pos));
        let local = |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Local, .. }) if *p == pos);
        let remote = |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Remote, .. }) if *p == pos);
        actor.wait("its own move", local)?;
        other.wait("the other's move", remote)?;
        if actor.game.is_over() {
            let ended = |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::Ended(_)));
            actor.wait("the end", ended)?;
            other.wait("the end", ended)?;
            self.summary.games += 1;
        }
        self.summary.moves += 1;
        Ok(mover)
    }
}

/// The scripted disturbances and requests.
impl Soak {
    /// After a game: a rematch (offered by either side, accepted or declined), or a fresh pair when the
    /// script says so or the rate limit would refuse the offer.
    fn after_game(&mut self) -> Result<(), String> {
        let offerer = self.rng.random_range(0..2usize);
        let accept = self.rng.random_bool(0.8);
        if !self.rng.random_bool(0.85) || !self.budget.take(offerer) {
            self.summary.new_pairs += 1;
            return self.new_pair();
        }
        let (actor, other) = self.pair_mut(offerer);
        actor.send(Action::OfferRematch);
        actor.wait("its rematch offer", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::RematchOffered { by: Side::Local })
            )
        })?;
        other.wait("the rematch offer", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::RematchOffered { by: Side::Remote })
            )
        })?;
        other.send(Action::AnswerRematch(accept));
        if accept {
            let started =
                |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::RematchStarted { .. }));
            other.wait("the rematch", started)?;
            actor.wait("the rematch", started)?;
            self.summary.rematches += 1;
        } else {
            other.wait("its decline", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::RematchDeclined { by: Side::Local })
                )
            })?;
            actor.wait("the decline", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::RematchDeclined { by: Side::Remote })
                )
            })?;
            self.summary.rematches_declined += 1;
        }
        Ok(())
    }

    /// A pulled cable on one side: both pause, the guest reconnects and both resume the game.
    fn drop_connection(&mut self, side: usize) -> Result<(), String> {
        let (actor, _) = self.pair_mut(side);
        if let Some(link) = &actor.link {
            link.send(NetCommand::Disconnect);
        }
        self.summary.drops += 1;
        self.reconnected()
    }

    /// Waits for both sides to be playing again; a guest that gave up is started again from its saved
    /// game, as the player's "reconnect" does.
    fn reconnected(&mut self) -> Result<(), String> {
        // The guest first: if it gives up, the host would wait for it in vain.
        let connected = self.guest.wait("a reconnection", |e| {
            matches!(e, NetEvent::Connected { .. } | NetEvent::Closed { .. })
        })?;
        if matches!(connected, NetEvent::Closed { .. }) {
            self.restart(1)?;
            self.guest.wait("a reconnection", |e| {
                matches!(e, NetEvent::Connected { .. })
            })?;
        }
        self.host.wait("a reconnection", |e| {
            matches!(e, NetEvent::Connected { .. })
        })?;
        self.summary.reconnects += 1;
        Ok(())
    }

    /// Starts a side's program again with the game it saved.
    fn restart(&mut self, side: usize) -> Result<(), String> {
        let addr = self.addr();
        self.budget.restarted(side);
        if side == 0 {
            let snapshot = self.host.snapshot("guest");
            let host = Host::resume(self.host_setup(), &snapshot, addr)
                .map_err(|e| format!("the host cannot listen again: {e}"))?;
            self.host.link = Some(Link::Host(host));
        } else {
            let snapshot = self.guest.snapshot(&addr.to_string());
            let guest = Guest::resume(self.guest_setup(), &snapshot, addr)
                .map_err(|e| format!("the guest cannot start again: {e}"))?;
            self.guest.link = Some(Link::Guest(guest));
        }
        Ok(())
    }

    /// A side's program dies with no goodbye (optionally just after sending a move) and starts again
    /// from its saved game; the other side waits and both resume.
    fn kill(&mut self, victim: usize, in_flight: bool) -> Result<(), String> {
        if in_flight && !self.move_in_flight()? {
            return Ok(());
        }
        let (actor, _) = self.pair_mut(victim);
        if let Some(link) = actor.link.take() {
            link.send(NetCommand::Abort);
            // Dropping the handle waits for its thread: the program is gone.
            drop(link);
        }
        self.summary.kills += 1;
        self.restart(victim)?;
        self.reconnected()
    }

    /// The side to move plays and the move is on its way: false (nothing done) when it would end the game.
    fn move_in_flight(&mut self) -> Result<bool, String> {
        let mover = self.side_to_move();
        let Some(pos) = self.pick_move() else {
            return Ok(false);
        };
        let mut probe = self.host.game.clone();
        if probe.play(pos).ok().flatten().is_some() {
            return Ok(false);
        }
        let (actor, _) = self.pair_mut(mover);
        actor.send(Action::Play(pos));
        actor.wait("its own move", |e| {
            matches!(e, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Local, .. }) if *p == pos)
        })?;
        self.summary.moves += 1;
        Ok(true)
    }

    /// A side asks to take back its last move; the other accepts or refuses. Without a stone of its own
    /// to take back, or over the rate limit, the side to move plays instead.
    fn undo(&mut self, side: usize) -> Result<(), String> {
        let accept = self.rng.random_bool(0.5);
        let app = if side == 0 { &self.host } else { &self.guest };
        let count = app.game.moves().len();
        let plies = match count {
            0 => 3,
            _ if app.game.mover_of(count - 1) == app.local => 1,
            _ => 2,
        };
        if plies > count || !self.budget.take(side) {
            return self.play_move().map(|_| ());
        }
        let (actor, other) = self.pair_mut(side);
        actor.send(Action::RequestUndo);
        actor.wait("its undo request", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::UndoRequested { by: Side::Local })
            )
        })?;
        other.wait("the undo request", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::UndoRequested { by: Side::Remote })
            )
        })?;
        other.send(Action::AnswerUndo(accept));
        if accept {
            let done = |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::UndoDone { plies: p }) if *p == plies);
            other.wait("the undo", done)?;
            actor.wait("the undo", done)?;
            self.summary.undos_accepted += 1;
        } else {
            other.wait("its refusal", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::UndoDeclined { by: Side::Local })
                )
            })?;
            actor.wait("the refusal", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::UndoDeclined { by: Side::Remote })
                )
            })?;
            self.summary.undos_refused += 1;
        }
        Ok(())
    }

    /// A side offers a draw; the other accepts (the game ends) or declines.
    fn draw(&mut self, side: usize) -> Result<(), String> {
        let accept = self.rng.random_bool(0.3);
        if !self.budget.take(side) {
            return self.play_move().map(|_| ());
        }
        let (actor, other) = self.pair_mut(side);
        actor.send(Action::OfferDraw);
        actor.wait("its draw offer", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::DrawOffered { by: Side::Local })
            )
        })?;
        other.wait("the draw offer", |e| {
            matches!(
                e,
                NetEvent::Game(SessionEvent::DrawOffered { by: Side::Remote })
            )
        })?;
        other.send(Action::AnswerDraw(accept));
        if accept {
            let agreed =
                |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::Ended(End::DrawAgreed)));
            other.wait("the draw", agreed)?;
            actor.wait("the draw", agreed)?;
            self.summary.draws_agreed += 1;
            self.summary.games += 1;
        } else {
            other.wait("its decline", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::DrawDeclined { by: Side::Local })
                )
            })?;
            actor.wait("the decline", |e| {
                matches!(
                    e,
                    NetEvent::Game(SessionEvent::DrawDeclined { by: Side::Remote })
                )
            })?;
        }
        self.summary.draws_offered += 1;
        Ok(())
    }

    fn resign(&mut self, side: usize) -> Result<(), String> {
        let (actor, other) = self.pair_mut(side);
        let color = actor.local;
        actor.send(Action::Resign);
        let resigned = |e: &NetEvent| matches!(e, NetEvent::Game(SessionEvent::Ended(End::Resigned(c))) if *c == color);
        actor.wait("its resignation", resigned)?;
        other.wait("the resignation", resigned)?;
        self.summary.resigns += 1;
        self.summary.games += 1;
        Ok(())
    }

    /// Both copies hold the same game: stone count, hash, moves, colours, whether it ended.
    fn check_sync(&mut self) -> Result<(), String> {
        let (h, g) = (&self.host, &self.guest);
        let problem = h.desync.clone().or(g.desync.clone()).or_else(|| {
            let ours = (h.game.moves().len(), h.game.hash());
            let theirs = (g.game.moves().len(), g.game.hash());
            (ours != theirs
                || h.game.moves() != g.game.moves()
                || h.local == g.local
                || h.ended != g.ended
                || h.game_id != g.game_id)
                .then(|| {
                    format!(
                        "host {ours:?} vs guest {theirs:?} after {} moves",
                        self.summary.moves
                    )
                })
        });
        match problem {
            Some(problem) => {
                self.summary.desyncs += 1;
                Err(format!("desync: {problem}"))
            }
            None => Ok(()),
        }
    }
}
