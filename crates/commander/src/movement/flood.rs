//! A move's reach on a square table, found a whole row at a time.
//!
//! Each table row is one `u128` bit set (bit `x` is column `x`; tables are at most
//! [`MAX_SIDE`] = 120 wide). A step's cost depends only on the cell entered (1, or 2 for an
//! Obstacle, cmd.sr.obstacle) and the levels climbed or dropped (cmd.gap.15), so a cell at
//! level `b` is within cost `k + 1` if it already was, or if it neighbours a cell at level `a`
//! within cost `k + 1 - entry - |a - b|`. One step is a shift of the neighbouring rows, with
//! the diagonal steps that squeeze between two Impassable corners masked out. A Run never
//! changes level (cmd.gap.53), so it floods its own level alone. This gives exactly the costs
//! of the cell-by-cell search in [`super::search`] (a test checks them against each other) for
//! a few hundred word operations instead of thousands of cell visits.
//!
//! Where a move may end is a mask too: a standable free cell with no other model in any of
//! its eight neighbours (cmd.move.min-spacing), as [`super::can_end`] says without a charge.

use super::{MoveKind, Reach};
use crate::board::{Cell, INFO_IMPASSABLE, INFO_LEVEL, INFO_OBSTACLE, INFO_STANDABLE, MAX_SIDE};
use crate::state::{ModelId, State, TOKEN};

/// The most levels a flood tells apart (the width of [`INFO_LEVEL`]).
const LEVELS: usize = INFO_LEVEL as usize + 1;

/// Where a move can reach: per cost, the cells within it, a bit set per table row (bit `x`
/// is column `x`), and whether a move that is not a charge may end on each.
#[derive(Default)]
pub(crate) struct ReachMap {
    /// The first table row that may hold reached cells, and how many rows from it do.
    top: usize,
    span: usize,
    /// `layers[k * span + i]`: the cells of row `top + i` within cost `k`, the start
    /// excluded. Layer `last` holds every cell reached.
    layers: Vec<u128>,
    last: usize,
    /// Per row from `top`: the free cells a model may stand on.
    stand: Vec<u128>,
    /// Per row from `top`: the reached cells where a move may end.
    ends: Vec<u128>,
}

impl ReachMap {
    /// Empties the map for a move of at most `budget` whose reach lies in `span` rows from
    /// `top`.
    pub(super) fn reset(&mut self, top: usize, span: usize, budget: usize) {
        self.top = top;
        self.span = span;
        self.last = 0;
        self.layers.clear();
        self.layers.resize((budget + 1) * span, 0);
        self.stand.clear();
        self.stand.resize(span, 0);
        self.ends.clear();
        self.ends.resize(span, 0);
    }

    /// Records a reached cell (the cell-by-cell search's way in); [`ReachMap::close`] must
    /// follow the last one.
    pub(super) fn insert(&mut self, c: Cell, cost: u32, stand: bool, ends: bool) {
        let Some(i) = usize::from(c.y)
            .checked_sub(self.top)
            .filter(|i| *i < self.span)
        else {
            return;
        };
        let bit = 1u128 << c.x;
        if let Some(layer) = self.layers.get_mut(cost as usize * self.span + i) {
            *layer |= bit;
        }
        if stand {
            self.stand[i] |= bit;
        }
        if ends {
            self.ends[i] |= bit;
        }
    }

    /// Makes every layer hold the cells of the cheaper ones too, after [`ReachMap::insert`].
    pub(super) fn close(&mut self) {
        let layers = self.layers.len() / self.span.max(1);
        for k in 1..layers {
            for i in 0..self.span {
                self.layers[k * self.span + i] |= self.layers[(k - 1) * self.span + i];
            }
        }
        self.last = layers.saturating_sub(1);
    }

    /// The table rows that may hold reached cells.
    pub(crate) fn rows(&self) -> std::ops::Range<usize> {
        self.top..self.top + self.span
    }

