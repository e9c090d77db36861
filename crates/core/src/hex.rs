//! A rectangular hex map: coordinates, neighbours, distance, line of sight and movement.
//!
//! Coordinates are [`hexx::Hex`] (axial `x`, `y`; cube `z = -x - y`). A [`HexGrid`] stores a
//! `width × height` rectangle of pointy-top hexes in "odd-r" offset layout: row `r` is axial
//! `y = r`, row 0 is the north edge, and odd rows sit half a hex to the east, so column `c` of
//! row `r` is axial `x = c - floor(r / 2)`.
//!
//! Line of sight follows Skirmish sk.gap.33: a straight line from the centre of one hex to the
//! centre of the other, where every hex the line passes through (both ends excepted) may block.
//! A line that runs exactly along a hex edge or through a corner is traced twice, shifted a
//! hair to either side, and sight is clear if either side is clear. All of it is exact integer
//! arithmetic, so `a` sees `b` exactly when `b` sees `a`.
//!
//! ```
//! use squadsight_core::hex::{Hex, HexGrid, distance};
//! use squadsight_core::los::Los;
//!
//! // 8 × 5 hexes; `true` marks a hex that blocks sight and movement.
//! let mut map = HexGrid::new(8, 5, false)?;
//! let (a, wall, b) = (map.offset_to_hex(0, 2), map.offset_to_hex(3, 2), map.offset_to_hex(6, 2));
//! if let Some(cell) = map.get_mut(wall) {
//!     *cell = true;
//! }
//! let blocks = |h: Hex| map.get(h) == Some(&true);
//! assert_eq!(distance(a, b), 6);
//! assert_eq!(map.los(a, b, blocks), Los::Blocked { by: wall });
//! assert!(map.los(a, map.offset_to_hex(6, 0), blocks).is_clear());
//!
//! // Walking costs 1 per hex and cannot enter the wall: the detour costs one extra step.
//! let (route, cost) = map.path(a, b, |_, to| (!blocks(to)).then_some(1)).ok_or("no path")?;
//! assert_eq!((route.len(), cost), (8, 7));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use hexx::Hex;

use crate::los::{Key, Los, Nudge, argmin3, two_line_los};
use crate::path;
use thiserror::Error;

/// The largest width or height a [`HexGrid`] may have.
pub const MAX_SIDE: u32 = 1 << 15;

/// The most cells a [`HexGrid`] may have.
pub const MAX_CELLS: usize = 1 << 22;

/// Why a hex grid could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// A side is longer than [`MAX_SIDE`] or the area exceeds [`MAX_CELLS`].
    #[error(
        "a {width}×{height} hex map is too large (at most {MAX_SIDE} per side, {MAX_CELLS} hexes)"
    )]
    TooLarge {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The cell list does not have `width × height` entries.
    #[error("a {width}×{height} hex map needs {expected} cells, got {got}")]
    CellCount {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// `width × height`.
        expected: usize,
        /// Cells supplied.
        got: usize,
    },
}

/// The six neighbour offsets, in the fixed order every listing uses: east, north-east,
/// north-west, west, south-west, south-east (north is row 0).
pub const DIRECTIONS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

/// The axial hex at odd-r offset column `col`, row `row`.
pub fn offset_to_hex(col: i32, row: i32) -> Hex {
    // `row >> 1` is floor(row / 2), also for negative rows.
    Hex::new(col - (row >> 1), row)
}

/// The odd-r offset `(col, row)` of a hex; inverse of [`offset_to_hex`].
pub fn hex_to_offset(hex: Hex) -> (i32, i32) {
    (hex.x + (hex.y >> 1), hex.y)
}

/// Hex steps between two hexes (adjacent = 1), saturating at `u32::MAX`.
pub fn distance(a: Hex, b: Hex) -> u32 {
    let [dx, dy, dz] = cube_delta(a, b);
    u32::try_from((dx.abs() + dy.abs() + dz.abs()) / 2).unwrap_or(u32::MAX)
}

/// `b - a` in cube coordinates, widened so no subtraction can overflow.
fn cube_delta(a: Hex, b: Hex) -> [i64; 3] {
    let dx = i64::from(b.x) - i64::from(a.x);
    let dy = i64::from(b.y) - i64::from(a.y);
    [dx, dy, -dx - dy]
}

/// A `width × height` odd-r hex map with one `T` per hex, stored row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexGrid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

