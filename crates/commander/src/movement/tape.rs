//! A move's reach on a square table measured with a tape ([`Measure::Tape`], the default;
//! cmd.move.default-inches, cmd.gap.20).
//!
//! A move of `N` Range carries the model's centre along a path at most `N` long. Two kinds of
//! path are measured, both exactly in integers:
//!
//! - **Straight.** A cell whose centre lies within `N` of the start's in a straight line is
//!   reached when that line is clear: every cell it crosses, on either hair-shifted copy of it
//!   (the copies differ only where it grazes a corner, as for sight), could be entered for the
//!   plain cost on the model's own level, so no model, marker, Impassable or Obstacle cell and
//!   no change of level. Its length `√(dx² + dy²)` is compared as `dx² + dy² ≤ N²`.
//! - **Around.** Otherwise the path goes from centre to neighbouring centre: a step along a
//!   row or column is 1 long, a diagonal step √2, each doubled into an Obstacle cell
//!   (cmd.sr.obstacle), plus one per level climbed or dropped (cmd.gap.15). A path's length is
//!   `a + b√2` for whole `a` and `b` ([`Length`]), so a cheapest-first search compares lengths
//!   exactly: `a + b√2 ≤ N` when `a ≤ N` and `2b² ≤ (N − a)²`.
//!
//! The cheaper of the two counts. A tape-measure player going round a wall measures straight
//! legs between its corners; keeping the legs after the first to the eight directions makes
//! such a detour at most about 8% longer than a tape would (the worst case, a leg 22.5° off a
//! row, is `cos 22.5° + (√2 − 1)·sin 22.5° = √(4 − 2√2) ≈ 1.082` times its straight length),
//! so a move never reaches further than a tape measure allows, and in the open it reaches
//! exactly as far.
//!
//! [`Measure::Tape`]: crate::board::Measure::Tape

use super::{MoveKind, ReachMap, can_end};
use crate::board::{Cell, INFO_IMPASSABLE, INFO_LEVEL, INFO_OBSTACLE};
use crate::state::{ModelId, State};
use squadsight_core::los::Nudge;
use squadsight_core::square::{COMPASS, Pos, walk_line};
use std::cmp::Ordering;

/// A path length `a + b·√2` in Range, `a` and `b` whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Length {
    /// Whole part: steps along rows and columns, Obstacle surcharges and climbs.
    pub a: u32,
    /// Diagonal steps (doubled in an Obstacle).
    pub b: u32,
}

impl Length {
    /// Whether the length is at most `n`: `a ≤ n` and `2b² ≤ (n − a)²`.
    pub(crate) fn within(self, n: u32) -> bool {
        let Some(rest) = n.checked_sub(self.a) else {
            return false;
        };
        2 * u64::from(self.b) * u64::from(self.b) <= u64::from(rest) * u64::from(rest)
    }

    /// The smallest whole `n` it is within: `a + ⌈√(2b²)⌉`.
    pub(crate) fn ceil(self) -> u32 {
        let s = 2 * u64::from(self.b) * u64::from(self.b);
        let r = s.isqrt();
        let r = if r * r < s { r + 1 } else { r };
        self.a.saturating_add(u32::try_from(r).unwrap_or(u32::MAX))
    }
}

impl Ord for Length {
    /// Exact: `a₁ + b₁√2 < a₂ + b₂√2` is `a₁ − a₂ < (b₂ − b₁)√2`, decided by signs and
    /// squares. Two lengths are equal only when both parts are, since √2 is irrational.
    fn cmp(&self, other: &Length) -> Ordering {
        let x = i64::from(self.a) - i64::from(other.a);
        let y = i64::from(other.b) - i64::from(self.b);
        // Compare x with y·√2.
        match (x.signum(), y.signum()) {
            (0, 0) => Ordering::Equal,
            (sx, sy) if sx <= 0 && sy >= 0 => Ordering::Less,
            (sx, sy) if sx >= 0 && sy <= 0 => Ordering::Greater,
            // Same sign: compare |x| with |y|√2 by squares (never equal).
            (sx, _) => {
                let (xx, yy) = (x * x, 2 * y * y);
                let bigger_x = xx > yy;
                match (sx > 0, bigger_x) {
                    (true, true) | (false, false) => Ordering::Greater,
                    (true, false) | (false, true) => Ordering::Less,
                }
            }
        }
    }
}

