//! The player's language: which one is active (`--lang` for one run, else the Settings choice, else the
//! desktop's), its words as the [`Words`] resource the UI reads, and the Chinese font egui falls back to.
//!
//! The words themselves live in the `tengen-i18n` crate (one Fluent file per language).

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use tengen_engine::{Color, Forbidden, GameResult, Level, Mode, MoveReason, OpeningRule, Preset};
pub use tengen_i18n::{Arg, FluentValue, Language, Messages, Phrase};

use crate::settings::Settings;

/// The words, the active language and the system's: in the game, no window needed.
pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SystemLanguage(system_language()))
        .init_resource::<LanguageForThisRun>()
        .init_resource::<Words>()
        .add_systems(
            Update,
            choose_language.run_if(
                resource_changed::<Settings>
                    .or_else(resource_changed::<LanguageForThisRun>)
                    .or_else(resource_changed::<SystemLanguage>),
            ),
        );
}

/// The egui side: the Chinese fallback font, and the words handed to plain UI functions.
pub(crate) fn egui_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (add_chinese_font, share_words_with_egui).after(choose_language),
    );
}

/// The desktop's language when the game started (English if it is one the game lacks).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SystemLanguage(pub Language);

/// `--lang CODE`: a language for this run only, over the Settings choice; never saved. Picking a
/// language in Settings ends it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LanguageForThisRun(pub Option<Language>);

pub fn system_language() -> Language {
    sys_locale::get_locales()
        .find_map(|tag| Language::from_tag(&tag))
        .unwrap_or_default()
}

/// The language shown: this run's, else the player's choice, else the system's. A hand-edited tag the
/// game has no words for counts as no choice.
pub fn active_language(
    for_this_run: Option<Language>,
    chosen: Option<&str>,
    system: Language,
) -> Language {
    for_this_run
        .or_else(|| chosen.and_then(Language::from_tag))
        .unwrap_or(system)
}

fn choose_language(
    settings: Res<Settings>,
    mut for_this_run: ResMut<LanguageForThisRun>,
    system: Res<SystemLanguage>,
    mut words: ResMut<Words>,
    mut seen_choice: Local<Option<Option<String>>>,
) {
    // The player picked a language in Settings: that wins over `--lang` from now on.
    if seen_choice
        .as_ref()
        .is_some_and(|seen| *seen != settings.language)
        && for_this_run.0.is_some()
    {
        for_this_run.0 = None;
    }
    if seen_choice.as_ref() != Some(&settings.language) {
        *seen_choice = Some(settings.language.clone());
    }
    let language = active_language(for_this_run.0, settings.language.as_deref(), system.0);
    if words.language() != language {
        info!("language: {language}");
        *words = Words::new(language);
    }
}

/// The active language's words. Cheap to clone (shared), so plain UI functions can be handed a copy.
#[derive(Resource, Debug, Clone, Deref)]
pub struct Words(Arc<Messages>);

impl Default for Words {
    fn default() -> Words {
        Words::new(Language::English)
    }
}

impl Words {
    pub fn new(language: Language) -> Words {
        Words(Arc::new(Messages::new(language)))
    }

    pub fn preset(&self, preset: Preset) -> String {
        self.tr(tengen_i18n::preset_id(preset))
    }

    pub fn mode(&self, mode: Mode) -> String {
        self.tr(tengen_i18n::mode_id(mode))
    }

    pub fn level(&self, level: Level) -> String {
        self.tr(tengen_i18n::level_id(level))
    }

    /// A ladder step as the player reads it: "Step 5", or "Step 7 · Medium" for a named level's.
    pub fn step(&self, step: tengen_engine::Step) -> String {
        match step.level() {
            Some(level) => self.tr_args(
                "step-level",
                &[
                    ("step", step.number().into()),
                    ("level", self.level(level).into()),
                ],
            ),
            None => self.tr_args("step-plain", &[("step", step.number().into())]),
        }
    }

    /// A step placed among the levels, for the New game form's Step box, where no level button is
    /// lit for it: "Step 1 · easier than Low", "Step 5 · between Low and Medium"; a level's own
    /// step as [`Words::step`] says it.
    pub fn step_among_levels(&self, step: tengen_engine::Step) -> String {
        use tengen_engine::Step;
        if step.level().is_some() {
            return self.step(step);
        }
        let plain = self.step(step);
        // The nearest levels' steps on either side.
        let below = Step::ALL.iter().rev().filter(|s| **s < step);
        let above = Step::ALL.iter().filter(|s| **s > step);
        match (
            below.copied().find_map(Step::level),
            above.copied().find_map(Step::level),
        ) {
            (Some(lower), Some(upper)) => self.tr_args(
                "new-game-step-between",
                &[
                    ("step", plain.into()),
                    ("lower", self.level(lower).into()),
                    ("upper", self.level(upper).into()),
                ],
            ),
            (None, Some(upper)) => self.tr_args(
                "new-game-step-below",
                &[("step", plain.into()), ("level", self.level(upper).into())],
            ),
            _ => plain,
        }
    }

