//! The autosave's writer: a thread of its own that writes (and clears) the autosave file, so the
//! frame that played a move never waits on the disk (a durable write is two `fsync`s and a rename,
//! about 12 ms on ext4, and far longer on a slow or failing disk).
//!
//! The guarantee stays the one the player relies on: a position is reported saved (the
//! [`super::Autosaved`] event, `autosaved moves=N` on the script output) only once its write has
//! finished, so every move reported saved survives a SIGKILL. Jobs are done in the order sent; a run
//! of saves waiting behind a slow one is cut to the newest, which holds the others' moves.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use bevy::prelude::*;
use tengen_store as store;
use tengen_store::{Paths, SavedGame, StoreError};

/// What the writer is asked to do.
enum Job {
    /// Write this game as the autosave; `moves` and `redo` are what it holds, for the report.
    Save {
        paths: Paths,
        saved: Box<SavedGame>,
        moves: usize,
        redo: usize,
    },
    /// Remove the autosave (nothing to continue).
    Clear { paths: Paths },
    /// Answer once every job sent before is done.
    Barrier(Sender<()>),
}

/// A finished job, for the main thread to report.
pub struct Done {
    pub result: Result<(), StoreError>,
    /// For a save: the moves played and undone it holds, and how long the write took.
    pub saved: Option<(usize, usize, f64)>,
}

/// The handle of the writer thread. Dropping it (the app ends) ends the thread once its queue is
/// done.
#[derive(Resource)]
pub struct AutosaveWriter {
    jobs: Sender<Job>,
    done: Mutex<Receiver<Done>>,
}

impl AutosaveWriter {
    /// Starts the writer thread.
    pub fn start() -> AutosaveWriter {
        let (jobs, queue) = channel();
        let (report, done) = channel();
        std::thread::Builder::new()
            .name("autosave writer".into())
            .spawn(move || write_jobs(&queue, &report))
            .expect("a thread for the autosave writer");
        AutosaveWriter {
            jobs,
            done: Mutex::new(done),
        }
    }

    pub fn save(&self, paths: Paths, saved: SavedGame) {
        let (moves, redo) = (saved.game().moves().len(), saved.game().redo_moves().len());
        self.send(Job::Save {
            paths,
            saved: Box::new(saved),
            moves,
            redo,
        });
    }

    pub fn clear(&self, paths: Paths) {
        self.send(Job::Clear { paths });
    }

    fn send(&self, job: Job) {
        if self.jobs.send(job).is_err() {
            error!("the autosave writer has stopped: the game is not being saved");
        }
    }

    /// Waits until every job sent so far is done (before a write of the main thread that must come
    /// after them, on exit, and in tests). Waits on the writer's answer, not on a clock.
    pub fn wait_idle(&self) {
        let (answer, answered) = channel();
        self.send(Job::Barrier(answer));
        let _ = answered.recv();
    }

    /// The jobs finished since the last look.
    pub fn finished(&self) -> Vec<Done> {
        let done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        done.try_iter().collect()
    }
}

fn write_jobs(queue: &Receiver<Job>, report: &Sender<Done>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter());
        let skip = superseded(&batch);
        for (job, skip) in batch.into_iter().zip(skip) {
            let done = match job {
                Job::Save { .. } if skip => continue,
                Job::Save {
                    paths,
                    saved,
                    moves,
                    redo,
                } => {
                    let started = Instant::now();
                    let result = store::save_autosave(&paths, &saved);
                    let ms = started.elapsed().as_secs_f64() * 1000.0;
                    Done {
                        saved: result.is_ok().then_some((moves, redo, ms)),
                        result,
                    }
                }
                Job::Clear { paths } => Done {
                    result: store::clear_autosave(&paths),
                    saved: None,
                },
                Job::Barrier(answer) => {
                    let _ = answer.send(());
                    continue;
                }
            };
            if report.send(done).is_err() {
                return;
            }
        }
    }
}

/// Which saves of a batch need no writing: those with a newer save after them and no barrier
/// between (a barrier promises that what came before it is on disk).
fn superseded(batch: &[Job]) -> Vec<bool> {
    let mut later_save = false;
    let mut skip: Vec<bool> = batch
        .iter()
        .rev()
        .map(|job| match job {
            Job::Save { .. } => std::mem::replace(&mut later_save, true),
            Job::Barrier(_) => {
                later_save = false;
                false
            }
            Job::Clear { .. } => false,
        })
        .collect();
    skip.reverse();
    skip
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::{Game, Pos, Preset};
    use tengen_store::{Mode, PerSide, Player, Resume};

    fn saved(moves: &[(u8, u8)]) -> SavedGame {
        let mut game = Game::new(Preset::Freestyle15.variant());
        for &(x, y) in moves {
            game.play(Pos::new(x, y)).expect("legal");
        }
        let human = Player::Human { name: "Ann".into() };
        SavedGame::of_game(
            game,
            Mode::HumanVsHuman,
            PerSide {
                black: human.clone(),
                white: human,
            },
        )
        .expect("a preset's board")
    }

    fn save(paths: &Paths, moves: &[(u8, u8)]) -> Job {
        let saved = saved(moves);
        Job::Save {
            paths: paths.clone(),
            moves: saved.game().moves().len(),
            redo: 0,
            saved: Box::new(saved),
        }
    }

    #[test]
    fn a_save_with_a_newer_one_behind_it_is_skipped_unless_a_barrier_is_between() {
        let paths = Paths::at("/c", "/d");
        let (answer, _) = channel();
        let batch = [
            save(&paths, &[]),
            save(&paths, &[]),
            Job::Clear {
                paths: paths.clone(),
            },
            save(&paths, &[]),
            Job::Barrier(answer),
            save(&paths, &[]),
        ];
        assert_eq!(superseded(&batch), [true, true, false, false, false, false]);
    }

    #[test]
    fn the_writer_writes_in_order_and_reports_each_write_once_done() {
        let dir = tempfile::tempdir().expect("temp dir");
        let paths = Paths::at(dir.path().join("c"), dir.path().join("d"));
        let writer = AutosaveWriter::start();
        writer.save(paths.clone(), saved(&[(7, 7)]));
        writer.clear(paths.clone());
        writer.save(paths.clone(), saved(&[(7, 7), (8, 8)]));
        writer.wait_idle();
        let done = writer.finished();
        assert!(done.iter().all(|d| d.result.is_ok()));
        // The last save is the one on disk, reported with its moves.
        let last = done.last().and_then(|d| d.saved).expect("a save reported");
        assert_eq!((last.0, last.1), (2, 0));
        match store::load_autosave(&paths).value {
            Resume::Continue(saved) => assert_eq!(saved.game().moves().len(), 2),
            _ => panic!("the newest save is on disk"),
        }
        // A clear queued after a save leaves nothing to continue.
        writer.save(paths.clone(), saved(&[(7, 7)]));
        writer.clear(paths.clone());
        writer.wait_idle();
        assert!(matches!(
            store::load_autosave(&paths).value,
            Resume::Nothing
        ));
    }
}
