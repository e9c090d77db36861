//! What the grid benches share (benches/los.rs, benches/path.rs): their random square map
//! and criterion's settings for them.

use criterion::Criterion;
use std::time::Duration;

use squadsight_core::square::{Dir, Edge, Pos, SquareGrid};
use squadsight_core::{GameRng, Stream};

/// True with probability `percent` / 100.
pub fn chance(rng: &mut GameRng, percent: u32) -> bool {
    rng.below(Stream::Setup, 100) < percent
}

/// A `side`×`side`×`levels` map: 8% blocking cells, 10% of edges walls, doors or windows,
/// and 60% of the cells above the ground with a floor under them.
pub fn square_map(rng: &mut GameRng, side: u32, levels: u32) -> SquareGrid<bool> {
    let mut map = SquareGrid::new(side, side, levels, false).expect("small map");
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
            // Border edges are refused; the map edge needs no wall.
            let _ = map.set_edge(p, dir, edge);
        }
        if p.z > 0 {
            map.set_floor(p, chance(rng, 60)).expect("on the map");
        }
    }
    map
}

/// `samples` samples each, after half a second of warm-up, over two seconds of measurement.
pub fn quick(samples: usize) -> Criterion {
    Criterion::default()
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}
