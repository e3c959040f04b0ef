//! The win celebrated: a burst of sparks from every stone of the winning line.

use bevy::prelude::*;
use rand::Rng;

use super::animation::{self, Spark, scaled};
use super::art::{Art, Skin};
use crate::game::board::{BoardRoot, cell_local};
use crate::game::{CurrentGame, GameWon};
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(celebrate_win);
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
    let variant = current.game().variant();
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
