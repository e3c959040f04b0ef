//! The board on screen: the generated sprites of the current theme for the board, grid, stones and
//! marks, picking on cells (hover fades in a ghost stone, click places), the animations that bring it to
//! life, and a layout that keeps the board centred and fitted to the window (in logical pixels, so a
//! HiDPI screen gets the same layout with sharper pictures).
//!
//! Board-local units: one unit between grid lines; `fit_board_to_window` scales the board root.
//! Depth inside the board: shadow -1, wood 0, grid 0.5, stars 0.6, cells 1 (win glow 1.1, stone shadows
//! 2.5, stones 3, marks 4), ghost 3.5, sparks 4.5, cursor 5.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::sprite::{BorderRect, SpriteImageMode, TextureSlicer};
use bevy::window::PrimaryWindow;
use rand::Rng;
use tengen_engine::{Pos, Variant};

use crate::cli::Options;
use crate::game::board::{BoardRoot, Cell, CellIndex, Mark, Stone, cell_local};
use crate::game::input::Cursor;
use crate::game::{CurrentGame, GameCommand, GameWon, StonePlaced, StoneRemoved, cell_name};
use crate::screens::{InGame, Screen};
use crate::settings::Settings;

pub mod animation;
pub mod art;

use animation::{Appear, Fade, Pulse, Spark, Vanish, scaled};
use art::{Art, Skin};

/// Width of the HUD panel on the right, in logical pixels; the board is centred in the rest.
pub const PANEL_WIDTH: f32 = 320.0;

/// The window-free part of the board view: sprites, theme switching and animation. Runs headless with
/// `AssetPlugin` and the `Image` asset registered (what the presentation tests use).
pub fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>()
        .init_resource::<BoardLayout>()
        .init_resource::<Dropping>()
        .add_plugins((art::plugin, animation::plugin))
        .add_observer(dress_board)
        .add_observer(dress_cell)
        .add_observer(dress_stone)
        .add_observer(dress_mark)
        .add_observer(note_drop)
        .add_observer(lift_stone)
        .add_observer(celebrate_win)
        .add_observer(print_move)
        .add_systems(
            PostUpdate,
            (
                fit_board_to_window,
                show_ghost,
                show_cursor,
                show_forbidden_marks,
            )
                .chain()
                .before(TransformSystems::Propagate)
                .run_if(in_state(InGame)),
        );
}

/// The window's part: the camera.
pub fn window_plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
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

/// Half the side of the wooden board in board units, measured from its centre.
pub fn board_half_extent(size: u8) -> f32 {
    if size == 3 {
        // Tic-tac-toe: three squares a side, and a narrow frame.
        1.5 + 0.75
    } else {
        (size as f32 - 1.0) / 2.0 + 1.2
    }
}

/// Room around the board for the coordinates, in board units from the centre.
fn layout_half_extent(size: u8) -> f32 {
    board_half_extent(size) + if size == 3 { 0.25 } else { 0.3 }
}

/// Marks the translucent stone that follows the mouse.
#[derive(Component)]
pub struct Ghost;

/// Marks the keyboard cursor's frame.
#[derive(Component)]
struct CursorFrame;

/// The board's soft shadow on the table: drawn in window pixels (nine-slice borders must not scale
/// with the board), so it undoes the board's scale.
#[derive(Component)]
struct BoardShadow;

/// Points where a stone was just played, so the stone that appears there drops in (stones rebuilt
/// with a resumed game simply stand there).
#[derive(Resource, Debug, Default)]
struct Dropping(Vec<Pos>);

fn spawn_camera(mut commands: Commands) {
    // No MSAA: every sprite is already anti-aliased in its picture, and 4x multisampling quadruples the
    // fill cost (heavy on a software renderer) for no visible gain.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
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

/// A sprite showing `skin` at `size` board units. Only cells take clicks: pictures on top of them
/// (the ghost under the mouse above all) must not swallow the click meant for the cell.
fn skinned(art: &Art, skin: Skin, size: Vec2) -> impl Bundle {
    (
        skin,
        Pickable::IGNORE,
        Sprite {
            image: art.get(skin),
            custom_size: Some(size),
            ..default()
        },
    )
}

/// A grid line: `line.png` is a horizontal segment soft at top and bottom, so vertical lines are the
/// same sprite turned a quarter. Its thickness is set in window pixels by the layout, so lines stay crisp
/// and equally bold at every board size and window size.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct GridLine {
    pub length: f32,
    /// The frame of the board is drawn bolder, as on a real board.
    pub bold: bool,
}

