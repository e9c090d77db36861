//! Spec cards and the table effects of sections 13–14 of the clause index.

use crate::support::{R, play_spec};
use squadsight_core::Ruleset;
use squadsight_core::Seat;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{Frame, Life, UnitId};

fn spec_listed(
    s: &Session,
    side: u8,
    n: u8,
    by: UnitId,
    table: &str,
    alt: u8,
) -> Result<bool, String> {
    let c = s.card(&format!("spec-{n}"))?;
    let t = s.table(table)?;
    Ok(s.legal(side).contains(&Action::Spec {
        card: c,
        unit: by,
        table: t,
        alt,
    }))
}

fn card(s: &mut Session, side: u8, name: &str, by: Option<UnitId>) -> R {
    let c = s.card(name)?;
    s.act(side, Action::Card { card: c, unit: by })
}

fn free_moves(s: &Session, side: u8, unit: UnitId) -> usize {
    s.legal(side)
        .iter()
        .filter(|a| matches!(a, Action::FreeMove { unit: u, .. } if *u == unit))
        .count()
}

#[test]
fn sk_spec_access_example_psi_hero_sniper_has_five_tables() -> R {
    // sk.spec.access-example, sk.unit.psi, sk.unit.hero: Squaddie, Specialist Sniper, Advanced
    // Sniper, Hero and PSI Soldier.
    let s = Fixture::flat(6, 2)
        .unit(0, "hero-sniper", 0, 0)
        .psi()
        .unit(0, "hero-sniper", 0, 1)
        .unit(1, "thin-man", 5, 1)
        .build()?;
    let names = |id: UnitId| -> Result<Vec<String>, String> {
        let u = s.unit(id)?;
        Ok(s.ruleset()
            .usable_tables(u)
            .iter()
            .filter_map(|t| s.ruleset().catalog().table(*t).map(|t| t.key.clone()))
            .collect())
    };
    assert_eq!(
        names(s.unit_at(0, 0)?)?,
        ["squaddie", "spec-sniper", "adv-sniper", "hero", "psi"]
    );
    assert_eq!(names(s.unit_at(0, 1)?)?.len(), 4);
    Ok(())
}

#[test]
fn sk_special_heavy_floater_uses_two_tables() -> R {
    // sk.special.heavy-floater, sk.gap.23: its own table and the Floater Table.
    let s = Fixture::flat(6, 2)
        .unit(1, "heavy-floater", 0, 0)
        .unit(0, "squaddie", 5, 1)
        .build()?;
    let u = s.unit(s.unit_at(0, 0)?)?;
    let keys: Vec<String> = s
        .ruleset()
        .usable_tables(u)
        .iter()
        .filter_map(|t| s.ruleset().catalog().table(*t).map(|t| t.key.clone()))
        .collect();
    assert_eq!(keys, ["heavy-floater", "floater"]);
    Ok(())
}

#[test]
fn sk_special_mind_control_use_kill_and_expiry() -> R {
    // sk.special.mind-control: psi#2 takes a foe at range 4 until the end of the
    // controller's next turn (sk.gap.66); sk.special.mind-control-use: usable at once.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "specialist-assault", 0, 0)
        .psi()
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-2", "spec-5"])
        .build()?;
    let (p, tm) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 0, 2, p, "psi", 0)?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    let u = s.unit(tm)?;
    assert_eq!((u.owner, u.controller, u.control_until), (1, 0, 3));
    assert!(free_moves(&s, 0, tm) > 0);
    // sk.special.mind-control-kill: Spec 5 makes it kill itself.
    let c5 = s.card("spec-5")?;
    assert!(
        s.legal(0)
            .contains(&Action::SelfDestruct { card: c5, unit: tm })
    );
    // Through the owner's turn and the controller's next one, then it returns.
    s.act(0, Action::EndTurn)?;
    s.pass_all()?;
    while s.to_act() == Some(1) && !s.legal(1).contains(&Action::EndTurn) {
        let a = s.legal(1)[0];
        s.act(1, a)?;
    }
    assert_eq!(s.unit(tm)?.controller, 0);
    assert!(free_moves(&s, 1, tm) == 0);
    s.act(1, Action::EndTurn)?;
    while s.to_act() == Some(0) && !s.legal(0).contains(&Action::EndTurn) {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    assert_eq!(s.unit(tm)?.controller, 0);
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.unit(tm)?.controller, 1);
    assert!(s.cited("sk.special.mind-control-use"));
    Ok(())
}

