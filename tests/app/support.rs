//! A headless game (`MinimalPlugins` + `StatesPlugin` + the game logic) and helpers to drive it.
//!
//! Time is the test's, not the wall clock's: every `app.update()` advances the game's clocks by exactly
//! [`FRAME`], so animations, clocks and debounced saves see the same times on any machine.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use tengen::game::board::{Cell, Mark, Stone};
use tengen::game::{
    CurrentGame, GameCommand, GameSetup, GameWon, HintShown, IllegalClick, Mode, StonePlaced,
};
use tengen::screens::Screen;
use tengen::wake::Bell;
use tengen_engine::Level;
use tengen_engine::{Color as Side, Pos, Preset};

/// Gameplay facts seen by observers, in order.
#[derive(Resource, Default, Debug)]
pub struct Seen {
    pub placed: Vec<StonePlaced>,
    pub illegal: Vec<IllegalClick>,
    pub won: Vec<GameWon>,
    pub hints: Vec<HintShown>,
}

/// The seed of the computer's randomness in every headless test.
pub const SEED: u64 = 20_261_127;

/// The time one frame advances the game's clocks: a 60 Hz display.
pub const FRAME: Duration = Duration::from_nanos(16_666_667);

/// How many frames a wait for the computer's background search may take before the test fails: the
/// frames between its start and its answer shown (waits for news do not count frames; see
/// [`run_until`]). The longest wait of the suite takes 270 frames (`TENGEN_PRINT_FRAMES=1 cargo test
/// --test app -- --nocapture` prints each wait's count).
pub const SEARCH_FRAMES: u32 = 3_000;

/// How long [`run_until`] waits for news while a search runs before it calls the search hung: far
/// beyond any search of the tests, only so that a hang fails instead of blocking forever.
const HANG: Duration = Duration::from_secs(300);

/// How many entities with the component `C` there are (a search in progress, a study, a review).
pub fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

/// Makes every `app.update()` of `app` advance time by [`FRAME`].
pub fn manual_time(app: &mut App) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
}

pub fn app() -> App {
    app_ringing(Bell::default())
}

/// The headless game, ringing `bell` with its news: two apps that talk over the network share one,
/// so a test waits for either's news on it.
pub fn app_ringing(bell: Bell) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin));
    app.insert_resource(bell);
    manual_time(&mut app);
    // The computer's choices among equal moves come from a fixed seed: the same play every run.
    app.insert_resource(tengen::game::computer::Brains::seeded(SEED));
    app.init_resource::<Seen>()
        .add_observer(|e: On<StonePlaced>, mut seen: ResMut<Seen>| seen.placed.push(*e))
        .add_observer(|e: On<IllegalClick>, mut seen: ResMut<Seen>| seen.illegal.push(*e))
        .add_observer(|e: On<GameWon>, mut seen: ResMut<Seen>| seen.won.push(e.clone()))
        .add_observer(|e: On<HintShown>, mut seen: ResMut<Seen>| seen.hints.push(e.clone()));
    app.update();
    app
}

pub fn setup(mode: Mode, preset: Preset, level: Level, first_seat: Side) -> GameSetup {
    GameSetup {
        mode,
        preset,
        level,
        first_seat,
        think_time: Duration::from_secs(1),
        step: None,
        matched: false,
        time: tengen_match::TimeControl::None,
        engine: None,
        first_engine: None,
    }
}

/// An app with a game of `setup` started and on screen.
pub fn game(setup: GameSetup) -> App {
    let mut app = app();
    send(&mut app, GameCommand::NewGame(setup));
    assert_eq!(screen(&app), Screen::Playing);
    app
}