/// The grid: lines through the points (squares between them on the tic-tac-toe board), as
/// (centre, vertical, line) in board units.
fn grid_lines(variant: Variant) -> Vec<(Vec2, bool, GridLine)> {
    let size = variant.size();
    let mut lines = Vec::new();
    if size == 3 {
        for offset in [-0.5, 0.5] {
            let line = GridLine {
                length: 3.0,
                bold: true,
            };
            lines.push((Vec2::new(0.0, offset), false, line));
            lines.push((Vec2::new(offset, 0.0), true, line));
        }
        return lines;
    }
    let span = size as f32 - 1.0;
    for i in 0..size {
        let offset = i as f32 - span / 2.0;
        let line = GridLine {
            length: span,
            bold: i == 0 || i == size - 1,
        };
        lines.push((Vec2::new(0.0, offset), false, line));
        lines.push((Vec2::new(offset, 0.0), true, line));
    }
    lines
}

/// A line's thickness in window pixels.
fn line_pixels(line: GridLine, size: u8) -> f32 {
    match (size == 3, line.bold) {
        (true, _) => 6.0,
        (false, true) => 3.0,
        (false, false) => 2.0,
    }
}

/// Gives a new board its wood, shadow, grid, star points, ghost stone and cursor.
fn dress_board(
    added: On<Add, BoardRoot>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    art: Option<Res<Art>>,
    mut dropping: ResMut<Dropping>,
) {
    let Some(art) = art else {
        return;
    };
    dropping.0.clear();
    let root = added.entity;
    let variant = current.game.variant();
    let side = 2.0 * board_half_extent(variant.size());
    commands.spawn((
        Name::new("Board shadow"),
        BoardShadow,
        Skin::BoardShadow,
        Pickable::IGNORE,
        Sprite {
            image: art.get(Skin::BoardShadow),
            image_mode: SpriteImageMode::Sliced(TextureSlicer {
                border: BorderRect::all(48.0),
                ..default()
            }),
            custom_size: Some(Vec2::splat(100.0)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, -1.0),
        ChildOf(root),
    ));
    commands.spawn((
        Name::new("Wood"),
        skinned(&art, Skin::Board, Vec2::splat(side)),
        Transform::from_xyz(0.0, 0.0, 0.0),
        ChildOf(root),
    ));
    for (centre, vertical, line) in grid_lines(variant) {
        let turn = if vertical {
            Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)
        } else {
            Quat::IDENTITY
        };
        commands.spawn((
            Name::new("Grid line"),
            line,
            skinned(&art, Skin::Line, Vec2::new(line.length, 0.03)),
            Transform::from_translation(centre.extend(0.5)).with_rotation(turn),
            ChildOf(root),
        ));
    }
    for pos in star_points(variant.size()) {
        commands.spawn((
            Name::new("Star point"),
            skinned(&art, Skin::Star, Vec2::splat(0.2)),
            Transform::from_translation(cell_local(variant, pos).extend(0.6)),
            ChildOf(root),
        ));
    }
    let tic_tac_toe = variant.size() == 3;
    commands.spawn((
        Name::new("Ghost stone"),
        Ghost,
        Pickable::IGNORE,
        Fade {
            target: 0.0,
            rate: animation::GHOST_FADE_RATE,
        },
        Skin::piece(current.game.to_move(), tic_tac_toe),
        Sprite {
            image: art.get(Skin::piece(current.game.to_move(), tic_tac_toe)),
            custom_size: Some(Vec2::splat(piece_size(tic_tac_toe))),
            color: Color::WHITE.with_alpha(0.0),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 3.5),
        Visibility::Hidden,
        ChildOf(root),
    ));
    commands.spawn((
        Name::new("Keyboard cursor"),
        CursorFrame,
        skinned(&art, Skin::Cursor, Vec2::splat(1.0)),
        Transform::from_xyz(0.0, 0.0, 5.0),
        Visibility::Hidden,
        ChildOf(root),
    ));
}

