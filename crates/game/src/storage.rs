//! Where the game keeps its files, how it writes them without stalling a frame, and what it
//! tells the player when one is damaged.
//!
//! Folders: `settings.json` goes to the platform's config folder, `autosave.json` and
//! `stats.json` (what the game itself produces) to its data folder — on Linux
//! `~/.config/jieqi` and `~/.local/share/jieqi`. `--config-dir DIR` puts all three in DIR.
//! With no folder (tests, measuring runs without `--config-dir`) nothing is read or written.
//!
//! A damaged file is never overwritten or deleted: it is renamed to
//! `NAME.damaged-<unix seconds>.json` beside itself, and the player is told. A file over
//! [`MAX_FILE_BYTES`] counts as damaged without being read. Something that is not a regular
//! file (a pipe, a device, a folder) is neither opened nor moved, see [`read_text`].
//!
//! The notices are [`Phrase`]s, said in the language of the moment. Why a file is damaged
//! (serde's or the rules crate's words, an I/O error) is technical detail worded in English
//! only: it stands plain inside the translated frame, and is what a bug report needs anyway.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use bevy::prelude::*;
use jieqi_ai::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::i18n::{Language, Phrase, Text};

/// The folder name of the game's files in the platform's config and data folders: the
/// application's name, which the project shares with a variant (not a variant's id).
const APP_FOLDER: &str = "jieqi"; // app name, not a variant

/// The folders the game's files live in; `None`: that kind of file is not kept.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StorageDirs {
    /// For `settings.json`.
    pub config: Option<PathBuf>,
    /// For `autosave.json`, `stats.json` and `online.json`.
    pub data: Option<PathBuf>,
}

impl StorageDirs {
    /// Every file in `dir` (`--config-dir`).
    pub fn in_dir(dir: &Path) -> StorageDirs {
        StorageDirs {
            config: Some(dir.to_path_buf()),
            data: Some(dir.to_path_buf()),
        }
    }

    /// The platform's folders for this user (none if the platform has no home folder).
    pub fn platform() -> StorageDirs {
        // The application's name (not a variant): its folders keep the players' files.
        let dirs = directories::ProjectDirs::from("", "", APP_FOLDER);
        StorageDirs {
            config: dirs.as_ref().map(|d| d.config_dir().to_path_buf()),
            data: dirs.as_ref().map(|d| d.data_dir().to_path_buf()),
        }
    }

    pub fn settings_file(&self) -> Option<PathBuf> {
        self.config.as_ref().map(|d| d.join("settings.json"))
    }

    pub fn autosave_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("autosave.json"))
    }

    pub fn stats_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("stats.json"))
    }

    /// The online seat to take again (see `crate::online::saved`).
    pub fn online_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("online.json"))
    }
}

/// Messages about the game's files for the player (a damaged file, a failed write), shown
/// until dismissed.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StorageNotices {
    pub messages: Vec<Phrase>,
}

/// A computer level as the files write it: its name ("Club").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct LevelName(pub Level);

impl From<LevelName> for String {
    fn from(level: LevelName) -> String {
        level.0.name().to_string()
    }
}

impl TryFrom<String> for LevelName {
    type Error = String;
    fn try_from(name: String) -> Result<LevelName, String> {
        Level::parse(&name)
            .map(LevelName)
            .ok_or_else(|| format!("'{name}' is not a computer level"))
    }
}

/// The most a file of the game's may hold (4 MiB). A real one is a few KB: anything larger
/// is not ours, and reading it, or showing what the parser says about it, would stall the
/// start.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// The most characters of a reason a notice shows; a longer one (a parser quoting a huge
/// value) is cut in the middle.
const MAX_REASON_CHARS: usize = 200;

/// What stands where a file should be, when it is not a regular file ("a named pipe"): the
/// error [`read_text`] carries then.
#[derive(Debug)]
struct NotAFile(&'static str);

impl std::fmt::Display for NotAFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a regular file ({})", self.0)
    }
}

impl std::error::Error for NotAFile {}

impl NotAFile {
    fn of(kind: std::fs::FileType) -> NotAFile {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return NotAFile("a named pipe");
            }
            if kind.is_socket() {
                return NotAFile("a socket");
            }
            if kind.is_block_device() || kind.is_char_device() {
                return NotAFile("a device");
            }
        }
        NotAFile(if kind.is_dir() {
            "a folder"
        } else {
            "something else"
        })
    }

    /// The `NotAFile` an error of [`read_text`] carries, if that is why it failed.
    fn in_error(error: &io::Error) -> Option<&NotAFile> {
        error.get_ref().and_then(|inner| inner.downcast_ref())
    }
}

