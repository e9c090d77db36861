//! Scenario files: the table, its terrain, the two Squads (by printed names), deployment zones,
//! objectives, the operation played and how the game is won (cmd.gap.27).
//!
//! A scenario that names an operation takes the operation's table size, round limit, preset
//! Squads, objective markers and AI pods from the rules data, so the numbers live in one place.
//!
//! ```
//! use squadsight_commander::scenario::{ScenarioDef, builtin_scenarios};
//! use squadsight_core::data::parse_ron;
//! let info = &builtin_scenarios()[0];
//! let def: ScenarioDef = parse_ron(info.source.as_bytes(), info.id)?;
//! assert_eq!(def.sides.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, Cell, GridKind, Piece, TerrainKind};
use crate::catalog::{Catalog, Faction, OperationSide};
use crate::squad::{self, SquadDef, SquadSpec, UnitPick, ai_loadout_pick};
use crate::state::{Method, Trigger, Victory};
use serde::{Deserialize, Serialize};
use squadsight_core::check::Texts;
use squadsight_core::{ScenarioFile, ScenarioInfo, Seat};

/// A terrain piece as written in a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Name shown to players.
    pub name: String,
    /// Its form (cmd.terrain.four-forms).
    pub kind: TerrainKind,
    /// Height in levels (0 = low).
    #[serde(default)]
    pub height: u8,
    /// Whether High Explosive cannot remove it.
    #[serde(default)]
    pub indestructible: bool,
    /// A rectangle `(x, y, width, height)` of cells.
    #[serde(default)]
    pub rect: Option<(u8, u8, u8, u8)>,
    /// Single cells `(x, y)`, added to the rectangle.
    #[serde(default)]
    pub cells: Vec<(u8, u8)>,
}

/// One side of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Name shown ("XCOM", "ADVENT").
    pub name: String,
    /// Its faction.
    pub faction: Faction,
    /// Its Squad; omitted for an operation's preset Squad or a side fielding only AI pods.
    #[serde(default)]
    pub squad: Option<SquadDef>,
    /// Deployment zone `(x, y, width, height)`.
    pub zone: (u8, u8, u8, u8),
}

/// An objective as written in a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveDef {
    /// Name shown.
    pub name: String,
    /// How it is completed.
    pub method: Method,
    /// A marker's cell; omit (with no `piece`) to place it at random.
    #[serde(default)]
    pub at: Option<(u8, u8)>,
    /// The terrain piece it is, by name.
    #[serde(default)]
    pub piece: Option<String>,
    /// Only this side (0 or 1) may complete it.
    #[serde(default)]
    pub for_side: Option<u8>,
}

/// How a scenario is won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictoryDef {
    /// Destroy the enemy; at the round limit, the Squad that lost fewer Supplies wins (cmd.gap.27).
    #[default]
    Annihilation,
    /// Operation Gatecrasher, side 0 attacking.
    Gatecrasher,
    /// Side 0 must complete every objective and destroy every enemy model.
    Clear,
}

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Title.
    pub title: String,
    /// A few words for menus.
    #[serde(default)]
    pub description: String,
    /// The operation played, by name (e.g. `SE1.2 - The Supply Raid`).
    #[serde(default)]
    pub operation: Option<String>,
    /// Table `(width, height)`; omitted for the `table` option's square (or the operation's).
    #[serde(default)]
    pub table: Option<(u8, u8)>,
    /// Supplies limit per Squad (cmd.prep.two-squads-equal-points, cmd.gap.58).
    #[serde(default = "standard")]
    pub points: u32,
    /// Last game round, 1 to 99; left out, the operation's, else 6 (cmd.gap.27). A value out
    /// of range is refused where it is written.
    #[serde(
        default,
        deserialize_with = "round_limit_in_range",
        serialize_with = "plain_round_limit",
        skip_serializing_if = "Option::is_none"
    )]
    pub round_limit: Option<u8>,
    /// Terrain.
    #[serde(default)]
    pub terrain: Vec<PieceDef>,
    /// Exactly two sides; side 0 is the operation's attacker or player.
    pub sides: Vec<SideDef>,
    /// Objectives.
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    /// How it is won.
    #[serde(default)]
    pub victory: VictoryDef,
}

impl ScenarioFile for ScenarioDef {
    /// A side's name (cmd.prep.two-squads-equal-points: two sides, two seats).
    fn seat_label(&self, seat: Seat) -> Option<&str> {
        self.sides.get(seat.index()).map(|s| s.name.as_str())
    }
}

