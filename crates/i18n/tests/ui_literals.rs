//! The UI code holds no words of its own: every string literal with a letter in the converted game
//! files is a message id, an asset path, an entity name, a log line or an egui id, never something the
//! player reads. Files join [`CONVERTED`] as they move to `words.tr(...)`; the rest of `src/ui` follows.

use std::path::Path;

/// Game files whose user-visible text all comes from the `.ftl` files (paths from the repository root).
const CONVERTED: &[&str] = &[
    "src/audio.rs",
    "src/game/board.rs",
    "src/game/computer.rs",
    "src/game/hint.rs",
    "src/game/input.rs",
    "src/game/mod.rs",
    "src/game/turn.rs",
    "src/persistence/files.rs",
    "src/persistence/open.rs",
    "src/game/score.rs",
    "src/game/win.rs",
    "src/i18n/choice.rs",
    "src/i18n/mod.rs",
    "src/network/discovery.rs",
    "src/network/mod.rs",
    "src/screens.rs",
    "src/ui/confirm.rs",
    "src/ui/game_over.rs",
    "src/ui/hud.rs",
    "src/ui/menu.rs",
    "src/ui/settings.rs",
    "src/ui/network.rs",
    "src/ui/records.rs",
    "src/ui/records/viewer.rs",
    "src/view/animation.rs",
    "src/view/art.rs",
    "src/view/celebration.rs",
    "src/view/layout.rs",
    "src/window.rs",
];

/// Calls whose string argument the player never reads: entity names for the inspector, log lines,
/// egui's widget ids, asset loads, environment variables.
const QUIET_CALLS: &[&str] = &[
    "Name::new(",
    "info!(",
    "warn!(",
    "debug!(",
    "error!(",
    "trace!(",
    "Id::new(",
    "id_salt(",
    "Grid::new(",
    "load(",
    "var(",
    "expect(",
];

/// Exact literals allowed in one file, and why.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/ui/hud.rs",
        "Ctrl+Z",
        "a key's name, the same in every language",
    ),
    ("src/ui/hud.rs", "Ctrl+Y", "a key's name"),
    ("src/ui/hud.rs", "H", "a key's name"),
    ("src/ui/hud.rs", "N", "a key's name"),
    ("src/ui/hud.rs", "Esc", "a key's name"),
    ("src/ui/hud.rs", "P", "a key's name"),
    ("src/ui/hud.rs", "S", "a key's name"),
    ("src/ui/hud.rs", "hud root", "an egui id"),
    ("src/ui/hud.rs", "hud", "an egui panel id"),
    ("src/ui/confirm.rs", "Enter", "a key's name"),
    ("src/ui/confirm.rs", "Esc", "a key's name"),
    ("src/ui/menu.rs", "main menu", "an egui id"),
    ("src/ui/menu.rs", "new game", "an egui id"),
    ("src/ui/menu.rs", "settings", "an egui id"),
    ("src/ui/settings.rs", " %", "a percent sign"),
    (
        "src/game/turn.rs",
        "opened a record: {} moves, {} ahead{}",
        "a log line spread over lines",
    ),
    (
        "src/game/turn.rs",
        ", in the viewer",
        "part of that log line",
    ),
    ("src/persistence/open.rs", "saved", "a folder's name"),
    (
        "src/persistence/open.rs",
        "Player 2",
        "the name stored for the second seat in files (shown translated by seat_names_in)",
    ),
    (
        "src/persistence/open.rs",
        "tengen-{}-{:02}{:02}{:02}.sgf",
        "a file name",
    ),
    ("src/persistence/open.rs", "sgf", "a file extension"),
    ("src/persistence/open.rs", "psq", "a file extension"),
    ("src/ui/records.rs", "Ctrl+S", "a key's name"),
    ("src/ui/records.rs", "records bar", "an egui id"),
    ("src/ui/records.rs", "records window", "an egui id"),
    ("src/ui/records.rs", "file notices", "an egui id"),
    ("src/ui/records.rs", "file notice detail", "an egui id"),
    ("src/ui/records.rs", "settings files", "an egui id"),
    (
        "src/ui/records.rs",
        "tengen file dialog",
        "the file dialog's id",
    ),
    ("src/ui/records.rs", "sgf", "a file extension"),
    ("src/ui/records.rs", "psq", "a file extension"),
    ("src/ui/records.rs", "txt", "a file extension"),
    ("src/ui/records/viewer.rs", "record window", "an egui id"),
    ("src/ui/settings.rs", "settings files", "an egui id"),
    ("src/ui/settings.rs", "settings window", "an egui id"),
    ("src/audio.rs", "black", "a sound file's name part"),
    ("src/audio.rs", "white", "a sound file's name part"),
    ("src/i18n/mod.rs", "tengen words", "an egui memory id"),
    (
        "src/i18n/mod.rs",
        "Noto Sans CJK SC",
        "egui's name for the font",
    ),
];

