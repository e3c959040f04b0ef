//! Presentation without a window: every game event spawns its sound entity and its animation
//! components, and the settings (mute, volume, theme, animation speed) take effect. Runs the real
//! `PresentationPlugin` headless (assets registered, no renderer, no audio device).

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::audio::{AudioSource, Volume};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tengen::audio::{MenuClick, SoundEffect};
use tengen::game::board::{Cell, Mark, Stone};
use tengen::game::{CurrentGame, GameCommand, GameSetup, Mode};
use tengen::settings::{AnimationSpeed, Settings, Theme};
use tengen::view::animation::{self, Appear, Pulse, Spark, Vanish};
use tengen::view::art::{Art, Skin};
use tengen_engine::{Color as Side, Level, Pos, Preset};

use crate::support::{
    MIDDLE_GAME, SEARCH_FRAMES, manual_time, place, run_for, run_until, send, setup,
};

/// The game and its presentation, headless, with `settings` from the start.
fn app_with(settings: Settings) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        tengen::GamePlugin,
        tengen::PresentationPlugin,
    ));
    app.init_asset::<Image>().init_asset::<AudioSource>();
    app.insert_resource(settings);
    manual_time(&mut app);
    app.update();
    app
}

fn game_with(settings: Settings, setup: GameSetup) -> App {
    let mut app = app_with(settings);
    send(&mut app, GameCommand::NewGame(setup));
    app
}

fn hvh(preset: Preset) -> GameSetup {
    setup(Mode::HumanVsHuman, preset, Level::Low, Side::Black)
}

fn sounds(app: &mut App) -> Vec<SoundEffect> {
    let mut query = app.world_mut().query::<&SoundEffect>();
    query.iter(app.world()).copied().collect()
}

/// The volume each sound entity was spawned with, by effect.
fn volumes(app: &mut App) -> Vec<(SoundEffect, f32)> {
    let mut query = app.world_mut().query::<(&SoundEffect, &PlaybackSettings)>();
    query
        .iter(app.world())
        .map(|(effect, playback)| {
            let Volume::Linear(v) = playback.volume else {
                panic!("volumes are set linearly, got {:?}", playback.volume);
            };
            (*effect, v)
        })
        .collect()
}

/// The stone entity on `pos`.
fn stone_at(app: &mut App, pos: Pos) -> Entity {
    let mut query = app.world_mut().query::<(Entity, &Stone, &ChildOf)>();
    let stones: Vec<(Entity, Entity)> = query
        .iter(app.world())
        .map(|(e, _, parent)| (e, parent.parent()))
        .collect();
    stones
        .into_iter()
        .find(|&(_, cell)| app.world().get::<Cell>(cell).is_some_and(|c| c.pos == pos))
        .map(|(e, _)| e)
        .expect("a stone on that point")
}

fn count<C: Component>(app: &mut App) -> usize {
    let mut query = app.world_mut().query_filtered::<(), With<C>>();
    query.iter(app.world()).count()
}

fn settings(f: impl FnOnce(&mut Settings)) -> Settings {
    let mut s = Settings::default();
    f(&mut s);
    s
}

#[test]
fn a_placed_stone_clicks_in_its_colour_and_drops_in() {
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    assert_eq!(sounds(&mut app), vec![SoundEffect::Place(Side::Black)]);
    let stone = stone_at(&mut app, Pos::new(7, 7));
    let appear = app
        .world()
        .get::<Appear>(stone)
        .expect("the stone drops in");
    assert!(appear.from_scale > 1.0, "it lands from above: {appear:?}");
    assert_eq!(
        app.world().get::<Skin>(stone),
        Some(&Skin::Stone(Side::Black))
    );
    place(&mut app, 8, 8);
    assert!(sounds(&mut app).contains(&SoundEffect::Place(Side::White)));

    // The animation runs to its end and leaves the stone at rest.
    run_for(&mut app, Duration::from_secs_f32(animation::DROP_SECONDS));
    assert!(app.world().get::<Appear>(stone).is_none());
    let transform = app.world().get::<Transform>(stone).expect("transform");
    assert_eq!(transform.scale, Vec3::ONE);
    let sprite = app.world().get::<Sprite>(stone).expect("sprite");
    assert_eq!(sprite.color.alpha(), 1.0);
}

#[test]
fn undo_lifts_the_stone_out_with_its_sound_then_the_copy_despawns() {
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Undo);
    assert!(sounds(&mut app).contains(&SoundEffect::Undo));
    assert_eq!(
        count::<Stone>(&mut app),
        0,
        "the model's stone is gone at once"
    );
    assert_eq!(count::<Vanish>(&mut app), 1, "a picture of it lifts out");
    run_for(&mut app, Duration::from_secs_f32(animation::LIFT_SECONDS));
    assert_eq!(count::<Vanish>(&mut app), 0, "and is despawned when done");
}

