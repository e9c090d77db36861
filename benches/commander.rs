//! Commander 2.1 rules speed: complete random 500 spl battles per second (one core, journal
//! off), and one AI-mode activation (cmd.ai.d6-action) on the same battle with both seats
//! played by the rules' AI. Target from the Commander issue: ≥ 2,000 random battles/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use squadsight_commander::Commander;
use squadsight_core::data::parse_ron;
use squadsight_core::{Decision, GameRng, Journal, Ruleset};
use std::hint::black_box;

type Scenario = <Commander as Ruleset>::Scenario;
type Options = <Commander as Ruleset>::Options;
type Action = <Commander as Ruleset>::Action;

fn battle(cmd: &Commander) -> Scenario {
    let info = cmd
        .scenarios()
        .iter()
        .find(|s| s.id == "battle")
        .expect("the battle scenario is built in");
    parse_ron(info.source.as_bytes(), info.id).expect("built-in scenario parses")
}

/// Plays one uniformly random game to the end; returns its length in actions.
fn random_game(
    cmd: &Commander,
    scenario: &Scenario,
    options: &Options,
    seed: u64,
    legal: &mut Vec<Action>,
) -> u32 {
    let mut rng = GameRng::new(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut journal = Journal::off();
    let mut state = cmd
        .setup(scenario, options, &mut rng, &mut journal)
        .expect("the battle sets up");
    let mut steps = 0;
    while let Decision::Act(seat) = cmd.to_act(&state) {
        cmd.legal_actions(&state, seat, legal);
        let i = (pick.next_u32() as usize) % legal.len();
        cmd.apply(&mut state, seat, &legal[i], &mut rng, &mut journal)
            .expect("a listed action applies");
        steps += 1;
    }
    steps
}

fn bench(c: &mut Criterion) {
    let cmd = Commander::new().expect("rules data loads");
    let scenario = battle(&cmd);
    let mut legal = Vec::with_capacity(1024);

    let mut group = c.benchmark_group("commander battle");
    group.throughput(Throughput::Elements(1));
    let plain = Options::default();
    let mut seed = 0u64;
    group.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&cmd, &scenario, &plain, seed, &mut legal))
        })
    });

    // One AI-mode decision: both seats on Classic, a fresh position each time.
    let mut ai = Options::default();
    cmd.set_option(&mut ai, "ai_seat1", "classic")
        .expect("option");
    cmd.set_option(&mut ai, "ai_seat2", "classic")
        .expect("option");
    let mut rng = GameRng::new(9);
    let start = cmd
        .setup(&scenario, &ai, &mut rng, &mut Journal::off())
        .expect("the battle sets up");
    group.bench_function("ai activation", |b| {
        b.iter(|| {
            let (mut state, mut r) = (start.clone(), rng.clone());
            if let Decision::Act(seat) = cmd.to_act(&state) {
                cmd.apply(
                    &mut state,
                    seat,
                    &Action::AiActivate,
                    &mut r,
                    &mut Journal::off(),
                )
                .expect("the AI acts");
            }
            black_box(state)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
