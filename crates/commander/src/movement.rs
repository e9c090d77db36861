//! Where a model can go: Run and Climb reach over the table's terrain, and where a move may end.
//!
//! A Run crosses open ground and low terrain on its own level: Hard and Soft Cover cost nothing
//! extra (cmd.sr.hard-cover, cmd.gap.53), an Obstacle cell costs two steps because movement
//! through it is halved (cmd.sr.obstacle), Impassable terrain is never entered
//! (cmd.sr.impassable). Changing level needs a Climb (cmd.gap.15, cmd.gap.53): each step costs
//! one plus the levels gained or lost. No move passes through another model or a marker, and
//! every move ends on a standable cell at least 1 Range from every other model
//! (cmd.move.min-spacing), except a charger ending in base contact with enemies it is about to
//! charge (cmd.gap.21, cmd.gap.23).

use crate::board::{Cell, GridKind, INFO_IMPASSABLE, INFO_LEVEL, INFO_OBSTACLE, TerrainKind};
use crate::state::{ModelId, State, TOKEN};

/// How a model moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A Run: level ground and low terrain only.
    Run,
    /// A Climb: may change level.
    Climb,
}

/// The cost of one step between neighbouring cells, or `None` if the step is not allowed.
pub(crate) fn step_cost(state: &State, kind: MoveKind, from: Cell, to: Cell) -> Option<u32> {
    let board = &state.board;
    if !state.free(to) || board.squeezes(from, to) {
        return None;
    }
    let terrain = board.terrain(to);
    if terrain == Some(TerrainKind::Impassable) {
        return None; // cmd.sr.impassable
    }
    let base = if terrain == Some(TerrainKind::Obstacle) {
        2 // cmd.sr.obstacle: movement through it is halved
    } else {
        1
    };
    let (a, b) = (board.elevation(from), board.elevation(to));
    match kind {
        MoveKind::Run if a != b => None, // cmd.gap.53: changing level needs a Climb
        MoveKind::Run => Some(base),
        MoveKind::Climb => Some(base + u32::from(a.abs_diff(b))), // cmd.gap.15
    }
}

/// Every cell `mover` can reach from where it stands for at most `budget`, with its cheapest
/// cost, in table order (the start cell excluded). Whether a move may end there is
/// [`can_end`]'s business. The same rules as [`step_cost`], read from the board's packed cell
/// info, since this is the hottest loop of the rules.
///
/// Listing the legal actions and then checking the chosen one asks the same question twice in
/// a row, so the last few answers are remembered (per thread, outside the game state) together
/// with everything they depend on: the table's cells, who stands where, the start cell, the
/// move kind and the budget. A remembered answer is reused only when all of those are equal,
/// so it is always the answer a fresh search would give.
pub(crate) fn reachable(
    state: &State,
    mover: ModelId,
    kind: MoveKind,
    budget: u32,
) -> Vec<(Cell, u32)> {
    let Some(m) = state.model(mover) else {
        return Vec::new();
    };
    let Some(start) = state.board.index(m.cell) else {
        return Vec::new();
    };
    let budget = budget.min(250);
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let s = &mut *s;
        let key = (kind, budget, start, state.board.kind(), state.board.width());
        if let Some(hit) = s.memo.iter().find(|e| {
            e.key == key && e.info == state.board.info() && e.occupancy == state.occupancy
        }) {
            return hit.out.clone();
        }
        let mut out = Vec::new();
        search(state, start, kind, budget, s, &mut out);
        let slot = s.next;
        s.next = (s.next + 1) % MEMO_SLOTS;
        if s.memo.len() < MEMO_SLOTS {
            s.memo.push(Memo {
                key,
                info: state.board.info().to_vec(),
                occupancy: state.occupancy.clone(),
                out: out.clone(),
            });
        } else {
            let e = &mut s.memo[slot];
            e.key = key;
            e.info.clear();
            e.info.extend_from_slice(state.board.info());
            e.occupancy.clear();
            e.occupancy.extend_from_slice(&state.occupancy);
            e.out.clear();
            e.out.extend_from_slice(&out);
        }
        out
    })
}

/// How many recent [`reachable`] answers each thread remembers.
const MEMO_SLOTS: usize = 4;

