//! Line of sight, sight fields and incremental sight (tac.los.*, tac.map.floor-los,
//! tac.map.wall, tac.map.door).

use super::map_support::{drawn, field, strip};
use crate::support::p;
use proptest::prelude::*;
use squadsight_core::square::{Dir, Pos};
use squadsight_tactical::map::sight::view_limit;
use squadsight_tactical::map::{
    Body, CloudKind, Facing, Looker, SeatView, SightBlock, SightRules, Size, Vision, VisionArc,
};

fn nobody(_: Pos) -> bool {
    false
}

/// Clauses: tac.map.wall, tac.los.see-through, tac.map.door, tac.los.blockers.
#[test]
fn tac_map_wall_blocks_sight_windows_do_not_and_doors_only_while_closed() {
    let mut bf = field(&[&[
        "+ + + + + + + +",
        " . . . . . . . ",
        "+ + + + + + + +",
        " . . .|. . . . ",
        "+ + + + + + + +",
        " . . .w. . . . ",
        "+ + + + + + + +",
        " . . .d. . . . ",
        "+ + + + + + + +",
    ]]);
    let rules = SightRules::default();
    let los = |bf: &squadsight_tactical::map::Battlefield, y| {
        bf.line_of_sight(Body::at(p(0, y, 0)), Body::at(p(6, y, 0)), &rules, nobody)
    };
    assert!(los(&bf, 0).clear);
    assert_eq!(
        los(&bf, 1).blocked_by,
        Some(SightBlock::Edge(p(2, 1, 0), Dir::East))
    );
    // tac.los.see-through: a window lets sight through.
    assert!(los(&bf, 2).clear);
    // tac.map.door: a closed door is a wall until opened.
    assert!(!los(&bf, 3).clear);
    let door = bf.door_at(p(2, 3, 0), Dir::East).expect("a door");
    assert!(bf.open_door(door));
    assert!(los(&bf, 3).clear);
    assert_eq!(bf.close_all_doors(), vec![door]);
    assert!(!los(&bf, 3).clear);
}

/// Clauses: tac.los.obstruction, tac.los.blockers, tac.map.object.
#[test]
fn tac_los_obstruction_four_squares_block_and_full_objects_block_alone() {
    // Three crates (low objects) between: -5 each, still seen.
    let bf = strip(&[".xxx...."]);
    let rules = SightRules::default();
    let (a, b) = (Body::at(p(0, 0, 0)), Body::at(p(7, 0, 0)));
    let s = bf.line_of_sight(a, b, &rules, nobody);
    assert!(s.clear);
    assert_eq!(s.obstruction, 3);
    // A fourth square of obstruction, a unit standing in the way, blocks.
    let s = bf.line_of_sight(a, b, &rules, |q| q == p(5, 0, 0));
    assert_eq!(
        (s.clear, s.blocked_by),
        (false, Some(SightBlock::Obstruction))
    );
    // The two ends' own squares never count.
    let s = bf.line_of_sight(a, b, &rules, |q| q == p(0, 0, 0) || q == p(7, 0, 0));
    assert_eq!((s.clear, s.obstruction), (true, 3));
    // tac.los.blockers: a tree blocks by itself.
    let trees = strip(&["...T...."]);
    let s = trees.line_of_sight(a, b, &rules, nobody);
    assert_eq!(s.blocked_by, Some(SightBlock::Object(p(3, 0, 0))));
}

/// Clauses: tac.smoke.los, tac.los.obstruction.
#[test]
fn tac_smoke_los_smoke_counts_as_obstruction() {
    let mut bf = strip(&["........"]);
    let rules = SightRules::default();
    let (a, b) = (Body::at(p(0, 0, 0)), Body::at(p(7, 0, 0)));
    for x in 2..5 {
        bf.add_cloud(CloudKind::Smoke, p(x, 0, 0), 3);
    }
    assert_eq!(bf.line_of_sight(a, b, &rules, nobody).obstruction, 3);
    bf.add_cloud(CloudKind::Smoke, p(5, 0, 0), 3);
    assert!(!bf.line_of_sight(a, b, &rules, nobody).clear);
}