#[test]
fn an_illegal_click_plays_the_warning() {
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    place(&mut app, 7, 7);
    assert!(sounds(&mut app).contains(&SoundEffect::Illegal));
}

#[test]
fn a_win_chimes_pulses_the_line_and_throws_sparks() {
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    for x in 0..4 {
        place(&mut app, x, 0);
        place(&mut app, x, 5);
    }
    place(&mut app, 4, 0);
    assert!(sounds(&mut app).contains(&SoundEffect::Win));
    let mut query = app.world_mut().query::<(&Mark, Option<&Pulse>)>();
    let glows: Vec<bool> = query
        .iter(app.world())
        .filter(|(mark, _)| **mark == Mark::Win)
        .map(|(_, pulse)| pulse.is_some())
        .collect();
    assert_eq!(glows, vec![true; 5], "five glowing, pulsing stones");
    assert!(count::<Spark>(&mut app) >= 5 * 5, "a burst from each stone");
    run_for(&mut app, Duration::from_secs_f32(animation::SPARK_SECONDS));
    assert_eq!(count::<Spark>(&mut app), 0, "sparks burn out");
    assert_eq!(count::<Pulse>(&mut app), 5, "the glow keeps breathing");
    run_for(
        &mut app,
        Duration::from_secs_f32(animation::PULSE_SECONDS * animation::PULSE_BREATHS),
    );
    assert_eq!(
        count::<Pulse>(&mut app),
        0,
        "then rests, so the window can sleep"
    );
    let mut marks = app.world_mut().query::<(&Mark, &Transform)>();
    assert!(
        marks
            .iter(app.world())
            .filter(|(mark, _)| **mark == Mark::Win)
            .all(|(_, transform)| transform.scale == Vec3::ONE),
        "at its quiet size"
    );
}

#[test]
fn losing_to_the_computer_sounds_like_a_loss() {
    // White (the computer) has four on the top row; black plays elsewhere and the computer wins.
    let moves = [
        Pos::new(0, 5),
        Pos::new(0, 0),
        Pos::new(2, 5),
        Pos::new(1, 0),
        Pos::new(4, 5),
        Pos::new(2, 0),
        Pos::new(6, 5),
        Pos::new(3, 0),
    ];
    let setup = setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    );
    let mut app = app_with(Settings::default());
    {
        let mut current = app.world_mut().resource_mut::<CurrentGame>();
        current.replace(CurrentGame::with_game(
            setup,
            tengen_engine::Game::from_moves(setup.preset.variant(), &moves).expect("legal"),
        ));
        current.mark_live();
    }
    send(&mut app, GameCommand::Resume);
    place(&mut app, 10, 10);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        app.world().resource::<CurrentGame>().game().is_over()
    });
    app.update();
    let heard = sounds(&mut app);
    assert!(heard.contains(&SoundEffect::Loss), "{heard:?}");
    assert!(!heard.contains(&SoundEffect::Win), "{heard:?}");
}

#[test]
fn a_full_board_draws_with_the_draw_sound() {
    let mut app = game_with(Settings::default(), hvh(Preset::TicTacToe));
    // X O X / X O O / O X X
    for i in [0, 1, 2, 4, 3, 5, 7, 6, 8] {
        place(&mut app, i % 3, i / 3);
    }
    assert!(app.world().resource::<CurrentGame>().game().is_over());
    assert!(sounds(&mut app).contains(&SoundEffect::Draw));
    // Tic-tac-toe plays X and O, not stones.
    let stone = stone_at(&mut app, Pos::new(1, 1));
    assert_eq!(
        app.world().get::<Skin>(stone),
        Some(&Skin::Letter(Side::White))
    );
}

#[test]
fn a_hint_rings_and_its_marker_appears() {
    let setup = setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::White,
    );
    let mut app = app_with(Settings::default());
    {
        let mut current = app.world_mut().resource_mut::<CurrentGame>();
        current.replace(CurrentGame::with_game(
            setup,
            tengen_engine::Game::from_moves(setup.preset.variant(), &MIDDLE_GAME).expect("legal"),
        ));
        current.mark_live();
    }
    send(&mut app, GameCommand::Resume);
    send(&mut app, GameCommand::Hint);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        sounds(app).contains(&SoundEffect::Hint)
    });
    app.update();
    let mut query = app.world_mut().query::<(&Mark, Option<&Appear>)>();
    let hint: Vec<bool> = query
        .iter(app.world())
        .filter(|(mark, _)| **mark == Mark::Hint)
        .map(|(_, appear)| appear.is_some())
        .collect();
    assert_eq!(hint, vec![true], "one hint marker, appearing");
}

