//! The board dressed in the current theme's sprites: wood, shadow, grid, star points, stones (dropping
//! in when just played, lifting out when taken back) and marks (last move, hint, forbidden points, the
//! winning glow).
//!
//! Board-local units: one unit between grid lines; the layout scales the board root.
//! Depth inside the board: shadow -1, wood 0, grid 0.5, stars 0.6, cells 1 (win glow 1.1, stone shadows
//! 2.5, stones 3, marks 4), ghost 3.5, sparks 4.5, cursor 5.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::{BorderRect, SpriteImageMode, TextureSlicer};
use tengen_engine::{Pos, Variant};

use super::animation::{self, Appear, Fade, Pulse, Vanish, scaled};
use super::art::{Art, Skin};
use super::layout::{BoardShadow, GridLine, board_half_extent};
use super::pointer::{CursorFrame, Ghost};
use crate::game::board::{BoardRoot, Cell, CellIndex, Mark, Stone, cell_local};
use crate::game::{CurrentGame, StonePlaced, StoneRemoved};
use crate::screens::InGame;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dropping>()
        .add_observer(dress_board)
        .add_observer(dress_stone)
        .add_observer(dress_mark)
        .add_observer(note_drop)
        .add_observer(lift_stone)
        .add_systems(PostUpdate, show_forbidden_marks.run_if(in_state(InGame)));
}

/// Points where a stone was just played, so the stone that appears there drops in (stones rebuilt
/// with a resumed game simply stand there).
#[derive(Resource, Debug, Default)]
struct Dropping(Vec<Pos>);

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
pub(super) fn skinned(art: &Art, skin: Skin, size: Vec2) -> impl Bundle {
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

/// The grid: lines through the points (squares between them on the tic-tac-toe board), as
/// (centre, vertical, line) in board units.
fn grid_lines(variant: Variant) -> Vec<(Vec2, bool, GridLine)> {
    let size = variant.size();
    let mut lines = Vec::new();
    if variant.is_tic_tac_toe() {
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
    let variant = current.game().variant();
    let side = 2.0 * board_half_extent(variant);
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
    let tic_tac_toe = variant.is_tic_tac_toe();
    commands.spawn((
        Name::new("Ghost stone"),
        Ghost,
        Pickable::IGNORE,
        Fade {
            target: 0.0,
            rate: animation::GHOST_FADE_RATE,
        },
        Skin::piece(current.game().to_move(), tic_tac_toe),
        Sprite {
            image: art.get(Skin::piece(current.game().to_move(), tic_tac_toe)),
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
pub(super) fn piece_size(tic_tac_toe: bool) -> f32 {
    if tic_tac_toe { 0.8 } else { 1.0 }
}

/// Remembers where a stone was just played, so it drops in when its entity appears.
fn note_drop(placed: On<StonePlaced>, mut dropping: ResMut<Dropping>) {
    dropping.0.push(placed.pos);
}

/// The stones and the cells they sit in.
#[derive(SystemParam)]
struct StonesOnCells<'w, 's> {
    stones: Query<'w, 's, (&'static Stone, &'static ChildOf)>,
    cells: Query<'w, 's, &'static Cell>,
}

impl StonesOnCells<'_, '_> {
    /// The stone of `entity`, and the point of its cell.
    fn get(&self, entity: Entity) -> Option<(&Stone, Option<Pos>)> {
        let (stone, parent) = self.stones.get(entity).ok()?;
        let pos = self.cells.get(parent.parent()).ok().map(|cell| cell.pos);
        Some((stone, pos))
    }
}

/// Gives a stone its picture and shadow, and drops it in if it was just played.
fn dress_stone(
    added: On<Add, Stone>,
    mut commands: Commands,
    stones: StonesOnCells,
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    art: Option<Res<Art>>,
    mut dropping: ResMut<Dropping>,
) {
    let Some(art) = art else {
        return;
    };
    let Some((stone, pos)) = stones.get(added.entity) else {
        return;
    };
    let just_played = match pos.and_then(|p| dropping.0.iter().position(|&d| d == p)) {
        Some(i) => {
            dropping.0.swap_remove(i);
            true
        }
        None => false,
    };
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
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
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
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
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
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
