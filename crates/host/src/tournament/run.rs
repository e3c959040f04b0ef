//! A running tournament: K worker threads take the schedule's games in turn, each with its own two
//! engines; the progress (cross table, the positions of the games in play) sits behind a mutex
//! the caller reads whenever it likes, so a frame never waits for an engine.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use tengen_engine::Game;

use super::Plan;
use super::folder::{RESUME_FILE, append, game_line, plan_text, read_resume, sgf_of, sgf_path};
use super::game::{Clock, Finished, play_game};
use super::schedule::Scheduled;
use super::table::{CrossTable, Played};

/// A game being played.
#[derive(Clone, Debug)]
pub struct Running {
    pub number: usize,
    pub black: usize,
    pub white: usize,
    /// The position so far.
    pub game: Game,
}

/// What a tournament has done so far.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub table: CrossTable,
    /// The games in play, by number.
    pub running: Vec<Running>,
    /// Worker threads still at work.
    pub workers: usize,
    /// Whether stop was asked for.
    pub stopped: bool,
    /// What went wrong with the folder (a game could not be saved), in words.
    pub problems: Vec<String>,
    /// Grows with every change, so a reader redraws only when something moved.
    pub version: u64,
}

impl Progress {
    /// Whether every worker has ended: all games played, or stopped.
    pub fn is_over(&self) -> bool {
        self.workers == 0
    }
}

/// A tournament under way.
pub struct Tournament {
    plan: Arc<Plan>,
    progress: Arc<Mutex<Progress>>,
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

/// What the workers share.
struct Shared {
    plan: Arc<Plan>,
    queue: Mutex<VecDeque<Scheduled>>,
    progress: Arc<Mutex<Progress>>,
    stop: Arc<AtomicBool>,
    clock: Clock,
    wake: Wake,
}

/// Called from the workers after each change of the progress (the game wakes its window).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

fn lock(progress: &Mutex<Progress>) -> MutexGuard<'_, Progress> {
    // A worker that panicked leaves the table as it was: still worth showing.
    progress
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Tournament {
    /// Starts a new tournament; its folder, if any, is created and must not hold one already.
    pub fn start(plan: Plan, clock: Clock) -> Result<Tournament, String> {
        Tournament::start_waking(plan, clock, Arc::new(|| {}))
    }

    /// [`Tournament::start`], with `wake` called after each change of the progress.
    pub fn start_waking(plan: Plan, clock: Clock, wake: Wake) -> Result<Tournament, String> {
        plan.check()?;
        if let Some(folder) = &plan.folder {
            if folder.join(RESUME_FILE).exists() {
                return Err(format!(
                    "{} already holds a tournament: resume it or choose another folder",
                    folder.display()
                ));
            }
            std::fs::create_dir_all(folder)
                .and_then(|()| append(folder, &plan_text(&plan)))
                .map_err(|e| format!("cannot write to {}: {e}", folder.display()))?;
        }
        Ok(Tournament::run(plan, Vec::new(), clock, wake))
    }

    /// Resumes the tournament of `folder` where it stopped: the games played count, the rest are
    /// played.
    pub fn resume(folder: &Path, clock: Clock) -> Result<Tournament, String> {
        Tournament::resume_waking(folder, clock, Arc::new(|| {}))
    }

    /// [`Tournament::resume`], with `wake` called after each change of the progress.
    pub fn resume_waking(folder: &Path, clock: Clock, wake: Wake) -> Result<Tournament, String> {
        let path = folder.join(RESUME_FILE);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (plan, played) = read_resume(&text, folder)?;
        Ok(Tournament::run(plan, played, clock, wake))
    }

    fn run(plan: Plan, played: Vec<Played>, clock: Clock, wake: Wake) -> Tournament {
        let schedule = plan.schedule();
        let mut table = CrossTable::new(plan.names(), schedule.len());
        let done: Vec<usize> = played.iter().map(|p| p.number).collect();
        for game in played {
            table.add(game);
        }
        let queue: VecDeque<Scheduled> = schedule
            .into_iter()
            .filter(|g| !done.contains(&g.number))
            .collect();
        let workers = plan.concurrency.min(queue.len());
        let progress = Arc::new(Mutex::new(Progress {
            table,
            workers,
            ..Progress::default()
        }));
        let plan = Arc::new(plan);
        let stop = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Shared {
            plan: plan.clone(),
            queue: Mutex::new(queue),
            progress: progress.clone(),
            stop: stop.clone(),
            clock,
            wake,
        });
        let workers = (0..workers)
            .map(|_| {
                let shared = shared.clone();
                std::thread::spawn(move || work(&shared))
            })
            .collect();
        Tournament {
            plan,
            progress,
            stop,
            workers,
        }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The progress now (a short lock; the workers hold it only to write a move or a result).
    pub fn progress(&self) -> MutexGuard<'_, Progress> {
        lock(&self.progress)
    }

