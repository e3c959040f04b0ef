//! Sound effects for gameplay facts, as one-shot entities. Sounds come from `assets/sounds/*.wav`; a
//! missing file is skipped (checked once at start), so the game runs silently without them.

use bevy::asset::io::file::FileAssetReader;
use bevy::prelude::*;

use crate::game::{GameDrawn, GameWon, HintShown, IllegalClick, StonePlaced, StoneRemoved};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_observer(
            |_: On<IllegalClick>, mut commands: Commands, sounds: Res<Sounds>| {
                play(&mut commands, &sounds.illegal);
            },
        )
        .add_observer(
            |placed: On<StonePlaced>, mut commands: Commands, sounds: Res<Sounds>| {
                play(&mut commands, &sounds.place[placed.color.index()]);
            },
        )
        .add_observer(
            |_: On<StoneRemoved>, mut commands: Commands, sounds: Res<Sounds>| {
                play(&mut commands, &sounds.undo);
            },
        )
        .add_observer(
            |_: On<HintShown>, mut commands: Commands, sounds: Res<Sounds>| {
                play(&mut commands, &sounds.hint);
            },
        )
        .add_observer(
            |won: On<GameWon>, mut commands: Commands, sounds: Res<Sounds>| {
                let sound = if won.human_won {
                    &sounds.win
                } else {
                    &sounds.lose
                };
                play(&mut commands, sound);
            },
        )
        .add_observer(
            |_: On<GameDrawn>, mut commands: Commands, sounds: Res<Sounds>| {
                play(&mut commands, &sounds.draw);
            },
        );
}

/// The sound effects whose files exist.
#[derive(Resource, Default)]
struct Sounds {
    illegal: Option<Handle<AudioSource>>,
    place: [Option<Handle<AudioSource>>; 2],
    undo: Option<Handle<AudioSource>>,
    hint: Option<Handle<AudioSource>>,
    win: Option<Handle<AudioSource>>,
    lose: Option<Handle<AudioSource>>,
    draw: Option<Handle<AudioSource>>,
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    let root = FileAssetReader::get_base_path().join("assets");
    let load = |name: &str| {
        let path = format!("sounds/{name}.wav");
        root.join(&path).is_file().then(|| server.load(path))
    };
    let place_black = load("place_black").or_else(|| load("place"));
    let place_white = load("place_white").or_else(|| load("place"));
    commands.insert_resource(Sounds {
        illegal: load("illegal"),
        place: [place_black, place_white],
        undo: load("undo"),
        hint: load("hint"),
        win: load("win"),
        lose: load("loss"),
        draw: load("draw"),
    });
}

fn play(commands: &mut Commands, sound: &Option<Handle<AudioSource>>) {
    if let Some(handle) = sound {
        commands.spawn((
            Name::new("Sound effect"),
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN,
        ));
    }
}
