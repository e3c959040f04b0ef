//! Tengen's Bevy-free host of external Gomocup (`pbrain-*`) engines: the child process with its
//! reader thread, the protocol's lines, and an [`Engine`] seat that the game and `tengen-match`
//! drive alike.
//!
//! Every way an engine can fail is a [`Failure`] that says why in plain words; the process is
//! always reaped, whether it ends, crashes or is dropped.
//!
//! ```no_run
//! use std::time::{Duration, Instant};
//! use tengen_engine::{Game, Preset};
//! use tengen_host::{Answer, Engine, Info, START_WITHIN};
//!
//! let variant = Preset::Freestyle15.variant();
//! let mut engine = Engine::start("pbrain-tengen", variant, Instant::now(), START_WITHIN)?;
//! while engine.poll(Instant::now()).is_none() {
//!     engine.wait(Duration::from_millis(10));
//! }
//! let info = Info {
//!     timeout_turn: Duration::from_secs(5),
//!     timeout_match: Duration::ZERO,
//!     time_left: None,
//!     max_memory: 0,
//!     rule: variant.rule(),
//!     extra: Vec::new(),
//! };
//! engine.send_info(&info)?;
//! engine.set_margin(Duration::from_secs(1));
//! let game = Game::new(variant);
//! engine.ask_move(&game, Instant::now(), info.move_time())?;
//! let answer = loop {
//!     if let Some(answer) = engine.poll(Instant::now()) {
//!         break answer;
//!     }
//!     engine.wait(Duration::from_millis(10));
//! };
//! match answer {
//!     Ok(Answer::Move(pos)) => println!("{},{}", pos.x, pos.y),
//!     Ok(_) => {}
//!     Err(failure) => println!("the engine lost: {failure}"),
//! }
//! # Ok::<(), tengen_host::Failure>(())
//! ```

mod engine;
mod failure;
mod line;
mod process;
mod review;
pub mod tournament;
mod verdict;

pub use crate::engine::{Answer, Engine, Info, START_WITHIN, rule_code, start_line};
pub use crate::failure::{Failure, duration_words, exit_words, forbidden_words};
pub use crate::line::{Line, Said, SaidKind, parse_about, parse_move};
pub use crate::process::{EXIT_GRACE, EngineProcess, ReadError, TrafficLog};
pub use crate::review::{Launch, analyse_record};
pub use crate::verdict::{Eval, Verdict};
