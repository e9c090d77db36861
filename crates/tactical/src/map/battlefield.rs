//! The battlefield at run time: the assembled map of squares, edges and floors, and what has
//! happened to it (doors open, items destroyed, fire and smoke, craft placed).
//!
//! The structure (squares and edges) sits behind an [`Arc`], so copies of a battlefield share
//! it until something is destroyed; a battlefield's [`Hash`] covers the structure's
//! fingerprint at assembly plus the list of changes since, not every square, so hashing a
//! game state after each action stays cheap.

use super::terrain::{FloorKind, Height, ObjectKind, StrengthClass, Terrain};
use super::tile::{EdgeKind, EdgeSpec, Layout, MAX_LEVELS};
use serde::{Deserialize, Serialize};
use squadsight_core::hash::stable_hash;
use squadsight_core::square::{Dir, Pos, cell_index, cell_pos, edge_slot};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One square of the map: floor, object, slope and rubble (`tac.map.square`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    /// The floor under it; `None` is open air.
    pub floor: Option<FloorKind>,
    /// The object filling it, if any.
    pub object: Option<ObjectKind>,
    /// Slope in thirds of a level (0 to 2, `tac.map.slope`).
    pub slope: u8,
    /// Rubble left by a collapse: uneven ground (`tac.collapse.remove`).
    pub rubble: bool,
}

/// One edge between two squares of a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Side {
    /// What stands there.
    pub kind: EdgeKind,
    /// Its structural class.
    pub class: StrengthClass,
    /// The door it belongs to, if it is a door edge.
    pub(crate) door: Option<DoorId>,
}

/// A door: one or more door edges in a straight run that open and close together
/// (`tac.map.door-multi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DoorId(pub u16);

/// Where an edge is stored: the cell on its west or north side and whether it is that cell's
/// east edge (else its south edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeRef {
    /// The cell west of (or north of) the edge.
    pub cell: Pos,
    /// `true` for the cell's east edge, `false` for its south edge.
    pub east: bool,
}

impl EdgeRef {
    /// The edge on side `dir` of `pos`, named from its west or north cell.
    pub fn new(pos: Pos, dir: Dir) -> EdgeRef {
        match dir {
            Dir::East => EdgeRef {
                cell: pos,
                east: true,
            },
            Dir::South => EdgeRef {
                cell: pos,
                east: false,
            },
            Dir::West => EdgeRef {
                cell: pos.step(Dir::West),
                east: true,
            },
            Dir::North => EdgeRef {
                cell: pos.step(Dir::North),
                east: false,
            },
        }
    }

    /// The two cells on either side.
    pub fn cells(self) -> (Pos, Pos) {
        let other = self
            .cell
            .step(if self.east { Dir::East } else { Dir::South });
        (self.cell, other)
    }
}

/// A destruction recorded in the structure's history (what the battlefield's hash covers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Change {
    /// The object in this square was destroyed.
    Object(Pos),
    /// The floor under this square was destroyed (replaced by dirt on the ground).
    Floor(Pos),
    /// This edge was destroyed.
    Edge(EdgeRef),
    /// This square became rubble (a collapse).
    Rubble(Pos),
    /// A craft was stamped onto the map (index into the battlefield's craft list).
    Craft(u16),
}

/// Sight bits of a square, kept beside the squares for the line-of-sight walk.
pub(crate) const SEE_BLOCK: u8 = 1;
pub(crate) const SEE_LOW: u8 = 2;
pub(crate) const SEE_FLOOR: u8 = 4;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Structure {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) levels: u32,
    pub(crate) squares: Vec<Square>,
    /// Edge between cell `i` and its east neighbour (unused on the east border).
    pub(crate) east: Vec<Side>,
    /// Edge between cell `i` and its south neighbour (unused on the south border).
    pub(crate) south: Vec<Side>,
    /// [`SEE_BLOCK`], [`SEE_LOW`], [`SEE_FLOOR`] per cell.
    pub(crate) sight: Vec<u8>,
    /// Squares from the nearest floorless square of the same level (1 = on the edge), capped
    /// at 255; 0 for a floorless square (`tac.los.elevation`).
    pub(crate) edge_dist: Vec<u8>,
    /// The edges of each door.
    pub(crate) doors: Vec<Vec<EdgeRef>>,
    /// Wall edges per level of each building at assembly (`tac.collapse.trigger`).
    pub(crate) buildings: Vec<Building>,
    fingerprint: u64,
    pub(crate) changes: Vec<Change>,
}

