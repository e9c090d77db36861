//! Behaviour tests for the optional Detection and Panic rules (clause index sections 17 and
//! 18), with every die pinned.

use crate::support::{R, acts_for, can_play, card, end_turn, hits, play_spec, shoot, spec};
use squadsight_core::{Ruleset, Seat};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::{Life, PanicEffect, UnitId};

fn free_move(s: &mut Session, side: u8, unit: UnitId, col: u8, row: u8) -> R {
    let to = s.hex(col, row)?;
    s.act(side, Action::FreeMove { unit, to })
}

/// Plays deck card `name` for `by` at `at` as `side`, and lets every answer pass.
fn fire(s: &mut Session, side: u8, name: &str, by: UnitId, at: UnitId) -> R {
    shoot(s, side, name, by, at)?;
    s.pass_all()
}

/// The rules of the rolled events, in order.
fn roll_order(s: &Session) -> Vec<&'static str> {
    s.events()
        .iter()
        .filter(|e| e.roll.is_some())
        .map(|e| e.rule)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Section 17: Detection
// ---------------------------------------------------------------------------------------

// sk.detect.optional, sk.detect.start-hidden: with Detection on every unit of both sides
// starts with a Hidden Token; with it off (the default) none does.
#[test]
fn sk_detect_start_hidden_only_when_switched_on() -> R {
    let build = |detection: Option<&str>| {
        let f = Fixture::flat(6, 2)
            .unit(0, "squaddie", 0, 0)
            .unit(0, "squaddie", 0, 1)
            .unit(1, "sectoid", 5, 0);
        match detection {
            Some(v) => f.option("detection", v)?.build(),
            None => f.build(),
        }
    };
    let on = build(Some("on"))?;
    assert!(on.state().units().iter().all(|u| u.hidden));
    for off in [build(Some("off"))?, build(None)?] {
        assert!(off.state().units().iter().all(|u| !u.hidden));
    }
    Ok(())
}

// sk.detect.optional: with Detection off an attack on a unit is never rolled for, even if it
// were marked Hidden.
#[test]
fn sk_detect_optional_off_means_no_detection_roll() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "muton", 1, 0)
        .hidden(true)
        .hand(0, &["point-blank"])
        .build()?;
    shoot(&mut s, 0, "point-blank", UnitId(0), UnitId(1))?;
    assert_eq!(hits(&s, UnitId(1))?, 2);
    assert!(!s.cited("sk.detect.table"));
    Ok(())
}

// sk.detect.reveal-roll, sk.gap.70: a Hidden unit that moves rolls 1D6 and loses its HT on
// 4–6, keeps it on 1–3; the foe stands close enough that the mover cannot hide again
// (sk.detect.hiding).
#[test]
fn sk_detect_reveal_roll_on_move() -> R {
    let cases = [
        ("sectoid", 3, 3u8, false),
        ("sectoid", 3, 4, true),
        ("sectoid", 3, 6, true),
        ("sectoid", 3, 1, false),
        ("thin-man", 4, 4, true),
        ("thin-man", 4, 3, false),
    ];
    for (foe, col, face, revealed) in cases {
        let case = format!("{foe} at ({col},1), face {face}");
        let mut s = Fixture::flat(8, 3)
            .unit(0, "squaddie", 0, 1)
            .unit(1, foe, col, 1)
            .option("detection", "on")?
            .dice(&[face])
            .build()?;
        free_move(&mut s, 0, UnitId(0), 1, 1)?;
        assert_eq!(
            s.rolls("sk.detect.reveal-roll"),
            vec![u32::from(face)],
            "{case}"
        );
        assert_eq!(s.unit(UnitId(0))?.hidden, !revealed, "{case}");
    }
    Ok(())
}

