//! AI mode in real games: AI-mode seats play every built-in scenario to the end through the
//! one `AiActivate` action, and the journal explains each activation (cmd.ai.*).

use crate::support::{self, setup};
use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::options::Options;
use squadsight_commander::scenario::builtin_scenarios;
use squadsight_core::{GameRng, Journal};

/// Plays a game where `ai` seats are AI mode and the others take the first legal action.
/// Returns the journal and whether the game ended.
fn play(scenario: &str, seed: u64, ai: [Option<&str>; 2]) -> (Journal, bool) {
    let rules = Commander::new().expect("rules load");
    let def = rules.scenario(scenario).expect("scenario parses");
    let mut options = Options::default();
    for (i, level) in ai.iter().enumerate() {
        if let Some(level) = level {
            options.set(&format!("ai_seat{}", i + 1), level).unwrap();
        }
    }
    let mut rng = GameRng::new(seed);
    let mut j = Journal::recording();
    let mut st = setup(&rules, &def, &options, &mut rng, &mut j).expect("setup");
    let (_, over) = support::play(
        &rules,
        &mut st,
        &mut rng,
        &mut j,
        20_000,
        |_, seat, legal| {
            if ai[seat.index()].is_some() {
                assert_eq!(legal, [Action::AiActivate], "an AI seat has one choice");
                (seed as usize) % legal.len()
            } else {
                0
            }
        },
    )
    .unwrap_or_else(|e| panic!("{scenario} seed {seed}: {e}"));
    (j, over)
}

fn count(j: &Journal, rule: &str) -> usize {
    j.events().iter().filter(|e| e.rule == rule).count()
}

#[test]
fn ai_mode_plays_every_scenario_to_the_end() {
    // cmd.ai.availability, cmd.ai.same-activation
    for info in builtin_scenarios() {
        for seed in 0..4 {
            let (j, over) = play(info.id, seed, [Some("classic"), Some("impossible")]);
            assert!(over, "{} seed {seed} did not end", info.id);
            assert!(count(&j, "cmd.ai.d6-action") > 0, "{}", info.id);
        }
    }
}

#[test]
fn every_ai_activation_is_explained() {
    // cmd.ai.d6-action, cmd.ai.wounded-behaviour, cmd.gap.36: the roll, the row and entry, the
    // model picked and the action with its reason.
    let (j, _) = play("battle", 11, [None, Some("classic")]);
    let rolls: Vec<_> = j
        .events()
        .iter()
        .filter(|e| e.rule == "cmd.ai.d6-action")
        .collect();
    assert!(!rolls.is_empty());
    for r in &rolls {
        let roll = r.roll.expect("the D6 is journaled as a roll");
        assert!((1..=6).contains(&roll.total));
    }
    assert_eq!(rolls.len(), count(&j, "cmd.ai.wounded-behaviour"));
    let planned = ["a", "d", "f", "m", "o"]
        .iter()
        .map(|l| count(&j, &format!("cmd.ai.action.{l}")))
        .sum::<usize>();
    assert_eq!(
        planned,
        rolls.len(),
        "each roll leads to one explained action"
    );
    assert!(count(&j, "cmd.gap.36") >= 1, "the model pick is journaled");
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule.starts_with("cmd.ai.action.") && e.text.contains("AI:"))
    );
}

#[test]
fn ai_games_are_deterministic() {
    let (a, _) = play("supply-raid", 5, [None, Some("normal")]);
    let (b, _) = play("supply-raid", 5, [None, Some("normal")]);
    let text = |j: &Journal| {
        j.events()
            .iter()
            .map(|e| e.text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(text(&a), text(&b));
}

#[test]
fn troopers_follow_the_officer_card_in_play() {
    // cmd.sr.trooper-command
    let mut seen = false;
    for info in builtin_scenarios() {
        for seed in 0..3 {
            let (j, _) = play(info.id, seed, [Some("classic"), Some("classic")]);
            seen |= count(&j, "cmd.sr.trooper-command") > 0;
        }
    }
    assert!(
        seen,
        "some scenario fields ADVENT Troopers beside an Officer"
    );
}
