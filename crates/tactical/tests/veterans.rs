//! Veterans (tac.squad.campaign, tac.gap.21): who of a finished battle comes back, and the
//! next scenario's squad written with them. The final states are built from a real setup
//! and then given the ends the rules can reach (a death, a knock-out, an implant, mind
//! control); one test plays a whole game to its end.

use crate::support::{arena, north, south, start, tactical};
use squadsight_core::{Decision, GameRng, Journal, Outcome, Ruleset, Seat, SeatSet};
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Side;
use squadsight_tactical::options::Options;
use squadsight_tactical::scenario::ScenarioDef;
use squadsight_tactical::squad::price;
use squadsight_tactical::state::{State, Status};
use squadsight_tactical::veterans::{self, CarryError, Fate};

const XCOM: Seat = Seat(0);
const ALIENS: Seat = Seat(1);

fn assault() -> (ScenarioDef, State) {
    let t = tactical();
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let st = start(&t, "assault", &Options::default(), 7);
    (sc, st)
}

fn ended(st: &mut State, winners: &[Seat]) {
    st.outcome = Some(Outcome {
        winners: winners.iter().fold(SeatSet::NONE, |w, s| w.with(*s)),
        reason: "test".into(),
    });
}

/// X-Com's units 1 to 4 dead, knocked out, implanted and mind-controlled by the aliens.
fn hard_battle(st: &mut State) {
    st.units[0].status = Status::Dead;
    st.units[1].status = Status::Unconscious;
    // tac.zombie.convert: the zombie is the Chrysalid's seat's now.
    st.units[2].zombie = Some(3);
    st.units[2].seat = ALIENS;
    st.units[2].control = ALIENS;
    // tac.psi.mind-control
    st.units[3].control = ALIENS;
    st.units[3].controlled = true;
}

fn fates_of(sc: &ScenarioDef, st: &State, seat: Seat) -> Vec<Fate> {
    let t = tactical();
    veterans::fates(t.catalog(), sc, st, seat)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|f| f.fate)
        .collect()
}

#[test]
fn tac_squad_campaign_the_winners_carry_their_unconscious_and_their_controlled_come_back() {
    let (sc, mut st) = assault();
    hard_battle(&mut st);
    ended(&mut st, &[XCOM]);
    let fates = fates_of(&sc, &st, XCOM);
    assert_eq!(fates.len(), sc.squads[0].units.len());
    assert_eq!(
        fates[..5],
        [
            Fate::Dead,
            Fate::Recovered,
            Fate::Implanted,
            Fate::Standing,
            Fate::Standing
        ]
    );
    assert!(fates[4..].iter().all(|f| *f == Fate::Standing));
}

#[test]
fn tac_squad_campaign_losers_leave_their_unconscious_and_controlled_to_the_enemy() {
    let (sc, mut st) = assault();
    hard_battle(&mut st);
    ended(&mut st, &[ALIENS]);
    let fates = fates_of(&sc, &st, XCOM);
    assert_eq!(
        fates[..4],
        [
            Fate::Dead,
            Fate::LeftBehind,
            Fate::Implanted,
            Fate::Captured
        ]
    );
    assert_eq!(
        fates.iter().filter(|f| f.returns()).count(),
        sc.squads[0].units.len() - 4
    );
}

#[test]
fn tac_squad_campaign_after_a_draw_each_side_carries_its_own_unconscious() {
    let (sc, mut st) = assault();
    hard_battle(&mut st);
    ended(&mut st, &[]);
    let fates = fates_of(&sc, &st, XCOM);
    assert_eq!(
        fates[..4],
        [Fate::Dead, Fate::Recovered, Fate::Implanted, Fate::Captured]
    );
}

#[test]
fn tac_zombie_hatch_a_unit_hatched_over_does_not_come_back_even_on_its_own_seat() {
    // An X-Com unit that the aliens controlled, implanted by an X-Com-controlled Chrysalid,
    // stays on its own seat and hatches there (tac.zombie.hatch): it is a Chrysalid now.
    let t = tactical();
    let (sc, mut st) = assault();
    st.units[5].kind = t.catalog().unit_id("Chrysalid").expect("the Chrysalid");
    ended(&mut st, &[XCOM]);
    assert_eq!(fates_of(&sc, &st, XCOM)[5], Fate::Implanted);
}