/// What a remembered [`reachable`] answer depends on: (kind, budget, start index, grid kind,
/// table width).
type MemoKey = (MoveKind, u32, usize, GridKind, u8);

/// One remembered [`reachable`] answer with its inputs.
struct Memo {
    key: MemoKey,
    info: Vec<u8>,
    occupancy: Vec<u8>,
    out: Vec<(Cell, u32)>,
}

/// Buffers [`reachable`] reuses between calls, so a search allocates nothing of its own.
#[derive(Default)]
struct Scratch {
    /// Cheapest cost per cell, `u32::MAX` where not reached; reset after each search.
    best: Vec<u32>,
    /// Cells whose `best` a search set, to reset them cheaply.
    touched: Vec<usize>,
    /// The bucket queue, by total cost.
    buckets: Vec<Vec<usize>>,
    memo: Vec<Memo>,
    next: usize,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The search behind [`reachable`], into `out`.
fn search(
    state: &State,
    start: usize,
    kind: MoveKind,
    budget: u32,
    s: &mut Scratch,
    out: &mut Vec<(Cell, u32)>,
) {
    let board = &state.board;
    let info = board.info();
    let occ = &state.occupancy;
    let square = board.kind() == GridKind::Square;
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    if s.best.len() < board.cell_count() {
        s.best.resize(board.cell_count(), u32::MAX);
    }
    let best = &mut s.best;
    let touched = &mut s.touched;
    touched.clear();
    // A bucket queue: every step costs at least 1 and at most a few, so buckets by total cost
    // visit cells in cost order without a heap.
    if s.buckets.len() < budget as usize + 1 {
        s.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    let buckets = &mut s.buckets;
    for b in buckets.iter_mut() {
        b.clear();
    }
    let mut hex_next: [usize; 6] = [0; 6];
    best[start] = 0;
    touched.push(start);
    buckets[0].push(start);
    let (mut lo_x, mut lo_y, mut hi_x, mut hi_y) = (w, h, 0, 0);
    for cost in 0..=budget as usize {
        let mut k = 0;
        while k < buckets[cost].len() {
            let here = buckets[cost][k];
            k += 1;
            if best[here] != cost as u32 {
                continue;
            }
            let (x, y) = (here % w, here / w);
            lo_x = lo_x.min(x);
            lo_y = lo_y.min(y);
            hi_x = hi_x.max(x);
            hi_y = hi_y.max(y);
            let level = info[here] & INFO_LEVEL;
            let mut relax = |j: usize, diagonal: Option<(usize, usize)>| {
                if occ[j] != 0 {
                    return;
                }
                let f = info[j];
                if f & INFO_IMPASSABLE != 0 {
                    return; // cmd.sr.impassable
                }
                if let Some((a, b)) = diagonal
                    && info[a] & INFO_IMPASSABLE != 0
                    && info[b] & INFO_IMPASSABLE != 0
                {
                    return; // no squeezing between two Impassable corners
                }
                // cmd.sr.obstacle: movement through it is halved.
                let mut step = if f & INFO_OBSTACLE != 0 { 2 } else { 1 };
                let to_level = f & INFO_LEVEL;
                match kind {
                    MoveKind::Run if to_level != level => return, // cmd.gap.53
                    MoveKind::Run => {}
                    MoveKind::Climb => step += u32::from(to_level.abs_diff(level)), // cmd.gap.15
                }
                let total = cost as u32 + step;
                if total <= budget && total < best[j] {
                    if best[j] == u32::MAX {
                        touched.push(j);
                    }
                    best[j] = total;
                    buckets[total as usize].push(j);
                }
            };
            if square {
                for (dx, dy) in SQUARE_STEPS {
                    let nx = x as isize + dx;
                    let ny = y as isize + dy;
                    if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                        continue;
                    }
                    let (nx, ny) = (nx as usize, ny as usize);
                    let diagonal = (dx != 0 && dy != 0).then(|| (y * w + nx, ny * w + x));
                    relax(ny * w + nx, diagonal);
                }
            } else {
                let mut n = 0;
                for j in board
                    .neighbours(board.cell_at(here))
                    .filter_map(|c| board.index(c))
                {
                    if n < hex_next.len() {
                        hex_next[n] = j;
                        n += 1;
                    }
                }
                for &j in &hex_next[..n] {
                    relax(j, None);
                }
            }
        }
    }
    if lo_x <= hi_x {
        // Neighbours of the settled box may have been reached too: widen by one.
        let (lo_x, lo_y) = (lo_x.saturating_sub(1), lo_y.saturating_sub(1));
        let (hi_x, hi_y) = ((hi_x + 1).min(w - 1), (hi_y + 1).min(h - 1));
        for y in lo_y..=hi_y {
            for x in lo_x..=hi_x {
                let i = y * w + x;
                if best[i] != u32::MAX && i != start {
                    out.push((board.cell_at(i), best[i]));
                }
            }
        }
    }
    for &i in touched.iter() {
        best[i] = u32::MAX;
    }
}

/// Square steps: N, NE, E, SE, S, SW, W, NW.
const SQUARE_STEPS: [(isize, isize); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Whether `mover` may end a move on `to`: a standable free cell, at least 1 Range from every
/// other model on the table (cmd.move.min-spacing). With `charge`, base contact with enemy
/// models is allowed, and required (cmd.gap.21, cmd.gap.23).
pub(crate) fn can_end(state: &State, mover: ModelId, to: Cell, charge: bool) -> bool {
    let board = &state.board;
    if !board.standable(to) || !state.free(to) {
        return false;
    }
    let Some(me) = state.model(mover) else {
        return false;
    };
    if !charge && board.kind() == GridKind::Square {
        // The same test as below, read straight from the occupancy grid: no other model in
        // any of the (up to eight) neighbouring cells.
        let (w, h) = (usize::from(board.width()), usize::from(board.height()));
        let (x, y) = (usize::from(to.x), usize::from(to.y));
        for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                let v = state.occupancy.get(ny * w + nx).copied().unwrap_or(0);
                if v == 0 || v == TOKEN {
                    continue;
                }
                let other = ModelId(v - 1);
                if other != mover && state.model(other).is_some() {
                    return false;
                }
            }
        }
        return true;
    }
    let mut touches_enemy = false;
    for n in board.neighbours(to) {
        let Some(other) = state.model_at(n) else {
            continue;
        };
        if other == mover {
            continue;
        }
        let Some(o) = state.model(other) else {
            continue;
        };
        if charge && state.enemies(me, o) {
            touches_enemy = true;
        } else {
            return false;
        }
    }
    !charge || touches_enemy
}

