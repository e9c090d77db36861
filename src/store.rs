//! The only file IO in squadsight: size-capped reads and atomic writes, and the rotating
//! autosaves of `play`.

use crate::error::CliError;
use squadsight_core::data::MAX_DATA_BYTES;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Reads a whole file, refusing anything over 16 MiB before reading it (from its metadata)
/// and again while reading (in case it grows meanwhile).
pub fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let shown = path.display();
    let meta = fs::metadata(path).map_err(|e| CliError::input(format!("{shown}: {e}")))?;
    if !meta.is_file() {
        return Err(CliError::input(format!("{shown}: not a regular file")));
    }
    let limit = MAX_DATA_BYTES as u64;
    let too_big = |len: u64| {
        CliError::input(format!(
            "{shown}: the file is {len} bytes; the limit is {limit} bytes (16 MiB)"
        ))
    };
    if meta.len() > limit {
        return Err(too_big(meta.len()));
    }
    let file = File::open(path).map_err(|e| CliError::input(format!("{shown}: {e}")))?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::input(format!("{shown}: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Writes a file atomically: a temporary file in the same folder, flushed to disk, then
/// renamed over the target, so a crash leaves either the old file or the new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let shown = path.display();
    let name = path
        .file_name()
        .ok_or_else(|| CliError::input(format!("{shown}: not a file name")))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = dir.join(format!(
        ".{}.tmp-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(CliError::input(format!("{shown}: cannot write: {e}")));
    }
    // Make the rename itself durable; not every platform can sync a folder, and the file is
    // already complete, so a failure here is not worth reporting.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Autosaves after every action, keeping the newest few: `autosave-1.ron` is the newest.
pub struct Autosaver {
    dir: PathBuf,
    keep: u32,
}

impl Autosaver {
    /// Autosaves into `dir`, keeping `keep` of them.
    pub fn new(dir: impl Into<PathBuf>, keep: u32) -> Autosaver {
        Autosaver {
            dir: dir.into(),
            keep: keep.max(1),
        }
    }

    fn slot(&self, n: u32) -> PathBuf {
        self.dir.join(format!("autosave-{n}.ron"))
    }

    /// Shifts the older autosaves down one slot (dropping the oldest) and writes `text` as
    /// the newest. Returns where it went.
    pub fn save(&self, text: &str) -> Result<PathBuf, CliError> {
        fs::create_dir_all(&self.dir)
            .map_err(|e| CliError::input(format!("{}: {e}", self.dir.display())))?;
        for n in (1..self.keep).rev() {
            let from = self.slot(n);
            if from.exists() {
                fs::rename(&from, self.slot(n + 1))
                    .map_err(|e| CliError::input(format!("{}: {e}", from.display())))?;
            }
        }
        let newest = self.slot(1);
        write_atomic(&newest, text.as_bytes())?;
        Ok(newest)
    }
}

/// The folder for autosaves, saves and settings: `$SQUADSIGHT_HOME`, else
/// `$XDG_DATA_HOME/squadsight`, else `~/.local/share/squadsight`, else `./.squadsight`.
pub fn data_dir() -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("SQUADSIGHT_HOME") {
        return dir;
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return dir.join("squadsight");
    }
    if let Some(home) = var("HOME") {
        return home.join(".local").join("share").join("squadsight");
    }
    PathBuf::from(".squadsight")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn autosaves_rotate_and_keep_three() {
        let dir = tempfile::tempdir().unwrap();
        let saver = Autosaver::new(dir.path().join("auto"), 3);
        for i in 1..=5 {
            saver.save(&format!("save {i}")).unwrap();
        }
        let read = |n| fs::read_to_string(dir.path().join(format!("auto/autosave-{n}.ron")));
        assert_eq!(read(1).unwrap(), "save 5");
        assert_eq!(read(2).unwrap(), "save 4");
        assert_eq!(read(3).unwrap(), "save 3");
        assert!(read(4).is_err());
        let leftovers = fs::read_dir(dir.path().join("auto")).unwrap().count();
        assert_eq!(leftovers, 3, "no temporary files are left behind");
    }

    #[test]
    fn reads_refuse_big_files_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.ron");
        let file = File::create(&big).unwrap();
        file.set_len(MAX_DATA_BYTES as u64 + 1).unwrap();
        let err = read_file(&big).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(
            err.message.contains("limit is 16777216 bytes"),
            "{}",
            err.message
        );
        assert_eq!(read_file(dir.path()).unwrap_err().code, 2);
        let ok = dir.path().join("ok.ron");
        write_atomic(&ok, b"(x: 1)").unwrap();
        assert_eq!(read_file(&ok).unwrap(), b"(x: 1)");
    }
}
