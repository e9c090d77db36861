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
use crate::game::{ENGINE_VERSION, Game, LogEntry, Parts, SeatConfig, canonical_ron};
use crate::journal::Journal;
use crate::ruleset::{Outcome, Ruleset, SetupError};
use crate::seat::Seat;
use crate::seed;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// The save format this build writes. Format 4 ends with a [`Trailer`] (the log's length and
/// final link, chained), so a save cut short no longer verifies. Format 3, the oldest still
/// read, hashes states and chain links a word at a time ([`crate::hash::WordHasher`]) and
/// verifies and re-saves as it was.
pub const FORMAT_VERSION: u32 = 4;

/// The first save format that ends with a [`Trailer`].
pub const TRAILER_FORMAT: u32 = 4;

/// The oldest save format this build still reads. Formats 1 and 2 (FNV-1a state hashes and
/// links; format 1 without a seed commitment) are no longer read: a save is pinned to its
/// rules data, and every such save was a Skirmish or Commander game under rules data that this
/// build's rules changes replaced, so none of them could load anyway.
pub const OLDEST_FORMAT: u32 = 3;

/// Whether this build reads saves of `format`.
pub fn format_supported(format: u32) -> bool {
    (OLDEST_FORMAT..=FORMAT_VERSION).contains(&format)
}

/// Whether a save started by engine `saved` replays faithfully on engine `ours`: the same
/// major version, and for 0.x versions the same minor version too (semantic versioning's
/// promise). Anything unreadable is incompatible.
pub fn engine_compatible(saved: &str, ours: &str) -> bool {
    fn parse(v: &str) -> Option<(u64, u64)> {
        let mut parts = v.split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next()?.parse().ok()?;
        let patch = parts.next()?;
        let patch = patch.split(['-', '+']).next()?;
        patch.parse::<u64>().ok()?;
        parts.next().is_none().then_some((major, minor))
    }
    match (parse(saved), parse(ours)) {
        (Some((a, b)), Some((c, d))) => a == c && (a > 0 || b == d),
        _ => false,
    }
}

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

/// An optional hash written as the bare hash (`seed_commitment: "…"`), absent when `None`.
fn present_hash<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hash64>, D::Error> {
    Hash64::deserialize(d).map(Some)
}

/// The writer matching [`present_hash`]; `None` is skipped before it is called.
fn write_present_hash<S: Serializer>(hash: &Option<Hash64>, s: S) -> Result<S::Ok, S::Error> {
    hash.unwrap_or_default().serialize(s)
}

/// Where a game branched from another save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parent {
    /// The parent save's file name.
    pub file: String,
    /// How many log entries of the parent were kept before branching (the branch replaces
    /// entry `action + 1` and everything after it).
    pub action: u32,
    /// The parent's chain link after the kept entries (its header hash if none were kept):
    /// one hash naming the parent's whole history up to the branch point.
    #[serde(default)]
    pub link: Hash64,
}

/// The end of a save (format 4 on): how many log entries it holds and the chain's last link,
/// sealed by a hash chained from both. Deleting entries from the end of a save, or the whole
/// log, leaves a trailer that no longer matches, so `verify` sees the cut; the seal's short
/// form is the game's [`fingerprint`], which both players can note at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trailer {
    /// Log entries (actions and undos) in the save.
    pub entries: u64,
    /// The last chain link (the header hash when the log is empty).
    pub link: Hash64,
    /// The seal: [`trailer_seal`] of the two above.
    pub seal: Hash64,
}

/// The seal of a trailer: the word hash of a tag, the entry count and the final link. Like the
/// chain it has no key: it shows a cut, not who cut (see `docs/FORMATS.md`).
pub fn trailer_seal(entries: u64, link: Hash64) -> Hash64 {
    use std::hash::Hasher as _;
    let mut h = crate::hash::WordHasher::default();
    h.write(b"squadsight-trailer");
    h.write_u64(entries);
    h.write_u64(link.0);
    Hash64(h.finish())
}

