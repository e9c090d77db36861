//! The table: distances, terrain forms, cover, line of sight and movement over terrain.
//! Distances are read as a tape measure reads them: on a square table, ranges, radii and moves
//! are exact integer lengths between cell centres (cmd.move.default-inches, cmd.gap.20), the
//! `measure=steps` option keeps the old cell count, and hexes count hex steps. Sight lines meet
//! a piece only where it reaches their height (cmd.gap.11).

use crate::support::{activate, piece, runs, weapon_id};
use squadsight_commander::action::Action;
use squadsight_commander::board::{
    Board, Cell, Cover, Distance, GridKind, Measure, Piece, TerrainKind,
};
use squadsight_commander::fixture::Fixture;

#[test]
fn cmd_move_attack_base_to_base_one_cell_is_one_range() {
    // cmd.move.attack-base-to-base, cmd.move.default-inches, cmd.gap.20, cmd.gap.22: one cell
    // is one Range (an inch); distance is the tape's centre-to-centre length less one, so
    // neighbours touch at 0 (more below).
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
    // buildings, see below); low cover does not; nothing enters Impassable terrain.
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
    // Counted in steps (cmd.gap.20's grid count); by tape it is a detour, below.
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

#[test]
fn cmd_move_default_inches_a_diagonal_is_as_long_as_a_tape_says() {
    // cmd.move.default-inches, cmd.move.attack-base-to-base, cmd.gap.20: 12 cells along a
    // diagonal are √288 ≈ 16.97 cells from centre to centre, 15.97 Range base to base; counted
    // in steps they were 11.
    let b = Board::new(GridKind::Square, 48, 48).unwrap();
    let (a, c) = (Cell::new(0, 0), Cell::new(12, 12));
    let d = b.distance(a, c);
    assert_eq!(d.centre_squared(), 288);
    assert!(d.within(16) && !d.within(15));
    assert_eq!(b.range(a, c), 16);
    assert_eq!(d.to_string(), "16.0", "15.97 shown to the nearest tenth");
    // Along a row or column nothing changes: 12 cells apart is 11 Range.
    assert_eq!(b.distance(a, Cell::new(12, 0)), Distance::whole(11));
    assert_eq!(b.distance(a, Cell::new(12, 0)).to_string(), "11");
    // A 3-4-5 triangle: 5 from centre to centre, exactly 4 Range.
    assert_eq!(b.distance(a, Cell::new(3, 4)), Distance::whole(4));
    // Distances order exactly: (5,5) and (7,1) are both √50 away; (6,6) at √72 is further
    // than (8,0) at √64.
    assert_eq!(
        b.distance(a, Cell::new(5, 5)),
        b.distance(a, Cell::new(7, 1))
    );
    assert!(b.distance(a, Cell::new(6, 6)) > b.distance(a, Cell::new(8, 0)));
    // The old count, kept as an option: a diagonal step is one.
    let mut steps = Board::new(GridKind::Square, 48, 48).unwrap();
    steps.set_measure(Measure::Steps);
    assert_eq!(steps.range(a, c), 11);
}

#[test]
fn cmd_gap_20_neighbours_are_in_base_contact_and_spacing_is_unchanged() {
    // cmd.gap.20, cmd.gap.22: a model fills its cell, so the eight neighbouring cells (the
    // diagonal ones touch at a corner) are base contact at 0; cmd.move.min-spacing's "at least
    // 1 Range" then excludes exactly those eight, as before.
    let b = Board::new(GridKind::Square, 20, 20).unwrap();
    let at = Cell::new(10, 10);
    for n in b.neighbours(at) {
        assert_eq!(b.distance(at, n), Distance::CONTACT, "{n}");
        assert!(!b.distance(at, n).at_least(1));
    }
    for c in [Cell::new(12, 10), Cell::new(12, 11), Cell::new(12, 12)] {
        assert!(b.distance(at, c).at_least(1), "{c}");
    }
    // A move may end two cells away on the diagonal, never next to another model.
    let mut s = Fixture::new(20, 20)
        .model(0, "Rookie", 5, 5)
        .model(1, "ADVENT Trooper", 10, 10)
        .build()
        .unwrap();
    activate(&mut s, 0, 5, 5);
    let cells = runs(&s, 0);
    assert!(cells.iter().any(|(c, _)| *c == Cell::new(8, 8)));
    assert!(!cells.iter().any(|(c, _)| *c == Cell::new(9, 9)));
}

#[test]
fn cmd_act_run_one_reaches_a_circle_not_a_square() {
    // cmd.act.run.one, cmd.move.default-inches: a 1-action Run of MOBILITY 6 reaches every
    // open cell whose centre is within 6 of the start's in a straight line, and no further;
    // counted in steps it reached the whole 13 × 13 square.
    let mut s = Fixture::new(30, 30)
        .model(0, "Rookie", 10, 10)
        .model(1, "ADVENT Trooper", 28, 28)
        .build()
        .unwrap();
    activate(&mut s, 0, 10, 10);
    let one: Vec<Cell> = runs(&s, 0)
        .into_iter()
        .filter(|(_, n)| *n == 1)
        .map(|(c, _)| c)
        .collect();
    for dx in -7i16..=7 {
        for dy in -7i16..=7 {
            let c = Cell::new((10 + dx) as u8, (10 + dy) as u8);
            let inside = dx * dx + dy * dy <= 36 && (dx, dy) != (0, 0);
            assert_eq!(one.contains(&c), inside, "({dx},{dy})");
        }
    }
    // (4,4) off is √32 ≈ 5.66 away; (5,4) is √41 ≈ 6.40 and (6,1) √37 ≈ 6.08: two actions.
    let all = runs(&s, 0);
    assert!(all.contains(&(Cell::new(14, 14), 1)));
    assert!(all.contains(&(Cell::new(15, 14), 2)));
    assert!(all.contains(&(Cell::new(16, 11), 2)));
    assert!(all.contains(&(Cell::new(16, 10), 1)));
}

#[test]
fn cmd_sr_impassable_a_detour_costs_its_length() {
    // cmd.sr.impassable, cmd.move.default-inches: a Run round a rock (column 5, rows 4 to 6)
    // costs the length of its legs: (3,5) to (7,5) by (4,4), (5,3), (6,4) is four diagonals,
    // 4√2 ≈ 5.66, within a MOBILITY 6 Run; (8,5) is 1 + 4√2 ≈ 6.66 and needs two actions.
    // Counted in steps (8,5) was five steps, one action.
    let build = |measure: &str| {
        let mut s = Fixture::new(20, 20)
            .option("measure", measure)
            .terrain(
                "rock",
                TerrainKind::Impassable,
                0,
                &[(5, 4), (5, 5), (5, 6)],
            )
            .model(0, "Rookie", 3, 5)
            .model(1, "ADVENT Trooper", 18, 18)
            .build()
            .unwrap();
        activate(&mut s, 0, 3, 5);
        runs(&s, 0)
    };
    let tape = build("tape");
    assert!(tape.contains(&(Cell::new(7, 5), 1)));
    assert!(tape.contains(&(Cell::new(8, 5), 2)));
    assert!(!tape.contains(&(Cell::new(8, 5), 1)));
    // Straight past the end of the rock is a straight line: (3,5) to (6,2) is √18 ≈ 4.24.
    assert!(tape.contains(&(Cell::new(6, 2), 1)));
    let steps = build("steps");
    assert!(steps.contains(&(Cell::new(8, 5), 1)));
}

#[test]
fn cmd_sr_obstacle_a_diagonal_through_it_costs_twice_its_length() {
    // cmd.sr.obstacle: movement through an Obstacle is halved, so a step into one costs twice
    // its length: 2 along a row, 2√2 ≈ 2.83 on a diagonal. A column of crates at x = 4; the
    // Rookie (MOBILITY 6) starts at (3,10) and can never stop in the crates.
    let mut s = Fixture::new(20, 20)
        .terrain(
            "crates",
            TerrainKind::Obstacle,
            0,
            &(0..20).map(|y| (4, y)).collect::<Vec<_>>(),
        )
        .model(0, "Rookie", 3, 10)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    activate(&mut s, 0, 3, 10);
    let cells = runs(&s, 0);
    assert!(cells.iter().all(|(c, _)| c.x != 4));
    // Across in a row: 2 (into the crates) + 1 = 3, then 3 more: (8,10) at 6 for one action.
    assert!(cells.contains(&(Cell::new(8, 10), 1)));
    assert!(!cells.contains(&(Cell::new(9, 10), 1)));
    // (7,12): into the crates along the row (2), then 1 and two diagonals: 3 + 2√2 ≈ 5.83.
    assert!(cells.contains(&(Cell::new(7, 12), 1)));
    // (7,13) needs three diagonals and one straight step: 2 + 3√2 ≈ 6.24 with the straight one
    // into the crates, 1 + 4√2 ≈ 6.66 with a diagonal one; a Run of two actions. (Counted in
    // steps it was 5; with an undoubled diagonal it would be 1 + 3√2 ≈ 5.24.)
    assert!(cells.contains(&(Cell::new(7, 13), 2)));
}

#[test]
fn cmd_shoot_range_limit_and_bands_use_the_tape() {
    // cmd.shoot.range-limit, cmd.gap.19: an Assault Rifle (12 / 24) at a target 17 cells away
    // on both axes: √578 − 1 ≈ 23.04 Range, in range; 18 on both axes is ≈ 24.46, past 24.
    // Counted in steps they were 16 and 17. A target 9 cells away on both axes is
    // √162 − 1 ≈ 11.73, short range; 10 on both axes ≈ 13.14, long (counted: 9, short).
    let shot = |tx: u8, ty: u8| {
        let mut s = Fixture::new(40, 40)
            .model(0, "Rookie", 2, 2)
            .model(1, "ADVENT Trooper", tx, ty)
            .build()
            .unwrap();
        let rookie = s.model_at(2, 2).unwrap();
        let trooper = s.model_at(tx, ty).unwrap();
        let ar = weapon_id("Assault Rifle");
        s.act(0, Action::Activate(rookie)).unwrap();
        let attack = Action::Attack {
            weapon: ar,
            target: trooper,
            actions: 2,
        };
        let legal = s.legal(0).contains(&attack);
        let band = s.ruleset().attack_odds(s.state(), &attack).map(|o| {
            o.hit_test
                .modifiers
                .iter()
                .map(|m| m.clause)
                .find(|c| c.ends_with("-range"))
                .unwrap_or("")
        });
        (legal, band)
    };
    assert!(shot(19, 19).0);
    assert!(!shot(20, 20).0);
    assert_eq!(shot(11, 11).1, Some("cmd.shoot.mod.short-range"));
    assert_eq!(shot(12, 12).1, Some("cmd.shoot.mod.long-range"));
}

#[test]
fn cmd_sr_sniper_minimum_range_is_a_tape_length() {
    // cmd.sr.sniper, cmd.gap.46: nothing within 12 Range. A target 10 columns and 9 rows off
    // is √181 − 1 ≈ 12.45 Range away, so it may be shot; counted in steps it was 9, too close.
    let build = |measure: &str| {
        let mut s = Fixture::new(40, 40)
            .option("measure", measure)
            .model(0, "Sharpshooter", 2, 2)
            .weapons(&["Sniper Rifle"])
            .model(1, "ADVENT Trooper", 12, 11)
            .build()
            .unwrap();
        activate(&mut s, 0, 2, 2);
        let target = s.model_at(12, 11).unwrap();
        let rifle = weapon_id("Sniper Rifle");
        s.legal(0).contains(&Action::Attack {
            weapon: rifle,
            target,
            actions: 2,
        })
    };
    assert!(build("tape"));
    assert!(!build("steps"));
}

#[test]
fn cmd_sr_commanding_presence_radius_is_a_circle() {
    // cmd.sr.commanding-presence: a Trooper within 24 Range. 18 cells off on both axes is
    // √648 − 1 ≈ 24.46 Range: out of reach by tape, 17 counted in steps.
    let build = |measure: &str| {
        let mut s = Fixture::new(40, 40)
            .option("measure", measure)
            .model(0, "Rookie", 38, 2)
            .model(1, "ADVENT Officer", 2, 2)
            .model(1, "ADVENT Trooper", 20, 20)
            .active(1)
            .build()
            .unwrap();
        let officer = s.model_at(2, 2).unwrap();
        let trooper = s.model_at(20, 20).unwrap();
        s.act(1, Action::Activate(officer)).unwrap();
        s.legal(1).contains(&Action::Command(trooper))
    };
    assert!(!build("tape"));
    assert!(build("steps"));
}

#[test]
fn cmd_sr_high_explosive_radius_is_a_circle() {
    // cmd.sr.high-explosive, cmd.gap.44: terrain within 2 Range of the blast. A piece 2 cells
    // off on both axes is √8 − 1 ≈ 1.83 away and goes; 3 and 2 off is √13 − 1 ≈ 2.61 and
    // stays (counted in steps it was 2 and went).
    let mut b = Board::new(GridKind::Square, 20, 20).unwrap();
    for (name, cell) in [("near", (12, 12)), ("far", (13, 12))] {
        b.add_piece(Piece {
            name: name.into(),
            kind: TerrainKind::SoftCover,
            height: 0,
            indestructible: false,
            cells: vec![Cell::new(cell.0, cell.1)],
            destroyed: false,
        })
        .unwrap();
    }
    assert_eq!(b.pieces_within(Cell::new(10, 10), 2), vec![0]);
    b.set_measure(Measure::Steps);
    assert_eq!(b.pieces_within(Cell::new(10, 10), 2), vec![0, 1]);
}

#[test]
fn cmd_sr_scatter_point_is_three_range_by_tape() {
    // cmd.sr.scatter, cmd.gap.43: the point goes 3 Range from the target; on the grid, the
    // cells whose tape distance is nearest 3 (from 2.5 up to, not including, 3.5): centres
    // √12.25 to √20.25 away, so (3,2), (4,0), (4,1), (3,3) and (4,2) off, never (3,1) or
    // (4,3).
    let b = Board::new(GridKind::Square, 20, 20).unwrap();
    let t = Cell::new(10, 10);
    let ring = |c: Cell| b.distance(t, c).rounded() == 3;
    for (dx, dy) in [(3, 2), (4, 0), (4, 1), (3, 3), (4, 2)] {
        assert!(ring(Cell::new(10 + dx, 10 + dy)), "({dx},{dy})");
    }
    for (dx, dy) in [(3, 1), (4, 3), (3, 0)] {
        assert!(!ring(Cell::new(10 + dx, 10 + dy)), "({dx},{dy})");
    }
}

#[test]
fn cmd_move_range_systems_hex_counts_hex_steps_whatever_the_measure() {
    // cmd.move.range-systems: a hex table counts hex steps (every neighbour is one step, and a
    // count never reaches further than a tape would: it falls short by at most 1 − √3/2 ≈ 13%
    // between two rows of hexes); the `measure` option is for squares only.
    let mut hex = Board::new(GridKind::Hex, 20, 20).unwrap();
    let (a, b) = (Cell::new(2, 2), Cell::new(6, 10));
    assert_eq!(hex.steps(a, b), 8);
    assert_eq!(hex.range(a, b), 7);
    assert_eq!(hex.distance(a, b), Distance::whole(7));
    hex.set_measure(Measure::Steps);
    assert_eq!(hex.range(a, b), 7);
    // A hex Run of MOBILITY 6 reaches every hex within 6 steps on open ground.
    let mut s = Fixture::new(20, 20)
        .hex()
        .model(0, "Rookie", 10, 10)
        .model(1, "ADVENT Trooper", 18, 18)
        .build()
        .unwrap();
    activate(&mut s, 0, 10, 10);
    let board = s.state().board.clone();
    let one: Vec<Cell> = runs(&s, 0)
        .into_iter()
        .filter(|(_, n)| *n == 1)
        .map(|(c, _)| c)
        .collect();
    for i in 0..board.cell_count() {
        let c = board.cell_at(i);
        let steps = board.steps(Cell::new(10, 10), c);
        assert_eq!(one.contains(&c), (1..=6).contains(&steps), "{c}");
    }
}

#[test]
fn cmd_gap_42_mindspin_has_no_range_of_its_own() {
    // cmd.sr.mindspin, cmd.gap.42 (issue 12 item 15): Mindspin reaches any enemy in sight,
    // however far; nothing else limits it (it used to stop at 24 Range).
    let mut s = Fixture::new(60, 20)
        .model(0, "Rookie", 55, 10)
        .model(1, "Sectoid", 2, 10)
        .active(1)
        .build()
        .unwrap();
    let sectoid = s.model_at(2, 10).unwrap();
    let rookie = s.model_at(55, 10).unwrap();
    assert_eq!(
        s.state().board.range(Cell::new(2, 10), Cell::new(55, 10)),
        52
    );
    s.act(1, Action::Activate(sectoid)).unwrap();
    assert!(s.legal(1).contains(&Action::Mindspin {
        target: rookie,
        actions: 2,
    }));
}

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