    /// "Black" and "White", or "X" and "O" in tic-tac-toe.
    pub fn side(&self, color: Color, tic_tac_toe: bool) -> String {
        self.tr(tengen_i18n::side_id(color, tic_tac_toe))
    }

    /// The two seats' names ("You", "Computer"), seat 0 first.
    pub fn seat_names(&self, mode: Mode) -> [String; 2] {
        tengen_i18n::seat_ids(mode).map(|id| self.tr(id))
    }

    /// An opening rule's name: free, swap or swap2.
    /// The rule's name, with its N where it has one (Soosõrv-8).
    pub fn opening_rule(&self, rule: OpeningRule) -> String {
        let id = tengen_i18n::opening_rule_id(rule);
        match rule.offers() {
            Some(n) => self.tr_args(id, &[("n", i64::from(n).into())]),
            None => self.tr(id),
        }
    }

    /// A renju opening's name (*kagetsu*), in the player's language.
    pub fn renju_opening(&self, opening: tengen_engine::RenjuOpening) -> String {
        self.tr(tengen_i18n::renju_opening_id(opening))
    }

    pub fn forbidden(&self, why: Forbidden) -> String {
        self.tr(tengen_i18n::forbidden_id(why))
    }

    pub fn result(&self, result: GameResult) -> String {
        self.tr(tengen_i18n::result_id(result))
    }

    /// Why the hint suggests its move, in words.
    pub fn hint_reason(&self, reason: MoveReason) -> String {
        let (id, args) = tengen_i18n::hint_reason(reason);
        self.tr_args(id, &args)
    }

    /// "5 moves", "5 ходов", "5 ruchów".
    pub fn moves(&self, count: usize) -> String {
        self.tr_args("moves-count", &[("count", count.into())])
    }

    /// "21 Nov 2026, 21:09", "2026年11月21日 21:09": a moment in the player's own time zone, written
    /// as their language writes dates.
    pub fn when(&self, secs: u64) -> String {
        self.local_when(tengen_store::local_time(secs))
    }

    /// [`Words::when`] of a moment already on the local clock.
    pub fn local_when(&self, t: tengen_store::LocalTime) -> String {
        self.tr_args(
            "date-and-time",
            &[
                ("year", t.year.to_string().into()),
                ("month", i64::from(t.month).into()),
                ("day", t.day.to_string().into()),
                ("time", format!("{:02}:{:02}", t.hour, t.minute).into()),
            ],
        )
    }

    /// "1.5 s", "2 min 05 s": durations as a player reads them, with the language's decimal mark.
    pub fn duration(&self, duration: Duration) -> String {
        let secs = duration.as_secs();
        if secs < 60 {
            let mut seconds = format!("{:.1}", duration.as_secs_f32());
            if matches!(self.language(), Language::Russian | Language::Polish) {
                seconds = seconds.replace('.', ",");
            }
            self.tr_args("duration-seconds", &[("seconds", seconds.into())])
        } else {
            self.tr_args(
                "duration-minutes",
                &[
                    ("minutes", (secs / 60).into()),
                    ("seconds", format!("{:02}", secs % 60).into()),
                ],
            )
        }
    }
}

/// The words and the system language, kept in egui's memory for UI functions that get only a `Ui`
/// (like the settings form's language row).
#[derive(Clone)]
struct SharedWords {
    words: Words,
    system: Language,
}

fn shared_words_id() -> egui::Id {
    egui::Id::new("tengen words")
}

/// The words a UI function should use: the active language's, English before the game shares them.
pub fn words_in(ctx: &egui::Context) -> (Words, Language) {
    ctx.data(|data| data.get_temp::<SharedWords>(shared_words_id()))
        .map_or_else(
            || (Words::default(), Language::English),
            |shared| (shared.words, shared.system),
        )
}