/// The trailer a game's save ends with.
pub fn trailer_of<R: Ruleset>(game: &Game<R>) -> Trailer {
    let entries = game.log().len() as u64;
    let link = game.link();
    Trailer {
        entries,
        link,
        seal: trailer_seal(entries, link),
    }
}

/// A game's fingerprint: the short form (`1a2b-3c4d`) of its trailer's seal, which names the
/// whole game (every action, the seed, the scenario) and its length. Two players who note it
/// at the end can later tell whether a save is that game, whole: `verify --expect`.
pub fn fingerprint<R: Ruleset>(game: &Game<R>) -> String {
    short_fingerprint(trailer_of(game).seal)
}

/// The short form of a seal, as [`fingerprint`] shows it.
pub fn short_fingerprint(seal: Hash64) -> String {
    let full = seal.to_string();
    format!("{}-{}", &full[..4], &full[4..8])
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
    /// The commitment to the seed (format 2 on; see [`crate::seed`]).
    #[serde(default, deserialize_with = "present_hash")]
    pub seed_commitment: Option<Hash64>,
    /// The save this one branched from.
    #[serde(default)]
    pub parent: Option<Parent>,
}

/// Only the format field, read first when a save does not parse, so that a file from another
/// format gets a clear "wrong version" message instead of a confusing parse error.
#[derive(Deserialize)]
struct FormatProbe {
    /// Wide and signed, so that any number that is no format version is named as a format.
    format: i128,
}

/// A whole save file. Unknown fields are refused: nothing outside the hashes can ride along.
#[derive(Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
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
    /// The commitment to the seed (format 2 on; see [`crate::seed`]).
    #[serde(default, deserialize_with = "present_hash")]
    pub seed_commitment: Option<Hash64>,
    /// Who played each seat.
    pub seats: Vec<SeatConfig>,
    /// Hash over all of the above.
    pub header_hash: Hash64,
    /// The action log.
    pub log: Vec<LogEntry<R::Action>>,
    /// The save this one branched from.
    #[serde(default)]
    pub parent: Option<Parent>,
    /// The log's length and final link, sealed (format 4 on).
    #[serde(default)]
    pub trailer: Option<Trailer>,
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
            seed_commitment: self.seed_commitment,
            seats: self.seats.clone(),
            header_hash: self.header_hash,
            log: self.log.clone(),
            parent: self.parent.clone(),
            trailer: self.trailer,
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
            .field("seed_commitment", &self.seed_commitment)
            .field("seats", &self.seats)
            .field("header_hash", &self.header_hash)
            .field("log", &self.log)
            .field("parent", &self.parent)
            .field("trailer", &self.trailer)
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
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "write_present_hash"
    )]
    seed_commitment: Option<Hash64>,
    seats: &'a [SeatConfig],
    header_hash: Hash64,
    log: &'a [LogEntry<R::Action>],
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<&'a Parent>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trailer: Option<Trailer>,
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
        format: game.format(),
        engine: game.engine(),
        ruleset: R::ID,
        data_hash: Hash64(game.ruleset().data_hash()),
        scenario: game.scenario(),
        options: game.options(),
        seed: game.seed(),
        seed_commitment: Some(game.seed_commitment()),
        seats: game.seats(),
        header_hash: game.header_hash(),
        log: game.log(),
        parent: game.parent(),
        trailer: (game.format() >= TRAILER_FORMAT).then(|| trailer_of(game)),
    }
    .to_ron()
}