#[test]
fn sk_special_mind_control_kill_with_a_grenade_splashes() -> R {
    // sk.special.mind-control-kill, sk.gap.67: Spec 6 kills the controlled unit and splashes
    // every neighbour (5+).
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 5, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-6"])
        .dice(&[6])
        .build()?;
    let (tm, next) = (s.unit_at(4, 0)?, s.unit_at(5, 0)?);
    let u = s.unit_mut(tm)?;
    u.controller = 0;
    u.control_until = 3;
    let c6 = s.card("spec-6")?;
    s.act(0, Action::SelfDestruct { card: c6, unit: tm })?;
    s.pass_all()?;
    assert!(!s.unit(tm)?.on_map());
    assert!(!s.unit(next)?.on_map());
    assert_eq!(s.rolls("sk.area.splash"), vec![6]);
    Ok(())
}

#[test]
fn sk_effect_heal_adjacent_damaged_friend_not_above_roster() -> R {
    // sk.effect.heal, sk.gap.50: Medkit (spec-support#4) heals an adjacent friend 1 Hit.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-support", 0, 0)
        .unit(0, "specialist-heavy", 1, 0)
        .hits(1)
        .unit(0, "specialist-heavy", 0, 1)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["spec-4"])
        .build()?;
    let (m, hurt, fine) = (s.unit_at(0, 0)?, s.unit_at(1, 0)?, s.unit_at(0, 1)?);
    play_spec(&mut s, 0, 4, m, "spec-support", 0)?;
    assert_eq!(s.legal(0), vec![Action::TargetUnit(hurt)]);
    s.act(0, Action::TargetUnit(hurt))?;
    assert_eq!(s.unit(hurt)?.hits, 2);
    assert_eq!(s.unit(fine)?.hits, 2);
    assert!(s.cited("sk.effect.heal"));
    Ok(())
}

#[test]
fn sk_effect_revive_friend_killed_last_turn() -> R {
    // sk.effect.revive, sk.gap.51: Don't Die on Me! (hero#1) brings back with 1 Hit a friend
    // killed in the turn before, lying next to the Hero.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "hero-support", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["spec-1"])
        .build()?;
    let (h, sq) = (s.unit_at(0, 0)?, s.unit_at(1, 0)?);
    s.unit_mut(sq)?.life = Life::Dead { turn: 0 };
    s.unit_mut(sq)?.hits = 0;
    play_spec(&mut s, 0, 1, h, "hero", 0)?;
    s.act(0, Action::TargetUnit(sq))?;
    let u = s.unit(sq)?;
    assert!(u.on_map());
    assert_eq!(u.hits, 1);
    // A zombified unit can never come back.
    s.unit_mut(sq)?.life = Life::Zombified;
    assert!(!spec_listed(&s, 0, 1, h, "hero", 0)?);
    Ok(())
}

#[test]
fn sk_special_transform_grow_and_erupt() -> R {
    // sk.special.transform, sk.gap.61: Grow turns a Hatchling into a full-Hits Chryssalid in
    // place; it takes no more actions this turn.
    let mut s = Fixture::flat(6, 2)
        .unit(1, "hatchling", 0, 0)
        .unit(1, "zombie", 0, 1)
        .unit(0, "squaddie", 5, 1)
        .active(1)
        .hand(1, &["spec-1", "spec-4"])
        .build()?;
    let (h, z) = (s.unit_at(0, 0)?, s.unit_at(0, 1)?);
    play_spec(&mut s, 1, 1, h, "hatchling", 0)?;
    let u = s.unit(h)?;
    assert_eq!(
        s.ruleset().catalog().unit(u.kind).map(|t| t.key.as_str()),
        Some("chryssalid")
    );
    assert_eq!(u.hits, 2);
    assert_eq!(free_moves(&s, 1, h), 0);
    play_spec(&mut s, 1, 4, z, "zombie", 0)?;
    let u = s.unit(z)?;
    assert_eq!(
        s.ruleset().catalog().unit(u.kind).map(|t| t.key.as_str()),
        Some("hatchling")
    );
    Ok(())
}