/// A detected `hunter` (unit 0) at (0,1) holding `hand`, and a Hidden 3-Hit Muton (unit 1) at
/// (`col`,1), with Detection on and the next dice `dice`.
fn muton_hunt(hunter: &str, col: u8, hand: &str, dice: &[u8]) -> Result<Fixture, String> {
    Ok(Fixture::flat(8, 3)
        .unit(0, hunter, 0, 1)
        .hidden(false)
        .unit(1, "muton", col, 1)
        .hand(0, &[hand])
        .option("detection", "on")?
        .dice(dice))
}

/// An attack by a detected unit on a Hidden 3-Hit Muton with the Detection die showing
/// `face`: `close` puts the Muton at range 3 (Medium Range), otherwise at range 4 (Long
/// Range). Returns the session after the attack.
fn flush_out(face: u8, close: bool) -> Result<Session, String> {
    let (col, c) = if close {
        (3, "medium-range")
    } else {
        (4, "long-range")
    };
    let mut s = muton_hunt("squaddie", col, c, &[face])?.build()?;
    fire(&mut s, 0, c, UnitId(0), UnitId(1))?;
    Ok(s)
}

// sk.detect.flush, sk.detect.table, sk.detect.card-fate, sk.detect.close-bonus: every row of
// the Detection Table, from range 4 (no modifier) and from range 3 (+1, a modified 7 is row
// 6): whether the target keeps its HT, whether the attack hits, and where the card goes.
#[test]
fn sk_detect_table_every_row_with_and_without_close_bonus() -> R {
    // (row, keeps HT, hits, card back to hand)
    let rows = [
        (1u8, true, false, true),
        (2, true, false, false),
        (3, true, true, false),
        (4, false, false, false),
        (5, false, false, true),
        (6, false, true, false),
    ];
    for close in [false, true] {
        for face in 1..=6u8 {
            let s = flush_out(face, close)?;
            let row = (face + u8::from(close)).min(6);
            let (_, keeps, hit, back) = rows[usize::from(row - 1)];
            let what = format!("face {face}, close {close}, row {row}");
            assert_eq!(s.rolls("sk.detect.table"), vec![u32::from(face)], "{what}");
            assert_eq!(s.cited("sk.detect.close-bonus"), close, "{what}");
            let m = s.unit(UnitId(1))?;
            assert_eq!(m.hidden, keeps, "{what}");
            assert_eq!(m.hits, if hit { 2 } else { 3 }, "{what}");
            let c = s.card(if close { "medium-range" } else { "long-range" })?;
            assert_eq!(s.hand(0).has(c), back, "{what}");
            assert_eq!(s.state().deck().discards().contains(&c), !back, "{what}");
        }
    }
    Ok(())
}

// sk.detect.area-miss, sk.gap.72, sk.table.spec-heavy (row 2, Rocket Launcher): on a Wasted
// Attack the target hex takes no full damage (2 Hits) but rolls like a splash hex, and the
// neighbours roll as usual.
#[test]
fn sk_detect_area_miss_still_splashes() -> R {
    let mut s = Fixture::flat(10, 5)
        .unit(0, "specialist-heavy", 0, 2)
        .hidden(false)
        .unit(1, "muton", 6, 2)
        .unit(1, "muton", 7, 2)
        .option("detection", "on")?
        .hand(0, &["spec-2"])
        .dice(&[2, 5, 6])
        .build()?;
    s.act(0, spec(&s, 2, UnitId(0), "spec-heavy", 0)?)?;
    s.act(0, Action::TargetHex(s.hex(6, 2)?))?;
    s.pass_all()?;
    assert_eq!(s.rolls("sk.detect.table"), vec![2]);
    assert_eq!(s.rolls("sk.detect.area-miss"), vec![5]);
    assert_eq!(s.rolls("sk.area.splash"), vec![6]);
    assert_eq!(hits(&s, UnitId(1))?, 2, "1 Hit of splash, not 2");
    assert_eq!(hits(&s, UnitId(2))?, 2);
    Ok(())
}

