//! `--measure-frames`: records how long each frame takes, apart for frames while the computer thinks,
//! prints percentiles and the start-up time to the first frames, then quits. Proves (or disproves) that
//! the main thread never waits for the AI.

use std::time::Duration;

use bevy::prelude::*;

use crate::cli::Options;
use crate::game::computer::Thinking;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameLog>()
        .add_systems(Last, (report_startup, record_frames));
}

#[derive(Resource, Default)]
struct FrameLog {
    frames: u64,
    idle: Vec<f32>,
    thinking: Vec<f32>,
}

/// Prints when the first frames happened, measured from the start of `main`.
fn report_startup(options: Res<Options>, mut log: ResMut<FrameLog>) {
    log.frames += 1;
    if options.measure_frames.is_none() && !options.print_moves {
        return;
    }
    // Frame 1 ends before anything was presented; by the end of frame 3 the first image is on screen.
    if log.frames == 1 || log.frames == 3 {
        println!(
            "startup: frame {} done {:.0} ms after start",
            log.frames,
            options.started.elapsed().as_secs_f64() * 1000.0
        );
    }
}

fn percentile(sorted: &[f32], p: f32) -> f32 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f32 * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn summary(name: &str, frames: &mut [f32]) -> String {
    frames.sort_by(f32::total_cmp);
    format!(
        "{name}: {} frames, p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        frames.len(),
        percentile(frames, 0.5),
        percentile(frames, 0.95),
        percentile(frames, 0.99),
        frames.last().copied().unwrap_or(0.0)
    )
}

fn record_frames(
    options: Res<Options>,
    time: Res<Time<Real>>,
    thinking: Query<(), With<Thinking>>,
    mut log: ResMut<FrameLog>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(seconds) = options.measure_frames else {
        return;
    };
    // Skip the start-up frames (shader compilation, first upload): they measure loading, not play.
    if log.frames <= 10 {
        return;
    }
    let ms = time.delta_secs() * 1000.0;
    if thinking.is_empty() {
        log.idle.push(ms);
    } else {
        log.thinking.push(ms);
    }
    if options.started.elapsed() >= Duration::from_secs_f32(seconds) {
        let FrameLog { idle, thinking, .. } = &mut *log;
        println!("frames {}", summary("idle", idle));
        println!("frames {}", summary("while the computer thinks", thinking));
        exit.write(AppExit::Success);
    }
}