/// Reads a UTF-8 file of at most [`MAX_FILE_BYTES`]; `Ok(None)` when there is none yet.
/// Anything but a regular file is refused before it is opened: opening a pipe waits for a
/// writer, forever if none comes.
pub fn read_text(path: &Path) -> io::Result<Option<String>> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !meta.is_file() {
        let not_a_file = NotAFile::of(meta.file_type());
        return Err(io::Error::new(io::ErrorKind::InvalidInput, not_a_file));
    }
    let too_large = |size: u64| {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("too large: {size} bytes, more than the {MAX_FILE_BYTES} it may hold"),
        )
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    // Bounded while reading too: the file may have grown since.
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// `text` if it has at most `max` characters, else its start and end around a "…", `max`
/// characters in all: a parser's words about a value (what was expected, where) stay.
fn shortened(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head = max.saturating_sub(1) / 2;
    let tail = max.saturating_sub(1) - head;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    format!("{start}…{end}")
}

/// [`write_atomic`] into our own folder, made first if it is not there yet.
fn write_ours(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    write_atomic(path, text)
}

/// Writes `text` to `path` so that a crash leaves the old file or the new one, never half:
/// a temporary file beside it, flushed, then renamed over it.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let mut tmp_name = path.as_os_str().to_os_string();
    tmp_name.push(".tmp");
    let tmp = PathBuf::from(tmp_name);
    // Whatever has the temporary name goes first (a crash's leftover, or a pipe whose
    // opening would wait forever): `create_new` then opens only a file of its own making.
    match std::fs::remove_file(&tmp) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)
}

/// Reads a file of ours with `parse`. `None` when there is none yet, or when it cannot be
/// read or parsed: then the player is told, with `fallback` saying what the game does
/// instead, and a damaged file is set aside.
pub fn load_with<T>(
    path: &Path,
    notices: &mut StorageNotices,
    fallback: Text,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Option<T> {
    let failed = match read_text(path) {
        Ok(None) => return None,
        Ok(Some(text)) => match parse(&text) {
            Ok(value) => return Some(value),
            Err(reason) => reason,
        },
        Err(e) => match NotAFile::in_error(&e) {
            Some(NotAFile(what)) => {
                notices.not_a_file(path, what, fallback);
                return None;
            }
            None => e.to_string(),
        },
    };
    notices.damaged(path, &failed, fallback);
    None
}

/// [`load_with`] for JSON, which `check` may still refuse.
pub fn load_json<T: DeserializeOwned>(
    path: &Path,
    notices: &mut StorageNotices,
    fallback: Text,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Option<T> {
    load_with(path, notices, fallback, |text| {
        let value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        check(&value).map(|()| value)
    })
}

pub fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).expect("plain data always serialises") + "\n"
}

/// Renames a damaged file to `NAME.damaged-<unix seconds>.json` beside it (with `-2`, `-3`…
/// if that is taken), so that it can be inspected and is never overwritten.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let aside = (1..)
        .map(|n| {
            let tail = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            path.with_file_name(format!("{stem}.damaged-{secs}{tail}.json"))
        })
        .find(|p| !p.exists())
        .expect("some suffix is free");
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

impl StorageNotices {
    /// Sets a damaged file aside and tells the player what happened and what the game does
    /// instead (`fallback`). A long reason is cut: it may quote the file.
    pub fn damaged(&mut self, path: &Path, reason: &str, fallback: Text) {
        let message = match set_aside(path) {
            Ok(aside) => Phrase::new(Text::FileDamagedKept).with("aside", file_name(&aside)),
            Err(e) => Phrase::new(Text::FileDamagedStuck).with("error", e.to_string()),
        }
        .with("name", file_name(path))
        .with("reason", shortened(reason, MAX_REASON_CHARS))
        .with("fallback", fallback);
        self.tell(message);
    }

    /// Tells the player that `what` (a pipe, a folder…) stands where a file should be. It is
    /// left alone, not set aside: the game did not make it, something may be using it (a
    /// folder may be a mount point, which cannot be renamed), and the game's next save
    /// replaces a pipe's name anyway (or fails with a notice where a folder stands).
    pub fn not_a_file(&mut self, path: &Path, what: &str, fallback: Text) {
        self.tell(
            Phrase::new(Text::FileNotRegular)
                .with("name", file_name(path))
                .with("what", what.to_string())
                .with("fallback", fallback),
        );
    }

