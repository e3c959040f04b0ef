//! Draws only when something changes, like a desktop app: the window sleeps until input comes, and wakes
//! by itself for what moves on its own: an animation, the computer or a hint at work (their tasks are
//! polled once a frame), pictures still loading, and the running clock or a fresh message (once a
//! second). `--measure-frames` draws continuously, since it measures frame times.

use std::time::Duration;

use bevy::asset::LoadState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::cli::Options;
use crate::game::computer::Thinking;
use crate::game::hint::Pondering;
use crate::game::{CurrentGame, Notice};
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
        .add_systems(Last, (keep_drawing, tick_while_time_shows));
}

/// How long the window sleeps with nothing to show; it still wakes now and then, so work due later (a
/// delayed settings save) is done without input.
const QUIET_WAIT: Duration = Duration::from_secs(5);

/// How often the window wakes while a clock runs or a message may expire: the clock shows seconds.
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

/// Asks for the next frame while something moves on its own, and for a few more once it stopped.
#[allow(clippy::too_many_arguments)]
fn keep_drawing(
    animating: Query<(), Animating>,
    fading: Query<(&Fade, &Sprite)>,
    working: Query<(), Working>,
    sprites: Query<&Sprite>,
    server: Res<AssetServer>,
    mut settle: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let fading = fading
        .iter()
        .any(|(fade, sprite)| sprite.color.alpha() != fade.target);
    let loading = sprites.iter().any(|sprite| {
        matches!(
            server.get_load_state(&sprite.image),
            Some(LoadState::Loading)
        )
    });
    if !animating.is_empty() || fading || !working.is_empty() || loading {
        *settle = SETTLE_FRAMES;
    } else if *settle == 0 {
        return;
    } else {
        *settle -= 1;
    }
    redraw.write(RequestRedraw);
}

/// Wakes once a second while a clock runs or a message is shown (it expires), otherwise rarely.
fn tick_while_time_shows(
    current: Res<CurrentGame>,
    notice: Res<Notice>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut settings: ResMut<WinitSettings>,
) {
    let clock_runs = *screen.get() == Screen::Playing && current.clocks.turn_started.is_some();
    let message_shown = notice.current(time.elapsed()).is_some();
    let wanted = asleep(if clock_runs || message_shown {
        TICK_WAIT
    } else {
        QUIET_WAIT
    });
    // Only a real change: winit draws a frame whenever the mode changes.
    if settings.focused_mode != wanted.focused_mode {
        *settings = wanted;
    }
}
