//! The sound effects: each a short recipe over the synthesiser, named as the game plays them.

use crate::math::TAU;
use crate::rng::Rng;
use crate::synth::{Biquad, Partial, RATE, Signal, Voice};

/// Every sound file, by name (without `.wav`).
pub fn all() -> Vec<(String, Signal)> {
    let mut out = Vec::new();
    for (color, name) in [(false, "place_black"), (true, "place_white")] {
        for variation in 0..3 {
            let file = if variation == 0 {
                name.to_string()
            } else {
                format!("{name}_{}", variation + 1)
            };
            out.push((file, place(color, variation)));
        }
    }
    out.push(("undo".into(), undo()));
    out.push(("hint".into(), hint()));
    out.push(("illegal".into(), illegal()));
    out.push(("win".into(), win()));
    out.push(("loss".into(), loss()));
    out.push(("draw".into(), draw()));
    out.push(("menu_click".into(), menu_click()));
    out
}

fn finish(mut s: Signal, fade_in: f64, fade_out: f64) -> Signal {
    s.fade(fade_in, fade_out);
    s.normalize();
    s
}

/// A stone landing on a kaya board: a sharp click (noise through a resonant band-pass), the
/// stone's own brief ring (higher for shell, lower for slate) and the board's damped wooden body.
fn place(white: bool, variation: u64) -> Signal {
    let mut rng = Rng::new(100 + variation * 2 + white as u64);
    let pitch = if white { 1.10 } else { 1.0 } * (1.0 + 0.035 * rng.signed());
    let mut s = Signal::new(0.24);

    let mut click = Biquad::band_pass(2900.0 * pitch, 1.4);
    s.noise(0.0, 2.2, 0.00015, 0.0020, &mut click, &mut rng);
    let mut body_noise = Biquad::band_pass(900.0 * pitch, 2.5);
    s.noise(0.0, 0.9, 0.0003, 0.006, &mut body_noise, &mut rng);

    let stone_modes: &[(f64, f64, f64)] = if white {
        &[
            (4350.0, 0.30, 0.009),
            (6900.0, 0.16, 0.005),
            (2650.0, 0.12, 0.012),
        ]
    } else {
        &[
            (3400.0, 0.30, 0.008),
            (5350.0, 0.15, 0.005),
            (2150.0, 0.14, 0.011),
        ]
    };
    for &(f, amp, decay) in stone_modes {
        s.partial(
            0.0,
            Partial {
                freq: f * pitch,
                amp,
                attack: 0.0002,
                decay,
            },
            rng.range(0.0, TAU),
        );
    }
    // The board: a few wooden modes, a little detuned per variation like different spots on the board.
    let board = 1.0 + 0.02 * rng.signed();
    for &(f, amp, decay) in &[
        (240.0, 0.30, 0.040),
        (610.0, 0.42, 0.028),
        (1130.0, 0.30, 0.018),
        (1870.0, 0.18, 0.010),
        (2600.0, 0.10, 0.007),
    ] {
        s.partial(
            0.0,
            Partial {
                freq: f * board,
                amp,
                attack: 0.0004,
                decay,
            },
            rng.range(0.0, TAU),
        );
    }
    // The stone settling: a faint second tick a moment later on some variations.
    if variation == 1 {
        let mut tick = Biquad::band_pass(3300.0 * pitch, 2.0);
        s.noise(0.028, 0.35, 0.0002, 0.0012, &mut tick, &mut rng);
    }
    finish(s, 0.0002, 0.03)
}

/// Undo: a short reversed swoosh (rising filtered noise) ending in a soft tick.
fn undo() -> Signal {
    let mut rng = Rng::new(200);
    let length = 0.24;
    let swell = 0.17;
    let mut s = Signal::new(length);
    let mut filter = Biquad::band_pass(500.0, 1.6);
    // Takes the hiss off the top so the swoosh stays soft.
    let mut soften = Biquad::low_pass(5200.0, 0.7);
    let n_swell = (swell * RATE as f64) as usize;
    for i in 0..n_swell {
        let t = i as f64 / n_swell as f64;
        if i % 32 == 0 {
            filter.set_band_pass(500.0 + 2600.0 * t * t, 1.6);
        }
        // A reversed decay: the level grows towards the end, then cuts quickly.
        let env = crate::math::exp(-(1.0 - t) * 4.0) * t;
        s.samples[i] += soften.run(filter.run(rng.signed())) * env;
    }
    s.partial(
        swell,
        Partial {
            freq: 1850.0,
            amp: 0.22,
            attack: 0.0008,
            decay: 0.012,
        },
        0.0,
    );
    let mut tick = Biquad::band_pass(3000.0, 2.0);
    s.noise(swell, 0.25, 0.0003, 0.002, &mut tick, &mut rng);
    finish(s, 0.004, 0.03)
}

