//! Behaviour tests for the Skirmish clauses of sections 6–11 of the clause index: movement,
//! attacks and damage, Defense, suppression tokens, area attacks and line of sight. Each
//! test names the clause it checks; dice are pinned with `Fixture::dice`.

use crate::support::{
    R, at, can_play, card, destinations, free_moves, hits, on_map, play_spec, rejected, shoot, spec,
};
use squadsight_core::Ratio;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{Frame, HexId, Life, UnitId};
use std::collections::BTreeSet;

/// Discards the first card of the hand while a discard is asked for.
fn discard_down(s: &mut Session) -> R {
    while let Some(Frame::Discard { seat, .. }) = s.state().stack().last().copied() {
        let c = s.hand(seat).nth(0).ok_or("empty hand")?;
        s.act(seat, Action::Discard(c))?;
    }
    Ok(())
}

// ---- 6. Movement ----

/// sk.move.free — each unit has one free 1-hex move a turn, apart from its Move card; it comes
/// back next turn.
#[test]
fn sk_move_free_one_step_per_unit_per_turn() -> R {
    // sk.gap.12: in the open a unit may step to any of its six neighbours.
    let open = Fixture::flat(5, 3)
        .unit(0, "squaddie", 2, 1)
        .unit(1, "thin-man", 4, 2)
        .build()?;
    assert_eq!(free_moves(&open, 0, UnitId(0)), 6);
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["maneuver"])
        .build()?;
    let (a, b) = (UnitId(0), UnitId(1));
    s.free_move(0, a, 1, 0)?;
    assert_eq!(at(&s, s.unit(a)?.pos), (1, 0));
    assert_eq!(free_moves(&s, 0, a), 0, "one free move a turn");
    assert!(s.cited("sk.move.free"));
    let two = s.hex(2, 0)?;
    rejected(&mut s, 0, Action::FreeMove { unit: a, to: two });
    // Not a step of more than one hex either.
    let far = s.hex(2, 1)?;
    rejected(&mut s, 0, Action::FreeMove { unit: b, to: far });
    s.free_move(0, b, 1, 1)?;
    // The Move card allowance is separate.
    assert!(s.legal(0).contains(&card(&s, "maneuver", a)?));
    s.act(0, Action::EndTurn)?;
    discard_down(&mut s)?;
    s.act(1, Action::EndTurn)?;
    discard_down(&mut s)?;
    assert_eq!(s.state().turn(), 3);
    s.free_move(0, a, 2, 0)?;
    assert_eq!(at(&s, s.unit(a)?.pos), (2, 0));
    Ok(())
}

/// sk.move.card-limit — one Move card per unit per turn, on top of the free move.
#[test]
fn sk_move_card_limit_one_move_card_per_unit() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["maneuver", "run", "spec-3"])
        .build()?;
    let (a, b) = (UnitId(0), UnitId(1));
    s.play_card(0, "maneuver", a)?;
    s.act(0, Action::MoveTo(s.hex(1, 0)?))?;
    // sk.gap.14: a Spec row that moves (the Squaddie table's Maneuver) is a Move card too.
    let spec_for = |s: &Session, unit: UnitId| {
        s.legal(0)
            .iter()
            .any(|x| matches!(x, Action::Spec { unit: u, .. } if *u == unit))
    };
    assert!(!spec_for(&s, a) && spec_for(&s, b));
    let run_a = card(&s, "run", a)?;
    assert!(!s.legal(0).contains(&run_a));
    rejected(&mut s, 0, run_a);
    s.free_move(0, a, 2, 0)?;
    s.play_card(0, "run", b)?;
    s.act(0, Action::MoveTo(s.hex(2, 1)?))?;
    assert_eq!(at(&s, s.unit(a)?.pos), (2, 0));
    assert_eq!(at(&s, s.unit(b)?.pos), (2, 1));
    Ok(())
}

