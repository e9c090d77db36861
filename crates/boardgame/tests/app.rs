//! The companion app's rules, played through the `Game` the binary and the UI use. Each test
//! names the clauses it checks; the clock is driven by hand (never by sleeping): a test says
//! how many seconds were left when a key was pressed.

use squadsight_boardgame::catalog::Catalog;
use squadsight_boardgame::data::{Effect, Kind, ScenarioDef};
use squadsight_boardgame::options::Options;
use squadsight_boardgame::state::{Clock, Ended, Phase, State, Target};
use squadsight_boardgame::{Action, Boardgame, CENTRAL_OFFICER, Colour};
use squadsight_core::conformance::{Limits, check_ruleset};
use squadsight_core::data::parse_ron;
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Decision, Ruleset, Seat, SetupError};
use std::sync::Arc;

fn app() -> Arc<Boardgame> {
    Arc::new(Boardgame::new().unwrap())
}

fn catalog() -> &'static Catalog {
    Catalog::builtin().unwrap()
}

fn scenario(difficulty: &str) -> ScenarioDef {
    ScenarioDef {
        name: difficulty.into(),
        difficulty: difficulty.into(),
        home_base: None,
    }
}

/// A game of `scenario` under `options` for four people at one table.
fn try_game(
    scenario: ScenarioDef,
    options: Options,
    seed: u64,
) -> Result<Game<Boardgame>, SetupError> {
    Game::new(app(), scenario, options, seed, vec![SeatConfig::human(); 4])
}

fn game_with(difficulty: &str, options: &[(&str, &str)], seed: u64) -> Game<Boardgame> {
    let mut opts = Options::default();
    for (k, v) in options {
        app().set_option(&mut opts, k, v).unwrap();
    }
    try_game(scenario(difficulty), opts, seed).unwrap()
}

fn game(difficulty: &str, seed: u64) -> Game<Boardgame> {
    game_with(difficulty, &[], seed)
}

fn co(game: &mut Game<Boardgame>, action: Action) {
    let label = game.describe(&action);
    game.apply(CENTRAL_OFFICER, action)
        .unwrap_or_else(|e| panic!("`{label}` refused: {e}"));
}

/// The Central Officer sets continent `continent`'s panic to `colour` in the round summary.
fn set_panic(game: &mut Game<Boardgame>, continent: u8, colour: Colour) {
    co(game, Action::Panic { continent, colour });
}

/// Setup done and round 1's timed phase started.
fn started(difficulty: &str, seed: u64) -> Game<Boardgame> {
    let mut g = game(difficulty, seed);
    co(&mut g, Action::Begin);
    co(&mut g, Action::Begin);
    g
}

fn current_kind(g: &Game<Boardgame>) -> Kind {
    let e = g.state().entry().unwrap();
    catalog().actions[e.action].kind
}

/// Presses DONE at once on every action until the current one is of `kind`.
fn until_kind(g: &mut Game<Boardgame>, kind: Kind) {
    while g.state().phase == Phase::Timed && current_kind(g) != kind {
        co(g, Action::Done { left: 0 });
    }
    assert_eq!(g.state().phase, Phase::Timed, "no {kind:?} action came");
}

/// Ends the timed phase with DONE on everything.
fn through_timed(g: &mut Game<Boardgame>) {
    while matches!(g.state().phase, Phase::Timed | Phase::Window) {
        let action = match g.state().clock {
            Clock::Hold | Clock::Running => Action::Done { left: 0 },
            Clock::Paused => Action::Resume { left: 0 },
        };
        co(g, action);
    }
}

fn step_id(g: &Game<Boardgame>) -> &'static str {
    catalog().steps[g.state().step].id.as_str()
}

/// Answers the resolution phase up to the summary: orbit count, overrun, mission, final
/// mission.
fn resolve(g: &mut Game<Boardgame>, orbit: u8, overrun: bool, mission: bool, fin: bool) {
    while g.state().phase == Phase::Resolution && step_id(g) != "summary" {
        let action = match step_id(g) {
            "ufos-in-orbit" => Action::Answer(orbit),
            "base-defense" => Action::Answer(u8::from(overrun)),
            "mission" => Action::Answer(u8::from(mission)),
            "final-mission" => Action::Answer(u8::from(fin)),
            _ => Action::Next,
        };
        co(g, action);
    }
}

#[test]
fn conformance_over_every_difficulty_and_option() {
    // The harness's random choices are the table's answers (bg.round.sequence).
    let app = app();
    let limits = Limits {
        steps: 20_000,
        allow_cap: false,
        apply_all_up_to: 8,
        probe_one_in: 3,
    };
    for (i, info) in app.scenarios().iter().enumerate() {
        let scenario: ScenarioDef = parse_ron(info.source.as_bytes(), info.id).unwrap();
        for (j, opts) in [
            vec![],
            vec![("timer", "off")],
            vec![("red_budget", "chance"), ("scramble", "anywhere")],
        ]
        .into_iter()
        .enumerate()
        {
            let mut options = Options::default();
            for (k, v) in opts {
                app.set_option(&mut options, k, v).unwrap();
            }
            let first = 1_000 * i as u64 + 100 * j as u64;
            let report = check_ruleset(
                Arc::clone(&app),
                &scenario,
                &options,
                first..first + 12,
                limits,
            )
            .unwrap_or_else(|f| panic!("{}: {f}", info.id));
            assert_eq!(report.games, 12);
            assert!(report.illegal_checked > 0 && report.listed_checked > 0);
            // bg.app.game-over: every game ends, won (all four roles) or lost (none).
            assert_eq!(report.wins.iter().filter(|w| **w > 0).count() % 4, 0);
        }
    }
}

