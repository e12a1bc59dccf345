//! Where the game keeps its files, how it writes them without stalling a frame, and what it
//! tells the player when one is damaged.
//!
//! Folders: `settings.json` goes to the platform's config folder, `autosave.json` and
//! `stats.json` (what the game itself produces) to its data folder — on Linux
//! `~/.config/jieqi` and `~/.local/share/jieqi`. `--config-dir DIR` puts all three in DIR.
//! With no folder (tests, measuring runs without `--config-dir`) nothing is read or written.
//!
//! A damaged file is never overwritten or deleted: it is renamed to
//! `NAME.damaged-<unix seconds>.json` beside itself, and the player is told.
//!
//! The notices are [`Phrase`]s, said in the language of the moment. Why a file is damaged
//! (serde's or the rules crate's words, an I/O error) is technical detail worded in English
//! only: it stands plain inside the translated frame, and is what a bug report needs anyway.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use bevy::prelude::*;
use jieqi_ai::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::i18n::{Language, Phrase, Text};

/// The folders the game's files live in; `None`: that kind of file is not kept.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StorageDirs {
    /// For `settings.json`.
    pub config: Option<PathBuf>,
    /// For `autosave.json` and `stats.json`.
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
        let dirs = directories::ProjectDirs::from("", "", "jieqi");
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

/// Reads a file; `Ok(None)` when there is none yet.
pub fn read_text(path: &Path) -> io::Result<Option<String>> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
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
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)
}

/// Reads a JSON file of ours. `None` when there is none yet, or when it is damaged (not
/// JSON, a bad field, or refused by `check`): then it is set aside and the player told, with
/// `fallback` saying what the game does instead.
pub fn load_json<T: DeserializeOwned>(
    path: &Path,
    notices: &mut StorageNotices,
    fallback: Text,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Option<T> {
    let parsed = read_text(path)
        .map_err(|e| e.to_string())
        .and_then(|text| match text {
            None => Ok(None),
            Some(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| e.to_string()),
        })
        .and_then(|value| match value {
            Some(value) => check(&value).map(|()| Some(value)),
            None => Ok(None),
        });
    parsed.unwrap_or_else(|reason| {
        notices.damaged(path, &reason, fallback);
        None
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
    /// instead (`fallback`).
    pub fn damaged(&mut self, path: &Path, reason: &str, fallback: Text) {
        let message = match set_aside(path) {
            Ok(aside) => Phrase::new(Text::FileDamagedKept).with("aside", file_name(&aside)),
            Err(e) => Phrase::new(Text::FileDamagedStuck).with("error", e.to_string()),
        }
        .with("name", file_name(path))
        .with("reason", reason.to_string())
        .with("fallback", fallback);
        warn!("{}", message.say(Language::English));
        self.messages.push(message);
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
        let thread = std::thread::Builder::new()
            .name("jieqi-disk-writer".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        Job::Write { path, text } => {
                            if let Err(e) = write_ours(&path, &text) {
                                let _ = report.send(write_failed(&path, &e));
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
        }
    }
}

impl DiskWriter {
    pub fn write(&self, path: PathBuf, text: String) {
        let job = Job::Write { path, text };
        match (&self.thread, &self.jobs) {
            (Some(_), Some(jobs)) => {
                let _ = jobs.send(job);
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
        self.failures
            .lock()
            .map(|rx| rx.try_iter().collect())
            .unwrap_or_default()
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
    let failures = writer.failures();
    if !failures.is_empty() {
        notices.messages.extend(failures);
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
    fn the_writer_writes_in_order_and_reports_failures() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("a.json");
        let writer = DiskWriter::default();
        for n in 0..20 {
            writer.write(path.clone(), n.to_string());
        }
        writer.flush();
        assert_eq!(read_text(&path).unwrap().as_deref(), Some("19"));
        // A folder where the file should be: the write fails and says so.
        let blocked = dir.path().join("blocked.json");
        std::fs::create_dir(&blocked).unwrap();
        writer.write(blocked, String::new());
        writer.flush();
        let failures = writer.failures();
        assert_eq!(failures.len(), 1);
        assert!(
            failures[0]
                .say(Language::English)
                .starts_with("Could not save blocked.json")
        );
    }
}