impl<T> HexGrid<T> {
    /// A map with every hex set to `fill`.
    pub fn new(width: u32, height: u32, fill: T) -> Result<Self, GridError>
    where
        T: Clone,
    {
        let len = checked_area(width, height)?;
        Ok(HexGrid {
            width,
            height,
            cells: vec![fill; len],
        })
    }

    /// A map from its cells in row-major order (row 0 first, west to east).
    pub fn from_cells(width: u32, height: u32, cells: Vec<T>) -> Result<Self, GridError> {
        let expected = checked_area(width, height)?;
        if cells.len() != expected {
            return Err(GridError::CellCount {
                width,
                height,
                expected,
                got: cells.len(),
            });
        }
        Ok(HexGrid {
            width,
            height,
            cells,
        })
    }

    /// Columns per row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The hex at offset column `col`, row `row` (whether or not it lies on this map).
    pub fn offset_to_hex(&self, col: u32, row: u32) -> Hex {
        let clamp = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        offset_to_hex(clamp(col), clamp(row))
    }

    /// The offset `(col, row)` of a hex on this map, or `None` if it is off the map.
    pub fn hex_to_offset(&self, hex: Hex) -> Option<(u32, u32)> {
        let (col, row) = (i64::from(hex.x) + i64::from(hex.y >> 1), hex.y);
        // A negative value becomes a number above any side, so one test covers both ends.
        let (col, row) = (col as u64, row as u32);
        (col < u64::from(self.width) && row < self.height).then_some((col as u32, row))
    }

    /// Whether the hex lies on this map.
    pub fn contains(&self, hex: Hex) -> bool {
        self.hex_to_offset(hex).is_some()
    }

    fn index(&self, hex: Hex) -> Option<usize> {
        let (col, row) = self.hex_to_offset(hex)?;
        Some(row as usize * self.width as usize + col as usize)
    }

    fn hex_at(&self, index: usize) -> Hex {
        let width = self.width.max(1) as usize;
        // Both parts are below MAX_SIDE, so they fit in i32.
        offset_to_hex((index % width) as i32, (index / width) as i32)
    }

    /// The contents of a hex, or `None` off the map.
    pub fn get(&self, hex: Hex) -> Option<&T> {
        self.index(hex).map(|i| &self.cells[i])
    }

    /// Mutable contents of a hex, or `None` off the map.
    pub fn get_mut(&mut self, hex: Hex) -> Option<&mut T> {
        self.index(hex).map(|i| &mut self.cells[i])
    }

    /// Every hex of the map, row by row from the north, west to east within a row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.cells.len()).map(|i| self.hex_at(i))
    }

    /// Every hex with its contents, in the order of [`HexGrid::hexes`].
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &T)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, cell)| (self.hex_at(i), cell))
    }

    /// The on-map neighbours of a hex, in [`DIRECTIONS`] order. Empty for an off-map hex.
    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        let on_map = self.contains(hex);
        DIRECTIONS
            .iter()
            .filter(move |_| on_map)
            .map(move |&d| hex + d)
            .filter(|&n| self.contains(n))
    }

    /// Hex steps between two hexes; see [`distance`].
    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        distance(a, b)
    }

    /// Whether `a` sees `b` (sk.gap.33), with `blocks` saying which hexes block sight.
    ///
    /// Only on-map hexes between the two ends are given to `blocks`; a line that clips the
    /// ragged edge of the rectangle passes freely over the off-map hexes. The ends never block
    /// (a viewer sees a wall it stands next to). `los(a, b)` is clear exactly when
    /// `los(b, a)` is; a blocked answer names the first blocking hex met walking from `a`
    /// along the [`Nudge::Plus`] line.
    pub fn los(&self, a: Hex, b: Hex, mut blocks: impl FnMut(Hex) -> bool) -> Los<Hex> {
        let mut on_map_blocks = |h: Hex| self.contains(h) && blocks(h);
        two_line_los(|nudge| first_blocker(a, b, nudge, &mut on_map_blocks))
    }

    /// Every hex reachable from `start` for at most `budget`, with its cheapest cost, sorted
    /// by cost and then map order (row by row). `start` comes first at cost 0; an off-map
    /// start gives nothing.
    ///
    /// `cost(from, to)` is the price of one step between neighbours, or `None` if the step is
    /// not allowed.
    pub fn reachable(
        &self,
        start: Hex,
        budget: u32,
        mut cost: impl FnMut(Hex, Hex) -> Option<u32>,
    ) -> Vec<(Hex, u32)> {
        let Some(start) = self.index(start) else {
            return Vec::new();
        };
        let found = path::reachable_dense(self.cells.len(), start, budget, |i, out| {
            let from = self.hex_at(i);
            for to in self.neighbours(from) {
                if let (Some(step), Some(j)) = (cost(from, to), self.index(to)) {
                    out.push((j, step));
                }
            }
        });
        found
            .into_iter()
            .map(|(i, c)| (self.hex_at(i), c))
            .collect()
    }

    /// A cheapest path from `start` to `goal` (both included) and its cost, with the same
    /// `cost` callback as [`HexGrid::reachable`]; `None` if the goal cannot be reached or
    /// either end is off the map.
    pub fn path(
        &self,
        start: Hex,
        goal: Hex,
        mut cost: impl FnMut(Hex, Hex) -> Option<u32>,
    ) -> Option<(Vec<Hex>, u32)> {
        if !self.contains(start) || !self.contains(goal) {
            return None;
        }
        path::shortest_path(start, goal, |from| {
            let mut steps = [None; 6];
            for (slot, to) in steps.iter_mut().zip(self.neighbours(from)) {
                *slot = cost(from, to).map(|c| (to, c));
            }
            steps.into_iter().flatten()
        })
    }
}

