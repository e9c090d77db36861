//! Random play any ruleset's bench shares: a built-in scenario, one uniformly random game,
//! every position of one, and the two timings the rules benches make of them. Each bench includes this file with `#[path]`; all games here
//! run with the journal off, and the chooser is a ChaCha8 stream seeded with the game's seed.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use std::hint::black_box;

/// The built-in scenario `id` of `rules`, parsed.
pub fn scenario<R: Ruleset>(rules: &R, id: &str) -> R::Scenario {
    rules
        .builtin_scenario(id)
        .unwrap_or_else(|e| panic!("{}: {e}", R::ID))
}

/// Plays one uniformly random game to the end, showing `visit` each position before its
/// action is listed; returns the game's length in actions.
pub fn play<R: Ruleset>(
    rules: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    seed: u64,
    legal: &mut Vec<R::Action>,
    mut visit: impl FnMut(&R::State, Seat),
) -> u32 {
    let mut rng = GameRng::new(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut journal = Journal::off();
    let mut state = rules
        .setup(scenario, options, &mut rng, &mut journal)
        .unwrap_or_else(|e| panic!("{} sets up: {e}", R::ID));
    let mut steps = 0;
    while let Decision::Act(seat) = rules.to_act(&state) {
        visit(&state, seat);
        rules.legal_actions(&state, seat, legal);
        let i = (pick.next_u32() as usize) % legal.len();
        rules
            .apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .unwrap_or_else(|e| panic!("a listed {} action applies: {e}", R::ID));
        steps += 1;
    }
    steps
}

/// One uniformly random game; returns its length in actions.
pub fn random_game<R: Ruleset>(
    rules: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    seed: u64,
    legal: &mut Vec<R::Action>,
) -> u32 {
    play(rules, scenario, options, seed, legal, |_, _| {})
}

/// Every position of one random game, with the seat to act.
pub fn positions<R: Ruleset>(
    rules: &R,
    scenario: &R::Scenario,
    seed: u64,
) -> Vec<(R::State, Seat)> {
    let mut out = Vec::new();
    play(
        rules,
        scenario,
        &R::Options::default(),
        seed,
        &mut Vec::new(),
        |state, seat| out.push((state.clone(), seat)),
    );
    out
}

/// Times one uniformly random game per iteration, each with the next seed from 1
/// (throughput: one game).
pub fn bench_games<R: Ruleset>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    rules: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    legal: &mut Vec<R::Action>,
) {
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(rules, scenario, options, seed, legal))
        })
    });
}

/// Times one `legal_actions` call on each of `positions` (throughput: one listing each).
pub fn bench_listings<R: Ruleset>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    rules: &R,
    positions: &[(R::State, Seat)],
    legal: &mut Vec<R::Action>,
) {
    group.throughput(Throughput::Elements(positions.len().max(1) as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for (state, seat) in positions {
                rules.legal_actions(state, *seat, legal);
                black_box(legal.len());
            }
        })
    });
}
