//! Every screen and mode, in four languages, at 800×560 and 1280×800 (and 800×560 at scale 2):
//! nothing cut short, nothing outside the window, nothing over the board, no control that moves
//! when another is used.

#![cfg(test)]

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::audio::AudioSource;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowResolution};
use bevy_egui::egui::{self, Rect};
use tengen_engine::{Color, Game, Level, OpeningRule, Pos, Preset};

use super::{Board, Drawn, Finding, controls, findings, moved, what_was_drawn};

mod screens;
mod study;
use crate::game::editor::EditCommand;
use crate::game::opening::OpeningChoice;
use crate::game::{CurrentGame, GameCommand, GameSetup, Mode, Notice, OpenGame, ViewStep};
use crate::i18n::Phrase;
use crate::network::{Connection, NetworkStatus};
use crate::settings::Settings;
use crate::ui::menu::{MenuChoice, MenuPage};
use crate::ui::network::OpenNetworkForms;
use crate::ui::records::ShowRecords;
use crate::ui::settings::SettingsWindow;
use crate::view::{BoardLayout, board_half_extent};

const LANGUAGES: [&str; 4] = ["en", "ru", "zh-CN", "pl"];
const SIZES: [(u32, u32); 2] = [(800, 560), (1280, 800)];
/// The sizes the layout audit lays each screen out at, in logical pixels, and their scale: the two
/// sizes, and the smallest on a screen with two pixels to each logical one.
const LAYOUTS: [((u32, u32), f32); 3] = [((800, 560), 1.0), ((1280, 800), 1.0), ((800, 560), 2.0)];

/// Areas that cover the board on purpose: dialogs, which hold the game (its clocks and keys) while
/// they are open and close with Esc.
const DIALOGS: &[&str] = &[
    "settings",
    "records",
    "question",
    "file dialog",
    "export",
    "confirm",
];

/// The game as the window runs it, in `language` at `size`, without a renderer.
fn app(language: &str, size: (u32, u32), files: &std::path::Path) -> App {
    app_at_scale(language, size, 1.0, files)
}

