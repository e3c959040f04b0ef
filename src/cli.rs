//! The command line: flags that start straight into a game, and the measuring and scripting switches the
//! smoke test and the performance notes use.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use clap::{Parser, ValueEnum};
use tengen_engine::{Color, Level, Mode, OpeningRule, Preset, THINK_TIME};
use tengen_match::TimeControl;

use crate::game::puzzle::PuzzleCommand;
use crate::game::swap::OpeningChoice;
use crate::game::{CurrentGame, GameCommand, GameSetup};
use crate::i18n::{Language, LanguageForThisRun};
use crate::network::NetworkRequest;
use crate::persistence::RecordRequest;

/// Tengen: Gomoku, renju and tic-tac-toe against the computer or a friend.
///
/// Any of --mode, --rule, --level, --step, --human or --think-time starts a game at once; without them the
/// game opens on the menu.
#[derive(Parser, Debug, Clone)]
#[command(name = "tengen", version)]
pub struct Cli {
    /// Who plays: hvc (you vs computer), hvh (two players), cvc (computer vs computer).
    #[arg(long, value_parser = parse_mode)]
    pub mode: Option<Mode>,
    /// Rule preset: tictactoe, freestyle, standard, renju, freestyle19, freestyle20.
    #[arg(long, value_parser = parse_preset)]
    pub rule: Option<Preset>,
    /// Computer strength: low, medium or expert.
    #[arg(long, value_parser = parse_level)]
    pub level: Option<Level>,
    /// A step of the strength ladder instead of a level: 1 (weakest) to 14 (Expert); Low is 2 and
    /// Medium 7. `match` plays the step that matches your rating.
    #[arg(long, value_parser = parse_step, conflicts_with = "level")]
    pub step: Option<StepArg>,
    /// Your colour against the computer (black moves first); in other modes, player 1's colour.
    #[arg(long, value_enum)]
    pub human: Option<ColorArg>,
    /// The opening rule of the game the flags start (as chosen in New game): free, swap, swap2, or
    /// for renju the tournament rules rif, yamaguchi, soosorv-N and taraguchi-N (N fifth moves
    /// offered, 1 to 12; soosorv and taraguchi alone are soosorv-8 and taraguchi-10).
    #[arg(long, value_parser = parse_opening)]
    pub opening: Option<OpeningRule>,
    /// Seconds the Expert level thinks per move (0.1 to 60).
    #[arg(long, value_parser = parse_think_time)]
    pub think_time: Option<Duration>,
    /// The players' clocks, as players write them: `none`; Fischer `3+2` (3 minutes, 2 seconds
    /// added a move; `5` or `5+0` is sudden death; `20s+1` for seconds); byo-yomi spelled out,
    /// `byo-yomi 10+3x30` (10 minutes, then 3 periods of 30 seconds); or a limit on each move,
    /// `10/move` (seconds). A clock that runs out loses the game.
    #[arg(long, value_name = "CONTROL", value_parser = parse_time_control)]
    pub time_control: Option<TimeControl>,
    /// Board and menu colours: classic (wood) or contrast (high contrast, colour-vision friendly).
    /// Changes the setting as the Settings screen does (it is remembered).
    #[arg(long, value_enum)]
    pub theme: Option<ThemeArg>,
    /// Animation speed: off, normal or fast. Changes the setting as the Settings screen does.
    #[arg(long, value_enum)]
    pub animation: Option<AnimationArg>,
    /// The language for this run only (en, ru, zh-CN, pl), over the one chosen in Settings; not saved.
    /// Without it the game speaks the Settings choice, else the system's language.
    #[arg(long, value_name = "CODE")]
    pub lang: Option<Language>,
    /// Print every placed stone and the board's screen position to stdout (for scripts and tests).
    #[arg(long)]
    pub print_moves: bool,
    /// Record frame times for this many seconds, print percentiles (idle and while the computer
    /// thinks) and the start-up time, then quit.
    #[arg(long, value_name = "SECONDS")]
    pub measure_frames: Option<f32>,
    /// Open the puzzles ("find the win") at start, on the puzzle that suits your puzzle rating.
    #[arg(long, conflicts_with_all = ["mode", "rule", "level", "step", "human", "think_time", "time_control", "resume", "file", "host", "join"])]
    pub puzzles: bool,
    /// Go straight back into the saved unfinished game (what the menu's Continue does).
    #[arg(long = "continue", conflicts_with_all = ["mode", "rule", "level", "step", "human", "think_time", "time_control"])]
    pub resume: bool,
    /// Open this game record (SGF, PSQ or a position) in the viewer, as Open does; a desktop's "open
    /// with" passes the file this way.
    #[arg(value_name = "FILE", conflicts_with_all = ["mode", "resume", "host", "join"])]
    pub file: Option<std::path::PathBuf>,
    /// Host a network game on this TCP port (0 picks a free one); --rule and --human choose the rule
    /// and the host's colour.
    #[arg(long, value_name = "PORT", conflicts_with_all = ["join", "mode", "resume"])]
    pub host: Option<u16>,
    /// Play against this Gomocup engine (a `pbrain-*` program and its arguments) in the computer's
    /// seat: it is told the time control, and it loses by forfeit if it crashes, gives no move in
    /// its time, plays an illegal point or answers garbage.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["host", "join", "file", "puzzles", "resume"])]
    pub engine: Option<String>,
    /// Ask this Gomocup engine (a `pbrain-*` program and its arguments) for the hints instead of
    /// Tengen's own AI: the hint says which engine speaks and what it makes of the position.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["host", "join"])]
    pub analyst: Option<String>,
    /// Join the network game hosted at HOST:PORT (--rule must match the host's).
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["mode", "resume"])]
    pub join: Option<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeArg {
    Classic,
    Contrast,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimationArg {
    Off,
    Normal,
    Fast,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorArg {
    Black,
    White,
}

fn parse_preset(key: &str) -> Result<Preset, String> {
    Preset::from_key(key).ok_or_else(|| {
        let keys: Vec<&str> = Preset::ALL.iter().map(|p| p.key()).collect();
        format!("unknown rule `{key}` (use one of: {})", keys.join(", "))
    })
}

fn parse_opening(key: &str) -> Result<OpeningRule, String> {
    key.parse()
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    text.parse::<Mode>().map_err(|e| e.to_string())
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

/// `--step`: a ladder step, or the one matching the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepArg {
    Step(tengen_engine::Step),
    Match,
}

fn parse_step(text: &str) -> Result<StepArg, String> {
    if text.trim().eq_ignore_ascii_case("match") {
        return Ok(StepArg::Match);
    }
    text.parse::<tengen_engine::Step>()
        .map(StepArg::Step)
        .map_err(|_| {
            format!(
                "`{text}` is not a step: 1 to {} or `match`",
                tengen_engine::Step::COUNT
            )
        })
}

fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    text.parse()
        .map_err(|e: tengen_match::TimeSpecError| e.to_string())
}

fn parse_think_time(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    let (low, high) = (THINK_TIME.start(), THINK_TIME.end());
    let time = Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|time| THINK_TIME.contains(time))
        .ok_or_else(|| {
            format!(
                "think time {seconds} s is out of range ({} to {})",
                low.as_secs_f64(),
                high.as_secs_f64()
            )
        })?;
    Ok(time)
}

