//! The one contract every game implements.
//!
//! A ruleset is a pure function of (scenario, options, seed, actions): `setup` builds the first
//! state, `to_act` says who decides, `legal_actions` lists the choices, `apply` resolves one and
//! journals what happened. Nothing here reads a clock or a file.

use crate::data::{DataError, DataErrors, parse_ron};
use crate::journal::Journal;
use crate::options::TableOptions;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::hash::Hash;
use thiserror::Error;

/// Who decides now, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// This seat must pick one of its legal actions. It may be out of turn (a Defense card
    /// answering an attack) or a cooperative role.
    Act(Seat),
    /// The game is over.
    Over(Outcome),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// The winning seats: one for a duel, several for a cooperative win, none for a draw or a
    /// cooperative loss.
    pub winners: SeatSet,
    /// Why, in a few words.
    pub reason: String,
}

/// A real-time limit: when the clock runs out the UI submits `action` for `seat`, and the log
/// records it like any other action, so a replay never reads a clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer<A> {
    /// Seconds allowed.
    pub seconds: u32,
    /// Who the expiry action belongs to.
    pub seat: Seat,
    /// What is applied when time runs out.
    pub action: A,
}

/// A scenario that ships inside the binary.
#[derive(Clone, Copy, Debug)]
pub struct ScenarioInfo {
    /// Short ID used on the command line, e.g. `learning`.
    pub id: &'static str,
    /// Title shown in menus.
    pub title: &'static str,
    /// The scenario file's text (RON).
    pub source: &'static str,
}

/// An action that is not legal now. The state is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal action: {reason}")]
pub struct IllegalAction {
    /// Why, in plain words.
    pub reason: String,
}

impl IllegalAction {
    /// An illegal-action error with a reason.
    pub fn new(reason: impl Into<String>) -> IllegalAction {
        IllegalAction {
            reason: reason.into(),
        }
    }
}

/// A scenario or option set that cannot start a game; every problem is listed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot set up the game: {}", problems.join("; "))]
pub struct SetupError {
    /// Each problem found.
    pub problems: Vec<String>,
}

/// A ruleset's built-in data is broken (a build problem, reported with every error's
/// position), or a built-in it was asked for does not exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{ruleset} rules data: {message}")]
pub struct RulesError {
    /// The ruleset's ID ([`Ruleset::ID`]).
    pub ruleset: &'static str,
    /// What is wrong, in plain words (every data error, one a line).
    pub message: String,
}

impl RulesError {
    /// A rules-data error of the ruleset `ruleset`.
    pub fn new(ruleset: &'static str, message: impl ToString) -> RulesError {
        RulesError {
            ruleset,
            message: message.to_string(),
        }
    }
}

/// What a file is when read as a ruleset's rules data ([`Ruleset::check_data`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataCheck {
    /// This ruleset's data, valid: what it is (`skirmish rules data`).
    Valid(String),
    /// This ruleset's data, with every problem found at its `file:line:col`.
    Invalid(DataErrors),
    /// Not this ruleset's data (it has no data file format, or the file does not parse as its
    /// data): why, at the place the reading stopped.
    NotThis(DataError),
}

/// A scenario as written in a file, as far as the contract needs to know it: who sits at the
/// table. A ruleset's raw scenario type ([`Ruleset::Scenario`]) names its seats here (sides,
/// squads, roles), so [`Ruleset::seat_count`] and [`Ruleset::seat_name`] need no code in the
/// ruleset. Nothing here is validated; `setup` does that.
pub trait ScenarioFile: Clone + Debug + Serialize + DeserializeOwned + Send + Sync {
    /// How many seats the scenario has. The default is a duel's two.
    fn seats(&self) -> u8 {
        2
    }

    /// The name the scenario gives `seat` ("X-Com", "Aliens"), if it gives one. The default
    /// names none.
    fn seat_label(&self, _seat: Seat) -> Option<&str> {
        None
    }
}

