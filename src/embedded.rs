//! The game's pictures and sounds, baked into the binary: every file under `assets/` (listed by
//! `build.rs`) is served as the default asset source, so the usual paths (`icon.png`,
//! `sounds/win.wav`, `themes/classic/board.png`) work for a copied, installed or packaged `tengen` run
//! from any folder with no environment set.

use std::path::Path;

use bevy::asset::io::memory::{Dir, MemoryAssetReader};
use bevy::asset::io::{AssetSourceBuilder, AssetSourceId};
use bevy::prelude::*;

/// Every file under `assets/` when the game was built: its path there (with `/`) and its bytes. A
/// `static`, not a `const`: each use of a `const` may hold its own copy of the bytes (the debug binary
/// held every asset twice).
pub static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// Serves [`FILES`] as the default asset source instead of the `assets` folder beside the executable.
/// Add it before `AssetPlugin` (part of `DefaultPlugins`), which builds the sources registered so far.
pub struct EmbeddedAssetsPlugin;

impl Plugin for EmbeddedAssetsPlugin {
    fn build(&self, app: &mut App) {
        // The bytes stay where the binary holds them: the directory only refers to them.
        let root = Dir::default();
        for (path, bytes) in FILES {
            root.insert_asset(Path::new(path), *bytes);
        }
        app.register_asset_source(
            AssetSourceId::Default,
            AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: root.clone() })),
        );
    }
}
