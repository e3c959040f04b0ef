//! Deterministic scalar maths built only from IEEE-754 basic operations.
//!
//! `f64::sin`, `exp` and `powf` call the platform's libm, whose last bits differ between C libraries.
//! The committed assets must be byte-identical wherever the generator runs, so every transcendental
//! function the generator needs is written here with `+ - * /` and `sqrt` (all correctly rounded).

pub const PI: f64 = std::f64::consts::PI;
pub const TAU: f64 = std::f64::consts::TAU;
const LN_2: f64 = std::f64::consts::LN_2;

/// `2^k` for a small integer `k`, exact.
fn pow2i(k: i32) -> f64 {
    let k = k.clamp(-1022, 1023);
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// e^x.
pub fn exp(x: f64) -> f64 {
    if x < -700.0 {
        return 0.0;
    }
    let x = x.min(700.0);
    // x = k ln2 + r with |r| <= ln2 / 2, then a Taylor series for e^r.
    let k = (x / LN_2).round();
    let r = x - k * LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for n in 1..=14 {
        term *= r / n as f64;
        sum += term;
    }
    sum * pow2i(k as i32)
}

/// Natural logarithm; returns negative infinity for `x <= 0`.
pub fn ln(x: f64) -> f64 {
    if x <= 0.0 {
        return f64::NEG_INFINITY;
    }
    // x = m 2^e with m in [1, 2): ln x = e ln2 + 2 atanh((m - 1) / (m + 1)).
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let (m, e) = if m > std::f64::consts::SQRT_2 {
        (m / 2.0, e + 1)
    } else {
        (m, e)
    };
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 40.0 {
        sum += term / n;
        term *= s2;
        n += 2.0;
    }
    e as f64 * LN_2 + 2.0 * sum
}

/// x^y for x > 0 (0 for x <= 0).
pub fn powf(x: f64, y: f64) -> f64 {
    if x <= 0.0 { 0.0 } else { exp(y * ln(x)) }
}

/// x^n for a whole n, by repeated squaring: exact operations only, and far cheaper than `powf`.
pub fn powi(x: f64, n: u32) -> f64 {
    let (mut base, mut n, mut acc) = (x, n, 1.0);
    while n > 0 {
        if n & 1 == 1 {
            acc *= base;
        }
        base *= base;
        n >>= 1;
    }
    acc
}

/// sin(x), accurate to a few ulps for |x| up to about 1e6.
pub fn sin(x: f64) -> f64 {
    // Reduce to [-pi, pi], then fold to [-pi/2, pi/2] where the series converges quickly.
    let mut r = x - (x / TAU).round() * TAU;
    if r > PI / 2.0 {
        r = PI - r;
    } else if r < -PI / 2.0 {
        r = -PI - r;
    }
    let r2 = r * r;
    let mut term = r;
    let mut sum = r;
    let mut n = 1.0;
    for _ in 0..10 {
        term *= -r2 / ((n + 1.0) * (n + 2.0));
        sum += term;
        n += 2.0;
    }
    sum
}

pub fn cos(x: f64) -> f64 {
    sin(x + PI / 2.0)
}

/// atan2(y, x) in (-pi, pi].
pub fn atan2(y: f64, x: f64) -> f64 {
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    let (ax, ay) = (x.abs(), y.abs());
    // atan of a ratio in [0, 1], reduced once more around tan(pi/8) for fast convergence.
    let t = ay.min(ax) / ay.max(ax);
    let a = atan_unit(t);
    let a = if ay > ax { PI / 2.0 - a } else { a };
    let a = if x < 0.0 { PI - a } else { a };
    if y < 0.0 { -a } else { a }
}

fn atan_unit(t: f64) -> f64 {
    // atan t = 2 atan(t / (1 + sqrt(1 + t^2))) halves the argument; twice brings it under 0.2.
    let h = t / (1.0 + (1.0 + t * t).sqrt());
    let q = h / (1.0 + (1.0 + h * h).sqrt());
    let q2 = q * q;
    let mut term = q;
    let mut sum = 0.0;
    let mut n = 1.0;
    let mut sign = 1.0;
    while n < 30.0 {
        sum += sign * term / n;
        term *= q2;
        sign = -sign;
        n += 2.0;
    }
    4.0 * sum
}

pub fn clamp01(x: f64) -> f64 {
    x.clamp(0.0, 1.0)
}

pub fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

pub fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = clamp01((x - e0) / (e1 - e0));
    t * t * (3.0 - 2.0 * t)
}

/// Pixel coverage of a shape from its signed distance in pixels (negative inside): a one-pixel ramp.
pub fn coverage(d: f64) -> f64 {
    clamp01(0.5 - d)
}

/// sRGB transfer curve, decoding an sRGB value in [0, 1] to linear light.
pub fn srgb_to_linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        powf((c + 0.055) / 1.055, 2.4)
    }
}

/// Linear RGB from an sRGB hex colour such as `0xd8442f`. Colours are named inside per-pixel code,
/// so the 256 possible channel values are decoded once into a table.
pub fn hex(rgb: u32) -> [f64; 3] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| (0..256).map(|v| srgb_to_linear(v as f64 / 255.0)).collect());
    [
        t[((rgb >> 16) & 0xff) as usize],
        t[((rgb >> 8) & 0xff) as usize],
        t[(rgb & 0xff) as usize],
    ]
}

pub fn mix3(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [
        lerp(a[0], b[0], t),
        lerp(a[1], b[1], t),
        lerp(a[2], b[2], t),
    ]
}

pub fn scale3(a: [f64; 3], s: f64) -> [f64; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcendental_functions_match_the_platform_closely() {
        for i in -200..=200 {
            let x = i as f64 * 0.173;
            assert!((sin(x) - x.sin()).abs() < 1e-13, "sin {x}");
            assert!((cos(x) - x.cos()).abs() < 1e-13, "cos {x}");
            assert!((exp(x / 10.0) - (x / 10.0).exp()).abs() < 1e-12 * (x / 10.0).exp().max(1.0));
            let y = i as f64 * 0.37 + 0.1;
            let p = (y.abs() + 0.01).ln();
            assert!((ln(y.abs() + 0.01) - p).abs() < 1e-13, "ln {y}");
            assert!((atan2(y, x) - y.atan2(x)).abs() < 1e-13, "atan2 {y} {x}");
        }
        assert!((powf(0.5, 2.4) - 0.5f64.powf(2.4)).abs() < 1e-14);
    }
}
