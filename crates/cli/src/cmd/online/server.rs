//! The server `online-load` starts for itself: `jieqi-server --listen 127.0.0.1:0 --db
//! <a temporary file> --max-connections-per-ip N`, its address read from the first line it
//! prints (`listening on ADDR`), killed when the load is over (or dropped). Its memory is
//! read from `/proc/PID/status`.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// How long a starting server may take to say where it listens.
const START_TIMEOUT: Duration = Duration::from_secs(20);

/// A server this process started.
#[derive(Debug)]
pub struct Spawned {
    child: Child,
    pub addr: String,
    pub pid: u32,
    /// The database's folder, removed with it.
    dir: tempfile::TempDir,
}

/// The server program: `--server-bin`, else `jieqi-server` beside this program.
pub fn program(server_bin: Option<&str>) -> Result<PathBuf, String> {
    let path = match server_bin {
        Some(path) => PathBuf::from(path),
        None => std::env::current_exe()
            .map_err(|e| format!("cannot find this program's folder: {e}"))?
            .with_file_name(format!("jieqi-server{}", std::env::consts::EXE_SUFFIX)),
    };
    if !path.is_file() {
        return Err(format!(
            "no server program at {} (build it: cargo build --release -p jieqi-server; or name one with --server-bin, or a running server with --server)",
            path.display()
        ));
    }
    Ok(path)
}

impl Spawned {
    /// Starts `program` on a free loopback port, allowing `connections` from this address.
    pub async fn start(program: &Path, connections: usize) -> Result<Spawned, String> {
        let dir =
            tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
        let log = std::fs::File::create(dir.path().join("server.log"))
            .map_err(|e| format!("cannot write the server's log: {e}"))?;
        let mut child = Command::new(program)
            .arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--db")
            .arg(dir.path().join("load.db"))
            .arg("--max-connections-per-ip")
            .arg(connections.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let pid = child.id().ok_or("the server exited at once")?;
        let stdout = child
            .stdout
            .take()
            .ok_or("the server's output is not piped")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(START_TIMEOUT, lines.next_line()).await;
        let addr = match first {
            Ok(Ok(Some(line))) => line
                .strip_prefix("listening on ")
                .map(|a| a.trim().to_string())
                .ok_or_else(|| {
                    format!(
                        "the server's first line is not 'listening on ADDR': {}",
                        crate::text::excerpt(&line)
                    )
                })?,
            Ok(_) => {
                let log =
                    std::fs::read_to_string(dir.path().join("server.log")).unwrap_or_default();
                return Err(format!(
                    "the server exited before listening: {}",
                    crate::text::excerpt(log.lines().last().unwrap_or(""))
                ));
            }
            Err(_) => return Err("the server did not say where it listens within 20 s".into()),
        };
        // The rest of its output is read and dropped, so that it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Spawned {
            child,
            addr,
            pid,
            dir,
        })
    }

    /// Kills the server and waits for it; the last lines of its log if it had died already.
    pub async fn stop(mut self) -> Option<String> {
        let died = match self.child.try_wait() {
            Ok(Some(status)) => Some(status),
            _ => None,
        };
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
        died.map(|status| {
            let log =
                std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default();
            format!(
                "the server exited during the load ({status}): {}",
                crate::text::excerpt(log.lines().last().unwrap_or(""))
            )
        })
    }
}

/// A process's memory from `/proc/PID/status`: (`VmRSS`, `VmHWM`) in KiB, `None` where it
/// cannot be read (not Linux, no such process).
pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status.lines().find_map(|line| {
            let rest = line.strip_prefix(name)?.strip_prefix(':')?;
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
    };
    Some((field("VmRSS")?, field("VmHWM")?))
}

/// This process's limit on open files (the soft one), where it can be read.
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line
        .trim_start_matches("Max open files")
        .split_whitespace()
        .next()?;
    match soft {
        "unlimited" => Some(u64::MAX),
        n => n.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_memory_and_a_file_limit() {
        if cfg!(target_os = "linux") {
            let (rss, hwm) = memory_kib(std::process::id()).unwrap();
            assert!(rss > 0 && hwm >= rss);
            assert!(open_files_limit().unwrap() > 0);
        }
        assert_eq!(memory_kib(u32::MAX), None);
    }

    #[test]
    fn a_missing_server_program_is_named() {
        let err = program(Some("/nonexistent/jieqi-server")).unwrap_err();
        assert!(err.contains("/nonexistent/jieqi-server"), "{err}");
    }
}
