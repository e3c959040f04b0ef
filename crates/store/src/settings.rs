//! The player's settings (`settings.json` in the config folder): read at start, written when changed.
//!
//! Missing fields take their defaults and unknown fields are ignored, so a file from a nearby version
//! still loads. Version history: v1 stored `volume_percent` (0–100), `animations` (on/off) and `level`
//! as 1–3; v2 stores `volume` (0.0–1.0), `animation` (off/normal/fast) and the level by name.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tengen_engine::{Color, Level, Mode, OpeningRule, Preset, THINK_TIME};

use crate::file::{FileKind, Format, Loaded, Problem, StoreError};
use crate::model::{by_name, color_serde, preset_serde};
use crate::paths::Paths;

/// Board and UI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Classic,
    /// High contrast for poor screens and eyes.
    Contrast,
}

/// How stones and markers move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    Off,
    #[default]
    Normal,
    Fast,
}

impl AnimationSpeed {
    /// A multiplier for animation clocks; `0.0` means jump to the end.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 2.0,
        }
    }
}

/// How moves are counted wherever a number is shown (the move list, the status line, the result, the
/// review, the record viewer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveNumbering {
    /// Every stone its own number, 1, 2, 3 …, as renju records count.
    #[default]
    Single,
    /// Black's move and White's answer under one number, `1. h8 h9`, as chess counts.
    Pairs,
}

/// Everything the player chooses once and expects to find again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub sound: bool,
    /// 0.0 (silent) to 1.0 (full).
    pub volume: f32,
    pub theme: Theme,
    pub animation: AnimationSpeed,
    pub show_coordinates: bool,
    /// Renju: mark black's forbidden points.
    pub show_forbidden: bool,
    /// The mode of the last game started.
    #[serde(with = "by_name")]
    pub mode: Mode,
    #[serde(with = "preset_serde")]
    pub preset: Preset,
    #[serde(with = "by_name")]
    pub level: Level,
    /// The human's colour against the computer (black moves first).
    #[serde(with = "color_serde")]
    pub human_color: Color,
    /// How long Expert thinks per move, in milliseconds (within the engine's [`THINK_TIME`]).
    pub expert_think_ms: u64,
    /// The ladder step (1 to `Step::COUNT`) the computer played in the last game, when not one of the
    /// three levels. A fresh install starts on step 1 (a newcomer's first game is one they can win);
    /// a file that has none is a player who chose a level before steps existed, so it stays absent.
    #[serde(default)]
    pub step: Option<u8>,
    /// The last game against the computer was "Match my strength" (absent in older files: no).
    pub match_strength: bool,
    /// The opening rule of the last game started: free, swap or swap2 (absent in older files: free).
    #[serde(with = "by_name")]
    pub opening: OpeningRule,
    /// The time control of the last game started, as players write it (`none`, `3+2`,
    /// `byo-yomi 10+3x30`, `10/move`: see [`tengen_match::TimeControl`]); absent in older files: none.
    pub time_control: String,
    /// Written into game records and the hall of fame.
    pub player_name: String,
    /// The folder the Open and Save dialogs showed last (absent in older files: the saved-games folder).
    pub last_folder: Option<PathBuf>,
    /// Number the stones in the order they were played.
    pub move_numbers: bool,
    /// Single moves or pairs (absent in older files: single moves).
    pub numbering: MoveNumbering,
    /// The language the player chose (`en`, `ru`, `zh-CN`, `pl`); `None` follows the system's. Kept as
    /// the tag, so a file naming a language this build lacks still loads (and falls back).
    pub language: Option<String>,
    /// The window's size and place when it was last resized or moved, to open it there again
    /// (absent in older files: the default size, placed by the desktop).
    pub window: Option<WindowPlace>,
    /// The outside Gomocup engines the player added (absent in older files: none; Tengen's own
    /// engine is always there and never listed).
    pub engines: Vec<EngineEntry>,
    /// The added engine the last game against the computer was played against, by its id (absent
    /// in older files: Tengen's own).
    pub opponent_engine: Option<u32>,
    /// The added engine in the first seat of the last game between two computers, by its id (absent
    /// in older files: Tengen's own); the second seat's is `opponent_engine`.
    pub first_engine: Option<u32>,
    /// The added engine that gives the hints, by its id (absent in older files: Tengen's own).
    pub hint_engine: Option<u32>,
}

