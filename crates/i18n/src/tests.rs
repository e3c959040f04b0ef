//! Every language has every English message and no others, each formats with the arguments the game
//! passes, plurals follow each language's rules, and the engine's values all have words.

use std::collections::BTreeSet;

use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
use tengen_engine::{Color, Forbidden, GameResult, Level, Mode, MoveReason, OpeningRule, Preset};

use crate::*;

fn resource(language: Language) -> FluentResource {
    match FluentResource::try_new(source(language).to_owned()) {
        Ok(resource) => resource,
        Err((_, errors)) => panic!("{language}.ftl does not parse: {errors:?}"),
    }
}

/// The variables a pattern refers to, inside selectors and variants too.
fn variables(pattern: &Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, found);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                variables(&variant.value, found);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, found),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        _ => {}
    }
}

/// Each English message's id and the variables the game passes it.
fn english_messages() -> Vec<(String, BTreeSet<String>)> {
    let english = resource(Language::English);
    english
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => {
                let mut found = BTreeSet::new();
                if let Some(value) = &m.value {
                    variables(value, &mut found);
                }
                Some((m.id.name.to_owned(), found))
            }
            _ => None,
        })
        .collect()
}

/// A value like the game's for a variable: counts are numbers, the rest are words.
fn sample(name: &str, number: u32) -> FluentValue<'static> {
    match name {
        "count" | "moves" | "move" | "size" | "length" | "undos" | "hints" | "streak"
        | "seconds" | "minutes" => FluentValue::from(number),
        _ => FluentValue::from(format!("<{name}>")),
    }
}

#[test]
fn every_file_parses_without_duplicates() {
    for language in Language::ALL {
        resource(language);
        let ids = message_ids(language);
        let unique: BTreeSet<&String> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "{language}.ftl repeats an id");
    }
}

#[test]
fn every_language_has_exactly_the_english_ids() {
    let english: BTreeSet<String> = message_ids(Language::English).into_iter().collect();
    assert!(
        english.len() > 150,
        "English has {} messages",
        english.len()
    );
    for language in Language::ALL {
        let ids: BTreeSet<String> = message_ids(language).into_iter().collect();
        let missing: Vec<_> = english.difference(&ids).collect();
        let extra: Vec<_> = ids.difference(&english).collect();
        assert!(missing.is_empty(), "{language}.ftl lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{language}.ftl has ids English lacks: {extra:?}"
        );
    }
}

#[test]
fn every_message_formats_with_the_english_arguments() {
    let english = english_messages();
    for language in Language::ALL {
        let messages = Messages::new(language);
        for (id, names) in &english {
            // 1, 2, 5 and 22 cover every plural category these languages use for whole numbers.
            for number in [0, 1, 2, 5, 11, 22] {
                let mut args = FluentArgs::new();
                for name in names {
                    args.set(name.clone(), sample(name, number));
                }
                let text = messages
                    .try_format(id, Some(&args))
                    .unwrap_or_else(|errors| panic!("{language}: {errors:?}"));
                assert!(!text.trim().is_empty(), "{language}: `{id}` is empty");
                assert!(
                    !text.contains('{') && !text.contains('\u{2068}'),
                    "{language}: `{id}` formats as {text:?}"
                );
            }
        }
    }
}

#[test]
fn translations_use_each_argument_the_english_one_uses() {
    // A translation that drops `{ $cell }` would hide where the hint is.
    let english = english_messages();
    for language in Language::ALL {
        let translated = resource(language);
        for entry in translated.entries() {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            let mut found = BTreeSet::new();
            if let Some(value) = &m.value {
                variables(value, &mut found);
            }
            let Some((_, wanted)) = english.iter().find(|(id, _)| id == m.id.name) else {
                continue;
            };
            assert_eq!(&found, wanted, "{language}: `{}` arguments", m.id.name);
        }
    }
}

fn moves(language: Language, n: u32) -> String {
    Messages::new(language).tr_args("moves-count", &[("count", n.into())])
}

#[test]
fn plurals_follow_each_language() {
    use Language::*;
    assert_eq!(moves(English, 1), "1 move");
    assert_eq!(moves(English, 5), "5 moves");
    assert_eq!(moves(Russian, 1), "1 ход");
    assert_eq!(moves(Russian, 2), "2 хода");
    assert_eq!(moves(Russian, 5), "5 ходов");
    assert_eq!(moves(Russian, 21), "21 ход");
    assert_eq!(moves(Polish, 1), "1 ruch");
    assert_eq!(moves(Polish, 2), "2 ruchy");
    assert_eq!(moves(Polish, 5), "5 ruchów");
    assert_eq!(moves(Polish, 22), "22 ruchy");
    assert_eq!(moves(Chinese, 5), "5 步");
}