#[test]
fn sk_special_spawn_adds_an_outsider_next_to_it() -> R {
    // sk.special.spawn, sk.gap.60: a new 1-Hit Outsider in a free adjacent hex, inactive
    // this turn.
    let mut s = Fixture::flat(6, 2)
        .unit(1, "outsider", 0, 0)
        .unit(0, "squaddie", 5, 1)
        .active(1)
        .hand(1, &["spec-5"])
        .build()?;
    let o = s.unit_at(0, 0)?;
    play_spec(&mut s, 1, 5, o, "outsider", 0)?;
    let hex = s.hex(1, 0)?;
    assert!(s.legal(1).contains(&Action::TargetHex(hex)));
    s.act(1, Action::TargetHex(hex))?;
    let new = s.unit_at(1, 0)?;
    let u = s.unit(new)?;
    assert_eq!((u.owner, u.hits), (1, 1));
    assert_eq!(free_moves(&s, 1, new), 0);
    assert_eq!(s.state().units_left(1), 2);
    Ok(())
}

#[test]
fn sk_effect_boost_gives_another_sectoid_a_move_and_an_attack() -> R {
    // sk.effect.boost, sk.gap.59: Boost (sectoid#6) gives a Sectoid within 3 Move 1 and
    // Attack 2 at once, outside its own Move allowance.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "sectoid", 0, 0)
        .unit(1, "sectoid", 2, 0)
        .unit(0, "squaddie", 5, 0)
        .unit(0, "squaddie", 7, 1)
        .active(1)
        .hand(1, &["spec-6", "run"])
        .build()?;
    let (a, b, sq) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?, s.unit_at(5, 0)?);
    play_spec(&mut s, 1, 6, a, "sectoid", 0)?;
    assert_eq!(s.legal(1), vec![Action::TargetUnit(b)]);
    s.act(1, Action::TargetUnit(b))?;
    s.act(1, Action::MoveTo(s.hex(3, 0)?))?;
    s.pass_all()?;
    s.act(1, Action::TargetUnit(sq))?;
    s.pass_all()?;
    assert!(!s.unit(sq)?.on_map());
    let run = s.card("run")?;
    assert!(s.legal(1).contains(&Action::Card {
        card: run,
        unit: Some(b)
    }));
    Ok(())
}

#[test]
fn sk_special_reflect_turns_the_attack_on_its_attacker() -> R {
    // sk.special.reflect, sk.gap.64: the Ethereal reflects; the attacker takes the attack.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "ethereal", 2, 0)
        .hand(0, &["short-range"])
        .hand(1, &["spec-1"])
        .build()?;
    let (sq, e) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    card(&mut s, 0, "short-range", Some(sq))?;
    s.act(0, Action::TargetUnit(e))?;
    assert!(spec_listed(&s, 1, 1, e, "ethereal", 0)?);
    play_spec(&mut s, 1, 1, e, "ethereal", 0)?;
    s.pass_all()?;
    assert!(!s.unit(sq)?.on_map());
    assert_eq!(s.unit(e)?.hits, 4);
    Ok(())
}

#[test]
fn sk_effect_negate_attack_telekinetic_field_on_the_opponents_turn() -> R {
    // sk.effect.negate-attack, sk.gap.56: a PSI unit cancels an attack on a friend.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "thin-man", 0, 0)
        .unit(0, "squaddie", 2, 0)
        .unit(0, "specialist-heavy", 7, 1)
        .psi()
        .active(1)
        .hand(1, &["short-range"])
        .hand(0, &["spec-5"])
        .build()?;
    let (tm, sq, psi) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?, s.unit_at(7, 1)?);
    card(&mut s, 1, "short-range", Some(tm))?;
    s.act(1, Action::TargetUnit(sq))?;
    play_spec(&mut s, 0, 5, psi, "psi", 0)?;
    s.pass_all()?;
    assert!(s.unit(sq)?.on_map());
    assert!(s.cited("sk.effect.negate-attack"));
    Ok(())
}

#[test]
fn sk_effect_negate_psi_iron_will_stops_mindfray_and_its_discard() -> R {
    // sk.effect.negate-psi, sk.gap.57: Iron Will (hero#5, second option) cancels a Psi attack
    // on the Hero, riders included.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "sectoid-commander", 0, 0)
        .unit(0, "hero-heavy", 5, 0)
        .active(1)
        .hand(1, &["spec-4"])
        .hand(0, &["spec-5", "tough"])
        .build()?;
    let (c, h) = (s.unit_at(0, 0)?, s.unit_at(5, 0)?);
    play_spec(&mut s, 1, 4, c, "sectoid-commander", 0)?;
    s.act(1, Action::TargetUnit(h))?;
    play_spec(&mut s, 0, 5, h, "hero", 1)?;
    s.pass_all()?;
    assert_eq!(s.unit(h)?.hits, 4);
    assert_eq!(s.hand(0).len(), 1, "no discard: the rider is cancelled too");
    assert!(s.cited("sk.effect.negate-psi"));
    Ok(())
}