#[test]
fn bg_role_set_seats_are_the_four_roles_and_only_the_central_officer_works_the_app() {
    // bg.role.set, bg.role.central-officer
    let app = app();
    let names: Vec<String> = (0..4)
        .map(|s| app.seat_name(&scenario("easy"), Seat(s)))
        .collect();
    assert_eq!(
        names,
        [
            "Central Officer",
            "Chief Scientist",
            "Commander",
            "Squad Leader"
        ]
    );
    let mut g = game("easy", 1);
    assert!(g.apply(Seat(2), Action::Begin).is_err());
    assert_eq!(g.to_act(), Decision::Act(CENTRAL_OFFICER));
}

#[test]
fn bg_app_setup_names_home_base_plan_and_panic() {
    // bg.app.setup, bg.gap.4, bg.gap.36
    for seed in 0..20 {
        let g = game("hard", seed);
        let s = g.state();
        assert!(usize::from(s.home_base) < 6);
        assert!((1..=catalog().invasion_plans).contains(&s.plan_card));
        assert_eq!(s.raised.len(), 2, "Hard raises two continents");
        assert!(s.raised[0] < s.raised[1]);
        assert!(game("normal", seed).state().raised.is_empty());
    }
    let mut fixed = scenario("easy");
    fixed.home_base = Some("Asia".into());
    let g = try_game(fixed, Options::default(), 3).unwrap();
    assert_eq!(
        catalog().continents[usize::from(g.state().home_base)],
        "Asia"
    );
    let mut wrong = scenario("easy");
    wrong.home_base = Some("Atlantis".into());
    let e = try_game(wrong, Options::default(), 3);
    assert!(e.err().unwrap().to_string().contains("Atlantis"));
}

#[test]
fn bg_app_actions_every_xcom_action_once_and_first_contact_before_deployment() {
    // bg.app.actions, bg.gap.10: round 1 has no UFOs in orbit, so nothing is scrambled.
    for seed in 0..40 {
        let g = started("normal", seed);
        let plan = &g.state().plan;
        let c = catalog();
        for x in c.xcom_actions() {
            assert_eq!(plan.iter().filter(|e| e.action == x).count(), 1);
        }
        assert!(plan.iter().all(|e| !e.scrambled));
        let first_contact = plan
            .iter()
            .position(|e| c.actions[e.action].effect == Effect::Detected)
            .unwrap();
        for (i, e) in plan.iter().enumerate() {
            if c.actions[e.action].after_first_contact {
                assert!(
                    i > first_contact,
                    "seed {seed}: deployment before first contact"
                );
            }
        }
        // No descent in round 1: nothing is in orbit yet (bg.app.ufo-descend).
        assert!(
            plan.iter()
                .all(|e| c.actions[e.action].effect != Effect::Descend)
        );
        let level = &c.difficulties[c.difficulty("normal").unwrap()];
        for &(action, min, max) in &level.aliens {
            let n = plan.iter().filter(|e| e.action == action).count() as u32;
            assert!((min..=max).contains(&n));
        }
    }
}

#[test]
fn bg_app_ufo_spawn_places_the_rounds_ufos_and_never_on_a_fallen_continent() {
    // bg.app.ufo-spawn, bg.gap.12, bg.gap.25
    let c = catalog();
    let level = &c.difficulties[c.difficulty("normal").unwrap()];
    for seed in 0..30 {
        let mut g = started("normal", seed);
        through_timed(&mut g);
        // Europe (index 2) falls at the first summary.
        resolve(&mut g, 0, false, false, false);
        assert_eq!(step_id(&g), "summary");
        set_panic(&mut g, 2, Colour::Fallen);
        co(&mut g, Action::Next);
        co(&mut g, Action::Begin);
        let plan = &g.state().plan;
        let mut total = 0u32;
        for e in plan
            .iter()
            .filter(|e| c.actions[e.action].effect == Effect::Detected)
        {
            for (t, n) in &e.targets {
                assert_ne!(
                    *t,
                    Target::Continent(2),
                    "seed {seed}: a UFO targets a fallen continent"
                );
                total += u32::from(*n);
            }
        }
        assert_eq!(total, level.ufos_in_round(2));
    }
}

#[test]
fn bg_app_ufo_descend_brings_down_every_ufo_counted_in_orbit() {
    // bg.app.ufo-descend, bg.gap.13, bg.app.scramble-orbit
    let c = catalog();
    let mut g = started("easy", 5);
    through_timed(&mut g);
    resolve(&mut g, 0, false, false, false);
    co(&mut g, Action::Next);
    co(&mut g, Action::Begin);
    assert!(
        g.state()
            .plan
            .iter()
            .all(|e| c.actions[e.action].effect != Effect::Descend)
    );
    through_timed(&mut g);
    resolve(&mut g, 7, false, false, false);
    assert_eq!(g.state().orbit, 7);
    co(&mut g, Action::Next);
    co(&mut g, Action::Begin);
    let first = &g.state().plan[0];
    assert_eq!(c.actions[first.action].effect, Effect::Descend);
    let down: u32 = first.targets.iter().map(|(_, n)| u32::from(*n)).sum();
    assert_eq!(down, 7);
    assert!(first.targets.iter().all(|(t, _)| *t != Target::Orbit));
}

