//! Random legal play over every built-in scenario and option set: every game ends, every
//! listed action applies, and the engine contract holds (the core conformance harness).

use crate::support::{play_random, setup};
use squadsight_core::conformance::{Limits, check_ruleset};
use squadsight_core::{GameRng, Journal, Ruleset, Seat};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::options::Options;

fn play(sk: &Skirmish, id: &str, options: &Options, seed: u64) -> usize {
    let scenario = sk.scenario(id).expect("scenario");
    let mut rng = GameRng::new(seed);
    let mut pick = GameRng::new(seed ^ 0xabcdef);
    let mut j = Journal::off();
    let mut st = setup(sk, &scenario, options, &mut rng, &mut j).expect("setup");
    match play_random(sk, &mut st, &mut rng, &mut pick, &mut j, 200_000, |_, _| {}) {
        Ok((steps, true)) => steps,
        Ok((_, false)) => panic!("{id} seed {seed}: no end after 200000 actions"),
        Err(e) => panic!("{id} seed {seed}: {e}"),
    }
}

#[test]
fn random_games_end_in_every_scenario() {
    let sk = Skirmish::new().expect("rules");
    let ids: Vec<&str> = sk.scenarios().iter().map(|s| s.id).collect();
    for id in ids {
        for seed in 0..8 {
            play(&sk, id, &Options::default(), seed);
        }
    }
}

fn variants() -> Vec<Options> {
    let sets: &[&[(&str, &str)]] = &[
        &[],
        &[("detection", "on"), ("panic", "on")],
        &[("detection", "on"), ("hidden_positions", "hidden")],
        &[("range_mode", "max"), ("move_mode", "exact")],
        &[
            ("attack_limit", "one-per-unit"),
            ("rapid_reaction", "draw-with-move"),
        ],
        &[
            ("first_player", "aliens"),
            ("panic", "on"),
            ("sectopod_hits", "7"),
        ],
    ];
    sets.iter()
        .map(|kv| {
            let mut o = Options::default();
            for (k, v) in kv.iter() {
                o.set(k, v).expect("valid option");
            }
            o
        })
        .collect()
}

#[test]
fn random_games_end_under_every_option_set() {
    let sk = Skirmish::new().expect("rules");
    let ids: Vec<&str> = sk.scenarios().iter().map(|s| s.id).collect();
    for o in variants() {
        for id in &ids {
            for seed in 0..4 {
                play(&sk, id, &o, seed);
            }
        }
    }
}

#[test]
fn conformance_harness_passes() {
    let sk = std::sync::Arc::new(Skirmish::new().expect("rules"));
    for (i, o) in variants().into_iter().enumerate() {
        let id = if i % 2 == 0 { "learning" } else { "basic" };
        {
            let scenario = sk.scenario(id).expect("scenario");
            let report = check_ruleset::<Skirmish>(
                sk.clone(),
                &scenario,
                &o,
                0..2u64,
                Limits {
                    steps: 20_000,
                    allow_cap: false,
                    apply_all_up_to: 16,
                    probe_one_in: 1,
                },
            )
            .unwrap_or_else(|f| panic!("{id} {o:?}: {f}"));
            assert_eq!(report.hit_cap, 0);
        }
    }
}

#[test]
fn sk_gap_21_who_decides_is_public_to_both_seats() {
    // Whichever seat looks, a state sampled from its observation has the same decider, so
    // no window opening or closing gives away hidden cards or Hidden positions.
    let sk = Skirmish::new().expect("rules");
    for o in variants() {
        for id in ["learning", "basic", "terror-site"] {
            let scenario = sk.scenario(id).expect("scenario");
            for seed in 0..2 {
                let mut rng = GameRng::new(seed);
                let mut pick = GameRng::new(seed + 100);
                let mut look = GameRng::new(seed + 200);
                let mut j = Journal::off();
                let mut st = setup(&sk, &scenario, &o, &mut rng, &mut j).expect("setup");
                play_random(&sk, &mut st, &mut rng, &mut pick, &mut j, 3000, |st, _| {
                    for viewer in [Seat(0), Seat(1)] {
                        let det = sk.determinize(&sk.observe(st, viewer), &mut look);
                        assert_eq!(sk.to_act(&det), sk.to_act(st), "{id} {o:?} seed {seed}");
                    }
                })
                .unwrap_or_else(|e| panic!("{id} {o:?} seed {seed}: {e}"));
            }
        }
    }
}
