//! A square map with levels: cells, the walls, doors and windows between neighbouring cells,
//! floors between levels, movement and three-dimensional line of sight.
//!
//! A [`Pos`] is column `x` (west to east), row `y` (north to south) and level `z` (upward).
//! Cell `(x, y, z)` fills the unit box from `(x, y, z)` to `(x + 1, y + 1, z + 1)`; its centre
//! is the middle of that box. Between horizontally neighbouring cells of one level sits an
//! [`Edge`]; under every cell may lie a floor separating it from the cell below.
//!
//! Sight is traced in 3D from centre to centre. It is stopped by a blocking cell strictly
//! between the ends (a callback decides which cells block), by a wall or closed door it
//! crosses, or by a floor it passes through. A line that grazes a corner or an edge of the
//! lattice is traced twice, shifted a hair to either side, and sight is clear if either copy
//! is clear; everything is exact integer arithmetic, so sight is symmetric.
//!
//! Distances count moves: [`distance`] is Chebyshev on a level (a diagonal step costs 1) plus
//! one per level climbed; [`distance_alternating`] charges diagonals 1, 2, 1, 2, …
//!
//! ```
//! use squadsight_core::los::Los;
//! use squadsight_core::square::{Blocker, Dir, Edge, Pos, SquareGrid};
//!
//! // 6 × 4 cells on 2 levels; `true` marks a cell that blocks sight.
//! let mut map = SquareGrid::new(6, 4, 2, false)?;
//! let (a, b) = (Pos::new(0, 1, 0), Pos::new(5, 1, 0));
//! map.set_edge(Pos::new(2, 1, 0), Dir::East, Edge::Wall)?;
//! assert_eq!(
//!     map.los(a, b, |_| false),
//!     Los::Blocked { by: Blocker::Edge(Pos::new(2, 1, 0), Dir::East) }
//! );
//! map.set_edge(Pos::new(2, 1, 0), Dir::East, Edge::Window)?;
//! assert!(map.los(a, b, |_| false).is_clear());
//!
//! // Looking up to the next level passes through the floor of cell (2, 1, 1).
//! map.set_floor(Pos::new(2, 1, 1), true)?;
//! assert_eq!(
//!     map.los(a, Pos::new(4, 1, 1), |_| false),
//!     Los::Blocked { by: Blocker::Floor(Pos::new(2, 1, 1)) }
//! );
//!
//! // Nobody climbs through the window, but stepping diagonally round it costs nothing extra.
//! let (route, cost) = map.path(a, b, |_, _| Some(1)).ok_or("no path")?;
//! assert_eq!((route.len(), cost), (6, 5));
//! let through_window = (Pos::new(2, 1, 0), Pos::new(3, 1, 0));
//! assert!(route.windows(2).all(|step| (step[0], step[1]) != through_window));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::los::{Key, Los, Nudge, argmin3, two_line_los};
use crate::path;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest width, height or number of levels a [`SquareGrid`] may have.
pub const MAX_SIDE: u32 = 1 << 15;

/// The most cells a [`SquareGrid`] may have (all levels together).
pub const MAX_CELLS: usize = 1 << 22;

/// A cell: column `x` (west to east), row `y` (north to south), level `z` (upward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column, west to east.
    pub x: i32,
    /// Row, north to south.
    pub y: i32,
    /// Level, ground = 0, upward.
    pub z: i32,
}

impl Pos {
    /// The cell at `(x, y, z)`.
    pub const fn new(x: i32, y: i32, z: i32) -> Pos {
        Pos { x, y, z }
    }

    /// The horizontally neighbouring cell in `dir` (saturating at the `i32` range).
    pub const fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.offset();
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy), self.z)
    }
}

/// A side of a cell on its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Toward row `y - 1`.
    North,
    /// Toward column `x + 1`.
    East,
    /// Toward row `y + 1`.
    South,
    /// Toward column `x - 1`.
    West,
}

impl Dir {
    /// All four, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// `(dx, dy)` of one step this way.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// The side facing this one from the neighbouring cell.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }
}

/// What stands between two horizontally neighbouring cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    /// Nothing: sight and movement pass.
    #[default]
    Open,
    /// Blocks sight and movement.
    Wall,
    /// Blocks sight and movement while closed; an open door blocks neither.
    Door {
        /// Whether the door stands open.
        open: bool,
    },
    /// Lets sight through but not movement.
    Window,
}

impl Edge {
    /// Whether sight cannot cross this edge.
    pub const fn blocks_sight(self) -> bool {
        matches!(self, Edge::Wall | Edge::Door { open: false })
    }

    /// Whether a unit cannot step across this edge.
    pub const fn blocks_movement(self) -> bool {
        matches!(self, Edge::Wall | Edge::Door { open: false } | Edge::Window)
    }
}

/// Something a sight line crosses, in the order met; a blocked [`Los`] names one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossing {
    /// A cell strictly between the two ends.
    Cell(Pos),
    /// The edge on side `Dir` of the cell the line is leaving (so the same edge is
    /// `Edge(p, East)` seen from the west and `Edge(p + 1, West)` seen from the east).
    Edge(Pos, Dir),
    /// The floor under this cell, crossed going up into it or down out of it.
    Floor(Pos),
}

