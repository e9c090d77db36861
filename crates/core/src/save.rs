//! Saves: one versioned RON envelope holding everything needed to replay a game exactly, and
//! `verify`, which replays it and names the first thing that does not match.
//!
//! Core does no IO: these functions take and return bytes and strings; the binary reads and
//! writes the files (atomically).
//!
//! ```
//! # use squadsight_core::{save, game::Game};
//! # fn demo<R: squadsight_core::Ruleset>(game: &Game<R>) {
//! let text = save::to_ron(game).unwrap();
//! let file = save::load::<R>(game.ruleset(), text.as_bytes(), "game.ron").unwrap();
//! let report = save::verify(game.ruleset_handle(), file).unwrap();
//! assert_eq!(report.final_hash, game.link());
//! # }
//! ```

use crate::data::{DataError, parse_ron, to_ron_pretty};
use crate::game::{Game, LogEntry, Parts, SeatConfig, canonical_ron};
use crate::journal::Journal;
use crate::ruleset::{Outcome, Ruleset, SetupError};
use crate::seat::Seat;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// The save format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A 64-bit hash, written in saves as 16 lowercase hex digits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hash64(pub u64);

impl fmt::Display for Hash64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Serialize for Hash64 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Formatted on the stack: saves and hashes stay allocation-free.
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut buf = [0u8; 16];
        for (i, b) in buf.iter_mut().enumerate() {
            *b = DIGITS[((self.0 >> (60 - 4 * i)) & 0xf) as usize];
        }
        let text = std::str::from_utf8(&buf).map_err(serde::ser::Error::custom)?;
        s.serialize_str(text)
    }
}

impl<'de> Deserialize<'de> for Hash64 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hash64, D::Error> {
        struct HexVisitor;
        impl Visitor<'_> for HexVisitor {
            type Value = Hash64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a hash of 16 hex digits")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Hash64, E> {
                if v.len() != 16 || !v.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(E::custom(format!("`{v}` is not a hash of 16 hex digits")));
                }
                u64::from_str_radix(v, 16).map(Hash64).map_err(E::custom)
            }
        }
        d.deserialize_str(HexVisitor)
    }
}

/// Where a game branched from another save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parent {
    /// The parent save's file name.
    pub file: String,
    /// How many log entries of the parent were kept before branching.
    pub action: u32,
}

/// The part of a save that says what it is, readable without knowing the ruleset (the binary
/// uses it to pick the ruleset).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SaveHeader {
    /// Save format version.
    pub format: u32,
    /// Engine version that wrote it.
    pub engine: String,
    /// Ruleset ID.
    pub ruleset: String,
    /// Hash of the ruleset data it was played with.
    pub data_hash: Hash64,
}

/// Only the format field, read first when a save does not parse, so that a file from another
/// format gets a clear "wrong version" message instead of a confusing parse error.
#[derive(Deserialize)]
struct FormatProbe {
    format: u32,
}

/// A whole save file.
#[derive(Deserialize)]
#[serde(bound = "")]
pub struct SaveFile<R: Ruleset> {
    /// Save format version ([`FORMAT_VERSION`]).
    pub format: u32,
    /// Engine version that wrote it.
    pub engine: String,
    /// Ruleset ID.
    pub ruleset: String,
    /// Hash of the ruleset data.
    pub data_hash: Hash64,
    /// The full scenario (not just its name).
    pub scenario: R::Scenario,
    /// Table options.
    pub options: R::Options,
    /// The game's seed.
    pub seed: u64,
    /// Who played each seat.
    pub seats: Vec<SeatConfig>,
    /// Hash over all of the above.
    pub header_hash: Hash64,
    /// The action log.
    pub log: Vec<LogEntry<R::Action>>,
    /// The save this one branched from.
    #[serde(default)]
    pub parent: Option<Parent>,
}

// Written out because derives would demand `R: Clone + Debug` of the ruleset itself.
impl<R: Ruleset> Clone for SaveFile<R> {
    fn clone(&self) -> Self {
        SaveFile {
            format: self.format,
            engine: self.engine.clone(),
            ruleset: self.ruleset.clone(),
            data_hash: self.data_hash,
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            seed: self.seed,
            seats: self.seats.clone(),
            header_hash: self.header_hash,
            log: self.log.clone(),
            parent: self.parent.clone(),
        }
    }
}