/// The enemies of `id` in base contact with it.
pub(crate) fn enemies_in_contact(state: &State, id: ModelId) -> Vec<ModelId> {
    let Some(me) = state.model(id) else {
        return Vec::new();
    };
    if !me.on_table() {
        return Vec::new();
    }
    state
        .board
        .neighbours(me.cell)
        .filter_map(|n| state.model_at(n))
        .filter(|o| state.model(*o).is_some_and(|om| state.enemies(me, om)))
        .collect()
}

/// Cells in a straight line from `from` directly away from `away`, at most `steps` long,
/// stopping before anything a model cannot cross; the last standable cell that keeps the
/// spacing rule is where a Psi Panic ends (cmd.sr.mindspin.panic, cmd.gap.42).
pub(crate) fn flee_line(state: &State, mover: ModelId, away: Cell, steps: u32) -> Option<Cell> {
    let m = state.model(mover)?;
    let start = m.cell;
    let dx = i32::from(start.x) - i32::from(away.x);
    let dy = i32::from(start.y) - i32::from(away.y);
    let len = dx.abs().max(dy.abs()).max(1);
    let mut best = None;
    let mut prev = start;
    for k in 1..=steps as i32 {
        // Points along the ray from `away` through `start`, rounded to cells.
        let x = i32::from(start.x) + (dx * k * 2 + len * dx.signum()) / (2 * len);
        let y = i32::from(start.y) + (dy * k * 2 + len * dy.signum()) / (2 * len);
        let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
            break;
        };
        let c = Cell::new(x, y);
        if !state.board.contains(c) || c == prev {
            continue;
        }
        if step_cost(state, MoveKind::Run, prev, c).is_none() && state.board.steps(prev, c) == 1 {
            break;
        }
        if state.board.steps(prev, c) != 1 {
            break;
        }
        prev = c;
        if can_end(state, mover, c, false) {
            best = Some(c);
        }
    }
    best
}