#[test]
fn bg_app_scramble_grows_with_the_ufos_left_in_orbit_and_moves_actions_earlier() {
    // bg.app.scramble, bg.app.scramble-orbit, bg.gap.11
    let c = catalog();
    let mut scrambled = 0;
    for seed in 0..20 {
        let mut g = started("normal", seed);
        through_timed(&mut g);
        resolve(&mut g, 6, false, false, false);
        co(&mut g, Action::Next);
        co(&mut g, Action::Begin);
        let plan = &g.state().plan;
        let xcom_order: Vec<usize> = c.xcom_actions().collect();
        for (i, e) in plan.iter().enumerate().filter(|(_, e)| e.scrambled) {
            scrambled += 1;
            assert_eq!(c.actions[e.action].kind, Kind::Xcom);
            // Under the default reading it never comes after an XCOM action it used to precede.
            let rank = xcom_order.iter().position(|x| *x == e.action).unwrap();
            for before in &plan[..i] {
                if c.actions[before.action].kind == Kind::Xcom && !before.scrambled {
                    let r = xcom_order.iter().position(|x| *x == before.action).unwrap();
                    assert!(r < rank, "seed {seed}: a scrambled action moved later");
                }
            }
        }
    }
    // 6 UFOs: 60% per action over 10 actions and 20 rounds.
    assert!(scrambled > 60, "{scrambled} scrambled actions");
}

#[test]
fn bg_app_xcom_expiry_ends_the_action_and_shows_the_next_at_once() {
    // bg.app.xcom-expiry, bg.app.xcom-optional
    let mut g = started("normal", 2);
    until_kind(&mut g, Kind::Xcom);
    let at = g.state().current;
    co(&mut g, Action::Expire);
    assert_eq!(g.state().plan[at].ended, Some(Ended::Expired));
    assert_eq!(g.state().current, at + 1);
    assert_eq!(g.state().clock, Clock::Running);
    assert!(!g.state().halve_next);
}

#[test]
fn bg_app_alien_expiry_holds_drains_pause_and_halves_the_next_xcom_action() {
    // bg.app.alien-expiry-hold, bg.app.alien-expiry-drain, bg.app.alien-expiry-halve
    let c = catalog();
    let level = &c.difficulties[c.difficulty("normal").unwrap()];
    let mut g = started("normal", 4);
    until_kind(&mut g, Kind::Alien);
    let at = g.state().current;
    co(&mut g, Action::Expire);
    assert_eq!(g.state().clock, Clock::Hold);
    assert_eq!(g.state().current, at, "the expired alien action stays up");
    // Only DONE (with the pause reserve left) or the reserve running dry are accepted.
    assert!(g.apply(CENTRAL_OFFICER, Action::Pause { left: 0 }).is_err());
    assert_eq!(g.ruleset().timer(g.state()).unwrap().seconds, 60);
    co(&mut g, Action::Done { left: 45 });
    assert_eq!(g.state().pause_left, Some(45), "15 s of pause drained");
    assert_eq!(g.state().plan[at].ended, Some(Ended::ExpiredHeld));
    // The next XCOM action has half its time; alien actions in between keep theirs.
    while current_kind(&g) == Kind::Alien {
        assert_eq!(g.state().remaining, level.alien_seconds);
        co(&mut g, Action::Done { left: 0 });
    }
    assert_eq!(g.state().remaining, level.xcom_seconds.div_ceil(2));
    assert!(!g.state().halve_next);
    let events = g.journal().events();
    assert!(events.iter().any(|e| e.rule == "bg.app.alien-expiry-halve"));
}

#[test]
fn bg_app_alien_expiry_can_drain_the_whole_reserve() {
    // bg.app.alien-expiry-drain
    let mut g = started("hard", 8);
    until_kind(&mut g, Kind::Alien);
    co(&mut g, Action::Expire);
    co(&mut g, Action::Expire);
    assert_eq!(g.state().pause_left, Some(0));
    assert_eq!(g.ruleset().timer(g.state()), None, "nothing left to drain");
    co(&mut g, Action::Done { left: 0 });
    assert!(g.apply(CENTRAL_OFFICER, Action::Pause { left: 0 }).is_err());
}

#[test]
fn bg_app_pause_spends_the_rounds_budget_which_refills_each_round() {
    // bg.app.pause, bg.app.pause-per-round, bg.app.pause-difficulty
    let mut g = started("normal", 6);
    let full = g.state().remaining;
    co(&mut g, Action::Pause { left: full - 3 });
    assert_eq!(g.state().clock, Clock::Paused);
    let t = g.ruleset().timer(g.state()).unwrap();
    assert_eq!((t.seconds, t.action), (60, Action::Resume { left: 0 }));
    assert!(
        g.apply(CENTRAL_OFFICER, Action::Resume { left: 61 })
            .is_err()
    );
    co(&mut g, Action::Resume { left: 20 });
    assert_eq!(g.state().pause_left, Some(20));
    assert_eq!(
        g.state().remaining,
        full - 3,
        "the action's clock was frozen"
    );
    co(&mut g, Action::Pause { left: 1 });
    co(&mut g, Action::Resume { left: 0 });
    assert!(
        g.apply(CENTRAL_OFFICER, Action::Pause { left: 0 }).is_err(),
        "no pause left"
    );
    through_timed(&mut g);
    resolve(&mut g, 0, false, false, false);
    co(&mut g, Action::Next);
    co(&mut g, Action::Begin);
    assert_eq!(g.state().pause_left, Some(60));
    // Easy: unlimited, so pausing is always possible and has no clock.
    let mut e = started("easy", 6);
    co(&mut e, Action::Pause { left: 0 });
    assert_eq!(e.ruleset().timer(e.state()), None);
    co(&mut e, Action::Resume { left: 0 });
    assert_eq!(e.state().pause_left, None);
}

