//! Scenarios: the map (terrain to deal tiles from, or tiles placed by hand), the craft and
//! squads of each seat, and the round limit. Files live in `scenarios/tactical/`.

use crate::data::Side;
use crate::map::TerrainSet;
use crate::squad::UnitPickDef;
use serde::{Deserialize, Serialize};
use squadsight_core::ScenarioInfo;
use squadsight_core::data::{DataError, parse_ron};

/// Where a squad's craft stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CraftDef {
    /// Craft layout by name (`Skyranger`, `Medium Scout`, …).
    pub name: String,
    /// Preferred north-west corner, column.
    pub x: i32,
    /// Preferred north-west corner, row.
    pub y: i32,
    /// Clockwise quarter turns.
    pub rotation: u8,
    /// A crashed craft (tac.scen.crash.setup): its squad spends less, starts with extra
    /// rounds, and its power sources may have blown up (`crash.rs`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crashed: bool,
}

/// One seat's squad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadDef {
    /// The seat's name.
    pub name: String,
    /// X-Com or aliens.
    pub side: Side,
    /// Team number; equal numbers are allies, all different is free-for-all.
    pub team: u8,
    /// Points the squad may spend (tac.scen.assault.budget: equal by default, a handicap
    /// otherwise).
    pub points: u32,
    /// Its craft.
    pub craft: CraftDef,
    /// Its units.
    pub units: Vec<UnitPickDef>,
}

/// The map: tiles dealt from the seed out of these terrains (tac.map.build).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    /// Terrains to deal tiles from.
    pub terrain: Vec<TerrainSet>,
}

/// A scenario as written in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Title.
    pub name: String,
    /// The map.
    pub map: MapDef,
    /// After this round the game ends in a draw (ours: the source has no limit; it keeps
    /// games finite).
    pub rounds: u32,
    /// The squads, one per seat, 2 to 10 (tac.game.players).
    pub squads: Vec<SquadDef>,
}

static SCENARIOS: [ScenarioInfo; 4] = [
    ScenarioInfo {
        id: "assault",
        title: "Assault: two squads of 1600 points",
        source: include_str!("../../../scenarios/tactical/assault.ron"),
    },
    ScenarioInfo {
        id: "teams",
        title: "Assault: two teams of two",
        source: include_str!("../../../scenarios/tactical/teams.ron"),
    },
    ScenarioInfo {
        id: "free-for-all",
        title: "Assault: three squads, every one for itself",
        source: include_str!("../../../scenarios/tactical/free-for-all.ron"),
    },
    ScenarioInfo {
        id: "crashed-ufo",
        title: "Crashed UFO: the aliens' scout is down, X-Com closes in",
        source: include_str!("../../../scenarios/tactical/crashed-ufo.ron"),
    },
];

/// The scenarios shipped in the binary (tac.scen.types); the first is the default.
pub fn builtin() -> &'static [ScenarioInfo] {
    &SCENARIOS
}

/// Parses a scenario file.
pub fn parse(bytes: &[u8], origin: &str) -> Result<ScenarioDef, DataError> {
    parse_ron(bytes, origin)
}
