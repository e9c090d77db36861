//! Behaviour tests for the Spec cards and the table effect kinds (clause index sections 12
//! and 13), each played from an exact fixture position with the dice pinned.
//!
//! Every test names the clauses it checks; table clauses (`sk.table.*`) are cited where one of
//! that table's rows is played and its exact outcome asserted.

use crate::support::{
    R, acts_for, can_play, card, destinations, end_turn, hits, on_map, play_spec, ring, spec,
    spec_listed, spec_tables, unit_targets,
};
use squadsight_core::journal::Visibility;
use squadsight_core::{Ruleset, Seat, SeatSet};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{DiscardWhy, Frame, Life, UnitId};
use std::collections::BTreeSet;

fn names(s: &Session, cards: &[&str]) -> Result<Vec<squadsight_skirmish::catalog::CardId>, String> {
    cards.iter().map(|c| s.card(c)).collect()
}

/// The hand of `side` as card ids, ascending.
fn hand(s: &Session, side: u8) -> Vec<squadsight_skirmish::catalog::CardId> {
    s.hand(side).cards().collect()
}

fn sorted(
    mut v: Vec<squadsight_skirmish::catalog::CardId>,
) -> Vec<squadsight_skirmish::catalog::CardId> {
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------
// Section 12: Spec cards
// ---------------------------------------------------------------------------------------

// sk.spec.activate, sk.effect.gain-st, sk.table.spec-heavy: Spec 3 on a Heavy Specialist,
// resolved on the Specialist Heavy table, is Suppressive Fire: the player gains 2 ST and the
// card goes to the shared discard pile.
#[test]
fn sk_spec_activate_spec3_heavy_suppressive_fire_gains_2_st() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["spec-3"])
        .build()?;
    let heavy = UnitId(0);
    // The player picks the table: the same Spec 3 could be the Squaddie table's Maneuver.
    let tables = spec_tables(&s, 0, 3, heavy)?;
    assert!(
        tables.contains("spec-heavy") && tables.contains("squaddie"),
        "{tables:?}"
    );
    s.act(0, spec(&s, 3, heavy, "spec-heavy", 0)?)?;
    assert_eq!(s.state().tokens(0), 2);
    assert_eq!(s.state().tokens(1), 0);
    assert!(s.hand(0).is_empty());
    assert_eq!(s.state().deck().discards(), &[s.card("spec-3")?]);
    assert!(s.state().stack().is_empty());
    Ok(())
}

// sk.spec.activate, sk.table.squaddie: the same card on the Squaddie table is Maneuver (Mv 1).
#[test]
fn sk_spec_activate_spec3_on_squaddie_table_moves_one_hex() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["spec-3"])
        .build()?;
    s.act(0, spec(&s, 3, UnitId(0), "squaddie", 0)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 1, .. })
    ));
    s.act(0, Action::MoveTo(s.hex(1, 0)?))?;
    assert_eq!(s.unit(UnitId(0))?.pos, s.hex(1, 0)?);
    assert_eq!(s.state().tokens(0), 0);
    Ok(())
}

/// Turn 1 (aliens): a Thin Man hits a PSI Hero Sniper once, then kills the Squaddie beside
/// it; turn 2 (X-Com) starts with Spec 1 in hand. Also returns the tables offered for Spec 1
/// in the Hero's Defense window on turn 1.
fn hero_after_losing_a_friend() -> Result<(Session, BTreeSet<String>), String> {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "hero-sniper", 1, 1)
        .psi()
        .unit(0, "squaddie", 2, 1)
        .unit(1, "thin-man", 2, 2)
        .unit(1, "sectoid", 3, 0)
        .unit(1, "sectoid", 6, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["point-blank", "point-blank"])
        .deck_top(&["maneuver", "maneuver", "maneuver"])
        .active(1)
        .build()?;
    let (hero, squaddie, thin) = (UnitId(0), UnitId(1), UnitId(2));
    s.act(1, card(&s, "point-blank", thin)?)?;
    s.act(1, Action::TargetUnit(hero))?;
    assert_eq!(s.to_act(), Some(0), "the Hero's Defense window");
    let defense = spec_tables(&s, 0, 1, hero)?;
    s.pass_all()?;
    assert_eq!(hits(&s, hero)?, 3);
    s.act(1, card(&s, "point-blank", thin)?)?;
    s.act(1, Action::TargetUnit(squaddie))?;
    s.pass_all()?;
    assert_eq!(s.unit(squaddie)?.life, Life::Dead { turn: 1 });
    end_turn(&mut s)?;
    assert_eq!(s.state().turn(), 2);
    assert_eq!(s.state().active(), 0);
    assert!(s.hand(0).has(s.card("spec-1")?));
    Ok((s, defense))
}

// sk.spec.access-example, sk.unit.psi: a PSI Hero Sniper holding Spec 1 may use row 1 of
// exactly five tables: Squaddie, Specialist Sniper, Advanced Sniper, Hero and PSI Soldier.
#[test]
fn sk_spec_access_example_psi_hero_sniper_spec1_five_tables() -> R {
    let (s, defense) = hero_after_losing_a_friend()?;
    let hero = UnitId(0);
    let cat = s.ruleset().catalog();
    let kind = s.unit(hero)?.kind;
    let usable: BTreeSet<String> = cat
        .usable_tables(kind, true)
        .filter_map(|t| cat.table(t).map(|t| t.key.clone()))
        .collect();
    let five: BTreeSet<String> = ["squaddie", "spec-sniper", "adv-sniper", "hero", "psi"]
        .iter()
        .map(|t| (*t).to_string())
        .collect();
    assert_eq!(usable, five);
    // Without the PSI flag the same Hero Sniper has the other four (sk.unit.hero).
    assert_eq!(cat.usable_tables(kind, false).count(), 4);
    // Played: Body Armor and Archangel Armor answer an attack; Pistol (range 2), Archangel's
    // move, Don't Die on Me! (the Squaddie) and Mindfray (range 5) are own-turn plays.
    let main = spec_tables(&s, 0, 1, hero)?;
    let want_def: BTreeSet<String> = ["squaddie", "adv-sniper"]
        .iter()
        .map(|t| (*t).to_string())
        .collect();
    let want_main: BTreeSet<String> = ["spec-sniper", "adv-sniper", "hero", "psi"]
        .iter()
        .map(|t| (*t).to_string())
        .collect();
    assert_eq!(defense, want_def);
    assert_eq!(main, want_main);
    let all: BTreeSet<String> = defense.union(&main).cloned().collect();
    assert_eq!(all, five);
    Ok(())
}