/// An outside engine (`pbrain-*`) the player added in Settings → Engines, with what `ABOUT` said
/// when it was added and what it is told on each start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineEntry {
    /// Unique among the entries, kept when others are removed (a game's setup names it).
    pub id: u32,
    /// The program, as typed or chosen.
    pub path: String,
    /// Its arguments, split on whitespace.
    pub arguments: String,
    /// `ABOUT`'s name, version, author and country.
    pub name: String,
    pub version: String,
    pub author: String,
    pub country: String,
    /// `INFO thread_num` (0: not sent, the engine's own choice).
    pub threads: u32,
    /// `INFO max_memory` in megabytes (0: no limit).
    pub memory_mb: u32,
    /// Further `INFO` keys, one `key=value` a line, sent as given on each start.
    pub info: String,
    /// Whether it keeps renju's forbidden points for black, as its last check showed (`None`: not
    /// checked, or it gave no answer): the protocol has no field for the rules an engine plays.
    pub renju: Option<bool>,
}

/// How the player tells `entry` apart among `all` the added engines: its `ABOUT` name and version,
/// and its arguments where another entry has the same name and version (one program added twice,
/// at two strengths); the command where `ABOUT` gave no name.
pub fn engine_title(entry: &EngineEntry, all: &[EngineEntry]) -> String {
    if entry.name.is_empty() {
        return entry.command();
    }
    let mut title = entry.name.clone();
    if !entry.version.is_empty() {
        title = format!("{title} {}", entry.version);
    }
    let twin = all
        .iter()
        .any(|e| e.id != entry.id && e.name == entry.name && e.version == entry.version);
    if twin && !entry.arguments.trim().is_empty() {
        title = format!("{title} ({})", entry.arguments.trim());
    }
    title
}

impl EngineEntry {
    /// The command line the host starts: the program, then its arguments.
    pub fn command(&self) -> String {
        let arguments = self.arguments.trim();
        if arguments.is_empty() {
            self.path.trim().to_owned()
        } else {
            format!("{} {arguments}", self.path.trim())
        }
    }

    /// The extra `INFO` keys to send: threads when set, then each `key=value` line (a line without
    /// `=` or with a blank key is left out, a key is one word).
    pub fn info_pairs(&self) -> Vec<(String, String)> {
        let mut pairs = Vec::new();
        if self.threads > 0 {
            pairs.push(("thread_num".to_owned(), self.threads.to_string()));
        }
        for line in self.info.lines() {
            if let Some((key, value)) = line.split_once('=') {
                let (key, value) = (key.trim(), value.trim());
                if !key.is_empty() && !key.contains(char::is_whitespace) {
                    pairs.push((key.to_owned(), value.to_owned()));
                }
            }
        }
        pairs
    }

    /// `INFO max_memory` in bytes (0: no limit).
    pub fn max_memory(&self) -> u64 {
        u64::from(self.memory_mb) * 1024 * 1024
    }
}

/// The window's size, in logical pixels, and its top-left corner on the desktop, in physical pixels
/// (absent where the desktop does not say, as under Wayland).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlace {
    pub width: u32,
    pub height: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<[i32; 2]>,
}

/// The smallest window, in logical pixels: every screen is laid out and checked at it.
pub const WINDOW_MIN: (u32, u32) = (800, 560);

/// The largest window side taken from the file, in logical pixels (a hand-edited or damaged size
/// must not ask for a window no screen has).
const WINDOW_MAX_SIDE: u32 = 16_384;

impl WindowPlace {
    /// The place brought within sane bounds: at least the smallest window, at most
    /// [`WINDOW_MAX_SIDE`] a side; a corner far off any desktop is dropped (the desktop places it).
    pub fn clamped(self) -> WindowPlace {
        WindowPlace {
            width: self.width.clamp(WINDOW_MIN.0, WINDOW_MAX_SIDE),
            height: self.height.clamp(WINDOW_MIN.1, WINDOW_MAX_SIDE),
            position: self
                .position
                .filter(|p| p.iter().all(|c| c.unsigned_abs() <= 4 * WINDOW_MAX_SIDE)),
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sound: true,
            volume: 0.8,
            theme: Theme::Classic,
            animation: AnimationSpeed::Normal,
            show_coordinates: true,
            show_forbidden: true,
            mode: Mode::HumanVsComputer,
            preset: Preset::Freestyle15,
            // A newcomer's first game is one they can win: the ladder's first step (issue 62).
            level: Level::Low,
            human_color: Color::Black,
            expert_think_ms: 1000,
            step: Some(1),
            match_strength: false,
            opening: OpeningRule::Free,
            time_control: "none".to_owned(),
            player_name: "Player".to_owned(),
            last_folder: None,
            move_numbers: false,
            numbering: MoveNumbering::Single,
            language: None,
            window: None,
            engines: Vec::new(),
            opponent_engine: None,
            first_engine: None,
            hint_engine: None,
        }
    }
}

