//! An external engine (`pbrain-*`) as a child process speaking the Gomocup protocol over its stdin
//! and stdout.
//!
//! A reader thread turns the engine's stdout into a channel of lines, so every read can wait with a
//! deadline: an engine that hangs costs its game, never the match.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A shared file for the traffic of every engine, like c-gomoku-cli's `-log`.
pub type TrafficLog = Arc<Mutex<std::fs::File>>;

/// How long an engine gets to exit after `END` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// The least time between reading an engine's line and sending it the next one. Some engines print
/// their move a moment before they are ready to read again and drop a command that arrives in that
/// window (Rapfi 0.43 does: its search thread prints the move, then clears its "thinking" flag, and
/// the input loop ignores commands while the flag is set). Managers are normally slower than that;
/// an in-process opponent answering instantly is not.
const SETTLE: Duration = Duration::from_millis(20);

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
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    last_read: Option<Instant>,
    log: Option<TrafficLog>,
}

impl EngineProcess {
    /// Starts `command` (a program and its arguments, split on whitespace; no shell). The engine
    /// runs in the program's own folder when the program is given with a path, as Piskvork and
    /// c-gomoku-cli do, so engines find their configuration files.
    pub fn spawn(command: &str) -> io::Result<EngineProcess> {
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
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("engine stdout was not captured"))?;
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            command: command.to_owned(),
            child,
            stdin,
            lines,
            last_read: None,
            log: None,
        })
    }

    /// Writes every line sent (`>`) and read (`<`) to `log`, with the engine's process id.
    pub fn set_log(&mut self, log: Option<TrafficLog>) {
        self.log = log;
    }

    fn log(&self, direction: char, line: &str) {
        if let Some(log) = &self.log
            && let Ok(mut file) = log.lock()
        {
            // Losing a log line must not cost a game.
            let _ = writeln!(file, "[{}] {direction} {line}", self.child.id());
        }
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line (the protocol's CR LF ending is added).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        self.settle();
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

    /// The next line the engine prints, waiting until `deadline` at most.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.last_read = Some(Instant::now());
                let line = line.trim_end_matches(['\r', '\n']).to_owned();
                self.log('<', &line);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Sends `END`, gives the engine a moment to exit, then kills it.
    pub fn shut_down(&mut self) {
        // An engine that already died cannot be told anything; killing it below is enough.
        let _ = self.send("END");
        self.stdin = None;
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.shut_down();
        }
    }
}