// sk.detect.hiding, sk.gap.73: a detected unit ending a move 5 or more hexes from every foe
// takes a Hidden Token again; a Flyer must be 6 or more away.
#[test]
fn sk_detect_hiding_after_moving_far_enough() -> R {
    for (foe, hides) in [("sectoid", true), ("floater", false)] {
        let mut s = Fixture::flat(9, 3)
            .unit(0, "squaddie", 3, 1)
            .hidden(false)
            .unit(1, foe, 0, 1)
            .hand(0, &["run"])
            .option("detection", "on")?
            .build()?;
        s.act(0, card(&s, "run", UnitId(0))?)?;
        s.act(0, Action::MoveTo(s.hex(5, 1)?))?;
        s.pass_all()?;
        assert_eq!(s.unit(UnitId(0))?.hidden, hides, "{foe} at range 5");
        assert_eq!(s.cited("sk.detect.hiding"), hides);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Section 18: Panic
// ---------------------------------------------------------------------------------------

/// The aliens kill a Squaddie next to a friend of type `watcher` who sees it die; the
/// watcher's Panic die shows `face`.
fn friend_killed(watcher: &str, face: u8, panic: bool) -> Result<Session, String> {
    let mut s = Fixture::flat(9, 5)
        .unit(0, "squaddie", 0, 1)
        .unit(0, watcher, 0, 3)
        .unit(0, "shiv", 8, 4)
        .unit(1, "sectoid", 1, 1)
        .unit(1, "sectoid", 8, 0)
        .hand(1, &["point-blank"])
        .active(1)
        .option("panic", if panic { "on" } else { "off" })?
        .dice(&[face])
        .build()?;
    fire(&mut s, 1, "point-blank", UnitId(3), UnitId(0))?;
    assert_eq!(s.unit(UnitId(0))?.life, Life::Dead { turn: 1 });
    Ok(s)
}

// sk.panic.optional: with Panic off nobody rolls.
#[test]
fn sk_panic_optional_off_means_no_roll() -> R {
    let s = friend_killed("specialist-heavy", 1, false)?;
    assert!(!s.cited("sk.panic.table"));
    assert_eq!(s.unit(UnitId(1))?.panic_effect, None);
    Ok(())
}

/// What a unit that sees a friend killed gets from the Panic Table.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Panicked {
    /// It does not roll at all.
    NoRoll,
    /// It rolls and keeps cool.
    KeepCool,
    /// It rolls and suffers this effect through its side's next turn (turn 2).
    Effect(PanicEffect),
    /// It rolls and routs: off the map, lost but not killed.
    Rout,
}

/// (watcher, die face, result): the Panic Table's rows for a Specialist (no modifier), the
/// Squaddie's −1 and the Hero's +1, and a SHIV that never rolls.
const PANIC_ROLLS: &[(&str, u8, Panicked)] = &[
    ("specialist-heavy", 1, Panicked::Rout),
    ("specialist-heavy", 2, Panicked::Effect(PanicEffect::Cower)),
    ("specialist-heavy", 3, Panicked::Effect(PanicEffect::Pinned)),
    (
        "specialist-heavy",
        4,
        Panicked::Effect(PanicEffect::Berserk),
    ),
    ("specialist-heavy", 5, Panicked::KeepCool),
    ("specialist-heavy", 6, Panicked::KeepCool),
    ("squaddie", 2, Panicked::Rout),
    ("squaddie", 3, Panicked::Effect(PanicEffect::Cower)),
    ("squaddie", 4, Panicked::Effect(PanicEffect::Pinned)),
    ("squaddie", 5, Panicked::Effect(PanicEffect::Berserk)),
    ("hero-heavy", 1, Panicked::Effect(PanicEffect::Cower)),
    ("hero-assault", 2, Panicked::Effect(PanicEffect::Pinned)),
    ("hero-heavy", 4, Panicked::KeepCool),
    ("hero-assault", 4, Panicked::KeepCool),
    ("shiv", 1, Panicked::NoRoll),
];

/// sk.panic.trigger-friend-killed, sk.panic.table, sk.panic.modifiers, sk.panic.rout,
/// sk.panic.human-only, sk.gap.74, sk.gap.78, sk.gap.79: every case of [`PANIC_ROLLS`], each
/// failure naming its watcher and face.
#[test]
fn sk_panic_table_rows_and_modifiers_for_a_friend_killed() -> R {
    for &(watcher, face, want) in PANIC_ROLLS {
        let case = format!("{watcher} rolling {face}");
        let s = friend_killed(watcher, face, true).map_err(|e| format!("{case}: {e}"))?;
        let u = s.unit(UnitId(1))?;
        let rolls = if want == Panicked::NoRoll {
            vec![]
        } else {
            vec![u32::from(face)]
        };
        assert_eq!(s.rolls("sk.panic.table"), rolls, "{case}: rolls");
        let effect = match want {
            Panicked::Effect(e) => Some((e, 2)),
            _ => None,
        };
        assert_eq!(u.panic_effect, effect, "{case}: effect");
        assert_eq!(
            u.life == Life::Routed,
            want == Panicked::Rout,
            "{case}: routed"
        );
        assert_eq!(u.on_map(), want != Panicked::Rout, "{case}: on the map");
        let modified = watcher == "squaddie" || watcher.starts_with("hero");
        assert_eq!(s.cited("sk.panic.modifiers"), modified, "{case}: modifier");
        if want == Panicked::Rout {
            assert!(s.cited("sk.panic.rout"), "{case}");
            assert_eq!(s.state().units_left(0), 1, "{case}: only the SHIV is left");
        }
    }
    Ok(())
}

/// On the aliens' turn, with Panic on, a Sectoid (unit 2) at (1,1) beside a 1-Hit Squaddie
/// (unit 0) at (0,1), a second Squaddie (unit 1) far off at (8,4); the aliens hold `attacks`
/// Point Blank cards and X-Com as many Suppression Tokens; the next dice are `dice`.
fn sectoid_beside_squaddie(attacks: u16, dice: &[u8]) -> Result<Session, String> {
    Fixture::flat(9, 5)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 8, 4)
        .unit(1, "sectoid", 1, 1)
        .hand(1, &vec!["point-blank"; usize::from(attacks)])
        .tokens(0, attacks)
        .active(1)
        .option("panic", "on")?
        .dice(dice)
        .build()
}