    /// The cells of table row `y` within cost `limit`.
    pub(crate) fn within(&self, limit: u32, y: usize) -> u128 {
        let k = (limit as usize).min(self.last);
        match y.checked_sub(self.top).filter(|i| *i < self.span) {
            Some(i) => self.layers[k * self.span + i],
            None => 0,
        }
    }

    /// Every cell of table row `y` reached.
    pub(crate) fn reached(&self, y: usize) -> u128 {
        self.within(u32::MAX, y)
    }

    /// The free cells of table row `y` that a model may stand on.
    pub(crate) fn stand(&self, y: usize) -> u128 {
        self.row_of(&self.stand, y)
    }

    /// The reached cells of table row `y` where a move that is not a charge may end.
    pub(crate) fn ends(&self, y: usize) -> u128 {
        self.row_of(&self.ends, y)
    }

    fn row_of(&self, rows: &[u128], y: usize) -> u128 {
        y.checked_sub(self.top)
            .and_then(|i| rows.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// Every cell reached, in table order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Reach> + '_ {
        self.rows().flat_map(move |y| {
            let mut bits = self.reached(y);
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(self.at(x, y))
            })
        })
    }

    /// A reached cell: its cost is the first layer holding it.
    fn at(&self, x: usize, y: usize) -> Reach {
        let bit = 1u128 << x;
        let (mut lo, mut hi) = (0, self.last);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.within(mid as u32, y) & bit != 0 {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Reach {
            cell: Cell::new(x as u8, y as u8),
            cost: lo as u32,
            ends: self.ends(y) & bit != 0,
        }
    }
}

/// What a flood keeps between calls: the table's terrain masks (the table rarely changes:
/// only High Explosive removes pieces) and its working rows, in 64-bit words for tables up to
/// 64 cells wide and 128-bit words beyond.
#[derive(Default)]
pub(super) struct Scratch {
    terrain: Option<Terrain>,
    narrow: Work<u64>,
    wide: Work<u128>,
    /// Which one-step sets and masks make up the next cost's new cells.
    terms: Vec<(usize, usize)>,
}

/// A flood's working rows, by window row.
#[derive(Default)]
struct Work<W> {
    /// The cells within the current cost, then the next.
    now: Vec<W>,
    next: Vec<W>,
    /// Occupied cells, and cells holding another model.
    taken: Vec<W>,
    others: Vec<W>,
    /// Ring of one-step sets: slot `(k % depth, level)` holds the cells one step from the
    /// cells within cost `k` at that level.
    steps: Vec<W>,
    /// The walls, then per level the cells at that level, those entered for 1 and those
    /// entered for 2.
    masks: Vec<W>,
}

/// A row bit set: `u64` or `u128`.
trait Word:
    Copy
    + Default
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The low bits of a 128-bit row (the table fits the word).
    fn narrow(row: u128) -> Self;
    /// The row as 128 bits.
    fn wide(self) -> u128;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    fn narrow(row: u128) -> u64 {
        row as u64
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn narrow(row: u128) -> u128 {
        row
    }
    fn wide(self) -> u128 {
        self
    }
}

/// Per-row terrain masks of one table, before any model or marker is placed.
struct Terrain {
    info: Vec<u8>,
    /// The table's width: two tables of different shapes can have the same cells in order.
    width: usize,
    /// Impassable cells (cmd.sr.impassable).
    walls: Vec<u128>,
    /// Cells a model may stand on.
    stand: Vec<u128>,
    /// Per level 0–15: enterable cells at that level entered for 1, and Obstacles there,
    /// entered for 2 (cmd.sr.obstacle).
    plain: [Vec<u128>; LEVELS],
    heavy: [Vec<u128>; LEVELS],
}