/// The game in a window of `size` logical pixels, each `scale` pixels of the screen wide (a high-DPI
/// screen, or the player's own scale).
fn app_at_scale(language: &str, size: (u32, u32), scale: f32, files: &std::path::Path) -> App {
    let (width, height) = (
        (size.0 as f32 * scale) as u32,
        (size.1 as f32 * scale) as u32,
    );
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
        bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
    ));
    app.init_asset::<Image>()
        .init_asset::<AudioSource>()
        .init_asset::<bevy::shader::Shader>();
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(width, height).with_scale_factor_override(scale),
            ..default()
        },
        PrimaryWindow,
    ));
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.add_plugins((
        crate::GamePlugin,
        crate::PresentationPlugin,
        crate::ui::plugin,
        crate::i18n::egui_plugin,
        crate::view::window_plugin,
        super::plugin,
    ));
    app.add_plugins(crate::persistence::PersistencePlugin::at(
        tengen_store::Paths::at(files.join("config"), files.join("data")),
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.insert_resource(crate::game::computer::Brains::seeded(7));
    app.update();
    // No renderer computes the camera's target here: its viewport is the window, and its target
    // has the window's scale, so egui lays out in the window's logical size.
    let mut cameras = app.world_mut().query::<&mut Camera>();
    for mut camera in cameras.iter_mut(app.world_mut()) {
        camera.viewport = Some(bevy::camera::Viewport {
            physical_position: UVec2::ZERO,
            physical_size: UVec2::new(width, height),
            ..default()
        });
        camera.computed.target_info = Some(bevy::camera::RenderTargetInfo {
            physical_size: UVec2::new(width, height),
            scale_factor: scale,
        });
    }
    app.world_mut().resource_mut::<Settings>().language = Some(language.to_owned());
    frames(&mut app);
    app
}

/// Enough frames for egui to size what it drew (it measures in one pass and places in the next).
fn frames(app: &mut App) {
    for _ in 0..6 {
        app.update();
    }
}

/// The game's egui context, as its systems see it.
fn egui_context(app: &mut App) -> egui::Context {
    let mut contexts = app
        .world_mut()
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>();
    contexts
        .single_mut(app.world_mut())
        .expect("the egui context")
        .get_mut()
        .clone()
}

/// A join to an address whose port cannot be, as `--join nowhere:99999` asks.
fn join_nowhere() -> crate::network::NetworkRequest {
    crate::network::NetworkRequest::Join {
        address: "nowhere:99999".into(),
        preset: Preset::Freestyle15,
        passphrase: None,
    }
}

fn send(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    frames(app);
}

/// A tournament of three engines with long names half played: a forfeit, a draw, a game on the
/// board.
fn tournament_under_way(app: &mut App) {
    use tengen_engine::{Game, GameResult, Pos};
    use tengen_host::tournament::stats::Forfeit;
    use tengen_host::tournament::{CrossTable, Played, Progress, Running};
    let names = [
        "Rapfi 0.43.01 --config config-with-a-long-name",
        "Embryo 21",
        "Tengen Expert",
    ];
    let mut table = CrossTable::new(names.map(str::to_owned).to_vec(), 30);
    let results = [
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::WhiteWins,
    ];
    for (i, (black, white)) in [(0, 1), (0, 2), (1, 2), (1, 0)].into_iter().enumerate() {
        table.add(Played {
            number: i + 1,
            black,
            white,
            result: results[i % 3],
            forfeit: (i == 3).then(|| (Forfeit::Time, "no move within 1 s".to_owned())),
            moves: 40,
        });
    }
    let moves = [
        Pos::new(7, 7),
        Pos::new(8, 8),
        Pos::new(6, 8),
        Pos::new(8, 6),
    ];
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves)
        .unwrap_or_else(|_| Game::new(Preset::Freestyle15.variant()));
    let progress = Progress {
        table,
        running: vec![Running {
            number: 5,
            black: 2,
            white: 0,
            game,
        }],
        workers: 1,
        ..Progress::default()
    };
    app.world_mut()
        .resource_mut::<crate::game::arena::Arena>()
        .show(progress);
}

/// Two added engines with long words, one tested and one refused addition below them, as the
/// Engines page shows them.
fn two_engines(app: &mut App) {
    use crate::game::engines::{EngineChecks, Outcome};
    use tengen_store::EngineEntry;
    let rapfi = EngineEntry {
        id: 1,
        path: "/home/player/engines/rapfi/pbrain-rapfi-avx2-with-a-long-folder-name".to_owned(),
        arguments: "--config config-with-a-long-name.toml".to_owned(),
        name: "Rapfi".to_owned(),
        version: "0.43.01".to_owned(),
        author: "Rapfi developers".to_owned(),
        threads: 4,
        memory_mb: 512,
        info: "caution_factor=2".to_owned(),
        renju: Some(true),
        ..EngineEntry::default()
    };
    let embryo = EngineEntry {
        id: 2,
        path: "/opt/embryo/pbrain-embryo21_s".to_owned(),
        name: "Embryo".to_owned(),
        version: "21".to_owned(),
        author: "Tomáš Kubeš".to_owned(),
        renju: Some(false),
        ..EngineEntry::default()
    };
    app.world_mut().resource_mut::<Settings>().engines = vec![rapfi, embryo];
    let mut checks = app.world_mut().resource_mut::<EngineChecks>();
    let played = Outcome::Played {
        point: "h8".to_owned(),
        ms: 123,
    };
    checks.tested = vec![(1, played), (2, Outcome::Working)];
    let silent = tengen_host::Failure::NoAbout(Duration::from_secs(15));
    checks.added = Some(Outcome::Failed(silent));
}

fn setup(mode: Mode, preset: Preset) -> GameSetup {
    GameSetup {
        mode,
        preset,
        level: Level::Low,
        first_seat: Color::Black,
        think_time: Duration::from_secs(1),
        step: None,
        matched: false,
        time: tengen_match::TimeControl::None,
        engine: None,
        first_engine: None,
    }
}

