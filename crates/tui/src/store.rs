//! Where saves, autosaves and settings live. The binary decides the folder ([`DirStore`]);
//! tests keep everything in memory ([`MemoryStore`]).
//!
//! Every write is atomic: the text goes to a temporary file in the same folder, is flushed to
//! disk, and is then renamed over the target, so a crash leaves either the old file or the
//! new one, never half of one. Autosaves rotate: the newest [`AUTOSAVES`] are kept.
//!
//! Campaigns have their own slots: one file per campaign (Commander's campaign file, the same
//! one `squadsight campaign` reads and writes), rewritten after every change.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How many autosaves are kept.
pub const AUTOSAVES: usize = 3;

/// One stored save, as listed for loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot {
    /// A short name for menus.
    pub name: String,
    /// Where it is (a path for [`DirStore`]), used to read it and in messages.
    pub origin: String,
}

/// Storage for saves and settings.
pub trait SaveStore: Send {
    /// Writes `text` as the newest autosave, dropping the oldest beyond [`AUTOSAVES`].
    fn autosave(&mut self, text: &str) -> Result<(), String>;

    /// The newest autosave, if there is one.
    fn last_autosave(&self) -> Option<SaveSlot>;

    /// Saves a game under a new name; returns where it went.
    fn save(&mut self, ruleset: &str, text: &str) -> Result<String, String>;

    /// Every save and autosave, newest first.
    fn list(&self) -> Vec<SaveSlot>;

    /// Reads a save.
    fn read(&self, slot: &SaveSlot) -> Result<Vec<u8>, String>;

    /// The stored settings text, if any.
    fn settings(&self) -> Option<String>;

    /// Stores the settings text.
    fn write_settings(&mut self, text: &str) -> Result<(), String>;

    /// Every saved campaign, newest first; [`SaveStore::read`] reads one.
    fn campaigns(&self) -> Vec<SaveSlot>;

    /// The slot a new campaign called `name` goes to: `name` itself, or with a number added
    /// when that is taken. Nothing is written yet.
    fn new_campaign_slot(&self, name: &str) -> SaveSlot;

    /// Writes a campaign's text to its slot (replacing what was there). A slot may also be a
    /// campaign file opened from elsewhere; it is written where it was found.
    fn write_campaign(&mut self, slot: &SaveSlot, text: &str) -> Result<(), String>;

    /// Keeps (`Some`, a save's text) or drops (`None`) the battle in progress of the campaign
    /// at `campaign`, so that a battle left unfinished is taken up again, not replayed.
    fn write_campaign_battle(
        &mut self,
        campaign: &SaveSlot,
        save: Option<&str>,
    ) -> Result<(), String>;

    /// The save of the battle in progress of the campaign at `campaign`, if one is kept and
    /// can be read.
    fn campaign_battle(&self, campaign: &SaveSlot) -> Option<Vec<u8>>;
}

/// A campaign name as a file name: letters, digits, `-` and `_` kept, anything else a `-`.
fn campaign_file_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    if clean.is_empty() {
        "campaign".into()
    } else {
        clean
    }
}

/// The first of `name`, `name-2`, `name-3`, … that `taken` does not refuse.
fn free_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = campaign_file_name(name);
    let mut candidate = base.clone();
    let mut n = 2;
    while taken(&candidate) {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    candidate
}

/// Saves kept in memory, for tests and for runs that must not touch the disk.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    autosaves: Vec<String>,
    saves: BTreeMap<String, String>,
    settings: Option<String>,
    /// Campaigns by name, with the write counter when each was last written (for newest
    /// first).
    campaigns: BTreeMap<String, (u64, String)>,
    writes: u64,
    /// Battles in progress, by their campaign's origin.
    battles: BTreeMap<String, String>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// The autosaves kept, newest first.
    pub fn autosaves(&self) -> &[String] {
        &self.autosaves
    }

    /// The text of the campaign saved as `name`.
    pub fn campaign(&self, name: &str) -> Option<&str> {
        self.campaigns.get(name).map(|(_, t)| t.as_str())
    }
}

