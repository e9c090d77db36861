//! The full resolution of one log entry of a save, for `squadsight explain` and the replay
//! viewer: the action and who played it, every journal event it caused with the clause's
//! one-line summary and the event's inputs, and what changed in the state.
//!
//! ```
//! # use squadsight_core::{save::SaveFile, trace, Ruleset};
//! # fn demo<R: Ruleset>(ruleset: std::sync::Arc<R>, file: SaveFile<R>) {
//! let t = trace::trace_entry(ruleset, file, 11, None).unwrap(); // entry 12, referee view
//! for e in &t.events {
//!     println!("{} — {}", e.event.rule, e.summary.as_deref().unwrap_or("?"));
//! }
//! # }
//! ```

use crate::diff::{Change, diff_lines};
use crate::game::LogEntry;
use crate::game::{UNDO_RULE, canonical_ron};
use crate::journal::{Event, Journal};
use crate::ruleset::{Ruleset, view_lines};
use crate::save::{Hash64, Replayer, SaveFile, VerifyError};
use crate::seat::Seat;
use crate::seed::{COMMIT_RULE, REVEAL_RULE};
use std::sync::Arc;
use thiserror::Error;

/// Our summaries of the clauses the engine itself journals under.
const CORE_CLAUSES: [(&str, &str); 3] = [
    (
        UNDO_RULE,
        "A player took back their last action; allowed only while it showed nothing random or hidden.",
    ),
    (
        COMMIT_RULE,
        "Before the first roll the game shows a fingerprint of its seed, so the seed cannot be swapped later without it showing.",
    ),
    (
        REVEAL_RULE,
        "When the game ends the seed is shown and checked against the fingerprint shown at the start.",
    ),
];

/// The one-line summary of `rule`: the ruleset's, or the engine's own for `core.*` clauses.
pub fn summary_for<'a, R: Ruleset + ?Sized>(ruleset: &'a R, rule: &str) -> Option<&'a str> {
    ruleset.clause_summary(rule).or_else(|| {
        CORE_CLAUSES
            .iter()
            .find(|(id, _)| *id == rule)
            .map(|(_, text)| *text)
    })
}

/// One journal event of a traced entry, as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedEvent {
    /// The event (redacted for a seat's view).
    pub event: Event,
    /// Our one-line summary of the event's clause, if we have one.
    pub summary: Option<String>,
}

/// Everything about one log entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryTrace {
    /// The 0-based log entry (messages and the command line count from 1).
    pub index: usize,
    /// Who played it; `None` for an undo.
    pub seat: Option<Seat>,
    /// The ruleset's label for the action in the state it was played in, or `undo`.
    pub action: String,
    /// The action as canonical RON (as the hash chain sees it), or `undo`.
    pub action_ron: String,
    /// The round in which it was played.
    pub round: u32,
    /// The state hash after it.
    pub state: Hash64,
    /// The chain link after it.
    pub link: Hash64,
    /// The events it caused, in order, that the viewer may see.
    pub events: Vec<TracedEvent>,
    /// What changed in the (viewer's) state lines.
    pub changes: Vec<Change>,
}

/// Why an entry could not be traced.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TraceError {
    /// The save has no such entry.
    #[error("there is no action {number}: the save has {len} log entries")]
    NoSuchEntry {
        /// The 1-based number asked for.
        number: usize,
        /// How many entries the save has.
        len: usize,
    },
    /// The save does not replay up to that entry.
    #[error("{0}")]
    Verify(VerifyError),
}

/// Replays `save` up to and including log entry `index` (0-based), checking every entry on
/// the way, and reports that entry as `viewer` saw it (`None` = referee).
pub fn trace_entry<R: Ruleset>(
    ruleset: Arc<R>,
    save: SaveFile<R>,
    index: usize,
    viewer: Option<Seat>,
) -> Result<EntryTrace, TraceError> {
    let len = save.log.len();
    if index >= len {
        return Err(TraceError::NoSuchEntry {
            number: index + 1,
            len,
        });
    }
    let mut replay = Replayer::start(Arc::clone(&ruleset), save, Journal::recording())
        .map_err(TraceError::Verify)?;
    while replay.position() < index {
        if let Some(Err(e)) = replay.step() {
            return Err(TraceError::Verify(e));
        }
    }
    let game = replay.game();
    let before = view_lines(&*ruleset, game.state(), viewer);
    let first_event = game.journal().events().len();
    let (seat, action, action_ron) = match replay.peek() {
        Some(LogEntry::Act { seat, action, .. }) => {
            (Some(*seat), game.describe(action), canonical_ron(action))
        }
        _ => (None, "undo".to_string(), "undo".to_string()),
    };
    if let Some(Err(e)) = replay.step() {
        return Err(TraceError::Verify(e));
    }
    let game = replay.game();
    let after = view_lines(&*ruleset, game.state(), viewer);
    let all = &game.journal().events()[first_event..];
    let events = all
        .iter()
        .filter_map(|e| e.view(viewer))
        .map(|event| TracedEvent {
            summary: summary_for(&*ruleset, event.rule).map(str::to_string),
            event,
        })
        .collect();
    let (state, link) = game
        .log()
        .last()
        .map_or((Hash64(0), Hash64(0)), |e| (e.state_hash(), e.link()));
    Ok(EntryTrace {
        index,
        seat,
        action,
        action_ron,
        round: all.first().map_or(game.journal().round(), |e| e.round),
        state,
        link,
        events,
        changes: diff_lines(&before, &after),
    })
}
