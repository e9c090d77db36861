//! Line-of-sight benchmarks: our exact, symmetric LOS against published field-of-view crates
//! on the same maps and the same queries.
//!
//! The peers answer a different question: a field of view (FOV) marks every cell visible from
//! one origin in a single sweep, while our LOS answers one (viewer, target) pair. So we compare
//! two ways, always with criterion's throughput set to the number of (origin, target) answers
//! so that the reported elements per second are directly comparable:
//!
//! 1. `ours/pairs` (a fixed list of random pairs, one answer each) against `peer/fov`
//!    (one FOV from each of a fixed list of origins, counted as one answer for every target
//!    cell it settles: the whole map for shadowcasting, every hex within the range for hexx).
//!    This is the per-answer cost of a single LOS check against the amortised per-target cost
//!    of a full sweep; it is the fair figure for how rules use sight (one attacker, one
//!    target).
//! 2. `ours/all-from-origin` (our LOS from each of the same origins to every one of those same
//!    targets, written into a visibility buffer) against `peer/fov` (the FOV from that origin,
//!    written into the same kind of buffer or, for hexx, into its own set). Here the peers
//!    should win: a sweep shares work between targets, a pairwise test cannot.
//!
//! The models are not identical, which is why the pairwise figure is the one that matters:
//! - squares: `symmetric-shadowcasting` is 2D and knows only blocking cells, so the head-to-head
//!   uses level 0 of the map with its blocking cells and no walls. Our 3D LOS with walls, doors,
//!   windows and floors is measured separately (`los/square-3d`) on the full 100×100×4 map.
//! - hexes: hexx's `range_fov` samples one hex per step of each line from the origin to the
//!   ring at the range (N + 1 hexes per line) and is not symmetric; ours follows every hex the
//!   line crosses (often more than N + 1), twice when the line runs along an edge, and is
//!   symmetric by construction.
//!
//! Run with `cargo bench --bench los -- --quick`.

#[path = "support/grids.rs"]
mod grids;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use squadsight_core::hex::{self, Hex};
use squadsight_core::square::{Pos, SquareGrid};
use squadsight_core::{GameRng, Stream};
use std::hint::black_box;

use grids::{chance, square_map};

const SEED: u64 = 0x10_5EED;
/// Random (viewer, target) pairs per pairwise benchmark.
const PAIRS: usize = 1000;
/// Origins per FOV / all-from-origin benchmark.
const ORIGINS: usize = 16;

const SIDE: u32 = 100;
const LEVELS: u32 = 4;
const RADIUS: u32 = 30;

fn random_pos(rng: &mut GameRng, levels: u32) -> Pos {
    let mut coord = |n: u32| rng.below(Stream::Setup, n) as i32;
    Pos::new(coord(SIDE), coord(SIDE), coord(levels))
}

/// Level 0 of `map` with its blocking cells only: what the 2D peer can represent.
fn flat_map(map: &SquareGrid<bool>) -> SquareGrid<bool> {
    let cells = (0..SIDE * SIDE)
        .map(|i| map.get(Pos::new((i % SIDE) as i32, (i / SIDE) as i32, 0)) == Some(&true))
        .collect();
    SquareGrid::from_cells(SIDE, SIDE, 1, cells).expect("sizes match")
}

fn bench_square(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED);
    let map = square_map(&mut rng, SIDE, LEVELS);
    let pairs3d: Vec<(Pos, Pos)> = (0..PAIRS)
        .map(|_| (random_pos(&mut rng, LEVELS), random_pos(&mut rng, LEVELS)))
        .collect();
    let blocks3d = |p: Pos| map.get(p) == Some(&true);

    pairwise(c, "los/square-3d", &pairs3d, |a, t| {
        map.los(a, t, blocks3d).is_clear()
    })
    .finish();

    let flat = flat_map(&map);
    let pairs2d: Vec<(Pos, Pos)> = (0..PAIRS)
        .map(|_| (random_pos(&mut rng, 1), random_pos(&mut rng, 1)))
        .collect();
    let origins: Vec<Pos> = pairs2d.iter().take(ORIGINS).map(|&(a, _)| a).collect();
    let blocked = |x: isize, y: isize| {
        let p = Pos::new(x as i32, y as i32, 0);
        flat.get(p).is_none_or(|&b| b) // off the map counts as a wall for the sweep
    };
    let blocks2d = |p: Pos| flat.get(p) == Some(&true);
    let cells = (SIDE * SIDE) as usize;
    let mut visible = vec![false; cells];

    let mut group = pairwise(c, "los/square-2d", &pairs2d, |a, t| {
        flat.los(a, t, blocks2d).is_clear()
    });
    group.throughput(Throughput::Elements((ORIGINS * cells) as u64));
    from_origins(
        &mut group,
        &origins,
        &mut visible,
        |_| flat.positions(),
        |o, t| flat.los(o, t, blocks2d).is_clear(),
    );
    group.bench_function("peer/fov (symmetric-shadowcasting)", |b| {
        b.iter(|| {
            for &o in &origins {
                visible.fill(false);
                symmetric_shadowcasting::compute_fov(
                    (o.x as isize, o.y as isize),
                    &mut |(x, y)| blocked(x, y),
                    &mut |(x, y)| {
                        // The sweep also marks the off-map wall it stops at.
                        if let (Ok(x @ 0..100), Ok(y @ 0..100)) =
                            (u32::try_from(x), u32::try_from(y))
                        {
                            visible[(y * SIDE + x) as usize] = true;
                        }
                    },
                );
                black_box(&visible);
            }
        })
    });
    group.finish();
}

