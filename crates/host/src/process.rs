//! An external engine (`pbrain-*`) as a child process speaking the Gomocup protocol over its stdin
//! and stdout.
//!
//! A reader thread turns the engine's stdout into a channel of lines, so the caller either waits
//! with a deadline (`read_line`, the match runner) or only looks (`try_line`, the game): an engine
//! that hangs costs its game, never the caller. The child is always reaped: `shut_down` waits for
//! it, and dropping a running process hands it to a thread that ends, kills and reaps it.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A shared file for the traffic of every engine, like c-gomoku-cli's `-log`.
pub type TrafficLog = Arc<Mutex<std::fs::File>>;

/// How long an engine gets to exit after `END` before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_millis(500);
/// The least time between reading an engine's line and sending it the next one. Some engines print
/// their move a moment before they are ready to read again and drop a command that arrives in that
/// window (Rapfi 0.43 does: its search thread prints the move, then clears its "thinking" flag, and
/// the input loop ignores commands while the flag is set). Managers are normally slower than that;
/// an in-process opponent answering instantly is not.
const SETTLE: Duration = Duration::from_millis(20);
/// How long a process that closed its output may take to become an exit status before it is
/// killed: the kernel closes the pipes a moment before the exit can be reaped.
const EXIT_AFTER_CLOSE: Duration = Duration::from_millis(200);

/// Why no line came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed first.
    Timeout,
    /// The engine closed its output: it exited or crashed.
    Closed,
}

/// A running engine process.
pub struct EngineProcess {
    command: String,
    /// Only taken by `drop`, which hands a running child to its reaper thread.
    child: Option<Child>,
    pid: u32,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    last_read: Option<Instant>,
    log: Option<TrafficLog>,
    grace: Duration,
    status: Option<ExitStatus>,
}

impl EngineProcess {
    /// Starts `command` (a program and its arguments, split on whitespace; no shell). The engine
    /// runs in the program's own folder when the program is given with a path, as Piskvork and
    /// c-gomoku-cli do, so engines find their configuration files.
    pub fn spawn(command: &str) -> io::Result<EngineProcess> {
        EngineProcess::spawn_waking(command, || {})
    }