/// What stops a sight line: the [`Crossing`] where it is stopped.
pub type Blocker = Crossing;

/// Why a square grid could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// A side is longer than [`MAX_SIDE`] or the volume exceeds [`MAX_CELLS`].
    #[error(
        "a {width}×{height}×{levels} map is too large (at most {MAX_SIDE} per side, {MAX_CELLS} cells)"
    )]
    TooLarge {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// Requested number of levels.
        levels: u32,
    },
    /// The cell list does not have `width × height × levels` entries.
    #[error("a {width}×{height}×{levels} map needs {expected} cells, got {got}")]
    CellCount {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// Requested number of levels.
        levels: u32,
        /// `width × height × levels`.
        expected: usize,
        /// Cells supplied.
        got: usize,
    },
    /// The cell is not on the map.
    #[error("cell {0:?} is off the map")]
    OffGrid(Pos),
    /// The edge lies on the border of the map, with no cell beyond it.
    #[error("the {1:?} edge of cell {0:?} is on the map border")]
    BorderEdge(Pos, Dir),
}

/// Where `pos` is stored in a `width × height × levels` grid kept row by row, level by level
/// (x fastest, then y, then z); `None` off the grid. Every square grid of the engine
/// ([`SquareGrid`], Tactical's battlefield) lays its cells out this way.
pub fn cell_index(width: u32, height: u32, levels: u32, pos: Pos) -> Option<usize> {
    // A negative coordinate becomes a u32 above any side, so one test covers both ends.
    let (x, y, z) = (pos.x as u32, pos.y as u32, pos.z as u32);
    (x < width && y < height && z < levels).then(|| {
        let (w, h) = (width as usize, height as usize);
        (z as usize * h + y as usize) * w + x as usize
    })
}

/// The position stored at `index` of a `width × height` grid laid out as [`cell_index`] lays
/// it out.
pub fn cell_pos(width: u32, height: u32, index: usize) -> Pos {
    let w = width.max(1) as usize;
    let h = height.max(1) as usize;
    // Every part is below MAX_SIDE, so it fits in i32.
    Pos::new(
        (index % w) as i32,
        (index / w % h) as i32,
        (index / (w * h)) as i32,
    )
}

/// Where a `width × height × levels` grid laid out as [`cell_index`] lays it out keeps the
/// edge on side `dir` of `pos`, when both cells beside it are on the grid: `(true, i)` in its
/// list of east edges, `(false, i)` in its list of south edges (each cell keeps its east and
/// south edge; its west and north ones are its neighbours').
pub fn edge_slot(
    width: u32,
    height: u32,
    levels: u32,
    pos: Pos,
    dir: Dir,
) -> Option<(bool, usize)> {
    let here = cell_index(width, height, levels, pos)?;
    let there = cell_index(width, height, levels, pos.step(dir))?;
    Some(match dir {
        Dir::East => (true, here),
        Dir::West => (true, there),
        Dir::South => (false, here),
        Dir::North => (false, there),
    })
}

/// The eight steps to a square's neighbours on its level, in the fixed order every square
/// grid lists them: N, NE, E, SE, S, SW, W, NW (`y` grows southward). Commander's table and
/// reach searches and Tactical's battlefield all walk them in this order.
pub const COMPASS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Move count on open ground: Chebyshev on a level (diagonals cost 1) plus one per level.
/// Saturates at `u32::MAX`.
pub fn distance(a: Pos, b: Pos) -> u32 {
    let [dx, dy, dz] = abs_delta(a, b);
    u32::try_from(dx.max(dy) + dz).unwrap_or(u32::MAX)
}

/// Move count when diagonals alternately cost 1 and 2 (1, 2, 1, 2, …), plus one per level.
/// Saturates at `u32::MAX`.
pub fn distance_alternating(a: Pos, b: Pos) -> u32 {
    let [dx, dy, dz] = abs_delta(a, b);
    u32::try_from(dx.max(dy) + dx.min(dy) / 2 + dz).unwrap_or(u32::MAX)
}

fn abs_delta(a: Pos, b: Pos) -> [i64; 3] {
    let d = |p: i32, q: i32| (i64::from(q) - i64::from(p)).abs();
    [d(a.x, b.x), d(a.y, b.y), d(a.z, b.z)]
}

/// A `width × height × levels` map of cells `C` with edges between horizontal neighbours and
/// optional floors between levels.
///
/// A new map has every edge [`Edge::Open`] and no floors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquareGrid<C> {
    width: u32,
    height: u32,
    levels: u32,
    cells: Vec<C>,
    /// Edge between cell `i` and its east neighbour.
    east: Vec<Edge>,
    /// Edge between cell `i` and its south neighbour.
    south: Vec<Edge>,
    /// Whether cell `i` has a floor under it.
    floor: Vec<bool>,
}