/// A new game of `mode` on `preset`, on screen.
fn new_game(app: &mut App, mode: Mode, preset: Preset) {
    send(app, GameCommand::NewGame(setup(mode, preset)));
}

/// The record of [`FIVE`] opened in the viewer, at its last move.
/// A long comment on a record's move, in words of one script: it wraps in the side panel.
const COMMENT: &str = "A branch played off the record's line: black answers the three at once, \
     and white has to block at the far end before the four comes.";

fn open_five(app: &mut App) {
    let moves: Vec<Pos> = FIVE.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
    let open = OpenGame {
        game,
        against_computer: false,
        rewind: false,
        names: Default::default(),
    };
    send(app, GameCommand::Open(Box::new(open)));
}

fn place(app: &mut App, moves: &[(u8, u8)]) {
    for &(x, y) in moves {
        send(app, GameCommand::Place(Pos::new(x, y)));
    }
}

/// Runs frames until `done`, waiting between them for the background searches' news on the bell,
/// not for the clock; whether `done` came within `most` frames. Fails after a minute without news
/// (of `what`).
fn frames_until_news(
    app: &mut App,
    most: usize,
    what: &str,
    mut done: impl FnMut(&App) -> bool,
) -> bool {
    let bell = app.world().resource::<crate::wake::Bell>().clone();
    for _ in 0..most {
        if done(app) {
            return true;
        }
        let rung = bell.rung();
        app.update();
        assert!(
            done(app) || bell.wait_after(rung, Duration::from_secs(60)),
            "no news from {what} in a minute"
        );
    }
    done(app)
}

/// Runs frames until the review of the game on the board is finished.
fn review_finished(app: &mut App) {
    let finished = frames_until_news(app, 1_000, "the review", |app| {
        app.world()
            .resource::<crate::analysis::review::GameReview>()
            .moves
            .is_some()
    });
    assert!(finished, "the review did not finish in 1,000 frames");
}

/// Black's five across the middle, white answering on the top row.
const FIVE: [(u8, u8); 9] = [
    (3, 7),
    (0, 0),
    (4, 7),
    (2, 0),
    (5, 7),
    (4, 0),
    (6, 7),
    (6, 0),
    (7, 7),
];

/// Where the board is drawn, in window coordinates (its wood and its grid); none off the board's
/// screens.
fn board(app: &mut App) -> Option<Board> {
    let screen = app.world().resource::<State<crate::screens::Screen>>();
    if *screen.get() == crate::screens::Screen::Menu {
        return None;
    }
    let layout = *app.world().resource::<BoardLayout>();
    let variant = app.world().resource::<CurrentGame>().game().variant();
    let window = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the window")
        .size();
    let centre = egui::pos2(
        window.x / 2.0 + layout.centre.x,
        window.y / 2.0 - layout.centre.y,
    );
    let half = board_half_extent(variant) * layout.spacing;
    let lines = (f32::from(variant.size()) - 1.0) / 2.0 * layout.spacing;
    Some(Board {
        wood: Rect::from_center_size(centre, egui::vec2(half, half) * 2.0),
        grid: Rect::from_center_size(centre, egui::vec2(lines, lines) * 2.0),
    })
}

/// A screen and a use of one of its controls that changes what the screen shows (not which screen
/// it is): every other control must stay where it was.
struct Change {
    name: &'static str,
    enter: fn(&mut App),
    change: fn(&mut App),
}

