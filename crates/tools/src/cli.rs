//! Command-line arguments that more than one tool takes.

use clap::ValueEnum;
use tengen_engine::Rule;

/// The rules of the games, as the tools' `--rule` takes them.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RuleArg {
    Freestyle,
    Standard,
    Renju,
}

impl From<RuleArg> for Rule {
    fn from(rule: RuleArg) -> Rule {
        match rule {
            RuleArg::Freestyle => Rule::Freestyle,
            RuleArg::Standard => Rule::Standard,
            RuleArg::Renju => Rule::Renju,
        }
    }
}