fn share_words_with_egui(
    mut contexts: EguiContexts,
    words: Res<Words>,
    system: Res<SystemLanguage>,
    mut shared: Local<Option<(Language, Language)>>,
) {
    let now = (words.language(), system.0);
    if *shared == Some(now) {
        return;
    }
    // No egui context yet (the first frames): try again next frame.
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let value = SharedWords {
        words: words.clone(),
        system: system.0,
    };
    ctx.data_mut(|data| data.insert_temp(shared_words_id(), value));
    *shared = Some(now);
}

/// Where the subset of Noto Sans CJK SC sits among the embedded assets (`scripts/subset-font.sh`).
pub const CHINESE_FONT: &str = "fonts/NotoSansCJKsc-Regular-subset.otf";

/// Adds the Chinese font right behind egui's own (which has Latin, Polish and Cyrillic letters but no
/// Chinese), once the egui context exists: see [`with_chinese_font`].
fn add_chinese_font(mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    *done = true;
    let Some((_, bytes)) = crate::embedded::FILES
        .iter()
        .find(|(path, _)| *path == CHINESE_FONT)
    else {
        warn!("no {CHINESE_FONT} among the embedded assets: Chinese text shows as boxes");
        return;
    };
    ctx.set_fonts(with_chinese_font(egui::FontData::from_static(bytes)));
}

/// The name the Chinese font goes by among egui's fonts.
pub const CHINESE_FONT_NAME: &str = "Noto Sans CJK SC";

/// egui's fonts with the Chinese one second in each family: after egui's text font, before its
/// emoji and icon fonts. Last, it lost the full-width brackets （） to the icon font, which draws
/// them as narrow ones in the middle of a wide cell, so Chinese read "电脑 ( 初级 )".
pub fn with_chinese_font(data: egui::FontData) -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts
        .font_data
        .insert(CHINESE_FONT_NAME.to_owned(), std::sync::Arc::new(data));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        list.insert(list.len().min(1), CHINESE_FONT_NAME.to_owned());
    }
    fonts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far into its cell the ink of `c` starts, as a share of the cell, in `fonts`.
    fn ink_start(fonts: egui::FontDefinitions, c: char) -> f32 {
        let ctx = egui::Context::default();
        ctx.set_fonts(fonts);
        let mut share = 0.0;
        // The fonts set take effect at the next pass.
        for _ in 0..2 {
            // Nothing is painted: the font atlas's uploads are dropped on purpose.
            let mut output = ctx.run_ui(Default::default(), |ui| {
                let galley = ui.ctx().fonts_mut(|f| {
                    f.layout_no_wrap(
                        c.to_string(),
                        egui::FontId::proportional(20.0),
                        egui::Color32::WHITE,
                    )
                });
                let glyph = galley.rows[0].glyphs[0];
                share = glyph.uv_rect.offset.x / glyph.advance_width;
            });
            output.textures_delta.clear();
        }
        share
    }

    #[test]
    fn a_step_between_levels_says_where_it_sits() {
        let words = Words::new(Language::English);
        let step = |n| tengen_engine::Step::new(n).expect("a step of the ladder");
        assert_eq!(words.step_among_levels(step(1)), "Step 1 · easier than Low");
        assert_eq!(words.step_among_levels(step(2)), "Step 2 · Low");
        assert_eq!(
            words.step_among_levels(step(5)),
            "Step 5 · between Low and Medium"
        );
        assert_eq!(
            words.step_among_levels(step(13)),
            "Step 13 · between Medium and Expert"
        );
        assert_eq!(words.step_among_levels(step(14)), "Step 14 · Expert");
        // Every language names both levels.
        for language in Language::ALL {
            let words = Words::new(language);
            let said = words.step_among_levels(step(5));
            for level in [Level::Low, Level::Medium] {
                assert!(said.contains(&words.level(level)), "{language:?}: {said}");
            }
        }
    }

    #[test]
    fn full_width_brackets_come_from_the_chinese_font() {
        let (_, bytes) = crate::embedded::FILES
            .iter()
            .find(|(path, _)| *path == CHINESE_FONT)
            .expect("the Chinese font is embedded");
        let fonts = with_chinese_font(egui::FontData::from_static(bytes));
        // The Chinese font draws "（" against the word it opens; egui's icon font, which also has
        // it, drew it in the middle of the cell: "电脑 ( 初级 )".
        assert!(ink_start(fonts.clone(), '（') > 0.5);
        // Latin letters stay egui's own.
        let proportional = &fonts.families[&egui::FontFamily::Proportional];
        assert_eq!(proportional[1], CHINESE_FONT_NAME, "{proportional:?}");
        assert_ne!(proportional[0], CHINESE_FONT_NAME);
    }
}
