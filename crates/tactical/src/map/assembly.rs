//! Building the map: a 5 × 5 grid of tiles, placed in turn by the players or dealt from the
//! seed (`tac.map.build`), then the craft on top (`tac.map.craft-placement`).

use super::battlefield::{Battlefield, Change, PlacedCraft, Placement};
use super::terrain::{FloorKind, ObjectKind};
use super::tile::{EdgeKind, Layout};
use super::tileset::{TILE_SIZE, TileSet};
use serde::{Deserialize, Serialize};
use squadsight_core::journal::{EventKind, Journal};
use squadsight_core::rng::{GameRng, Stream};
use squadsight_core::square::{Dir, Pos};
use std::sync::Arc;
use thiserror::Error;

/// Tiles per side of the map (`tac.map.build`).
pub const GRID: usize = 5;

/// How many squares clear of its craft a walker must get for the craft to count as having a
/// way out ([`Battlefield::craft_way_out`]; ours).
pub const CLEAR_OF_CRAFT: i32 = 3;

/// One tile on the grid: which tile (index into [`TileSet::tiles`]) and how many clockwise
/// quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TilePick {
    /// Index into the tile set's tiles.
    pub tile: u16,
    /// Clockwise quarter turns, 0 to 3.
    pub rotation: u8,
}

/// The 5 × 5 grid of tiles being laid out, slot `row * 5 + column`, row 0 in the north.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MapPlan {
    slots: [Option<TilePick>; GRID * GRID],
}

/// Why a map or craft cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MapError {
    /// The slot is not on the 5 × 5 grid.
    #[error("slot {0} is not on the 5×5 tile grid")]
    NoSuchSlot(usize),
    /// The slot already holds a tile.
    #[error("slot {0} already holds a tile")]
    SlotTaken(usize),
    /// The tile index is not in the tile set.
    #[error("there is no tile number {0}")]
    NoSuchTile(u16),
    /// A rotation above 3.
    #[error("a tile turns 0 to 3 quarter turns, not {0}")]
    BadRotation(u8),
    /// Slots are still empty.
    #[error("{0} of the 25 tile slots are still empty")]
    Incomplete(usize),
    /// The pool to deal from is empty.
    #[error("there are no tiles to deal from")]
    EmptyPool,
    /// The craft name is unknown.
    #[error("there is no craft layout called \"{0}\"")]
    NoSuchCraft(String),
    /// The craft would stick out of the map.
    #[error("the craft does not fit on the map at ({0}, {1})")]
    OffMap(i32, i32),
    /// The craft would cross a building or another craft (`tac.map.craft-placement`).
    #[error("the craft would cross a building or another craft at {0:?}")]
    Overlap(Pos),
}

impl MapPlan {
    /// An empty plan.
    pub fn new() -> MapPlan {
        MapPlan::default()
    }

    /// The tile in a slot, if placed.
    pub fn slot(&self, slot: usize) -> Option<TilePick> {
        self.slots.get(slot).copied().flatten()
    }

    /// The empty slots, in order.
    pub fn empty_slots(&self) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|&i| self.slots[i].is_none())
            .collect()
    }

    /// Places a tile (a player's placement, `tac.map.build`).
    pub fn place(&mut self, set: &TileSet, slot: usize, pick: TilePick) -> Result<(), MapError> {
        let cell = self.slots.get_mut(slot).ok_or(MapError::NoSuchSlot(slot))?;
        if cell.is_some() {
            return Err(MapError::SlotTaken(slot));
        }
        if usize::from(pick.tile) >= set.tiles.len() {
            return Err(MapError::NoSuchTile(pick.tile));
        }
        if pick.rotation > 3 {
            return Err(MapError::BadRotation(pick.rotation));
        }
        *cell = Some(pick);
        Ok(())
    }

    /// Fills every empty slot from `pool` (tile indices; drawn with replacement), in slot
    /// order: a tile and then a rotation per slot, both on the setup stream and journaled
    /// (`tac.map.build`).
    pub fn deal(
        &mut self,
        set: &TileSet,
        pool: &[usize],
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), MapError> {
        if pool.is_empty() || pool.iter().any(|&t| t >= set.tiles.len()) {
            return Err(MapError::EmptyPool);
        }
        for slot in self.empty_slots() {
            let n = pool.len() as u32;
            let tile = pool[rng.below(Stream::Setup, n) as usize];
            let rotation = rng.below(Stream::Setup, 4) as u8;
            self.slots[slot] = Some(TilePick {
                tile: tile as u16,
                rotation,
            });
            journal.note("tac.map.build", EventKind::Setup, || {
                format!(
                    "Tile row {} column {}: \"{}\" turned {}° (drawn 1 in {n}, then 1 in 4)",
                    slot / GRID + 1,
                    slot % GRID + 1,
                    set.tiles[tile].name,
                    u32::from(rotation) * 90
                )
            });
        }
        Ok(())
    }

    /// Assembles the battlefield from a complete plan (`tac.map.grid`): a 50 × 50 map of
    /// four levels.
    pub fn build(&self, set: &TileSet) -> Result<Battlefield, MapError> {
        let empty = self.empty_slots().len();
        if empty > 0 {
            return Err(MapError::Incomplete(empty));
        }
        let mut layouts: Vec<(Layout, i32, i32)> = Vec::with_capacity(GRID * GRID);
        for (slot, pick) in self.slots.iter().enumerate() {
            let pick = pick.ok_or(MapError::Incomplete(1))?;
            let tile = set
                .tiles
                .get(usize::from(pick.tile))
                .ok_or(MapError::NoSuchTile(pick.tile))?;
            layouts.push((
                tile.layout.rotated(pick.rotation),
                (slot % GRID * TILE_SIZE) as i32,
                (slot / GRID * TILE_SIZE) as i32,
            ));
        }
        let parts: Vec<Placement<'_>> = layouts.iter().map(|(l, x, y)| (l, *x, *y)).collect();
        let side = (GRID * TILE_SIZE) as u32;
        Ok(Battlefield::from_layouts(
            Arc::clone(&set.terrain),
            side,
            side,
            &parts,
        ))
    }
}

