//! The languages the game speaks and how a language tag (`ru`, `pl-PL`, `zh-Hans-CN`) picks one.

use std::fmt;
use std::str::FromStr;

use unic_langid::LanguageIdentifier;

/// A language the game has words for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    Russian,
    /// Simplified Chinese.
    Chinese,
    Polish,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Russian,
        Language::Chinese,
        Language::Polish,
    ];

    /// The tag the settings file and `--lang` use.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
            Language::Chinese => "zh-CN",
            Language::Polish => "pl",
        }
    }

    /// The language's name in itself, as the picker shows it whatever the current language.
    pub const fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
            Language::Chinese => "简体中文",
            Language::Polish => "Polski",
        }
    }

    /// The language a tag asks for, if the game has it: `ru-RU` is Russian, any Chinese is Simplified
    /// Chinese (the only Chinese there is). `None` for languages the game lacks or tags that don't parse.
    pub fn from_tag(tag: &str) -> Option<Language> {
        // POSIX locales look like `ru_RU.UTF-8`: keep the tag part.
        let tag = tag
            .split(['.', '@'])
            .next()
            .unwrap_or(tag)
            .replace('_', "-");
        let id: LanguageIdentifier = tag.parse().ok()?;
        Language::ALL
            .into_iter()
            .find(|l| l.code().split('-').next() == Some(id.language.as_str()))
    }

    pub(crate) fn identifier(self) -> LanguageIdentifier {
        // Every code above is a valid tag (a test parses them all).
        self.code().parse().unwrap_or_default()
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language tag the game has no words for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLanguageError(pub String);

impl fmt::Display for ParseLanguageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        write!(
            f,
            "unknown language `{}` (use one of: {})",
            self.0,
            codes.join(", ")
        )
    }
}

impl std::error::Error for ParseLanguageError {}

impl FromStr for Language {
    type Err = ParseLanguageError;

    fn from_str(tag: &str) -> Result<Language, ParseLanguageError> {
        Language::from_tag(tag).ok_or_else(|| ParseLanguageError(tag.to_owned()))
    }
}
