//! Movement: the free move, the one Move card per unit, distances, stacking, pass-through,
//! Flyers and jumps.

use crate::support::play_spec;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{HexId, UnitId};

type R = Result<(), String>;

fn destinations(s: &Session) -> Vec<HexId> {
    s.legal(s.to_act().unwrap_or(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveTo(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// Every hex within `lo..=hi` steps of `from` that holds no unit.
fn ring(s: &Session, from: HexId, lo: u32, hi: u32) -> Vec<HexId> {
    let b = s.state().board();
    let mut out: Vec<HexId> = (0..b.len() as u16)
        .map(HexId)
        .filter(|h| (lo..=hi).contains(&b.distance(from, *h)))
        .filter(|h| !s.state().on_map().any(|(_, u)| u.pos == *h))
        .collect();
    out.sort();
    out
}

fn sorted(mut v: Vec<HexId>) -> Vec<HexId> {
    v.sort();
    v
}

fn free_moves(s: &Session, unit: UnitId) -> usize {
    s.legal(0)
        .iter()
        .filter(|a| matches!(a, Action::FreeMove { unit: u, .. } if *u == unit))
        .count()
}

#[test]
fn sk_move_free_one_hex_once_per_turn() -> R {
    // sk.move.free, sk.gap.12: each unit may step to any of its six neighbours once.
    let mut s = Fixture::flat(5, 3)
        .unit(0, "squaddie", 2, 1)
        .unit(1, "thin-man", 4, 2)
        .build()?;
    let u = s.unit_at(2, 1)?;
    assert_eq!(free_moves(&s, u), 6);
    let to = s.hex(3, 1)?;
    s.act(0, Action::FreeMove { unit: u, to })?;
    s.pass_all()?;
    assert_eq!(s.unit(u)?.pos, to);
    assert_eq!(free_moves(&s, u), 0);
    assert!(s.cited("sk.move.free"));
    Ok(())
}

#[test]
fn sk_move_card_limit_one_move_card_per_unit() -> R {
    // sk.move.card-limit, sk.gap.14: after Run, neither Maneuver nor the Maneuver row may
    // move the same unit again this turn; another unit still may.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 2)
        .unit(1, "thin-man", 7, 1)
        .hand(0, &["run", "maneuver", "spec-3"])
        .build()?;
    let (a, b) = (s.unit_at(0, 0)?, s.unit_at(0, 2)?);
    s.play_card(0, "run", a)?;
    s.act(0, Action::MoveTo(s.hex(2, 0)?))?;
    s.pass_all()?;
    let legal = s.legal(0);
    let maneuver = s.card("maneuver")?;
    assert!(!legal.contains(&Action::Card {
        card: maneuver,
        unit: Some(a)
    }));
    assert!(legal.contains(&Action::Card {
        card: maneuver,
        unit: Some(b)
    }));
    assert!(
        !legal
            .iter()
            .any(|x| matches!(x, Action::Spec { unit, .. } if *unit == a))
    );
    assert!(
        legal
            .iter()
            .any(|x| matches!(x, Action::Spec { unit, .. } if *unit == b))
    );
    // The free move is separate from the card allowance.
    assert!(free_moves(&s, a) > 0);
    Ok(())
}

#[test]
fn sk_move_card_distance_up_to_or_exactly_n() -> R {
    // sk.move.card-distance, sk.gap.13: Run moves up to 2 hexes; with move_mode=exact only
    // to hexes 2 steps away.
    for (mode, lo) in [("up-to", 1), ("exact", 2)] {
        let mut s = Fixture::flat(7, 5)
            .unit(0, "squaddie", 3, 2)
            .unit(1, "thin-man", 6, 4)
            .hand(0, &["run"])
            .option("move_mode", mode)?
            .build()?;
        let u = s.unit_at(3, 2)?;
        let from = s.hex(3, 2)?;
        s.play_card(0, "run", u)?;
        assert_eq!(sorted(destinations(&s)), ring(&s, from, lo, 2), "{mode}");
    }
    Ok(())
}

#[test]
fn sk_map_pass_through_ground_units_block_walkers() -> R {
    // sk.map.pass-through, sk.map.stack-limit: a walker can neither pass nor stop on a hex
    // holding a ground unit; boxed in at the corner it cannot move at all.
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 0, 1)
        .hand(0, &["sprint"])
        .build()?;
    let sprint = s.card("sprint")?;
    let u = s.unit_at(0, 0)?;
    assert!(!s.legal(0).contains(&Action::Card {
        card: sprint,
        unit: Some(u)
    }));
    assert_eq!(free_moves(&s, u), 0);
    Ok(())
}

#[test]
fn sk_map_stack_flyer_walkers_pass_under_but_not_stop_under_a_flyer() -> R {
    // sk.map.pass-through: passing is allowed when either unit flies; sk.gap.11: only Flyers
    // end a move on an occupied hex.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "floater", 1, 0)
        .unit(1, "thin-man", 0, 1)
        .hand(0, &["run"])
        .build()?;
    let u = s.unit_at(0, 0)?;
    s.play_card(0, "run", u)?;
    // Through the Floater's hex to the hexes beyond it, never onto it.
    let want = vec![s.hex(2, 0)?, s.hex(1, 1)?];
    assert_eq!(sorted(destinations(&s)), sorted(want));
    Ok(())
}

#[test]
fn sk_special_flyers_hover_over_ground_units() -> R {
    // sk.special.flyers, sk.map.stack-flyer: a Floater may end over a ground unit.
    let mut s = Fixture::flat(6, 2)
        .unit(1, "floater", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(0, "squaddie", 5, 1)
        .active(1)
        .hand(1, &["spec-2"])
        .build()?;
    let f = s.unit_at(0, 0)?;
    let from = s.hex(0, 0)?;
    play_spec(&mut s, 1, 2, f, "floater", 0)?;
    let over = s.hex(1, 0)?;
    let mut want = ring(&s, from, 1, 2);
    want.push(over);
    assert_eq!(sorted(destinations(&s)), sorted(want));
    s.act(1, Action::MoveTo(over))?;
    s.pass_all()?;
    assert_eq!(s.unit(f)?.pos, over);
    Ok(())
}

#[test]
fn sk_gap_10_thin_man_jump_passes_through_units() -> R {
    // sk.gap.10: Jump (thin-man#4) may cross occupied hexes but must end on an empty one.
    let mut s = Fixture::flat(6, 2)
        .unit(1, "thin-man", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 5, 1)
        .active(1)
        .hand(1, &["spec-4", "run"])
        .build()?;
    let tm = s.unit_at(0, 0)?;
    let from = s.hex(0, 0)?;
    let run = s.card("run")?;
    assert!(!s.legal(1).contains(&Action::Card {
        card: run,
        unit: Some(tm)
    }));
    play_spec(&mut s, 1, 4, tm, "thin-man", 0)?;
    assert_eq!(sorted(destinations(&s)), ring(&s, from, 1, 3));
    Ok(())
}

#[test]
fn sk_unit_civilian_move_or_attack_never_both() -> R {
    // sk.unit.civilian-move-or-attack: an armed Civilian that attacked may not move;
    // sk.unit.civilian-unarmed: an unarmed one never attacks.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "civilian", 0, 0)
        .armed()
        .unit(0, "civilian", 0, 1)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["medium-range"])
        .build()?;
    let (armed, unarmed) = (s.unit_at(0, 0)?, s.unit_at(0, 1)?);
    let medium = s.card("medium-range")?;
    let legal = s.legal(0);
    assert!(legal.contains(&Action::Card {
        card: medium,
        unit: Some(armed)
    }));
    let tm = s.unit_at(3, 0)?;
    assert_eq!(
        s.state()
            .board()
            .distance(s.unit(unarmed)?.pos, s.unit(tm)?.pos),
        3
    );
    assert!(!legal.contains(&Action::Card {
        card: medium,
        unit: Some(unarmed)
    }));
    s.act(
        0,
        Action::Card {
            card: medium,
            unit: Some(armed),
        },
    )?;
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    assert_eq!(free_moves(&s, armed), 0);
    assert!(free_moves(&s, unarmed) > 0);
    Ok(())
}

#[test]
fn sk_unit_civilian_that_moved_may_not_attack() -> R {
    // sk.unit.civilian-move-or-attack: after its free move an armed Civilian may not attack.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "civilian", 0, 0)
        .armed()
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["medium-range"])
        .build()?;
    let c = s.unit_at(0, 0)?;
    let to = s.hex(1, 0)?;
    s.act(0, Action::FreeMove { unit: c, to })?;
    s.pass_all()?;
    let medium = s.card("medium-range")?;
    assert!(!s.legal(0).contains(&Action::Card {
        card: medium,
        unit: Some(c)
    }));
    Ok(())
}

#[test]
fn sk_effect_sequence_run_and_gun_moves_then_attacks() -> R {
    // sk.effect.sequence: Run & Gun (spec-assault#3) moves up to 2, then attacks at range 2;
    // sk.deck.dual-cards: it uses the Move allowance.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "specialist-assault", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["spec-3", "maneuver"])
        .build()?;
    let a = s.unit_at(0, 0)?;
    let from = s.hex(0, 0)?;
    play_spec(&mut s, 0, 3, a, "spec-assault", 0)?;
    // Staying put is allowed because an attack follows.
    let mut want = ring(&s, from, 1, 2);
    want.push(from);
    assert_eq!(sorted(destinations(&s)), sorted(want));
    s.act(0, Action::MoveTo(s.hex(2, 0)?))?;
    s.pass_all()?;
    let tm = s.unit_at(4, 0)?;
    assert_eq!(s.legal(0), vec![Action::TargetUnit(tm)]);
    s.act(0, Action::TargetUnit(tm))?;
    s.pass_all()?;
    assert!(!s.unit(tm)?.on_map());
    let maneuver = s.card("maneuver")?;
    assert!(!s.legal(0).contains(&Action::Card {
        card: maneuver,
        unit: Some(a)
    }));
    assert!(s.cited("sk.move.card-distance"));
    Ok(())
}