impl<C> SquareGrid<C> {
    /// A map with every cell set to `fill`.
    pub fn new(width: u32, height: u32, levels: u32, fill: C) -> Result<Self, GridError>
    where
        C: Clone,
    {
        let len = checked_volume(width, height, levels)?;
        Ok(Self::build(width, height, levels, vec![fill; len]))
    }

    /// A map from its cells, level 0 first, then row by row from the north, west to east.
    pub fn from_cells(
        width: u32,
        height: u32,
        levels: u32,
        cells: Vec<C>,
    ) -> Result<Self, GridError> {
        let expected = checked_volume(width, height, levels)?;
        if cells.len() != expected {
            return Err(GridError::CellCount {
                width,
                height,
                levels,
                expected,
                got: cells.len(),
            });
        }
        Ok(Self::build(width, height, levels, cells))
    }

    fn build(width: u32, height: u32, levels: u32, cells: Vec<C>) -> Self {
        let len = cells.len();
        SquareGrid {
            width,
            height,
            levels,
            cells,
            east: vec![Edge::Open; len],
            south: vec![Edge::Open; len],
            floor: vec![false; len],
        }
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Levels.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// Whether the cell lies on the map.
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos).is_some()
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        cell_index(self.width, self.height, self.levels, pos)
    }

    fn pos_at(&self, index: usize) -> Pos {
        cell_pos(self.width, self.height, index)
    }

    /// The contents of a cell, or `None` off the map.
    pub fn get(&self, pos: Pos) -> Option<&C> {
        self.index(pos).map(|i| &self.cells[i])
    }

    /// Mutable contents of a cell, or `None` off the map.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut C> {
        self.index(pos).map(|i| &mut self.cells[i])
    }

    /// Replaces the contents of a cell.
    pub fn set(&mut self, pos: Pos, cell: C) -> Result<(), GridError> {
        let slot = self.get_mut(pos).ok_or(GridError::OffGrid(pos))?;
        *slot = cell;
        Ok(())
    }

    /// Where the edge on side `dir` of `pos` is stored: `(true, i)` for `east[i]`,
    /// `(false, i)` for `south[i]`. `None` unless both cells are on the map.
    fn edge_slot(&self, pos: Pos, dir: Dir) -> Option<(bool, usize)> {
        edge_slot(self.width, self.height, self.levels, pos, dir)
    }

    /// The edge on side `dir` of `pos`, or `None` if either side of it is off the map.
    pub fn edge(&self, pos: Pos, dir: Dir) -> Option<Edge> {
        let (east, i) = self.edge_slot(pos, dir)?;
        Some(if east { self.east[i] } else { self.south[i] })
    }

    /// Sets the edge on side `dir` of `pos` (the same edge as the opposite side of the
    /// neighbour).
    pub fn set_edge(&mut self, pos: Pos, dir: Dir, edge: Edge) -> Result<(), GridError> {
        if !self.contains(pos) {
            return Err(GridError::OffGrid(pos));
        }
        let (east, i) = self
            .edge_slot(pos, dir)
            .ok_or(GridError::BorderEdge(pos, dir))?;
        if east {
            self.east[i] = edge;
        } else {
            self.south[i] = edge;
        }
        Ok(())
    }

    /// Whether the cell has a floor under it (false off the map). A floor on level 0 is
    /// the ground and never matters.
    pub fn has_floor(&self, pos: Pos) -> bool {
        self.index(pos).is_some_and(|i| self.floor[i])
    }

    /// Puts or removes the floor under a cell.
    pub fn set_floor(&mut self, pos: Pos, floor: bool) -> Result<(), GridError> {
        let i = self.index(pos).ok_or(GridError::OffGrid(pos))?;
        self.floor[i] = floor;
        Ok(())
    }

    /// Every cell, level 0 first, then row by row from the north, west to east.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len()).map(|i| self.pos_at(i))
    }

    /// Every cell with its contents, in the order of [`SquareGrid::positions`].
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &C)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, cell)| (self.pos_at(i), cell))
    }

    /// The cell one move from `from` (at index `i`) by `(dx, dy, dz)` if the edges and floors
    /// allow it.
    ///
    /// A diagonal step needs all four edges around the corner it passes to be passable: the
    /// two sides of `from` it leans toward and the two sides of the target facing back, so
    /// no diagonal squeezes past the end of a wall.
    fn step_to(&self, from: Pos, i: usize, (dx, dy, dz): (i32, i32, i32)) -> Option<Pos> {
        // On-map coordinates are below MAX_SIDE, so one step cannot overflow.
        let to = Pos::new(from.x + dx, from.y + dy, from.z + dz);
        let j = self.index(to)?;
        // Edges are stored with the cell on their lower side, floors with the cell above.
        let open_east = |k: usize| self.east.get(k).is_some_and(|e| !e.blocks_movement());
        let open_south = |k: usize| self.south.get(k).is_some_and(|e| !e.blocks_movement());
        let no_floor = |k: usize| self.floor.get(k).is_some_and(|&f| !f);
        let ok = match (dx, dy, dz) {
            (0, 0, 1) => no_floor(j),
            (0, 0, _) => no_floor(i),
            (_, 0, _) => open_east(i.min(j)),
            (0, _, _) => open_south(i.min(j)),
            _ => {
                // The two cells beside the corner; both are on the map because `to` is.
                let w = self.width as usize;
                let beside_x = if dx > 0 { i + 1 } else { i.wrapping_sub(1) };
                let beside_y = if dy > 0 { i + w } else { i.wrapping_sub(w) };
                open_east(i.min(beside_x))
                    && open_south(i.min(beside_y))
                    && open_east(beside_y.min(j))
                    && open_south(beside_x.min(j))
            }
        };
        ok.then_some(to)
    }

    /// The cells one move from `pos`, in a fixed order: N, NE, E, SE, S, SW, W, NW on its
    /// level, then up and down. Walls, closed doors and windows stop horizontal moves (a
    /// diagonal also needs the four edges around its corner open); a floor stops moving up
    /// into the cell above it or down out of the cell it is under. Whether a cell can be
    /// stood in (a ladder, open air) is for the movement cost callback to decide. Empty for
    /// an off-map cell.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        let from = self.index(pos);
        COMPASS
            .iter()
            .map(|&(dx, dy)| (i32::from(dx), i32::from(dy), 0))
            .chain([(0, 0, 1), (0, 0, -1)])
            .filter_map(move |off| self.step_to(pos, from?, off))
    }

    /// Move count between two cells on open ground; see [`distance`].
    pub fn distance(&self, a: Pos, b: Pos) -> u32 {
        distance(a, b)
    }

    /// Whether `a` sees `b`, with `blocks` saying which cells block sight.
    ///
    /// The centre-to-centre line is stopped by any cell strictly between the ends for which
    /// `blocks` is true, any wall or closed door it crosses, and any floor it passes through
    /// (windows and open doors let it pass). `los(a, b)` is clear exactly when `los(b, a)` is;
    /// a blocked answer names the first blocker met walking from `a` along the
    /// [`Nudge::Plus`] line. Off-map cells never block (a line between two cells of the map
    /// never leaves it).
    pub fn los(&self, a: Pos, b: Pos, mut blocks: impl FnMut(Pos) -> bool) -> Los<Blocker> {
        match (self.index(a), self.contains(b)) {
            (Some(start), true) => {
                two_line_los(|nudge| self.first_blocker_on_map(a, b, start, nudge, &mut blocks))
            }
            _ => two_line_los(|nudge| {
                let mut walk = line(a, b, nudge);
                let hit = walk
                    .by_ref()
                    .find(|&c| self.crossing_blocks(c, &mut blocks));
                (hit, walk.split())
            }),
        }
    }

    /// Whether one crossing stops sight (off-map edges, floors and cells never do).
    fn crossing_blocks(&self, crossing: Crossing, blocks: &mut impl FnMut(Pos) -> bool) -> bool {
        match crossing {
            Crossing::Cell(p) => self.contains(p) && blocks(p),
            Crossing::Edge(p, dir) => self.edge(p, dir).is_some_and(Edge::blocks_sight),
            Crossing::Floor(p) => self.has_floor(p),
        }
    }

    /// The hot path of [`SquareGrid::los`] when both ends are on the map: the walk never
    /// leaves the map (it stays in the box spanned by the ends), so it can follow the cell
    /// index directly instead of looking every crossing up by position.
    fn first_blocker_on_map(
        &self,
        a: Pos,
        b: Pos,
        start: usize,
        nudge: Nudge,
        blocks: &mut impl FnMut(Pos) -> bool,
    ) -> (Option<Blocker>, bool) {
        let delta = line_delta(a, b);
        if is_short(delta) {
            self.walk_on_map(
                &mut SquareWalk::<i64>::new(a, b, delta, nudge),
                start,
                blocks,
            )
        } else {
            self.walk_on_map(
                &mut SquareWalk::<i128>::new(a, b, delta, nudge),
                start,
                blocks,
            )
        }
    }

    fn walk_on_map<K: Key>(
        &self,
        walk: &mut SquareWalk<K>,
        start: usize,
        blocks: &mut impl FnMut(Pos) -> bool,
    ) -> (Option<Blocker>, bool) {
        let w = self.width as usize;
        let stride = [1, w, w * self.height as usize];
        let mut here = start;
        let mut from = walk.pos();
        while let Some(axis) = walk.advance() {
            let up = walk.step[axis] > 0;
            let next = if up {
                here + stride[axis]
            } else {
                here.wrapping_sub(stride[axis])
            };
            // An edge is stored with the cell on its lower side, a floor with the cell above.
            let stops = match axis {
                0 => self
                    .east
                    .get(here.min(next))
                    .is_some_and(|e| e.blocks_sight()),
                1 => self
                    .south
                    .get(here.min(next))
                    .is_some_and(|e| e.blocks_sight()),
                _ => self.floor.get(here.max(next)).is_some_and(|&f| f),
            };
            if stops {
                return (Some(crossing(from, axis, up)), walk.split);
            }
            here = next;
            from = walk.pos();
            if walk.cur != walk.end && blocks(from) {
                return (Some(Crossing::Cell(from)), walk.split);
            }
        }
        (None, walk.split)
    }

    /// Every cell reachable from `start` for at most `budget`, with its cheapest cost,
    /// sorted by cost and then map order. `start` comes first at cost 0; an off-map start
    /// gives nothing.
    ///
    /// `cost(from, to)` is the price of one move between [`SquareGrid::neighbours`], or
    /// `None` if the move is not allowed.
    pub fn reachable(
        &self,
        start: Pos,
        budget: u32,
        mut cost: impl FnMut(Pos, Pos) -> Option<u32>,
    ) -> Vec<(Pos, u32)> {
        let Some(start) = self.index(start) else {
            return Vec::new();
        };
        let found = path::reachable_dense(self.cells.len(), start, budget, |i, out| {
            let from = self.pos_at(i);
            for to in self.neighbours(from) {
                if let (Some(step), Some(j)) = (cost(from, to), self.index(to)) {
                    out.push((j, step));
                }
            }
        });
        found
            .into_iter()
            .map(|(i, c)| (self.pos_at(i), c))
            .collect()
    }

    /// A cheapest path from `start` to `goal` (both included) and its cost, with the same
    /// `cost` callback as [`SquareGrid::reachable`]; `None` if the goal cannot be reached or
    /// either end is off the map.
    pub fn path(
        &self,
        start: Pos,
        goal: Pos,
        mut cost: impl FnMut(Pos, Pos) -> Option<u32>,
    ) -> Option<(Vec<Pos>, u32)> {
        if !self.contains(start) || !self.contains(goal) {
            return None;
        }
        path::shortest_path(start, goal, |from| {
            let mut steps = [None; 10];
            for (slot, to) in steps.iter_mut().zip(self.neighbours(from)) {
                *slot = cost(from, to).map(|c| (to, c));
            }
            steps.into_iter().flatten()
        })
    }
}

