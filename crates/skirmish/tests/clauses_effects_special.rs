//! Behaviour tests for the special unit behaviours, the End phase hand limit and victory
//! (clause index sections 14–16), plus the table format clause as played: Spec N uses row N.

use crate::support::{
    R, acts_for, card, end_turn, free_moves, hits, play_spec, spec, spec_tables, unit_targets,
};
use squadsight_core::{Decision, Ruleset, Seat, SeatSet};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{DiscardWhy, Ending, Frame, Life, UnitId};
use std::collections::BTreeSet;

fn kind(s: &Session, key: &str) -> Result<squadsight_skirmish::catalog::UnitTypeId, String> {
    s.ruleset()
        .catalog()
        .unit_id(key)
        .ok_or_else(|| format!("no unit type {key}"))
}

// sk.table.format, sk.spec.activate: Spec N always resolves row N of the chosen table — on
// the Squaddie table Spec 2 is Pistol (Atk 2) and Spec 4 Marksmanship (Atk 4); every one of
// the 28 tables has exactly six playable rows.
#[test]
fn sk_table_format_spec_n_resolves_row_n() -> R {
    let s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "sectoid", 1, 3) // 2
        .unit(1, "sectoid", 4, 0) // 4
        .hand(0, &["spec-2"])
        .build()?;
    let mut t = s.clone();
    t.act(0, spec(&t, 2, UnitId(0), "squaddie", 0)?)?;
    assert_eq!(unit_targets(&t, 0), BTreeSet::from([UnitId(1)]));
    let mut u = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "sectoid", 1, 3)
        .unit(1, "sectoid", 4, 0)
        .hand(0, &["spec-4"])
        .build()?;
    u.act(0, spec(&u, 4, UnitId(0), "squaddie", 0)?)?;
    assert_eq!(unit_targets(&u, 0), BTreeSet::from([UnitId(2)]));
    let rules = s.ruleset().rules();
    assert_eq!(rules.tables.len(), 28);
    for (i, t) in s.ruleset().catalog().tables().iter().enumerate() {
        let id = squadsight_skirmish::catalog::TableId(i as u8);
        for n in 1..=6u8 {
            let row = rules.row(id, n).ok_or(format!("{} lacks row {n}", t.key))?;
            assert!(!row.alts.is_empty(), "{} row {n}", t.key);
        }
        assert!(rules.row(id, 7).is_none() && rules.row(id, 0).is_none());
    }
    Ok(())
}

// sk.special.attack-as-one, sk.gap.63, sk.table.chryssalid: a Chryssalid's deck Long Range
// (Atk 4) card is resolved as Attack = 1: only the adjacent foe can be aimed at.
#[test]
fn sk_special_attack_as_one_chryssalid_long_range_is_range_1() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "chryssalid", 0, 1)
        .unit(0, "squaddie", 0, 0) // adjacent
        .unit(0, "squaddie", 4, 0) // range 4
        .hand(1, &["long-range"])
        .active(1)
        .build()?;
    s.act(1, card(&s, "long-range", UnitId(0))?)?;
    assert_eq!(unit_targets(&s, 1), BTreeSet::from([UnitId(1)]));
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_ne!(s.unit(UnitId(1))?.life, Life::OnMap);
    // A Thin Man with the same card reaches range 4 and not range 1.
    let mut t = Fixture::flat(9, 4)
        .unit(1, "thin-man", 0, 1)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 4, 0)
        .hand(1, &["long-range"])
        .active(1)
        .build()?;
    t.act(1, card(&t, "long-range", UnitId(0))?)?;
    assert_eq!(unit_targets(&t, 1), BTreeSet::from([UnitId(2)]));
    Ok(())
}

// sk.special.attack-as-one, sk.table.muton-berserker (row 4, Claws, Atk 1 +2): table rows keep
// their damage bonus.
#[test]
fn sk_special_attack_as_one_berserker_claws_keep_bonus() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "muton-berserker", 0, 1)
        .unit(0, "hero-heavy", 1, 1)
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 4, UnitId(0), "muton-berserker", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(hits(&s, UnitId(1))?, 1, "4 Hits less 3");
    Ok(())
}

