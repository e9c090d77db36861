//! Commander 2.1 rules speed: complete random 500 spl battles per second (one core, journal
//! off), and one AI-mode activation (cmd.ai.d6-action) on the same battle with both seats
//! played by the rules' AI. Target from the Commander issue: ≥ 2,000 random battles/s.

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;

use criterion::{Criterion, criterion_group, criterion_main};
use squadsight_commander::Commander;
use squadsight_core::{Decision, GameRng, Journal, Ruleset};
use std::hint::black_box;

type Options = <Commander as Ruleset>::Options;
type Action = <Commander as Ruleset>::Action;

fn bench(c: &mut Criterion) {
    let cmd = Commander::new().expect("rules data loads");
    let scenario = games::scenario(&cmd, "battle");
    let mut legal = Vec::with_capacity(1024);

    let mut group = c.benchmark_group("commander battle");
    let plain = Options::default();
    games::bench_games(
        &mut group,
        "random game",
        &cmd,
        &scenario,
        &plain,
        &mut legal,
    );

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
