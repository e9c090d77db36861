//! Where setup lands a craft, its squad can walk out (tac.map.craft-placement, tac.gap.39):
//! a craft pushed off the corner its scenario asks for is not put down with its door against
//! a wall, a fence or the map's edge. The team game's Floaters' Large Scout used to land so,
//! and their Reaper (2 × 2, tac.unit.size) never left it.

use crate::map_support::{drawn, open, rows, set};
use crate::rules::tactical;
use squadsight_core::square::Pos;
use squadsight_core::{GameRng, Journal, Ruleset};
use squadsight_tactical::map::{Battlefield, CLEAR_OF_CRAFT, DoorId, Locomotion, Size};
use squadsight_tactical::options::Options;

/// A Large Scout (12 × 12, its door two squares wide in the middle of its south side when
/// unturned) on an open field with room around it has a way out for both sizes; put down on
/// the map's southern edge it has none (tac.map.craft-placement).
#[test]
fn tac_map_craft_placement_a_door_on_the_map_edge_is_no_way_out() {
    let mut bf = open(24, 24);
    let at = bf
        .place_craft(set(), "Large Scout", 6, 4, 0, false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(bf.craft_way_out(at, Size::One));
    assert!(bf.craft_way_out(at, Size::Two));
    let mut bf = open(24, 16);
    let at = bf
        .place_craft(set(), "Large Scout", 6, 4, 0, false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !bf.craft_way_out(at, Size::One),
        "the door opens off the map"
    );
    assert!(
        !bf.craft_way_out(at, Size::Two),
        "the door opens off the map"
    );
    // Turned half round, its door faces north, onto open ground.
    let mut bf = open(24, 16);
    let at = bf
        .place_craft(set(), "Large Scout", 6, 4, 2, false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(bf.craft_way_out(at, Size::Two));
}

/// A fence one square off the door (tac.map.wall: no step crosses a fence) leaves a soldier
/// a way out along the strip between, but not a 2 × 2 unit, which can neither turn along the
/// strip with half its block in the hull nor cross the fence (tac.map.wall-multi).
#[test]
fn tac_map_wall_multi_a_fence_before_the_door_keeps_a_large_unit_in() {
    let mut level = rows(24, 24, '.');
    // The edge row between cell rows 16 and 17 (the craft covers rows 4 to 15).
    let fence: String = "+f".repeat(24) + "+";
    level[2 * 17] = fence;
    let mut bf: Battlefield = drawn(&[level]);
    let at = bf
        .place_craft(set(), "Large Scout", 6, 4, 0, false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(bf.craft_way_out(at, Size::One));
    assert!(!bf.craft_way_out(at, Size::Two));
}

/// Whether a walker of `size` from `start`, every door open, gets at least
/// [`CLEAR_OF_CRAFT`] squares clear of every craft on the map.
fn leaves(bf: &Battlefield, start: Pos, size: Size) -> bool {
    let mut bf = bf.clone();
    for d in 0..bf.door_count() {
        bf.open_door(DoorId(u16::try_from(d).unwrap_or(u16::MAX)));
    }
    let clear = |p: Pos| {
        bf.crafts().iter().all(|c| {
            size.cells(p).all(|q| {
                let dx = (c.origin.x - q.x).max(q.x - (c.origin.x + c.size.0 as i32 - 1));
                let dy = (c.origin.y - q.y).max(q.y - (c.origin.y + c.size.1 as i32 - 1));
                dx.max(dy) >= CLEAR_OF_CRAFT
            })
        })
    };
    let mut seen = vec![false; bf.cell_count()];
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        if clear(p) {
            return true;
        }
        for (n, _) in bf.steps(p, size, Locomotion::Walk) {
            if let Some(i) = bf.index(n)
                && !seen[i]
            {
                seen[i] = true;
                todo.push(n);
            }
        }
    }
    false
}

/// Every unit of every squad that lands in a craft walks out of it, in the built-in
/// scenarios over a few seeds: the team game's seeds 1 to 3 used to land the Floaters' Large
/// Scout with its door against a walled field (1, 3) or on the map's edge (2), and the
/// Reaper stayed aboard (tac.map.craft-placement, tac.gap.39, tac.scen.assault.goal). The
/// boarding craft dock where the scenario puts them and nobody leaves the gangway
/// (tac.scen.boarding); a crashed craft's crew may be walled in by the wreck.
#[test]
fn tac_map_craft_placement_every_landed_unit_can_walk_out() {
    let t = tactical();
    for info in t.scenarios() {
        let sc = t.scenario(info.id).unwrap_or_else(|e| panic!("{e}"));
        if sc.boarding {
            continue;
        }
        for seed in 1..=3 {
            let mut rng = GameRng::new(seed);
            let mut journal = Journal::off();
            let st = t
                .setup(&sc, &Options::default(), &mut rng, &mut journal)
                .unwrap_or_else(|e| panic!("{}: {e}", info.id));
            for (s, sq) in sc.squads.iter().enumerate() {
                if sq.craft().is_none() || sq.craft.crashed {
                    continue;
                }
                for u in st.units.iter().filter(|u| usize::from(u.seat.0) == s) {
                    assert!(
                        leaves(&st.bf, u.pos, u.size),
                        "{} seed {seed}: {} cannot walk out of its {} from {},{},{} ({:?})",
                        info.id,
                        sq.name,
                        sq.craft.name,
                        u.pos.x,
                        u.pos.y,
                        u.pos.z + 1,
                        u.size
                    );
                }
            }
        }
    }
}
