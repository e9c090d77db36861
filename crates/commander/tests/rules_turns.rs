//! Game rounds, the dice bag, activation and the action table.

use crate::support::activate;
use squadsight_commander::action::Action;
use squadsight_commander::board::Cell;
use squadsight_commander::fixture::{Fixture, Session};
use squadsight_commander::state::ModelId;
use squadsight_core::Seat;

fn duel() -> Session {
    Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(0, "Ranger", 2, 14)
        .model(1, "ADVENT Trooper", 20, 10)
        .model(1, "ADVENT Trooper", 20, 14)
        .model(1, "ADVENT Officer", 20, 18)
        .build()
        .unwrap()
}

fn activations(s: &Session, seat: u8) -> Vec<ModelId> {
    s.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Activate(m) => Some(m),
            _ => None,
        })
        .collect()
}

#[test]
fn cmd_round_fill_bag_one_die_per_model() {
    // cmd.round.fill-bag: one die per model per side; the first die is already in XCOM's hand.
    let s = duel();
    assert_eq!(s.state().bag.left(Seat(0)), 1);
    assert_eq!(s.state().bag.left(Seat(1)), 3);
    assert!(s.cited("cmd.round.fill-bag"));
}

#[test]
fn cmd_round_activate_on_draw_and_pick_model() {
    // cmd.round.activate-on-draw, cmd.act.pick-model: the die's owner, and only they, picks one
    // of its models that has not activated.
    let s = duel();
    assert_eq!(activations(&s, 0).len(), 2);
    assert!(s.legal(1).is_empty());
}

#[test]
fn cmd_round_once_per_round_and_end_and_repeat() {
    // cmd.round.once-per-round, cmd.round.end-and-repeat, cmd.round.draw-die: every model acts
    // once; when the bag is empty the next round refills it and clears the flags.
    let mut s = duel();
    let mut acted = Vec::new();
    for _ in 0..5 {
        let seat = s.state().die.expect("a die is in hand").0;
        let choices = activations(&s, seat);
        assert!(choices.iter().all(|m| !acted.contains(m)));
        let m = choices[0];
        acted.push(m);
        s.act(seat, Action::Activate(m)).unwrap();
        s.act(seat, Action::EndActivation).unwrap();
    }
    assert_eq!(s.state().round, 2);
    assert!(s.state().models.iter().all(|m| !m.activated));
    assert!(s.cited("cmd.round.draw-die"));
    let draws = s
        .events()
        .iter()
        .filter(|e| e.rule == "cmd.round.draw-die" && e.text.contains("p = "))
        .count();
    assert!(draws >= 4, "each draw is journaled with its odds");
}

#[test]
fn cmd_ai_difficulty_changes_the_ai_dice() {
    // cmd.ai.difficulty, cmd.gap.39: AI dice = models + adjustment, at least one.
    for (level, dice) in [
        ("easy", 1),
        ("normal", 2),
        ("classic", 3),
        ("impossible", 4),
    ] {
        let s = Fixture::new(24, 24)
            .model(0, "Rookie", 2, 10)
            .model(1, "ADVENT Trooper", 20, 10)
            .model(1, "ADVENT Trooper", 20, 14)
            .model(1, "ADVENT Officer", 20, 18)
            .option("ai_seat2", level)
            .build()
            .unwrap();
        assert_eq!(s.state().bag.left(Seat(1)), dice, "{level}");
    }
}

#[test]
fn cmd_ai_difficulty_easy_normal_classic_impossible() {
    // cmd.ai.difficulty.easy (−2), cmd.ai.difficulty.normal (−1), cmd.ai.difficulty.classic
    // (no change), cmd.ai.difficulty.impossible (+1): an AI seat's only choice is AiActivate.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Trooper", 20, 10)
        .option("ai_seat1", "classic")
        .option("ai_seat2", "impossible")
        .build()
        .unwrap();
    assert_eq!(s.state().bag.left(Seat(1)), 2);
    assert_eq!(s.legal(0), vec![Action::AiActivate]);
    s.act(0, Action::AiActivate).unwrap();
    assert!(s.cited("cmd.ai.d6-action"));
}