fn checked_area(width: u32, height: u32) -> Result<usize, GridError> {
    let area = width as usize * height as usize;
    if width > MAX_SIDE || height > MAX_SIDE || area > MAX_CELLS {
        return Err(GridError::TooLarge { width, height });
    }
    Ok(area)
}

/// Whether `a` sees `b` on an unbounded hex plane: [`HexGrid::los`] without the map edge,
/// so every hex between the ends is given to `blocks`.
pub fn los(a: Hex, b: Hex, mut blocks: impl FnMut(Hex) -> bool) -> Los<Hex> {
    two_line_los(|nudge| first_blocker(a, b, nudge, &mut blocks))
}

/// The hexes strictly between `a` and `b` that the centre-to-centre line crosses, in order
/// from `a`, for the copy of the line shifted to the `nudge` side.
///
/// The shift is a fixed infinitesimal step toward the east (axial `+x`) for [`Nudge::Plus`]
/// and toward the west for [`Nudge::Minus`], the same whichever end the line starts from, so
/// `line(b, a, n)` is `line(a, b, n)` reversed. The two copies differ only for lines that run
/// along a hex edge or through a corner where three hexes meet; a line that only touches a
/// hex at a corner enters it on one side and misses it on the other.
pub fn line(a: Hex, b: Hex, nudge: Nudge) -> HexLine {
    HexLine::new(a, b, nudge)
}

/// Cube offsets of [`DIRECTIONS`].
const CUBE: [[i64; 3]; 6] = [
    [1, 0, -1],
    [1, -1, 0],
    [0, -1, 1],
    [-1, 0, 1],
    [-1, 1, 0],
    [0, 1, -1],
];

const fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The nudge direction: east. A line parallel to it runs through hex centres and edge
/// midpoints and never meets a corner, so shifting east settles every tie (see [`HexLine`]).
const NUDGE: [i64; 3] = CUBE[0];

/// Lines whose every `D · d` is at most this use `i64` keys (they stay below 2^60).
const SHORT: i64 = 1 << 19;

/// The hexes a sight line crosses, walked one edge at a time; see [`line()`].
///
/// Geometry: the hex with centre `h` is the set of points `p` (cube coordinates) with
/// `(p - h) · d <= 1` for all six neighbour offsets `d`. The traced line is
/// `p(t) = A + s·ε·E + t·D` for `t` in `0..=1`, with `D = B - A`, `E` the east offset and `s`
/// the nudge sign. It leaves the current hex through the edge `d` (among the two or three with
/// `D · d > 0`) whose bound it reaches first, at
/// `t_d = (num_d - s·ε·(E · d)) / (D · d)` with `num_d = 1 - (A - h) · d`; stepping to the
/// neighbour `h + e` adds `e · d` to `num_d`.
///
/// All candidates' times are kept over one common denominator (the product of their
/// `D · d`), so each step is a minimum of three integers and three additions. On an exact
/// tie the `ε` terms decide; for two edges that can tie they differ unless `D` is parallel to
/// `E`, and such a line never ties. That fixed `ε` order is folded into each key as a rank
/// in its two lowest bits.
#[derive(Clone, Debug)]
pub struct HexLine {
    walk: Walk,
    done: bool,
}

