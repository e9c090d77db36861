//! The players on X-Com Skirmish's learning scenario: every choice is legal, games finish,
//! and a choice depends only on the observation. Kept small so the debug test run stays
//! quick; the strength figures come from release-mode arena runs.

use crate::support::{advance, apply, arena, setup, uncapped};
use squadsight_ai::arena::run_arena;
use squadsight_ai::{Level, MctsPlayer, MctsSettings, Player, make_player};
use squadsight_core::data::parse_ron;
use squadsight_core::{Decision, GameRng, Ruleset, Seat};
use squadsight_skirmish::Skirmish;

type Scenario = <Skirmish as Ruleset>::Scenario;

fn learning(sk: &Skirmish) -> Scenario {
    sk.builtin_scenario("learning")
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A small search, so a whole game fits in a debug test run.
fn light() -> MctsSettings {
    MctsSettings {
        iterations: 40,
        rollout_depth: 8,
        ..MctsSettings::easy()
    }
}

#[test]
fn a_search_player_finishes_games_against_random_with_legal_choices() {
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = learning(&sk);
    let options = <Skirmish as Ruleset>::Options::default();
    for seed in 0..2u64 {
        let mut rng = GameRng::new(seed);
        let mut state = setup(&sk, &scenario, &options, &mut rng);
        let search_seat = Seat(u8::from(seed % 2 == 1));
        let mut search = MctsPlayer::new("light", light(), seed);
        let mut random = make_player::<Skirmish>(Level::Random, seed);
        let mut legal = Vec::new();
        let mut steps = 0;
        let outcome = loop {
            let seat = match sk.to_act(&state) {
                Decision::Over(outcome) => break outcome,
                Decision::Act(seat) => seat,
            };
            sk.legal_actions(&state, seat, &mut legal);
            assert!(!legal.is_empty());
            let obs = sk.observe(&state, seat);
            let choice = if seat == search_seat {
                Player::<Skirmish>::choose(&mut search, &sk, &obs, seat, &legal)
            } else {
                random.choose(&sk, &obs, seat, &legal)
            };
            assert!(legal.contains(&choice.action), "{}", choice.reason);
            assert!(!choice.reason.is_empty() && !choice.reason.contains('\n'));
            apply(&sk, &mut state, seat, &choice.action, &mut rng);
            steps += 1;
            assert!(steps < 5000, "game did not finish");
        };
        assert!(!outcome.reason.is_empty());
    }
}

#[test]
fn arena_plays_greedy_against_random_on_the_learning_scenario() {
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = learning(&sk);
    let mut done = Vec::new();
    let report = run_arena(
        &sk,
        &scenario,
        &Default::default(),
        Level::Greedy,
        Level::Random,
        2,
        1,
        &mut |n| done.push(n),
    );
    assert_eq!(done, vec![1, 2]);
    assert_eq!(report.failed, 0, "{report}");
    assert_eq!(report.capped, 0, "{report}");
    assert_eq!(report.wins + report.losses + report.draws, 2);
    assert!(report.mean_length > 0.0);
}

#[test]
fn easy_beats_random_on_the_learning_scenario() {
    // Measured in release: easy won 20 of 20 against random from seed 1.
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = learning(&sk);
    let report = arena(&sk, &scenario, Level::Easy, Level::Random, 2, 1);
    assert_eq!((report.failed, report.capped), (0, 0), "{report}");
    assert_eq!(report.wins, 2, "{report}");
    assert!(report.time_a.decisions > 0 && report.time_b.decisions > 0);
}

#[test]
fn hidden_cards_do_not_change_a_choice() {
    // Two full states sampled from one observation differ in the other hand and the deck
    // order; both look the same to the observer, so every level must choose the same.
    let sk = Skirmish::new().expect("rules data loads");
    let scenario = learning(&sk);
    let mut rng = GameRng::new(4);
    let mut state = setup(&sk, &scenario, &Default::default(), &mut rng);
    // Into the first Move and Fire phase, past the first-player choice.
    advance(&sk, &mut state, &mut rng, 6, 4);
    let mut legal = Vec::new();
    let Decision::Act(seat) = sk.to_act(&state) else {
        panic!("the game ended early");
    };
    let obs = sk.observe(&state, seat);
    let first = sk.determinize(&obs, &mut GameRng::new(1));
    let second = sk.determinize(&obs, &mut GameRng::new(2));
    assert_ne!(first, second, "the samples should differ in hidden cards");
    assert_eq!(sk.observe(&first, seat), obs);
    assert_eq!(sk.observe(&second, seat), obs);
    sk.legal_actions(&first, seat, &mut legal);
    for level in [Level::Random, Level::Greedy, Level::Easy] {
        let mut p = uncapped::<Skirmish>(level, 3);
        let mut q = uncapped::<Skirmish>(level, 3);
        let a = p.choose(&sk, &sk.observe(&first, seat), seat, &legal);
        let b = q.choose(&sk, &sk.observe(&second, seat), seat, &legal);
        assert_eq!(a, b, "{level}");
        assert!(legal.contains(&a.action));
    }
}

/// What the greedy player picks for `seat` in a fixture position.
fn greedy_pick(
    s: &squadsight_skirmish::fixture::Session,
    seat: u8,
) -> squadsight_skirmish::action::Action {
    let legal = s.legal(seat);
    let obs = s.ruleset().observe(s.state(), Seat(seat));
    let mut greedy = make_player::<Skirmish>(Level::Greedy, 3);
    greedy.choose(s.ruleset(), &obs, Seat(seat), &legal).action
}

#[test]
fn greedy_fires_overwatch_at_a_foe_that_moves_into_its_range() {
    // sk.effect.reaction, sk.gap.22: a Squaddie steps to 4 hexes from a Thin Man holding
    // Overwatch (Attack = 3 or 4 on the opponent's turn); the shot kills it, so the greedy
    // player takes it instead of passing.
    use squadsight_skirmish::action::Action;
    use squadsight_skirmish::fixture::Fixture;
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(1, &["overwatch"])
        .build()
        .expect("fixture");
    let (sq, tm) = (s.unit_at(0, 0).unwrap(), s.unit_at(5, 0).unwrap());
    let to = s.hex(1, 0).unwrap();
    s.act(0, Action::FreeMove { unit: sq, to }).unwrap();
    assert_eq!(s.to_act(), Some(1), "the reaction window is open");
    let ow = s.card("overwatch").unwrap();
    assert_eq!(
        greedy_pick(&s, 1),
        Action::Card {
            card: ow,
            unit: Some(tm)
        }
    );
}

#[test]
fn greedy_plays_defense_against_a_killing_hit() {
    // sk.defense.play: a Thin Man shoots the lone Squaddie; its side holds Tough and plays it.
    use squadsight_skirmish::action::Action;
    use squadsight_skirmish::fixture::Fixture;
    let mut s = Fixture::flat(8, 2)
        .unit(1, "thin-man", 3, 0)
        .unit(0, "squaddie", 0, 0)
        .active(1)
        .hand(1, &["medium-range"])
        .hand(0, &["tough"])
        .build()
        .expect("fixture");
    let (tm, sq) = (s.unit_at(3, 0).unwrap(), s.unit_at(0, 0).unwrap());
    play_card(&mut s, 1, "medium-range", tm);
    s.act(1, Action::TargetUnit(sq)).unwrap();
    assert_eq!(s.to_act(), Some(0), "the Defense window is open");
    let tough = s.card("tough").unwrap();
    assert_eq!(
        greedy_pick(&s, 0),
        Action::Card {
            card: tough,
            unit: Some(sq)
        }
    );
}

/// Side `side` plays its card `name` for `unit`.
fn play_card(
    s: &mut squadsight_skirmish::fixture::Session,
    side: u8,
    name: &str,
    unit: squadsight_skirmish::state::UnitId,
) {
    let card = s.card(name).expect("card in hand");
    let play = squadsight_skirmish::action::Action::Card {
        card,
        unit: Some(unit),
    };
    s.act(side, play).expect("the card plays");
}

/// Row `n`'s Spec play of `unit` on table `table` (option `alt`), as the fixture names them.
fn spec_play(
    s: &squadsight_skirmish::fixture::Session,
    n: u8,
    unit: squadsight_skirmish::state::UnitId,
    table: &str,
    alt: u8,
) -> squadsight_skirmish::action::Action {
    squadsight_skirmish::action::Action::Spec {
        card: s.card(&format!("spec-{n}")).expect("spec card"),
        unit,
        table: s.table(table).expect("table"),
        alt,
    }
}

#[test]
fn greedy_raises_a_telekinetic_field_over_a_friend_a_hit_would_kill() {
    // sk.effect.negate-attack, sk.gap.56, sk.table.psi (row 5, Telekinetic Field): on the
    // aliens' turn a Sectopod's Plasma Weapons (Attack = 4 with Damage +1) is aimed at an
    // Assault Specialist with 2 Hits, who has no Defense of its own. The side's only card is
    // a Spec 5, and the PSI Support Specialist's Telekinetic Field cancels the attack, so
    // greedy raises it instead of losing the Specialist.
    use squadsight_skirmish::fixture::Fixture;
    let mut s = Fixture::flat(9, 3)
        .unit(0, "specialist-assault", 0, 1)
        .unit(0, "specialist-support", 0, 0)
        .psi()
        .unit(1, "sectopod", 4, 1)
        .hand(0, &["spec-5"])
        .hand(1, &["spec-3"])
        .active(1)
        .build()
        .expect("fixture");
    let (assault, psi, pod) = (
        s.unit_at(0, 1).unwrap(),
        s.unit_at(0, 0).unwrap(),
        s.unit_at(4, 1).unwrap(),
    );
    s.act(1, spec_play(&s, 3, pod, "sectopod", 0)).unwrap();
    s.act(1, squadsight_skirmish::action::Action::TargetUnit(assault))
        .unwrap();
    assert_eq!(s.to_act(), Some(0), "the Defense window is open");
    let field = spec_play(&s, 5, psi, "psi", 0);
    assert!(s.legal(0).contains(&field), "{:?}", s.legal(0));
    assert_eq!(greedy_pick(&s, 0), field);
    assert_eq!(
        s.ruleset().tally(s.state(), &field),
        Some("telekinetic field"),
        "sim counts it"
    );
}

#[test]
fn greedy_reflects_an_attack_back_at_its_attacker() {
    // sk.special.reflect, sk.gap.64, sk.table.ethereal (row 1, Reflect): a Squaddie shoots
    // the Ethereal point-blank; its side holds Spec 1, and Reflect turns the attack on the
    // Squaddie, so greedy plays it rather than let the hit land.
    use squadsight_skirmish::action::Action;
    use squadsight_skirmish::fixture::Fixture;
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 0, 3)
        .unit(1, "ethereal", 1, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-1"])
        .build()
        .expect("fixture");
    let (sq, eth) = (s.unit_at(0, 1).unwrap(), s.unit_at(1, 1).unwrap());
    play_card(&mut s, 0, "point-blank", sq);
    s.act(0, Action::TargetUnit(eth)).unwrap();
    assert_eq!(s.to_act(), Some(1), "the Defense window is open");
    let reflect = spec_play(&s, 1, eth, "ethereal", 0);
    assert!(s.legal(1).contains(&reflect), "{:?}", s.legal(1));
    assert_eq!(greedy_pick(&s, 1), reflect);
    assert_eq!(s.ruleset().tally(s.state(), &reflect), Some("reflect"));
}

#[test]
fn greedy_brings_back_a_friend_killed_last_turn() {
    // sk.effect.revive, sk.table.hero (row 1, "Don't Die on Me!"): a Squaddie fell beside the
    // Hero on the aliens' turn, and no alien is in reach of anything the Hero's Spec 1 could
    // do; bringing the Squaddie back is the play that gains the most, and greedy makes it.
    use squadsight_skirmish::action::Action;
    use squadsight_skirmish::fixture::Fixture;
    use squadsight_skirmish::state::Life;
    let mut s = Fixture::flat(12, 3)
        .unit(0, "hero-support", 1, 1)
        .unit(0, "squaddie", 2, 1)
        .unit(1, "thin-man", 3, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["point-blank"])
        .deck_top(&["maneuver", "maneuver", "maneuver"])
        .active(1)
        .build()
        .expect("fixture");
    let (hero, sq, tm) = (
        s.unit_at(1, 1).unwrap(),
        s.unit_at(2, 1).unwrap(),
        s.unit_at(3, 1).unwrap(),
    );
    play_card(&mut s, 1, "point-blank", tm);
    s.act(1, Action::TargetUnit(sq)).unwrap();
    s.pass_all().unwrap();
    assert_eq!(s.unit(sq).unwrap().life, Life::Dead { turn: 1 });
    // The Thin Man walks off to the far edge before the turn ends.
    let far = s.hex(11, 1).unwrap();
    s.unit_mut(tm).unwrap().pos = far;
    s.act(1, Action::EndTurn).unwrap();
    // Hands are filled and cut down to the limit as the turn changes; keep the Spec 1.
    let spec1 = s.card("spec-1").unwrap();
    while let Some(side) = s.to_act() {
        let legal = s.legal(side);
        if !legal.iter().all(|a| matches!(a, Action::Discard(_))) {
            break;
        }
        let drop = legal
            .iter()
            .copied()
            .find(|a| *a != Action::Discard(spec1))
            .unwrap();
        s.act(side, drop).unwrap();
    }
    assert_eq!(s.to_act(), Some(0), "X-Com's turn");
    let revive = spec_play(&s, 1, hero, "hero", 0);
    assert!(s.legal(0).contains(&revive), "{:?}", s.legal(0));
    assert_eq!(greedy_pick(&s, 0), revive);
    assert_eq!(s.ruleset().tally(s.state(), &revive), Some("revive"));
}

/// A small field for the answers of the other side's turn: a Support Hero (Don't Die on Me!),
/// a PSI-trained Support Specialist (Telekinetic Field) and two Squaddies against an Ethereal
/// (Reflect) and two Sectoids.
const PSI_DUEL: &str = r#"(
    id: "psi-duel",
    title: "Psi Duel",
    description: "Reactions test field.",
    map: (
        width: 8,
        height: 6,
        rows: [
            "11 11 11 11 11 11 11 11",
            "11 11 11 11 11 11 11 11",
            "11 11 11 21 11 11 11 11",
            "11 11 11 11 21 11 11 11",
            "11 11 11 11 11 11 11 11",
            "11 11 11 11 11 11 11 11",
        ],
    ),
    sides: [
        (name: "X-Com", units: [
            (unit: "hero-support", col: 0, row: 2),
            (unit: "specialist-support", col: 0, row: 3, psi: true),
            (unit: "squaddie", col: 1, row: 1),
            (unit: "squaddie", col: 1, row: 4),
        ]),
        (name: "Aliens", units: [
            (unit: "ethereal", col: 7, row: 2),
            (unit: "sectoid", col: 7, row: 4),
            (unit: "sectoid", col: 6, row: 1),
        ]),
    ],
    costs: [],
)"#;

