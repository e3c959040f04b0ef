//! One language's messages, formatted on request. A message missing from a translation falls back to
//! English, and a message missing from English shows its id, so a slip never blanks a button.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::Language;

/// The Fluent source of a language, as embedded in the binary.
pub fn source(language: Language) -> &'static str {
    match language {
        Language::English => include_str!("../locales/en.ftl"),
        Language::Russian => include_str!("../locales/ru.ftl"),
        Language::Chinese => include_str!("../locales/zh-CN.ftl"),
        Language::Polish => include_str!("../locales/pl.ftl"),
    }
}

/// The ids of the messages a language's file defines, in file order.
pub fn message_ids(language: Language) -> Vec<String> {
    let resource = parse(language);
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

type Bundle = FluentBundle<FluentResource>;

/// The words of one language (with English behind it for anything missing).
pub struct Messages {
    language: Language,
    bundle: Bundle,
    english: Option<Bundle>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messages")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

impl Default for Messages {
    fn default() -> Messages {
        Messages::new(Language::English)
    }
}

fn parse(language: Language) -> FluentResource {
    // A syntax slip keeps the entries that parse; the tests insist there are none.
    FluentResource::try_new(source(language).to_owned()).unwrap_or_else(|(resource, _)| resource)
}

fn bundle(language: Language) -> Bundle {
    let mut bundle = FluentBundle::new_concurrent(vec![language.identifier()]);
    // egui would draw Unicode isolation marks around every argument as boxes.
    bundle.set_use_isolating(false);
    // Duplicate ids keep the first; the tests insist there are none.
    let _ = bundle.add_resource(parse(language));
    bundle
}

impl Messages {
    pub fn new(language: Language) -> Messages {
        Messages {
            language,
            bundle: bundle(language),
            english: (language != Language::English).then(|| bundle(Language::English)),
        }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// The message `id` with no arguments.
    pub fn tr(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with its arguments: `tr_args("moves-count", &[("count", 5.into())])`.
    pub fn tr_args(&self, id: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(id, Some(&fluent_args))
    }

    /// The message and the problems met formatting it (unknown variables, a missing message), for the
    /// checks that every translation formats cleanly.
    pub fn try_format(&self, id: &str, args: Option<&FluentArgs>) -> Result<String, Vec<String>> {
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| vec![format!("no message `{id}` in {}", self.language)])?;
        let pattern = message
            .value()
            .ok_or_else(|| vec![format!("message `{id}` has no value")])?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(errors.iter().map(|e| format!("`{id}`: {e}")).collect())
        }
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        [Some(&self.bundle), self.english.as_ref()]
            .into_iter()
            .flatten()
            .find_map(|bundle| {
                let pattern = bundle.get_message(id)?.value()?;
                let mut errors = Vec::new();
                Some(
                    bundle
                        .format_pattern(pattern, args, &mut errors)
                        .into_owned(),
                )
            })
            .unwrap_or_else(|| id.to_owned())
    }
}