impl PartialOrd for Length {
    fn partial_cmp(&self, other: &Length) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Buffers the search reuses between calls.
#[derive(Default)]
pub(super) struct Scratch {
    /// Cheapest path found per cell; `None` where not reached. Reset after each search.
    /// Per cell the place in `lengths` of its cheapest path found, [`UNSEEN`] where none.
    best: Vec<u32>,
    /// Cells whose `best` a search set.
    touched: Vec<usize>,
    /// Every length within [`Scratch::top`], shortest first: the queue's buckets in order.
    lengths: Vec<Length>,
    /// Per place in `lengths`, the smallest whole Range that length is within.
    ceil: Vec<u32>,
    /// Per `(a, b)` (at `a · stride + b`) its place in `lengths`, [`UNSEEN`] beyond `top`.
    rank: Vec<u32>,
    /// The largest budget `lengths` covers.
    top: Option<u32>,
    /// Bucket queue: per place in `lengths`, the cells found at that length (some stale).
    buckets: Vec<Vec<usize>>,
    /// Summed-area table of the window's cells a straight move could not cross.
    closed: Vec<u32>,
    /// The window's cells a straight move could not cross, as offsets from the start.
    shut: Vec<(i32, i32)>,
}

impl Scratch {
    /// Makes `lengths`, `rank` and `buckets` cover every length within `budget`.
    fn cover(&mut self, budget: u32) {
        if self.top.is_some_and(|t| t >= budget) {
            return;
        }
        self.top = Some(budget);
        let stride = Self::stride(budget);
        self.lengths.clear();
        for a in 0..=budget {
            for b in 0..stride as u32 {
                let l = Length { a, b };
                if l.within(budget) {
                    self.lengths.push(l);
                }
            }
        }
        self.lengths.sort_unstable();
        self.ceil.clear();
        self.ceil.extend(self.lengths.iter().map(|l| l.ceil()));
        self.rank.clear();
        self.rank.resize((budget as usize + 1) * stride, u32::MAX);
        for (r, l) in self.lengths.iter().enumerate() {
            self.rank[l.a as usize * stride + l.b as usize] = r as u32;
        }
        self.buckets.resize_with(self.lengths.len(), Vec::new);
    }

    /// One more than the most diagonal steps a length within `budget` can hold.
    fn stride(budget: u32) -> usize {
        // 2b² ≤ budget² means b ≤ budget / √2 < budget.
        budget as usize + 1
    }
}

/// No path found (yet) to a cell.
const UNSEEN: u32 = u32::MAX;

/// Fills `map` with the reach of `mover`, standing on `start`, for a move of `kind` of at most
/// `budget` Range: per cell the smallest whole Range its cheapest path is within.
pub(super) fn reach(
    state: &State,
    mover: ModelId,
    kind: MoveKind,
    start: Cell,
    budget: u32,
    s: &mut Scratch,
    map: &mut ReachMap,
) {
    let board = &state.board;
    let info = board.info();
    let occ = &state.occupancy;
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    let Some(origin) = board.index(start) else {
        return;
    };
    if s.best.len() < info.len() {
        s.best.resize(info.len(), UNSEEN);
    }
    s.cover(budget);
    let top = s.top.unwrap_or(budget);
    let stride = Scratch::stride(top);
    // The lengths within `budget` are the first `limit` in order.
    let limit = s.lengths.partition_point(|l| l.within(budget)) as u32;
    s.touched.clear();
    s.best[origin] = 0;
    s.touched.push(origin);
    // A bucket queue over the lengths within the budget, in exact order: every step is longer
    // than nothing, so a cell is only ever queued in a later bucket than the one being taken.
    s.buckets[0].push(origin);
    let mut queued = 1usize;
    let mut place = 0usize;
    while queued > 0 {
        let mut bucket = std::mem::take(&mut s.buckets[place]);
        let len = s.lengths[place];
        queued -= bucket.len();
        for &here in &bucket {
            if s.best[here] != place as u32 {
                continue;
            }
            let (x, y) = (here % w, here / w);
            let level = info[here] & INFO_LEVEL;
            for (dx, dy) in COMPASS {
                let (dx, dy) = (isize::from(dx), isize::from(dy));
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                    continue;
                }
                let (nx, ny) = (nx as usize, ny as usize);
                let j = ny * w + nx;
                let f = info[j];
                if occ[j] != 0 || f & INFO_IMPASSABLE != 0 {
                    continue; // cmd.sr.impassable; no move passes through a model or a marker
                }
                let diagonal = dx != 0 && dy != 0;
                if diagonal
                    && info[y * w + nx] & INFO_IMPASSABLE != 0
                    && info[ny * w + x] & INFO_IMPASSABLE != 0
                {
                    continue; // no squeezing between two Impassable corners
                }
                let to_level = f & INFO_LEVEL;
                let climb = match kind {
                    MoveKind::Run if to_level != level => continue, // cmd.gap.53
                    MoveKind::Run => 0,
                    MoveKind::Climb => u32::from(to_level.abs_diff(level)), // cmd.gap.15
                };
                // cmd.sr.obstacle: movement through it is halved, so the step counts twice.
                let factor = if f & INFO_OBSTACLE != 0 { 2 } else { 1 };
                let step = if diagonal {
                    Length {
                        a: climb,
                        b: factor,
                    }
                } else {
                    Length {
                        a: factor + climb,
                        b: 0,
                    }
                };
                let total = Length {
                    a: len.a + step.a,
                    b: len.b + step.b,
                };
                if total.a > top || total.b as usize >= stride {
                    continue;
                }
                let r = s.rank[total.a as usize * stride + total.b as usize];
                if r >= limit {
                    continue; // longer than the budget
                }
                let old = s.best[j];
                if old <= r {
                    continue;
                }
                if old == UNSEEN {
                    s.touched.push(j);
                }
                s.best[j] = r;
                s.buckets[r as usize].push(j);
                queued += 1;
            }
        }
        bucket.clear();
        s.buckets[place] = bucket;
        place += 1;
    }