impl<R: Ruleset> fmt::Debug for SaveFile<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SaveFile")
            .field("format", &self.format)
            .field("engine", &self.engine)
            .field("ruleset", &self.ruleset)
            .field("data_hash", &self.data_hash)
            .field("scenario", &self.scenario)
            .field("options", &self.options)
            .field("seed", &self.seed)
            .field("seats", &self.seats)
            .field("header_hash", &self.header_hash)
            .field("log", &self.log)
            .field("parent", &self.parent)
            .finish()
    }
}

/// The serialised shape of a save, borrowed from a game or a loaded file: the one writer both
/// use, so a load → save round trip is byte-identical.
#[derive(Serialize)]
#[serde(bound = "")]
struct SaveView<'a, R: Ruleset> {
    format: u32,
    engine: &'a str,
    ruleset: &'a str,
    data_hash: Hash64,
    scenario: &'a R::Scenario,
    options: &'a R::Options,
    seed: u64,
    seats: &'a [SeatConfig],
    header_hash: Hash64,
    log: &'a [LogEntry<R::Action>],
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<&'a Parent>,
}

impl<R: Ruleset> SaveView<'_, R> {
    fn to_ron(&self) -> Result<String, SaveError> {
        let mut text = to_ron_pretty(self).map_err(|e| SaveError(e.to_string()))?;
        text.push('\n');
        Ok(text)
    }
}

/// A save could not be written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write the save: {0}")]
pub struct SaveError(pub String);

/// The save text of a game in progress or finished.
pub fn to_ron<R: Ruleset>(game: &Game<R>) -> Result<String, SaveError> {
    SaveView::<R> {
        format: FORMAT_VERSION,
        engine: game.engine(),
        ruleset: R::ID,
        data_hash: Hash64(game.ruleset().data_hash()),
        scenario: game.scenario(),
        options: game.options(),
        seed: game.seed(),
        seats: game.seats(),
        header_hash: game.header_hash(),
        log: game.log(),
        parent: game.parent(),
    }
    .to_ron()
}

impl<R: Ruleset> SaveFile<R> {
    /// The file's text, exactly as [`to_ron`] would write the game it describes.
    pub fn to_ron(&self) -> Result<String, SaveError> {
        SaveView::<R> {
            format: self.format,
            engine: &self.engine,
            ruleset: &self.ruleset,
            data_hash: self.data_hash,
            scenario: &self.scenario,
            options: &self.options,
            seed: self.seed,
            seats: &self.seats,
            header_hash: self.header_hash,
            log: &self.log,
            parent: self.parent.as_ref(),
        }
        .to_ron()
    }
}

/// A save that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// Not readable as a save (syntax, types, size, encoding), with file:line:col.
    #[error("{0}")]
    Parse(DataError),
    /// Written in another save format.
    #[error(
        "{origin}: this save uses format version {found}, but this build reads only format version {supported}"
    )]
    Format {
        /// File name.
        origin: String,
        /// The file's format version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A save of another ruleset.
    #[error("{origin}: this is a `{found}` save, not a `{expected}` save")]
    Ruleset {
        /// File name.
        origin: String,
        /// The file's ruleset.
        found: String,
        /// The ruleset asked for.
        expected: String,
    },
    /// Played with different rules data, so it would not replay faithfully.
    #[error(
        "{origin}: the save was played with {ruleset} rules data {found}, but this build has {expected}; it cannot be replayed"
    )]
    DataHash {
        /// File name.
        origin: String,
        /// Ruleset ID.
        ruleset: String,
        /// The file's data hash.
        found: Hash64,
        /// This build's data hash.
        expected: Hash64,
    },
}