// sk.effect.revive, sk.table.hero (row 1, Don't Die on Me!), sk.gap.51: the Squaddie killed
// in the turn before comes back with 1 Hit in the hex where it fell and cannot act this turn.
#[test]
fn sk_effect_revive_hero_brings_back_friend_killed_last_turn() -> R {
    let (mut s, _) = hero_after_losing_a_friend()?;
    let (hero, squaddie) = (UnitId(0), UnitId(1));
    s.act(0, spec(&s, 1, hero, "hero", 0)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([squaddie]));
    s.act(0, Action::TargetUnit(squaddie))?;
    let u = s.unit(squaddie)?;
    assert_eq!(u.life, Life::OnMap);
    assert_eq!(u.hits, 1);
    assert_eq!(u.pos, s.hex(2, 1)?);
    assert!(
        !acts_for(&s, 0, squaddie),
        "a revived unit may not act in its first turn"
    );
    assert_eq!(s.state().units_left(0), 2);
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Section 13: table effect kinds
// ---------------------------------------------------------------------------------------

/// A Spec row that makes one attack, played from a fixed position: the foes it may aim at, and
/// the Hits each foe has left after the shot at `shoot` (`None`: killed and off the map).
struct OneAttack {
    /// The clauses and the row the case checks; failures name it.
    case: &'static str,
    size: (u8, u8),
    /// The side playing the row; its unit is `UnitId(0)`, the foes follow in order.
    side: u8,
    attacker: (&'static str, u8, u8),
    foes: &'static [(&'static str, u8, u8)],
    /// Spec card number and the table whose row it plays.
    spec: (u8, &'static str),
    targets: &'static [u8],
    shoot: u8,
    left: &'static [Option<u8>],
}

const ONE_ATTACK: &[OneAttack] = &[
    OneAttack {
        case: "sk.effect.attack-choice, sk.table.spec-sniper row 2 (Sniper Rifle, Atk 5 or 6): \
               either listed range, not range 3, one attack only",
        size: (8, 4),
        side: 0,
        attacker: ("specialist-sniper", 0, 1),
        foes: &[("muton", 5, 0), ("muton", 6, 2), ("muton", 2, 3)],
        spec: (2, "spec-sniper"),
        targets: &[1, 2],
        shoot: 2,
        left: &[Some(3), Some(2), Some(3)],
    },
    OneAttack {
        case: "sk.effect.attack-choice, sk.effect.damage-bonus, sk.table.cyberdisc row 6 \
               (Forward Cannons, Atk 7 or 8, Damage +1): not range 6; 3 Hits less 1 + 1",
        size: (10, 3),
        side: 1,
        attacker: ("cyberdisc", 0, 1),
        foes: &[("officer-heavy", 8, 1), ("officer-heavy", 6, 0)],
        spec: (6, "cyberdisc"),
        targets: &[1],
        shoot: 1,
        left: &[Some(1), Some(3)],
    },
    OneAttack {
        case: "sk.effect.attack-span, sk.table.adv-sniper row 3 (Precision Laser, Atk 4 to 7): \
               every range from 4 to 7, not 3 or 8",
        size: (9, 4),
        side: 0,
        attacker: ("officer-sniper", 0, 1),
        foes: &[
            ("sectoid", 2, 3),
            ("sectoid", 4, 0),
            ("sectoid", 7, 2),
            ("sectoid", 8, 1),
        ],
        spec: (3, "adv-sniper"),
        targets: &[2, 3],
        shoot: 3,
        left: &[Some(1), Some(1), None, Some(1)],
    },
    OneAttack {
        case: "sk.effect.attack-span, sk.table.hero row 6 (Wet Work, Atk 1 to 5): 1, 3 and 5, \
               not 6",
        size: (9, 3),
        side: 0,
        attacker: ("hero-assault", 0, 1),
        foes: &[
            ("sectoid", 1, 0),
            ("sectoid", 3, 2),
            ("sectoid", 5, 0),
            ("sectoid", 6, 2),
        ],
        spec: (6, "hero"),
        targets: &[1, 2, 3],
        shoot: 3,
        left: &[Some(1), Some(1), None, Some(1)],
    },
    OneAttack {
        case: "sk.effect.damage-bonus, sk.table.adv-assault row 1 (Alloy Cannon, Atk 3, Damage \
               +3): 1 + 3 Hits on a 5-Hit Muton Berserker leave 1",
        size: (8, 3),
        side: 0,
        attacker: ("officer-assault", 0, 1),
        foes: &[("muton-berserker", 3, 1)],
        spec: (1, "adv-assault"),
        targets: &[1],
        shoot: 1,
        left: &[Some(1)],
    },
    OneAttack {
        case: "sk.effect.damage-bonus, sk.table.muton-elite row 4 (Toe to Toe, Atk 1, Damage \
               +1): 3 Hits less 2",
        size: (6, 3),
        side: 1,
        attacker: ("muton-elite", 0, 1),
        foes: &[("officer-assault", 1, 1)],
        spec: (4, "muton-elite"),
        targets: &[1],
        shoot: 1,
        left: &[Some(1)],
    },
];

/// sk.effect.attack-choice, sk.effect.attack-span, sk.effect.damage-bonus: every case of
/// [`ONE_ATTACK`], each failure naming its case.
#[test]
fn sk_effect_one_attack_rows_reach_their_ranges_and_deal_their_damage() -> R {
    for c in ONE_ATTACK {
        let case = c.case;
        let (key, col, row) = c.attacker;
        let mut f = Fixture::flat(c.size.0, c.size.1).unit(c.side, key, col, row);
        for &(key, col, row) in c.foes {
            f = f.unit(1 - c.side, key, col, row);
        }
        let card = format!("spec-{}", c.spec.0);
        let mut s = f
            .hand(c.side, &[card.as_str()])
            .active(c.side)
            .build()
            .map_err(|e| format!("{case}: {e}"))?;
        s.act(c.side, spec(&s, c.spec.0, UnitId(0), c.spec.1, 0)?)
            .map_err(|e| format!("{case}: {e}"))?;
        let want: BTreeSet<UnitId> = c.targets.iter().map(|&u| UnitId(u)).collect();
        assert_eq!(unit_targets(&s, c.side), want, "{case}: targets");
        s.act(c.side, Action::TargetUnit(UnitId(c.shoot)))
            .map_err(|e| format!("{case}: {e}"))?;
        for (i, left) in c.left.iter().enumerate() {
            let foe = UnitId(i as u8 + 1);
            match left {
                Some(h) => {
                    assert!(on_map(&s, foe)?, "{case}: {foe:?} killed");
                    assert_eq!(hits(&s, foe)?, *h, "{case}: {foe:?}'s Hits");
                }
                None => assert!(!on_map(&s, foe)?, "{case}: {foe:?} still on the map"),
            }
        }
        assert!(s.state().stack().is_empty(), "{case}: one attack, not more");
    }
    Ok(())
}

// sk.effect.multi-attack, sk.table.spec-heavy (row 1, Light Machine Gun, Atk 3 and Atk 4):
// two separate attacks from one play, each with its own target at its own range.
#[test]
fn sk_effect_multi_attack_lmg_two_attacks() -> R {
    let mut s = Fixture::flat(9, 5)
        .unit(0, "specialist-heavy", 4, 2)
        .unit(1, "muton", 1, 2) // 3, west
        .unit(1, "muton", 8, 2) // 4, east
        .hand(0, &["spec-1"])
        .build()?;
    s.act(0, spec(&s, 1, UnitId(0), "spec-heavy", 0)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([UnitId(1)]));
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([UnitId(2)]));
    s.act(0, Action::TargetUnit(UnitId(2)))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert_eq!(hits(&s, UnitId(2))?, 2);
    assert!(s.hand(0).is_empty());
    Ok(())
}

// sk.effect.multi-attack, sk.table.adv-heavy (row 4, Bullet Swarm, Atk 2, 3 and 4), with
// sk.gap.30: three attacks, and the same foe may take more than one.
#[test]
fn sk_effect_multi_attack_bullet_swarm_three_attacks() -> R {
    let mut s = Fixture::flat(9, 5)
        .unit(0, "officer-heavy", 4, 2)
        .unit(1, "muton", 4, 0) // 2, north
        .unit(1, "muton", 1, 2) // 3, west
        .unit(1, "muton", 8, 2) // 4, east
        .hand(0, &["spec-4"])
        .build()?;
    s.act(0, spec(&s, 4, UnitId(0), "adv-heavy", 0)?)?;
    for want in [UnitId(1), UnitId(2), UnitId(3)] {
        assert_eq!(unit_targets(&s, 0), BTreeSet::from([want]));
        s.act(0, Action::TargetUnit(want))?;
    }
    for m in [UnitId(1), UnitId(2), UnitId(3)] {
        assert_eq!(hits(&s, m)?, 2);
    }
    Ok(())
}

