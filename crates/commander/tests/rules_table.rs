//! The table: distances, terrain forms, cover, line of sight and movement over terrain.

use crate::support::{activate, piece, runs};
use squadsight_commander::action::Action;
use squadsight_commander::board::{Board, Cell, Cover, GridKind, TerrainKind};
use squadsight_commander::fixture::Fixture;

#[test]
fn cmd_move_attack_base_to_base_one_cell_is_one_range() {
    // cmd.move.attack-base-to-base, cmd.move.default-inches, cmd.gap.20, cmd.gap.22: one cell
    // is one Range (an inch); distance is the tape's centre-to-centre length less one, so
    // neighbours touch at 0 (more in tests/distance.rs).
    let b = Board::new(GridKind::Square, 48, 48).unwrap();
    assert_eq!(b.range(Cell::new(3, 3), Cell::new(4, 4)), 0);
    assert!(b.adjacent(Cell::new(3, 3), Cell::new(4, 4)));
    // √58 − 1 ≈ 6.6 Range: within 7, not within 6.
    assert_eq!(b.range(Cell::new(0, 0), Cell::new(3, 7)), 7);
    assert_eq!(b.range(Cell::new(0, 0), Cell::new(47, 0)), 46);
}

#[test]
fn cmd_move_range_systems_square_and_hex() {
    // cmd.move.range-systems: squares count diagonals as one step; hexes use hex steps.
    let sq = Board::new(GridKind::Square, 20, 20).unwrap();
    let hx = Board::new(GridKind::Hex, 20, 20).unwrap();
    let (a, b) = (Cell::new(2, 2), Cell::new(6, 10));
    assert_eq!(sq.steps(a, b), 8);
    assert_eq!(hx.steps(a, b), 8);
    assert_eq!(hx.steps(Cell::new(2, 2), Cell::new(8, 2)), 6);
    assert_eq!(hx.neighbours(Cell::new(5, 5)).count(), 6);
    assert_eq!(sq.neighbours(Cell::new(5, 5)).count(), 8);
}

#[test]
fn cmd_terrain_four_forms_and_cover() {
    // cmd.terrain.four-forms; cmd.sr.hard-cover, cmd.sr.soft-cover, cmd.gap.10, cmd.gap.9.
    let mut b = Board::new(GridKind::Square, 30, 30).unwrap();
    b.add_piece(piece(
        TerrainKind::HardCover,
        0,
        &[(10, 9), (10, 10), (10, 11)],
    ))
    .unwrap();
    b.add_piece(piece(
        TerrainKind::SoftCover,
        0,
        &[(20, 19), (20, 20), (20, 21)],
    ))
    .unwrap();
    b.add_piece(piece(
        TerrainKind::Obstacle,
        0,
        &[(5, 25), (5, 26), (5, 27)],
    ))
    .unwrap();
    b.add_piece(piece(
        TerrainKind::Impassable,
        0,
        &[(15, 0), (15, 1), (15, 2)],
    ))
    .unwrap();
    // Wholly behind the wall from the west: hard cover; from the east (flanked): none.
    assert_eq!(
        b.cover(Cell::new(11, 10), Cell::new(2, 10)),
        Some(Cover::Hard)
    );
    assert_eq!(b.cover(Cell::new(11, 10), Cell::new(25, 10)), None);
    assert_eq!(
        b.cover(Cell::new(21, 20), Cell::new(12, 20)),
        Some(Cover::Soft)
    );
    // An Obstacle gives no cover.
    assert_eq!(b.cover(Cell::new(6, 26), Cell::new(0, 26)), None);
    // Base contact: no cover against the model touching you.
    assert_eq!(b.cover(Cell::new(11, 10), Cell::new(12, 10)), None);
    // A model standing only near a piece, not behind it, has none either.
    assert_eq!(b.cover(Cell::new(11, 10), Cell::new(11, 2)), None);
}

#[test]
fn cmd_sr_impassable_blocks_sight_and_movement() {
    // cmd.sr.impassable, cmd.gap.11: Impassable terrain blocks sight on the ground (and so do
    // buildings, see rules_sight.rs); low cover does not; nothing enters Impassable terrain.
    let mut b = Board::new(GridKind::Square, 20, 20).unwrap();
    b.add_piece(piece(
        TerrainKind::Impassable,
        0,
        &[(10, 8), (10, 9), (10, 10), (10, 11)],
    ))
    .unwrap();
    b.add_piece(piece(TerrainKind::HardCover, 0, &[(5, 2), (5, 3)]))
        .unwrap();
    assert!(!b.los(Cell::new(2, 10), Cell::new(18, 10)));
    assert!(
        b.los(Cell::new(2, 2), Cell::new(18, 3)),
        "low hard cover does not block sight"
    );
    assert!(!b.standable(Cell::new(10, 9)));
    // Counted in steps (cmd.gap.20's grid count); tests/distance.rs goes round it by tape.
    let s = Fixture::new(20, 20)
        .option("measure", "steps")
        .terrain(
            "rock",
            TerrainKind::Impassable,
            0,
            &[(5, 3), (5, 4), (5, 5), (5, 6), (5, 7)],
        )
        .model(0, "Rookie", 3, 5)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    let mut s = s;
    activate(&mut s, 0, 3, 5);
    let cells = runs(&s, 0);
    assert!(cells.iter().all(|(c, _)| c.x != 5 || c.y < 3 || c.y > 7));
    // Going round the rock costs extra: (7,5) is 4 steps straight, 6 round the end.
    assert!(cells.contains(&(Cell::new(7, 5), 1)));
    assert!(!cells.contains(&(Cell::new(9, 5), 1)));
}

