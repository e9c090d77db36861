//! Where saves, autosaves and settings live. The binary decides the folder ([`DirStore`]);
//! tests keep everything in memory ([`MemoryStore`]).
//!
//! Every write is atomic: the text goes to a temporary file in the same folder, is flushed to
//! disk, and is then renamed over the target, so a crash leaves either the old file or the
//! new one, never half of one. Every read ([`read_capped`]) checks first that the path is a
//! regular file of at most 16 MiB, so a FIFO, a device or a link to `/dev/zero` is refused
//! instead of read.
//!
//! Autosaves belong to their game: each game (named by its ruleset and header hash) keeps its
//! own newest [`AUTOSAVES`] in `autosaves/`, so finished games stay and two programs playing
//! different games never touch each other's files. A new autosave is written and flushed to
//! disk completely before the older ones are shifted, so a failed write (a full disk) never
//! costs a good autosave, and a crash during the shift leaves a complete `.pending` file that
//! the next start finishes installing.
//!
//! A write killed before its rename leaves a temporary file (`.NAME.PID-N.tmp`). The first
//! autosave or listing of a run clears those whose writer is no longer running
//! ([`clean_temp_files`]): a complete one of an autosave (a whole save, trailer included, that
//! was about to become the `.pending` file) is recovered as that file, so it becomes the
//! newest autosave; the others are removed, their target being intact.
//!
//! Campaigns have their own slots: one file per campaign (Commander's campaign file, the same
//! one `squadsight campaign` reads and writes), rewritten after every change.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How many autosaves are kept per game.
pub const AUTOSAVES: usize = 3;

/// One stored save, as listed for loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot {
    /// A short name for menus.
    pub name: String,
    /// Where it is (a path for [`DirStore`]), used to read it and in messages.
    pub origin: String,
}

/// The name a game's autosaves are kept under: its ruleset and header hash, so every game
/// has its own file set and two games never rotate each other's saves away.
pub fn autosave_key<R: squadsight_core::Ruleset>(game: &squadsight_core::game::Game<R>) -> String {
    format!("{}-{}", R::ID, game.header_hash())
}

/// Storage for saves and settings.
pub trait SaveStore: Send {
    /// Writes `text` as the newest autosave of the game `game` (a name unique to it, such as
    /// its ruleset and header hash), dropping that game's oldest beyond [`AUTOSAVES`]; other
    /// games' autosaves are never touched. Returns where it went.
    fn autosave(&mut self, game: &str, text: &str) -> Result<String, String>;

    /// The newest autosave of any game, if there is one.
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
    /// Autosaves, newest first, each with the game it belongs to.
    autosaves: Vec<(String, String)>,
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

