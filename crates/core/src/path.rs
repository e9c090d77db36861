//! Movement search shared by the hex and square grids: the set of cells reachable within a
//! budget, and the cheapest path between two cells.
//!
//! Both searches are deterministic. `reachable` runs Dijkstra over the grid's dense cell
//! index with the heap ordered by (cost, index), so equal costs are settled in row-major order.
//! `shortest_path` uses the `pathfinding` crate's Dijkstra with the grid's fixed neighbour
//! order; the returned path is always a cheapest one, and which of several equally cheap
//! paths comes back depends only on that order (and on the crate's version).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// Every node within `budget` of `start`, with its cheapest cost, sorted by (cost, index).
///
/// `expand(node, out)` must push the node's successors with their step costs into `out`
/// (cleared before each call). Indices must be below `len`; others are ignored.
pub(crate) fn reachable_dense(
    len: usize,
    start: usize,
    budget: u32,
    mut expand: impl FnMut(usize, &mut Vec<(usize, u32)>),
) -> Vec<(usize, u32)> {
    if start >= len {
        return Vec::new();
    }
    let mut best = vec![u32::MAX; len];
    let mut heap = BinaryHeap::new();
    let mut out = Vec::new();
    let mut settled = Vec::new();
    best[start] = 0;
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((cost, node))) = heap.pop() {
        if cost > best[node] {
            continue; // a stale entry: the node was reached more cheaply since
        }
        settled.push((node, cost));
        out.clear();
        expand(node, &mut out);
        for &(next, step) in &out {
            let Some(total) = cost.checked_add(step) else {
                continue;
            };
            if total <= budget && next < len && total < best[next] {
                best[next] = total;
                heap.push(Reverse((total, next)));
            }
        }
    }
    // Dijkstra settles in (cost, index) order already, because the heap breaks cost ties by
    // index; sorting keeps that guarantee explicit and independent of the heap.
    settled.sort_unstable_by_key(|&(node, cost)| (cost, node));
    settled
}

/// A cheapest path from `start` to `goal` (both ends included) and its cost.
///
/// Costs are summed in `u64` so long paths cannot overflow; a path whose total does not fit
/// in `u32` is reported as no path.
pub(crate) fn shortest_path<N, I>(
    start: N,
    goal: N,
    mut successors: impl FnMut(N) -> I,
) -> Option<(Vec<N>, u32)>
where
    N: Copy + Eq + Hash,
    I: IntoIterator<Item = (N, u32)>,
{
    let (path, cost) = pathfinding::directed::dijkstra::dijkstra(
        &start,
        |&node| {
            successors(node)
                .into_iter()
                .map(|(next, step)| (next, u64::from(step)))
        },
        |&node| node == goal,
    )?;
    Some((path, u32::try_from(cost).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of five nodes where stepping right costs the node's index + 1.
    fn line_expand(node: usize, out: &mut Vec<(usize, u32)>) {
        if node + 1 < 5 {
            out.push((node + 1, node as u32 + 1));
        }
        if node > 0 {
            out.push((node - 1, 1));
        }
    }

    #[test]
    fn reachable_respects_budget_and_sorts_by_cost() {
        let got = reachable_dense(5, 0, 3, line_expand);
        assert_eq!(got, vec![(0, 0), (1, 1), (2, 3)]);
        assert!(reachable_dense(5, 9, 3, line_expand).is_empty());
    }

    #[test]
    fn shortest_path_matches_reachable() {
        let all = reachable_dense(5, 0, u32::MAX, line_expand);
        for &(node, cost) in &all {
            let (path, c) = shortest_path(0usize, node, |n| {
                let mut out = Vec::new();
                line_expand(n, &mut out);
                out
            })
            .expect("connected");
            assert_eq!(c, cost);
            assert_eq!(path.first(), Some(&0));
            assert_eq!(path.last(), Some(&node));
        }
    }
}