/// Reads only the header of a save (format, engine, ruleset, data hash). A file of another
/// format version is refused here, naming both versions.
pub fn read_header(bytes: &[u8], origin: &str) -> Result<SaveHeader, LoadError> {
    match parse_ron::<SaveHeader>(bytes, origin) {
        Ok(h) if h.format != FORMAT_VERSION => Err(format_error(origin, h.format)),
        Ok(h) => Ok(h),
        Err(e) => Err(probe_format(bytes, origin).unwrap_or(LoadError::Parse(e))),
    }
}

/// Parses a save of ruleset `R`, refusing another format version, another ruleset or other
/// rules data with a message naming both sides. Does not replay it: see [`verify`].
pub fn load<R: Ruleset>(ruleset: &R, bytes: &[u8], origin: &str) -> Result<SaveFile<R>, LoadError> {
    let file = match parse_ron::<SaveFile<R>>(bytes, origin) {
        Ok(file) => file,
        Err(e) => return Err(probe_format(bytes, origin).unwrap_or(LoadError::Parse(e))),
    };
    if file.format != FORMAT_VERSION {
        return Err(format_error(origin, file.format));
    }
    if file.ruleset != R::ID {
        return Err(LoadError::Ruleset {
            origin: origin.to_string(),
            found: file.ruleset,
            expected: R::ID.to_string(),
        });
    }
    let expected = Hash64(ruleset.data_hash());
    if file.data_hash != expected {
        return Err(LoadError::DataHash {
            origin: origin.to_string(),
            ruleset: R::ID.to_string(),
            found: file.data_hash,
            expected,
        });
    }
    Ok(file)
}

fn format_error(origin: &str, found: u32) -> LoadError {
    LoadError::Format {
        origin: origin.to_string(),
        found,
        supported: FORMAT_VERSION,
    }
}

/// A format error if the file names a format other than ours.
fn probe_format(bytes: &[u8], origin: &str) -> Option<LoadError> {
    match parse_ron::<FormatProbe>(bytes, origin) {
        Ok(p) if p.format != FORMAT_VERSION => Some(format_error(origin, p.format)),
        _ => None,
    }
}

/// A save that replayed exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Log entries that are actions.
    pub actions: usize,
    /// Log entries that are undos.
    pub undos: usize,
    /// The last chain link: one hash for the whole game.
    pub final_hash: Hash64,
    /// The hash of the final state.
    pub final_state: Hash64,
    /// The outcome, if the game is over.
    pub outcome: Option<Outcome>,
}

/// The first thing in a save that does not replay. Entry numbers are 1-based in messages.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// The header is not for this ruleset or data.
    #[error("{0}")]
    Refused(LoadError),
    /// The scenario, options or seats cannot start a game.
    #[error("the saved game cannot be set up: {0}")]
    Setup(SetupError),
    /// A hash in the chain does not match what the save holds: the header (`index: None`) or
    /// the entry at `index`.
    #[error("{}", broken_link(*.index, *.stored, *.computed))]
    BrokenLink {
        /// The 0-based log entry, or `None` for the header.
        index: Option<usize>,
        /// What the save holds.
        stored: Hash64,
        /// What the replay computes.
        computed: Hash64,
    },
    /// An action the rules refuse.
    #[error("action {} ({seat}: {action}) is illegal: {reason}", .index + 1)]
    Illegal {
        /// 0-based log entry.
        index: usize,
        /// Who played it.
        seat: Seat,
        /// The action as canonical RON.
        action: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// An undo the rules refuse.
    #[error("entry {} (undo) is not allowed: {reason}", .index + 1)]
    Undo {
        /// 0-based log entry.
        index: usize,
        /// Why.
        reason: String,
    },
    /// The state after an entry differs from the recorded hash.
    #[error(
        "action {} ({}: {action}) diverges: the save records state {expected}, the replay gives {got}",
        .index + 1,
        seat_label(*.seat)
    )]
    StateMismatch {
        /// 0-based log entry.
        index: usize,
        /// Who played it (`None` for an undo).
        seat: Option<Seat>,
        /// The action as canonical RON, or `undo`.
        action: String,
        /// The recorded state hash.
        expected: Hash64,
        /// The replayed state hash.
        got: Hash64,
    },
}

fn seat_label(seat: Option<Seat>) -> String {
    seat.map_or_else(|| "undo".to_string(), |s| s.to_string())
}