/// A building for collapse: the squares it covers and its wall count per level at setup.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Building {
    /// Columns `(x, y)` it covers, sorted.
    pub(crate) columns: Vec<(i32, i32)>,
    /// Wall edges (walls, windows, doors) per level at assembly.
    pub(crate) walls_at_setup: [u32; MAX_LEVELS],
    /// Levels that have already collapsed onto the one below.
    pub(crate) collapsed_from: Option<u32>,
}

/// A craft placed on the map (`tac.map.craft-placement`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedCraft {
    /// Its layout's name.
    pub name: String,
    /// North-west corner of its footprint on the ground.
    pub origin: Pos,
    /// Footprint columns and rows (after rotation).
    pub size: (u32, u32),
    /// Placed as a crashed craft (landing gear lost: `tac.scen.crash.xcom-gear`).
    pub crashed: bool,
}

/// A timed cloud of smoke or fire on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cloud {
    /// The square.
    pub pos: Pos,
    /// Rounds left, counting the current one.
    pub rounds: u8,
}

/// The battlefield: map plus environment state. Cheap to clone; deterministic; hashed
/// compactly (see the module header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battlefield {
    pub(crate) s: Arc<Structure>,
    pub(crate) terrain: Arc<Terrain>,
    pub(crate) doors_open: Vec<u64>,
    /// Smoke, sorted by square.
    pub(crate) smoke: Vec<Cloud>,
    /// Fire, sorted by square.
    pub(crate) fire: Vec<Cloud>,
    /// Craft on the map, in placement order.
    pub(crate) crafts: Vec<PlacedCraft>,
}

impl Hash for Battlefield {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.s.fingerprint.hash(state);
        self.s.changes.hash(state);
        self.doors_open.hash(state);
        self.smoke.hash(state);
        self.fire.hash(state);
        self.crafts.hash(state);
    }
}

/// A layout to stitch into a map: `(layout, x offset, y offset)`.
pub type Placement<'a> = (&'a Layout, i32, i32);