/// Clauses: tac.map.floor-los, tac.los.blockers.
#[test]
fn tac_map_floor_los_floors_block_between_levels_but_elevators_do_not() {
    let rules = SightRules {
        level_edge: None,
        ..SightRules::default()
    };
    let (a, b) = (Body::at(p(0, 0, 0)), Body::at(p(4, 0, 1)));
    let floored = strip(&[".....", "_____"]);
    assert_eq!(
        floored.line_of_sight(a, b, &rules, nobody).blocked_by,
        Some(SightBlock::Floor(p(2, 0, 1)))
    );
    let lift = strip(&[".....", "__e__"]);
    assert!(lift.line_of_sight(a, b, &rules, nobody).clear);
}

/// Clauses: tac.los.elevation, tac.los.common-sense.
#[test]
fn tac_los_elevation_units_far_back_from_the_edge_of_a_higher_level_are_hidden() {
    // A roof from column 20 on, open air before it; the viewer on the ground far away.
    let ground = ".".repeat(30);
    let roof = " ".repeat(20) + &"_".repeat(10);
    let bf = strip(&[&ground, &roof]);
    let viewer = Body::at(p(0, 0, 0));
    let rules = SightRules::default();
    // Three squares between the target and the drop: seen.
    let near = bf.line_of_sight(viewer, Body::at(p(23, 0, 1)), &rules, nobody);
    assert!(near.clear);
    // Six squares back: the line itself clears the roof's edge, but the rule hides it.
    let far = Body::at(p(26, 0, 1));
    assert_eq!(
        bf.line_of_sight(viewer, far, &rules, nobody).blocked_by,
        Some(SightBlock::LevelEdge(p(26, 0, 1)))
    );
    let literal_off = SightRules {
        level_edge: None,
        ..rules
    };
    assert!(bf.line_of_sight(viewer, far, &literal_off, nobody).clear);
    // And from the roof looking down it is the same (symmetric).
    assert!(!bf.line_of_sight(far, viewer, &rules, nobody).clear);
}

/// Clauses: tac.los.partial-level, tac.move.kneel-effects.
#[test]
fn tac_los_partial_level_a_kneeling_unit_hides_behind_a_two_thirds_slope() {
    let bf = strip(&[".2....", ".1...."]);
    let rules = SightRules::default();
    let target = Body::at(p(5, 0, 0));
    let standing = Body::at(p(0, 0, 0));
    let kneeling = Body {
        kneeling: true,
        ..standing
    };
    // Slopes are flat for sight...
    assert!(bf.line_of_sight(standing, target, &rules, nobody).clear);
    // ...except that two thirds of a level covers a kneeling unit, from either end.
    assert_eq!(
        bf.line_of_sight(kneeling, target, &rules, nobody)
            .blocked_by,
        Some(SightBlock::SlopeCover(p(1, 0, 0)))
    );
    assert!(!bf.line_of_sight(target, kneeling, &rules, nobody).clear);
    // One third is not enough.
    let low = strip(&[".1...."]);
    assert!(low.line_of_sight(kneeling, target, &rules, nobody).clear);
}

/// Clauses: tac.unit.size, tac.los.required.
#[test]
fn a_two_by_two_unit_is_seen_if_any_of_its_squares_is() {
    // A wall hides the upper row of a 2x2 unit but not the lower one.
    let bf = field(&[&[
        "+ + + + + +",
        " . . . .|. ",
        "+ + + + + +",
        " . . . . . ",
        "+ + + + + +",
    ]]);
    let rules = SightRules::default();
    let viewer = Body::at(p(0, 0, 0));
    let tank = Body {
        pos: p(3, 0, 0),
        size: Size::Two,
        kneeling: false,
    };
    assert!(bf.line_of_sight(viewer, tank, &rules, nobody).clear);
    assert!(bf.line_of_sight(tank, viewer, &rules, nobody).clear);
}

