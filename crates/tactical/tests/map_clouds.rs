//! Fire and smoke: where they start, how long they last, what the end of a round does
//! (tac.fire.*, tac.smoke.*, tac.gap.14, tac.gap.60).

use super::map_support::{field, open, strip};
use crate::support::p;
use squadsight_core::journal::Journal;
use squadsight_core::rng::GameRng;
use squadsight_tactical::map::{CloudKind, ObjectKind};

/// Clauses: tac.fire.ignite, tac.fire.damage, tac.smoke.damage, tac.smoke.duration,
/// tac.smoke.source (the squares listed each round are where units take 10 ST and 20 IN).
#[test]
fn tac_fire_ignite_burns_three_by_three_for_three_rounds_with_smoke() {
    let mut bf = open(7, 7);
    let (mut rng, mut j) = (GameRng::new(1), Journal::recording());
    let burning = bf.ignite(p(3, 3, 0), &mut j);
    assert_eq!(burning.len(), 9);
    assert!(j.events().iter().any(|e| e.rule == "tac.fire.ignite"));
    // tac.fire.damage: a fire square is a smoke square too.
    assert_eq!(bf.smoke_at(p(2, 2, 0)), Some(3));
    // tac.smoke.duration: three rounds of effects, then gone.
    for round in 0..3 {
        let fx = bf.end_round(None, &mut rng, &mut j);
        assert_eq!(fx.fire.len(), 9, "round {round}");
        assert_eq!(fx.smoke.len(), 9, "round {round}");
        assert_eq!(fx.cleared.is_empty(), round < 2);
    }
    assert!(bf.fires().is_empty() && bf.smoke().is_empty());
    assert!(bf.end_round(None, &mut rng, &mut j).fire.is_empty());
}

/// Clauses: tac.fire.ignite.
#[test]
fn a_wall_keeps_fire_out() {
    let mut bf = field(&[&[
        "+ + + + +",
        " . .|. . ",
        "+ + + + +",
        " . .|. . ",
        "+ + + + +",
        " . .|. . ",
        "+ + + + +",
    ]]);
    let burning = bf.ignite(p(1, 1, 0), &mut Journal::off());
    assert_eq!(burning.len(), 6);
    assert!(bf.fire_at(p(2, 1, 0)).is_none());
}

/// Clauses: tac.smoke.grenade-duration, tac.equip.smoke-grenade.
#[test]
fn tac_smoke_grenade_duration_six_rounds_over_a_five_by_five_area() {
    let mut bf = open(9, 9);
    let mut j = Journal::recording();
    let squares = bf.smoke_grenade(p(4, 4, 0), &mut j);
    // The area of a 60 HE-1 blast: 5 x 5 on the ground and the levels above it.
    assert_eq!(squares.iter().filter(|q| q.z == 0).count(), 25);
    assert_eq!(bf.smoke_at(p(6, 6, 0)), Some(6));
    assert_eq!(bf.smoke_at(p(7, 7, 0)), None);
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.smoke.grenade-duration")
    );
    // Nothing was damaged.
    assert!(bf.changes().is_empty());
    // Where clouds overlap, the longer time left stays.
    bf.add_cloud(CloudKind::Smoke, p(4, 4, 0), 3);
    assert_eq!(bf.smoke_at(p(4, 4, 0)), Some(6));
    let mut rng = GameRng::new(1);
    for _ in 0..5 {
        bf.end_round(None, &mut rng, &mut j);
    }
    assert_eq!(bf.smoke_at(p(4, 4, 0)), Some(1));
    bf.end_round(None, &mut rng, &mut j);
    assert_eq!(bf.smoke_at(p(4, 4, 0)), None);
}

/// Clauses: tac.fire.objects.
#[test]
fn tac_gap_60_a_burning_object_burns_out_and_is_gone() {
    let mut bf = strip(&[".T."]);
    let (mut rng, mut j) = (GameRng::new(1), Journal::recording());
    bf.ignite(p(0, 0, 0), &mut j);
    for _ in 0..2 {
        assert!(
            bf.end_round(None, &mut rng, &mut j)
                .burned_out
                .destroyed
                .is_empty()
        );
    }
    let fx = bf.end_round(None, &mut rng, &mut j);
    assert_eq!(fx.burned_out.destroyed.len(), 1);
    assert_eq!(bf.square(p(1, 0, 0)).and_then(|s| s.object), None);
    assert!(bf.cells_with_object(ObjectKind::Trees).is_empty());
}

/// Clauses: tac.fire.ignite.
#[test]
fn spreading_fire_is_an_option_rolled_and_journaled() {
    let fresh = || strip(&["%%%%%%%"]);
    let (mut rng, mut j) = (GameRng::new(4), Journal::recording());
    // Off: the fire stays where it started.
    let mut bf = fresh();
    bf.ignite(p(0, 0, 0), &mut j);
    let fx = bf.end_round(None, &mut rng, &mut j);
    assert!(fx.spread.is_empty());
    assert!(j.events().iter().all(|e| e.roll.is_none()));
    // Certain spread: each round the fire creeps one square further along the crops.
    let mut bf = fresh();
    bf.ignite(p(0, 0, 0), &mut j);
    let fx = bf.end_round(Some(100), &mut rng, &mut j);
    assert_eq!(fx.spread, vec![p(2, 0, 0)]);
    let rolls: Vec<_> = j.events().iter().filter(|e| e.roll.is_some()).collect();
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].rule, "tac.fire.ignite");
    // The same seed spreads the same way.
    let run = |seed| {
        let mut bf = fresh();
        let mut rng = GameRng::new(seed);
        bf.ignite(p(3, 0, 0), &mut Journal::off());
        (0..3)
            .map(|_| bf.end_round(Some(50), &mut rng, &mut Journal::off()).spread)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(9), run(9));
}