// sk.panic.trigger-attacks, sk.panic.cower, sk.gap.75, sk.gap.78: a 1-Hit Squaddie attacked
// twice in one turn (both attacks stopped by ST, which still count) rolls once; 3 − 1 = 2 is
// Cower: immobilised for its side's next turn only.
#[test]
fn sk_panic_trigger_attacks_and_cower() -> R {
    let mut s = sectoid_beside_squaddie(2, &[4, 4, 3])?;
    let (sq, sec) = (UnitId(0), UnitId(2));
    fire(&mut s, 1, "point-blank", sec, sq)?;
    assert!(
        s.rolls("sk.panic.table").is_empty(),
        "1 attack is not more than 1 Hit"
    );
    fire(&mut s, 1, "point-blank", sec, sq)?;
    assert_eq!(s.rolls("sk.suppression.roll"), vec![4, 4]);
    assert_eq!(s.rolls("sk.panic.table"), vec![3]);
    let u = *s.unit(sq)?;
    assert_eq!((u.hits, u.attacked), (1, 2));
    assert_eq!(u.panic_effect, Some((PanicEffect::Cower, 2)));
    assert!(!u.immobile(1) && u.immobile(2) && !u.immobile(3));
    end_turn(&mut s)?;
    assert_eq!(s.state().active(), 0);
    assert!(!acts_for(&s, 0, sq), "cowering");
    assert!(acts_for(&s, 0, UnitId(1)));
    Ok(())
}

// sk.panic.pinned, sk.gap.80: on its next turn a Pinned unit may not move or act.
#[test]
fn sk_panic_pinned_unit_cannot_act_next_turn() -> R {
    let mut s = friend_killed("specialist-heavy", 3, true)?;
    end_turn(&mut s)?;
    assert_eq!((s.state().turn(), s.state().active()), (2, 0));
    assert!(s.unit(UnitId(1))?.pinned(2));
    assert!(!acts_for(&s, 0, UnitId(1)));
    assert!(acts_for(&s, 0, UnitId(2)), "the SHIV acts as usual");
    Ok(())
}

