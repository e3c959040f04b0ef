//! Command-line arguments that more than one tool takes.

use std::path::Path;

use clap::ValueEnum;
use tengen_engine::{LearnedTable, Rule, use_table};

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

/// Puts the weights file at `path` in place of the table the build embeds for `rule`, for the rest
/// of the process (`--weights`: to measure a newly trained net without a rebuild). Must come before
/// the first search; the error says in plain words what is wrong with the file. Returns the file's
/// bytes, for a caller that also records which file played (a recipe's hash of it).
pub fn use_weights_file(rule: Rule, path: &Path) -> Result<Vec<u8>, String> {
    let name = path.display();
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read the weights file {name}: {e}"))?;
    let table = LearnedTable::parse(&bytes).map_err(|e| format!("{name}: {e}"))?;
    use_table(rule, table).map_err(|e| format!("{name}: {e}"))?;
    Ok(bytes)
}