impl Cli {
    /// The game the flags ask for, if any game flag was given.
    pub fn setup(&self) -> Option<GameSetup> {
        if self.mode.is_none()
            && self.rule.is_none()
            && self.level.is_none()
            && self.step.is_none()
            && self.human.is_none()
            && self.think_time.is_none()
            && self.opening.is_none()
            && self.time_control.is_none()
            && self.engine.is_none()
        {
            return None;
        }
        let defaults = GameSetup::default();
        Some(GameSetup {
            // An engine needs a computer's seat to sit in.
            mode: self.mode.unwrap_or(match self.engine {
                Some(_) => Mode::HumanVsComputer,
                None => defaults.mode,
            }),
            preset: self.rule.unwrap_or(defaults.preset),
            level: match self.step {
                Some(StepArg::Step(step)) => step.level().unwrap_or(step.base()),
                _ => self.level.unwrap_or(defaults.level),
            },
            first_seat: match self.human {
                Some(ColorArg::White) => Color::White,
                Some(ColorArg::Black) | None => Color::Black,
            },
            think_time: self.think_time.unwrap_or(defaults.think_time),
            step: match self.step {
                Some(StepArg::Step(step)) => Some(step),
                _ => None,
            },
            matched: self.step == Some(StepArg::Match),
            time: self.time_control.unwrap_or_default(),
            // `--engine` takes the seat itself (see `EngineSeat`), not as an added engine.
            engine: None,
            first_engine: None,
        })
    }