// sk.effect.area, sk.table.squaddie (row 5, Frag Grenade, Atk 3 area), sk.area.splash,
// sk.gap.42: the unit in the target hex takes 1 Hit; each occupied neighbour rolls, and on a
// 5 or 6 takes 1 Hit, friend or foe.
#[test]
fn sk_effect_area_frag_grenade_splashes_friend_and_foe() -> R {
    let mut s = Fixture::flat(9, 5)
        .unit(0, "squaddie", 1, 2)
        .unit(1, "muton", 4, 2) // target, range 3
        .unit(1, "muton", 5, 2) // east neighbour
        .unit(0, "specialist-heavy", 4, 1) // a neighbour of the target hex
        .hand(0, &["spec-5"])
        .dice(&[5, 6])
        .build()?;
    s.act(0, spec(&s, 5, UnitId(0), "squaddie", 0)?)?;
    assert!(s.legal(0).contains(&Action::TargetHex(s.hex(4, 2)?)));
    s.act(0, Action::TargetHex(s.hex(4, 2)?))?;
    assert_eq!(hits(&s, UnitId(1))?, 2, "full damage: 1 Hit");
    assert_eq!(hits(&s, UnitId(2))?, 2, "splash: 1 Hit");
    assert_eq!(hits(&s, UnitId(3))?, 1, "splash hits a friend too");
    assert_eq!(s.rolls("sk.area.splash"), vec![5, 6]);
    Ok(())
}

// sk.effect.area, sk.effect.damage-bonus, sk.table.spec-heavy (row 2, Rocket Launcher, Atk 6
// area +1): the target hex takes 2 Hits; splash stays at 1 Hit, and a 4 misses.
#[test]
fn sk_effect_area_rocket_launcher_bonus_only_on_target_hex() -> R {
    let mut s = Fixture::flat(10, 5)
        .unit(0, "specialist-heavy", 0, 2)
        .unit(1, "muton", 6, 2) // target, range 6
        .unit(1, "muton", 7, 2) // neighbour
        .unit(1, "muton", 6, 1) // neighbour
        .hand(0, &["spec-2"])
        .dice(&[4, 5])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "spec-heavy", 0)?)?;
    s.act(0, Action::TargetHex(s.hex(6, 2)?))?;
    assert_eq!(hits(&s, UnitId(1))?, 1);
    let splashed: u8 = hits(&s, UnitId(2))? + hits(&s, UnitId(3))?;
    assert_eq!(splashed, 5, "exactly one neighbour took exactly 1 Hit");
    assert_eq!(s.rolls("sk.area.splash").len(), 2);
    Ok(())
}

// sk.effect.auto-kill, sk.table.spec-sniper (row 3, Head Shot, Atk 4 with Auto-Kill): 1 Hit
// gets through, so a 3-Hit Muton dies outright.
#[test]
fn sk_effect_auto_kill_head_shot_kills_muton() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-sniper", 0, 1)
        .unit(1, "muton", 4, 1)
        .unit(1, "muton", 7, 0)
        .hand(0, &["spec-3"])
        .build()?;
    s.act(0, spec(&s, 3, UnitId(0), "spec-sniper", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Dead { turn: 1 });
    assert!(s.cited("sk.effect.auto-kill"));
    Ok(())
}

// sk.effect.auto-kill, sk.gap.43, sk.table.adv-assault (row 3, Killer Instinct): Defense that
// negates all the damage also stops Auto-Kill.
#[test]
fn sk_effect_auto_kill_stopped_when_defense_negates_all() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-assault", 0, 1)
        .unit(1, "muton", 2, 1)
        .hand(0, &["spec-3"])
        .hand(1, &["tough"])
        .build()?;
    s.act(0, spec(&s, 3, UnitId(0), "adv-assault", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.to_act(), Some(1));
    s.act(1, card(&s, "tough", UnitId(1))?)?;
    s.pass_all()?;
    assert!(on_map(&s, UnitId(1))?);
    assert_eq!(hits(&s, UnitId(1))?, 3);
    assert!(!s.cited("sk.effect.auto-kill"));
    Ok(())
}

// sk.effect.double-tap, sk.effect.auto-kill, sk.gap.44, sk.gap.43, sk.table.adv-sniper (rows
// 4 and 2): Double Tap gives the Sniper's next attack Auto-Kill; Plasma Sniper Rifle deals 2,
// Defense negates 1, and the 1 Hit that gets through kills a 4-Hit Muton Elite.
#[test]
fn sk_effect_double_tap_adds_auto_kill_through_partial_defense() -> R {
    let mut s = Fixture::flat(9, 3)
        .unit(0, "officer-sniper", 0, 1)
        .unit(1, "muton-elite", 5, 1)
        .unit(1, "muton", 8, 0)
        .hand(0, &["spec-4", "spec-2"])
        .hand(1, &["tough"])
        .build()?;
    let sniper = UnitId(0);
    s.act(0, spec(&s, 4, sniper, "adv-sniper", 0)?)?;
    assert!(s.unit(sniper)?.double_tap);
    s.act(0, spec(&s, 2, sniper, "adv-sniper", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.act(1, card(&s, "tough", UnitId(1))?)?;
    s.pass_all()?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Dead { turn: 1 });
    assert!(!s.unit(sniper)?.double_tap, "used up by that attack");
    Ok(())
}

// sk.effect.double-tap, sk.gap.44: only a Sniper-type unit may play it.
#[test]
fn sk_effect_double_tap_only_for_sniper_units() -> R {
    let s = Fixture::flat(8, 3)
        .unit(0, "officer-assault", 0, 1)
        .unit(0, "officer-sniper", 0, 2)
        .unit(1, "muton", 5, 1)
        .hand(0, &["spec-4"])
        .build()?;
    assert!(
        s.legal(0)
            .contains(&spec(&s, 4, UnitId(1), "adv-sniper", 0)?)
    );
    assert!(!spec_tables(&s, 0, 4, UnitId(0))?.contains("adv-sniper"));
    Ok(())
}

// sk.effect.sequence, sk.table.spec-assault (row 3, Run & Gun, Mv 2 then Atk 2): the move is
// finished before the attack, and the attack is measured from the new hex.
#[test]
fn sk_effect_sequence_run_and_gun_moves_then_attacks() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-assault", 0, 1)
        .unit(1, "muton", 4, 1)
        .hand(0, &["spec-3", "maneuver"])
        .build()?;
    let a = UnitId(0);
    s.act(0, spec(&s, 3, a, "spec-assault", 0)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 2, .. })
    ));
    // Up to 2 hexes, and staying put is allowed because an attack follows.
    let mut stay = ring(&s, (0, 1), 1, 2)?;
    stay.insert((0, 1));
    assert_eq!(destinations(&s, 0), stay);
    s.act(0, Action::MoveTo(s.hex(2, 1)?))?;
    assert_eq!(s.unit(a)?.pos, s.hex(2, 1)?);
    assert_eq!(s.legal(0), vec![Action::TargetUnit(UnitId(1))]);
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    // sk.deck.dual-cards: the row used the unit's Move allowance.
    assert!(s.unit(a)?.card_moved);
    assert!(!can_play(&s, 0, "maneuver", a)?);
    assert!(s.cited("sk.move.card-distance"));
    Ok(())
}

// sk.effect.sequence, sk.effect.heal, sk.table.drone (row 2, Quick Repair, Mv 2 then heal an
// adjacent unit), sk.special.flyers.
#[test]
fn sk_effect_sequence_drone_quick_repair_moves_then_heals() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(1, "drone", 0, 1)
        .unit(1, "cyberdisc", 3, 1)
        .hits(2)
        .unit(0, "squaddie", 7, 0)
        .hand(1, &["spec-2"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 2, UnitId(0), "drone", 0)?)?;
    s.act(1, Action::MoveTo(s.hex(2, 1)?))?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([UnitId(1)]));
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 3);
    Ok(())
}

// sk.effect.combined, sk.effect.gain-st, sk.gap.45, sk.table.spec-support (row 6, Covering
// Fire, Atk 4 and gain 1 ST): the suppression roll stops the attack, yet the player part
// (gain 1 ST) still happens.
#[test]
fn sk_effect_combined_covering_fire_gains_st_even_when_suppressed() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-support", 0, 1)
        .unit(1, "muton", 4, 1)
        .hand(0, &["spec-6"])
        .tokens(1, 1)
        .dice(&[4])
        .build()?;
    s.act(0, spec(&s, 6, UnitId(0), "spec-support", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.rolls("sk.suppression.roll"), vec![4]);
    assert_eq!(hits(&s, UnitId(1))?, 3);
    assert_eq!(s.state().tokens(0), 1);
    assert_eq!(s.state().tokens(1), 0);
    Ok(())
}