impl Settings {
    /// The added engine with this id, if it is still in the list.
    pub fn engine(&self, id: u32) -> Option<&EngineEntry> {
        self.engines.iter().find(|e| e.id == id)
    }

    /// Brings hand-edited values back into range (a volume of 7, an Expert thinking for an hour).
    pub fn clamped(mut self) -> Settings {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        let ms = |d: &std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        self.expert_think_ms = self
            .expert_think_ms
            .clamp(ms(THINK_TIME.start()), ms(THINK_TIME.end()));
        self.step = self
            .step
            .filter(|&n| tengen_engine::Step::new(n).is_some_and(|s| s.level().is_none()));
        // A hand-edited time control the game cannot read is no clock.
        self.time_control = self
            .time_control
            .parse::<tengen_match::TimeControl>()
            .unwrap_or_default()
            .to_string();
        // Trimmed after the cut too: a cut at a space would otherwise end the name in one, and the
        // next load would trim it away (settings that change by being read).
        let name: String = self.player_name.trim().chars().take(40).collect();
        self.player_name = name.trim_end().to_owned();
        if self.player_name.is_empty() {
            self.player_name = Settings::default().player_name;
        }
        self.language = self
            .language
            .map(|tag| {
                tag.trim()
                    .chars()
                    .take(35)
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .filter(|tag| !tag.is_empty());
        self.window = self.window.map(WindowPlace::clamped);
        // Two entries with one id would make a game's choice ambiguous: the later ones are dropped.
        let mut seen = std::collections::HashSet::new();
        self.engines.retain(|e| seen.insert(e.id));
        let engines = &self.engines;
        let listed = |id: &u32| engines.iter().any(|e| e.id == *id);
        self.opponent_engine = self.opponent_engine.filter(listed);
        self.first_engine = self.first_engine.filter(listed);
        self.hint_engine = self.hint_engine.filter(listed);
        self
    }
}

/// v1 → v2: volume from percent to a fraction, animations from on/off to a speed, level from a number
/// to a name.
fn settings_v1_to_v2(v: Value) -> Result<Value, Problem> {
    settings_v1_to_v2_text(v).map_err(Problem::WrongTypes)
}

fn settings_v1_to_v2_text(mut v: Value) -> Result<Value, String> {
    let obj = v.as_object_mut().ok_or("expected an object")?;
    if let Some(p) = obj.remove("volume_percent") {
        let p = p
            .as_f64()
            .ok_or_else(|| format!("volume_percent {p} is not a number"))?;
        obj.insert("volume".into(), Value::from(p / 100.0));
    }
    if let Some(a) = obj.remove("animations") {
        let on = a
            .as_bool()
            .ok_or_else(|| format!("animations {a} is not true or false"))?;
        obj.insert(
            "animation".into(),
            Value::from(if on { "normal" } else { "off" }),
        );
    }
    if let Some(l) = obj.get("level").cloned()
        && let Some(n) = l.as_u64()
    {
        let name = match n {
            1 => "low",
            2 => "medium",
            3 => "expert",
            _ => return Err(format!("level {n} is not 1, 2 or 3")),
        };
        obj.insert("level".into(), Value::from(name));
    }
    Ok(v)
}

pub(crate) const FORMAT: Format = Format {
    file: FileKind::Settings,
    current: 2,
    migrations: &[settings_v1_to_v2],
};

/// The saved settings, or the defaults (first start, or a bad file: see the warnings).
pub fn load_settings(paths: &Paths) -> Loaded<Settings> {
    crate::file::clean_temp_files(paths.config_dir());
    match FORMAT.load::<Settings, _>(&paths.settings(), Ok) {
        Ok(s) => Loaded::clean(s.unwrap_or_default().clamped()),
        Err(w) => Loaded {
            value: Settings::default(),
            warnings: vec![w],
        },
    }
}

pub fn save_settings(paths: &Paths, settings: &Settings) -> Result<(), StoreError> {
    FORMAT.save(&paths.settings(), settings)
}

#[cfg(test)]
mod newcomer_tests {
    use super::Settings;

    /// A newcomer is first offered the ladder's first step, which a novice beats about half the time
    /// (`tengen-match step:1 bot:novice --games 40`, see `tengen_engine::Step`), not Medium.
    #[test]
    fn a_newcomer_is_offered_the_first_step() {
        let fresh = Settings::default();
        assert_eq!(fresh.step, Some(1));
        let first = tengen_engine::Step::new(1).expect("step 1");
        assert!(first.rating() < tengen_engine::Step::from_level(fresh.level).rating());
    }
}
