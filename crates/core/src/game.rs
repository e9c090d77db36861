//! One match in progress: the scenario, options, seed and seats it started from, the action
//! log with a hash chain, and the current state, randomness and journal.
//!
//! ```
//! # use squadsight_core::game::{Game, SeatConfig};
//! # fn demo<R: squadsight_core::Ruleset>(ruleset: R, scenario: R::Scenario) {
//! let seats = vec![SeatConfig::human(), SeatConfig::ai("normal")];
//! let ruleset = std::sync::Arc::new(ruleset);
//! let mut game = Game::new(ruleset, scenario, R::Options::default(), 42, seats).unwrap();
//! let mut legal = Vec::new();
//! if let squadsight_core::Decision::Act(seat) = game.to_act() {
//!     game.legal_actions(seat, &mut legal);
//!     game.apply(seat, legal[0].clone()).unwrap();
//! }
//! # }
//! ```
//!
//! The hash chain: a header hash covers everything a game starts from, and every log entry
//! carries `link = hash(previous link, entry, state hash after it)`, so editing or corrupting
//! any part of a save breaks the chain from that point on (see `docs/FORMATS.md`).

use crate::hash::{StableHasher, WordHasher, word_hash};
use crate::journal::{EventKind, Journal};
use crate::rng::GameRng;
use crate::ruleset::{Decision, IllegalAction, Ruleset, SetupError};
use crate::save::{FORMAT_VERSION, Hash64, Parent};
use crate::seat::Seat;
use crate::seed;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use thiserror::Error;

/// The engine version recorded in new saves.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The clause ID stamped on the journal event an undo writes.
pub const UNDO_RULE: &str = "core.undo";

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum SeatKind {
    /// A person at the keyboard.
    Human,
    /// A computer player of the named level (`random`, `greedy`, `easy`, `normal`, `hard`).
    Ai {
        /// The AI level as the command line spells it.
        level: String,
    },
}

/// How one seat is played, recorded in saves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatConfig {
    /// Human or AI.
    pub kind: SeatKind,
}

impl SeatConfig {
    /// A human seat.
    pub fn human() -> SeatConfig {
        SeatConfig {
            kind: SeatKind::Human,
        }
    }

    /// An AI seat of the given level.
    pub fn ai(level: impl Into<String>) -> SeatConfig {
        SeatConfig {
            kind: SeatKind::Ai {
                level: level.into(),
            },
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        self.kind == SeatKind::Human
    }
}

/// One entry of the action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LogEntry<A> {
    /// A seat's action.
    Act {
        /// Who acted.
        #[serde(with = "seat_number")]
        seat: Seat,
        /// What they did.
        action: A,
        /// The stable hash of the whole state after it.
        state: Hash64,
        /// The chain link after it.
        link: Hash64,
    },
    /// The last action still in effect was taken back.
    Undo {
        /// The stable hash of the state after the undo.
        state: Hash64,
        /// The chain link after it.
        link: Hash64,
    },
}

impl<A> LogEntry<A> {
    /// The state hash recorded after this entry.
    pub fn state_hash(&self) -> Hash64 {
        match self {
            LogEntry::Act { state, .. } | LogEntry::Undo { state, .. } => *state,
        }
    }

    /// The chain link recorded after this entry.
    pub fn link(&self) -> Hash64 {
        match self {
            LogEntry::Act { link, .. } | LogEntry::Undo { link, .. } => *link,
        }
    }
}

/// Seats are written as a plain number in saves (`seat: 0`), not as RON's `(0)`.
mod seat_number {
    use crate::seat::Seat;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        seat.0.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        u8::deserialize(d).map(Seat)
    }
}

/// Why an undo was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UndoError {
    /// No action is in effect.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// The last action revealed something random or hidden, which may not be taken back.
    #[error("the last action revealed something random or hidden, so it cannot be undone")]
    PastReveal,
    /// Rebuilding the earlier state failed: the ruleset is not a pure function of its inputs.
    #[error("the earlier state could not be rebuilt (the ruleset is not deterministic): {0}")]
    Rebuild(String),
}