/// Objects that a craft flattens rather than being refused by: vegetation and mounds
/// (`tac.map.craft-placement`).
fn flattened(object: ObjectKind) -> bool {
    matches!(
        object,
        ObjectKind::Trees
            | ObjectKind::Hedge
            | ObjectKind::Rocks
            | ObjectKind::SoilColumn
            | ObjectKind::RockColumn
    )
}

impl Battlefield {
    /// Places a craft layout with its north-west corner at column `x`, row `y`, turned
    /// `rotation` quarter turns (`tac.map.craft-placement`): square to the grid, on the map,
    /// crossing no building (walls, windows, doors, building or base floors, furniture) and
    /// no other craft. Fences, vegetation and mounds under it are flattened. A crashed craft
    /// with landing gear sits one level lower (`tac.scen.crash.xcom-gear`).
    pub fn place_craft(
        &mut self,
        set: &TileSet,
        name: &str,
        x: i32,
        y: i32,
        rotation: u8,
        crashed: bool,
    ) -> Result<usize, MapError> {
        let index = self.stamp_craft(set, name, x, y, rotation, crashed)?;
        // Doors and buildings are regrouped; the fingerprint is kept, the change log covers
        // the craft.
        self.refresh_derived();
        Ok(index)
    }

    /// [`Battlefield::place_craft`] without recomputing the derived data (sight bits, edge
    /// distances, doors, buildings): setup places every craft and then refreshes once, with
    /// [`Battlefield::refresh_derived`], before anything reads them. The placement checks
    /// read only squares and edges, so a craft placed after another unrefreshed one is
    /// checked exactly as it would be after a refresh.
    pub(crate) fn stamp_craft(
        &mut self,
        set: &TileSet,
        name: &str,
        x: i32,
        y: i32,
        rotation: u8,
        crashed: bool,
    ) -> Result<usize, MapError> {
        let craft = set
            .craft(name)
            .ok_or_else(|| MapError::NoSuchCraft(name.to_string()))?;
        if rotation > 3 {
            return Err(MapError::BadRotation(rotation));
        }
        let layout = craft.layout.rotated(rotation);
        let (w, h) = (layout.width() as i32, layout.height() as i32);
        if x < 0 || y < 0 || x + w > self.width() as i32 || y + h > self.height() as i32 {
            return Err(MapError::OffMap(x, y));
        }
        // Check the footprint on every level, and every edge inside it or on its rim.
        for z in 0..self.levels() as i32 {
            for cy in y..y + h {
                for cx in x..x + w {
                    let p = Pos::new(cx, cy, z);
                    let sq = self.square(p).unwrap_or_default();
                    let building_floor = matches!(
                        sq.floor,
                        Some(
                            FloorKind::BuildingFloor
                                | FloorKind::BaseFloor
                                | FloorKind::Elevator
                                | FloorKind::CraftHull
                        )
                    );
                    if building_floor || sq.object.is_some_and(|o| !flattened(o)) {
                        return Err(MapError::Overlap(p));
                    }
                    for dir in Dir::ALL {
                        let e = self.edge(p, dir).unwrap_or_default();
                        if !matches!(e.kind, EdgeKind::Open | EdgeKind::Fence) {
                            return Err(MapError::Overlap(p));
                        }
                    }
                }
            }
        }
        let drop = usize::from(crashed && craft.landing_gear);
        let s = Arc::make_mut(&mut self.s);
        for z in 0..s.levels as i32 {
            for cy in y..y + h {
                for cx in x..x + w {
                    let p = Pos::new(cx, cy, z);
                    if let Some(i) = s.index(p) {
                        let keep_ground = if z == 0 { s.squares[i].floor } else { None };
                        s.squares[i] = super::battlefield::Square {
                            floor: keep_ground,
                            ..Default::default()
                        };
                    }
                    for dir in Dir::ALL {
                        if let Some(side) = s.side_mut(p, dir)
                            && side.kind == EdgeKind::Fence
                        {
                            *side = Default::default();
                        }
                    }
                }
            }
        }
        s.stamp(&layout, x, y, drop, true);
        let index = self.crafts.len();
        self.crafts.push(PlacedCraft {
            name: craft.name.clone(),
            origin: Pos::new(x, y, 0),
            size: (w as u32, h as u32),
            crashed,
        });
        let s = Arc::make_mut(&mut self.s);
        s.changes.push(Change::Craft(index as u16));
        Ok(index)
    }

