//! The full-screen terminal front-end (`squadsight`, `squadsight play`, `squadsight replay`,
//! `squadsight campaign play`): turns command-line choices into a start for `squadsight_tui`
//! and reports how it ended.

use crate::error::CliError;
use crate::store;
use squadsight_tui::store::{DirStore, SaveSlot, SaveStore};
use squadsight_tui::{AppConfig, Exit, GameSpec, Start, run_app};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Whether both standard input and output are terminals the full-screen UI can use.
pub fn available() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Whether this build's full-screen UI has a view for the ruleset `id` (a ruleset without one
/// is played and replayed line by line).
pub fn has_view(id: &str) -> bool {
    squadsight_tui::registry::Registry::builtin()
        .find(id)
        .is_some()
}

/// Opens the main menu.
pub fn menu(ascii: bool) -> Result<(), CliError> {
    run(Start::Menu, ascii, None)
}

/// Starts a new game straight away; with `save`, the game is also written there after every
/// action, so it is on disk however the session ends.
pub fn game(spec: GameSpec, ascii: bool, save: Option<PathBuf>) -> Result<(), CliError> {
    run(Start::Game(spec), ascii, save)
}

/// Opens the campaign screen on a campaign file whose `bytes` were read from `path`; every
/// change is written back to `path`.
pub fn campaign(path: &Path, bytes: Vec<u8>, ascii: bool) -> Result<(), CliError> {
    if !available() {
        return Err(CliError::input(
            "the campaign screen needs a terminal; `squadsight campaign show|next|record|reward` work without one",
        ));
    }
    let slot = SaveSlot {
        name: path
            .file_stem()
            .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned()),
        origin: path.display().to_string(),
    };
    run(Start::Campaign { bytes, slot }, ascii, None)
}

/// Opens the replay viewer on a save file whose `bytes` were read from `path` (the caller has
/// checked that there is a terminal and a view for its ruleset).
pub fn replay(path: &Path, bytes: Vec<u8>, ascii: bool) -> Result<(), CliError> {
    let origin = path.display().to_string();
    run(Start::Replay { bytes, origin }, ascii, None)
}

fn run(start: Start, ascii: bool, copy_to: Option<PathBuf>) -> Result<(), CliError> {
    // The UI runs in a child process, so a parent is left to restore the terminal if it dies
    // where no code of its own can (see `crate::supervise`).
    #[cfg(unix)]
    if let Some(ended) = crate::supervise::supervise() {
        return ended;
    }
    let inner = DirStore::new(store::data_dir());
    let store: Box<dyn SaveStore> = match copy_to {
        Some(path) => Box::new(CopyingStore { inner, path }),
        None => Box::new(inner),
    };
    let config = AppConfig::new(store, ascii);
    match run_app(config, start) {
        Ok(Exit::Quit | Exit::EndOfInput) => Ok(()),
        Ok(Exit::Signal(sig)) => Err(CliError {
            code: u8::try_from(128 + sig).unwrap_or(1),
            message: String::new(),
        }),
        Err(e) => Err(CliError::input(e.to_string())),
    }
}

/// The usual save folder, plus a copy of every autosave at the `--save` path.
struct CopyingStore {
    inner: DirStore,
    path: PathBuf,
}

impl SaveStore for CopyingStore {
    fn autosave(&mut self, game: &str, text: &str) -> Result<String, String> {
        // Both are attempted, so a failure of one does not cost the other.
        let copied = store::write_atomic(&self.path, text.as_bytes()).map_err(|e| e.message);
        let saved = self.inner.autosave(game, text);
        copied?;
        saved
    }

    fn last_autosave(&self) -> Option<SaveSlot> {
        self.inner.last_autosave()
    }

    fn save(&mut self, ruleset: &str, text: &str) -> Result<String, String> {
        self.inner.save(ruleset, text)
    }

    fn list(&self) -> Vec<SaveSlot> {
        self.inner.list()
    }

    fn read(&self, slot: &SaveSlot) -> Result<Vec<u8>, String> {
        self.inner.read(slot)
    }

    fn settings(&self) -> Option<String> {
        self.inner.settings()
    }

    fn write_settings(&mut self, text: &str) -> Result<(), String> {
        self.inner.write_settings(text)
    }

    fn campaigns(&self) -> Vec<SaveSlot> {
        self.inner.campaigns()
    }

    fn new_campaign_slot(&self, name: &str) -> SaveSlot {
        self.inner.new_campaign_slot(name)
    }

    fn write_campaign(&mut self, slot: &SaveSlot, text: &str) -> Result<(), String> {
        self.inner.write_campaign(slot, text)
    }

    fn write_campaign_battle(
        &mut self,
        campaign: &SaveSlot,
        save: Option<&str>,
    ) -> Result<(), String> {
        self.inner.write_campaign_battle(campaign, save)
    }

    fn campaign_battle(&self, campaign: &SaveSlot) -> Option<Vec<u8>> {
        self.inner.campaign_battle(campaign)
    }
}