// sk.special.zombify, sk.gap.62, sk.table.chryssalid (row 1, Bite): the killed Squaddie is
// replaced by a 1-Hit Zombie of the killer's side in the same hex, which may not act this
// turn; the victim counts as destroyed.
#[test]
fn sk_special_zombify_chryssalid_bite_makes_zombie() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "chryssalid", 0, 1)
        .unit(0, "squaddie", 1, 1)
        .unit(0, "squaddie", 6, 3)
        .hand(1, &["spec-1"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 1, UnitId(0), "chryssalid", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Zombified);
    let z = UnitId(3);
    let zu = *s.unit(z)?;
    assert_eq!(zu.kind, kind(&s, "zombie")?);
    assert_eq!((zu.owner, zu.controller, zu.hits), (1, 1, 1));
    assert_eq!(zu.pos, s.hex(1, 1)?);
    assert!(zu.on_map());
    assert!(!acts_for(&s, 1, z), "it acts from its side's next turn");
    assert_eq!(s.state().units_left(0), 1);
    assert_eq!(s.state().units_left(1), 2);
    Ok(())
}

// sk.special.zombify, sk.gap.62, sk.table.zombie (row 2, Bite): a mechanical SHIV killed by a
// Zombie is simply dead, no Zombie appears.
#[test]
fn sk_special_zombify_not_for_mechanical_units() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "zombie", 0, 1)
        .unit(0, "shiv", 1, 1)
        .hits(1)
        .unit(0, "squaddie", 6, 3)
        .hand(1, &["spec-2"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 2, UnitId(0), "zombie", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Dead { turn: 1 });
    assert_eq!(s.state().units().len(), 3);
    Ok(())
}

// sk.special.transform, sk.gap.61, sk.table.hatchling (row 1, Grow): the Hatchling becomes an
// adult Chryssalid in the same hex with the new type's full 2 Hits, and acts no more this turn.
#[test]
fn sk_special_transform_hatchling_grows_into_chryssalid() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "hatchling", 2, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-1"])
        .active(1)
        .build()?;
    let h = UnitId(0);
    s.act(1, spec(&s, 1, h, "hatchling", 0)?)?;
    let u = *s.unit(h)?;
    assert_eq!(u.kind, kind(&s, "chryssalid")?);
    assert_eq!((u.hits, u.max_hits, u.owner), (2, 2, 1));
    assert_eq!(u.pos, s.hex(2, 1)?);
    assert!(!acts_for(&s, 1, h));
    Ok(())
}

// sk.special.transform, sk.gap.61, sk.table.zombie (row 4, Erupt): the Zombie becomes a
// Hatchling with 1 Hit.
#[test]
fn sk_special_transform_zombie_erupts_into_hatchling() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "zombie", 2, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 4, UnitId(0), "zombie", 0)?)?;
    let u = *s.unit(UnitId(0))?;
    assert_eq!(u.kind, kind(&s, "hatchling")?);
    assert_eq!((u.hits, u.max_hits), (1, 1));
    Ok(())
}

// sk.special.spawn, sk.gap.60, sk.table.outsider (row 5, Spawn): a 1-Hit Outsider for the same
// side appears in the chosen empty adjacent hex and may not act this turn.
#[test]
fn sk_special_spawn_outsider_in_empty_adjacent_hex() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "outsider", 2, 1)
        .unit(1, "sectoid", 3, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 5, UnitId(0), "outsider", 0)?)?;
    let hexes: Vec<Action> = s.legal(1);
    assert_eq!(hexes.len(), 5, "six neighbours, one taken: {hexes:?}");
    assert!(!hexes.contains(&Action::TargetHex(s.hex(3, 1)?)));
    s.act(1, Action::TargetHex(s.hex(1, 1)?))?;
    let n = UnitId(3);
    let u = *s.unit(n)?;
    assert_eq!(u.kind, kind(&s, "outsider")?);
    assert_eq!((u.owner, u.controller, u.hits), (1, 1, 1));
    assert_eq!(u.pos, s.hex(1, 1)?);
    assert!(!acts_for(&s, 1, n));
    assert_eq!(s.state().units_left(1), 3);
    Ok(())
}

// sk.special.spawn, sk.gap.60: with no free adjacent hex nothing appears.
#[test]
fn sk_special_spawn_fizzles_without_room() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "outsider", 0, 0)
        .unit(1, "sectoid", 1, 0)
        .unit(1, "sectoid", 0, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-5"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 5, UnitId(0), "outsider", 0)?)?;
    assert_eq!(s.state().units().len(), 4);
    assert!(s.cited("sk.gap.60"));
    assert!(s.state().deck().discards().contains(&s.card("spec-5")?));
    Ok(())
}