/// sk.move.card-distance — Move = N goes up to N hexes (default), or exactly N with
/// `move_mode=exact`, never onto an occupied hex.
#[test]
fn sk_move_card_distance_up_to_or_exactly_n() -> R {
    let build = |exact: bool| {
        let f = Fixture::flat(7, 2)
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 6, 1)
            .hand(0, &["run"]);
        let f = if exact {
            f.option("move_mode", "exact")?
        } else {
            f
        };
        let mut s = f.build()?;
        s.play_card(0, "run", UnitId(0))?;
        Ok::<Session, String>(s)
    };
    let s = build(false)?;
    assert_eq!(destinations(&s, 0), [(1, 0), (0, 1), (2, 0), (1, 1)].into());
    let mut s = build(true)?;
    assert_eq!(destinations(&s, 0), [(2, 0), (1, 1)].into());
    let near = s.hex(1, 0)?;
    rejected(&mut s, 0, Action::MoveTo(near));
    s.act(0, Action::MoveTo(s.hex(1, 1)?))?;
    assert_eq!(at(&s, s.unit(UnitId(0))?.pos), (1, 1));
    assert!(s.cited("sk.move.card-distance"));

    // In open ground, exact Move 2 reaches the ring at distance 2, minus the occupied hex.
    let mut s = Fixture::flat(5, 5)
        .unit(0, "squaddie", 2, 2)
        .unit(1, "thin-man", 4, 2)
        .hand(0, &["run"])
        .option("move_mode", "exact")?
        .build()?;
    s.play_card(0, "run", UnitId(0))?;
    let from = s.hex(2, 2)?;
    let ring: Vec<HexId> = s
        .legal(0)
        .iter()
        .filter_map(|a| match a {
            Action::MoveTo(h) => Some(*h),
            _ => None,
        })
        .collect();
    assert_eq!(ring.len(), 11);
    assert!(
        ring.iter()
            .all(|h| s.state().board().distance(from, *h) == 2)
    );
    assert!(!ring.contains(&s.hex(4, 2)?));
    Ok(())
}

// ---- 7. Attacks & damage ----

/// sk.attack.play — a unit attacks only when an Attack card is played for it; the card goes
/// to the discard pile. With `attack_limit=one-per-unit` each unit attacks once a turn.
#[test]
fn sk_attack_play_needs_a_card() -> R {
    let s = Fixture::flat(4, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .build()?;
    assert!(
        s.legal(0)
            .iter()
            .all(|a| matches!(a, Action::FreeMove { .. } | Action::EndTurn))
    );

    let build = |one: bool| {
        let f = Fixture::flat(5, 3)
            .unit(0, "squaddie", 0, 0)
            .unit(0, "squaddie", 1, 1)
            .unit(1, "thin-man", 1, 0)
            .unit(1, "thin-man", 0, 1)
            .unit(1, "thin-man", 4, 2)
            .hand(0, &["point-blank", "point-blank"]);
        let f = if one {
            f.option("attack_limit", "one-per-unit")?
        } else {
            f
        };
        let mut s = f.build()?;
        s.play_card(0, "point-blank", UnitId(0))?;
        assert_eq!(
            s.legal(0),
            [Action::TargetUnit(UnitId(2)), Action::TargetUnit(UnitId(3))]
        );
        s.act(0, Action::TargetUnit(UnitId(2)))?;
        assert!(!on_map(&s, UnitId(2))?);
        assert_eq!(s.state().deck().discards(), [s.card("point-blank")?]);
        assert!(s.cited("sk.attack.play"));
        Ok::<Session, String>(s)
    };
    let s = build(false)?;
    assert!(s.legal(0).contains(&card(&s, "point-blank", UnitId(0))?));
    let mut s = build(true)?;
    let again = card(&s, "point-blank", UnitId(0))?;
    rejected(&mut s, 0, again);
    // The limit is per unit: the other squaddie still attacks.
    s.play_card(0, "point-blank", UnitId(1))?;
    s.act(0, Action::TargetUnit(UnitId(3)))?;
    assert!(!on_map(&s, UnitId(3))?);
    Ok(())
}

/// sk.attack.range — Attack = N needs the target at exactly N hexes; with `range_mode=max`
/// at 1 to N.
#[test]
fn sk_attack_range_exact_or_maximum() -> R {
    for mode in ["exact", "max"] {
        for d in 1..=5u8 {
            let s = Fixture::flat(7, 2)
                .unit(0, "squaddie", 0, 0)
                .unit(1, "thin-man", d, 0)
                .hand(0, &["medium-range"])
                .option("range_mode", mode)?
                .build()?;
            let ok = s.legal(0).contains(&card(&s, "medium-range", UnitId(0))?);
            let want = if mode == "exact" { d == 3 } else { d <= 3 };
            assert_eq!(ok, want, "{mode} at range {d}");
        }
    }
    // The target list: foes at 2 (1,1) and 3 (3,0).
    for (mode, want) in [("exact", vec![2u8]), ("max", vec![1, 2])] {
        let mut s = Fixture::flat(6, 2)
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 1, 1)
            .unit(1, "thin-man", 3, 0)
            .hand(0, &["medium-range"])
            .option("range_mode", mode)?
            .build()?;
        s.play_card(0, "medium-range", UnitId(0))?;
        let got: Vec<u8> = s
            .legal(0)
            .iter()
            .filter_map(|a| match a {
                Action::TargetUnit(u) => Some(u.0),
                _ => None,
            })
            .collect();
        assert_eq!(got, want, "{mode}");
        if mode == "exact" {
            rejected(&mut s, 0, Action::TargetUnit(UnitId(1)));
        }
    }
    Ok(())
}