impl Battlefield {
    /// A `width × height` map of [`MAX_LEVELS`] levels stitched from layouts placed at
    /// `(layout, x, y)` (north-west corners); squares no layout covers are grass. Where two
    /// layouts draw the same edge, the first non-open drawing wins (`tac.map.grid`). The 5 × 5
    /// tile map is built this way ([`super::MapPlan::build`]); so is a map made of craft
    /// alone (ship boarding, `tac.scen.boarding`).
    pub fn from_layouts(
        terrain: Arc<Terrain>,
        width: u32,
        height: u32,
        parts: &[Placement<'_>],
    ) -> Battlefield {
        let levels = MAX_LEVELS as u32;
        let len = (width * height * levels) as usize;
        let mut s = Structure {
            width,
            height,
            levels,
            squares: vec![Square::default(); len],
            east: vec![Side::default(); len],
            south: vec![Side::default(); len],
            sight: vec![0; len],
            edge_dist: vec![0; len],
            doors: Vec::new(),
            buildings: Vec::new(),
            fingerprint: 0,
            changes: Vec::new(),
        };
        for &(layout, ox, oy) in parts {
            s.stamp(layout, ox, oy, 0, false);
        }
        for sq in s.squares.iter_mut().take((width * height) as usize) {
            if sq.floor.is_none() {
                sq.floor = Some(FloorKind::Grass);
            }
        }
        let mut bf = Battlefield {
            s: Arc::new(s),
            terrain,
            doors_open: Vec::new(),
            smoke: Vec::new(),
            fire: Vec::new(),
            crafts: Vec::new(),
        };
        bf.finish_structure();
        bf
    }

    /// Recomputes everything derived from the squares and edges: sight bits, edge
    /// distances, doors and buildings, and the fingerprint.
    pub(crate) fn finish_structure(&mut self) {
        self.refresh_derived();
        let s = Arc::make_mut(&mut self.s);
        s.fingerprint = stable_hash(&(s.width, s.height, &s.squares, &s.east, &s.south));
    }

    /// Recomputes sight bits, edge distances, doors (all closed) and buildings after the
    /// map was stamped.
    pub(crate) fn refresh_derived(&mut self) {
        let terrain = Arc::clone(&self.terrain);
        let s = Arc::make_mut(&mut self.s);
        for i in 0..s.squares.len() {
            s.sight[i] = sight_bits(&terrain, s.squares[i]);
        }
        s.recompute_edge_dist();
        s.group_doors();
        s.find_buildings();
        self.doors_open = vec![0; s.doors.len().div_ceil(64)];
    }

    /// Readies a trial map for a walk that stays inside columns `x0..x1` and rows `y0..y1`
    /// (every level) with every door open: the sight bits there are drawn again (a step
    /// reads whether a square has a floor), door edges there that no door holds yet (a
    /// craft's, just stamped) become doors of their own, and every door is opened. Inside
    /// the box a step then reads exactly what it would after [`Battlefield::refresh_derived`]
    /// and opening every door; outside it the derived data may be stale, so this is for
    /// trial copies only (a craft's way out, `tac.map.craft-placement`).
    pub(crate) fn ready_for_walk_in(&mut self, x0: i32, y0: i32, x1: i32, y1: i32) {
        let terrain = Arc::clone(&self.terrain);
        let s = Arc::make_mut(&mut self.s);
        let (x0, y0) = (x0.max(0), y0.max(0));
        let (x1, y1) = (x1.min(s.width as i32), y1.min(s.height as i32));
        for z in 0..s.levels as i32 {
            for y in y0..y1 {
                for x in x0..x1 {
                    let p = Pos::new(x, y, z);
                    if let Some(i) = s.index(p) {
                        s.sight[i] = sight_bits(&terrain, s.squares[i]);
                    }
                    for (dir, east) in [(Dir::East, true), (Dir::South, false)] {
                        let id = DoorId(s.doors.len() as u16);
                        if let Some(side) = s.side_mut(p, dir)
                            && side.kind == EdgeKind::Door
                            && side.door.is_none()
                        {
                            side.door = Some(id);
                            s.doors.push(vec![EdgeRef { cell: p, east }]);
                        }
                    }
                }
            }
        }
        self.doors_open = vec![u64::MAX; s.doors.len().div_ceil(64)];
    }

    /// The terrain table.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.s.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.s.height
    }

    /// Levels (always [`MAX_LEVELS`]; level 0 is the ground, the source's level 1).
    pub fn levels(&self) -> u32 {
        self.s.levels
    }

    /// Number of cells, all levels together.
    pub fn cell_count(&self) -> usize {
        self.s.squares.len()
    }

    /// Whether the cell lies on the map.
    pub fn contains(&self, pos: Pos) -> bool {
        self.s.index(pos).is_some()
    }