const AUTOSAVE_PREFIX: &str = "autosave-";

/// Where a [`MemoryStore`] campaign slot points: `campaign:NAME`.
const CAMPAIGN_PREFIX: &str = "campaign:";

impl SaveStore for MemoryStore {
    fn autosave(&mut self, text: &str) -> Result<(), String> {
        self.autosaves.insert(0, text.to_string());
        self.autosaves.truncate(AUTOSAVES);
        Ok(())
    }

    fn last_autosave(&self) -> Option<SaveSlot> {
        (!self.autosaves.is_empty()).then(|| SaveSlot {
            name: "autosave 1".into(),
            origin: format!("{AUTOSAVE_PREFIX}1"),
        })
    }

    fn save(&mut self, ruleset: &str, text: &str) -> Result<String, String> {
        let name = format!("{ruleset}-{}", self.saves.len() + 1);
        self.saves.insert(name.clone(), text.to_string());
        Ok(name)
    }

    fn list(&self) -> Vec<SaveSlot> {
        let autos = (1..=self.autosaves.len()).map(|i| SaveSlot {
            name: format!("autosave {i}"),
            origin: format!("{AUTOSAVE_PREFIX}{i}"),
        });
        let saves = self.saves.keys().rev().map(|k| SaveSlot {
            name: k.clone(),
            origin: k.clone(),
        });
        saves.chain(autos).collect()
    }

    fn read(&self, slot: &SaveSlot) -> Result<Vec<u8>, String> {
        let auto = slot
            .origin
            .strip_prefix(AUTOSAVE_PREFIX)
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| self.autosaves.get(n.checked_sub(1)?));
        let campaign = slot
            .origin
            .strip_prefix(CAMPAIGN_PREFIX)
            .and_then(|n| self.campaign(n));
        auto.map(String::as_str)
            .or_else(|| self.saves.get(&slot.origin).map(String::as_str))
            .or(campaign)
            .map(|t| t.as_bytes().to_vec())
            .ok_or_else(|| format!("{}: no such save", slot.origin))
    }

    fn settings(&self) -> Option<String> {
        self.settings.clone()
    }

    fn write_settings(&mut self, text: &str) -> Result<(), String> {
        self.settings = Some(text.to_string());
        Ok(())
    }

    fn campaigns(&self) -> Vec<SaveSlot> {
        let mut all: Vec<(&u64, &String)> =
            self.campaigns.iter().map(|(n, (w, _))| (w, n)).collect();
        all.sort_by(|a, b| b.0.cmp(a.0));
        all.into_iter()
            .map(|(_, name)| SaveSlot {
                name: name.clone(),
                origin: format!("{CAMPAIGN_PREFIX}{name}"),
            })
            .collect()
    }

    fn new_campaign_slot(&self, name: &str) -> SaveSlot {
        let name = free_name(name, |n| self.campaigns.contains_key(n));
        SaveSlot {
            origin: format!("{CAMPAIGN_PREFIX}{name}"),
            name,
        }
    }

    fn write_campaign(&mut self, slot: &SaveSlot, text: &str) -> Result<(), String> {
        let name = slot
            .origin
            .strip_prefix(CAMPAIGN_PREFIX)
            .ok_or_else(|| format!("{}: not a campaign slot of this store", slot.origin))?;
        self.writes += 1;
        self.campaigns
            .insert(name.to_string(), (self.writes, text.to_string()));
        Ok(())
    }

    fn write_campaign_battle(
        &mut self,
        campaign: &SaveSlot,
        save: Option<&str>,
    ) -> Result<(), String> {
        match save {
            Some(text) => self
                .battles
                .insert(campaign.origin.clone(), text.to_string()),
            None => self.battles.remove(&campaign.origin),
        };
        Ok(())
    }

    fn campaign_battle(&self, campaign: &SaveSlot) -> Option<Vec<u8>> {
        self.battles
            .get(&campaign.origin)
            .map(|t| t.as_bytes().to_vec())
    }
}

