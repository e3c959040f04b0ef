//! The UI code holds no words of its own: every string literal with a letter in the game's files (all
//! of `src/`, but for the few in [`EXCLUDED`]) is a message id, an asset path, an entity name, a log
//! line or an egui id, never something the player reads.

use std::path::Path;

/// Game files left out of the scan, and why (paths from the repository root; a folder ends in `/`).
const EXCLUDED: &[(&str, &str)] = &[
    (
        "src/cli.rs",
        "command-line help and errors, English by design (like every tool's --help)",
    ),
    (
        "src/script_output.rs",
        "machine-readable lines for scripts and tests, not for the player",
    ),
    (
        "src/ui/records/portal.rs",
        "D-Bus names, file patterns and why the desktop's chooser did not answer, for the log only",
    ),
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
    "Plot::new(",
    "load(",
    "var(",
    "env!(",
    "expect(",
];

/// Exact literals allowed in one file, and why.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/ui/game_over.rs",
        "you",
        "a Fluent selector's variant (game-over-seat-wins, game-over-reason-*), never shown",
    ),
    (
        "src/ui/game_over.rs",
        "other",
        "a Fluent selector's variant (game-over-seat-wins, game-over-reason-*), never shown",
    ),
    (
        "src/ui/records/viewer.rs",
        "you",
        "a Fluent selector's variant (viewer-wins-here), never shown",
    ),
    (
        "src/ui/records/viewer.rs",
        "other",
        "a Fluent selector's variant (viewer-wins-here), never shown",
    ),
    (
        "src/ui/records/history.rs",
        "other",
        "a Fluent selector's variant (game-over-reason-*), never shown",
    ),
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
    (
        "src/game/names.rs",
        "Player 1",
        "the seat's name as files write it, read back as the seat and shown as seat-player-1",
    ),
    (
        "src/game/names.rs",
        "Player 2",
        "the seat's name as files write it, read back as the seat and shown as seat-player-2",
    ),
    ("src/ui/game_over.rs", "result numbers", "an egui id"),
    ("src/ui/network.rs", "network section", "an egui id"),
    (
        "src/window.rs",
        "WAYLAND_DISPLAY",
        "an environment variable's name",
    ),
    ("src/window.rs", "DISPLAY", "an environment variable's name"),
    (
        "src/window.rs",
        "Failed to build event loop",
        "winit's panic message, matched and never shown",
    ),
    ("src/ui/hud.rs", "hud", "an egui panel id"),
    ("src/ui/confirm.rs", "Enter", "a key's name"),
    ("src/ui/confirm.rs", "Esc", "a key's name"),
    ("src/ui/menu.rs", "main menu", "an egui id"),
    ("src/ui/menu.rs", "new game", "an egui id"),
    ("src/ui/menu.rs", "settings", "an egui id"),
    ("src/ui/menu.rs", "engines", "an egui id"),
    ("src/ui/arena.rs", "tournament", "an egui id"),
    (
        "src/ui/arena.rs",
        "tournaments",
        "a folder's name under the data folder",
    ),
    ("src/ui/settings.rs", " %", "a percent sign"),
    (
        "src/game/record.rs",
        "opened a record: {} moves, {} ahead{}",
        "a log line spread over lines",
    ),
    (
        "src/game/record.rs",
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
    ("src/persistence/files.rs", "sgf", "a file extension"),
    ("src/ui/records/save_open.rs", "Ctrl+S", "a key's name"),
    ("src/ui/records/bar.rs", "records bar", "an egui id"),
    ("src/ui/records.rs", "records window", "an egui id"),
    ("src/ui/records/notices.rs", "file notices", "an egui id"),
    (
        "src/ui/records/notices.rs",
        "file notice detail",
        "an egui id",
    ),
    (
        "src/ui/records/dialogs.rs",
        "tengen file dialog",
        "the file dialog's id",
    ),
    ("src/ui/records/dialogs.rs", "sgf", "a file extension"),
    ("src/ui/records/dialogs.rs", "psq", "a file extension"),
    ("src/ui/records/dialogs.rs", "txt", "a file extension"),
    ("src/ui/records/viewer.rs", "record window", "an egui id"),
    ("src/ui/settings.rs", "settings files", "an egui id"),
    ("src/ui/settings.rs", "settings window", "an egui id"),
    (
        "src/persistence/writer.rs",
        "autosave writer",
        "a thread's name",
    ),
    ("src/audio.rs", "black", "a sound file's name part"),
    ("src/audio.rs", "white", "a sound file's name part"),
    ("src/i18n/mod.rs", "tengen words", "an egui memory id"),
    (
        "src/window.rs",
        "Tengen — Gomoku",
        "the window's title until the first frame puts window-title in its place",
    ),
    (
        "src/window.rs",
        "io.github.tengen.Tengen",
        "the app's id on the desktop",
    ),
    ("src/settings.rs", "classic", "a theme's folder name"),
    ("src/settings.rs", "contrast", "a theme's folder name"),
    ("src/export.rs", "png", "a file extension"),
    ("src/ui/export.rs", "png", "a file extension"),
    (
        "src/ui/export.rs",
        "tengen export dialog",
        "the file dialog's id",
    ),
    ("src/ui/editor.rs", "editor root", "an egui id"),
    ("src/ui/editor.rs", "position editor", "an egui id"),
    ("src/ui/puzzle.rs", "puzzle root", "an egui id"),
    ("src/ui/puzzle.rs", "puzzles", "an egui id"),
    ("src/ui/puzzle.rs", "puzzle buttons", "an egui id"),
    ("src/ui/puzzle.rs", "puzzle text", "an egui id"),
    (
        "src/persistence/autosave.rs",
        "Player 2",
        "the name stored for the second seat in files (shown translated by seat_names_in)",
    ),
    (
        "src/persistence/mod.rs",
        "{}: it could not be renamed: {e}",
        "technical detail, folded away like the system's error it quotes",
    ),
    (
        "src/i18n/mod.rs",
        "Noto Sans CJK SC",
        "egui's name for the font",
    ),
];

