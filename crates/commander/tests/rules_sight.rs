//! Line of sight with heights (cmd.gap.11, cmd.sr.impassable): a piece is solid up to its top
//! and blocks a sight line only where it reaches the line; eyes are half a level above the level
//! a model stands on.

use crate::support::piece;
use squadsight_commander::action::Action;
use squadsight_commander::board::{Board, Cell, GridKind, TerrainKind};
use squadsight_commander::fixture::Fixture;

/// A 30 × 20 table: a two-level building on columns 2–4, rows 8–12, and a low Impassable
/// plinth on column 10, rows 9–11.
fn town(grid: GridKind) -> Board {
    let mut b = Board::new(grid, 30, 20).unwrap();
    let building: Vec<(u8, u8)> = (2..=4)
        .flat_map(|x| (8..=12).map(move |y| (x, y)))
        .collect();
    b.add_piece(piece(TerrainKind::HardCover, 2, &building))
        .unwrap();
    b.add_piece(piece(
        TerrainKind::Impassable,
        0,
        &[(10, 9), (10, 10), (10, 11)],
    ))
    .unwrap();
    b
}

fn both(b: &Board, a: (u8, u8), c: (u8, u8)) -> bool {
    let (a, c) = (Cell::new(a.0, a.1), Cell::new(c.0, c.1));
    let there = b.los(a, c);
    assert_eq!(there, b.los(c, a), "sight is symmetric: {a} / {c}");
    there
}

#[test]
fn cmd_gap_11_roof_sees_over_a_low_plinth() {
    // cmd.gap.11, cmd.sr.impassable: from the roof (level 2) the line passes over the plinth to
    // a model far behind it, but a model crouched right behind the plinth stays hidden; on the
    // ground the plinth hides both.
    for grid in [GridKind::Square, GridKind::Hex] {
        let b = town(grid);
        assert_eq!(b.elevation(Cell::new(4, 10)), 2);
        assert!(both(&b, (4, 10), (20, 10)), "{grid:?}: over the plinth");
        assert!(!both(&b, (4, 10), (11, 10)), "{grid:?}: hidden behind it");
        assert!(!both(&b, (6, 10), (20, 10)), "{grid:?}: ground to ground");
    }
}

#[test]
fn cmd_gap_11_buildings_block_the_ground_and_the_roof_edge_matters() {
    // cmd.gap.11: the building hides ground models on either side of it from each other. From
    // its far edge a roof model sees over its own roof to a model far away, but not the ground
    // just below the near wall. Two models on the same roof see each other, and a model at the
    // foot of the wall sees the one standing on the edge above it.
    for grid in [GridKind::Square, GridKind::Hex] {
        let b = town(grid);
        assert!(
            !both(&b, (0, 10), (7, 10)),
            "{grid:?}: through the building"
        );
        assert!(both(&b, (2, 10), (20, 10)), "{grid:?}: across its own roof");
        assert!(
            !both(&b, (2, 10), (6, 10)),
            "{grid:?}: the ground below the wall"
        );
        assert!(both(&b, (2, 8), (4, 12)), "{grid:?}: on the same roof");
        assert!(both(&b, (5, 10), (4, 10)), "{grid:?}: foot of the wall");
    }
}

#[test]
fn cmd_gap_11_no_attack_through_a_building() {
    // cmd.gap.11, cmd.act.attack.one: a shot needs sight, so a target behind a building is not
    // offered; after a 1-action climb onto the roof it is.
    let building: Vec<(u8, u8)> = (8..=10)
        .flat_map(|x| (4..=8).map(move |y| (x, y)))
        .collect();
    let mut s = Fixture::new(24, 16)
        .terrain("block", TerrainKind::HardCover, 1, &building)
        .model(0, "Rookie", 6, 6)
        .model(1, "ADVENT Trooper", 16, 6)
        .dice(&[1, 1])
        .build()
        .unwrap();
    let (rookie, trooper) = (s.model_at(6, 6).unwrap(), s.model_at(16, 6).unwrap());
    s.act(0, Action::Activate(rookie)).unwrap();
    let shots = |s: &squadsight_commander::fixture::Session| {
        s.legal(0)
            .iter()
            .filter(|a| matches!(a, Action::Attack { target, .. } if *target == trooper))
            .count()
    };
    assert_eq!(shots(&s), 0, "hidden behind the building");
    // The 1-action Climb's MOBILITY test passes on a 1 and a 1.
    s.act(
        0,
        Action::Climb {
            to: Cell::new(9, 6),
            actions: 1,
        },
    )
    .unwrap();
    assert_eq!(s.state().model(rookie).unwrap().cell, Cell::new(9, 6));
    assert!(shots(&s) > 0, "seen from the roof");
}
