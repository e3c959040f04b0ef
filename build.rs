//! Lists every file under `assets/` for `src/embedded.rs`, which bakes them into the binary: the list
//! is made here, from the folder itself, so a new sprite or sound cannot be forgotten.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let root = PathBuf::from(manifest).join("assets");
    // A folder here means: rerun when anything inside it changes (cargo scans it).
    println!("cargo::rerun-if-changed=assets");

    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();

    let mut list = String::from("&[\n");
    for (name, path) in &files {
        writeln!(list, "    ({name:?}, include_bytes!({path:?})),").expect("writing to a String");
    }
    list.push_str("]\n");
    std::fs::write(PathBuf::from(out).join("assets.rs"), list).expect("cannot write assets.rs");
}

/// Every file under `dir`: (its path relative to `root` with `/` separators, its absolute path).
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            collect(root, &path, files);
            continue;
        }
        let relative = path
            .strip_prefix(root)
            .expect("listed under the assets folder")
            .components()
            .map(|c| c.as_os_str().to_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .unwrap_or_else(|| panic!("asset path is not UTF-8: {}", path.display()))
            .join("/");
        let absolute = path
            .to_str()
            .unwrap_or_else(|| panic!("asset path is not UTF-8: {}", path.display()))
            .to_owned();
        files.push((relative, absolute));
    }
}