    // Straight lines: only cells within `budget` of the start can be reached.
    let b = budget as usize;
    let (x0, x1) = (
        usize::from(start.x).saturating_sub(b),
        (usize::from(start.x) + b).min(w - 1),
    );
    let (y0, y1) = (
        usize::from(start.y).saturating_sub(b),
        (usize::from(start.y) + b).min(h - 1),
    );
    map.reset(y0, y1 - y0 + 1, b);
    // A straight line stays inside the box its two end cells span, so where that box holds no
    // cell the line could not cross, it is clear without being traced: those cells are
    // counted in a summed-area table over the window.
    let level = info[origin] & INFO_LEVEL;
    let ww = x1 - x0 + 2;
    s.closed.clear();
    s.closed.resize(ww * (y1 - y0 + 2), 0);
    s.shut.clear();
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = y * w + x;
            let f = info[i];
            let shut = i != origin
                && (occ[i] != 0
                    || f & (INFO_IMPASSABLE | INFO_OBSTACLE) != 0
                    || f & INFO_LEVEL != level);
            if shut {
                s.shut
                    .push((x as i32 - i32::from(start.x), y as i32 - i32::from(start.y)));
            }
            let (r, c) = (y - y0 + 1, x - x0 + 1);
            s.closed[r * ww + c] =
                u32::from(shut) + s.closed[(r - 1) * ww + c] + s.closed[r * ww + c - 1]
                    - s.closed[(r - 1) * ww + c - 1];
        }
    }
    let (sx, sy) = (usize::from(start.x), usize::from(start.y));
    let closed = &s.closed;
    let shut = &s.shut;
    // A straight line (either hair-shifted copy) only crosses cells whose square the segment
    // between the two centres meets: in its box, and with centre `c` off the line by at most
    // half the square's width across it, `2·|d × c| ≤ |dx| + |dy|`. With no such cell shut the
    // line is clear without being traced.
    let near_shut = |x: usize, y: usize, in_box: u32| {
        if in_box > 8 {
            return true; // tracing is cheaper than looking through them all
        }
        let (dx, dy) = (x as i32 - sx as i32, y as i32 - sy as i32);
        let (lx, hx) = (dx.min(0), dx.max(0));
        let (ly, hy) = (dy.min(0), dy.max(0));
        let half = i64::from(dx.abs() + dy.abs());
        shut.iter().any(|&(px, py)| {
            (lx..=hx).contains(&px)
                && (ly..=hy).contains(&py)
                && 2 * (i64::from(dx) * i64::from(py) - i64::from(dy) * i64::from(px)).abs() <= half
        })
    };
    let shut_in_box = |x: usize, y: usize| {
        let (ax, bx) = (x.min(sx) - x0, x.max(sx) - x0 + 1);
        let (ay, by) = (y.min(sy) - y0, y.max(sy) - y0 + 1);
        closed[by * ww + bx] + closed[ay * ww + ax] - closed[ay * ww + bx] - closed[by * ww + ax]
    };
    let budget_sq = u64::from(budget) * u64::from(budget);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = y * w + x;
            if i == origin {
                continue;
            }
            let dx = x.abs_diff(usize::from(start.x)) as u64;
            let dy = y.abs_diff(usize::from(start.y)) as u64;
            let sq = dx * dx + dy * dy;
            let around = match s.best[i] {
                UNSEEN => None,
                r => Some(s.ceil[r as usize]),
            };
            let cost = if sq <= budget_sq {
                let r = sq.isqrt();
                let straight =
                    u32::try_from(if r * r < sq { r + 1 } else { r }).unwrap_or(u32::MAX);
                let in_box = shut_in_box(x, y);
                if around.is_some_and(|a| a <= straight)
                    || (in_box > 0
                        && near_shut(x, y, in_box)
                        && !clear_line(state, start, Cell::new(x as u8, y as u8)))
                {
                    around
                } else {
                    Some(straight)
                }
            } else {
                around
            };
            if let Some(cost) = cost {
                let c = Cell::new(x as u8, y as u8);
                let stand = board.standable(c) && state.free(c);
                map.insert(c, cost, stand, can_end(state, mover, c, false));
            }
        }
    }
    map.close();
    for &i in &s.touched {
        s.best[i] = UNSEEN;
    }
}

