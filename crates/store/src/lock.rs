//! One game, one writer: an instance lock in the data folder, held for the life of the game process,
//! so a second window never races the first on the autosave.
//!
//! The lock is the operating system's advisory file lock (`flock` on Linux, `LockFileEx` on Windows)
//! through the standard library's `File::try_lock`, which needs no extra crate. The OS drops it when
//! the process ends in any way, so a lock file left behind by a crash or a kill never blocks the next
//! start: only a running process holds the lock, the file itself means nothing.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::PathBuf;

use crate::paths::Paths;

/// The lock file's name in the data folder.
const LOCK_FILE: &str = "tengen.lock";

/// Held while this process may write the saved game; dropping it (or the process ending) lets the
/// next instance take over.
#[derive(Debug)]
pub struct InstanceLock {
    /// Kept open: the lock lives exactly as long as this handle.
    _file: File,
    path: PathBuf,
}

/// Why the lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another running Tengen holds it.
    Held,
    /// The lock file could not be created or locked (a read-only data folder, ...).
    Io { path: PathBuf, source: io::Error },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Held => f.write_str(
                "Another Tengen window is already running; this one will not touch the saved game.",
            ),
            LockError::Io { path, source } => write!(
                f,
                "Could not check for another Tengen window ({}: {source}); this one will not touch the saved game.",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LockError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LockError::Held => None,
            LockError::Io { source, .. } => Some(source),
        }
    }
}

impl InstanceLock {
    /// Takes the instance lock in `paths`' data folder (creating the folder if needed), without
    /// waiting: if another process holds it, the answer is [`LockError::Held`] at once.
    pub fn acquire(paths: &Paths) -> Result<InstanceLock, LockError> {
        let path = paths.data_dir().join(LOCK_FILE);
        let io_error = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        fs::create_dir_all(paths.data_dir()).map_err(io_error)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io_error)?;
        match file.try_lock() {
            Ok(()) => Ok(InstanceLock { _file: file, path }),
            Err(TryLockError::WouldBlock) => Err(LockError::Held),
            Err(TryLockError::Error(source)) => Err(io_error(source)),
        }
    }

    /// The lock file (shown in diagnostics).
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};
    use std::process::{Child, ChildStdout, Command, Stdio};

    use super::*;

    /// The data folder the child process locks, passed through the environment.
    const DIR_VAR: &str = "TENGEN_LOCK_TEST_DIR";
    /// What the child prints once it holds the lock.
    const HOLDING: &str = "holding the instance lock";

    fn paths(dir: &std::path::Path) -> Paths {
        Paths::at(dir.join("config"), dir.join("data"))
    }

    /// Starts this test binary again, running only [`hold_the_lock_for_a_parent_test`], and returns
    /// once the child says it holds the lock (it then waits for its stdin to close). The child's
    /// output stays open with the caller, so the child never writes into a closed pipe.
    fn child_holding_the_lock(dir: &std::path::Path) -> (Child, BufReader<ChildStdout>) {
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut child = Command::new(exe)
            .args([
                "lock::tests::hold_the_lock_for_a_parent_test",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(DIR_VAR, dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the child");
        let stdout = child.stdout.take().expect("the child's stdout");
        let mut output = BufReader::new(stdout);
        let mut line = String::new();
        // libtest puts the test's name before what it prints.
        while !line.trim_end().ends_with(HOLDING) {
            line.clear();
            let read = output.read_line(&mut line).expect("the child's output");
            assert!(read > 0, "the child never took the lock");
        }
        (child, output)
    }

    /// Not a test of its own: the process the tests below start to hold the lock from outside.
    #[test]
    #[ignore = "run by the lock tests in a child process"]
    fn hold_the_lock_for_a_parent_test() {
        let dir = std::env::var_os(DIR_VAR).expect("started by a lock test");
        let _lock = InstanceLock::acquire(&paths(std::path::Path::new(&dir))).expect("lock");
        println!("{HOLDING}");
        // Hold until the parent closes our stdin (or kills us).
        let mut line = String::new();
        while std::io::stdin().read_line(&mut line).is_ok_and(|n| n > 0) {}
    }

    #[test]
    fn a_second_process_is_refused_while_the_first_holds_the_lock() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (mut child, _output) = child_holding_the_lock(dir.path());
        let refused = InstanceLock::acquire(&paths(dir.path()));
        assert!(matches!(refused, Err(LockError::Held)), "{refused:?}");
        assert_eq!(
            refused.expect_err("held").to_string(),
            "Another Tengen window is already running; this one will not touch the saved game."
        );
        drop(child.stdin.take()); // the child drops its lock and exits
        assert!(child.wait().expect("child exit").success());
        let lock = InstanceLock::acquire(&paths(dir.path()));
        assert!(lock.is_ok(), "{lock:?}");
    }

    #[test]
    fn a_killed_process_leaves_no_lock_behind() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (mut child, _output) = child_holding_the_lock(dir.path());
        child.kill().expect("SIGKILL the child");
        child.wait().expect("reap the child");
        // The lock file is still there, but nobody holds the lock any more.
        assert!(dir.path().join("data").join(LOCK_FILE).exists());
        let lock = InstanceLock::acquire(&paths(dir.path()));
        assert!(lock.is_ok(), "{lock:?}");
    }

    #[test]
    fn the_lock_is_held_until_dropped_within_one_process_too() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = InstanceLock::acquire(&paths(dir.path())).expect("first");
        assert!(matches!(
            InstanceLock::acquire(&paths(dir.path())),
            Err(LockError::Held)
        ));
        drop(first);
        assert!(InstanceLock::acquire(&paths(dir.path())).is_ok());
    }
}