// sk.effect.combined, sk.table.adv-assault (row 5, Tactical Sense, Mv 2 and draw 2).
#[test]
fn sk_effect_combined_tactical_sense_moves_and_draws_two() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-assault", 0, 1)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-5"])
        .deck_top(&["tough", "evasion", "sprint"])
        .build()?;
    s.act(0, spec(&s, 5, UnitId(0), "adv-assault", 0)?)?;
    s.act(0, Action::MoveTo(s.hex(2, 1)?))?;
    assert_eq!(s.unit(UnitId(0))?.pos, s.hex(2, 1)?);
    assert_eq!(
        sorted(hand(&s, 0)),
        sorted(names(&s, &["tough", "evasion"])?)
    );
    Ok(())
}

// sk.effect.combined, sk.table.sectoid (row 2, Creep, Mv 2 and gain 1 ST).
#[test]
fn sk_effect_combined_sectoid_creep_moves_and_gains_st() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(1, "sectoid", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .hand(1, &["spec-2"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 2, UnitId(0), "sectoid", 0)?)?;
    s.act(1, Action::MoveTo(s.hex(2, 1)?))?;
    assert_eq!(s.unit(UnitId(0))?.pos, s.hex(2, 1)?);
    assert_eq!(s.state().tokens(1), 1);
    Ok(())
}

// sk.effect.either, sk.table.spec-heavy (row 5, Skeleton Suit, Def or Mv 3): on its own turn
// only the Move option is offered; the player picks it and moves up to 3.
#[test]
fn sk_effect_either_skeleton_suit_move_option() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-heavy", 0, 1)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-5"])
        .build()?;
    let h = UnitId(0);
    assert!(s.legal(0).contains(&spec(&s, 5, h, "spec-heavy", 1)?));
    assert!(!s.legal(0).contains(&spec(&s, 5, h, "spec-heavy", 0)?));
    s.act(0, spec(&s, 5, h, "spec-heavy", 1)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 3, .. })
    ));
    s.act(0, Action::MoveTo(s.hex(3, 1)?))?;
    assert_eq!(s.unit(h)?.pos, s.hex(3, 1)?);
    Ok(())
}

// sk.effect.either, sk.gap.46, sk.table.adv-heavy (row 6, Rapid Reaction): the Move 1 option
// draws 1 card.
#[test]
fn sk_effect_either_rapid_reaction_move_and_draw() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-heavy", 0, 1)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-6"])
        .deck_top(&["tough"])
        .build()?;
    s.act(0, spec(&s, 6, UnitId(0), "adv-heavy", 1)?)?;
    s.act(0, Action::MoveTo(s.hex(1, 1)?))?;
    assert_eq!(s.unit(UnitId(0))?.pos, s.hex(1, 1)?);
    assert_eq!(hand(&s, 0), names(&s, &["tough"])?);
    Ok(())
}

// sk.effect.either, sk.effect.defense-multi, sk.gap.46, sk.table.adv-heavy (row 6 Defense
// option): under `draw-always` the Defense option negates 1 Hit and also draws 1.
#[test]
fn sk_effect_either_rapid_reaction_defense_and_draw() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-heavy", 0, 1)
        .unit(1, "muton", 1, 1)
        .hand(0, &["spec-6"])
        .hand(1, &["point-blank"])
        .deck_top(&["tough"])
        .active(1)
        .build()?;
    let h = UnitId(0);
    s.act(1, card(&s, "point-blank", UnitId(1))?)?;
    s.act(1, Action::TargetUnit(h))?;
    assert!(s.legal(0).contains(&spec(&s, 6, h, "adv-heavy", 0)?));
    assert!(!s.legal(0).contains(&spec(&s, 6, h, "adv-heavy", 1)?));
    s.act(0, spec(&s, 6, h, "adv-heavy", 0)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, h)?, 3);
    assert_eq!(hand(&s, 0), names(&s, &["tough"])?);
    Ok(())
}

// sk.effect.defense-multi, sk.gap.37, sk.table.shiv (row 2, Heavy Armor, Def x2),
// sk.table.ethereal (row 3, Psi Lance, Atk 5 +3): 4 Hits less 2.
#[test]
fn sk_effect_defense_multi_shiv_heavy_armor_negates_two() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "shiv", 0, 1)
        .unit(1, "ethereal", 5, 1)
        .hand(0, &["spec-2"])
        .hand(1, &["spec-3"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 3, UnitId(1), "ethereal", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    s.act(0, spec(&s, 2, UnitId(0), "shiv", 0)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, UnitId(0))?, 2);
    Ok(())
}

// sk.effect.defense-multi, sk.table.adv-heavy (row 2, Titan Armor, Def x3): 4 Hits less 3.
#[test]
fn sk_effect_defense_multi_titan_armor_negates_three() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-heavy", 0, 1)
        .unit(1, "ethereal", 5, 1)
        .hand(0, &["spec-2"])
        .hand(1, &["spec-3"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 3, UnitId(1), "ethereal", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    s.act(0, spec(&s, 2, UnitId(0), "adv-heavy", 0)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, UnitId(0))?, 2, "3 Hits less (4 - 3)");
    Ok(())
}

// sk.effect.gain-st, sk.table.adv-support (row 6, Smoke Screen, 3 ST), sk.table.heavy-floater
// (row 4, Suppression, 2 ST), sk.table.spec-support (row 1, Smoke Grenade, 2 ST), and
// deck:Diversion (2 ST); the pool adds up.
#[test]
fn sk_effect_gain_st_rows_and_diversion_add_up() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-support", 0, 1)
        .unit(1, "heavy-floater", 7, 1)
        .hand(0, &["spec-6", "spec-1", "diversion"])
        .build()?;
    s.act(0, spec(&s, 6, UnitId(0), "adv-support", 0)?)?;
    assert_eq!(s.state().tokens(0), 3);
    s.act(0, spec(&s, 1, UnitId(0), "spec-support", 0)?)?;
    assert_eq!(s.state().tokens(0), 5);
    s.act(
        0,
        Action::Card {
            card: s.card("diversion")?,
            unit: None,
        },
    )?;
    assert_eq!(s.state().tokens(0), 7);
    let mut t = Fixture::flat(8, 3)
        .unit(1, "heavy-floater", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    t.act(1, spec(&t, 4, UnitId(0), "heavy-floater", 0)?)?;
    assert_eq!(t.state().tokens(1), 2);
    Ok(())
}

// sk.effect.opp-discard, sk.table.spec-heavy (row 6, Mayhem, Atk 3 and the opponent discards
// 1 random card): the attack lands and the opponent's only card goes to the discard pile.
#[test]
fn sk_effect_opp_discard_mayhem_random() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-heavy", 0, 1)
        .unit(1, "muton", 3, 1)
        .hand(0, &["spec-6"])
        .hand(1, &["maneuver"])
        .build()?;
    s.act(0, spec(&s, 6, UnitId(0), "spec-heavy", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert!(s.hand(1).is_empty());
    assert!(s.state().deck().discards().contains(&s.card("maneuver")?));
    Ok(())
}

// sk.effect.opp-discard, sk.gap.47, sk.table.psi (row 1, Mindfray, Atk 5 and the opponent
// discards 1 card): the opponent chooses which card.
#[test]
fn sk_effect_opp_discard_mindfray_opponent_chooses() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-sniper", 0, 1)
        .psi()
        .unit(1, "muton", 5, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["maneuver", "sprint"])
        .build()?;
    s.act(0, spec(&s, 1, UnitId(0), "psi", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert_eq!(s.to_act(), Some(1));
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 1,
            why: DiscardWhy::Opponent,
            ..
        })
    ));
    s.act(1, Action::Discard(s.card("sprint")?))?;
    assert_eq!(hand(&s, 1), names(&s, &["maneuver"])?);
    assert_eq!(s.to_act(), Some(0));
    Ok(())
}

