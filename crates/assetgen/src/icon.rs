//! The app icon: a rounded wooden tile with a corner of a board and four stones, readable from
//! 256 px down to a 32 px taskbar icon.

use crate::canvas::Canvas;
use crate::math::{clamp01, coverage, exp, hex, mix3};
use crate::sprites::{self, Stone, Theme};
use crate::wood::Wood;

pub fn icon() -> Canvas {
    let size = 256usize;
    let s = size as f64;
    let inset = 10.0;
    let corner = 46.0;
    // Signed distance to the rounded tile, in pixels.
    let tile = move |x: f64, y: f64| {
        let half = s / 2.0 - inset;
        let qx = (x - s / 2.0).abs() - (half - corner);
        let qy = (y - s / 2.0).abs() - (half - corner);
        let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
        outside + qx.max(qy).min(0.0) - corner
    };
    let mut canvas = Canvas::new(size, size);
    // The tile's own soft drop shadow.
    canvas.layer(|x, y| {
        let d = tile(x, y - 4.0);
        (hex(0x000000), 0.45 / (1.0 + exp(d / 3.5)))
    });
    let wood = Wood::new(0x6b61_7961);
    let ink = hex(Theme::Classic.ink());
    let spacing = 72.0;
    let lines = [20.0, 92.0, 164.0, 236.0];
    canvas.layer(|x, y| {
        let d = tile(x, y);
        let mut c = wood.color(x / 1024.0 + 0.31, y / 1024.0 + 0.17);
        // A gentle bevel: lighter toward the top edge, darker toward the bottom.
        let edge = clamp01(1.0 + d / 9.0);
        let lift: f64 = if y < s / 2.0 { 0.18 } else { -0.22 };
        c = mix3(
            c,
            if lift > 0.0 {
                hex(0xfff0d0)
            } else {
                hex(0x5a3a1a)
            },
            edge * lift.abs(),
        );
        let line = lines
            .iter()
            .map(|&l| (x - l).abs().min((y - l).abs()))
            .fold(f64::MAX, f64::min);
        c = mix3(c, ink, coverage(line - 1.6) * 0.85);
        (c, coverage(d))
    });
    let shadow = sprites::shadow(Theme::Classic);
    let black = sprites::stone(Theme::Classic, Stone::Black);
    let white = sprites::stone(Theme::Classic, Stone::White);
    let stones = [
        (92.0, 92.0, &black),
        (164.0, 92.0, &white),
        (92.0, 164.0, &white),
        (164.0, 164.0, &black),
    ];
    let cell = spacing;
    for &(x, y, _) in &stones {
        let w = cell * 1.25;
        canvas.draw(&shadow, x - w / 2.0 + 3.0, y - w / 2.0 + 5.0, w, w);
    }
    for &(x, y, stone) in &stones {
        canvas.draw(stone, x - cell / 2.0, y - cell / 2.0, cell, cell);
    }
    canvas
}