#[test]
fn tac_squad_campaign_the_second_seat_reads_its_own_units_not_the_civilians_or_clones() {
    // The aliens' units follow X-Com's in the state; a clone joins at the end of the list
    // (tac.unit.celatid-clone) and is not a unit the squad bought.
    let (sc, mut st) = assault();
    let first = sc.squads[0].units.len();
    st.units[first + 1].status = Status::Dead;
    let extra = st.units[first].clone();
    st.units.push(extra);
    for u in &mut st.units[..first] {
        u.status = Status::Dead;
    }
    ended(&mut st, &[ALIENS]);
    let fates = fates_of(&sc, &st, ALIENS);
    assert_eq!(fates.len(), sc.squads[1].units.len());
    assert_eq!(fates[..2], [Fate::Standing, Fate::Dead]);
    assert!(fates_of(&sc, &st, XCOM).iter().all(|f| *f == Fate::Dead));
}

#[test]
fn tac_squad_campaign_no_survivors_before_the_end_nor_of_a_seat_not_at_the_table() {
    let t = tactical();
    let (sc, mut st) = assault();
    assert_eq!(
        veterans::fates(t.catalog(), &sc, &st, XCOM),
        Err(CarryError::NotOver)
    );
    ended(&mut st, &[XCOM]);
    assert!(matches!(
        veterans::fates(t.catalog(), &sc, &st, Seat(2)),
        Err(CarryError::NoSeat {
            seat: 2,
            seats: 2,
            ..
        })
    ));
    // A state that is not this scenario's game is refused, not misread.
    let teams = t.scenario("teams").unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        veterans::fates(t.catalog(), &teams, &st, Seat(1)),
        Err(CarryError::Mismatch(_))
    ));
    let mut other = sc.clone();
    other.squads[0].units.swap(0, 8);
    assert!(matches!(
        veterans::fates(t.catalog(), &other, &st, XCOM),
        Err(CarryError::Mismatch(m)) if m.contains("unit 1 is not the squad's Tank Cannon")
    ));
}

