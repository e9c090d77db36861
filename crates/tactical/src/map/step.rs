//! What kind of step a move is: the battlefield's half of movement. The rules own the TU
//! costs (`tac.move.*`); the map says whether a step can be taken and what it crosses.
//!
//! A unit's position is the north-west square of its footprint: one square, or a 2 × 2 block
//! (`tac.unit.size`). A step moves the whole footprint one square in one of eight directions
//! on its level, or one level up or down.
//!
//! Heights within a level are counted in thirds (`tac.map.slope`): a square's floor is
//! raised by its slope (0 to 2 thirds), and a walker may climb or descend one third per
//! step. Stepping from a square raised two thirds onto the floor of the level above (whose
//! square over the slope must be open, a stairwell) completes a level change: that is the
//! step that pays the level surcharge (`tac.move.walk-up`, `tac.move.walk-down`,
//! `tac.gap.44`).

use super::battlefield::Battlefield;
use super::terrain::FloorKind;
use serde::{Deserialize, Serialize};
use squadsight_core::square::{Dir, Pos};

/// How many squares a unit covers (`tac.unit.size`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Size {
    /// One square.
    One,
    /// A 2 × 2 block; its position is the north-west square.
    Two,
}

impl Size {
    /// Squares per side.
    pub const fn side(self) -> i32 {
        match self {
            Size::One => 1,
            Size::Two => 2,
        }
    }

    /// The squares of the block a unit of this size at `pos` names, north-west first, row by
    /// row, all on the level of `pos`: the block's shape. The squares a unit stands on, each
    /// on its own level, are [`Battlefield::footprint`]'s.
    pub fn cells(self, pos: Pos) -> impl Iterator<Item = Pos> {
        let n = self.side();
        (0..n * n).map(move |k| Pos::new(pos.x + k % n, pos.y + k / n, pos.z))
    }
}

/// The squares a unit stands on, each on its own level (`tac.unit.size`): its block, except
/// that a 2 × 2 unit's square over the top of a ramp stands on that top, one level down
/// (`tac.map.slope`; see [`Battlefield::footprint`]). At most four squares, kept in place so
/// that reading it allocates nothing; iterate it, or ask whether it holds a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Footprint {
    squares: [Pos; 4],
    len: u8,
}

impl Footprint {
    /// Whether one of its squares is `p`.
    pub fn contains(&self, p: Pos) -> bool {
        self.squares[..usize::from(self.len)].contains(&p)
    }
}

impl IntoIterator for Footprint {
    type Item = Pos;
    type IntoIter = std::iter::Take<std::array::IntoIter<Pos, 4>>;

    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(usize::from(self.len))
    }
}

/// How a unit moves this step (`tac.move.flyer-walk`: a flyer may choose to walk).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Locomotion {
    /// On the ground: floors, slopes, stairs and elevators (`tac.move.walk-elevation`).
    Walk,
    /// In the air, up to the top level (`tac.move.flight`).
    Fly,
}

/// A change of height on a walking step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Climb {
    /// Level ground.
    Level,
    /// One third of a level up or down a slope or stair, within the level: no surcharge.
    Slope,
    /// The step that completes a level change upward (`tac.move.walk-up`).
    Up,
    /// The step that completes a level change downward (`tac.move.walk-down`).
    Down,
}

/// A step that can be taken, and what kind it is (the rules price it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepKind {
    /// Walking one square (`tac.move.walk-straight`, `tac.move.walk-diagonal`).
    Walk {
        /// Diagonal rather than straight.
        diagonal: bool,
        /// Onto uneven ground (`tac.move.uneven`; a 2 × 2 unit pays it once).
        uneven: bool,
        /// Height change.
        climb: Climb,
    },
    /// Riding an elevator one level (`tac.gap.44`).
    Elevator {
        /// Upward.
        up: bool,
    },
    /// Flying one square on a level (`tac.move.fly-straight`, `tac.move.fly-diagonal`).
    Fly {
        /// Diagonal rather than straight.
        diagonal: bool,
    },
    /// Hovering one level up or down (`tac.move.hover-vertical`).
    Hover {
        /// Upward.
        up: bool,
    },
}

/// Why a step cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepBlock {
    /// Not one square in one of the ten directions.
    NotAStep,
    /// The footprint would leave the map.
    OffMap,
    /// A wall, window or fence on an edge it would cross (`tac.map.wall`,
    /// `tac.map.wall-diagonal`, `tac.map.wall-multi`).
    Wall(Pos, Dir),
    /// A closed door on an edge it would cross; open it first (`tac.map.door`).
    ClosedDoor(super::battlefield::DoorId),
    /// An object fills a square it would enter (`tac.map.object`).
    Object(Pos),
    /// A floor stops a vertical move (`tac.map.floor`).
    Floor(Pos),
    /// A walker would step onto open air (it only falls when its floor goes:
    /// `tac.fall.trigger`).
    NoFloor(Pos),
    /// Too steep: more than one third of a level up or down, or a level change without a
    /// slope or stairwell (`tac.map.slope`).
    TooSteep(Pos),
    /// A walker can change level on the spot only in an elevator (`tac.move.walk-elevation`).
    NoElevator(Pos),
}