/// Saves in a folder: `autosave-1.ron` (newest) to `autosave-3.ron`, named saves under
/// `saves/`, campaigns under `campaigns/`, and `tui-settings.ron`.
#[derive(Clone, Debug)]
pub struct DirStore {
    dir: PathBuf,
}

/// The biggest save file the loader reads, matching the engine's data limit.
const MAX_SAVE_BYTES: u64 = squadsight_core::data::MAX_DATA_BYTES as u64;

impl DirStore {
    /// A store in `dir` (created when first written to).
    pub fn new(dir: impl Into<PathBuf>) -> DirStore {
        DirStore { dir: dir.into() }
    }

    fn autosave_path(&self, n: usize) -> PathBuf {
        self.dir.join(format!("{AUTOSAVE_PREFIX}{n}.ron"))
    }

    fn saves_dir(&self) -> PathBuf {
        self.dir.join("saves")
    }

    fn settings_path(&self) -> PathBuf {
        self.dir.join("tui-settings.ron")
    }

    fn campaigns_dir(&self) -> PathBuf {
        self.dir.join("campaigns")
    }
}

/// Where the battle in progress of the campaign file at `campaign` is kept: next to it, with
/// `.battle` added (not a `.ron`, so it is never listed as a campaign).
fn battle_path(campaign: &SaveSlot) -> PathBuf {
    PathBuf::from(format!("{}.battle", campaign.origin))
}

/// The `.ron` files in `dir`, newest first (equal times by name, so the order is stable).
fn ron_files_newest_first(dir: &Path) -> Vec<(SystemTime, SaveSlot)> {
    let mut found = Vec::new();
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ron") && path.is_file() {
                let name = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                found.push((
                    modified(&path),
                    SaveSlot {
                        name,
                        origin: path.display().to_string(),
                    },
                ));
            }
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
    found
}

fn describe(path: &Path, e: &io::Error) -> String {
    format!("{}: {e}", path.display())
}

/// Writes `text` to `path` atomically: temporary file in the same folder, fsync, rename.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| describe(dir, &e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        // The rename itself is made durable by syncing the folder (not possible everywhere).
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok::<(), io::Error>(())
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(describe(path, &e));
    }
    Ok(())
}

fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    let meta = fs::metadata(path).map_err(|e| describe(path, &e))?;
    if meta.len() > MAX_SAVE_BYTES {
        return Err(format!(
            "{}: the file is {} bytes, more than the {MAX_SAVE_BYTES} a save may have",
            path.display(),
            meta.len()
        ));
    }
    fs::read(path).map_err(|e| describe(path, &e))
}

