//! The optional Panic rules (sk.panic.optional): triggers, the table, rank modifiers and the
//! four bad results.

use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{Life, PanicEffect, UnitId};

type R = Result<(), String>;

/// On the aliens' turn a Thin Man at (2,0) shoots `victim` at (0,0) dead; `watcher` of type
/// `kind` stands at (0,1) and sees it. The next dice are `dice`.
fn friend_dies(kind: &str, dice: &[u8]) -> Result<(Session, UnitId), String> {
    let mut s = Fixture::flat(8, 2)
        .option("panic", "on")?
        .unit(1, "thin-man", 2, 0)
        .unit(0, "squaddie", 0, 0)
        .unit(0, kind, 0, 1)
        .active(1)
        .hand(1, &["short-range"])
        .dice(dice)
        .build()?;
    let (tm, victim, watcher) = (s.unit_at(2, 0)?, s.unit_at(0, 0)?, s.unit_at(0, 1)?);
    s.play_card(1, "short-range", tm)?;
    s.act(1, Action::TargetUnit(victim))?;
    s.pass_all()?;
    assert!(!s.unit(victim)?.on_map());
    Ok((s, watcher))
}

#[test]
fn sk_panic_trigger_friend_killed_and_squaddie_modifier() -> R {
    // sk.panic.trigger-friend-killed, sk.panic.modifiers: a Squaddie rolls 5 − 1 = 4: Berserk
    // on its side's next turn (sk.panic.berserk, sk.gap.78).
    let (s, w) = friend_dies("squaddie", &[5])?;
    assert_eq!(s.rolls("sk.panic.table"), vec![5]);
    assert_eq!(s.unit(w)?.panic_effect, Some((PanicEffect::Berserk, 2)));
    assert!(s.cited("sk.panic.modifiers"));
    Ok(())
}

#[test]
fn sk_panic_modifiers_hero_adds_one() -> R {
    // A Hero rolls 4 + 1 = 5: Keep Cool.
    let (s, w) = friend_dies("hero-assault", &[4])?;
    assert_eq!(s.unit(w)?.panic_effect, None);
    let (s, w) = friend_dies("hero-assault", &[2])?;
    assert_eq!(s.unit(w)?.panic_effect, Some((PanicEffect::Pinned, 2)));
    Ok(())
}

#[test]
fn sk_panic_rout_removes_the_unit_as_lost() -> R {
    // sk.panic.rout, sk.gap.79: 2 − 1 = 1 routs; the unit is lost, not killed.
    let (s, w) = friend_dies("squaddie", &[2])?;
    assert_eq!(s.unit(w)?.life, Life::Routed);
    assert_eq!(s.state().units_left(0), 0);
    assert!(s.outcome().is_some());
    Ok(())
}

#[test]
fn sk_panic_cower_immobilises_on_the_next_turn() -> R {
    // sk.panic.cower: 3 − 1 = 2 Cower: immobilised on its next turn.
    let (mut s, w) = friend_dies("squaddie", &[3])?;
    assert_eq!(s.unit(w)?.panic_effect, Some((PanicEffect::Cower, 2)));
    s.act(1, Action::EndTurn)?;
    assert!(s.unit(w)?.immobile(2));
    assert!(
        !s.legal(0)
            .iter()
            .any(|a| matches!(a, Action::FreeMove { unit, .. } if *unit == w))
    );
    Ok(())
}

