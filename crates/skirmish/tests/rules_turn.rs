//! The turn cycle: setup, first player, the Tactical draw and discard, the End phase limit,
//! reshuffles and Friction.

use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::Fixture;
use squadsight_skirmish::options::Options;
use squadsight_skirmish::state::{Frame, Phase};

type R = Result<(), String>;

/// Side 1 with `n` units ends up drawing after side 0 ends its turn.
fn draw_for_units(n: u8) -> Result<usize, String> {
    let mut f = Fixture::flat(8, 3).unit(0, "squaddie", 0, 0);
    for i in 0..n {
        f = f.unit(1, "thin-man", 7, i);
    }
    let mut s = f.build()?;
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.state().active(), 1);
    Ok(s.hand(1).len())
}

#[test]
fn sk_turn_draw_five_four_three_by_units_left() -> R {
    // sk.turn.draw: 5 cards, 4 with two units left, 3 with one.
    assert_eq!(draw_for_units(3)?, 5);
    assert_eq!(draw_for_units(2)?, 4);
    assert_eq!(draw_for_units(1)?, 3);
    Ok(())
}

#[test]
fn sk_gap_18_mind_controlled_units_still_count_for_their_owner() -> R {
    // A unit under the opponent's control still counts for its owner's draw (sk.gap.18).
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .unit(1, "thin-man", 7, 1)
        .unit(1, "thin-man", 7, 2)
        .build()?;
    let tm = s.unit_at(7, 2)?;
    // Side 0 holds it under Mind Control until the end of turn 3.
    let u = s.unit_mut(tm)?;
    u.controller = 0;
    u.control_until = 3;
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.unit(tm)?.controller, 0);
    assert_eq!(s.hand(1).len(), 5);
    Ok(())
}

#[test]
fn sk_turn_tactical_discard_down_to_the_limit_by_choice() -> R {
    // sk.turn.tactical-discard, sk.gap.17: 4 held + 5 drawn = 9, down to 5 by choice.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .unit(1, "thin-man", 7, 1)
        .unit(1, "thin-man", 7, 2)
        .hand(1, &["tough", "evasion", "tactics", "diversion"])
        .build()?;
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.hand(1).len(), 9);
    assert_eq!(s.state().phase(), Phase::Tactical);
    let legal = s.legal(1);
    assert!(legal.iter().all(|a| matches!(a, Action::Discard(_))));
    let tough = s.card("tough")?;
    for _ in 0..4 {
        let c = s
            .hand(1)
            .iter()
            .map(|(c, _)| c)
            .find(|c| *c != tough)
            .ok_or("card")?;
        s.act(1, Action::Discard(c))?;
    }
    assert_eq!(s.hand(1).len(), 5);
    assert!(s.hand(1).has(tough));
    assert_eq!(s.state().phase(), Phase::MoveFire);
    assert!(s.cited("sk.turn.tactical-discard"));
    Ok(())
}

#[test]
fn sk_end_hand_limit_four_with_two_units() -> R {
    // sk.end.hand-limit: at the End phase a side with two units keeps at most 4 cards.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 7, 0)
        .hand(
            0,
            &[
                "tough",
                "evasion",
                "partial-cover",
                "full-cover",
                "run",
                "sprint",
            ],
        )
        .build()?;
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.state().phase(), Phase::End);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard { left: 2, .. })
    ));
    let c = s.card("run")?;
    s.act(0, Action::Discard(c))?;
    let c = s.card("sprint")?;
    s.act(0, Action::Discard(c))?;
    assert_eq!(s.hand(0).len(), 4);
    assert_eq!(s.state().active(), 1);
    assert!(s.cited("sk.end.hand-limit"));
    Ok(())
}

#[test]
fn sk_gap_19_hand_may_exceed_the_limit_during_the_turn() -> R {
    // Tactics draws 2 into a full hand; no discard is asked until the End phase.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .hand(
            0,
            &["tactics", "tough", "evasion", "partial-cover", "full-cover"],
        )
        .build()?;
    let tactics = s.card("tactics")?;
    s.act(
        0,
        Action::Card {
            card: tactics,
            unit: None,
        },
    )?;
    assert_eq!(s.hand(0).len(), 6);
    assert!(s.state().stack().is_empty());
    Ok(())
}

#[test]
fn sk_turn_reshuffle_on_a_mid_turn_draw() -> R {
    // sk.turn.reshuffle, sk.gap.20: the draw pile has one card; Tactics draws two, so the
    // discard pile is shuffled into a new deck in the middle of the turn.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .hand(0, &["tactics"])
        .draw_pile(&["sprint"])
        .build()?;
    let before = s.state().deck().discards().len();
    assert!(before > 40);
    let tactics = s.card("tactics")?;
    s.act(
        0,
        Action::Card {
            card: tactics,
            unit: None,
        },
    )?;
    assert_eq!(s.hand(0).len(), 2);
    assert!(s.hand(0).has(s.card("sprint")?));
    assert!(s.cited("sk.turn.reshuffle"));
    // The played Tactics card went onto the pile after the reshuffle.
    assert_eq!(s.state().deck().discards().len(), 1);
    assert_eq!(s.state().deck().remaining(), before - 1);
    Ok(())
}

