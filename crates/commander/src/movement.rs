//! Where a model can go: Run and Climb reach over the table's terrain, and where a move may end.
//!
//! A Run crosses open ground and low terrain on its own level: Hard and Soft Cover cost nothing
//! extra (cmd.sr.hard-cover, cmd.gap.53), an Obstacle cell costs double because movement
//! through it is halved (cmd.sr.obstacle), Impassable terrain is never entered
//! (cmd.sr.impassable). Changing level needs a Climb (cmd.gap.15, cmd.gap.53): each step costs
//! its length plus the levels gained or lost. On a square table measured with a tape (the
//! default, cmd.move.default-inches) a step along a row is 1 long and a diagonal √2, and a
//! straight move across open ground costs its straight length ([`tape`]); counted in steps
//! (`measure=steps`) or on hexes every step is 1. No move passes through another model or a marker, and
//! every move ends on a standable cell at least 1 Range from every other model
//! (cmd.move.min-spacing), except a charger ending in base contact with enemies it is about to
//! charge (cmd.gap.21, cmd.gap.23).

use crate::board::{
    Cell, GridKind, INFO_IMPASSABLE, INFO_LEVEL, INFO_OBSTACLE, Measure, TerrainKind,
};
use crate::state::{ModelId, State, TOKEN};
use squadsight_core::square::COMPASS;

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

mod flood;
mod tape;

pub(crate) use flood::ReachMap;

/// A cell a move can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    /// The cell.
    pub cell: Cell,
    /// The cheapest cost of getting there, in whole Range (on a tape-measured table, the
    /// smallest whole number its shortest path is within).
    pub cost: u32,
    /// Whether a move that is not a charge may end there ([`can_end`] without `charge`).
    pub ends: bool,
}

/// Every cell `mover` can reach from where it stands for at most `budget`, with its cheapest
/// cost and whether a move may end there, in table order (the start cell excluded).
pub(crate) fn reachable(state: &State, mover: ModelId, kind: MoveKind, budget: u32) -> Vec<Reach> {
    with_reach(state, mover, kind, budget, |map| map.iter().collect())
}

/// Calls `f` with the [`ReachMap`] of `mover` for a move of `kind` of at most `budget`: the
/// same rules as [`step_cost`], read from the board's packed cell info, since this is the
/// hottest loop of the rules. On a square table measured with a tape (the default) a path costs
/// its length ([`tape`]); on squares counted in steps the reach is flooded whole rows at once
/// ([`flood`]); on hexes it is searched cell by cell.
///
/// Listing the legal actions and then checking the one chosen ask the same question twice in
/// a row, so each thread keeps the last map of each move kind with everything it depends on:
/// the mover (whose cell the occupancy gives), the budget, the grid, the table's cells and who
/// stands where. It is reused only when all of these are equal, so it is always the map a
/// fresh search would give.
pub(crate) fn with_reach<T>(
    state: &State,
    mover: ModelId,
    kind: MoveKind,
    budget: u32,
    f: impl FnOnce(&ReachMap) -> T,
) -> T {
    let slot = match kind {
        MoveKind::Run => &RUN,
        MoveKind::Climb => &CLIMB,
    };
    slot.with(|cell| match cell.try_borrow_mut() {
        Ok(mut memo) => {
            memo.update(state, mover, kind, budget);
            f(&memo.map)
        }
        // Asked again while answering (never done today): answer without the memo.
        Err(_) => {
            let mut memo = Memo::default();
            memo.update(state, mover, kind, budget);
            f(&memo.map)
        }
    })
}

