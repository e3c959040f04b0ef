//! Sound effects for gameplay facts and menu clicks, as one-shot entities
//! (`AudioPlayer` + `PlaybackSettings::DESPAWN`), at each sound's own balance times the master volume.
//! Muted (or at volume zero) no sound entity is spawned at all.

use bevy::audio::Volume;
use bevy::prelude::*;
use rand::Rng;
use tengen_engine::Color as Side;

use crate::game::{GameEnded, HintShown, IllegalClick, StonePlaced, StoneRemoved};
use crate::settings::Settings;

/// Sounds need `AssetPlugin` with the `AudioSource` asset registered; the output device is optional.
pub fn plugin(app: &mut App) {
    app.init_resource::<SoundDevice>()
        .add_systems(PreStartup, load_sounds)
        .add_systems(Startup, probe_device)
        .add_systems(Last, watch_device)
        .add_observer(
            |_: On<IllegalClick>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(&mut commands, &sounds, &settings, SoundEffect::Illegal);
            },
        )
        .add_observer(
            |placed: On<StonePlaced>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(
                    &mut commands,
                    &sounds,
                    &settings,
                    SoundEffect::Place(placed.color),
                );
            },
        )
        .add_observer(
            |_: On<StoneRemoved>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(&mut commands, &sounds, &settings, SoundEffect::Undo);
            },
        )
        .add_observer(
            |_: On<HintShown>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(&mut commands, &sounds, &settings, SoundEffect::Hint);
            },
        )
        .add_observer(
            |ended: On<GameEnded>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                // Between two people here (or two computers) a win is a win; only losing to the
                // computer or the other machine sounds like a loss, whatever ended the game.
                let effect = if ended.end.winner().is_none() {
                    SoundEffect::Draw
                } else if ended.you_lost {
                    SoundEffect::Loss
                } else {
                    SoundEffect::Win
                };
                play(&mut commands, &sounds, &settings, effect);
            },
        )
        .add_observer(
            |_: On<crate::clock::LowOnTime>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                // The hint's bell: a call to attention, not a refusal.
                play(&mut commands, &sounds, &settings, SoundEffect::Hint);
            },
        )
        .add_observer(
            |_: On<MenuClick>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(&mut commands, &sounds, &settings, SoundEffect::MenuClick);
            },
        );
}

/// Whether sound reaches a device: known from the first sound played (a silent one at start), so
/// Settings can say once that sound is off because no device was found.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SoundDevice {
    #[default]
    Unknown,
    Found,
    /// The audio output has no device: sounds are dropped (and their entities with them).
    Missing,
}

/// A sound entity not playing yet: how many frames it has waited with its file loaded. Bevy's audio
/// output starts every loaded sound in the frame it is queued, unless it has no device.
#[derive(Component, Debug, Default)]
struct Queued(u8);

/// Frames a loaded sound may wait for playback before the device counts as missing.
const NO_DEVICE_AFTER: u8 = 3;

/// A silent sound at start, so the device is known before the player hears anything.
fn probe_device(mut commands: Commands, sounds: Res<Sounds>) {
    commands.spawn((
        Name::new("Sound device probe"),
        Queued::default(),
        AudioPlayer(sounds.menu_click.clone()),
        PlaybackSettings::DESPAWN.with_volume(Volume::SILENT),
    ));
}

/// A sound that started playing shows a device; a loaded one that never starts shows none, and is
/// taken away (it would otherwise wait for ever).
fn watch_device(
    mut commands: Commands,
    mut queued: Query<(Entity, &AudioPlayer, &mut Queued, Has<AudioSink>)>,
    sources: Option<Res<Assets<AudioSource>>>,
    mut device: ResMut<SoundDevice>,
) {
    for (entity, player, mut waited, playing) in &mut queued {
        if playing {
            commands.entity(entity).remove::<Queued>();
            if *device != SoundDevice::Found {
                info!("sound: playing on the default audio device");
            }
            *device = SoundDevice::Found;
            continue;
        }
        if !sources.as_ref().is_some_and(|s| s.contains(&player.0)) {
            continue;
        }
        waited.0 += 1;
        if waited.0 >= NO_DEVICE_AFTER {
            commands.entity(entity).despawn();
            if *device != SoundDevice::Missing {
                warn!("sound: no audio device, sound is off");
            }
            *device = SoundDevice::Missing;
        }
    }
}

