//! The battlefield's data: the terrain table, the tile legend, the tiles and craft layouts
//! (tac.map.interpretation, tac.map.grid, tac.map.levels, tac.squad.craft).

use squadsight_core::square::Dir;
use squadsight_tactical::map::tile::{Legend, parse_tiles};
use squadsight_tactical::map::{
    DamageType, EdgeKind, FloorKind, Height, MapFiles, ObjectKind, StrengthClass, TerrainSet,
    TileSet,
};

fn set() -> &'static TileSet {
    TileSet::builtin().expect("the built-in tiles load")
}

/// Clauses: tac.map.interpretation, tac.map.strength-class, tac.map.strength-defaults, tac.map.uneven.
#[test]
fn tac_map_interpretation_table_is_transcribed() {
    // A second, independent transcription of the source's Map Interpretation table (§4.4):
    // (kind, class, explosive, uneven).
    let t = &set().terrain;
    let floors = [
        (FloorKind::Grass, StrengthClass::Normal, false),
        (FloorKind::Dirt, StrengthClass::Normal, false),
        (FloorKind::Pavement, StrengthClass::Normal, false),
        (FloorKind::TallGrass, StrengthClass::Normal, true),
        (FloorKind::Hay, StrengthClass::Normal, true),
        (FloorKind::Snow, StrengthClass::Normal, true),
        (FloorKind::BuildingFloor, StrengthClass::Normal, false),
        (FloorKind::BaseFloor, StrengthClass::Hardened, false),
        (FloorKind::Elevator, StrengthClass::SuperTough, false),
        (FloorKind::CraftHull, StrengthClass::SuperTough, false),
    ];
    for (kind, class, uneven) in floors {
        let info = t.floor(kind);
        assert_eq!(
            (info.class, info.uneven, info.explosive),
            (class, uneven, false),
            "{kind:?}"
        );
    }
    let objects = [
        (ObjectKind::Trees, StrengthClass::Normal, false),
        (ObjectKind::Rocks, StrengthClass::Hardened, false),
        (ObjectKind::SoilColumn, StrengthClass::Normal, false),
        (ObjectKind::RockColumn, StrengthClass::Hardened, false),
        (
            ObjectKind::SkyrangerEngines,
            StrengthClass::SuperTough,
            true,
        ),
        (
            ObjectKind::SkyrangerCockpit,
            StrengthClass::SuperTough,
            false,
        ),
        (
            ObjectKind::SkyrangerStabiliser,
            StrengthClass::SuperTough,
            false,
        ),
        (ObjectKind::UfoNavigation, StrengthClass::Normal, true),
        (ObjectKind::UfoChairs, StrengthClass::Normal, false),
        (ObjectKind::UfoPowerSource, StrengthClass::Hardened, true),
        (ObjectKind::AlienEquipment, StrengthClass::Normal, true),
    ];
    for (kind, class, explosive) in objects {
        let info = t.object(kind);
        assert_eq!(
            (info.class, info.explosive, info.uneven),
            (class, explosive, false),
            "{kind:?}"
        );
    }
    assert_eq!(
        t.object(ObjectKind::AlienEquipment).printed,
        "Other Alien Equipt"
    );
    assert_eq!(t.object(ObjectKind::Trees).height, Height::Full);
    assert_eq!(t.object(ObjectKind::UfoChairs).height, Height::Low);
}