#[test]
fn sk_effect_ranged_mind_control_answered_by_iron_will() -> R {
    // sk.effect.ranged, sk.gap.29: a Psi Range = N effect on a Hero opens an Iron Will window.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "sectoid-commander", 0, 0)
        .unit(0, "hero-heavy", 4, 0)
        .active(1)
        .hand(1, &["spec-2"])
        .hand(0, &["spec-5"])
        .build()?;
    let (c, h) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 1, 2, c, "sectoid-commander", 0)?;
    s.act(1, Action::TargetUnit(h))?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Ranged { .. })
    ));
    play_spec(&mut s, 0, 5, h, "hero", 1)?;
    assert_eq!(s.unit(h)?.controller, 0);
    Ok(())
}

#[test]
fn sk_effect_destroy_armor_bars_armor_rows_only() -> R {
    // sk.effect.destroy-armor, sk.gap.54: after Destroy Armor (thin-man#3) the Squaddie may
    // not use Body Armor (Armor) but may still Take Cover.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "thin-man", 0, 0)
        .unit(1, "thin-man", 0, 1)
        .unit(0, "squaddie", 2, 0)
        .active(1)
        .hand(1, &["spec-3", "short-range"])
        .hand(0, &["spec-1", "spec-6"])
        .build()?;
    let (tm, tm2, sq) = (s.unit_at(0, 0)?, s.unit_at(0, 1)?, s.unit_at(2, 0)?);
    play_spec(&mut s, 1, 3, tm, "thin-man", 0)?;
    s.act(1, Action::TargetUnit(sq))?;
    s.pass_all()?;
    assert!(s.unit(sq)?.armor_off_until > s.state().turn());
    card(&mut s, 1, "short-range", Some(tm2))?;
    s.act(1, Action::TargetUnit(sq))?;
    assert!(!spec_listed(&s, 0, 1, sq, "squaddie", 0)?);
    assert!(spec_listed(&s, 0, 6, sq, "squaddie", 0)?);
    Ok(())
}

#[test]
fn sk_special_immobilize_sources_and_durations() -> R {
    // sk.special.immobilize-sources, sk.gap.52: Arc Thrower immobilises this turn and the
    // next; sk.special.immobilized: no moves, no attacks, no Defense.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "officer-support", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-4", "short-range"])
        .hand(1, &["tough"])
        .build()?;
    let (o, tm) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    play_spec(&mut s, 0, 4, o, "adv-support", 0)?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    assert!(s.unit(tm)?.immobile(1) && s.unit(tm)?.immobile(2) && !s.unit(tm)?.immobile(3));
    // No Defense window for an immobilised unit.
    card(&mut s, 0, "short-range", Some(o))?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    assert!(!s.unit(tm)?.on_map());
    assert!(!s.cited("sk.panic.table"), "sk.gap.58");
    Ok(())
}

