//! Falling: units left without a floor (`tac.fall.trigger`), and buildings that lose too many
//! walls (`tac.collapse.*`).
//!
//! A building (our reading of `tac.gap.65`) is a group of columns, touching side by side,
//! whose square one level above the ground has a building or base floor; its wall edges
//! (walls, windows, doors) are counted per level when the map is assembled. When a level has
//! lost more than half of them, every level above it falls onto it: those squares are
//! cleared (floors, objects, edges; anything lying there is lost), and the level it falls
//! onto becomes rubble (uneven ground). Units on that level are crushed, 20 CC per level
//! that fell (`tac.collapse.crush`), and units on the fallen levels drop onto it
//! (`tac.collapse.fall`).

use super::battlefield::{Battlefield, Change, Side, sight_bits};
use super::step::Size;
use serde::{Deserialize, Serialize};
use squadsight_core::journal::{EventKind, Journal};
use squadsight_core::square::{Dir, Pos};
use std::sync::Arc;

/// A collapse: which columns, the level that still stands, and how many levels fell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Collapse {
    /// The building's columns `(x, y)`, sorted.
    pub columns: Vec<(i32, i32)>,
    /// The highest level still standing; the levels above it fell onto it.
    pub base: i32,
    /// How many levels (with floors) fell (`tac.collapse.crush`).
    pub levels_fallen: u32,
    /// CC per level that falls on a unit, from the terrain table.
    pub cc_per_level: u32,
}

/// What a collapse does to one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Faller {
    /// Caught under it: CC damage to the Front (`tac.collapse.crush`).
    Crushed {
        /// CC damage.
        cc: u32,
    },
    /// Standing on a fallen level: drops to the standing level (`tac.collapse.fall`), taking
    /// falling damage for `levels` (`tac.fall.damage`).
    Falls {
        /// Where it lands (the north-west square of its footprint).
        to: Pos,
        /// Levels fallen.
        levels: u32,
    },
}

impl Collapse {
    /// What happens to a unit of `size` at `pos`, if anything.
    pub fn effect_on(&self, pos: Pos, size: Size) -> Option<Faller> {
        let inside = size
            .cells(pos)
            .any(|c| self.columns.binary_search(&(c.x, c.y)).is_ok());
        if !inside {
            return None;
        }
        match pos.z.cmp(&self.base) {
            std::cmp::Ordering::Equal => Some(Faller::Crushed {
                cc: self.cc_per_level * self.levels_fallen,
            }),
            std::cmp::Ordering::Greater => Some(Faller::Falls {
                to: Pos::new(pos.x, pos.y, self.base),
                levels: (pos.z - self.base) as u32,
            }),
            std::cmp::Ordering::Less => None,
        }
    }
}

impl Battlefield {
    /// Where a unit of `size` at `pos` would land if it fell, and how many levels (the rules
    /// charge 10 CC to Under for each level after the first, `tac.fall.damage`;
    /// `tac.fall.trigger`): `None` if it stands (a 2 × 2 unit stands while any of its
    /// squares has a floor). It drops straight down to the highest floor beneath.
    pub fn fall(&self, pos: Pos, size: Size) -> Option<(Pos, u32)> {
        let supported = |z: i32| {
            size.cells(Pos::new(pos.x, pos.y, z))
                .any(|c| self.square(c).is_some_and(|s| s.floor.is_some()))
        };
        if supported(pos.z) {
            return None;
        }
        let mut z = pos.z;
        while z > 0 && !supported(z) {
            z -= 1;
        }
        Some((Pos::new(pos.x, pos.y, z), (pos.z - z) as u32))
    }

    /// Checks every building against its wall count at setup and collapses those that have
    /// lost more than half of a level's walls (`tac.collapse.trigger`). Returns what fell.
    pub fn check_collapse(&mut self, journal: &mut Journal) -> Vec<Collapse> {
        let mut out = Vec::new();
        for b in 0..self.s.buildings.len() {
            let building = &self.s.buildings[b];
            let now = self.s.wall_counts(building);
            let top = building
                .collapsed_from
                .map_or(self.levels() as i32, |z| z as i32);
            let base = (0..top).find(|&z| {
                let z = z as usize;
                building.walls_at_setup[z] > 0 && now[z] * 2 < building.walls_at_setup[z]
            });
            let Some(base) = base else { continue };
            let columns = building.columns.clone();
            let fallen = ((base + 1)..top)
                .filter(|&z| {
                    columns.iter().any(|&(x, y)| {
                        self.square(Pos::new(x, y, z))
                            .is_some_and(|s| s.floor.is_some())
                    })
                })
                .count() as u32;
            if fallen == 0 {
                continue;
            }
            self.fell(b, &columns, base, top);
            let c = Collapse {
                columns,
                base,
                levels_fallen: fallen,
                cc_per_level: self.terrain.collapse_cc_per_level,
            };
            journal.note("tac.collapse.trigger", EventKind::Effect, || {
                format!(
                    "A building of {} squares has lost more than half of its walls on level {}: {} levels fall",
                    c.columns.len(),
                    base + 1,
                    fallen
                )
            });
            journal.note("tac.collapse.remove", EventKind::Effect, || {
                format!("Level {} of the building is rubble", base + 1)
            });
            out.push(c);
        }
        out
    }

    fn fell(&mut self, b: usize, columns: &[(i32, i32)], base: i32, top: i32) {
        let terrain = Arc::clone(&self.terrain);
        let s = Arc::make_mut(&mut self.s);
        for &(x, y) in columns {
            for z in (base + 1)..top {
                let p = Pos::new(x, y, z);
                if let Some(i) = s.index(p) {
                    s.squares[i] = Default::default();
                    s.sight[i] = sight_bits(&terrain, s.squares[i]);
                }
                for dir in Dir::ALL {
                    if let Some(side) = s.side_mut(p, dir) {
                        *side = Side::default();
                    }
                }
            }
            let p = Pos::new(x, y, base);
            if let Some(i) = s.index(p) {
                s.squares[i].rubble = true;
                s.squares[i].object = None;
                s.sight[i] = sight_bits(&terrain, s.squares[i]);
                s.changes.push(Change::Rubble(p));
            }
        }
        s.buildings[b].collapsed_from = Some((base + 1) as u32);
        s.recompute_edge_dist();
    }
}