/// Clauses: tac.collat.normal, tac.collat.hardened, tac.collat.super-tough, tac.collat.indestructible, tac.explosive.detonate, tac.splash.rating, tac.smoke.duration, tac.smoke.grenade-duration, tac.fire.ignite, tac.collapse.crush.
#[test]
fn tac_collat_strengths_are_transcribed() {
    use DamageType::*;
    use StrengthClass::*;
    let t = &set().terrain;
    // tac.collat.normal: any HE or PB, 40 AP, 80 LB, 80 CC.
    assert!(t.destroys(Normal, HE, 1) && t.destroys(Normal, PB, 1));
    assert!(!t.destroys(Normal, HE, 0));
    assert!(!t.destroys(Normal, AP, 39) && t.destroys(Normal, AP, 40));
    assert!(!t.destroys(Normal, LB, 79) && t.destroys(Normal, LB, 80));
    assert!(!t.destroys(Normal, CC, 79) && t.destroys(Normal, CC, 80));
    assert!(!t.destroys(Normal, IN, 500) && !t.destroys(Normal, AC, 500));
    assert!(t.set_alight(Normal) && !t.set_alight(Hardened));
    // tac.collat.hardened: 70 HE, 70 PB, 80 LB.
    assert!(!t.destroys(Hardened, HE, 69) && t.destroys(Hardened, HE, 70));
    assert!(!t.destroys(Hardened, PB, 69) && t.destroys(Hardened, PB, 70));
    assert!(!t.destroys(Hardened, LB, 79) && t.destroys(Hardened, LB, 80));
    assert!(!t.destroys(Hardened, AP, 200) && !t.destroys(Hardened, CC, 200));
    // tac.collat.super-tough: only 160 HE.
    assert!(!t.destroys(SuperTough, HE, 159) && t.destroys(SuperTough, HE, 160));
    assert!(!t.destroys(SuperTough, PB, 500) && !t.destroys(SuperTough, LB, 500));
    // tac.collat.indestructible.
    assert!(!t.destroys(Indestructible, HE, 5000));
    // tac.explosive.detonate: 90 HE-2; tac.splash.rating: 20, 30, 40 per square.
    assert_eq!(
        (t.explosive_blast.damage, t.explosive_blast.rating),
        (90, 2)
    );
    assert_eq!(
        (t.splash_step(1), t.splash_step(2), t.splash_step(3)),
        (20, 30, 40)
    );
    // tac.smoke.duration, tac.smoke.grenade-duration, tac.fire.ignite, tac.collapse.crush.
    assert_eq!(
        (
            t.smoke_rounds,
            t.grenade_smoke_rounds,
            t.fire_rounds,
            t.collapse_cc_per_level
        ),
        (3, 6, 3, 20)
    );
}

/// Clauses: tac.map.build, tac.squad.craft, tac.scen.crash.engine-roll.
#[test]
fn tac_map_build_every_terrain_and_craft_is_there() {
    let set = set();
    for terrain in [
        TerrainSet::Farmland,
        TerrainSet::Desert,
        TerrainSet::Urban,
        TerrainSet::Base,
    ] {
        assert!(
            set.pool(&[terrain]).len() >= 3,
            "{terrain:?} has too few tiles"
        );
    }
    // tac.squad.craft: the layouts the rules name, with their capacities.
    for (name, capacity) in [
        ("Skyranger", Some(14)),
        ("Avenger", Some(28)),
        ("Medium Scout", None),
        ("Large Scout", None),
        ("Terror Ship", None),
        ("Battleship", None),
    ] {
        let craft = set.craft(name).expect(name);
        assert_eq!(craft.capacity, capacity, "{name}");
    }
    // Power sources for the crash roll (tac.scen.crash.engine-roll).
    let engines = |name: &str, kind: ObjectKind| {
        let l = &set.craft(name).expect(name).layout;
        (0..l.levels())
            .flat_map(|z| (0..l.height()).flat_map(move |y| (0..l.width()).map(move |x| (x, y, z))))
            .filter(|&(x, y, z)| l.cell(x, y, z).object == Some(kind))
            .count()
    };
    assert!(engines("Skyranger", ObjectKind::SkyrangerEngines) > 0);
    for ufo in ["Medium Scout", "Large Scout", "Terror Ship", "Battleship"] {
        assert!(engines(ufo, ObjectKind::UfoPowerSource) > 0, "{ufo}");
    }
}

/// Clauses: tac.map.levels, tac.map.floor, tac.map.grid, tac.map.square.
#[test]
fn tac_map_levels_tiles_use_up_to_four_levels_and_have_ground_floors() {
    let set = set();
    assert!(set.tiles.iter().any(|t| t.layout.levels() == 4));
    for t in &set.tiles {
        assert_eq!(
            (t.layout.width(), t.layout.height()),
            (10, 10),
            "{}",
            t.name
        );
        for y in 0..10 {
            for x in 0..10 {
                assert!(
                    t.layout.cell(x, y, 0).floor.is_some(),
                    "{} ({x},{y})",
                    t.name
                );
            }
        }
    }
}

