//! An external engine (`pbrain-*`) as a child process speaking the Gomocup protocol over its stdin
//! and stdout.
//!
//! A reader thread turns the engine's stdout into a channel of lines, so every read can wait with a
//! deadline: an engine that hangs costs its game, never the match.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine gets to exit after `END` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

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
        })
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line (the protocol's CR LF ending is added).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "engine input is closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\r\n")?;
        stdin.flush()
    }

    /// The next line the engine prints, waiting until `deadline` at most.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line.trim_end_matches(['\r', '\n']).to_owned()),
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
