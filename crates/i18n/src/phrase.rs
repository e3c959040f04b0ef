//! A message kept as its id and arguments and worded only when shown, so a notice raised before the
//! player's language is known (at start, while the files load) still reads in that language, and
//! follows a change of language while it is on screen.

use fluent_bundle::FluentValue;

use crate::Messages;

/// A message to word later: its id and its named arguments.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phrase {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    /// Said as it is (a file's path, a system error, a rule's key).
    Text(String),
    /// A count, for the language's plural rules.
    Number(u64),
    /// Another message, worded in the same language first.
    Phrase(Box<Phrase>),
}

impl Phrase {
    /// A message with no arguments.
    pub fn new(id: &'static str) -> Phrase {
        Phrase {
            id,
            args: Vec::new(),
        }
    }

    /// A message with arguments: `Phrase::with("file-kept-as", vec![("path", path.into())])`.
    pub fn with(id: &'static str, args: Vec<(&'static str, Arg)>) -> Phrase {
        Phrase { id, args }
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(n)
    }
}

impl From<Phrase> for Arg {
    fn from(phrase: Phrase) -> Arg {
        Arg::Phrase(Box::new(phrase))
    }
}

impl Messages {
    /// The phrase in this language, its inner phrases first.
    pub fn phrase(&self, phrase: &Phrase) -> String {
        let args: Vec<(&str, FluentValue)> = phrase
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(text) => FluentValue::from(text.as_str()),
                    Arg::Number(n) => FluentValue::from(*n),
                    Arg::Phrase(inner) => FluentValue::from(self.phrase(inner)),
                };
                (*name, value)
            })
            .collect();
        self.tr_args(phrase.id, &args)
    }
}