#[test]
fn sk_effect_draw_penalty_friction_cuts_the_next_draw() -> R {
    // sk.effect.draw-penalty, sk.gap.49: the opponent's next Tactical draw is 2 smaller.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .unit(1, "thin-man", 7, 1)
        .unit(1, "thin-man", 7, 2)
        .hand(0, &["friction"])
        .build()?;
    let friction = s.card("friction")?;
    s.act(
        0,
        Action::Card {
            card: friction,
            unit: None,
        },
    )?;
    assert_eq!(s.state().friction(1), 2);
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.hand(1).len(), 3);
    assert_eq!(s.state().friction(1), 0);
    Ok(())
}

#[test]
fn sk_turn_alternate_and_phases() -> R {
    // sk.turn.alternate, sk.turn.phases: Tactical → Move and Fire → End, then the other side.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .build()?;
    assert_eq!((s.state().turn(), s.state().active()), (1, 0));
    s.act(0, Action::EndTurn)?;
    assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    assert_eq!(s.state().phase(), Phase::MoveFire);
    s.act(1, Action::EndTurn)?;
    assert_eq!((s.state().turn(), s.state().active()), (3, 0));
    assert!(s.cited("sk.turn.alternate"));
    assert!(s.cited("sk.turn.phases"));
    Ok(())
}

#[test]
fn sk_gap_3_first_player_roll_gives_the_winner_a_choice() -> Result<(), Box<dyn std::error::Error>>
{
    // sk.gap.3: both roll 1D6 (ties again), the higher roller picks who starts; hands start
    // empty and turn 1 begins with the normal draw.
    let sk = Skirmish::new()?;
    let scenario = sk.scenario("learning")?;
    for seed in 0..20 {
        let mut rng = GameRng::new(seed);
        let mut j = Journal::recording();
        let mut st = sk.setup(&scenario, &Options::default(), &mut rng, &mut j)?;
        // One journaled roll-off; it succeeds when seat 1 wins it.
        let rolls: Vec<bool> = j
            .events()
            .iter()
            .filter(|e| e.rule == "sk.gap.3")
            .filter_map(|e| e.roll.and_then(|r| r.success))
            .collect();
        assert_eq!(rolls.len(), 1);
        let winner = u8::from(!rolls[0]);
        assert_eq!(sk.to_act(&st), Decision::Act(Seat(winner)));
        assert!(st.hand(0).is_empty() && st.hand(1).is_empty());
        let mut legal = Vec::new();
        sk.legal_actions(&st, Seat(winner), &mut legal);
        assert_eq!(legal.len(), 2);
        let pick = Seat(1 - winner);
        sk.apply(
            &mut st,
            Seat(winner),
            &Action::FirstPlayer(pick),
            &mut rng,
            &mut j,
        )?;
        assert_eq!(st.active(), pick.0);
        assert_eq!(st.hand(pick.0).len(), 5);
    }
    Ok(())
}

#[test]
fn sk_deck_list_and_shared_deck_hold_51_cards() -> Result<(), Box<dyn std::error::Error>> {
    // sk.deck.list, sk.deck.shared: one shuffled 51-card deck; sk.setup.players: two seats.
    let sk = Skirmish::new()?;
    let scenario = sk.scenario("learning")?;
    let mut rng = GameRng::new(1);
    let mut j = Journal::recording();
    let mut o = Options::default();
    o.set("first_player", "xcom")?;
    let st = sk.setup(&scenario, &o, &mut rng, &mut j)?;
    assert_eq!(sk.seat_count(&scenario), 2);
    assert_eq!(
        st.deck().remaining() + st.hand(0).len() + st.hand(1).len(),
        51
    );
    assert!(j.events().iter().any(|e| e.rule == "sk.deck.shared"));
    Ok(())
}

#[test]
fn sk_deck_hidden_hands_draws_are_redacted_for_the_other_seat()
-> Result<(), Box<dyn std::error::Error>> {
    // sk.deck.hidden-hands: a drawn card's name is visible to the drawer only.
    let sk = Skirmish::new()?;
    let scenario = sk.scenario("learning")?;
    let mut rng = GameRng::new(3);
    let mut j = Journal::recording();
    let mut o = Options::default();
    o.set("first_player", "xcom")?;
    sk.setup(&scenario, &o, &mut rng, &mut j)?;
    let draw = j
        .events()
        .iter()
        .find(|e| e.rule == "sk.turn.draw")
        .ok_or("a draw")?;
    let mine = draw.view(Some(Seat(0))).ok_or("visible")?;
    let theirs = draw.view(Some(Seat(1))).ok_or("redacted")?;
    assert_ne!(mine.text, theirs.text);
    assert_eq!(
        theirs.card.map(|c| c.card.to_string()),
        Some("hidden".to_string())
    );
    Ok(())
}