// sk.panic.berserk, sk.gap.80: on its next turn a Berserk unit's free move must bring it
// nearer the nearest visible foe, and the turn may not end before it has moved.
#[test]
fn sk_panic_berserk_must_close_in() -> R {
    let mut s = friend_killed("specialist-heavy", 4, true)?;
    end_turn(&mut s)?;
    let b = UnitId(1);
    assert!(s.unit(b)?.berserk(2));
    let legal = s.legal(0);
    let moves: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::FreeMove { unit, .. } if *unit == b))
        .collect();
    assert_eq!(
        moves,
        vec![Action::FreeMove {
            unit: b,
            to: s.hex(1, 2)?
        }]
    );
    assert!(!legal.contains(&Action::EndTurn));
    s.act(0, moves[0])?;
    s.pass_all()?;
    assert!(s.legal(0).contains(&Action::EndTurn));
    Ok(())
}

// sk.panic.trigger-new-alien, sk.gap.76, sk.gap.77: a Human unit that first sees an alien type
// rolls (6 − 1 = 5, Keep Cool); seeing the same type again later brings no new roll.
#[test]
fn sk_panic_trigger_new_alien_type_once() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "sectoid", 5, 1)
        .option("panic", "on")?
        .dice(&[6])
        .build()?;
    let sq = UnitId(0);
    assert_eq!(s.unit(sq)?.seen_types, 0);
    free_move(&mut s, 0, sq, 1, 1)?;
    s.pass_all()?;
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    let bit = 1u64 << s.unit(UnitId(1))?.kind.0;
    assert_eq!(s.unit(sq)?.seen_types, bit);
    assert_eq!(s.unit(sq)?.panic_effect, None);
    end_turn(&mut s)?;
    end_turn(&mut s)?;
    assert_eq!(s.state().turn(), 3);
    free_move(&mut s, 0, sq, 2, 1)?;
    s.pass_all()?;
    assert_eq!(
        s.rolls("sk.panic.table").len(),
        1,
        "the type was already seen"
    );
    Ok(())
}

// sk.detect.reveal-roll, sk.gap.70: a Hidden unit that attacks rolls to stay hidden first.
#[test]
fn sk_detect_reveal_roll_on_attack() -> R {
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "muton", 1, 1)
        .hidden(false)
        .hand(0, &["point-blank"])
        .option("detection", "on")?
        .dice(&[5])
        .build()?;
    fire(&mut s, 0, "point-blank", UnitId(0), UnitId(1))?;
    assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![5]);
    assert!(!s.unit(UnitId(0))?.hidden);
    assert!(
        s.rolls("sk.detect.table").is_empty(),
        "the target was not Hidden"
    );
    assert_eq!(hits(&s, UnitId(1))?, 2);
    Ok(())
}

// sk.detect.flush, sk.detect.card-fate, sk.detect.close-bonus, sk.gap.29, sk.effect.ranged:
// a Range = N effect on a Hidden foe needs a Detection roll too: 4 + 1 = Detected (HT gone,
// not allowed, card back in hand); 5 + 1 = Detect and Attack (the Arc Thrower lands).
#[test]
fn sk_detect_ranged_effect_needs_detection_roll() -> R {
    for (face, lands) in [(4u8, false), (5, true)] {
        let mut s = muton_hunt("officer-support", 2, "spec-4", &[face])?.build()?;
        s.act(0, spec(&s, 4, UnitId(0), "adv-support", 0)?)?;
        s.act(0, Action::TargetUnit(UnitId(1)))?;
        s.pass_all()?;
        let m = s.unit(UnitId(1))?;
        assert!(!m.hidden);
        assert_eq!(m.immobile(1), lands, "face {face}");
        assert_eq!(s.hand(0).has(s.card("spec-4")?), !lands, "face {face}");
    }
    Ok(())
}

