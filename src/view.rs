//! The board on screen: sprites for the board, cells, stones and marks, picking on cells (hover shows a
//! ghost stone, click places), and a layout that keeps the board centred and fitted to the window.
//!
//! The art is painted in code for now; the presentation work replaces it with generated assets.

use bevy::asset::RenderAssetUsages;
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;
use tengen_engine::{Color as Side, Pos};

use crate::cli::Options;
use crate::game::board::{BoardRoot, Cell, Mark, Stone, cell_local};
use crate::game::input::Cursor;
use crate::game::{CurrentGame, GameCommand, StonePlaced, cell_name};
use crate::screens::{InGame, Screen};

/// Width of the HUD panel on the right, in logical pixels; the board is centred in the rest.
pub const PANEL_WIDTH: f32 = 300.0;
/// Board-local room around the outer grid lines, for the wood edge and the coordinates.
const MARGIN: f32 = 1.25;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.13, 0.11)))
        .init_resource::<HoveredCell>()
        .init_resource::<BoardLayout>()
        .add_systems(Startup, (spawn_camera, paint_art))
        .add_observer(dress_board)
        .add_observer(dress_cell)
        .add_observer(dress_stone)
        .add_observer(dress_mark)
        .add_observer(print_move)
        .add_systems(
            PostUpdate,
            (fit_board_to_window, show_ghost, show_cursor)
                .chain()
                .before(TransformSystems::Propagate)
                .run_if(in_state(InGame)),
        );
}

/// The point under the mouse, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoveredCell(pub Option<Pos>);

/// Where the board is on screen: its centre in world units and the pixels between grid lines.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub centre: Vec2,
    pub spacing: f32,
    pub size: u8,
}

impl BoardLayout {
    /// A point's position in window coordinates (logical pixels from the top-left corner).
    pub fn window_position(&self, pos: Pos, window: Vec2) -> Vec2 {
        let half = (self.size as f32 - 1.0) / 2.0;
        let world =
            self.centre + Vec2::new(pos.x as f32 - half, half - pos.y as f32) * self.spacing;
        Vec2::new(window.x / 2.0 + world.x, window.y / 2.0 - world.y)
    }
}

/// Marks the translucent stone that follows the mouse.
#[derive(Component)]
struct Ghost;

/// Marks the keyboard cursor's frame.
#[derive(Component)]
struct CursorFrame;

/// Textures painted at start-up.
#[derive(Resource)]
struct Art {
    black: Handle<Image>,
    white: Handle<Image>,
    dot: Handle<Image>,
    ring: Handle<Image>,
    cross: Handle<Image>,
    frame: Handle<Image>,
}

impl Art {
    fn stone(&self, side: Side) -> Handle<Image> {
        match side {
            Side::Black => self.black.clone(),
            Side::White => self.white.clone(),
        }
    }
}

const WOOD: Color = Color::srgb(0.86, 0.68, 0.42);
const INK: Color = Color::srgb(0.18, 0.13, 0.08);

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
}