/// One game's rules, served through a single contract to the engine, the AI, the CLI and the UI.
pub trait Ruleset: Send + Sync + 'static {
    /// Short ID: `commander`, `tactical`, `skirmish` or `boardgame`.
    const ID: &'static str;
    /// The scenario as written in a file (raw definition; validated by `setup`).
    type Scenario: ScenarioFile;
    /// Table options (rule variants and gap decisions), recorded in every save.
    type Options: TableOptions
        + Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// Everything about a game in progress, hidden information included.
    type State: Clone + Debug + Hash + Send;
    /// One decision a seat can make.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may know.
    type Observation: Clone + Debug + Send;

    /// A stable hash of the rules data this ruleset was built from, recorded in saves.
    fn data_hash(&self) -> u64;

    /// The scenarios shipped in the binary; the first is the default.
    fn scenarios(&self) -> &[ScenarioInfo];

    /// The built-in scenario `id` ([`Ruleset::scenarios`]), parsed; not yet validated, which
    /// `setup` does.
    fn builtin_scenario(&self, id: &str) -> Result<Self::Scenario, RulesError> {
        let info = self
            .scenarios()
            .iter()
            .find(|s| s.id == id)
            .ok_or_else(|| RulesError::new(Self::ID, format!("no built-in scenario `{id}`")))?;
        parse_ron(info.source.as_bytes(), info.id).map_err(|e| RulesError::new(Self::ID, e))
    }

    /// How many seats the scenario has: the scenario's [`ScenarioFile::seats`].
    fn seat_count(&self, scenario: &Self::Scenario) -> u8 {
        scenario.seats()
    }

    /// A seat's name in this scenario ("X-Com", "Aliens"): the scenario's
    /// [`ScenarioFile::seat_label`], or the seat's number ("seat 3") where it gives none.
    fn seat_name(&self, scenario: &Self::Scenario, seat: Seat) -> String {
        scenario
            .seat_label(seat)
            .map_or_else(|| seat.to_string(), str::to_string)
    }

    /// Sets one option from the command line's `KEY=VALUE`: the options' own
    /// [`TableOptions::set`].
    fn set_option(
        &self,
        options: &mut Self::Options,
        key: &str,
        value: &str,
    ) -> Result<(), String> {
        options.set(key, value)
    }

    /// Builds the opening state; setup randomness comes from `rng` and is journaled.
    fn setup(
        &self,
        scenario: &Self::Scenario,
        options: &Self::Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<Self::State, SetupError>;

    /// Who decides now, or the outcome.
    fn to_act(&self, state: &Self::State) -> Decision;

    /// Appends every legal action of `seat` to `out` (cleared first), in a deterministic
    /// order. Never empty while `seat` is the one to act.
    fn legal_actions(&self, state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Validates and resolves one action. On error the state is untouched.
    fn apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction>;

    /// What `seat` may see.
    fn observe(&self, state: &Self::State, seat: Seat) -> Self::Observation;

    /// A full state consistent with an observation, with every hidden thing (other hands, deck
    /// order) dealt at random from what the observer cannot rule out. AI search uses this, so
    /// it never sees what its seat may not.
    fn determinize(&self, observation: &Self::Observation, rng: &mut GameRng) -> Self::State;

    /// A heuristic value of the state for `seat`, in -1000..=1000 (AI evaluation).
    fn evaluate(&self, state: &Self::State, seat: Seat) -> i32;

    /// A short label for an action in this state, for menus and logs.
    fn describe(&self, state: &Self::State, action: &Self::Action) -> String;

    /// The kind of play `action` is in this state, when `sim` should count it across games
    /// (a Defense, a reaction, a negation), or `None` for an ordinary play. Statistics only.
    fn tally(&self, _state: &Self::State, _action: &Self::Action) -> Option<&'static str> {
        None
    }

    /// The running clock, if the current decision is timed.
    fn timer(&self, _state: &Self::State) -> Option<Timer<Self::Action>> {
        None
    }

    /// Whether all seats are one team that wins or loses together (the board game's four
    /// roles). Front ends then make every seat a person unless told otherwise. The default is
    /// `false`.
    fn cooperative(&self) -> bool {
        false
    }

    /// `action` as pressed with `left` whole seconds on the running clock (0 when nothing is
    /// timed). A ruleset whose inputs carry the time left (the board game's DONE and pause)
    /// lists one action per second the clock could show; a front end shows them once, as
    /// `stamp(action, 0)`, and stamps the one picked with its clock's reading. The default is
    /// the action unchanged.
    fn stamp(&self, _state: &Self::State, action: &Self::Action, _left: u32) -> Self::Action {
        action.clone()
    }

    /// Reads `bytes` (named `origin`) as one of this ruleset's rules data files and validates
    /// it, reporting every problem: what `squadsight check` asks of each ruleset. The default
    /// is a ruleset without a data file format.
    fn check_data(&self, _bytes: &[u8], origin: &str) -> DataCheck {
        DataCheck::NotThis(DataError::general(
            origin,
            "no rules data format in this build",
        ))
    }

    /// Our own summary of the rules, as Markdown with one `- \`clause.id\` — …` line per clause.
    fn rules_summary(&self) -> &'static str;

    /// Our one-line summary of one clause (`sk.suppression.roll` → "While you have at least
    /// 1 ST, …"), or `None` for an unknown clause. The default finds the clause's
    /// `- \`clause.id\` — …` line in [`Ruleset::rules_summary`]; override it only to serve a
    /// faster table.
    fn clause_summary(&self, clause: &str) -> Option<&str> {
        summary_line(self.rules_summary(), clause)
    }

    /// The state as short lines of text, one fact per line, in a stable order, each line
    /// `subject: facts` with a subject no other line has (`unit 3 Sectoid: hex 4,5, 1/1 hits`,
    /// `deck: 31 cards`, `phase: Move and Fire`). Hidden information is included (referee
    /// view). [`crate::diff::diff_lines`] of two calls gives "what changed" for a replay step.
    /// The default lists nothing.
    fn state_lines(&self, _state: &Self::State) -> Vec<String> {
        Vec::new()
    }

    /// [`Ruleset::state_lines`] for one seat's view: the same subjects and form, built from
    /// what the observation holds, so nothing the seat may not see can appear. The default
    /// lists nothing.
    fn observation_lines(&self, _observation: &Self::Observation) -> Vec<String> {
        Vec::new()
    }

    /// The board as one seat sees it, drawn in plain ASCII lines (a grid and its legend) for
    /// line-by-line play, built from the observation only. `request` is what the player typed
    /// after `map` (a ruleset reads its own forms: a level, a square to centre on); an error
    /// says what it expects. `None`: this ruleset draws no map, and its
    /// [`Ruleset::observation_lines`] stand in.
    fn text_map(
        &self,
        _observation: &Self::Observation,
        _request: &str,
    ) -> Option<Result<Vec<String>, String>> {
        None
    }
}