/// A stone fills 1 cell (its picture has a margin); an X or O fills 0.8 of its square.
fn piece_size(tic_tac_toe: bool) -> f32 {
    if tic_tac_toe { 0.8 } else { 1.0 }
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

/// Remembers where a stone was just played, so it drops in when its entity appears.
fn note_drop(placed: On<StonePlaced>, mut dropping: ResMut<Dropping>) {
    dropping.0.push(placed.pos);
}

/// Gives a stone its picture and shadow, and drops it in if it was just played.
#[allow(clippy::too_many_arguments)]
fn dress_stone(
    added: On<Add, Stone>,
    mut commands: Commands,
    stones: Query<(&Stone, &ChildOf)>,
    cells: Query<&Cell>,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
    mut dropping: ResMut<Dropping>,
) {
    let Some(art) = art else {
        return;
    };
    let Ok((stone, parent)) = stones.get(added.entity) else {
        return;
    };
    let pos = cells.get(parent.parent()).ok().map(|cell| cell.pos);
    let just_played = match pos.and_then(|p| dropping.0.iter().position(|&d| d == p)) {
        Some(i) => {
            dropping.0.swap_remove(i);
            true
        }
        None => false,
    };
    let tic_tac_toe = current.game.variant().size() == 3;
    let skin = Skin::piece(stone.color, tic_tac_toe);
    let drop = just_played
        .then(|| scaled(&settings, animation::DROP_SECONDS))
        .flatten();
    let mut entity = commands.entity(added.entity);
    entity.insert(skinned(&art, skin, Vec2::splat(piece_size(tic_tac_toe))));
    if let Some(duration) = drop {
        entity.insert(Appear::new(duration, 1.35, 1.0));
    }
    if !tic_tac_toe {
        // Under the stone, offset right and down as if lit from the top left.
        let mut shadow = commands.spawn((
            Name::new("Stone shadow"),
            skinned(&art, Skin::StoneShadow, Vec2::splat(1.25)),
            Transform::from_xyz(0.04, -0.06, -0.5),
            ChildOf(added.entity),
        ));
        if let Some(duration) = drop {
            shadow.insert(Appear::new(duration, 1.6, 1.0));
        }
    }
}

/// Gives a mark its picture; the hint and the winning glow appear with an animation, the glow pulses.
fn dress_mark(
    added: On<Add, Mark>,
    mut commands: Commands,
    marks: Query<&Mark>,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
) {
    let Some(art) = art else {
        return;
    };
    let Ok(mark) = marks.get(added.entity) else {
        return;
    };
    let tic_tac_toe = current.game.variant().size() == 3;
    let (skin, size, z) = match mark {
        // A big X or O needs only a small dot in its middle.
        Mark::LastMove if tic_tac_toe => (Skin::LastMove, 0.55, 4.0),
        Mark::LastMove => (Skin::LastMove, 1.0, 4.0),
        Mark::Forbidden(_) => (Skin::Forbidden, 1.0, 4.0),
        // Behind the stones, above the board.
        Mark::Win => (Skin::WinGlow, 1.5, 0.1),
        Mark::Hint => (Skin::Hint, 1.0, 4.0),
    };
    let mut entity = commands.entity(added.entity);
    entity.insert((
        skinned(&art, skin, Vec2::splat(size)),
        Transform::from_xyz(0.0, 0.0, z),
    ));
    let appear = match mark {
        Mark::Hint => scaled(&settings, 0.35).map(|d| Appear::new(d, 0.4, 1.0)),
        Mark::Win => scaled(&settings, 0.5).map(|d| Appear::new(d, 0.3, 1.0)),
        Mark::LastMove => scaled(&settings, 0.25).map(|d| Appear::new(d, 0.2, 1.0)),
        Mark::Forbidden(_) => scaled(&settings, 0.3).map(|d| Appear::new(d, 1.0, 1.0)),
    };
    if let Some(appear) = appear {
        entity.insert(appear);
    }
    if *mark == Mark::Win
        && let Some(period) = scaled(&settings, animation::PULSE_SECONDS)
    {
        entity.insert(Pulse {
            elapsed: 0.0,
            period,
        });
    }
}

/// Undo: the stone's model entity is gone at once; a copy of its picture lifts out and despawns.
fn lift_stone(
    removed: On<StoneRemoved>,
    mut commands: Commands,
    index: Option<Res<CellIndex>>,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
) {
    let (Some(art), Some(cell)) = (art, index.and_then(|i| i.get(removed.pos))) else {
        return;
    };
    let Some(duration) = scaled(&settings, animation::LIFT_SECONDS) else {
        return;
    };
    let tic_tac_toe = current.game.variant().size() == 3;
    let skin = Skin::piece(removed.color, tic_tac_toe);
    commands.spawn((
        Name::new("Lifted stone"),
        skinned(&art, skin, Vec2::splat(piece_size(tic_tac_toe))),
        Vanish {
            elapsed: 0.0,
            duration,
            alpha: 1.0,
        },
        Transform::from_xyz(0.0, 0.0, 3.2),
        ChildOf(cell),
    ));
}

/// The win: a burst of sparks from every stone of the winning line.
fn celebrate_win(
    won: On<GameWon>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let (Some(art), Some(duration)) = (art, scaled(&settings, animation::SPARK_SECONDS)) else {
        return;
    };
    let Some(root) = roots.iter().next() else {
        return;
    };
    let variant = current.game.variant();
    let tint = art.palette().spark;
    let mut rng = crate::audio::dice();
    for &pos in &won.line {
        let at = cell_local(variant, pos);
        for _ in 0..10 {
            let angle = rng.random_range(0.0..std::f32::consts::TAU);
            let speed = rng.random_range(1.2..3.2) * settings.animation_factor();
            commands.spawn((
                Name::new("Spark"),
                Skin::Particle,
                Pickable::IGNORE,
                Sprite {
                    image: art.get(Skin::Particle),
                    custom_size: Some(Vec2::splat(1.0)),
                    color: tint,
                    ..default()
                },
                Spark {
                    elapsed: 0.0,
                    duration: duration * rng.random_range(0.7..1.0),
                    velocity: Vec2::from_angle(angle) * speed,
                    spin: rng.random_range(-6.0..6.0),
                    size: rng.random_range(0.18..0.4),
                },
                Transform::from_translation(at.extend(4.5)).with_scale(Vec3::splat(0.3)),
                ChildOf(root),
            ));
        }
    }
}

/// Keeps the board centred in the space left of the HUD and as large as the window allows.
fn fit_board_to_window(
    window: Single<&Window, With<PrimaryWindow>>,
    current: Res<CurrentGame>,
    mut layout: ResMut<BoardLayout>,
    mut roots: Query<&mut Transform, (With<BoardRoot>, Without<BoardShadow>)>,
    mut shadows: Query<(&mut Transform, &mut Sprite), With<BoardShadow>>,
    mut lines: Query<(&GridLine, &mut Sprite), Without<BoardShadow>>,
    options: Option<Res<Options>>,
) {
    let size = current.game.variant().size();
    let area = Vec2::new((window.width() - PANEL_WIDTH).max(100.0), window.height());
    let extent = 2.0 * layout_half_extent(size);
    // Whole physical pixels between lines (and whole-pixel line widths below), so every grid line
    // covers the same pixel rows on any screen, HiDPI included.
    let scale = window.scale_factor().max(0.25);
    let spacing = ((area.x.min(area.y) / extent * scale).floor() / scale).max(4.0);
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
    // The shadow's picture is 128 px with the board inset 40 px: drawn in window pixels, the board
    // plus 40 px a side, nudged down as if lit from above.
    let board_px = 2.0 * board_half_extent(size) * spacing;
    for (mut transform, mut sprite) in &mut shadows {
        let wanted = Transform::from_xyz(0.0, -6.0 / spacing, -1.0).with_scale(Vec3::new(
            1.0 / spacing,
            1.0 / spacing,
            1.0,
        ));
        if *transform != wanted {
            *transform = wanted;
        }
        let size = Some(Vec2::splat(board_px + 80.0));
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
    }
    for (line, mut sprite) in &mut lines {
        // The line's ends reach half its thickness past the outer points, so the frame's corners meet.
        let thick = (line_pixels(*line, size) * scale).round().max(1.0) / scale / spacing;
        let wanted = Some(Vec2::new(line.length + thick, thick));
        if sprite.custom_size != wanted {
            sprite.custom_size = wanted;
        }
    }
}

fn show_ghost(
    hovered: Res<HoveredCell>,
    current: Res<CurrentGame>,
    screen: Res<State<Screen>>,
    art: Option<Res<Art>>,
    mut ghosts: Query<(&mut Transform, &mut Sprite, &mut Skin, &mut Fade), With<Ghost>>,
) {
    let Some(art) = art else {
        return;
    };
    let target = hovered.0.filter(|&pos| {
        *screen.get() == Screen::Playing && current.humans_turn() && current.game.check(pos).is_ok()
    });
    let tic_tac_toe = current.game.variant().size() == 3;
    for (mut transform, mut sprite, mut skin, mut fade) in &mut ghosts {
        match target {
            Some(pos) => {
                let at = cell_local(current.game.variant(), pos).extend(3.5);
                if transform.translation != at {
                    transform.translation = at;
                }
                let wanted = Skin::piece(current.game.to_move(), tic_tac_toe);
                if *skin != wanted {
                    *skin = wanted;
                    sprite.image = art.get(wanted);
                }
                if fade.target != 0.5 {
                    fade.target = 0.5;
                }
            }
            None => {
                if fade.target != 0.0 {
                    fade.target = 0.0;
                }
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
            let at = cell_local(current.game.variant(), cursor.pos).extend(5.0);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// The forbidden-point marks follow the "show forbidden points" setting (the refusal of a click on
/// one does not: the rule still holds).
fn show_forbidden_marks(settings: Res<Settings>, mut marks: Query<(&Mark, &mut Visibility)>) {
    let wanted = if settings.show_forbidden {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for (mark, mut visibility) in &mut marks {
        if matches!(mark, Mark::Forbidden(_)) {
            visibility.set_if_neq(wanted);
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
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    if !options.is_some_and(|o| o.print_moves) {
        return;
    }
    let Ok(window) = windows.single() else {
        return;
    };
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
