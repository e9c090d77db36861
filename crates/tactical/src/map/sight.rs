//! Line of sight, what a unit can see, and sight kept up to date as units move.
//!
//! The one geometric rule (`tac.los.common-sense`, our reading of `tac.gap.67`): sight runs
//! along the straight line between the centres of two squares, in 3D, with a level one
//! square tall. It is stopped by
//! - a wall or closed door on an edge it crosses (windows, fences and open doors let it
//!   through: `tac.map.wall`, `tac.los.see-through`, `tac.map.door`);
//! - a floor it passes through, unless that floor is an elevator (`tac.map.floor-los`);
//! - a full-height object in a square strictly between the two ends (`tac.los.blockers`);
//! - four squares of obstruction strictly between: low objects, smoke, and units other than
//!   the two ends that are not lying down (`tac.los.obstruction`, `tac.smoke.los`,
//!   `tac.gap.7`);
//! - between different levels, the higher of the two standing more than three squares back
//!   from the edge of its level (`tac.los.elevation`): its square must be within four
//!   squares of a floorless square of its level;
//! - a slope raised two thirds of a level above a kneeling unit's own floor in the square
//!   next to it along the line, when the other end is not higher (`tac.los.partial-level`).
//!
//! Slopes are otherwise flat for sight. A line that grazes a lattice edge or corner is traced
//! on both sides of it and sight is clear if either is (as in core's `square::los`). Every
//! part of the rule is the same from either end, so sight is symmetric: `a` sees `b` exactly
//! when `b` sees `a`, before facing and range are applied. A 2 × 2 unit is seen if any of its
//! squares is, from any square of the viewer.
//!
//! The source gives no field of view or sight range (`tac.los.required` only asks for an
//! unobstructed line), so by default a unit sees all round without limit; [`SightRules`]
//! also offers the original X-COM's reading, a 90° cone ahead and 20 squares.

use super::battlefield::{Battlefield, SEE_BLOCK, SEE_FLOOR, SEE_LOW};
use super::step::{Footprint, Size};
use serde::{Deserialize, Serialize};
use squadsight_core::los::Nudge;
use squadsight_core::square::{Dir, Pos, walk_line};

/// One of eight facings, 45° apart, clockwise from north (`tac.gap.4`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Facing {
    /// Toward row `y - 1`.
    #[default]
    N,
    /// North-east.
    NE,
    /// Toward column `x + 1`.
    E,
    /// South-east.
    SE,
    /// Toward row `y + 1`.
    S,
    /// South-west.
    SW,
    /// Toward column `x - 1`.
    W,
    /// North-west.
    NW,
}

impl Facing {
    /// All eight, clockwise from north.
    pub const ALL: [Facing; 8] = [
        Facing::N,
        Facing::NE,
        Facing::E,
        Facing::SE,
        Facing::S,
        Facing::SW,
        Facing::W,
        Facing::NW,
    ];

    /// `(dx, dy)` of one step this way.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Facing::N => (0, -1),
            Facing::NE => (1, -1),
            Facing::E => (1, 0),
            Facing::SE => (1, 1),
            Facing::S => (0, 1),
            Facing::SW => (-1, 1),
            Facing::W => (-1, 0),
            Facing::NW => (-1, -1),
        }
    }

    /// The facing of a step `(dx, dy)` (signs only), if it is one of the eight.
    pub fn of_step(dx: i32, dy: i32) -> Option<Facing> {
        let (sx, sy) = (dx.signum(), dy.signum());
        Facing::ALL.into_iter().find(|f| f.offset() == (sx, sy))
    }
}

/// What a unit can see around it (not in the source; see the module header).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VisionArc {
    /// All round: the source's rule.
    #[default]
    All,
    /// 45° either side of the facing (the original X-COM).
    Cone90,
}

/// The table's sight settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SightRules {
    /// Field of view.
    pub arc: VisionArc,
    /// Sight range in squares (Euclidean, a level counting one square, rounded to the
    /// nearest: `tac.gap.6`); `None` is unlimited.
    pub range: Option<u32>,
    /// Squares of obstruction that block sight (`tac.los.obstruction`: 4).
    pub obstruction_limit: u8,
    /// How far (counting its own square) from the edge of its level the higher of two units
    /// on different levels may stand and still be seen (`tac.los.elevation`: 4, i.e. three
    /// squares between it and the drop); `None` switches the check off.
    pub level_edge: Option<u8>,
}