/// The state lines `viewer` may see: the referee's [`Ruleset::state_lines`] for `None`, or the
/// seat's [`Ruleset::observation_lines`] of its observation.
pub fn view_lines<R: Ruleset + ?Sized>(
    ruleset: &R,
    state: &R::State,
    viewer: Option<Seat>,
) -> Vec<String> {
    match viewer {
        None => ruleset.state_lines(state),
        Some(seat) => ruleset.observation_lines(&ruleset.observe(state, seat)),
    }
}

/// The text after `- \`clause\` — ` on the line of `summary` that starts that way.
pub fn summary_line<'a>(summary: &'a str, clause: &str) -> Option<&'a str> {
    summary.lines().find_map(|line| {
        let rest = line.strip_prefix("- `")?.strip_prefix(clause)?;
        let text = rest.strip_prefix("` — ")?;
        Some(text.trim())
    })
}

#[cfg(test)]
mod tests {
    use super::summary_line;

    #[test]
    fn summary_lines_are_found_by_exact_clause() {
        let doc = "# Rules\n\n- `x.move` — Units step one hex.\n- `x.move.far` — Or two.\n";
        assert_eq!(summary_line(doc, "x.move"), Some("Units step one hex."));
        assert_eq!(summary_line(doc, "x.move.far"), Some("Or two."));
        assert_eq!(summary_line(doc, "x.mov"), None);
        assert_eq!(summary_line(doc, "x.attack"), None);
    }
}
