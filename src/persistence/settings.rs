//! Loading and saving the settings resource ([`crate::settings::Settings`], which the settings screen
//! edits and the menu starts from): a new game remembers its mode, rule, level, colour and think time,
//! and changes are written shortly after they stop, so dragging a slider does not write a file per
//! frame.

use std::time::Duration;

use bevy::prelude::*;
use tengen_store as store;
use tengen_store::FileKind;

use super::health::{SAVE_RETRY, Saver};
use crate::game::{CurrentGame, GameStarted};
use crate::screens::Doing;
pub use crate::settings::Settings;

/// How long the settings must stay unchanged before they are written.
pub const SETTINGS_SAVE_DELAY: Duration = Duration::from_millis(500);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsDue>()
        .add_observer(remember_new_game)
        .add_systems(
            Last,
            (schedule_settings_save, save_settings_when_due).chain(),
        );
}

/// When the changed settings are to be written; `None` when nothing is waiting.
#[derive(Resource, Debug, Default)]
struct SettingsDue(Option<Duration>);

/// A new game (nothing played, nothing to redo) makes its setup the one to offer next time. Written at
/// once: starting a game is rare, and a crash in that game should not forget it.
fn remember_new_game(
    _: On<GameStarted>,
    current: Res<CurrentGame>,
    mut settings: ResMut<Settings>,
    mut saver: Saver,
    doing: Doing,
) {
    // A record (even an empty one) is not a game the player set up.
    if doing.on_record()
        || !current.game().moves().is_empty()
        || !current.game().redo_moves().is_empty()
    {
        return;
    }
    let setup = current.setup();
    let mut next = settings.0.clone();
    next.mode = setup.mode;
    next.preset = setup.preset;
    next.level = setup.level;
    next.match_strength = setup.matched;
    next.opponent_engine = setup.engine;
    next.first_engine = setup.first_engine;
    // A matched game's step is chosen again next time; only a step the player picked is remembered.
    next.step = setup
        .step
        .filter(|_| !setup.matched)
        .map(tengen_engine::Step::number);
    // As dealt: a swap opening hands out the colours only later.
    next.human_color = current.dealt_setup().first_seat;
    next.opening = current.opening_rule();
    // A network game plays without a clock whatever was chosen: it does not change the choice.
    if current.remote().is_none() {
        next.time_control = setup.time.to_string();
    }
    next.expert_think_ms = u64::try_from(setup.think_time.as_millis()).unwrap_or(u64::MAX);
    let next = next.clamped();
    if next == settings.0 {
        return;
    }
    settings.bypass_change_detection().0 = next;
    if let Some(paths) = saver.store.paths().cloned() {
        saver.wrote(
            FileKind::Settings,
            store::save_settings(&paths, &settings.0),
        );
    }
}

fn schedule_settings_save(
    settings: Res<Settings>,
    mut due: ResMut<SettingsDue>,
    time: Res<Time<Real>>,
) {
    // Inserted at start = just loaded: nothing new to write.
    if settings.is_changed() && !settings.is_added() {
        due.0 = Some(time.elapsed() + SETTINGS_SAVE_DELAY);
    }
}

fn save_settings_when_due(
    settings: Res<Settings>,
    mut due: ResMut<SettingsDue>,
    mut saver: Saver,
    mut exit: MessageReader<AppExit>,
) {
    let exiting = exit.read().count() > 0;
    let Some(when) = due.0 else {
        return;
    };
    let now = saver.now();
    if now < when && !exiting {
        return;
    }
    due.0 = None;
    let Some(paths) = saver.store.paths().cloned() else {
        return;
    };
    if saver
        .wrote(
            FileKind::Settings,
            store::save_settings(&paths, &settings.0),
        )
        .is_none()
    {
        // A full disk: the settings stay due and are written once there is room again.
        due.0 = Some(now + SAVE_RETRY);
    }
}
