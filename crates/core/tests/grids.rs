//! Property tests for the hex and square grids: sight is symmetric (sk.gap.33), exact lines
//! agree with a floating-point model away from ties, and movement search is consistent.

use proptest::prelude::*;
use squadsight_core::hex::{self, Hex, HexGrid};
use squadsight_core::los::{Los, Nudge};
use squadsight_core::square::{self, Blocker, Crossing, Dir, Edge, Pos, SquareGrid};

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 300,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Hex grid

/// A random hex map: size, which hexes block, and two hexes on it.
#[derive(Clone, Debug)]
struct HexCase {
    map: HexGrid<bool>,
    a: Hex,
    b: Hex,
}

fn hex_case() -> impl Strategy<Value = HexCase> {
    (2u32..14, 2u32..14, 0u8..6)
        .prop_flat_map(|(w, h, density)| {
            let n = (w * h) as usize;
            (
                Just((w, h)),
                prop::collection::vec((0u8..10).prop_map(move |v| v < density), n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((w, h), cells, ia, ib)| {
            let map = HexGrid::from_cells(w, h, cells).expect("sizes match");
            let at = |i: usize| map.offset_to_hex(i as u32 % w, i as u32 / w);
            let (a, b) = (at(ia), at(ib));
            HexCase { map, a, b }
        })
}

fn hex_blocks(map: &HexGrid<bool>) -> impl Fn(Hex) -> bool + '_ {
    |h| map.get(h) == Some(&true)
}

/// LOS straight from the definition: trace both nudged lines in full; clear if either is
/// clear, else the first blocker on the `Plus` line.
fn reference_los<T: Copy>(lines: [Vec<T>; 2], blocks: impl Fn(T) -> bool) -> Los<T> {
    let [plus, minus] = lines;
    let first = plus.iter().copied().find(|&x| blocks(x));
    match first {
        Some(by) if minus.iter().any(|&x| blocks(x)) => Los::Blocked { by },
        _ => Los::Clear,
    }
}

/// The hexes strictly between `a` and `b` that the segment between their centres passes
/// through, in order, computed in floating point by clipping the segment against every hex
/// near it. `None` when the segment runs along an edge or through a corner (a tie).
fn float_crossed_hexes(a: Hex, b: Hex) -> Option<Vec<Hex>> {
    if a == b {
        return Some(Vec::new());
    }
    let cube = |h: Hex| [h.x as f64, h.y as f64, (-h.x - h.y) as f64];
    let dirs = [
        [1.0, 0.0, -1.0],
        [1.0, -1.0, 0.0],
        [0.0, -1.0, 1.0],
        [-1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0],
        [0.0, 1.0, -1.0],
    ];
    let dot = |u: [f64; 3], v: [f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let (pa, pb) = (cube(a), cube(b));
    let d = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    let reach = hex::distance(a, b) + 1;
    let mut crossed = Vec::new();
    for h in a.range(reach) {
        if h == a || h == b {
            continue;
        }
        let ph = cube(h);
        let rel = [pa[0] - ph[0], pa[1] - ph[1], pa[2] - ph[2]];
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for dir in dirs {
            let (start, rate) = (dot(rel, dir), dot(d, dir));
            if rate.abs() < 1e-12 {
                if (start - 1.0).abs() < 1e-9 {
                    return None; // runs exactly along an edge of this hex
                }
                if start > 1.0 {
                    hi = -1.0;
                }
            } else if rate > 0.0 {
                hi = hi.min((1.0 - start) / rate);
            } else {
                lo = lo.max((1.0 - start) / rate);
            }
        }
        let len = hi - lo;
        if len.abs() < 1e-9 {
            return None; // touches the hex at a single point
        }
        if len > 0.0 {
            crossed.push((lo, h));
        }
    }
    crossed.sort_by(|x, y| x.0.total_cmp(&y.0));
    Some(crossed.into_iter().map(|(_, h)| h).collect())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn hex_offset_round_trip(col in -500i32..500, row in -500i32..500) {
        let h = hex::offset_to_hex(col, row);
        prop_assert_eq!(hex::hex_to_offset(h), (col, row));
        let map = HexGrid::new(40, 30, ()).expect("small map");
        let on_map = (0..40).contains(&col) && (0..30).contains(&row);
        prop_assert_eq!(map.contains(h), on_map);
        if on_map {
            prop_assert_eq!(map.hex_to_offset(h), Some((col as u32, row as u32)));
            prop_assert_eq!(map.offset_to_hex(col as u32, row as u32), h);
        }
    }

    /// sk.gap.33: a sees b exactly when b sees a, whatever blocks.
    #[test]
    fn sk_gap_33_hex_los_is_symmetric(case in hex_case()) {
        let HexCase { map, a, b } = case;
        let blocks = hex_blocks(&map);
        let there = map.los(a, b, &blocks);
        let back = map.los(b, a, &blocks);
        prop_assert_eq!(there.is_clear(), back.is_clear(), "{:?} vs {:?}", there, back);
        for (from, to, answer) in [(a, b, there), (b, a, back)] {
            let lines = Nudge::BOTH.map(|n| hex::line(from, to, n).collect::<Vec<_>>());
            prop_assert_eq!(answer, reference_los(lines, |h| map.contains(h) && blocks(h)));
            if let Los::Blocked { by } = answer {
                prop_assert!(blocks(by) && by != from && by != to);
                prop_assert!(hex::line(from, to, Nudge::Plus).any(|h| h == by));
            }
        }
        for nudge in Nudge::BOTH {
            let mut fwd: Vec<Hex> = hex::line(a, b, nudge).collect();
            fwd.reverse();
            prop_assert_eq!(fwd, hex::line(b, a, nudge).collect::<Vec<_>>());
        }
    }

    /// Neighbours always see each other: no hex lies between them.
    #[test]
    fn hex_adjacent_hexes_always_see_each_other(case in hex_case()) {
        let HexCase { map, a, .. } = case;
        for n in map.neighbours(a) {
            prop_assert!(map.los(a, n, |_| true).is_clear());
            prop_assert_eq!(hex::line(a, n, Nudge::Plus).count(), 0);
        }
    }

    #[test]
    fn hex_distance_and_neighbour_sanity(case in hex_case()) {
        let HexCase { map, a, b } = case;
        prop_assert_eq!(map.distance(a, b), map.distance(b, a));
        prop_assert_eq!(map.distance(a, b) == 0, a == b);
        let mut seen = Vec::new();
        for n in map.neighbours(a) {
            prop_assert!(map.contains(n));
            prop_assert_eq!(map.distance(a, n), 1);
            prop_assert!(map.neighbours(n).any(|m| m == a));
            prop_assert!(map.distance(n, b) + 1 >= map.distance(a, b));
            prop_assert!(!seen.contains(&n));
            seen.push(n);
        }
        // An exact line is a chain of neighbours at least as long as the shortest one.
        for nudge in Nudge::BOTH {
            let line: Vec<Hex> = hex::line(a, b, nudge).collect();
            if a != b {
                prop_assert!(line.len() + 1 >= map.distance(a, b) as usize);
                let mut prev = a;
                for &h in line.iter().chain(std::iter::once(&b)) {
                    prop_assert_eq!(hex::distance(prev, h), 1);
                    prev = h;
                }
            }
        }
    }

    /// The exact line matches a floating-point clipping model away from ties, and a tie in
    /// one model is a tie in the other; hexx's sampled line never leaves the exact line.
    #[test]
    fn sk_gap_33_hex_line_matches_float_model(ax in -6i32..6, ay in -6i32..6, bx in -6i32..6, by in -6i32..6) {
        let (a, b) = (Hex::new(ax, ay), Hex::new(bx, by));
        let plus: Vec<Hex> = hex::line(a, b, Nudge::Plus).collect();
        let minus: Vec<Hex> = hex::line(a, b, Nudge::Minus).collect();
        match float_crossed_hexes(a, b) {
            Some(crossed) => {
                prop_assert_eq!(&plus, &crossed);
                prop_assert_eq!(&minus, &crossed);
                for h in a.line_to(b) {
                    prop_assert!(h == a || h == b || plus.contains(&h), "{:?} not on the exact line", h);
                }
            }
            None => prop_assert_ne!(plus, minus),
        }
    }

    /// A path's cost is the cost `reachable` reports for its goal, and the path is made of
    /// allowed steps that add up to that cost.
    #[test]
    fn hex_path_cost_equals_reachable_cost(case in hex_case(), costs in prop::collection::vec(0u32..4, 196), budget in 0u32..30) {
        let HexCase { map, a, b } = case;
        let entry = |to: Hex| -> Option<u32> {
            let (c, r) = map.hex_to_offset(to)?;
            let v = costs[(r * 14 + c) as usize];
            (v > 0 && map.get(to) != Some(&true)).then_some(v)
        };
        let cost = |_: Hex, to: Hex| entry(to);
        let reach = map.reachable(a, budget, cost);
        prop_assert_eq!(reach.first(), Some(&(a, 0)));
        let mut sorted = reach.clone();
        sorted.sort_by_key(|&(h, c)| (c, map.hex_to_offset(h).map(|(x, y)| (y, x))));
        prop_assert_eq!(&sorted, &reach);
        let path = |from: Hex, to: Hex| map.path(from, to, cost);
        let adjacent = |x: Hex, y: Hex| hex::distance(x, y) == 1;
        paths_agree_with_reach((a, b), budget, &reach, path, entry, adjacent)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Square grid

#[derive(Clone, Debug)]
struct SquareCase {
    map: SquareGrid<bool>,
    a: Pos,
    b: Pos,
}

fn edge_from(v: u8) -> Edge {
    match v {
        0..=5 => Edge::Open,
        6 => Edge::Wall,
        7 => Edge::Door { open: false },
        8 => Edge::Door { open: true },
        _ => Edge::Window,
    }
}

fn square_case() -> impl Strategy<Value = SquareCase> {
    (2u32..9, 2u32..9, 1u32..4, 0u8..4)
        .prop_flat_map(|(w, h, l, density)| {
            let n = (w * h * l) as usize;
            (
                Just((w, h, l)),
                prop::collection::vec((0u8..10).prop_map(move |v| v < density), n),
                prop::collection::vec((0u8..10, 0u8..10, 0u8..10), n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((w, h, l), cells, features, ia, ib)| {
            let mut map = SquareGrid::from_cells(w, h, l, cells).expect("sizes match");
            let at = |i: usize| {
                let i = i as i32;
                let (w, h) = (w as i32, h as i32);
                Pos::new(i % w, i / w % h, i / (w * h))
            };
            for (i, &(east, south, floor)) in features.iter().enumerate() {
                let p = at(i);
                // Border edges are refused; that is part of what is being exercised.
                let _ = map.set_edge(p, Dir::East, edge_from(east));
                let _ = map.set_edge(p, Dir::South, edge_from(south));
                map.set_floor(p, floor < 4).expect("on the map");
            }
            SquareCase {
                map,
                a: at(ia),
                b: at(ib),
            }
        })
}

/// The cells the segment between the centres of `a` and `b` passes through (ends included),
/// in order, computed in floating point by clipping the segment against each cell's box.
/// `None` when it grazes a lattice edge or corner (a tie).
fn float_crossed_cells(a: Pos, b: Pos) -> Option<Vec<Pos>> {
    let centre = |p: Pos| [p.x as f64 + 0.5, p.y as f64 + 0.5, p.z as f64 + 0.5];
    let (pa, pb) = (centre(a), centre(b));
    let d = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    let mut crossed = Vec::new();
    for x in a.x.min(b.x)..=a.x.max(b.x) {
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for z in a.z.min(b.z)..=a.z.max(b.z) {
                let cell = [x as f64, y as f64, z as f64];
                let (mut lo, mut hi) = (0.0f64, 1.0f64);
                for i in 0..3 {
                    if d[i] == 0.0 {
                        if pa[i] < cell[i] || pa[i] > cell[i] + 1.0 {
                            hi = -1.0;
                        }
                    } else {
                        let t0 = (cell[i] - pa[i]) / d[i];
                        let t1 = (cell[i] + 1.0 - pa[i]) / d[i];
                        lo = lo.max(t0.min(t1));
                        hi = hi.min(t0.max(t1));
                    }
                }
                let len = hi - lo;
                if len.abs() < 1e-9 {
                    return None;
                }
                if len > 0.0 {
                    crossed.push((lo, Pos::new(x, y, z)));
                }
            }
        }
    }
    crossed.sort_by(|p, q| p.0.total_cmp(&q.0));
    Some(crossed.into_iter().map(|(_, p)| p).collect())
}

/// The cells a traced line visits, ends included, checking on the way that every crossing
/// is the boundary between the cells on either side of it.
fn walked_cells(a: Pos, b: Pos, nudge: Nudge) -> Vec<Pos> {
    let mut cells = vec![a];
    let mut crossing = None;
    let check = |from: Pos, to: Pos, c: Crossing| {
        let expected = match (to.x - from.x, to.y - from.y, to.z - from.z) {
            (1, 0, 0) => Crossing::Edge(from, Dir::East),
            (-1, 0, 0) => Crossing::Edge(from, Dir::West),
            (0, 1, 0) => Crossing::Edge(from, Dir::South),
            (0, -1, 0) => Crossing::Edge(from, Dir::North),
            (0, 0, 1) => Crossing::Floor(to),
            (0, 0, -1) => Crossing::Floor(from),
            step => panic!("{from:?} -> {to:?} is not a face step: {step:?}"),
        };
        assert_eq!(c, expected);
    };
    for item in square::line(a, b, nudge) {
        match item {
            Crossing::Cell(p) => {
                let from = *cells.last().expect("starts with a");
                check(
                    from,
                    p,
                    crossing.take().expect("a crossing before each cell"),
                );
                cells.push(p);
            }
            other => {
                assert!(crossing.replace(other).is_none(), "two crossings in a row");
            }
        }
    }
    if a != b {
        let from = *cells.last().expect("starts with a");
        check(from, b, crossing.take().expect("a last crossing into b"));
        cells.push(b);
    }
    cells
}

proptest! {
    #![proptest_config(config())]

    /// Sight in 3D is symmetric across blocking cells, walls, doors, windows and floors.
    #[test]
    fn square_los_is_symmetric(case in square_case()) {
        let SquareCase { map, a, b } = case;
        let blocks = |p: Pos| map.get(p) == Some(&true);
        let there = map.los(a, b, blocks);
        let back = map.los(b, a, blocks);
        prop_assert_eq!(there.is_clear(), back.is_clear(), "{:?} vs {:?}", there, back);
        let crossing_blocks = |c: Crossing| match c {
            Crossing::Cell(p) => blocks(p),
            Crossing::Edge(p, dir) => map.edge(p, dir).is_some_and(|e| e.blocks_sight()),
            Crossing::Floor(p) => map.has_floor(p),
        };
        for (from, to, answer) in [(a, b, there), (b, a, back)] {
            let lines = Nudge::BOTH.map(|n| square::line(from, to, n).collect::<Vec<_>>());
            prop_assert_eq!(answer, reference_los(lines, crossing_blocks));
            if let Los::Blocked { by } = answer {
                prop_assert!(square::line(from, to, Nudge::Plus).any(|c| c == by));
                match by {
                    Blocker::Cell(p) => prop_assert!(blocks(p) && p != from && p != to),
                    Blocker::Edge(p, dir) => prop_assert!(map.edge(p, dir).expect("inner edge").blocks_sight()),
                    Blocker::Floor(p) => prop_assert!(map.has_floor(p)),
                }
            }
        }
        for nudge in Nudge::BOTH {
            let mut fwd = walked_cells(a, b, nudge);
            fwd.reverse();
            prop_assert_eq!(fwd, walked_cells(b, a, nudge));
        }
    }

    /// Cells sharing a face see each other unless a wall, closed door or floor is between.
    #[test]
    fn square_adjacent_cells_see_each_other_unless_an_edge_or_floor_blocks(case in square_case()) {
        let SquareCase { map, a, .. } = case;
        for dir in Dir::ALL {
            let n = a.step(dir);
            if let Some(edge) = map.edge(a, dir) {
                prop_assert_eq!(map.los(a, n, |_| true).is_clear(), !edge.blocks_sight());
            }
        }
        let up = Pos::new(a.x, a.y, a.z + 1);
        if map.contains(up) {
            prop_assert_eq!(map.los(a, up, |_| true).is_clear(), !map.has_floor(up));
        }
    }

    /// Away from ties the exact walk visits exactly the cells a float model says the segment
    /// passes through; at a tie the two nudged lines differ.
    #[test]
    fn square_line_matches_float_model(
        a in (0i32..7, 0i32..7, 0i32..4), b in (0i32..7, 0i32..7, 0i32..4)
    ) {
        let (a, b) = (Pos::new(a.0, a.1, a.2), Pos::new(b.0, b.1, b.2));
        let plus = walked_cells(a, b, Nudge::Plus);
        let minus = walked_cells(a, b, Nudge::Minus);
        match float_crossed_cells(a, b) {
            Some(crossed) => {
                prop_assert_eq!(&plus, &crossed);
                prop_assert_eq!(&minus, &crossed);
            }
            None => prop_assert_ne!(plus, minus),
        }
    }

    #[test]
    fn square_neighbours_and_distance_sanity(case in square_case()) {
        let SquareCase { map, a, b } = case;
        prop_assert_eq!(map.distance(a, b), map.distance(b, a));
        prop_assert!(square::distance_alternating(a, b) >= map.distance(a, b));
        for n in map.neighbours(a) {
            prop_assert_eq!(map.distance(a, n), 1);
            prop_assert!(map.neighbours(n).any(|m| m == a), "{:?} -> {:?} is one-way", a, n);
        }
        // The neighbour list, rebuilt from the public edge and floor queries.
        let open = |p: Pos, d: Dir| map.edge(p, d).is_some_and(|e| !e.blocks_movement());
        let mut expected = Vec::new();
        for (dx, dy) in [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)] {
            let to = Pos::new(a.x + dx, a.y + dy, a.z);
            let xd = if dx > 0 { Dir::East } else { Dir::West };
            let yd = if dy > 0 { Dir::South } else { Dir::North };
            let ok = match (dx, dy) {
                (_, 0) => open(a, xd),
                (0, _) => open(a, yd),
                _ => open(a, xd) && open(a, yd) && open(to, xd.opposite()) && open(to, yd.opposite()),
            };
            if map.contains(to) && ok {
                expected.push(to);
            }
        }
        let up = Pos::new(a.x, a.y, a.z + 1);
        if map.contains(up) && !map.has_floor(up) {
            expected.push(up);
        }
        let down = Pos::new(a.x, a.y, a.z - 1);
        if map.contains(down) && !map.has_floor(a) {
            expected.push(down);
        }
        prop_assert_eq!(map.neighbours(a).collect::<Vec<_>>(), expected);
    }

    #[test]
    fn square_path_cost_equals_reachable_cost(case in square_case(), costs in prop::collection::vec(0u32..4, 192), budget in 0u32..20) {
        let SquareCase { map, a, b } = case;
        let entry = |to: Pos| -> Option<u32> {
            let v = costs[((to.z * 8 + to.y) * 8 + to.x) as usize];
            (v > 0 && map.get(to) != Some(&true)).then_some(v)
        };
        let cost = |_: Pos, to: Pos| entry(to);
        let reach = map.reachable(a, budget, cost);
        prop_assert_eq!(reach.first(), Some(&(a, 0)));
        let path = |from: Pos, to: Pos| map.path(from, to, cost);
        let adjacent = |x: Pos, y: Pos| map.neighbours(x).any(|n| n == y);
        paths_agree_with_reach((a, b), budget, &reach, path, entry, adjacent)?;
    }
}

#[test]
fn square_line_in_a_straight_row_crosses_each_edge_once() {
    let items: Vec<_> = square::line(Pos::new(0, 2, 1), Pos::new(3, 2, 1), Nudge::Plus).collect();
    let c = |x| Pos::new(x, 2, 1);
    assert_eq!(
        items,
        vec![
            Crossing::Edge(c(0), Dir::East),
            Crossing::Cell(c(1)),
            Crossing::Edge(c(1), Dir::East),
            Crossing::Cell(c(2)),
            Crossing::Edge(c(2), Dir::East),
        ]
    );
}

/// Every goal `reachable` lists has a path from the start whose cost is the listed one, made
/// of steps between neighbours that are allowed and add up to that cost; and the goal `b`
/// is listed exactly when its cheapest path fits the budget.
fn paths_agree_with_reach<P: Copy + PartialEq + std::fmt::Debug>(
    (a, b): (P, P),
    budget: u32,
    reach: &[(P, u32)],
    path: impl Fn(P, P) -> Option<(Vec<P>, u32)>,
    entry: impl Fn(P) -> Option<u32>,
    adjacent: impl Fn(P, P) -> bool,
) -> Result<(), TestCaseError> {
    for &(goal, c) in reach {
        let (route, total) = path(a, goal).expect("reachable goal has a path");
        prop_assert_eq!(total, c);
        prop_assert_eq!(route.first(), Some(&a));
        prop_assert_eq!(route.last(), Some(&goal));
        let mut summed = 0;
        for w in route.windows(2) {
            prop_assert!(
                adjacent(w[0], w[1]),
                "{:?} to {:?} is not one step",
                w[0],
                w[1]
            );
            summed += entry(w[1]).expect("allowed step");
        }
        prop_assert_eq!(summed, total);
    }
    if let Some((_, total)) = path(a, b) {
        let in_reach = reach.iter().find(|&&(p, _)| p == b).map(|&(_, c)| c);
        prop_assert_eq!(in_reach, (total <= budget).then_some(total));
    }
    Ok(())
}
