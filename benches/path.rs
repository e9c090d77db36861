//! Movement benchmarks: cheapest path and reachable set on both grids.
//!
//! Hex: a 61×61 odd-r map with 10% impassable hexes and step costs 1–2. Square: the
//! 100×100×4 map of the LOS bench's kind (walls, doors, windows, floors, 8% impassable cells)
//! with cost 1 per move and 2 per climb. Each benchmark runs a fixed list of queries;
//! criterion's throughput is the number of queries, so elements per second are queries per
//! second.
//!
//! Run with `cargo bench --bench path -- --quick`.

#[path = "support/grids.rs"]
mod grids;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use squadsight_core::hex::{Hex, HexGrid};
use squadsight_core::square::Pos;
use squadsight_core::{GameRng, Stream};
use std::hint::black_box;

use grids::{chance, square_map};

const SEED: u64 = 0x0BA7_5EED;
const QUERIES: usize = 20;

/// Hex cells: `None` impassable, `Some(cost)` to enter.
fn hex_map(rng: &mut GameRng) -> HexGrid<Option<u32>> {
    let cells = (0..61 * 61)
        .map(|_| (!chance(rng, 10)).then(|| 1 + rng.below(Stream::Setup, 2)))
        .collect();
    HexGrid::from_cells(61, 61, cells).expect("sizes match")
}

fn bench_hex(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED);
    let map = hex_map(&mut rng);
    let open: Vec<Hex> = map
        .iter()
        .filter(|(_, c)| c.is_some())
        .map(|(h, _)| h)
        .collect();
    let queries = pick_queries(&mut rng, &open);
    let cost = |_: Hex, to: Hex| map.get(to).copied().flatten();
    timed(
        c,
        "path/hex-61x61",
        &queries,
        |a, t| map.path(a, t, cost),
        |a, budget| map.reachable(a, budget, cost),
    );
}

fn bench_square(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED ^ 1);
    let map = square_map(&mut rng, 100, 4);
    let open: Vec<Pos> = map.iter().filter(|(_, b)| !**b).map(|(p, _)| p).collect();
    let queries = pick_queries(&mut rng, &open);
    let cost = |from: Pos, to: Pos| match map.get(to) {
        Some(false) => Some(if from.z == to.z { 1 } else { 2 }),
        _ => None,
    };
    timed(
        c,
        "path/square-100x100x4",
        &queries,
        |a, t| map.path(a, t, cost),
        |a, budget| map.reachable(a, budget, cost),
    );
}

/// `QUERIES` (start, goal) pairs drawn from the open cells.
fn pick_queries<P: Copy>(rng: &mut GameRng, open: &[P]) -> Vec<(P, P)> {
    let mut pick = || open[rng.below(Stream::Setup, open.len() as u32) as usize];
    (0..QUERIES).map(|_| (pick(), pick())).collect()
}

/// One group on one grid: the cheapest path of every query, then the reachable set from
/// every query's start within budgets 6 and 20.
fn timed<P: Copy, Path, Reach>(
    c: &mut Criterion,
    name: &str,
    queries: &[(P, P)],
    path: impl Fn(P, P) -> Path,
    reachable: impl Fn(P, u32) -> Reach,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(QUERIES as u64));
    group.bench_function("path", |b| {
        b.iter(|| {
            for &(a, t) in queries {
                black_box(path(a, t));
            }
        })
    });
    for budget in [6, 20] {
        group.bench_function(format!("reachable/budget-{budget}"), |b| {
            b.iter(|| {
                for &(a, _) in queries {
                    black_box(reachable(a, budget));
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = grids::quick(10);
    targets = bench_hex, bench_square
}
criterion_main!(benches);