impl Default for SightRules {
    fn default() -> Self {
        SightRules {
            arc: VisionArc::All,
            range: None,
            obstruction_limit: 4,
            level_edge: Some(4),
        }
    }
}

impl SightRules {
    /// The original X-COM's reading: a 90° cone, 20 squares.
    pub const XCOM: SightRules = SightRules {
        arc: VisionArc::Cone90,
        range: Some(20),
        obstruction_limit: 4,
        level_edge: Some(4),
    };
}

/// A unit's body for sight: where it is, how big, and whether it kneels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Body {
    /// Its north-west square.
    pub pos: Pos,
    /// One square or 2 × 2.
    pub size: Size,
    /// Kneeling (`tac.move.kneel-effects`).
    pub kneeling: bool,
}

impl Body {
    /// A standing one-square body.
    pub const fn at(pos: Pos) -> Body {
        Body {
            pos,
            size: Size::One,
            kneeling: false,
        }
    }

    /// Centre in doubled coordinates (so it is an integer for both sizes).
    fn centre2(&self) -> (i64, i64, i64) {
        let n = i64::from(self.size.side());
        (
            2 * i64::from(self.pos.x) + n,
            2 * i64::from(self.pos.y) + n,
            2 * i64::from(self.pos.z) + 1,
        )
    }
}

/// What stops a line of sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SightBlock {
    /// A wall or closed door on side `Dir` of this square (`tac.map.wall`).
    Edge(Pos, Dir),
    /// The floor under this square (`tac.map.floor-los`).
    Floor(Pos),
    /// A full-height object in this square (`tac.los.blockers`).
    Object(Pos),
    /// Four or more squares of obstruction (`tac.los.obstruction`).
    Obstruction,
    /// The higher unit stands too far back from the edge of its level (`tac.los.elevation`).
    LevelEdge(Pos),
    /// A kneeling unit is behind a slope two thirds high (`tac.los.partial-level`).
    SlopeCover(Pos),
    /// Outside the viewer's field of view.
    OutOfArc,
    /// Beyond the sight range.
    OutOfRange,
    /// One of the two is not on the map.
    OffMap,
}

/// The answer to "does this line of sight exist?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sight {
    /// Whether it exists.
    pub clear: bool,
    /// Squares of obstruction on the best clear line (each is -5 to hit:
    /// `tac.ranged.mod.obstruction`); on a blocked line, the fewest found on a line stopped
    /// by nothing else (capped a little above the limit).
    pub obstruction: u8,
    /// What stops it, when it does not exist (the first thing met from the viewer).
    pub blocked_by: Option<SightBlock>,
}

impl Sight {
    const CLEAR: Sight = Sight {
        clear: true,
        obstruction: 0,
        blocked_by: None,
    };

    fn blocked(by: SightBlock, obstruction: u8) -> Sight {
        Sight {
            clear: false,
            obstruction,
            blocked_by: Some(by),
        }
    }
}

/// A set of squares of one map, as bits in map order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// An empty set for a map of `cells` squares.
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            words: vec![0; cells.div_ceil(64)],
        }
    }

    /// Adds a square by index.
    pub fn insert(&mut self, index: usize) {
        if let Some(w) = self.words.get_mut(index / 64) {
            *w |= 1 << (index % 64);
        }
    }

    /// Whether the square with this index is in the set.
    pub fn contains(&self, index: usize) -> bool {
        self.words
            .get(index / 64)
            .is_some_and(|w| w >> (index % 64) & 1 == 1)
    }

    /// Adds every square of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The indices in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// How much a line's count of obstruction may go above the limit before tracing stops (so
/// that [`Vision`] can tell which pairs one moving unit could change).
const COUNT_SLACK: u8 = 4;

