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

/// [`everywhere`], checking that at least `min_games` games were played.
fn played(
    id: RulesetId,
    options: &[(&str, &str)],
    seeds_per_scenario: u64,
    min_games: usize,
) -> Vec<ConformanceReport> {
    let reports = everywhere(id, options, seeds_per_scenario);
    let games: usize = reports.iter().map(|r| r.games).sum();
    assert!(games >= min_games, "{}: {games} games", id.as_str());
    reports
}

/// Every scenario's harness tried illegal actions and applied listed ones.
fn probed(reports: &[ConformanceReport]) {
    assert!(
        reports
            .iter()
            .all(|r| r.illegal_checked > 0 && r.listed_checked > 0)
    );
}

#[test]
fn skirmish_default_options() {
    probed(&played(RulesetId::Skirmish, &[], 24, 100));
}

#[test]
fn skirmish_detection_and_panic_on() {
    let on = [("detection", "on"), ("panic", "on")];
    played(RulesetId::Skirmish, &on, 24, 100);
}

/// Random play finishes Commander battles in a few hundred actions; AI-mode seats take one
/// action per activation.
#[test]
fn commander_default_options() {
    probed(&played(RulesetId::Commander, &[], 24, 100));
}

#[test]
fn commander_variants_and_hex() {
    let variants = [
        ("grid", "hex"),
        ("commanding_presence", "files"),
        ("special_action_order", "down"),
        ("damage_sequence", "literal"),
        ("sniper_modifiers", "table"),
        ("high_explosive", "hit"),
    ];
    played(RulesetId::Commander, &variants, 12, 50);
}

#[test]
fn commander_ai_mode_seats() {
    for seats in [
        &[("ai_seat1", "normal"), ("ai_seat2", "impossible")],
        &[("ai_seat2", "easy"), ("ai_wounded", "wounded")],
    ] {
        played(RulesetId::Commander, seats, 12, 50);
    }
}

/// Random play runs Tactical games to their scenario's round limit or to a victory.
#[test]
fn tactical_default_options() {
    probed(&played(RulesetId::Tactical, &[], 4, 12));
}

#[test]
fn tactical_contested_readings() {
    let readings = [
        ("melee_tu", "table"),
        ("initiative", "d10"),
        ("auto_rounds", "1"),
        ("light", "night"),
        ("auto_react", "all"),
    ];
    played(RulesetId::Tactical, &readings, 2, 6);
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
        let reports = played(RulesetId::Boardgame, options, 25, 100);
        // Cooperative: a game is won by all four roles or by none.
        for r in &reports {
            assert!(r.wins.iter().all(|w| *w == r.wins[0]));
            assert_eq!(r.wins[0] + r.no_winner, r.games);
        }
    }
}
