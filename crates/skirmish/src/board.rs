//! The map as play uses it: hex ratings by index, precomputed neighbours and axial
//! coordinates, and the two searches that run on every legal-action listing — reachable hexes
//! and line of sight — without allocating.
//!
//! Line of sight itself is traced by [`squadsight_core::hex::los`]; this module only says which
//! hexes block for a given viewer (sk.los.elevation-block, sk.los.through-units).

use crate::catalog::Scenario;
use crate::state::HexId;
use squadsight_core::hash::StableHasher;
use squadsight_core::hex::{self, DIRECTIONS, Hex};
use squadsight_core::los::Nudge;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

/// Flyers are always at this elevation (sk.los.flyer-elevation).
pub const FLYER_ELEVATION: u8 = 6;

const NONE: u16 = u16::MAX;

/// A scenario's map and the names of its two sides, fixed for the whole game: one hex map
/// with one space per hex (sk.map.hex-grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    names: [String; 2],
    width: u8,
    height: u8,
    terrain: Vec<u8>,
    elevation: Vec<u8>,
    axial: Vec<Hex>,
    neighbours: Vec<[u16; 6]>,
    fingerprint: u64,
}

impl Hash for Board {
    /// The map never changes in a game, so its fingerprint stands in for its contents.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.fingerprint.hash(state);
    }
}

impl Board {
    /// Builds the board of a validated scenario.
    pub fn new(scenario: &Scenario) -> Board {
        let (w, h) = (scenario.width, scenario.height);
        let len = usize::from(w) * usize::from(h);
        let mut terrain = Vec::with_capacity(len);
        let mut elevation = Vec::with_capacity(len);
        for i in 0..len {
            let r = scenario.hexes.get(i).copied();
            // sk.gap.2: a hex without ratings counts as 1/1.
            terrain.push(r.map_or(1, |r| r.terrain));
            elevation.push(r.map_or(1, |r| r.elevation));
        }
        let mut board = Board::from_ratings(w, h, terrain, elevation);
        board.names = [
            scenario.sides[0].name.clone(),
            scenario.sides[1].name.clone(),
        ];
        board.fingerprint = board.compute_fingerprint();
        board
    }

    fn compute_fingerprint(&self) -> u64 {
        let mut h = StableHasher::default();
        (
            &self.names,
            self.width,
            self.height,
            &self.terrain,
            &self.elevation,
        )
            .hash(&mut h);
        h.finish()
    }

    /// Builds a board from ratings given row by row.
    pub fn from_ratings(width: u8, height: u8, terrain: Vec<u8>, elevation: Vec<u8>) -> Board {
        let len = usize::from(width) * usize::from(height);
        let mut axial = Vec::with_capacity(len);
        for i in 0..len {
            let (col, row) = (i % usize::from(width.max(1)), i / usize::from(width.max(1)));
            axial.push(hex::offset_to_hex(col as i32, row as i32));
        }
        let mut board = Board {
            names: ["Side 1".to_string(), "Side 2".to_string()],
            width,
            height,
            terrain,
            elevation,
            axial,
            neighbours: Vec::with_capacity(len),
            fingerprint: 0,
        };
        for i in 0..len {
            let a = board.axial[i];
            let mut n = [NONE; 6];
            for (slot, d) in n.iter_mut().zip(DIRECTIONS) {
                if let Some(id) = board.id_of(a + d) {
                    *slot = id.0;
                }
            }
            board.neighbours.push(n);
        }
        board.fingerprint = board.compute_fingerprint();
        board
    }

    /// A hash of everything about the map (names, size, ratings).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// A side's name as the scenario gives it.
    pub fn side_name(&self, side: u8) -> &str {
        &self.names[usize::from(side & 1)]
    }