/// The outcome of tracing one line.
enum Trace {
    /// Stopped by something other than obstruction.
    Hard(SightBlock),
    /// Not hard-blocked; this many squares of obstruction (capped at limit + slack).
    Soft(u8),
}

impl Battlefield {
    /// Whether the line of sight between two bodies exists, ignoring facing and range
    /// (symmetric: `line_of_sight(a, b)` and `line_of_sight(b, a)` agree on `clear` and
    /// `obstruction`). `occupied` says which squares hold a unit that obstructs (not lying
    /// down); the squares of `a` and `b` never count.
    pub fn line_of_sight(
        &self,
        a: Body,
        b: Body,
        rules: &SightRules,
        occupied: impl Fn(Pos) -> bool,
    ) -> Sight {
        self.soft_sight(a, b, rules, &occupied).0
    }

    /// Whether `viewer`, facing `facing`, sees `target`: in its field of view and range and
    /// with a line of sight (`tac.los.required`).
    pub fn sees(
        &self,
        viewer: Body,
        facing: Facing,
        target: Body,
        rules: &SightRules,
        occupied: impl Fn(Pos) -> bool,
    ) -> Sight {
        if let Some(block) = view_limit(viewer, facing, target, rules) {
            return Sight::blocked(block, 0);
        }
        self.line_of_sight(viewer, target, rules, occupied)
    }

    /// Every square `viewer` (facing `facing`) can see, its own included: the squares with
    /// something in them (a floor or an object) where a one-square standing body would be
    /// seen (`tac.los.required`). Empty air holds nothing to show; a unit flying there is
    /// seen or not by [`Vision`]. This is the exact per-unit field fog of war is made of.
    pub fn sight_field(
        &self,
        viewer: Body,
        facing: Facing,
        rules: &SightRules,
        occupied: impl Fn(Pos) -> bool,
    ) -> CellSet {
        let mut set = CellSet::new(self.cell_count());
        let own = self.footprint(viewer.pos, viewer.size);
        for i in 0..self.cell_count() {
            let p = self.pos_at(i);
            let target = Body::at(p);
            if own.contains(p) {
                set.insert(i);
                continue;
            }
            if self.s.squares[i].floor.is_none() && self.s.squares[i].object.is_none() {
                continue;
            }
            if view_limit(viewer, facing, target, rules).is_some() {
                continue;
            }
            if self.soft_sight(viewer, target, rules, &occupied).0.clear {
                set.insert(i);
            }
        }
        set
    }

    /// Sight between two bodies and the smallest obstruction count of any line not
    /// hard-blocked (`None` if every line is hard-blocked).
    fn soft_sight(
        &self,
        a: Body,
        b: Body,
        rules: &SightRules,
        occupied: &impl Fn(Pos) -> bool,
    ) -> (Sight, Option<u8>) {
        let limit = rules.obstruction_limit;
        // tac.los.elevation: the higher end must stand near the edge of its level. A 2 × 2
        // unit across the break of a ramp counts as on the upper level here, by its block
        // there (its squares over the stairwell are the level's edge).
        if a.pos.z != b.pos.z
            && let Some(max) = rules.level_edge
        {
            let high = if a.pos.z > b.pos.z { a } else { b };
            let near = high
                .size
                .cells(high.pos)
                .map(|c| self.edge_distance(c))
                .min()
                .unwrap_or(0);
            if near > max {
                return (Sight::blocked(SightBlock::LevelEdge(high.pos), 0), None);
            }
        }
        let mut best: Option<u8> = None;
        let mut first_block: Option<SightBlock> = None;
        // Lines run between the squares the two bodies stand on, each on its own level (a
        // 2 × 2 unit across the break of a ramp: tac.unit.size, tac.map.slope).
        let ends = (self.footprint(a.pos, a.size), self.footprint(b.pos, b.size));
        for ca in ends.0 {
            for cb in ends.1 {
                for nudge in Nudge::BOTH {
                    let (trace, grazed) = self.trace(ca, cb, nudge, (a, b), ends, rules, occupied);
                    match trace {
                        Trace::Soft(n) => {
                            best = Some(best.map_or(n, |m| m.min(n)));
                            if n < limit {
                                // A clear line: nothing can beat 0, so stop early then.
                                if n == 0 {
                                    return (Sight::CLEAR, best);
                                }
                            } else if first_block.is_none() {
                                first_block = Some(SightBlock::Obstruction);
                            }
                        }
                        Trace::Hard(block) => {
                            if first_block.is_none() {
                                first_block = Some(block);
                            }
                        }
                    }
                    if !grazed {
                        // Both copies of the line cross the same things.
                        break;
                    }
                }
            }
        }
        match best {
            Some(n) if n < limit => (
                Sight {
                    clear: true,
                    obstruction: n,
                    blocked_by: None,
                },
                best,
            ),
            _ => (
                Sight::blocked(
                    first_block.unwrap_or(SightBlock::Obstruction),
                    best.unwrap_or(0),
                ),
                best,
            ),
        }
    }

