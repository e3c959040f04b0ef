//! Tileable value noise: a lattice of random values that wraps at its edges, so textures built
//! from it repeat seamlessly.

use crate::rng::Rng;

#[derive(Clone, Debug)]
pub struct TileNoise {
    nx: usize,
    ny: usize,
    values: Vec<f64>,
}

impl TileNoise {
    /// A lattice of `nx` by `ny` cells holding values in [-1, 1].
    pub fn new(nx: usize, ny: usize, rng: &mut Rng) -> TileNoise {
        let values = (0..nx * ny).map(|_| rng.signed()).collect();
        TileNoise { nx, ny, values }
    }

    /// Noise at (u, v) in tile units: u in [0, 1) spans the whole lattice once; values wrap.
    pub fn sample(&self, u: f64, v: f64) -> f64 {
        let x = u * self.nx as f64;
        let y = v * self.ny as f64;
        let (fx, fy) = (x.floor(), y.floor());
        let (tx, ty) = (fade(x - fx), fade(y - fy));
        let x0 = (fx as i64).rem_euclid(self.nx as i64) as usize;
        let y0 = (fy as i64).rem_euclid(self.ny as i64) as usize;
        let x1 = (x0 + 1) % self.nx;
        let y1 = (y0 + 1) % self.ny;
        let at = |x: usize, y: usize| self.values[y * self.nx + x];
        let a = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * tx;
        let b = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * tx;
        a + (b - a) * ty
    }
}

/// Quintic fade: continuous second derivative, so no visible lattice creases.
fn fade(t: f64) -> f64 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// Several octaves of tileable noise, each finer lattice twice the resolution of the last.
#[derive(Clone, Debug)]
pub struct Fractal {
    octaves: Vec<(TileNoise, f64)>,
}

impl Fractal {
    pub fn new(nx: usize, ny: usize, octaves: usize, gain: f64, rng: &mut Rng) -> Fractal {
        let mut amp = 1.0;
        let mut total = 0.0;
        let mut layers = Vec::new();
        for o in 0..octaves {
            layers.push((TileNoise::new(nx << o, ny << o, rng), amp));
            total += amp;
            amp *= gain;
        }
        for layer in &mut layers {
            layer.1 /= total;
        }
        Fractal { octaves: layers }
    }

    pub fn sample(&self, u: f64, v: f64) -> f64 {
        self.octaves.iter().map(|(n, a)| n.sample(u, v) * a).sum()
    }
}
