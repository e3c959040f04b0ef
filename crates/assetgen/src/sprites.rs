//! The per-theme sprites: stones, their shadow, tic-tac-toe marks, board markers and effects.
//!
//! Scale convention (documented in assets/README.md): `CELL` pixels are one board cell, so a
//! sprite drawn at one cell is crisp at 64 px per cell on a 2x HiDPI screen. Stones, marks and
//! markers are one cell; the shadow is 1.25 cells and the winning glow 1.5 cells, centred on the
//! point, because their soft edges reach beyond the cell. Tic-tac-toe marks have `MARK_CELL`
//! pixels to the cell, because a 3x3 board's cells are large.

use crate::canvas::Canvas;
use crate::math::{
    PI, TAU, atan2, clamp01, cos, coverage, exp, hex, mix3, powi, scale3, sin, smoothstep,
};
use crate::noise::TileNoise;
use crate::rng::Rng;

/// Pixels per board cell in every cell-sized sprite.
pub const CELL: usize = 128;
/// Stone radius as a fraction of a cell: neighbouring stones almost touch, as on a real board.
pub const STONE_RADIUS: f64 = 0.47;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Classic,
    Contrast,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Classic, Theme::Contrast];

    pub fn key(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Contrast => "contrast",
        }
    }

    /// The colour the game should draw grid lines and star points in (sRGB hex), also baked into
    /// `line.png` and `star.png`.
    pub fn ink(self) -> u32 {
        match self {
            Theme::Classic => 0x2a1c10,
            Theme::Contrast => 0x000000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stone {
    Black,
    White,
}

/// Signed distance from (px, py) to the segment a-b.
fn segment_distance(px: f64, py: f64, a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = clamp01(((px - a.0) * dx + (py - a.1) * dy) / (dx * dx + dy * dy));
    let (cx, cy) = (a.0 + dx * t, a.1 + dy * t);
    (((px - cx).powi(2) + (py - cy).powi(2)).sqrt(), t)
}

/// A cell-sized canvas with coordinates relative to its centre, in cells (x right, y down).
fn cell_canvas(size_cells: f64, f: impl FnMut(f64, f64, f64) -> ([f64; 3], f64)) -> Canvas {
    cell_canvas_at(CELL, size_cells, f)
}

/// Like `cell_canvas` with `per_cell` pixels to a cell.
fn cell_canvas_at(
    per_cell: usize,
    size_cells: f64,
    mut f: impl FnMut(f64, f64, f64) -> ([f64; 3], f64),
) -> Canvas {
    let n = (per_cell as f64 * size_cells).round() as usize;
    let c = n as f64 / 2.0;
    let px = 1.0 / per_cell as f64; // one pixel in cells
    Canvas::from_fn(n, n, |x, y| f((x - c) * px, (y - c) * px, px))
}

/// Pixels per cell of the tic-tac-toe marks: a 3x3 board fills the window, so a cell can be
/// several hundred pixels wide on a HiDPI screen.
pub const MARK_CELL: usize = 512;

/// A stone, lit from the upper left, with its own shading and highlight (the shadow is separate).
pub fn stone(theme: Theme, color: Stone) -> Canvas {
    let mut rng = Rng::new(match color {
        Stone::Black => 11,
        Stone::White => 12,
    });
    // Clamshell stripes: gently curved bands across the white stone.
    let stripe_angle = rng.range(0.3, 0.7);
    let stripe_phase = rng.range(0.0, 1.0);
    let light = normalize([-0.42, -0.58, 0.70]);
    let half = normalize([light[0], light[1], light[2] + 1.0]);
    let r0 = STONE_RADIUS;
    cell_canvas(1.0, |x, y, px| {
        let r = (x * x + y * y).sqrt();
        let mut alpha = coverage((r - r0) / px);
        // Shade as if the point were just inside the rim, so edge pixels carry the rim's colour.
        let rr = (r / r0).min(0.985);
        let (nx, ny) = if r > 0.0 {
            (x / r * rr, y / r * rr)
        } else {
            (0.0, 0.0)
        };
        // A flattened dome, like the biconvex top of a go stone.
        let h = 0.55;
        let zz = (1.0 - rr * rr).sqrt();
        let n = normalize([h * nx / zz, h * ny / zz, 1.0]);
        let ndl = dot(n, light).max(0.0);
        let ndh = dot(n, half).max(0.0);
        let fresnel = powi(1.0 - n[2], 3);
        let rgb = match (theme, color) {
            (Theme::Classic, Stone::Black) => {
                // Slate: nearly black, satin sheen, a soft glint and a cool sky reflection at the rim.
                let base = hex(0x16171b);
                let mut c = scale3(base, 0.35 + 0.75 * ndl);
                let sheen = 0.10 * powi(ndh, 14) + 0.55 * powi(ndh, 160);
                let sky = 0.05 * fresnel * smoothstep(0.3, -0.6, y / r0);
                // Warm light bounced off the wood into the lower right of the rim.
                let bounce = 0.035 * fresnel * dot(n, normalize([0.5, 0.6, 0.2])).max(0.0);
                for (k, ch) in c.iter_mut().enumerate() {
                    *ch += sheen + sky * [0.75, 0.85, 1.0][k] + bounce * [1.0, 0.7, 0.4][k];
                }
                c
            }
            (Theme::Classic, Stone::White) => {
                // Clamshell: warm white with faint curved stripes, a broad soft highlight and a glint.
                let t = x * cos(stripe_angle) + y * sin(stripe_angle) + 0.35 * r * r;
                let stripes = sin(TAU * (9.0 * t / r0 + stripe_phase)) * 0.5
                    + sin(TAU * (23.0 * t / r0 + stripe_phase * 3.0)) * 0.25;
                let base = mix3(hex(0xf1eee6), hex(0xdcd6c8), 0.16 + 0.10 * stripes);
                let mut c = scale3(base, 0.52 + 0.50 * ndl);
                let spec = 0.18 * powi(ndh, 18) + 0.55 * powi(ndh, 220);
                let rim = 0.06 * fresnel;
                for ch in c.iter_mut() {
                    *ch = *ch * (1.0 - rim) + spec;
                }
                c
            }
            (Theme::Contrast, Stone::Black) => {
                let mut c = scale3(hex(0x111111), 0.7 + 0.5 * ndl);
                let spec = 0.10 * powi(ndh, 30);
                for ch in c.iter_mut() {
                    *ch += spec;
                }
                c
            }
            (Theme::Contrast, Stone::White) => {
                // Plain white with a thick dark outline: readable on any background.
                let outline = 0.085;
                let inner = coverage((r - (r0 - outline)) / px);
                let face = scale3([1.0; 3], 0.88 + 0.12 * ndl);
                alpha = coverage((r - r0) / px);
                mix3(hex(0x111111), face, inner)
            }
        };
        (rgb, alpha)
    })
}

/// A translucent stone for the hover preview.
pub fn ghost(stone: &Canvas) -> Canvas {
    let mut c = stone.clone();
    c.fade(0.5);
    c
}

/// The stone's soft shadow, 1.25 cells square, centred like the stone; the game offsets it.
pub fn shadow(theme: Theme) -> Canvas {
    let (strength, blur) = match theme {
        Theme::Classic => (0.62, 0.040),
        Theme::Contrast => (0.35, 0.022),
    };
    let color = hex(0x140a04);
    cell_canvas(1.25, |x, y, _| {
        let r = (x * x + y * y).sqrt();
        let a = strength / (1.0 + exp((r - (STONE_RADIUS - 0.02)) / blur));
        (color, a)
    })
}

/// Tic-tac-toe marks: brush ink (classic: a sumi X and a cinnabar ensō O whose stroke thins and
/// dries out towards its end) or bold flat strokes (contrast).
pub fn mark(theme: Theme, o: bool) -> Canvas {
    let arm = 0.30;
    let mut rng = Rng::new(if o { 21 } else { 22 });
    let bristles = TileNoise::new(5, 14, &mut rng);
    // The ensō starts at the upper left and runs clockwise (on screen) almost all the way round.
    let start = -2.3;
    cell_canvas_at(MARK_CELL, 1.0, |x, y, px| {
        // Distance to the stroke's centre line, the position t in [0, 1] along the stroke, and
        // the signed offset across it.
        // Far from every stroke nothing shows: skip the costly angle, brush and bristle maths
        // (this runs unoptimised in debug builds, over a quarter of a million pixels per mark).
        let near = if o {
            ((x * x + y * y).sqrt() - arm).abs()
        } else {
            segment_distance(x, y, (-arm, -arm), (arm, arm))
                .0
                .min(segment_distance(x, y, (arm, -arm), (-arm, arm)).0)
        };
        if near > 0.07 + px {
            return ([0.0; 3], 0.0);
        }
        let (d, t, across) = if o {
            let r = (x * x + y * y).sqrt();
            let a = atan2(y, x);
            let t = (a - start).rem_euclid(TAU) / TAU;
            ((r - arm).abs(), t, r - arm)
        } else {
            let (d1, t1) = segment_distance(x, y, (-arm, -arm), (arm, arm));
            let (d2, t2) = segment_distance(x, y, (arm, -arm), (-arm, arm));
            let (d, t, sign) = if d1 < d2 {
                (d1, t1, (x - y).signum())
            } else {
                (d2, t2, (x + y).signum())
            };
            (d, t, d * sign)
        };
        match theme {
            Theme::Classic => {
                let (half, color, dry) = if o {
                    // Heavy where the brush lands, thinning towards the tail; the last tenth fades.
                    let half = 0.058 - 0.030 * t;
                    (half, hex(0xb3372a), smoothstep(0.55, 1.0, t))
                } else {
                    let swell = sin(PI * t).max(0.0);
                    let half = 0.030 + 0.016 * swell.sqrt() + 0.010 * (1.0 - t);
                    (half, hex(0x231b14), smoothstep(0.6, 1.0, t) * 0.8)
                };
                let fade_tail = if o {
                    1.0 - smoothstep(0.90, 0.985, t)
                } else {
                    1.0
                };
                // Dry-brush streaks: bristle lines across the stroke that open up as the ink runs out.
                let b = bristles.sample(t * 0.999, clamp01(0.5 + 0.5 * across / half));
                let streaks = 1.0 - dry * smoothstep(-0.1, 0.45, b);
                let a = coverage((d - half) / px) * clamp01(streaks) * fade_tail;
                (color, 0.97 * a)
            }
            Theme::Contrast => {
                let half = 0.065;
                let outline = 0.018;
                let color = if o { hex(0x0072b2) } else { hex(0x000000) };
                let inner = coverage((d - half + outline) / px);
                let rgb = mix3(hex(0x000000), color, inner);
                (rgb, coverage((d - half) / px))
            }
        }
    })
}

/// Layers of (shape distance in cells, colour) drawn outermost first: a simple way to outline marks.
fn outlined(layers: &[(f64, [f64; 3], f64)], px: f64) -> ([f64; 3], f64) {
    let mut rgb = [0.0; 3];
    let mut a: f64 = 0.0;
    for &(d, color, opacity) in layers {
        let cov = coverage(d / px) * opacity;
        let next = cov + a * (1.0 - cov);
        if next > 0.0 {
            for k in 0..3 {
                rgb[k] = (color[k] * cov + rgb[k] * a * (1.0 - cov)) / next;
            }
        }
        a = next;
    }
    (rgb, a)
}

/// The last move: a small dot with a light and a dark ring, so it reads on black and white stones.
pub fn last_move(theme: Theme) -> Canvas {
    let (dot, ring, edge, color) = match theme {
        Theme::Classic => (0.085, 0.115, 0.128, hex(0xe0452b)),
        Theme::Contrast => (0.10, 0.14, 0.165, hex(0xd55e00)),
    };
    cell_canvas(1.0, |x, y, px| {
        let r = (x * x + y * y).sqrt();
        outlined(
            &[
                (r - edge, hex(0x1a1410), 0.7),
                (r - ring, hex(0xfff6e6), 1.0),
                (r - dot, color, 1.0),
            ],
            px,
        )
    })
}

/// The hint: a glowing jade ring with a dot (classic) or a dashed blue ring with a dot (contrast).
pub fn hint(theme: Theme) -> Canvas {
    cell_canvas(1.0, |x, y, px| {
        let r = (x * x + y * y).sqrt();
        let ring_r = 0.30;
        match theme {
            Theme::Classic => {
                let color = hex(0x3fd0ad);
                let ring = (r - ring_r).abs() - 0.022;
                let glow = 0.55 * exp(-((r - ring_r) / 0.075).powi(2));
                let core = coverage(ring / px).max(coverage((r - 0.06) / px));
                let a = core + glow * (1.0 - core);
                let rgb = mix3(color, hex(0xe9fff8), core * 0.35);
                (rgb, a)
            }
            Theme::Contrast => {
                // Four arcs with gaps on the diagonals: a shape no other marker has.
                let angle = atan2(y, x);
                let gap = (sin(2.0 * angle).abs() - 0.82) * r;
                let ring = ((r - ring_r).abs() - 0.05).max(gap);
                let outer = ((r - ring_r).abs() - 0.068).max(gap - 0.018);
                let (rgb, a) = outlined(
                    &[
                        (outer, hex(0x000000), 1.0),
                        (ring, hex(0x0072b2), 1.0),
                        (r - 0.085, hex(0x000000), 1.0),
                        (r - 0.067, hex(0x0072b2), 1.0),
                    ],
                    px,
                );
                (rgb, a)
            }
        }
    })
}

/// The keyboard cursor: four corner brackets around the cell.
pub fn cursor(theme: Theme) -> Canvas {
    let (half, color, outline_color) = match theme {
        Theme::Classic => (0.027, hex(0xfff6e4), hex(0x2a1c10)),
        Theme::Contrast => (0.035, hex(0x000000), hex(0xffffff)),
    };
    let extent = 0.42;
    let arm = 0.17;
    cell_canvas(1.0, |x, y, px| {
        let (ax, ay) = (x.abs(), y.abs());
        // Distance to an L-shaped bracket in the quadrant of (x, y), by symmetry.
        let (d1, _) = segment_distance(ax, ay, (extent, extent), (extent - arm, extent));
        let (d2, _) = segment_distance(ax, ay, (extent, extent), (extent, extent - arm));
        let d = d1.min(d2);
        outlined(
            &[
                (d - half - 0.016, outline_color, 0.85),
                (d - half, color, 1.0),
            ],
            px,
        )
    })
}

/// A forbidden point: a cross in a circle, like a road "no entry" sign.
pub fn forbidden(theme: Theme) -> Canvas {
    let (color, outline_color, width, radius) = match theme {
        Theme::Classic => (hex(0xd23a2a), hex(0xfff1e0), 0.024, 0.25),
        Theme::Contrast => (hex(0xd55e00), hex(0x000000), 0.032, 0.29),
    };
    // The cross stops well short of the ring, so the sign reads as a circled X, not a wheel.
    let k = radius * 0.4;
    cell_canvas(1.0, |x, y, px| {
        let r = (x * x + y * y).sqrt();
        let circle = (r - radius).abs();
        let (d1, _) = segment_distance(x, y, (-k, -k), (k, k));
        let (d2, _) = segment_distance(x, y, (k, -k), (-k, k));
        let d = circle.min(d1).min(d2);
        outlined(
            &[
                (d - width - 0.016, outline_color, 0.85),
                (d - width, color, 1.0),
            ],
            px,
        )
    })
}

/// The glow drawn behind each stone of the winning line, 1.5 cells square.
pub fn win_glow(theme: Theme) -> Canvas {
    cell_canvas(1.5, |x, y, px| {
        let r = (x * x + y * y).sqrt();
        match theme {
            Theme::Classic => {
                let falloff = if r < 0.44 {
                    1.0
                } else {
                    exp(-((r - 0.44) / 0.19).powi(2))
                };
                let rgb = mix3(hex(0xff9d2e), hex(0xfff3c0), clamp01(1.0 - r / 0.62));
                (rgb, falloff)
            }
            Theme::Contrast => {
                // A crisp orange halo ring a stone-width wide around the stone, with a soft fringe.
                let solid = coverage((r - 0.62) / px);
                let fringe = 0.5 * exp(-((r - 0.62).max(0.0) / 0.06).powi(2));
                (hex(0xe69f00), solid.max(fringe))
            }
        }
    })
}

/// A small four-pointed spark for particle effects (white: the game tints it).
pub fn particle() -> Canvas {
    let n = 64;
    let c = n as f64 / 2.0;
    Canvas::from_fn(n, n, |x, y| {
        let (dx, dy) = ((x - c) / c, (y - c) / c);
        let r2 = dx * dx + dy * dy;
        let core = exp(-r2 / 0.02);
        let glow = 0.45 * exp(-r2 / 0.12);
        let ray = |a: f64, b: f64| exp(-a.abs() / 0.22) * exp(-(b * b) / 0.0012);
        let rays = 0.9 * (ray(dx, dy) + ray(dy, dx));
        let fade = 1.0 - smoothstep(0.8, 1.0, r2.sqrt());
        let a = clamp01(core + glow + rays) * fade;
        (mix3(hex(0xfff0c0), [1.0; 3], core), a)
    })
}

/// A star point (hoshi), 32 px for a dot about a quarter of a cell; drawn in the theme's ink.
pub fn star(theme: Theme) -> Canvas {
    let n = 32;
    let c = n as f64 / 2.0;
    let ink = hex(theme.ink());
    Canvas::from_fn(n, n, |x, y| {
        let r = ((x - c).powi(2) + (y - c).powi(2)).sqrt();
        (ink, coverage(r - (c - 1.5)))
    })
}

/// A grid line segment: 8 px wide, 16 px tall, an opaque core with one soft pixel on each side;
/// the game stretches it to the line's length and thickness.
pub fn line(theme: Theme) -> Canvas {
    let ink = hex(theme.ink());
    Canvas::from_fn(8, 16, |_, y| (ink, coverage((y - 8.0).abs() - 6.0)))
}

/// Margin, in pixels, between `board_shadow.png`'s edge and the board rectangle it shadows.
pub const BOARD_SHADOW_MARGIN: f64 = 40.0;

/// The soft shadow the board casts on the table, for nine-slice drawing: a 128 px image whose
/// inner rectangle (inset `BOARD_SHADOW_MARGIN`) is the board; corners and edges are the blur.
pub fn board_shadow(theme: Theme) -> Canvas {
    let n = 128usize;
    let m = BOARD_SHADOW_MARGIN;
    let (strength, blur) = match theme {
        Theme::Classic => (0.7, 9.0),
        Theme::Contrast => (0.30, 6.0),
    };
    Canvas::from_fn(n, n, |x, y| {
        let h = n as f64 / 2.0;
        // A blurred rectangle is separable: the product of a blurred edge across x and across y,
        // which keeps the corners round and free of creases.
        let edge = |t: f64| {
            let d = (t - h).abs() - (h - m);
            1.0 / (1.0 + exp(d * 1.7 / blur)) * (1.0 - smoothstep(m - 6.0, m, d))
        };
        (hex(0x140a04), strength * edge(x) * edge(y))
    })
}

/// The contrast theme's board: a very light, plain, warm-grey ground (the grid provides contrast).
pub fn plain_board() -> Canvas {
    let ground = hex(0xf7f4ec);
    Canvas::from_fn(64, 64, |_, _| (ground, 1.0))
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn normalize(v: [f64; 3]) -> [f64; 3] {
    let l = dot(v, v).sqrt();
    [v[0] / l, v[1] / l, v[2] / l]
}