    /// Columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.axial.len()
    }

    /// Whether the map has no hexes.
    pub fn is_empty(&self) -> bool {
        self.axial.is_empty()
    }

    /// The hex at column `col`, row `row`.
    pub fn at(&self, col: u8, row: u8) -> Option<HexId> {
        (col < self.width && row < self.height)
            .then(|| HexId(u16::from(row) * u16::from(self.width) + u16::from(col)))
    }

    /// Column and row of a hex.
    pub fn offset(&self, id: HexId) -> (u8, u8) {
        let w = u16::from(self.width.max(1));
        ((id.0 % w) as u8, (id.0 / w) as u8)
    }

    /// Whether the id names a hex of this map.
    pub fn contains(&self, id: HexId) -> bool {
        id.index() < self.len()
    }

    /// The axial coordinate of a hex.
    pub fn hex(&self, id: HexId) -> Hex {
        self.axial.get(id.index()).copied().unwrap_or(Hex::ZERO)
    }

    /// The id of an axial hex, if it lies on the map.
    pub fn id_of(&self, h: Hex) -> Option<HexId> {
        let (col, row) = hex::hex_to_offset(h);
        let col = u8::try_from(col).ok()?;
        let row = u8::try_from(row).ok()?;
        self.at(col, row)
    }

    /// Terrain rating, 1–5 (sk.map.terrain).
    pub fn terrain(&self, id: HexId) -> u8 {
        self.terrain.get(id.index()).copied().unwrap_or(1)
    }

    /// Elevation rating, 1–5 (sk.map.ratings).
    pub fn elevation(&self, id: HexId) -> u8 {
        self.elevation.get(id.index()).copied().unwrap_or(1)
    }

    /// Hex steps between two hexes, ignoring elevation (sk.gap.28).
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        hex::distance(self.hex(a), self.hex(b))
    }

    /// The on-map neighbours of a hex, in the core grid's fixed direction order.
    pub fn neighbours(&self, id: HexId) -> impl Iterator<Item = HexId> + '_ {
        self.neighbours
            .get(id.index())
            .into_iter()
            .flatten()
            .filter(|n| **n != NONE)
            .map(|n| HexId(*n))
    }

    /// The neighbour in direction `dir` (0–5), if on the map.
    pub fn neighbour(&self, id: HexId, dir: usize) -> Option<HexId> {
        let n = *self.neighbours.get(id.index())?.get(dir)?;
        (n != NONE).then_some(HexId(n))
    }

    /// Whether sight runs from `a` to `b`; `blocks` judges each on-map hex strictly between
    /// them (sk.gap.33: ties favour the viewer, the ends never block).
    ///
    /// The answer is [`hex::los`]'s: clear when either nudged copy of the line is clear. Lines
    /// up to [`SIGHT_RADIUS`] hexes long come from a table of precomputed lines instead of
    /// being traced again on every question.
    pub fn sight(&self, a: HexId, b: HexId, mut blocks: impl FnMut(HexId) -> bool) -> bool {
        let (ha, hb) = (self.hex(a), self.hex(b));
        let Some((plus, minus)) = sight_lines().get(hb - ha) else {
            return hex::los(ha, hb, |h| self.id_of(h).is_some_and(&mut blocks)).is_clear();
        };
        let mut clear = |cells: &[Offset]| {
            cells.iter().all(|&[dx, dy]| {
                self.id_of(Hex::new(ha.x + i32::from(dx), ha.y + i32::from(dy)))
                    .is_none_or(|h| !blocks(h))
            })
        };
        clear(plus) || minus.is_some_and(clear)
    }
}

/// A hex as an axial offset from the first hex of a sight line.
pub type Offset = [i8; 2];

/// The longest sight line kept in the table of [`sight_lines`]; longer ones are traced.
pub const SIGHT_RADIUS: i32 = 20;

/// Every sight line up to [`SIGHT_RADIUS`] hexes long, as offsets from its first hex. A line
/// depends only on the difference between its ends (the nudge that settles ties is a fixed
/// direction, not one relative to the viewer), so one table serves every map and every
/// viewer.
pub struct SightLines {
    /// Per difference `(dx, dy)` in a square window: where its hexes start in `cells`, how
    /// many the `Plus` line has, and how many the `Minus` line has (0 when it is the same
    /// line: the two differ only for lines through a corner or along an edge).
    index: Vec<(u32, u8, u8)>,
    cells: Vec<Offset>,
}

impl SightLines {
    const SIDE: i32 = 2 * SIGHT_RADIUS + 1;