/// A string literal: the line it ends on, its text and the code before it on its first line.
#[derive(Debug)]
struct Literal {
    line: usize,
    text: String,
    before: String,
}

/// The string literals of Rust source outside comments and `#[cfg(test)]` modules (a simple scanner:
/// plain and raw strings, char literals and lifetimes told apart, comments skipped).
fn literals(source: &str) -> Vec<Literal> {
    let source = source.split("#[cfg(test)]").next().unwrap_or(source);
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let (mut i, mut line, mut line_start) = (0, 1, 0);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            line_start = i + 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                if chars[i] == '\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            i += 2;
        } else if c == '\'' {
            // A char literal ('a', '\n', '"') is skipped whole; a lifetime ('a) has no closing quote.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == '"' || (c == 'r' && matches!(next, Some('"') | Some('#'))) {
            let start = i;
            let raw = c == 'r';
            let mut hashes = 0;
            if raw {
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    continue;
                }
            }
            i += 1;
            let mut text = String::new();
            while i < chars.len() {
                let d = chars[i];
                if !raw && d == '\\' {
                    text.extend(chars.get(i..i + 2).unwrap_or_default());
                    i += 2;
                    continue;
                }
                if d == '"' && (0..hashes).all(|k| chars.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                if d == '\n' {
                    line += 1;
                }
                text.push(d);
                i += 1;
            }
            let before: String = chars[line_start.min(start)..start].iter().collect();
            found.push(Literal { line, text, before });
        } else {
            i += 1;
        }
    }
    found
}

/// A message id (`menu-new-game`), an asset path (`themes/{folder}/board.png`) or a format string
/// with no letters outside its `{placeholders}`.
fn is_not_prose(text: &str) -> bool {
    let id = text.contains('-')
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    let path = !text.contains(' ')
        && (text.contains('/')
            || [".png", ".wav", ".otf", ".ftl"]
                .iter()
                .any(|ext| text.ends_with(ext)));
    let mut outside = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    id || path || !outside.chars().any(char::is_alphabetic)
}

/// A Fluent argument's name, first in a tuple: `&[("count", n.into())]`. A tuple's `(` follows no
/// name, unlike a call's (`label("count")` is flagged).
fn is_argument_name(literal: &Literal) -> bool {
    let before = literal.before.trim_end();
    let tuple = before.strip_suffix('(').is_some_and(|rest| {
        !rest
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || "_!>".contains(c))
    });
    tuple
        && literal
            .text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '_')
}

fn offences(file: &str, source: &str) -> Vec<String> {
    literals(source)
        .into_iter()
        .filter(|l| l.text.chars().any(char::is_alphabetic))
        .filter(|l| !is_not_prose(&l.text) && !is_argument_name(l))
        .filter(|l| !QUIET_CALLS.iter().any(|call| l.before.contains(call)))
        .filter(|l| {
            !ALLOWED
                .iter()
                .any(|(f, text, _)| *f == file && *text == l.text)
        })
        .map(|l| format!("{file}:{}: {:?}", l.line, l.text))
        .collect()
}

#[test]
fn converted_files_hold_no_words_for_the_player() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut all = Vec::new();
    for file in CONVERTED {
        let source = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        all.extend(offences(file, &source));
    }
    assert!(
        all.is_empty(),
        "words for the player outside the .ftl files (use words.tr):\n{}",
        all.join("\n")
    );
}

#[test]
fn the_scanner_flags_labels_and_spares_ids_names_and_logs() {
    let source = r##"
        // "A comment" is not code.
        ui.label("New game");
        ui.label(words.tr("menu-new-game"));
        commands.spawn(Name::new("Board shadow"));
        warn!("no window icon: {error}");
        let c = '"'; let s = 'a'; fn f<'a>(x: &'a str) {}
        server.load(format!("themes/{folder}/{}", file));
        let raw = r#"Raw "prose""#;
        let size = format!("{0} × {0}", n);
        words.tr_args("moves-count", &[("count", n.into())]);
        ui.label("unfinished");
        #[cfg(test)]
        mod tests { const X: &str = "Test only"; }
    "##;
    let found = offences("x.rs", source);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("New game"), "{found:?}");
    assert!(found[1].contains("Raw"), "{found:?}");
    assert!(found[2].contains("unfinished"), "{found:?}");
}
