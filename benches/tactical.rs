//! X-Com: Tactical rules speed: complete random Assault games per second (one core, journal
//! off; random play runs to the scenario's round limit), and one `legal_actions` call on
//! positions taken from a random game. Targets from the Tactical issue: ≥ 200 games/s and
//! p99 ≤ 50 µs per listing on the default map.
//!
//! Peers in the same run: a random Skirmish `learning` game and a random Crashed UFO game
//! (the scenario with the most explosions), so the figures read as ratios.
//!
//! The p99: criterion reports means, so before the groups run, every position of eight
//! random Assault games is listed 5 times, each position keeping its fastest time (which
//! drops the scheduler's noise, not the work), and the percentiles of those per-position
//! times are printed (`legal_actions per position: p50 … p99 … max`). Criterion then times
//! the slowest 1% of those positions as a group of its own, so the tail is measured with
//! criterion's statistics too: its mean per listing is at least the p99.
//!
//! Run with `cargo bench --bench tactical -- --quick`.

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;

use criterion::{Criterion, criterion_group, criterion_main};
use squadsight_core::{Ruleset, Seat};
use squadsight_skirmish::Skirmish;
use squadsight_tactical::Tactical;
use std::hint::black_box;
use std::time::{Duration, Instant};

type State = <Tactical as Ruleset>::State;
type Action = <Tactical as Ruleset>::Action;

/// The fastest of 5 listings of each position, in the order given (see the crate doc).
fn listing_times(t: &Tactical, all: &[(State, Seat)], legal: &mut Vec<Action>) -> Vec<Duration> {
    let times: Vec<Duration> = all
        .iter()
        .map(|(state, seat)| {
            (0..5)
                .map(|_| {
                    let start = Instant::now();
                    t.legal_actions(state, *seat, legal);
                    black_box(legal.len());
                    start.elapsed()
                })
                .min()
                .unwrap_or_default()
        })
        .collect();
    times
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    let k = (sorted.len() * p)
        .div_ceil(100)
        .clamp(1, sorted.len().max(1));
    sorted.get(k - 1).copied().unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let t = Tactical::new().expect("rules data loads");
    let scenario = games::scenario(&t, "assault");
    let mut legal = Vec::with_capacity(256);

    // The tail of one listing, per position (printed; see the crate doc).
    let sample: Vec<(State, Seat)> = (1..=8)
        .flat_map(|s| games::positions(&t, &scenario, s))
        .collect();
    let each = listing_times(&t, &sample, &mut legal);
    let mut times = each.clone();
    times.sort_unstable();
    println!(
        "tactical assault legal_actions per position ({} positions of 8 random games): \
         p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
        times.len(),
        percentile(&times, 50),
        percentile(&times, 90),
        percentile(&times, 99),
        times.last().copied().unwrap_or_default()
    );
    let p99 = percentile(&times, 99);
    let slowest: Vec<(State, Seat)> = sample
        .iter()
        .zip(&each)
        .filter(|&(_, &d)| d >= p99)
        .map(|(p, _)| p.clone())
        .collect();

    let mut group = c.benchmark_group("tactical assault");
    group.sample_size(10);
    let plain = Default::default();
    games::bench_games(&mut group, "random game", &t, &scenario, &plain, &mut legal);
    let all = games::positions(&t, &scenario, 5);
    let name = "legal_actions, every position of a game";
    games::bench_listings(&mut group, name, &t, &all, &mut legal);
    let name = "legal_actions, slowest 1% of positions";
    games::bench_listings(&mut group, name, &t, &slowest, &mut legal);
    group.finish();

    // Peers in the same run.
    let mut peers = c.benchmark_group("tactical peers");
    peers.sample_size(10);
    let crash = games::scenario(&t, "crashed-ufo");
    let name = "crashed ufo random game";
    games::bench_games(&mut peers, name, &t, &crash, &plain, &mut legal);
    let sk = Skirmish::new().expect("skirmish data loads");
    let learning = games::scenario(&sk, "learning");
    let name = "skirmish learning random game";
    let sk_plain = Default::default();
    // A fresh list of legal actions, as the peer had when it was timed on its own.
    games::bench_games(&mut peers, name, &sk, &learning, &sk_plain, &mut Vec::new());
    peers.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
