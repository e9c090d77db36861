//! Building the map: the 5 x 5 tile grid and craft placement (tac.map.build, tac.map.grid,
//! tac.map.craft-placement, tac.scen.crash.xcom-gear), and the battlefield's state.

use super::map_support::set;
use squadsight_core::hash::stable_hash;
use squadsight_core::journal::Journal;
use squadsight_core::rng::GameRng;
use squadsight_core::square::{Dir, Pos};
use squadsight_tactical::map::{
    Battlefield, FloorKind, MapError, MapPlan, ObjectKind, TerrainSet, TilePick,
};

fn dealt(seed: u64, terrains: &[TerrainSet]) -> (MapPlan, Journal) {
    let set = set();
    let mut plan = MapPlan::new();
    let mut journal = Journal::recording();
    plan.deal(
        set,
        &set.pool(terrains),
        &mut GameRng::new(seed),
        &mut journal,
    )
    .expect("dealt");
    (plan, journal)
}

fn farm(seed: u64) -> Battlefield {
    dealt(seed, &[TerrainSet::Farmland])
        .0
        .build(set())
        .expect("built")
}

/// Clauses: tac.map.build.
#[test]
fn tac_map_build_dealing_is_seeded_and_every_draw_is_journaled() {
    let (a, journal) = dealt(11, &[TerrainSet::Farmland, TerrainSet::Desert]);
    let (b, _) = dealt(11, &[TerrainSet::Farmland, TerrainSet::Desert]);
    assert_eq!(a, b);
    let differs = (12..20).any(|s| dealt(s, &[TerrainSet::Farmland, TerrainSet::Desert]).0 != a);
    assert!(differs);
    let draws: Vec<_> = journal
        .events()
        .iter()
        .filter(|e| e.rule == "tac.map.build")
        .collect();
    assert_eq!(draws.len(), 25);
    assert!(a.empty_slots().is_empty());
    // Only tiles of the pool are dealt.
    for slot in 0..25 {
        let tile = &set().tiles[usize::from(a.slot(slot).expect("dealt").tile)];
        assert!(matches!(
            tile.terrain,
            TerrainSet::Farmland | TerrainSet::Desert
        ));
    }
}

/// Clauses: tac.map.build.
#[test]
fn tac_map_build_players_place_tiles_in_turn_and_the_rest_may_be_dealt() {
    let set = set();
    let mut plan = MapPlan::new();
    let house = set
        .tiles
        .iter()
        .position(|t| t.name == "farm-house")
        .expect("tile") as u16;
    let pick = TilePick {
        tile: house,
        rotation: 2,
    };
    plan.place(set, 12, pick).expect("placed");
    assert_eq!(plan.place(set, 12, pick), Err(MapError::SlotTaken(12)));
    assert_eq!(plan.place(set, 25, pick), Err(MapError::NoSuchSlot(25)));
    assert_eq!(
        plan.place(
            set,
            0,
            TilePick {
                tile: house,
                rotation: 4
            }
        ),
        Err(MapError::BadRotation(4))
    );
    assert_eq!(
        plan.place(
            set,
            0,
            TilePick {
                tile: 999,
                rotation: 0
            }
        ),
        Err(MapError::NoSuchTile(999))
    );
    assert_eq!(plan.build(set), Err(MapError::Incomplete(24)));
    let mut journal = Journal::recording();
    plan.deal(
        set,
        &set.pool(&[TerrainSet::Farmland]),
        &mut GameRng::new(3),
        &mut journal,
    )
    .expect("dealt");
    assert_eq!(journal.events().len(), 24);
    assert_eq!(plan.slot(12), Some(pick));
    let bf = plan.build(set).expect("built");
    // The centre tile is the farm house turned 180°: its front door now faces north, on
    // the north edge of row 2 of the tile (map row 22), column 5 (map column 25).
    assert_eq!(
        bf.edge(Pos::new(25, 22, 0), Dir::North).map(|e| e.kind),
        Some(squadsight_tactical::map::EdgeKind::Door)
    );
}

/// Clauses: tac.map.grid, tac.map.levels, tac.map.floor.
#[test]
fn tac_map_grid_fifty_squares_a_side_four_levels_ground_floored() {
    let bf = farm(5);
    assert_eq!((bf.width(), bf.height(), bf.levels()), (50, 50, 4));
    assert_eq!(bf.cell_count(), 10_000);
    for y in 0..50 {
        for x in 0..50 {
            assert!(bf.square(Pos::new(x, y, 0)).and_then(|s| s.floor).is_some());
        }
    }
}