/// The runs open to a Rookie on (2, 5) of a 20 × 20 table, once activated, with a line of
/// `kind` terrain down column 4.
fn runs_past_a_line(name: &str, kind: TerrainKind) -> Vec<(Cell, u8)> {
    let cells: Vec<(u8, u8)> = (0..20).map(|y| (4, y)).collect();
    let mut s = Fixture::new(20, 20)
        .terrain(name, kind, 0, &cells)
        .model(0, "Rookie", 2, 5)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    activate(&mut s, 0, 2, 5);
    runs(&s, 0)
}

#[test]
fn cmd_sr_obstacle_halves_movement_and_may_not_be_ended_in() {
    // cmd.sr.obstacle, cmd.gap.53: each Obstacle cell costs two steps; no move ends in one.
    let runs = runs_past_a_line("hedge of crates", TerrainKind::Obstacle);
    // MOBILITY 6: 1 + 2 (obstacle) + 3 reaches column 7 but not 8 with one action.
    assert!(runs.contains(&(Cell::new(7, 5), 1)));
    assert!(!runs.contains(&(Cell::new(8, 5), 1)));
    assert!(runs.contains(&(Cell::new(8, 5), 2)));
    assert!(
        runs.iter().all(|(c, _)| c.x != 4),
        "never ends in the Obstacle"
    );
}

#[test]
fn cmd_sr_hard_cover_is_crossed_on_a_run() {
    // cmd.sr.hard-cover, cmd.gap.53: a low wall is crossed at no extra cost.
    let runs = runs_past_a_line("low wall", TerrainKind::HardCover);
    assert!(runs.contains(&(Cell::new(8, 5), 1)));
    assert!(runs.iter().all(|(c, _)| c.x != 4));
}

#[test]
fn cmd_move_min_spacing_keeps_one_range_between_models() {
    // cmd.move.min-spacing, cmd.gap.21: no move ends next to another model (a friend here).
    let mut s = Fixture::new(20, 20)
        .model(0, "Rookie", 2, 5)
        .model(0, "Rookie", 6, 5)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    activate(&mut s, 0, 2, 5);
    let b = &s.state().board;
    for (c, _) in runs(&s, 0) {
        assert!(
            b.range(c, Cell::new(6, 5)) >= 1,
            "{c} touches the other Rookie"
        );
    }
    assert!(!s.legal(0).contains(&Action::Run {
        to: Cell::new(5, 5),
        actions: 1
    }));
}

#[test]
fn cmd_gap_53_tall_terrain_needs_a_climb() {
    // cmd.gap.53, cmd.gap.15: a tall piece cannot be run onto; a Climb reaches its top.
    // cmd.act.climb.two: the 2-action Climb needs no test.
    let roof: Vec<(u8, u8)> = (5..9).flat_map(|x| (3..7).map(move |y| (x, y))).collect();
    let mut s = Fixture::new(20, 20)
        .terrain("shed", TerrainKind::HardCover, 1, &roof)
        .model(0, "Rookie", 3, 5)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    let rookie = activate(&mut s, 0, 3, 5);
    assert!(runs(&s, 0).iter().all(|(c, _)| !roof.contains(&(c.x, c.y))));
    let top = Action::Climb {
        to: Cell::new(6, 5),
        actions: 2,
    };
    assert!(s.legal(0).contains(&top));
    s.act(0, top).unwrap();
    assert_eq!(s.state().model(rookie).unwrap().cell, Cell::new(6, 5));
    assert_eq!(s.state().board.elevation(Cell::new(6, 5)), 1);
}

#[test]
fn cmd_act_climb_one_needs_a_skill_test() {
    // cmd.act.climb.one: a 1-action Climb is a skill test against MOBILITY; failing spends the
    // action and leaves the model in place (cmd.gap.15).
    let roof: Vec<(u8, u8)> = (5..9).flat_map(|x| (3..7).map(move |y| (x, y))).collect();
    let mut s = Fixture::new(20, 20)
        .terrain("shed", TerrainKind::HardCover, 1, &roof)
        .model(0, "Rookie", 3, 5)
        .model(1, "ADVENT Trooper", 18, 18)
        .dice(&[6, 6])
        .build()
        .unwrap();
    let rookie = activate(&mut s, 0, 3, 5);
    s.act(
        0,
        Action::Climb {
            to: Cell::new(6, 5),
            actions: 1,
        },
    )
    .unwrap();
    assert_eq!(s.state().model(rookie).unwrap().cell, Cell::new(3, 5));
    assert!(s.cited("cmd.act.climb.one"));
    assert_eq!(s.state().stack.last().map(|a| a.spent), Some(1));
}

#[test]
fn cmd_battle_no_persistence_every_battle_starts_fresh() {
    // cmd.battle.no-persistence: a Battle is built from its scenario alone; a game played
    // before leaves no trace in the next.
    use squadsight_commander::Commander;
    use squadsight_core::{GameRng, Journal};
    let cmd = Commander::new().unwrap();
    let scenario = cmd.scenario("battle").unwrap();
    let setup = |seed| {
        crate::support::setup(
            &cmd,
            &scenario,
            &Default::default(),
            &mut GameRng::new(seed),
            &mut Journal::off(),
        )
        .unwrap()
    };
    let mut first = setup(3);
    for m in &mut first.models {
        m.wounds = 1;
    }
    let again = setup(3);
    assert!(again.models.iter().all(|m| m.wounds == m.max_wounds));
    assert_eq!(again, setup(3));
}