/// The state, randomness and journal context at the undo floor, kept after the first undo so
/// that a run of undos does not replay from the start each time.
#[derive(Clone)]
struct Checkpoint<S> {
    state: S,
    rng: GameRng,
    round: u32,
    seat: Option<Seat>,
}

/// One match in progress.
pub struct Game<R: Ruleset> {
    ruleset: Arc<R>,
    scenario: R::Scenario,
    options: R::Options,
    seed: u64,
    seats: Vec<SeatConfig>,
    engine: String,
    /// The save format whose rules the header hash follows (older saves keep theirs).
    format: u32,
    parent: Option<Parent>,
    header_hash: u64,
    link: u64,
    log: Vec<LogEntry<R::Action>>,
    /// Indices into `log` of the actions in effect (undone ones removed).
    live: Vec<usize>,
    /// `live.len()` just after the last action that revealed something; undo stops here.
    undo_floor: usize,
    checkpoint: Option<Checkpoint<R::State>>,
    state: R::State,
    rng: GameRng,
    journal: Journal,
}

impl<R: Ruleset> Game<R> {
    /// Starts a game with a recording journal. `seats` must have one entry per scenario seat.
    pub fn new(
        ruleset: Arc<R>,
        scenario: R::Scenario,
        options: R::Options,
        seed: u64,
        seats: Vec<SeatConfig>,
    ) -> Result<Game<R>, SetupError> {
        Game::with_journal(
            ruleset,
            scenario,
            options,
            seed,
            seats,
            Journal::recording(),
        )
    }

    /// Starts a game with the given journal (use [`Journal::off`] for simulations).
    pub fn with_journal(
        ruleset: Arc<R>,
        scenario: R::Scenario,
        options: R::Options,
        seed: u64,
        seats: Vec<SeatConfig>,
        journal: Journal,
    ) -> Result<Game<R>, SetupError> {
        let parts = Parts {
            scenario,
            options,
            seed,
            seats,
            engine: ENGINE_VERSION.to_string(),
            format: FORMAT_VERSION,
            parent: None,
        };
        Game::start(ruleset, parts, journal)
    }

    /// Starts a game that branches from another save: its header records `parent` (and the
    /// header hash covers it), so the branch is a new game with its own chain.
    pub fn branched(
        ruleset: Arc<R>,
        scenario: R::Scenario,
        options: R::Options,
        seed: u64,
        seats: Vec<SeatConfig>,
        parent: Parent,
    ) -> Result<Game<R>, SetupError> {
        let parts = Parts {
            scenario,
            options,
            seed,
            seats,
            engine: ENGINE_VERSION.to_string(),
            format: FORMAT_VERSION,
            parent: Some(parent),
        };
        Game::start(ruleset, parts, Journal::recording())
    }

    /// Starts a game from its recorded parts (a save's header keeps its own engine version).
    pub(crate) fn start(
        ruleset: Arc<R>,
        parts: Parts<R>,
        mut journal: Journal,
    ) -> Result<Game<R>, SetupError> {
        let Parts {
            scenario,
            options,
            seed,
            seats,
            engine,
            format,
            parent,
        } = parts;
        let count = ruleset.seat_count(&scenario);
        if seats.len() != usize::from(count) {
            return Err(SetupError {
                problems: vec![format!(
                    "the scenario has {count} seats but {} were configured",
                    seats.len()
                )],
            });
        }
        let header = Header {
            format,
            engine: &engine,
            data_hash: ruleset.data_hash(),
            seed,
            parent: parent.as_ref(),
        };
        let header_hash =
            header_hash::<R>(&header, &scenario, &options, &seats).map_err(|e| SetupError {
                problems: vec![format!("the game header cannot be written as RON: {e}")],
            })?;
        let commitment = seed::commitment(seed);
        journal.note(seed::COMMIT_RULE, EventKind::Setup, || {
            format!(
                "seed commitment {} (full {commitment}); the seed is revealed when the game ends",
                seed::short(commitment)
            )
        });
        let mut rng = GameRng::new(seed);
        let state = ruleset.setup(&scenario, &options, &mut rng, &mut journal)?;
        Ok(Game {
            ruleset,
            scenario,
            options,
            seed,
            seats,
            engine,
            format,
            parent,
            header_hash,
            link: header_hash,
            log: Vec::new(),
            live: Vec::new(),
            undo_floor: 0,
            checkpoint: None,
            state,
            rng,
            journal,
        })
    }

