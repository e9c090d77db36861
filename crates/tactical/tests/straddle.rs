//! A 2 × 2 unit across the break of a ramp (tac.unit.size, tac.map.slope,
//! tac.map.wall-multi; docs/rules/tactical.md, "2 × 2 units on ramps"): the squares of its
//! block over the ramp's top stand on that top, one level down. Those are the squares it
//! occupies for every rule that asks who stands where: nobody else may stand there
//! (tac.move.tu: a unit in the way bars the step), a blast or a fire there catches it
//! (tac.splash.large-units, tac.fire.damage), it obstructs lines of sight there
//! (tac.los.obstruction), and a unit beside them is next to it for a melee strike
//! (tac.gap.28).
//!
//! The battlefield: a deck on level 2 with a ramp two squares wide down from its south edge.

use crate::map_support::{drawn, rows};
use crate::support::{act, arena, find, grenade, legal, p, start, tactical, texts, units_of};
use squadsight_core::square::Pos;
use squadsight_core::{Journal, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::{
    Battlefield, Body, CloudKind, Facing, Locomotion, Looker, SightRules, Size, Vision, VisionArc,
};
use squadsight_tactical::state::State;
use squadsight_tactical::throw::{Fuse, Live};

/// A 20 × 20 field: on level 2 a deck over x 2..=7, y 1..=5; on the ground, south of it, a
/// ramp two squares wide: its top (two thirds up) at (4, 6) and (5, 6) under an open
/// stairwell, its foot (one third up) at (4, 7) and (5, 7).
fn ramp() -> Battlefield {
    let mut ground = rows(20, 20, '.');
    let mut deck = rows(20, 20, ' ');
    let put = |level: &mut Vec<String>, x: usize, y: usize, c: char| {
        let row = &mut level[2 * y + 1];
        row.replace_range(2 * x + 1..2 * x + 2, &c.to_string());
    };
    for y in 1..=5 {
        for x in 2..=7 {
            put(&mut deck, x, y, '_');
        }
    }
    for x in 4..=5 {
        put(&mut ground, x, 6, '2');
        put(&mut ground, x, 7, '1');
    }
    drawn(&[ground, deck])
}

/// Where the block of a 2 × 2 unit lies across the break: its north half on the deck, its
/// south half over the ramp's top.
const ACROSS: Pos = Pos::new(4, 5, 1);

/// The Assault squads on [`ramp`] with only the listed units in play.
fn on_ramp(t: &Tactical, keep: &[(usize, (Pos, Facing))]) -> State {
    let mut st = arena(t, "assault", keep);
    st.bf = ramp();
    t.settle_sight(&mut st);
    st
}

/// [`on_ramp`] with the original X-COM's field of view, 90° (units see nothing behind them),
/// so that a unit can stand unseen next to another.
fn blinkered(t: &Tactical, keep: &[(usize, (Pos, Facing))]) -> State {
    let mut st = on_ramp(t, keep);
    st.sight.arc = VisionArc::Cone90;
    t.settle_sight(&mut st);
    st
}

/// The X-Com unit that carries the Stun Rod.
fn stun_rod(t: &Tactical, st: &State) -> usize {
    let rod = t.catalog().weapon_id("Stun Rod");
    st.units
        .iter()
        .position(|u| u.weapon.is_some() && u.weapon == rod)
        .unwrap_or_else(|| panic!("no Stun Rod"))
}

fn step(unit: usize, to: Pos) -> Action {
    Action::Step {
        unit: unit as u8,
        to,
        fly: false,
    }
}

/// The squares a 2 × 2 unit at [`ACROSS`] stands on, worked out here from the drawing.
fn across_squares() -> [Pos; 4] {
    [p(4, 5, 1), p(5, 5, 1), p(4, 6, 0), p(5, 6, 0)]
}

/// tac.unit.size, tac.map.slope: a block across the break stands on the deck with its north
/// half and on the ramp's top, a level down, with its south half; a block wholly on one
/// level stands on its own four squares.
#[test]
fn tac_unit_size_a_block_across_the_break_stands_on_the_ramps_top() {
    let bf = ramp();
    // The block gets there by a step off the deck (tac.map.wall-multi: each square steps).
    assert!(
        bf.step(p(4, 4, 1), ACROSS, Size::Two, Locomotion::Walk)
            .is_ok()
    );
    let squares: Vec<Pos> = bf.footprint(ACROSS, Size::Two).into_iter().collect();
    assert_eq!(squares, across_squares());
    let flat: Vec<Pos> = bf.footprint(p(4, 3, 1), Size::Two).into_iter().collect();
    assert_eq!(flat, Size::Two.cells(p(4, 3, 1)).collect::<Vec<_>>());
    assert!(bf.footprint(ACROSS, Size::Two).contains(p(4, 6, 0)));
    assert!(!bf.footprint(ACROSS, Size::Two).contains(p(4, 6, 1)));
    // A one-square unit stands on its own square, whatever lies below.
    let one: Vec<Pos> = bf.footprint(p(4, 6, 0), Size::One).into_iter().collect();
    assert_eq!(one, [p(4, 6, 0)]);
}

/// tac.unit.size, tac.map.slope, tac.move.tu: a tank cannot drive its front half onto the
/// ramp's top while a soldier stands there. Seen, the step is not offered; unseen (an enemy
/// behind it), the tank finds it in the way and stays where it was.
#[test]
fn tac_unit_size_a_straddling_block_cannot_share_the_ramp_top_with_a_unit() {
    let t = tactical();
    let [tank, sectoid] = units_of(&t, "assault", ["Tank Cannon", "Sectoid"]);
    let alien_far = (p(15, 15, 0), Facing::N);
    // Seen: an X-Com soldier on the ramp's top.
    let mut st = on_ramp(
        &t,
        &[
            (0, (p(4, 6, 0), Facing::N)),
            (tank, (p(4, 4, 1), Facing::S)),
            (sectoid, alien_far),
        ],
    );
    assert!(!legal(&t, &st, Seat(0)).contains(&step(tank, ACROSS)));
    // With the soldier gone from it, the same step is offered: the ramp is the only bar.
    st.units[0].pos = p(9, 9, 0);
    t.settle_sight(&mut st);
    assert!(legal(&t, &st, Seat(0)).contains(&step(tank, ACROSS)));

    // Unseen: a Sectoid on the ramp's top behind a tank that faces away.
    let mut st = blinkered(
        &t,
        &[
            (0, (p(12, 12, 0), Facing::E)),
            (tank, (p(4, 4, 1), Facing::N)),
            (sectoid, (p(4, 6, 0), Facing::S)),
        ],
    );
    assert!(!st.seat_sees(Seat(0), sectoid), "the Sectoid is hidden");
    assert!(legal(&t, &st, Seat(0)).contains(&step(tank, ACROSS)));
    let j = act(&t, &mut st, step(tank, ACROSS));
    assert!(
        texts(&j, "tac.move.tu")
            .iter()
            .any(|s| s.contains("in the way")),
        "{:?}",
        texts(&j, "tac.move.tu")
    );
    assert_eq!(st.units[tank].pos, p(4, 4, 1));
    assert_eq!(st.units[sectoid].pos, p(4, 6, 0));
}

/// tac.unit.size, tac.map.slope, tac.move.tu: the reverse: a soldier cannot walk up onto the
/// ramp's top under a block that straddles the break. Seen, the step is not offered; unseen
/// (a Reaper behind it), the soldier finds it in the way.
#[test]
fn tac_unit_size_a_unit_cannot_step_onto_a_straddlers_ramp_top_square() {
    let t = tactical();
    let [tank, reaper] = units_of(&t, "assault", ["Tank Cannon", "Reaper"]);
    let mut st = on_ramp(
        &t,
        &[
            (0, (p(4, 7, 0), Facing::N)),
            (tank, (ACROSS, Facing::S)),
            (reaper, (p(15, 15, 0), Facing::N)),
        ],
    );
    let moves = legal(&t, &st, Seat(0));
    assert!(!moves.contains(&step(0, p(4, 6, 0))));
    assert!(!moves.contains(&step(0, p(5, 6, 0))));
    st.units[tank].pos = p(10, 10, 0);
    t.settle_sight(&mut st);
    assert!(legal(&t, &st, Seat(0)).contains(&step(0, p(4, 6, 0))));

    let mut st = blinkered(
        &t,
        &[(0, (p(4, 7, 0), Facing::S)), (reaper, (ACROSS, Facing::N))],
    );
    assert!(!st.seat_sees(Seat(0), reaper), "the Reaper is hidden");
    assert!(legal(&t, &st, Seat(0)).contains(&step(0, p(4, 6, 0))));
    let j = act(&t, &mut st, step(0, p(4, 6, 0)));
    assert!(
        texts(&j, "tac.move.tu")
            .iter()
            .any(|s| s.contains("in the way")),
        "{:?}",
        texts(&j, "tac.move.tu")
    );
    assert_eq!(st.units[0].pos, p(4, 7, 0));
}

/// The "nearest square" a blast named for the unit it caught (tac.splash.large-units), as
/// the journal shows it (levels from 1).
fn nearest_square(j: &Journal, who: usize) -> Option<String> {
    let tag = format!("#{} is caught", who + 1);
    j.events()
        .iter()
        .filter(|e| e.rule == "tac.splash.units" && e.text.to_string().contains(&tag))
        .flat_map(|e| e.inputs.iter())
        .find(|i| i.label == "nearest square")
        .map(|i| i.value.to_string())
}

/// tac.splash.units, tac.splash.large-units, tac.unit.size: a grenade going off on the
/// ramp's top catches a block straddling onto it there, on that square (full damage, the
/// centre square); one going off on the deck catches it on its square on the deck.
#[test]
fn tac_splash_large_units_a_blast_catches_a_straddler_on_either_level() {
    let t = tactical();
    let [tank, sectoid] = units_of(&t, "assault", ["Tank Cannon", "Sectoid"]);
    let keep = [
        (0, (p(14, 14, 0), Facing::N)),
        (tank, (ACROSS, Facing::S)),
        (sectoid, (p(17, 17, 0), Facing::N)),
    ];
    for (at, nearest) in [(p(5, 6, 0), "5,6,1"), (p(4, 5, 1), "4,5,2")] {
        let mut st = on_ramp(&t, &keep);
        st.units[tank].stats[1] = Some(500); // it must live through it to be read
        st.live.push(Live {
            pos: at,
            grenade: grenade(&t, "Grenade"),
            fuse: Fuse::SquadEnd(Seat(0)),
        });
        let j = act(&t, &mut st, Action::EndTurn);
        assert_eq!(
            nearest_square(&j, tank).as_deref(),
            Some(nearest),
            "blast at {at:?}: {:?}",
            texts(&j, "tac.splash.units")
        );
    }
}

/// tac.fire.damage, tac.unit.size: fire on the ramp's top burns the block standing on it at
/// the end of the round.
#[test]
fn tac_fire_damage_burns_a_straddler_on_the_ramps_top() {
    let t = tactical();
    let [tank, sectoid] = units_of(&t, "assault", ["Tank Cannon", "Sectoid"]);
    let mut st = on_ramp(
        &t,
        &[
            (0, (p(14, 14, 0), Facing::N)),
            (tank, (ACROSS, Facing::S)),
            (sectoid, (p(17, 17, 0), Facing::N)),
        ],
    );
    st.bf.add_cloud(CloudKind::Fire, p(4, 6, 0), 3);
    let mut all = Vec::new();
    for _ in 0..2 {
        let j = act(&t, &mut st, Action::EndTurn);
        all.extend(texts(&j, "tac.fire.damage"));
    }
    let name = format!("#{}", tank + 1);
    assert!(all.iter().any(|s| s.contains(&name)), "{all:?}");
}

/// tac.gap.28, tac.melee.resolve, tac.unit.size: a soldier on the ramp's foot stands next to
/// the half of a Reaper that stands on the ramp's top, so it may strike it in melee, and the
/// Reaper may strike back.
#[test]
fn tac_gap_28_a_unit_beside_the_ramp_top_is_next_to_a_straddler() {
    let t = tactical();
    let st0 = start(&t, "assault", &Default::default(), 1);
    let rod = stun_rod(&t, &st0);
    let reaper = find(&t, &st0, "Reaper");
    let mut st = on_ramp(
        &t,
        &[
            (rod, (p(4, 7, 0), Facing::N)),
            (reaper, (ACROSS, Facing::S)),
        ],
    );
    let w = st.units[rod].weapon.unwrap_or_else(|| panic!("the rod"));
    let strike = Action::Attack {
        unit: rod as u8,
        weapon: w,
        mode: Mode::Melee,
        target: reaper as u8,
    };
    assert!(legal(&t, &st, Seat(0)).contains(&strike));
    // The Reaper's turn: it may bite back.
    let bites = t.catalog().unit(st.units[reaper].kind).attacks.clone();
    st.order = vec![Seat(1), Seat(0)];
    let back = legal(&t, &st, Seat(1)).into_iter().any(|a| {
        matches!(a, Action::Attack { unit, weapon, mode: Mode::Melee, target }
            if usize::from(unit) == reaper && usize::from(target) == rod && bites.contains(&weapon))
    });
    assert!(back);
    // And one square further down the ramp, it is not next to it.
    st.units[rod].pos = p(4, 8, 0);
    t.settle_sight(&mut st);
    st.order = vec![Seat(0), Seat(1)];
    assert!(!legal(&t, &st, Seat(0)).contains(&strike));
}

/// tac.los.obstruction, tac.ranged.mod.obstruction, tac.unit.size: a straddler obstructs
/// sight where it stands: a line along the ramp's top crosses its two squares there (-5 to
/// hit each); with the block back on the deck, the same line is clear of it.
#[test]
fn tac_los_obstruction_a_straddler_obstructs_on_the_ramps_top() {
    let bf = ramp();
    let rules = SightRules::default();
    let at = |pos: Pos, size: Size| Looker {
        body: Body {
            pos,
            size,
            kneeling: false,
        },
        facing: Facing::E,
        obstructs: true,
    };
    let ends = [at(p(1, 6, 0), Size::One), at(p(8, 6, 0), Size::One)];
    for (block, crossed) in [(ACROSS, 2), (p(4, 4, 1), 0)] {
        let units = [ends[0], ends[1], at(block, Size::Two)];
        let vision = Vision::new(&bf, &units, &rules);
        let shot = vision
            .shot_sight(&bf, &units, &rules, 0, 1)
            .unwrap_or_else(|| panic!("both there"));
        assert_eq!((shot.clear, shot.obstruction), (true, crossed), "{block:?}");
    }
}