    /// The autosaves kept, newest first, of every game.
    pub fn autosaves(&self) -> Vec<&str> {
        self.autosaves.iter().map(|(_, t)| t.as_str()).collect()
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
    fn autosave(&mut self, game: &str, text: &str) -> Result<String, String> {
        self.autosaves
            .insert(0, (game.to_string(), text.to_string()));
        let mut seen = 0;
        self.autosaves.retain(|(g, _)| {
            if g == game {
                seen += 1;
                seen <= AUTOSAVES
            } else {
                true
            }
        });
        Ok(format!("{AUTOSAVE_PREFIX}1"))
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
            .and_then(|n| self.autosaves.get(n.checked_sub(1)?))
            .map(|(_, t)| t);
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

/// Saves in a folder: each game's autosaves under `autosaves/` (`RULESET-HASH-1.ron` newest),
/// named saves under `saves/`, campaigns under `campaigns/`, and `tui-settings.ron`. Autosaves
/// of older builds (`autosave-1.ron` … in the folder itself) are still listed.
#[derive(Clone, Debug)]
pub struct DirStore {
    dir: PathBuf,
    /// The file-set name this program claimed for each game it autosaved (see
    /// [`DirStore::claim`]).
    claimed: BTreeMap<String, String>,
}

/// The biggest file any reader reads, matching the engine's data limit.
const MAX_SAVE_BYTES: u64 = squadsight_core::data::MAX_DATA_BYTES as u64;

/// Reads a whole file of at most 16 MiB, refusing anything that is not a regular file (a
/// folder, a FIFO, a device, a link to one) *before* reading from it: the path is checked,
/// opened without waiting for a writer, and checked again through the open handle, so a
/// FIFO cannot hang the reader and `/dev/zero` cannot fill memory. The size is checked from
/// the metadata and again while reading, in case the file grows meanwhile.
pub fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let not_regular = || format!("{}: not a regular file", path.display());
    let meta = fs::metadata(path).map_err(|e| describe(path, &e))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading would otherwise wait for a writer.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| describe(path, &e))?;
    let meta = file.metadata().map_err(|e| describe(path, &e))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let too_big = |len: u64| {
        format!(
            "{}: the file is {len} bytes; the limit is {MAX_SAVE_BYTES} bytes (16 MiB)",
            path.display()
        )
    };
    if meta.len() > MAX_SAVE_BYTES {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| describe(path, &e))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

impl DirStore {
    /// A store in `dir` (created when first written to).
    pub fn new(dir: impl Into<PathBuf>) -> DirStore {
        DirStore {
            dir: dir.into(),
            claimed: BTreeMap::new(),
        }
    }

    /// The folder this store keeps everything in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where autosaves of the older single-set layout were (`autosave-N.ron`).
    fn legacy_autosave_path(&self, n: usize) -> PathBuf {
        self.dir.join(format!("{AUTOSAVE_PREFIX}{n}.ron"))
    }

    fn autosaves_dir(&self) -> PathBuf {
        self.dir.join("autosaves")
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

    /// The file-set name for `game`'s autosaves. The game's own name, unless another live
    /// program holds it (its lock file names a running process): then a name of our own, so
    /// two programs never shift each other's files.
    fn claim(&mut self, game: &str) -> Result<String, String> {
        if let Some(name) = self.claimed.get(game) {
            return Ok(name.clone());
        }
        // The first autosave of a run finishes what an interrupted run left.
        if self.claimed.is_empty() {
            self.recover();
        }
        let dir = self.autosaves_dir();
        fs::create_dir_all(&dir).map_err(|e| describe(&dir, &e))?;
        let base = safe_file_name(game);
        let ours = std::process::id();
        let lock = dir.join(format!("{base}.lock"));
        let holder = read_capped(&lock)
            .ok()
            .and_then(|t| String::from_utf8(t).ok())
            .and_then(|t| t.trim().parse::<u32>().ok());
        let name = match holder {
            Some(pid) if pid != ours && process_alive(pid) => format!("{base}-p{ours}"),
            _ => {
                write_atomic(&lock, &ours.to_string())?;
                base
            }
        };
        self.claimed.insert(game.to_string(), name.clone());
        Ok(name)
    }

    fn slot_path(&self, set: &str, n: usize) -> PathBuf {
        self.autosaves_dir().join(format!("{set}-{n}.ron"))
    }

    fn pending_path(&self, set: &str) -> PathBuf {
        self.autosaves_dir().join(format!("{set}.pending"))
    }

    /// Finishes an autosave a crash interrupted: a complete `.pending` file (it gets that
    /// name only after it was written and flushed) becomes the newest autosave of its set.
    fn install_pending(&self, set: &str) -> Result<(), String> {
        let pending = self.pending_path(set);
        if !pending.is_file() {
            return Ok(());
        }
        // Shift only when the newest slot is still there: if the crash came after slot 1
        // moved to 2, the shift is already done.
        if self.slot_path(set, 1).exists() {
            for n in (1..AUTOSAVES).rev() {
                let from = self.slot_path(set, n);
                if from.exists() {
                    fs::rename(&from, self.slot_path(set, n + 1))
                        .map_err(|e| describe(&from, &e))?;
                }
            }
        }
        let newest = self.slot_path(set, 1);
        fs::rename(&pending, &newest).map_err(|e| describe(&pending, &e))?;
        sync_dir(&self.autosaves_dir());
        Ok(())
    }

    /// Clears what interrupted writes left in every folder of the store (see
    /// [`clean_temp_files`]), then installs every `.pending` autosave a crash left (see
    /// [`DirStore::install_pending`]).
    pub fn recover(&self) {
        for dir in [
            self.dir.clone(),
            self.autosaves_dir(),
            self.saves_dir(),
            self.campaigns_dir(),
        ] {
            clean_temp_files(&dir, None);
        }
        let Ok(entries) = fs::read_dir(self.autosaves_dir()) else {
            return;
        };
        let mut sets: Vec<String> = entries
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".pending").map(str::to_string)
            })
            .collect();
        sets.sort();
        for set in sets {
            let _ = self.install_pending(&set);
        }
    }