    /// Traces one copy of the line from square `ca` of `a` to square `cb` of `b` (`ends`:
    /// the squares each stands on). Returns what it met and whether the line grazed a
    /// lattice edge or corner before the end of what was traced (if not, the other copy
    /// would meet the same).
    #[allow(clippy::too_many_arguments)]
    fn trace(
        &self,
        ca: Pos,
        cb: Pos,
        nudge: Nudge,
        (a, b): (Body, Body),
        ends: (Footprint, Footprint),
        rules: &SightRules,
        occupied: &impl Fn(Pos) -> bool,
    ) -> (Trace, bool) {
        let s = &self.s;
        let cap = rules.obstruction_limit.saturating_add(COUNT_SLACK);
        let mut count = 0u8;
        let mut first_cell: Option<Pos> = None;
        let mut last_cell: Option<Pos> = None;
        // Both ends are on the map and the line stays in the box they span, so the walk can
        // follow the cell index instead of looking every crossing up by position.
        let Some(mut idx) = s.index(ca) else {
            return (Trace::Hard(SightBlock::OffMap), false);
        };
        let stride = [1, s.width as usize, (s.width * s.height) as usize];
        let smoky = !self.smoke.is_empty();
        let mut at = ca;
        let mut stop: Option<Trace> = None;
        let grazed = walk_line(ca, cb, nudge, |axis, up| {
            let from = at;
            let next = if up {
                idx + stride[axis]
            } else {
                idx.wrapping_sub(stride[axis])
            };
            // An edge is stored with the cell on its west or north side, a floor with the
            // cell above it.
            let low = idx.min(next);
            let blocked = match axis {
                0 => s.east.get(low).is_some_and(|&e| self.side_blocks_sight(e)),
                1 => s.south.get(low).is_some_and(|&e| self.side_blocks_sight(e)),
                _ => s
                    .sight
                    .get(idx.max(next))
                    .is_some_and(|b| b & SEE_FLOOR != 0),
            };
            let d = if up { 1 } else { -1 };
            match axis {
                0 => at.x += d,
                1 => at.y += d,
                _ => at.z += d,
            }
            if blocked {
                stop = Some(Trace::Hard(match axis {
                    0 => SightBlock::Edge(from, if up { Dir::East } else { Dir::West }),
                    1 => SightBlock::Edge(from, if up { Dir::South } else { Dir::North }),
                    _ => SightBlock::Floor(if up { at } else { from }),
                }));
                return false;
            }
            idx = next;
            if at == cb || ends.0.contains(at) || ends.1.contains(at) {
                return true;
            }
            let bits = s.sight.get(idx).copied().unwrap_or(0);
            if bits & SEE_BLOCK != 0 {
                stop = Some(Trace::Hard(SightBlock::Object(at)));
                return false;
            }
            if first_cell.is_none() {
                first_cell = Some(at);
            }
            last_cell = Some(at);
            if bits & SEE_LOW != 0 || (smoky && self.smoke_at(at).is_some()) || occupied(at) {
                count += 1;
                if count >= cap {
                    stop = Some(Trace::Soft(count));
                    return false;
                }
            }
            true
        });
        if let Some(trace) = stop {
            return (trace, grazed);
        }
        // tac.los.partial-level: a kneeling unit behind a slope two thirds high.
        for (end, other, next) in [(a, b, first_cell), (b, a, last_cell)] {
            if end.kneeling
                && other.pos.z <= end.pos.z
                && let Some(p) = next
                && p.z == end.pos.z
            {
                let own = self.square(end.pos).map_or(0, |q| q.slope);
                let there = self.square(p).map_or(0, |q| q.slope);
                if there >= own + 2 {
                    return (Trace::Hard(SightBlock::SlopeCover(p)), grazed);
                }
            }
        }
        (Trace::Soft(count), grazed)
    }
}

