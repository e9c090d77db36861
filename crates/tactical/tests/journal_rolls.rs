//! Every roll a Tactical game journals — what `log --json` prints — names its `tac.*` clause,
//! throws the dice the rules use (d100, d10, two d10 for the crash blast, the d4 of the
//! secret missions), and carries its target and the exact chance of meeting it. Random games
//! of every built-in scenario, under the default options and the other readings of the
//! contested rules, are walked roll by roll.

use crate::rules::tactical;
use squadsight_core::dice::Dice;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Stream};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::options::Options;

/// Plays one random game (every legal action equally likely) and returns its journal.
fn random_game(t: &Tactical, scenario: &str, options: &Options, seed: u64) -> Journal {
    let sc = t.scenario(scenario).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed);
    let mut pick = GameRng::new(seed ^ 0x5eed);
    let mut journal = Journal::recording();
    let mut st = t
        .setup(&sc, options, &mut rng, &mut journal)
        .unwrap_or_else(|e| panic!("{scenario} seed {seed}: {e}"));
    let mut legal: Vec<Action> = Vec::new();
    for _ in 0..40_000 {
        let Decision::Act(seat) = t.to_act(&st) else {
            return journal;
        };
        t.legal_actions(&st, seat, &mut legal);
        let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
        let a = legal[pick.below(Stream::Dice, n) as usize].clone();
        t.apply(&mut st, seat, &a, &mut rng, &mut journal)
            .unwrap_or_else(|e| panic!("{scenario} seed {seed}: {e}"));
    }
    panic!("{scenario} seed {seed}: no end after 40,000 actions")
}

fn options(pairs: &[(&str, &str)]) -> Options {
    let mut o = Options::default();
    for (k, v) in pairs {
        o.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
    }
    o
}

/// tac.ranged.resolve, tac.react.roll, tac.psi.resolve, tac.game.initiative, tac.gap.29:
/// every roll of every scenario has its clause, its dice, a target and the exact chance.
#[test]
fn every_roll_has_its_clause_dice_target_and_exact_chance() {
    let t = tactical();
    let readings = [
        options(&[]),
        options(&[
            ("initiative", "d10"),
            ("crash_blast", "plus"),
            ("melee_tu", "table"),
            ("auto_rounds", "5"),
        ]),
    ];
    let mut rolls = 0usize;
    let mut dice_seen = std::collections::BTreeSet::new();
    for info in t.scenarios() {
        for (k, o) in readings.iter().enumerate() {
            for seed in [3, 17] {
                let journal = random_game(&t, info.id, o, seed + k as u64);
                for e in journal.events() {
                    let Some(r) = e.roll else { continue };
                    let at = format!(
                        "{} seed {seed} reading {k}, event {} ({})",
                        info.id, e.seq, e.rule
                    );
                    assert!(e.rule.starts_with("tac."), "{at}: not a tac.* clause");
                    let dice_ok = match r.dice {
                        Dice::D100 | Dice::D10 => true,
                        // tac.gap.18: the secret mission is a private d4.
                        Dice::Die { sides: 4 } => e.rule.starts_with("tac.scen.mission"),
                        _ => false,
                    };
                    assert!(dice_ok, "{at}: dice {:?}", r.dice);
                    dice_seen.insert(format!("{:?}", r.dice));
                    let target = r.target.unwrap_or_else(|| panic!("{at}: no target"));
                    let p = r.p.unwrap_or_else(|| panic!("{at}: no chance"));
                    // The chance is exactly the share of faces that meet the target; an
                    // opposed roll's second die carries the face that wins against the first
                    // (crates/tactical/src/rolls.rs), so the same holds for it.
                    assert_eq!(p, r.dice.chance(target), "{at}: chance");
                    assert_eq!(r.success, Some(target.met_by(r.total)), "{at}: success");
                    rolls += 1;
                }
            }
        }
    }
    assert!(rolls > 1000, "only {rolls} rolls");
    assert!(
        dice_seen.contains("D100") && dice_seen.contains("D10"),
        "{dice_seen:?}"
    );
}