// sk.panic.trigger-attacks, sk.gap.77: however many triggers follow, a unit rolls at most once
// per turn.
#[test]
fn sk_panic_at_most_one_roll_per_turn() -> R {
    let mut s = sectoid_beside_squaddie(3, &[4, 4, 6, 4])?;
    for _ in 0..3 {
        fire(&mut s, 1, "point-blank", UnitId(2), UnitId(0))?;
    }
    assert_eq!(s.rolls("sk.suppression.roll"), vec![4, 4, 4]);
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    assert_eq!(s.unit(UnitId(0))?.attacked, 3);
    Ok(())
}

// sk.detect.flush, sk.gap.71: the Detection roll comes before the defender's ST roll, and a
// Detect and Attack result can still be stopped by suppression.
#[test]
fn sk_detect_roll_precedes_suppression_roll() -> R {
    let mut s = muton_hunt("squaddie", 4, "long-range", &[6, 4])?
        .tokens(1, 1)
        .build()?;
    fire(&mut s, 0, "long-range", UnitId(0), UnitId(1))?;
    assert_eq!(
        roll_order(&s),
        vec!["sk.detect.table", "sk.suppression.roll"]
    );
    let m = s.unit(UnitId(1))?;
    assert!(!m.hidden);
    assert_eq!(m.hits, 3, "stopped by suppression");
    Ok(())
}

// sk.panic.trigger-new-alien, sk.gap.76: a Hidden alien is not seen, so it triggers nothing.
#[test]
fn sk_panic_new_alien_hidden_aliens_are_not_seen() -> R {
    let mut s = Fixture::flat(9, 4)
        .unit(0, "squaddie", 0, 1)
        .hidden(false)
        .unit(1, "sectoid", 5, 1)
        .option("panic", "on")?
        .option("detection", "on")?
        .build()?;
    free_move(&mut s, 0, UnitId(0), 1, 1)?;
    s.pass_all()?;
    assert!(s.rolls("sk.panic.table").is_empty());
    assert_eq!(s.unit(UnitId(0))?.seen_types, 0);
    Ok(())
}

/// On the aliens' turn a Thin Man at (2,0) shoots `victim` at (0,0) dead; `watcher` of type
/// `kind` stands at (0,1) and sees it. The next dice are `dice`.
fn friend_dies(kind: &str, dice: &[u8]) -> Result<(Session, UnitId), String> {
    friend_dies_on(Fixture::flat(8, 2).option("panic", "on")?, kind, dice)
}

/// [`friend_dies`] on the 8 × 2 map `f`, with its options.
fn friend_dies_on(f: Fixture, kind: &str, dice: &[u8]) -> Result<(Session, UnitId), String> {
    let mut s = f
        .unit(1, "thin-man", 2, 0)
        .unit(0, "squaddie", 0, 0)
        .unit(0, kind, 0, 1)
        .active(1)
        .hand(1, &["short-range"])
        .dice(dice)
        .build()?;
    let (tm, victim, watcher) = (s.unit_at(2, 0)?, s.unit_at(0, 0)?, s.unit_at(0, 1)?);
    fire(&mut s, 1, "short-range", tm, victim)?;
    assert!(!s.unit(victim)?.on_map());
    Ok((s, watcher))
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
    end_turn(&mut s)?;
    assert!(!s.legal(0).iter().any(|a| match a {
        Action::FreeMove { unit, .. } => *unit == w,
        Action::Card { unit, .. } => *unit == Some(w),
        Action::Spec { unit, .. } => *unit == w,
        _ => false,
    }));
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
    for _ in 0..2 {
        fire(&mut s, 1, "short-range", tm, sq)?;
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
    end_turn(&mut s)?;
    let back = s.hex(0, 0)?;
    s.act(0, Action::FreeMove { unit: u, to: back })?;
    assert_eq!(s.rolls("sk.panic.table").len(), 1);
    Ok(())
}

#[test]
fn sk_panic_optional_off_by_default() -> R {
    // sk.panic.optional: a table that never switches Panic on sees nobody roll.
    let (s, _) = friend_dies_on(Fixture::flat(8, 2), "squaddie", &[])?;
    assert!(!s.cited("sk.panic.table"));
    Ok(())
}

/// A revealed Squaddie at (0,0) shooting a Hidden Thin Man `d` hexes east on row 0.
fn duel(d: u8, dice: &[u8]) -> Result<(Session, UnitId, UnitId), String> {
    let s = Fixture::flat(9, 2)
        .option("detection", "on")?
        .unit(0, "squaddie", 0, 0)
        .hidden(false)
        .unit(1, "thin-man", d, 0)
        .unit(1, "thin-man", 8, 1)
        .hand(0, &["short-range", "long-range"])
        .dice(dice)
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(d, 0)?);
    Ok((s, a, t))
}