#[test]
fn bg_app_menu_pause_stops_the_clock_for_free() {
    // bg.app.menu-pause
    let mut g = started("normal", 7);
    co(&mut g, Action::Menu { left: 9 });
    assert_eq!(
        g.ruleset().timer(g.state()),
        None,
        "no clock while the menu is open"
    );
    assert!(g.apply(CENTRAL_OFFICER, Action::Done { left: 0 }).is_err());
    co(&mut g, Action::MenuResume);
    assert_eq!(g.state().pause_left, Some(60));
    assert_eq!(g.ruleset().timer(g.state()).unwrap().seconds, 9);
}

#[test]
fn bg_app_pause_early_bonus_and_the_final_window_takes_the_leftover() {
    // bg.app.pause-early-bonus, bg.app.pause-to-extra, bg.round.final-window,
    // bg.round.end-timed-early
    let c = catalog();
    let level = &c.difficulties[c.difficulty("normal").unwrap()];
    let mut g = started("normal", 9);
    until_kind(&mut g, Kind::Xcom);
    // 20 s left: a quarter is 5 s, the cap.
    co(&mut g, Action::Done { left: 20 });
    assert_eq!(g.state().pause_left, Some(65));
    until_kind(&mut g, Kind::Xcom);
    co(&mut g, Action::Done { left: 8 });
    assert_eq!(g.state().pause_left, Some(67));
    while g.state().phase == Phase::Timed {
        co(&mut g, Action::Done { left: 0 });
    }
    assert_eq!(g.state().phase, Phase::Window);
    assert_eq!(g.state().remaining, level.final_window_seconds + 67);
    assert_eq!(g.state().pause_left, Some(0));
    co(&mut g, Action::Done { left: 30 });
    assert_eq!(g.state().phase, Phase::Resolution);
}

#[test]
fn bg_app_forecast_is_truthful() {
    // bg.app.forecast, bg.app.forecast-truthful: every forecast contact appears as forecast.
    let c = catalog();
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = started("easy", seed);
        while g.state().phase == Phase::Timed {
            let e = g.state().entry().unwrap().clone();
            if e.scanner && !e.forecast_asked {
                co(&mut g, Action::Forecast);
                let f = g.state().forecasts.last().unwrap().clone();
                if let Some(at) = f.entry {
                    assert_eq!(
                        c.actions[g.state().plan[at].action].effect,
                        Effect::Detected
                    );
                    assert!(at > g.state().current);
                }
                continue;
            }
            co(&mut g, Action::Done { left: 0 });
        }
        for f in &g.state().forecasts {
            if let Some(at) = f.entry {
                assert_eq!(g.state().plan[at].targets, f.targets);
                checked += 1;
            }
        }
        let spawns = g
            .journal()
            .events()
            .iter()
            .filter(|e| e.rule == "bg.app.forecast-truthful");
        assert_eq!(
            spawns.count(),
            g.state()
                .forecasts
                .iter()
                .filter(|f| f.entry.is_some())
                .count()
        );
    }
    assert!(checked > 40, "{checked} forecasts checked");
}

#[test]
fn bg_app_forecast_fewer_with_ufos_in_orbit() {
    // bg.app.forecast, bg.gap.14
    let lit = |orbit: u8| -> usize {
        (0..10)
            .map(|seed| {
                let mut g = started("normal", seed);
                through_timed(&mut g);
                resolve(&mut g, orbit, false, false, false);
                co(&mut g, Action::Next);
                co(&mut g, Action::Begin);
                g.state().plan.iter().filter(|e| e.scanner).count()
            })
            .sum()
    };
    assert!(lit(0) > lit(4));
    assert_eq!(lit(6), 0);
}

#[test]
fn bg_round_resolution_steps_in_order_each_naming_its_role() {
    // bg.round.resolution-steps, bg.gap.17: the final mission step only after the unlock.
    let mut g = started("easy", 10);
    through_timed(&mut g);
    let mut seen = Vec::new();
    while g.state().phase == Phase::Resolution && step_id(&g) != "summary" {
        seen.push(step_id(&g));
        let action = match step_id(&g) {
            "ufos-in-orbit" | "base-defense" | "mission" => Action::Answer(0),
            _ => Action::Next,
        };
        co(&mut g, action);
    }
    assert_eq!(
        seen,
        [
            "research",
            "orbital-defense",
            "ufos-in-orbit",
            "global-defense",
            "crises",
            "base-defense",
            "mission",
            "audit",
            "recruit",
            "refresh",
            "return"
        ]
    );
    let steps: Vec<_> = g
        .journal()
        .events()
        .iter()
        .filter(|e| e.rule == "bg.round.resolution-steps")
        .map(|e| e.text.to_string())
        .collect();
    assert!(steps[0].starts_with("Resolve Research (Chief Scientist)"));
}

#[test]
fn bg_app_budget_follows_the_panic_snapshot() {
    // bg.app.budget, bg.budget.gain, bg.gap.15
    let mut g = game("easy", 11);
    co(&mut g, Action::Begin);
    assert_eq!(g.state().budget, 12, "six yellow continents");
    co(&mut g, Action::Begin);
    through_timed(&mut g);
    resolve(&mut g, 0, false, false, false);
    set_panic(&mut g, 0, Colour::Red);
    set_panic(&mut g, 1, Colour::Fallen);
    co(&mut g, Action::Next);
    assert_eq!(g.state().phase, Phase::Briefing);
    assert_eq!(g.state().budget, 4 * 2 + 1);
}

