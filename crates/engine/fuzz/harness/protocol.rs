//! The Gomocup protocol fed a whole manager session: the input is split into lines as
//! `pbrain-tengen` reads them (`\n`, a trailing `\r` dropped) and every line goes to one
//! [`Protocol`]. Whatever the manager sends, the brain must answer without panicking, every answer
//! must be one line (a line break inside would be read by the manager as a second answer), and
//! the game it keeps must only hold legal moves.
//!
//! Shared by the fuzz target and any stable test that replays the committed corpus.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tengen_engine::{About, Board, Brain, Color, Game, Pos, Protocol, ThinkTime};

/// A brain whose suggestions come from the input: sometimes good, sometimes occupied or off the
/// board, sometimes none, so the protocol's fallback paths are exercised too.
struct Suggesting {
    seed: u32,
}

impl Brain for Suggesting {
    fn think(&mut self, board: &Board, _: Color, _: ThinkTime, _: &AtomicBool) -> Option<Pos> {
        self.seed = self.seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let size = u32::from(board.variant().size());
        let span = size + 2; // two columns and rows past the edge
        let pick = self.seed >> 8;
        if pick.is_multiple_of(11) {
            return None;
        }
        let x = u8::try_from(pick % span).ok()?;
        let y = u8::try_from((pick / span) % span).ok()?;
        Some(Pos::new(x, y))
    }

    fn take_message(&mut self) -> Option<String> {
        // A brain's message may hold a line break; the protocol must fold it into one line.
        self.seed
            .is_multiple_of(7)
            .then(|| "depth 3\nscore 10\r".to_owned())
    }
}

/// Replays every move of `game` from its setup under its rules: they must all still be legal.
fn check_legal(game: &Game) {
    let replayed = Game::from_record(
        game.variant(),
        game.setup(),
        game.first_to_move(),
        game.moves(),
    );
    assert!(
        replayed.is_ok(),
        "the protocol's game holds an illegal move"
    );
}

pub fn run(data: &[u8]) {
    let seed = data
        .iter()
        .fold(0u32, |h, &b| h.rotate_left(5) ^ u32::from(b));
    let about = About {
        name: "Fuzz".to_owned(),
        version: "0".to_owned(),
        author: "fuzz".to_owned(),
        country: "none".to_owned(),
    };
    let mut protocol = Protocol::new(Suggesting { seed }, about, Duration::from_millis(1));
    let stop = AtomicBool::new(false);
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        for answer in protocol.handle(line, &stop) {
            assert!(
                !answer.contains(['\n', '\r']),
                "an answer spans lines: {answer:?}"
            );
        }
        if let Some(game) = protocol.game() {
            check_legal(game);
        }
        if protocol.is_finished() {
            break;
        }
    }
}