    /// Every autosave file, with its time, newest first.
    fn autosave_files(&self) -> Vec<(SystemTime, SaveSlot)> {
        self.recover();
        let mut found = ron_files_newest_first(&self.autosaves_dir());
        for slot in &mut found {
            slot.1.name = format!("autosave {}", slot.1.name);
        }
        for n in 1..=AUTOSAVES {
            let path = self.legacy_autosave_path(n);
            if path.is_file() {
                found.push((
                    modified(&path),
                    SaveSlot {
                        name: format!("autosave {n}"),
                        origin: path.display().to_string(),
                    },
                ));
            }
        }
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
        found
    }
}

/// A game name as a file name: ASCII letters, digits, `-` and `_`; anything else a `-`.
fn safe_file_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .take(80)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if clean.is_empty() {
        "game".into()
    } else {
        clean
    }
}

/// Whether a process with this id runs: on Unix, `kill(pid, 0)` (a process we may not signal
/// still runs); elsewhere it cannot be told, so it is assumed, which only makes a second
/// program pick a name of its own and leaves temporary files alone.
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e != rustix::io::Errno::SRCH,
    }
}

/// See the Unix version: elsewhere every process is assumed to run.
#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

/// Whether [`process_alive`] can tell a process that ended from one that runs.
const CAN_TELL_ENDED_PROCESSES: bool = cfg!(unix);

fn sync_dir(dir: &Path) {
    // Makes renames durable; not every platform can sync a folder.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
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
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
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

/// The target name and writer's process id of a temporary file [`write_atomic`] names
/// `.NAME.PID-N.tmp`; `None` for any other file.
fn temp_file_parts(file: &str) -> Option<(&str, u32)> {
    let rest = file.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, tag) = rest.rsplit_once('.')?;
    let (pid, n) = tag.split_once('-')?;
    n.parse::<u32>().ok()?;
    if name.is_empty() {
        return None;
    }
    Some((name, pid.parse().ok()?))
}

/// What [`clean_temp_files`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TempCleanup {
    /// Complete temporary autosaves put in place as their `.pending` file.
    pub recovered: Vec<PathBuf>,
    /// Temporary files removed.
    pub removed: Vec<PathBuf>,
}

/// Clears the temporary files interrupted writes left in `dir` (only those of target `only`,
/// when given): every `.NAME.PID-N.tmp` whose writer (process PID) no longer runs. A complete
/// temporary autosave, one of a `.pending` file that does not exist and whose text reads as a
/// whole save, is renamed to that `.pending` file, to be installed as the newest autosave; every
/// other one is removed (its target still holds the last complete write). Files of a running
/// writer, this program included, are left alone. Where it cannot be told whether a process
/// runs (not Unix: Windows), nothing is touched.
pub fn clean_temp_files(dir: &Path, only: Option<&str>) -> TempCleanup {
    let mut done = TempCleanup::default();
    let Ok(entries) = fs::read_dir(dir) else {
        return done;
    };
    let ours = std::process::id();
    let mut found: Vec<(PathBuf, String)> = entries
        .flatten()
        .filter_map(|e| {
            let file = e.file_name().to_str()?.to_string();
            let (name, pid) = temp_file_parts(&file)?;
            let stale = pid != ours && CAN_TELL_ENDED_PROCESSES && !process_alive(pid);
            (stale && only.is_none_or(|o| o == name)).then(|| (e.path(), name.to_string()))
        })
        .collect();
    found.sort();
    for (path, name) in found {
        if !path.is_file() {
            continue;
        }
        let target = dir.join(&name);
        let complete = name.ends_with(".pending")
            && !target.exists()
            && read_capped(&path).is_ok_and(|bytes| is_whole_save(&bytes));
        if complete && fs::rename(&path, &target).is_ok() {
            done.recovered.push(target);
        } else if fs::remove_file(&path).is_ok() {
            done.removed.push(path);
        }
    }
    if !done.recovered.is_empty() || !done.removed.is_empty() {
        sync_dir(dir);
    }
    done
}

