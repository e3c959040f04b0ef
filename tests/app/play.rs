//! Placing stones, winning, refusals, renju forbidden points and the score.

use tengen::game::board::Mark;
use tengen::game::score::Score;
use tengen::game::{GameCommand, Refusal};
use tengen::screens::Screen;
use tengen_engine::{Color as Side, Forbidden, Pos, Preset};

use crate::support::*;

#[test]
fn placing_stones_alternates_turns() {
    let mut app = hvh(Preset::Freestyle15);
    assert_eq!(current(&app).game().to_move(), Side::Black);
    place(&mut app, 7, 7);
    assert_eq!(current(&app).game().to_move(), Side::White);
    place(&mut app, 8, 7);
    assert_eq!(current(&app).game().to_move(), Side::Black);
    assert_eq!(
        stones(&mut app),
        vec![(Pos::new(7, 7), Side::Black), (Pos::new(8, 7), Side::White)]
    );
    let placed = &seen(&app).placed;
    assert_eq!(placed.len(), 2);
    assert_eq!((placed[1].number, placed[1].color), (2, Side::White));
    // The last move carries the marker.
    assert!(marks(&mut app).contains(&(Pos::new(8, 7), Mark::LastMove)));
}

/// Black builds a five along row 7 while white answers along row 8.
fn play_black_five(app: &mut bevy::prelude::App) {
    for x in 0..4 {
        place(app, x, 7);
        place(app, x, 8);
    }
    place(app, 4, 7);
}

#[test]
fn a_five_ends_the_game_with_the_winning_line() {
    let mut app = hvh(Preset::Freestyle15);
    play_black_five(&mut app);
    assert_eq!(screen(&app), Screen::GameOver);
    // The board stays on screen behind the result dialog.
    assert_eq!(stones(&mut app).len(), 9);
    let won = &seen(&app).won;
    assert_eq!(won.len(), 1);
    assert_eq!(won[0].winner, Side::Black);
    let mut line = won[0].line.clone();
    line.sort();
    assert_eq!(line, (0..5).map(|x| Pos::new(x, 7)).collect::<Vec<_>>());
    let winning: Vec<Pos> = marks(&mut app)
        .into_iter()
        .filter(|(_, m)| *m == Mark::Win)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(winning, line);
    // No more stones after the end; the click is refused with a reason.
    place(&mut app, 10, 10);
    assert_eq!(current(&app).game().moves().len(), 9);
    assert_eq!(
        seen(&app).illegal.last().map(|i| i.reason),
        Some(Refusal::GameOver)
    );
    assert_eq!(app.world().resource::<Score>().wins, [1, 0]);
}

#[test]
fn occupied_points_are_refused_visibly() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 7, 7);
    assert_eq!(current(&app).game().moves().len(), 1);
    let illegal = &seen(&app).illegal;
    assert_eq!(illegal.len(), 1);
    assert_eq!(illegal[0].pos, Some(Pos::new(7, 7)));
    assert_eq!(illegal[0].reason, Refusal::Occupied);
    assert_eq!(current(&app).game().to_move(), Side::White);
}

#[test]
fn renju_forbidden_points_are_marked_and_refused() {
    let mut app = hvh(Preset::Renju15);
    // Black: two stones across and two down, meeting at (7,7): a double three. White plays far away.
    for (black, white) in [
        ((5, 7), (0, 0)),
        ((6, 7), (0, 14)),
        ((7, 5), (14, 0)),
        ((7, 6), (14, 14)),
    ] {
        place(&mut app, black.0, black.1);
        place(&mut app, white.0, white.1);
    }
    assert_eq!(current(&app).game().to_move(), Side::Black);
    let marked = marks(&mut app);
    assert!(
        marked.contains(&(Pos::new(7, 7), Mark::Forbidden(Forbidden::DoubleThree))),
        "marks: {marked:?}"
    );
    place(&mut app, 7, 7);
    assert_eq!(current(&app).game().moves().len(), 8);
    assert_eq!(
        seen(&app).illegal.last().map(|i| i.reason),
        Some(Refusal::Forbidden(Forbidden::DoubleThree))
    );
    // Black plays elsewhere; with white to move the forbidden marks go away.
    place(&mut app, 10, 2);
    assert!(
        !marks(&mut app)
            .iter()
            .any(|(_, m)| matches!(m, Mark::Forbidden(_)))
    );
}