    /// The cell's index in map order (level 0 first, then rows from the north, then columns
    /// from the west), or `None` off the map.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        self.s.index(pos)
    }

    /// The cell at an index in map order.
    pub fn pos_at(&self, index: usize) -> Pos {
        self.s.pos_at(index)
    }

    /// Every cell in map order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.s.squares.len()).map(|i| self.s.pos_at(i))
    }

    /// The square at `pos`, or `None` off the map.
    pub fn square(&self, pos: Pos) -> Option<Square> {
        self.s.index(pos).map(|i| self.s.squares[i])
    }

    /// The edge on side `dir` of `pos`: its kind and class, or `None` on or off the border.
    pub fn edge(&self, pos: Pos, dir: Dir) -> Option<EdgeSpec> {
        self.s.side(pos, dir).map(|s| EdgeSpec {
            kind: s.kind,
            class: s.class,
        })
    }

    /// The door on side `dir` of `pos`, if that edge is a door.
    pub fn door_at(&self, pos: Pos, dir: Dir) -> Option<DoorId> {
        self.s.side(pos, dir).and_then(|s| s.door)
    }

    /// How many doors the map has.
    pub fn door_count(&self) -> usize {
        self.s.doors.len()
    }

    /// The edges of a door (empty for an unknown id).
    pub fn door_edges(&self, door: DoorId) -> &[EdgeRef] {
        self.s
            .doors
            .get(usize::from(door.0))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether a door stands open.
    pub fn door_open(&self, door: DoorId) -> bool {
        let i = usize::from(door.0);
        self.doors_open
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// Opens a door, all its edges at once (`tac.map.door`, `tac.map.door-multi`). The TU
    /// cost is the rules' (`tac.move.special.open-door`). Returns whether it was closed.
    pub fn open_door(&mut self, door: DoorId) -> bool {
        let i = usize::from(door.0);
        if i >= self.s.doors.len() || self.door_open(door) {
            return false;
        }
        self.doors_open[i / 64] |= 1 << (i % 64);
        true
    }

    /// Closes every door (`tac.map.door`: doors close at the end of each turn; when that is
    /// is decided in `tac.gap.66`). Returns the doors that were open, in id order.
    pub fn close_all_doors(&mut self) -> Vec<DoorId> {
        let mut closed = Vec::new();
        for (w, word) in self.doors_open.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                closed.push(DoorId((w * 64 + b) as u16));
                bits &= bits - 1;
            }
            *word = 0;
        }
        closed
    }

    /// Whether the edge on side `dir` of `pos` is a wall, window, fence or closed door
    /// that a unit cannot step across (`tac.map.wall`, `tac.map.door`).
    pub fn edge_blocks_movement(&self, pos: Pos, dir: Dir) -> bool {
        self.s
            .side(pos, dir)
            .is_some_and(|s| self.side_blocks_movement(s))
    }

    pub(crate) fn side_blocks_movement(&self, s: Side) -> bool {
        match s.kind {
            EdgeKind::Open => false,
            EdgeKind::Door => !s.door.is_some_and(|d| self.door_open(d)),
            _ => true,
        }
    }

    pub(crate) fn side_blocks_sight(&self, s: Side) -> bool {
        match s.kind {
            EdgeKind::Wall => true,
            EdgeKind::Door => !s.door.is_some_and(|d| self.door_open(d)),
            _ => false,
        }
    }

    /// Whether a unit can stand in the cell: it is on the map, has a floor and no object.
    pub fn standable(&self, pos: Pos) -> bool {
        self.square(pos)
            .is_some_and(|s| s.floor.is_some() && s.object.is_none())
    }

    /// Whether the cell's floor is uneven ground: its floor kind, or rubble
    /// (`tac.map.uneven`).
    pub fn uneven(&self, pos: Pos) -> bool {
        self.square(pos)
            .is_some_and(|s| s.rubble || s.floor.is_some_and(|f| self.terrain.floor(f).uneven))
    }

    /// Whether the object in the cell, if any, is low (obstruction) rather than full height.
    pub fn object_height(&self, pos: Pos) -> Option<Height> {
        self.square(pos)
            .and_then(|s| s.object)
            .map(|o| self.terrain.object(o).height)
    }

    /// Squares between `pos` and the nearest floorless square of its level, counting `pos`
    /// (1 = on the edge; 0 if `pos` itself has no floor; 255 = far or none on the level).
    pub fn edge_distance(&self, pos: Pos) -> u8 {
        self.s.index(pos).map_or(0, |i| self.s.edge_dist[i])
    }

    /// Smoke on the cell: rounds left, if any (`tac.smoke.*`).
    pub fn smoke_at(&self, pos: Pos) -> Option<u8> {
        find_cloud(&self.smoke, pos)
    }

    /// Fire on the cell: rounds left, if any (`tac.fire.*`).
    pub fn fire_at(&self, pos: Pos) -> Option<u8> {
        find_cloud(&self.fire, pos)
    }

    /// Every smoke cloud, sorted by square.
    pub fn smoke(&self) -> &[Cloud] {
        &self.smoke
    }

    /// Every fire, sorted by square.
    pub fn fires(&self) -> &[Cloud] {
        &self.fire
    }

    /// The craft placed so far.
    pub fn crafts(&self) -> &[PlacedCraft] {
        &self.crafts
    }

    /// The structural changes since assembly, in order.
    pub fn changes(&self) -> &[Change] {
        &self.s.changes
    }

    /// Every cell whose floor is of this kind, in map order (base start locations:
    /// elevators, `tac.scen.base.setup`).
    pub fn cells_with_floor(&self, kind: FloorKind) -> Vec<Pos> {
        self.positions()
            .filter(|&p| self.square(p).is_some_and(|s| s.floor == Some(kind)))
            .collect()
    }

    /// Every cell holding an object of this kind, in map order (power sources for the crash
    /// roll, `tac.scen.crash.engine-roll`; sabotage targets).
    pub fn cells_with_object(&self, kind: ObjectKind) -> Vec<Pos> {
        self.positions()
            .filter(|&p| self.square(p).is_some_and(|s| s.object == Some(kind)))
            .collect()
    }
}