/// sk.attack.base-damage — an attack deals 1 Hit, plus its Damage bonus (Shotgun +1).
#[test]
fn sk_attack_base_damage_is_one_hit() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "muton", 1, 0)
        .hand(0, &["point-blank"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert!(
        s.events()
            .iter()
            .any(|e| e.rule == "sk.damage.track" && e.text.contains("takes 1 Hit(s), 2 left"))
    );

    let mut s = Fixture::flat(5, 2)
        .unit(0, "specialist-assault", 0, 0)
        .unit(1, "muton", 3, 0)
        .hand(0, &["spec-1"])
        .build()?;
    play_spec(&mut s, 0, 1, UnitId(0), "spec-assault", 0)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 1);
    Ok(())
}

/// sk.attack.no-roll — nothing is rolled to hit: with no suppression tokens about, a legal
/// attack lands and no die is thrown.
#[test]
fn sk_attack_no_roll_without_tokens() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["point-blank"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert!(!on_map(&s, UnitId(1))?);
    assert!(s.events().iter().all(|e| e.roll.is_none()));
    Ok(())
}

/// sk.damage.track — remaining Hits = roster Hits − damage + healing: a Hero takes 2 Hits
/// (4 → 2) and heals 1 with Rapid Recovery (→ 3).
#[test]
fn sk_damage_track_roster_minus_damage_plus_healing() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "hero-support", 0, 0)
        .unit(1, "muton", 1, 0)
        .hand(1, &["point-blank", "point-blank"])
        .deck_top(&["spec-3", "tough", "evasion"])
        .active(1)
        .build()?;
    let hero = UnitId(0);
    for left in [3, 2] {
        s.play_card(1, "point-blank", UnitId(1))?;
        s.act(1, Action::TargetUnit(hero))?;
        s.pass_all()?;
        assert_eq!(hits(&s, hero)?, left);
    }
    assert_eq!(s.unit(hero)?.max_hits, 4);
    s.act(1, Action::EndTurn)?;
    discard_down(&mut s)?;
    play_spec(&mut s, 0, 3, hero, "hero", 0)?;
    assert_eq!(hits(&s, hero)?, 4 - 2 + 1);
    assert!(s.cited("sk.effect.heal"));
    Ok(())
}

/// sk.damage.kill — at 0 Hits the unit is killed and leaves the map; its hex is free.
#[test]
fn sk_damage_kill_removes_the_unit() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["point-blank"])
        .build()?;
    assert_eq!(s.state().units_left(1), 2);
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    let dead = s.unit(UnitId(1))?;
    assert_eq!((dead.hits, dead.life), (0, Life::Dead { turn: 1 }));
    assert!(s.cited("sk.damage.kill"));
    assert_eq!(s.state().units_left(1), 1);
    assert!(s.unit_at(1, 0).is_err());
    assert_eq!(s.outcome(), None, "one alien is left");
    s.free_move(0, UnitId(0), 1, 0)?;
    assert_eq!(at(&s, s.unit(UnitId(0))?.pos), (1, 0));
    Ok(())
}

// ---- 8. Defense ----