impl Terrain {
    fn new(info: &[u8], width: usize) -> Terrain {
        let height = info.len() / width.max(1);
        let mut t = Terrain {
            info: info.to_vec(),
            width,
            walls: vec![0; height],
            stand: vec![0; height],
            plain: std::array::from_fn(|_| Vec::new()),
            heavy: std::array::from_fn(|_| Vec::new()),
        };
        for (y, row) in info.chunks_exact(width).enumerate() {
            for (x, &f) in row.iter().enumerate() {
                let bit = 1u128 << x;
                if f & INFO_IMPASSABLE != 0 {
                    t.walls[y] |= bit;
                    continue;
                }
                if f & INFO_STANDABLE != 0 {
                    t.stand[y] |= bit;
                }
                let level = usize::from(f & INFO_LEVEL);
                let masks = if f & INFO_OBSTACLE != 0 {
                    &mut t.heavy[level]
                } else {
                    &mut t.plain[level]
                };
                if masks.is_empty() {
                    masks.resize(height, 0);
                }
                masks[y] |= bit;
            }
        }
        for level in 0..LEVELS {
            if !t.plain[level].is_empty() || !t.heavy[level].is_empty() {
                t.plain[level].resize(height, 0);
                t.heavy[level].resize(height, 0);
            }
        }
        t
    }
}

/// Fills `map` with the reach of `mover`, standing on `(sx, sy)`, for a move of `kind` of at
/// most `budget` (at most 250). The caller checked the table is square and at most
/// [`MAX_SIDE`] wide, and reset `map` for it.
pub(super) fn reach(
    state: &State,
    mover: ModelId,
    kind: MoveKind,
    (sx, sy): (usize, usize),
    budget: u32,
    scratch: &mut Scratch,
    map: &mut ReachMap,
) {
    let board = &state.board;
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    let info = board.info();
    if w == 0 || w > usize::from(MAX_SIDE) || info.len() != w * h || sy >= h || sx >= w {
        return;
    }
    if !matches!(&scratch.terrain, Some(t) if t.info == info && t.width == w) {
        scratch.terrain = Some(Terrain::new(info, w));
    }
    let Some(terrain) = scratch.terrain.as_ref() else {
        return;
    };
    let b = budget as usize;
    // Only cells within `budget` steps can be reached: the window.
    let (x0, x1) = (sx.saturating_sub(b), (sx + b).min(w - 1));
    let (y0, y1) = (sy.saturating_sub(b), (sy + b).min(h - 1));
    let window = ones(x1 + 1) & !ones(x0);
    let start_level = info[sy * w + sx] & INFO_LEVEL;

    // The levels the move may stand at: its own for a Run; every level in the window for a
    // Climb.
    let mut plan = Plan {
        start: (sx, sy),
        budget: b,
        top: y0,
        bottom: y1,
        window,
        levels: [0; LEVELS],
        count: 0,
    };
    for l in 0..LEVELS as u8 {
        let (p, hv) = (
            &terrain.plain[usize::from(l)],
            &terrain.heavy[usize::from(l)],
        );
        if p.is_empty() {
            continue; // no cell of the table is at this level
        }
        let present = match kind {
            MoveKind::Run => l == start_level,
            MoveKind::Climb => (y0..=y1).any(|y| (p[y] | hv[y]) & window != 0),
        };
        if present {
            plan.levels[plan.count] = l;
            plan.count += 1;
        }
    }
    if plan.count == 0 {
        return;
    }
    let occupancy = Occupancy {
        cells: &state.occupancy,
        width: w,
        height: h,
        mover,
        models: state.models.len(),
    };
    if w <= 64 {
        flood(
            &plan,
            terrain,
            &occupancy,
            &mut scratch.narrow,
            &mut scratch.terms,
            map,
        );
    } else {
        flood(
            &plan,
            terrain,
            &occupancy,
            &mut scratch.wide,
            &mut scratch.terms,
            map,
        );
    }
}

/// Where a flood starts and what it covers.
struct Plan {
    start: (usize, usize),
    budget: usize,
    /// The window's first and last table rows.
    top: usize,
    bottom: usize,
    /// The window's columns.
    window: u128,
    /// The levels the move may stand at, lowest first.
    levels: [u8; LEVELS],
    count: usize,
}

/// Who stands where, for a flood by `mover`.
struct Occupancy<'a> {
    cells: &'a [u8],
    width: usize,
    height: usize,
    mover: ModelId,
    models: usize,
}

