//! No two modules import each other, directly or round a circle: the game's `src/` and the engine's
//! `search/` read as layers. Reads every `crate::` and `super::` path in the source (in `use` lines and
//! written inline), resolves it to the module it names, and looks for cycles in that graph. A module's
//! own submodules (declared with `mod`) are its parts, not imports, so only paths into another branch
//! of the tree count.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (`game::turn`) → file, for every `.rs` file under `root` (`lib.rs`/`main.rs` are the
/// crate root `""`, `a/mod.rs` and `a.rs` are `a`).
fn modules(root: &Path, prefix: &[String]) -> BTreeMap<Vec<String>, PathBuf> {
    let mut found = BTreeMap::new();
    let mut walk = vec![root.to_path_buf()];
    while let Some(dir) = walk.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).expect("under the root");
            let mut name: Vec<String> = prefix.to_vec();
            name.extend(
                relative
                    .with_extension("")
                    .iter()
                    .map(|part| part.to_string_lossy().into_owned()),
            );
            if matches!(
                name.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                name.pop();
            }
            found.insert(name, path);
        }
    }
    found
}

/// The code of a file without comments and string literals (a doc comment may name a path freely).
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut previous = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_string && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && previous != '\\' {
                in_string = !in_string;
            } else if !in_string {
                kept.push(c);
            }
            previous = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// Every path the code names from `crate::` or `super::`, as segments, with `use` groups
/// (`use crate::a::{b, c::d}`) expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        if starts_word && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let (mut expanded, end) = path_at(&bytes, i);
            found.append(&mut expanded);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    found
}

/// Reads a path starting at `start` (`a::b::{c, d::e}` or `a::b::C`), returns its expansions and
/// where it ended.
fn path_at(chars: &[char], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    loop {
        let begin = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i > begin {
            segments.push(chars[begin..i].iter().collect::<String>());
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            if chars.get(i) == Some(&'{') {
                let mut out = Vec::new();
                i += 1;
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    match chars.get(i) {
                        None => return (out, i),
                        Some('}') => return (out, i + 1),
                        _ => {}
                    }
                    let (inner, end) = path_at(chars, i);
                    for tail in inner {
                        let mut full = segments.clone();
                        full.extend(tail);
                        out.push(full);
                    }
                    if end == i {
                        i += 1;
                    } else {
                        i = end;
                    }
                }
            }
            continue;
        }
        return (vec![segments], i);
    }
}

/// The module a path names, from inside `from`: the longest prefix that is a module.
fn target(
    from: &[String],
    path: &[String],
    known: &BTreeSet<Vec<String>>,
    crate_root: &[String],
) -> Option<Vec<String>> {
    let mut base: Vec<String> = from.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base = crate_root.to_vec();
            rest = &rest[1..];
        }
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    let mut best = None;
    let mut candidate = base.clone();
    if known.contains(&candidate) {
        best = Some(candidate.clone());
    }
    for segment in rest {
        candidate.push(segment.clone());
        if known.contains(&candidate) {
            best = Some(candidate.clone());
        }
    }
    best
}

/// Who imports whom: an edge `a → b` when `a` names a path into `b` and `b` is not part of `a`.
fn graph(
    files: &BTreeMap<Vec<String>, PathBuf>,
    crate_root: &[String],
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let known: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for path in paths(&code_only(&text)) {
            let Some(to) = target(module, &path, &known, crate_root) else {
                continue;
            };
            // A module's own parts (and the module itself) are not imports.
            if to.starts_with(module) {
                continue;
            }
            edges.entry(module.clone()).or_default().insert(to);
        }
    }
    edges
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// Every circle in the graph (each found once, from its smallest module), as names.
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let mut found = BTreeSet::new();
    for start in edges.keys() {
        // Depth-first search for paths back to `start` through modules greater than it.
        let mut stack: Vec<(Vec<String>, Vec<Vec<String>>)> =
            vec![(start.clone(), vec![start.clone()])];
        while let Some((at, trail)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                if next == start {
                    let names: Vec<String> = trail.iter().map(|m| name(m)).collect();
                    found.insert(format!("{} → {}", names.join(" → "), name(start)));
                } else if next > start && !trail.contains(next) && trail.len() < 8 {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found.into_iter().collect()
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The circles in the game crate and in the engine's search, if any.
fn all_circles() -> Vec<String> {
    let root = workspace();
    let game = modules(&root.join("src"), &[]);
    let search_prefix = vec!["search".to_owned()];
    let search = modules(&root.join("crates/engine/src/search"), &search_prefix);
    let mut found = circles(&graph(&game, &[]));
    // The search's own paths start from the engine's root: `crate::search::pvs`.
    found.extend(circles(&graph(&search, &[])));
    found
}

#[test]
fn no_two_modules_import_each_other() {
    let found = all_circles();
    assert!(
        found.is_empty(),
        "modules that import each other:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_module_check_finds_a_circle_it_is_shown() {
    let dir = std::env::temp_dir().join(format!("tengen-modules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("game")).expect("temp dir");
    let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).expect("write");
    write("lib.rs", "mod cli;\nmod game;\nmod view;\n");
    write(
        "cli.rs",
        "use crate::game::turn::Turn;\n// use crate::view::Nothing;\n",
    );
    write("game/mod.rs", "pub mod turn;\npub mod hint;\n");
    write(
        "game/turn.rs",
        "use super::hint::{Hint, other::Thing};\nfn f() { let s = \"crate::view\"; }\n",
    );
    write("game/hint.rs", "fn g(_: crate::cli::Options) {}\n");
    write("view.rs", "use crate::game::{turn, hint::Hint};\n");
    let files = modules(&dir, &[]);
    let found = circles(&graph(&files, &[]));
    let _ = std::fs::remove_dir_all(&dir);
    // cli → game::turn → game::hint → cli; the comment and the string name nothing.
    assert_eq!(
        found,
        vec!["cli → game::turn → game::hint → cli".to_owned()]
    );
}