    /// Asks the games in play to end: each worker ends its engines (END, grace, kill, reaped)
    /// and stops; nothing waits here.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        lock(&self.progress).stopped = true;
    }

    /// Waits until every worker has ended (all played, or stopped): for tools and tests.
    pub fn join(mut self) -> Progress {
        for worker in std::mem::take(&mut self.workers) {
            let _ = worker.join();
        }
        lock(&self.progress).clone()
    }
}

impl Drop for Tournament {
    fn drop(&mut self) {
        // Dropped unfinished (the app closed): the workers end their engines and stop.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// One worker: plays games from the queue until it is empty or stop is asked.
fn work(shared: &Shared) {
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        let next = shared.queue.lock().ok().and_then(|mut q| q.pop_front());
        let Some(scheduled) = next else { break };
        let spec = shared.plan.game_spec(&scheduled);
        {
            let mut progress = lock(&shared.progress);
            progress.running.push(Running {
                number: scheduled.number,
                black: scheduled.black,
                white: scheduled.white,
                game: Game::new(shared.plan.variant),
            });
            progress.version += 1;
        }
        (shared.wake)();
        let finished = play_game(&spec, &shared.clock, &shared.stop, |game| {
            let mut progress = lock(&shared.progress);
            if let Some(r) = progress
                .running
                .iter_mut()
                .find(|r| r.number == scheduled.number)
            {
                r.game = game.clone();
            }
            progress.version += 1;
            drop(progress);
            (shared.wake)();
        });
        let mut progress = lock(&shared.progress);
        progress.running.retain(|r| r.number != scheduled.number);
        progress.version += 1;
        let Some(finished) = finished else { break };
        record(shared, &mut progress, &scheduled, &finished);
        drop(progress);
        (shared.wake)();
    }
    let mut progress = lock(&shared.progress);
    progress.workers = progress.workers.saturating_sub(1);
    progress.version += 1;
    drop(progress);
    (shared.wake)();
}

/// Counts a finished game and saves it (SGF, then its line in the resume file).
fn record(shared: &Shared, progress: &mut Progress, scheduled: &Scheduled, finished: &Finished) {
    let plan = &shared.plan;
    let played = Played {
        number: scheduled.number,
        black: scheduled.black,
        white: scheduled.white,
        result: finished.result,
        forfeit: finished
            .forfeit
            .as_ref()
            .map(|(_, kind, why)| (*kind, why.clone())),
        moves: finished.game.moves().len().saturating_sub(
            plan.openings
                .get(scheduled.opening)
                .map_or(0, |o| o.moves.len()),
        ),
    };
    if let Some(folder) = &plan.folder {
        let (black, white) = (
            &plan.entrants[scheduled.black].name,
            &plan.entrants[scheduled.white].name,
        );
        let path = sgf_path(folder, scheduled.number, black, white);
        let saved = std::fs::write(&path, sgf_of(finished, black, white))
            .and_then(|()| append(folder, &game_line(&played)));
        if let Err(e) = saved {
            progress.problems.push(format!(
                "cannot save game {} in {}: {e}",
                scheduled.number,
                folder.display()
            ));
        }
    }
    progress.table.add(played);
}