/// The walk with keys wide enough for the line's length.
#[derive(Clone, Debug)]
enum Walk {
    Short(HexWalk<i64>),
    Long(HexWalk<i128>),
}

#[derive(Clone, Debug)]
struct HexWalk<K> {
    /// Axial position of the current hex and of the far end.
    cur: [i64; 2],
    end: [i64; 2],
    /// Axial step through each candidate exit edge.
    step: [[i64; 2]; 3],
    /// Scaled exit time of each candidate times 4, plus its `ε` rank; `NEVER` for an
    /// unused slot.
    key: [K; 3],
    /// `inc[s][c]`: how `key[c]` changes when the line steps out through candidate `s`.
    inc: [[K; 3]; 3],
    split: bool,
}

/// The forward-facing edges of a line: their directions and rates `D · d`.
struct Candidates {
    dirs: [usize; 3],
    den: [i64; 3],
    count: usize,
}

impl Candidates {
    fn of(delta: [i64; 3]) -> Candidates {
        let mut c = Candidates {
            dirs: [0; 3],
            den: [1; 3],
            count: 0,
        };
        for (i, d) in CUBE.iter().enumerate() {
            let rate = dot(delta, *d);
            // At most three edges face forward along any line.
            if rate > 0 && c.count < 3 {
                c.dirs[c.count] = i;
                c.den[c.count] = rate;
                c.count += 1;
            }
        }
        c
    }

    /// Whether `i64` keys are wide enough for this line.
    fn short(&self) -> bool {
        self.den.iter().all(|&d| d <= SHORT)
    }
}

impl<K: Key> HexWalk<K> {
    fn new(a: Hex, b: Hex, cand: &Candidates, nudge: Nudge) -> Self {
        let n = cand.count;
        let den = cand.den.map(K::from);
        // scale[c] = common denominator / den[c] (unused slots have den 1).
        let scale = [den[1] * den[2], den[0] * den[2], den[0] * den[1]];
        let eps: [K; 3] = std::array::from_fn(|c| {
            K::from(-nudge.sign() * dot(NUDGE, CUBE[cand.dirs[c]])) * scale[c]
        });
        let mut walk = HexWalk {
            cur: [a.x.into(), a.y.into()],
            end: [b.x.into(), b.y.into()],
            step: [[0; 2]; 3],
            key: [K::NEVER; 3],
            inc: [[K::from(0); 3]; 3],
            split: false,
        };
        for c in 0..n {
            let dir = CUBE[cand.dirs[c]];
            let rank = (0..n).filter(|&o| (eps[o], o) < (eps[c], c)).count() as i64;
            walk.step[c] = [dir[0], dir[1]];
            // The line starts at the centre, where every num_d is 1.
            walk.key[c] = scale[c] * K::from(4) + K::from(rank);
            for s in 0..n {
                walk.inc[s][c] = K::from(dot(CUBE[cand.dirs[s]], dir) * 4) * scale[c];
            }
        }
        walk
    }

    /// Steps into the next hex; false once that hex is the far end.
    #[inline]
    fn advance(&mut self) -> bool {
        let k = self.key;
        let best = argmin3(&k);
        // Two edges reached at the same instant: the line passes through a corner.
        let time = k[best] >> 2;
        if k[(best + 1) % 3] >> 2 == time || k[(best + 2) % 3] >> 2 == time {
            self.split = true;
        }
        self.cur[0] += self.step[best][0];
        self.cur[1] += self.step[best][1];
        let inc = self.inc[best];
        self.key = [k[0] + inc[0], k[1] + inc[1], k[2] + inc[2]];
        self.cur != self.end
    }

    /// The current hex; `None` only beyond the i32 range.
    #[inline]
    fn hex(&self) -> Option<Hex> {
        match (i32::try_from(self.cur[0]), i32::try_from(self.cur[1])) {
            (Ok(x), Ok(y)) => Some(Hex::new(x, y)),
            _ => None,
        }
    }

    /// The first hex before the far end for which `blocks` is true, and whether a corner was
    /// passed on the way.
    fn first_blocker(&mut self, blocks: &mut impl FnMut(Hex) -> bool) -> (Option<Hex>, bool) {
        while self.advance() {
            match self.hex() {
                Some(h) if blocks(h) => return (Some(h), self.split),
                Some(_) => {}
                None => break,
            }
        }
        (None, self.split)
    }
}

