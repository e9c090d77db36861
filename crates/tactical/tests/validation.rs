//! Every kind of Tactical data file — units, weapons, equipment, rules, terrain, the tile
//! legend, a tile set, the craft layouts and a scenario — refuses an unknown field and a wrong
//! value, and says where: `file:line:col` of the line that holds the mistake.

use squadsight_core::data::{DataError, DataErrors};
use squadsight_tactical::catalog::{Catalog, DataFiles};
use squadsight_tactical::map::{MapFiles, TileSet};
use squadsight_tactical::scenario;

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("`{needle}` is not in the file"))
}

/// `text` with the first `from` replaced by `to`, and the line where that happened.
fn mutate(text: &str, from: &str, to: &str) -> (String, usize) {
    let line = line_of(text, from);
    let out = text.replacen(from, to, 1);
    assert_ne!(out, text);
    (out, line)
}

/// The problem reported in `file` at `line`, with a column, whose message mentions `word`.
fn reported(errors: &[DataError], file: &str, line: usize, word: &str) {
    assert!(
        errors.iter().any(|e| e.origin.ends_with(file)
            && e.line == line
            && e.col > 0
            && e.message.contains(word)),
        "no `{word}` at {file}:{line}:col in: {}",
        DataErrors(errors.to_vec())
    );
}

fn catalog_errors(files: &DataFiles<'_>) -> Vec<DataError> {
    match Catalog::parse(files) {
        Ok(_) => panic!("broken rules data was accepted"),
        Err(e) => e.0,
    }
}

fn map_errors(files: &MapFiles<'_>, what: &str) -> Vec<DataError> {
    match TileSet::parse(files) {
        Ok(_) => panic!("broken map data was accepted: {what}"),
        Err(e) => e.0,
    }
}

/// tac.unit.transcribe, tac.equip.fields: the four rules files.
#[test]
fn rules_files_refuse_unknown_fields_and_wrong_values_where_they_stand() {
    let b = DataFiles::builtin();
    let cases: [(&str, &str, &str, &str, &str); 8] = [
        (
            "units.ron",
            b.units,
            "flies: false,",
            "flies: false, morale: 3,",
            "morale",
        ),
        (
            "units.ron",
            b.units,
            "susceptibility: \"Snakeman\"",
            "susceptibility: \"Snakemen\"",
            "Snakemen",
        ),
        (
            "weapons.ron",
            b.weapons,
            "clip_weight: 3),",
            "clip_weight: 3, jam: 1),",
            "jam",
        ),
        ("weapons.ron", b.weapons, "\"26 AP\"", "\"26 XP\"", "XP"),
        (
            "equipment.ron",
            b.equipment,
            "str_bonus: 0,",
            "str_bonus: 0, shine: 1,",
            "shine",
        ),
        (
            "equipment.ron",
            b.equipment,
            "\"50 HE-1\"",
            "\"50 HE-7\"",
            "HE-7",
        ),
        (
            "rules.ron",
            b.rules,
            "unload: 4,",
            "unload: 4, dance: 2,",
            "dance",
        ),
        (
            "rules.ron",
            b.rules,
            "unload: 4,",
            "unload: -4,",
            "out of bounds",
        ),
    ];
    for (file, text, from, to, word) in cases {
        let (bad, line) = mutate(text, from, to);
        let mut files = DataFiles::builtin();
        match file {
            "units.ron" => files.units = &bad,
            "weapons.ron" => files.weapons = &bad,
            "equipment.ron" => files.equipment = &bad,
            _ => files.rules = &bad,
        }
        reported(&catalog_errors(&files), file, line, word);
    }
}

/// tac.map.interpretation, tac.map.grid, tac.squad.craft: the terrain table, the legend, a
/// tile set and the craft layouts.
#[test]
fn map_files_refuse_unknown_fields_and_wrong_values_where_they_stand() {
    let b = MapFiles::builtin();
    let farmland = b
        .tiles
        .iter()
        .position(|(o, _)| o.ends_with("farmland.ron"))
        .unwrap_or_else(|| panic!("farmland tiles"));
    let cases: [(&str, &str, &str, &str, &str); 8] = [
        (
            "terrain.ron",
            b.terrain,
            "printed: \"Grass\",",
            "printed: \"Grass\", colour: 2,",
            "colour",
        ),
        (
            "terrain.ron",
            b.terrain,
            "(kind: Grass,",
            "(kind: Gras,",
            "Gras",
        ),
        (
            "legend.ron",
            b.legend,
            "'.': (floor: Grass)",
            "'.': (floor: Grass, glow: 1)",
            "glow",
        ),
        (
            "legend.ron",
            b.legend,
            "'.': (floor: Grass)",
            "'.': (floor: Grassy)",
            "Grassy",
        ),
        (
            "farmland.ron",
            b.tiles[farmland].1,
            "terrain: Farmland,",
            "terrain: Farmland, season: 1,",
            "season",
        ),
        (
            "farmland.ron",
            b.tiles[farmland].1,
            "\" . % % % % % % % % . \"",
            "\" . % % % ~ % % % % . \"",
            "~",
        ),
        (
            "crafts.ron",
            b.crafts,
            "capacity: 14,",
            "capacity: 14, crew: 2,",
            "crew",
        ),
        (
            "crafts.ron",
            b.crafts,
            "side: XCom,",
            "side: Xenos,",
            "Xenos",
        ),
    ];
    for (file, text, from, to, word) in cases {
        let (bad, line) = mutate(text, from, to);
        let mut tiles = b.tiles.to_vec();
        let mut files = MapFiles::builtin();
        match file {
            "terrain.ron" => files.terrain = &bad,
            "legend.ron" => files.legend = &bad,
            "crafts.ron" => files.crafts = &bad,
            _ => {
                tiles[farmland].1 = &bad;
                files.tiles = &tiles;
            }
        }
        reported(&map_errors(&files, to), file, line, word);
    }
}

/// tac.scen.types: a scenario file refuses an unknown field and a wrong value where they
/// stand.
#[test]
fn scenario_files_refuse_unknown_fields_and_wrong_values_where_they_stand() {
    let text = include_str!("../../../scenarios/tactical/assault.ron");
    for (from, to, word) in [
        ("rounds: 12,", "rounds: 12, weather: 1,", "weather"),
        ("side: Xcom,", "side: Xcomm,", "Xcomm"),
        // Names and boosts are checked as the file is read (tac.squad.budget,
        // tac.squad.boost-cap), so they too are refused where they stand.
        ("(unit: \"Sectoid\"", "(unit: \"Sectoyd\"", "Sectoyd"),
        (
            "weapon: \"Heavy Plasma\"",
            "weapon: \"Heavy Plasmer\"",
            "Heavy Plasmer",
        ),
        (
            "armour: \"Personal Armour\"",
            "armour: \"Personal Armor\"",
            "Personal Armor",
        ),
        ("{\"ACC\": 20}", "{\"ACC\": 21}", "+21"),
        ("{\"ACC\": 20}", "{\"ACX\": 20}", "ACX"),
    ] {
        let (bad, line) = mutate(text, from, to);
        match scenario::parse(bad.as_bytes(), "assault.ron") {
            Ok(_) => panic!("`{to}` was accepted"),
            Err(e) => reported(&[e], "assault.ron", line, word),
        }
    }
}