thread_local! {
    static RUN: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
    static CLIMB: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// The last [`ReachMap`] of one move kind, what it was computed from, and the buffers the
/// searches reuse so that they allocate nothing of their own.
#[derive(Default)]
struct Memo {
    key: Option<(ModelId, u32, GridKind, Measure, u8)>,
    info: Vec<u8>,
    occupancy: Vec<u8>,
    map: ReachMap,
    flood: flood::Scratch,
    tape: tape::Scratch,
    search: Scratch,
}

impl Memo {
    /// Makes `map` the reach of `mover` now, unless it already is.
    fn update(&mut self, state: &State, mover: ModelId, kind: MoveKind, budget: u32) {
        let board = &state.board;
        let budget = budget.min(250);
        let key = Some((mover, budget, board.kind(), board.measure(), board.width()));
        if self.key == key && self.info == board.info() && self.occupancy == state.occupancy {
            return;
        }
        self.key = key;
        self.info.clear();
        self.info.extend_from_slice(board.info());
        self.occupancy.clear();
        self.occupancy.extend_from_slice(&state.occupancy);
        self.map.reset(0, 0, 0);
        let Some(m) = state.model(mover) else {
            return;
        };
        let Some(start) = board.index(m.cell) else {
            return;
        };
        if board.tape() {
            tape::reach(
                state,
                mover,
                kind,
                m.cell,
                budget,
                &mut self.tape,
                &mut self.map,
            );
        } else if board.kind() == GridKind::Square {
            let at = (usize::from(m.cell.x), usize::from(m.cell.y));
            flood::reach(
                state,
                mover,
                kind,
                at,
                budget,
                &mut self.flood,
                &mut self.map,
            );
        } else {
            let mut found = std::mem::take(&mut self.search.found);
            found.clear();
            search(state, start, kind, budget, &mut self.search, &mut found);
            self.map
                .reset(0, usize::from(board.height()), budget as usize);
            for &(cell, cost) in &found {
                let stand = board.standable(cell) && state.free(cell);
                self.map
                    .insert(cell, cost, stand, can_end(state, mover, cell, false));
            }
            self.map.close();
            self.search.found = found;
        }
    }
}

/// Buffers the cell-by-cell search reuses between calls.
#[derive(Default)]
struct Scratch {
    /// Cheapest cost per cell, `u32::MAX` where not reached; reset after each search.
    best: Vec<u32>,
    /// Cells whose `best` a search set, to reset them cheaply.
    touched: Vec<usize>,
    /// The bucket queue, by total cost.
    buckets: Vec<Vec<usize>>,
    /// What the search found.
    found: Vec<(Cell, u32)>,
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
                for (dx, dy) in COMPASS {
                    let (dx, dy) = (isize::from(dx), isize::from(dy));
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

/// Whether any cell a move of at most `steps` from `from` could reach stands at another level
/// than `from`. It looks over a box around `from` that holds every such cell: `steps` each way
/// on squares, and more across the rows on hexes, where a row's cells are offset by half a
/// cell.
pub(crate) fn level_changes_near(state: &State, from: Cell, steps: u32) -> bool {
    let board = &state.board;
    let Some(start) = board.index(from) else {
        return false;
    };
    let info = board.info();
    let level = info[start] & INFO_LEVEL;
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    let (x, y) = (usize::from(from.x), usize::from(from.y));
    let dy = steps as usize;
    let dx = match board.kind() {
        GridKind::Square => dy,
        GridKind::Hex => 2 * dy + 1,
    };
    let (x0, x1) = (x.saturating_sub(dx), (x + dx).min(w - 1));
    (y.saturating_sub(dy)..=(y + dy).min(h - 1)).any(|r| {
        info[r * w + x0..=r * w + x1]
            .iter()
            .any(|f| f & INFO_LEVEL != level)
    })
}

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

/// Cells in a straight line from `from` directly away from `away`, at most `steps` Range long
/// as the table measures ([`crate::board::Board::centre_within`]: a tape's straight length by
/// default), stopping before anything a model cannot cross; the last standable cell that keeps
/// the spacing rule is where a Psi Panic ends (cmd.sr.mindspin.panic, cmd.gap.42).
pub(crate) fn flee_line(state: &State, mover: ModelId, away: Cell, steps: u32) -> Option<Cell> {
    let m = state.model(mover)?;
    let start = m.cell;
    let dx = i32::from(start.x) - i32::from(away.x);
    let dy = i32::from(start.y) - i32::from(away.y);
    let len = dx.abs().max(dy.abs()).max(1);
    let mut best = None;
    let mut prev = start;
    // The k-th point is k cell steps out; on a tape-measured table the diagonal ones are
    // longer, so the walk stops at the first point past `steps` Range.
    for k in 1..=2 * steps as i32 {
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
        if !state.board.centre_within(start, c, steps) {
            break;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::TerrainKind;
    use crate::fixture::Fixture;
    use proptest::prelude::*;

    const KINDS: [TerrainKind; 4] = [
        TerrainKind::HardCover,
        TerrainKind::SoftCover,
        TerrainKind::Obstacle,
        TerrainKind::Impassable,
    ];

    /// The cell-by-cell search's answer, with [`can_end`] asked per cell.
    fn by_cells(state: &State, mover: ModelId, kind: MoveKind, budget: u32) -> Vec<Reach> {
        let start = state.model(mover).and_then(|m| state.board.index(m.cell));
        let Some(start) = start else {
            return Vec::new();
        };
        let mut found = Vec::new();
        search(
            state,
            start,
            kind,
            budget,
            &mut Scratch::default(),
            &mut found,
        );
        found
            .into_iter()
            .map(|(cell, cost)| Reach {
                cell,
                cost,
                ends: can_end(state, mover, cell, false),
            })
            .collect()
    }

    /// The tape reach the slow way, for [`tape::reach`]: path lengths relaxed over every cell
    /// until nothing changes (no queue), then each cell's straight line traced in full.
    fn tape_oracle(state: &State, mover: ModelId, kind: MoveKind, budget: u32) -> Vec<Reach> {
        let board = &state.board;
        let Some(from) = state.model(mover).map(|m| m.cell) else {
            return Vec::new();
        };
        let n = board.cell_count();
        let mut best: Vec<Option<tape::Length>> = vec![None; n];
        best[board.index(from).unwrap_or(0)] = Some(tape::Length { a: 0, b: 0 });
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                let Some(len) = best[i] else { continue };
                let here = board.cell_at(i);
                for to in board.neighbours(here) {
                    let Some(step) = step_cost(state, kind, here, to) else {
                        continue;
                    };
                    // step_cost counts 1 (2 in an Obstacle) plus the climb; a diagonal's
                    // entry part is √2 times as long.
                    let climb = u32::from(board.elevation(here).abs_diff(board.elevation(to)));
                    let entry = step - climb;
                    let total = if here.x != to.x && here.y != to.y {
                        tape::Length {
                            a: len.a + climb,
                            b: len.b + entry,
                        }
                    } else {
                        tape::Length {
                            a: len.a + entry + climb,
                            b: len.b,
                        }
                    };
                    let j = board.index(to).unwrap_or(0);
                    if total.within(budget) && best[j].is_none_or(|b| total < b) {
                        best[j] = Some(total);
                        changed = true;
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (i, found) in best.iter().enumerate() {
            let c = board.cell_at(i);
            if c == from {
                continue;
            }
            let sq =
                u32::from(c.x.abs_diff(from.x)).pow(2) + u32::from(c.y.abs_diff(from.y)).pow(2);
            let straight = (sq <= budget * budget && tape::clear_line(state, from, c))
                .then(|| (1..=budget).find(|k| sq <= k * k).unwrap_or(0));
            let cost = match (found.map(tape::Length::ceil), straight) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if let Some(cost) = cost {
                out.push(Reach {
                    cell: c,
                    cost,
                    ends: can_end(state, mover, c, false),
                });
            }
        }
        out
    }

    /// Random terrain of every form and height (pieces of up to 3×3 cells, overlaps skipped)
    /// and up to a dozen models of both sides on free ground or rooftops, on a table measured
    /// with `measure`. Returns the session and how many models were placed.
    fn random_table(
        width: u8,
        height: u8,
        pieces: &[(u8, u8, usize, u8, u8, u8)],
        models: &[(u8, u8)],
        measure: &str,
    ) -> Result<(crate::fixture::Session, usize), String> {
        // Cells taken by terrain, with whether a model may stand there (a tall cover
        // piece's top).
        let mut terrain = std::collections::BTreeMap::new();
        let mut f = Fixture::new(width, height).option("measure", measure);
        for (n, &(x, y, kind, tall, w, h)) in pieces.iter().enumerate() {
            let cells: Vec<(u8, u8)> = (x..x.saturating_add(w))
                .flat_map(|cx| (y..y.saturating_add(h)).map(move |cy| (cx, cy)))
                .filter(|&(cx, cy)| cx < width && cy < height)
                .collect();
            if cells.is_empty() || cells.iter().any(|c| terrain.contains_key(c)) {
                continue;
            }
            let roof = tall > 0 && kind < 2;
            terrain.extend(cells.iter().map(|&c| (c, roof)));
            f = f.terrain(&format!("piece {n}"), KINDS[kind], tall, &cells);
        }
        let mut taken = std::collections::BTreeSet::new();
        let mut placed = 0;
        for (i, &(x, y)) in models.iter().enumerate() {
            let (x, y) = (x % width, y % height);
            if terrain.get(&(x, y)).copied().unwrap_or(true) && taken.insert((x, y)) {
                f = f.model((i % 2) as u8, "ADVENT Trooper", x, y);
                placed += 1;
            }
        }
        Ok((f.build()?, placed))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// On a table counted in steps (`measure=steps`), the row flood gives a Run and a Climb
        /// the same cells, costs and end cells as the cell-by-cell search over random terrain
        /// of every form and height, with models in the way and on rooftops, on tables
        /// narrower and wider than 64 columns (cmd.sr.obstacle, cmd.sr.impassable, cmd.gap.15,
        /// cmd.gap.53, cmd.move.min-spacing, cmd.gap.20).
        #[test]
        fn flood_matches_the_cell_search(
            width in 8u8..=80,
            height in 8u8..=40,
            pieces in prop::collection::vec((0u8..80, 0u8..40, 0usize..4, 0u8..3, 1u8..4, 1u8..4), 0..40),
            models in prop::collection::vec((0u8..80, 0u8..40), 1..12),
            budget in 0u32..30,
        ) {
            let (session, placed) = random_table(width, height, &pieces, &models, "steps")
                .map_err(TestCaseError::fail)?;
            prop_assume!(placed > 0);
            let st = session.state();
            for mover in (0..placed).map(|i| ModelId(i as u8)) {
                for kind in [MoveKind::Run, MoveKind::Climb] {
                    let fast = reachable(st, mover, kind, budget);
                    prop_assert_eq!(&fast, &by_cells(st, mover, kind, budget), "{:?}", kind);
                    // Where a charge might end: the free cells a model may stand on.
                    let stand = with_reach(st, mover, kind, budget, |map| {
                        fast.iter()
                            .map(|r| map.stand(usize::from(r.cell.y)) & (1 << r.cell.x) != 0)
                            .collect::<Vec<_>>()
                    });
                    let expected: Vec<bool> = fast
                        .iter()
                        .map(|r| st.board.standable(r.cell) && st.free(r.cell))
                        .collect();
                    prop_assert_eq!(stand, expected);
                }
            }
        }

        /// On a tape-measured table (the default, cmd.move.default-inches, cmd.gap.20) a move
        /// never reaches further than a tape measure allows: every reached cell's centre lies
        /// within the budget of the start's, and its cost is at least its straight length and
        /// at least its cost counted in steps, so the tape reaches a subset of what the step
        /// count reaches. Where a move may end and where a model may stand agree with
        /// [`can_end`] and the table (cmd.move.min-spacing, cmd.sr.obstacle, cmd.gap.15).
        #[test]
        fn tape_reach_is_never_longer_than_a_tape(
            width in 8u8..=80,
            height in 8u8..=40,
            pieces in prop::collection::vec((0u8..80, 0u8..40, 0usize..4, 0u8..3, 1u8..4, 1u8..4), 0..40),
            models in prop::collection::vec((0u8..80, 0u8..40), 1..12),
            budget in 0u32..30,
        ) {
            let (tape, placed) = random_table(width, height, &pieces, &models, "tape")
                .map_err(TestCaseError::fail)?;
            let (steps, _) = random_table(width, height, &pieces, &models, "steps")
                .map_err(TestCaseError::fail)?;
            prop_assume!(placed > 0);
            let (st, counted) = (tape.state(), steps.state());
            for mover in (0..placed).map(|i| ModelId(i as u8)) {
                let from = st.model(mover).map(|m| m.cell).unwrap_or_default();
                for kind in [MoveKind::Run, MoveKind::Climb] {
                    let measured = reachable(st, mover, kind, budget);
                    prop_assert_eq!(&measured, &tape_oracle(st, mover, kind, budget), "{:?}", kind);
                    let by_steps = by_cells(counted, mover, kind, budget);
                    for r in &measured {
                        let (dx, dy) = (u32::from(r.cell.x.abs_diff(from.x)), u32::from(r.cell.y.abs_diff(from.y)));
                        prop_assert!(dx * dx + dy * dy <= r.cost * r.cost, "{:?} {:?}", kind, r);
                        prop_assert!(r.cost <= budget);
                        let counted = by_steps.iter().find(|c| c.cell == r.cell);
                        prop_assert!(counted.is_some_and(|c| c.cost <= r.cost), "{:?} {:?} {:?}", kind, r, counted);
                        prop_assert_eq!(r.ends, can_end(st, mover, r.cell, false));
                    }
                }
            }
        }
    }
}
