//! Properties a player would notice if they broke: clicks or clipping in a sound, a stone with a
//! hard or missing edge, a visible seam where the wood texture repeats.

use crate::canvas::Canvas;
use crate::sprites::{self, CELL, Stone, Theme};
use crate::synth::{PEAK, RATE};
use crate::{sounds, wood};

fn alpha_at(c: &Canvas, x: usize, y: usize) -> f32 {
    c.pixels[y * c.width + x][3]
}

#[test]
fn every_sound_peaks_at_minus_3_dbfs_and_starts_and_ends_silently() {
    for (name, signal) in sounds::all() {
        let peak = signal.samples.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        assert!((peak - PEAK).abs() < 1e-9, "{name}: peak {peak}");
        let first = signal.samples[0].abs();
        let last = signal.samples[signal.len() - 1].abs();
        assert!(
            first < 0.01 && last < 0.001,
            "{name}: starts at {first}, ends at {last}"
        );
        let seconds = signal.len() as f64 / RATE as f64;
        assert!((0.02..=2.0).contains(&seconds), "{name}: {seconds} s");
        let wav = signal.to_wav();
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(wav.len(), 44 + signal.len() * 2, "{name}: 16-bit mono data");
    }
}

#[test]
fn shell_stones_click_brighter_than_slate_stones() {
    // Mean-square slope over mean-square level grows with the square of the frequency: a
    // brightness measure. Averaged over the three variations of each colour.
    let brightness = |prefix: &str| {
        let all = sounds::all();
        let mut total = 0.0;
        let mut n = 0.0;
        for (name, s) in &all {
            if name.starts_with(prefix) {
                let slope: f64 = s.samples.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
                let level: f64 = s.samples.iter().map(|x| x * x).sum();
                total += slope / level;
                n += 1.0;
            }
        }
        assert_eq!(n, 3.0, "{prefix}: three variations");
        total / n
    };
    let black = brightness("place_black");
    let white = brightness("place_white");
    assert!(white > black * 1.1, "white {white}, black {black}");
}

#[test]
fn stones_are_solid_in_the_middle_clear_in_the_corners_and_soft_at_the_rim() {
    for theme in Theme::ALL {
        for color in [Stone::Black, Stone::White] {
            let stone = sprites::stone(theme, color);
            assert_eq!((stone.width, stone.height), (CELL, CELL));
            assert_eq!(alpha_at(&stone, CELL / 2, CELL / 2), 1.0);
            assert_eq!(alpha_at(&stone, 0, 0), 0.0);
            // Along a row through the centre the edge takes at least one partial pixel: anti-aliased.
            let partial = (0..CELL)
                .filter(|&x| {
                    let a = alpha_at(&stone, x, CELL / 2 + 7);
                    a > 0.02 && a < 0.98
                })
                .count();
            assert!(
                partial >= 2,
                "{theme:?} {color:?}: {partial} soft edge pixels"
            );
        }
    }
}

#[test]
fn black_and_white_stones_are_told_apart_by_brightness() {
    for theme in Theme::ALL {
        let luma = |c: &Canvas| {
            let p = c.pixels[(CELL / 2 + 10) * CELL + CELL / 2 + 10];
            0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]
        };
        let black = luma(&sprites::stone(theme, Stone::Black));
        let white = luma(&sprites::stone(theme, Stone::White));
        assert!(
            white > 10.0 * black,
            "{theme:?}: white {white} black {black}"
        );
    }
}

#[test]
fn the_wood_repeats_without_a_visible_seam() {
    let wood = wood::Wood::new(0x6b61_7961);
    let step = 1.0 / crate::WOOD_SIZE as f64;
    let diff = |a: [f64; 3], b: [f64; 3]| (0..3).map(|k| (a[k] - b[k]).abs()).sum::<f64>();
    let (mut seam_x, mut seam_y, mut inside) = (0.0, 0.0, 0.0);
    for i in 0..crate::WOOD_SIZE {
        let t = i as f64 * step;
        seam_x += diff(wood.color(1.0 - step, t), wood.color(0.0, t));
        seam_y += diff(wood.color(t, 1.0 - step), wood.color(t, 0.0));
        inside += diff(wood.color(0.5 - step, t), wood.color(0.5, t));
    }
    assert!(
        seam_x < inside * 1.5,
        "across the grain: seam {seam_x} vs {inside}"
    );
    assert!(
        seam_y < inside * 1.5,
        "along the grain: seam {seam_y} vs {inside}"
    );
}

#[test]
fn srgb_encoding_rounds_to_the_nearest_code() {
    use crate::canvas::encode_srgb;
    use crate::math::srgb_to_linear;
    for code in 0..=255u32 {
        let linear = srgb_to_linear(code as f64 / 255.0);
        assert_eq!(encode_srgb(linear) as u32, code);
    }
    assert_eq!(encode_srgb(-1.0), 0);
    assert_eq!(encode_srgb(2.0), 255);
}