    /// [`EngineProcess::spawn`], with `wake` called on the reader thread after each line (and
    /// once when the output closes), so a caller that sleeps between frames hears of it at once.
    pub fn spawn_waking(
        command: &str,
        wake: impl Fn() + Send + 'static,
    ) -> io::Result<EngineProcess> {
        let mut words = command.split_whitespace();
        let Some(program) = words.next() else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "empty engine command",
            ));
        };
        let program_path = std::path::Path::new(program);
        let mut cmd = Command::new(program);
        if let Some(dir) = program_path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Run from the engine's folder, with the program named by its absolute path.
            let absolute = std::path::absolute(program_path)?;
            cmd = Command::new(absolute);
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let Some(stdout) = child.stdout.take() else {
            // Not reachable with a piped stdout; the child must still not outlive us.
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("engine stdout was not captured"));
        };
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // The line is in the channel before the caller is woken to read it.
                let sent = tx.send(line).is_ok();
                wake();
                if !sent {
                    return;
                }
            }
            drop(tx);
            wake();
        });
        Ok(EngineProcess {
            command: command.to_owned(),
            pid: child.id(),
            child: Some(child),
            stdin,
            lines,
            last_read: None,
            log: None,
            grace: EXIT_GRACE,
            status: None,
        })
    }

    /// Writes every line sent (`>`) and read (`<`) to `log`, with the engine's process id.
    pub fn set_log(&mut self, log: Option<TrafficLog>) {
        self.log = log;
    }

    /// How long the engine gets to exit after `END` before it is killed.
    pub fn set_exit_grace(&mut self, grace: Duration) {
        self.grace = grace;
    }

    fn log(&self, direction: char, line: &str) {
        if let Some(log) = &self.log
            && let Ok(mut file) = log.lock()
        {
            // Losing a log line must not cost a game.
            let _ = writeln!(file, "[{}] {direction} {line}", self.pid);
        }
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The engine's process id (still meaningful after it exited, until it is reaped).
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Sends one line (the protocol's CR LF ending is added).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        self.settle();
        self.send_now(line)
    }

    /// Sends one line without the settling pause (the game's caller must never sleep).
    pub fn send_now(&mut self, line: &str) -> io::Result<()> {
        self.log('>', line);
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "engine input is closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\r\n")?;
        stdin.flush()
    }

    /// Waits until the engine has had [`SETTLE`] since its last line; `send` does this itself, and
    /// a caller timing the engine calls it first so the wait is not counted against the engine.
    pub fn settle(&mut self) {
        if let Some(read) = self.last_read.take() {
            let since = read.elapsed();
            if since < SETTLE {
                std::thread::sleep(SETTLE - since);
            }
        }
    }

    fn took(&mut self, line: String) -> String {
        self.last_read = Some(Instant::now());
        let line = line.trim_end_matches(['\r', '\n']).to_owned();
        self.log('<', &line);
        line
    }

    /// The next line the engine prints, waiting until `deadline` at most.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        self.wait_line(deadline.saturating_duration_since(Instant::now()))?
            .ok_or(ReadError::Timeout)
    }

    /// The next line if one waits already: `Ok(None)` if none, `Err(Closed)` once the engine
    /// closed its output and every line was read. Never blocks.
    pub fn try_line(&mut self) -> Result<Option<String>, ReadError> {
        match self.lines.try_recv() {
            Ok(line) => Ok(Some(self.took(line))),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// The next line, waiting `up_to` at most for it: `Ok(None)` if none came.
    pub fn wait_line(&mut self, up_to: Duration) -> Result<Option<String>, ReadError> {
        match self.lines.recv_timeout(up_to) {
            Ok(line) => Ok(Some(self.took(line))),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// How the process ended, reaping it, once its output is closed: a moment for the exit to
    /// land, then a kill, so that no closed engine lingers.
    pub fn reap_closed(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            let deadline = Instant::now() + EXIT_AFTER_CLOSE;
            while self.exit_status().is_none() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
            if self.status.is_none() {
                self.kill();
            }
        }
        self.status
    }

    /// How the process ended, if it has (reaping it); never blocks.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        if self.status.is_none()
            && let Some(child) = self.child.as_mut()
            && let Ok(Some(status)) = child.try_wait()
        {
            self.status = Some(status);
        }
        self.status
    }

    /// Kills the process and reaps it.
    pub fn kill(&mut self) {
        if self.exit_status().is_none()
            && let Some(child) = self.child.as_mut()
        {
            let _ = child.kill();
            if let Ok(status) = child.wait() {
                self.status = Some(status);
            }
        }
    }

    /// Sends `END`, gives the engine its grace to exit, then kills it; reaped either way.
    pub fn shut_down(&mut self) -> Option<ExitStatus> {
        if self.exit_status().is_none() {
            // An engine that already died cannot be told anything; killing it below is enough.
            let _ = self.send_now("END");
            self.stdin = None;
            let deadline = Instant::now() + self.grace;
            while Instant::now() < deadline {
                if self.exit_status().is_some() {
                    return self.status;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            self.kill();
        }
        self.status
    }

    /// Ends the engine on a thread of its own (`END`, the grace, a kill, the reaping), so the
    /// caller does not wait; joining the handle gives how it ended.
    pub fn end_in_background(mut self) -> std::thread::JoinHandle<Option<ExitStatus>> {
        std::thread::spawn(move || self.shut_down())
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.exit_status().is_some() {
            return;
        }
        // END, then the grace and the kill on a reaper thread of its own: dropping never blocks,
        // and the child is never left a zombie.
        let _ = self.send_now("END");
        self.stdin = None;
        let grace = self.grace;
        if let Some(mut child) = self.child.take() {
            std::thread::spawn(move || {
                let deadline = Instant::now() + grace;
                while Instant::now() < deadline {
                    if let Ok(Some(_)) = child.try_wait() {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                let _ = child.kill();
                let _ = child.wait();
            });
        }
    }
}