#[test]
fn a_menu_click_ticks() {
    let mut app = app_with(Settings::default());
    app.world_mut().trigger(MenuClick);
    app.update();
    assert_eq!(sounds(&mut app), vec![SoundEffect::MenuClick]);
}

#[test]
fn muted_means_no_sound_entities_and_volume_scales_every_sound() {
    let mut app = game_with(settings(|s| s.sound = false), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Undo);
    assert!(sounds(&mut app).is_empty());

    let mut app = game_with(settings(|s| s.volume = 0.0), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    assert!(sounds(&mut app).is_empty(), "volume zero is silence too");

    let mut app = game_with(settings(|s| s.volume = 0.5), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Undo);
    let heard = volumes(&mut app);
    assert_eq!(heard.len(), 2);
    for (effect, volume) in heard {
        assert!(
            (volume - 0.5 * effect.balance()).abs() < 1e-6,
            "{effect:?} at {volume}"
        );
    }

    // Turning the sound off during a game silences the next event.
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    app.world_mut().resource_mut::<Settings>().sound = false;
    place(&mut app, 7, 7);
    assert!(sounds(&mut app).is_empty());
}

#[test]
fn switching_the_theme_swaps_every_sprite_picture() {
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    place(&mut app, 7, 7);
    let stone = stone_at(&mut app, Pos::new(7, 7));
    let before = app
        .world()
        .get::<Sprite>(stone)
        .expect("sprite")
        .image
        .clone();
    let art = app.world().resource::<Art>().clone();
    assert_eq!(before, art.of(Theme::Classic).get(Skin::Stone(Side::Black)));

    app.world_mut().resource_mut::<Settings>().theme = Theme::Contrast;
    app.update();
    let after = app
        .world()
        .get::<Sprite>(stone)
        .expect("sprite")
        .image
        .clone();
    assert_ne!(before, after);
    assert_eq!(after, art.of(Theme::Contrast).get(Skin::Stone(Side::Black)));
    // Every skinned sprite follows, the board and grid included.
    let mut query = app.world_mut().query::<(&Skin, &Sprite)>();
    for (skin, sprite) in query.iter(app.world()) {
        assert_eq!(sprite.image, art.of(Theme::Contrast).get(*skin), "{skin:?}");
    }
    assert_eq!(app.world().resource::<Art>().theme, Theme::Contrast);
}

#[test]
fn animation_speed_scales_durations_and_off_is_instant() {
    let duration = |speed: AnimationSpeed| {
        let mut app = game_with(settings(|s| s.animation = speed), hvh(Preset::Freestyle15));
        place(&mut app, 7, 7);
        let stone = stone_at(&mut app, Pos::new(7, 7));
        let appear = app.world().get::<Appear>(stone).map(|a| a.duration);
        let sprite = app
            .world()
            .get::<Sprite>(stone)
            .expect("sprite")
            .color
            .alpha();
        send(&mut app, GameCommand::Undo);
        (appear, sprite, count::<Vanish>(&mut app))
    };
    let (normal, _, lifted) = duration(AnimationSpeed::Normal);
    assert_eq!(normal, Some(animation::DROP_SECONDS));
    assert_eq!(lifted, 1);
    let (fast, _, _) = duration(AnimationSpeed::Fast);
    assert_eq!(fast, Some(animation::DROP_SECONDS / 2.0));
    let (off, alpha, lifted) = duration(AnimationSpeed::Off);
    assert_eq!(off, None, "no animation when off");
    assert_eq!(alpha, 1.0, "the stone is there at once");
    assert_eq!(lifted, 0, "undo removes it at once");
}

#[test]
fn hiding_forbidden_points_hides_their_marks_only() {
    let mut app = game_with(Settings::default(), hvh(Preset::Renju15));
    // g8 h8 on a row, i9 i10 on a column: i8 is a double three for black.
    for (x, y) in [
        (6, 7),
        (0, 14),
        (7, 7),
        (0, 12),
        (8, 5),
        (0, 10),
        (8, 6),
        (14, 14),
    ] {
        place(&mut app, x, y);
    }
    let forbidden_visible = |app: &mut App| {
        let mut query = app.world_mut().query::<(&Mark, &Visibility)>();
        query
            .iter(app.world())
            .filter(|(mark, _)| matches!(mark, Mark::Forbidden(_)))
            .map(|(_, v)| *v != Visibility::Hidden)
            .collect::<Vec<bool>>()
    };
    app.update();
    let shown = forbidden_visible(&mut app);
    assert!(!shown.is_empty() && shown.iter().all(|&v| v), "{shown:?}");
    app.world_mut().resource_mut::<Settings>().show_forbidden = false;
    app.update();
    let shown = forbidden_visible(&mut app);
    assert!(!shown.is_empty() && shown.iter().all(|&v| !v), "{shown:?}");
}

#[test]
fn the_hover_ghost_fades_in_over_a_free_point_and_out_again() {
    use tengen::view::animation::Fade;
    use tengen::view::{Ghost, HoveredCell};
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    let ghost = |app: &mut App| {
        let mut query = app
            .world_mut()
            .query_filtered::<(&Fade, &Sprite, &Visibility), With<Ghost>>();
        let (fade, sprite, visibility) = query.single(app.world()).expect("one ghost stone");
        (fade.target, sprite.color.alpha(), *visibility)
    };
    assert_eq!(ghost(&mut app), (0.0, 0.0, Visibility::Hidden));
    app.world_mut().resource_mut::<HoveredCell>().0 = Some(Pos::new(3, 3));
    app.update();
    let (target, alpha, _) = ghost(&mut app);
    assert_eq!(target, 0.5);
    assert!(alpha < 0.5, "it fades in rather than popping up: {alpha}");
    run_for(&mut app, Duration::from_millis(600));
    assert_eq!(ghost(&mut app), (0.5, 0.5, Visibility::Inherited));

    // Over an occupied point there is no ghost.
    place(&mut app, 3, 3);
    run_for(&mut app, Duration::from_millis(600));
    assert_eq!(ghost(&mut app), (0.0, 0.0, Visibility::Hidden));

    // With animations off it appears at once.
    app.world_mut().resource_mut::<Settings>().animation = AnimationSpeed::Off;
    app.world_mut().resource_mut::<HoveredCell>().0 = Some(Pos::new(4, 4));
    app.update();
    app.update();
    assert_eq!(ghost(&mut app), (0.5, 0.5, Visibility::Inherited));
}

#[test]
fn the_hover_ghost_goes_when_the_pointer_leaves_the_window() {
    use bevy::window::CursorLeft;
    use tengen::view::animation::Fade;
    use tengen::view::{Ghost, HoveredCell};
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    let target = |app: &mut App| {
        let mut query = app.world_mut().query_filtered::<&Fade, With<Ghost>>();
        query.single(app.world()).expect("one ghost stone").target
    };
    app.world_mut().resource_mut::<HoveredCell>().0 = Some(Pos::new(3, 3));
    app.update();
    assert_eq!(target(&mut app), 0.5);
    // Leaving the window sends no `Out` to the cell under the pointer, only this.
    app.world_mut().write_message(CursorLeft {
        window: Entity::PLACEHOLDER,
    });
    app.update();
    assert_eq!(app.world().resource::<HoveredCell>().0, None);
    assert_eq!(target(&mut app), 0.0, "the ghost fades out");
}

/// A window for the headless app, so the board is laid out as on screen; its size in logical pixels.
fn open_window(app: &mut App) -> (Entity, Vec2) {
    use bevy::window::{PrimaryWindow, WindowResolution};
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: WindowResolution::new(1120, 780),
                ..default()
            },
            PrimaryWindow,
        ))
        .id();
    app.update();
    (window, Vec2::new(1120.0, 780.0))
}