#[test]
fn bg_round_summary_red_chance_reading_may_delay_the_cut() {
    // bg.round.summary-red (option red_budget=chance)
    let mut delayed = 0;
    for seed in 0..20 {
        let mut g = game_with("easy", &[("red_budget", "chance")], seed);
        co(&mut g, Action::Begin);
        co(&mut g, Action::Begin);
        through_timed(&mut g);
        resolve(&mut g, 0, false, false, false);
        set_panic(&mut g, 3, Colour::Red);
        co(&mut g, Action::Next);
        let budget = g.state().budget;
        assert!(budget == 11 || budget == 12);
        delayed += usize::from(budget == 12);
        assert!(
            g.journal()
                .events()
                .iter()
                .any(|e| e.rule == "bg.round.summary-red")
        );
    }
    assert!(delayed > 0 && delayed < 20);
}

#[test]
fn bg_end_loss_panic_two_fallen_continents_lose_together_with_a_score() {
    // bg.end.loss-panic, bg.app.game-over, bg.gap.42
    let mut g = started("easy", 12);
    through_timed(&mut g);
    resolve(&mut g, 0, false, false, false);
    set_panic(&mut g, 0, Colour::Fallen);
    set_panic(&mut g, 4, Colour::Fallen);
    set_panic(&mut g, 5, Colour::Red);
    co(&mut g, Action::Next);
    assert_eq!(g.state().phase, Phase::Count);
    for n in [3, 2, 1, 4] {
        co(&mut g, Action::Answer(n));
    }
    co(&mut g, Action::Next);
    match g.to_act() {
        Decision::Over(o) => {
            assert!(o.winners.is_empty(), "a cooperative loss has no winners");
            assert!(o.reason.contains("two continents"));
        }
        other => panic!("{other:?}"),
    }
    // -3 UFOs, -2 soldiers, -1 interceptor, -8 base damage, -2 red, -10 fallen.
    assert_eq!(g.state().score, Some(-3 - 2 - 1 - 8 - 2 - 10));
}

#[test]
fn bg_end_loss_base_an_overrun_base_ends_the_game_at_once() {
    // bg.end.loss-base
    let mut g = started("easy", 13);
    through_timed(&mut g);
    resolve(&mut g, 0, true, false, false);
    assert_eq!(g.state().phase, Phase::Count);
    assert_eq!(g.state().won, Some(false));
}

#[test]
fn bg_app_final_unlock_is_certain_by_the_forced_round_and_the_win_is_shared() {
    // bg.app.final-unlock, bg.end.win, bg.gap.16
    let c = catalog();
    let level = &c.difficulties[c.difficulty("normal").unwrap()];
    let mut g = started("normal", 14);
    let mut rounds = 0;
    while !g.state().unlocked {
        through_timed(&mut g);
        resolve(&mut g, 0, false, false, false);
        co(&mut g, Action::Next);
        co(&mut g, Action::Begin);
        rounds += 1;
        assert!(rounds <= level.unlock_forced, "never unlocked");
    }
    through_timed(&mut g);
    resolve(&mut g, 0, false, true, true);
    assert_eq!(g.state().won, Some(true));
    for _ in 0..4 {
        co(&mut g, Action::Answer(0));
    }
    co(&mut g, Action::Next);
    let Decision::Over(o) = g.to_act() else {
        panic!()
    };
    assert_eq!(o.winners.iter().count(), 4, "all four roles win together");
    assert_eq!(g.state().score, Some(100));
    assert!(
        g.journal()
            .events()
            .iter()
            .any(|e| e.rule == "bg.app.final-unlock" && e.text.contains("flips the invasion plan"))
    );
}

#[test]
fn bg_round_mission_check_raises_the_unlock_chance() {
    // bg.round.mission-check, bg.app.final-unlock
    let c = catalog();
    let level = &c.difficulties[c.difficulty("normal").unwrap()];
    let mut g = started("normal", 15);
    through_timed(&mut g);
    resolve(&mut g, 0, false, true, false);
    assert_eq!(g.state().missions, 1);
    assert!(g.state().mission_this_round);
    assert!(level.unlock_percent(4, 1) > level.unlock_percent(4, 0));
}

#[test]
fn timer_off_is_an_untimed_learning_game() {
    // The only real-time element can be switched off: no clock, no expiry, no pause.
    let mut g = game_with("hard", &[("timer", "off")], 16);
    co(&mut g, Action::Begin);
    co(&mut g, Action::Begin);
    assert_eq!(g.ruleset().timer(g.state()), None);
    let mut legal = Vec::new();
    g.legal_actions(CENTRAL_OFFICER, &mut legal);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Done { left: 0 } | Action::Forecast))
    );
    assert!(g.apply(CENTRAL_OFFICER, Action::Expire).is_err());
    through_timed(&mut g);
    assert_eq!(g.state().phase, Phase::Resolution);
}

#[test]
fn seconds_beyond_the_clock_are_refused_and_change_nothing() {
    // bg.app.done: a press can only carry what the clock could have shown.
    let mut g = started("normal", 17);
    let before = g.state_hash();
    let full = g.state().remaining;
    assert!(
        g.apply(CENTRAL_OFFICER, Action::Done { left: full + 1 })
            .is_err()
    );
    assert!(g.apply(CENTRAL_OFFICER, Action::Answer(1)).is_err());
    assert_eq!(g.state_hash(), before);
}

#[test]
fn observations_hide_the_rest_of_the_round() {
    // bg.app.forecast-truthful: what is still to come is the app's secret.
    let g = started("normal", 18);
    let seen: State = g.observe(CENTRAL_OFFICER);
    assert_eq!(seen.plan.len(), 1);
    let hidden = g
        .journal()
        .events()
        .iter()
        .filter(|e| e.rule == "bg.app.ufo-spawn" && e.view(Some(CENTRAL_OFFICER)).is_none())
        .count();
    assert!(hidden > 0, "spawn draws are for the referee only");
}

