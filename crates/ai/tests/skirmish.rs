//! The players on X-Com Skirmish's learning scenario: every choice is legal, games finish,
//! and a choice depends only on the observation. Kept small so the debug test run stays
//! quick; the strength figures come from release-mode arena runs.

use squadsight_ai::arena::run_arena;
use squadsight_ai::{Level, MctsPlayer, MctsSettings, Player, make_player};
use squadsight_core::data::parse_ron;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_skirmish::Skirmish;

type Scenario = <Skirmish as Ruleset>::Scenario;

fn learning(sk: &Skirmish) -> Scenario {
    let info = sk
        .scenarios()
        .iter()
        .find(|s| s.id == "learning")
        .expect("learning scenario is built in");
    parse_ron(info.source.as_bytes(), info.id).expect("built-in scenario parses")
}

/// A player of `level` without a wall-clock limit, so that its choices depend only on its
/// seed in a slow debug build.
fn uncapped(level: Level, seed: u64) -> Box<dyn Player<Skirmish>> {
    match MctsSettings::for_level(level) {
        Some(settings) => Box::new(MctsPlayer::new(
            level.to_string(),
            settings.uncapped(),
            seed,
        )),
        None => make_player::<Skirmish>(level, seed),
    }
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
        let mut journal = Journal::off();
        let mut state = sk
            .setup(&scenario, &options, &mut rng, &mut journal)
            .expect("learning scenario sets up");
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
            sk.apply(&mut state, seat, &choice.action, &mut rng, &mut journal)
                .expect("a legal action applies");
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
    let report = run_arena(
        &sk,
        &scenario,
        &Default::default(),
        Level::Easy,
        Level::Random,
        2,
        1,
        &mut |_| {},
    );
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
    let mut state = sk
        .setup(
            &scenario,
            &Default::default(),
            &mut rng,
            &mut Journal::off(),
        )
        .expect("learning scenario sets up");
    // Into the first Move and Fire phase, past the first-player choice.
    let mut random = make_player::<Skirmish>(Level::Random, 4);
    let mut legal = Vec::new();
    for _ in 0..6 {
        let Decision::Act(seat) = sk.to_act(&state) else {
            panic!("the game ended early");
        };
        sk.legal_actions(&state, seat, &mut legal);
        let choice = random.choose(&sk, &sk.observe(&state, seat), seat, &legal);
        sk.apply(
            &mut state,
            seat,
            &choice.action,
            &mut rng,
            &mut Journal::off(),
        )
        .expect("a legal action applies");
    }
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
        let mut p = uncapped(level, 3);
        let mut q = uncapped(level, 3);
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
    let c = s.card("medium-range").unwrap();
    s.act(
        1,
        Action::Card {
            card: c,
            unit: Some(tm),
        },
    )
    .unwrap();
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