    /// Who decides now, or the outcome.
    pub fn to_act(&self) -> Decision {
        self.ruleset.to_act(&self.state)
    }

    /// Every legal action of `seat` now, into `out` (cleared first).
    pub fn legal_actions(&self, seat: Seat, out: &mut Vec<R::Action>) {
        self.ruleset.legal_actions(&self.state, seat, out);
    }

    /// Applies `seat`'s action, logs it and extends the hash chain. On error nothing changes:
    /// the seat is checked here and the ruleset's contract keeps the state and randomness
    /// untouched (the conformance harness checks that contract).
    pub fn apply(&mut self, seat: Seat, action: R::Action) -> Result<(), IllegalAction> {
        self.apply_inner(seat, action).map_err(|(e, _)| e)
    }

    /// [`Game::apply`], handing the action back on error so a replay can report it.
    pub(crate) fn apply_inner(
        &mut self,
        seat: Seat,
        action: R::Action,
    ) -> Result<(), (IllegalAction, R::Action)> {
        match self.ruleset.to_act(&self.state) {
            Decision::Over(_) => return Err((IllegalAction::new("the game is over"), action)),
            Decision::Act(s) if s != seat => {
                return Err((
                    IllegalAction::new(format!("{s} is to decide now, not {seat}")),
                    action,
                ));
            }
            Decision::Act(_) => {}
        }
        let mut link = WordHasher::default();
        link.write_u64(self.link);
        link.write_u8(0);
        link.write_u8(seat.0);
        action.hash(&mut link);
        let reveals = self.journal.reveals();
        if let Err(e) = self.ruleset.apply(
            &mut self.state,
            seat,
            &action,
            &mut self.rng,
            &mut self.journal,
        ) {
            return Err((e, action));
        }
        if let Decision::Over(_) = self.ruleset.to_act(&self.state) {
            self.reveal_seed();
        }
        let state = word_hash(&self.state);
        link.write_u64(state);
        self.link = link.finish();
        self.live.push(self.log.len());
        self.log.push(LogEntry::Act {
            seat,
            action,
            state: Hash64(state),
            link: Hash64(self.link),
        });
        if self.journal.reveals() != reveals {
            self.undo_floor = self.live.len();
            self.checkpoint = None;
        }
        Ok(())
    }

    /// Journals the seed and its check against the commitment. A reveal: once the seed is
    /// known, the action that ended the game can no longer be taken back.
    fn reveal_seed(&mut self) {
        let (round, seat) = (self.journal.round(), self.journal.seat());
        self.journal.set_context(round, None);
        let seed = self.seed;
        self.journal.note(seed::REVEAL_RULE, EventKind::Reveal, || {
            format!(
                "the game is over: the seed was {seed}, which matches the commitment {} shown at the start",
                seed::short(seed::commitment(seed))
            )
        });
        self.journal.set_context(round, seat);
    }

    /// Whether [`Game::undo`] would succeed: an action is in effect and it revealed nothing.
    pub fn can_undo(&self) -> bool {
        self.live.len() > self.undo_floor
    }