fn changes() -> Vec<Change> {
    vec![
        Change {
            name: "new game form: Expert chosen",
            enter: |app| *app.world_mut().resource_mut::<MenuPage>() = MenuPage::NewGame,
            change: |app| app.world_mut().resource_mut::<MenuChoice>().0.level = Level::Expert,
        },
        Change {
            name: "new game form: two players chosen",
            enter: |app| *app.world_mut().resource_mut::<MenuPage>() = MenuPage::NewGame,
            change: |app| app.world_mut().resource_mut::<MenuChoice>().0.mode = Mode::HumanVsHuman,
        },
        Change {
            name: "two players: a move played",
            enter: |app| {
                new_game(app, Mode::HumanVsHuman, Preset::Freestyle15);
            },
            change: |app| place(app, &[(7, 7)]),
        },
        Change {
            name: "two players: a move taken back",
            enter: |app| {
                new_game(app, Mode::HumanVsHuman, Preset::Freestyle15);
                place(app, &[(7, 7), (8, 8)]);
            },
            change: |app| send(app, GameCommand::Undo),
        },
        Change {
            name: "computers: paused",
            enter: |app| {
                new_game(app, Mode::ComputerVsComputer, Preset::Freestyle15);
            },
            change: |app| send(app, GameCommand::TogglePause),
        },
        Change {
            name: "record: another move shown",
            enter: |app| {
                open_five(app);
            },
            change: |app| send(app, GameCommand::View(ViewStep::To(3))),
        },
        Change {
            name: "save and open over a game: an answer shown",
            enter: |app| {
                new_game(app, Mode::HumanVsHuman, Preset::Freestyle15);
                app.world_mut().trigger(ShowRecords::SaveOpen);
            },
            change: |app| {
                let answer = "Could not open game from Hana.sgf: not a readable SGF game record: \
                              line 1, column 1: this '(' is never closed";
                app.world_mut()
                    .trigger(crate::persistence::RecordAnswer::Outcome(answer.into()));
            },
        },
        Change {
            name: "network forms: a join fails",
            enter: |app| {
                app.world_mut().trigger(OpenNetworkForms);
            },
            change: |app| {
                app.world_mut().write_message(join_nowhere());
            },
        },
        Change {
            name: "editor: a stone put",
            enter: |app| {
                send(
                    app,
                    GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
                )
            },
            change: |app| send(app, GameCommand::Edit(EditCommand::Put(Pos::new(7, 7)))),
        },
    ]
}

#[test]
fn no_control_moves_when_another_control_of_its_screen_is_used() {
    let mut all = Vec::new();
    let mut covered = 0;
    for language in LANGUAGES {
        for size in SIZES {
            for change in changes() {
                let files = tempfile::tempdir().expect("a temporary folder");
                let mut app = app(language, size, files.path());
                (change.enter)(&mut app);
                frames(&mut app);
                let before = controls(app.world().resource::<Drawn>());
                (change.change)(&mut app);
                frames(&mut app);
                let after = controls(app.world().resource::<Drawn>());
                if std::env::var("TENGEN_AUDIT_DEBUG").is_ok_and(|d| d == change.name)
                    && language == "en"
                {
                    eprintln!("before {before:?}\nafter {after:?}");
                    eprintln!("areas after {:?}", app.world().resource::<Drawn>().areas);
                }
                assert!(!before.is_empty(), "{} showed no controls", change.name);
                covered += 1;
                for finding in moved(&before, &after) {
                    all.push(format!(
                        "{language} {}x{} {}: {finding:?}",
                        size.0, size.1, change.name
                    ));
                }
            }
        }
    }
    println!(
        "layout audit: {covered} changes of a screen's state, {} controls moved",
        all.len()
    );
    assert!(
        all.is_empty(),
        "{} findings:\n{}",
        all.len(),
        all.join("\n")
    );
}

/// One pass of a bare egui context drawing `ui` in 800×560, twice (egui sizes in one pass and places
/// in the next), as the audit sees it.
fn drawn_by(ctx: &egui::Context, mut ui: impl FnMut(&mut egui::Ui)) -> Drawn {
    let input = || egui::RawInput {
        screen_rect: Some(Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 560.0),
        )),
        ..Default::default()
    };
    // Nothing is painted here: the font atlas's uploads are dropped on purpose.
    ctx.run_ui(input(), |ui_root| ui(ui_root))
        .textures_delta
        .clear();
    let mut output = ctx.run_ui(input(), |ui_root| ui(ui_root));
    output.textures_delta.clear();
    what_was_drawn(ctx, &output.shapes)
}