/// Whether `target` lies outside `viewer`'s field of view or range (`None` if inside).
pub fn view_limit(
    viewer: Body,
    facing: Facing,
    target: Body,
    rules: &SightRules,
) -> Option<SightBlock> {
    let (vx, vy, vz) = viewer.centre2();
    let (tx, ty, tz) = target.centre2();
    let (dx, dy, dz) = (tx - vx, ty - vy, tz - vz);
    if let Some(r) = rules.range {
        // Rounded to the nearest square: distance < r + 1/2, in doubled units.
        let lim = 2 * i64::from(r) + 1;
        if dx * dx + dy * dy + dz * dz >= lim * lim {
            return Some(SightBlock::OutOfRange);
        }
    }
    if rules.arc == VisionArc::Cone90 {
        let (fx, fy) = facing.offset();
        let (fx, fy) = (i64::from(fx), i64::from(fy));
        let dot = dx * fx + dy * fy;
        let cross = dx * fy - dy * fx;
        if (dx, dy) != (0, 0) && (dot < 0 || cross.abs() > dot) {
            return Some(SightBlock::OutOfArc);
        }
    }
    None
}

/// A unit as sight sees it: its body, facing, and whether it obstructs others' sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Looker {
    /// Where it is.
    pub body: Body,
    /// Which way it faces.
    pub facing: Facing,
    /// Whether it counts as obstruction for lines past it (not when lying down:
    /// `tac.gap.7`).
    pub obstructs: bool,
}

/// Line of sight between every pair of units, kept up to date as they move.
///
/// Sight is symmetric, so one entry per pair is kept. When a unit moves, turns, kneels or
/// stands, [`Vision::moved`] retraces its own pairs, plus those other pairs whose lines the
/// move could tip across the obstruction limit (its squares may enter or leave their lines);
/// when the map changes (a door, a wall, smoke), [`Vision::refresh`] retraces all. The
/// answers are always those of [`Battlefield::line_of_sight`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vision {
    n: usize,
    /// Upper triangle, row-major: pair `(i, j)` with `i < j`.
    pairs: Vec<PairSight>,
    /// The obstruction limit the pairs were judged by.
    limit: u8,
}

/// What is known of one pair: the fewest squares of obstruction on any of its lines not
/// stopped by anything else lies in `lo..=hi` (`None`: every line is stopped by a wall, floor,
/// object, the level edge or slope cover, which no unit's move changes). Exact after a
/// trace; a move that does not retrace the pair widens the range by the squares the mover
/// covers, since that is the most it can add to or take from any one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PairSight {
    soft: Option<(u8, u8)>,
}

impl PairSight {
    fn clear(self, limit: u8) -> bool {
        self.soft.is_some_and(|(_, hi)| hi < limit)
    }

    /// Whether a change of up to `k` squares could make the pair's answer unknown.
    fn unsure(self, limit: u8, k: u8) -> bool {
        self.soft
            .is_some_and(|(lo, hi)| lo.saturating_sub(k) < limit && hi.saturating_add(k) >= limit)
    }
}

impl Vision {
    /// Sight between every pair of `units`.
    pub fn new(bf: &Battlefield, units: &[Looker], rules: &SightRules) -> Vision {
        let n = units.len();
        let mut v = Vision {
            n,
            pairs: vec![PairSight { soft: None }; n * n.saturating_sub(1) / 2],
            limit: rules.obstruction_limit,
        };
        v.refresh(bf, units, rules);
        v
    }

    fn slot(&self, i: usize, j: usize) -> Option<usize> {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        (i != j && j < self.n).then(|| i * (2 * self.n - i - 1) / 2 + (j - i - 1))
    }