/// The flood itself, in words of type `W` (see the module docs).
fn flood<W: Word>(
    plan: &Plan,
    terrain: &Terrain,
    occupancy: &Occupancy,
    work: &mut Work<W>,
    terms: &mut Vec<(usize, usize)>,
    map: &mut ReachMap,
) {
    let Work {
        now,
        next,
        taken,
        others,
        steps,
        masks,
    } = work;
    let ((sx, sy), b, y0, y1) = (plan.start, plan.budget, plan.top, plan.bottom);
    let levels = &plan.levels[..plan.count];
    let count = plan.count;
    // How far back a step can reach: an Obstacle entry (2) and the largest climb.
    let depth = 2 + usize::from(levels[count - 1] - levels[0]);
    // Window rows are numbered from 1, with a row of padding on either side.
    let rows = y1 - y0 + 3;
    let window = W::narrow(plan.window);

    for v in [&mut *now, &mut *next, &mut *taken, &mut *others] {
        v.clear();
        v.resize(rows, W::ZERO);
    }
    let w = occupancy.width;
    for i in 0..rows {
        // Window row i is table row y0 + i - 1; the padding rows just outside the window are
        // read too, for the models next to its edge.
        let Some(y) = (y0 + i).checked_sub(1).filter(|y| *y < occupancy.height) else {
            continue;
        };
        let (row_taken, row_others) = occupied(&occupancy.cells[y * w..(y + 1) * w], occupancy);
        taken[i] = row_taken;
        others[i] = row_others;
    }
    masks.clear();
    masks.resize((1 + 3 * count) * rows, W::ZERO);
    let (walls, per_level) = masks.split_at_mut(rows);
    for i in 1..rows - 1 {
        let y = y0 + i - 1;
        walls[i] = W::narrow(terrain.walls[y]) & window;
        let free = window & !taken[i];
        for (li, &l) in levels.iter().enumerate() {
            let p = W::narrow(terrain.plain[usize::from(l)][y]);
            let hv = W::narrow(terrain.heavy[usize::from(l)][y]);
            let at = 3 * li * rows + i;
            per_level[at] = (p | hv) & window;
            per_level[at + rows] = p & free;
            per_level[at + 2 * rows] = hv & free;
        }
    }
    let (walls, per_level) = (&*walls, &*per_level);
    steps.clear();
    steps.resize(depth * count * rows, W::ZERO);
    now[sy - y0 + 1] = W::ONE << sx as u32;
    let span = rows - 2;
    map.reset(y0, span, b);
    map.layers[sy - y0] = 1 << sx;
    map.last = b;

    let mut quiet = 0;
    for k in 0..b {
        // Rows within k + 1 of the start, inside the window.
        let lo = sy.saturating_sub(k + 1).max(y0) - y0 + 1;
        let hi = (sy + k + 1).min(y1) - y0 + 1;
        let grew = if count == 1 {
            // One level, as on every Run: the cells entered for 1 follow a step from cost k,
            // the Obstacles entered for 2 the step from cost k - 1, kept from the last round.
            let (p1, p2) = (&per_level[rows..2 * rows], &per_level[2 * rows..3 * rows]);
            let (even, odd) = steps.split_at_mut(rows);
            let (cur, prev) = if k % 2 == 0 { (even, odd) } else { (odd, even) };
            let mut grew = false;
            for i in lo..=hi {
                let step = one_step(
                    [now[i - 1], now[i], now[i + 1]],
                    [walls[i - 1], walls[i], walls[i + 1]],
                );
                cur[i] = step;
                let row = now[i] | (step & p1[i]) | (prev[i] & p2[i]);
                grew |= row != now[i];
                next[i] = row;
            }
            grew
        } else {
            let slot = k % depth;
            for li in 0..count {
                let dst = &mut steps[(slot * count + li) * rows..][..rows];
                let on = &per_level[3 * li * rows..][..rows];
                for i in lo..=hi {
                    dst[i] = one_step(
                        [
                            now[i - 1] & on[i - 1],
                            now[i] & on[i],
                            now[i + 1] & on[i + 1],
                        ],
                        [walls[i - 1], walls[i], walls[i + 1]],
                    );
                }
            }
            // Entering a cell at level `to` for 1 follows a step from cost k - d at level
            // `from`, and for 2 one from cost k - 1 - d, where d is the climb between them.
            terms.clear();
            for (tj, &to) in levels.iter().enumerate() {
                for (li, &from) in levels.iter().enumerate() {
                    let d = usize::from(from.abs_diff(to));
                    for (entry, after) in [(1, k.checked_sub(d)), (2, k.checked_sub(d + 1))] {
                        if let Some(at) = after {
                            terms.push(((at % depth * count + li) * rows, (3 * tj + entry) * rows));
                        }
                    }
                }
            }
            let mut grew = false;
            for i in lo..=hi {
                let fresh = terms.iter().fold(W::ZERO, |acc, &(from, mask)| {
                    acc | (steps[from + i] & per_level[mask + i])
                });
                let row = now[i] | fresh;
                grew |= row != now[i];
                next[i] = row;
            }
            grew
        };
        now[lo..=hi].copy_from_slice(&next[lo..=hi]);
        for (layer, row) in map.layers[(k + 1) * span..(k + 2) * span]
            .iter_mut()
            .zip(&now[1..rows - 1])
        {
            *layer = row.wide();
        }
        // Once nothing has grown for as long as a step can reach back, nothing will.
        quiet = if grew { 0 } else { quiet + 1 };
        if quiet >= depth {
            map.last = k + 1;
            break;
        }
    }

    let start = 1u128 << sx;
    for k in 0..=map.last {
        map.layers[k * span + sy - y0] &= !start;
    }
    for i in 1..rows - 1 {
        let y = y0 + i - 1;
        let stand = W::narrow(terrain.stand[y]) & window & !taken[i];
        map.stand[i - 1] = stand.wide();
        let reached = W::narrow(map.layers[map.last * span + i - 1]);
        if reached == W::ZERO {
            continue;
        }
        let crowded = around(others[i - 1]) | around(others[i]) | around(others[i + 1]);
        map.ends[i - 1] = (reached & stand & !crowded).wide();
    }
}

