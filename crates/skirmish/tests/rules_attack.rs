//! Attacks: range, line of sight and elevation, damage, Defense, terrain cover,
//! suppression, area and splash, Auto-Kill, Flush, multi-attacks and reactions.

use crate::support::{R, can_play, play_spec, shoot};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{Frame, UnitId};

fn targets(s: &Session) -> Vec<UnitId> {
    s.legal(s.to_act().unwrap_or(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::TargetUnit(u) => Some(u),
            _ => None,
        })
        .collect()
}

#[test]
fn sk_attack_range_exact_by_default_or_max() -> R {
    // sk.attack.range, sk.gap.25: Attack = 2 reaches exactly 2 hexes, or up to 2 with
    // range_mode=max; sk.gap.28: adjacent is range 1.
    for (mode, want) in [("exact", 1), ("max", 2)] {
        let mut s = Fixture::flat(6, 3)
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 2, 0)
            .unit(1, "thin-man", 0, 1)
            .hand(0, &["short-range"])
            .option("range_mode", mode)?
            .build()?;
        let u = s.unit_at(0, 0)?;
        s.play_card(0, "short-range", u)?;
        let t = targets(&s);
        assert_eq!(t.len(), want, "{mode}");
        assert!(t.contains(&s.unit_at(2, 0)?));
    }
    Ok(())
}

#[test]
fn sk_effect_attack_choice_and_span() -> R {
    // sk.effect.attack-choice: Pistol (spec-sniper#1) reaches 2 or 3; sk.effect.attack-span:
    // Wet Work (hero#6) reaches anything from 1 to 5.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "hero-sniper", 0, 1)
        .unit(1, "thin-man", 1, 1)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 3, 2)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["spec-1", "spec-6"])
        .build()?;
    let h = s.unit_at(0, 1)?;
    play_spec(&mut s, 0, 1, h, "spec-sniper", 0)?;
    let t = targets(&s);
    let b = s.state().board().clone();
    let from = s.unit(h)?.pos;
    assert!(!t.is_empty());
    for id in &t {
        let d = b.distance(from, s.unit(*id)?.pos);
        assert!(d == 2 || d == 3, "distance {d}");
    }
    s.act(0, Action::TargetUnit(t[0]))?;
    s.pass_all()?;
    play_spec(&mut s, 0, 6, h, "hero", 0)?;
    let t = targets(&s);
    assert!(t.iter().all(|id| {
        let d = b.distance(from, s.state().unit(*id).map_or(from, |u| u.pos));
        (1..=5).contains(&d)
    }));
    assert!(!t.contains(&s.unit_at(7, 1)?));
    Ok(())
}

