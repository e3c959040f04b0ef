//! An RGBA image in linear light with premultiplied alpha, the compositing the sprites need,
//! and PNG encoding (straight alpha, sRGB, as Bevy loads sprites).

use crate::math::{clamp01, srgb_to_linear};
use crate::pngfile;
use std::sync::OnceLock;

/// Linear-light colour with premultiplied alpha.
pub type Premul = [f32; 4];

#[derive(Clone, Debug)]
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<Premul>,
}

impl Canvas {
    pub fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![[0.0; 4]; width * height],
        }
    }

    /// Sets every pixel from `f(x, y)` at the pixel centre, returning straight (linear) colour and alpha.
    pub fn from_fn(
        width: usize,
        height: usize,
        mut f: impl FnMut(f64, f64) -> ([f64; 3], f64),
    ) -> Canvas {
        let mut canvas = Canvas::new(width, height);
        for y in 0..height {
            for x in 0..width {
                let (rgb, a) = f(x as f64 + 0.5, y as f64 + 0.5);
                canvas.pixels[y * width + x] = premul(rgb, a);
            }
        }
        canvas
    }

    /// Composites a layer given as straight colour and alpha at each pixel centre over the canvas.
    pub fn layer(&mut self, mut f: impl FnMut(f64, f64) -> ([f64; 3], f64)) {
        for y in 0..self.height {
            for x in 0..self.width {
                let (rgb, a) = f(x as f64 + 0.5, y as f64 + 0.5);
                if a > 0.0 {
                    let i = y * self.width + x;
                    self.pixels[i] = over(premul(rgb, a), self.pixels[i]);
                }
            }
        }
    }

    /// Multiplies every pixel's alpha (and so its premultiplied colour) by `k`.
    pub fn fade(&mut self, k: f32) {
        for p in &mut self.pixels {
            for c in p.iter_mut() {
                *c *= k;
            }
        }
    }

    /// Draws `src` over this canvas into the rectangle at (`x`, `y`) of size `w` by `h` (pixels,
    /// fractional allowed), resampling with a box filter wide enough for the scale: no aliasing when
    /// shrinking a 128-pixel stone to a 64-pixel cell.
    pub fn draw(&mut self, src: &Canvas, x: f64, y: f64, w: f64, h: f64) {
        let sx = src.width as f64 / w;
        let sy = src.height as f64 / h;
        let x0 = x.floor().max(0.0) as usize;
        let y0 = y.floor().max(0.0) as usize;
        let x1 = ((x + w).ceil() as usize).min(self.width);
        let y1 = ((y + h).ceil() as usize).min(self.height);
        for py in y0..y1 {
            for px in x0..x1 {
                // The destination pixel's footprint in source pixels.
                let u0 = (px as f64 - x) * sx;
                let u1 = (px as f64 + 1.0 - x) * sx;
                let v0 = (py as f64 - y) * sy;
                let v1 = (py as f64 + 1.0 - y) * sy;
                let c = src.area_average(u0, u1, v0, v1);
                if c[3] > 0.0 {
                    let i = py * self.width + px;
                    self.pixels[i] = over(c, self.pixels[i]);
                }
            }
        }
    }

    /// Average of the source over a rectangle in source pixel units (outside the image is clear).
    fn area_average(&self, u0: f64, u1: f64, v0: f64, v1: f64) -> Premul {
        let mut sum = [0.0f64; 4];
        let area = (u1 - u0) * (v1 - v0);
        let ix0 = u0.floor().max(0.0) as usize;
        let iy0 = v0.floor().max(0.0) as usize;
        let ix1 = (u1.ceil().max(0.0) as usize).min(self.width);
        let iy1 = (v1.ceil().max(0.0) as usize).min(self.height);
        for iy in iy0..iy1 {
            let wy = (v1.min(iy as f64 + 1.0) - v0.max(iy as f64)).max(0.0);
            for ix in ix0..ix1 {
                let wx = (u1.min(ix as f64 + 1.0) - u0.max(ix as f64)).max(0.0);
                let p = self.pixels[iy * self.width + ix];
                for c in 0..4 {
                    sum[c] += p[c] as f64 * wx * wy;
                }
            }
        }
        [
            (sum[0] / area) as f32,
            (sum[1] / area) as f32,
            (sum[2] / area) as f32,
            (sum[3] / area) as f32,
        ]
    }

    /// The rectangle at (`x`, `y`) of size `w` by `h`, clamped to the image.
    pub fn crop(&self, x: usize, y: usize, w: usize, h: usize) -> Canvas {
        let w = w.min(self.width.saturating_sub(x));
        let h = h.min(self.height.saturating_sub(y));
        let mut out = Canvas::new(w, h);
        for row in 0..h {
            let from = (y + row) * self.width + x;
            out.pixels[row * w..(row + 1) * w].copy_from_slice(&self.pixels[from..from + w]);
        }
        out
    }

    /// A copy tinted by a linear colour multiplier (used by the preview for Bevy-style tints).
    pub fn tinted(&self, tint: [f64; 3], alpha: f64) -> Canvas {
        let mut out = self.clone();
        for p in &mut out.pixels {
            p[0] *= (tint[0] * alpha) as f32;
            p[1] *= (tint[1] * alpha) as f32;
            p[2] *= (tint[2] * alpha) as f32;
            p[3] *= alpha as f32;
        }
        out
    }

    /// True when every pixel is fully opaque (then the PNG is written as RGB).
    fn is_opaque(&self) -> bool {
        self.pixels.iter().all(|p| p[3] >= 1.0 - 0.5 / 255.0)
    }

    /// Straight-alpha sRGB bytes. Fully transparent pixels next to visible ones take the colour of
    /// their visible neighbours ("alpha bleeding"), so linear filtering in the game never pulls in a
    /// dark fringe; the rest stay black, which also compresses best.
    pub fn to_rgba8(&self) -> Vec<u8> {
        let (w, h) = (self.width, self.height);
        let mut rgb: Vec<Option<[f64; 3]>> = self
            .pixels
            .iter()
            .map(|p| {
                if p[3] * 255.0 < 0.5 {
                    None
                } else {
                    let a = p[3] as f64;
                    Some([p[0] as f64 / a, p[1] as f64 / a, p[2] as f64 / a])
                }
            })
            .collect();
        // Grow the visible colours outwards a few pixels, touching only the still-empty pixels.
        let mut empty: Vec<usize> = (0..w * h).filter(|&i| rgb[i].is_none()).collect();
        // Two rings are all that bilinear sampling (and a level of mipmapping) can reach.
        for _ in 0..2 {
            if empty.is_empty() {
                break;
            }
            let mut filled = Vec::new();
            let mut still_empty = Vec::new();
            for &i in &empty {
                let (x, y) = (i % w, i / w);
                let mut sum = [0.0; 3];
                let mut n = 0.0;
                let neighbours = [
                    (x > 0).then(|| i - 1),
                    (x + 1 < w).then(|| i + 1),
                    (y > 0).then(|| i - w),
                    (y + 1 < h).then(|| i + w),
                ];
                for j in neighbours.into_iter().flatten() {
                    if let Some(c) = rgb[j] {
                        for k in 0..3 {
                            sum[k] += c[k];
                        }
                        n += 1.0;
                    }
                }
                if n > 0.0 {
                    filled.push((i, [sum[0] / n, sum[1] / n, sum[2] / n]));
                } else {
                    still_empty.push(i);
                }
            }
            for (i, c) in filled {
                rgb[i] = Some(c);
            }
            empty = still_empty;
        }
        let mut out = Vec::with_capacity(w * h * 4);
        for (p, c) in self.pixels.iter().zip(&rgb) {
            let c = c.unwrap_or([0.0; 3]);
            out.push(encode_srgb(c[0]));
            out.push(encode_srgb(c[1]));
            out.push(encode_srgb(c[2]));
            out.push((clamp01(p[3] as f64) * 255.0).round() as u8);
        }
        out
    }

    /// PNG bytes: RGB when opaque, else RGBA; 8 bits, fixed compression settings.
    pub fn to_png(&self) -> Vec<u8> {
        let opaque = self.is_opaque();
        let data: Vec<u8> = if opaque {
            // Opaque: premultiplied colour is the colour (alpha is 1 to within half a code).
            let mut rgb = Vec::with_capacity(self.pixels.len() * 3);
            for p in &self.pixels {
                let a = p[3] as f64;
                rgb.push(encode_srgb(p[0] as f64 / a));
                rgb.push(encode_srgb(p[1] as f64 / a));
                rgb.push(encode_srgb(p[2] as f64 / a));
            }
            rgb
        } else {
            self.to_rgba8()
        };
        pngfile::encode(
            self.width as u32,
            self.height as u32,
            if opaque {
                pngfile::ColorType::Rgb
            } else {
                pngfile::ColorType::Rgba
            },
            &data,
        )
    }
}