// sk.effect.opp-discard, sk.gap.47, sk.table.outsider (row 6, Look Tough): one random card of
// two goes; with an empty hand nothing happens.
#[test]
fn sk_effect_opp_discard_look_tough_random_and_empty_hand() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(1, "outsider", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .hand(1, &["spec-6", "spec-6", "spec-6"])
        .hand(0, &["tough", "sprint"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 6, UnitId(0), "outsider", 0)?)?;
    assert_eq!(s.hand(0).len(), 1);
    let left = hand(&s, 0)[0];
    let gone = if left == s.card("tough")? {
        "sprint"
    } else {
        "tough"
    };
    let discards = s.state().deck().discards();
    assert!(discards.contains(&s.card(gone)?) && !discards.contains(&left));
    s.act(1, spec(&s, 6, UnitId(0), "outsider", 0)?)?;
    assert!(s.hand(0).is_empty());
    assert!(!s.cited("sk.gap.47"));
    s.act(1, spec(&s, 6, UnitId(0), "outsider", 0)?)?;
    assert!(s.cited("sk.gap.47"), "an empty hand discards nothing");
    assert_eq!(s.state().deck().discards().len(), 5);
    Ok(())
}

// sk.effect.look-hand, sk.deck.hidden-hands, sk.table.sectoid (row 5, Alert): the whole
// opposing hand is journaled privately to the acting player; the other seat sees only a
// redacted line.
#[test]
fn sk_effect_look_hand_sectoid_alert_private_to_actor() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(1, "sectoid", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .hand(1, &["spec-5"])
        .hand(0, &["tough", "sprint"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 5, UnitId(0), "sectoid", 0)?)?;
    let looks: Vec<_> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.effect.look-hand")
        .collect();
    assert_eq!(looks.len(), 1);
    let e = looks[0];
    assert_eq!(e.visibility, Visibility::Seats(SeatSet::only(Seat(1))));
    assert!(
        e.text.contains("Tough") && e.text.contains("Sprint"),
        "{}",
        e.text
    );
    let other = e.view(Some(Seat(0))).ok_or("redacted line missing")?;
    assert!(!other.text.contains("Tough") && !other.text.contains("Sprint"));
    assert_eq!(s.hand(0).len(), 2, "looking takes nothing");
    // The aliens' observation now holds those two cards; X-Com's knows nothing of theirs.
    let seen = s.ruleset().observe(s.state(), Seat(1));
    assert_eq!(seen.known_other().cards().count(), 2);
    assert!(seen.known_other().has(s.card("tough")?) && seen.known_other().has(s.card("sprint")?));
    assert!(
        s.ruleset()
            .observe(s.state(), Seat(0))
            .known_other()
            .is_empty()
    );
    Ok(())
}

// sk.effect.look-hand, sk.gap.48, sk.table.sectoid-commander (row 5, Alert) and deck:Strategy:
// Strategy also shows the next 7 cards, to the actor only, without reordering them.
#[test]
fn sk_effect_look_hand_strategy_shows_next_seven() -> R {
    let top = [
        "tough",
        "evasion",
        "sprint",
        "run",
        "tactics",
        "friction",
        "full-cover",
        "partial-cover",
    ];
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "sectoid-commander", 7, 1)
        .hand(0, &["strategy"])
        .hand(1, &["spec-5"])
        .deck_top(&top)
        .build()?;
    let before: Vec<_> = s.state().deck().draw_pile().to_vec();
    s.act(
        0,
        Action::Card {
            card: s.card("strategy")?,
            unit: None,
        },
    )?;
    let looks: Vec<_> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.effect.look-hand")
        .collect();
    assert_eq!(looks.len(), 2, "hand and deck");
    for e in &looks {
        assert_eq!(e.visibility, Visibility::Seats(SeatSet::only(Seat(0))));
    }
    let deck_text = &looks[1].text;
    for name in [
        "Tough",
        "Evasion",
        "Sprint",
        "Run",
        "Tactics",
        "Friction",
        "Full Cover",
    ] {
        assert!(deck_text.contains(name), "{deck_text}");
    }
    assert!(
        !deck_text.contains("Partial Cover"),
        "only 7 cards: {deck_text}"
    );
    assert_eq!(s.state().deck().draw_pile(), &before[..], "not reordered");
    // The Sectoid Commander's Alert, played on the aliens' turn, looks at the X-Com hand.
    let mut t = Fixture::flat(8, 3)
        .unit(1, "sectoid-commander", 0, 1)
        .unit(0, "squaddie", 7, 1)
        .hand(1, &["spec-5"])
        .hand(0, &["evasion"])
        .active(1)
        .build()?;
    t.act(1, spec(&t, 5, UnitId(0), "sectoid-commander", 0)?)?;
    let e = t
        .events()
        .iter()
        .find(|e| e.rule == "sk.effect.look-hand")
        .ok_or("no look")?;
    assert_eq!(e.visibility, Visibility::Seats(SeatSet::only(Seat(1))));
    assert!(e.text.contains("Evasion"));
    Ok(())
}

// sk.effect.draw-discard, sk.gap.47, sk.table.adv-support (row 2, Combat Drugs, draw 4 then
// discard 2): the acting player chooses the 2 from the whole hand.
#[test]
fn sk_effect_draw_discard_combat_drugs() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-support", 0, 1)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-2", "partial-cover"])
        .deck_top(&["maneuver", "run", "sprint", "point-blank"])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "adv-support", 0)?)?;
    assert_eq!(s.hand(0).len(), 5);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 0,
            left: 2,
            why: DiscardWhy::Own
        })
    ));
    s.act(0, Action::Discard(s.card("maneuver")?))?;
    s.act(0, Action::Discard(s.card("partial-cover")?))?;
    assert!(s.state().stack().is_empty());
    assert_eq!(
        sorted(hand(&s, 0)),
        sorted(names(&s, &["run", "sprint", "point-blank"])?)
    );
    Ok(())
}

// sk.effect.draw-discard, sk.table.psi (row 4, Inspiration, draw 3 then discard 1).
#[test]
fn sk_effect_draw_discard_inspiration() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-heavy", 0, 1)
        .psi()
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-4"])
        .deck_top(&["maneuver", "run", "sprint"])
        .build()?;
    s.act(0, spec(&s, 4, UnitId(0), "psi", 0)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 0,
            left: 1,
            ..
        })
    ));
    s.act(0, Action::Discard(s.card("run")?))?;
    assert_eq!(
        sorted(hand(&s, 0)),
        sorted(names(&s, &["maneuver", "sprint"])?)
    );
    Ok(())
}

// sk.effect.heal, sk.gap.50, sk.table.spec-support (row 4, Medkit): 1 Hit to an adjacent
// friend, never an enemy; a friend at full Hits is no target, so the row cannot be played.
#[test]
fn sk_effect_heal_medkit_adjacent_friend_only() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-support", 0, 1)
        .unit(0, "specialist-heavy", 1, 1)
        .hits(1)
        .unit(1, "muton", 0, 0)
        .hits(2)
        .hand(0, &["spec-4"])
        .build()?;
    s.act(0, spec(&s, 4, UnitId(0), "spec-support", 0)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([UnitId(1)]));
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert_eq!(hits(&s, UnitId(2))?, 2);
    assert!(s.cited("sk.effect.heal"));
    let t = Fixture::flat(8, 3)
        .unit(0, "specialist-support", 0, 1)
        .unit(0, "specialist-heavy", 1, 1)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-4"])
        .build()?;
    assert!(!spec_tables(&t, 0, 4, UnitId(0))?.contains("spec-support"));
    Ok(())
}

// sk.effect.heal, sk.gap.50, sk.table.hero (row 3, Rapid Recovery): the Hero heals itself,
// never above its roster Hits.
#[test]
fn sk_effect_heal_rapid_recovery_self_up_to_roster() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "hero-support", 0, 1)
        .hits(3)
        .unit(1, "muton", 7, 1)
        .hand(0, &["spec-3", "spec-3"])
        .build()?;
    s.act(0, spec(&s, 3, UnitId(0), "hero", 0)?)?;
    assert_eq!(hits(&s, UnitId(0))?, 4);
    assert!(
        !spec_tables(&s, 0, 3, UnitId(0))?.contains("hero"),
        "already at 4"
    );
    Ok(())
}