#[test]
fn sk_detect_table_rows_and_card_fate() -> R {
    // sk.detect.flush, sk.detect.table, sk.detect.card-fate at range 4 (no bonus):
    // 1 no attack, card kept; 2 miss, card spent; 3 hit, still hidden; 4 revealed, miss;
    // 5 revealed, no attack, card kept; 6 revealed and hit.
    let cases = [
        (1u8, true, true, true),
        (2, true, true, false),
        (3, false, true, false),
        (4, true, false, false),
        (5, true, false, true),
        (6, false, false, false),
    ];
    for (face, alive, hidden, kept) in cases {
        let (mut s, a, t) = duel(4, &[face])?;
        fire(&mut s, 0, "long-range", a, t)?;
        let u = s.unit(t)?;
        assert_eq!(u.on_map(), alive, "face {face}: alive");
        if alive {
            assert_eq!(u.hidden, hidden, "face {face}: hidden");
        }
        let lr = s.card("long-range")?;
        assert_eq!(s.hand(0).has(lr), kept, "face {face}: card kept");
        assert_eq!(s.rolls("sk.detect.table"), vec![u32::from(face)]);
    }
    Ok(())
}

#[test]
fn sk_detect_close_bonus_within_three_hexes() -> R {
    // sk.detect.close-bonus: +1 within 3 hexes, so a 5 counts as 6 (revealed and hit).
    let (mut s, a, t) = duel(2, &[5])?;
    fire(&mut s, 0, "short-range", a, t)?;
    assert!(!s.unit(t)?.on_map());
    assert!(s.cited("sk.detect.close-bonus"));
    Ok(())
}

#[test]
fn sk_detect_area_miss_still_splashes_the_target_hex() -> R {
    // sk.detect.area-miss, sk.gap.72: a missed grenade makes the target hex roll like a
    // splash hex (5+ deals 1 Hit).
    let mut s = Fixture::flat(9, 2)
        .option("detection", "on")?
        .unit(0, "squaddie", 0, 0)
        .hidden(false)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 8, 1)
        .hand(0, &["spec-5"])
        .dice(&[1, 5])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(3, 0)?);
    play_spec(&mut s, 0, 5, a, "squaddie", 0)?;
    let hex = s.hex(3, 0)?;
    s.act(0, Action::TargetHex(hex))?;
    s.pass_all()?;
    // Detection 1 + 1 (within 3) = 2: Wasted Attack; the target hex rolls 5: 1 Hit.
    assert!(!s.unit(t)?.on_map());
    assert_eq!(s.rolls("sk.detect.area-miss"), vec![5]);
    Ok(())
}

#[test]
fn sk_gap_69_hidden_positions_show_the_last_seen_hex() -> R {
    // With hidden_positions=hidden the opponent sees a Hidden unit where it was last seen.
    let mut s = Fixture::flat(10, 2)
        .option("detection", "on")?
        .option("hidden_positions", "hidden")?
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 9, 1)
        .dice(&[1])
        .build()?;
    let u = s.unit_at(0, 0)?;
    let (from, to) = (s.hex(0, 0)?, s.hex(1, 0)?);
    s.act(0, Action::FreeMove { unit: u, to })?;
    assert!(s.unit(u)?.hidden);
    let theirs = s.ruleset().observe(s.state(), Seat(1));
    assert_eq!(theirs.state.unit(u).map(|x| x.pos), Some(from));
    let mine = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!(mine.state.unit(u).map(|x| x.pos), Some(to));
    Ok(())
}