/// Presses and releases the left button in one frame, the pointer never having moved.
fn click(app: &mut App, window: Entity) {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }
    app.update();
    app.update();
}

#[test]
fn a_click_with_no_pointer_move_before_it_places_a_stone() {
    use tengen::view::BoardLayout;
    let mut app = game_with(Settings::default(), hvh(Preset::Freestyle15));
    let (window, size) = open_window(&mut app);
    let layout = *app.world().resource::<BoardLayout>();
    assert!(layout.spacing > 10.0, "the board is laid out: {layout:?}");
    // Off the point's centre, still inside its cell; no `CursorMoved` is ever sent.
    let at = layout.window_position(Pos::new(7, 7), size) + Vec2::new(0.4, -0.3) * layout.spacing;
    app.world_mut()
        .get_mut::<Window>(window)
        .expect("the window")
        .set_cursor_position(Some(at));
    click(&mut app, window);
    let game = &app.world().resource::<CurrentGame>().game();
    assert_eq!(game.moves(), &[Pos::new(7, 7)]);

    // Beside the board, nothing.
    app.world_mut()
        .get_mut::<Window>(window)
        .expect("the window")
        .set_cursor_position(Some(Vec2::new(4.0, 4.0)));
    click(&mut app, window);
    assert_eq!(
        app.world().resource::<CurrentGame>().game().moves().len(),
        1
    );
}
