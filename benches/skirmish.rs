//! X-Com Skirmish rules speed: complete random games per second on the learning scenario (one
//! core, journal off), and one `legal_actions` call on positions taken from a random game.
//! Targets from the Skirmish issue: ≥ 10,000 games/s and ≤ 5 µs per legal-action listing.

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;

use criterion::{Criterion, criterion_group, criterion_main};

use squadsight_skirmish::Skirmish;

fn bench(c: &mut Criterion) {
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = games::scenario(&sk, "learning");
    let mut legal = Vec::with_capacity(256);

    let mut group = c.benchmark_group("skirmish learning");
    let plain = Default::default();
    games::bench_games(
        &mut group,
        "random game",
        &sk,
        &scenario,
        &plain,
        &mut legal,
    );
    let all = games::positions(&sk, &scenario, 5);
    let name = "legal_actions, every position of a game";
    games::bench_listings(&mut group, name, &sk, &all, &mut legal);
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
