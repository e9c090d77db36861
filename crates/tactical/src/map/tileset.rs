//! The battlefield's data in one place: the terrain table, the tile legend, the tiles of each
//! terrain and the craft layouts, parsed and validated together.

use super::terrain::{TERRAIN_ORIGIN, TERRAIN_SOURCE, Terrain};
use super::tile::{Craft, Legend, TerrainSet, Tile, parse_crafts, parse_tiles};
use squadsight_core::data::{DataError, DataErrors, cached};
use squadsight_core::hash::stable_hash;
use std::sync::{Arc, OnceLock};

/// Squares per tile side (`tac.gap.12`: 10 × 10 squares, a 50 × 50 map of 5 × 5 tiles).
pub const TILE_SIZE: usize = 10;

/// The data files of the battlefield, as text (the binary or tests may substitute their own).
#[derive(Clone, Copy, Debug)]
pub struct MapFiles<'a> {
    /// `terrain.ron`: the source's Map Interpretation table and structural strengths.
    pub terrain: &'a str,
    /// `tiles/legend.ron`: what the characters of a tile drawing mean.
    pub legend: &'a str,
    /// `(origin, text)` of every tile file.
    pub tiles: &'a [(&'a str, &'a str)],
    /// `tiles/crafts.ron`: the craft layouts.
    pub crafts: &'a str,
}

const LEGEND_ORIGIN: &str = "rulesets/tactical/tiles/legend.ron";
const CRAFTS_ORIGIN: &str = "rulesets/tactical/tiles/crafts.ron";

const BUILTIN_TILES: [(&str, &str); 4] = [
    (
        "rulesets/tactical/tiles/farmland.ron",
        include_str!("../../../../rulesets/tactical/tiles/farmland.ron"),
    ),
    (
        "rulesets/tactical/tiles/desert.ron",
        include_str!("../../../../rulesets/tactical/tiles/desert.ron"),
    ),
    (
        "rulesets/tactical/tiles/urban.ron",
        include_str!("../../../../rulesets/tactical/tiles/urban.ron"),
    ),
    (
        "rulesets/tactical/tiles/base.ron",
        include_str!("../../../../rulesets/tactical/tiles/base.ron"),
    ),
];

impl MapFiles<'static> {
    /// The files built into the program.
    pub fn builtin() -> MapFiles<'static> {
        MapFiles {
            terrain: TERRAIN_SOURCE,
            legend: include_str!("../../../../rulesets/tactical/tiles/legend.ron"),
            tiles: &BUILTIN_TILES,
            crafts: include_str!("../../../../rulesets/tactical/tiles/crafts.ron"),
        }
    }
}

impl MapFiles<'_> {
    /// A stable hash of every file's text, so a save records the tile set its maps were
    /// built from and a changed tile or craft layout is refused on load.
    pub fn hash(&self) -> u64 {
        stable_hash(&(self.terrain, self.legend, self.tiles, self.crafts))
    }
}

/// Everything a map is built from: validated terrain, tiles and craft layouts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TileSet {
    /// The terrain table (shared with every battlefield built from this set).
    pub terrain: Arc<Terrain>,
    /// Every tile, in file order.
    pub tiles: Vec<Tile>,
    /// Every craft layout, in file order.
    pub crafts: Vec<Craft>,
}

impl TileSet {
    /// Parses and validates the files, reporting every problem with its `file:line:col`.
    pub fn parse(files: &MapFiles<'_>) -> Result<TileSet, DataErrors> {
        let legend = Legend::parse(files.legend, LEGEND_ORIGIN).map_err(DataErrors)?;
        let mut errors: Vec<DataError> = Vec::new();
        let terrain = Terrain::parse(
            files.terrain,
            TERRAIN_ORIGIN,
            &legend.our_objects,
            &legend.heights,
        )
        .map_err(|e| errors.extend(e))
        .ok();
        let mut tiles = Vec::new();
        for (origin, text) in files.tiles {
            match parse_tiles(text, origin, &legend, TILE_SIZE) {
                Ok(mut t) => tiles.append(&mut t),
                Err(e) => errors.extend(e),
            }
        }
        for (i, t) in tiles.iter().enumerate() {
            if tiles[..i].iter().any(|u| u.name == t.name) {
                errors.push(DataError::general(
                    "rulesets/tactical/tiles",
                    format!("tile \"{}\" is defined in two files", t.name),
                ));
            }
        }
        let crafts = parse_crafts(files.crafts, CRAFTS_ORIGIN, &legend)
            .map_err(|e| errors.extend(e))
            .ok();
        match (terrain, crafts) {
            (Some(terrain), Some(crafts)) if errors.is_empty() => Ok(TileSet {
                terrain: Arc::new(terrain),
                tiles,
                crafts,
            }),
            _ => Err(DataErrors(errors)),
        }
    }

    /// The built-in tile set, parsed once per process.
    pub fn builtin() -> Result<&'static TileSet, DataErrors> {
        static BUILTIN: OnceLock<Result<TileSet, DataErrors>> = OnceLock::new();
        cached(&BUILTIN, || TileSet::parse(&MapFiles::builtin()))
    }

    /// The tile with this name.
    pub fn tile(&self, name: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.name == name)
    }

    /// The index of the tile with this name (for [`TilePick`] and pools).
    pub fn tile_index(&self, name: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.name == name)
    }

    /// The craft layout with this name.
    pub fn craft(&self, name: &str) -> Option<&Craft> {
        self.crafts.iter().find(|c| c.name == name)
    }

    /// The indices of the tiles of the given terrains, in file order.
    pub fn pool(&self, terrains: &[TerrainSet]) -> Vec<usize> {
        (0..self.tiles.len())
            .filter(|&i| terrains.contains(&self.tiles[i].terrain))
            .collect()
    }
}