#[test]
fn bg_role_players_setup_names_the_role_splits_and_the_home_base_asset() {
    // bg.role.players-4, bg.role.players-fewer, bg.role.players-defaults, bg.role.players-1,
    // bg.asset.home-base
    let g = game("normal", 19);
    let lines = squadsight_boardgame::describe::setup_instructions(catalog(), g.state());
    let roles = lines.iter().find(|l| l.starts_with("Roles:")).unwrap();
    assert!(roles.contains("one each with four players"));
    assert!(roles.contains("with three, one player is Central Officer and Commander"));
    assert!(roles.contains("Commander + Chief Scientist and Central Officer + Squad Leader"));
    assert!(roles.contains("alone, all four"));
    let base = &catalog().continents[usize::from(g.state().home_base)];
    assert!(
        g.journal()
            .events()
            .iter()
            .any(|e| e.rule == "bg.asset.home-base"
                && e.text.contains(&format!("the {base} continent asset")))
    );
}

#[test]
fn bg_app_actions_style_markers_name_the_kind() {
    // bg.app.actions-style: a text marker for each colour, for NO_COLOR and plain text.
    use squadsight_boardgame::describe::kind_marker;
    assert_eq!(kind_marker(Kind::Xcom, false), "[XCOM]");
    assert_eq!(kind_marker(Kind::Alien, false), "[ALIEN]");
    assert_eq!(kind_marker(Kind::Xcom, true), "[SCRAMBLED]");
    let g = started("normal", 20);
    let first = g
        .journal()
        .events()
        .iter()
        .rev()
        .find(|e| e.rule == "bg.app.actions")
        .unwrap();
    assert!(first.text.contains("XCOM") || first.text.contains("alien"));
}

#[test]
fn bg_app_alien_mandatory_alien_actions_are_confirmed_done_in_full() {
    // bg.app.alien-mandatory: DONE on an alien action records it carried out in full.
    let mut g = started("easy", 21);
    until_kind(&mut g, Kind::Alien);
    co(&mut g, Action::Done { left: 3 });
    let e = g
        .journal()
        .events()
        .iter()
        .rev()
        .find(|e| e.rule == "bg.app.alien-mandatory");
    assert!(e.unwrap().text.contains("carried out in full"));
}

#[test]
fn bg_round_summary_panic_report_and_fallen_continents() {
    // bg.round.summary, bg.panic.sections, bg.panic.fallen, bg.panic.fallen-ufos
    let mut g = started("easy", 22);
    through_timed(&mut g);
    resolve(&mut g, 0, false, false, false);
    let mut legal = Vec::new();
    g.legal_actions(CENTRAL_OFFICER, &mut legal);
    // Each continent can be reported in either other colour, then confirmed.
    assert_eq!(legal.len(), 6 * 2 + 1);
    set_panic(&mut g, 1, Colour::Fallen);
    assert!(
        g.apply(
            CENTRAL_OFFICER,
            Action::Panic {
                continent: 1,
                colour: Colour::Fallen
            }
        )
        .is_err()
    );
    co(&mut g, Action::Next);
    assert_eq!(g.state().round, 2, "one fallen continent does not lose");
    let rules: Vec<&str> = g.journal().events().iter().map(|e| e.rule).collect();
    assert!(rules.contains(&"bg.round.summary"));
    assert!(rules.contains(&"bg.panic.fallen-ufos"));
    assert!(rules.contains(&"bg.panic.sections"));
}

/// What the app shows at each resolution step of a played round, in order: (step id, its
/// instructions).
fn shown_steps(g: &mut Game<Boardgame>) -> Vec<(&'static str, &'static str)> {
    let mut shown = Vec::new();
    while g.state().phase == Phase::Resolution && step_id(g) != "summary" {
        let step = &catalog().steps[g.state().step];
        shown.push((step.id.as_str(), step.text.as_str()));
        let action = match step.id.as_str() {
            "ufos-in-orbit" | "base-defense" | "mission" | "final-mission" => Action::Answer(0),
            _ => Action::Next,
        };
        co(g, action);
    }
    shown
}