#[test]
fn score_counts_per_player_across_a_rematch_and_resets_with_the_mode() {
    let mut app = hvh(Preset::Freestyle15);
    play_black_five(&mut app);
    assert_eq!(app.world().resource::<Score>().wins, [1, 0]);
    send(&mut app, GameCommand::Rematch);
    // Player 1 now has white; black (player 2) wins this time.
    assert_eq!(current(&app).setup().first_seat, Side::White);
    assert!(stones(&mut app).is_empty());
    play_black_five(&mut app);
    assert_eq!(app.world().resource::<Score>().wins, [1, 1]);
    send(&mut app, GameCommand::ResetScore);
    assert_eq!(*app.world().resource::<Score>(), Score::default());
    play_black_five_after_restart(&mut app);
    assert_eq!(app.world().resource::<Score>().wins, [0, 1]);
    let mut other = current(&app).setup();
    other.mode = tengen::game::Mode::HumanVsComputer;
    send(&mut app, GameCommand::NewGame(other));
    assert_eq!(*app.world().resource::<Score>(), Score::default());
}

fn play_black_five_after_restart(app: &mut bevy::prelude::App) {
    send(app, GameCommand::Restart);
    play_black_five(app);
}

#[test]
fn going_to_the_menu_clears_the_board_and_continue_restores_it() {
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(stones(&mut app).is_empty());
    send(&mut app, GameCommand::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(stones(&mut app), vec![(Pos::new(7, 7), Side::Black)]);
    assert_eq!(current(&app).game().to_move(), Side::White);
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let mut app = hvh(Preset::TicTacToe);
    for (x, y) in [
        (1, 1),
        (0, 0),
        (2, 0),
        (0, 2),
        (0, 1),
        (2, 1),
        (1, 2),
        (1, 0),
        (2, 2),
    ] {
        assert_eq!(screen(&app), Screen::Playing);
        place(&mut app, x, y);
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(seen(&app).won.is_empty());
    assert_eq!(
        current(&app).game().outcome(),
        Some(&tengen_engine::Outcome::Draw)
    );
    assert_eq!(app.world().resource::<Score>().draws, 1);
}

#[test]
fn a_refused_click_plays_the_warning_sound() {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        AssetPlugin::default(),
        bevy::audio::AudioPlugin::default(),
        tengen::GamePlugin,
        tengen::audio::plugin,
    ));
    // Every sound started, by its file: with no sound device here, a sound entity is taken away a
    // few frames after it is spawned, so they are noted as they come.
    #[derive(Resource, Default)]
    struct Started(Vec<String>);
    app.init_resource::<Started>().add_observer(
        |added: On<Add, AudioPlayer>,
         players: Query<&AudioPlayer>,
         mut started: ResMut<Started>| {
            if let Some(path) = players.get(added.entity).ok().and_then(|p| p.0.path()) {
                started.0.push(path.to_string());
            }
        },
    );
    app.update();
    let sounds = |app: &mut App| -> Vec<String> {
        let mut paths: Vec<String> = app
            .world()
            .resource::<Started>()
            .0
            .iter()
            // The silent probe of the sound device at start is no sound of the game's.
            .filter(|p| !p.ends_with("menu_click.wav"))
            // A stone sounds one of three natural variations: place_black.wav, _2.wav or _3.wav.
            .map(|p| p.replace("_2.wav", ".wav").replace("_3.wav", ".wav"))
            .collect();
        paths.sort();
        paths
    };
    send(&mut app, GameCommand::NewGame(hvh_setup()));
    place(&mut app, 7, 7);
    assert_eq!(sounds(&mut app), vec!["sounds/place_black.wav"]);
    place(&mut app, 7, 7);
    assert_eq!(
        sounds(&mut app),
        vec!["sounds/illegal.wav", "sounds/place_black.wav"],
        "the refused click is heard"
    );
    // Whether a device plays them is known within a few frames; where none does, the sounds that
    // cannot play do not pile up.
    for _ in 0..10 {
        app.update();
    }
    let device = *app.world().resource::<tengen::audio::SoundDevice>();
    assert_ne!(device, tengen::audio::SoundDevice::Unknown);
    if device == tengen::audio::SoundDevice::Missing {
        assert_eq!(count::<AudioPlayer>(&mut app), 0, "sounds left waiting");
    }
}