/// The low `n` bits.
fn ones(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// One row's occupied cells (no move passes through a model or a marker) and the cells of
/// models other than the mover, read a word at a time since most of a row is empty.
fn occupied<W: Word>(row: &[u8], occupancy: &Occupancy) -> (W, W) {
    let (mut taken, mut others) = (W::ZERO, W::ZERO);
    let mut x = 0;
    for chunk in row.chunks(8) {
        if chunk.iter().any(|&o| o != 0) {
            for (k, &o) in chunk.iter().enumerate() {
                if o == 0 {
                    continue;
                }
                let bit = W::ONE << (x + k) as u32;
                taken = taken | bit;
                if o != TOKEN && o - 1 != occupancy.mover.0 && usize::from(o - 1) < occupancy.models
                {
                    others = others | bit;
                }
            }
        }
        x += chunk.len();
    }
    (taken, others)
}

/// A row and its left and right neighbours.
fn around<W: Word>(row: W) -> W {
    row | (row << 1) | (row >> 1)
}

/// The cells of a row one step from a set, given the set and the Impassable cells in the
/// row above, the row itself and the row below: the eight neighbours, less the diagonal steps
/// that squeeze between two Impassable cells (the cell beside the start on the destination
/// row and the cell beside the destination on the start row).
fn one_step<W: Word>([up, here, down]: [W; 3], [wall_up, wall, wall_down]: [W; 3]) -> W {
    let mut step = around(here) | up | down;
    for (src, src_walls) in [(up, wall_up), (down, wall_down)] {
        if src == W::ZERO {
            continue;
        }
        // Moving right: from column x - 1 to x; squeezed if (x, src row) and (x - 1, this
        // row) are both Impassable.
        step = step | ((src << 1) & !(src_walls & (wall << 1)));
        // Moving left: from column x + 1 to x; squeezed if (x, src row) and (x + 1, this
        // row) are.
        step = step | ((src >> 1) & !(src_walls & (wall >> 1)));
    }
    step
}
