//! The conformance harness over every built-in Tactical scenario (2, 3 and 4 seats), with
//! the default readings and with the contested ones switched (tac.game.players,
//! tac.game.victory, tac.react.trigger).

use squadsight_core::Ruleset;
use squadsight_core::conformance::{Limits, check_ruleset};
use squadsight_tactical::Tactical;
use std::sync::Arc;

fn run(scenario: &str, options: &[(&str, &str)], seeds: std::ops::Range<u64>) -> usize {
    let ruleset = Arc::new(Tactical::new().unwrap_or_else(|e| panic!("{e}")));
    let mut opts = <Tactical as Ruleset>::Options::default();
    for (k, v) in options {
        ruleset
            .set_option(&mut opts, k, v)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let sc = ruleset.scenario(scenario).unwrap_or_else(|e| panic!("{e}"));
    let limits = Limits {
        steps: 20_000,
        allow_cap: false,
        apply_all_up_to: 6,
        probe_one_in: 16,
    };
    let r = check_ruleset(Arc::clone(&ruleset), &sc, &opts, seeds, limits)
        .unwrap_or_else(|f| panic!("tactical scenario `{scenario}`: {f}"));
    r.games
}

#[test]
fn conformance_assault_default() {
    assert_eq!(run("assault", &[], 0..3), 3);
}

#[test]
fn conformance_assault_contested_readings() {
    let opts = [
        ("melee_tu", "table"),
        ("initiative", "d10"),
        ("auto_rounds", "1"),
        ("light", "night"),
        ("auto_react", "1,2"),
    ];
    assert_eq!(run("assault", &opts, 100..102), 2);
}

#[test]
fn conformance_four_seat_teams_and_three_seat_free_for_all() {
    assert_eq!(run("teams", &[("auto_react", "all")], 200..202), 2);
    assert_eq!(run("free-for-all", &[], 300..302), 2);
}

/// tac.scen.crash.setup, tac.scen.crash.engine-blast, tac.gap.16: the Crashed UFO under both
/// readings of the crash blast, with fire spreading and grenades, HE and IN rounds in play.
#[test]
fn conformance_crashed_ufo_both_blast_readings() {
    assert_eq!(run("crashed-ufo", &[("auto_react", "all")], 400..402), 2);
    let opts = [
        ("crash_blast", "plus"),
        ("fire_spread", "30"),
        ("light", "night"),
    ];
    assert_eq!(run("crashed-ufo", &opts, 500..502), 2);
}

/// tac.scen.base.setup, tac.scen.terror.goals, tac.civ.flee, tac.scen.boarding,
/// tac.scen.mission.draw: the harness plays every scenario of units and missions.
#[test]
fn conformance_base_terror_boarding_and_missions() {
    assert_eq!(run("base-defence", &[], 400..402), 2);
    assert_eq!(run("terror", &[], 500..503), 3);
    assert_eq!(run("boarding", &[("auto_react", "all")], 600..602), 2);
    assert_eq!(run("missions", &[], 700..704), 4);
}
