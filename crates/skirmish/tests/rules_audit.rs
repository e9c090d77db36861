//! Points an audit of the rules found read too narrowly (issue 12): several-attack rows,
//! Rush on the Berserker's own turn, the points budget and unknown data fields, area attacks
//! aimed at an empty hex, Detection retries and the reveal roll's place, Panic at a reveal,
//! and the first-player roll-off.

use crate::support::{R, play_spec, setup};
use squadsight_core::{GameRng, Journal};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::catalog::{Catalog, parse_scenario};
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::options::Options;
use squadsight_skirmish::state::UnitId;

fn spec_legal(s: &Session, side: u8, n: u8, by: UnitId, table: &str, alt: u8) -> bool {
    let (Ok(c), Ok(t)) = (s.card(&format!("spec-{n}")), s.table(table)) else {
        return false;
    };
    s.legal(side).contains(&Action::Spec {
        card: c,
        unit: by,
        table: t,
        alt,
    })
}

fn card_legal(s: &Session, side: u8, card: &str, by: UnitId) -> bool {
    s.card(card).is_ok_and(|c| {
        s.legal(side).contains(&Action::Card {
            card: c,
            unit: Some(by),
        })
    })
}

#[test]
fn sk_effect_multi_attack_playable_when_only_a_later_attack_has_a_target() -> R {
    // sk.effect.multi-attack, sk.gap.30: the Light Machine Gun (spec-heavy#1, Attack = 3 and
    // Attack = 4) against a lone foe at range 4: the range-3 attack is skipped and the range-4
    // attack fires.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-heavy", 0, 1)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["spec-1"])
        .build()?;
    let (h, t) = (s.unit_at(0, 1)?, s.unit_at(4, 1)?);
    assert!(spec_legal(&s, 0, 1, h, "spec-heavy", 0), "LMG refused");
    play_spec(&mut s, 0, 1, h, "spec-heavy", 0)?;
    assert!(s.cited("sk.attack.range"), "the range-3 attack is skipped");
    assert!(s.legal(0).contains(&Action::TargetUnit(t)));
    s.act(0, Action::TargetUnit(t))?;
    s.pass_all()?;
    assert!(!s.unit(t)?.on_map());
    Ok(())
}

#[test]
fn sk_effect_multi_attack_bullet_swarm_with_its_last_range_only() -> R {
    // sk.table.adv-heavy #4 Bullet Swarm (Attack = 2 and 3 and 4): playable with a foe at 4.
    let s = Fixture::flat(8, 3)
        .unit(0, "officer-heavy", 0, 1)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["spec-4"])
        .build()?;
    let h = s.unit_at(0, 1)?;
    assert!(spec_legal(&s, 0, 4, h, "adv-heavy", 0));
    Ok(())
}

#[test]
fn sk_table_muton_berserker_rush_is_also_an_own_turn_move() -> R {
    // sk.table.muton-berserker #6, sk.gap.68: Rush is a Move = 2 on the Berserker's own turn
    // as well as after a hit on the opponent's turn.
    let mut s = Fixture::flat(8, 3)
        .unit(1, "muton-berserker", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .active(1)
        .hand(1, &["spec-6"])
        .build()?;
    let b = s.unit_at(0, 1)?;
    let table = s.table("muton-berserker")?;
    let c = s.card("spec-6")?;
    let rush = s.legal(1).into_iter().find(|a| {
        matches!(a, Action::Spec { card, unit, table: t, .. }
            if *card == c && *unit == b && *t == table)
    });
    let Some(rush) = rush else {
        return Err("Rush is not offered on the Berserker's own turn".into());
    };
    s.act(1, rush)?;
    let to = s.hex(2, 1)?;
    s.act(1, Action::MoveTo(to))?;
    s.pass_all()?;
    assert_eq!(s.unit(b)?.pos, to);
    Ok(())
}

const SCENARIO: &str = r#"(
    id: "tiny",
    title: "Tiny",
    description: "Two units.",
    map: (width: 4, height: 2, rows: ["11 11 11 11", "11 11 11 11"]),
    sides: [
        (name: "X-Com", units: [(unit: "specialist-heavy", col: 0, row: 0)]),
        (name: "Aliens", units: [(unit: "thin-man", col: 3, row: 1)]),
    ],
    costs: [],
    BUDGET
)"#;