    /// Takes back the last action in effect, unless it (or a later one) revealed something
    /// random or hidden. The undo is logged, chained and journaled; replays honour it.
    ///
    /// The earlier state is rebuilt by replaying from the last reveal (rules are pure), so
    /// play itself keeps no snapshots.
    pub fn undo(&mut self) -> Result<(), UndoError> {
        if self.live.is_empty() {
            return Err(UndoError::NothingToUndo);
        }
        if !self.can_undo() {
            return Err(UndoError::PastReveal);
        }
        let base = match &self.checkpoint {
            Some(c) => c.clone(),
            None => {
                let c = self.rebuild(self.undo_floor)?;
                self.checkpoint = Some(c.clone());
                c
            }
        };
        let Checkpoint {
            mut state,
            mut rng,
            round,
            seat,
        } = base;
        let last = self.live.len() - 1;
        let mut quiet = Journal::off();
        quiet.set_context(round, seat);
        for &i in &self.live[self.undo_floor..last] {
            if let LogEntry::Act { seat, action, .. } = &self.log[i] {
                self.ruleset
                    .apply(&mut state, *seat, action, &mut rng, &mut quiet)
                    .map_err(|e| UndoError::Rebuild(e.reason))?;
            }
        }
        let undone = self.live[last];
        if let LogEntry::Act { seat, action, .. } = &self.log[undone] {
            let (ruleset, seat) = (&self.ruleset, *seat);
            self.journal.note(UNDO_RULE, EventKind::Undo, || {
                format!("{seat} takes back: {}", ruleset.describe(&state, action))
            });
        }
        self.journal.set_context(quiet.round(), quiet.seat());
        self.live.pop();
        self.state = state;
        self.rng = rng;
        let state = word_hash(&self.state);
        let mut link = WordHasher::default();
        link.write_u64(self.link);
        link.write_u8(1);
        link.write_u64(state);
        self.link = link.finish();
        self.log.push(LogEntry::Undo {
            state: Hash64(state),
            link: Hash64(self.link),
        });
        Ok(())
    }

    /// The state, randomness and journal context after the first `n` actions in effect.
    fn rebuild(&self, n: usize) -> Result<Checkpoint<R::State>, UndoError> {
        let mut rng = GameRng::new(self.seed);
        let mut quiet = Journal::off();
        let mut state = self
            .ruleset
            .setup(&self.scenario, &self.options, &mut rng, &mut quiet)
            .map_err(|e| UndoError::Rebuild(e.to_string()))?;
        for &i in &self.live[..n] {
            if let LogEntry::Act { seat, action, .. } = &self.log[i] {
                self.ruleset
                    .apply(&mut state, *seat, action, &mut rng, &mut quiet)
                    .map_err(|e| UndoError::Rebuild(e.reason))?;
            }
        }
        Ok(Checkpoint {
            state,
            rng,
            round: quiet.round(),
            seat: quiet.seat(),
        })
    }

    /// What `seat` may see now.
    pub fn observe(&self, seat: Seat) -> R::Observation {
        self.ruleset.observe(&self.state, seat)
    }

    /// A short label for an action in the current state.
    pub fn describe(&self, action: &R::Action) -> String {
        self.ruleset.describe(&self.state, action)
    }

    /// The journal so far.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The ruleset being played.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// A shared handle to the ruleset (for starting related games cheaply).
    pub fn ruleset_handle(&self) -> Arc<R> {
        Arc::clone(&self.ruleset)
    }

    /// The full scenario the game started from.
    pub fn scenario(&self) -> &R::Scenario {
        &self.scenario
    }

    /// The table options.
    pub fn options(&self) -> &R::Options {
        &self.options
    }