fn standard() -> u32 {
    squad::STANDARD_LIMIT
}

/// The most rounds a scenario may set (the same bound as the `round_limit` option).
pub const MAX_ROUND_LIMIT: u8 = 99;

/// Reads `round_limit: N` and refuses 0 or more than 99, so the parser reports the file, line
/// and column (issue 13: a game that ends before its first round is nonsense).
fn round_limit_in_range<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let n = u8::deserialize(d)?;
    if n == 0 || n > MAX_ROUND_LIMIT {
        return Err(serde::de::Error::custom(format!(
            "round_limit must be 1 to {MAX_ROUND_LIMIT}, not {n} (leave it out for the \
             operation's or 6)"
        )));
    }
    Ok(Some(n))
}

fn plain_round_limit<S: serde::Serializer>(v: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u8(v.unwrap_or(0))
}

/// The scenarios shipped in the binary; the first is the default.
pub fn builtin_scenarios() -> &'static [ScenarioInfo] {
    const LIST: &[ScenarioInfo] = &[
        ScenarioInfo {
            id: "battle",
            title: "Battle: 500 spl XCOM against ADVENT",
            source: include_str!("../../../scenarios/commander/battle.ron"),
        },
        ScenarioInfo {
            id: "battle-aliens",
            title: "Battle: snipers and psionics against the aliens",
            source: include_str!("../../../scenarios/commander/battle-aliens.ron"),
        },
        ScenarioInfo {
            id: "gatecrasher",
            title: "X2.1 Operation Gatecrasher",
            source: include_str!("../../../scenarios/commander/gatecrasher.ron"),
        },
        ScenarioInfo {
            id: "outpost",
            title: "SE1.1 The Outpost",
            source: include_str!("../../../scenarios/commander/outpost.ron"),
        },
        ScenarioInfo {
            id: "supply-raid",
            title: "SE1.2 The Supply Raid",
            source: include_str!("../../../scenarios/commander/supply-raid.ron"),
        },
    ];
    LIST
}

/// A deployment zone `(x, y, width, height)`.
pub type Zone = (u8, u8, u8, u8);

/// A unit and its models as they will be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deploy {
    /// The pick.
    pub pick: UnitPick,
    /// Whether it is the Leader's unit.
    pub leader: bool,
    /// Whether it is Faction – ADVENT's free Trooper.
    pub free: bool,
}

/// A pod of AI models waiting off the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodPlan {
    /// The side fielding it.
    pub side: u8,
    /// Its units (AI loadout).
    pub units: Vec<UnitPick>,
    /// What brings it on.
    pub trigger: Trigger,
}

/// An objective placed at setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectivePlan {
    /// Name.
    pub name: String,
    /// Method.
    pub method: Method,
    /// Fixed cells, or empty to place a marker at random.
    pub cells: Vec<Cell>,
    /// Whether it is a marker on a cell (not terrain).
    pub marker: bool,
    /// Side restriction.
    pub for_side: Option<u8>,
}

/// A scenario checked against the rules data and ready to set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The empty table with terrain.
    pub board: Board,
    /// Side names, factions and zones.
    pub sides: Vec<(String, Faction, Zone)>,
    /// Each side's Squad (empty for a side with only pods) and its price.
    pub squads: Vec<(Vec<Deploy>, u32)>,
    /// Objectives.
    pub objectives: Vec<ObjectivePlan>,
    /// Least distance between random markers and from the centre.
    pub marker_spacing: u8,
    /// AI pods.
    pub pods: Vec<PodPlan>,
    /// How it is won.
    pub victory: Victory,
    /// Last round.
    pub round_limit: u16,
}

fn rect_cells(rect: (u8, u8, u8, u8)) -> Vec<Cell> {
    let (x, y, w, h) = rect;
    let mut out = Vec::new();
    for dy in 0..h {
        for dx in 0..w {
            if let (Some(cx), Some(cy)) = (x.checked_add(dx), y.checked_add(dy)) {
                out.push(Cell::new(cx, cy));
            }
        }
    }
    out
}