fn find_cloud(list: &[Cloud], pos: Pos) -> Option<u8> {
    list.binary_search_by(|c| c.pos.cmp(&pos))
        .ok()
        .map(|i| list[i].rounds)
}

pub(crate) fn sight_bits(terrain: &Terrain, sq: Square) -> u8 {
    let mut bits = 0;
    match sq.object.map(|o| terrain.object(o).height) {
        Some(Height::Full) => bits |= SEE_BLOCK,
        Some(Height::Low) => bits |= SEE_LOW,
        None => {}
    }
    // tac.map.floor-los: every floor but an elevator blocks sight between levels.
    if sq.floor.is_some_and(|f| f != FloorKind::Elevator) {
        bits |= SEE_FLOOR;
    }
    bits
}

impl Structure {
    pub(crate) fn index(&self, pos: Pos) -> Option<usize> {
        cell_index(self.width, self.height, self.levels, pos)
    }

    pub(crate) fn pos_at(&self, index: usize) -> Pos {
        cell_pos(self.width, self.height, index)
    }

    /// Where the edge on side `dir` of `pos` is stored, if both cells are on the map.
    pub(crate) fn side_slot(&self, pos: Pos, dir: Dir) -> Option<(bool, usize)> {
        edge_slot(self.width, self.height, self.levels, pos, dir)
    }

    pub(crate) fn side(&self, pos: Pos, dir: Dir) -> Option<Side> {
        let (east, i) = self.side_slot(pos, dir)?;
        Some(if east { self.east[i] } else { self.south[i] })
    }

    pub(crate) fn side_mut(&mut self, pos: Pos, dir: Dir) -> Option<&mut Side> {
        let (east, i) = self.side_slot(pos, dir)?;
        Some(if east {
            &mut self.east[i]
        } else {
            &mut self.south[i]
        })
    }

    /// Copies a layout onto the map with its north-west corner at `(ox, oy)`, from level
    /// `dz` of the layout up (so `dz = 1` drops a craft's landing gear). With `overwrite`,
    /// its edges replace what is there; otherwise they only fill open edges.
    pub(crate) fn stamp(&mut self, layout: &Layout, ox: i32, oy: i32, dz: usize, overwrite: bool) {
        for z in dz..layout.levels() {
            for y in 0..layout.height() {
                for x in 0..layout.width() {
                    let pos = Pos::new(ox + x as i32, oy + y as i32, (z - dz) as i32);
                    let Some(i) = self.index(pos) else { continue };
                    let spec = layout.cell(x, y, z);
                    let sq = &mut self.squares[i];
                    if overwrite || sq.floor.is_none() {
                        // The ground always keeps a floor (tac.map.floor).
                        let floor = match (spec.floor, pos.z) {
                            (None, 0) => sq.floor.or(Some(FloorKind::Dirt)),
                            (f, _) => f,
                        };
                        *sq = Square {
                            floor,
                            object: spec.object,
                            slope: spec.slope,
                            rubble: false,
                        };
                    }
                    for dir in Dir::ALL {
                        let e = layout.edge(x, y, z, dir);
                        if let Some(side) = self.side_mut(pos, dir)
                            && e.kind != EdgeKind::Open
                            && (overwrite || side.kind == EdgeKind::Open)
                        {
                            *side = Side {
                                kind: e.kind,
                                class: e.class,
                                door: None,
                            };
                        }
                    }
                }
            }
        }
    }