    fn build() -> SightLines {
        let side = Self::SIDE as usize;
        let mut lines = SightLines {
            index: vec![(0, 0, 0); side * side],
            cells: Vec::with_capacity(side * side * SIGHT_RADIUS as usize),
        };
        let offsets = |h: Hex| [h.x as i8, h.y as i8];
        for dx in -SIGHT_RADIUS..=SIGHT_RADIUS {
            for dy in -SIGHT_RADIUS..=SIGHT_RADIUS {
                let to = Hex::new(dx, dy);
                let Some(slot) = Self::slot(to) else { continue };
                if hex::distance(Hex::ZERO, to) > SIGHT_RADIUS as u32 {
                    continue;
                }
                let start = lines.cells.len();
                let back = Self::slot(-to).filter(|b| *b < slot);
                if let Some((from, plus, minus)) = back.map(|b| lines.index[b]) {
                    // The line from 0 to `to` is the line from `-to` to 0 reversed, shifted
                    // by `to`.
                    let (from, plus, minus) =
                        (from as usize, usize::from(plus), usize::from(minus));
                    let shift = |c: &[i8; 2]| [c[0] + dx as i8, c[1] + dy as i8];
                    for range in [from..from + plus, from + plus..from + plus + minus] {
                        for i in range.rev() {
                            let c = shift(&lines.cells[i]);
                            lines.cells.push(c);
                        }
                    }
                    lines.index[slot] = (start as u32, plus as u8, minus as u8);
                    continue;
                }
                lines
                    .cells
                    .extend(hex::line(Hex::ZERO, to, Nudge::Plus).map(offsets));
                let plus = lines.cells.len() - start;
                lines
                    .cells
                    .extend(hex::line(Hex::ZERO, to, Nudge::Minus).map(offsets));
                let minus = lines.cells.len() - start - plus;
                let same = minus == plus
                    && lines.cells[start..start + plus] == lines.cells[start + plus..];
                if same {
                    lines.cells.truncate(start + plus);
                }
                lines.index[slot] = (start as u32, plus as u8, if same { 0 } else { minus as u8 });
            }
        }
        lines
    }

    fn slot(d: Hex) -> Option<usize> {
        let (x, y) = (d.x + SIGHT_RADIUS, d.y + SIGHT_RADIUS);
        ((0..Self::SIDE).contains(&x) && (0..Self::SIDE).contains(&y))
            .then(|| x as usize * Self::SIDE as usize + y as usize)
    }

    /// The hexes strictly between the ends of a line `d` long, as offsets from its first
    /// hex: the `Plus` copy, and the `Minus` copy when it differs; `None` beyond the table.
    pub fn get(&self, d: Hex) -> Option<(&[Offset], Option<&[Offset]>)> {
        if hex::distance(Hex::ZERO, d) > SIGHT_RADIUS as u32 {
            return None;
        }
        let (start, plus, minus) = *self.index.get(Self::slot(d)?)?;
        let start = start as usize;
        let (plus, minus) = (usize::from(plus), usize::from(minus));
        let p = self.cells.get(start..start + plus)?;
        let m = if minus == 0 {
            None
        } else {
            Some(self.cells.get(start + plus..start + plus + minus)?)
        };
        Some((p, m))
    }
}

/// The table of sight lines, built on first use (a pure function of geometry).
pub fn sight_lines() -> &'static SightLines {
    static LINES: OnceLock<SightLines> = OnceLock::new();
    LINES.get_or_init(SightLines::build)
}

/// Which hexes hold units (as one side believes), for the stacking rules.
pub trait Occupied {
    /// Whether a ground unit stands on `hex`.
    fn ground(&self, hex: HexId) -> bool;
    /// Whether a Flyer hovers over `hex`.
    fn flyer(&self, hex: HexId) -> bool;
    /// Whether any unit is at `hex`.
    fn any(&self, hex: HexId) -> bool {
        self.ground(hex) || self.flyer(hex)
    }
}

/// How a unit moves, for the stacking rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    /// A Flyer: passes over units and may hover over a ground unit (sk.map.stack-flyer).
    pub flyer: bool,
    /// A jump: passes through occupied hexes but ends in an empty one (sk.gap.10).
    pub jump: bool,
}

impl Mover {
    /// Whether the mover may pass through `hex` (sk.map.pass-through): blocked only by a
    /// ground unit, and only when the mover neither flies nor jumps. A Flyer overhead never
    /// blocks, since passing is allowed when either unit flies.
    pub fn can_pass(self, occ: &impl Occupied, hex: HexId) -> bool {
        self.flyer || self.jump || !occ.ground(hex)
    }