#[test]
fn tac_gap_21_survivors_keep_their_boosts_and_kit_and_a_veterans_first_boost_points_are_free() {
    let t = tactical();
    let c = t.catalog();
    let (sc, mut st) = assault();
    hard_battle(&mut st);
    ended(&mut st, &[XCOM]);
    let fates = veterans::fates(c, &sc, &st, XCOM).unwrap_or_else(|e| panic!("{e}"));
    let back = veterans::returning(&sc, XCOM, &fates);
    let bought = &sc.squads[0].units;
    // Every unit but the dead one and the zombie, in squad order.
    let expected: Vec<_> = [1usize, 3, 4, 5, 6, 7, 8]
        .iter()
        .map(|&k| bought[k].clone())
        .collect();
    assert_eq!(back.len(), expected.len());
    for (vet, was) in back.iter().zip(&expected) {
        assert!(vet.veteran);
        assert_eq!(
            (&vet.unit, &vet.boosts, &vet.armour, &vet.weapon, vet.clips),
            (&was.unit, &was.boosts, &was.armour, &was.weapon, was.clips)
        );
        // Re-costed: the boosts' price less the veteran's free points (boost.veteran).
        let before = price(c, was, 0).unwrap_or_else(|e| panic!("{e}"));
        let after = price(c, vet, 0).unwrap_or_else(|e| panic!("{e}"));
        let mut plain = was.clone();
        plain.boosts.clear();
        let boosts = before.points - price(c, &plain, 0).map_or(0, |l| l.points);
        let free = boosts.min(u32::from(c.rules().boost.veteran));
        assert_eq!(after.points, before.points - free, "{}", was.unit);
        assert_eq!(after.stats, before.stats, "the boosts still count");
    }
    // The Troop with ACC +20 pays nothing for its boost now.
    assert_eq!(bought[1].boosts.get("ACC"), Some(&20));
    let troop = |p| price(c, p, 0).map_or(0, |l| l.points);
    assert_eq!(troop(&back[0]) + 20, troop(&bought[1]));

    let next = t.scenario("crashed-ufo").unwrap_or_else(|e| panic!("{e}"));
    let carried =
        veterans::carry(&next, XCOM, Side::Xcom, back.clone()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(carried.squads[0].units, back);
    assert_eq!(carried.squads[1], next.squads[1]);
    assert_eq!(
        (&carried.map, carried.rounds, &carried.squads[0].craft),
        (&next.map, next.rounds, &next.squads[0].craft)
    );
    // It sets up as any scenario does, the veterans deployed for X-Com.
    let game = t
        .setup(
            &carried,
            &Options::default(),
            &mut GameRng::new(1),
            &mut Journal::off(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.units.iter().filter(|u| u.seat == XCOM).count(),
        back.len()
    );
    // Veterans join only a squad of their own side.
    assert!(matches!(
        veterans::carry(&next, ALIENS, Side::Xcom, back.clone()),
        Err(CarryError::WrongSide {
            from: Side::Xcom,
            to: Side::Alien,
            ..
        })
    ));
    assert!(matches!(
        veterans::carry(&next, Seat(4), Side::Xcom, back),
        Err(CarryError::NoSeat { seat: 4, .. })
    ));
}

#[test]
fn tac_squad_campaign_a_played_game_returns_exactly_its_standing_and_carried_units() {
    // Three troopers and three aliens face off on an open field and play to the end, every
    // shot that can be taken taken: whatever it left, the fates agree with the final state.
    let t = tactical();
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let aliens = sc.squads[0].units.len();
    let keep: Vec<_> = (0..3)
        .map(|k| (k, north(6 + 3 * k as i32, 12)))
        .chain((0..3).map(|k| (aliens + k, south(6 + 3 * k as i32, 6))))
        .collect();
    let mut st = arena(&t, "assault", &keep);
    let mut rng = GameRng::new(11);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Decision::Act(seat) = t.to_act(&st) {
        legal.clear();
        t.legal_actions(&st, seat, &mut legal);
        let shot = legal
            .iter()
            .find(|a| matches!(a, Action::Attack { .. } | Action::React { .. }));
        let pick = shot.unwrap_or(&legal[steps * 7 % legal.len()]).clone();
        t.apply(&mut st, seat, &pick, &mut rng, &mut Journal::off())
            .unwrap_or_else(|e| panic!("{e}"));
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    let outcome = st.outcome.clone().expect("over");
    let fallen = keep.iter().filter(|(i, _)| !st.units[*i].active()).count();
    assert!(
        fallen > 0,
        "after {steps} actions nobody fell: {}",
        outcome.reason
    );
    for seat in [XCOM, ALIENS] {
        let fates = veterans::fates(t.catalog(), &sc, &st, seat).unwrap_or_else(|e| panic!("{e}"));
        let first = if seat == XCOM {
            0
        } else {
            sc.squads[0].units.len()
        };
        let won = outcome.winners.iter().any(|w| st.allies(w, seat));
        for f in &fates {
            let u = &st.units[first + f.pick];
            let mine = u.seat == seat && u.zombie.is_none();
            let expect_back = mine
                && match u.status {
                    Status::Dead => false,
                    Status::Active => won || st.allies(u.control, seat),
                    Status::Unconscious => {
                        won || (outcome.winners.is_empty() && st.allies(u.control, seat))
                    }
                };
            assert_eq!(
                f.fate.returns(),
                expect_back,
                "{seat} unit {}: {:?}",
                f.pick,
                f.fate
            );
        }
        assert_eq!(
            veterans::returning(&sc, seat, &fates).len(),
            fates.iter().filter(|f| f.fate.returns()).count()
        );
    }
}