// sk.effect.heal, sk.table.drone (row 1, Repair).
#[test]
fn sk_effect_heal_drone_repair() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(1, "drone", 0, 1)
        .unit(1, "cyberdisc", 1, 1)
        .hits(1)
        .unit(0, "squaddie", 7, 0)
        .hand(1, &["spec-1"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 1, UnitId(0), "drone", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    Ok(())
}

// sk.effect.ranged, sk.special.immobilize-sources, sk.special.immobilized, sk.gap.52,
// sk.gap.53, sk.table.adv-support (row 4, Arc Thrower, range 2): the foe at range 2 is the
// only target; it may not defend this turn, has no action on its next turn, and is free again
// on the one after.
#[test]
fn sk_effect_ranged_arc_thrower_immobilizes_this_and_next_turn() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "officer-support", 0, 1)
        .unit(1, "muton", 2, 1)
        .unit(1, "sectoid", 8, 3)
        .hand(0, &["spec-4", "point-blank"])
        .hand(1, &["tough"])
        .build()?;
    let (sup, muton) = (UnitId(0), UnitId(1));
    s.act(0, spec(&s, 4, sup, "adv-support", 0)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([muton]));
    s.act(0, Action::TargetUnit(muton))?;
    let m = s.unit(muton)?;
    assert!(m.immobile(1) && m.immobile(2) && !m.immobile(3));
    assert_eq!(hits(&s, muton)?, 3, "a ranged effect deals no damage");
    // No defending while immobilised: the Tough card stays in hand.
    s.free_move(0, sup, 1, 1)?;
    s.pass_all()?;
    s.act(0, card(&s, "point-blank", sup)?)?;
    s.act(0, Action::TargetUnit(muton))?;
    s.pass_all()?;
    assert_eq!(hits(&s, muton)?, 2);
    assert!(s.hand(1).has(s.card("tough")?));
    end_turn(&mut s)?;
    assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    assert!(!acts_for(&s, 1, muton), "no action on its next turn");
    assert!(acts_for(&s, 1, UnitId(2)));
    end_turn(&mut s)?;
    end_turn(&mut s)?;
    assert_eq!((s.state().turn(), s.state().active()), (4, 1));
    assert!(acts_for(&s, 1, muton), "free again");
    Ok(())
}

// sk.effect.ranged, sk.special.immobilize-sources, sk.gap.52, sk.table.muton (row 5,
// Intimidate, range 2 or 3, next turn only).
#[test]
fn sk_effect_ranged_intimidate_next_turn_only() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "muton", 0, 1)
        .unit(0, "specialist-heavy", 3, 1)
        .unit(0, "specialist-heavy", 1, 3)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 5, UnitId(0), "muton", 0)?)?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([UnitId(1), UnitId(2)]));
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    let u = s.unit(UnitId(1))?;
    assert!(!u.immobile(1) && u.immobile(2) && !u.immobile(3));
    end_turn(&mut s)?;
    assert!(!acts_for(&s, 0, UnitId(1)));
    assert!(acts_for(&s, 0, UnitId(2)));
    Ok(())
}

// sk.effect.ranged, sk.special.immobilize-sources, sk.gap.58, sk.table.sectoid-commander (row
// 3, Panic, range 3, this and next turn): no Panic Table roll even with the Panic rule on.
#[test]
fn sk_effect_ranged_psi_panic_row_immobilizes_without_panic_roll() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "sectoid-commander", 0, 1)
        .unit(0, "squaddie", 3, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-3"])
        .active(1)
        .option("panic", "on")?
        .build()?;
    s.act(1, spec(&s, 3, UnitId(0), "sectoid-commander", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    let u = s.unit(UnitId(1))?;
    assert!(u.immobile(1) && u.immobile(2) && !u.immobile(3));
    assert!(!s.cited("sk.panic.table"));
    Ok(())
}

// sk.special.immobilize-sources, sk.gap.45, sk.table.ethereal (row 5, Psi Drain, Atk 3 and the
// foe is immobilized this and next turn): the rider applies even when Defense negates all the
// damage.
#[test]
fn sk_special_immobilize_psi_drain_rider_despite_defense() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "ethereal", 0, 1)
        .unit(0, "specialist-heavy", 3, 1)
        .unit(0, "specialist-heavy", 8, 3)
        .hand(1, &["spec-5"])
        .hand(0, &["tough"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 5, UnitId(0), "ethereal", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    s.act(0, card(&s, "tough", UnitId(1))?)?;
    s.pass_all()?;
    let u = s.unit(UnitId(1))?;
    assert_eq!(u.hits, 2);
    assert!(u.immobile(1) && u.immobile(2) && !u.immobile(3));
    Ok(())
}

// sk.effect.destroy-armor, sk.gap.54, sk.table.thin-man (row 3, Destroy Armor, range 2): the
// foe may not use Armor Defense rows until the Thin Man's side starts its next turn; deck
// Defense cards and non-Armor rows stay usable.
#[test]
fn sk_effect_destroy_armor_bars_armor_rows_only() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "thin-man", 0, 1)
        .unit(1, "thin-man", 2, 2)
        .unit(0, "specialist-assault", 2, 1)
        .hand(1, &["spec-3", "point-blank"])
        .hand(0, &["spec-1", "spec-2", "spec-6", "tough"])
        .active(1)
        .build()?;
    let (tm, tm2, x) = (UnitId(0), UnitId(1), UnitId(2));
    s.act(1, spec(&s, 3, tm, "thin-man", 0)?)?;
    s.act(1, Action::TargetUnit(x))?;
    assert_eq!(s.unit(x)?.armor_off_until, 3);
    s.act(1, card(&s, "point-blank", tm2)?)?;
    s.act(1, Action::TargetUnit(x))?;
    let legal = s.legal(0);
    assert!(
        !legal.contains(&spec(&s, 1, x, "squaddie", 0)?),
        "Body Armor barred"
    );
    assert!(
        !legal.contains(&spec(&s, 2, x, "spec-assault", 0)?),
        "Body Armor barred"
    );
    assert!(
        legal.contains(&spec(&s, 6, x, "squaddie", 0)?),
        "Take Cover is not Armor"
    );
    assert!(
        legal.contains(&card(&s, "tough", x)?),
        "deck Defense unaffected"
    );
    Ok(())
}

// sk.effect.negate-defense, sk.gap.55, sk.gap.37, sk.table.adv-assault (row 4, Flush): played
// only right after the opponent's Defense; one Flush cancels all of a Defense x2.
#[test]
fn sk_effect_negate_defense_flush_cancels_full_cover() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-assault", 0, 1)
        .unit(1, "muton", 1, 1)
        .hand(0, &["point-blank", "spec-4"])
        .hand(1, &["full-cover"])
        .build()?;
    let (o, m) = (UnitId(0), UnitId(1));
    assert!(
        !spec_tables(&s, 0, 4, o)?.contains("adv-assault"),
        "not on its own"
    );
    s.act(0, card(&s, "point-blank", o)?)?;
    s.act(0, Action::TargetUnit(m))?;
    s.act(1, card(&s, "full-cover", m)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Flush { seat: 0 })
    ));
    s.act(0, spec(&s, 4, o, "adv-assault", 0)?)?;
    assert!(s.cited("sk.effect.negate-defense"));
    s.pass_all()?;
    assert_eq!(hits(&s, m)?, 2);
    assert!(s.state().deck().discards().contains(&s.card("full-cover")?));
    Ok(())
}

