//! App-level tests, in one test crate so the Bevy-heavy binary links once: headless game tests that
//! drive the real systems through their real messages, and a smoke test of the real window.

mod analysis;
mod cli;
mod clocks;
mod computer;
mod dialog;
mod disk;
mod editor;
mod ending;
mod first_click;
mod frame_budget;
mod growth;
mod installed;
mod keyboard;
mod kill;
mod language;
mod layout;
mod leaving;
mod modules;
mod monkey;
mod network;
mod network_clock;
mod network_resume;
mod numbering;
mod packaging;
mod persist;
mod play;
mod presentation;
mod records;
mod slip;
mod smoke;
mod sound;
mod support;
mod swap;
mod undo;
mod viewer;
