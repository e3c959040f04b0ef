//! The in-game dialog's view of the disk. `egui_file_dialog` shows a name only when it is UTF-8: a
//! file named in Latin-1 by an old program was a blank row. Here such a name is listed under a
//! stand-in path, the name with the replacement character (U+FFFD) where its bytes do not read,
//! and the stand-in leads back to the real file for everything the dialog asks and when it is picked.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use egui_file_dialog::{Disks, FileSystem, Metadata, NativeFileSystem, UserDirectories};

/// The disk, with stand-ins for the names that are not UTF-8.
#[derive(Default)]
pub(crate) struct LossyFiles {
    /// Stand-in path to real path, for each name listed so far.
    stand_ins: Mutex<HashMap<PathBuf, PathBuf>>,
}

impl LossyFiles {
    /// The real path of `path`: a stand-in, a path inside a stand-in folder, or a real path itself.
    pub(crate) fn real(&self, path: &Path) -> PathBuf {
        let stand_ins = self
            .stand_ins
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for ancestor in path.ancestors() {
            if let Some(real) = stand_ins.get(ancestor) {
                let rest = path.strip_prefix(ancestor).unwrap_or(Path::new(""));
                return if rest.as_os_str().is_empty() {
                    real.clone()
                } else {
                    real.join(rest)
                };
            }
        }
        path.to_owned()
    }
}

impl FileSystem for LossyFiles {
    fn metadata(&self, path: &Path) -> io::Result<Metadata> {
        NativeFileSystem.metadata(&self.real(path))
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.real(path).is_dir()
    }

    fn is_file(&self, path: &Path) -> bool {
        self.real(path).is_file()
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        let real = self.real(path);
        let mut listed = Vec::new();
        let mut stand_ins = self
            .stand_ins
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for entry in std::fs::read_dir(&real)?.filter_map(Result::ok) {
            let name = entry.file_name();
            match name.to_str() {
                Some(name) => listed.push(path.join(name)),
                None => {
                    let shown = path.join(name.to_string_lossy().as_ref());
                    stand_ins.insert(shown.clone(), real.join(&name));
                    listed.push(shown);
                }
            }
        }
        Ok(listed)
    }

    fn get_disks(&self, canonicalize_paths: bool) -> Disks {
        NativeFileSystem.get_disks(canonicalize_paths)
    }

    fn is_path_hidden(&self, path: &Path) -> bool {
        NativeFileSystem.is_path_hidden(path)
    }

    fn create_dir(&self, path: &Path) -> io::Result<()> {
        std::fs::create_dir(self.real(path))
    }

    fn user_dirs(&self, canonicalize_paths: bool) -> Option<UserDirectories> {
        NativeFileSystem.user_dirs(canonicalize_paths)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        std::env::current_dir()
    }

    fn load_text_file_preview(&self, path: &Path, max_chars: usize) -> io::Result<String> {
        NativeFileSystem.load_text_file_preview(&self.real(path), max_chars)
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    use super::*;

    #[test]
    fn a_name_that_is_not_utf8_is_listed_with_the_replacement_character_and_leads_back() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let latin1 = OsStr::from_bytes(b"partie-\xe9t\xe9.sgf");
        std::fs::write(folder.path().join(latin1), "(;GM[4]SZ[15];B[hh])").expect("written");
        let inner = OsStr::from_bytes(b"archiv-\xfc");
        std::fs::create_dir(folder.path().join(inner)).expect("a folder");
        std::fs::write(folder.path().join(inner).join("a.sgf"), "(;)").expect("written");
        std::fs::write(folder.path().join("plain.sgf"), "(;)").expect("written");

        let files = LossyFiles::default();
        let mut listed = files.read_dir(folder.path()).expect("listed");
        listed.sort();
        let names: Vec<&str> = listed
            .iter()
            .map(|p| p.file_name().and_then(OsStr::to_str).expect("UTF-8 now"))
            .collect();
        assert_eq!(
            names,
            [
                "archiv-\u{fffd}",
                "partie-\u{fffd}t\u{fffd}.sgf",
                "plain.sgf"
            ]
        );
        let shown = &listed[1];
        assert!(files.is_file(shown), "the stand-in is a file to the dialog");
        assert_eq!(files.real(shown), folder.path().join(latin1));
        assert_eq!(
            std::fs::read_to_string(files.real(shown)).expect("the real file"),
            "(;GM[4]SZ[15];B[hh])"
        );
        // Inside a folder listed by a stand-in, the names lead back through it.
        assert!(files.is_dir(&listed[0]));
        let inside = files.read_dir(&listed[0]).expect("listed");
        assert_eq!(inside, [listed[0].join("a.sgf")]);
        assert_eq!(
            files.real(&inside[0]),
            folder.path().join(inner).join("a.sgf")
        );
        // A real path is its own.
        assert_eq!(files.real(&listed[2]), folder.path().join("plain.sgf"));
    }
}