// sk.special.reflect, sk.gap.64, sk.table.ethereal (row 1, Reflect): the attack aimed at the
// Ethereal hits its attacker instead, with no suppression roll for the attacker.
#[test]
fn sk_special_reflect_turns_attack_on_attacker() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 0, 3)
        .unit(1, "ethereal", 1, 1)
        .hand(0, &["point-blank"])
        .hand(1, &["spec-1"])
        .tokens(0, 3)
        .build()?;
    s.act(0, card(&s, "point-blank", UnitId(0))?)?;
    s.act(0, Action::TargetUnit(UnitId(2)))?;
    let reflect = spec(&s, 1, UnitId(2), "ethereal", 0)?;
    assert!(s.legal(1).contains(&reflect));
    s.act(1, reflect)?;
    s.pass_all()?;
    assert_eq!(s.unit(UnitId(0))?.life, Life::Dead { turn: 1 });
    assert_eq!(hits(&s, UnitId(2))?, 4);
    assert_eq!(
        s.state().tokens(0),
        3,
        "no ST roll against a reflected attack"
    );
    assert!(s.cited("sk.special.reflect"));
    Ok(())
}

// sk.special.flyers, sk.gap.10: exactly the Floater, Heavy Floater, Cyberdisc and Drone fly.
#[test]
fn sk_special_flyers_are_exactly_four_types() -> R {
    let s = Fixture::flat(4, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "sectoid", 3, 1)
        .build()?;
    let cat = s.ruleset().catalog();
    let flyers: BTreeSet<String> = cat
        .units()
        .iter()
        .zip(&s.ruleset().rules().units)
        .filter(|(_, info)| info.flyer)
        .map(|(u, _)| u.key.clone())
        .collect();
    let want: BTreeSet<String> = ["floater", "heavy-floater", "cyberdisc", "drone"]
        .iter()
        .map(|k| (*k).to_string())
        .collect();
    assert_eq!(flyers, want);
    Ok(())
}

// sk.special.flyers, sk.los.flyer-elevation, sk.map.stack-flyer: a Floater may end a move
// over a ground unit and, at elevation 6, shoots over a ridge that blocks a ground unit.
#[test]
fn sk_special_flyers_hover_over_units_and_see_over_ridges() -> R {
    let s = Fixture::new(&["11 11 15 11 11", "11 11 15 11 11"])
        .unit(1, "sectoid", 0, 0)
        .unit(1, "floater", 0, 1)
        .unit(0, "squaddie", 4, 0)
        .unit(0, "squaddie", 4, 1)
        .unit(0, "squaddie", 1, 0)
        .hand(1, &["long-range"])
        .active(1)
        .build()?;
    let legal = s.legal(1);
    assert!(legal.contains(&card(&s, "long-range", UnitId(1))?));
    assert!(
        !legal.contains(&card(&s, "long-range", UnitId(0))?),
        "the ridge blocks"
    );
    let over = s.hex(1, 0)?;
    assert!(legal.contains(&Action::FreeMove {
        unit: UnitId(1),
        to: over
    }));
    let sectoid_moves: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, Action::FreeMove { unit: UnitId(0), to } if *to == over))
        .collect();
    assert!(sectoid_moves.is_empty(), "ground units may not stack");
    Ok(())
}

// sk.special.heavy-floater, sk.gap.23, sk.table.heavy-floater, sk.table.floater (row 4,
// Flank, Mv 3): Spec 4 offers both tables; the Floater table's Flank moves 3.
#[test]
fn sk_special_heavy_floater_uses_both_tables() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "heavy-floater", 0, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    let hf = UnitId(0);
    let tables = spec_tables(&s, 1, 4, hf)?;
    let want: BTreeSet<String> = ["heavy-floater", "floater"]
        .iter()
        .map(|t| (*t).to_string())
        .collect();
    assert_eq!(tables, want);
    s.act(1, spec(&s, 4, hf, "floater", 0)?)?;
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Move { hexes: 3, .. })
    ));
    s.act(1, Action::MoveTo(s.hex(3, 1)?))?;
    assert_eq!(s.unit(hf)?.pos, s.hex(3, 1)?);
    assert_eq!(s.state().tokens(1), 0);
    Ok(())
}

