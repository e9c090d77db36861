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
use std::hash::{Hash, Hasher};

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
    pub fn sight(&self, a: HexId, b: HexId, mut blocks: impl FnMut(HexId) -> bool) -> bool {
        hex::los(self.hex(a), self.hex(b), |h| {
            self.id_of(h).is_some_and(&mut blocks)
        })
        .is_clear()
    }
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