/// Paints a square RGBA texture from a function of (x, y) in -1..1 (y up) returning linear-ish RGBA.
fn paint(images: &mut Assets<Image>, size: u32, f: impl Fn(f32, f32) -> [f32; 4]) -> Handle<Image> {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for row in 0..size {
        for col in 0..size {
            let x = (col as f32 + 0.5) / size as f32 * 2.0 - 1.0;
            let y = 1.0 - (row as f32 + 0.5) / size as f32 * 2.0;
            for channel in f(x, y) {
                data.push((channel.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
        }
    }
    images.add(Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    ))
}

/// Coverage of a disc of radius `r` at distance `d`, anti-aliased over about one texel of 128.
fn coverage(d: f32, r: f32) -> f32 {
    ((r - d) * 48.0 + 0.5).clamp(0.0, 1.0)
}

fn paint_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    const N: u32 = 128;
    let black = paint(&mut images, N, |x, y| {
        let d = (x * x + y * y).sqrt();
        let glow = (1.0 - ((x + 0.35).powi(2) + (y - 0.4).powi(2)).sqrt() / 0.8).max(0.0);
        let v = 0.07 + 0.33 * glow * glow;
        [v, v, v * 1.05, coverage(d, 0.96)]
    });
    let white = paint(&mut images, N, |x, y| {
        let d = (x * x + y * y).sqrt();
        let shade = ((x - y) * 0.5 + 1.0) / 2.0;
        // A darker rim keeps the white stone distinct from light wood.
        let rim = ((d - 0.84) / 0.12).clamp(0.0, 1.0);
        let v = (0.97 - 0.22 * shade * shade) * (1.0 - 0.35 * rim);
        [v, v, v * 0.98, coverage(d, 0.96)]
    });
    let dot = paint(&mut images, 32, |x, y| {
        let d = (x * x + y * y).sqrt();
        [1.0, 1.0, 1.0, coverage(d, 0.9)]
    });
    let ring = paint(&mut images, N, |x, y| {
        let d = (x * x + y * y).sqrt();
        [1.0, 1.0, 1.0, coverage(d, 0.98) * (1.0 - coverage(d, 0.8))]
    });
    let cross = paint(&mut images, 64, |x, y| {
        let arm = (x - y).abs().min((x + y).abs()) / std::f32::consts::SQRT_2;
        let inside = x.abs().max(y.abs()) < 0.8;
        [
            1.0,
            1.0,
            1.0,
            if inside { coverage(arm, 0.14) } else { 0.0 },
        ]
    });
    let frame = paint(&mut images, 64, |x, y| {
        let edge = x.abs().max(y.abs());
        [
            1.0,
            1.0,
            1.0,
            coverage(edge, 0.97) * (1.0 - coverage(edge, 0.85)),
        ]
    });
    commands.insert_resource(Art {
        black,
        white,
        dot,
        ring,
        cross,
        frame,
    });
}

/// The star points of a board side (the traditional hoshi on go-sized boards).
fn star_points(size: u8) -> Vec<Pos> {
    if size < 9 {
        return Vec::new();
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - edge;
    let mut points = vec![
        Pos::new(edge, edge),
        Pos::new(far, edge),
        Pos::new(edge, far),
        Pos::new(far, far),
    ];
    if size % 2 == 1 {
        points.push(Pos::new(size / 2, size / 2));
    }
    points
}

/// Gives a new board its wood, grid, star points, ghost stone and cursor.
fn dress_board(
    added: On<Add, BoardRoot>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    art: Res<Art>,
) {
    let root = added.entity;
    let variant = current.game.variant();
    let n = variant.size() as f32;
    let span = n - 1.0;
    let line = 0.035;
    commands.spawn((
        Name::new("Wood"),
        Sprite::from_color(WOOD, Vec2::splat(span + 2.0 * MARGIN - 0.3)),
        Transform::from_xyz(0.0, 0.0, 0.0),
        ChildOf(root),
    ));
    // Gomoku stones sit on the intersections; tic-tac-toe marks sit in the squares between the lines.
    let (offsets, length): (Vec<f32>, f32) = if variant.size() == 3 {
        (vec![-0.5, 0.5], n)
    } else {
        (
            (0..variant.size()).map(|i| i as f32 - span / 2.0).collect(),
            span + line,
        )
    };
    for offset in offsets {
        commands.spawn((
            Name::new("Grid line"),
            Sprite::from_color(INK, Vec2::new(length, line)),
            Transform::from_xyz(0.0, offset, 0.5),
            ChildOf(root),
        ));
        commands.spawn((
            Name::new("Grid line"),
            Sprite::from_color(INK, Vec2::new(line, length)),
            Transform::from_xyz(offset, 0.0, 0.5),
            ChildOf(root),
        ));
    }
    for pos in star_points(variant.size()) {
        commands.spawn((
            Name::new("Star point"),
            Sprite {
                image: art.dot.clone(),
                color: INK,
                custom_size: Some(Vec2::splat(0.16)),
                ..default()
            },
            Transform::from_translation(cell_local(variant, pos).extend(0.6)),
            ChildOf(root),
        ));
    }
    commands.spawn((
        Name::new("Ghost stone"),
        Ghost,
        Sprite {
            image: art.black.clone(),
            custom_size: Some(Vec2::splat(0.9)),
            color: Color::srgba(1.0, 1.0, 1.0, 0.5),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 2.5),
        Visibility::Hidden,
        ChildOf(root),
    ));
    commands.spawn((
        Name::new("Keyboard cursor"),
        CursorFrame,
        Sprite {
            image: art.frame.clone(),
            custom_size: Some(Vec2::splat(1.0)),
            color: Color::srgb(0.15, 0.45, 0.95),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 4.0),
        Visibility::Hidden,
        ChildOf(root),
    ));
}

/// Makes a cell a pickable square: hover tracks the ghost, a left click asks to place a stone.
fn dress_cell(added: On<Add, Cell>, mut commands: Commands, cells: Query<&Cell>) {
    let Ok(&Cell { pos }) = cells.get(added.entity) else {
        return;
    };
    commands
        .entity(added.entity)
        .insert((
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Pickable::default(),
        ))
        .observe(
            move |_: On<Pointer<Over>>, mut hovered: ResMut<HoveredCell>| {
                hovered.0 = Some(pos);
            },
        )
        .observe(
            move |_: On<Pointer<Out>>, mut hovered: ResMut<HoveredCell>| {
                if hovered.0 == Some(pos) {
                    hovered.0 = None;
                }
            },
        )
        .observe(
            move |click: On<Pointer<Click>>, mut writer: MessageWriter<GameCommand>| {
                if click.button == PointerButton::Primary {
                    writer.write(GameCommand::Place(pos));
                }
            },
        );
}

fn dress_stone(
    added: On<Add, Stone>,
    mut commands: Commands,
    stones: Query<&Stone>,
    art: Res<Art>,
) {
    let Ok(stone) = stones.get(added.entity) else {
        return;
    };
    commands.entity(added.entity).insert(Sprite {
        image: art.stone(stone.color),
        custom_size: Some(Vec2::splat(0.92)),
        ..default()
    });
}

fn dress_mark(added: On<Add, Mark>, mut commands: Commands, marks: Query<&Mark>, art: Res<Art>) {
    let Ok(mark) = marks.get(added.entity) else {
        return;
    };
    let (image, color, size) = match mark {
        Mark::LastMove => (art.dot.clone(), Color::srgb(0.9, 0.15, 0.1), 0.26),
        Mark::Forbidden(_) => (art.cross.clone(), Color::srgb(0.85, 0.1, 0.1), 0.5),
        Mark::Win => (art.ring.clone(), Color::srgb(1.0, 0.8, 0.1), 1.05),
        Mark::Hint => (art.ring.clone(), Color::srgb(0.1, 0.75, 0.3), 0.95),
    };
    commands.entity(added.entity).insert(Sprite {
        image,
        color,
        custom_size: Some(Vec2::splat(size)),
        ..default()
    });
}

/// Keeps the board centred in the space left of the HUD and as large as the window allows.
fn fit_board_to_window(
    window: Single<&Window, With<PrimaryWindow>>,
    current: Res<CurrentGame>,
    mut layout: ResMut<BoardLayout>,
    mut roots: Query<&mut Transform, With<BoardRoot>>,
    options: Option<Res<Options>>,
) {
    let size = current.game.variant().size();
    let area = Vec2::new((window.width() - PANEL_WIDTH).max(100.0), window.height());
    let extent = size as f32 - 1.0 + 2.0 * MARGIN;
    let spacing = (area.x.min(area.y) / extent).max(4.0);
    let next = BoardLayout {
        centre: Vec2::new(-PANEL_WIDTH / 2.0, 0.0),
        spacing,
        size,
    };
    if *layout != next {
        if options.is_some_and(|o| o.print_moves) && layout.size != size {
            let centre = next.window_position(current.game.variant().center(), window.size());
            println!(
                "ready size={size} centre={:.0},{:.0} spacing={spacing:.1}",
                centre.x, centre.y
            );
        }
        *layout = next;
    }
    for mut transform in &mut roots {
        let wanted = Transform::from_translation(layout.centre.extend(0.0))
            .with_scale(Vec3::new(spacing, spacing, 1.0));
        if *transform != wanted {
            *transform = wanted;
        }
    }
}

fn show_ghost(
    hovered: Res<HoveredCell>,
    current: Res<CurrentGame>,
    screen: Res<State<Screen>>,
    art: Res<Art>,
    mut ghosts: Query<(&mut Transform, &mut Sprite, &mut Visibility), With<Ghost>>,
) {
    let target = hovered.0.filter(|&pos| {
        *screen.get() == Screen::Playing && current.humans_turn() && current.game.check(pos).is_ok()
    });
    for (mut transform, mut sprite, mut visibility) in &mut ghosts {
        match target {
            Some(pos) => {
                let at = cell_local(current.game.variant(), pos).extend(2.5);
                if transform.translation != at {
                    transform.translation = at;
                }
                let image = art.stone(current.game.to_move());
                if sprite.image != image {
                    sprite.image = image;
                }
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

fn show_cursor(
    cursor: Res<Cursor>,
    current: Res<CurrentGame>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    for (mut transform, mut visibility) in &mut frames {
        if cursor.visible && current.game.variant().contains(cursor.pos) {
            let at = cell_local(current.game.variant(), cursor.pos).extend(4.0);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// With `--print-moves`, says on stdout where each stone landed (cell name and window position), so
/// scripts and the smoke test can check the screen.
fn print_move(
    placed: On<StonePlaced>,
    options: Option<Res<Options>>,
    layout: Res<BoardLayout>,
    current: Res<CurrentGame>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    if !options.is_some_and(|o| o.print_moves) {
        return;
    }
    let at = layout.window_position(placed.pos, window.size());
    println!(
        "placed {} {} {} at={:.0},{:.0} by={}",
        placed.number,
        placed.color,
        cell_name(placed.pos, current.game.variant().size()),
        at.x,
        at.y,
        if placed.by_computer {
            "computer"
        } else {
            "human"
        }
    );
}
