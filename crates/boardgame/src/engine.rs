//! `Boardgame`: the companion app as a [`Ruleset`]. The table plays the printed game; this
//! ruleset does what the app does — sets up, announces the budget, runs the timed phase, spawns
//! and forecasts, walks the resolution phase, asks the Central Officer what it needs to know,
//! and decides the end. Every input is the Central Officer's (seat 0); the four roles are the
//! seats of one cooperative team, who win or lose together.

use crate::CENTRAL_OFFICER;
use crate::action::{Action, Colour};
use crate::catalog::Catalog;
use crate::data::ScenarioDef;
use crate::describe;
use crate::legal;
use crate::options::{Options, RedBudget, Scramble};
use crate::plan::{Draws, RoundInputs, plan_round};
use crate::resolution;
use crate::state::{Clock, Count, Entry, Phase, State};
use crate::timed;
use squadsight_core::journal::mention;
use squadsight_core::options::TableOptions;
use squadsight_core::{
    DataCheck, Decision, EventKind, GameRng, IllegalAction, Journal, Outcome, Ruleset,
    ScenarioInfo, Seat, SeatSet, SetupError, Stream, Timer,
};

/// The rules page our clause summaries come from.
const RULES_PAGE: &str = include_str!("../../../docs/rules/boardgame.md");

/// The built-in sessions: one per difficulty.
const SCENARIOS: &[ScenarioInfo] = &[
    ScenarioInfo {
        id: "normal",
        title: "Normal: timed, with a pause budget",
        source: include_str!("../../../scenarios/boardgame/normal.ron"),
    },
    ScenarioInfo {
        id: "tutorial",
        title: "Tutorial: long timers, unlimited pause",
        source: include_str!("../../../scenarios/boardgame/tutorial.ron"),
    },
    ScenarioInfo {
        id: "easy",
        title: "Easy: unlimited pause",
        source: include_str!("../../../scenarios/boardgame/easy.ron"),
    },
    ScenarioInfo {
        id: "hard",
        title: "Hard: short timers, little pause",
        source: include_str!("../../../scenarios/boardgame/hard.ron"),
    },
];

/// XCOM: The Board Game's companion app.
#[derive(Clone, Debug)]
pub struct Boardgame {
    catalog: &'static Catalog,
}

pub use squadsight_core::RulesError;

impl Boardgame {
    /// The ruleset over the built-in data.
    pub fn new() -> Result<Boardgame, RulesError> {
        let catalog = Catalog::builtin().map_err(|e| RulesError::new(Boardgame::ID, e))?;
        Ok(Boardgame { catalog })
    }

    /// The validated app data.
    pub fn catalog(&self) -> &'static Catalog {
        self.catalog
    }
}

impl TableOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        Options::set(self, key, value)
    }
}

impl Ruleset for Boardgame {
    const ID: &'static str = "boardgame";
    type Scenario = ScenarioDef;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Observation = State;

    fn data_hash(&self) -> u64 {
        self.catalog.data_hash()
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        SCENARIOS
    }

