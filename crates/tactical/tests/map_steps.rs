//! What kind of step a move is (tac.map.wall, tac.map.wall-diagonal, tac.map.wall-multi,
//! tac.map.door, tac.map.object, tac.map.slope, tac.map.uneven, tac.move.walk-elevation,
//! tac.move.flight).

use super::map_support::{field, strip};
use crate::support::p;
use squadsight_core::square::{Dir, Pos};
use squadsight_tactical::map::{Climb, Locomotion, Size, StepBlock, StepKind};

fn walk(diagonal: bool, uneven: bool, climb: Climb) -> StepKind {
    StepKind::Walk {
        diagonal,
        uneven,
        climb,
    }
}

/// Clauses: tac.map.wall-diagonal, tac.map.wall.
#[test]
fn tac_map_wall_diagonal_no_edge_touching_the_corner_may_have_a_wall() {
    let bf = field(&[&[
        "+ + + + +",
        " . . . . ",
        "+ + +-+ +",
        " . . . . ",
        "+ + + + +",
        " . . . . ",
        "+ + + + +",
    ]]);
    let (one, w) = (Size::One, Locomotion::Walk);
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 1, 0), one, w),
        Ok(walk(true, false, Climb::Level))
    );
    // The wall north of (2, 1) touches the corner between (1, 0) and (2, 1).
    assert!(matches!(
        bf.step(p(1, 0, 0), p(2, 1, 0), one, w),
        Err(StepBlock::Wall(..))
    ));
    assert!(matches!(
        bf.step(p(2, 1, 0), p(1, 0, 0), one, w),
        Err(StepBlock::Wall(..))
    ));
    assert!(matches!(
        bf.step(p(2, 0, 0), p(2, 1, 0), one, w),
        Err(StepBlock::Wall(..))
    ));
    assert_eq!(
        bf.step(p(1, 0, 0), p(1, 1, 0), one, w),
        Ok(walk(false, false, Climb::Level))
    );
    assert_eq!(
        bf.step(p(0, 0, 0), p(2, 0, 0), one, w),
        Err(StepBlock::NotAStep)
    );
}

/// Clauses: tac.map.door, tac.map.wall.
#[test]
fn tac_map_door_blocks_until_opened_and_windows_always_block_movement() {
    let mut bf = field(&[&["+ + + +", " . .d. ", "+ + + +", " . .w. ", "+ + + +"]]);
    let door = bf.door_at(p(1, 0, 0), Dir::East).expect("door");
    assert_eq!(
        bf.step(p(1, 0, 0), p(2, 0, 0), Size::One, Locomotion::Walk),
        Err(StepBlock::ClosedDoor(door))
    );
    bf.open_door(door);
    assert!(
        bf.step(p(1, 0, 0), p(2, 0, 0), Size::One, Locomotion::Walk)
            .is_ok()
    );
    assert!(matches!(
        bf.step(p(1, 1, 0), p(2, 1, 0), Size::One, Locomotion::Walk),
        Err(StepBlock::Wall(..))
    ));
    assert!(bf.edge_blocks_movement(p(1, 1, 0), Dir::East));
}

/// Clauses: tac.map.door-multi.
#[test]
fn tac_map_door_multi_a_wide_door_opens_as_one_piece() {
    let mut bf = field(&[&[
        "+ + + +", " . .d. ", "+ + + +", " . .d. ", "+ + + +", " . .|. ", "+ + + +",
    ]]);
    let upper = bf.door_at(p(1, 0, 0), Dir::East).expect("door");
    assert_eq!(bf.door_at(p(2, 1, 0), Dir::West), Some(upper));
    assert_eq!(bf.door_edges(upper).len(), 2);
    bf.open_door(upper);
    assert!(!bf.edge_blocks_movement(p(1, 1, 0), Dir::East));
}

/// Clauses: tac.map.object, tac.map.uneven, tac.move.uneven.
#[test]
fn tac_map_object_and_uneven_ground() {
    let bf = strip(&[".T%&."]);
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 0, 0), Size::One, Locomotion::Walk),
        Err(StepBlock::Object(p(1, 0, 0)))
    );
    // tac.map.uneven: crops and hay cost the surcharge; it is the square entered that counts.
    assert_eq!(
        bf.step(p(2, 0, 0), p(3, 0, 0), Size::One, Locomotion::Walk),
        Ok(walk(false, true, Climb::Level))
    );
    assert_eq!(
        bf.step(p(3, 0, 0), p(4, 0, 0), Size::One, Locomotion::Walk),
        Ok(walk(false, false, Climb::Level))
    );
}

