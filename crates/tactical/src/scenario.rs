//! Scenarios: the map (terrain to deal tiles from, or tiles placed by hand), the craft and
//! squads of each seat, and the round limit. Files live in `scenarios/tactical/`.

use crate::data::Side;
use crate::map::TerrainSet;
use crate::squad::UnitPickDef;
use serde::{Deserialize, Serialize};
use squadsight_core::data::{DataError, parse_ron};
use squadsight_core::{ScenarioFile, ScenarioInfo, Seat, SeatSet};

/// Where a squad's craft stands. A squad that deploys without one (`deploy`) leaves it out:
/// the default, with no name, stands for none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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

impl CraftDef {
    /// Whether this stands for no craft (no name).
    pub fn is_none(&self) -> bool {
        self.name.is_empty()
    }
}

impl SquadDef {
    /// Its craft, if it has one.
    pub fn craft(&self) -> Option<&CraftDef> {
        (!self.craft.name.is_empty()).then_some(&self.craft)
    }
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
    /// Its craft; a squad that deploys otherwise (`deploy`) has none (left out, no name).
    #[serde(default, skip_serializing_if = "CraftDef::is_none")]
    pub craft: CraftDef,
    /// How it deploys when it has no craft (base maps, tac.scen.base.setup).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<DeployDef>,
    /// Its units.
    pub units: Vec<UnitPickDef>,
}

/// Deployment without a craft (tac.scen.base.setup, tac.gap.70).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeployDef {
    /// The attackers: the landing pads (the packed-earth floors of base hangars) nearest
    /// to the point.
    LandingPads {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The defenders: anywhere on the ground level, the free squares nearest to the point.
    Anywhere {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
}

/// Civilians on a terror site (tac.civ.*, tac.scen.terror.goals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CiviliansDef {
    /// How many.
    pub count: u8,
    /// The seat (from 1) that protects them and steers their runs (tac.civ.flee).
    pub guardian: u8,
}

/// The map: tiles dealt from the seed out of these terrains (tac.map.build).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    /// Terrains to deal tiles from.
    pub terrain: Vec<TerrainSet>,
    /// Deal only these tiles of those terrains, by name (empty: all of them). Ship boarding
    /// deals nothing but flat ground around the two craft.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
    /// Tiles the players laid, in the order they laid them, the squads taking turns in
    /// squad order (tac.map.build). The slots left empty are dealt from the seed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<PlacedTileDef>,
}

/// One tile a player laid (tac.map.build).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedTileDef {
    /// Tile row, 1 to 5 from the north.
    pub row: u8,
    /// Tile column, 1 to 5 from the west.
    pub column: u8,
    /// The tile, by name, from the scenario's terrains.
    pub tile: String,
    /// Clockwise quarter turns, 0 to 3.
    #[serde(default)]
    pub rotation: u8,
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
    /// Civilians to protect (a terror site).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub civilians: Option<CiviliansDef>,
    /// Ship boarding: no unit may stand outside the craft (tac.scen.boarding).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boarding: bool,
    /// The secret Missions variant (tac.scen.mission.draw).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub missions: bool,
}

impl ScenarioFile for ScenarioDef {
    /// One seat a squad (tac.game.players), at least one and at most [`SeatSet::MAX`].
    fn seats(&self) -> u8 {
        self.squads.len().clamp(1, usize::from(SeatSet::MAX)) as u8
    }

    /// The squad's name.
    fn seat_label(&self, seat: Seat) -> Option<&str> {
        self.squads.get(seat.index()).map(|s| s.name.as_str())
    }
}

static SCENARIOS: [ScenarioInfo; 8] = [
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
    ScenarioInfo {
        id: "base-defence",
        title: "Base defence: aliens land in the hangars of an X-Com base",
        source: include_str!("../../../scenarios/tactical/base-defence.ron"),
    },
    ScenarioInfo {
        id: "terror",
        title: "Terror site: city streets full of civilians",
        source: include_str!("../../../scenarios/tactical/terror.ron"),
    },
    ScenarioInfo {
        id: "boarding",
        title: "Ship boarding: an Avenger docked to a Battleship",
        source: include_str!("../../../scenarios/tactical/boarding.ron"),
    },
    ScenarioInfo {
        id: "missions",
        title: "Missions: each squad draws a secret mission",
        source: include_str!("../../../scenarios/tactical/missions.ron"),
    },
];

/// The scenarios shipped in the binary; the first is the default (tac.scen.types: Assault,
/// teams, free-for-all, Crashed UFO, Base defence, Terror site, Ship boarding, Missions).
pub fn builtin() -> &'static [ScenarioInfo] {
    &SCENARIOS
}

/// Parses a scenario file.
pub fn parse(bytes: &[u8], origin: &str) -> Result<ScenarioDef, DataError> {
    parse_ron(bytes, origin)
}