fn checked_volume(width: u32, height: u32, levels: u32) -> Result<usize, GridError> {
    let volume = (width as usize)
        .checked_mul(height as usize)
        .and_then(|v| v.checked_mul(levels as usize));
    match volume {
        Some(v)
            if width <= MAX_SIDE && height <= MAX_SIDE && levels <= MAX_SIDE && v <= MAX_CELLS =>
        {
            Ok(v)
        }
        _ => Err(GridError::TooLarge {
            width,
            height,
            levels,
        }),
    }
}

/// Everything the centre-to-centre line from `a` to `b` crosses, in order from `a`, for the
/// copy of the line shifted to the `nudge` side: each edge or floor it passes, then the cell
/// it enters (the cell `b` itself is not listed).
///
/// The shift is the fixed infinitesimal vector `±(ε, ε², ε³)`, the same whichever end the
/// line starts from, so `line(b, a, n)` crosses the same cells, edges and floors as
/// `line(a, b, n)` in reverse order. The two copies differ only when the line meets a lattice
/// edge or corner, where it crosses two or three cell boundaries at the same instant; the
/// shift then decides their order (on `Plus`, a tied `x` crossing comes first if `x`
/// increases along the line and last otherwise, and likewise `y` before or after `z`; on
/// `Minus` the opposite).
pub fn line(a: Pos, b: Pos, nudge: Nudge) -> SquareLine {
    let delta = line_delta(a, b);
    let walk = if is_short(delta) {
        Walk::Short(SquareWalk::new(a, b, delta, nudge))
    } else {
        Walk::Long(SquareWalk::new(a, b, delta, nudge))
    };
    SquareLine {
        walk,
        entered: None,
    }
}

