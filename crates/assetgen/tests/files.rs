//! The committed files are what the game expects: every PNG decodes (with the `png` crate, as
//! Bevy's image loader does) at the documented size, both themes hold the same file names, and
//! every sound is a 44.1 kHz 16-bit mono WAV.

use std::path::{Path, PathBuf};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn decode(path: &Path) -> (u32, u32, png::ColorType) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder
        .read_info()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut buf = vec![
        0;
        reader
            .output_buffer_size()
            .expect("image size fits in memory")
    ];
    let info = reader
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (info.width, info.height, info.color_type)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn themes_have_the_same_files_at_the_documented_sizes() {
    let classic = names_in(&assets().join("themes/classic"));
    let contrast = names_in(&assets().join("themes/contrast"));
    assert_eq!(classic, contrast, "both themes hold the same file names");
    for theme in ["classic", "contrast"] {
        for name in &classic {
            let (w, h, color) = decode(&assets().join("themes").join(theme).join(name));
            let expected = match name.as_str() {
                "board.png" => None,
                "line.png" => Some((8, 16)),
                "board_shadow.png" => Some((128, 128)),
                "star.png" => Some((32, 32)),
                "particle.png" => Some((64, 64)),
                "shadow.png" => Some((160, 160)),
                "win_glow.png" => Some((192, 192)),
                "mark_x.png" | "mark_o.png" => Some((512, 512)),
                _ => Some((128, 128)),
            };
            if let Some(size) = expected {
                assert_eq!((w, h), size, "{theme}/{name}");
                assert_eq!(color, png::ColorType::Rgba, "{theme}/{name} has alpha");
            } else {
                assert_eq!(w, h, "{theme}/{name} is square");
            }
        }
    }
    assert_eq!(
        decode(&assets().join("themes/classic/board.png")),
        (1024, 1024, png::ColorType::Rgb)
    );
    assert_eq!(
        decode(&assets().join("icon.png")),
        (256, 256, png::ColorType::Rgba)
    );
}

#[test]
fn sounds_are_44k_16_bit_mono_wav() {
    let dir = assets().join("sounds");
    let names = names_in(&dir);
    for required in [
        "place_black.wav",
        "place_white.wav",
        "undo.wav",
        "hint.wav",
        "illegal.wav",
        "win.wav",
        "loss.wav",
        "draw.wav",
        "menu_click.wav",
    ] {
        assert!(names.iter().any(|n| n == required), "missing {required}");
    }
    for name in names {
        let bytes = std::fs::read(dir.join(&name)).expect("read sound");
        assert!(bytes.len() > 44, "{name}: has data");
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        assert_eq!(&bytes[0..4], b"RIFF", "{name}");
        assert_eq!(&bytes[8..16], b"WAVEfmt ", "{name}");
        assert_eq!(u16_at(20), 1, "{name}: PCM");
        assert_eq!(u16_at(22), 1, "{name}: mono");
        assert_eq!(u32_at(24), 44_100, "{name}: 44.1 kHz");
        assert_eq!(u16_at(34), 16, "{name}: 16-bit");
        assert_eq!(&bytes[36..40], b"data", "{name}");
        assert_eq!(u32_at(40) as usize, bytes.len() - 44, "{name}: data size");
    }
}

#[test]
fn desktop_icons_come_in_every_hicolor_size() {
    let icons = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packaging/icons/hicolor");
    for size in [16, 22, 24, 32, 48, 64, 128, 256] {
        let path = icons.join(format!("{size}x{size}/apps/io.github.tengen.Tengen.png"));
        assert_eq!(
            decode(&path),
            (size, size, png::ColorType::Rgba),
            "{path:?}"
        );
    }
}
