//! The player's settings as a Bevy resource. The data model is `tengen_store::Settings` (the persistence
//! side loads and saves it); presentation reads it every frame and the settings screen changes it.

use bevy::prelude::*;

pub use tengen_store::{AnimationSpeed, MoveNumbering, Theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}

/// Sound, volume, theme, animation speed, coordinates, forbidden points, last game choices.
#[derive(Resource, Debug, Clone, Default, PartialEq, Deref, DerefMut)]
pub struct Settings(pub tengen_store::Settings);

impl Settings {
    /// The volume a sound effect plays at, 0.0 when muted.
    pub fn master_volume(&self) -> f32 {
        if self.sound {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// How much faster than normal animations run; 0.0 means they are off (jump to the end).
    pub fn animation_factor(&self) -> f32 {
        self.animation.factor()
    }

    /// The folder under `assets/themes/` whose sprites are drawn.
    pub fn theme_folder(&self) -> &'static str {
        theme_folder(self.theme)
    }
}

pub fn theme_folder(theme: Theme) -> &'static str {
    match theme {
        Theme::Classic => "classic",
        Theme::Contrast => "contrast",
    }
}