#[test]
fn sk_panic_pinned_only_defends() -> R {
    // sk.panic.pinned, sk.gap.80: 4 − 1 = 3 Pinned: no moves or attacks on its next turn.
    let (mut s, w) = friend_dies("squaddie", &[4])?;
    assert_eq!(s.unit(w)?.panic_effect, Some((PanicEffect::Pinned, 2)));
    s.act(1, Action::EndTurn)?;
    while s.state().stack().last().is_some() {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    assert!(!s.legal(0).iter().any(|a| match a {
        Action::FreeMove { unit, .. } => *unit == w,
        Action::Card { unit, .. } => *unit == Some(w),
        Action::Spec { unit, .. } => *unit == w,
        _ => false,
    }));
    Ok(())
}

#[test]
fn sk_panic_berserk_must_close_in() -> R {
    // sk.panic.berserk, sk.gap.80: a Berserk unit's free move must bring it nearer the
    // nearest foe, and the turn may not end before it has moved.
    let (mut s, w) = friend_dies("squaddie", &[5])?;
    s.act(1, Action::EndTurn)?;
    while s.state().stack().last().is_some() {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    let legal = s.legal(0);
    assert!(!legal.contains(&Action::EndTurn));
    let tm = s.unit_at(2, 0)?;
    let b = s.state().board();
    let now = b.distance(s.unit(w)?.pos, s.unit(tm)?.pos);
    for a in &legal {
        if let Action::FreeMove { unit, to } = a {
            if *unit == w {
                assert!(b.distance(*to, s.unit(tm)?.pos) < now);
            }
        }
    }
    Ok(())
}

#[test]
fn sk_panic_human_only() -> R {
    // sk.panic.human-only, sk.gap.74: a SHIV watching a friend die never rolls.
    let (s, w) = friend_dies("shiv", &[1])?;
    assert!(s.rolls("sk.panic.table").is_empty());
    assert_eq!(s.unit(w)?.panic_effect, None);
    Ok(())
}

#[test]
fn sk_panic_trigger_attacks_more_than_hits() -> R {
    // sk.panic.trigger-attacks, sk.gap.75: the second attack on a 1-Hit Squaddie in one turn
    // triggers a roll, even though suppression stopped both attacks.
    let mut s = Fixture::flat(8, 2)
        .option("panic", "on")?
        .unit(1, "thin-man", 2, 0)
        .unit(0, "squaddie", 0, 0)
        .active(1)
        .tokens(0, 2)
        .hand(1, &["short-range", "short-range"])
        .dice(&[6, 6, 6])
        .build()?;
    let (tm, sq) = (s.unit_at(2, 0)?, s.unit_at(0, 0)?);
    let c = s.card("short-range")?;
    for _ in 0..2 {
        s.act(
            1,
            Action::Card {
                card: c,
                unit: Some(tm),
            },
        )?;
        s.act(1, Action::TargetUnit(sq))?;
        s.pass_all()?;
    }
    assert_eq!(s.rolls("sk.suppression.roll"), vec![6, 6]);
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    assert_eq!(s.unit(sq)?.attacked, 2);
    Ok(())
}

#[test]
fn sk_panic_trigger_new_alien_once_per_type_and_one_roll_per_turn() -> R {
    // sk.panic.trigger-new-alien, sk.gap.76, sk.gap.77: the first sight of Thin Men triggers
    // a roll; seeing them again does not.
    let mut s = Fixture::flat(8, 2)
        .option("panic", "on")?
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 1)
        .dice(&[6])
        .build()?;
    let u = s.unit_at(0, 0)?;
    let to = s.hex(1, 0)?;
    s.act(0, Action::FreeMove { unit: u, to })?;
    s.pass_all()?;
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    assert_ne!(s.unit(u)?.seen_types, 0);
    s.act(0, Action::EndTurn)?;
    s.act(1, Action::EndTurn)?;
    while s.state().stack().last().is_some() {
        let a = s.legal(0)[0];
        s.act(0, a)?;
    }
    let back = s.hex(0, 0)?;
    s.act(0, Action::FreeMove { unit: u, to: back })?;
    assert_eq!(s.rolls("sk.panic.table").len(), 1);
    Ok(())
}

#[test]
fn sk_panic_optional_off_by_default() -> R {
    let mut s = Fixture::flat(8, 2)
        .unit(1, "thin-man", 2, 0)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .active(1)
        .hand(1, &["short-range"])
        .build()?;
    let (tm, v) = (s.unit_at(2, 0)?, s.unit_at(0, 0)?);
    s.play_card(1, "short-range", tm)?;
    s.act(1, Action::TargetUnit(v))?;
    s.pass_all()?;
    assert!(!s.cited("sk.panic.table"));
    Ok(())
}