// sk.effect.negate-attack, sk.gap.56, sk.table.psi (row 5, Telekinetic Field): on the
// opponent's turn the PSI unit cancels an attack on another friendly unit.
#[test]
fn sk_effect_negate_attack_telekinetic_field() -> R {
    let mut s = Fixture::flat(8, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "specialist-support", 5, 3)
        .psi()
        .unit(1, "sectoid", 1, 1)
        .hand(0, &["spec-5"])
        .hand(1, &["point-blank"])
        .active(1)
        .build()?;
    s.act(1, card(&s, "point-blank", UnitId(2))?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    let tk = spec(&s, 5, UnitId(1), "psi", 0)?;
    assert!(s.legal(0).contains(&tk));
    s.act(0, tk)?;
    s.pass_all()?;
    assert!(on_map(&s, UnitId(0))?);
    assert_eq!(hits(&s, UnitId(0))?, 1);
    assert!(s.cited("sk.effect.negate-attack"));
    let d = s.state().deck().discards();
    assert!(d.contains(&s.card("point-blank")?) && d.contains(&s.card("spec-5")?));
    Ok(())
}

// sk.effect.negate-psi, sk.gap.57, sk.table.hero (row 5, Iron Will): the Hero cancels a Psi
// ranged effect (Mind Control) on itself.
#[test]
fn sk_effect_negate_psi_iron_will_stops_mind_control() -> R {
    let build = || {
        Fixture::flat(8, 3)
            .unit(0, "hero-assault", 0, 1)
            .unit(1, "sectoid-commander", 4, 1)
            .hand(0, &["spec-5"])
            .hand(1, &["spec-2"])
            .active(1)
            .build()
    };
    let mut s = build()?;
    s.act(1, spec(&s, 2, UnitId(1), "sectoid-commander", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    assert_eq!(s.to_act(), Some(0));
    let iron = spec(&s, 5, UnitId(0), "hero", 1)?;
    assert_eq!(s.legal(0), vec![Action::Pass, iron]);
    s.act(0, iron)?;
    assert_eq!(s.unit(UnitId(0))?.controller, 0);
    // Without Iron Will the control takes hold.
    let mut t = build()?;
    t.act(1, spec(&t, 2, UnitId(1), "sectoid-commander", 0)?)?;
    t.act(1, Action::TargetUnit(UnitId(0)))?;
    t.act(0, Action::Pass)?;
    assert_eq!(t.unit(UnitId(0))?.controller, 1);
    Ok(())
}

// sk.effect.negate-psi, sk.gap.57: Iron Will cancels a Psi attack (Psi Lance) on the Hero,
// and is not offered against an ordinary attack.
#[test]
fn sk_effect_negate_psi_iron_will_stops_psi_attack_only() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "hero-assault", 0, 1)
        .unit(1, "ethereal", 5, 1)
        .unit(1, "muton", 4, 0)
        .hand(0, &["spec-5"])
        .hand(1, &["spec-3", "long-range"])
        .active(1)
        .build()?;
    let hero = UnitId(0);
    s.act(1, card(&s, "long-range", UnitId(2))?)?;
    s.act(1, Action::TargetUnit(hero))?;
    assert!(!s.legal(0).contains(&spec(&s, 5, hero, "hero", 1)?));
    s.pass_all()?;
    assert_eq!(hits(&s, hero)?, 3);
    s.act(1, spec(&s, 3, UnitId(1), "ethereal", 0)?)?;
    s.act(1, Action::TargetUnit(hero))?;
    s.act(0, spec(&s, 5, hero, "hero", 1)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, hero)?, 3, "Psi Lance cancelled");
    assert!(s.cited("sk.effect.negate-psi"));
    Ok(())
}

// sk.effect.reaction, sk.effect.attack-choice, sk.gap.22: deck:Overwatch (Atk 3 or 4) is
// played on the opponent's turn right after an enemy move, never on your own turn.
#[test]
fn sk_effect_reaction_overwatch_after_enemy_move() -> R {
    let mut s = Fixture::flat(8, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 0, 3)
        .unit(1, "sectoid", 4, 1)
        .hand(1, &["overwatch"])
        .build()?;
    s.free_move(0, UnitId(0), 1, 1)?;
    assert_eq!(s.to_act(), Some(1));
    let ow = card(&s, "overwatch", UnitId(2))?;
    assert!(s.legal(1).contains(&ow));
    s.act(1, ow)?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([UnitId(0)]));
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    assert!(!on_map(&s, UnitId(0))?);
    assert_eq!(s.to_act(), Some(0));
    assert!(s.cited("sk.effect.reaction"));
    // On its own turn the same card is not playable.
    let t = Fixture::flat(8, 4)
        .unit(1, "sectoid", 4, 1)
        .unit(0, "squaddie", 1, 1)
        .hand(1, &["overwatch"])
        .active(1)
        .build()?;
    assert!(!t.legal(1).contains(&card(&t, "overwatch", UnitId(0))?));
    Ok(())
}

// sk.effect.reaction, sk.gap.22, sk.table.sectopod (row 4, Overwatch, Atk 6 on the opponent's
// move): offered after an enemy move, not after an enemy attack.
#[test]
fn sk_effect_reaction_sectopod_overwatch_answers_moves_only() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 0, 3)
        .unit(1, "sectoid", 0, 0)
        .unit(1, "sectopod", 7, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-4"])
        .build()?;
    s.act(0, card(&s, "point-blank", UnitId(0))?)?;
    s.act(0, Action::TargetUnit(UnitId(2)))?;
    s.pass_all()?;
    assert!(!on_map(&s, UnitId(2))?);
    assert!(s.state().stack().is_empty(), "no window after an attack");
    s.free_move(0, UnitId(0), 1, 1)?;
    let ow = spec(&s, 4, UnitId(3), "sectopod", 0)?;
    assert!(s.legal(1).contains(&ow));
    s.act(1, ow)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    assert!(!on_map(&s, UnitId(0))?);
    Ok(())
}

// sk.effect.reaction, sk.gap.68, sk.table.muton-berserker (row 6, Rush, Mv 2 after the
// Berserker is hit on the opponent's turn).
#[test]
fn sk_effect_reaction_berserker_rush_after_hit() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "muton-berserker", 1, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-6"])
        .build()?;
    let b = UnitId(1);
    s.act(0, card(&s, "point-blank", UnitId(0))?)?;
    s.act(0, Action::TargetUnit(b))?;
    assert_eq!(s.to_act(), Some(1), "Defense window");
    s.act(1, Action::Pass)?;
    assert_eq!(hits(&s, b)?, 4);
    // Option 1 of the row is the after-hit Rush (option 0 is the own-turn move).
    let rush = spec(&s, 6, b, "muton-berserker", 1)?;
    assert!(s.legal(1).contains(&rush));
    s.act(1, rush)?;
    s.act(1, Action::MoveTo(s.hex(3, 1)?))?;
    assert_eq!(s.unit(b)?.pos, s.hex(3, 1)?);
    assert_eq!(s.to_act(), Some(0));
    Ok(())
}

// sk.effect.reaction, sk.table.spec-sniper (row 5, Snap Shot, Atk 3 or 4 on the opponent's
// turn).
#[test]
fn sk_effect_reaction_snap_shot() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "sectoid", 0, 1)
        .unit(1, "sectoid", 0, 3)
        .unit(0, "specialist-sniper", 5, 1)
        .hand(0, &["spec-5"])
        .active(1)
        .build()?;
    s.free_move(1, UnitId(0), 1, 1)?;
    let snap = spec(&s, 5, UnitId(2), "spec-sniper", 0)?;
    assert!(s.legal(0).contains(&snap));
    s.act(0, snap)?;
    s.act(0, Action::TargetUnit(UnitId(0)))?;
    assert!(!on_map(&s, UnitId(0))?);
    Ok(())
}