/// The eight horizontal directions, clockwise from north, and up and down.
pub const STEPS: [(i32, i32, i32); 10] = [
    (0, -1, 0),
    (1, -1, 0),
    (1, 0, 0),
    (1, 1, 0),
    (0, 1, 0),
    (-1, 1, 0),
    (-1, 0, 0),
    (-1, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
];

impl Battlefield {
    /// Whether a unit of `size` at `from` can step to `to` moving by `how`, and what kind of
    /// step it is. Units in the way are the rules' business, not the map's.
    pub fn step(
        &self,
        from: Pos,
        to: Pos,
        size: Size,
        how: Locomotion,
    ) -> Result<StepKind, StepBlock> {
        let (dx, dy, dz) = (to.x - from.x, to.y - from.y, to.z - from.z);
        if dx.abs() > 1 || dy.abs() > 1 || dz.abs() > 1 || (dx, dy, dz) == (0, 0, 0) {
            return Err(StepBlock::NotAStep);
        }
        if dz != 0 && (dx, dy) != (0, 0) {
            // Level changes on foot happen on horizontal steps; see `walk_one`.
            if how == Locomotion::Fly {
                return Err(StepBlock::NotAStep);
            }
        }
        let mut result: Option<StepKind> = None;
        // tac.map.wall-multi: every square of the footprint must make the step.
        for cell in size.cells(from) {
            let target = Pos::new(cell.x + dx, cell.y + dy, cell.z + dz);
            let kind = match (how, size) {
                // A 2 × 2 walker may stand across the break of a ramp: see `footing`.
                (Locomotion::Walk, Size::Two) if (dx, dy) != (0, 0) => {
                    let (a, b) = (self.footing(cell), self.footing(target));
                    if (b.z - a.z).abs() > 1 {
                        return Err(StepBlock::TooSteep(target));
                    }
                    self.walk_one(a, b)?
                }
                (Locomotion::Walk, _) => self.walk_one(cell, target)?,
                (Locomotion::Fly, _) => self.fly_one(cell, target)?,
            };
            result = Some(match (result, kind) {
                (None, k) => k,
                (
                    Some(StepKind::Walk {
                        diagonal,
                        uneven,
                        climb,
                    }),
                    StepKind::Walk {
                        uneven: u2,
                        climb: c2,
                        ..
                    },
                ) => StepKind::Walk {
                    diagonal,
                    uneven: uneven || u2,
                    climb: stronger(climb, c2),
                },
                (Some(k), _) => k,
            });
        }
        if size == Size::Two && how == Locomotion::Walk {
            // A 2 × 2 walker stands on at least one floor of the level it counts as on, so
            // a block wholly over a ramp's top counts as on the ramp's level (docs/rules/
            // tactical.md, "2 × 2 units on ramps").
            if size.cells(to).all(|c| self.footing(c) != c) {
                return Err(StepBlock::NoFloor(to));
            }
        }
        if size == Size::Two {
            // tac.map.wall-multi: no wall on the four inner edges of the block it ends on.
            let nw = to;
            let inner = [
                (nw, Dir::East),
                (nw, Dir::South),
                (Pos::new(nw.x + 1, nw.y + 1, nw.z), Dir::North),
                (Pos::new(nw.x + 1, nw.y + 1, nw.z), Dir::West),
            ];
            for (p, d) in inner {
                if let Some(side) = self.s.side(p, d)
                    && self.side_blocks_movement(side)
                {
                    return Err(match side.door {
                        Some(door) => StepBlock::ClosedDoor(door),
                        None => StepBlock::Wall(p, d),
                    });
                }
            }
        }
        match result {
            // A 2 × 2 walker pays a level change once, on the step that takes its block from
            // one level to the other (`tac.move.walk-up`, `tac.move.walk-down`: where the
            // level actually changes); its squares crossing the break on the step before or
            // after climb one third like any slope step.
            Some(StepKind::Walk {
                diagonal,
                uneven,
                climb: Climb::Up | Climb::Down,
            }) if size == Size::Two => Ok(StepKind::Walk {
                diagonal,
                uneven,
                climb: match dz {
                    1 => Climb::Up,
                    -1 => Climb::Down,
                    _ => Climb::Slope,
                },
            }),
            r => r.ok_or(StepBlock::NotAStep),
        }
    }

    /// The squares a unit of `size` at `pos` stands on: the one place the rules read a
    /// unit's squares from (who is in the way, sight, blasts, fire, melee reach). A 2 × 2
    /// unit's block square with no floor over the top of a ramp stands on that top, one
    /// level down, as [`Battlefield::step`] moved it there (`tac.unit.size`,
    /// `tac.map.slope`; docs/rules/tactical.md, "2 × 2 units on ramps"); every other square
    /// is the block's own, on the level of `pos`.
    pub fn footprint(&self, pos: Pos, size: Size) -> Footprint {
        let mut squares = [pos; 4];
        let mut len = 0;
        for c in size.cells(pos) {
            squares[len] = match size {
                Size::One => c,
                Size::Two => self.footing(c),
            };
            len += 1;
        }
        Footprint {
            squares,
            len: len as u8,
        }
    }

    /// Whether a unit of `size` has room at `pos`: every square of its footprint can be
    /// stood on and, for a 2 × 2 block, none of its four inner edges has a wall, window,
    /// fence or door, open or not (`tac.map.wall-multi`: doors close at the end of the turn).
    pub fn room_for(&self, pos: Pos, size: Size) -> bool {
        if !size.cells(pos).all(|c| self.standable(c)) {
            return false;
        }
        size == Size::One
            || [
                (pos, Dir::East),
                (pos, Dir::South),
                (Pos::new(pos.x + 1, pos.y + 1, pos.z), Dir::North),
                (Pos::new(pos.x + 1, pos.y + 1, pos.z), Dir::West),
            ]
            .into_iter()
            .all(|(p, d)| {
                self.s
                    .side(p, d)
                    .is_none_or(|side| side.kind == super::tile::EdgeKind::Open)
            })
    }

    /// Every step a unit of `size` at `from` can take moving by `how`, in the order of
    /// [`STEPS`] (walkers' level changes on slopes come as horizontal steps to the level
    /// above or below).
    pub fn steps(&self, from: Pos, size: Size, how: Locomotion) -> Vec<(Pos, StepKind)> {
        let mut out = Vec::new();
        for (dx, dy, dz) in STEPS {
            let to = Pos::new(from.x + dx, from.y + dy, from.z + dz);
            if let Ok(k) = self.step(from, to, size, how) {
                out.push((to, k));
            }
            if how == Locomotion::Walk && dz == 0 {
                for up in [1, -1] {
                    let to = Pos::new(from.x + dx, from.y + dy, from.z + up);
                    // A walker changes level on a horizontal step only from the top of a
                    // slope (up) or onto the top of one (down), so its north-west square
                    // must be raised two thirds there; every other such step is refused by
                    // `walk_one`, and is not tried (most squares have no slope).
                    // A 2 × 2 walker's square on the ramp's top may be any of its four
                    // (see `footing`), so every such step is tried for it.
                    let top = if up > 0 { from } else { to };
                    if size == Size::One && self.square(top).is_none_or(|s| s.slope != 2) {
                        continue;
                    }
                    if let Ok(k) = self.step(from, to, size, how) {
                        out.push((to, k));
                    }
                }
            }
        }
        out
    }

    /// A single square's horizontal edges between `from` and the square `(dx, dy)` away on
    /// the same level `z` (the corner rule for diagonals, `tac.map.wall-diagonal`).
    fn cross_edges(&self, from: Pos, dx: i32, dy: i32) -> Result<(), StepBlock> {
        let check = |p: Pos, d: Dir| -> Result<(), StepBlock> {
            match self.s.side(p, d) {
                Some(side) if self.side_blocks_movement(side) => Err(match side.door {
                    Some(door) => StepBlock::ClosedDoor(door),
                    None => StepBlock::Wall(p, d),
                }),
                _ => Ok(()),
            }
        };
        let xdir = if dx > 0 { Dir::East } else { Dir::West };
        let ydir = if dy > 0 { Dir::South } else { Dir::North };
        match (dx, dy) {
            (0, 0) => Ok(()),
            (_, 0) => check(from, xdir),
            (0, _) => check(from, ydir),
            _ => {
                // All four edges that touch the corner the step passes.
                let beside_x = Pos::new(from.x + dx, from.y, from.z);
                let beside_y = Pos::new(from.x, from.y + dy, from.z);
                check(from, xdir)?;
                check(from, ydir)?;
                check(beside_x, ydir)?;
                check(beside_y, xdir)
            }
        }
    }

    /// Where one square of a 2 × 2 walker's footprint really stands. A footprint square with
    /// no floor, over the top of a ramp on the level below (raised two thirds, the open
    /// square above it a stairwell), stands on that top: the top is one third below the
    /// floor of the level above, so a block may lie across the break of the ramp, half on
    /// the upper floor and half on the ramp's top, and counts as on the upper level. Each
    /// square of the block then takes its own step of at most one third (`tac.map.slope`),
    /// the ones crossing the break paying the level change (`tac.move.walk-up`,
    /// `tac.move.walk-down`): our reading of how a 2 × 2 unit (`tac.unit.size`) uses a ramp,
    /// which the rules do not spell out (docs/rules/tactical.md, "2 × 2 units on ramps").
    fn footing(&self, p: Pos) -> Pos {
        let below = Pos::new(p.x, p.y, p.z - 1);
        match (self.square(p), self.square(below)) {
            (Some(here), Some(under))
                if here.floor.is_none()
                    && here.object.is_none()
                    && under.floor.is_some()
                    && under.slope == 2 =>
            {
                below
            }
            _ => p,
        }
    }

    fn walk_one(&self, from: Pos, to: Pos) -> Result<StepKind, StepBlock> {
        let here = self.square(from).ok_or(StepBlock::OffMap)?;
        let there = self.square(to).ok_or(StepBlock::OffMap)?;
        let (dx, dy, dz) = (to.x - from.x, to.y - from.y, to.z - from.z);
        if let Some(_o) = there.object {
            return Err(StepBlock::Object(to));
        }
        if (dx, dy) == (0, 0) {
            // On the spot: only an elevator carries a walker (tac.move.walk-elevation).
            let (low, high) = if dz > 0 { (from, to) } else { (to, from) };
            let lift = |p: Pos| self.square(p).and_then(|s| s.floor) == Some(FloorKind::Elevator);
            if lift(high) && (lift(low) || low.z == 0) {
                return Ok(StepKind::Elevator { up: dz > 0 });
            }
            return Err(StepBlock::NoElevator(to));
        }
        if there.floor.is_none() {
            return Err(StepBlock::NoFloor(to));
        }
        let h_from = i32::from(here.slope);
        let h_to = i32::from(there.slope);
        let climb = match dz {
            0 => match (h_to - h_from).abs() {
                0 => Climb::Level,
                1 => Climb::Slope,
                _ => return Err(StepBlock::TooSteep(to)),
            },
            1 => {
                // Up from the top of a slope onto the floor above; the square above the
                // slope must be open (a stairwell), so the edges crossed are on the upper
                // level.
                if h_from != 2 || h_to != 0 {
                    return Err(StepBlock::TooSteep(to));
                }
                let above = Pos::new(from.x, from.y, from.z + 1);
                if self
                    .square(above)
                    .is_none_or(|s| s.floor.is_some() || s.object.is_some())
                {
                    return Err(StepBlock::TooSteep(to));
                }
                self.cross_edges(above, dx, dy)?;
                return Ok(StepKind::Walk {
                    diagonal: dx != 0 && dy != 0,
                    uneven: self.uneven(to),
                    climb: Climb::Up,
                });
            }
            _ => {
                if h_from != 0 || h_to != 2 {
                    return Err(StepBlock::TooSteep(to));
                }
                let above = Pos::new(to.x, to.y, to.z + 1);
                if self
                    .square(above)
                    .is_none_or(|s| s.floor.is_some() || s.object.is_some())
                {
                    return Err(StepBlock::TooSteep(to));
                }
                self.cross_edges(from, dx, dy)?;
                return Ok(StepKind::Walk {
                    diagonal: dx != 0 && dy != 0,
                    uneven: self.uneven(to),
                    climb: Climb::Down,
                });
            }
        };
        self.cross_edges(from, dx, dy)?;
        Ok(StepKind::Walk {
            diagonal: dx != 0 && dy != 0,
            uneven: self.uneven(to),
            climb,
        })
    }

    fn fly_one(&self, from: Pos, to: Pos) -> Result<StepKind, StepBlock> {
        self.square(from).ok_or(StepBlock::OffMap)?;
        let there = self.square(to).ok_or(StepBlock::OffMap)?;
        if there.object.is_some() {
            return Err(StepBlock::Object(to));
        }
        let (dx, dy, dz) = (to.x - from.x, to.y - from.y, to.z - from.z);
        if dz != 0 {
            // A floor between the levels stops a flyer; an elevator shaft does not
            // (tac.map.floor, tac.move.flight).
            let upper = if dz > 0 { to } else { from };
            if self.s.sight[self.s.index(upper).unwrap_or(0)] & super::battlefield::SEE_FLOOR != 0 {
                return Err(StepBlock::Floor(upper));
            }
            return Ok(StepKind::Hover { up: dz > 0 });
        }
        self.cross_edges(from, dx, dy)?;
        Ok(StepKind::Fly {
            diagonal: dx != 0 && dy != 0,
        })
    }
}

fn stronger(a: Climb, b: Climb) -> Climb {
    let rank = |c: Climb| match c {
        Climb::Level => 0,
        Climb::Slope => 1,
        Climb::Up | Climb::Down => 2,
    };
    if rank(b) > rank(a) { b } else { a }
}