/// An app resuming a game from the menu at the position after `moves`, as a restored save would.
pub fn resume(setup: GameSetup, moves: &[Pos]) -> App {
    let mut app = app();
    let game = tengen_engine::Game::from_moves(setup.preset.variant(), moves).expect("legal moves");
    {
        let mut current = app.world_mut().resource_mut::<CurrentGame>();
        current.replace(CurrentGame::with_game(setup, game));
        current.mark_live();
    }
    send(&mut app, GameCommand::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    app
}

/// A quiet middle game, white to move, with nothing forced: the computer has to think.
pub const MIDDLE_GAME: [Pos; 7] = [
    Pos::new(7, 7),
    Pos::new(8, 8),
    Pos::new(8, 6),
    Pos::new(6, 8),
    Pos::new(9, 7),
    Pos::new(7, 5),
    Pos::new(6, 6),
];

/// Black makes a four along row 7; White plays elsewhere instead of blocking it (move 8), and Black
/// completes five: a game with one blunder, whose better move is the block at (7, 7).
pub const MISSED_BLOCK: [(u8, u8); 9] = [
    (3, 7),
    (2, 7),
    (4, 7),
    (10, 10),
    (5, 7),
    (10, 11),
    (6, 7),
    (10, 12), // the blunder: (7, 7) blocks the four
    (7, 7),
];

pub fn hvh(preset: Preset) -> App {
    game(setup(Mode::HumanVsHuman, preset, Level::Low, Side::Black))
}

/// Sends a command and runs two frames: one to apply it, one for the state transition it may ask for.
pub fn send(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    app.update();
    settle_files(app);
    app.update();
}

/// Waits until the autosave's writer thread has done what the frames so far gave it (an app with the
/// files side only), so the next frame reports it: a test reads the file the game reported, and
/// never waits on a clock.
pub fn settle_files(app: &App) {
    if let Some(writer) = app
        .world()
        .get_resource::<tengen::persistence::AutosaveWriter>()
    {
        writer.wait_idle();
    }
}

pub fn place(app: &mut App, x: u8, y: u8) {
    send(app, GameCommand::Place(Pos::new(x, y)));
}

/// What the notice says, in the app's language.
pub fn notice_text(app: &App) -> String {
    let words = app.world().resource::<tengen::i18n::Words>();
    app.world().resource::<tengen::game::Notice>().text(words)
}

/// The seats' names as the side panel shows them, in the app's language.
pub fn seat_names(app: &App) -> [String; 2] {
    let words = app.world().resource::<tengen::i18n::Words>();
    current(app).seat_names_in(words)
}

/// The player's own name, from the app's settings.
pub fn own_name(app: &App) -> String {
    app.world()
        .resource::<tengen::settings::Settings>()
        .player_name
        .clone()
}

pub fn current(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

/// What the player is doing with the board.
pub fn activity(app: &App) -> tengen::screens::Activity {
    *app.world()
        .resource::<State<tengen::screens::Activity>>()
        .get()
}

/// A record is on the board: looked through, or reviewed.
pub fn on_record(app: &App) -> bool {
    activity(app).on_record()
}

pub fn seen(app: &App) -> &Seen {
    app.world().resource::<Seen>()
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The stones on the board as entities: (point of the parent cell, colour), sorted.
pub fn stones(app: &mut App) -> Vec<(Pos, Side)> {
    let mut query = app.world_mut().query::<(&Stone, &ChildOf)>();
    let pairs: Vec<(Entity, Side)> = query
        .iter(app.world())
        .map(|(stone, parent)| (parent.parent(), stone.color))
        .collect();
    let mut out: Vec<(Pos, Side)> = pairs
        .into_iter()
        .map(|(cell, color)| {
            (
                app.world().get::<Cell>(cell).expect("stone on a cell").pos,
                color,
            )
        })
        .collect();
    out.sort();
    out
}

/// The marks on the board: (point, mark), sorted by point.
pub fn marks(app: &mut App) -> Vec<(Pos, Mark)> {
    let mut query = app.world_mut().query::<(&Mark, &ChildOf)>();
    let pairs: Vec<(Entity, Mark)> = query
        .iter(app.world())
        .map(|(mark, parent)| (parent.parent(), *mark))
        .collect();
    let mut out: Vec<(Pos, Mark)> = pairs
        .into_iter()
        .map(|(cell, mark)| {
            (
                app.world().get::<Cell>(cell).expect("mark on a cell").pos,
                mark,
            )
        })
        .collect();
    out.sort_by_key(|(p, _)| *p);
    out
}

/// Runs frames until `done` holds; returns the number of frames it took. Panics after `max_frames`.
/// Between two frames, while a background search runs (the computer's move, a hint, a study, a
/// review), it waits for news from the background (a search ended, a round or a network event
/// arrived) instead of spinning frames, so the frames counted are the ones the game needed.
/// The bell an app rings with its news.
pub fn bell(app: &App) -> Bell {
    app.world().resource::<Bell>().clone()
}

pub fn run_until(app: &mut App, max_frames: u32, mut done: impl FnMut(&mut App) -> bool) -> u32 {
    let bell = app.world().resource::<Bell>().clone();
    let mut frames = 0;
    while !done(app) {
        assert!(
            frames < max_frames,
            "condition not reached after {frames} frames"
        );
        let rung = bell.rung();
        app.update();
        frames += 1;
        if !done(app) {
            assert!(
                bell.wait_after(rung, HANG),
                "no news from the background searches in {HANG:?}"
            );
        }
    }
    if std::env::var_os("TENGEN_PRINT_FRAMES").is_some() {
        eprintln!("run_until frames={frames}");
    }
    frames
}

/// Runs the frames that make up `duration` of game time (whole frames, rounded up).
pub fn run_for(app: &mut App, duration: Duration) {
    let frames = duration.as_nanos().div_ceil(FRAME.as_nanos());
    for _ in 0..frames {
        app.update();
    }
}

/// The game on the board goes on as a network game whose other player, on the other machine, plays
/// `remote` (no connection is needed for what the test looks at).
pub fn as_network_game(app: &mut App, remote: Side) {
    let mut current = app.world_mut().resource_mut::<CurrentGame>();
    let setup = GameSetup {
        first_seat: remote.opponent(),
        ..current.setup()
    };
    let next = CurrentGame::network(setup, current.game().clone());
    current.replace(next);
    current.mark_live();
}

/// A program the workspace builds (`pbrain-tengen`, `tengen-misbehave`), beside this test binary's
/// folder (`target/debug/deps/..`), as the text an engine's command line or entry takes.
pub fn built(name: &str) -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let debug = exe
        .parent()
        .and_then(std::path::Path::parent)
        .expect("target/debug");
    debug.join(name).display().to_string()
}

/// Whether `pid` is gone from /proc (reaped: a zombie keeps its entry), waiting a bounded while
/// for a reaper thread.
pub fn reaped(pid: u32) -> bool {
    (0..400).any(|_| {
        let gone = !std::path::Path::new(&format!("/proc/{pid}")).exists();
        if !gone {
            std::thread::sleep(Duration::from_millis(25));
        }
        gone
    })
}

/// What live analysis shows.
pub fn live(app: &App) -> &tengen::analysis::live::LiveAnalysis {
    app.world()
        .resource::<tengen::analysis::live::LiveAnalysis>()
}

/// The game review: its progress, then every move's class.
pub fn review(app: &App) -> &tengen::analysis::review::GameReview {
    app.world()
        .resource::<tengen::analysis::review::GameReview>()
}

/// What live analysis shows for the position on the board, once it shows something.
pub fn shown_analysis(app: &App) -> Option<&tengen_engine::Analysis> {
    live(app)
        .current(current(app).generation())
        .map(|(_, analysis)| analysis)
}

/// The review of the [`MISSED_BLOCK`] game, whoever made it: nine moves, white's eighth the
/// blunder (the block at h8 was the move), black's five the best.
pub fn assert_the_missed_block_is_found(moves: &[tengen_engine::MoveReview]) {
    use tengen_engine::{Color, MoveClass};
    assert_eq!(moves.len(), 9);
    let blunder = &moves[7];
    assert_eq!(blunder.mover, Color::White);
    assert_eq!(blunder.class, MoveClass::Blunder, "{blunder:?}");
    assert_eq!(blunder.best, Pos::new(7, 7));
    assert_eq!(
        moves[8].class,
        MoveClass::Best,
        "the winning move was the best"
    );
}