#[test]
fn the_xcom_cone_and_range_are_options() {
    let rules = SightRules::XCOM;
    let viewer = Body::at(p(10, 10, 0));
    let ahead = Body::at(p(10, 2, 0));
    let diagonal = Body::at(p(18, 2, 0));
    let beside = Body::at(p(18, 9, 0));
    assert_eq!(view_limit(viewer, Facing::N, ahead, &rules), None);
    // Exactly 45° off the facing is still inside the cone.
    assert_eq!(view_limit(viewer, Facing::N, diagonal, &rules), None);
    assert_eq!(
        view_limit(viewer, Facing::N, beside, &rules),
        Some(SightBlock::OutOfArc)
    );
    assert_eq!(view_limit(viewer, Facing::E, beside, &rules), None);
    // 20 squares, rounded to the nearest: 20.4 is in, 20.5 is out.
    assert_eq!(
        view_limit(viewer, Facing::N, Body::at(p(10, -10, 0)), &rules),
        None
    );
    assert_eq!(
        view_limit(viewer, Facing::N, Body::at(p(10, -11, 0)), &rules),
        Some(SightBlock::OutOfRange)
    );
    // The source's rule: all round, no limit.
    let all = SightRules::default();
    assert_eq!(all.arc, VisionArc::All);
    assert_eq!(
        view_limit(viewer, Facing::N, Body::at(p(10, 40, 0)), &all),
        None
    );
}

/// Clauses: tac.los.required.
#[test]
fn a_sight_field_is_exactly_the_squares_in_line_of_sight() {
    let bf = field(&[&[
        "+ + + + + + +",
        " . . . T . . ",
        "+ + + + + + +",
        " . . .|. . . ",
        "+ + + + + + +",
        " . x . . . . ",
        "+ + + + + + +",
    ]]);
    let rules = SightRules::default();
    let me = Body::at(p(0, 1, 0));
    let field = bf.sight_field(me, Facing::E, &rules, nobody);
    for q in bf.positions() {
        let i = bf.index(q).expect("on the map");
        // Empty air holds nothing to see; everything else is in the field exactly when a
        // body standing there would be in sight.
        let something = bf
            .square(q)
            .is_some_and(|s| s.floor.is_some() || s.object.is_some());
        let expect =
            q == me.pos || (something && bf.line_of_sight(me, Body::at(q), &rules, nobody).clear);
        assert_eq!(field.contains(i), expect, "{q:?}");
    }
    assert!(!field.contains(bf.index(p(5, 1, 0)).expect("on the map")));
    let mut seat = SeatView::new(bf.cell_count());
    let eye = Looker {
        body: me,
        facing: Facing::E,
        obstructs: true,
    };
    seat.update(&bf, &[eye], &[eye], &rules);
    assert_eq!(seat.visible, field);
    assert!(seat.sees(&bf, p(1, 1, 0)));
}

/// A random two-level 8 x 8 map, drawn as the tile format would.
pub fn random_map(seed: &[u8]) -> squadsight_tactical::map::Battlefield {
    let mut k = 0usize;
    let mut pick = |options: &[char]| {
        let c = options[usize::from(seed[k % seed.len()]) % options.len()];
        k += 1;
        c
    };
    let mut levels: Vec<Vec<String>> = Vec::new();
    for z in 0..2 {
        let mut rows = Vec::new();
        for r in 0..17 {
            let mut row = String::new();
            for c in 0..17 {
                let ch = match (r % 2, c % 2) {
                    (0, 0) => '+',
                    (1, 1) if z == 0 => pick(&['.', '.', '.', '.', 'x', 'T', '2', '.']),
                    (1, 1) => pick(&[' ', ' ', '_', 'e', 'F', ' ']),
                    (1, 0) if c == 0 || c == 16 => ' ',
                    (0, 1) if r == 0 || r == 16 => ' ',
                    (1, 0) => pick(&[' ', ' ', ' ', ' ', '|', 'w', 'd']),
                    _ => pick(&[' ', ' ', ' ', ' ', '-', 'w', 'd']),
                };
                row.push(ch);
            }
            rows.push(row);
        }
        levels.push(rows);
    }
    drawn(&levels)
}

