//! The conformance harness over every ruleset in this build: every built-in scenario, many
//! seeds, default options and the optional rules switched on.

use crate::error::CliError;
use crate::rulesets::{RulesetId, RulesetTask, with_ruleset};
use squadsight_core::Ruleset;
use squadsight_core::conformance::{ConformanceReport, Limits, check_ruleset};
use squadsight_core::data::parse_ron;
use squadsight_core::options::from_pairs;
use std::sync::Arc;

/// Random play finishes Skirmish games in about 700 (learning) to 2,700 (terror site) actions
/// on average; the tail is long, so the cap is generous.
const STEP_CAP: usize = 20_000;

/// Runs the harness on every built-in scenario of ruleset `id` with `options` set, over
/// `seeds_per_scenario` seeds each (a different block of seeds per scenario).
fn everywhere(
    id: RulesetId,
    options: &[(&str, &str)],
    seeds_per_scenario: u64,
) -> Vec<ConformanceReport> {
    let task = Everywhere {
        options,
        seeds_per_scenario,
    };
    with_ruleset(id, task).unwrap_or_else(|e| panic!("{}: {e}", id.as_str()))
}

/// [`everywhere`] for one ruleset.
struct Everywhere<'a> {
    options: &'a [(&'a str, &'a str)],
    seeds_per_scenario: u64,
}

impl RulesetTask for Everywhere<'_> {
    type Output = Vec<ConformanceReport>;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Self::Output, CliError> {
        let opts: R::Options = from_pairs(self.options).map_err(CliError::input)?;
        let limits = Limits {
            steps: STEP_CAP,
            allow_cap: false,
            apply_all_up_to: 8,
            probe_one_in: 4,
        };
        let seeds = self.seeds_per_scenario;
        let reports = ruleset
            .scenarios()
            .iter()
            .enumerate()
            .map(|(i, info)| {
                let scenario = parse_ron(info.source.as_bytes(), info.id).unwrap();
                let first = 1_000 * i as u64;
                let range = first..first + seeds;
                check_ruleset(Arc::clone(&ruleset), &scenario, &opts, range, limits)
                    .unwrap_or_else(|f| panic!("{} scenario `{}`: {f}", R::ID, info.id))
            })
            .collect();
        Ok(reports)
    }
}

#[test]
fn skirmish_default_options() {
    let reports = everywhere(RulesetId::Skirmish, &[], 24);
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 100, "{games} games");
    assert!(
        reports
            .iter()
            .all(|r| r.illegal_checked > 0 && r.listed_checked > 0)
    );
}

#[test]
fn skirmish_detection_and_panic_on() {
    let reports = everywhere(
        RulesetId::Skirmish,
        &[("detection", "on"), ("panic", "on")],
        24,
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 100, "{games} games");
}

/// Random play finishes Commander battles in a few hundred actions; AI-mode seats take one
/// action per activation.
#[test]
fn commander_default_options() {
    let reports = everywhere(RulesetId::Commander, &[], 24);
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 100, "{games} games");
    assert!(
        reports
            .iter()
            .all(|r| r.illegal_checked > 0 && r.listed_checked > 0)
    );
}

#[test]
fn commander_variants_and_hex() {
    let reports = everywhere(
        RulesetId::Commander,
        &[
            ("grid", "hex"),
            ("commanding_presence", "files"),
            ("special_action_order", "down"),
            ("damage_sequence", "literal"),
            ("sniper_modifiers", "table"),
            ("high_explosive", "hit"),
        ],
        12,
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 50, "{games} games");
}

#[test]
fn commander_ai_mode_seats() {
    let reports = everywhere(
        RulesetId::Commander,
        &[("ai_seat1", "normal"), ("ai_seat2", "impossible")],
        12,
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 50, "{games} games");
    let reports = everywhere(
        RulesetId::Commander,
        &[("ai_seat2", "easy"), ("ai_wounded", "wounded")],
        12,
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 50, "{games} games");
}

/// Random play runs Tactical games to their scenario's round limit or to a victory.
#[test]
fn tactical_default_options() {
    let reports = everywhere(RulesetId::Tactical, &[], 4);
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 12, "{games} games");
    assert!(
        reports
            .iter()
            .all(|r| r.illegal_checked > 0 && r.listed_checked > 0)
    );
}

#[test]
fn tactical_contested_readings() {
    let reports = everywhere(
        RulesetId::Tactical,
        &[
            ("melee_tu", "table"),
            ("initiative", "d10"),
            ("auto_rounds", "1"),
            ("light", "night"),
            ("auto_react", "all"),
        ],
        2,
    );
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= 6, "{games} games");
}

/// The board game's companion app: every difficulty (one scenario each), timed and untimed,
/// with the disputed readings switched (the table's answers are the harness's random picks).
#[test]
fn boardgame_every_difficulty_timed_and_untimed() {
    for options in [
        &[][..],
        &[("timer", "off")][..],
        &[("red_budget", "chance"), ("scramble", "anywhere")][..],
    ] {
        let reports = everywhere(RulesetId::Boardgame, options, 25);
        let games: usize = reports.iter().map(|r| r.games).sum();
        assert!(games >= 100, "{games} games");
        // Cooperative: a game is won by all four roles or by none.
        for r in &reports {
            assert!(r.wins.iter().all(|w| *w == r.wins[0]));
            assert_eq!(r.wins[0] + r.no_winner, r.games);
        }
    }
}