/// The boundaries crossed by the centre line from `a` to `b`, for the copy shifted to the
/// `nudge` side, handed in order to `cross(axis, up)` (axis 0 is `x`, 1 is `y`, 2 is `z`;
/// `up` when that coordinate grows) until it returns `false`. These are the crossings of
/// [`line()`] without a [`Crossing`] built for each: the fast path for callers that follow
/// the cell index themselves. Returns whether the walk grazed a lattice edge or corner
/// before it stopped (as [`SquareLine::grazed`]).
pub fn walk_line(a: Pos, b: Pos, nudge: Nudge, mut cross: impl FnMut(usize, bool) -> bool) -> bool {
    let delta = line_delta(a, b);
    if is_short(delta) {
        walk_boundaries(&mut SquareWalk::<i64>::new(a, b, delta, nudge), &mut cross)
    } else {
        walk_boundaries(&mut SquareWalk::<i128>::new(a, b, delta, nudge), &mut cross)
    }
}

fn walk_boundaries<K: Key>(
    walk: &mut SquareWalk<K>,
    cross: &mut impl FnMut(usize, bool) -> bool,
) -> bool {
    while let Some(axis) = walk.advance() {
        if !cross(axis, walk.step[axis] > 0) {
            break;
        }
    }
    walk.split
}