#[test]
fn sk_gap_6_a_scenario_budget_is_enforced() -> R {
    // sk.gap.6: a scenario may name a points budget; a side that costs more is refused.
    let sk = Skirmish::new().map_err(|e| e.to_string())?;
    let setup = |budget: &str| {
        let text = SCENARIO.replace("BUDGET", budget);
        let def = parse_scenario(text.as_bytes(), "tiny.ron").map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(1);
        setup(&sk, &def, &Options::default(), &mut rng, &mut Journal::off())
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    setup("budget: Some(2),")?;
    setup("")?;
    let e = setup("budget: Some(1),").expect_err("over budget");
    assert!(
        e.contains("costs 2 points") && e.contains("budget is 1"),
        "{e}"
    );
    // The shipped points battle names its budget and keeps it.
    let pb = sk.scenario("points-battle").map_err(|e| e.to_string())?;
    assert_eq!(pb.budget, Some(12));
    Ok(())
}

#[test]
fn skirmish_ron_files_reject_unknown_fields_with_place_and_choices() -> R {
    // Issue 12 item 3: a field the program does not know is an error at file:line:col that
    // lists the accepted fields — in a scenario, in the rules data and in saved options.
    let text = SCENARIO.replace("BUDGET", "points: 1,");
    let e = parse_scenario(text.as_bytes(), "tiny.ron").expect_err("unknown field");
    let shown = e.to_string();
    assert!(shown.contains("tiny.ron:11:"), "{shown}");
    assert!(shown.contains("points"), "{shown}");
    assert!(
        shown.contains("budget") && shown.contains("costs"),
        "{shown}"
    );
    // A placement with a misspelt flag.
    let text = SCENARIO
        .replace("BUDGET", "")
        .replace("col: 0, row: 0)", "col: 0, row: 0, pis: true)");
    let e = parse_scenario(text.as_bytes(), "tiny.ron").expect_err("unknown field");
    assert!(e.to_string().contains("psi"), "{e}");
    // The rules data.
    let rules = include_str!("../../../rulesets/skirmish/rules.ron").replacen(
        "hits: 5, cost: Fixed(5),",
        "hits: 5, cost: Fixed(5), speed: 3,",
        1,
    );
    let e = Catalog::parse(rules.as_bytes(), "rules.ron").expect_err("unknown field");
    let shown = e.to_string();
    assert!(
        shown.contains("rules.ron:") && shown.contains("speed"),
        "{shown}"
    );
    assert!(shown.contains("flyer"), "{shown}");
    // Options as a save stores them.
    let bad: Result<Options, _> = ron::from_str("(range_mode: max, colour: 1)");
    assert!(bad.is_err());
    let good: Result<Options, _> = ron::from_str("(range_mode: max)");
    assert!(good.is_ok());
    Ok(())
}

/// X-Com Squaddie at (0,0) throws a Frag Grenade (squaddie#5, Attack = 3, area) at the empty
/// hex (3,0), next to a Thin Man at (4,0).
fn grenade_next_to(fixture: Fixture) -> Result<(Session, UnitId), String> {
    let mut s = fixture
        .unit(0, "squaddie", 0, 0)
        .hidden(false)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 9, 1)
        .hidden(false)
        .hand(0, &["spec-5"])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 0, 5, a, "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(3, 0)?))?;
    s.pass_all()?;
    Ok((s, t))
}

#[test]
fn sk_gap_42_area_attack_on_an_empty_hex_rolls_suppression_for_the_foes_it_is_thrown_at() -> R {
    // sk.suppression.roll, sk.gap.42 (area_aim = blast): the grenade is thrown at the Thin
    // Man's side; the aliens' token rolls 6 and stops the whole attack.
    let (s, t) = grenade_next_to(Fixture::flat(10, 2).tokens(1, 1).dice(&[6, 6]))?;
    assert_eq!(s.rolls("sk.suppression.roll"), vec![6]);
    assert!(s.rolls("sk.area.splash").is_empty());
    assert!(s.unit(t)?.on_map());
    // area_aim = hex-only: an empty hex is nobody's target, and the splash (6) kills.
    let (s, t) = grenade_next_to(
        Fixture::flat(10, 2)
            .tokens(1, 1)
            .dice(&[6, 6])
            .option("area_aim", "hex-only")?,
    )?;
    assert!(s.rolls("sk.suppression.roll").is_empty());
    assert!(!s.unit(t)?.on_map());
    Ok(())
}

#[test]
fn sk_detect_flush_area_attack_on_an_empty_hex_needs_detection() -> R {
    // sk.detect.flush, sk.gap.42: a blast thrown at a Hidden Thin Man from an empty hex next
    // to it still needs a Detection roll: 1 + 1 (within 3 of the target hex) = 2, Wasted
    // Attack, so the target hex rolls as splash and the Thin Man's hex rolls too.
    let (s, _) = grenade_next_to(
        Fixture::flat(10, 2)
            .option("detection", "on")?
            .dice(&[1, 1, 1]),
    )?;
    assert_eq!(s.rolls("sk.detect.table"), vec![1]);
    let (s, _) = grenade_next_to(
        Fixture::flat(10, 2)
            .option("detection", "on")?
            .option("area_aim", "hex-only")?
            .dice(&[1, 1, 1]),
    )?;
    assert!(s.rolls("sk.detect.table").is_empty());
    Ok(())
}

