//! Headless game review: for every move of an SGF or `.psq` record, the mover's win probability before
//! and after it, the move's class and the engine's better move, as a table or JSON, and optionally the
//! record again with the evaluations as SGF comments.
//!
//! `cargo run --release -p tengen-tools --bin tengen-review -- game.sgf [--time-ms 1000] [--json]`

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use serde_json::json;
use tengen_engine::{
    Color, Game, MoveReview, Psq, Rule, SearchLimits, Sgf, Variant, cell_name, review_game,
};

const ABOUT: &str = "Review a finished game: the win probability before and after every move, \
the move's class and the engine's better move.";

const AFTER_HELP: &str = "\
Win probability is the mover's chance of winning: 100% / 0% for a win / loss the engine has proven,
otherwise the logistic of the engine's score s (side to move's view): 1 / (1 + e^(-s/200)), so 0 is
50%, 200 is 73%, 600 is 95%. 'Before' assumes the engine's best move, 'after' is the position the
move left. The drop between them, in percentage points, classifies the move:
  best        the engine's own move, or a drop under 2
  good        2 to under 10
  inaccuracy  10 to under 20
  mistake     20 to under 30
  blunder     30 or more, or any move that lets the opponent force a win the best move did not allow
The better move is shown for every move that is not 'best'. See docs/review.md.";

#[derive(Parser)]
#[command(about = ABOUT, after_help = AFTER_HELP)]
struct Args {
    /// The game record: `.sgf` (any rule, setup positions too) or Piskvork `.psq`.
    file: PathBuf,
    /// Think time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// A node budget per position instead of the think time: the same answers on any machine.
    #[arg(long)]
    nodes: Option<u64>,
    /// The rule for a `.psq` record, which does not name one: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write the record with each move's evaluation as an SGF comment `C[...]` to this file.
    #[arg(long, value_name = "OUT")]
    write_sgf: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen-review: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let (game, record) = open(&args.file, &args.rule)?;
    if game.moves().is_empty() {
        return Err(format!("{} holds no moves to review", args.file.display()));
    }
    let limits = match args.nodes {
        Some(n) => SearchLimits::nodes(n),
        None => SearchLimits {
            think_time: Duration::from_millis(args.time_ms.max(1)),
            optimum: None,
            max_nodes: None,
            max_depth: None,
        },
    };
    let reviews = review_game(&game, &limits, |done, total| {
        eprint!("\ranalysing position {done}/{total}");
    });
    eprintln!();
    let size = game.variant().size();
    if args.json {
        println!("{}", to_json(&args.file, &game, &reviews));
    } else {
        print!("{}", table(&reviews, size));
    }
    if let Some(out) = &args.write_sgf {
        let mut sgf = record.unwrap_or_else(|| Sgf::from_game(&game));
        sgf.move_comments = reviews.iter().map(|r| comment(r, size)).collect();
        std::fs::write(out, sgf.to_string())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    Ok(())
}

/// The game in `path`, and its SGF record when it is one (kept, so names and dates are written back).
fn open(path: &Path, rule: &str) -> Result<(Game, Option<Sgf>), String> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if !matches!(ext.as_deref(), Some("sgf" | "psq")) {
        return Err(format!(
            "{} is not a game record (give an .sgf or .psq file)",
            path.display()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    match ext.as_deref() {
        Some("sgf") => {
            let sgf: Sgf = text
                .parse()
                .map_err(|e| format!("{} is not a readable SGF record: {e}", path.display()))?;
            let game = sgf.to_game().map_err(|(i, e)| {
                format!("{}: move {} breaks the rules: {e}", path.display(), i + 1)
            })?;
            Ok((game, Some(sgf)))
        }
        Some("psq") => {
            let psq: Psq = text
                .parse()
                .map_err(|e| format!("{} is not a readable .psq record: {e}", path.display()))?;
            let rule = parse_rule(rule)?;
            let variant = Variant::new(psq.size, psq.size.min(5), rule)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let game = psq.to_game(variant).map_err(|(i, e)| {
                format!("{}: move {} breaks the rules: {e}", path.display(), i + 1)
            })?;
            Ok((game, None))
        }
        _ => Err(format!(
            "{} is not a game record (give an .sgf or .psq file)",
            path.display()
        )),
    }
}

fn parse_rule(name: &str) -> Result<Rule, String> {
    match name.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Rule::Freestyle),
        "standard" => Ok(Rule::Standard),
        "renju" => Ok(Rule::Renju),
        _ => Err(format!(
            "unknown rule {name:?} (use freestyle, standard or renju)"
        )),
    }
}

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The better move's name, or `-` when the move played was the best.
fn better(r: &MoveReview, size: u8) -> String {
    if r.class == tengen_engine::MoveClass::Best {
        "-".to_owned()
    } else {
        cell_name(r.best, size)
    }
}

/// The plain table: one line per move.
fn table(reviews: &[MoveReview], size: u8) -> String {
    let mut out = format!(
        "{:>4}  {:<5}  {:<4}  {:>6}  {:>6}  {:<10}  {}\n",
        "move", "side", "cell", "before", "after", "class", "better"
    );
    for r in reviews {
        out.push_str(&format!(
            "{:>4}  {:<5}  {:<4}  {:>6}  {:>6}  {:<10}  {}\n",
            r.index + 1,
            side(r.mover),
            cell_name(r.played, size),
            percent(r.before),
            percent(r.after),
            r.class.name(),
            better(r, size)
        ));
    }
    out
}

fn to_json(path: &Path, game: &Game, reviews: &[MoveReview]) -> serde_json::Value {
    let size = game.variant().size();
    let moves: Vec<serde_json::Value> = reviews
        .iter()
        .map(|r| {
            json!({
                "move": r.index + 1,
                "side": side(r.mover),
                "cell": cell_name(r.played, size),
                "before": r.before,
                "after": r.after,
                "score_before": r.score_before,
                "score_after": r.score_after,
                "class": r.class.name(),
                "best": cell_name(r.best, size),
            })
        })
        .collect();
    json!({
        "file": path.display().to_string(),
        "rule": game.variant().rule().to_string(),
        "size": size,
        "moves": moves,
    })
}

/// The SGF comment of one move: `before 52% after 3%: blunder (better h9)`.
fn comment(r: &MoveReview, size: u8) -> String {
    let mut text = format!(
        "{} win probability before {} after {}: {}",
        side(r.mover),
        percent(r.before),
        percent(r.after),
        r.class.name()
    );
    if r.class != tengen_engine::MoveClass::Best {
        text.push_str(&format!(" (better {})", cell_name(r.best, size)));
    }
    text
}