    /// Retraces every pair (after the map changed).
    pub fn refresh(&mut self, bf: &Battlefield, units: &[Looker], rules: &SightRules) {
        self.limit = rules.obstruction_limit;
        let occ = occupancy(bf, units);
        for i in 0..self.n {
            for j in i + 1..self.n {
                self.retrace(bf, units, rules, &occ, i, j);
            }
        }
    }

    /// Unit `who` has moved, turned, knelt or stood up (its new state is in `units`);
    /// `from` is the body it had before. Retraces the pairs that could have changed and
    /// returns them as `(i, j)`, `i < j`, in order.
    pub fn moved(
        &mut self,
        bf: &Battlefield,
        units: &[Looker],
        rules: &SightRules,
        who: usize,
        from: Body,
    ) -> Vec<(usize, usize)> {
        let occ = occupancy(bf, units);
        let mut touched = Vec::new();
        let squares = units.get(who).map_or(0, |u| {
            let n = u.body.size.side() as u8;
            n * n
        });
        let k = squares.max(from.size.side() as u8 * from.size.side() as u8);
        let limit = rules.obstruction_limit;
        self.limit = limit;
        for i in 0..self.n {
            for j in i + 1..self.n {
                let Some(slot) = self.slot(i, j) else {
                    continue;
                };
                if i == who || j == who || self.pairs[slot].unsure(limit, k) {
                    self.retrace(bf, units, rules, &occ, i, j);
                    touched.push((i, j));
                } else if let Some((lo, hi)) = self.pairs[slot].soft {
                    // Still certain; what is known widens by what the mover could change.
                    self.pairs[slot].soft = Some((lo.saturating_sub(k), hi.saturating_add(k)));
                }
            }
        }
        touched
    }

    fn retrace(
        &mut self,
        bf: &Battlefield,
        units: &[Looker],
        rules: &SightRules,
        occ: &super::sight::CellSet,
        i: usize,
        j: usize,
    ) {
        let Some(slot) = self.slot(i, j) else { return };
        let (a, b) = (units[i].body, units[j].body);
        let occupied = |p: Pos| bf.index(p).is_some_and(|x| occ.contains(x));
        let (_, soft) = bf.soft_sight(a, b, rules, &occupied);
        self.pairs[slot] = PairSight {
            soft: soft.map(|n| (n, n)),
        };
    }

    /// Whether there is a line of sight between units `i` and `j` (either order), exactly
    /// as [`Battlefield::line_of_sight`] would say; `None` for a unit that is not there. For
    /// a shot's obstruction count, ask the battlefield (it is cheap).
    pub fn los(&self, i: usize, j: usize) -> Option<bool> {
        self.slot(i, j).map(|s| self.pairs[s].clear(self.limit))
    }

    /// The full line of sight from unit `i` to unit `j`, traced now with every other unit as
    /// obstruction: what a shot needs (its obstruction count is -5 a square,
    /// `tac.ranged.mod.obstruction`). `None` for a unit that is not there.
    pub fn shot_sight(
        &self,
        bf: &Battlefield,
        units: &[Looker],
        rules: &SightRules,
        i: usize,
        j: usize,
    ) -> Option<Sight> {
        self.shot_sight_among(bf, units, rules, i, j, |_| true)
    }

    /// The line of sight from unit `i` to unit `j` with only the units `counts` admits as
    /// obstruction (a seat's knowledge: the units it sees). `None` for a unit that is not
    /// there.
    pub fn shot_sight_among(
        &self,
        bf: &Battlefield,
        units: &[Looker],
        rules: &SightRules,
        i: usize,
        j: usize,
        counts: impl Fn(usize) -> bool,
    ) -> Option<Sight> {
        let (a, b) = (units.get(i)?, units.get(j)?);
        let occ = occupancy_among(bf, units, counts);
        let occupied = |p: Pos| bf.index(p).is_some_and(|x| occ.contains(x));
        Some(bf.line_of_sight(a.body, b.body, rules, occupied))
    }

