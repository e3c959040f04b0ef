//! No two modules import each other, directly or round a circle: the game's `src/` and the engine's
//! `search/` read as layers. Reads every `crate::`, `super::` and `self::` path in the source (in `use`
//! lines and written inline) and every path through one of the module's own submodules (`turn::plugin`
//! in `game/mod.rs`), resolves it to the module that holds the item (following `use` and `pub use`
//! re-exports, so `super::CurrentGame` is `game::current` when `game` only re-exports it), and looks
//! for cycles in that graph. So a parent that names a child's items and a child that uses items the
//! parent defines itself make a circle: shared items live in a module of their own.

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
            // `main.rs` is the binary, a crate of its own beside the library's `lib.rs`.
            if path.extension().is_none_or(|e| e != "rs") || path == root.join("main.rs") {
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

/// Every path the code names from `crate::`, `super::`, `self::` or one of `children` (the module's
/// own submodules, named plainly), as segments, with `use` groups (`use crate::a::{b, c::d}`)
/// expanded. A plain child path comes back led by `self`.
fn paths(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        // Not the tail of a longer path (`tengen_engine::board::Board` names no child).
        let after_path = i >= 2 && bytes[i - 1] == ':' && bytes[i - 2] == ':';
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let word: String = bytes[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        let child_path = starts_word
            && !after_path
            && children.contains(&word)
            && bytes.get(i + word.len()) == Some(&':')
            && bytes.get(i + word.len() + 1) == Some(&':');
        if child_path {
            let (expanded, end) = path_at(&bytes, i);
            for path in expanded {
                let mut led = vec!["self".to_owned()];
                led.extend(path);
                found.push(led);
            }
            i = end.max(i + 1);
        } else if starts_word
            && (rest.starts_with("crate::")
                || rest.starts_with("super::")
                || rest.starts_with("self::"))
        {
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

/// What a module's `use` lines bring in: each name to the path it stands for (led by `crate`,
/// `super` or `self`; an outside crate's path is kept as it is, and names no module here).
fn imports(code: &str, children: &BTreeSet<String>) -> BTreeMap<String, Vec<String>> {
    let mut found = BTreeMap::new();
    // Each `use` line, up to its `;` (a group may span lines).
    let starts = code.lines().scan(0, |at, line| {
        let start = *at;
        *at += line.len() + 1;
        Some((start, line.trim_start()))
    });
    for (start, line) in starts {
        let line = ["pub(crate) ", "pub(super) ", "pub "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
            .unwrap_or(line);
        if !line.starts_with("use ") {
            continue;
        }
        let from = code[start..].find("use ").map_or(start, |i| start + i + 4);
        let end = code[from..].find(';').map_or(code.len(), |i| from + i);
        let path = &code[from..end];
        let chars: Vec<char> = path.trim().chars().collect();
        for mut full in path_at(&chars, 0).0 {
            if full.first().is_some_and(|first| children.contains(first)) {
                full.insert(0, "self".to_owned());
            }
            if let Some(name) = full.last() {
                found.insert(name.clone(), full.clone());
            }
        }
    }
    found
}

/// A module's own submodules, by name.
fn children_of(module: &[String], known: &BTreeSet<Vec<String>>) -> BTreeSet<String> {
    known
        .iter()
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .filter_map(|m| m.last().cloned())
        .collect()
}

/// The modules and what each one's `use` lines bring in.
struct Tree {
    known: BTreeSet<Vec<String>>,
    imports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

/// The module that holds what a path names, from inside `from`: the longest prefix that is a
/// module, and where that module only imports the next name (`pub use current::CurrentGame`), the
/// module it comes from. `None` for an outside crate's item.
fn target(
    from: &[String],
    path: &[String],
    tree: &Tree,
    crate_root: &[String],
) -> Option<Vec<String>> {
    target_within(from, path, tree, crate_root, 8)
}

fn target_within(
    from: &[String],
    path: &[String],
    tree: &Tree,
    crate_root: &[String],
    depth: usize,
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
        Some("self") => rest = &rest[1..],
        _ => return None,
    }
    let mut best = tree.known.contains(&base).then(|| (base.clone(), 0));
    let mut candidate = base;
    for (i, segment) in rest.iter().enumerate() {
        candidate.push(segment.clone());
        if tree.known.contains(&candidate) {
            best = Some((candidate.clone(), i + 1));
        }
    }
    let (module, used) = best?;
    // The next name is only imported there: it belongs to where it comes from.
    let imported = rest
        .get(used)
        .and_then(|name| tree.imports.get(&module)?.get(name));
    match imported {
        Some(source) if depth > 0 => {
            let mut further = source.clone();
            further.extend(rest[used + 1..].iter().cloned());
            target_within(&module, &further, tree, crate_root, depth - 1)
        }
        _ => Some(module),
    }
}

/// Who imports whom: an edge `a → b` when `a` names an item that `b` holds and `b` is not `a`.
/// A parent naming its child's items is an edge too; a child is not part of its parent here.
fn graph(
    files: &BTreeMap<Vec<String>, PathBuf>,
    crate_root: &[String],
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let known: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    let code: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|(module, file)| {
            let text =
                std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            // A file's own tests (`mod tests` at its end, whose `super` is the file) are not
            // part of the layering.
            let code = code_only(&text);
            let code = code
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .to_owned();
            (module.clone(), code)
        })
        .collect();
    let imports = code
        .iter()
        .map(|(module, code)| (module.clone(), imports(code, &children_of(module, &known))))
        .collect();
    let tree = Tree { known, imports };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, code) in &code {
        for path in paths(code, &children_of(module, &tree.known)) {
            let Some(to) = target(module, &path, &tree, crate_root) else {
                continue;
            };
            if to != *module {
                edges.entry(module.clone()).or_default().insert(to);
            }
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

#[test]
fn a_parent_naming_its_child_and_a_child_using_the_parents_own_item_is_a_circle() {
    let dir = std::env::temp_dir().join(format!("tengen-modules-parent-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("game")).expect("temp dir");
    let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).expect("write");
    write("lib.rs", "mod game;\nmod view;\n");
    // `game` defines `Command` itself and names its child's plugin; `turn` uses `Command`.
    write(
        "game/mod.rs",
        "mod turn;\nmod setup;\npub use setup::Setup;\npub enum Command {}\nfn plugin() { turn::plugin(); }\n",
    );
    write(
        "game/turn.rs",
        "use super::{Command, Setup};\npub fn plugin() {}\n#[cfg(test)]\nmod tests { use super::*; }\n",
    );
    // `setup` is only re-exported by `game`: using it through `game` is no edge to `game`.
    write("game/setup.rs", "pub struct Setup;\n");
    write("view.rs", "use crate::game::Setup;\n");
    let files = modules(&dir, &[]);
    let edges = graph(&files, &[]);
    let found = circles(&edges);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(found, vec!["game → game::turn → game".to_owned()]);
    let view = edges.get(&vec!["view".to_owned()]).expect("view imports");
    assert_eq!(
        view.iter().collect::<Vec<_>>(),
        [&vec!["game".to_owned(), "setup".to_owned()]]
    );
}

/// The files under `src/` that read the players' commands (`MessageReader<GameCommand>`), with how
/// many times each does.
fn command_readers(src: &Path) -> Vec<(PathBuf, usize)> {
    modules(src, &[])
        .into_values()
        .filter_map(|path| {
            let code = code_only(&std::fs::read_to_string(&path).ok()?);
            let count = code.matches("MessageReader<GameCommand>").count();
            (count > 0).then_some((path, count))
        })
        .collect()
}

/// Every command goes through one path: one system reads `GameCommand` (the turn's), which applies
/// it to the match or routes it to the plugin it concerns.
#[test]
fn one_system_reads_the_players_commands() {
    let readers = command_readers(&workspace().join("src"));
    let names: Vec<String> = readers
        .iter()
        .map(|(path, count)| format!("{} ({count})", path.display()))
        .collect();
    assert_eq!(readers.len(), 1, "readers of GameCommand: {names:?}");
    assert!(readers[0].0.ends_with("game/turn/mod.rs"), "{names:?}");
    assert_eq!(readers[0].1, 1, "{names:?}");
}

/// The reader check sees a second reader planted beside the turn's.
#[test]
fn the_reader_check_finds_a_planted_second_reader() {
    let dir = std::env::temp_dir().join(format!("tengen-readers-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("game")).expect("a temporary folder");
    let reader = "fn f(mut reader: MessageReader<GameCommand>) {}\n";
    std::fs::write(dir.join("game/turn.rs"), reader).expect("written");
    std::fs::write(dir.join("game/hint.rs"), reader).expect("written");
    // A comment naming the type is not a reader.
    std::fs::write(dir.join("lib.rs"), "// MessageReader<GameCommand>\n").expect("written");
    let readers = command_readers(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(readers.len(), 2, "{readers:?}");
}
