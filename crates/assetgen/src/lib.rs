//! Tengen's asset generator: every sprite, the app icon and every sound effect, made by code.
//!
//! Nothing is downloaded and nothing is random at run time: each asset comes from a fixed seed and
//! deterministic maths, so running the generator again writes byte-identical files (a test checks
//! the committed `assets/` against a fresh run).

mod canvas;
mod icon;
mod math;
mod noise;
mod pngfile;
pub mod preview;
mod rng;
mod sounds;
mod sprites;
mod synth;
mod wood;

#[cfg(test)]
mod tests;

use std::io;
use std::path::{Path, PathBuf};

pub use sprites::Theme;

/// Hand-written files under `assets/` that the generator does not produce.
pub const HAND_WRITTEN: &[&str] = &["README.md", "LICENSE"];

/// The parts of `assets/` the generator owns: every file in them must come from the generator.
/// Other folders (fonts, for example) belong to whoever adds them.
pub const GENERATED_ROOTS: &[&str] = &["themes/", "sounds/", "icon.png"];

/// One generated file: its path relative to the assets directory and its bytes.
pub struct Asset {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// Sizes of the desktop icon in the freedesktop `hicolor` icon theme, in pixels.
pub const DESKTOP_ICON_SIZES: &[usize] = &[16, 22, 24, 32, 48, 64, 128, 256];

/// The desktop icon's name: the app's id, as the `.desktop` entry's `Icon=` key names it.
pub const DESKTOP_ICON_NAME: &str = "io.github.tengen.Tengen";

/// Side of the classic wood texture in pixels: a 15x15 board at 64 px per cell is about 1024 px.
pub const WOOD_SIZE: usize = 1024;

/// The images of one theme, by file name.
pub fn theme_images(theme: Theme) -> Vec<(&'static str, canvas::Canvas)> {
    use sprites::Stone;
    let board = match theme {
        Theme::Classic => wood::board(WOOD_SIZE),
        Theme::Contrast => sprites::plain_board(),
    };
    let black = sprites::stone(theme, Stone::Black);
    let white = sprites::stone(theme, Stone::White);
    vec![
        ("board.png", board),
        ("board_shadow.png", sprites::board_shadow(theme)),
        ("line.png", sprites::line(theme)),
        ("star.png", sprites::star(theme)),
        ("ghost_black.png", sprites::ghost(&black)),
        ("ghost_white.png", sprites::ghost(&white)),
        ("stone_black.png", black),
        ("stone_white.png", white),
        ("shadow.png", sprites::shadow(theme)),
        ("mark_x.png", sprites::mark(theme, false)),
        ("mark_o.png", sprites::mark(theme, true)),
        ("last_move.png", sprites::last_move(theme)),
        ("hint.png", sprites::hint(theme)),
        ("cursor.png", sprites::cursor(theme)),
        ("forbidden.png", sprites::forbidden(theme)),
        ("win_glow.png", sprites::win_glow(theme)),
        ("particle.png", sprites::particle()),
    ]
}

/// Every generated asset, in a fixed order. The themes, the icon and the sounds are independent,
/// so they are made on separate threads; each is deterministic, so the output does not depend on
/// scheduling.
pub fn generate() -> Vec<Asset> {
    let theme_assets = |theme: Theme| -> Vec<Asset> {
        theme_images(theme)
            .into_iter()
            .map(|(name, image)| Asset {
                path: format!("themes/{}/{name}", theme.key()),
                bytes: image.to_png(),
            })
            .collect()
    };
    let icon_asset = || {
        vec![Asset {
            path: "icon.png".into(),
            bytes: icon::icon().to_png(),
        }]
    };
    let sound_assets = || -> Vec<Asset> {
        sounds::all()
            .into_iter()
            .map(|(name, signal)| Asset {
                path: format!("sounds/{name}.wav"),
                bytes: signal.to_wav(),
            })
            .collect()
    };
    std::thread::scope(|scope| {
        let classic = scope.spawn(|| theme_assets(Theme::Classic));
        let rest = scope.spawn(|| {
            let mut v = theme_assets(Theme::Contrast);
            v.extend(icon_asset());
            v.extend(sound_assets());
            v
        });
        let mut assets = classic
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        assets.extend(rest.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        assets
    })
}

/// The app icon at every [`DESKTOP_ICON_SIZES`], as the `hicolor` theme lays them out
/// (`hicolor/48x48/apps/io.github.tengen.Tengen.png`). Smaller sizes are the 256-pixel icon shrunk
/// with the same box filter the sprites use, so every size shows the same picture.
pub fn desktop_icons() -> Vec<Asset> {
    let full = icon::icon();
    DESKTOP_ICON_SIZES
        .iter()
        .map(|&size| {
            let image = if size == full.width {
                full.clone()
            } else {
                let mut small = canvas::Canvas::new(size, size);
                small.draw(&full, 0.0, 0.0, size as f64, size as f64);
                small
            };
            Asset {
                path: format!("hicolor/{size}x{size}/apps/{DESKTOP_ICON_NAME}.png"),
                bytes: image.to_png(),
            }
        })
        .collect()
}

/// Writes [`desktop_icons`] under `out_dir` (the repository's `packaging/icons/`); returns the paths.
pub fn write_desktop_icons(out_dir: &Path) -> io::Result<Vec<PathBuf>> {
    write_assets(out_dir, desktop_icons())
}

/// Generates every asset and writes it under `out_dir`, creating folders; returns the paths written.
pub fn write_all(out_dir: &Path) -> io::Result<Vec<PathBuf>> {
    write_assets(out_dir, generate())
}

fn write_assets(out_dir: &Path, assets: Vec<Asset>) -> io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for asset in assets {
        let path = out_dir.join(&asset.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &asset.bytes)?;
        written.push(path);
    }
    Ok(written)
}
