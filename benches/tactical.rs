//! X-Com: Tactical rules speed: complete random Assault games per second (one core, journal
//! off; random play runs to the scenario's round limit), and one `legal_actions` call on
//! positions taken from a random game. Targets from the Tactical issue: ≥ 200 games/s and
//! p99 ≤ 50 µs per listing on the default map.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::Tactical;
use std::hint::black_box;

type State = <Tactical as Ruleset>::State;
type Action = <Tactical as Ruleset>::Action;
type Scenario = <Tactical as Ruleset>::Scenario;

/// Plays one uniformly random game to the end; returns its length in actions.
fn random_game(t: &Tactical, scenario: &Scenario, seed: u64, legal: &mut Vec<Action>) -> u32 {
    let mut rng = GameRng::new(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut journal = Journal::off();
    let mut state = t
        .setup(scenario, &Default::default(), &mut rng, &mut journal)
        .expect("assault sets up");
    let mut steps = 0;
    while let Decision::Act(seat) = t.to_act(&state) {
        t.legal_actions(&state, seat, legal);
        let i = (pick.next_u32() as usize) % legal.len();
        t.apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .expect("a listed action applies");
        steps += 1;
    }
    steps
}

/// Every position of one random game, with the seat to act.
fn positions(t: &Tactical, scenario: &Scenario) -> Vec<(State, Seat)> {
    let mut rng = GameRng::new(5);
    let mut pick = ChaCha8Rng::seed_from_u64(5);
    let mut journal = Journal::off();
    let mut state = t
        .setup(scenario, &Default::default(), &mut rng, &mut journal)
        .expect("assault sets up");
    let mut legal = Vec::new();
    let mut out = Vec::new();
    while let Decision::Act(seat) = t.to_act(&state) {
        out.push((state.clone(), seat));
        t.legal_actions(&state, seat, &mut legal);
        let i = (pick.next_u32() as usize) % legal.len();
        t.apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .expect("a listed action applies");
    }
    out
}

fn bench(c: &mut Criterion) {
    let t = Tactical::new().expect("rules data loads");
    let scenario = t.scenario("assault").expect("assault is built in");
    let mut legal = Vec::with_capacity(256);

    let mut group = c.benchmark_group("tactical assault");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&t, &scenario, seed, &mut legal))
        })
    });

    let all = positions(&t, &scenario);
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("legal_actions, every position of a game", |b| {
        b.iter(|| {
            for (state, seat) in &all {
                t.legal_actions(state, *seat, &mut legal);
                black_box(legal.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
