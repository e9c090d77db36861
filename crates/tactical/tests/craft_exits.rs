//! Every craft lets its crew out: from every square a unit may start on
//! (tac.map.craft-placement), a walker reaches open ground outside the craft once the craft's
//! doors are open (tac.move.special.open-door), in each of the four turns a scenario may give
//! it. A sealed compartment would keep a squad in its craft for the whole game.

use crate::map_support::{open, set};
use squadsight_tactical::map::{DoorId, Locomotion, Size};
use std::collections::BTreeSet;

#[test]
fn tac_map_craft_placement_every_start_square_has_a_way_out() {
    for craft in &set().crafts {
        for rotation in 0..4 {
            let mut bf = open(40, 40);
            let at = bf
                .place_craft(set(), &craft.name, 4, 4, rotation, false)
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
                    "{} turned {rotation}: no way in to {},{},{}",
                    craft.name,
                    p.x,
                    p.y,
                    p.z + 1
                );
            }
            for start in starts {
                let mut seen = BTreeSet::from([(start.x, start.y, start.z)]);
                let mut todo = vec![start];
                let mut out = false;
                while let Some(p) = todo.pop() {
                    if !inside(p.x, p.y) {
                        out = true;
                        break;
                    }
                    for (n, _) in bf.steps(p, Size::One, Locomotion::Walk) {
                        if seen.insert((n.x, n.y, n.z)) {
                            todo.push(n);
                        }
                    }
                }
                assert!(
                    out,
                    "{} turned {rotation}: no way out from {},{},{}",
                    craft.name,
                    start.x,
                    start.y,
                    start.z + 1
                );
            }
        }
    }
}