fn bell() -> Voice {
    Voice {
        ratios: vec![1.0, 2.0, 3.0, 4.16],
        amps: vec![1.0, 0.32, 0.10, 0.05],
        decays: vec![1.0, 0.55, 0.35, 0.2],
        attack: 0.003,
        decay: 0.42,
        detune_cents: 3.0,
    }
}

fn keys() -> Voice {
    Voice {
        ratios: vec![1.0, 2.0, 3.0, 4.0, 5.0],
        amps: vec![1.0, 0.42, 0.16, 0.08, 0.03],
        decays: vec![1.0, 0.6, 0.4, 0.3, 0.2],
        attack: 0.004,
        decay: 0.38,
        detune_cents: 4.0,
    }
}

fn soft() -> Voice {
    Voice {
        ratios: vec![1.0, 2.0, 3.0],
        amps: vec![1.0, 0.22, 0.05],
        decays: vec![1.0, 0.5, 0.3],
        attack: 0.012,
        decay: 0.45,
        detune_cents: 5.0,
    }
}

/// MIDI note number to frequency.
fn midi(n: i32) -> f64 {
    440.0 * crate::math::powf(2.0, (n - 69) as f64 / 12.0)
}

/// Hint: a gentle rising fifth on a bell (G5 then D6).
fn hint() -> Signal {
    let mut rng = Rng::new(300);
    let mut s = Signal::new(0.95);
    let voice = bell();
    s.note(0.0, midi(79), 0.8, &voice, &mut rng);
    s.note(0.13, midi(86), 0.7, &voice, &mut rng);
    s.room(0.35);
    finish(s, 0.002, 0.12)
}

/// Illegal click: two round "bonk"s falling a third (B3, G3), low but with enough harmonics to be
/// heard on laptop speakers; unmistakable without being harsh.
fn illegal() -> Signal {
    let mut rng = Rng::new(400);
    let mut s = Signal::new(0.36);
    let thud = Voice {
        ratios: vec![1.0, 2.0, 3.0, 4.0, 5.0],
        amps: vec![1.0, 0.5, 0.35, 0.15, 0.08],
        decays: vec![1.0, 0.75, 0.55, 0.4, 0.3],
        attack: 0.004,
        decay: 0.06,
        detune_cents: 6.0,
    };
    s.note(0.0, midi(59), 1.0, &thud, &mut rng);
    s.note(0.12, midi(55), 1.0, &thud, &mut rng);
    for start in [0.0, 0.12] {
        let mut low = Biquad::low_pass(400.0, 0.8);
        s.noise(start, 0.6, 0.001, 0.012, &mut low, &mut rng);
    }
    finish(s, 0.001, 0.04)
}

/// Win: a bright rising major arpeggio (C5 E5 G5 C6) that blooms into the chord.
fn win() -> Signal {
    let mut rng = Rng::new(500);
    let mut s = Signal::new(1.7);
    let voice = keys();
    for (i, n) in [72, 76, 79, 84].into_iter().enumerate() {
        s.note(i as f64 * 0.105, midi(n), 0.7, &voice, &mut rng);
    }
    let long = Voice {
        decay: 0.6,
        ..bell()
    };
    for n in [72, 76, 79, 84, 88] {
        s.note(0.42, midi(n), 0.28, &long, &mut rng);
    }
    s.room(0.35);
    finish(s, 0.002, 0.25)
}

/// Loss: a falling A-minor figure (E5 C5 A4) settling on a low A.
fn loss() -> Signal {
    let mut rng = Rng::new(600);
    let mut s = Signal::new(1.8);
    let voice = soft();
    for (i, n) in [76, 72, 69].into_iter().enumerate() {
        s.note(i as f64 * 0.2, midi(n), 0.7, &voice, &mut rng);
    }
    let low = Voice {
        decay: 0.7,
        ..soft()
    };
    s.note(0.6, midi(57), 0.6, &low, &mut rng);
    s.note(0.6, midi(64), 0.25, &low, &mut rng);
    s.room(0.35);
    finish(s, 0.004, 0.3)
}

/// Draw: two even notes a fifth apart (G4, D5): neither triumph nor defeat.
fn draw() -> Signal {
    let mut rng = Rng::new(700);
    let mut s = Signal::new(1.1);
    let voice = soft();
    s.note(0.0, midi(67), 0.7, &voice, &mut rng);
    s.note(0.22, midi(74), 0.7, &voice, &mut rng);
    s.room(0.35);
    finish(s, 0.004, 0.2)
}

/// Menu click: a tiny, dry tick.
fn menu_click() -> Signal {
    let mut rng = Rng::new(800);
    let mut s = Signal::new(0.045);
    let mut click = Biquad::band_pass(4800.0, 1.5);
    s.noise(0.0, 1.0, 0.0001, 0.0007, &mut click, &mut rng);
    s.partial(
        0.0,
        Partial {
            freq: 2300.0,
            amp: 0.25,
            attack: 0.0002,
            decay: 0.004,
        },
        0.0,
    );
    finish(s, 0.0002, 0.01)
}