#[test]
fn sk_gap_69_bumping_into_an_unseen_unit_reveals_it() -> R {
    // With hidden positions, a unit may try to end where an unseen enemy really stands: the
    // enemy is revealed and the move does not happen.
    let mut s = Fixture::flat(10, 2)
        .option("detection", "on")?
        .option("hidden_positions", "hidden")?
        .unit(0, "squaddie", 0, 0)
        .hidden(false)
        .unit(1, "thin-man", 5, 1)
        .hidden(true)
        .build()?;
    let (sq, tm) = (s.unit_at(0, 0)?, s.unit_at(5, 1)?);
    // The Thin Man slipped to (1,0) unseen; X-Com still believes it is at (5,1).
    let there = s.hex(1, 0)?;
    s.unit_mut(tm)?.pos = there;
    assert!(s.legal(0).contains(&Action::FreeMove {
        unit: sq,
        to: there
    }));
    s.act(
        0,
        Action::FreeMove {
            unit: sq,
            to: there,
        },
    )?;
    assert_eq!(s.unit(sq)?.pos, s.hex(0, 0)?);
    assert!(!s.unit(tm)?.hidden);
    assert!(s.cited("sk.gap.69"));
    Ok(())
}

#[test]
fn sk_gap_29_ranged_effects_need_detection_against_hidden_targets() -> R {
    // A Range = N effect on a Hidden foe rolls on the Detection Table first: 1 (+1 within 3)
    // = 2, Wasted Attack, so Destroy Armor is wasted.
    let mut s = Fixture::flat(9, 2)
        .option("detection", "on")?
        .unit(1, "thin-man", 0, 0)
        .hidden(false)
        .unit(0, "squaddie", 2, 0)
        .hidden(true)
        .active(1)
        .hand(1, &["spec-3"])
        .dice(&[1])
        .build()?;
    let (tm, sq) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    let c = s.card("spec-3")?;
    let table = s.table("thin-man")?;
    s.act(
        1,
        Action::Spec {
            card: c,
            unit: tm,
            table,
            alt: 0,
        },
    )?;
    s.act(1, Action::TargetUnit(sq))?;
    assert_eq!(s.unit(sq)?.armor_off_until, 0);
    assert_eq!(s.rolls("sk.detect.table"), vec![1]);
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
    fire(&mut s, 0, "long-range", a, t)?;
    Ok((s, a, t))
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

#[test]
fn sk_detect_card_fate_no_second_try_at_the_same_target_this_turn() -> R {
    // sk.detect.card-fate (detection_retry = next-turn): Undetected keeps the card, but the
    // unit may not roll the table against that target again this turn; next turn it may.
    let (mut s, a, _) = hidden_duel(Fixture::flat(10, 2).dice(&[1]), false)?;
    assert_eq!(s.hand(0).len(), 2, "the card is kept");
    assert!(!can_play(&s, 0, "long-range", a)?, "retry offered at once");
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
    assert!(can_play(&s, 0, "long-range", a)?, "next turn it may try");
    // detection_retry = at-once keeps the old reading.
    let (s, a, _) = hidden_duel(
        Fixture::flat(10, 2)
            .dice(&[1])
            .option("detection_retry", "at-once")?,
        false,
    )?;
    assert!(can_play(&s, 0, "long-range", a)?);
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
    assert_eq!(
        roll_order(&s),
        vec!["sk.detect.table", "sk.detect.reveal-roll"]
    );
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
    fire(&mut s, 1, "short-range", tm, shiv)?;
    assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![4]);
    assert_eq!(s.rolls("sk.panic.table"), vec![6]);
    Ok(())
}
