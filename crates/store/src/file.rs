//! Safe file handling shared by every store: atomic writes, versioned JSON with migrations, and the
//! "keep the bad file aside and start with defaults" policy, with the kind of file for the player's message and the detail for the log.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::clock;

/// What was wrong with a file that could not be used.
#[derive(Debug)]
pub enum Problem {
    /// The file or its folder could not be read (permissions, a folder that is really a file, ...).
    Unreadable(io::Error),
    /// The text stops in the middle (a write that never finished).
    Truncated(String),
    /// Not the expected format at all.
    Garbage(String),
    /// Written by a newer Tengen than this one.
    TooNew { found: u64, supported: u64 },
    /// Well-formed, but a value has the wrong type or a required value is missing.
    WrongTypes(String),
    /// Well-formed and typed, but the content is impossible (e.g. an illegal move list).
    Invalid(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable(e) => write!(f, "it could not be read ({e})"),
            Problem::Truncated(e) => write!(f, "it is cut short ({e})"),
            Problem::Garbage(e) => write!(f, "it is not a Tengen file ({e})"),
            Problem::TooNew { found, supported } => write!(
                f,
                "it was written by a newer Tengen (format version {found}; this version reads up to {supported})"
            ),
            Problem::WrongTypes(e) => write!(f, "it holds a value of the wrong kind ({e})"),
            Problem::Invalid(e) => write!(f, "its content is impossible ({e})"),
        }
    }
}

/// Which of the store's files a warning or an error is about. The game words it in the player's
/// language; [`FileKind::what`] and [`FileKind::fallback`] are the English of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    Settings,
    Autosave,
    Statistics,
    /// One finished game in the history folder.
    History,
    /// A game record the player saved.
    GameRecord,
}

impl FileKind {
    /// What the file is for: "settings", "autosave", ...
    pub const fn what(self) -> &'static str {
        match self {
            FileKind::Settings => "settings",
            FileKind::Autosave => "autosave",
            FileKind::Statistics => "statistics",
            FileKind::History => "game history",
            FileKind::GameRecord => "game record",
        }
    }

    /// What the store does instead of using a bad file of this kind.
    pub const fn fallback(self) -> &'static str {
        match self {
            FileKind::Settings => "Default settings are used.",
            FileKind::Autosave => "There is no game to continue; a new game starts.",
            FileKind::Statistics => "Statistics start again from zero.",
            FileKind::History => "It is left out of the history list.",
            FileKind::GameRecord => "It is not opened.",
        }
    }
}

/// A file that could not be used. The store carried on with defaults ([`FileKind::fallback`]); the UI
/// words it from its kind and the log records its [`Display`](fmt::Display) text, detail and all.
#[derive(Debug)]
pub struct Warning {
    pub file: FileKind,
    pub path: PathBuf,
    pub problem: Problem,
    /// Where the bad file now is, when it could be renamed.
    pub kept_as: Option<PathBuf>,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "The {} file {} could not be used: {}.",
            self.file.what(),
            self.path.display(),
            self.problem
        )?;
        if let Some(kept) = &self.kept_as {
            write!(f, " It was kept as {}.", kept.display())?;
        }
        write!(f, " {}", self.file.fallback())
    }
}

/// A value loaded from disk, with what went wrong on the way (empty when all was well).
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: T,
    pub warnings: Vec<Warning>,
}

impl Warning {
    /// The technical detail behind the player's headline: the file and the reader's own words.
    pub fn detail(&self) -> String {
        format!("{}: {}", self.path.display(), self.problem)
    }
}

impl<T> Loaded<T> {
    pub fn clean(value: T) -> Loaded<T> {
        Loaded {
            value,
            warnings: Vec::new(),
        }
    }
}

/// A save that failed: the game goes on, the UI says so.
#[derive(Debug)]
pub struct StoreError {
    /// What was being saved.
    pub file: FileKind,
    pub path: PathBuf,
    pub source: io::Error,
}

/// Why a save failed, sorted into the cases a player can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SaveFailure {
    /// No space left on the disk (or the user's quota is used up).
    DiskFull,
    /// The disk or folder is mounted read-only.
    ReadOnly,
    /// The folder is gone and could not be made again (or a file stands where it should be).
    FolderMissing,
    /// The system refused access to the folder or the file.
    NotAllowed,
    /// Anything else: the system's own words are in [`StoreError::source`].
    Other,
}