/// Lines shorter than this on every axis use `i64` keys (they stay below 2^59).
const SHORT: i64 = 1 << 18;

fn line_delta(a: Pos, b: Pos) -> [i64; 3] {
    [
        i64::from(b.x) - i64::from(a.x),
        i64::from(b.y) - i64::from(a.y),
        i64::from(b.z) - i64::from(a.z),
    ]
}

/// Whether `i64` keys are wide enough for a line with this `b - a`.
fn is_short(delta: [i64; 3]) -> bool {
    delta.iter().all(|d| d.abs() < SHORT)
}

/// The crossings of one sight line, walked boundary by boundary; see [`line()`].
///
/// Geometry: with doubled coordinates cell centres are odd and boundaries even. Along axis
/// `i` the line moves `2·|d_i|` (`d = b - a`) and makes its `m`-th boundary crossing (from 0)
/// at `t = (2m + 1) / (2·|d_i|)`. Each axis keeps that time over the common denominator
/// `2·Π|d_j|`, so the next crossing is the smallest of three integers.
///
/// On a tie the nudge `±(ε, ε², ε³)` moves axis `i`'s crossing time by `∓ε^(i+1)·sign(d_i)`,
/// so between two tied axes the lower one decides: it goes first exactly when
/// `nudge sign × sign(d_i) > 0`. That is the same as ranking the axes with a positive product
/// by index, then the others by falling index; the rank sits in each key's three lowest bits.
#[derive(Clone, Debug)]
pub struct SquareLine {
    walk: Walk,
    /// The cell just entered, yielded after the crossing that led into it.
    entered: Option<Pos>,
}

/// The walk with keys wide enough for the line's length.
#[derive(Clone, Debug)]
enum Walk {
    Short(SquareWalk<i64>),
    Long(SquareWalk<i128>),
}

#[derive(Clone, Debug)]
struct SquareWalk<K> {
    cur: [i32; 3],
    end: [i32; 3],
    step: [i32; 3],
    /// Scaled time of each axis's next crossing times 8, plus the axis's tie rank; `NEVER`
    /// once the axis has no crossings left.
    key: [K; 3],
    inc: [K; 3],
    left: [i64; 3],
    split: bool,
}

impl<K: Key> SquareWalk<K> {
    fn new(a: Pos, b: Pos, delta: [i64; 3], nudge: Nudge) -> Self {
        let len = delta.map(i64::abs);
        // share[i] = product of the other moving axes' lengths: axis i's m-th crossing is at
        // t = (2m + 1)·share[i] / (2·Π len).
        let factor = len.map(|l| K::from(l.max(1)));
        let share = [
            factor[1] * factor[2],
            factor[0] * factor[2],
            factor[0] * factor[1],
        ];
        let mut walk = SquareWalk {
            cur: [a.x, a.y, a.z],
            end: [b.x, b.y, b.z],
            step: delta.map(|d| d.signum() as i32),
            key: [K::NEVER; 3],
            inc: [K::from(0); 3],
            left: len,
            split: false,
        };
        for axis in 0..3 {
            if len[axis] > 0 {
                let first = nudge.sign() * delta[axis].signum() > 0;
                let rank = if first { axis } else { 5 - axis } as i64;
                walk.key[axis] = share[axis] * K::from(8) + K::from(rank);
                walk.inc[axis] = share[axis] * K::from(16);
            }
        }
        walk
    }

    fn pos(&self) -> Pos {
        Pos::new(self.cur[0], self.cur[1], self.cur[2])
    }

    /// Crosses the next boundary and returns its axis (0 = x, 1 = y, 2 = z).
    #[inline]
    fn advance(&mut self) -> Option<usize> {
        let k = self.key;
        let best = argmin3(&k);
        if k[best] == K::NEVER {
            return None;
        }
        // Two boundaries met at the same instant: the line grazes a lattice edge or corner.
        let time = k[best] >> 3;
        if k[(best + 1) % 3] >> 3 == time || k[(best + 2) % 3] >> 3 == time {
            self.split = true;
        }
        // The walk stays between `a` and `b` on every axis, so this cannot overflow.
        self.cur[best] += self.step[best];
        self.left[best] -= 1;
        self.key[best] = if self.left[best] == 0 {
            K::NEVER
        } else {
            k[best] + self.inc[best]
        };
        Some(best)
    }
}

/// What crossing boundary `axis` forward (`up`) or backward from cell `from` means.
fn crossing(from: Pos, axis: usize, up: bool) -> Crossing {
    match (axis, up) {
        (0, true) => Crossing::Edge(from, Dir::East),
        (0, false) => Crossing::Edge(from, Dir::West),
        (1, true) => Crossing::Edge(from, Dir::South),
        (1, false) => Crossing::Edge(from, Dir::North),
        (_, true) => Crossing::Floor(Pos::new(from.x, from.y, from.z + 1)),
        (_, false) => Crossing::Floor(from),
    }
}

