//! Sound effects for gameplay facts and menu clicks, as one-shot entities
//! (`AudioPlayer` + `PlaybackSettings::DESPAWN`), at each sound's own balance times the master volume.
//! Muted (or at volume zero) no sound entity is spawned at all.

use bevy::audio::Volume;
use bevy::prelude::*;
use rand::Rng;
use tengen_engine::Color as Side;

use crate::game::{
    CurrentGame, GameDrawn, GameWon, HintShown, IllegalClick, Mode, StonePlaced, StoneRemoved,
};
use crate::settings::Settings;

/// Sounds need `AssetPlugin` with the `AudioSource` asset registered; the output device is optional.
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_sounds)
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
            |won: On<GameWon>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>,
             current: Res<CurrentGame>| {
                // Between two humans (or two computers) a win is a win; only losing to the computer
                // sounds like a loss.
                let lost = !won.human_won && current.setup.mode == Mode::HumanVsComputer;
                let effect = if lost {
                    SoundEffect::Loss
                } else {
                    SoundEffect::Win
                };
                play(&mut commands, &sounds, &settings, effect);
            },
        )
        .add_observer(
            |_: On<GameDrawn>,
             mut commands: Commands,
             sounds: Res<Sounds>,
             settings: Res<Settings>| {
                play(&mut commands, &sounds, &settings, SoundEffect::Draw);
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