impl HexLine {
    fn new(a: Hex, b: Hex, nudge: Nudge) -> HexLine {
        let cand = Candidates::of(cube_delta(a, b));
        let walk = if cand.short() {
            Walk::Short(HexWalk::new(a, b, &cand, nudge))
        } else {
            Walk::Long(HexWalk::new(a, b, &cand, nudge))
        };
        HexLine {
            walk,
            done: cand.count == 0,
        }
    }
}

impl Iterator for HexLine {
    type Item = Hex;

    fn next(&mut self) -> Option<Hex> {
        if self.done {
            return None;
        }
        let next = match &mut self.walk {
            Walk::Short(w) => w.advance().then(|| w.hex()).flatten(),
            Walk::Long(w) => w.advance().then(|| w.hex()).flatten(),
        };
        self.done = next.is_none();
        next
    }
}

impl std::iter::FusedIterator for HexLine {}

/// The first hex on the `nudge` line from `a` to `b` for which `blocks` is true, and whether
/// the walk up to it passed through a corner.
fn first_blocker(
    a: Hex,
    b: Hex,
    nudge: Nudge,
    blocks: &mut impl FnMut(Hex) -> bool,
) -> (Option<Hex>, bool) {
    let cand = Candidates::of(cube_delta(a, b));
    if cand.count == 0 {
        (None, false)
    } else if cand.short() {
        HexWalk::<i64>::new(a, b, &cand, nudge).first_blocker(blocks)
    } else {
        HexWalk::<i128>::new(a, b, &cand, nudge).first_blocker(blocks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(a: Hex, b: Hex, nudge: Nudge) -> Vec<Hex> {
        line(a, b, nudge).collect()
    }

    #[test]
    fn offset_layout_is_odd_r() {
        // Odd rows sit half a hex east: (0, 1) is south-east of (0, 0), (0, 2) south-west
        // of (0, 1).
        assert_eq!(offset_to_hex(0, 1), Hex::new(0, 0) + DIRECTIONS[5]);
        assert_eq!(offset_to_hex(0, 2), offset_to_hex(0, 1) + DIRECTIONS[4]);
        assert_eq!(offset_to_hex(3, -1), Hex::new(4, -1));
        assert_eq!(hex_to_offset(offset_to_hex(3, -1)), (3, -1));
        for (col, row) in [(0, 0), (5, 3), (2, 7), (-3, -5)] {
            let h = offset_to_hex(col, row);
            let via_hexx = Hex::from_offset_coordinates(
                [col, row],
                hexx::OffsetHexMode::Odd,
                hexx::HexOrientation::Pointy,
            );
            assert_eq!(h, via_hexx);
        }
    }

    #[test]
    fn grid_rejects_bad_sizes() {
        assert!(matches!(
            HexGrid::new(MAX_SIDE + 1, 1, 0u8),
            Err(GridError::TooLarge { .. })
        ));
        assert!(matches!(
            HexGrid::new(MAX_SIDE, MAX_SIDE, 0u8),
            Err(GridError::TooLarge { .. })
        ));
        assert_eq!(
            HexGrid::from_cells(2, 2, vec![0u8; 3]),
            Err(GridError::CellCount {
                width: 2,
                height: 2,
                expected: 4,
                got: 3
            })
        );
    }

    #[test]
    fn neighbours_stay_on_the_map_in_fixed_order() {
        let map = HexGrid::new(3, 3, ()).unwrap();
        let corner = map.offset_to_hex(0, 0);
        let got: Vec<_> = map
            .neighbours(corner)
            .map(|h| map.hex_to_offset(h).unwrap())
            .collect();
        assert_eq!(got, vec![(1, 0), (0, 1)]);
        let centre = map.offset_to_hex(1, 1);
        assert_eq!(map.neighbours(centre).count(), 6);
        assert_eq!(map.neighbours(Hex::new(i32::MAX, i32::MAX)).count(), 0);
    }

    #[test]
    fn sk_gap_33_line_along_a_straight_row_crosses_each_hex_once() {
        let a = Hex::new(0, 0);
        let b = Hex::new(4, 0);
        let expected: Vec<_> = (1..4).map(|x| Hex::new(x, 0)).collect();
        assert_eq!(collect(a, b, Nudge::Plus), expected);
        assert_eq!(collect(a, b, Nudge::Minus), expected);
    }

    #[test]
    fn sk_gap_33_line_along_an_edge_takes_either_side() {
        // Cube (1, 1, -2) is a corner direction: the line runs along the edge shared by
        // (1, 0) and (0, 1).
        let a = Hex::new(0, 0);
        let b = Hex::new(1, 1);
        let plus = collect(a, b, Nudge::Plus);
        let minus = collect(a, b, Nudge::Minus);
        assert_eq!(plus, vec![Hex::new(1, 0)]);
        assert_eq!(minus, vec![Hex::new(0, 1)]);
        let one = |h: Hex| h == Hex::new(1, 0);
        assert!(los(a, b, one).is_clear(), "ties favour the attacker");
        let both = |h: Hex| h == Hex::new(1, 0) || h == Hex::new(0, 1);
        assert_eq!(los(a, b, both), Los::Blocked { by: Hex::new(1, 0) });
    }

    #[test]
    fn sk_gap_33_line_through_a_corner_touches_the_third_hex_on_one_side_only() {
        // Ten steps east and one north-east. The line meets two corners: where (3, 0), (4, 0)
        // and (4, -1) touch, and (by symmetry about its middle) where (7, -1), (7, 0) and
        // (8, -1) touch. Each copy of the line enters one corner hex and misses the other.
        let a = Hex::new(0, 0);
        let b = Hex::new(11, -1);
        let plus = collect(a, b, Nudge::Plus);
        let minus = collect(a, b, Nudge::Minus);
        let only = |x: &[Hex], y: &[Hex]| -> Vec<Hex> {
            x.iter().filter(|h| !y.contains(h)).copied().collect()
        };
        assert_eq!(only(&plus, &minus), vec![Hex::new(7, 0)]);
        assert_eq!(only(&minus, &plus), vec![Hex::new(4, -1)]);
        // Between the corners the line weaves along the seam of two rows, so it crosses
        // more hexes than the 10 a sampled hex line would list.
        assert_eq!(plus.len(), 13);
        assert!(los(a, b, |h| h == Hex::new(4, -1)).is_clear());
        assert!(los(a, b, |h| h == Hex::new(7, 0)).is_clear());
        let both = |h: Hex| h == Hex::new(4, -1) || h == Hex::new(7, 0);
        assert_eq!(los(a, b, both), Los::Blocked { by: Hex::new(7, 0) });
        assert_eq!(los(b, a, both), Los::Blocked { by: Hex::new(7, 0) });
    }

    #[test]
    fn lines_are_connected_and_reverse_exactly() {
        let a = Hex::new(-3, 2);
        for b in Hex::new(0, 0).range(6) {
            for nudge in Nudge::BOTH {
                let fwd = collect(a, b, nudge);
                let mut back = collect(b, a, nudge);
                back.reverse();
                assert_eq!(fwd, back, "{a:?} -> {b:?} {nudge:?}");
                let mut prev = a;
                let end = (a != b).then_some(&b);
                for &h in fwd.iter().chain(end) {
                    assert_eq!(distance(prev, h), 1, "{a:?} -> {b:?}: gap at {h:?}");
                    prev = h;
                }
            }
        }
        assert!(collect(a, a, Nudge::Plus).is_empty());
    }

    #[test]
    fn narrow_and_wide_keys_walk_the_same_line() {
        let a = Hex::new(-2, 1);
        for b in Hex::new(1, -1).range(7) {
            let cand = Candidates::of(cube_delta(a, b));
            if cand.count == 0 {
                continue;
            }
            for nudge in Nudge::BOTH {
                let mut narrow = HexWalk::<i64>::new(a, b, &cand, nudge);
                let mut wide = HexWalk::<i128>::new(a, b, &cand, nudge);
                loop {
                    let more = narrow.advance();
                    assert_eq!(more, wide.advance());
                    assert_eq!((narrow.cur, narrow.split), (wide.cur, wide.split));
                    if !more {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn extreme_coordinates_neither_overflow_nor_panic() {
        let a = Hex::new(i32::MIN, i32::MAX);
        let b = Hex::new(i32::MAX, i32::MIN);
        assert!(line(a, b, Nudge::Plus).take(5).count() <= 5);
        assert_eq!(distance(a, b), u32::MAX);
        assert!(los(a, Hex::new(i32::MIN + 1, i32::MAX), |_| true).is_clear());
    }
}