fn hvh_setup() -> tengen::game::GameSetup {
    setup(
        tengen::game::Mode::HumanVsHuman,
        Preset::Freestyle15,
        tengen_engine::Level::Low,
        Side::Black,
    )
}

/// Renju: a record of Expert against itself in which white's 224th move leaves one empty point, an
/// overline for black. Black has nothing it may play, so the game ends there, drawn, and the
/// game-over words and the editor say why rather than "the board is full".
fn black_stuck_record() -> Vec<Pos> {
    let record = include_str!("../../crates/engine/tests/data/renju-black-stuck.txt");
    tengen_engine::PositionString::parse_moves(record, 15, tengen_engine::RowOrigin::Bottom)
        .expect("the record parses")
}

#[test]
fn renju_black_left_with_only_forbidden_points_draws_the_game() {
    let moves = black_stuck_record();
    let s = setup(
        tengen::game::Mode::HumanVsHuman,
        Preset::Renju15,
        tengen_engine::Level::Low,
        Side::Black,
    );
    let mut app = resume(s, &moves[..223]);
    let last = moves[223];
    place(&mut app, last.x, last.y);
    assert_eq!(
        current(&app).game().outcome(),
        Some(&tengen_engine::Outcome::Draw)
    );
    assert_eq!(screen(&app), Screen::GameOver);
    let words = app.world().resource::<tengen::i18n::Words>();
    let said = tengen::ui::game_over::comment(
        current(&app),
        (std::time::Duration::ZERO, Default::default()),
        words,
    );
    assert!(said.contains("only forbidden points"), "{said}");

    // The editor refuses the same position with black to move, in the same words.
    let stones: Vec<(Pos, Side)> = moves
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, Side::to_move_at(i)))
        .collect();
    let empty = tengen_engine::Game::new(Preset::Renju15.variant());
    let refusal = tengen::game::editor::position(&empty, &stones, Side::Black).unwrap_err();
    assert_eq!(refusal.message_id(), "editor-refused-black-stuck");
    assert!(
        words
            .tr(refusal.message_id())
            .contains("only forbidden points")
    );
    // With white to move the position is open.
    assert!(tengen::game::editor::position(&empty, &stones, Side::White).is_ok());
}

#[test]
fn six_in_a_row_under_the_exact_rule_wins_nothing_and_says_why() {
    let mut app = hvh(Preset::Standard15);
    // White's stones stand apart on the first column.
    for (black, white) in [(3, 0), (4, 2), (5, 4), (6, 10), (8, 12)] {
        place(&mut app, black, 7);
        place(&mut app, 0, white);
    }
    place(&mut app, 7, 7);
    assert_eq!(screen(&app), Screen::Playing, "six is no win");
    let notice = notice_text(&app);
    assert!(
        notice.starts_with("Six or more in a row wins nothing"),
        "{notice}"
    );
}

/// Every handler of `GameCommand` in `Update` runs in the one order `CommandHandlers` declares: the
/// turn, the editor, the puzzles, the swap opening, the network, live analysis.
#[test]
fn the_command_handlers_run_in_their_declared_order() {
    let app = app();
    let schedule = app
        .world()
        .resource::<bevy::ecs::schedule::Schedules>()
        .get(bevy::app::Update)
        .expect("the Update schedule");
    let order: Vec<String> = schedule
        .systems()
        .expect("initialised by the first update")
        .map(|(_, system)| system.name().to_string())
        .collect();
    let at = |name: &str| {
        order
            .iter()
            .position(|s| s.ends_with(name))
            .unwrap_or_else(|| panic!("{name} is not in Update: {order:?}"))
    };
    let handlers = [
        "turn::apply_commands",
        "editor::apply_edits",
        "puzzle::apply_puzzle_commands",
        "opening::computer_opening",
        "network::follow_game_commands",
        "live::toggle",
    ];
    let positions: Vec<usize> = handlers.iter().map(|h| at(h)).collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "handlers out of order: {:?}",
        handlers.iter().zip(&positions).collect::<Vec<_>>()
    );
}