    /// Whether the mover may end its move on `hex` (sk.map.stack-limit): only a Flyer may end
    /// over another unit, and only over a ground one (one ground unit and one Flyer per hex
    /// at most, sk.gap.11).
    pub fn can_end(self, occ: &impl Occupied, hex: HexId) -> bool {
        if self.flyer {
            !occ.flyer(hex)
        } else {
            !occ.any(hex)
        }
    }
}

/// The most hexes a move search keeps (radius 8 around the start).
pub const REACH_CAP: usize = 217;

/// Hexes a unit can reach, each with its step count; filled by [`Board::reach`] without
/// allocating.
pub struct Reach {
    hexes: [u16; REACH_CAP],
    steps: [u8; REACH_CAP],
    len: usize,
}

impl Default for Reach {
    fn default() -> Reach {
        Reach {
            hexes: [0; REACH_CAP],
            steps: [0; REACH_CAP],
            len: 0,
        }
    }
}

impl Reach {
    /// The reachable hexes with their step counts, nearest first (the start is not listed).
    pub fn iter(&self) -> impl Iterator<Item = (HexId, u8)> + '_ {
        self.hexes[..self.len]
            .iter()
            .zip(&self.steps[..self.len])
            .map(|(h, s)| (HexId(*h), *s))
    }

    /// Whether `hex` is listed, and at how many steps.
    pub fn steps_to(&self, hex: HexId) -> Option<u8> {
        self.iter().find(|(h, _)| *h == hex).map(|(_, s)| s)
    }
}

impl Board {
    /// Breadth-first search from `start` for up to `budget` steps of 1 hex each (sk.gap.11:
    /// terrain and elevation cost nothing extra). Lists every hex the mover may pass through
    /// and end on; the search itself also walks through hexes it may only pass. The start
    /// hex is not listed.
    pub fn reach(
        &self,
        start: HexId,
        budget: u8,
        mover: Mover,
        occ: &impl Occupied,
        out: &mut Reach,
    ) {
        self.reach_until(start, budget, mover, occ, None, out);
    }

