//! X-Com: Tactical sight on a dealt 50 × 50 × 4 map with 40 units, against peers in the same
//! run:
//!
//! - `ours/line-of-sight` (the Tactical rule: walls, doors, floors, full and low objects,
//!   obstruction counting, the level-edge and kneeling rules) against `peer/core-los` (the
//!   engine's plain 3D square LOS on the same walls, floors and blocking objects): what the
//!   Tactical rules cost on top of bare geometry, per pair.
//! - `ours/vision-step` (one unit moves a square and every pair that could change is
//!   retraced) against `peer/vision-rebuild` (all pairs retraced from scratch): what
//!   incremental sight saves on the hottest path, per step.
//! - `ours/sight-field` (one unit's exact field over all four levels) against
//!   `peer/fov (symmetric-shadowcasting)` (a 2D shadowcasting sweep of the ground level with
//!   the same blocking objects, no walls): per target square settled.
//!
//! Run with `cargo bench --bench tactical_sight -- --quick`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use squadsight_core::journal::Journal;
use squadsight_core::square::{Dir, Edge, Pos, SquareGrid};
use squadsight_core::{GameRng, Stream};
use squadsight_tactical::map::{
    Battlefield, Body, EdgeKind, Facing, Height, Looker, MapPlan, SightRules, TerrainSet, TileSet,
    Vision,
};
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 0x7AC_5EED;
const UNITS: usize = 40;
const PAIRS: usize = 1000;

fn battlefield() -> Battlefield {
    let set = TileSet::builtin().expect("built-in tiles");
    let mut plan = MapPlan::new();
    let pool = set.pool(&[TerrainSet::Urban, TerrainSet::Farmland]);
    plan.deal(set, &pool, &mut GameRng::new(SEED), &mut Journal::off())
        .expect("dealt");
    plan.build(set).expect("built")
}

fn units(bf: &Battlefield, rng: &mut GameRng) -> Vec<Looker> {
    let mut out = Vec::new();
    while out.len() < UNITS {
        let p = Pos::new(
            rng.below(Stream::Setup, 50) as i32,
            rng.below(Stream::Setup, 50) as i32,
            0,
        );
        if bf.standable(p) && !out.iter().any(|u: &Looker| u.body.pos == p) {
            out.push(Looker {
                body: Body::at(p),
                facing: Facing::ALL[out.len() % 8],
                obstructs: true,
            });
        }
    }
    out
}

/// The same map for core's plain LOS: full objects block, walls and closed doors are walls,
/// windows and fences windows, non-elevator floors floors.
fn core_grid(bf: &Battlefield) -> SquareGrid<bool> {
    let mut g = SquareGrid::new(bf.width(), bf.height(), bf.levels(), false).expect("grid");
    for p in bf.positions() {
        let sq = bf.square(p).unwrap_or_default();
        let full = bf.object_height(p) == Some(Height::Full);
        g.set(p, full).expect("on the grid");
        let floor = sq
            .floor
            .is_some_and(|f| f != squadsight_tactical::map::FloorKind::Elevator);
        g.set_floor(p, floor && p.z > 0).expect("on the grid");
        for dir in [Dir::East, Dir::South] {
            if let Some(e) = bf.edge(p, dir) {
                let edge = match e.kind {
                    EdgeKind::Open => Edge::Open,
                    EdgeKind::Wall | EdgeKind::Door => Edge::Wall,
                    EdgeKind::Window | EdgeKind::Fence => Edge::Window,
                };
                g.set_edge(p, dir, edge).expect("inside");
            }
        }
    }
    g
}

fn bench(c: &mut Criterion) {
    let bf = battlefield();
    let mut rng = GameRng::new(SEED ^ 1);
    let mut looks = units(&bf, &mut rng);
    let rules = SightRules::default();
    let pairs: Vec<(Body, Body)> = (0..PAIRS)
        .map(|k| {
            let a = looks[k % UNITS].body;
            let b = looks[(k * 7 + 3) % UNITS].body;
            (a, b)
        })
        .collect();
    let grid = core_grid(&bf);
    let mut group = c.benchmark_group("tactical-sight");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("ours/line-of-sight", |b| {
        b.iter(|| {
            let mut n = 0;
            for &(x, y) in &pairs {
                n += usize::from(bf.line_of_sight(x, y, &rules, |_| false).clear);
            }
            black_box(n)
        })
    });
    group.bench_function("peer/core-los", |b| {
        b.iter(|| {
            let mut n = 0;
            for &(x, y) in &pairs {
                n += usize::from(
                    grid.los(x.pos, y.pos, |p| *grid.get(p).unwrap_or(&false))
                        .is_clear(),
                );
            }
            black_box(n)
        })
    });

    group.throughput(Throughput::Elements(1));
    let mut vision = Vision::new(&bf, &looks, &rules);
    let mut who = 0;
    group.bench_function("ours/vision-step", |b| {
        b.iter(|| {
            // One unit steps east and back, turn about, so the map stays the same.
            who = (who + 1) % UNITS;
            let before = looks[who].body;
            let to = Pos::new((before.pos.x + 1) % 50, before.pos.y, 0);
            looks[who].body.pos = to;
            black_box(vision.moved(&bf, &looks, &rules, who, before).len());
            looks[who].body = before;
            vision.moved(&bf, &looks, &rules, who, Body { pos: to, ..before });
        })
    });
    group.bench_function("peer/vision-rebuild", |b| {
        b.iter(|| {
            black_box(Vision::new(&bf, &looks, &rules));
            black_box(Vision::new(&bf, &looks, &rules));
        })
    });

    group.throughput(Throughput::Elements(bf.cell_count() as u64));
    let eye = looks[0];
    group.bench_function("ours/sight-field", |b| {
        b.iter(|| {
            black_box(
                bf.sight_field(eye.body, eye.facing, &rules, |_| false)
                    .len(),
            )
        })
    });
    group.throughput(Throughput::Elements(u64::from(bf.width() * bf.height())));
    let mut visible = vec![false; (bf.width() * bf.height()) as usize];
    group.bench_function("peer/fov (symmetric-shadowcasting)", |b| {
        b.iter(|| {
            visible.fill(false);
            let (w, h) = (bf.width() as isize, bf.height() as isize);
            symmetric_shadowcasting::compute_fov(
                (eye.body.pos.x as isize, eye.body.pos.y as isize),
                &mut |(x, y)| {
                    x < 0
                        || y < 0
                        || x >= w
                        || y >= h
                        || *grid.get(Pos::new(x as i32, y as i32, 0)).unwrap_or(&true)
                },
                &mut |(x, y)| {
                    if x >= 0 && y >= 0 && x < w && y < h {
                        visible[(y * w + x) as usize] = true;
                    }
                },
            );
            black_box(&visible);
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
