//! Raw definitions as written in `rulesets/boardgame/app.ron` and the scenario files. Nothing
//! here is checked beyond its form; [`crate::catalog`] validates it.

use serde::{Deserialize, Serialize};
use squadsight_core::{ScenarioFile, Seat};

/// One of the four roles (bg.role.set). The Central Officer operates the app
/// (bg.role.central-officer), so every app action is the Central Officer's.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Role {
    /// Operates the app, spawns UFOs, deploys satellites.
    #[default]
    CentralOfficer,
    /// Research and salvage.
    ChiefScientist,
    /// Budget, interceptors, crises.
    Commander,
    /// Missions and base defense.
    SquadLeader,
}

impl Role {
    /// The four roles in seat order.
    pub const ALL: [Role; 4] = [
        Role::CentralOfficer,
        Role::ChiefScientist,
        Role::Commander,
        Role::SquadLeader,
    ];

    /// The role's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Role::CentralOfficer => "Central Officer",
            Role::ChiefScientist => "Chief Scientist",
            Role::Commander => "Commander",
            Role::SquadLeader => "Squad Leader",
        }
    }

    /// A short icon-like tag for narrow screens and plain text.
    pub fn tag(self) -> &'static str {
        match self {
            Role::CentralOfficer => "CO",
            Role::ChiefScientist => "SCI",
            Role::Commander => "CMD",
            Role::SquadLeader => "SQD",
        }
    }
}

/// Whether an action is the players' (optional) or the aliens' (mandatory).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Blue, optional (bg.app.xcom-optional).
    Xcom,
    /// Red, mandatory (bg.app.alien-mandatory).
    Alien,
}

/// What the app works out for an action beyond showing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Shown as written.
    #[default]
    Plain,
    /// UFOs Descending from Orbit!: the app sends the UFOs in orbit to continents.
    Descend,
    /// UFOs Detected!: the app names where new UFOs appear.
    Detected,
}

/// What the app asks the Central Officer at a resolution step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Question {
    /// How many UFOs are left in orbit (bg.app.scramble-orbit).
    UfosInOrbit,
    /// Is the base overrun? (bg.end.loss-base)
    BaseOverrun,
    /// Was a mission completed this round? (bg.round.mission-check)
    MissionCompleted,
    /// Is the final mission complete? (bg.end.win)
    FinalMissionCompleted,
    /// Each continent's panic colour (bg.round.summary).
    Panic,
}

/// The whole app data file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppDef {
    /// Continent names, in display order.
    pub continents: Vec<String>,
    /// Component counts that bound answers.
    pub components: ComponentsDef,
    /// The action catalogue.
    pub actions: Vec<ActionDef>,
    /// The resolution steps in order.
    pub steps: Vec<StepDef>,
    /// Budget per continent colour.
    pub budget: BudgetDef,
    /// The end-game score.
    pub score: ScoreDef,
    /// The difficulty levels.
    pub difficulties: Vec<DifficultyDef>,
}

/// Component counts (bg.gap.27, bg.gap.5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentsDef {
    /// UFO figures in the box.
    pub ufos: u8,
    /// Soldier figures.
    pub soldiers: u8,
    /// Interceptor figures.
    pub interceptors: u8,
    /// Invasion plan cards.
    pub invasion_plans: u8,
    /// The damage space at which the base is overrun.
    pub base_overrun_at: u8,
}

/// One action of the timed phase.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// Stable ID, referred to by difficulties.
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// The role that carries it out.
    pub role: Role,
    /// XCOM or alien.
    pub kind: Kind,
    /// What the app works out for it.
    #[serde(default)]
    pub effect: Effect,
    /// Must come after the round's first UFOs Detected! (bg.gap.10).
    #[serde(default)]
    pub after_first_contact: bool,
    /// How to carry it out (bg.app.info).
    pub how: String,
}

/// One resolution step.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepDef {
    /// Stable ID.
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// The role that carries it out.
    pub role: Role,
    /// What to do.
    pub text: String,
    /// What the app asks at this step, if anything.
    #[serde(default)]
    pub question: Option<Question>,
    /// Only once the final mission is unlocked.
    #[serde(default)]
    pub only_after_unlock: bool,
}

/// Credits per continent by panic colour (bg.gap.15).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetDef {
    /// A continent in yellow.
    pub yellow: u8,
    /// A continent in red.
    pub red: u8,
    /// A fallen continent.
    pub fallen: u8,
    /// Under the `chance` reading, the chance that a newly red continent cuts the budget at once.
    pub red_chance_percent: u8,
}

