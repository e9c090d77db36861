//! Every craft lets its crew out: from every square a unit may start on
//! (tac.map.craft-placement), a walker reaches open ground outside the craft once the craft's
//! doors are open (tac.move.special.open-door), in each of the four turns a scenario may give
//! it. A sealed compartment would keep a squad in its craft for the whole game. The same
//! holds for 2 × 2 units (tac.unit.size, tac.map.wall-multi): an HWP leaves the Skyranger or
//! the Avenger down its ramp (tac.map.slope, tac.move.walk-down), and a large alien leaves
//! its UFO.

use crate::map_support::{open, set};
use squadsight_core::square::Pos;
use squadsight_tactical::map::{Battlefield, DoorId, Locomotion, Size};
use std::collections::BTreeSet;

/// Whether a walker of `size` at `start` reaches a square outside the craft.
fn gets_out(bf: &Battlefield, start: Pos, size: Size, inside: &dyn Fn(i32, i32) -> bool) -> bool {
    let mut seen = BTreeSet::from([(start.x, start.y, start.z)]);
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        if size.cells(p).all(|c| !inside(c.x, c.y)) {
            return true;
        }
        for (n, _) in bf.steps(p, size, Locomotion::Walk) {
            if seen.insert((n.x, n.y, n.z)) {
                todo.push(n);
            }
        }
    }
    false
}

#[test]
fn tac_map_craft_placement_every_start_square_has_a_way_out() {
    for craft in &set().crafts {
        for (rotation, crashed) in (0..4).flat_map(|r| [(r, false), (r, true)]) {
            let mut bf = open(40, 40);
            let at = bf
                .place_craft(set(), &craft.name, 4, 4, rotation, crashed)
                .unwrap_or_else(|e| panic!("{}: {e}", craft.name));
            let c = bf.crafts()[at].clone();
            let inside = |x: i32, y: i32| {
                x >= c.origin.x
                    && x < c.origin.x + c.size.0 as i32
                    && y >= c.origin.y
                    && y < c.origin.y + c.size.1 as i32
            };
            let starts = bf.deploy_cells(at);
            for d in 0..bf.door_count() {
                bf.open_door(DoorId(u16::try_from(d).unwrap_or(u16::MAX)));
            }
            // And the way in: from open ground outside, a walker reaches every start square
            // (tac.scen.mission.capture-ship needs units inside the enemy craft).
            let mut reach = BTreeSet::from([(1, 1, 0)]);
            let mut todo = vec![squadsight_core::square::Pos::new(1, 1, 0)];
            while let Some(p) = todo.pop() {
                for (n, _) in bf.steps(p, Size::One, Locomotion::Walk) {
                    if reach.insert((n.x, n.y, n.z)) {
                        todo.push(n);
                    }
                }
            }
            for p in &starts {
                assert!(
                    reach.contains(&(p.x, p.y, p.z)),
                    "{} turned {rotation} (crashed: {crashed}): no way in to {},{},{}",
                    craft.name,
                    p.x,
                    p.y,
                    p.z + 1
                );
            }
            for &start in &starts {
                assert!(
                    gets_out(&bf, start, Size::One, &inside),
                    "{} turned {rotation} (crashed: {crashed}): no way out from {},{},{}",
                    craft.name,
                    start.x,
                    start.y,
                    start.z + 1
                );
            }
            // A 2 × 2 unit deploys where all four squares of its block are start squares (as
            // setup places it), and drives out with its whole block clear of the craft.
            let big: Vec<Pos> = starts
                .iter()
                .copied()
                .filter(|&p| {
                    Size::Two.cells(p).all(|c| starts.contains(&c)) && bf.room_for(p, Size::Two)
                })
                .collect();
            assert!(!big.is_empty(), "{}: no room for a 2 x 2 unit", craft.name);
            let stuck: Vec<String> = big
                .iter()
                .filter(|&&p| !gets_out(&bf, p, Size::Two, &inside))
                .map(|p| format!("{},{},{}", p.x - c.origin.x, p.y - c.origin.y, p.z + 1))
                .collect();
            assert!(
                stuck.is_empty(),
                "{} turned {rotation} (crashed: {crashed}): no way out for a 2 x 2 unit from {} of {} blocks \
                 (x,y inside the craft, level): {}",
                craft.name,
                stuck.len(),
                big.len(),
                stuck.join(" ")
            );
        }
    }
}

/// An HWP drives down the Skyranger's ramp and back up it, paying the level change once each
/// way (tac.unit.size, tac.map.slope, tac.move.walk-down, tac.move.walk-up): off the cabin
/// with its front half (a slope step), then wholly onto the ramp (the level change).
#[test]
fn tac_move_walk_down_a_2x2_unit_takes_the_skyranger_ramp_paying_once() {
    use squadsight_tactical::map::{Climb, StepKind};
    let mut bf = open(20, 20);
    let at = bf
        .place_craft(set(), "Skyranger", 4, 2, 0, false)
        .unwrap_or_else(|e| panic!("{e}"));
    for d in 0..bf.door_count() {
        bf.open_door(DoorId(u16::try_from(d).unwrap_or(u16::MAX)));
    }
    let o = bf.crafts()[at].origin;
    // The cabin's last two rows (9 and 10), over the ramp's two columns (2 and 3), level 2.
    let path = [
        Pos::new(o.x + 2, o.y + 9, 1),
        Pos::new(o.x + 2, o.y + 10, 1),
        Pos::new(o.x + 2, o.y + 11, 0),
        Pos::new(o.x + 2, o.y + 12, 0),
        Pos::new(o.x + 2, o.y + 13, 0),
    ];
    let climbs = |from: Pos, to: Pos| match bf.step(from, to, Size::Two, Locomotion::Walk) {
        Ok(StepKind::Walk { climb, .. }) => climb,
        other => panic!("{from:?} to {to:?}: {other:?}"),
    };
    let down: Vec<Climb> = path.windows(2).map(|w| climbs(w[0], w[1])).collect();
    assert_eq!(
        down,
        [Climb::Slope, Climb::Down, Climb::Slope, Climb::Slope],
        "down the ramp"
    );
    let up: Vec<Climb> = path.windows(2).rev().map(|w| climbs(w[1], w[0])).collect();
    assert_eq!(
        up,
        [Climb::Slope, Climb::Slope, Climb::Up, Climb::Slope],
        "up the ramp"
    );
    // A one-square walker takes the same ramp as before: the level change on the step off
    // the cabin's floor onto the ramp's top.
    assert!(matches!(
        bf.step(
            path[1],
            Pos::new(o.x + 2, o.y + 11, 0),
            Size::One,
            Locomotion::Walk
        ),
        Ok(StepKind::Walk {
            climb: Climb::Down,
            ..
        })
    ));
}
