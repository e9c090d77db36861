//! The optional Detection rules (sk.detect.optional): Hidden Tokens, the reveal roll, the
//! Detection Table, card fate, area misses and hiding again.

use crate::support::{play_spec, shoot};
use squadsight_core::{Ruleset, Seat};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::state::UnitId;

type R = Result<(), String>;

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
fn sk_detect_start_hidden_with_the_option_on() -> R {
    // sk.detect.optional, sk.detect.start-hidden.
    let s = Fixture::flat(6, 2)
        .option("detection", "on")?
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 1)
        .build()?;
    assert!(s.state().on_map().all(|(_, u)| u.hidden));
    let off = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 1)
        .build()?;
    assert!(off.state().on_map().all(|(_, u)| !u.hidden));
    Ok(())
}

#[test]
fn sk_detect_reveal_roll_on_each_move() -> R {
    // sk.detect.reveal-roll, sk.gap.70: a Hidden unit that moves rolls 1D6; 4+ reveals it.
    for (face, hidden) in [(4u8, false), (3u8, true)] {
        let mut s = Fixture::flat(8, 2)
            .option("detection", "on")?
            .unit(0, "squaddie", 0, 0)
            // Close enough that the mover cannot hide again (sk.detect.hiding).
            .unit(1, "thin-man", 4, 1)
            .dice(&[face])
            .build()?;
        let u = s.unit_at(0, 0)?;
        let to = s.hex(1, 0)?;
        s.act(0, Action::FreeMove { unit: u, to })?;
        assert_eq!(s.unit(u)?.hidden, hidden);
        assert_eq!(s.rolls("sk.detect.reveal-roll"), vec![u32::from(face)]);
    }
    Ok(())
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
        shoot(&mut s, 0, "long-range", a, t)?;
        s.pass_all()?;
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
    shoot(&mut s, 0, "short-range", a, t)?;
    s.pass_all()?;
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
fn sk_detect_hiding_again_far_from_every_foe() -> R {
    // sk.detect.hiding, sk.gap.73: 5 hexes from every foe (6 from Snipers and Flyers).
    let mut s = Fixture::flat(12, 2)
        .option("detection", "on")?
        .unit(0, "squaddie", 5, 0)
        .hidden(false)
        .unit(1, "thin-man", 0, 0)
        .hidden(false)
        .build()?;
    let u = s.unit_at(5, 0)?;
    let to = s.hex(6, 0)?;
    s.act(0, Action::FreeMove { unit: u, to })?;
    s.pass_all()?;
    assert!(s.unit(u)?.hidden);
    let mut f = Fixture::flat(12, 2)
        .option("detection", "on")?
        .unit(0, "squaddie", 4, 0)
        .hidden(false)
        .unit(1, "floater", 0, 0)
        .hidden(false)
        .build()?;
    let u = f.unit_at(4, 0)?;
    let to = f.hex(5, 0)?;
    f.act(0, Action::FreeMove { unit: u, to })?;
    f.pass_all()?;
    assert!(!f.unit(u)?.hidden, "5 from a Flyer is not enough");
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