    /// [`Board::reach`], stopping as soon as `goal` is listed (with its fewest steps, since
    /// the search goes outwards one step at a time).
    pub fn reach_until(
        &self,
        start: HexId,
        budget: u8,
        mover: Mover,
        occ: &impl Occupied,
        goal: Option<HexId>,
        out: &mut Reach,
    ) {
        out.len = 0;
        // Visited marks in a small square window of axial offsets around the start.
        const R: i32 = 8;
        const SIDE: usize = (2 * R + 1) as usize;
        let mut seen = [false; SIDE * SIDE];
        let origin = self.hex(start);
        let slot = |h: HexId| -> Option<usize> {
            let a = self.hex(h);
            let (dx, dy) = (a.x - origin.x + R, a.y - origin.y + R);
            ((0..SIDE as i32).contains(&dx) && (0..SIDE as i32).contains(&dy))
                .then(|| dx as usize * SIDE + dy as usize)
        };
        if let Some(s) = slot(start) {
            seen[s] = true;
        }
        // Frontier: all hexes walked (passable), each with its step count.
        let mut walk = [0u16; REACH_CAP];
        let mut walk_steps = [0u8; REACH_CAP];
        let mut walk_len = 0usize;
        walk[0] = start.0;
        walk_len += 1;
        let mut head = 0usize;
        let budget = budget.min(R as u8);
        while head < walk_len {
            let (cur, d) = (HexId(walk[head]), walk_steps[head]);
            head += 1;
            if d >= budget {
                continue;
            }
            for n in self.neighbours(cur) {
                let Some(s) = slot(n) else { continue };
                if seen[s] || !mover.can_pass(occ, n) && !mover.can_end(occ, n) {
                    continue;
                }
                seen[s] = true;
                if mover.can_end(occ, n) && out.len < REACH_CAP {
                    out.hexes[out.len] = n.0;
                    out.steps[out.len] = d + 1;
                    out.len += 1;
                    if goal == Some(n) {
                        return;
                    }
                }
                if mover.can_pass(occ, n) && walk_len < REACH_CAP {
                    walk[walk_len] = n.0;
                    walk_steps[walk_len] = d + 1;
                    walk_len += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list of (hex, flyer) units.
    struct Units(Vec<(HexId, bool)>);

    impl Occupied for Units {
        fn ground(&self, hex: HexId) -> bool {
            self.0.contains(&(hex, false))
        }
        fn flyer(&self, hex: HexId) -> bool {
            self.0.contains(&(hex, true))
        }
    }

    fn flat(w: u8, h: u8) -> Board {
        let n = usize::from(w) * usize::from(h);
        Board::from_ratings(w, h, vec![1; n], vec![1; n])
    }

    #[test]
    fn neighbours_and_distance_agree() {
        let b = flat(6, 5);
        let c = b.at(2, 2).expect("on map");
        assert_eq!(b.neighbours(c).count(), 6);
        for n in b.neighbours(c) {
            assert_eq!(b.distance(c, n), 1);
        }
        let corner = b.at(0, 0).expect("on map");
        assert_eq!(b.neighbours(corner).count(), 2);
    }

    /// The sight-line table answers exactly what tracing each line answers (sk.gap.33), for
    /// every pair of hexes of a map wider than the table's reach and many blocker layouts.
    #[test]
    fn sk_gap_33_table_sight_agrees_with_traced_lines() {
        let b = flat(30, 27);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut tabled = 0;
        for _ in 0..12 {
            let blocked: Vec<bool> = (0..b.len()).map(|_| next() % 5 == 0).collect();
            for a in 0..b.len() {
                for t in (0..b.len()).step_by(7) {
                    let (a, t) = (HexId(a as u16), HexId(t as u16));
                    let traced = hex::los(b.hex(a), b.hex(t), |h| {
                        b.id_of(h).is_some_and(|h| blocked[h.index()])
                    })
                    .is_clear();
                    assert_eq!(
                        b.sight(a, t, |h| blocked[h.index()]),
                        traced,
                        "{a:?} to {t:?}"
                    );
                    if b.distance(a, t) <= SIGHT_RADIUS as u32 {
                        tabled += 1;
                    }
                }
            }
        }
        assert!(tabled > 10_000);
    }

    /// Stopping the search at a goal finds it at the same (fewest) steps as the full search
    /// (sk.move.card-distance).
    #[test]
    fn sk_move_card_distance_search_stopped_at_a_goal_agrees() {
        let b = flat(9, 8);
        let occ = Units(
            [(2, 2), (3, 3), (4, 2), (5, 5), (1, 6)]
                .iter()
                .map(|&(c, r)| (b.at(c, r).expect("hex"), false))
                .collect(),
        );
        let mut full = Reach::default();
        let mut part = Reach::default();
        let mut checked = 0;
        for start in [b.at(3, 2), b.at(0, 0), b.at(6, 4)].into_iter().flatten() {
            for (flyer, jump) in [(false, false), (false, true), (true, false)] {
                let mover = Mover { flyer, jump };
                b.reach(start, 4, mover, &occ, &mut full);
                for goal in (0..b.len()).map(|i| HexId(i as u16)) {
                    b.reach_until(start, 4, mover, &occ, Some(goal), &mut part);
                    assert_eq!(
                        part.steps_to(goal),
                        full.steps_to(goal),
                        "{start:?} to {goal:?}"
                    );
                    checked += usize::from(full.steps_to(goal).is_some());
                }
            }
        }
        assert!(checked > 50);
    }

    #[test]
    fn sk_map_pass_through_ground_blocks_walkers_not_jumpers() {
        // A line of hexes 0..5 on row 0 with a unit on column 1.
        let b = flat(5, 1);
        let occ = Units(vec![(b.at(1, 0).expect("hex"), false)]);
        let start = b.at(0, 0).expect("hex");
        let mut r = Reach::default();
        let walker = Mover {
            flyer: false,
            jump: false,
        };
        b.reach(start, 3, walker, &occ, &mut r);
        assert_eq!(r.iter().count(), 0);
        let jumper = Mover {
            flyer: false,
            jump: true,
        };
        b.reach(start, 3, jumper, &occ, &mut r);
        let got: Vec<_> = r.iter().map(|(h, s)| (b.offset(h).0, s)).collect();
        assert_eq!(got, vec![(2, 2), (3, 3)]);
        let flyer = Mover {
            flyer: true,
            jump: false,
        };
        b.reach(start, 1, flyer, &occ, &mut r);
        assert_eq!(r.steps_to(b.at(1, 0).expect("hex")), Some(1));
    }
}
