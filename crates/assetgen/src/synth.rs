//! A small deterministic synthesiser: damped partials, filtered noise, envelopes, and a 16-bit
//! mono WAV writer. Oscillators run as rotating phasors (a few multiplies per sample) rather than
//! calling `sin` per sample, which keeps the generator fast in debug builds and bit-reproducible.

use crate::math::{PI, TAU, cos, exp, powf, sin};
use crate::rng::Rng;

pub const RATE: u32 = 44_100;
/// Peak level every sound is normalised to: -3 dBFS.
pub const PEAK: f64 = 0.707_945_784_384_137_9;

/// A mono signal in [-1, 1] at `RATE`.
#[derive(Clone, Debug)]
pub struct Signal {
    pub samples: Vec<f64>,
}

/// One sinusoidal partial with an attack ramp and an exponential decay.
#[derive(Clone, Copy, Debug)]
pub struct Partial {
    pub freq: f64,
    pub amp: f64,
    /// Attack time constant in seconds (the ramp is 1 - e^(-t / attack)).
    pub attack: f64,
    /// Decay time constant in seconds.
    pub decay: f64,
}

impl Signal {
    pub fn new(seconds: f64) -> Signal {
        Signal {
            samples: vec![0.0; (seconds * RATE as f64).round() as usize],
        }
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Adds a damped partial starting at `start` seconds with the given start phase.
    pub fn partial(&mut self, start: f64, p: Partial, phase: f64) {
        let first = (start * RATE as f64).round() as usize;
        let w = TAU * p.freq / RATE as f64;
        let (cw, sw) = (cos(w), sin(w));
        let decay = exp(-1.0 / (p.decay * RATE as f64));
        let attack = exp(-1.0 / (p.attack * RATE as f64));
        let (mut re, mut im) = (cos(phase), sin(phase));
        let mut env = p.amp;
        let mut rise = 1.0; // e^(-t / attack)
        for s in self.samples.iter_mut().skip(first) {
            *s += env * (1.0 - rise) * im;
            let next_re = re * cw - im * sw;
            im = re * sw + im * cw;
            re = next_re;
            env *= decay;
            rise *= attack;
            if env < 1e-7 {
                break;
            }
        }
    }

    /// A pitched note made of harmonics (`ratios` x `freq`), each doubled with a slight detune for
    /// warmth. `amps` and `decays` scale per harmonic.
    pub fn note(&mut self, start: f64, freq: f64, amp: f64, voice: &Voice, rng: &mut Rng) {
        for (i, &ratio) in voice.ratios.iter().enumerate() {
            for cents in [-voice.detune_cents, voice.detune_cents] {
                let f = freq * ratio * powf(2.0, cents / 1200.0);
                self.partial(
                    start,
                    Partial {
                        freq: f,
                        amp: amp * voice.amps[i] * 0.5,
                        attack: voice.attack,
                        decay: voice.decay * voice.decays[i],
                    },
                    rng.range(0.0, TAU),
                );
            }
        }
    }

    /// Adds white noise with an attack ramp and exponential decay, through a filter.
    pub fn noise(
        &mut self,
        start: f64,
        amp: f64,
        attack: f64,
        decay: f64,
        filter: &mut Biquad,
        rng: &mut Rng,
    ) {
        let first = (start * RATE as f64).round() as usize;
        let k_decay = exp(-1.0 / (decay * RATE as f64));
        let k_attack = exp(-1.0 / (attack * RATE as f64));
        let (mut env, mut rise) = (amp, 1.0);
        for s in self.samples.iter_mut().skip(first) {
            *s += filter.run(rng.signed() * env * (1.0 - rise));
            env *= k_decay;
            rise *= k_attack;
        }
    }

    /// Adds a small room: a Schroeder reverb (four feedback combs into two all-passes), mixed in
    /// at `wet`, so chimes ring in a space instead of sounding dry and synthetic.
    pub fn room(&mut self, wet: f64) {
        let dry = self.samples.clone();
        let mut combs: Vec<(Vec<f64>, usize, f64)> =
            [(1116, 0.72), (1188, 0.70), (1277, 0.68), (1356, 0.66)]
                .iter()
                .map(|&(delay, feedback)| (vec![0.0; delay], 0, feedback))
                .collect();
        let mut allpasses: Vec<(Vec<f64>, usize)> = [556, 441]
            .iter()
            .map(|&delay| (vec![0.0; delay], 0))
            .collect();
        // A one-pole low-pass in each comb's loop: high frequencies die first, as in a real room.
        let mut damp = [0.0f64; 4];
        for (i, &x) in dry.iter().enumerate() {
            let mut sum = 0.0;
            for (k, (buffer, pos, feedback)) in combs.iter_mut().enumerate() {
                let out = buffer[*pos];
                damp[k] = out * 0.6 + damp[k] * 0.4;
                buffer[*pos] = x + damp[k] * *feedback;
                *pos = (*pos + 1) % buffer.len();
                sum += out;
            }
            let mut y = sum * 0.25;
            for (buffer, pos) in allpasses.iter_mut() {
                let delayed = buffer[*pos];
                buffer[*pos] = y + delayed * 0.5;
                y = delayed - y * 0.5;
                *pos = (*pos + 1) % buffer.len();
            }
            self.samples[i] = x + wet * y;
        }
    }

    /// Raised-cosine fades at both ends, so no sound starts or stops with a click.
    pub fn fade(&mut self, fade_in: f64, fade_out: f64) {
        let n = self.len();
        let fi = ((fade_in * RATE as f64) as usize).min(n);
        let fo = ((fade_out * RATE as f64) as usize).min(n);
        for i in 0..fi {
            self.samples[i] *= 0.5 - 0.5 * cos(PI * i as f64 / fi as f64);
        }
        for i in 0..fo {
            self.samples[n - 1 - i] *= 0.5 - 0.5 * cos(PI * i as f64 / fo as f64);
        }
    }

    /// Scales so the largest sample sits at `PEAK`, after removing any DC offset.
    pub fn normalize(&mut self) {
        let mean = self.samples.iter().sum::<f64>() / self.len().max(1) as f64;
        for s in &mut self.samples {
            *s -= mean;
        }
        let peak = self.samples.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        if peak > 0.0 {
            for s in &mut self.samples {
                *s *= PEAK / peak;
            }
        }
    }

    /// A 16-bit PCM mono WAV file.
    pub fn to_wav(&self) -> Vec<u8> {
        let data_len = (self.len() * 2) as u32;
        let mut out = Vec::with_capacity(44 + data_len as usize);
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&(36 + data_len).to_le_bytes());
        out.extend_from_slice(b"WAVEfmt ");
        out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
        out.extend_from_slice(&1u16.to_le_bytes()); // PCM
        out.extend_from_slice(&1u16.to_le_bytes()); // mono
        out.extend_from_slice(&RATE.to_le_bytes());
        out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes per second
        out.extend_from_slice(&2u16.to_le_bytes()); // block align
        out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
        out.extend_from_slice(b"data");
        out.extend_from_slice(&data_len.to_le_bytes());
        for s in &self.samples {
            let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }
}

/// The timbre of a pitched note.
#[derive(Clone, Debug)]
pub struct Voice {
    pub ratios: Vec<f64>,
    pub amps: Vec<f64>,
    pub decays: Vec<f64>,
    pub attack: f64,
    pub decay: f64,
    pub detune_cents: f64,
}

/// A second-order IIR filter (RBJ audio-EQ cookbook).
#[derive(Clone, Debug)]
pub struct Biquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Biquad {
    fn from_coefficients(b: [f64; 3], a0: f64, a: [f64; 2]) -> Biquad {
        Biquad {
            b: [b[0] / a0, b[1] / a0, b[2] / a0],
            a: [a[0] / a0, a[1] / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    /// Band-pass with unit peak gain at `freq`.
    pub fn band_pass(freq: f64, q: f64) -> Biquad {
        let w = TAU * freq / RATE as f64;
        let alpha = sin(w) / (2.0 * q);
        Biquad::from_coefficients(
            [alpha, 0.0, -alpha],
            1.0 + alpha,
            [-2.0 * cos(w), 1.0 - alpha],
        )
    }

    pub fn low_pass(freq: f64, q: f64) -> Biquad {
        let w = TAU * freq / RATE as f64;
        let alpha = sin(w) / (2.0 * q);
        let c = cos(w);
        Biquad::from_coefficients(
            [(1.0 - c) / 2.0, 1.0 - c, (1.0 - c) / 2.0],
            1.0 + alpha,
            [-2.0 * c, 1.0 - alpha],
        )
    }

    /// Retunes a band-pass in place, keeping its state (for sweeps).
    pub fn set_band_pass(&mut self, freq: f64, q: f64) {
        let fresh = Biquad::band_pass(freq, q);
        self.b = fresh.b;
        self.a = fresh.a;
    }

    pub fn run(&mut self, x: f64) -> f64 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}
