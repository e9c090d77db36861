//! X-Com Skirmish rules speed: complete random games per second on the learning scenario (one
//! core, journal off), and one `legal_actions` call on positions taken from a random game.
//! Targets from the Skirmish issue: ≥ 10,000 games/s and ≤ 5 µs per legal-action listing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use squadsight_core::data::parse_ron;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_skirmish::Skirmish;
use std::hint::black_box;

type State = <Skirmish as Ruleset>::State;
type Action = <Skirmish as Ruleset>::Action;

fn learning(sk: &Skirmish) -> <Skirmish as Ruleset>::Scenario {
    let info = sk
        .scenarios()
        .iter()
        .find(|s| s.id == "learning")
        .expect("learning scenario is built in");
    parse_ron(info.source.as_bytes(), info.id).expect("built-in scenario parses")
}

/// Plays one uniformly random game to the end; returns its length in actions.
fn random_game(
    sk: &Skirmish,
    scenario: &<Skirmish as Ruleset>::Scenario,
    seed: u64,
    legal: &mut Vec<Action>,
) -> u32 {
    let mut rng = GameRng::new(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut journal = Journal::off();
    let mut state = sk
        .setup(scenario, &Default::default(), &mut rng, &mut journal)
        .expect("learning scenario sets up");
    let mut steps = 0;
    while let Decision::Act(seat) = sk.to_act(&state) {
        sk.legal_actions(&state, seat, legal);
        let i = (pick.next_u32() as usize) % legal.len();
        sk.apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .expect("a listed action applies");
        steps += 1;
    }
    steps
}

/// Every position of one random game, with the seat to act.
fn positions(sk: &Skirmish, scenario: &<Skirmish as Ruleset>::Scenario) -> Vec<(State, Seat)> {
    let mut rng = GameRng::new(5);
    let mut pick = ChaCha8Rng::seed_from_u64(5);
    let mut journal = Journal::off();
    let mut state = sk
        .setup(scenario, &Default::default(), &mut rng, &mut journal)
        .expect("learning scenario sets up");
    let mut legal = Vec::new();
    let mut out = Vec::new();
    while let Decision::Act(seat) = sk.to_act(&state) {
        out.push((state.clone(), seat));
        sk.legal_actions(&state, seat, &mut legal);
        let i = (pick.next_u32() as usize) % legal.len();
        sk.apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .expect("a listed action applies");
    }
    out
}

fn bench(c: &mut Criterion) {
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = learning(&sk);
    let mut legal = Vec::with_capacity(256);

    let mut group = c.benchmark_group("skirmish learning");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&sk, &scenario, seed, &mut legal))
        })
    });

    let all = positions(&sk, &scenario);
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
