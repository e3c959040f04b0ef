//! The board drawn on screen: a wooden square with grid lines and star points.

use bevy::prelude::*;
use tengen_engine::{Pos, Preset, Variant};

/// Pixels between two neighbouring grid lines.
const SPACING: f32 = 40.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.13, 0.11)))
        .add_systems(Startup, (spawn_camera, spawn_board));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
}

/// The screen position of a board point: the board is centred on the origin, row 0 at the top.
fn point_to_world(variant: Variant, pos: Pos) -> Vec2 {
    let half = (variant.size() as f32 - 1.0) / 2.0;
    Vec2::new(
        (pos.x as f32 - half) * SPACING,
        (half - pos.y as f32) * SPACING,
    )
}

fn spawn_board(mut commands: Commands) {
    let variant = Preset::Freestyle15.variant();
    let n = variant.size() as f32;
    let span = (n - 1.0) * SPACING;
    let wood = Color::srgb(0.86, 0.68, 0.42);
    let ink = Color::srgb(0.18, 0.13, 0.08);
    commands.spawn((
        Name::new("Board"),
        Sprite::from_color(wood, Vec2::splat(span + SPACING * 1.6)),
    ));
    for i in 0..variant.size() {
        let offset = (i as f32 - (n - 1.0) / 2.0) * SPACING;
        commands.spawn((
            Name::new("Grid line"),
            Sprite::from_color(ink, Vec2::new(span, 1.5)),
            Transform::from_xyz(0.0, offset, 0.1),
        ));
        commands.spawn((
            Name::new("Grid line"),
            Sprite::from_color(ink, Vec2::new(1.5, span)),
            Transform::from_xyz(offset, 0.0, 0.1),
        ));
    }
    for (x, y) in [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)] {
        let at = point_to_world(variant, Pos::new(x, y));
        commands.spawn((
            Name::new("Star point"),
            Sprite::from_color(ink, Vec2::splat(7.0)),
            Transform::from_translation(at.extend(0.2)),
        ));
    }
}