pub fn premul(rgb: [f64; 3], a: f64) -> Premul {
    let a = clamp01(a);
    [
        (rgb[0] * a) as f32,
        (rgb[1] * a) as f32,
        (rgb[2] * a) as f32,
        a as f32,
    ]
}

/// Porter-Duff "over" on premultiplied colours.
pub fn over(top: Premul, bottom: Premul) -> Premul {
    let k = 1.0 - top[3];
    [
        top[0] + bottom[0] * k,
        top[1] + bottom[1] * k,
        top[2] + bottom[2] * k,
        top[3] + bottom[3] * k,
    ]
}

/// Linear light to an 8-bit sRGB value, rounding to the nearest code. The linear values halfway
/// between codes are tabulated (with the deterministic `powf`); a coarse index finds the first
/// candidate code and at most a few comparisons finish the job, exactly.
pub fn encode_srgb(linear: f64) -> u8 {
    const COARSE: usize = 4096;
    struct Tables {
        thresholds: Vec<f64>,
        start: Vec<u8>,
    }
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let t = TABLES.get_or_init(|| {
        let thresholds: Vec<f64> = (0..255)
            .map(|k| srgb_to_linear((k as f64 + 0.5) / 255.0))
            .collect();
        let start = (0..=COARSE)
            .map(|i| {
                let x = i as f64 / COARSE as f64;
                thresholds.partition_point(|&th| th < x) as u8
            })
            .collect();
        Tables { thresholds, start }
    });
    if linear.is_nan() || linear <= 0.0 {
        return 0;
    }
    if linear >= 1.0 {
        return 255;
    }
    let mut code = t.start[(linear * COARSE as f64) as usize] as usize;
    while code < 255 && t.thresholds[code] < linear {
        code += 1;
    }
    code as u8
}