fn broken_link(index: Option<usize>, stored: Hash64, computed: Hash64) -> String {
    match index {
        None => format!(
            "the header hash does not match (the seed, scenario, options or seats were changed): \
             the save records {stored}, the header gives {computed}"
        ),
        Some(i) => format!(
            "the hash chain breaks at entry {}: the save records link {stored}, the replay gives {computed}",
            i + 1
        ),
    }
}

/// Replays a save from scratch into a game, checking every state hash and chain link on the
/// way; stops at the first problem. Use a recording journal to rebuild the game's journal.
pub fn replay<R: Ruleset>(
    ruleset: Arc<R>,
    save: SaveFile<R>,
    journal: Journal,
) -> Result<Game<R>, VerifyError> {
    if save.format != FORMAT_VERSION {
        return Err(VerifyError::Refused(format_error("save", save.format)));
    }
    if save.ruleset != R::ID {
        return Err(VerifyError::Refused(LoadError::Ruleset {
            origin: "save".into(),
            found: save.ruleset,
            expected: R::ID.to_string(),
        }));
    }
    let expected = Hash64(ruleset.data_hash());
    if save.data_hash != expected {
        return Err(VerifyError::Refused(LoadError::DataHash {
            origin: "save".into(),
            ruleset: R::ID.to_string(),
            found: save.data_hash,
            expected,
        }));
    }
    let parts = Parts {
        scenario: save.scenario,
        options: save.options,
        seed: save.seed,
        seats: save.seats,
        engine: save.engine,
        parent: save.parent,
    };
    let mut game = Game::start(ruleset, parts, journal).map_err(VerifyError::Setup)?;
    if game.header_hash() != save.header_hash {
        return Err(VerifyError::BrokenLink {
            index: None,
            stored: save.header_hash,
            computed: game.header_hash(),
        });
    }
    for (index, entry) in save.log.into_iter().enumerate() {
        let (stored_state, stored_link, seat) = match entry {
            LogEntry::Act {
                seat,
                action,
                state,
                link,
            } => {
                if let Err((e, action)) = game.apply_inner(seat, action) {
                    return Err(VerifyError::Illegal {
                        index,
                        seat,
                        action: canonical_ron(&action),
                        reason: e.reason,
                    });
                }
                (state, link, Some(seat))
            }
            LogEntry::Undo { state, link } => {
                game.undo().map_err(|e| VerifyError::Undo {
                    index,
                    reason: e.to_string(),
                })?;
                (state, link, None)
            }
        };
        let computed = game.log().last().map(|e| (e.state_hash(), e.link()));
        let Some((got_state, got_link)) = computed else {
            continue;
        };
        if got_state != stored_state {
            let action = match game.log().last() {
                Some(LogEntry::Act { action, .. }) => canonical_ron(action),
                _ => "undo".to_string(),
            };
            return Err(VerifyError::StateMismatch {
                index,
                seat,
                action,
                expected: stored_state,
                got: got_state,
            });
        }
        if got_link != stored_link {
            return Err(VerifyError::BrokenLink {
                index: Some(index),
                stored: stored_link,
                computed: got_link,
            });
        }
    }
    Ok(game)
}

/// Replays a save with the journal off and reports its size and final hash, or the first
/// problem.
pub fn verify<R: Ruleset>(ruleset: Arc<R>, save: SaveFile<R>) -> Result<VerifyReport, VerifyError> {
    let game = replay(ruleset, save, Journal::off())?;
    Ok(report(&game))
}

/// The summary [`verify`] gives for a replayed game.
pub fn report<R: Ruleset>(game: &Game<R>) -> VerifyReport {
    let undos = game
        .log()
        .iter()
        .filter(|e| matches!(e, LogEntry::Undo { .. }))
        .count();
    VerifyReport {
        actions: game.log().len() - undos,
        undos,
        final_hash: game.link(),
        final_state: game.state_hash(),
        outcome: match game.to_act() {
            crate::ruleset::Decision::Over(o) => Some(o),
            crate::ruleset::Decision::Act(_) => None,
        },
    }
}