/// Shotgun (2 Hits) on a 3-Hit Muton that answers with `defense`, in order; its Hits after.
fn shotgun_vs_muton(defense: &[&str]) -> Result<u8, String> {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "specialist-assault", 0, 0)
        .unit(1, "muton", 3, 0)
        .hand(0, &["spec-1"])
        .hand(1, defense)
        .build()?;
    play_spec(&mut s, 0, 1, UnitId(0), "spec-assault", 0)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    for d in defense {
        assert_eq!(s.to_act(), Some(1), "the window stays open");
        s.play_card(1, d, UnitId(1))?;
    }
    s.pass_all()?;
    let played = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.defense.value")
        .count();
    assert_eq!(played, defense.len());
    hits(&s, UnitId(1))
}

/// sk.defense.play — the defender answers an attack on its unit with a Defense card.
#[test]
fn sk_defense_play_answer_with_a_defense_card() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["tough", "run"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.to_act(), Some(1));
    assert!(matches!(s.state().stack().last(), Some(Frame::Hit(_))));
    let tough = card(&s, "tough", UnitId(1))?;
    assert_eq!(s.legal(1), [Action::Pass, tough]);
    s.act(1, tough)?;
    s.pass_all()?;
    assert!(on_map(&s, UnitId(1))?);
    assert!(s.cited("sk.defense.play"));
    assert!(s.state().deck().discards().contains(&s.card("tough")?));
    // Passing instead lets the Hit through.
    assert_eq!(shotgun_vs_muton(&[])?, 1);

    // A Defense ability works the same way: Spec 1 on Body Armor (squaddie#1).
    let mut s = Fixture::flat(5, 2)
        .unit(1, "thin-man", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(0, "squaddie", 4, 1)
        .hand(1, &["point-blank"])
        .hand(0, &["spec-1"])
        .active(1)
        .build()?;
    s.play_card(1, "point-blank", UnitId(0))?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    let armor = spec(&s, 1, UnitId(1), "squaddie", 0)?;
    assert!(s.legal(0).contains(&armor));
    s.act(0, armor)?;
    s.pass_all()?;
    assert_eq!(hits(&s, UnitId(1))?, 1);
    Ok(())
}

/// sk.defense.value — each Defense negates 1 Hit; Defense x2 (Full Cover) negates 2.
#[test]
fn sk_defense_value_one_hit_each() -> R {
    assert_eq!(shotgun_vs_muton(&["tough"])?, 2);
    assert_eq!(shotgun_vs_muton(&["full-cover"])?, 3);
    Ok(())
}

/// sk.defense.stacking — Defense effects add up against one attack and the surplus is lost,
/// not kept for the next attack.
#[test]
fn sk_defense_stacking_adds_up_surplus_lost() -> R {
    assert_eq!(shotgun_vs_muton(&["tough", "evasion"])?, 3);
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "muton", 1, 0)
        .hand(0, &["point-blank", "point-blank"])
        .hand(1, &["full-cover", "tough"])
        .build()?;
    let muton = UnitId(1);
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(muton))?;
    s.play_card(1, "full-cover", muton)?;
    s.play_card(1, "tough", muton)?;
    s.pass_all()?;
    assert_eq!(hits(&s, muton)?, 3, "3 Hits of Defense against 1");
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(muton))?;
    s.pass_all()?;
    assert_eq!(hits(&s, muton)?, 2, "nothing carried over");
    Ok(())
}