/// A Squaddie at (0,0), Hidden or not, shooting a Hidden Thin Man 4 hexes east with Long
/// Range, twice if it may.
fn hidden_duel(
    fixture: Fixture,
    attacker_hidden: bool,
) -> Result<(Session, UnitId, UnitId), String> {
    let mut s = fixture
        .option("detection", "on")?
        .unit(0, "squaddie", 0, 0)
        .hidden(attacker_hidden)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 9, 1)
        .hand(0, &["long-range", "long-range"])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    s.play_card(0, "long-range", a)?;
    s.act(0, Action::TargetUnit(t))?;
    s.pass_all()?;
    Ok((s, a, t))
}

#[test]
fn sk_detect_card_fate_no_second_try_at_the_same_target_this_turn() -> R {
    // sk.detect.card-fate (detection_retry = next-turn): Undetected keeps the card, but the
    // unit may not roll the table against that target again this turn; next turn it may.
    let (mut s, a, _) = hidden_duel(Fixture::flat(10, 2).dice(&[1]), false)?;
    assert_eq!(s.hand(0).len(), 2, "the card is kept");
    assert!(!card_legal(&s, 0, "long-range", a), "retry offered at once");
    s.act(0, Action::EndTurn)?;
    s.act(1, Action::EndTurn)?;
    // Discard down to the hand limit, keeping the Long Range cards.
    let lr = s.card("long-range")?;
    while s.state().stack().last().is_some() {
        let legal = s.legal(0);
        let d = legal
            .iter()
            .copied()
            .find(|d| *d != Action::Discard(lr))
            .ok_or("no discard")?;
        s.act(0, d)?;
    }
    assert!(card_legal(&s, 0, "long-range", a), "next turn it may try");
    // detection_retry = at-once keeps the old reading.
    let (s, a, _) = hidden_duel(
        Fixture::flat(10, 2)
            .dice(&[1])
            .option("detection_retry", "at-once")?,
        false,
    )?;
    assert!(card_legal(&s, 0, "long-range", a));
    Ok(())
}

#[test]
fn sk_detect_reveal_roll_only_once_the_attack_is_made() -> R {
    // sk.detect.reveal-roll, sk.gap.70 (reveal_roll = when-made): a Hidden attacker whose
    // attack Detection forbids did not attack and makes no reveal roll.
    let (s, a, _) = hidden_duel(Fixture::flat(10, 2).dice(&[1, 6]), true)?;
    assert_eq!(s.rolls("sk.detect.table"), vec![1]);
    assert!(s.rolls("sk.detect.reveal-roll").is_empty());
    assert!(s.unit(a)?.hidden);
    // An attack that goes ahead: Detection first, then the reveal roll.
    let (s, a, t) = hidden_duel(Fixture::flat(10, 2).dice(&[6, 4]), true)?;
    assert_eq!(s.rolls("sk.detect.table"), vec![6]);
    assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![4]);
    let order: Vec<&str> = s
        .events()
        .iter()
        .filter(|e| e.roll.is_some())
        .map(|e| e.rule)
        .collect();
    assert_eq!(order, vec!["sk.detect.table", "sk.detect.reveal-roll"]);
    assert!(!s.unit(a)?.hidden && !s.unit(t)?.on_map());
    // reveal_roll = on-declare: the old order, the reveal roll first.
    let (s, _, _) = hidden_duel(
        Fixture::flat(10, 2)
            .dice(&[6, 1])
            .option("reveal_roll", "on-declare")?,
        true,
    )?;
    assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![6]);
    assert_eq!(s.rolls("sk.detect.table"), vec![1]);
    Ok(())
}

#[test]
fn sk_panic_trigger_new_alien_when_a_detection_roll_reveals_it() -> R {
    // sk.panic.trigger-new-alien, sk.gap.76: the Squaddie first sees a Thin Man when its
    // Detection roll (6) reveals it; the Panic roll follows the attack.
    let (s, _, _) = hidden_duel(
        Fixture::flat(10, 2).option("panic", "on")?.dice(&[6, 6]),
        false,
    )?;
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    Ok(())
}

#[test]
fn sk_panic_trigger_new_alien_when_it_reveals_itself_by_attacking() -> R {
    // sk.panic.trigger-new-alien: a Hidden Thin Man shoots a SHIV and its reveal roll (4)
    // shows it to the Squaddie beside the SHIV, who rolls for Panic once the attack is over.
    let mut s = Fixture::flat(8, 2)
        .option("detection", "on")?
        .option("panic", "on")?
        .unit(1, "thin-man", 2, 0)
        .unit(0, "shiv", 0, 0)
        .hidden(false)
        .unit(0, "squaddie", 0, 1)
        .hidden(false)
        .active(1)
        .hand(1, &["short-range"])
        .dice(&[4, 6])
        .build()?;
    let (tm, shiv) = (s.unit_at(2, 0)?, s.unit_at(0, 0)?);
    s.play_card(1, "short-range", tm)?;
    s.act(1, Action::TargetUnit(shiv))?;
    s.pass_all()?;
    assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![4]);
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    Ok(())
}

