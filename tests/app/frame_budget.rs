//! Prints how long one headless frame (`app.update()`) takes while Expert thinks for 1 s, or while live
//! analysis runs, versus idle: the game's own systems without the renderer, so the number does not
//! depend on the GPU driver.
//! A measurement, not a check: run with
//! `cargo test -p tengen --test app frame_budget -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use tengen::game::Mode;
use tengen::game::computer::Thinking;
use tengen_engine::{Color as Side, Level, Preset};

use crate::support::*;

fn summary(name: &str, mut samples: Vec<f64>) {
    samples.sort_by(f64::total_cmp);
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name}: {} frames, p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        samples.len(),
        at(0.5),
        at(0.99),
        samples[samples.len() - 1]
    );
}

/// Runs 60 frames a second for `seconds` of wall time and times each `app.update()`, sorted by whether
/// `busy` held before the frame: (busy frames, the others), in milliseconds. `before` runs ahead of
/// each frame with the time since the start (to ask for something partway).
fn timed_frames(
    app: &mut App,
    seconds: u64,
    mut before: impl FnMut(&mut App, Duration),
    mut busy: impl FnMut(&mut App) -> bool,
) -> (Vec<f64>, Vec<f64>) {
    let (mut busy_frames, mut other) = (Vec::new(), Vec::new());
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(seconds) {
        before(app, start.elapsed());
        let was_busy = busy(app);
        let frame = Instant::now();
        app.update();
        let ms = frame.elapsed().as_secs_f64() * 1000.0;
        if was_busy {
            busy_frames.push(ms)
        } else {
            other.push(ms)
        }
        std::thread::sleep(Duration::from_millis(16).saturating_sub(frame.elapsed()));
    }
    (busy_frames, other)
}

#[test]
#[ignore = "a measurement that prints; run it by name"]
fn frame_budget_while_expert_thinks() {
    let mut app = resume(
        setup(
            Mode::HumanVsComputer,
            Preset::Freestyle15,
            Level::Expert,
            Side::Black,
        ),
        &MIDDLE_GAME,
    );
    // Expert thinks about 1 s, then it is the human's turn.
    let (thinking, idle) = timed_frames(&mut app, 3, |_, _| {}, |app| count::<Thinking>(app) > 0);
    assert_eq!(
        current(&app).game().moves().len(),
        8,
        "the computer answered"
    );
    summary("headless frames while Expert thinks", thinking);
    summary("headless frames idle", idle);
}

#[test]
#[ignore = "a measurement that prints; run it by name"]
fn frame_budget_while_live_analysis_runs() {
    use tengen::analysis::live::Studying;
    use tengen::game::GameCommand;
    let mut app = resume(
        setup(
            Mode::HumanVsHuman,
            Preset::Freestyle15,
            Level::Expert,
            Side::Black,
        ),
        &MIDDLE_GAME,
    );
    // One second without analysis, then two with it.
    let mut asked = false;
    let (analysing, idle) = timed_frames(
        &mut app,
        3,
        |app, elapsed| {
            if !asked && elapsed >= Duration::from_secs(1) {
                app.world_mut().write_message(GameCommand::Analyse);
                asked = true;
            }
        },
        |app| {
            app.world_mut()
                .query::<&Studying>()
                .iter(app.world())
                .any(Studying::working)
        },
    );
    assert!(!analysing.is_empty(), "live analysis ran");
    summary("headless frames while live analysis runs", analysing);
    summary("headless frames without it", idle);
}
