//! Movement benchmarks: cheapest path and reachable set on both grids.
//!
//! Hex: a 61×61 odd-r map with 10% impassable hexes and step costs 1–2. Square: the
//! 100×100×4 map of the LOS bench's kind (walls, doors, windows, floors, 8% impassable cells)
//! with cost 1 per move and 2 per climb. Each benchmark runs a fixed list of queries;
//! criterion's throughput is the number of queries, so elements per second are queries per
//! second.
//!
//! Run with `cargo bench --bench path -- --quick`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use squadsight_core::hex::{Hex, HexGrid};
use squadsight_core::square::{Dir, Edge, Pos, SquareGrid};
use squadsight_core::{GameRng, Stream};
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 0x0BA7_5EED;
const QUERIES: usize = 20;

fn chance(rng: &mut GameRng, percent: u32) -> bool {
    rng.below(Stream::Setup, 100) < percent
}

/// Hex cells: `None` impassable, `Some(cost)` to enter.
fn hex_map(rng: &mut GameRng) -> HexGrid<Option<u32>> {
    let cells = (0..61 * 61)
        .map(|_| (!chance(rng, 10)).then(|| 1 + rng.below(Stream::Setup, 2)))
        .collect();
    HexGrid::from_cells(61, 61, cells).expect("sizes match")
}

fn square_map(rng: &mut GameRng) -> SquareGrid<bool> {
    let mut map = SquareGrid::new(100, 100, 4, false).expect("small map");
    let cells: Vec<Pos> = map.positions().collect();
    for p in cells {
        map.set(p, chance(rng, 8)).expect("on the map");
        for dir in [Dir::East, Dir::South] {
            let edge = match rng.below(Stream::Setup, 100) {
                0..=5 => Edge::Wall,
                6 => Edge::Door { open: false },
                7 => Edge::Door { open: true },
                8..=9 => Edge::Window,
                _ => Edge::Open,
            };
            let _ = map.set_edge(p, dir, edge);
        }
        if p.z > 0 {
            map.set_floor(p, chance(rng, 60)).expect("on the map");
        }
    }
    map
}

fn bench_hex(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED);
    let map = hex_map(&mut rng);
    let open: Vec<Hex> = map
        .iter()
        .filter(|(_, c)| c.is_some())
        .map(|(h, _)| h)
        .collect();
    let mut pick = || open[rng.below(Stream::Setup, open.len() as u32) as usize];
    let queries: Vec<(Hex, Hex)> = (0..QUERIES).map(|_| (pick(), pick())).collect();
    let cost = |_: Hex, to: Hex| map.get(to).copied().flatten();

    let mut group = c.benchmark_group("path/hex-61x61");
    group.throughput(Throughput::Elements(QUERIES as u64));
    group.bench_function("path", |b| {
        b.iter(|| {
            for &(a, t) in &queries {
                black_box(map.path(a, t, cost));
            }
        })
    });
    for budget in [6, 20] {
        group.bench_function(format!("reachable/budget-{budget}"), |b| {
            b.iter(|| {
                for &(a, _) in &queries {
                    black_box(map.reachable(a, budget, cost));
                }
            })
        });
    }
    group.finish();
}

fn bench_square(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED ^ 1);
    let map = square_map(&mut rng);
    let open: Vec<Pos> = map.iter().filter(|(_, b)| !**b).map(|(p, _)| p).collect();
    let mut pick = || open[rng.below(Stream::Setup, open.len() as u32) as usize];
    let queries: Vec<(Pos, Pos)> = (0..QUERIES).map(|_| (pick(), pick())).collect();
    let cost = |from: Pos, to: Pos| match map.get(to) {
        Some(false) => Some(if from.z == to.z { 1 } else { 2 }),
        _ => None,
    };

    let mut group = c.benchmark_group("path/square-100x100x4");
    group.throughput(Throughput::Elements(QUERIES as u64));
    group.bench_function("path", |b| {
        b.iter(|| {
            for &(a, t) in &queries {
                black_box(map.path(a, t, cost));
            }
        })
    });
    for budget in [6, 20] {
        group.bench_function(format!("reachable/budget-{budget}"), |b| {
            b.iter(|| {
                for &(a, _) in &queries {
                    black_box(map.reachable(a, budget, cost));
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench_hex, bench_square
}
criterion_main!(benches);
