//! The committed assets are exactly what the generator makes: running it again into a fresh
//! directory gives byte-identical files, and nothing is left in the generator's folders (and at the
//! top of `assets/`) that it no longer produces, apart from the hand-written files it lists. The same
//! holds for the desktop icons in `packaging/icons/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn committed_assets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// Every file under `root`, keyed by its path relative to `root` with `/` separators.
fn files_under(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(root)
                    .expect("listed under root")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.insert(relative, path);
            }
        }
    }
    out
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn generator_reproduces_every_committed_asset_byte_for_byte() {
    let temp =
        TempDir(std::env::temp_dir().join(format!("tengen-assetgen-test-{}", std::process::id())));
    let written = tengen_assetgen::write_all(&temp.0).expect("generator writes into a temp dir");
    assert!(!written.is_empty());

    let generated = files_under(&temp.0);
    let committed = files_under(&committed_assets_dir());
    let regenerate = "regenerate with `cargo run -p tengen-assetgen` and commit assets/";

    let mut problems = Vec::new();
    for (name, path) in &generated {
        match committed.get(name) {
            None => problems.push(format!("{name}: generated but not committed")),
            Some(committed_path) => {
                let fresh = std::fs::read(path).expect("read generated file");
                let old = std::fs::read(committed_path).expect("read committed file");
                if fresh != old {
                    problems.push(format!(
                        "{name}: differs from the committed file ({} vs {} bytes)",
                        fresh.len(),
                        old.len()
                    ));
                }
            }
        }
    }
    for name in committed.keys() {
        let owned = tengen_assetgen::GENERATED_ROOTS
            .iter()
            .any(|root| name.starts_with(root));
        let top_level = !name.contains('/');
        let hand_written = tengen_assetgen::HAND_WRITTEN.contains(&name.as_str());
        if (owned || top_level) && !hand_written && !generated.contains_key(name) {
            problems.push(format!(
                "{name}: committed but not produced by the generator (stale, or add it to HAND_WRITTEN)"
            ));
        }
    }
    assert!(problems.is_empty(), "{}\n{regenerate}", problems.join("\n"));
}

#[test]
fn generator_reproduces_the_desktop_icons_byte_for_byte() {
    let committed_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packaging/icons");
    let committed = files_under(&committed_dir);
    let generated: BTreeMap<String, Vec<u8>> = tengen_assetgen::desktop_icons()
        .into_iter()
        .map(|icon| (icon.path, icon.bytes))
        .collect();
    let regenerate = "regenerate with `cargo run -p tengen-assetgen` and commit packaging/icons/";

    let mut problems = Vec::new();
    for (name, fresh) in &generated {
        match committed.get(name).map(std::fs::read) {
            None => problems.push(format!("{name}: generated but not committed")),
            Some(Err(e)) => problems.push(format!("{name}: cannot read the committed file: {e}")),
            Some(Ok(old)) if &old != fresh => problems.push(format!(
                "{name}: differs from the committed file ({} vs {} bytes)",
                fresh.len(),
                old.len()
            )),
            Some(Ok(_)) => {}
        }
    }
    for name in committed.keys() {
        if !generated.contains_key(name) {
            problems.push(format!(
                "{name}: committed but not produced by the generator"
            ));
        }
    }
    assert!(problems.is_empty(), "{}\n{regenerate}", problems.join("\n"));
}