/// A string literal: the line it ends on, its text and the code before it: on its own line, or, when it
/// starts a line (an argument of a call spread over lines), on the line of the call's `(`.
#[derive(Debug)]
struct Literal {
    line: usize,
    text: String,
    before: String,
}

/// The string literals of Rust source outside comments and `#[cfg(test)]` modules (a simple scanner:
/// plain and raw strings, char literals and lifetimes told apart, comments skipped).
fn literals(source: &str) -> Vec<Literal> {
    // A file that is test code throughout says so with `#![cfg(test)]`.
    if source.contains("#![cfg(test)]") {
        return Vec::new();
    }
    let source = source.split("#[cfg(test)]").next().unwrap_or(source);
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let (mut i, mut line, mut line_start) = (0, 1, 0);
    // Where each open `(` is, and where its line starts.
    let mut open: Vec<(usize, usize)> = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '(' {
            open.push((line_start, i));
            i += 1;
        } else if c == ')' {
            open.pop();
            i += 1;
        } else if c == '\n' {
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
            let mut before: String = chars[line_start.min(start)..start].iter().collect();
            if before.trim().is_empty()
                && let Some(&(call_line, paren)) = open.last()
            {
                before = chars[call_line..=paren].iter().collect();
            }
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
    // `opening-{}`: an id made from a key.
    let id = text.contains('-')
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-{}".contains(c));
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

/// Every `.rs` file under `dir`, as paths from the repository root with `/` between folders.
fn rust_files(root: &Path, dir: &Path, found: &mut Vec<String>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            rust_files(root, &path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(root).unwrap_or(&path);
            let parts: Vec<_> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect();
            found.push(parts.join("/"));
        }
    }
}

fn excluded(file: &str) -> bool {
    EXCLUDED.iter().any(|(path, _)| {
        if path.ends_with('/') {
            file.starts_with(path)
        } else {
            file == *path
        }
    })
}

#[test]
fn the_game_holds_no_words_for_the_player_outside_the_ftl_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let mut files = Vec::new();
    rust_files(&root, &root.join("src"), &mut files);
    files.sort();
    assert!(files.len() > 40, "only {} files under src/", files.len());
    let mut all = Vec::new();
    for file in files.iter().filter(|f| !excluded(f)) {
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
fn every_allowance_names_a_file_that_exists() {
    // A renamed file would otherwise leave stale allowances behind.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (file, _, _) in ALLOWED {
        assert!(
            root.join(file).is_file(),
            "allowed literal in {file}, which does not exist"
        );
    }
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
        info!(
            "a log line spread over lines: {}",
            moves
        );
        ui.label(
            "A label spread over lines",
        );
        words.tr_args("opening-label", &[(
            "name",
            words.tr(&format!("opening-{}", key)).into(),
        )]);
        #[cfg(test)]
        mod tests { const X: &str = "Test only"; }
    "##;
    let found = offences("x.rs", source);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(found[0].contains("New game"), "{found:?}");
    assert!(found[1].contains("Raw"), "{found:?}");
    assert!(found[2].contains("unfinished"), "{found:?}");
    assert!(found[3].contains("A label spread"), "{found:?}");
}