impl SquareLine {
    /// Whether the walk so far has met two boundaries at the same instant (the line grazes
    /// a lattice edge or corner). Until it has, the [`Nudge::Plus`] and [`Nudge::Minus`]
    /// copies of the line have crossed exactly the same things, so a caller that finds a
    /// blocker before the first graze need not trace the other copy.
    pub fn grazed(&self) -> bool {
        self.split()
    }

    fn split(&self) -> bool {
        match &self.walk {
            Walk::Short(w) => w.split,
            Walk::Long(w) => w.split,
        }
    }
}

impl Iterator for SquareLine {
    type Item = Crossing;

    fn next(&mut self) -> Option<Crossing> {
        if let Some(cell) = self.entered.take() {
            return Some(Crossing::Cell(cell));
        }
        let (from, axis, up, to, end) = match &mut self.walk {
            Walk::Short(w) => {
                let from = w.pos();
                let axis = w.advance()?;
                (from, axis, w.step[axis] > 0, w.pos(), w.cur == w.end)
            }
            Walk::Long(w) => {
                let from = w.pos();
                let axis = w.advance()?;
                (from, axis, w.step[axis] > 0, w.pos(), w.cur == w.end)
            }
        };
        if !end {
            self.entered = Some(to);
        }
        Some(crossing(from, axis, up))
    }
}