#[test]
fn sk_special_immobilized_unit_may_not_act_on_its_turn() -> R {
    // Intimidate (muton#5): immobilised during the next turn only.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "muton", 0, 0)
        .unit(0, "squaddie", 3, 0)
        .unit(0, "squaddie", 7, 1)
        .active(1)
        .hand(1, &["spec-5"])
        .build()?;
    let (m, sq) = (s.unit_at(0, 0)?, s.unit_at(3, 0)?);
    play_spec(&mut s, 1, 5, m, "muton", 0)?;
    s.act(1, Action::TargetUnit(sq))?;
    s.pass_all()?;
    let u = s.unit(sq)?;
    assert!(!u.immobile(1) && u.immobile(2) && !u.immobile(3));
    s.act(1, Action::EndTurn)?;
    while s.to_act() == Some(0) && s.state().stack().last().is_some() {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    assert_eq!(free_moves(&s, 0, sq), 0);
    Ok(())
}

#[test]
fn sk_effect_opp_discard_random_and_chosen() -> R {
    // sk.effect.opp-discard, sk.gap.47: Look Tough (outsider#6) discards at random; Mindfray
    // (psi#1) lets the opponent choose.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "outsider", 0, 0)
        .unit(0, "squaddie", 7, 1)
        .active(1)
        .hand(1, &["spec-6"])
        .hand(0, &["tough", "evasion", "run"])
        .build()?;
    let o = s.unit_at(0, 0)?;
    play_spec(&mut s, 1, 6, o, "outsider", 0)?;
    assert_eq!(s.hand(0).len(), 2);
    assert_eq!(s.state().deck().discards().len(), 2);

    let mut s = Fixture::flat(8, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .psi()
        .unit(1, "thin-man", 5, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["tough", "run"])
        .build()?;
    let (p, tm) = (s.unit_at(0, 0)?, s.unit_at(5, 0)?);
    play_spec(&mut s, 0, 1, p, "psi", 0)?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    assert_eq!(s.to_act(), Some(1));
    let run = s.card("run")?;
    assert!(s.legal(1).contains(&Action::Discard(run)));
    s.act(1, Action::Discard(run))?;
    assert!(s.hand(1).has(s.card("tough")?));
    Ok(())
}

#[test]
fn sk_effect_look_hand_is_shown_to_the_looker_only() -> R {
    // sk.effect.look-hand, sk.deck.hidden-hands: Alert (sectoid#5) shows the other hand in a
    // private journal event and in the looker's observation.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "sectoid", 0, 0)
        .unit(0, "squaddie", 7, 1)
        .active(1)
        .hand(1, &["spec-5"])
        .hand(0, &["tough", "run"])
        .build()?;
    let u = s.unit_at(0, 0)?;
    play_spec(&mut s, 1, 5, u, "sectoid", 0)?;
    let e = s
        .events()
        .iter()
        .find(|e| e.rule == "sk.effect.look-hand")
        .ok_or("a look")?;
    let seen = e.view(Some(Seat(1))).ok_or("visible")?;
    assert!(seen.text.contains("Tough"));
    let other = e.view(Some(Seat(0))).ok_or("redacted")?;
    assert!(!other.text.contains("Tough"));
    let obs = s.ruleset().observe(s.state(), Seat(1));
    assert_eq!(obs.known_other().len(), 2);
    let blind = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!(blind.known_other().len(), 0);
    Ok(())
}

#[test]
fn sk_gap_48_strategy_shows_the_next_seven_cards() -> R {
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["strategy"])
        .deck_top(&["run", "sprint", "tough"])
        .build()?;
    card(&mut s, 0, "strategy", None)?;
    let obs = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!(obs.state.deck().remaining(), 7);
    let top: Vec<_> = obs.state.deck().peek(3).copied().collect();
    assert_eq!(
        top,
        vec![s.card("run")?, s.card("sprint")?, s.card("tough")?]
    );
    Ok(())
}

#[test]
fn sk_effect_draw_discard_combat_drugs() -> R {
    // sk.effect.draw-discard: Combat Drugs (adv-support#2) draws 4, then its player discards 2.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "officer-support", 0, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-2"])
        .build()?;
    let o = s.unit_at(0, 0)?;
    play_spec(&mut s, 0, 2, o, "adv-support", 0)?;
    assert_eq!(s.hand(0).len(), 4);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard { left: 2, .. })
    ));
    for _ in 0..2 {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    assert_eq!(s.hand(0).len(), 2);
    Ok(())
}

#[test]
fn sk_effect_double_tap_gives_the_next_sniper_attack_auto_kill() -> R {
    // sk.effect.double-tap, sk.gap.44.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "officer-sniper", 0, 0)
        .unit(1, "muton", 4, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-4", "long-range"])
        .build()?;
    let (o, m) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 0, 4, o, "adv-sniper", 0)?;
    card(&mut s, 0, "long-range", Some(o))?;
    s.act(0, Action::TargetUnit(m))?;
    s.pass_all()?;
    assert!(!s.unit(m)?.on_map());
    assert!(s.cited("sk.effect.double-tap"));
    Ok(())
}