impl SaveFailure {
    /// Sorts an I/O error by what the player could do about it.
    pub fn of(error: &io::Error) -> SaveFailure {
        use io::ErrorKind as K;
        match error.kind() {
            K::StorageFull | K::QuotaExceeded => SaveFailure::DiskFull,
            K::ReadOnlyFilesystem => SaveFailure::ReadOnly,
            K::NotFound | K::NotADirectory => SaveFailure::FolderMissing,
            K::PermissionDenied => SaveFailure::NotAllowed,
            _ => SaveFailure::Other,
        }
    }

    /// The reason in plain English, for the log and the detail line under the UI's headline.
    pub const fn words(self) -> &'static str {
        match self {
            SaveFailure::DiskFull => "the disk is full",
            SaveFailure::ReadOnly => "the disk is read-only",
            SaveFailure::FolderMissing => "its folder is missing and could not be made again",
            SaveFailure::NotAllowed => "the system does not allow writing there",
            SaveFailure::Other => "the system reported an error",
        }
    }
}

impl StoreError {
    /// Why the save failed.
    pub fn reason(&self) -> SaveFailure {
        SaveFailure::of(&self.source)
    }

    /// The file's name without its folder (`settings.json`): what a message shows; the full path
    /// stays in [`StoreError::path`] for the log.
    pub fn file_name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        )
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Could not save the {} file {}: {}",
            self.file.what(),
            self.file_name(),
            self.reason().words()
        )?;
        // The system's own words only where the plain ones say nothing specific.
        if self.reason() == SaveFailure::Other {
            write!(f, " ({})", self.source)?;
        }
        f.write_str(".")
    }
}

impl std::error::Error for Warning {}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Prefix of the temporary files an atomic write uses; anything starting with it is ours to clean.
const TEMP_PREFIX: &str = ".tengen-tmp-";

fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no folder"))?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    // Process id and a counter: two saves of the same file never share a temporary file.
    static NEXT: AtomicU64 = AtomicU64::new(0);
    Ok(dir.join(format!(
        "{TEMP_PREFIX}{}-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )))
}

/// First half of an atomic write: the full content in a temporary file beside `path`, flushed to disk.
/// Split out so tests can stop here, as a crash would.
pub(crate) fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let tmp = temp_path(path)?;
    // A write cut short (a full disk) must not leave its partial copy behind: it would hold space
    // the next save needs, and it is useless.
    match fill(&tmp, bytes) {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Creates `tmp` with `bytes`, flushed to the disk.
fn fill(tmp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(tmp)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// Replaces `path` with `bytes` so that a reader (or the next start after a crash) sees either the old
/// file or the new one, never a mix: temporary file in the same folder, write, fsync, rename, fsync the
/// folder (where the platform allows opening one).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temp(path, bytes)?;
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename is only durable once the folder entry is on disk. Opening a folder is a Unix idea;
    // elsewhere the rename alone is the best there is.
    #[cfg(unix)]
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes temporary files left by a write that never reached its rename (a crash or a kill). They are
/// never read: the real file beside them is intact. Returns how many were removed.
pub fn clean_temp_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(TEMP_PREFIX))
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}

/// Renames a bad file to `<name>.bad-<UTC stamp>` (with `-2`, `-3`... if that exists) so the player or a
/// developer can still look at it. Never deletes.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    let stamp = clock::stamp(clock::now_secs());
    let mut target = path.with_file_name(format!("{name}.bad-{stamp}"));
    let mut n = 2;
    while target.exists() {
        target = path.with_file_name(format!("{name}.bad-{stamp}-{n}"));
        n += 1;
    }
    fs::rename(path, &target)?;
    Ok(target)
}

/// One step of a format's history: turns the JSON of version `n` into version `n + 1`, or says what is
/// wrong with it (a value of the wrong kind, or content that cannot be, found on the way).
pub(crate) type Migration = fn(Value) -> Result<Value, Problem>;

/// How a versioned JSON file is read.
pub(crate) struct Format {
    pub file: FileKind,
    pub current: u64,
    /// `migrations[i]` turns version `i + 1` into `i + 2`; so `migrations.len() == current - 1`.
    pub migrations: &'static [Migration],
}

fn classify(e: &serde_json::Error) -> Problem {
    use serde_json::error::Category;
    match e.classify() {
        Category::Eof => Problem::Truncated(e.to_string()),
        Category::Syntax => Problem::Garbage(e.to_string()),
        Category::Data => Problem::WrongTypes(e.to_string()),
        Category::Io => Problem::Unreadable(io::Error::other(e.to_string())),
    }
}

impl Format {
    /// Brings a parsed file to the current version.
    pub(crate) fn upgrade(&self, mut value: Value) -> Result<Value, Problem> {
        let Some(obj) = value.as_object() else {
            return Err(Problem::Garbage("expected a JSON object".into()));
        };
        let version = match obj.get("version") {
            None => return Err(Problem::Garbage("no format version".into())),
            Some(v) => v
                .as_u64()
                .ok_or_else(|| Problem::WrongTypes(format!("version {v} is not a whole number")))?,
        };
        if version > self.current {
            return Err(Problem::TooNew {
                found: version,
                supported: self.current,
            });
        }
        if version == 0 {
            return Err(Problem::WrongTypes("version 0 does not exist".into()));
        }
        for step in version..self.current {
            let migrate = usize::try_from(step - 1)
                .ok()
                .and_then(|i| self.migrations.get(i))
                .ok_or_else(|| Problem::WrongTypes(format!("no way to read version {step}")))?;
            let upgrading = |e| format!("while upgrading from version {step}: {e}");
            value = migrate(value).map_err(|problem| match problem {
                Problem::Invalid(e) => Problem::Invalid(upgrading(e)),
                Problem::WrongTypes(e) => Problem::WrongTypes(upgrading(e)),
                other => other,
            })?;
            if let Some(obj) = value.as_object_mut() {
                obj.insert("version".into(), Value::from(step + 1));
            }
        }
        Ok(value)
    }

    /// Parses a file's text into `T`, migrating older versions.
    pub(crate) fn parse<T: DeserializeOwned>(&self, text: &str) -> Result<T, Problem> {
        let value: Value = serde_json::from_str(text).map_err(|e| classify(&e))?;
        let value = self.upgrade(value)?;
        serde_json::from_value(value).map_err(|e| classify(&e))
    }

    pub(crate) fn warning(
        &self,
        path: &Path,
        problem: Problem,
        kept_as: Option<PathBuf>,
    ) -> Warning {
        Warning {
            file: self.file,
            path: path.to_owned(),
            problem,
            kept_as,
        }
    }

    /// Reads `path`. A missing file is `Ok(None)` (first start). A bad one is renamed aside and reported.
    /// `check` rejects content that parses but cannot be used.
    pub(crate) fn load<T: DeserializeOwned, U>(
        &self,
        path: &Path,
        check: impl FnOnce(T) -> Result<U, Problem>,
    ) -> Result<Option<U>, Warning> {
        let text = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                // A path that is a folder can be moved aside; an unreadable parent cannot.
                let kept = path.is_dir().then(|| keep_aside(path).ok()).flatten();
                return Err(self.warning(path, Problem::Unreadable(e), kept));
            }
        };
        let parsed = match String::from_utf8(text) {
            Ok(text) => self.parse::<T>(&text).and_then(check),
            Err(e) => Err(Problem::Garbage(format!("not UTF-8 text: {e}"))),
        };
        match parsed {
            Ok(value) => Ok(Some(value)),
            Err(problem) => {
                let kept = keep_aside(path).ok();
                Err(self.warning(path, problem, kept))
            }
        }
    }

    /// The file's bytes: pretty JSON (readable in a text editor) with the current format `version` added.
    pub(crate) fn encode<T: Serialize>(&self, value: &T) -> Result<Vec<u8>, serde_json::Error> {
        let mut json = serde_json::to_value(value)?;
        if let Some(obj) = json.as_object_mut() {
            obj.insert("version".into(), Value::from(self.current));
        }
        let mut text = serde_json::to_string_pretty(&json)?;
        text.push('\n');
        Ok(text.into_bytes())
    }

    pub(crate) fn error(&self, path: &Path, source: io::Error) -> StoreError {
        StoreError {
            file: self.file,
            path: path.to_owned(),
            source,
        }
    }

    /// Encodes and writes `value` atomically.
    pub(crate) fn save<T: Serialize>(&self, path: &Path, value: &T) -> Result<(), StoreError> {
        let bytes = self
            .encode(value)
            .map_err(|e| self.error(path, io::Error::other(e)))?;
        write_atomic(path, &bytes).map_err(|e| self.error(path, e))
    }
}