    pub(crate) fn recompute_edge_dist(&mut self) {
        let (w, h) = (self.width as i32, self.height as i32);
        let plane = (w * h) as usize;
        for z in 0..self.levels as i32 {
            let base = z as usize * plane;
            let mut dist = vec![u8::MAX; plane];
            let mut frontier = Vec::new();
            for (i, d) in dist.iter_mut().enumerate() {
                if self.squares[base + i].floor.is_none() {
                    *d = 0;
                    frontier.push(i);
                }
            }
            let mut d = 0u8;
            while !frontier.is_empty() && d < u8::MAX - 1 {
                d += 1;
                let mut next = Vec::new();
                for &i in &frontier {
                    let (x, y) = ((i % w as usize) as i32, (i / w as usize) as i32);
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let (nx, ny) = (x + dx, y + dy);
                            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                                continue;
                            }
                            let j = (ny * w + nx) as usize;
                            if dist[j] == u8::MAX {
                                dist[j] = d;
                                next.push(j);
                            }
                        }
                    }
                }
                frontier = next;
            }
            self.edge_dist[base..base + plane].copy_from_slice(&dist);
        }
    }

    /// Groups door edges into doors: straight runs of door edges along one line.
    fn group_doors(&mut self) {
        self.doors.clear();
        for side in self.east.iter_mut().chain(self.south.iter_mut()) {
            side.door = None;
        }
        for i in 0..self.squares.len() {
            let pos = self.pos_at(i);
            for (east, along) in [(true, Dir::South), (false, Dir::East)] {
                let dir = if east { Dir::East } else { Dir::South };
                let Some(side) = self.side(pos, dir) else {
                    continue;
                };
                if side.kind != EdgeKind::Door || side.door.is_some() {
                    continue;
                }
                let id = DoorId(self.doors.len() as u16);
                let mut edges = Vec::new();
                let mut p = pos;
                while let Some(s) = self.side_mut(p, dir) {
                    if s.kind != EdgeKind::Door || s.door.is_some() {
                        break;
                    }
                    s.door = Some(id);
                    edges.push(EdgeRef { cell: p, east });
                    p = p.step(along);
                }
                self.doors.push(edges);
            }
        }
    }

    /// Buildings for collapse (`tac.gap.65`, our reading): columns whose level-1 square (one
    /// above the ground) has a building or base floor, joined when they touch on a side,
    /// with their wall edges counted per level.
    fn find_buildings(&mut self) {
        let (w, h) = (self.width as i32, self.height as i32);
        let roofed = |s: &Structure, x: i32, y: i32| {
            s.index(Pos::new(x, y, 1)).is_some_and(|i| {
                matches!(
                    s.squares[i].floor,
                    Some(FloorKind::BuildingFloor | FloorKind::BaseFloor)
                )
            })
        };
        let mut seen = vec![false; (w * h) as usize];
        let mut buildings = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if seen[(y * w + x) as usize] || !roofed(self, x, y) {
                    continue;
                }
                let mut columns = Vec::new();
                let mut stack = vec![(x, y)];
                seen[(y * w + x) as usize] = true;
                while let Some((cx, cy)) = stack.pop() {
                    columns.push((cx, cy));
                    for dir in Dir::ALL {
                        let (dx, dy) = dir.offset();
                        let (nx, ny) = (cx + dx, cy + dy);
                        if nx >= 0
                            && ny >= 0
                            && nx < w
                            && ny < h
                            && !seen[(ny * w + nx) as usize]
                            && roofed(self, nx, ny)
                        {
                            seen[(ny * w + nx) as usize] = true;
                            stack.push((nx, ny));
                        }
                    }
                }
                columns.sort_unstable();
                let mut b = Building {
                    columns,
                    walls_at_setup: [0; MAX_LEVELS],
                    collapsed_from: None,
                };
                b.walls_at_setup = self.wall_counts(&b);
                buildings.push(b);
            }
        }
        self.buildings = buildings;
    }

    /// Intact wall edges (walls, windows, doors) touching the building's squares, per level.
    pub(crate) fn wall_counts(&self, b: &Building) -> [u32; MAX_LEVELS] {
        let mut counts = [0u32; MAX_LEVELS];
        for (z, count) in counts.iter_mut().enumerate() {
            let mut edges: Vec<EdgeRef> = Vec::new();
            for &(x, y) in &b.columns {
                let p = Pos::new(x, y, z as i32);
                for dir in Dir::ALL {
                    if self.side(p, dir).is_some_and(|s| s.kind.is_wall()) {
                        edges.push(EdgeRef::new(p, dir));
                    }
                }
            }
            edges.sort_unstable();
            edges.dedup();
            *count = edges.len() as u32;
        }
        counts
    }
}
