//! Animation as components, so tests can see them: a stone [`Appear`]s (drops in with an eased scale and
//! fade), a taken-back stone [`Vanish`]es (lifts out, then despawns), the winning glow [`Pulse`]s, a
//! burst of [`Spark`]s celebrates the win, and the hover ghost [`Fade`]s.
//!
//! Durations are fixed when an animation starts, divided by the player's animation speed
//! (`Settings::animation_factor`); with animations off nothing is animated and every sprite is drawn
//! at its final state at once.

use bevy::prelude::*;

use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (appear, vanish, pulse, sparks, fade).in_set(crate::AppSystems::TickTimers),
    );
}

/// How long a stone takes to land at normal speed, in seconds.
pub const DROP_SECONDS: f32 = 0.22;
/// How long a taken-back stone takes to lift out.
pub const LIFT_SECONDS: f32 = 0.2;
/// One breath of the winning glow.
pub const PULSE_SECONDS: f32 = 1.2;
/// Breaths the winning glow takes before it rests, lit: a finished game left on screen then costs no
/// frames at all (the window sleeps), where an endless pulse kept drawing for as long as it was shown.
pub const PULSE_BREATHS: f32 = 5.0;
/// How long a winning spark flies.
pub const SPARK_SECONDS: f32 = 0.9;
/// How quickly the hover ghost reaches its alpha (fraction of the way per second, at normal speed).
pub const GHOST_FADE_RATE: f32 = 12.0;

/// The duration of an animation that takes `seconds` at normal speed, or `None` when animations are off.
pub fn scaled(settings: &Settings, seconds: f32) -> Option<f32> {
    let factor = settings.animation_factor();
    (factor > 0.0).then(|| seconds / factor)
}

/// Ease out with a slight overshoot: the stone lands and settles.
fn ease_out_back(t: f32) -> f32 {
    let c1 = 1.2;
    let c3 = c1 + 1.0;
    1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
}

fn ease_out_cubic(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

/// Drops a sprite in: scale from `from_scale` to 1, alpha from 0 to `alpha`. Removed when done.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Appear {
    pub elapsed: f32,
    pub duration: f32,
    pub from_scale: f32,
    pub alpha: f32,
}

impl Appear {
    pub fn new(duration: f32, from_scale: f32, alpha: f32) -> Appear {
        Appear {
            elapsed: 0.0,
            duration,
            from_scale,
            alpha,
        }
    }
}

/// Lifts a sprite out: grows a little, rises, fades to nothing, then the entity despawns.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Vanish {
    pub elapsed: f32,
    pub duration: f32,
    pub alpha: f32,
}

/// A glow that breathes [`PULSE_BREATHS`] times, then rests at its quiet size and brightness.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Pulse {
    pub elapsed: f32,
    pub period: f32,
}

/// A spark of the winning burst: flies out, slows, shrinks and fades, then despawns.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Spark {
    pub elapsed: f32,
    pub duration: f32,
    pub velocity: Vec2,
    pub spin: f32,
    pub size: f32,
}

/// Moves a sprite's alpha towards `target` (the hover ghost). `rate` 0 means jump.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Fade {
    pub target: f32,
    pub rate: f32,
}

fn set_alpha(sprite: &mut Sprite, alpha: f32) {
    let alpha = alpha.clamp(0.0, 1.0);
    if (sprite.color.alpha() - alpha).abs() > f32::EPSILON {
        sprite.color.set_alpha(alpha);
    }
}

fn appear(
    mut commands: Commands,
    time: Res<Time>,
    mut sprites: Query<(Entity, &mut Appear, &mut Transform, &mut Sprite)>,
) {
    for (entity, mut anim, mut transform, mut sprite) in &mut sprites {
        anim.elapsed += time.delta_secs();
        let t = (anim.elapsed / anim.duration.max(1e-4)).min(1.0);
        let eased = ease_out_back(t);
        let scale = anim.from_scale + (1.0 - anim.from_scale) * eased;
        transform.scale = Vec3::new(scale, scale, 1.0);
        set_alpha(&mut sprite, anim.alpha * ease_out_cubic((t * 1.6).min(1.0)));
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            set_alpha(&mut sprite, anim.alpha);
            commands.entity(entity).remove::<Appear>();
        }
    }
}

fn vanish(
    mut commands: Commands,
    time: Res<Time>,
    mut sprites: Query<(Entity, &mut Vanish, &mut Transform, &mut Sprite)>,
) {
    for (entity, mut anim, mut transform, mut sprite) in &mut sprites {
        anim.elapsed += time.delta_secs();
        let t = (anim.elapsed / anim.duration.max(1e-4)).min(1.0);
        let eased = ease_out_cubic(t);
        let scale = 1.0 + 0.25 * eased;
        transform.scale = Vec3::new(scale, scale, 1.0);
        transform.translation.y = 0.18 * eased;
        set_alpha(&mut sprite, anim.alpha * (1.0 - t));
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn pulse(
    mut commands: Commands,
    time: Res<Time>,
    mut sprites: Query<(Entity, &mut Pulse, &mut Transform, &mut Sprite), Without<Appear>>,
) {
    for (entity, mut anim, mut transform, mut sprite) in &mut sprites {
        anim.elapsed += time.delta_secs();
        if anim.elapsed >= anim.period * PULSE_BREATHS {
            // A whole number of breaths ends where a breath starts: no jump.
            transform.scale = Vec3::ONE;
            set_alpha(&mut sprite, 0.7);
            commands.entity(entity).remove::<Pulse>();
            continue;
        }
        let phase = (anim.elapsed / anim.period.max(1e-3)) * std::f32::consts::TAU;
        let breath = 0.5 - 0.5 * phase.cos();
        let scale = 1.0 + 0.1 * breath;
        transform.scale = Vec3::new(scale, scale, 1.0);
        set_alpha(&mut sprite, 0.7 + 0.3 * breath);
    }
}

fn sparks(
    mut commands: Commands,
    time: Res<Time>,
    mut sprites: Query<(Entity, &mut Spark, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    for (entity, mut spark, mut transform, mut sprite) in &mut sprites {
        spark.elapsed += dt;
        let t = (spark.elapsed / spark.duration.max(1e-4)).min(1.0);
        // Drag: the spark slows as it flies.
        let speed = (1.0 - t).powi(2);
        transform.translation += (spark.velocity * speed * dt).extend(0.0);
        transform.rotate_z(spark.spin * dt);
        let size = spark.size * (1.0 - 0.6 * t);
        transform.scale = Vec3::new(size, size, 1.0);
        set_alpha(&mut sprite, 1.0 - t * t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn fade(
    time: Res<Time>,
    mut sprites: Query<(&Fade, &mut Sprite, &mut Visibility)>,
    settings: Res<Settings>,
) {
    let factor = settings.animation_factor();
    for (fade, mut sprite, mut visibility) in &mut sprites {
        let current = sprite.color.alpha();
        let next = if factor <= 0.0 || fade.rate <= 0.0 {
            fade.target
        } else {
            let step = (fade.rate * factor * time.delta_secs()).min(1.0);
            let next = current + (fade.target - current) * step;
            if (next - fade.target).abs() < 0.01 {
                fade.target
            } else {
                next
            }
        };
        set_alpha(&mut sprite, next);
        let shown = next > 0.0;
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