/// Which hexes of the radius-30 hexagon block: a dense table over the bounding rhombus.
struct HexMap {
    blocked: Vec<bool>,
}

impl HexMap {
    fn new(rng: &mut GameRng) -> HexMap {
        let side = (2 * RADIUS + 1) as usize;
        let mut blocked = vec![false; side * side];
        for h in Hex::ZERO.range(RADIUS) {
            blocked[Self::slot(h)] = chance(rng, 10);
        }
        HexMap { blocked }
    }

    fn slot(h: Hex) -> usize {
        let side = 2 * RADIUS as i32 + 1;
        ((h.y + RADIUS as i32) * side + h.x + RADIUS as i32) as usize
    }

    /// Off the hexagon nothing blocks.
    fn blocks(&self, h: Hex) -> bool {
        h.ulength() <= RADIUS && self.blocked[Self::slot(h)]
    }

    fn random_hex(rng: &mut GameRng) -> Hex {
        let all = Hex::range_count(RADIUS);
        let k = rng.below(Stream::Setup, all) as usize;
        Hex::ZERO.range(RADIUS).nth(k).expect("k < count")
    }
}

fn bench_hex(c: &mut Criterion) {
    let mut rng = GameRng::new(SEED ^ 1);
    let map = HexMap::new(&mut rng);
    let pairs: Vec<(Hex, Hex)> = (0..PAIRS)
        .map(|_| (HexMap::random_hex(&mut rng), HexMap::random_hex(&mut rng)))
        .collect();
    let origins: Vec<Hex> = pairs.iter().take(ORIGINS).map(|&(a, _)| a).collect();
    let blocks = |h: Hex| map.blocks(h);
    let targets = Hex::range_count(RADIUS) as usize;
    let mut visible = vec![false; targets];

    let mut group = pairwise(c, "los/hex-r30", &pairs, |a, t| {
        hex::los(a, t, blocks).is_clear()
    });
    group.throughput(Throughput::Elements((ORIGINS * targets) as u64));
    from_origins(
        &mut group,
        &origins,
        &mut visible,
        |o| o.range(RADIUS),
        |o, t| hex::los(o, t, blocks).is_clear(),
    );
    group.bench_function("peer/fov (hexx range_fov)", |b| {
        b.iter(|| {
            for &o in &origins {
                black_box(hexx::algorithms::range_fov(o, RADIUS, blocks).len());
            }
        })
    });
    group.finish();
}

/// A new group `name` timing `ours/pairs`: one answer for each (viewer, target) pair.
fn pairwise<'c, P: Copy>(
    c: &'c mut Criterion,
    name: &str,
    pairs: &[(P, P)],
    clear: impl Fn(P, P) -> bool,
) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("ours/pairs", |b| {
        b.iter(|| pairs.iter().filter(|&&(a, t)| clear(a, t)).count())
    });
    group
}

/// `ours/all-from-origin`: our LOS from each origin to every one of its targets, written
/// into the visibility buffer.
fn from_origins<P: Copy, T: Iterator<Item = P>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    origins: &[P],
    visible: &mut [bool],
    targets: impl Fn(P) -> T,
    clear: impl Fn(P, P) -> bool,
) {
    group.bench_function("ours/all-from-origin", |b| {
        b.iter(|| {
            for &o in origins {
                for (slot, t) in visible.iter_mut().zip(targets(o)) {
                    *slot = clear(o, t);
                }
                black_box(&*visible);
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = grids::quick(20);
    targets = bench_square, bench_hex
}
criterion_main!(benches);
