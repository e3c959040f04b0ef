//! Every file loader of the store fed arbitrary file content, each in a folder of its own:
//! settings, the autosave, statistics, a history folder, and saved records (`.sgf`, `.psq`, and
//! pasted text). A loader must never panic; a bad file must be kept aside (not deleted, not left in
//! place) with the defaults used; whatever loads cleanly must save and load back to the same value.
//!
//! Shared by the fuzz targets and the stable test that replays the committed corpus.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use tengen_engine::{Preset, Rule};
use tengen_store::{
    Paths, Resume, list_history, load_autosave, load_settings, load_stats, open_game_file,
    parse_pasted, save_autosave, save_settings, save_sgf, save_stats,
};

/// A fresh folder for one input, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        // Process id and a counter: parallel test threads and fuzz workers never share one.
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tengen-fuzz-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    fn paths(&self) -> Paths {
        Paths::at(self.0.join("config"), self.0.join("data"))
    }

    /// Writes `data` at `path`, creating its folder.
    fn put(&self, path: &Path, data: &[u8]) {
        fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        fs::write(path, data).expect("the input file");
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// After a load that warned, the bad file must be gone from its place and kept beside it.
fn assert_kept_aside(path: &Path) {
    assert!(!path.exists(), "a bad {} was left in place", path.display());
    let name = path
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let folder = fs::read_dir(path.parent().expect("a folder")).expect("the folder");
    let kept = folder.flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .starts_with(&format!("{name}.bad-"))
    });
    assert!(kept, "a bad {name} was not kept aside");
}

pub fn settings(data: &[u8]) {
    let scratch = Scratch::new();
    let paths = scratch.paths();
    scratch.put(&paths.settings(), data);
    let loaded = load_settings(&paths);
    if !loaded.warnings.is_empty() {
        assert_eq!(loaded.value, tengen_store::Settings::default());
        return assert_kept_aside(&paths.settings());
    }
    save_settings(&paths, &loaded.value).expect("settings save");
    let again = load_settings(&paths);
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    assert_eq!(
        again.value, loaded.value,
        "settings change on a second load"
    );
}

pub fn autosave(data: &[u8]) {
    let scratch = Scratch::new();
    let paths = scratch.paths();
    scratch.put(&paths.autosave(), data);
    let loaded = load_autosave(&paths);
    let saved = match loaded.value {
        Resume::Continue(saved) | Resume::Finished(saved) => saved,
        Resume::Nothing if loaded.warnings.is_empty() => return,
        Resume::Nothing => return assert_kept_aside(&paths.autosave()),
    };
    save_autosave(&paths, &saved).expect("autosave save");
    let again = match load_autosave(&paths).value {
        Resume::Continue(again) | Resume::Finished(again) => again,
        Resume::Nothing => panic!("a saved game did not load back"),
    };
    assert_eq!(again, saved, "the game changes on a second load");
}

pub fn stats(data: &[u8]) {
    let scratch = Scratch::new();
    let paths = scratch.paths();
    scratch.put(&paths.stats(), data);
    let loaded = load_stats(&paths);
    if !loaded.warnings.is_empty() {
        assert_eq!(loaded.value, tengen_store::Stats::default());
        return assert_kept_aside(&paths.stats());
    }
    for record in loaded.value.hall_of_fame() {
        let _ = record.games(); // the statistics screen adds them up
    }
    save_stats(&paths, &loaded.value).expect("statistics save");
    let again = load_stats(&paths);
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    assert_eq!(
        again.value, loaded.value,
        "statistics change on a second load"
    );
}

/// The same bytes as a history file, a saved `.sgf` and `.psq`, and pasted text.
pub fn records(data: &[u8]) {
    let scratch = Scratch::new();
    let paths = scratch.paths();
    let history = paths
        .history_dir()
        .join("20261121-210900-1763759340000.sgf");
    scratch.put(&history, data);
    let listed = list_history(&paths);
    assert_eq!(listed.value.len() + listed.warnings.len(), 1);
    if !listed.warnings.is_empty() {
        assert_kept_aside(&history);
    }
    for (name, rule) in [("game.sgf", Rule::Freestyle), ("game.psq", Rule::Renju)] {
        let path = scratch.0.join(name);
        scratch.put(&path, data);
        if let Ok(record) = open_game_file(&path, rule) {
            // What opens must save as SGF and open again as the same game.
            let copy = scratch.0.join("copy.sgf");
            save_sgf(&copy, &record).expect("record save");
            let again = open_game_file(&copy, rule).expect("a saved record opens");
            assert_eq!(again.game.moves(), record.game.moves());
            assert_eq!(again.game.setup(), record.game.setup());
            assert_eq!(again.game.variant(), record.game.variant());
        }
    }
    let text = String::from_utf8_lossy(data);
    for preset in [Preset::Freestyle15, Preset::Renju15, Preset::TicTacToe] {
        let _ = parse_pasted(&text, preset.variant());
    }
}