    /// Whether unit `i` does not see unit `j` only because of obstruction: `j` is in `i`'s
    /// field of view and range, and some line between them is stopped by nothing but four or
    /// more squares of obstruction. Only such a pair can change when some units are left out
    /// of the count (taking obstructers away never adds obstruction, and walls, floors,
    /// objects, level edges and slopes do not move with units): trace it again with
    /// [`Vision::shot_sight_among`].
    pub fn obstructed(&self, units: &[Looker], rules: &SightRules, i: usize, j: usize) -> bool {
        let (Some(a), Some(b), Some(slot)) = (units.get(i), units.get(j), self.slot(i, j)) else {
            return false;
        };
        let pair = self.pairs[slot];
        pair.soft.is_some()
            && !pair.clear(self.limit)
            && view_limit(a.body, a.facing, b.body, rules).is_none()
    }

    /// Whether unit `i` sees unit `j`: line of sight, field of view and range.
    pub fn sees(&self, units: &[Looker], rules: &SightRules, i: usize, j: usize) -> bool {
        let (Some(a), Some(b)) = (units.get(i), units.get(j)) else {
            return false;
        };
        // The pair's stored answer first: it is one load, and most pairs on a map of walls
        // have none.
        self.los(i, j) == Some(true) && view_limit(a.body, a.facing, b.body, rules).is_none()
    }

    /// Marks unit `j` as seen by no unit and seeing none, whatever the map says, until its
    /// pairs are traced again: how a seat's observation keeps a unit it knows the square of
    /// but does not see (observe.rs).
    pub fn blind(&mut self, j: usize) {
        for i in (0..self.n).filter(|&i| i != j) {
            if let Some(slot) = self.slot(i, j) {
                self.pairs[slot].soft = None;
            }
        }
    }

    /// The units `i` sees, ascending.
    pub fn seen_by(&self, units: &[Looker], rules: &SightRules, i: usize) -> Vec<usize> {
        (0..self.n)
            .filter(|&j| j != i && self.sees(units, rules, i, j))
            .collect()
    }
}

/// The squares holding an obstructing unit.
fn occupancy(bf: &Battlefield, units: &[Looker]) -> CellSet {
    occupancy_among(bf, units, |_| true)
}

/// The squares holding an obstructing unit that `counts` admits (by index).
fn occupancy_among(bf: &Battlefield, units: &[Looker], counts: impl Fn(usize) -> bool) -> CellSet {
    let mut set = CellSet::new(bf.cell_count());
    for (_, u) in units
        .iter()
        .enumerate()
        .filter(|(k, u)| u.obstructs && counts(*k))
    {
        for c in bf.footprint(u.body.pos, u.body.size) {
            if let Some(i) = bf.index(c) {
                set.insert(i);
            }
        }
    }
    set
}

/// The fog of war of one seat: the squares its units see now, and every square any of them
/// has seen (the terrain a seat remembers).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatView {
    /// Squares seen now.
    pub visible: CellSet,
    /// Squares ever seen.
    pub explored: CellSet,
}

impl SeatView {
    /// A seat that has seen nothing yet, on a map of `cells` squares.
    pub fn new(cells: usize) -> SeatView {
        SeatView {
            visible: CellSet::new(cells),
            explored: CellSet::new(cells),
        }
    }

    /// Recomputes what the seat sees now from the units that see for it (its own and its
    /// allies'), each a [`Looker`]; `units` are all units on the map, for obstruction.
    pub fn update(
        &mut self,
        bf: &Battlefield,
        eyes: &[Looker],
        units: &[Looker],
        rules: &SightRules,
    ) {
        let occ = occupancy(bf, units);
        let mut now = CellSet::new(bf.cell_count());
        for eye in eyes {
            let occupied = |p: Pos| bf.index(p).is_some_and(|x| occ.contains(x));
            now.union_with(&bf.sight_field(eye.body, eye.facing, rules, occupied));
        }
        self.explored.union_with(&now);
        self.visible = now;
    }

    /// Whether the seat sees the square now.
    pub fn sees(&self, bf: &Battlefield, p: Pos) -> bool {
        bf.index(p).is_some_and(|i| self.visible.contains(i))
    }
}