#[test]
fn bg_resolution_instructions_walk_the_table_through_each_task_by_its_rules() {
    // bg.round.resolution-steps: each step says what to do. The table rolls the dice, so the
    // instructions must carry the rules: bg.research.order, bg.research.roll,
    // bg.research.loss, bg.research.push, bg.research.done, bg.research.carry, bg.threat.start,
    // bg.threat.loss, bg.threat.step, bg.threat.cap, bg.threat.reset; bg.orbit.roll,
    // bg.orbit.loss, bg.orbit.push, bg.orbit.panic, bg.orbit.stay; bg.global.tasks,
    // bg.global.roll, bg.global.loss, bg.global.push, bg.global.panic, bg.ufo.destroyed,
    // bg.dice.skip-consequences; bg.crisis.resolve, bg.crisis.discard (bg.gap.24: newest
    // first); bg.base.tasks, bg.base.attack, bg.base.roll, bg.base.loss, bg.base.push,
    // bg.base.damage, bg.base.clear; bg.mission.leftmost, bg.mission.roll,
    // bg.mission.task-success, bg.mission.loss, bg.mission.push, bg.mission.progress,
    // bg.mission.complete, bg.mission.carry; bg.budget.unit-cost, bg.budget.audit,
    // bg.final.cost, bg.budget.deficit, bg.budget.deficit-cascade (bg.gap.18);
    // bg.budget.recruit, bg.limit.units, bg.budget.recruit-ready, bg.budget.leftover;
    // bg.refresh.cards, bg.refresh.tokens; bg.return.all, bg.return.stay-exhausted.
    let expect: [(&str, &[&str], &[&str]); 11] = [
        (
            "research",
            &[
                "I, then II, then III",
                "one XCOM die per scientist",
                "a loss exhausts",
                "Roll again while they are ready",
                "stays with its tokens",
                "at or under the threat is a loss",
                "threat starts at 1",
                "rises 1 a roll",
                "to 5 at most",
            ],
            &[
                "bg.research.order",
                "bg.research.roll",
                "bg.research.loss",
                "bg.research.push",
                "bg.research.done",
                "bg.research.carry",
                "bg.threat.loss",
                "bg.threat.start",
                "bg.threat.step",
                "bg.threat.cap",
                "bg.threat.reset",
            ],
        ),
        (
            "orbital-defense",
            &[
                "one XCOM die per satellite",
                "a loss exhausts every satellite",
                "roll again while they are ready",
                "least panicked continent",
                "one UFO at a time",
                "Commander breaks ties",
                "stays in orbit",
            ],
            &[
                "bg.orbit.roll",
                "bg.orbit.loss",
                "bg.orbit.push",
                "bg.orbit.panic",
                "bg.orbit.stay",
            ],
        ),
        (
            "ufos-in-orbit",
            &["Count the UFOs still in orbit"],
            &["bg.app.scramble-orbit"],
        ),
        (
            "global-defense",
            &[
                "continents in any order",
                "one XCOM die per interceptor",
                "back to the invasion force",
                "a loss destroys those interceptors",
                "roll again while they survive",
                "adds 1 panic to it, rolled or not",
            ],
            &[
                "bg.global.tasks",
                "bg.global.roll",
                "bg.global.loss",
                "bg.global.push",
                "bg.ufo.destroyed",
                "bg.global.panic",
                "bg.dice.skip-consequences",
            ],
        ),
        (
            "crises",
            &["newest first", "discard each"],
            &["bg.crisis.resolve", "bg.crisis.discard"],
        ),
        (
            "base-defense",
            &[
                "in any order",
                "onto one enemy",
                "a loss kills only those soldiers",
                "roll again while any is alive",
                "Threat carries on from enemy to enemy",
                "deals 1 base damage",
                "clear the base",
                "whether the base is overrun",
            ],
            &[
                "bg.base.tasks",
                "bg.base.attack",
                "bg.base.roll",
                "bg.base.loss",
                "bg.base.push",
                "bg.base.damage",
                "bg.base.clear",
            ],
        ),
        (
            "mission",
            &[
                "leftmost unfinished task",
                "one success finishes a task",
                "a loss kills those soldiers",
                "Roll on while any is alive",
                "threat carries on from task to task",
                "two rewards",
                "keeps its tokens and soldiers",
                "whether a mission was completed",
            ],
            &[
                "bg.mission.leftmost",
                "bg.mission.roll",
                "bg.mission.task-success",
                "bg.mission.loss",
                "bg.mission.push",
                "bg.mission.progress",
                "bg.mission.complete",
                "bg.mission.carry",
            ],
        ),
        (
            "audit",
            &[
                "1 credit for each unit on the board",
                "final mission included, once each",
                "most panicked continent that has not fallen",
                "choosing again if it falls",
            ],
            &[
                "bg.budget.unit-cost",
                "bg.budget.audit",
                "bg.final.cost",
                "bg.budget.deficit",
                "bg.budget.deficit-cascade",
            ],
        ),
        (
            "recruit",
            &[
                "1 credit each",
                "no more than it holds",
                "ready at once",
                "Unspent credits go back to the supply",
            ],
            &[
                "bg.budget.recruit",
                "bg.limit.units",
                "bg.budget.recruit-ready",
                "bg.budget.leftover",
            ],
        ),
        (
            "refresh",
            &["Ready every exhausted card", "in their reserves"],
            &["bg.refresh.cards", "bg.refresh.tokens"],
        ),
        (
            "return",
            &[
                "back to its reserve",
                "except soldiers on a mission that is not complete",
                "stay exhausted through next round",
            ],
            &[
                "bg.return.all",
                "bg.return.stay-exhausted",
                "bg.refresh.before-return",
            ],
        ),
    ];
    let mut g = started("normal", 21);
    through_timed(&mut g);
    let shown = shown_steps(&mut g);
    let ids: Vec<&str> = shown.iter().map(|(id, _)| *id).collect();
    let wanted: Vec<&str> = expect.iter().map(|(id, _, _)| *id).collect();
    // bg.refresh.before-return: the order is the rule, not a presentation choice.
    assert_eq!(ids, wanted);
    for ((id, text), (_, says, cites)) in shown.iter().zip(&expect) {
        for phrase in *says {
            assert!(
                text.contains(phrase),
                "{id}: `{text}` does not say `{phrase}`"
            );
        }
        for clause in *cites {
            assert!(
                text.contains(clause),
                "{id}: `{text}` does not cite {clause}"
            );
        }
    }
}