    /// The network game the flags ask for, if any.
    pub fn network(&self) -> Option<NetworkRequest> {
        let preset = self.rule.unwrap_or(GameSetup::default().preset);
        if let Some(port) = self.host {
            return Some(NetworkRequest::Host {
                port,
                preset,
                host_color: match self.human {
                    Some(ColorArg::White) => Color::White,
                    Some(ColorArg::Black) | None => Color::Black,
                },
                passphrase: None,
                time: self.time_control.unwrap_or_default(),
            });
        }
        self.join.clone().map(|address| NetworkRequest::Join {
            address,
            preset,
            passphrase: None,
        })
    }

    pub fn into_options(self, started: Instant) -> Options {
        let network = self.network();
        Options {
            // A network game starts when the other player is there, not at once.
            setup: self.setup().filter(|_| network.is_none()),
            opening: self.opening,
            file: self.file,
            network,
            engine: self.engine,
            analyst: self.analyst,
            print_moves: self.print_moves,
            theme: self.theme.map(|t| match t {
                ThemeArg::Classic => crate::settings::Theme::Classic,
                ThemeArg::Contrast => crate::settings::Theme::Contrast,
            }),
            animation: self.animation.map(|a| match a {
                AnimationArg::Off => crate::settings::AnimationSpeed::Off,
                AnimationArg::Normal => crate::settings::AnimationSpeed::Normal,
                AnimationArg::Fast => crate::settings::AnimationSpeed::Fast,
            }),
            language: self.lang,
            measure_frames: self.measure_frames.filter(|s| *s > 0.0),
            resume: self.resume,
            puzzles: self.puzzles,
            started,
        }
    }
}

/// What the command line asked for, as the app sees it.
#[derive(Resource, Debug, Clone)]
pub struct Options {
    /// Start straight into this game.
    pub setup: Option<GameSetup>,
    /// `--opening`: the opening rule of that game.
    pub opening: Option<OpeningRule>,
    /// A record to open in the viewer at start.
    pub file: Option<std::path::PathBuf>,
    pub print_moves: bool,
    /// A theme for this run, over the saved setting.
    pub theme: Option<crate::settings::Theme>,
    /// An animation speed for this run, over the saved setting.
    pub animation: Option<crate::settings::AnimationSpeed>,
    /// `--lang`: a language for this run, over the saved setting (never saved).
    pub language: Option<Language>,
    pub measure_frames: Option<f32>,
    /// `--continue`: resume the saved game at start.
    pub resume: bool,
    /// `--puzzles`: open the puzzles at start.
    pub puzzles: bool,
    /// `--host` or `--join`: start hosting or joining a network game.
    pub network: Option<NetworkRequest>,
    /// `--engine`: the command line of the engine in the computer's seat.
    pub engine: Option<String>,
    /// `--analyst`: the command line of the engine that gives the hints.
    pub analyst: Option<String>,
    /// When the process started, for the start-up time.
    pub started: Instant,
}

/// Applies [`Options`] (a resource the caller inserts) at start: the game to start, this run's theme,
/// animation speed and language.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, start_from_command_line);
}

fn start_from_command_line(
    options: Res<Options>,
    current: Res<CurrentGame>,
    mut writer: MessageWriter<GameCommand>,
    mut settings: ResMut<crate::settings::Settings>,
    mut network: MessageWriter<NetworkRequest>,
    mut language: ResMut<LanguageForThisRun>,
    (mut opening, mut records): (ResMut<OpeningChoice>, MessageWriter<RecordRequest>),
) {
    if options.language.is_some() {
        language.0 = options.language;
    }
    if let Some(theme) = options.theme {
        settings.theme = theme;
    }
    if let Some(animation) = options.animation {
        settings.animation = animation;
    }
    if let Some(rule) = options.opening {
        opening.0 = rule;
    }
    if let Some(path) = &options.file {
        records.write(RecordRequest::Open {
            path: path.clone(),
            against_computer: false,
        });
    } else if let Some(setup) = options.setup {
        writer.write(GameCommand::NewGame(setup));
    } else if let Some(request) = &options.network {
        network.write(request.clone());
    } else if options.resume && current.live() && !current.game().is_over() {
        writer.write(GameCommand::Resume);
    } else if options.puzzles {
        writer.write(GameCommand::Puzzle(PuzzleCommand::Open));
    }
}