impl ScenarioDef {
    /// Checks the scenario against the rules data, listing every problem.
    pub fn plan(&self, catalog: &Catalog, grid: GridKind, table: u8) -> Result<Plan, Vec<String>> {
        // Names and texts from a file: no control characters, sane lengths (core::text).
        let mut problems = Texts::default()
            .name("title", &self.title)
            .text("description", &self.description)
            .names(
                |i| format!("side {} name", i + 1),
                self.sides.iter().map(|s| s.name.as_str()),
            )
            .names(
                |_| "terrain piece name".to_string(),
                self.terrain.iter().map(|p| p.name.as_str()),
            )
            .names(
                |_| "objective name".to_string(),
                self.objectives.iter().map(|o| o.name.as_str()),
            )
            .problems();
        let operation = match &self.operation {
            Some(name) => match catalog.operation_id(name) {
                Some(id) => Some(catalog.operation(id)),
                None => {
                    problems.push(format!("no operation named `{name}`"));
                    None
                }
            },
            None => None,
        };
        let (w, h) = self
            .table
            .or(operation.map(|o| (o.board_width, o.board_height)))
            .unwrap_or((table, table));
        let mut board = match Board::new(grid, w, h) {
            Ok(b) => b,
            Err(e) => return Err(vec![e.0]),
        };
        for p in &self.terrain {
            let mut cells = p.rect.map(rect_cells).unwrap_or_default();
            cells.extend(p.cells.iter().map(|&(x, y)| Cell::new(x, y)));
            if let Err(e) = board.add_piece(Piece {
                name: p.name.clone(),
                kind: p.kind,
                height: p.height,
                indestructible: p.indestructible,
                cells,
                destroyed: false,
            }) {
                problems.push(e.0);
            }
        }
        if self.sides.len() != 2 {
            problems.push(format!("a scenario has 2 sides, not {}", self.sides.len()));
            return Err(problems);
        }
        // An operation's card sets the limit; a scenario's own `points` may only raise it, as a
        // campaign battle does for a Squad its rewards grew (cmd.campaign.upgrade-by-reward-only).
        let limit = operation.map_or(self.points, |o| u32::from(o.points_limit).max(self.points));
        let mut squads = Vec::new();
        let mut sides = Vec::new();
        for (i, side) in self.sides.iter().enumerate() {
            sides.push((side.name.clone(), side.faction, side.zone));
            let (zx, zy, zw, zh) = side.zone;
            if zw == 0
                || zh == 0
                || u16::from(zx) + u16::from(zw) > u16::from(w)
                || u16::from(zy) + u16::from(zh) > u16::from(h)
            {
                problems.push(format!("side {i}'s deployment zone is not on the table"));
            }
            match &side.squad {
                Some(def) => match def.resolve(catalog) {
                    Ok(spec) => {
                        if let Err(errs) = squad::validate(catalog, &spec, limit) {
                            for e in errs {
                                problems.push(format!("side {i}: {e} ({})", e.clause()));
                            }
                        }
                        if spec.faction != side.faction {
                            problems.push(format!("side {i}'s Squad is not of its faction"));
                        }
                        let price = squad::price(catalog, &spec);
                        let mut deploy: Vec<Deploy> = spec
                            .units
                            .iter()
                            .enumerate()
                            .map(|(k, p)| Deploy {
                                pick: p.clone(),
                                leader: k == spec.leader,
                                free: false,
                            })
                            .collect();
                        if spec.free_trooper
                            && let Some(t) = catalog.unit_id(crate::ai_mode::TROOPER)
                        {
                            // cmd.sr.faction-advent: one more ADVENT Trooper at no cost.
                            deploy.push(Deploy {
                                pick: ai_loadout_pick(catalog, t, 1),
                                leader: false,
                                free: true,
                            });
                        }
                        squads.push((deploy, price));
                    }
                    Err(e) => {
                        problems.extend(e.into_iter().map(|e| format!("side {i}: {e}")));
                        squads.push((Vec::new(), 0));
                    }
                },
                None => {
                    // An operation's preset Squad (Gatecrasher), or none: the side fields pods.
                    let want = if i == 0 {
                        OperationSide::Attacker
                    } else {
                        OperationSide::Defender
                    };
                    let preset =
                        operation.and_then(|o| o.preset_squads.iter().find(|p| p.side == want));
                    match preset {
                        Some(p) => {
                            // The Leader is the first single-model unit that may lead.
                            let lead = p.units.iter().position(|u| {
                                u.models == 1 && catalog.unit(u.unit).leader_eligible
                            });
                            let deploy = p
                                .units
                                .iter()
                                .enumerate()
                                .map(|(k, u)| Deploy {
                                    pick: ai_loadout_pick(catalog, u.unit, u.models),
                                    leader: Some(k) == lead,
                                    free: false,
                                })
                                .collect::<Vec<_>>();
                            let spec = SquadSpec {
                                faction: p.faction,
                                leader: lead.unwrap_or(0),
                                units: deploy.iter().map(|d| d.pick.clone()).collect(),
                                free_trooper: false,
                            };
                            squads.push((deploy, squad::price(catalog, &spec)));
                        }
                        None => squads.push((Vec::new(), 0)),
                    }
                }
            }
        }
        // Objectives: the scenario's, then the operation's random markers.
        let mut objectives = Vec::new();
        for o in &self.objectives {
            let mut cells = Vec::new();
            let mut marker = true;
            if let Some(name) = &o.piece {
                marker = false;
                match board.pieces().iter().find(|p| &p.name == name) {
                    Some(p) => cells = p.cells.clone(),
                    None => problems.push(format!("objective `{}`: no piece `{name}`", o.name)),
                }
            } else if let Some((x, y)) = o.at {
                let c = Cell::new(x, y);
                if !board.contains(c) || !board.standable(c) {
                    problems.push(format!("objective `{}` is not on open ground", o.name));
                }
                cells.push(c);
            }
            if o.for_side.is_some_and(|s| s > 1) {
                problems.push(format!("objective `{}` names side above 1", o.name));
            }
            objectives.push(ObjectivePlan {
                name: o.name.clone(),
                method: o.method,
                cells,
                marker,
                for_side: o.for_side,
            });
        }
        let mut pods = Vec::new();
        let mut marker_spacing = 0;
        if let Some(op) = operation {
            marker_spacing = op.marker_spacing.unwrap_or(0);
            let player = self.sides[0].faction;
            let first_marker = objectives.len();
            for k in 0..op.markers {
                objectives.push(ObjectivePlan {
                    name: format!("supply crate {}", k + 1),
                    method: Method::Search,
                    cells: Vec::new(),
                    marker: true,
                    for_side: Some(0),
                });
            }
            let centre = Cell::new(w / 2, h / 2);
            if op.markers == 0 && op.pod_trigger_range.is_some() {
                // The Outpost: one marker in the centre, reached by the player.
                objectives.push(ObjectivePlan {
                    name: "outpost marker".into(),
                    method: Method::Reach,
                    cells: vec![centre],
                    marker: true,
                    for_side: Some(0),
                });
            }
            for (k, pod) in op.ai_pods(player).iter().enumerate() {
                let trigger = match op.pod_trigger_range {
                    Some(range) => Trigger::Near {
                        cell: centre,
                        range,
                    },
                    None => Trigger::Sight {
                        objective: u8::try_from(first_marker + k).unwrap_or(0),
                    },
                };
                pods.push(PodPlan {
                    side: 1,
                    units: pod
                        .iter()
                        .map(|u| ai_loadout_pick(catalog, u.unit, u.models))
                        .collect(),
                    trigger,
                });
            }
        }
        let victory = match self.victory {
            VictoryDef::Annihilation => Victory::Annihilation,
            VictoryDef::Gatecrasher => Victory::Gatecrasher {
                attacker: squadsight_core::Seat(0),
            },
            VictoryDef::Clear => Victory::Clear {
                player: squadsight_core::Seat(0),
            },
        };
        if matches!(victory, Victory::Gatecrasher { .. }) && objectives.is_empty() {
            problems.push("Gatecrasher needs the monument as its first objective".into());
        }
        let round_limit = match self.round_limit {
            Some(n) => n,
            None => operation.and_then(|o| o.round_limit).unwrap_or(6),
        };
        let models: usize = squads
            .iter()
            .flat_map(|(d, _)| d.iter().map(|u| usize::from(u.pick.models)))
            .sum::<usize>()
            + pods
                .iter()
                .flat_map(|p| p.units.iter().map(|u| usize::from(u.models)))
                .sum::<usize>();
        if models > crate::state::MAX_MODELS {
            problems.push(format!(
                "{models} models; a game holds at most {}",
                crate::state::MAX_MODELS
            ));
        }
        for (i, (d, _)) in squads.iter().enumerate() {
            if d.is_empty() && !pods.iter().any(|p| usize::from(p.side) == i) {
                problems.push(format!("side {i} has no models"));
            }
            for u in d {
                if u.pick.models == 0 {
                    problems.push(format!("side {i} has a unit with no models"));
                }
            }
        }
        if problems.is_empty() {
            Ok(Plan {
                board,
                sides,
                squads,
                objectives,
                marker_spacing,
                pods,
                victory,
                round_limit: u16::from(round_limit),
            })
        } else {
            Err(problems)
        }
    }
}