fn modified(path: &Path) -> SystemTime {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

impl SaveStore for DirStore {
    fn autosave(&mut self, text: &str) -> Result<(), String> {
        // Rotate: 2 → 3, 1 → 2, then write 1. A missing older file is fine.
        for n in (1..AUTOSAVES).rev() {
            let from = self.autosave_path(n);
            if from.exists() {
                let to = self.autosave_path(n + 1);
                fs::rename(&from, &to).map_err(|e| describe(&from, &e))?;
            }
        }
        write_atomic(&self.autosave_path(1), text)
    }

    fn last_autosave(&self) -> Option<SaveSlot> {
        let path = self.autosave_path(1);
        path.exists().then(|| SaveSlot {
            name: "autosave 1 (newest)".into(),
            origin: path.display().to_string(),
        })
    }

    fn save(&mut self, ruleset: &str, text: &str) -> Result<String, String> {
        let secs = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let dir = self.saves_dir();
        let mut path = dir.join(format!("{ruleset}-{secs}.ron"));
        let mut n = 2;
        while path.exists() {
            path = dir.join(format!("{ruleset}-{secs}-{n}.ron"));
            n += 1;
        }
        write_atomic(&path, text)?;
        Ok(path.display().to_string())
    }

    fn list(&self) -> Vec<SaveSlot> {
        let mut found = ron_files_newest_first(&self.saves_dir());
        for n in 1..=AUTOSAVES {
            let path = self.autosave_path(n);
            if path.exists() {
                found.push((
                    modified(&path),
                    SaveSlot {
                        name: format!("autosave {n}"),
                        origin: path.display().to_string(),
                    },
                ));
            }
        }
        // Newest first; equal times by name so the order is stable.
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
        found.into_iter().map(|(_, s)| s).collect()
    }

    fn read(&self, slot: &SaveSlot) -> Result<Vec<u8>, String> {
        read_limited(Path::new(&slot.origin))
    }

    fn settings(&self) -> Option<String> {
        let bytes = read_limited(&self.settings_path()).ok()?;
        String::from_utf8(bytes).ok()
    }

    fn write_settings(&mut self, text: &str) -> Result<(), String> {
        write_atomic(&self.settings_path(), text)
    }

    fn campaigns(&self) -> Vec<SaveSlot> {
        ron_files_newest_first(&self.campaigns_dir())
            .into_iter()
            .map(|(_, s)| s)
            .collect()
    }

    fn new_campaign_slot(&self, name: &str) -> SaveSlot {
        let dir = self.campaigns_dir();
        let name = free_name(name, |n| dir.join(format!("{n}.ron")).exists());
        SaveSlot {
            origin: dir.join(format!("{name}.ron")).display().to_string(),
            name,
        }
    }

    fn write_campaign(&mut self, slot: &SaveSlot, text: &str) -> Result<(), String> {
        write_atomic(Path::new(&slot.origin), text)
    }

    fn write_campaign_battle(
        &mut self,
        campaign: &SaveSlot,
        save: Option<&str>,
    ) -> Result<(), String> {
        let path = battle_path(campaign);
        match save {
            Some(text) => write_atomic(&path, text),
            None => match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(describe(&path, &e)),
                _ => Ok(()),
            },
        }
    }

    fn campaign_battle(&self, campaign: &SaveSlot) -> Option<Vec<u8>> {
        let path = battle_path(campaign);
        path.exists().then(|| read_limited(&path).ok()).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "squadsight-tui-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn dir_store_rotates_autosaves_and_lists_saves() {
        let dir = temp_dir("rotate");
        let mut store = DirStore::new(&dir);
        assert!(store.last_autosave().is_none());
        for i in 0..5 {
            store.autosave(&format!("game {i}")).unwrap();
        }
        let last = store.last_autosave().unwrap();
        assert_eq!(store.read(&last).unwrap(), b"game 4");
        let autos: Vec<_> = (1..=4)
            .map(|n| dir.join(format!("autosave-{n}.ron")))
            .collect();
        assert!(autos[2].exists() && !autos[3].exists());
        assert_eq!(fs::read_to_string(&autos[2]).unwrap(), "game 2");
        let saved = store.save("skirmish", "named").unwrap();
        let again = store.save("skirmish", "named 2").unwrap();
        assert_ne!(saved, again);
        let list = store.list();
        assert_eq!(list.len(), 5);
        assert!(list.iter().any(|s| s.origin == saved));
        store.write_settings("(ascii: true)").unwrap();
        assert_eq!(store.settings().as_deref(), Some("(ascii: true)"));
        // No temporary files are left behind.
        let leftovers = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        assert_eq!(leftovers, 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reading_a_missing_or_huge_file_is_an_error() {
        let dir = temp_dir("huge");
        fs::create_dir_all(&dir).unwrap();
        let store = DirStore::new(&dir);
        let missing = SaveSlot {
            name: "x".into(),
            origin: dir.join("nope.ron").display().to_string(),
        };
        assert!(store.read(&missing).unwrap_err().contains("nope.ron"));
        let big = dir.join("big.ron");
        let f = fs::File::create(&big).unwrap();
        f.set_len(MAX_SAVE_BYTES + 1).unwrap();
        let slot = SaveSlot {
            name: "big".into(),
            origin: big.display().to_string(),
        };
        assert!(store.read(&slot).unwrap_err().contains("more than"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn campaigns_get_their_own_slots_newest_first() {
        let dir = temp_dir("campaigns");
        let mut store = DirStore::new(&dir);
        assert!(store.campaigns().is_empty());
        let first = store.new_campaign_slot("XCOM classic");
        assert_eq!(first.name, "xcom-classic");
        assert_eq!(
            Path::new(&first.origin),
            dir.join("campaigns").join("xcom-classic.ron")
        );
        store.write_campaign(&first, "one").unwrap();
        // The name is taken now: the next campaign gets a number.
        let second = store.new_campaign_slot("XCOM classic");
        assert_eq!(second.name, "xcom-classic-2");
        store.write_campaign(&second, "two").unwrap();
        let set = |slot: &SaveSlot, secs: u64| {
            let f = fs::File::options().write(true).open(&slot.origin).unwrap();
            f.set_modified(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(secs))
                .unwrap();
        };
        set(&first, 2_000);
        set(&second, 1_000);
        assert_eq!(store.campaigns(), vec![first.clone(), second.clone()]);
        // Writing again replaces the file and makes it the newest.
        store.write_campaign(&second, "two, later").unwrap();
        assert_eq!(store.campaigns()[0], second);
        assert_eq!(store.read(&second).unwrap(), b"two, later");
        // Campaigns are not saves.
        assert!(store.list().is_empty());
        // A battle in progress is kept beside its campaign, never listed as one, and dropped.
        store.write_campaign_battle(&first, Some("battle")).unwrap();
        assert_eq!(
            store.campaign_battle(&first).as_deref(),
            Some(&b"battle"[..])
        );
        assert_eq!(store.campaign_battle(&second), None);
        assert_eq!(store.campaigns().len(), 2);
        store.write_campaign_battle(&first, None).unwrap();
        store.write_campaign_battle(&first, None).unwrap();
        assert_eq!(store.campaign_battle(&first), None);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn memory_store_keeps_campaigns_newest_first() {
        let mut m = MemoryStore::new();
        let a = m.new_campaign_slot("a");
        m.write_campaign(&a, "1").unwrap();
        let b = m.new_campaign_slot("b");
        m.write_campaign(&b, "2").unwrap();
        assert_eq!(m.campaigns(), vec![b.clone(), a.clone()]);
        m.write_campaign(&a, "3").unwrap();
        assert_eq!(m.campaigns(), vec![a.clone(), b]);
        assert_eq!(m.read(&a).unwrap(), b"3");
        assert_eq!(m.new_campaign_slot("a").name, "a-2");
        let elsewhere = SaveSlot {
            name: "x".into(),
            origin: "/somewhere/x.ron".into(),
        };
        assert!(m.write_campaign(&elsewhere, "4").is_err());
        m.write_campaign_battle(&a, Some("battle")).unwrap();
        assert_eq!(m.campaign_battle(&a).as_deref(), Some(&b"battle"[..]));
        assert_eq!(m.campaigns().len(), 2);
        m.write_campaign_battle(&a, None).unwrap();
        assert_eq!(m.campaign_battle(&a), None);
    }

    #[test]
    fn memory_store_keeps_three_autosaves() {
        let mut m = MemoryStore::new();
        for i in 0..4 {
            m.autosave(&i.to_string()).unwrap();
        }
        assert_eq!(m.autosaves(), ["3", "2", "1"]);
        let last = m.last_autosave().unwrap();
        assert_eq!(m.read(&last).unwrap(), b"3");
        let name = m.save("toy", "x").unwrap();
        assert_eq!(m.list().len(), 4);
        assert_eq!(m.list()[0].origin, name);
    }
}