// sk.special.mind-control, sk.special.mind-control-use, sk.gap.65, sk.gap.66, sk.gap.7,
// sk.table.psi (row 2, Mind Control, range 4): control at once, paid from the controller's
// hand; kept through the owner's turn; back to the owner when the controller's next turn ends,
// with its damage; meanwhile it still counts for its owner, so the game goes on.
#[test]
fn sk_special_mind_control_lasts_to_end_of_controllers_next_turn() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "specialist-support", 0, 1)
        .psi()
        .unit(1, "muton", 4, 1)
        .hits(2)
        .unit(1, "sectoid", 5, 1)
        .hand(0, &["spec-2", "point-blank"])
        .build()?;
    let (psi, muton, sectoid) = (UnitId(0), UnitId(1), UnitId(2));
    s.act(0, spec(&s, 2, psi, "psi", 0)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([muton]));
    s.act(0, Action::TargetUnit(muton))?;
    s.pass_all()?;
    let m = *s.unit(muton)?;
    assert_eq!((m.owner, m.controller, m.control_until), (1, 0, 3));
    // Used at once, paying from X-Com's hand.
    assert!(acts_for(&s, 0, muton));
    s.act(0, card(&s, "point-blank", muton)?)?;
    assert_eq!(unit_targets(&s, 0), BTreeSet::from([sectoid]));
    s.act(0, Action::TargetUnit(sectoid))?;
    s.pass_all()?;
    assert!(!s.unit(sectoid)?.on_map());
    assert!(s.hand(0).is_empty());
    assert_eq!(s.state().units_left(1), 1);
    assert!(
        s.outcome().is_none(),
        "the controlled Muton still counts for the aliens"
    );
    end_turn(&mut s)?;
    assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    assert_eq!(s.unit(muton)?.controller, 0);
    assert!(!acts_for(&s, 1, muton), "the owner cannot use it meanwhile");
    end_turn(&mut s)?;
    assert_eq!(s.state().turn(), 3);
    assert_eq!(s.unit(muton)?.controller, 0);
    assert!(acts_for(&s, 0, muton));
    end_turn(&mut s)?;
    assert_eq!(s.state().turn(), 4);
    let m = *s.unit(muton)?;
    assert_eq!((m.controller, m.control_until, m.hits), (1, 0, 2));
    assert!(acts_for(&s, 1, muton));
    Ok(())
}

// sk.special.mind-control-kill, sk.gap.67: Spec 5 makes the controlled unit kill itself;
// there is no blast.
#[test]
fn sk_special_mind_control_kill_spec5() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "specialist-support", 0, 1)
        .psi()
        .unit(1, "muton", 4, 1)
        .unit(1, "sectoid", 5, 1)
        .hand(0, &["spec-2", "spec-5", "spec-4"])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "psi", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    // sk.special.mind-control-use, sk.gap.65: the controller's Spec cards use the Muton's
    // own table (Hand to Hand on the adjacent Sectoid).
    assert!(spec_tables(&s, 0, 4, UnitId(1))?.contains("muton"));
    let kill = Action::SelfDestruct {
        card: s.card("spec-5")?,
        unit: UnitId(1),
    };
    assert!(s.legal(0).contains(&kill));
    s.act(0, kill)?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Dead { turn: 1 });
    assert!(s.unit(UnitId(2))?.on_map());
    assert!(s.rolls("sk.area.splash").is_empty());
    Ok(())
}

// sk.special.mind-control-kill, sk.gap.67: Spec 6 is a grenade: the unit dies and every
// occupied neighbour rolls for splash, friend or foe.
#[test]
fn sk_special_mind_control_kill_spec6_grenade_splashes() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "specialist-support", 0, 1)
        .psi()
        .unit(1, "muton", 4, 1)
        .unit(1, "sectoid", 5, 1)
        .unit(0, "specialist-heavy", 4, 2)
        .unit(1, "sectoid", 8, 3)
        .hand(0, &["spec-2", "spec-6"])
        .dice(&[5, 5])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "psi", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    s.act(
        0,
        Action::SelfDestruct {
            card: s.card("spec-6")?,
            unit: UnitId(1),
        },
    )?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Dead { turn: 1 });
    assert_eq!(s.rolls("sk.area.splash"), vec![5, 5]);
    assert!(!s.unit(UnitId(2))?.on_map());
    assert_eq!(hits(&s, UnitId(3))?, 1);
    Ok(())
}