impl<R: Ruleset> SaveFile<R> {
    /// Splits off the log: the save of the game before its first entry (with the trailer of
    /// an empty log, from format 4 on), and the entries, for stepping through them.
    pub fn take_log(mut self) -> (SaveFile<R>, Vec<LogEntry<R::Action>>) {
        let log = std::mem::take(&mut self.log);
        if self.format >= TRAILER_FORMAT {
            self.trailer = Some(Trailer {
                entries: 0,
                link: self.header_hash,
                seal: trailer_seal(0, self.header_hash),
            });
        }
        (self, log)
    }

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
            seed_commitment: self.seed_commitment,
            seats: &self.seats,
            header_hash: self.header_hash,
            log: &self.log,
            parent: self.parent.as_ref(),
            trailer: self.trailer,
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
    /// Written in a save format this build does not read.
    #[error(
        "{origin}: this save uses format version {found}, but this build reads only format versions {OLDEST_FORMAT} to {supported}"
    )]
    Format {
        /// File name.
        origin: String,
        /// The file's format version.
        found: i128,
        /// The newest version this build reads (and the one it writes).
        supported: u32,
    },
    /// Started by an engine version whose replays this build does not promise to reproduce.
    #[error(
        "{origin}: this save was made by squadsight engine {found}, which this build (engine {expected}) cannot replay faithfully"
    )]
    Engine {
        /// File name.
        origin: String,
        /// The file's engine version.
        found: String,
        /// This build's engine version.
        expected: String,
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
        Ok(h) if !format_supported(h.format) => Err(format_error(origin, h.format.into())),
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
    pinned(ruleset, &file, origin)?;
    Ok(file)
}

