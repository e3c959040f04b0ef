//! A headless game (`MinimalPlugins` + `StatesPlugin` + the game logic) and helpers to drive it.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::game::board::{Cell, Mark, Stone};
use tengen::game::{
    CurrentGame, GameCommand, GameSetup, GameWon, HintShown, IllegalClick, Mode, StonePlaced,
};
use tengen::screens::Screen;
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

pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, tengen::GamePlugin));
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
        *current = CurrentGame::new(setup, Duration::ZERO);
        current.game = game;
        current.live = true;
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

pub fn hvh(preset: Preset) -> App {
    game(setup(Mode::HumanVsHuman, preset, Level::Low, Side::Black))
}

/// Sends a command and runs two frames: one to apply it, one for the state transition it may ask for.
pub fn send(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

pub fn place(app: &mut App, x: u8, y: u8) {
    send(app, GameCommand::Place(Pos::new(x, y)));
}

pub fn current(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
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

/// Runs frames (a few milliseconds apart, as a window would) until `done` holds; returns the number
/// of frames it took. Panics after `limit`.
pub fn run_until(app: &mut App, limit: Duration, mut done: impl FnMut(&mut App) -> bool) -> u32 {
    let start = Instant::now();
    let mut frames = 0;
    while !done(app) {
        assert!(
            start.elapsed() < limit,
            "condition not reached after {frames} frames"
        );
        std::thread::sleep(Duration::from_millis(4));
        app.update();
        frames += 1;
    }
    frames
}

/// Runs frames for `duration`.
pub fn run_for(app: &mut App, duration: Duration) {
    let start = Instant::now();
    while start.elapsed() < duration {
        std::thread::sleep(Duration::from_millis(4));
        app.update();
    }
}
