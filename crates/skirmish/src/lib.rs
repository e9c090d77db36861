//! X-Com Skirmish for squadsight: a hex map, a shared action deck, hidden hands and unit ability
//! tables triggered by Spec cards.
//!
//! [`Skirmish`] implements the engine's [`Ruleset`] contract. A game is a stack of decisions:
//! the active side's free choice in its Move and Fire phase, and the windows that open on the
//! way (Defense, Flush, reactions, targets, discards) — see [`state::Frame`].
//!
//! ```
//! use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
//! use squadsight_skirmish::{Skirmish, action::Action, options::Options};
//!
//! let sk = Skirmish::new()?;
//! let scenario = sk.scenario("learning")?;
//! let mut options = Options::default();
//! sk.set_option(&mut options, "first_player", "xcom")?;
//! let mut rng = GameRng::new(7);
//! let mut journal = Journal::recording();
//! let mut state = sk.setup(&scenario, &options, &mut rng, &mut journal)?;
//! assert_eq!(sk.to_act(&state), Decision::Act(Seat(0)));
//! let mut legal = Vec::new();
//! sk.legal_actions(&state, Seat(0), &mut legal);
//! assert!(legal.contains(&Action::EndTurn));
//! sk.apply(&mut state, Seat(0), &Action::EndTurn, &mut rng, &mut journal)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod action;
pub mod board;
pub mod catalog;
mod combat;
pub mod data;
mod describe;
mod detection;
pub mod effects;
mod engine;
pub mod fixture;
mod inputs;
mod legal;
mod lines;
mod movement;
pub mod observe;
pub mod options;
mod panic;
pub mod state;
mod turn;
mod view;

use action::Action;
use catalog::{Catalog, Scenario, builtin_scenarios};
use data::ScenarioDef;
use effects::{Rules, UnitInfo};
use observe::Observation;
use options::Options;
use squadsight_core::options::TableOptions;
use squadsight_core::{
    DataCheck, Decision, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat,
    SeatSet, SetupError,
};
use state::{Ending, State, Unit};

pub use squadsight_core::RulesError;

/// The X-Com Skirmish ruleset (ID `skirmish`).
#[derive(Clone, Debug)]
pub struct Skirmish {
    catalog: Catalog,
    rules: Rules,
    /// Deck cards usable as reactions, with that alternative (deck:Overwatch).
    reaction_cards: Vec<(catalog::CardId, effects::Alt)>,
    /// Per unit type and PSI flag (`type * 2 + psi`): the rows of its tables that have a
    /// reaction option, so the reaction window need not search every table.
    reaction_rows: Vec<Vec<(catalog::TableId, u8)>>,
    /// Per unit type, PSI flag and row number (`(type * 2 + psi) * 8 + n`): the Move and Fire
    /// options of that row among its tables, as (table, option), in table order.
    main_rows: Vec<Vec<(catalog::TableId, u8)>>,
}

impl Skirmish {
    /// The ruleset built from the embedded rules data.
    pub fn new() -> Result<Skirmish, RulesError> {
        let catalog = Catalog::builtin().map_err(|e| RulesError::new(Skirmish::ID, e))?;
        Skirmish::with_catalog(catalog.clone())
    }

    /// The ruleset built from other (validated) rules data.
    pub fn with_catalog(catalog: Catalog) -> Result<Skirmish, RulesError> {
        let rules = Rules::compile(&catalog).map_err(|e| RulesError::new(Skirmish::ID, e))?;
        let reaction_cards = rules
            .cards
            .iter()
            .enumerate()
            .filter_map(|(i, k)| match k {
                effects::CardKind::Printed(ab) => ab
                    .alts
                    .iter()
                    .find(|a| matches!(a.window, effects::Window::Reaction(_)))
                    .map(|a| (catalog::CardId(i as u8), a.clone())),
                effects::CardKind::Spec(_) => None,
            })
            .collect();
        // Built here once rather than by the first sight question of a game.
        board::sight_lines();
        let mut reaction_rows = Vec::with_capacity(rules.units.len() * 2);
        let mut main_rows = Vec::with_capacity(rules.units.len() * 2 * legal::MAIN_ROW_SLOTS);
        for info in &rules.units {
            for psi in [false, true] {
                let psi_table = (psi && info.psi_capable).then_some(rules.psi_table);
                for n in 0..legal::MAIN_ROW_SLOTS as u8 {
                    let mut options = Vec::new();
                    for t in info.tables.iter().copied().chain(psi_table) {
                        if let Some(row) = rules.row(t, n) {
                            for (ai, alt) in row.alts.iter().enumerate() {
                                if alt.window == effects::Window::Main {
                                    options.push((t, ai as u8));
                                }
                            }
                        }
                    }
                    main_rows.push(options);
                }
                let rows = info
                    .tables
                    .iter()
                    .copied()
                    .chain(psi_table)
                    .flat_map(|t| (1..=6u8).map(move |n| (t, n)))
                    .filter(|&(t, n)| {
                        rules.row(t, n).is_some_and(|row| {
                            row.alts
                                .iter()
                                .any(|a| matches!(a.window, effects::Window::Reaction(_)))
                        })
                    })
                    .collect();
                reaction_rows.push(rows);
            }
        }
        Ok(Skirmish {
            catalog,
            rules,
            reaction_cards,
            reaction_rows,
            main_rows,
        })
    }