    fn setup(
        &self,
        scenario: &ScenarioDef,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<State, SetupError> {
        let catalog = self.catalog;
        let mut problems = Vec::new();
        let difficulty = catalog.difficulty(&scenario.difficulty);
        if difficulty.is_none() {
            let known: Vec<&str> = catalog.difficulties.iter().map(|d| d.id.as_str()).collect();
            problems.push(format!(
                "unknown difficulty `{}` (known: {})",
                scenario.difficulty,
                known.join(", ")
            ));
        }
        let fixed_base = match &scenario.home_base {
            Some(name) => match catalog.continents.iter().position(|c| c == name) {
                Some(c) => u8::try_from(c).ok(),
                None => {
                    problems.push(format!(
                        "unknown home base `{name}` (continents: {})",
                        catalog.continents.join(", ")
                    ));
                    None
                }
            },
            None => None,
        };
        let Some(difficulty) = difficulty.filter(|_| problems.is_empty()) else {
            return Err(SetupError { problems });
        };
        journal.set_context(0, Some(CENTRAL_OFFICER));
        let continents = catalog.continents.len();
        let mut draws = Draws {
            rng,
            journal,
            hidden: false,
            stream: Stream::Setup,
        };
        // bg.app.setup, bg.gap.36: the home base, drawn unless the scenario fixes it.
        let home_base = match fixed_base {
            Some(c) => c,
            None => {
                let k = draws.pick("bg.app.setup", continents as u32, |k| {
                    format!("home base: {}", mention(&catalog.continents[k as usize]))
                });
                u8::try_from(k).unwrap_or(0)
            }
        };
        let plan_card = 1 + draws.pick("bg.app.setup", u32::from(catalog.invasion_plans), |k| {
            format!("invasion plan: card {} of the row", k + 1)
        });
        // bg.gap.4: on some levels a few continents start higher.
        let level = &catalog.difficulties[difficulty];
        let mut open: Vec<u8> = (0..continents)
            .filter_map(|c| u8::try_from(c).ok())
            .collect();
        let mut raised = Vec::new();
        for _ in 0..level.panic_continents.min(continents as u32) {
            let k = draws.pick("bg.app.setup", open.len() as u32, |k| {
                format!(
                    "{} starts {} panic space(s) up",
                    mention(&catalog.continents[usize::from(open[k as usize])]),
                    level.panic_spaces
                )
            }) as usize;
            raised.push(open.remove(k));
        }
        raised.sort_unstable();
        let journal = draws.journal;
        journal.note("bg.asset.home-base", EventKind::Setup, || {
            format!(
                "the Commander takes the {} continent asset; it works while {} is in yellow",
                mention(&catalog.continents[usize::from(home_base)]),
                mention(&catalog.continents[usize::from(home_base)])
            )
        });
        journal.note("bg.role.set", EventKind::Setup, || {
            "four roles: Central Officer, Chief Scientist, Commander, Squad Leader; the Central Officer runs the app"
                .into()
        });
        let state = State {
            difficulty,
            timed: options.timer,
            red_chance: options.red_budget == RedBudget::Chance,
            scramble_anywhere: options.scramble == Scramble::Anywhere,
            round: 1,
            phase: Phase::Setup,
            home_base,
            plan_card: u8::try_from(plan_card).unwrap_or(1),
            raised,
            colours: vec![Colour::Yellow; continents],
            previous: vec![Colour::Yellow; continents],
            delayed: vec![false; continents],
            budget: 0,
            orbit: 0,
            missions: 0,
            mission_this_round: false,
            unlocked: false,
            pause_left: level.pause_seconds,
            plan: Vec::new(),
            current: 0,
            clock: Clock::Running,
            menu: false,
            remaining: 0,
            halve_next: false,
            forecasts: Vec::new(),
            step: 0,
            won: None,
            reason: String::new(),
            count: Count::default(),
            score: None,
        };
        Ok(state)
    }

    fn to_act(&self, state: &State) -> Decision {
        match state.phase {
            Phase::Over => Decision::Over(Outcome {
                // Cooperative: all four roles win together, or nobody does.
                winners: if state.won == Some(true) {
                    SeatSet::all(4)
                } else {
                    SeatSet::default()
                },
                reason: format!(
                    "{} ({}), score {}",
                    if state.won == Some(true) {
                        "XCOM wins"
                    } else {
                        "XCOM loses"
                    },
                    state.reason,
                    state.score.unwrap_or(0)
                ),
            }),
            _ => Decision::Act(CENTRAL_OFFICER),
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat == CENTRAL_OFFICER {
            legal::legal(self.catalog, state, out);
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
        if seat != CENTRAL_OFFICER {
            return Err(IllegalAction::new(
                "only the Central Officer works the app (bg.role.central-officer)",
            ));
        }
        journal.set_context(state.round, Some(CENTRAL_OFFICER));
        let catalog = self.catalog;
        match state.phase {
            Phase::Over => Err(IllegalAction::new("the game is over")),
            Phase::Setup | Phase::Briefing => {
                if *action != Action::Begin {
                    return Err(IllegalAction::new("press Begin to go on"));
                }
                if state.phase == Phase::Setup {
                    journal.note("bg.app.setup", EventKind::Setup, || {
                        "the table is set up".into()
                    });
                    state.phase = Phase::Briefing;
                    resolution::brief(catalog, state, journal);
                } else {
                    self.start_round(state, rng, journal);
                }
                Ok(())
            }
            Phase::Timed | Phase::Window => timed::apply(catalog, state, action, journal),
            Phase::Resolution | Phase::Count => {
                resolution::apply(catalog, state, action, rng, journal)
            }
        }
    }

    /// What the roles see: everything but the round's actions still to come (and so the
    /// spawns no forecast has shown).
    fn observe(&self, state: &State, _seat: Seat) -> State {
        let mut seen = state.clone();
        seen.plan
            .truncate((state.current + 1).min(state.plan.len()));
        seen
    }

    /// Fills the unseen rest of the round with the XCOM actions not yet shown, in their usual
    /// order: every XCOM action comes once a round, so those are known to be ahead; which alien
    /// actions come is not.
    fn determinize(&self, observation: &State, _rng: &mut GameRng) -> State {
        let mut state = observation.clone();
        if state.phase == Phase::Timed {
            let shown: Vec<usize> = state.plan.iter().map(|e| e.action).collect();
            for action in self.catalog.xcom_actions() {
                if !shown.contains(&action) {
                    state.plan.push(Entry {
                        action,
                        scrambled: false,
                        scanner: false,
                        forecast_asked: false,
                        targets: Vec::new(),
                        seconds: 0,
                        ended: None,
                    });
                }
            }
        }
        state
    }

    /// A rough standing for the team: panic hurts, the unlock helps.
    fn evaluate(&self, state: &State, _seat: Seat) -> i32 {
        let panic = 100 * state.colour_count(Colour::Red) as i32
            + 400 * state.colour_count(Colour::Fallen) as i32;
        let value = match state.won {
            Some(true) => 1000,
            Some(false) => -1000,
            None => i32::from(state.unlocked) * 200 - panic,
        };
        value.clamp(-1000, 1000)
    }

    fn describe(&self, state: &State, action: &Action) -> String {
        describe::describe(self.catalog, state, action)
    }

    /// The running clock: the action's (or the final window's), the pause reserve while
    /// paused or while an expired alien action drains it; none while the menu is open, in an
    /// untimed game, or outside the timed phase.
    fn timer(&self, state: &State) -> Option<Timer<Action>> {
        if !state.timed || state.menu {
            return None;
        }
        let timer = |seconds, action| {
            Some(Timer {
                seconds,
                seat: CENTRAL_OFFICER,
                action,
            })
        };
        match (state.phase, state.clock) {
            (Phase::Window, _) | (Phase::Timed, Clock::Running) => {
                timer(state.remaining, Action::Expire)
            }
            (Phase::Timed, Clock::Paused) => state
                .pause_left
                .and_then(|p| timer(p, Action::Resume { left: 0 })),
            (Phase::Timed, Clock::Hold) => state
                .pause_left
                .filter(|p| *p > 0)
                .and_then(|p| timer(p, Action::Expire)),
            _ => None,
        }
    }

    /// The four roles are one team (bg.role.set).
    fn cooperative(&self) -> bool {
        true
    }

    /// DONE, pause, resume and the menu carry the seconds on the running clock: the action's
    /// or the final window's, or the pause reserve while paused or while an expired alien
    /// action drains it. The reading is capped at what the clock started from.
    fn stamp(&self, state: &State, action: &Action, left: u32) -> Action {
        let most = if !state.timed {
            0
        } else {
            match (state.phase, state.clock) {
                (Phase::Timed, Clock::Paused | Clock::Hold) => state.pause_left.unwrap_or(0),
                _ => state.remaining,
            }
        };
        let left = left.min(most);
        match action {
            Action::Done { .. } => Action::Done { left },
            Action::Pause { .. } => Action::Pause { left },
            Action::Resume { .. } => Action::Resume { left },
            Action::Menu { .. } => Action::Menu { left },
            other => other.clone(),
        }
    }

    fn check_data(&self, bytes: &[u8], origin: &str) -> DataCheck {
        Catalog::check_file(bytes, origin)
    }

    fn rules_summary(&self) -> &'static str {
        RULES_PAGE
    }

    fn state_lines(&self, state: &State) -> Vec<String> {
        describe::state_lines(self.catalog, state)
    }

    fn observation_lines(&self, observation: &State) -> Vec<String> {
        describe::state_lines(self.catalog, observation)
    }
}

impl Boardgame {
    /// Plans the round and shows its first action (bg.round.sequence).
    fn start_round(&self, state: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        let catalog = self.catalog;
        let level = &catalog.difficulties[state.difficulty];
        state.phase = Phase::Timed;
        state.pause_left = level.pause_seconds;
        state.forecasts.clear();
        state.halve_next = false;
        let pause = level.pause_seconds;
        journal.note("bg.app.pause-per-round", EventKind::Turn, || match pause {
            Some(p) if state.timed => format!("round {}: {p} s of pause time", state.round),
            _ => format!("round {}: pause time is unlimited", state.round),
        });
        let standing = state.standing();
        let inputs = RoundInputs {
            round: state.round,
            orbit: state.orbit,
            standing: &standing,
            scramble_anywhere: state.scramble_anywhere,
        };
        let mut draws = Draws {
            rng,
            journal,
            hidden: true,
            stream: Stream::Dice,
        };
        state.plan = plan_round(catalog, level, &inputs, &mut draws);
        state.current = 0;
        timed::issue(catalog, state, journal);
    }
}
