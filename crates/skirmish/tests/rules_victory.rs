//! The end of the game (sk.victory.annihilation, sk.gap.7, sk.gap.8, the stalemate option)
//! and what each seat may observe.

use crate::support::play_spec;
use squadsight_core::{GameRng, Ruleset, Seat, SeatSet, Stream};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::Fixture;

type R = Result<(), String>;

#[test]
fn sk_victory_annihilation_by_destroying_every_enemy() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    let (a, t) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    s.play_card(0, "short-range", a)?;
    s.act(0, Action::TargetUnit(t))?;
    let o = s.outcome().ok_or("game over")?;
    assert_eq!(o.winners, SeatSet::only(Seat(0)));
    assert!(s.legal(0).is_empty() && s.legal(1).is_empty());
    assert!(s.cited("sk.victory.annihilation"));
    Ok(())
}

#[test]
fn sk_gap_8_both_wiped_out_at_once_is_a_draw() -> R {
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

#[test]
fn observation_hides_the_other_hand_and_the_deck_order() -> R {
    // sk.deck.hidden-hands: a seat sees its own hand and only counts of the rest; a
    // determinized state deals the unseen cards consistently.
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["run", "tough"])
        .hand(1, &["sprint", "spec-1", "spec-2"])
        .build()?;
    let obs = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!(obs.hand().len(), 2);
    assert_eq!(obs.known_other().len(), 0);
    assert_eq!(obs.other_hand, 3);
    assert_eq!(obs.deck_left, 51 - 5);
    let mut rng = GameRng::new(9);
    let det = s.ruleset().determinize(&obs, &mut rng);
    assert_eq!(det.hand(0), s.state().hand(0));
    assert_eq!(det.hand(1).len(), 3);
    assert_eq!(det.deck().remaining(), 51 - 5);
    let mut all: Vec<u8> = det
        .hand(0)
        .cards()
        .chain(det.hand(1).cards())
        .chain(det.deck().draw_pile().iter().copied())
        .map(|c| c.0)
        .collect();
    all.sort_unstable();
    let mut want: Vec<u8> = s.ruleset().catalog().deck().iter().map(|c| c.0).collect();
    want.sort_unstable();
    assert_eq!(all, want);
    // The observer's own legal actions are the same in any determinization.
    let mut other = GameRng::new(10);
    let _ = other.next_u32(Stream::Ai);
    let det2 = s.ruleset().determinize(&obs, &mut other);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    s.ruleset().legal_actions(&det, Seat(0), &mut a);
    s.ruleset().legal_actions(&det2, Seat(0), &mut b);
    assert_eq!(a, b);
    assert_eq!(a, s.legal(0));
    Ok(())
}

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
