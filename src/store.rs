//! The binary's file IO: size-capped reads of regular files only, atomic writes, and where
//! the data folder is. Autosaves are the full-screen UI's store (`squadsight_tui::store`), so
//! `play --plain` keeps them in the same place, per game.

use crate::error::CliError;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Reads a whole file, refusing anything that is not a regular file (folders, FIFOs,
/// devices, links to them) and anything over 16 MiB before reading it: the one reader of
/// `squadsight_tui::store::read_capped`, which the full-screen UI uses too.
pub fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    squadsight_tui::store::read_capped(path).map_err(CliError::input)
}

/// Writes a file atomically: a temporary file in the same folder, flushed to disk, then
/// renamed over the target, so a crash leaves either the old file or the new one. The
/// temporary file is named as the full-screen store names its own (`.NAME.PID-N.tmp`), and
/// after a write, those of the same target that a killed run left are removed (see
/// `squadsight_tui::store::clean_temp_files`).
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
        ".{}.{}-{}.tmp",
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
    if let Some(name) = name.to_str() {
        squadsight_tui::store::clean_temp_files(&dir, Some(name));
    }
    Ok(())
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
    use squadsight_core::data::MAX_DATA_BYTES;
    use std::fs::File;

    #[test]
    fn reads_refuse_big_files_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.ron");
        let file = File::create(&big).unwrap();
        file.set_len(MAX_DATA_BYTES as u64 + 1).unwrap();
        let err = read_file(&big).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(
            err.message.contains("the limit is 16777216 bytes (16 MiB)"),
            "{}",
            err.message
        );
        assert_eq!(read_file(dir.path()).unwrap_err().code, 2);
        let ok = dir.path().join("ok.ron");
        write_atomic(&ok, b"(x: 1)").unwrap();
        assert_eq!(read_file(&ok).unwrap(), b"(x: 1)");
    }

    #[cfg(unix)]
    #[test]
    fn a_write_removes_what_a_killed_write_of_the_same_file_left() {
        let dir = tempfile::tempdir().unwrap();
        // Process 4000000000 cannot exist (no Unix gives out pids that high): its write was
        // killed.
        let stale = dir.path().join(".game.ron.4000000000-0.tmp");
        fs::write(&stale, "(half").unwrap();
        let other = dir.path().join(".other.ron.4000000000-0.tmp");
        fs::write(&other, "(").unwrap();
        write_atomic(&dir.path().join("game.ron"), b"(x: 1)").unwrap();
        assert!(!stale.exists());
        assert!(
            other.exists(),
            "another file's leftovers are not this write's business"
        );
        assert_eq!(fs::read(dir.path().join("game.ron")).unwrap(), b"(x: 1)");
    }
}