    /// The rules data.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The rules data compiled for play.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A built-in scenario by id.
    pub fn scenario(&self, id: &str) -> Result<ScenarioDef, RulesError> {
        self.builtin_scenario(id)
    }

    /// The tables a unit may pick a Spec row from (sk.spec.activate, sk.unit.psi).
    pub fn usable_tables(&self, unit: &Unit) -> Vec<catalog::TableId> {
        self.tables_of(unit).collect()
    }

    pub(crate) fn info(&self, u: &Unit) -> &UnitInfo {
        let i = u.kind.index().min(self.rules.units.len().saturating_sub(1));
        &self.rules.units[i]
    }

    /// Builds the opening state from an already validated scenario.
    pub fn setup_validated(
        &self,
        scenario: &Scenario,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> State {
        let mut st = self.new_state(scenario, options, rng, journal);
        self.settle(&mut st, rng, journal);
        st
    }
}

impl TableOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        Options::set(self, key, value)
    }
}

impl Ruleset for Skirmish {
    const ID: &'static str = "skirmish";
    type Scenario = ScenarioDef;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn data_hash(&self) -> u64 {
        self.catalog.data_hash()
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        builtin_scenarios()
    }

    fn setup(
        &self,
        scenario: &ScenarioDef,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<State, SetupError> {
        let mut problems = Vec::new();
        if let Err(e) = options.validate() {
            problems.push(e);
        }
        let validated = Scenario::validate(scenario, &self.catalog);
        match validated {
            Err(mut e) => {
                problems.append(&mut e);
                Err(SetupError { problems })
            }
            Ok(s) => {
                // sk.gap.6: a scenario's points budget holds for both sides.
                problems.extend(s.budget_problems(&self.catalog, options.sectopod_cost));
                let units: usize = s.sides.iter().map(|side| side.units.len()).sum();
                if units > state::MAX_START_UNITS {
                    problems.push(format!(
                        "{units} units; a game starts with at most {}",
                        state::MAX_START_UNITS
                    ));
                }
                if problems.is_empty() {
                    Ok(self.setup_validated(&s, options, rng, journal))
                } else {
                    Err(SetupError { problems })
                }
            }
        }
    }

    fn to_act(&self, state: &State) -> Decision {
        match (state.ending, self.decider(state)) {
            (Some(e), _) => Decision::Over(Outcome {
                winners: match e {
                    Ending::Won(s) => SeatSet::only(Seat(s)),
                    Ending::BothWiped | Ending::Stalemate => SeatSet::NONE,
                },
                reason: self.ending_text(state, e),
            }),
            (None, Some(s)) => Decision::Act(Seat(s)),
            (None, None) => Decision::Act(Seat(state.active)),
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        if seat.0 < 2 {
            self.list(state, seat.0, out);
        } else {
            out.clear();
        }
    }

    fn apply(
        &self,
        state: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        if seat.0 > 1 {
            return Err(IllegalAction::new(format!("Skirmish has no {seat}")));
        }
        self.apply_action(state, seat.0, *action, rng, journal)
    }

    fn observe(&self, state: &State, seat: Seat) -> Observation {
        self.observation(state, seat.0)
    }

    fn determinize(&self, observation: &Observation, rng: &mut GameRng) -> State {
        self.determinized(observation, rng)
    }

    fn evaluate(&self, state: &State, seat: Seat) -> i32 {
        self.value(state, seat.0)
    }

    fn describe(&self, state: &State, action: &Action) -> String {
        self.describe_action(state, action)
    }

    fn tally(&self, state: &State, action: &Action) -> Option<&'static str> {
        self.play_kind(state, action)
    }

    fn check_data(&self, bytes: &[u8], origin: &str) -> DataCheck {
        Catalog::check_file(bytes, origin)
    }

    fn rules_summary(&self) -> &'static str {
        include_str!("../../../docs/rules/skirmish.md")
    }

    fn state_lines(&self, state: &State) -> Vec<String> {
        self.lines(state)
    }

    fn observation_lines(&self, observation: &Observation) -> Vec<String> {
        self.observed_lines(observation)
    }
}