/// Clauses: tac.map.craft-placement.
#[test]
fn tac_map_craft_placement_refuses_buildings_and_flattens_vegetation() {
    let set = set();
    // A map of orchards only: trees and hedges everywhere, no buildings.
    let orchard = set
        .tiles
        .iter()
        .position(|t| t.name == "farm-orchard")
        .expect("tile");
    let mut plan = MapPlan::new();
    plan.deal(set, &[orchard], &mut GameRng::new(1), &mut Journal::off())
        .expect("dealt");
    let mut bf = plan.build(set).expect("built");
    let trees_before = bf.cells_with_object(ObjectKind::Trees).len();
    let ship = bf
        .place_craft(set, "Skyranger", 10, 10, 0, false)
        .expect("placed");
    assert!(bf.cells_with_object(ObjectKind::Trees).len() < trees_before);
    let deploy = bf.deploy_cells(ship);
    // The cabin is on level 1 (landing gear beneath).
    assert!(!deploy.is_empty());
    assert!(deploy.iter().all(|p| p.z == 1));
    assert_eq!(bf.cells_with_object(ObjectKind::SkyrangerEngines).len(), 6);
    // Another craft may not overlap it, nor stick out of the map.
    assert!(matches!(
        bf.place_craft(set, "Medium Scout", 12, 12, 0, false),
        Err(MapError::Overlap(_))
    ));
    assert_eq!(
        bf.place_craft(set, "Medium Scout", 45, 45, 0, false),
        Err(MapError::OffMap(45, 45))
    );
    assert!(matches!(
        bf.place_craft(set, "Zeppelin", 0, 0, 0, false),
        Err(MapError::NoSuchCraft(_))
    ));
    // A house is a building: a crafts may not be put over one.
    let mut houses = MapPlan::new();
    let house = set
        .tiles
        .iter()
        .position(|t| t.name == "farm-house")
        .expect("tile");
    houses
        .deal(set, &[house], &mut GameRng::new(1), &mut Journal::off())
        .expect("dealt");
    let mut town = houses.build(set).expect("built");
    assert!(matches!(
        town.place_craft(set, "Medium Scout", 1, 1, 0, false),
        Err(MapError::Overlap(_))
    ));
}

/// Clauses: tac.scen.crash.xcom-gear.
#[test]
fn tac_scen_crash_xcom_gear_a_crashed_craft_sits_on_the_ground() {
    let set = set();
    let mut bf = farm_with_room();
    let ship = bf
        .place_craft(set, "Skyranger", 20, 20, 1, true)
        .expect("placed");
    let deploy = bf.deploy_cells(ship);
    assert!(!deploy.is_empty());
    assert!(deploy.iter().all(|p| p.z == 0));
    assert!(bf.crafts()[ship].crashed);
    // Turned a quarter: 13 columns by 6 rows.
    assert_eq!(bf.crafts()[ship].size, (13, 6));
}

/// A map of open fields, where any craft fits.
fn farm_with_room() -> Battlefield {
    let set = set();
    let fields = set
        .tiles
        .iter()
        .position(|t| t.name == "farm-fields")
        .expect("tile");
    let mut plan = MapPlan::new();
    plan.deal(set, &[fields], &mut GameRng::new(1), &mut Journal::off())
        .expect("dealt");
    plan.build(set).expect("built")
}

/// Clauses: tac.map.craft-placement, tac.scen.base.setup.
#[test]
fn every_craft_can_be_placed_on_open_ground_and_has_room_inside() {
    let set = set();
    for craft in &set.crafts {
        for crashed in [false, true] {
            let mut bf = farm_with_room();
            // Fences are flattened; crops stay under the craft's own ground.
            let ship = bf
                .place_craft(set, &craft.name, 5, 5, 0, crashed)
                .unwrap_or_else(|e| panic!("{}: {e}", craft.name));
            assert!(bf.deploy_cells(ship).len() >= 8, "{}", craft.name);
        }
    }
    // Base start locations: elevators (tac.scen.base.setup).
    let base = set
        .tiles
        .iter()
        .position(|t| t.name == "base-access-lift")
        .expect("tile");
    let mut plan = MapPlan::new();
    plan.deal(set, &[base], &mut GameRng::new(2), &mut Journal::off())
        .expect("dealt");
    let bf = plan.build(set).expect("built");
    assert_eq!(bf.cells_with_floor(FloorKind::Elevator).len(), 25 * 4);
}

#[test]
fn the_battlefield_hashes_its_state_compactly_and_deterministically() {
    let a = farm(9);
    let mut b = a.clone();
    assert_eq!(stable_hash(&a), stable_hash(&b));
    assert_eq!(stable_hash(&a), stable_hash(&farm(9)));
    if b.door_count() > 0 {
        b.open_door(squadsight_tactical::map::DoorId(0));
        assert_ne!(stable_hash(&a), stable_hash(&b));
        b.close_all_doors();
        assert_eq!(stable_hash(&a), stable_hash(&b));
    }
    let mut c = a.clone();
    c.add_cloud(
        squadsight_tactical::map::CloudKind::Smoke,
        Pos::new(3, 3, 0),
        3,
    );
    assert_ne!(stable_hash(&a), stable_hash(&c));
}