    /// Adds a message, unless the same one is already waiting: a save failing after every
    /// move says so once.
    fn tell(&mut self, message: Phrase) {
        warn!("{}", message.say(Language::English));
        if !self.messages.contains(&message) {
            self.messages.push(message);
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

fn write_failed(path: &Path, error: &io::Error) -> Phrase {
    Phrase::new(Text::CouldNotSave)
        .with("name", file_name(path))
        .with("error", error.to_string())
}

enum Job {
    Write { path: PathBuf, text: String },
    Flush(Sender<()>),
}

/// Writes files on a thread of its own, in the order asked, so that a slow disk never
/// stalls a frame. Failures come back as notices. Dropping it waits for the writes asked.
#[derive(Resource)]
pub struct DiskWriter {
    jobs: Option<Sender<Job>>,
    failures: Mutex<Receiver<Phrase>>,
    thread: Option<JoinHandle<()>>,
    /// Writes asked whose outcome is not known here yet: not done, or failed and not
    /// collected by [`DiskWriter::failures`] (an idle app draws frames until a failure is
    /// told).
    pending: Arc<AtomicUsize>,
}

impl std::fmt::Debug for DiskWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiskWriter").finish_non_exhaustive()
    }
}

impl Default for DiskWriter {
    fn default() -> Self {
        let (jobs, inbox) = channel::<Job>();
        let (report, failures) = channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let done = pending.clone();
        let thread = std::thread::Builder::new()
            .name("jieqi-disk-writer".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        Job::Write { path, text } => {
                            match write_ours(&path, &text) {
                                Ok(()) => {
                                    done.fetch_sub(1, Ordering::AcqRel);
                                }
                                // Pending until the failure is collected.
                                Err(e) => {
                                    let _ = report.send(write_failed(&path, &e));
                                }
                            }
                        }
                        Job::Flush(done) => {
                            let _ = done.send(());
                        }
                    }
                }
            })
            .ok();
        DiskWriter {
            jobs: Some(jobs),
            failures: Mutex::new(failures),
            thread,
            pending,
        }
    }
}

impl DiskWriter {
    pub fn write(&self, path: PathBuf, text: String) {
        let job = Job::Write { path, text };
        match (&self.thread, &self.jobs) {
            (Some(_), Some(jobs)) => {
                self.pending.fetch_add(1, Ordering::AcqRel);
                if jobs.send(job).is_err() {
                    self.pending.fetch_sub(1, Ordering::AcqRel);
                }
            }
            // No thread could be started: write here rather than lose the file.
            _ => {
                if let Job::Write { path, text } = job
                    && let Err(e) = write_ours(&path, &text)
                {
                    error!("{}", write_failed(&path, &e).say(Language::English));
                }
            }
        }
    }

    /// Whether writes asked are still to be done, or failed without the failure collected.
    pub fn is_busy(&self) -> bool {
        self.pending.load(Ordering::Acquire) > 0
    }

    /// Waits until every write asked so far is done (tests, and before reading a file back).
    pub fn flush(&self) {
        let (done, wait) = channel();
        if let Some(jobs) = &self.jobs
            && jobs.send(Job::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    fn failures(&self) -> Vec<Phrase> {
        let failures: Vec<Phrase> = self
            .failures
            .lock()
            .map(|rx| rx.try_iter().collect())
            .unwrap_or_default();
        self.pending.fetch_sub(failures.len(), Ordering::AcqRel);
        failures
    }
}

impl Drop for DiskWriter {
    fn drop(&mut self) {
        // Closing the queue ends the thread once the writes asked are done.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StorageDirs>()
        .init_resource::<StorageNotices>()
        .init_resource::<DiskWriter>()
        .add_systems(Update, report_failures);
}

fn report_failures(writer: Res<DiskWriter>, mut notices: ResMut<StorageNotices>) {
    for failure in writer.failures() {
        notices.tell(failure);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_is_set_aside_and_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let mut names = Vec::new();
        for bytes in ["{broken", "also broken"] {
            std::fs::write(&path, bytes).unwrap();
            let aside = set_aside(&path).unwrap();
            assert_eq!(std::fs::read_to_string(&aside).unwrap(), bytes);
            names.push(aside);
        }
        assert!(!path.exists());
        assert_ne!(names[0], names[1]);
        let first = names[0].file_name().unwrap().to_string_lossy().into_owned();
        assert!(first.starts_with("stats.damaged-") && first.ends_with(".json"));
    }

    #[test]
    fn a_long_reason_keeps_its_start_and_end() {
        assert_eq!(shortened("short", 5), "short");
        assert_eq!(shortened("abcdefghij", 5), "ab…ij");
        let long = format!(
            "unknown variant `{}`, expected `English`",
            "象".repeat(5000)
        );
        let cut = shortened(&long, MAX_REASON_CHARS);
        assert_eq!(cut.chars().count(), MAX_REASON_CHARS);
        assert!(
            cut.starts_with("unknown variant `象象") && cut.ends_with("象`, expected `English`")
        );
    }

    #[test]
    fn the_writer_writes_in_order_and_reports_failures() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("a.json");
        let writer = DiskWriter::default();
        for n in 0..20 {
            writer.write(path.clone(), n.to_string());
        }
        writer.flush();
        assert!(!writer.is_busy(), "every write done");
        assert_eq!(read_text(&path).unwrap().as_deref(), Some("19"));
        // A folder where the file should be: the write fails and says so.
        let blocked = dir.path().join("blocked.json");
        std::fs::create_dir(&blocked).unwrap();
        writer.write(blocked, String::new());
        writer.flush();
        assert!(
            writer.is_busy(),
            "a failure not told yet keeps frames coming"
        );
        let failures = writer.failures();
        assert_eq!(failures.len(), 1);
        assert!(!writer.is_busy());
        assert!(
            failures[0]
                .say(Language::English)
                .starts_with("Could not save blocked.json")
        );
    }
}
