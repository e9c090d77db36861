//! AI throughput on X-Com Skirmish's learning scenario: information-set MCTS playouts per
//! second (criterion reports them as elements/s) and the cost of one greedy decision, both
//! from the same mid-game position.

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;
// The players' tests' support, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "../crates/ai/tests/support.rs"]
mod players;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use squadsight_ai::{Level, MctsPlayer, MctsSettings, Player, make_player};
use squadsight_core::{Decision, GameRng, Ruleset, Seat};
use squadsight_skirmish::Skirmish;
use std::hint::black_box;

/// Playouts per measured decision.
const PLAYOUTS: u32 = 200;

type State = <Skirmish as Ruleset>::State;
type Action = <Skirmish as Ruleset>::Action;

/// A position some way into a random game, where the side to act has a real choice.
fn position(sk: &Skirmish) -> (State, Seat, Vec<Action>) {
    let scenario = games::scenario(sk, "learning");
    let mut rng = GameRng::new(11);
    let mut state = players::setup(sk, &scenario, &Default::default(), &mut rng);
    let mut random = make_player::<Skirmish>(Level::Random, 11);
    let mut legal = Vec::new();
    for step in 0.. {
        let Decision::Act(seat) = sk.to_act(&state) else {
            panic!("the random game ended before a position was chosen");
        };
        sk.legal_actions(&state, seat, &mut legal);
        if step >= 40 && legal.len() >= 5 {
            return (state, seat, legal);
        }
        let choice = random.choose(sk, &sk.observe(&state, seat), seat, &legal);
        players::apply(sk, &mut state, seat, &choice.action, &mut rng);
    }
    unreachable!("the loop only ends by returning")
}

fn bench(c: &mut Criterion) {
    let sk = Skirmish::new().expect("rules data loads");
    let (state, seat, legal) = position(&sk);
    let obs = sk.observe(&state, seat);
    let mut group = c.benchmark_group("ai (skirmish learning)");
    group.throughput(Throughput::Elements(u64::from(PLAYOUTS)));
    let settings = MctsSettings {
        iterations: PLAYOUTS,
        ..MctsSettings::normal().uncapped()
    };
    let mut mcts = MctsPlayer::new("bench", settings, 1);
    group.bench_function("mcts playouts", |b| {
        b.iter(|| {
            black_box(Player::<Skirmish>::choose(
                &mut mcts, &sk, &obs, seat, &legal,
            ))
        });
    });
    group.throughput(Throughput::Elements(1));
    let mut greedy = make_player::<Skirmish>(Level::Greedy, 1);
    group.bench_function("greedy decision", |b| {
        b.iter(|| black_box(greedy.choose(&sk, &obs, seat, &legal)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
