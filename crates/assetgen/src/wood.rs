//! The classic board's wood: a tileable kaya texture with straight (masame) grain.
//!
//! Kaya boards are prized for fine, nearly parallel grain lines over a warm golden ground. The
//! texture is a function of (u, v) in the unit square that is periodic in both directions, so it
//! tiles seamlessly: the grain coordinate wraps with an integer number of rings, and every noise
//! lattice wraps at its edges.
//!
//! The generator runs unoptimised in debug builds (and in the reproducibility test), so the slowly
//! varying parts (grain warp, colour drift, ring spacing) are precomputed into small periodic
//! tables and interpolated; only the fine detail is evaluated per pixel.

use crate::canvas::Canvas;
use crate::math::{TAU, clamp01, hex, mix3, powf, sin, smoothstep};
use crate::noise::{Fractal, TileNoise};
use crate::rng::Rng;

/// Side of the precomputed table of slowly varying fields.
const FIELD: usize = 128;
/// Samples per period in the one-dimensional tables along the grain coordinate.
const LUT: usize = 2048;

/// Everything the grain needs, built once from a seed.
pub struct Wood {
    /// Warp of the grain coordinate and colour drift, on a periodic FIELD x FIELD grid.
    field: Vec<[f64; 2]>,
    /// Ring-spacing irregularity as a function of the grain coordinate.
    spacing: Vec<f64>,
    /// Broad colour bands across the grain (heartwood streaks), a function of the grain coordinate.
    bands: Vec<f64>,
    /// Irregular spacing of the fine lines, a function of the grain coordinate.
    fine_jitter: Vec<f64>,
    /// Silky light bands running across the grain (chatoyance), on the FIELD grid.
    shimmer: Fractal,
    fibre: TileNoise,
    fade: TileNoise,
    pores: TileNoise,
    rings: usize,
    ring_strength: Vec<f64>,
    fine: usize,
    fine_strength: Vec<f64>,
    /// The latewood profile across one ring.
    profile: Vec<f64>,
    early: [f64; 3],
    latewood: [f64; 3],
    pale: [f64; 3],
    amber: [f64; 3],
}

/// Linear interpolation in a periodic table, `t` in table periods.
fn periodic(table: &[f64], t: f64) -> f64 {
    let n = table.len();
    let x = (t - t.floor()) * n as f64;
    let i = x as usize % n;
    let f = x - x.floor();
    table[i] + (table[(i + 1) % n] - table[i]) * f
}

impl Wood {
    pub fn new(seed: u64) -> Wood {
        let mut rng = Rng::new(seed);
        let rings = 30;
        let fine = 170;
        let ring_strength = (0..rings).map(|_| rng.range(0.3, 1.0)).collect();
        let fine_strength = (0..fine).map(|_| powf(rng.f64(), 1.5)).collect();
        let profile = (0..=LUT)
            .map(|i| {
                let f = i as f64 / LUT as f64;
                // Earlywood slowly darkens into a narrow latewood band that ends sharply.
                powf(f, 9.0) * (1.0 - smoothstep(0.955, 1.0, f)) + 0.25 * powf(f, 2.0)
            })
            .collect();
        let warp = Fractal::new(2, 2, 3, 0.4, &mut rng);
        let tint = Fractal::new(4, 3, 3, 0.5, &mut rng);
        let field = (0..FIELD * FIELD)
            .map(|i| {
                let (u, v) = (
                    (i % FIELD) as f64 / FIELD as f64,
                    (i / FIELD) as f64 / FIELD as f64,
                );
                let w = 0.0070 * warp.sample(u, v) + 0.0008 * sin(TAU * (v * 3.0 + u));
                [w, tint.sample(u, v)]
            })
            .collect();
        let (p0, p1) = (rng.range(0.0, 1.0), rng.range(0.0, 1.0));
        let spacing = (0..LUT)
            .map(|i| {
                let g = i as f64 / LUT as f64;
                0.009 * sin(TAU * (3.0 * g + p0)) + 0.005 * sin(TAU * (8.0 * g + p1))
            })
            .collect();
        let band_noise = Fractal::new(9, 1, 3, 0.5, &mut rng);
        let bands = (0..LUT)
            .map(|i| band_noise.sample(i as f64 / LUT as f64, 0.0))
            .collect();
        let jitter_noise = Fractal::new(48, 1, 2, 0.5, &mut rng);
        let fine_jitter = (0..LUT)
            .map(|i| jitter_noise.sample(i as f64 / LUT as f64, 0.0))
            .collect();
        let shimmer = Fractal::new(2, 5, 2, 0.5, &mut rng);
        Wood {
            field,
            fine_jitter,
            shimmer,
            spacing,
            bands,
            fibre: TileNoise::new(420, 10, &mut rng),
            fade: TileNoise::new(60, 4, &mut rng),
            pores: TileNoise::new(700, 40, &mut rng),
            rings,
            ring_strength,
            fine,
            fine_strength,
            profile,
            early: hex(0xe7b66e),
            latewood: hex(0xac6d33),
            pale: hex(0xf1cf8e),
            amber: hex(0xd9a15e),
        }
    }