/// Clauses: tac.map.build.
#[test]
fn tile_rotation_turns_cells_and_edges_clockwise() {
    let farm = &set().tile("farm-house").expect("farm-house").layout;
    let turned = farm.rotated(1);
    let back = turned.rotated(3);
    assert_eq!(&back, farm);
    // The front door on the south wall (north edge of row 8, column 4) faces west after a
    // quarter turn clockwise: cell (x, y) goes to (9 - y, x).
    assert_eq!(farm.edge(4, 8, 0, Dir::North).kind, EdgeKind::Door);
    assert_eq!(turned.edge(1, 4, 0, Dir::East).kind, EdgeKind::Door);
    assert_eq!(farm.cell(3, 3, 0), turned.cell(6, 3, 0));
}

fn legend() -> Legend {
    Legend::parse(MapFiles::builtin().legend, "legend.ron").expect("legend")
}

#[test]
fn a_bad_glyph_is_reported_with_its_line_and_column() {
    let row = |s: &str| format!("\"{s}\",\n");
    let mut text = String::from("[\n (name: \"t\", terrain: Farmland, levels: [[\n");
    text += &row("+ + +");
    text += &row(" . ? ");
    text += &row("+ + +");
    text += &row(" . . ");
    text += &row("+ + +");
    text += "]]),\n]\n";
    let errors = parse_tiles(&text, "bad.ron", &legend(), 2).expect_err("refused");
    let e = &errors[0];
    assert_eq!((e.origin.as_str(), e.line, e.col), ("bad.ron", 4, 5), "{e}");
    assert!(e.message.contains("'?'"), "{e}");
}

#[test]
fn unknown_fields_and_open_ground_are_refused() {
    let text = "[(name: \"t\", terrain: Farmland, levels: [], colour: 3)]";
    let errors = parse_tiles(text, "x.ron", &legend(), 2).expect_err("refused");
    assert!(
        errors[0].to_string().starts_with("x.ron:1:"),
        "{}",
        errors[0]
    );
    let text = "[(name: \"t\", terrain: Farmland, levels: [[\"+ + +\", \" .   \", \"+ + +\", \" . . \", \"+ + +\"]])]";
    let errors = parse_tiles(text, "y.ron", &legend(), 2).expect_err("refused");
    assert!(errors[0].message.contains("tac.map.floor"), "{}", errors[0]);
}

#[test]
fn a_broken_terrain_table_is_refused_with_a_location() {
    let mut files = MapFiles::builtin();
    let broken = files
        .terrain
        .replace("(kind: Hay,", "(kind: Hay, colour: 1,");
    files.terrain = &broken;
    let e = TileSet::parse(&files).expect_err("refused");
    assert!(
        e.to_string().contains("rulesets/tactical/terrain.ron:"),
        "{e}"
    );
    let missing = MapFiles::builtin().terrain.replace(
        "(kind: Snow, printed: \"Snow\", class: Normal, explosive: false, uneven: true),",
        "",
    );
    let mut files = MapFiles::builtin();
    files.terrain = &missing;
    let e = TileSet::parse(&files).expect_err("refused");
    assert!(e.to_string().contains("Snow"), "{e}");
}

/// A save names the data its game was played on (tac.map.build, tac.map.craft-placement):
/// Tactical's data hash covers the tile set as well as the catalog, so a save made on other
/// tiles or another craft layout is refused by `verify` instead of replaying differently.
#[test]
fn the_data_hash_covers_every_tile_set_file() {
    use squadsight_core::Ruleset;
    let t = crate::rules::tactical();
    let files = MapFiles::builtin();
    assert_ne!(t.data_hash(), t.catalog().data_hash());
    let crafts = format!("{} ", files.crafts);
    let legend = format!("{} ", files.legend);
    let terrain = format!("{} ", files.terrain);
    let mut tiles = files.tiles.to_vec();
    let farm = format!("{} ", tiles[0].1);
    tiles[0].1 = &farm;
    let changed = [
        MapFiles {
            crafts: &crafts,
            ..files
        },
        MapFiles {
            legend: &legend,
            ..files
        },
        MapFiles {
            terrain: &terrain,
            ..files
        },
        MapFiles {
            tiles: &tiles,
            ..files
        },
    ];
    for other in changed {
        assert_ne!(other.hash(), files.hash());
    }
    assert_eq!(MapFiles::builtin().hash(), files.hash());
}