/// sk.defense.terrain-spec — a Spec card numbered at or below the Terrain of the unit's hex
/// is one Defense; higher numbers are not offered, and a Flyer gets no cover (sk.gap.38).
#[test]
fn sk_defense_terrain_spec_cover() -> R {
    let mut s = Fixture::new(&["11 31 11 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 3, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-1", "spec-3", "spec-4"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    let cover = |s: &Session, c: &str| -> Result<Action, String> {
        Ok(Action::Cover {
            card: s.card(c)?,
            unit: UnitId(1),
        })
    };
    let legal: BTreeSet<Action> = s.legal(1).into_iter().collect();
    let want: BTreeSet<Action> = [Action::Pass, cover(&s, "spec-1")?, cover(&s, "spec-3")?].into();
    assert_eq!(legal, want);
    let c4 = cover(&s, "spec-4")?;
    rejected(&mut s, 1, c4);
    let c1 = cover(&s, "spec-1")?;
    s.act(1, c1)?;
    s.pass_all()?;
    assert!(on_map(&s, UnitId(1))?);
    assert!(s.cited("sk.defense.terrain-spec"));

    // A Floater over Terrain 5 gets no cover.
    let mut s = Fixture::new(&["11 51 11 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "floater", 1, 0)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-1"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.legal(1), [Action::Pass]);
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

// ---- 9. Suppression tokens ----

/// sk.suppression.pool — gain-ST effects add to the player's pool (Diversion +2), and one
/// pool protects every unit of that player.
#[test]
fn sk_suppression_pool_per_player() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["diversion"])
        .build()?;
    s.act(
        0,
        Action::Card {
            card: s.card("diversion")?,
            unit: None,
        },
    )?;
    assert_eq!((s.state().tokens(0), s.state().tokens(1)), (2, 0));
    assert!(s.cited("sk.effect.gain-st"));

    // Two tokens, two attacks on two different units: each rolls from the same pool.
    let mut s = Fixture::flat(5, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 2)
        .unit(0, "squaddie", 4, 1)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 1, 2)
        .hand(1, &["point-blank", "point-blank"])
        .tokens(0, 2)
        .dice(&[1, 2])
        .active(1)
        .build()?;
    s.play_card(1, "point-blank", UnitId(3))?;
    s.act(1, Action::TargetUnit(UnitId(0)))?;
    assert_eq!(s.state().tokens(0), 1);
    s.play_card(1, "point-blank", UnitId(4))?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.state().tokens(0), 0);
    assert_eq!(s.rolls("sk.suppression.roll"), [1, 2]);
    assert!(!on_map(&s, UnitId(0))? && !on_map(&s, UnitId(1))?);
    Ok(())
}

/// A squaddie point-blank on an adjacent Thin Man whose side holds `tokens`; dice pinned.
fn suppressed(tokens: [u16; 2], dice: &[u8], attacks: usize) -> Result<Session, String> {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 4, 1)
        .hand(0, &["point-blank", "point-blank", "point-blank"][..attacks])
        .tokens(0, tokens[0])
        .tokens(1, tokens[1])
        .dice(dice)
        .build()?;
    for _ in 0..attacks {
        s.play_card(0, "point-blank", UnitId(0))?;
        s.act(0, Action::TargetUnit(UnitId(1)))?;
    }
    Ok(s)
}

/// sk.suppression.roll — while the defender holds a token, an enemy attack rolls 1D6 and 4+
/// (odds 1/2) stops it; the card is spent, and a new attack rolls again only while tokens
/// remain. The attacker's own tokens never roll.
#[test]
fn sk_suppression_roll_four_plus_stops_the_attack() -> R {
    let s = suppressed([0, 1], &[4], 1)?;
    assert!(on_map(&s, UnitId(1))?, "4 stops the attack");
    let rolls: Vec<_> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.suppression.roll")
        .filter_map(|e| e.roll)
        .collect();
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].total, 4);
    assert_eq!(rolls[0].p, Some(Ratio::new(1, 2)));
    assert_eq!(rolls[0].success, Some(true));
    assert_eq!(s.state().deck().discards(), [s.card("point-blank")?]);
    assert_eq!(s.hand(0).len(), 0);

    let s = suppressed([0, 1], &[3], 1)?;
    assert!(!on_map(&s, UnitId(1))?, "3 lets it through");
    assert_eq!(s.rolls("sk.suppression.roll"), [3]);

    // Stopped, then tried again with the last token gone: no roll, it lands.
    let s = suppressed([0, 1], &[6], 2)?;
    assert_eq!(s.rolls("sk.suppression.roll"), [6]);
    assert!(!on_map(&s, UnitId(1))?);

    // Tokens of the attacking side do nothing.
    let s = suppressed([3, 0], &[6], 1)?;
    assert!(s.rolls("sk.suppression.roll").is_empty());
    assert!(!on_map(&s, UnitId(1))?);
    assert_eq!(s.state().tokens(0), 3);
    Ok(())
}

