//! The engine loop of `pbrain-tengen`: lines from the manager in, the protocol's answers out.
//!
//! A reader thread keeps reading while the brain thinks, so `YXSTOP` and `END` stop a search at
//! once instead of waiting behind it. The protocol itself runs on the calling thread, one line at a
//! time and in order, so its state never needs a lock.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};

use tengen_engine::{Brain, Protocol};

/// Stop requests from the reader thread, matched with the `YXSTOP` lines as the protocol reaches
/// them: the flag stays raised while any request is still ahead of the protocol, so a `YXSTOP` sent
/// right after a `TURN` stops that `TURN`'s search and no later one.
#[derive(Default)]
pub struct StopRequests {
    pending: Mutex<usize>,
    flag: AtomicBool,
}

impl StopRequests {
    /// The flag handed to the brain.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// The reader met a `YXSTOP` (or `END`, or the end of input).
    pub fn request(&self) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        *pending += 1;
        self.flag.store(true, Ordering::SeqCst);
    }

    /// The protocol reached a `YXSTOP` line: its request is served.
    pub fn serve(&self) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        *pending = pending.saturating_sub(1);
        self.flag.store(*pending > 0, Ordering::SeqCst);
    }
}

/// The command word of a line, upper-cased.
fn command_word(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase()
}

/// Runs `protocol` over `input` until `END` or the end of input, writing every answer line to
/// `output` and flushing after each one.
pub fn run<B: Brain>(
    protocol: &mut Protocol<B>,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    let stops = Arc::new(StopRequests::default());
    let (lines_tx, lines_rx) = mpsc::channel::<String>();
    let reader_stops = Arc::clone(&stops);
    // Detached on purpose: at the end it may sit in a blocking read that only the process exit ends.
    std::thread::spawn(move || {
        for line in input.lines() {
            // Unreadable bytes (not UTF-8) end the input like a closed pipe would; a manager
            // never sends them.
            let Ok(line) = line else { break };
            let word = command_word(&line);
            if word == "YXSTOP" || word == "END" {
                reader_stops.request();
            }
            if lines_tx.send(line).is_err() {
                return;
            }
        }
        // End of input: the manager is gone, so stop any search and let the loop end.
        reader_stops.request();
    });

    for line in lines_rx {
        if command_word(&line) == "YXSTOP" {
            stops.serve();
        }
        for answer in protocol.handle(&line, stops.flag()) {
            writeln!(output, "{answer}")?;
        }
        output.flush()?;
        if protocol.is_finished() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;
    use std::time::{Duration, Instant};

    use tengen_engine::{About, Board, Color, Pos, ThinkTime};

    use super::*;

    /// Thinks until told to stop (or ten seconds), then plays the first free point.
    struct StubbornBrain;

    impl Brain for StubbornBrain {
        fn think(
            &mut self,
            board: &Board,
            _: Color,
            _: ThinkTime,
            stop: &AtomicBool,
        ) -> Option<Pos> {
            let start = Instant::now();
            while !stop.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(1));
            }
            board.empty_points().next()
        }
    }

    fn run_lines(input: &str) -> (String, Duration) {
        let about = About {
            name: "Stub".into(),
            version: "0".into(),
            author: "t".into(),
            country: "t".into(),
        };
        let mut protocol = Protocol::new(StubbornBrain, about, Duration::from_secs(10));
        let mut out = Vec::new();
        let start = Instant::now();
        let result = run(&mut protocol, Cursor::new(input.to_owned()), &mut out);
        assert!(result.is_ok());
        (String::from_utf8_lossy(&out).into_owned(), start.elapsed())
    }

    #[test]
    fn yxstop_read_during_a_search_ends_it_with_a_move() {
        let (out, took) = run_lines("START 15\r\nBEGIN\r\nYXSTOP\r\nABOUT\r\nEND\r\n");
        assert!(took < Duration::from_secs(5), "took {took:?}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..2], ["OK", "0,0"]);
        assert!(lines[2].starts_with("name=\"Stub\""));
    }

    #[test]
    fn end_during_a_search_exits_promptly() {
        let (out, took) = run_lines("START 15\nBEGIN\nEND\nABOUT\n");
        assert!(took < Duration::from_secs(5), "took {took:?}");
        // The search answers, then END ends the loop before ABOUT.
        assert_eq!(out.lines().collect::<Vec<_>>(), ["OK", "0,0"]);
    }

    #[test]
    fn a_served_stop_does_not_cut_the_next_search_short() {
        let stops = StopRequests::default();
        stops.request();
        stops.request();
        stops.serve();
        assert!(
            stops.flag().load(Ordering::SeqCst),
            "one request is still ahead"
        );
        stops.serve();
        assert!(!stops.flag().load(Ordering::SeqCst));
        stops.serve();
        assert!(!stops.flag().load(Ordering::SeqCst));
    }
}
