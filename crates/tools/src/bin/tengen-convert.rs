//! Headless record converter between SGF (variations, comments and marks kept from SGF to SGF),
//! Piskvork `.psq`, and the position strings people paste: Gomocup `x,y` move lists, move orders
//! (`h8i9j10`) and Tengen's `AB[..]AW[..]PL[..]` form. Every record is read by the game's own loader
//! and replayed under the rules, so a file it refuses is one the game refuses, with the same words.
//!
//! `tengen-convert game.sgf game.psq`, `tengen-convert --to moves game.sgf -`

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use tengen_engine::{Game, Preset, Psq, Rule, Sgf, SgfTree, Variant, read_renlib};
use tengen_store::{GameRecord, OpenError, TextForm};

const ABOUT: &str = "Convert a game record between SGF, Piskvork .psq and pasted position strings.";

const AFTER_HELP: &str = "\
The input's form comes from its extension (.sgf, .psq, .lib: a RenLib library, to SGF only) or else from its content: a Gomocup list of
x,y lines (0-based, from the top-left corner), a move order such as h8i9j10 (spaces or commas
between moves allowed), or Tengen's AB[h8]AW[i9]PL[B]j10. The output's form comes from --to or else
from OUT's extension (.sgf, .psq). IN or OUT may be - for standard input or output.
SGF to SGF keeps every variation, comment and mark; the other forms hold the main line only.
Exit codes: 0 converted, 1 usage (bad option, unknown output form), 2 the input cannot be read or is
not a valid record (the message gives the file, line and column), 3 the output cannot be written.";

/// Output forms, as `--to` names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum To {
    Sgf,
    Psq,
    Moves,
    Gomocup,
    Pos,
}

/// Rules, as `--rule` names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum RuleArg {
    Freestyle,
    Standard,
    Renju,
}

#[derive(Parser)]
#[command(about = ABOUT, after_help = AFTER_HELP)]
struct Args {
    /// The record to read, or - for standard input.
    input: String,
    /// Where to write it, or - for standard output.
    output: String,
    /// The output's form, when OUT's extension does not say it.
    #[arg(long, value_enum)]
    to: Option<To>,
    /// The rule of an input that names none (.psq, move lists, move orders): freestyle, standard or
    /// renju.
    #[arg(long, value_enum, default_value = "freestyle")]
    rule: RuleArg,
    /// The board side of a move list or move order (a .psq and an SGF give their own).
    #[arg(long, default_value_t = 15)]
    size: u8,
}

const USAGE: u8 = 1;
const BAD_INPUT: u8 = 2;
const CANNOT_WRITE: u8 = 3;

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(USAGE)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, message)) => {
            eprintln!("tengen-convert: {message}");
            ExitCode::from(code)
        }
    }
}

/// A record read: the main line, and for SGF and `.psq` the whole record as read, written again, for
/// an output in the same form (an SGF's variations, a `.psq`'s times and trailer).
struct Loaded {
    record: GameRecord,
    whole: Option<(TextForm, String)>,
}

fn run(args: &Args) -> Result<(), (u8, String)> {
    let form = output_form(args).ok_or_else(|| {
        (
            USAGE,
            format!(
                "cannot tell the output form from {:?}: give --to sgf, psq, moves, gomocup or pos",
                args.output
            ),
        )
    })?;
    let rule = match args.rule {
        RuleArg::Freestyle => Rule::Freestyle,
        RuleArg::Standard => Rule::Standard,
        RuleArg::Renju => Rule::Renju,
    };
    let variant = Variant::new(args.size, args.size.min(5), rule)
        .map_err(|e| (USAGE, format!("--size {}: {e}", args.size)))?;
    let bytes = read_input(&args.input).map_err(|e| {
        (
            BAD_INPUT,
            format!("{}: could not read the file: {e}", args.input),
        )
    })?;
    if extension(&args.input) == "lib" {
        return convert_renlib(args, &bytes, form);
    }
    let text = String::from_utf8_lossy(&bytes);
    let read = load(&args.input, &text, variant, rule)
        .map_err(|e| (BAD_INPUT, format!("{}: {e}", args.input)))?;
    let out = match read.whole {
        Some((same, whole)) if same == form => whole,
        _ => tengen_store::write_form(&read.record, form),
    };
    write_output(&args.output, &out)
        .map_err(|e| (CANNOT_WRITE, format!("cannot write {}: {e}", args.output)))
}

/// The lower-case extension of `path`.
fn extension(path: &str) -> String {
    Path::new(path)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

fn output_form(args: &Args) -> Option<TextForm> {
    match args.to {
        Some(To::Sgf) => Some(TextForm::Sgf),
        Some(To::Psq) => Some(TextForm::Psq),
        Some(To::Moves) => Some(TextForm::Moves),
        Some(To::Gomocup) => Some(TextForm::Gomocup),
        Some(To::Pos) => Some(TextForm::Position),
        None => match extension(&args.output).as_str() {
            "sgf" => Some(TextForm::Sgf),
            "psq" => Some(TextForm::Psq),
            _ => None,
        },
    }
}

/// Reads the input with the game's loaders: by extension for `.sgf` and `.psq`, else by content.
fn load(path: &str, text: &str, variant: Variant, rule: Rule) -> Result<Loaded, OpenError> {
    let form = match extension(path).as_str() {
        "sgf" => TextForm::Sgf,
        "psq" => TextForm::Psq,
        _ => tengen_store::text_form(text),
    };
    match form {
        TextForm::Sgf => {
            let (record, tree) = tengen_store::parse_sgf_tree(text)?;
            Ok(Loaded {
                record,
                whole: Some((TextForm::Sgf, tree.to_string())),
            })
        }
        TextForm::Psq => {
            let record = tengen_store::parse_psq(text, rule)?;
            let psq: Psq = text.parse().map_err(OpenError::Psq)?;
            Ok(Loaded {
                record,
                whole: Some((TextForm::Psq, psq.to_string())),
            })
        }
        TextForm::Gomocup => Ok(Loaded {
            record: tengen_store::parse_move_list(text, variant)?,
            whole: None,
        }),
        TextForm::Moves | TextForm::Position => Ok(Loaded {
            record: tengen_store::parse_position(text.trim(), variant)?,
            whole: None,
        }),
    }
}

fn read_input(path: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(path)?;
    }
    Ok(bytes)
}

/// A RenLib library to SGF: its tree and comments, on renju's 15×15 board (read-only: a library
/// is analysis, so its lines are not replayed under the rules).
fn convert_renlib(args: &Args, bytes: &[u8], form: TextForm) -> Result<(), (u8, String)> {
    if form != TextForm::Sgf {
        return Err((
            USAGE,
            "a RenLib .lib converts to SGF only (--to sgf)".to_owned(),
        ));
    }
    let tree = read_renlib(bytes).map_err(|e| {
        (
            BAD_INPUT,
            format!("{}: not a readable RenLib library: {e}", args.input),
        )
    })?;
    let info = Sgf::from_game(&Game::new(Preset::Renju15.variant()));
    let out = SgfTree { info, tree }.to_string();
    write_output(&args.output, &out)
        .map_err(|e| (CANNOT_WRITE, format!("cannot write {}: {e}", args.output)))
}

fn write_output(path: &str, text: &str) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()
    } else {
        std::fs::write(path, text)
    }
}