#[test]
fn the_audit_catches_a_planted_cut_message_and_a_planted_moving_button() {
    let ctx = egui::Context::default();
    // A message cut short as the side panel would cut one that does not fit its place.
    let cut = drawn_by(&ctx, |ui| {
        ui.set_width(200.0);
        ui.add(egui::Label::new("Could not open the file you chose: the disk is full").truncate());
        let _ = ui.button("Undo");
    });
    assert!(
        findings(&cut, None, &[]).contains(&Finding::CutShort(
            "Could not open the file you chose: the disk is full".into()
        )),
        "{:?}",
        findings(&cut, None, &[])
    );
    // A button pushed down by a line that comes with a state change.
    let screen = |notice: bool| {
        let ctx = egui::Context::default();
        let drawn = drawn_by(&ctx, |ui| {
            let _ = ui.button("Hint");
            if notice {
                ui.label("Black to play: five in a row wins");
            }
            let _ = ui.button("New game");
        });
        controls(&drawn)
    };
    assert_eq!(
        moved(&screen(false), &screen(true)),
        [Finding::Moved("New game".into())]
    );
    assert!(
        moved(&screen(false), &screen(false)).is_empty(),
        "nothing moved, nothing found"
    );
}

mod cards;
mod covers;
mod editor;
mod hover;
mod keyboard;
mod menu_keys;
mod network_forms;
mod new_game;
mod openings;
mod overlap;
mod review;
mod scroll_lane;
mod tips;

#[test]
fn a_failed_join_is_said_in_the_players_words_where_the_address_is_typed() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("pl", (800, 560), files.path());
    // As `--join nowhere:99999` asks.
    let join = join_nowhere();
    app.insert_resource(crate::cli::Options {
        setup: None,
        opening: None,
        file: None,
        print_moves: false,
        theme: None,
        animation: None,
        language: None,
        measure_frames: None,
        resume: false,
        puzzles: false,
        network: Some(join.clone()),
        engine: None,
        analyst: None,
        started: std::time::Instant::now(),
    });
    app.world_mut().write_message(join);
    frames(&mut app);
    let drawn = app.world().resource::<Drawn>();
    let said = |start: &str| drawn.texts.iter().any(|t| t.text.starts_with(start));
    assert!(said("Zamknij"), "the network forms are open");
    assert!(
        said("Nie udało się dołączyć do nowhere:99999: „nowhere:99999” to nie adres z portem"),
        "why, in Polish: {:?}",
        drawn.texts.iter().map(|t| &t.text).collect::<Vec<_>>()
    );
    // The address to mend is in view, though the join form is below the fold at 800×560.
    let address = drawn
        .texts
        .iter()
        .find(|t| t.text == "nowhere:99999")
        .unwrap_or_else(|| {
            panic!(
                "the address is in its field: {:?}",
                drawn
                    .texts
                    .iter()
                    .map(|t| (&t.text, t.rect.min.y))
                    .collect::<Vec<_>>()
            )
        });
    assert!(
        address.clip.contains_rect(address.rect),
        "the address field is scrolled into view: {:?} in {:?}",
        address.rect,
        address.clip
    );
}

/// Where `label` is drawn, whole and unscrolled.
pub(super) fn in_view(app: &App, label: &str, language: &str) -> Rect {
    let drawn = app.world().resource::<Drawn>();
    let text = drawn
        .texts
        .iter()
        .find(|t| t.text == label)
        .unwrap_or_else(|| panic!("{language}: {label} is drawn"));
    assert!(
        !text.elided && text.clip.contains_rect(text.rect),
        "{language}: {label} is in view: {:?} in {:?}",
        text.rect,
        text.clip
    );
    text.rect
}

/// The game on the board goes on as a network game whose other player, on the other machine, plays
/// `remote` (no connection is needed to lay its panels out).
pub(super) fn as_network_game(app: &mut App, remote: Color) {
    let mut current = app.world_mut().resource_mut::<CurrentGame>();
    let setup = crate::game::GameSetup {
        first_seat: remote.opponent(),
        ..current.setup()
    };
    let next = CurrentGame::network(setup, current.game().clone());
    current.replace(next);
    current.mark_live();
}
