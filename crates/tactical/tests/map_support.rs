//! Small hand-drawn battlefields for the map tests, in the tile drawing format
//! (crates/tactical/src/map/tile.rs) with the built-in legend.

use squadsight_tactical::map::tile::{Legend, parse_crafts};
use squadsight_tactical::map::{Battlefield, MapFiles, TileSet};
use std::sync::Arc;

/// The built-in tile set.
pub fn set() -> &'static TileSet {
    TileSet::builtin().expect("the built-in tiles load")
}

/// A battlefield drawn level by level (ground first), each level `2h + 1` rows of `2w + 1`
/// characters.
pub fn field(levels: &[&[&str]]) -> Battlefield {
    let legend = Legend::parse(MapFiles::builtin().legend, "legend.ron").expect("legend");
    let mut text = String::from("[(name: \"test\", side: XCom, landing_gear: false, levels: [");
    for level in levels {
        text.push('[');
        for row in *level {
            text += &format!("{row:?},");
        }
        text.push_str("],");
    }
    text.push_str("])]");
    let crafts = parse_crafts(&text, "test", &legend).expect("a valid drawing");
    let layout = &crafts[0].layout;
    Battlefield::from_layouts(
        Arc::clone(&set().terrain),
        layout.width() as u32,
        layout.height() as u32,
        &[(layout, 0, 0)],
    )
}

/// The drawing of one level `w × h` with every cell `cell` and every edge open.
pub fn rows(w: usize, h: usize, cell: char) -> Vec<String> {
    let corners: String = "+ ".repeat(w) + "+";
    let cells: String = format!(" {cell}").repeat(w) + " ";
    let mut rows = Vec::new();
    for _ in 0..h {
        rows.push(corners.clone());
        rows.push(cells.clone());
    }
    rows.push(corners);
    rows
}

/// A battlefield drawn as owned rows, level by level (ground first).
pub fn drawn(levels: &[Vec<String>]) -> Battlefield {
    let refs: Vec<Vec<&str>> = levels
        .iter()
        .map(|l| l.iter().map(String::as_str).collect())
        .collect();
    let levels: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
    field(&levels)
}

/// An open field of grass, `w × h`.
pub fn open(w: usize, h: usize) -> Battlefield {
    drawn(&[rows(w, h, '.')])
}

/// A one-row battlefield: each level is a string of `w` cell characters, all edges open.
pub fn strip(levels: &[&str]) -> Battlefield {
    let levels: Vec<Vec<String>> = levels
        .iter()
        .map(|cells| {
            let w = cells.chars().count();
            let corners: String = "+ ".repeat(w) + "+";
            let row: String = cells.chars().map(|c| format!(" {c}")).collect::<String>() + " ";
            vec![corners.clone(), row, corners]
        })
        .collect();
    drawn(&levels)
}