    fn field(&self, u: f64, v: f64) -> [f64; 2] {
        let x = (u - u.floor()) * FIELD as f64;
        let y = (v - v.floor()) * FIELD as f64;
        let (x0, y0) = (x as usize % FIELD, y as usize % FIELD);
        let (x1, y1) = ((x0 + 1) % FIELD, (y0 + 1) % FIELD);
        let (fx, fy) = (x - x.floor(), y - y.floor());
        let at = |x: usize, y: usize| self.field[y * FIELD + x];
        let mut out = [0.0; 2];
        for (k, o) in out.iter_mut().enumerate() {
            let a = at(x0, y0)[k] + (at(x1, y0)[k] - at(x0, y0)[k]) * fx;
            let b = at(x0, y1)[k] + (at(x1, y1)[k] - at(x0, y1)[k]) * fx;
            *o = a + (b - a) * fy;
        }
        out
    }

    /// Linear colour of the wood at (u, v) in the unit tile.
    pub fn color(&self, u: f64, v: f64) -> [f64; 3] {
        let [warp, tint] = self.field(u, v);
        let g = u + warp;
        let g = g + periodic(&self.spacing, g);
        let g = g - g.floor();

        let p = g * self.rings as f64;
        let ring = (p as usize) % self.rings;
        let fp = p - p.floor();
        let late = self.profile[(fp * LUT as f64) as usize] * self.ring_strength[ring];

        let gf = g + 0.004 * periodic(&self.fine_jitter, g);
        let q = (gf - gf.floor()) * self.fine as f64;
        let line = (q as usize) % self.fine;
        let fq = q - q.floor();
        // A thin line in each fine period that fades in and out along its length.
        let thin = clamp01(1.0 - (fq - 0.5).abs() * 9.0);
        let fine_line =
            thin * self.fine_strength[line] * clamp01(0.5 + 1.2 * self.fade.sample(g, v));

        let fibre = self.fibre.sample(g, v);
        let pore = smoothstep(0.72, 0.95, self.pores.sample(g, v));
        let band = periodic(&self.bands, g);

        let mut c = mix3(self.early, self.pale, clamp01(0.45 + tint * 1.4) * 0.6);
        c = mix3(c, self.amber, clamp01(band * 1.8) * 0.5);
        c = mix3(c, self.latewood, clamp01(late * 0.85 + fine_line * 0.42));
        // Diagonal bands of sheen: sampled at (g, v + g), still periodic because g wraps by 1.
        let sheen = self.shimmer.sample(g, v + g);
        let shade = 1.0 + 0.035 * fibre + 0.05 * tint - 0.10 * pore + 0.07 * sheen;
        [c[0] * shade, c[1] * shade, c[2] * shade]
    }
}

/// The classic board texture: `size` pixels square, tileable.
pub fn board(size: usize) -> Canvas {
    let wood = Wood::new(0x6b61_7961); // "kaya"
    let s = size as f64;
    Canvas::from_fn(size, size, |x, y| (wood.color(x / s, y / s), 1.0))
}
