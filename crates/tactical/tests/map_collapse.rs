//! Falling and collapsing buildings (tac.fall.trigger, tac.collapse.*).

use super::map_support::field;
use crate::support::p;
use squadsight_core::journal::Journal;
use squadsight_tactical::map::{Battlefield, DamageType, EdgeRef, Faller, Item, Size};

/// A two-storey house with a flat roof: 3 x 3 squares, walls on both storeys.
fn house() -> Battlefield {
    field(&[
        &[
            "+ + + + + +",
            " . . . . . ",
            "+ +-+-+-+ +",
            " .|_ _ _|. ",
            "+ + + + + +",
            " .|_ _ _|. ",
            "+ + + + + +",
            " .|_ _ _|. ",
            "+ +-+-+-+ +",
            " . . . . . ",
            "+ + + + + +",
        ],
        &[
            "+ + + + + +",
            "           ",
            "+ +-+-+-+ +",
            "  |_ _ _|  ",
            "+ + + + + +",
            "  |_ _ _|  ",
            "+ + + + + +",
            "  |_ _ _|  ",
            "+ +-+-+-+ +",
            "           ",
            "+ + + + + +",
        ],
        &[
            "+ + + + + +",
            "           ",
            "+ + + + + +",
            "   _ _ _   ",
            "+ + + + + +",
            "   _ _ _   ",
            "+ + + + + +",
            "   _ _ _   ",
            "+ + + + + +",
            "           ",
            "+ + + + + +",
        ],
    ])
}

/// The twelve ground-floor wall edges of the house, north side first.
fn ground_walls() -> Vec<EdgeRef> {
    let mut walls = Vec::new();
    for x in 1..4 {
        walls.push(EdgeRef {
            cell: p(x, 0, 0),
            east: false,
        });
        walls.push(EdgeRef {
            cell: p(x, 3, 0),
            east: false,
        });
    }
    for y in 1..4 {
        walls.push(EdgeRef {
            cell: p(0, y, 0),
            east: true,
        });
        walls.push(EdgeRef {
            cell: p(3, y, 0),
            east: true,
        });
    }
    walls
}

/// Clauses: tac.collapse.trigger, tac.collapse.crush, tac.collapse.fall, tac.collapse.remove.
#[test]
fn tac_collapse_trigger_more_than_half_of_the_walls_must_go() {
    let mut bf = house();
    let mut j = Journal::recording();
    for &w in &ground_walls()[..6] {
        assert_eq!(
            bf.strike(Item::Edge(w), DamageType::AP, 40, &mut j)
                .destroyed
                .len(),
            1
        );
    }
    // Exactly half: it stands.
    assert!(bf.check_collapse(&mut j).is_empty());
    bf.strike(Item::Edge(ground_walls()[6]), DamageType::AP, 40, &mut j);
    let fell = bf.check_collapse(&mut j);
    assert_eq!(fell.len(), 1);
    let c = &fell[0];
    assert_eq!((c.base, c.levels_fallen, c.columns.len()), (0, 2, 9));
    assert!(j.events().iter().any(|e| e.rule == "tac.collapse.trigger"));
    // tac.collapse.crush: 20 CC per level that fell, on a unit inside on the ground.
    assert_eq!(
        c.effect_on(p(2, 2, 0), Size::One),
        Some(Faller::Crushed { cc: 40 })
    );
    // tac.collapse.fall: a unit upstairs drops to the ground.
    assert_eq!(
        c.effect_on(p(1, 1, 1), Size::One),
        Some(Faller::Falls {
            to: p(1, 1, 0),
            levels: 1
        })
    );
    assert_eq!(c.effect_on(p(0, 0, 0), Size::One), None);
    // tac.collapse.remove: the upper levels are gone and the ground floor is rubble.
    assert_eq!(bf.square(p(2, 2, 1)).and_then(|s| s.floor), None);
    assert_eq!(bf.square(p(2, 2, 2)).and_then(|s| s.floor), None);
    assert!(bf.uneven(p(2, 2, 0)));
    assert!(!bf.edge_blocks_movement(p(0, 1, 1), squadsight_core::square::Dir::East));
    // It does not collapse twice.
    assert!(bf.check_collapse(&mut j).is_empty());
}

/// Clauses: tac.fall.trigger, tac.fall.damage.
#[test]
fn tac_fall_trigger_a_two_by_two_unit_stands_while_any_square_has_a_floor() {
    let mut bf = house();
    let mut j = Journal::off();
    // Knock out the upper floor under three of the four squares of a 2x2 unit.
    for q in [p(1, 1, 1), p(2, 1, 1), p(1, 2, 1)] {
        bf.strike(Item::Floor(q), DamageType::HE, 10, &mut j);
    }
    assert_eq!(bf.fall(p(1, 1, 1), Size::Two), None);
    assert_eq!(bf.fall(p(1, 1, 1), Size::One), Some((p(1, 1, 0), 1)));
    bf.strike(Item::Floor(p(2, 2, 1)), DamageType::HE, 10, &mut j);
    assert_eq!(bf.fall(p(1, 1, 1), Size::Two), Some((p(1, 1, 0), 1)));
    // From the roof, with both floors gone beneath: two levels.
    assert_eq!(bf.fall(p(1, 1, 2), Size::One), None);
}