    /// The game's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[SeatConfig] {
        &self.seats
    }

    /// The engine version the game was started with.
    pub fn engine(&self) -> &str {
        &self.engine
    }

    /// The save format the game's header follows ([`FORMAT_VERSION`] for new games).
    pub fn format(&self) -> u32 {
        self.format
    }

    /// The commitment to the seed, shown when the game starts (see [`crate::seed`]).
    pub fn seed_commitment(&self) -> Hash64 {
        seed::commitment(self.seed)
    }

    /// The save this game branched from, if any.
    pub fn parent(&self) -> Option<&Parent> {
        self.parent.as_ref()
    }

    /// The full state, hidden information included (referee view; players use `observe`).
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The game's randomness.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// The stable hash of the current state.
    pub fn state_hash(&self) -> Hash64 {
        Hash64(word_hash(&self.state))
    }

    /// The action log, undos included.
    pub fn log(&self) -> &[LogEntry<R::Action>] {
        &self.log
    }

    /// The hash over everything the game started from.
    pub fn header_hash(&self) -> Hash64 {
        Hash64(self.header_hash)
    }

    /// The newest chain link (the header hash before any action).
    pub fn link(&self) -> Hash64 {
        Hash64(self.link)
    }

    /// The actions in effect, oldest first (undone actions left out).
    pub fn actions(&self) -> impl Iterator<Item = (Seat, &R::Action)> {
        self.live.iter().filter_map(|&i| match &self.log[i] {
            LogEntry::Act { seat, action, .. } => Some((*seat, action)),
            LogEntry::Undo { .. } => None,
        })
    }

    /// The newest action in effect.
    pub fn last_action(&self) -> Option<(Seat, &R::Action)> {
        match self.log.get(*self.live.last()?)? {
            LogEntry::Act { seat, action, .. } => Some((*seat, action)),
            LogEntry::Undo { .. } => None,
        }
    }
}

/// Everything a game starts from, apart from the ruleset.
pub(crate) struct Parts<R: Ruleset> {
    pub(crate) scenario: R::Scenario,
    pub(crate) options: R::Options,
    pub(crate) seed: u64,
    pub(crate) seats: Vec<SeatConfig>,
    pub(crate) engine: String,
    pub(crate) format: u32,
    pub(crate) parent: Option<Parent>,
}

/// The small fields of a header, as the header hash reads them.
struct Header<'a> {
    format: u32,
    engine: &'a str,
    data_hash: u64,
    seed: u64,
    parent: Option<&'a Parent>,
}

/// The header hash: format, engine version, ruleset ID, data hash, the canonical RON of the
/// scenario and options, the seed, the seats, and from format 2 on the seed commitment and
/// the parent (see `docs/FORMATS.md`).
fn header_hash<R: Ruleset>(
    header: &Header<'_>,
    scenario: &R::Scenario,
    options: &R::Options,
    seats: &[SeatConfig],
) -> Result<u64, ron::Error> {
    let mut h = StableHasher::default();
    write_text(&mut h, "squadsight-header");
    h.write_u32(header.format);
    write_text(&mut h, header.engine);
    write_text(&mut h, R::ID);
    h.write_u64(header.data_hash);
    write_ron(&mut h, scenario)?;
    write_ron(&mut h, options)?;
    h.write_u64(header.seed);
    write_ron(&mut h, seats)?;
    h.write_u64(seed::commitment(header.seed).0);
    write_ron(&mut h, &header.parent)?;
    Ok(h.finish())
}

/// Text into a hash, closed by 0xff (a byte UTF-8 never contains) so fields cannot run together.
fn write_text(h: &mut impl Hasher, text: &str) {
    h.write(text.as_bytes());
    h.write_u8(0xff);
}

/// The canonical (compact) RON of `value` streamed into a hash without building a string.
fn write_ron<T: Serialize + ?Sized, H: Hasher>(h: &mut H, value: &T) -> Result<(), ron::Error> {
    struct Sink<'a, H>(&'a mut H);
    impl<H: Hasher> std::fmt::Write for Sink<'_, H> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    ron::Options::default().to_writer(Sink(h), value)?;
    h.write_u8(0xff);
    Ok(())
}

/// The canonical (compact) RON text of a value, as the hash chain sees it.
pub fn canonical_ron<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    match ron::Options::default().to_writer(&mut out, value) {
        Ok(()) => out,
        Err(e) => {
            out.clear();
            let _ = write!(out, "<not writable as RON: {e}>");
            out
        }
    }
}
