//! X-Com Skirmish rules speed: complete random games per second on the learning scenario (one
//! core, journal off), and one `legal_actions` call on positions taken from a random game.
//! Targets from the Skirmish issue: ≥ 10,000 games/s and ≤ 5 µs per legal-action listing.

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use squadsight_skirmish::Skirmish;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = games::scenario(&sk, "learning");
    let mut legal = Vec::with_capacity(256);

    let mut group = c.benchmark_group("skirmish learning");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(games::random_game(
                &sk,
                &scenario,
                &Default::default(),
                seed,
                &mut legal,
            ))
        })
    });

    let all = games::positions(&sk, &scenario, 5);
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("legal_actions, every position of a game", |b| {
        b.iter(|| {
            for (state, seat) in &all {
                sk.legal_actions(state, *seat, &mut legal);
                black_box(legal.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