#[test]
fn greedy_games_play_every_kind_of_answer() {
    // Issue 12 item 8 (sk.defense.play, sk.effect.reaction, sk.effect.negate-attack,
    // sk.special.reflect, sk.effect.revive): over a fixed pair of greedy-against-greedy games
    // the plays `sim` counts ([`Ruleset::tally`]) include Defense, Overwatch, Telekinetic
    // Field, Reflect and revive. The seeds are ones where each comes up; a player that never
    // plays one of them leaves its count at 0.
    use squadsight_core::game::{Game, SeatConfig};
    use std::collections::BTreeMap;
    use std::sync::Arc;
    let sk = Arc::new(Skirmish::new().expect("rules"));
    let scenario: Scenario = parse_ron(PSI_DUEL.as_bytes(), "psi-duel").expect("scenario");
    let mut plays: BTreeMap<&str, u32> = BTreeMap::new();
    for seed in [12u64, 30] {
        let mut g = Game::new(
            Arc::clone(&sk),
            scenario.clone(),
            Default::default(),
            seed,
            vec![SeatConfig::ai("greedy"); 2],
        )
        .expect("starts");
        let mut players: Vec<_> = (0..2)
            .map(|s| make_player::<Skirmish>(Level::Greedy, seed * 7 + s))
            .collect();
        let mut legal = Vec::new();
        let mut actions = 0;
        while let Decision::Act(seat) = g.to_act() {
            actions += 1;
            assert!(actions < 5000, "seed {seed} does not finish");
            g.legal_actions(seat, &mut legal);
            let c = players[seat.index()].choose(g.ruleset(), &g.observe(seat), seat, &legal);
            if let Some(kind) = g.ruleset().tally(g.state(), &c.action) {
                *plays.entry(kind).or_default() += 1;
            }
            g.apply(seat, c.action).expect("legal");
        }
    }
    for kind in [
        "defense",
        "overwatch",
        "telekinetic field",
        "reflect",
        "revive",
    ] {
        assert!(plays.get(kind).is_some_and(|n| *n > 0), "{kind}: {plays:?}");
    }
}