#[test]
fn arguments_are_not_wrapped_in_isolation_marks() {
    let text = Messages::new(Language::English).tr_args(
        "hud-hint",
        &[("cell", "h8".into()), ("reason", "make five".into())],
    );
    assert_eq!(text, "Hint: h8 — make five");
}

#[test]
fn a_missing_message_shows_its_id() {
    assert_eq!(
        Messages::new(Language::Polish).tr("no-such-message"),
        "no-such-message"
    );
}

#[test]
fn language_tags_pick_a_language() {
    assert_eq!(Language::from_tag("ru_RU.UTF-8"), Some(Language::Russian));
    assert_eq!(Language::from_tag("zh-Hans-CN"), Some(Language::Chinese));
    assert_eq!(Language::from_tag("zh_TW"), Some(Language::Chinese));
    assert_eq!(Language::from_tag("pl-PL"), Some(Language::Polish));
    assert_eq!(Language::from_tag("en-GB"), Some(Language::English));
    assert_eq!(Language::from_tag("de-DE"), None);
    assert_eq!(Language::from_tag("C"), None);
    assert_eq!(Language::from_tag(""), None);
    for language in Language::ALL {
        assert_eq!(language.code().parse(), Ok(language));
        assert!(
            language
                .code()
                .parse::<unic_langid::LanguageIdentifier>()
                .is_ok()
        );
    }
    let error = "xx".parse::<Language>().unwrap_err().to_string();
    assert!(error.contains("en, ru, zh-CN, pl"), "{error}");
}

#[test]
fn every_engine_value_has_words_in_english() {
    let ids: BTreeSet<String> = message_ids(Language::English).into_iter().collect();
    let mut wanted: Vec<&str> = Vec::new();
    wanted.extend(Preset::ALL.map(preset_id));
    wanted.extend(Mode::ALL.map(mode_id));
    wanted.extend(Mode::ALL.into_iter().flat_map(seat_ids));
    wanted.extend(Level::ALL.map(level_id));
    wanted.extend(OpeningRule::ALL.map(opening_rule_id));
    wanted.extend(tengen_engine::RenjuOpening::all().map(renju_opening_id));
    for color in [Color::Black, Color::White] {
        wanted.extend([side_id(color, false), side_id(color, true)]);
    }
    wanted.extend(
        [
            Forbidden::DoubleThree,
            Forbidden::DoubleFour,
            Forbidden::Overline,
        ]
        .map(forbidden_id),
    );
    wanted.extend(
        [
            GameResult::BlackWins,
            GameResult::WhiteWins,
            GameResult::Draw,
        ]
        .map(result_id),
    );
    use MoveReason::*;
    let reasons = [
        Opening,
        MakeFive,
        BlockFive,
        MakeOpenFour,
        ForcedWinFours(3),
        ForcedWin(4),
        ForcedWinThreats,
        MakeFourThree,
        MakeFour,
        MakeDoubleThree,
        MakeOpenThree,
        BlockOpenThree,
        BlockDoubleThreat,
        TakeKeyPoint,
        LosingAnyway,
        GoodShape,
    ];
    for reason in reasons {
        let (id, args) = hint_reason(reason);
        wanted.push(id);
        for language in Language::ALL {
            let text = Messages::new(language).tr_args(id, &args);
            assert!(!text.contains("<") && text != id, "{language}: {text}");
        }
    }
    for id in wanted {
        assert!(ids.contains(id), "no English message `{id}`");
    }
}

#[test]
fn a_phrase_is_worded_in_the_language_asked_with_its_inner_phrases() {
    let file = Phrase::new("file-name-settings");
    let problem = Phrase::with("file-problem-damaged", vec![("file", file.into())]);
    let phrase = Phrase::with(
        "file-notice-unusable-kept",
        vec![
            ("problem", problem.into()),
            ("fallback", Phrase::new("file-fallback-settings").into()),
            ("path", "/tmp/settings.json.bad-1".into()),
        ],
    );
    assert_eq!(
        Messages::new(Language::English).phrase(&phrase),
        "The settings file is damaged and could not be read. Default settings are used. \
         The old file was kept as a backup at /tmp/settings.json.bad-1."
    );
    let russian = Messages::new(Language::Russian).phrase(&phrase);
    assert!(
        russian.starts_with("Файл настроек повреждён") && russian.contains("/tmp/settings.json"),
        "{russian}"
    );
    let chinese = Messages::new(Language::Chinese).phrase(&phrase);
    assert!(chinese.starts_with("设置文件已损坏"), "{chinese}");
    let count = Phrase::with("moves-count", vec![("count", 5u64.into())]);
    assert_eq!(Messages::new(Language::Polish).phrase(&count), "5 ruchów");
}