#[test]
fn sk_effect_either_picks_one_option_by_window() -> R {
    // sk.effect.either: Skeleton Suit (spec-heavy#5) is Move 3 on your turn and Defense when
    // attacked.
    let s = Fixture::flat(8, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-5"])
        .build()?;
    let h = s.unit_at(0, 0)?;
    assert!(!spec_listed(&s, 0, 5, h, "spec-heavy", 0)?);
    assert!(spec_listed(&s, 0, 5, h, "spec-heavy", 1)?);
    let mut d = Fixture::flat(8, 2)
        .unit(1, "thin-man", 0, 0)
        .unit(0, "specialist-heavy", 2, 0)
        .active(1)
        .hand(1, &["short-range"])
        .hand(0, &["spec-5"])
        .build()?;
    let (tm, h) = (d.unit_at(0, 0)?, d.unit_at(2, 0)?);
    card(&mut d, 1, "short-range", Some(tm))?;
    d.act(1, Action::TargetUnit(h))?;
    assert!(spec_listed(&d, 0, 5, h, "spec-heavy", 0)?);
    assert!(!spec_listed(&d, 0, 5, h, "spec-heavy", 1)?);
    play_spec(&mut d, 0, 5, h, "spec-heavy", 0)?;
    d.pass_all()?;
    assert_eq!(d.unit(h)?.hits, 2);
    Ok(())
}

#[test]
fn sk_gap_46_rapid_reaction_draw_follows_the_option() -> R {
    // sk.effect.combined, sk.gap.46: Rapid Reaction's Defense draws 1 under draw-always, none
    // under draw-with-move.
    for (mode, drawn) in [("draw-always", 1), ("draw-with-move", 0)] {
        let mut d = Fixture::flat(8, 2)
            .unit(1, "thin-man", 0, 0)
            .unit(0, "officer-heavy", 2, 0)
            .active(1)
            .hand(1, &["short-range"])
            .hand(0, &["spec-6"])
            .option("rapid_reaction", mode)?
            .build()?;
        let (tm, h) = (d.unit_at(0, 0)?, d.unit_at(2, 0)?);
        card(&mut d, 1, "short-range", Some(tm))?;
        d.act(1, Action::TargetUnit(h))?;
        play_spec(&mut d, 0, 6, h, "adv-heavy", 0)?;
        assert_eq!(d.hand(0).len(), drawn, "{mode}");
    }
    Ok(())
}

#[test]
fn sk_gap_68_rush_after_being_hit_on_the_opponents_turn() -> R {
    // muton-berserker#6 Rush: after taking damage on the opponent's turn, move up to 2.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "muton-berserker", 2, 0)
        .hand(0, &["short-range"])
        .hand(1, &["spec-6"])
        .build()?;
    let (sq, b) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    card(&mut s, 0, "short-range", Some(sq))?;
    s.act(0, Action::TargetUnit(b))?;
    s.act(1, Action::Pass)?;
    assert_eq!(s.unit(b)?.hits, 4);
    // Option 1 of the row is the after-hit Rush; the own-turn option 0 is not offered now.
    assert!(spec_listed(&s, 1, 6, b, "muton-berserker", 1)?);
    assert!(!spec_listed(&s, 1, 6, b, "muton-berserker", 0)?);
    play_spec(&mut s, 1, 6, b, "muton-berserker", 1)?;
    let to = s.hex(4, 0)?;
    s.act(1, Action::MoveTo(to))?;
    assert_eq!(s.unit(b)?.pos, to);
    Ok(())
}

#[test]
fn sk_gap_22_sectopod_overwatch_answers_moves_only() -> R {
    // sectopod#4 may answer an enemy move, not an enemy attack.
    let mut s = Fixture::flat(10, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 3, 1)
        .unit(0, "squaddie", 6, 2)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "sectopod", 8, 0)
        .hand(0, &["short-range"])
        .hand(1, &["spec-4", "tough"])
        .build()?;
    let (a, b, tm, sp) = (
        s.unit_at(0, 0)?,
        s.unit_at(3, 1)?,
        s.unit_at(2, 0)?,
        s.unit_at(8, 0)?,
    );
    // After an attack the reaction window opens (a Squaddie stands 3 from the Sectopod, so an
    // Overwatch card could answer), but the Sectopod's own Overwatch is not offered.
    s.play_card(0, "short-range", a)?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all_but_reactions()?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Reaction {
            after_move: false,
            ..
        })
    ));
    assert!(!spec_listed(&s, 1, 4, sp, "sectopod", 0)?);
    s.act(1, Action::Pass)?;
    // After a move to range 6 it is.
    let to = s.hex(2, 1)?;
    s.act(0, Action::FreeMove { unit: b, to })?;
    let moved_to_six = s.state().board().distance(s.unit(b)?.pos, s.unit(sp)?.pos) == 6;
    assert!(moved_to_six);
    assert!(spec_listed(&s, 1, 4, sp, "sectopod", 0)?);
    Ok(())
}