// sk.effect.boost, sk.gap.59, sk.table.sectoid-commander (row 6, Boost: a Sectoid within 3
// gets Mv 3 and Atk 2): the Sectoid moves and attacks at once, and the move does not use its
// Move-card allowance; the Commander cannot boost itself.
#[test]
fn sk_effect_boost_commander_grants_move_3_and_attack_2() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "sectoid-commander", 0, 1)
        .unit(1, "sectoid", 2, 1)
        .unit(0, "squaddie", 7, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-6", "run"])
        .active(1)
        .build()?;
    let (sec, sq) = (UnitId(1), UnitId(2));
    s.act(1, spec(&s, 6, UnitId(0), "sectoid-commander", 0)?)?;
    assert_eq!(s.legal(1), vec![Action::TargetUnit(sec)]);
    s.act(1, Action::TargetUnit(sec))?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 3, unit, .. }) if *unit == sec
    ));
    s.act(1, Action::MoveTo(s.hex(5, 1)?))?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([sq]));
    s.act(1, Action::TargetUnit(sq))?;
    assert!(!on_map(&s, sq)?);
    assert!(
        !s.unit(sec)?.card_moved,
        "the boost move is not its Move card"
    );
    assert!(
        can_play(&s, 1, "run", sec)?,
        "its Move card is still to play"
    );
    Ok(())
}

// sk.effect.boost, sk.table.sectoid (row 6, Boost: Mv 1 and Atk 2).
#[test]
fn sk_effect_boost_sectoid_grants_move_1() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "sectoid", 0, 1)
        .unit(1, "sectoid", 2, 1)
        .unit(0, "squaddie", 5, 1)
        .hand(1, &["spec-6"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 6, UnitId(0), "sectoid", 0)?)?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([UnitId(1)]));
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 1, .. })
    ));
    s.act(1, Action::MoveTo(s.hex(3, 1)?))?;
    s.act(1, Action::TargetUnit(UnitId(2)))?;
    assert!(!on_map(&s, UnitId(2))?);
    Ok(())
}

// sk.effect.draw-penalty, sk.gap.49: Friction makes the opponent draw 2 fewer in their next
// Tactical phase, and the penalty is then used up.
#[test]
fn sk_effect_draw_penalty_friction() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "sectoid", 8, 0)
        .unit(1, "sectoid", 8, 2)
        .unit(1, "sectoid", 8, 3)
        .hand(0, &["friction"])
        .build()?;
    s.act(
        0,
        Action::Card {
            card: s.card("friction")?,
            unit: None,
        },
    )?;
    assert_eq!(s.state().friction(1), 2);
    end_turn(&mut s)?;
    assert_eq!(s.state().active(), 1);
    assert_eq!(s.hand(1).len(), 3, "5 less 2");
    assert_eq!(s.state().friction(1), 0);
    Ok(())
}

// sk.effect.negate-psi, sk.gap.57, sk.table.sectoid-commander (row 4, Mindfray): Iron Will
// cancels the whole Psi effect, its opponent-discards rider included.
#[test]
fn sk_effect_negate_psi_iron_will_cancels_mindfray_rider() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "hero-assault", 0, 1)
        .unit(1, "sectoid-commander", 5, 1)
        .hand(0, &["spec-5", "sprint"])
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    let hero = UnitId(0);
    s.act(1, spec(&s, 4, UnitId(1), "sectoid-commander", 0)?)?;
    s.act(1, Action::TargetUnit(hero))?;
    s.act(0, spec(&s, 5, hero, "hero", 1)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, hero)?, 4);
    assert_eq!(hand(&s, 0), names(&s, &["sprint"])?, "no discard");
    assert!(s.state().stack().is_empty());
    Ok(())
}

// sk.effect.negate-attack, sk.gap.45, sk.gap.56: Telekinetic Field cancels the Mindfray
// attack, but the part aimed at the player (the discard) still happens.
#[test]
fn sk_effect_negate_attack_keeps_player_rider() -> R {
    let mut s = Fixture::flat(8, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "specialist-support", 0, 3)
        .psi()
        .unit(1, "sectoid-commander", 5, 1)
        .hand(0, &["spec-5", "sprint"])
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 4, UnitId(2), "sectoid-commander", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    s.act(0, spec(&s, 5, UnitId(1), "psi", 0)?)?;
    s.pass_all()?;
    assert!(on_map(&s, UnitId(0))?);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 0,
            left: 1,
            ..
        })
    ));
    s.act(0, Action::Discard(s.card("sprint")?))?;
    assert!(s.hand(0).is_empty());
    Ok(())
}

// sk.effect.either, sk.gap.46, sk.table.adv-heavy (row 6): under `rapid_reaction =
// draw-with-move` the Defense option draws nothing.
#[test]
fn sk_effect_either_rapid_reaction_draw_with_move_option() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "officer-heavy", 0, 1)
        .unit(1, "muton", 1, 1)
        .hand(0, &["spec-6"])
        .hand(1, &["point-blank"])
        .deck_top(&["tough"])
        .active(1)
        .option("rapid_reaction", "draw-with-move")?
        .build()?;
    let h = UnitId(0);
    s.act(1, card(&s, "point-blank", UnitId(1))?)?;
    s.act(1, Action::TargetUnit(h))?;
    s.act(0, spec(&s, 6, h, "adv-heavy", 0)?)?;
    s.pass_all()?;
    assert_eq!(hits(&s, h)?, 3);
    assert!(s.hand(0).is_empty());
    Ok(())
}

// sk.spec.activate, sk.gap.24: a unit with no table (a Civilian) cannot activate a Spec card.
#[test]
fn sk_spec_activate_needs_a_table() -> R {
    let s = Fixture::flat(8, 3)
        .unit(0, "civilian", 0, 1)
        .armed()
        .unit(1, "sectoid", 2, 1)
        .hand(
            0,
            &["spec-1", "spec-2", "spec-3", "spec-4", "spec-5", "spec-6"],
        )
        .build()?;
    let specs = s
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Spec { .. }))
        .count();
    assert_eq!(specs, 0);
    Ok(())
}

// sk.effect.revive, sk.gap.51: only a unit killed in the turn just before can come back; two
// turns later Don't Die on Me! has no target and cannot be played.
#[test]
fn sk_effect_revive_only_for_last_turns_dead() -> R {
    let (mut s, _) = hero_after_losing_a_friend()?;
    let hero = UnitId(0);
    assert!(spec_tables(&s, 0, 1, hero)?.contains("hero"));
    let keep = s.card("spec-1")?;
    for _ in 0..2 {
        let side = s.to_act().ok_or("game over")?;
        s.act(side, Action::EndTurn)?;
        while let Some(Frame::Discard { seat, .. }) = s.state().stack().last().copied() {
            let other = s
                .legal(seat)
                .into_iter()
                .find(|a| *a != Action::Discard(keep))
                .ok_or("nothing else to discard")?;
            s.act(seat, other)?;
        }
    }
    assert_eq!((s.state().turn(), s.state().active()), (4, 0));
    assert!(s.hand(0).has(keep));
    assert!(!spec_tables(&s, 0, 1, hero)?.contains("hero"));
    Ok(())
}

// sk.effect.negate-attack, sk.special.immobilized, sk.gap.56: an immobilised PSI unit cannot
// raise a Telekinetic Field.
#[test]
fn sk_effect_negate_attack_not_by_immobilized_psi() -> R {
    let mut s = Fixture::flat(8, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "specialist-support", 4, 3)
        .psi()
        .unit(1, "sectoid", 1, 1)
        .unit(1, "sectoid-commander", 7, 3)
        .hand(0, &["spec-5"])
        .hand(1, &["point-blank", "spec-3"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 3, UnitId(3), "sectoid-commander", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    assert!(s.unit(UnitId(1))?.immobile(1));
    s.act(1, card(&s, "point-blank", UnitId(2))?)?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    assert!(!s.legal(0).contains(&spec(&s, 5, UnitId(1), "psi", 0)?));
    s.pass_all()?;
    assert!(!on_map(&s, UnitId(0))?);
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
    s.act(
        0,
        Action::Card {
            card: s.card("strategy")?,
            unit: None,
        },
    )?;
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
    s.play_card(0, "long-range", o)?;
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
    d.play_card(1, "short-range", tm)?;
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
        d.play_card(1, "short-range", tm)?;
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
    s.play_card(0, "short-range", sq)?;
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
    assert!(spec_listed(&s, 0, 1, h, "spec-heavy", 0)?, "LMG refused");
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
    assert!(spec_listed(&s, 0, 4, h, "adv-heavy", 0)?);
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