/// Clauses: tac.map.slope, tac.move.walk-up, tac.move.walk-down.
#[test]
fn tac_map_slope_three_steps_change_a_level_and_the_last_pays() {
    // Ground: flat, a third up, two thirds up; above: the floor reached from the ramp.
    let bf = strip(&[".12S", "   ."]);
    let (one, w) = (Size::One, Locomotion::Walk);
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 0, 0), one, w),
        Ok(walk(false, false, Climb::Slope))
    );
    assert_eq!(
        bf.step(p(1, 0, 0), p(2, 0, 0), one, w),
        Ok(walk(false, false, Climb::Slope))
    );
    // tac.move.walk-up, tac.gap.44: the step that completes the level change.
    assert_eq!(
        bf.step(p(2, 0, 0), p(3, 0, 1), one, w),
        Ok(walk(false, false, Climb::Up))
    );
    assert_eq!(
        bf.step(p(3, 0, 1), p(2, 0, 0), one, w),
        Ok(walk(false, false, Climb::Down))
    );
    // Too steep: flat ground straight onto two thirds, or up from the wrong height.
    assert_eq!(
        bf.step(p(0, 0, 0), p(2, 0, 0), one, w),
        Err(StepBlock::NotAStep)
    );
    assert_eq!(
        bf.step(p(1, 0, 0), p(3, 0, 1), one, w),
        Err(StepBlock::NotAStep)
    );
    let steep = strip(&[".2"]);
    assert_eq!(
        steep.step(p(0, 0, 0), p(1, 0, 0), one, w),
        Err(StepBlock::TooSteep(p(1, 0, 0)))
    );
    // Walking off the level above into open air is refused.
    assert_eq!(
        bf.step(p(3, 0, 1), p(2, 0, 1), one, w),
        Err(StepBlock::NoFloor(p(2, 0, 1)))
    );
    // The steps listing offers the climb.
    assert!(
        bf.steps(p(2, 0, 0), one, w)
            .contains(&(p(3, 0, 1), walk(false, false, Climb::Up)))
    );
}

/// Clauses: tac.move.walk-elevation.
#[test]
fn tac_move_walk_elevation_only_elevators_change_level_on_the_spot() {
    let bf = strip(&["e.", "e_"]);
    assert_eq!(
        bf.step(p(0, 0, 0), p(0, 0, 1), Size::One, Locomotion::Walk),
        Ok(StepKind::Elevator { up: true })
    );
    assert_eq!(
        bf.step(p(0, 0, 1), p(0, 0, 0), Size::One, Locomotion::Walk),
        Ok(StepKind::Elevator { up: false })
    );
    assert_eq!(
        bf.step(p(1, 0, 0), p(1, 0, 1), Size::One, Locomotion::Walk),
        Err(StepBlock::NoElevator(p(1, 0, 1)))
    );
}

/// Clauses: tac.move.flight, tac.map.floor.
#[test]
fn tac_move_flight_flyers_rise_through_open_air_but_not_through_floors() {
    let bf = strip(&["..", "_ ", "  "]);
    assert_eq!(
        bf.step(p(1, 0, 0), p(1, 0, 1), Size::One, Locomotion::Fly),
        Ok(StepKind::Hover { up: true })
    );
    assert_eq!(
        bf.step(p(0, 0, 0), p(0, 0, 1), Size::One, Locomotion::Fly),
        Err(StepBlock::Floor(p(0, 0, 1)))
    );
    assert_eq!(
        bf.step(p(1, 0, 1), p(0, 0, 1), Size::One, Locomotion::Fly),
        Ok(StepKind::Fly { diagonal: false })
    );
    // Hovering over open air is allowed; the top of the map is level 4 (index 3).
    assert!(
        bf.step(p(1, 0, 2), p(1, 0, 3), Size::One, Locomotion::Fly)
            .is_ok()
    );
    assert_eq!(
        bf.step(p(1, 0, 3), p(1, 0, 4), Size::One, Locomotion::Fly),
        Err(StepBlock::OffMap)
    );
}