/// Whether `bytes` are a whole save: a RON document of a format this build reads that parses
/// to its closing bracket, as a write cut short never does.
fn is_whole_save(bytes: &[u8]) -> bool {
    squadsight_core::save::read_header(bytes, "").is_ok()
}

fn modified(path: &Path) -> SystemTime {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

impl SaveStore for DirStore {
    fn autosave(&mut self, game: &str, text: &str) -> Result<String, String> {
        let set = self.claim(game)?;
        // Whatever a crash left half-installed goes in first, so it is not overwritten.
        self.install_pending(&set)?;
        // Written and flushed completely under a temporary name, then named `.pending`:
        // until this succeeds, nothing older is moved or dropped.
        let pending = self.pending_path(&set);
        write_atomic(&pending, text)?;
        self.install_pending(&set)?;
        Ok(self.slot_path(&set, 1).display().to_string())
    }

    fn last_autosave(&self) -> Option<SaveSlot> {
        self.autosave_files()
            .into_iter()
            .next()
            .map(|(_, mut slot)| {
                slot.name.push_str(" (newest)");
                slot
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
        found.extend(self.autosave_files());
        // Newest first; equal times by name so the order is stable.
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
        found.into_iter().map(|(_, s)| s).collect()
    }

    fn read(&self, slot: &SaveSlot) -> Result<Vec<u8>, String> {
        read_capped(Path::new(&slot.origin))
    }

    fn settings(&self) -> Option<String> {
        let bytes = read_capped(&self.settings_path()).ok()?;
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
        read_capped(&battle_path(campaign)).ok()
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
    fn dir_store_keeps_autosaves_per_game_and_lists_saves() {
        let dir = temp_dir("rotate");
        let mut store = DirStore::new(&dir);
        assert!(store.last_autosave().is_none());
        for i in 0..5 {
            store.autosave("toy-aaaa", &format!("game {i}")).unwrap();
        }
        let last = store.last_autosave().unwrap();
        assert_eq!(store.read(&last).unwrap(), b"game 4");
        let autos: Vec<_> = (1..=4)
            .map(|n| dir.join(format!("autosaves/toy-aaaa-{n}.ron")))
            .collect();
        assert!(autos[2].exists() && !autos[3].exists());
        assert_eq!(fs::read_to_string(&autos[2]).unwrap(), "game 2");
        // Another game gets its own set; the first game's files stay as they were.
        for i in 0..4 {
            store.autosave("toy-bbbb", &format!("other {i}")).unwrap();
        }
        assert_eq!(fs::read_to_string(&autos[0]).unwrap(), "game 4");
        let saved = store.save("skirmish", "named").unwrap();
        let again = store.save("skirmish", "named 2").unwrap();
        assert_ne!(saved, again);
        let list = store.list();
        assert_eq!(list.len(), 8, "{list:?}");
        assert!(list.iter().any(|s| s.origin == saved));
        store.write_settings("(ascii: true)").unwrap();
        assert_eq!(store.settings().as_deref(), Some("(ascii: true)"));
        // No temporary or pending files are left behind.
        let leftovers = fs::read_dir(dir.join("autosaves"))
            .unwrap()
            .flatten()
            .filter(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                n.ends_with(".tmp") || n.ends_with(".pending")
            })
            .count();
        assert_eq!(leftovers, 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_crash_between_writing_and_shifting_loses_nothing() {
        let dir = temp_dir("crash");
        let mut store = DirStore::new(&dir);
        for i in 1..=3 {
            store.autosave("toy-cccc", &format!("state {i}")).unwrap();
        }
        // A kill after the new autosave was complete and after slot 1 moved to 2, before
        // the new one was installed: what the old rotation left as "no autosave-1".
        let a = dir.join("autosaves");
        fs::rename(a.join("toy-cccc-2.ron"), a.join("toy-cccc-3.ron")).unwrap();
        fs::rename(a.join("toy-cccc-1.ron"), a.join("toy-cccc-2.ron")).unwrap();
        fs::write(a.join("toy-cccc.pending"), "state 4").unwrap();
        // The next start finds the newest state.
        let fresh = DirStore::new(&dir);
        let last = fresh.last_autosave().unwrap();
        assert_eq!(fresh.read(&last).unwrap(), b"state 4");
        let read = |n| fs::read_to_string(a.join(format!("toy-cccc-{n}.ron"))).unwrap();
        assert_eq!(
            (read(1), read(2), read(3)),
            ("state 4".into(), "state 3".into(), "state 2".into())
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn temporary_files_of_killed_writes_are_recovered_or_removed() {
        let dir = temp_dir("stray");
        let mut store = DirStore::new(&dir);
        store.autosave("toy-gggg", &header_text("older")).unwrap();
        let a = dir.join("autosaves");
        // Process 4000000000 cannot exist (no Unix gives out pids that high): its writes
        // were killed.
        let whole = header_text("newest");
        // A complete autosave killed between its flush and its rename to `.pending`.
        fs::write(a.join(".toy-gggg.pending.4000000000-0.tmp"), &whole).unwrap();
        // The same, cut short: the rename never came and the text is incomplete.
        fs::write(
            a.join(".toy-hhhh.pending.4000000000-1.tmp"),
            &whole[..whole.len() / 2],
        )
        .unwrap();
        // Temporary files of a settings write, a named save and a campaign.
        fs::write(dir.join(".tui-settings.ron.4000000000-2.tmp"), "(asc").unwrap();
        fs::create_dir_all(dir.join("saves")).unwrap();
        fs::write(dir.join("saves/.skirmish-1.ron.4000000000-3.tmp"), "(").unwrap();
        fs::create_dir_all(dir.join("campaigns")).unwrap();
        fs::write(dir.join("campaigns/.c.ron.4000000000-4.tmp"), "(").unwrap();
        // A running writer's file (this test's own process) and files of other names stay.
        let live = a.join(format!(".toy-iiii.pending.{}-5.tmp", std::process::id()));
        fs::write(&live, "(").unwrap();
        fs::write(a.join("notes.tmp"), "mine").unwrap();

        let fresh = DirStore::new(&dir);
        let last = fresh.last_autosave().unwrap();
        assert_eq!(fresh.read(&last).unwrap(), whole.as_bytes());
        let read = |n| fs::read_to_string(a.join(format!("toy-gggg-{n}.ron"))).unwrap();
        assert_eq!(read(2), header_text("older"));
        let mut left: Vec<String> = [&dir, &a, &dir.join("saves"), &dir.join("campaigns")]
            .iter()
            .flat_map(|d| fs::read_dir(d).unwrap().flatten())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp") || n.ends_with(".pending"))
            .collect();
        left.sort();
        let live_name = live.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(left, vec![live_name, "notes.tmp".to_string()]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A writer that really ran and ended (not a made-up pid) is told from a running one by
    /// asking the system (`kill(pid, 0)`), on every Unix, not only where `/proc` exists.
    #[cfg(unix)]
    #[test]
    fn a_writer_that_ended_is_told_from_a_running_one() {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(!process_alive(pid), "process {pid} ended");
        assert!(process_alive(std::process::id()));
        let dir = temp_dir("ended");
        fs::create_dir_all(&dir).unwrap();
        let stale = dir.join(format!(".game.ron.{pid}-0.tmp"));
        fs::write(&stale, "(").unwrap();
        assert_eq!(clean_temp_files(&dir, None).removed, vec![stale]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// The temporary file named for `target` is cleaned only when asked for that target.
    #[cfg(unix)]
    #[test]
    fn temporary_files_can_be_cleaned_for_one_target() {
        let dir = temp_dir("stray-one");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(".game.ron.4000000000-0.tmp"), "(").unwrap();
        fs::write(dir.join(".other.ron.4000000000-0.tmp"), "(").unwrap();
        let done = clean_temp_files(&dir, Some("game.ron"));
        assert_eq!(done.removed, vec![dir.join(".game.ron.4000000000-0.tmp")]);
        assert!(done.recovered.is_empty());
        assert!(dir.join(".other.ron.4000000000-0.tmp").exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A save's header, which is all a recovered autosave must hold to count as whole.
    fn header_text(engine: &str) -> String {
        format!(
            "(format: 4, engine: \"{engine}\", ruleset: \"toy\", data_hash: \"00000000000000aa\")"
        )
    }

    #[test]
    fn a_failed_autosave_keeps_the_good_ones_and_says_so() {
        let dir = temp_dir("full");
        let mut store = DirStore::new(&dir);
        store.autosave("toy-dddd", "good 1").unwrap();
        store.autosave("toy-dddd", "good 2").unwrap();
        // The write cannot complete (as on a full disk): its final name is taken by a folder.
        let blocked = dir.join("autosaves/toy-dddd.pending");
        fs::create_dir_all(blocked.join("x")).unwrap();
        for _ in 0..3 {
            assert!(store.autosave("toy-dddd", "lost").is_err());
        }
        let read = |n| fs::read_to_string(dir.join(format!("autosaves/toy-dddd-{n}.ron")));
        assert_eq!(read(1).unwrap(), "good 2");
        assert_eq!(read(2).unwrap(), "good 1");
        fs::remove_dir_all(&blocked).unwrap();
        store.autosave("toy-dddd", "good 3").unwrap();
        assert_eq!(read(1).unwrap(), "good 3");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_programs_never_shift_each_others_autosaves() {
        let dir = temp_dir("two");
        fs::create_dir_all(dir.join("autosaves")).unwrap();
        // Another live program (our parent, say) holds this game's set.
        let other = std::os::unix::process::parent_id();
        fs::write(dir.join("autosaves/toy-eeee.lock"), other.to_string()).unwrap();
        fs::write(dir.join("autosaves/toy-eeee-1.ron"), "theirs").unwrap();
        let mut store = DirStore::new(&dir);
        let ours = store.autosave("toy-eeee", "ours").unwrap();
        assert!(
            ours.contains(&format!("-p{}", std::process::id())),
            "{ours}"
        );
        assert_eq!(
            fs::read_to_string(dir.join("autosaves/toy-eeee-1.ron")).unwrap(),
            "theirs"
        );
        // A lock left by a program that has ended is taken over.
        fs::write(dir.join("autosaves/toy-ffff.lock"), "4000000000").unwrap();
        let taken = store.autosave("toy-ffff", "mine").unwrap();
        assert!(taken.ends_with("toy-ffff-1.ron"), "{taken}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fifos_devices_and_links_to_them_are_not_read() {
        let dir = temp_dir("fifo");
        fs::create_dir_all(&dir).unwrap();
        // A FIFO where the settings file should be: reading it must not wait for a writer.
        let fifo = dir.join("tui-settings.ron");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let store = DirStore::new(&dir);
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = store.clone();
        std::thread::spawn(move || {
            let _ = tx.send(reader.settings());
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(5));
        assert_eq!(got, Ok(None), "reading a FIFO hung or returned data");
        assert!(
            read_capped(&fifo)
                .unwrap_err()
                .contains("not a regular file")
        );
        // A link to /dev/zero is refused before a byte is read.
        let zero = dir.join("zero.ron");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let slot = SaveSlot {
            name: "zero".into(),
            origin: zero.display().to_string(),
        };
        assert!(
            store
                .read(&slot)
                .unwrap_err()
                .contains("not a regular file")
        );
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
        assert!(store.read(&slot).unwrap_err().contains("16 MiB"));
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
    fn settings_with_an_unknown_field_are_not_taken() {
        use crate::settings::Settings;
        let stored = Settings::parse("(color: false, ai_pause_ms: 0)");
        assert!(!stored.color);
        // An unknown field makes the file unreadable: the defaults are used instead.
        let tampered = Settings::parse("(color: false, ai_pause_ms: 0, note: \"x\")");
        assert_eq!(tampered, Settings::default());
    }

    #[test]
    fn memory_store_keeps_three_autosaves_per_game() {
        let mut m = MemoryStore::new();
        m.autosave("other", "x").unwrap();
        for i in 0..4 {
            m.autosave("g", &i.to_string()).unwrap();
        }
        assert_eq!(m.autosaves(), ["3", "2", "1", "x"]);
        let last = m.last_autosave().unwrap();
        assert_eq!(m.read(&last).unwrap(), b"3");
        let name = m.save("toy", "x").unwrap();
        assert_eq!(m.list().len(), 5);
        assert_eq!(m.list()[0].origin, name);
    }
}