#[test]
fn cmd_act_action_cost_forms_offered() {
    // cmd.act.action-cost: 1- and 2-action forms; cmd.act.overwatch.two and
    // cmd.act.hunker-down.one do not exist; cmd.act.hunker-down.two sends the model Down.
    let mut s = duel();
    activate(&mut s, 0, 2, 10);
    let legal = s.legal(0);
    assert!(legal.contains(&Action::HunkerDown));
    assert!(legal.iter().any(|a| matches!(a, Action::Overwatch(_))));
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::Run { actions: 1, .. }))
    );
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::Run { actions: 2, .. }))
    );
    // Spend one action: Hunker Down (2 actions only) is gone.
    s.act(
        0,
        Action::Run {
            to: Cell::new(3, 10),
            actions: 1,
        },
    )
    .unwrap();
    let legal = s.legal(0);
    assert!(!legal.contains(&Action::HunkerDown));
    assert!(
        legal
            .iter()
            .all(|a| !matches!(a, Action::Run { actions: 2, .. }))
    );
    assert!(legal.iter().any(|a| matches!(a, Action::Overwatch(_))));
}

#[test]
fn cmd_act_hunker_down_two_goes_down_and_ends() {
    // cmd.act.hunker-down.two, cmd.gap.6: Down until the model next activates.
    let mut s = duel();
    let rookie = activate(&mut s, 0, 2, 10);
    s.act(0, Action::HunkerDown).unwrap();
    assert!(s.state().model(rookie).unwrap().down);
    assert!(
        s.state().stack.is_empty(),
        "2 actions spent: the activation is over"
    );
}

#[test]
fn cmd_act_run_one_and_two() {
    // cmd.act.run.one: up to MOBILITY (6); cmd.act.run.two: up to 2 × MOBILITY.
    let mut s = duel();
    let rookie = activate(&mut s, 0, 2, 10);
    let legal = s.legal(0);
    assert!(legal.contains(&Action::Run {
        to: Cell::new(8, 10),
        actions: 1
    }));
    assert!(!legal.contains(&Action::Run {
        to: Cell::new(9, 10),
        actions: 1
    }));
    assert!(legal.contains(&Action::Run {
        to: Cell::new(14, 10),
        actions: 2
    }));
    assert!(!legal.contains(&Action::Run {
        to: Cell::new(15, 10),
        actions: 2
    }));
    s.act(
        0,
        Action::Run {
            to: Cell::new(14, 10),
            actions: 2,
        },
    )
    .unwrap();
    assert_eq!(s.state().model(rookie).unwrap().cell, Cell::new(14, 10));
}

#[test]
fn cmd_act_attack_one_and_two_one_attack_per_activation() {
    // cmd.act.attack.one (−1 to hit), cmd.act.attack.two (no penalty), cmd.gap.16: one Attack
    // per activation.
    let mut s = duel();
    activate(&mut s, 0, 2, 10);
    let attack = s
        .legal(0)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { actions: 1, .. }))
        .expect("a 1-action attack");
    assert!(
        s.legal(0)
            .iter()
            .any(|a| matches!(a, Action::Attack { actions: 2, .. }))
    );
    s.act(0, attack).unwrap();
    assert!(
        s.events()
            .iter()
            .any(|e| e.inputs.iter().any(|i| i.source == "cmd.act.attack.one"))
    );
    assert!(
        s.legal(0)
            .iter()
            .all(|a| !matches!(a, Action::Attack { .. }))
    );
}

#[test]
fn cmd_illegal_actions_leave_the_state_alone() {
    // cmd.general.common-sense: nothing unruled aborts; an illegal choice is refused cleanly.
    let mut s = duel();
    let before = s.state().clone();
    assert!(s.act(1, Action::EndActivation).is_err());
    assert!(s.act(0, Action::Activate(ModelId(3))).is_err());
    assert!(
        s.act(
            0,
            Action::Run {
                to: Cell::new(3, 10),
                actions: 1
            }
        )
        .is_err()
    );
    assert_eq!(s.state(), &before);
}
