//! The board as entities: one `Cell` per point, a `Stone` child on each occupied cell, and `Mark`
//! children for the last move, forbidden points, the winning line and the hint.
//!
//! Only the model lives here; `view` gives these entities sprites and picking when there is a window.

use bevy::prelude::*;
use tengen_engine::{Color, Forbidden, Outcome, Pos, Rule, Variant};

use super::hint::ShownHint;
use super::{CurrentGame, GameStarted, RecordStepped, StonePlaced, StoneRemoved, cell_name};
use crate::screens::InGame;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(spawn_board)
        .add_observer(place_stone)
        .add_observer(remove_stone)
        .add_observer(restone_record)
        // After every `Update` system, so a move or hint that arrived this frame is marked this frame.
        .add_systems(PostUpdate, sync_marks.run_if(in_state(InGame)));
}

/// The parent of every cell; `view` scales it to fit the window.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// A point of the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub pos: Pos,
}

/// A stone standing on its parent cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    pub color: Color,
}

/// A marker drawn on its parent cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    LastMove,
    /// Renju: black may not play here now.
    Forbidden(Forbidden),
    /// Part of the winning row.
    Win,
    /// The computer's suggestion.
    Hint,
}

/// Cell entities by point, for the current board.
#[derive(Resource, Debug, Clone)]
pub struct CellIndex {
    size: u8,
    cells: Vec<Entity>,
}

impl CellIndex {
    pub fn get(&self, pos: Pos) -> Option<Entity> {
        (pos.x < self.size && pos.y < self.size)
            .then(|| self.cells.get(pos.index(self.size)).copied())
            .flatten()
    }
}

/// Where a point sits in board-local units: one unit between grid lines, centred, row 0 at the top.
pub fn cell_local(variant: Variant, pos: Pos) -> Vec2 {
    let half = (variant.size() as f32 - 1.0) / 2.0;
    Vec2::new(pos.x as f32 - half, half - pos.y as f32)
}

fn stone(color: Color, cell: Entity) -> impl Bundle {
    (
        Name::new(format!("{color} stone")),
        Stone { color },
        Transform::from_xyz(0.0, 0.0, 2.0),
        Visibility::default(),
        ChildOf(cell),
    )
}

/// Builds the cells (and the stones already played) whenever a game appears.
fn spawn_board(
    _: On<GameStarted>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    let variant = current.game().variant();
    let size = variant.size();
    let root = commands
        .spawn((
            Name::new("Board"),
            BoardRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(InGame),
        ))
        .id();
    let cells: Vec<Entity> = (0..variant.cells())
        .map(|i| {
            let pos = Pos::from_index(i, size);
            commands
                .spawn((
                    Name::new(format!("Cell {}", cell_name(pos, size))),
                    Cell { pos },
                    Transform::from_translation(cell_local(variant, pos).extend(1.0)),
                    Visibility::default(),
                    ChildOf(root),
                ))
                .id()
        })
        .collect();
    for (pos, color) in current.game().board().stones() {
        commands.spawn(stone(color, cells[pos.index(size)]));
    }
    commands.insert_resource(CellIndex { size, cells });
}

fn place_stone(placed: On<StonePlaced>, mut commands: Commands, index: Option<Res<CellIndex>>) {
    if let Some(cell) = index.and_then(|index| index.get(placed.pos)) {
        commands.spawn(stone(placed.color, cell));
    }
}

fn remove_stone(
    removed: On<StoneRemoved>,
    mut commands: Commands,
    index: Option<Res<CellIndex>>,
    children: Query<&Children>,
    stones: Query<(), With<Stone>>,
) {
    let Some(cell) = index.and_then(|index| index.get(removed.pos)) else {
        return;
    };
    for &child in children.get(cell).into_iter().flatten() {
        if stones.contains(child) {
            commands.entity(child).despawn();
        }
    }
}

/// A record shows another position: every stone is set anew from the game.
fn restone_record(
    _: On<RecordStepped>,
    mut commands: Commands,
    current: Res<CurrentGame>,
    index: Option<Res<CellIndex>>,
    stones: Query<Entity, With<Stone>>,
) {
    let Some(index) = index else {
        return;
    };
    for entity in &stones {
        commands.entity(entity).despawn();
    }
    for (pos, color) in current.game().board().stones() {
        if let Some(cell) = index.get(pos) {
            commands.spawn(stone(color, cell));
        }
    }
}

/// The marks a position shows. Pure, so the rules for what is marked are in one place.
pub fn marks_for(current: &CurrentGame, hint: &ShownHint) -> Vec<(Pos, Mark)> {
    let game = &current.game();
    let mut marks = Vec::new();
    if let Some(last) = game.last_move() {
        marks.push((last, Mark::LastMove));
    }
    match game.outcome() {
        Some(Outcome::Win { line, .. }) => marks.extend(line.iter().map(|&p| (p, Mark::Win))),
        Some(Outcome::Draw) => {}
        None => {
            if game.variant().rule() == Rule::Renju && game.to_move() == Color::Black {
                marks.extend(
                    game.forbidden_points()
                        .into_iter()
                        .map(|(p, why)| (p, Mark::Forbidden(why))),
                );
            }
            if let Some(pos) = hint.current(current.generation()) {
                marks.push((pos, Mark::Hint));
            }
        }
    }
    marks
}

/// Rebuilds the mark entities when the position or the hint changes.
fn sync_marks(
    mut commands: Commands,
    current: Res<CurrentGame>,
    hint: Res<ShownHint>,
    index: Option<Res<CellIndex>>,
    marks: Query<Entity, With<Mark>>,
) {
    let Some(index) = index else {
        return;
    };
    if !(current.is_changed() || hint.is_changed() || index.is_changed()) {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    for (pos, mark) in marks_for(&current, &hint) {
        if let Some(cell) = index.get(pos) {
            commands.spawn((
                Name::new(format!("{mark:?} mark")),
                mark,
                Transform::from_xyz(0.0, 0.0, 3.0),
                Visibility::default(),
                ChildOf(cell),
            ));
        }
    }
}