fn body(x: u8, y: u8, z: u8, two: bool, kneel: bool) -> Body {
    Body {
        pos: p(i32::from(x % 7), i32::from(y % 7), i32::from(z % 2)),
        size: if two { Size::Two } else { Size::One },
        kneeling: kneel,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// tac.los.required: sight is the same from either end, obstruction count included.
    #[test]
    fn tac_los_required_sight_is_symmetric(
        seed in proptest::collection::vec(any::<u8>(), 64..256),
        ends in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<bool>(), any::<bool>()), 2..12),
        crowd in proptest::collection::vec((0i32..8, 0i32..8, 0i32..2), 0..6),
    ) {
        let bf = random_map(&seed);
        let rules = SightRules { level_edge: Some(3), ..SightRules::default() };
        let occupied = |q: Pos| crowd.contains(&(q.x, q.y, q.z));
        for pair in ends.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let a = body(a.0, a.1, a.2, a.3, a.4);
            let b = body(b.0, b.1, b.2, b.3, b.4);
            let ab = bf.line_of_sight(a, b, &rules, occupied);
            let ba = bf.line_of_sight(b, a, &rules, occupied);
            prop_assert_eq!(ab.clear, ba.clear, "{:?} {:?}", a, b);
            prop_assert_eq!(ab.obstruction, ba.obstruction, "{:?} {:?}", a, b);
        }
    }

    /// Vision kept up to date move by move answers exactly as a fresh trace does.
    #[test]
    fn vision_stays_exact_as_units_move(
        seed in proptest::collection::vec(any::<u8>(), 64..256),
        start in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<bool>()), 3..9),
        moves in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>(), any::<bool>()), 1..12),
    ) {
        let mut bf = random_map(&seed);
        let rules = SightRules { obstruction_limit: 2, ..SightRules::default() };
        let mut units: Vec<Looker> = start
            .iter()
            .map(|&(x, y, z, two)| Looker {
                body: body(x, y, z, two, false),
                facing: Facing::N,
                obstructs: true,
            })
            .collect();
        let mut vision = Vision::new(&bf, &units, &rules);
        for (k, &(who, x, y, z, kneel)) in moves.iter().enumerate() {
            if k % 5 == 4 {
                // The map changes: every door opens, then sight is refreshed.
                for d in 0..bf.door_count() {
                    bf.open_door(squadsight_tactical::map::DoorId(d as u16));
                }
                vision.refresh(&bf, &units, &rules);
            }
            let who = usize::from(who) % units.len();
            let before = units[who].body;
            units[who].body = Body { kneeling: kneel, ..body(x, y, z, before.size == Size::Two, kneel) };
            vision.moved(&bf, &units, &rules, who, before);
            for i in 0..units.len() {
                for j in i + 1..units.len() {
                    let occupied = |q: Pos| {
                        units.iter().any(|u| bf.footprint(u.body.pos, u.body.size).contains(q))
                    };
                    let fresh = bf.line_of_sight(units[i].body, units[j].body, &rules, occupied);
                    prop_assert_eq!(vision.los(i, j), Some(fresh.clear), "pair {} {}", i, j);
                }
            }
        }
    }
}

/// Clauses: tac.los.obstruction, tac.ranged.mod.obstruction.
#[test]
fn vision_gives_a_shot_its_obstruction_count_traced_now() {
    let bf = strip(&[".x......"]);
    let rules = SightRules::default();
    let at = |x| Looker {
        body: Body::at(p(x, 0, 0)),
        facing: Facing::E,
        obstructs: true,
    };
    let mut units = vec![at(0), at(7), at(4)];
    let mut vision = Vision::new(&bf, &units, &rules);
    let shot = vision
        .shot_sight(&bf, &units, &rules, 0, 1)
        .expect("both there");
    assert_eq!((shot.clear, shot.obstruction), (true, 2));
    // The unit in between steps aside: one square of obstruction less.
    let before = units[2].body;
    units[2].body.pos = p(4, 0, 1);
    vision.moved(&bf, &units, &rules, 2, before);
    assert_eq!(vision.los(0, 1), Some(true));
    let shot = vision
        .shot_sight(&bf, &units, &rules, 0, 1)
        .expect("both there");
    assert_eq!(shot.obstruction, 1);
    assert!(vision.sees(&units, &rules, 0, 1));
    // Unit 1 sees both: the one hovering above open ground is in plain view.
    assert_eq!(vision.seen_by(&units, &rules, 1), vec![0, 2]);
    assert_eq!(vision.shot_sight(&bf, &units, &rules, 0, 9), None);
}