#[test]
fn bg_final_mission_step_and_deploy_squad_serve_both_missions_once_unlocked() {
    // bg.final.rules, bg.final.parallel, bg.mission.reinforce, bg.gap.22: after the unlock the
    // final mission gets its own step after the regular mission, and Deploy Squad to Mission
    // tells the Squad Leader to deploy to both, up to four soldiers on each.
    let deploy = catalog()
        .actions
        .iter()
        .find(|a| a.id == "deploy-squad")
        .unwrap();
    for phrase in [
        "face up",
        "never holds more than four",
        "left unfinished last round",
        "Once the final mission is out, deploy to it",
        "bg.mission.reinforce",
        "bg.final.parallel",
    ] {
        assert!(
            deploy.how.contains(phrase),
            "deploy squad does not say `{phrase}`"
        );
    }
    // Play Easy with no mission until the forced unlock, then look at the next round's steps.
    let forced = catalog().difficulties[catalog().difficulty("easy").unwrap()].unlock_forced;
    let mut g = started("easy", 4);
    while !g.state().unlocked {
        through_timed(&mut g);
        resolve(&mut g, 0, false, false, false);
        assert!(g.state().round <= forced, "no unlock by round {forced}");
        co(&mut g, Action::Next);
        co(&mut g, Action::Begin);
    }
    through_timed(&mut g);
    let shown = shown_steps(&mut g);
    let at = |id: &str| shown.iter().position(|(s, _)| *s == id).unwrap();
    assert_eq!(at("final-mission"), at("mission") + 1);
    let (_, text) = shown[at("final-mission")];
    assert!(text.contains("special rules printed on its tasks") && text.contains("bg.final.rules"));
    assert!(text.contains("threat starts at 1"), "bg.gap.19");
}

#[test]
fn bg_alien_action_instructions_cover_a_full_base_and_the_crisis_choice() {
    // bg.base.enemy-arrives with bg.gap.20 (no empty space: discard it, 1 base damage);
    // bg.crisis.choose with bg.gap.23 (the card not chosen goes to the bottom of its deck).
    let how = |id: &str| {
        catalog()
            .actions
            .iter()
            .find(|a| a.id == id)
            .map(|a| a.how.as_str())
            .unwrap()
    };
    assert!(how("enemy-in-base").contains("With no space empty, discard it and add 1 base damage"));
    assert!(how("crisis").contains("the Commander adds one face up"));
    assert!(how("crisis").contains("on the bottom of the crisis deck"));
}

#[test]
fn bg_timed_action_instructions_say_what_each_role_does() {
    // bg.app.info: the instructions the app shows for each action of a played round. The
    // table does the work, so they carry the rules: bg.ufo.descend, bg.budget.emergency,
    // bg.research.draw, bg.research.assign, bg.research.keep-or-replace, bg.mission.choose,
    // bg.mission.choose-active, bg.mission.enemies, bg.mission.reveal, bg.mission.deploy-cap,
    // bg.base.defend, bg.orbit.deploy, bg.global.deploy, bg.ufo.spawn.
    let expect: [(&str, &[&str], &[&str]); 13] = [
        (
            "ufos-descending",
            &["UFOs in orbit down to the continents listed"],
            &["bg.ufo.descend"],
        ),
        (
            "emergency-funding",
            &["any number of credits from the Emergency Funding card"],
            &["bg.budget.emergency"],
        ),
        (
            "new-technology",
            &["until the hand holds six", "nothing is drawn"],
            &["bg.research.draw"],
        ),
        (
            "research-1",
            &[
                "up to three ready scientists on research space I",
                "keep the one already there",
            ],
            &["bg.research.assign", "bg.research.keep-or-replace"],
        ),
        (
            "research-2",
            &["research space II"],
            &["bg.research.assign"],
        ),
        (
            "research-3",
            &["research space III"],
            &["bg.research.assign"],
        ),
        (
            "choose-mission",
            &[
                "Draw two mission cards",
                "place one and discard the other",
                "keep it or swap it",
                "enemy face down on each of its enemy spaces",
            ],
            &[
                "bg.mission.choose",
                "bg.mission.choose-active",
                "bg.mission.enemies",
            ],
        ),
        (
            "deploy-squad",
            &["enemies face up", "never holds more than four"],
            &["bg.mission.reveal", "bg.mission.deploy-cap"],
        ),
        (
            "defend-base",
            &["any number of soldiers", "base defense space"],
            &["bg.base.defend"],
        ),
        (
            "deploy-satellites",
            &["up to three ready satellites"],
            &["bg.orbit.deploy"],
        ),
        (
            "deploy-interceptors",
            &[
                "up to three interceptors",
                "on each continent",
                "all in this one action",
            ],
            &["bg.global.deploy"],
        ),
        (
            "ufos-detected",
            &[
                "place them as listed",
                "if the invasion force runs out, skip the rest",
            ],
            &["bg.ufo.spawn"],
        ),
        (
            "enemy-in-base",
            &["top enemy card", "empty enemy space in the base"],
            &["bg.base.enemy-arrives"],
        ),
    ];
    // Play rounds until every action has been shown once (the descent needs UFOs in orbit).
    let mut shown: Vec<(String, String)> = Vec::new();
    let mut g = started("hard", 8);
    for _ in 0..3 {
        while g.state().phase == Phase::Timed {
            let info = &catalog().actions[g.state().entry().unwrap().action];
            if !shown.iter().any(|(id, _)| *id == info.id) {
                shown.push((info.id.clone(), info.how.clone()));
            }
            co(&mut g, Action::Done { left: 0 });
        }
        through_timed(&mut g);
        resolve(&mut g, 2, false, false, false);
        co(&mut g, Action::Next);
        co(&mut g, Action::Begin);
    }
    for (id, says, cites) in expect {
        let Some((_, how)) = shown.iter().find(|(s, _)| s == id) else {
            panic!("{id} never came up");
        };
        for phrase in says {
            assert!(
                how.contains(phrase),
                "{id}: `{how}` does not say `{phrase}`"
            );
        }
        for clause in cites {
            assert!(how.contains(clause), "{id}: `{how}` does not cite {clause}");
        }
    }
}