/// Whether the straight line from the centre of `a` to the centre of `b` crosses only cells a
/// model could enter for the plain cost on `a`'s level, on at least one of its two
/// hair-shifted copies (see the module docs).
pub(super) fn clear_line(state: &State, a: Cell, b: Cell) -> bool {
    let board = &state.board;
    let info = board.info();
    let occ = &state.occupancy;
    let w = i32::from(board.width());
    let Some(start) = board.index(a) else {
        return false;
    };
    let level = info[start] & INFO_LEVEL;
    let open = |i: usize| {
        occ.get(i).is_some_and(|o| *o == 0)
            && info.get(i).is_some_and(|f| {
                f & (INFO_IMPASSABLE | INFO_OBSTACLE) == 0 && f & INFO_LEVEL == level
            })
    };
    let (pa, pb) = (
        Pos::new(i32::from(a.x), i32::from(a.y), 0),
        Pos::new(i32::from(b.x), i32::from(b.y), 0),
    );
    let walk = |nudge: Nudge| {
        let (mut x, mut y) = (pa.x, pa.y);
        let mut ok = true;
        let grazed = walk_line(pa, pb, nudge, |axis, up| {
            let d = if up { 1 } else { -1 };
            if axis == 0 {
                x += d;
            } else {
                y += d;
            }
            ok = x >= 0 && y >= 0 && x < w && open((y * w + x) as usize);
            ok
        });
        (ok, grazed)
    };
    // Until the line first grazes a corner both copies cross the same cells, so a copy
    // stopped before any graze stops the other too.
    match walk(Nudge::Plus) {
        (true, _) => true,
        (false, false) => false,
        (false, true) => walk(Nudge::Minus).0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `a + b√2` in millionths, rounded down: an independent, approximate oracle that orders
    /// the small lengths below correctly (they differ by far more than a millionth).
    fn millionths(l: Length) -> u64 {
        let b2 = 2 * u64::from(l.b) * u64::from(l.b) * 1_000_000_000_000;
        u64::from(l.a) * 1_000_000 + b2.isqrt()
    }

    #[test]
    fn lengths_compare_exactly() {
        // cmd.move.default-inches: path lengths a + b√2 order as real numbers do, and
        // `within(n)` is `ceil() <= n`.
        let all: Vec<Length> = (0..16)
            .flat_map(|a| (0..16).map(move |b| Length { a, b }))
            .collect();
        for &x in &all {
            for &y in &all {
                assert_eq!(x.cmp(&y), millionths(x).cmp(&millionths(y)), "{x:?} {y:?}");
            }
            for n in 0..50 {
                assert_eq!(x.within(n), x.ceil() <= n, "{x:?} {n}");
                assert_eq!(
                    x.within(n),
                    millionths(x) <= u64::from(n) * 1_000_000,
                    "{x:?} {n}"
                );
            }
        }
        // Four diagonals, 4√2 ≈ 5.66, are within 6; five, ≈ 7.07, need 8.
        assert!(Length { a: 0, b: 4 }.within(6));
        assert_eq!(Length { a: 0, b: 5 }.ceil(), 8);
    }
}
