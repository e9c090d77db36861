//! `verify` of a 1,000-action save against plain deserialisation of the same file (target:
//! verify at most 5× the parse). Verify here includes the parse, the replay from scratch and
//! every state hash and chain link.
//!
//! Two saves: the first 1,000 actions of a Skirmish game between random players (the real
//! cost), and a game of the core tests' toy Race ruleset, whose rules cost almost nothing, so
//! its numbers show the engine's own overhead (parsing, hashing, the chain).

// The core tests' module, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "../crates/core/tests/toy/mod.rs"]
mod toy;

// The rules benches' shared random play, of which this bench uses only a part.
#[allow(dead_code)]
#[path = "support/games.rs"]
mod games;

use criterion::{Criterion, criterion_group, criterion_main};
use squadsight_ai::{Level, make_player};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save::{self, load, verify};
use squadsight_core::{Decision, Ruleset};
use squadsight_skirmish::Skirmish;
use std::hint::black_box;
use std::sync::Arc;
use toy::{Race, RaceOptions, RaceScenario};

const ACTIONS: usize = 1_000;

/// A 1,000-action save, choosing actions by a fixed cycle over the legal list.
fn race_save(ruleset: &Arc<Race>) -> String {
    let course = RaceScenario {
        goal: 255,
        cards: vec![1, 2, 3, 4],
        max_rounds: 10_000,
    };
    let seats = vec![SeatConfig::ai("random"), SeatConfig::ai("random")];
    let mut game = Game::new(
        Arc::clone(ruleset),
        course,
        RaceOptions::default(),
        7,
        seats,
    )
    .expect("the course sets up");
    let mut legal: Vec<toy::RaceAction> = Vec::new();
    for i in 0..ACTIONS {
        let Decision::Act(seat) = game.to_act() else {
            panic!("the race ended after {i} actions");
        };
        game.legal_actions(seat, &mut legal);
        // Step 1, pass, pass in turn: both tokens crawl, and no one reaches the goal.
        let pick = [0, legal.len() - 1, legal.len() - 1][i % 3];
        game.apply(seat, legal[pick].clone())
            .expect("listed actions apply");
    }
    save::to_ron(&game).expect("the save is written")
}

/// The first 1,000 actions of a random Skirmish game on the Basic scenario (the first seed
/// whose game lasts that long).
fn skirmish_save(ruleset: &Arc<Skirmish>) -> String {
    let scenario = games::scenario(ruleset.as_ref(), "basic");
    let mut legal = Vec::new();
    for seed in 0.. {
        let seats = vec![SeatConfig::ai("random"), SeatConfig::ai("random")];
        let mut game = Game::new(
            Arc::clone(ruleset),
            scenario.clone(),
            Default::default(),
            seed,
            seats,
        )
        .expect("the scenario sets up");
        let mut players = [
            make_player::<Skirmish>(Level::Random, seed),
            make_player::<Skirmish>(Level::Random, seed + 1),
        ];
        while game.log().len() < ACTIONS {
            let Decision::Act(seat) = game.to_act() else {
                break;
            };
            game.legal_actions(seat, &mut legal);
            let obs = game.observe(seat);
            let choice = players[seat.index()].choose(ruleset, &obs, seat, &legal);
            game.apply(seat, choice.action)
                .expect("listed actions apply");
        }
        if game.log().len() == ACTIONS {
            return save::to_ron(&game).expect("the save is written");
        }
    }
    unreachable!("some seed gives a game of 1,000 actions")
}

fn compare<R: Ruleset>(c: &mut Criterion, name: &str, ruleset: &Arc<R>, text: &str) {
    let file = load(&**ruleset, text.as_bytes(), "bench.ron").expect("loads");
    assert_eq!(file.log.len(), ACTIONS);
    let mut group = c.benchmark_group(name);
    group.bench_function("deserialise", |b| {
        b.iter(|| black_box(load(&**ruleset, text.as_bytes(), "bench.ron").map(|f| f.log.len())));
    });
    group.bench_function("deserialise + verify", |b| {
        b.iter(|| {
            let file = load(&**ruleset, text.as_bytes(), "bench.ron").expect("loads");
            black_box(verify(Arc::clone(ruleset), file).expect("verifies"))
        });
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let skirmish = Arc::new(Skirmish::new().expect("the rules data loads"));
    let text = skirmish_save(&skirmish);
    compare(c, "verify 1000 actions (skirmish basic)", &skirmish, &text);
    let race = Arc::new(Race::new());
    let text = race_save(&race);
    compare(c, "verify 1000 actions (toy race)", &race, &text);
}

criterion_group!(benches, bench);
criterion_main!(benches);