#[test]
fn sk_los_elevation_block_higher_hex_in_between() -> R {
    // sk.los.elevation-block, sk.gap.34: a hex higher than the attacker blocks; one at the
    // attacker's own height does not.
    let low = Fixture::new(&["11 13 11 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(!can_play(&low, 0, "short-range", low.unit_at(0, 0)?)?);
    let high = Fixture::new(&["13 13 11 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(can_play(&high, 0, "short-range", high.unit_at(0, 0)?)?);
    // Range 1 is never blocked.
    let adj = Fixture::new(&["11 15 11 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .hand(0, &["point-blank"])
        .build()?;
    assert!(can_play(&adj, 0, "point-blank", adj.unit_at(0, 0)?)?);
    Ok(())
}

#[test]
fn sk_los_flyer_elevation_six_sees_over_every_hex() -> R {
    // sk.los.flyer-elevation: a Flyer is at elevation 6, above any hex.
    let s = Fixture::new(&["11 15 11 11", "11 11 11 11"])
        .unit(1, "floater", 0, 0)
        .unit(0, "squaddie", 2, 0)
        .active(1)
        .hand(1, &["short-range"])
        .build()?;
    assert!(can_play(&s, 1, "short-range", s.unit_at(0, 0)?)?);
    Ok(())
}

#[test]
fn sk_los_through_units_blocks_unless_lower_or_grenade() -> R {
    // sk.los.through-units, sk.gap.35: a unit in the line blocks at the same height...
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range", "spec-5"])
        .build()?;
    let u = s.unit_at(0, 0)?;
    assert!(!can_play(&s, 0, "short-range", u)?);
    // ...a grenade passes over (sk.gap.36: Frag Grenade, squaddie#5, Attack 3)...
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 3, 0)
        .hand(0, &["spec-5"])
        .build()?;
    let u = s.unit_at(0, 0)?;
    let c = s.card("spec-5")?;
    let t = s.table("squaddie")?;
    assert!(s.legal(0).contains(&Action::Spec {
        card: c,
        unit: u,
        table: t,
        alt: 0
    }));
    // ...and a unit standing lower than the attacker does not block.
    let s = Fixture::new(&["12 11 12 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(can_play(&s, 0, "short-range", s.unit_at(0, 0)?)?);
    // A Flyer in the line blocks ground fire.
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "floater", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    let u = s.unit_at(0, 0)?;
    let c = s.card("short-range")?;
    let mut s2 = s.clone();
    s2.act(
        0,
        Action::Card {
            card: c,
            unit: Some(u),
        },
    )
    .ok();
    assert!(!targets(&s2).contains(&s.unit_at(2, 0)?));
    Ok(())
}

#[test]
fn sk_attack_base_damage_and_damage_bonus() -> R {
    // sk.attack.base-damage: 1 Hit; sk.effect.damage-bonus: Shotgun (spec-assault#1) deals 2.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-assault", 0, 0)
        .unit(1, "muton", 3, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["medium-range", "spec-1"])
        .build()?;
    let (a, m) = (s.unit_at(0, 0)?, s.unit_at(3, 0)?);
    shoot(&mut s, 0, "medium-range", a, m)?;
    s.pass_all()?;
    assert_eq!(s.unit(m)?.hits, 2);
    play_spec(&mut s, 0, 1, a, "spec-assault", 0)?;
    s.act(0, Action::TargetUnit(m))?;
    s.pass_all()?;
    assert!(!s.unit(m)?.on_map(), "2 + 0 left: killed (sk.damage.kill)");
    assert!(s.cited("sk.damage.kill"));
    Ok(())
}

#[test]
fn sk_defense_value_multi_and_stacking() -> R {
    // Alloy Cannon (adv-assault#1): 1 + 3 = 4 Hits. Full Cover negates 2 (sk.effect.defense-multi),
    // Tough 1 more (sk.defense.stacking): 1 Hit gets through (sk.defense.value).
    let mut s = Fixture::flat(6, 2)
        .unit(0, "officer-assault", 0, 0)
        .unit(1, "muton", 3, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["full-cover", "tough"])
        .build()?;
    let (a, m) = (s.unit_at(0, 0)?, s.unit_at(3, 0)?);
    play_spec(&mut s, 0, 1, a, "adv-assault", 0)?;
    s.act(0, Action::TargetUnit(m))?;
    assert_eq!(s.to_act(), Some(1), "the defender's window is open");
    s.play_card(1, "full-cover", m)?;
    s.play_card(1, "tough", m)?;
    // With no card left the window closes by itself.
    s.pass_all()?;
    assert_eq!(s.unit(m)?.hits, 2);
    assert!(s.cited("sk.defense.play"));
    Ok(())
}

#[test]
fn sk_gap_21_defense_window_opens_without_a_usable_card() -> R {
    // A window opens whenever the defender holds any card, so it reveals nothing; it always
    // offers Pass. With an empty hand no window opens.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["short-range", "short-range"])
        .hand(1, &["sprint"])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    shoot(&mut s, 0, "short-range", a, t)?;
    assert_eq!(s.to_act(), Some(1));
    assert_eq!(s.legal(1), vec![Action::Pass]);
    Ok(())
}

#[test]
fn sk_defense_terrain_spec_cover_up_to_the_terrain_rating() -> R {
    // sk.defense.terrain-spec, sk.gap.38: Spec N is cover on terrain N or more; not for Flyers.
    let mut s = Fixture::new(&["11 11 31 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 3, 1)
        .hand(0, &["short-range"])
        .hand(1, &["spec-3", "spec-4"])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    shoot(&mut s, 0, "short-range", a, t)?;
    let (s3, s4) = (s.card("spec-3")?, s.card("spec-4")?);
    let legal = s.legal(1);
    assert!(legal.contains(&Action::Cover { card: s3, unit: t }));
    assert!(!legal.contains(&Action::Cover { card: s4, unit: t }));
    s.act(1, Action::Cover { card: s3, unit: t })?;
    s.act(1, Action::Pass)?;
    assert!(s.unit(t)?.on_map());
    assert!(s.cited("sk.defense.terrain-spec"));
    // A Floater over the same hex gets no cover.
    let mut f = Fixture::new(&["11 11 31 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "floater", 2, 0)
        .hand(0, &["short-range"])
        .hand(1, &["spec-3"])
        .build()?;
    let (a, t) = (f.unit_at(0, 0)?, f.unit_at(2, 0)?);
    shoot(&mut f, 0, "short-range", a, t)?;
    assert!(!f.legal(1).iter().any(|x| matches!(x, Action::Cover { .. })));
    Ok(())
}

#[test]
fn sk_suppression_roll_four_plus_stops_the_attack_and_spends_a_token() -> R {
    // sk.suppression.roll: 1D6, 4+ stops it; sk.suppression.spend: 1 token either way.
    for (face, stopped) in [(4u8, true), (3u8, false)] {
        let mut s = Fixture::flat(6, 2)
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 2, 0)
            .unit(1, "thin-man", 5, 1)
            .hand(0, &["short-range"])
            .tokens(1, 2)
            .dice(&[face])
            .build()?;
        let (a, t) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
        shoot(&mut s, 0, "short-range", a, t)?;
        s.pass_all()?;
        assert_eq!(s.unit(t)?.on_map(), stopped);
        assert_eq!(s.state().tokens(1), 1);
        let roll = s
            .events()
            .iter()
            .find(|e| e.rule == "sk.suppression.roll")
            .and_then(|e| e.roll)
            .ok_or("a suppression roll")?;
        assert_eq!(roll.total, u32::from(face));
        assert_eq!(
            roll.p.map(|p| p.to_string()),
            Some("50.0% (1/2)".to_string())
        );
        assert!(s.cited("sk.suppression.spend"));
    }
    Ok(())
}

#[test]
fn sk_effect_gain_st_adds_to_the_pool() -> R {
    // sk.effect.gain-st, sk.suppression.pool: Diversion gains 2 tokens for the player.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["diversion"])
        .build()?;
    let c = s.card("diversion")?;
    s.act(
        0,
        Action::Card {
            card: c,
            unit: None,
        },
    )?;
    assert_eq!(s.state().tokens(0), 2);
    Ok(())
}

#[test]
fn sk_area_target_and_splash_hit_friend_and_foe() -> R {
    // Frag Grenade (squaddie#5): the target hex takes full damage (sk.area.target); each
    // occupied neighbour rolls 1D6 and takes 1 Hit on 5+ (sk.area.splash, sk.gap.42), friends
    // included. Neighbours roll east first, then west.
    let mut s = Fixture::flat(7, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 2, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 6, 1)
        .hand(0, &["spec-5"])
        .dice(&[5, 6])
        .build()?;
    let a = s.unit_at(0, 0)?;
    let (friend, target, next) = (s.unit_at(2, 0)?, s.unit_at(3, 0)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 0, 5, a, "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(3, 0)?))?;
    s.pass_all()?;
    assert!(!s.unit(target)?.on_map());
    assert!(!s.unit(next)?.on_map());
    assert!(!s.unit(friend)?.on_map());
    assert_eq!(s.rolls("sk.area.splash"), vec![5, 6]);
    Ok(())
}

#[test]
fn sk_area_splash_misses_below_five() -> R {
    let mut s = Fixture::flat(7, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 6, 1)
        .hand(0, &["spec-5"])
        .dice(&[4])
        .build()?;
    let a = s.unit_at(0, 0)?;
    let next = s.unit_at(4, 0)?;
    play_spec(&mut s, 0, 5, a, "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(3, 0)?))?;
    s.pass_all()?;
    assert!(s.unit(next)?.on_map());
    Ok(())
}

#[test]
fn sk_effect_auto_kill_needs_one_hit_through_defense() -> R {
    // sk.effect.auto-kill, sk.gap.43: Head Shot (spec-sniper#3) kills a 3-Hit Muton outright,
    // unless Defense stops all its damage.
    for defend in [false, true] {
        let mut s = Fixture::flat(7, 2)
            .unit(0, "specialist-sniper", 0, 0)
            .unit(1, "muton", 4, 0)
            .unit(1, "thin-man", 6, 1)
            .hand(0, &["spec-3"])
            .hand(1, &["tough"])
            .build()?;
        let (a, m) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
        play_spec(&mut s, 0, 3, a, "spec-sniper", 0)?;
        s.act(0, Action::TargetUnit(m))?;
        if defend {
            s.play_card(1, "tough", m)?;
        }
        s.pass_all()?;
        assert_eq!(s.unit(m)?.on_map(), defend);
        assert_eq!(s.cited("sk.effect.auto-kill"), !defend);
    }
    Ok(())
}

#[test]
fn sk_effect_negate_defense_flush_cancels_the_defense_just_played() -> R {
    // sk.effect.negate-defense, sk.gap.55, sk.gap.37: Flush (adv-assault#4) cancels all of a
    // Full Cover, so the hit lands.
    let mut s = Fixture::flat(7, 2)
        .unit(0, "officer-assault", 0, 0)
        .unit(1, "muton", 3, 0)
        .unit(1, "thin-man", 6, 1)
        .hand(0, &["medium-range", "spec-4"])
        .hand(1, &["full-cover"])
        .build()?;
    let (a, m) = (s.unit_at(0, 0)?, s.unit_at(3, 0)?);
    shoot(&mut s, 0, "medium-range", a, m)?;
    s.play_card(1, "full-cover", m)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Flush { seat: 0 })
    ));
    play_spec(&mut s, 0, 4, a, "adv-assault", 0)?;
    assert!(s.cited("sk.effect.negate-defense"));
    s.pass_all()?;
    assert_eq!(s.unit(m)?.hits, 2);
    Ok(())
}

#[test]
fn sk_effect_multi_attack_one_attack_per_range() -> R {
    // sk.effect.multi-attack, sk.gap.30: the Light Machine Gun (spec-heavy#1) attacks at 3 and
    // then at 4, each with its own target.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "specialist-heavy", 0, 1)
        .unit(1, "thin-man", 3, 1)
        .unit(1, "thin-man", 4, 0)
        .unit(1, "thin-man", 7, 2)
        .hand(0, &["spec-1"])
        .build()?;
    let h = s.unit_at(0, 1)?;
    let (t3, t4) = (s.unit_at(3, 1)?, s.unit_at(4, 0)?);
    play_spec(&mut s, 0, 1, h, "spec-heavy", 0)?;
    assert_eq!(targets(&s), vec![t3]);
    s.act(0, Action::TargetUnit(t3))?;
    s.pass_all()?;
    assert!(targets(&s).contains(&t4));
    s.act(0, Action::TargetUnit(t4))?;
    s.pass_all()?;
    assert!(!s.unit(t3)?.on_map() && !s.unit(t4)?.on_map());
    Ok(())
}

#[test]
fn sk_special_attack_as_one_deck_cards_only() -> R {
    // sk.special.attack-as-one, sk.gap.63: a Chryssalid's Long Range reaches only range 1.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "chryssalid", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(0, "squaddie", 4, 1)
        .active(1)
        .hand(1, &["long-range"])
        .build()?;
    let c = s.unit_at(0, 0)?;
    let near = s.unit_at(1, 0)?;
    s.play_card(1, "long-range", c)?;
    assert_eq!(targets(&s), vec![near]);
    Ok(())
}

#[test]
fn sk_special_zombify_victims_rise_for_the_killer() -> R {
    // sk.special.zombify, sk.gap.62: a Squaddie killed by a Chryssalid becomes a 1-Hit Zombie
    // of the alien side in its hex, unable to act this turn; a SHIV (mechanical) does not.
    let mut s = Fixture::flat(8, 2)
        .unit(1, "chryssalid", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(0, "shiv", 0, 1)
        .hits(1)
        .unit(0, "squaddie", 6, 1)
        .active(1)
        .hand(1, &["spec-1", "spec-3"])
        .build()?;
    let (c, sq, shiv) = (s.unit_at(0, 0)?, s.unit_at(1, 0)?, s.unit_at(0, 1)?);
    play_spec(&mut s, 1, 1, c, "chryssalid", 0)?;
    s.act(1, Action::TargetUnit(sq))?;
    s.pass_all()?;
    let hex = s.hex(1, 0)?;
    let zombie = s.unit_at(1, 0)?;
    assert_ne!(zombie, sq);
    let z = s.unit(zombie)?;
    assert_eq!((z.owner, z.controller, z.hits, z.pos), (1, 1, 1, hex));
    assert!(
        !s.legal(1)
            .iter()
            .any(|a| matches!(a, Action::FreeMove { unit, .. } if *unit == zombie))
    );
    play_spec(&mut s, 1, 3, c, "chryssalid", 0)?;
    s.act(1, Action::TargetUnit(shiv))?;
    s.pass_all()?;
    assert!(!s.unit(shiv)?.on_map());
    assert!(
        s.state()
            .on_map()
            .all(|(_, u)| u.pos != s.unit(shiv).map_or(hex, |x| x.pos))
    );
    Ok(())
}

#[test]
fn sk_effect_reaction_overwatch_after_an_enemy_move() -> R {
    // sk.effect.reaction, sk.gap.22: after the enemy's move the other side may fire
    // Overwatch (Attack 3 or 4) on its turn.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 4, 0)
        .hand(1, &["overwatch"])
        .build()?;
    let (a, tm) = (s.unit_at(0, 0)?, s.unit_at(4, 0)?);
    let to = s.hex(1, 0)?;
    s.act(0, Action::FreeMove { unit: a, to })?;
    assert_eq!(s.to_act(), Some(1));
    let ow = s.card("overwatch")?;
    assert!(s.legal(1).contains(&Action::Card {
        card: ow,
        unit: Some(tm)
    }));
    s.act(
        1,
        Action::Card {
            card: ow,
            unit: Some(tm),
        },
    )?;
    s.act(1, Action::TargetUnit(a))?;
    s.pass_all()?;
    assert!(!s.unit(a)?.on_map());
    assert_eq!(s.to_act(), Some(0));
    assert!(s.cited("sk.effect.reaction"));
    Ok(())
}