// sk.end.hand-limit, sk.gap.19: in the End phase the active side discards down to 5 cards, 4
// with exactly 2 units, 3 with 1 unit, choosing the cards.
#[test]
fn sk_end_hand_limit_by_units_left() -> R {
    for (units, limit) in [(1u8, 3usize), (2, 4), (3, 5)] {
        let mut f = Fixture::flat(9, 4).unit(1, "sectoid", 8, 3);
        for i in 0..units {
            f = f.unit(0, "squaddie", 0, i);
        }
        let mut s = f
            .hand(
                0,
                &["maneuver", "maneuver", "maneuver", "maneuver", "run", "run"],
            )
            .build()?;
        s.act(0, Action::EndTurn)?;
        let over = 6 - limit;
        assert!(
            matches!(
                s.state().stack().last(),
                Some(Frame::Discard { seat: 0, left, why: DiscardWhy::End }) if usize::from(*left) == over
            ),
            "{units} unit(s): {:?}",
            s.state().stack()
        );
        for c in ["run", "run", "maneuver"].iter().take(over) {
            s.act(0, Action::Discard(s.card(c)?))?;
        }
        assert_eq!(s.hand(0).len(), limit);
        assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    }
    Ok(())
}

// sk.victory.annihilation: destroying the last enemy unit wins at once.
#[test]
fn sk_victory_annihilation_last_enemy_destroyed() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "sectoid", 1, 0)
        .hand(0, &["point-blank"])
        .build()?;
    s.act(0, card(&s, "point-blank", UnitId(0))?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.state().ending(), Some(Ending::Won(0)));
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert_eq!(o.winners, SeatSet::only(Seat(0))),
        Decision::Act(seat) => return Err(format!("{seat} still to act")),
    }
    assert!(s.legal(0).is_empty() && s.legal(1).is_empty());
    assert!(s.act(0, Action::EndTurn).is_err());
    assert!(s.cited("sk.victory.annihilation"));
    Ok(())
}

// sk.victory.annihilation, sk.gap.8, sk.special.mind-control-kill: a Mind-Control grenade that
// kills the last unit of both sides at once is a draw.
#[test]
fn sk_victory_both_sides_wiped_at_once_is_a_draw() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "specialist-support", 0, 1)
        .psi()
        .hits(1)
        .unit(1, "muton", 4, 1)
        .hand(0, &["spec-2", "sprint", "spec-6"])
        .dice(&[5])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "psi", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    s.act(0, card(&s, "sprint", UnitId(1))?)?;
    s.act(0, Action::MoveTo(s.hex(1, 1)?))?;
    s.pass_all()?;
    assert!(s.outcome().is_none());
    s.act(
        0,
        Action::SelfDestruct {
            card: s.card("spec-6")?,
            unit: UnitId(1),
        },
    )?;
    assert_eq!(s.state().ending(), Some(Ending::BothWiped));
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert_eq!(o.winners, SeatSet::NONE),
        Decision::Act(seat) => return Err(format!("{seat} still to act")),
    }
    Ok(())
}

// sk.special.zombify, sk.gap.62: the new Zombie acts from its side's next turn.
#[test]
fn sk_special_zombify_zombie_acts_next_turn() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(1, "chryssalid", 0, 1)
        .unit(0, "squaddie", 1, 1)
        .unit(0, "squaddie", 8, 3)
        .hand(1, &["spec-3"])
        .active(1)
        .build()?;
    s.act(1, spec(&s, 3, UnitId(0), "chryssalid", 0)?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    let z = UnitId(3);
    assert!(!acts_for(&s, 1, z));
    end_turn(&mut s)?;
    end_turn(&mut s)?;
    assert_eq!((s.state().turn(), s.state().active()), (3, 1));
    assert!(acts_for(&s, 1, z));
    Ok(())
}

// sk.special.spawn, sk.gap.60, sk.detect.start-hidden: under Detection the new Outsider is
// Hidden exactly when its parent is.
#[test]
fn sk_special_spawn_inherits_hidden_status() -> R {
    for parent_hidden in [true, false] {
        let mut s = Fixture::flat(9, 4)
            .unit(1, "outsider", 2, 1)
            .hidden(parent_hidden)
            .unit(0, "squaddie", 8, 3)
            .hand(1, &["spec-5"])
            .active(1)
            .option("detection", "on")?
            .build()?;
        s.act(1, spec(&s, 5, UnitId(0), "outsider", 0)?)?;
        s.act(1, Action::TargetHex(s.hex(1, 1)?))?;
        assert_eq!(s.unit(UnitId(2))?.hidden, parent_hidden);
    }
    Ok(())
}