/// The version pins of a save: a format this build reads, this ruleset, this ruleset's rules
/// data and a compatible engine. Each refusal names both sides.
fn pinned<R: Ruleset>(ruleset: &R, file: &SaveFile<R>, origin: &str) -> Result<(), LoadError> {
    if !format_supported(file.format) {
        return Err(format_error(origin, file.format.into()));
    }
    if file.ruleset != R::ID {
        return Err(LoadError::Ruleset {
            origin: origin.to_string(),
            found: file.ruleset.clone(),
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
    if !engine_compatible(&file.engine, ENGINE_VERSION) {
        return Err(LoadError::Engine {
            origin: origin.to_string(),
            found: file.engine.clone(),
            expected: ENGINE_VERSION.to_string(),
        });
    }
    Ok(())
}

fn format_error(origin: &str, found: i128) -> LoadError {
    LoadError::Format {
        origin: origin.to_string(),
        found,
        supported: FORMAT_VERSION,
    }
}

/// A format error if the file names a format other than ours.
fn probe_format(bytes: &[u8], origin: &str) -> Option<LoadError> {
    match parse_ron::<FormatProbe>(bytes, origin) {
        Ok(p) if !u32::try_from(p.format).is_ok_and(format_supported) => {
            Some(format_error(origin, p.format))
        }
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
    /// The game's [`fingerprint`] (`1a2b-3c4d`): its whole record and length in one short
    /// code, shown at the game's end.
    pub fingerprint: String,
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
    /// The header's `seed` is not the seed its `seed_commitment` was made from (or a format 2
    /// save has no commitment).
    #[error("{}", seed_mismatch(*.seed, *.stored, *.computed))]
    SeedCommitment {
        /// The header's seed.
        seed: u64,
        /// The header's commitment.
        stored: Option<Hash64>,
        /// The commitment of the header's seed.
        computed: Hash64,
    },
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
    /// The trailer (format 4 on) is missing, or does not match the log: entries were cut
    /// from the end or added, or the trailer was edited.
    #[error("{message}")]
    Trailer {
        /// What does not match, in words.
        message: String,
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

fn seed_mismatch(seed: u64, stored: Option<Hash64>, computed: Hash64) -> String {
    match stored {
        Some(stored) => format!(
            "header field `seed` ({seed}) does not match header field `seed_commitment`: \
             the save records commitment {stored}, but seed {seed} gives {computed} \
             (the seed or the commitment was changed)"
        ),
        None => "header field `seed_commitment` is missing (format 2 saves record it)".into(),
    }
}

fn seat_label(seat: Option<Seat>) -> String {
    seat.map_or_else(|| "undo".to_string(), |s| s.to_string())
}

fn broken_link(index: Option<usize>, stored: Hash64, computed: Hash64) -> String {
    match index {
        None => format!(
            "the header hash does not match (a header field — engine, scenario, options, seed, \
             seats or parent — or `header_hash` itself was changed): \
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
    let mut replayer = Replayer::start(ruleset, save, journal)?;
    while let Some(step) = replayer.step() {
        step?;
    }
    Ok(replayer.into_game())
}

/// A save replayed one log entry at a time, each entry checked (state hash and chain link)
/// as it is applied: the replay viewer and `squadsight explain` look at the game between
/// entries.
///
/// ```
/// # use squadsight_core::{save::{self, Replayer}, Journal, Ruleset};
/// # fn demo<R: Ruleset>(ruleset: std::sync::Arc<R>, file: save::SaveFile<R>) {
/// let mut replay = Replayer::start(ruleset, file, Journal::recording()).unwrap();
/// while let Some(step) = replay.step() {
///     step.unwrap();
///     let _events_so_far = replay.game().journal().events().len();
/// }
/// # }
/// ```
pub struct Replayer<R: Ruleset> {
    game: Game<R>,
    rest: std::vec::IntoIter<LogEntry<R::Action>>,
    next: usize,
    total: usize,
    /// The save's trailer, checked once the last entry is replayed.
    trailer: Option<Trailer>,
    /// The save's format (whether it must have a trailer).
    format: u32,
}

/// Checks a save's trailer against its log before the replay: present from format 4 on (and
/// only there), and recording as many entries as the log holds.
fn check_trailer_shape(
    format: u32,
    trailer: Option<Trailer>,
    entries: usize,
) -> Result<(), VerifyError> {
    match (format >= TRAILER_FORMAT, trailer) {
        (true, None) => Err(VerifyError::Trailer {
            message: format!(
                "the save has no trailer: format {format} saves end with one, so this one was cut \
                 short (the log may be missing entries at its end)"
            ),
        }),
        (false, Some(_)) => Err(VerifyError::Trailer {
            message: format!("a format {format} save has no trailer; this one was edited"),
        }),
        (true, Some(t)) if t.entries != entries as u64 => Err(VerifyError::Trailer {
            message: format!(
                "the trailer records {} log entries but the log holds {entries}: entries were \
                 removed from (or added to) the end of the save",
                t.entries
            ),
        }),
        _ => Ok(()),
    }
}

/// Checks the trailer's link and seal against the replayed game's last link.
fn check_trailer_end(trailer: Option<Trailer>, link: Hash64) -> Result<(), VerifyError> {
    let Some(t) = trailer else {
        return Ok(());
    };
    if t.link != link {
        return Err(VerifyError::Trailer {
            message: format!(
                "the trailer records final link {}, the replay ends on {link}",
                t.link
            ),
        });
    }
    let seal = trailer_seal(t.entries, t.link);
    if t.seal != seal {
        return Err(VerifyError::Trailer {
            message: format!(
                "the trailer's seal does not match: the save records {}, its entries and link give {seal}",
                t.seal
            ),
        });
    }
    Ok(())
}

impl<R: Ruleset> Replayer<R> {
    /// Checks the save's version pins, seed commitment and header hash, and sets up the game
    /// before its first entry.
    pub fn start(
        ruleset: Arc<R>,
        save: SaveFile<R>,
        journal: Journal,
    ) -> Result<Replayer<R>, VerifyError> {
        pinned(&*ruleset, &save, "save").map_err(VerifyError::Refused)?;
        let computed = seed::commitment(save.seed);
        if save.seed_commitment != Some(computed) {
            return Err(VerifyError::SeedCommitment {
                seed: save.seed,
                stored: save.seed_commitment,
                computed,
            });
        }
        let (trailer, format) = (save.trailer, save.format);
        let parts = Parts {
            scenario: save.scenario,
            options: save.options,
            seed: save.seed,
            seats: save.seats,
            engine: save.engine,
            format: save.format,
            parent: save.parent,
        };
        let game = Game::start(ruleset, parts, journal).map_err(VerifyError::Setup)?;
        if game.header_hash() != save.header_hash {
            return Err(VerifyError::BrokenLink {
                index: None,
                stored: save.header_hash,
                computed: game.header_hash(),
            });
        }
        let replayer = Replayer {
            game,
            total: save.log.len(),
            rest: save.log.into_iter(),
            next: 0,
            trailer,
            format,
        };
        if replayer.total == 0 {
            replayer.check_trailer()?;
        }
        Ok(replayer)
    }

    /// Checks the trailer once the whole log is replayed (after the entries' own checks, so
    /// an edited entry is named before the trailer it also breaks).
    fn check_trailer(&self) -> Result<(), VerifyError> {
        check_trailer_shape(self.format, self.trailer, self.total)?;
        check_trailer_end(self.trailer, self.game.link())
    }

    /// The game after the entries replayed so far.
    pub fn game(&self) -> &Game<R> {
        &self.game
    }

    /// How many log entries have been replayed (the 0-based index of the next one).
    pub fn position(&self) -> usize {
        self.next
    }

    /// How many log entries the save holds.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Whether the save's log is empty.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The next entry, not yet replayed.
    pub fn peek(&self) -> Option<&LogEntry<R::Action>> {
        self.rest.as_slice().first()
    }

    /// Replays the next entry and checks it; `None` when the log is done. After an error the
    /// game is left where the error happened and stepping on is meaningless.
    pub fn step(&mut self) -> Option<Result<(), VerifyError>> {
        let (replayed, link) = self.step_checked()?;
        Some(replayed.and(link.map_or(Ok(()), Err)))
    }

    /// Replays the next entry and reports its two checks apart: whether it replays to the
    /// recorded state (`Err` for an illegal action or undo, or a different state), and
    /// whether its chain link matches (`Some` error when it does not).
    fn step_checked(&mut self) -> Option<(Result<(), VerifyError>, Option<VerifyError>)> {
        let entry = self.rest.next()?;
        let index = self.next;
        self.next += 1;
        let (replayed, link) = check_entry(&mut self.game, index, entry);
        // After the last entry: the trailer must name the game the log replayed to.
        let replayed = match replayed {
            Ok(()) if self.next == self.total => self.check_trailer(),
            other => other,
        };
        Some((replayed, link))
    }

    /// The game, for playing on from here.
    pub fn into_game(self) -> Game<R> {
        self.game
    }
}

/// Applies one log entry and compares the state hash and link with what the save records:
/// the replay's result (illegal, or diverging state) and, apart, a broken link.
fn check_entry<R: Ruleset>(
    game: &mut Game<R>,
    index: usize,
    entry: LogEntry<R::Action>,
) -> (Result<(), VerifyError>, Option<VerifyError>) {
    let mut link_error = None;
    let replayed = check_entry_inner(game, index, entry, &mut link_error);
    (replayed, link_error)
}

fn check_entry_inner<R: Ruleset>(
    game: &mut Game<R>,
    index: usize,
    entry: LogEntry<R::Action>,
    link_error: &mut Option<VerifyError>,
) -> Result<(), VerifyError> {
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
    let Some((got_state, got_link)) = game.log().last().map(|e| (e.state_hash(), e.link())) else {
        return Ok(());
    };
    if got_link != stored_link {
        *link_error = Some(VerifyError::BrokenLink {
            index: Some(index),
            stored: stored_link,
            computed: got_link,
        });
    }
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
    Ok(())
}

/// Everything [`audit`] found wrong with a save, in the order of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditFailure {
    /// The first link of the chain that does not match (the header counts as link 0), if any.
    pub broken_link: Option<VerifyError>,
    /// The first entry that does not replay (illegal, refused undo, or a different state),
    /// or a problem with the header that stopped the replay before it began.
    pub divergence: Option<VerifyError>,
}

impl AuditFailure {
    /// The problems found, earliest first.
    pub fn problems(&self) -> Vec<&VerifyError> {
        let mut out: Vec<&VerifyError> = self
            .divergence
            .iter()
            .chain(self.broken_link.iter())
            .collect();
        out.sort_by_key(|e| e.entry().map_or(0, |i| i + 1));
        out
    }
}

impl VerifyError {
    /// The 0-based log entry the problem is at; `None` for the header.
    pub fn entry(&self) -> Option<usize> {
        match self {
            VerifyError::Refused(_)
            | VerifyError::Setup(_)
            | VerifyError::SeedCommitment { .. } => None,
            VerifyError::Trailer { .. } => None,
            VerifyError::BrokenLink { index, .. } => *index,
            VerifyError::Illegal { index, .. }
            | VerifyError::Undo { index, .. }
            | VerifyError::StateMismatch { index, .. } => Some(*index),
        }
    }
}

/// Replays a whole save like [`verify`], but reports both the first broken chain link and
/// the first entry that does not replay, which can differ: an edited link or state hash
/// breaks the chain without changing the game, while an edited action usually does both at
/// once. The replay stops at the first entry that does not replay; a broken link alone does
/// not stop it.
pub fn audit<R: Ruleset>(
    ruleset: Arc<R>,
    save: SaveFile<R>,
) -> Result<VerifyReport, Box<AuditFailure>> {
    let mut replayer = match Replayer::start(ruleset, save, Journal::off()) {
        Ok(r) => r,
        Err(e @ VerifyError::BrokenLink { .. }) => {
            return Err(Box::new(AuditFailure {
                broken_link: Some(e),
                divergence: None,
            }));
        }
        Err(e) => {
            return Err(Box::new(AuditFailure {
                broken_link: None,
                divergence: Some(e),
            }));
        }
    };
    let mut broken_link = None;
    while let Some((replayed, link)) = replayer.step_checked() {
        if broken_link.is_none() {
            broken_link = link;
        }
        if let Err(e) = replayed {
            return Err(Box::new(AuditFailure {
                broken_link,
                divergence: Some(e),
            }));
        }
    }
    match broken_link {
        Some(e) => Err(Box::new(AuditFailure {
            broken_link: Some(e),
            divergence: None,
        })),
        None => Ok(report(replayer.game())),
    }
}

/// A new game branched from `save` just before its log entry `keep + 1` (1-based): the
/// first `keep` entries are replayed (and checked) as they were, and the new game's header
/// records the parent (`file`, the branch point and the parent's chain link there). The
/// branch is always written in the current format with this engine's version.
pub fn branch<R: Ruleset>(
    ruleset: Arc<R>,
    save: SaveFile<R>,
    keep: usize,
    file: &str,
) -> Result<Game<R>, VerifyError> {
    let kept: Vec<LogEntry<R::Action>> = save.log.iter().take(keep).cloned().collect();
    let (scenario, options, seed, seats) = (
        save.scenario.clone(),
        save.options.clone(),
        save.seed,
        save.seats.clone(),
    );
    // The parent's first `keep` entries, each checked; its trailer belongs to its whole log,
    // which a branch does not need.
    let mut parent = Replayer::start(Arc::clone(&ruleset), save, Journal::off())?;
    while parent.position() < keep {
        match parent.step() {
            Some(step) => step?,
            None => break,
        }
    }
    let link = parent.game().link();
    let mut game = Game::branched(
        ruleset,
        scenario,
        options,
        seed,
        seats,
        Parent {
            file: file.to_string(),
            action: u32::try_from(keep).unwrap_or(u32::MAX),
            link,
        },
    )
    .map_err(VerifyError::Setup)?;
    for (index, entry) in kept.into_iter().enumerate() {
        // The parent's hashes were checked above; the branch's links differ (its header
        // records the parent), so only legality is checked here.
        match entry {
            LogEntry::Act { seat, action, .. } => {
                game.apply_inner(seat, action)
                    .map_err(|(e, action)| VerifyError::Illegal {
                        index,
                        seat,
                        action: canonical_ron(&action),
                        reason: e.reason,
                    })?;
            }
            LogEntry::Undo { .. } => game.undo().map_err(|e| VerifyError::Undo {
                index,
                reason: e.to_string(),
            })?,
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
        fingerprint: fingerprint(game),
    }
}