    /// The squares of a placed craft where units may start: its floored squares without an
    /// object, every level, in map order (`tac.map.craft-placement`).
    pub fn deploy_cells(&self, craft: usize) -> Vec<Pos> {
        let Some(c) = self.crafts.get(craft) else {
            return Vec::new();
        };
        let (w, h) = (c.size.0 as i32, c.size.1 as i32);
        let (x0, y0) = (c.origin.x, c.origin.y);
        // Level by level, row by row: the map's own order, over the craft's rectangle only.
        (0..self.levels() as i32)
            .flat_map(|z| (y0..y0 + h).flat_map(move |y| (x0..x0 + w).map(move |x| (x, y, z))))
            .map(|(x, y, z)| Pos::new(x, y, z))
            .filter(|p| {
                self.standable(*p)
                    && self
                        .square(*p)
                        .is_some_and(|s| s.floor == Some(FloorKind::CraftHull))
            })
            .collect()
    }

    /// Whether a walker of `size` gets out of placed craft `craft` on foot: from the squares
    /// it could start on (a 2 × 2 unit on a block of four), with every door open
    /// (`tac.move.special.open-door`), it reaches a place whose whole footprint lies at least
    /// [`CLEAR_OF_CRAFT`] squares (king's moves) from the craft's. A craft whose door opens onto a wall, a
    /// fence or the map's edge keeps its crew aboard for the whole game, so setup does not
    /// land it there (`tac.map.craft-placement`, `tac.gap.39`, docs/rules/tactical.md).
    pub fn craft_way_out(&self, craft: usize, size: super::Size) -> bool {
        let Some(c) = self.crafts.get(craft) else {
            return false;
        };
        let (x0, y0) = (c.origin.x, c.origin.y);
        let (x1, y1) = (x0 + c.size.0 as i32, y0 + c.size.1 as i32);
        let clear = |p: Pos| {
            size.cells(p).all(|q| {
                let dx = (x0 - q.x).max(q.x - (x1 - 1));
                let dy = (y0 - q.y).max(q.y - (y1 - 1));
                dx.max(dy) >= CLEAR_OF_CRAFT
            })
        };
        // The walk ends on the first clear square, so it never steps further than
        // `CLEAR_OF_CRAFT` past the craft's rim; a 2 x 2 block reaches one square beyond.
        let reach = CLEAR_OF_CRAFT + 2;
        let mut bf = self.clone();
        bf.ready_for_walk_in(x0 - reach, y0 - reach, x1 + reach, y1 + reach);
        let starts = bf.deploy_cells(craft);
        let mut seen = vec![false; bf.cell_count()];
        let mut todo: Vec<Pos> = Vec::new();
        for &p in &starts {
            if size.cells(p).all(|q| starts.contains(&q))
                && bf.room_for(p, size)
                && let Some(i) = bf.index(p)
            {
                seen[i] = true;
                todo.push(p);
            }
        }
        while let Some(p) = todo.pop() {
            if clear(p) {
                return true;
            }
            for (n, _) in bf.steps(p, size, super::Locomotion::Walk) {
                if let Some(i) = bf.index(n)
                    && !seen[i]
                {
                    seen[i] = true;
                    todo.push(n);
                }
            }
        }
        false
    }
}
