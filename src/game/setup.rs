//! What a game is set up as: who plays each side, the rule, the computer's strength.

use std::time::Duration;

use bevy::prelude::*;
use tengen_engine::Mode;
use tengen_engine::{Color, Level, Preset, SearchLimits, Step};
use tengen_match::TimeControl;

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    Human,
    Computer,
}

/// Everything chosen before a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: Mode,
    pub preset: Preset,
    pub level: Level,
    /// The colour of seat 0: your colour against the computer, player 1's otherwise.
    pub first_seat: Color,
    /// How long the Expert level thinks per move.
    pub think_time: Duration,
    /// A step of the strength ladder the computer plays instead of `level` (never on 3×3).
    pub step: Option<Step>,
    /// The step was chosen by "Match my strength": each new game chooses again from the player's
    /// rating (see [`MatchedSteps`]).
    pub matched: bool,
    /// The players' clocks: none (counting up), Fischer, byo-yomi or a limit per move.
    pub time: TimeControl,
    /// The added outside engine (its id in Settings → Engines) that plays the computer's seat;
    /// `None`: Tengen's own engine. Between two computers, the second seat's.
    pub engine: Option<u32>,
    /// Between two computers, the added engine in the first seat; `None`: Tengen's own.
    pub first_engine: Option<u32>,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset: Preset::Freestyle15,
            level: Level::Medium,
            first_seat: Color::Black,
            think_time: Duration::from_secs(1),
            step: None,
            matched: false,
            time: TimeControl::None,
            engine: None,
            first_engine: None,
        }
    }
}

impl GameSetup {
    /// The setup the settings remember: the last game started.
    pub fn from_settings(settings: &tengen_store::Settings) -> GameSetup {
        GameSetup {
            mode: settings.mode,
            preset: settings.preset,
            level: settings.level,
            first_seat: settings.human_color,
            think_time: Duration::from_millis(settings.expert_think_ms),
            step: settings.step.and_then(Step::new),
            matched: settings.match_strength,
            time: settings.time_control.parse().unwrap_or_default(),
            engine: settings.opponent_engine,
            first_engine: settings.first_engine,
        }
    }

    /// Which seat plays `color`.
    pub fn seat(&self, color: Color) -> usize {
        usize::from(color != self.first_seat)
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> PlayerKind {
        match self.mode {
            Mode::HumanVsHuman => PlayerKind::Human,
            Mode::ComputerVsComputer => PlayerKind::Computer,
            Mode::HumanVsComputer if color == self.first_seat => PlayerKind::Human,
            Mode::HumanVsComputer => PlayerKind::Computer,
        }
    }

    /// This setup for a game played on from a position of `preset` with `to_move` to move: against
    /// the computer you take the side to move; otherwise two players here, player 1 with black.
    pub fn playing_on(self, preset: Preset, to_move: Color, against_computer: bool) -> GameSetup {
        let (mode, first_seat) = if against_computer {
            (Mode::HumanVsComputer, to_move)
        } else {
            (Mode::HumanVsHuman, Color::Black)
        };
        GameSetup {
            mode,
            preset,
            first_seat,
            ..self
        }
    }

    /// The same match with colours swapped.
    pub fn swapped(self) -> GameSetup {
        GameSetup {
            first_seat: self.first_seat.opponent(),
            ..self
        }
    }

    /// Whether going from `self` to `next` changes the contest, so the session score starts afresh:
    /// another mode, another opponent strength or another game.
    pub fn changes_opponent(&self, next: &GameSetup) -> bool {
        self.mode != next.mode
            || self.engine != next.engine
            || self.first_engine != next.first_engine
            || self.computer_step() != next.computer_step()
            || self.preset != next.preset
    }

    /// The ladder step the computer plays: the chosen step, or the level's own (3×3 keeps its three
    /// levels, so a step never applies there).
    pub fn computer_step(&self) -> Step {
        match self.step {
            Some(step) if !self.preset.variant().is_tic_tac_toe() => step,
            _ => Step::from_level(self.level),
        }
    }

    /// The computer's strength as the player reads it: its level's name, or its step.
    pub fn strength_in(&self, words: &crate::i18n::Words) -> String {
        if self.plays_a_step() {
            words.step(self.computer_step())
        } else {
            words.level(self.level)
        }
    }

    /// Whether the computer plays a step other than the three named levels.
    pub fn plays_a_step(&self) -> bool {
        self.computer_step().level().is_none()
    }

    /// The search limits of the computer: the step's own; a named level's, with the chosen think
    /// time for Expert.
    pub fn search_limits(&self) -> SearchLimits {
        let step = self.computer_step();
        if step.level().is_none() {
            return step.limits();
        }
        let mut limits = SearchLimits::for_level(self.level);
        if self.level == Level::Expert {
            limits.think_time = self.think_time;
        }
        limits
    }
}