// sk.special.reflect, sk.gap.64, sk.table.adv-assault (row 1, Alloy Cannon): the reflected
// attack keeps its Damage +3, so 4 Hits kill the 3-Hit Officer that fired it.
#[test]
fn sk_special_reflect_keeps_damage_bonus() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "officer-assault", 0, 1)
        .unit(0, "squaddie", 0, 3)
        .unit(1, "ethereal", 3, 1)
        .hand(0, &["spec-1"])
        .hand(1, &["spec-1"])
        .build()?;
    s.act(0, spec(&s, 1, UnitId(0), "adv-assault", 0)?)?;
    s.act(0, Action::TargetUnit(UnitId(2)))?;
    s.act(1, spec(&s, 1, UnitId(2), "ethereal", 0)?)?;
    s.pass_all()?;
    assert_eq!(s.unit(UnitId(0))?.life, Life::Dead { turn: 1 });
    assert_eq!(hits(&s, UnitId(2))?, 4);
    Ok(())
}

// sk.victory.annihilation, sk.gap.7, sk.special.zombify: a zombified last unit counts as
// lost, so the aliens win although a Zombie now stands in its hex.
#[test]
fn sk_victory_zombified_last_unit_counts_as_lost() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(1, "hatchling", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .hand(1, &["point-blank"])
        .active(1)
        .build()?;
    s.act(1, card(&s, "point-blank", UnitId(0))?)?;
    s.act(1, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.unit(UnitId(1))?.life, Life::Zombified);
    assert_eq!(s.state().ending(), Some(Ending::Won(1)));
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert_eq!(o.winners, SeatSet::only(Seat(1))),
        Decision::Act(seat) => return Err(format!("{seat} still to act")),
    }
    Ok(())
}

#[test]
fn sk_gap_8_a_grenade_that_kills_both_last_units_is_a_draw() -> R {
    // A grenade thrown at an adjacent hex (range_mode=max) kills the last Thin Man and its
    // splash kills the thrower, the last Squaddie, in the same effect.
    let mut s = Fixture::flat(6, 2)
        .option("range_mode", "max")?
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .hand(0, &["spec-5"])
        .dice(&[6])
        .build()?;
    let a = s.unit_at(0, 0)?;
    play_spec(&mut s, 0, 5, a, "squaddie", 0)?;
    s.act(0, Action::TargetHex(s.hex(1, 0)?))?;
    let o = s.outcome().ok_or("game over")?;
    assert!(o.winners.is_empty());
    assert!(s.cited("sk.gap.8"));
    Ok(())
}

#[test]
fn sk_gap_7_mind_controlled_units_still_count_for_their_owner() -> R {
    // The aliens' only unit is under X-Com control: the aliens have not lost.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .build()?;
    let t = s.unit_at(4, 0)?;
    let u = s.unit_mut(t)?;
    u.controller = 0;
    u.control_until = 3;
    s.act(0, Action::EndTurn)?;
    assert!(s.outcome().is_none());
    Ok(())
}

#[test]
fn stalemate_option_ends_a_game_nobody_can_win() -> R {
    // Unarmed Civilians on both sides can never attack (sk.unit.civilian-unarmed): with
    // stalemate=draw the game ends as a draw; with play-on it goes on.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "civilian", 0, 0)
        .unit(1, "civilian", 5, 1)
        .build()?;
    s.act(0, Action::EndTurn)?;
    let o = s.outcome().ok_or("game over")?;
    assert!(o.winners.is_empty());
    let mut s = Fixture::flat(6, 2)
        .option("stalemate", "play-on")?
        .unit(0, "civilian", 0, 0)
        .unit(1, "civilian", 5, 1)
        .build()?;
    s.act(0, Action::EndTurn)?;
    assert!(s.outcome().is_none());
    Ok(())
}

// The AI's evaluation of a position stays in its range and favours the side with more units.
#[test]
fn evaluate_stays_in_range_and_favours_the_stronger_side() -> R {
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 5, 1)
        .build()?;
    let (a, b) = (
        s.ruleset().evaluate(s.state(), Seat(0)),
        s.ruleset().evaluate(s.state(), Seat(1)),
    );
    assert!(a > 0 && b < 0);
    assert!((-1000..=1000).contains(&a) && (-1000..=1000).contains(&b));
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
    s.play_card(0, "short-range", o)?;
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