/// A button in a menu or the HUD was pressed: the UI triggers it, a tick plays.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuClick;

/// Which effect a sound entity plays (tests and the mixer look at it).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundEffect {
    Place(Side),
    Undo,
    Hint,
    Illegal,
    Win,
    Loss,
    Draw,
    MenuClick,
}

impl SoundEffect {
    /// The balance between effects (from assets/README.md): at equal peaks the chimes sound much
    /// louder than the clicks.
    pub fn balance(self) -> f32 {
        match self {
            SoundEffect::Place(_) => 1.0,
            SoundEffect::Undo => 0.7,
            SoundEffect::Hint => 0.45,
            SoundEffect::Illegal => 0.6,
            SoundEffect::Win => 0.6,
            SoundEffect::Loss => 0.55,
            SoundEffect::Draw => 0.5,
            SoundEffect::MenuClick => 0.5,
        }
    }
}

/// The loaded sound files; a stone has three natural variations per colour.
#[derive(Resource, Debug, Clone, Default)]
pub struct Sounds {
    place: [Vec<Handle<AudioSource>>; 2],
    undo: Handle<AudioSource>,
    hint: Handle<AudioSource>,
    illegal: Handle<AudioSource>,
    win: Handle<AudioSource>,
    loss: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    menu_click: Handle<AudioSource>,
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    let load = |name: &str| server.load(format!("sounds/{name}.wav"));
    let variations = |side: &str| {
        vec![
            load(&format!("place_{side}")),
            load(&format!("place_{side}_2")),
            load(&format!("place_{side}_3")),
        ]
    };
    commands.insert_resource(Sounds {
        place: [variations("black"), variations("white")],
        undo: load("undo"),
        hint: load("hint"),
        illegal: load("illegal"),
        win: load("win"),
        loss: load("loss"),
        draw: load("draw"),
        menu_click: load("menu_click"),
    });
}

impl Sounds {
    fn pick(&self, effect: SoundEffect) -> Handle<AudioSource> {
        match effect {
            SoundEffect::Place(side) => {
                let choices = &self.place[side.index()];
                if choices.is_empty() {
                    return Handle::default();
                }
                choices[crate::audio::dice().random_range(0..choices.len())].clone()
            }
            SoundEffect::Undo => self.undo.clone(),
            SoundEffect::Hint => self.hint.clone(),
            SoundEffect::Illegal => self.illegal.clone(),
            SoundEffect::Win => self.win.clone(),
            SoundEffect::Loss => self.loss.clone(),
            SoundEffect::Draw => self.draw.clone(),
            SoundEffect::MenuClick => self.menu_click.clone(),
        }
    }
}

/// Spawns the one-shot sound entity for `effect`, unless the sound is off.
pub fn play(commands: &mut Commands, sounds: &Sounds, settings: &Settings, effect: SoundEffect) {
    let volume = settings.master_volume() * effect.balance();
    if volume <= 0.0 {
        return;
    }
    // A slightly different pitch each time keeps repeated stones from sounding mechanical.
    let speed = match effect {
        SoundEffect::Place(_) => crate::audio::dice().random_range(0.97..1.03),
        _ => 1.0,
    };
    commands.spawn((
        Name::new("Sound effect"),
        effect,
        Queued::default(),
        AudioPlayer(sounds.pick(effect)),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(volume))
            .with_speed(speed),
    ));
}

/// A small random generator for variations (which sample, which pitch, where sparks fly): nothing here
/// needs to be reproducible.
pub(crate) fn dice() -> rand::rngs::SmallRng {
    <rand::rngs::SmallRng as rand::SeedableRng>::from_os_rng()
}