/// sk.suppression.spend — each roll costs the defender one token, whatever the result.
#[test]
fn sk_suppression_spend_one_token_per_roll() -> R {
    let s = suppressed([0, 3], &[6], 1)?;
    assert_eq!(s.state().tokens(1), 2, "spent on a success");
    let s = suppressed([0, 3], &[6, 2], 2)?;
    assert_eq!(s.state().tokens(1), 1, "spent on a failure too");
    assert!(!on_map(&s, UnitId(1))?);
    let spends = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.suppression.spend")
        .count();
    assert_eq!(spends, 2);
    Ok(())
}

// ---- 10. Area effect ----

/// sk.area.target — an Area Affect attack aims at a hex and the unit there takes the full
/// damage: 1 for the Frag Grenade, 1 + 1 for the Rocket Launcher.
#[test]
fn sk_area_target_full_damage_in_the_target_hex() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["spec-5"])
        .build()?;
    play_spec(&mut s, 0, 5, UnitId(0), "squaddie", 0)?;
    let target = s.hex(3, 0)?;
    let legal = s.legal(0);
    assert!(legal.contains(&Action::TargetHex(target)));
    assert!(legal.iter().all(|a| matches!(a, Action::TargetHex(_))));
    s.act(0, Action::TargetHex(target))?;
    assert!(!on_map(&s, UnitId(1))?);
    assert!(s.rolls("sk.area.splash").is_empty(), "no unit next to it");

    let mut s = Fixture::flat(8, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .unit(1, "muton", 6, 0)
        .hand(0, &["spec-2"])
        .build()?;
    play_spec(&mut s, 0, 2, UnitId(0), "spec-heavy", 0)?;
    s.act(0, Action::TargetHex(s.hex(6, 0)?))?;
    assert_eq!(hits(&s, UnitId(1))?, 1);

    // Aimed at the empty hex (2,1) next to the Thin Man (sk.gap.31): no full damage, only
    // its splash roll (here a miss).
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .hand(0, &["spec-5"])
        .dice(&[4])
        .build()?;
    play_spec(&mut s, 0, 5, UnitId(0), "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(2, 1)?))?;
    assert_eq!(s.rolls("sk.area.splash"), [4]);
    assert!(on_map(&s, UnitId(1))?);
    Ok(())
}

/// sk.area.target, sk.suppression.roll — a successful suppression roll for the unit in the
/// target hex calls off the whole area attack, splash included (sk.gap.42).
#[test]
fn sk_area_target_suppressed_blast_is_called_off() -> R {
    let mut s = Fixture::flat(8, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["spec-5"])
        .tokens(1, 1)
        .dice(&[5, 6])
        .build()?;
    play_spec(&mut s, 0, 5, UnitId(0), "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(3, 0)?))?;
    assert_eq!(s.rolls("sk.suppression.roll"), [5]);
    assert!(s.rolls("sk.area.splash").is_empty());
    assert!(on_map(&s, UnitId(1))? && on_map(&s, UnitId(2))?);
    assert_eq!(s.state().tokens(1), 0);
    Ok(())
}

/// sk.area.splash — each occupied neighbour of the target hex rolls 1D6 and takes 1 Hit on
/// 5–6 (odds 1/3), friend or foe.
#[test]
fn sk_area_splash_hits_friend_and_foe_on_five_plus() -> R {
    let blast = |dice: &[u8]| {
        let mut s = Fixture::flat(8, 2)
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 3, 0)
            .unit(1, "thin-man", 4, 0)
            .unit(0, "squaddie", 3, 1)
            .unit(1, "thin-man", 7, 1)
            .hand(0, &["spec-5"])
            .dice(dice)
            .build()?;
        play_spec(&mut s, 0, 5, UnitId(0), "squaddie", 0)?;
        s.act(0, Action::TargetHex(s.hex(3, 0)?))?;
        Ok::<Session, String>(s)
    };
    // Neighbours roll in direction order: east (4,0) first, then south-east (3,1).
    let s = blast(&[5, 4])?;
    assert_eq!(s.rolls("sk.area.splash"), [5, 4]);
    assert!(!on_map(&s, UnitId(1))? && !on_map(&s, UnitId(2))?);
    assert!(on_map(&s, UnitId(3))?);
    let p: Vec<_> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.area.splash")
        .filter_map(|e| e.roll.and_then(|r| r.p))
        .collect();
    assert_eq!(p, [Ratio::new(1, 3), Ratio::new(1, 3)]);
    let s = blast(&[4, 6])?;
    assert!(on_map(&s, UnitId(2))?);
    assert!(
        !on_map(&s, UnitId(3))?,
        "the thrower's own friend is splashed"
    );
    Ok(())
}

// ---- 11. LOS, elevation & flyers ----

/// sk.los.elevation-block — a hex between attacker and target that is higher than the
/// attacker blocks the attack; one as high does not, and neither end ever blocks.
#[test]
fn sk_los_elevation_block_higher_hexes_between() -> R {
    let shot = |row0: &str, target: u8, card: &str| {
        let s = Fixture::new(&[row0, "11 11 11 11 11"])
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", target, 0)
            .hand(0, &[card])
            .build()?;
        can_play(&s, 0, card, UnitId(0))
    };
    assert!(!shot("11 11 13 11 11", 4, "long-range")?);
    assert!(
        !shot("11 11 12 11 11", 4, "long-range")?,
        "one level higher is enough"
    );
    assert!(shot("11 11 11 11 11", 4, "long-range")?);
    assert!(
        shot("13 11 13 11 11", 4, "long-range")?,
        "as high as the attacker"
    );
    assert!(
        shot("11 11 11 11 15", 4, "long-range")?,
        "the target's own hex"
    );
    assert!(shot("11 15 11 11 11", 1, "point-blank")?, "adjacent");
    Ok(())
}

/// sk.los.flyer-elevation — a Flyer is at elevation 6, so an Elevation 5 hex never blocks
/// its shots, while it blocks a ground unit's.
#[test]
fn sk_los_flyer_elevation_six() -> R {
    let rows = ["11 11 15 11 11 11", "11 11 11 11 11 11"];
    let mut s = Fixture::new(&rows)
        .unit(1, "floater", 0, 0)
        .unit(0, "squaddie", 4, 0)
        .unit(0, "squaddie", 5, 1)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    let rifle = spec(&s, 5, UnitId(0), "floater", 0)?;
    assert!(s.legal(1).contains(&rifle));
    s.act(1, rifle)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert!(!on_map(&s, UnitId(1))?);

    let s = Fixture::new(&rows)
        .unit(1, "thin-man", 0, 0)
        .unit(0, "squaddie", 4, 0)
        .hand(1, &["long-range"])
        .active(1)
        .build()?;
    assert!(!can_play(&s, 1, "long-range", UnitId(0))?);

    // At 6 it is above a unit standing on the Elevation 5 hex, which therefore does not
    // block its shot (sk.los.through-units).
    let s = Fixture::new(&rows)
        .unit(1, "floater", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(0, "squaddie", 4, 0)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    assert!(s.legal(1).contains(&spec(&s, 5, UnitId(0), "floater", 0)?));
    Ok(())
}

/// sk.los.through-units — a unit in the line of fire blocks unless it stands lower than the
/// attacker or the attack is a grenade; a Flyer (elevation 6) blocks ground fire and fires
/// over ground units.
#[test]
fn sk_los_through_units_block_unless_lower_or_grenade() -> R {
    // A friend in the way at the same height blocks.
    let s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(!can_play(&s, 0, "short-range", UnitId(0))?);
    // Standing lower than the attacker, it does not.
    let s = Fixture::new(&["12 11 12 11", "11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(can_play(&s, 0, "short-range", UnitId(0))?);
    // A grenade goes over it; a direct shot at the same range does not.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["spec-5", "medium-range"])
        .build()?;
    assert!(!can_play(&s, 0, "medium-range", UnitId(0))?);
    play_spec(&mut s, 0, 5, UnitId(0), "squaddie", 0)?;
    let target = s.hex(3, 0)?;
    assert!(s.legal(0).contains(&Action::TargetHex(target)));
    s.act(0, Action::TargetHex(target))?;
    assert!(!on_map(&s, UnitId(2))?);
    // A hovering Floater blocks ground fire past it.
    let s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "floater", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    assert!(!can_play(&s, 0, "short-range", UnitId(0))?);
    // A Floater fires over a ground unit.
    let s = Fixture::flat(6, 2)
        .unit(1, "floater", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(0, "squaddie", 4, 0)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    assert!(s.legal(1).contains(&spec(&s, 5, UnitId(0), "floater", 0)?));
    Ok(())
}
