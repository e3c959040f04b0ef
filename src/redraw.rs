//! Draws only when something changes, like a desktop app: the window sleeps until input comes, and wakes
//! by itself for what moves on its own: an animation, the computer or a hint at work (their tasks are
//! polled once a frame), pictures still loading, and the running clock (once a second).
//! `--measure-frames` draws continuously, since it measures frame times.

use std::time::Duration;

use bevy::asset::LoadState;
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::cli::Options;
use crate::game::CurrentGame;
use crate::game::computer::Thinking;
use crate::game::hint::Pondering;
use crate::screens::Screen;
use crate::view::animation::{Appear, Fade, Pulse, Spark, Vanish};

pub(super) fn plugin(app: &mut App) {
    let measuring = app
        .world()
        .get_resource::<Options>()
        .is_some_and(|options| options.measure_frames.is_some());
    if measuring {
        app.insert_resource(WinitSettings::continuous());
        return;
    }
    app.insert_resource(asleep(QUIET_WAIT))
        .add_systems(
            PreUpdate,
            pass_on_modifier_changes_only
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Last, (keep_drawing, tick_while_time_shows));
}

/// bevy_egui 0.42 hands egui the modifier keys' state as a `ModifiersChanged` event on every frame;
/// any event makes egui ask for the next frame, so the window would never sleep (the idle game drew
/// continuously, 150% of a core with software rendering). Only a real change is passed on.
fn pass_on_modifier_changes_only(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (context, mut input) in &mut inputs {
        // egui forgets the modifiers when focus comes or goes: tell it again then.
        if input
            .events
            .iter()
            .any(|event| matches!(event, egui::Event::WindowFocused(_)))
        {
            last.remove(&context);
        }
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => last.insert(context, *now) != Some(*now),
            _ => true,
        });
    }
}

/// How long the window sleeps with nothing to show; it still wakes now and then, so work due later (a
/// delayed settings save) is done without input.
const QUIET_WAIT: Duration = Duration::from_secs(5);

/// How often the window wakes while a clock runs: the clock shows seconds.
const TICK_WAIT: Duration = Duration::from_secs(1);

/// Frames drawn after the last change, so whatever waits for the board to be still (a screenshot, a
/// script) sees it still for a few frames.
const SETTLE_FRAMES: u32 = 4;

/// Wakes for window events (input, resize, expose) and after `wait`; raw device events (mouse motion
/// elsewhere on the screen) do not wake it.
fn asleep(wait: Duration) -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(wait),
        unfocused_mode: UpdateMode::reactive_low_power(wait),
    }
}

/// Anything animating by itself: a stone dropping or lifting, sparks, the winning line's pulse.
type Animating = Or<(With<Appear>, With<Vanish>, With<Spark>, With<Pulse>)>;
/// A background search whose task is polled once a frame: the computer's move or a hint.
type Working = Or<(With<Thinking>, With<Pondering>)>;

/// What changes on screen by itself: an animation, a fade not yet at its end, a background search,
/// a picture still loading.
#[derive(SystemParam)]
struct MovingParts<'w, 's> {
    animating: Query<'w, 's, (), Animating>,
    fading: Query<'w, 's, (&'static Fade, &'static Sprite)>,
    working: Query<'w, 's, (), Working>,
    sprites: Query<'w, 's, &'static Sprite>,
    server: Res<'w, AssetServer>,
}

impl MovingParts<'_, '_> {
    fn any(&self) -> bool {
        let fading = self
            .fading
            .iter()
            .any(|(fade, sprite)| sprite.color.alpha() != fade.target);
        let loading = self.sprites.iter().any(|sprite| {
            matches!(
                self.server.get_load_state(&sprite.image),
                Some(LoadState::Loading)
            )
        });
        !self.animating.is_empty() || fading || !self.working.is_empty() || loading
    }
}

/// Asks for the next frame while something moves on its own, and for a few more once it stopped.
fn keep_drawing(
    moving: MovingParts,
    mut settle: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if moving.any() {
        *settle = SETTLE_FRAMES;
    } else if *settle == 0 {
        return;
    } else {
        *settle -= 1;
    }
    redraw.write(RequestRedraw);
}

/// Wakes once a second while a clock runs, otherwise rarely (a message stays until the game moves on,
/// which wakes the window anyway).
fn tick_while_time_shows(
    current: Res<CurrentGame>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<WinitSettings>,
) {
    let clock_runs = *screen.get() == Screen::Playing && current.clocks().running();
    let wanted = asleep(if clock_runs { TICK_WAIT } else { QUIET_WAIT });
    // Only a real change: winit draws a frame whenever the mode changes.
    if settings.focused_mode != wanted.focused_mode {
        *settings = wanted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What egui receives on each of a few frames when bevy_egui repeats the modifiers' state.
    fn events_passed_on(frames: &[Vec<egui::Event>]) -> Vec<Vec<egui::Event>> {
        let mut world = World::new();
        let context = world.spawn(EguiInput::default()).id();
        let mut schedule = Schedule::default();
        schedule.add_systems(pass_on_modifier_changes_only);
        frames
            .iter()
            .map(|events| {
                world.get_mut::<EguiInput>(context).unwrap().events = events.clone();
                schedule.run(&mut world);
                world.get::<EguiInput>(context).unwrap().events.clone()
            })
            .collect()
    }

    #[test]
    fn an_unchanged_modifier_state_does_not_wake_egui_again() {
        let none = egui::Event::ModifiersChanged(egui::Modifiers::NONE);
        let ctrl = egui::Event::ModifiersChanged(egui::Modifiers::CTRL);
        let focus = egui::Event::WindowFocused(true);
        let passed = events_passed_on(&[
            vec![none.clone()],
            vec![none.clone()],
            vec![ctrl.clone()],
            vec![ctrl.clone()],
            vec![focus.clone(), ctrl.clone()],
            vec![none.clone()],
        ]);
        assert_eq!(
            passed,
            vec![
                vec![none.clone()],
                vec![],
                vec![ctrl.clone()],
                vec![],
                // Focus resets egui's modifiers, so the state is told again.
                vec![focus, ctrl],
                vec![none],
            ]
        );
    }
}