/// Score weights (bg.gap.42).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreDef {
    /// For a win.
    pub win: i32,
    /// Per UFO on the board.
    pub per_ufo: i32,
    /// Per soldier in the recruitment pool.
    pub per_soldier_lost: i32,
    /// Per interceptor in the recruitment pool.
    pub per_interceptor_lost: i32,
    /// Per continent in red.
    pub per_red: i32,
    /// Per point of base damage.
    pub per_base_damage: i32,
    /// Per fallen continent.
    pub per_fallen: i32,
}

/// One difficulty level: a full set of the app's numbers.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifficultyDef {
    /// Stable ID (`easy`).
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// An XCOM action's time (bg.gap.7).
    pub xcom_seconds: u16,
    /// An alien action's time.
    pub alien_seconds: u16,
    /// The final window's base time.
    pub final_window_seconds: u16,
    /// Pause seconds per round; `None` is unlimited (bg.app.pause-difficulty).
    pub pause_seconds: Option<u16>,
    /// Pause time won back by finishing an XCOM action early.
    pub early_bonus: EarlyBonusDef,
    /// How many of each alien action a round has.
    pub aliens: Vec<AlienCountDef>,
    /// UFO spawns (bg.gap.12).
    pub ufos: UfosDef,
    /// Scrambling (bg.gap.11).
    pub scramble: ScrambleDef,
    /// Forecasts (bg.gap.14).
    pub forecasts: ForecastsDef,
    /// Final-mission unlock (bg.gap.16).
    pub unlock: UnlockDef,
    /// Starting panic (bg.gap.4).
    pub starting_panic: StartingPanicDef,
}

/// Early-finish bonus (bg.gap.8).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EarlyBonusDef {
    /// Percent of the unused action time.
    pub percent: u8,
    /// At most this many seconds.
    pub cap_seconds: u16,
}

/// How many times an alien action occurs in a round.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlienCountDef {
    /// The action's ID.
    pub action: String,
    /// Fewest.
    pub min: u8,
    /// Most.
    pub max: u8,
}

/// UFO spawns per round.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UfosDef {
    /// UFOs in round 1.
    pub base: u8,
    /// One more UFO every this many rounds.
    pub rounds_per_extra: u8,
    /// Extra UFOs every round.
    pub extra: u8,
    /// Chance that a UFO appears in orbit rather than over a continent.
    pub orbit_percent: u8,
}

/// Scrambled actions.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScrambleDef {
    /// Chance per UFO left in orbit that an XCOM action is scrambled.
    pub percent_per_ufo: u8,
    /// The chance never exceeds this.
    pub cap_percent: u8,
    /// Fewest places a scrambled action moves.
    pub min_shift: u8,
    /// Most places.
    pub max_shift: u8,
}

/// Forecasts per round.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForecastsDef {
    /// Forecasts with no UFO in orbit.
    pub base: u8,
    /// One forecast fewer for every this many UFOs in orbit.
    pub ufos_per_fewer: u8,
}

/// The final-mission unlock chance.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnlockDef {
    /// First round whose summary may unlock it.
    pub from_round: u8,
    /// Chance at that round with no mission completed.
    pub base_percent: u8,
    /// Added per completed mission.
    pub per_mission_percent: u8,
    /// Added per round after `from_round`.
    pub per_round_percent: u8,
    /// Unlocked at this round's summary at the latest.
    pub forced_round: u8,
}

/// Starting panic.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartingPanicDef {
    /// How many continents, picked at random, start above the first space.
    pub continents: u8,
    /// How many spaces up they start.
    pub spaces: u8,
}

/// A game's scenario: which difficulty, and optionally a fixed home base.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Title shown in menus.
    pub name: String,
    /// A difficulty ID from the app data.
    pub difficulty: String,
    /// A continent name for the home base; `None` lets the app draw it (bg.gap.36).
    #[serde(default)]
    pub home_base: Option<String>,
}

/// bg.role.set: whatever the scenario, the seats are the four roles.
impl ScenarioFile for ScenarioDef {
    fn seats(&self) -> u8 {
        Role::ALL.len() as u8
    }

    fn seat_label(&self, seat: Seat) -> Option<&str> {
        Role::ALL.get(seat.index()).map(|r| r.name())
    }
}