impl std::iter::FusedIterator for SquareLine {}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_map() -> SquareGrid<bool> {
        SquareGrid::new(5, 5, 3, false).unwrap()
    }

    #[test]
    fn sizes_are_checked() {
        assert!(matches!(
            SquareGrid::new(MAX_SIDE + 1, 1, 1, ()),
            Err(GridError::TooLarge { .. })
        ));
        assert!(matches!(
            SquareGrid::new(4096, 4096, 4096, ()),
            Err(GridError::TooLarge { .. })
        ));
        assert!(matches!(
            SquareGrid::from_cells(2, 2, 2, vec![(); 7]),
            Err(GridError::CellCount {
                expected: 8,
                got: 7,
                ..
            })
        ));
    }

    #[test]
    fn edges_are_shared_by_both_sides_and_border_edges_are_refused() {
        let mut map = open_map();
        let p = Pos::new(1, 1, 0);
        map.set_edge(p, Dir::East, Edge::Wall).unwrap();
        assert_eq!(map.edge(Pos::new(2, 1, 0), Dir::West), Some(Edge::Wall));
        map.set_edge(p, Dir::North, Edge::Window).unwrap();
        assert_eq!(map.edge(Pos::new(1, 0, 0), Dir::South), Some(Edge::Window));
        assert_eq!(map.edge(Pos::new(1, 1, 1), Dir::East), Some(Edge::Open));
        assert_eq!(
            map.set_edge(Pos::new(0, 0, 0), Dir::West, Edge::Wall),
            Err(GridError::BorderEdge(Pos::new(0, 0, 0), Dir::West))
        );
        assert_eq!(
            map.set_edge(Pos::new(9, 0, 0), Dir::West, Edge::Wall),
            Err(GridError::OffGrid(Pos::new(9, 0, 0)))
        );
        assert_eq!(map.edge(Pos::new(4, 4, 0), Dir::South), None);
    }

    #[test]
    fn edge_kinds_block_what_they_should() {
        assert!(Edge::Wall.blocks_sight() && Edge::Wall.blocks_movement());
        assert!(Edge::Door { open: false }.blocks_sight());
        assert!(Edge::Door { open: false }.blocks_movement());
        assert!(!Edge::Door { open: true }.blocks_sight());
        assert!(!Edge::Door { open: true }.blocks_movement());
        assert!(!Edge::Window.blocks_sight() && Edge::Window.blocks_movement());
        assert!(!Edge::Open.blocks_sight() && !Edge::Open.blocks_movement());
    }

    #[test]
    fn diagonal_moves_need_all_four_corner_edges_open() {
        let mut map = open_map();
        let from = Pos::new(1, 1, 0);
        let se = Pos::new(2, 2, 0);
        assert!(map.neighbours(from).any(|n| n == se));
        // A wall between the two cells beside the corner, touching it, stops the diagonal.
        map.set_edge(Pos::new(2, 1, 0), Dir::South, Edge::Wall)
            .unwrap();
        assert!(!map.neighbours(from).any(|n| n == se));
        assert!(map.neighbours(from).any(|n| n == Pos::new(2, 1, 0)));
        let order: Vec<_> = open_map().neighbours(Pos::new(1, 1, 1)).collect();
        assert_eq!(order.len(), 10);
        assert_eq!(order[0], Pos::new(1, 0, 1));
        assert_eq!(order[8], Pos::new(1, 1, 2));
        assert_eq!(order[9], Pos::new(1, 1, 0));
    }

    #[test]
    fn floors_stop_vertical_moves_and_sight() {
        let mut map = open_map();
        let low = Pos::new(2, 2, 0);
        let high = Pos::new(2, 2, 1);
        assert!(map.los(low, high, |_| false).is_clear());
        map.set_floor(high, true).unwrap();
        assert!(!map.neighbours(low).any(|n| n == high));
        assert!(!map.neighbours(high).any(|n| n == low));
        assert_eq!(
            map.los(low, high, |_| false),
            Los::Blocked {
                by: Blocker::Floor(high)
            }
        );
        assert_eq!(
            map.los(high, low, |_| false),
            Los::Blocked {
                by: Blocker::Floor(high)
            }
        );
    }

    #[test]
    fn diagonal_sight_past_a_corner_needs_one_open_side() {
        let map = open_map();
        let a = Pos::new(1, 1, 0);
        let b = Pos::new(2, 2, 0);
        let east = Pos::new(2, 1, 0);
        let south = Pos::new(1, 2, 0);
        assert!(map.los(a, b, |p| p == east).is_clear());
        assert!(map.los(a, b, |p| p == south).is_clear());
        assert!(!map.los(a, b, |p| p == east || p == south).is_clear());
        let plus: Vec<_> = line(a, b, Nudge::Plus).collect();
        assert_eq!(
            plus,
            vec![
                Crossing::Edge(a, Dir::East),
                Crossing::Cell(east),
                Crossing::Edge(east, Dir::South)
            ]
        );
    }

    #[test]
    fn sight_from_off_the_map_sees_no_walls_outside_it() {
        let mut map = open_map();
        let (a, b) = (Pos::new(-2, 2, 0), Pos::new(3, 2, 0));
        assert!(map.los(a, b, |p| !map.contains(p)).is_clear());
        assert_eq!(
            map.los(a, b, |p| p == Pos::new(1, 2, 0)),
            Los::Blocked {
                by: Blocker::Cell(Pos::new(1, 2, 0))
            }
        );
        map.set_edge(Pos::new(1, 2, 0), Dir::East, Edge::Wall)
            .unwrap();
        assert_eq!(
            map.los(b, a, |_| false),
            Los::Blocked {
                by: Blocker::Edge(Pos::new(2, 2, 0), Dir::West)
            }
        );
    }

    #[test]
    fn narrow_and_wide_keys_walk_the_same_line() {
        let a = Pos::new(2, 3, 1);
        for (x, y, z) in
            (0..6).flat_map(|x| (0..6).flat_map(move |y| (0..3).map(move |z| (x, y, z))))
        {
            let b = Pos::new(x, y, z);
            let delta = [x - 2, y - 3, z - 1].map(i64::from);
            for nudge in Nudge::BOTH {
                let mut narrow = SquareWalk::<i64>::new(a, b, delta, nudge);
                let mut wide = SquareWalk::<i128>::new(a, b, delta, nudge);
                loop {
                    let axis = narrow.advance();
                    assert_eq!(axis, wide.advance());
                    assert_eq!((narrow.cur, narrow.split), (wide.cur, wide.split));
                    if axis.is_none() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn walk_line_crosses_the_boundaries_line_lists() {
        let a = Pos::new(1, 2, 0);
        for b in [
            Pos::new(5, 4, 2),
            Pos::new(3, 4, 0),
            Pos::new(0, 0, 1),
            Pos::new(1, 2, 3),
        ] {
            for nudge in Nudge::BOTH {
                let mut at = a;
                let mut walked = Vec::new();
                let grazed = walk_line(a, b, nudge, |axis, up| {
                    walked.push(crossing(at, axis, up));
                    let d = if up { 1 } else { -1 };
                    match axis {
                        0 => at.x += d,
                        1 => at.y += d,
                        _ => at.z += d,
                    }
                    true
                });
                let mut full = line(a, b, nudge);
                let listed: Vec<_> = full
                    .by_ref()
                    .filter(|c| !matches!(c, Crossing::Cell(_)))
                    .collect();
                assert_eq!(walked, listed, "{b:?} {nudge:?}");
                assert_eq!(grazed, full.grazed());
                assert_eq!(at, b);
            }
        }
    }

    #[test]
    fn a_line_reports_when_it_grazes_a_corner() {
        let mut straight = line(Pos::new(0, 0, 0), Pos::new(2, 1, 0), Nudge::Plus);
        assert!(straight.by_ref().all(|_| true));
        assert!(!straight.grazed());
        let mut diagonal = line(Pos::new(0, 0, 0), Pos::new(2, 2, 0), Nudge::Plus);
        assert!(!diagonal.grazed());
        diagonal.next();
        assert!(diagonal.grazed());
    }

    #[test]
    fn distances() {
        let a = Pos::new(0, 0, 0);
        assert_eq!(distance(a, Pos::new(3, 5, 1)), 6);
        assert_eq!(distance_alternating(a, Pos::new(3, 5, 0)), 6);
        assert_eq!(distance_alternating(a, Pos::new(4, 4, 0)), 6);
        assert_eq!(
            distance(Pos::new(i32::MIN, 0, 0), Pos::new(i32::MAX, 0, 0)),
            u32::MAX
        );
    }
}
