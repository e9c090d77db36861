//! The conformance harness over the toy Race ruleset: it passes on a correct ruleset, and it
//! catches each kind of contract violation planted in the toy.

use std::ops::Range;
use std::sync::Arc;

use crate::toy::{Bug, Race, RaceOptions};
use squadsight_core::conformance::{Limits, check_ruleset, looks_like_clause};

fn with_bug(bug: Bug) -> RaceOptions {
    RaceOptions {
        timer: 0,
        bug: Some(bug),
    }
}

/// Runs the harness on a buggy toy and returns its failure message.
fn failure(bug: Bug, seeds: Range<u64>) -> String {
    match check_ruleset(
        Arc::new(Race::new()),
        &Race::sprint(),
        &with_bug(bug),
        seeds,
        400,
    ) {
        Ok(report) => panic!("the harness missed {bug:?}: {report:?}"),
        Err(f) => f.to_string(),
    }
}

#[test]
fn a_correct_ruleset_passes_over_many_seeds() {
    let report = check_ruleset(
        Arc::new(Race::new()),
        &Race::sprint(),
        &RaceOptions::default(),
        0..300,
        400,
    )
    .unwrap();
    assert_eq!(report.games, 300);
    assert_eq!(report.hit_cap, 0);
    assert_eq!(report.wins.len(), 2);
    assert_eq!(report.wins.iter().sum::<usize>() + report.no_winner, 300);
    assert!(report.wins.iter().all(|w| *w > 50), "{report:?}");
    assert!(report.listed_checked > report.actions);
    assert!(report.illegal_checked > report.actions, "{report:?}");
    assert!(report.undos_checked > 100, "{report:?}");
}

#[test]
fn timed_decisions_pass_too() {
    let options = RaceOptions {
        timer: 30,
        bug: None,
    };
    check_ruleset(
        Arc::new(Race::new()),
        &Race::sprint(),
        &options,
        1000..1050,
        400,
    )
    .unwrap();
}

#[test]
fn catches_a_refusal_that_changes_the_state() {
    let m = failure(Bug::DirtyRefusal, 0..5);
    assert!(m.contains("changed the state"), "{m}");
    assert!(m.starts_with("seed 0, action 0:"), "{m}");
}

/// Each planted violation, the seeds that show it, and what the failure must say.
#[test]
fn catches_each_planted_violation() {
    let cases: [(Bug, Range<u64>, &[&str]); 5] = [
        (Bug::EmptyList, 0..5, &["has no legal actions"]),
        (
            Bug::BadRule,
            0..5,
            &["rule `Step`, which is not a clause ID"],
        ),
        (Bug::AnySeat, 0..5, &["illegal action (as another seat"]),
        (
            Bug::AnyStep,
            0..5,
            &["illegal action (mutated action", "Step("],
        ),
        (Bug::PeekingLegal, 0..50, &["differ in a determinized copy"]),
    ];
    for (bug, seeds, says) in cases {
        let m = failure(bug, seeds);
        for needle in says {
            assert!(m.contains(needle), "{bug:?} should say {needle:?}: {m}");
        }
    }
}

#[test]
fn a_game_past_the_cap_fails_unless_allowed() {
    let m = failure(Bug::Endless, 7..8);
    assert_eq!(
        m,
        "seed 7, action 400: the game did not end within 400 actions"
    );
    let allowed = Limits {
        steps: 100,
        allow_cap: true,
        apply_all_up_to: 8,
        probe_one_in: 1,
    };
    let report = check_ruleset(
        Arc::new(Race::new()),
        &Race::sprint(),
        &with_bug(Bug::Endless),
        0..3,
        allowed,
    )
    .unwrap();
    assert_eq!((report.hit_cap, report.actions), (3, 300));
}

#[test]
fn clause_ids_look_like_clause_ids() {
    for good in [
        "sk.attack.range",
        "sk.gap.25",
        "core.undo",
        "race.setup.deal",
        "bg.x-com.y",
    ] {
        assert!(looks_like_clause(good), "{good}");
    }
    for bad in [
        "",
        "Step",
        "sk",
        "sk.",
        ".sk",
        "sk..x",
        "Sk.attack",
        "sk.Attack",
        "sk attack.x",
    ] {
        assert!(!looks_like_clause(bad), "{bad}");
    }
}