/// Clauses: tac.map.wall-multi.
#[test]
fn tac_map_wall_multi_a_two_by_two_unit_needs_every_edge_clear() {
    let bf = field(&[&[
        "+ + + + + +",
        " . . . . . ",
        "+ + + + + +",
        " . . . . . ",
        "+ + + +-+ +",
        " . . . . . ",
        "+ + + + + +",
        " . . . .|. ",
        "+ + + + + +",
    ]]);
    let two = Size::Two;
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 0, 0), two, Locomotion::Walk),
        Ok(walk(false, false, Climb::Level))
    );
    // Moving south, one of its two leading edges is a wall.
    assert!(matches!(
        bf.step(p(2, 1, 0), p(2, 2, 0), two, Locomotion::Walk),
        Err(StepBlock::Wall(..))
    ));
    // It may not end on a block with a wall on an inner edge.
    assert!(matches!(
        bf.step(p(3, 1, 0), p(3, 2, 0), two, Locomotion::Walk),
        Err(StepBlock::Wall(..))
    ));
    assert!(
        bf.step(p(0, 2, 0), p(1, 2, 0), two, Locomotion::Walk)
            .is_ok()
    );
    // A sideways move that crosses no wall, onto a block with a wall inside it.
    assert!(
        bf.step(p(0, 1, 0), p(1, 1, 0), two, Locomotion::Walk)
            .is_ok()
    );
    assert_eq!(
        bf.step(p(1, 1, 0), p(2, 1, 0), two, Locomotion::Walk),
        Err(StepBlock::Wall(p(3, 2, 0), Dir::North))
    );
}

/// Clauses: tac.move.uneven, tac.map.wall-multi.
#[test]
fn tac_move_uneven_a_two_by_two_unit_pays_once_however_many_squares() {
    let bf = strip(&["..%%"]);
    // One row is not enough for a 2x2 unit: it needs both rows.
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 0, 0), Size::Two, Locomotion::Walk),
        Err(StepBlock::OffMap)
    );
    let bf = field(&[&[
        "+ + + + +",
        " . . % % ",
        "+ + + + +",
        " . . % . ",
        "+ + + + +",
    ]]);
    assert_eq!(
        bf.step(p(0, 0, 0), p(1, 0, 0), Size::Two, Locomotion::Walk),
        Ok(walk(false, true, Climb::Level))
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// tac.map.wall, tac.map.slope: every walking step between squares a unit can stand in
    /// can be walked back, with the level change the other way; `steps` lists exactly the
    /// steps `step` allows.
    #[test]
    fn walking_steps_can_be_walked_back(
        seed in proptest::collection::vec(proptest::prelude::any::<u8>(), 64..256),
    ) {
        let bf = super::map_sight::random_map(&seed);
        for from in bf.positions().filter(|&q| bf.standable(q)) {
            let listed = bf.steps(from, Size::One, Locomotion::Walk);
            for &(to, kind) in &listed {
                proptest::prop_assert_eq!(bf.step(from, to, Size::One, Locomotion::Walk), Ok(kind));
                proptest::prop_assert!(bf.standable(to));
                let back = bf.step(to, from, Size::One, Locomotion::Walk);
                let expected = match kind {
                    StepKind::Walk { diagonal, climb, .. } => {
                        let climb = match climb {
                            Climb::Up => Climb::Down,
                            Climb::Down => Climb::Up,
                            c => c,
                        };
                        Ok(StepKind::Walk { diagonal, uneven: bf.uneven(from), climb })
                    }
                    StepKind::Elevator { up } => Ok(StepKind::Elevator { up: !up }),
                    other => Ok(other),
                };
                proptest::prop_assert_eq!(back, expected, "{:?} -> {:?}", from, to);
            }
            for (dx, dy, dz) in squadsight_tactical::map::step::STEPS {
                for up in [0, 1, -1] {
                    let to = Pos::new(from.x + dx, from.y + dy, from.z + dz + if dz == 0 { up } else { 0 });
                    if let Ok(kind) = bf.step(from, to, Size::One, Locomotion::Walk) {
                        proptest::prop_assert!(listed.contains(&(to, kind)), "{:?} -> {:?} missing", from, to);
                    }
                }
            }
        }
    }
}
