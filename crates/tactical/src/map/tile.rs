//! Map tiles and craft layouts as data (`rulesets/tactical/tiles/`), and their validation.
//!
//! A tile is drawn level by level on a doubled character grid: a `w × h` tile is `2h + 1`
//! strings of `2w + 1` characters. Cell `(x, y)` is the character at row `2y + 1`, column
//! `2x + 1`; the edge west of it is at column `2x` of that row, the edge north of it at row
//! `2y`, column `2x + 1`; the characters at even rows and even columns are corners and only
//! decorate (`+`, space, or an edge glyph). The legend (`legend.ron`) says what each cell
//! and edge character means:
//!
//! ```text
//! "+-+-+"      '.' grass, 'T' a tree on grass, '-' and '|' a normal wall,
//! "|.|T|"      ' ' open (no wall; on a cell: no floor, open air)
//! "+ +-+"
//! ```
//!
//! Level 0 is the ground (the source's level 1, `tac.map.levels`); a tile lists its levels
//! from the ground up and may stop early (the rest is open air). Tiles and craft layouts are
//! ours: the printed originals are not public.

use super::locate::Locator;
use super::terrain::{FloorKind, Height, KindInfo, ObjectKind, StrengthClass};
use serde::{Deserialize, Serialize};
use squadsight_core::data::{DataError, parse_ron};
use squadsight_core::square::Dir;
use std::collections::BTreeMap;

/// The most levels a map has: the ground and three above (`tac.map.levels`, `tac.gap.71`).
pub const MAX_LEVELS: usize = 4;

/// What stands on a square's edge.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum EdgeKind {
    /// Nothing.
    #[default]
    Open,
    /// A wall: blocks movement and sight (`tac.map.wall`).
    Wall,
    /// A wall with a window: blocks movement, not sight (`tac.los.see-through`).
    Window,
    /// A fence: blocks movement, not sight (`tac.los.see-through`).
    Fence,
    /// A door: a wall until opened (`tac.map.door`).
    Door,
}

impl EdgeKind {
    /// Whether this edge stops sight when intact and (for doors) closed.
    pub const fn solid(self) -> bool {
        matches!(self, EdgeKind::Wall | EdgeKind::Door)
    }

    /// Whether this edge is a wall for collapse counting (walls, windows and doors are parts of
    /// a building's walls; fences are not).
    pub const fn is_wall(self) -> bool {
        matches!(self, EdgeKind::Wall | EdgeKind::Window | EdgeKind::Door)
    }
}

/// One edge as drawn: its kind and structural class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EdgeSpec {
    /// What stands there.
    pub kind: EdgeKind,
    /// How hard it is to destroy (`tac.gap.63`: walls and doors take their structure's class).
    pub class: StrengthClass,
}

/// One square as drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSpec {
    /// The floor under the square; `None` is open air (never on the ground level).
    #[serde(default)]
    pub floor: Option<FloorKind>,
    /// The object filling the square, if any (`tac.map.object`).
    #[serde(default)]
    pub object: Option<ObjectKind>,
    /// Slope: how many thirds of a level the floor is raised (0 to 2, `tac.map.slope`).
    #[serde(default)]
    pub slope: u8,
}

/// Which terrain a tile belongs to (`tac.map.build`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainSet {
    /// Farmland.
    Farmland,
    /// Desert.
    Desert,
    /// City streets and buildings (terror sites).
    Urban,
    /// An X-Com or alien base.
    Base,
}

/// Which side a craft belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CraftSide {
    /// An X-Com craft.
    XCom,
    /// An alien UFO.
    Alien,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LegendDef {
    cells: BTreeMap<char, CellSpec>,
    edges: BTreeMap<char, EdgeSpec>,
    our_objects: Vec<OurObjectDef>,
    heights: Vec<(ObjectKind, Height)>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OurObjectDef {
    kind: ObjectKind,
    name: String,
    class: StrengthClass,
    explosive: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileDef {
    name: String,
    terrain: TerrainSet,
    levels: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CraftDef {
    name: String,
    side: CraftSide,
    /// Soldier capacity (`tac.squad.craft`), if the source gives one.
    #[serde(default)]
    capacity: Option<u32>,
    /// Whether its ground level is landing gear, lost in a crash (`tac.scen.crash.xcom-gear`).
    landing_gear: bool,
    levels: Vec<Vec<String>>,
}

/// The legend: what each character of a tile drawing means, and the properties of our own
/// object kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legend {
    cells: BTreeMap<char, CellSpec>,
    edges: BTreeMap<char, EdgeSpec>,
    /// Our object kinds with their properties.
    pub our_objects: Vec<(ObjectKind, KindInfo)>,
    /// How tall each object is for sight (`tac.gap.7`); unlisted kinds are full height.
    pub heights: Vec<(ObjectKind, Height)>,
}

impl Legend {
    /// Parses the legend.
    pub fn parse(text: &str, origin: &str) -> Result<Legend, Vec<DataError>> {
        let def: LegendDef = parse_ron(text.as_bytes(), origin).map_err(|e| vec![e])?;
        let loc = Locator::new(text, origin);
        let mut errors = Vec::new();
        for (c, spec) in &def.cells {
            if spec.slope > 2 {
                errors.push(loc.at(
                    &format!("'{c}'"),
                    format!("cell '{c}': a slope is 0, 1 or 2 thirds of a level"),
                ));
            }
            if spec.slope > 0 && (spec.floor.is_none() || spec.object.is_some()) {
                errors.push(loc.at(
                    &format!("'{c}'"),
                    format!("cell '{c}': a slope needs a floor and no object"),
                ));
            }
        }
        for (c, spec) in &def.edges {
            if spec.kind == EdgeKind::Open || c.is_whitespace() || *c == '+' {
                errors.push(loc.at(
                    &format!("'{c}'"),
                    format!("edge '{c}': an edge glyph draws a wall, window, fence or door"),
                ));
            }
            if def.cells.contains_key(c) {
                errors.push(loc.at(
                    &format!("'{c}'"),
                    format!("'{c}' means both a cell and an edge"),
                ));
            }
        }
        let our_objects = def
            .our_objects
            .iter()
            .map(|o| {
                if !ObjectKind::OURS.contains(&o.kind) {
                    errors.push(loc.at(
                        &format!("kind: {:?}", o.kind),
                        format!("{:?} is in the source's table, not one of ours", o.kind),
                    ));
                }
                (
                    o.kind,
                    KindInfo {
                        printed: o.name.clone(),
                        class: o.class,
                        explosive: o.explosive,
                        uneven: false,
                        height: Height::Full,
                    },
                )
            })
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Legend {
            cells: def.cells,
            edges: def.edges,
            our_objects,
            heights: def.heights,
        })
    }
}

/// A validated drawing: a block of squares with their edges, level 0 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    width: usize,
    height: usize,
    levels: usize,
    cells: Vec<CellSpec>,
    /// Vertical edges: `(width + 1)` per row, the one at `x` west of cell `x`.
    west: Vec<EdgeSpec>,
    /// Horizontal edges: `(height + 1)` rows of `width`, the one at `y` north of cell `y`.
    north: Vec<EdgeSpec>,
}

impl Layout {
    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Levels drawn (1 to [`MAX_LEVELS`]).
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The square at `(x, y, z)`; open air above the drawn levels or off the layout.
    pub fn cell(&self, x: usize, y: usize, z: usize) -> CellSpec {
        if x < self.width && y < self.height && z < self.levels {
            self.cells[(z * self.height + y) * self.width + x]
        } else {
            CellSpec::default()
        }
    }

    /// The edge on side `dir` of `(x, y, z)` (border edges included); open off the layout.
    pub fn edge(&self, x: usize, y: usize, z: usize, dir: Dir) -> EdgeSpec {
        if x >= self.width || y >= self.height || z >= self.levels {
            return EdgeSpec::default();
        }
        let (w, h) = (self.width, self.height);
        match dir {
            Dir::West => self.west[(z * h + y) * (w + 1) + x],
            Dir::East => self.west[(z * h + y) * (w + 1) + x + 1],
            Dir::North => self.north[(z * (h + 1) + y) * w + x],
            Dir::South => self.north[(z * (h + 1) + y + 1) * w + x],
        }
    }

    /// The layout turned clockwise by `quarters` quarter turns.
    pub fn rotated(&self, quarters: u8) -> Layout {
        let mut out = self.clone();
        for _ in 0..quarters % 4 {
            out = out.turned_once();
        }
        out
    }

    /// One clockwise quarter turn: cell `(x, y)` goes to `(h - 1 - y, x)`; north becomes
    /// east, east south, and so on.
    fn turned_once(&self) -> Layout {
        let (w, h) = (self.width, self.height);
        let (nw, nh) = (h, w);
        let mut out = Layout {
            width: nw,
            height: nh,
            levels: self.levels,
            cells: vec![CellSpec::default(); self.cells.len()],
            west: vec![EdgeSpec::default(); self.levels * nh * (nw + 1)],
            north: vec![EdgeSpec::default(); self.levels * (nh + 1) * nw],
        };
        for z in 0..self.levels {
            for y in 0..h {
                for x in 0..w {
                    let (tx, ty) = (h - 1 - y, x);
                    out.cells[(z * nh + ty) * nw + tx] = self.cell(x, y, z);
                    // The old west side faces north after the turn, the old north side east.
                    out.north[(z * (nh + 1) + ty) * nw + tx] = self.edge(x, y, z, Dir::West);
                    out.west[(z * nh + ty) * (nw + 1) + tx + 1] = self.edge(x, y, z, Dir::North);
                    if x == w - 1 {
                        out.north[(z * (nh + 1) + ty + 1) * nw + tx] =
                            self.edge(x, y, z, Dir::East);
                    }
                    if y == h - 1 {
                        out.west[(z * nh + ty) * (nw + 1) + tx] = self.edge(x, y, z, Dir::South);
                    }
                }
            }
        }
        out
    }
}

/// A map tile (`tac.map.grid`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    /// Its name, unique in the tile set.
    pub name: String,
    /// Which terrain it belongs to.
    pub terrain: TerrainSet,
    /// What it holds.
    pub layout: Layout,
}

/// A craft layout: an X-Com craft or a UFO (`tac.squad.craft`, `tac.map.craft-placement`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Craft {
    /// Its name, unique.
    pub name: String,
    /// Whose craft it is.
    pub side: CraftSide,
    /// Soldier capacity, where the source gives one.
    pub capacity: Option<u32>,
    /// Whether level 0 of the layout is landing gear, dropped in a crash.
    pub landing_gear: bool,
    /// What it holds.
    pub layout: Layout,
}

/// Parses a file of tiles (a list of `(name, terrain, levels)`), all `size × size`.
pub fn parse_tiles(
    text: &str,
    origin: &str,
    legend: &Legend,
    size: usize,
) -> Result<Vec<Tile>, Vec<DataError>> {
    let defs: Vec<TileDef> = parse_ron(text.as_bytes(), origin).map_err(|e| vec![e])?;
    let loc = Locator::new(text, origin);
    let mut errors = Vec::new();
    let mut cursor = 0;
    let mut tiles = Vec::new();
    for def in defs {
        if tiles.iter().any(|t: &Tile| t.name == def.name) {
            errors.push(loc.at(
                &format!("\"{}\"", def.name),
                format!("tile \"{}\" is defined twice", def.name),
            ));
        }
        match read_layout(&def.name, &def.levels, legend, &loc, &mut cursor) {
            Ok(layout) => {
                if layout.width != size || layout.height != size {
                    errors.push(loc.at(
                        &format!("\"{}\"", def.name),
                        format!(
                            "tile \"{}\" is {}×{} squares; tiles are {size}×{size} (tac.gap.12)",
                            def.name, layout.width, layout.height
                        ),
                    ));
                }
                tiles.push(Tile {
                    name: def.name,
                    terrain: def.terrain,
                    layout,
                });
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(tiles)
    } else {
        Err(errors)
    }
}

/// Parses a file of craft layouts.
pub fn parse_crafts(
    text: &str,
    origin: &str,
    legend: &Legend,
) -> Result<Vec<Craft>, Vec<DataError>> {
    let defs: Vec<CraftDef> = parse_ron(text.as_bytes(), origin).map_err(|e| vec![e])?;
    let loc = Locator::new(text, origin);
    let mut errors = Vec::new();
    let mut cursor = 0;
    let mut crafts = Vec::new();
    for def in defs {
        if crafts.iter().any(|c: &Craft| c.name == def.name) {
            errors.push(loc.at(
                &format!("\"{}\"", def.name),
                format!("craft \"{}\" is defined twice", def.name),
            ));
        }
        match read_layout(&def.name, &def.levels, legend, &loc, &mut cursor) {
            Ok(layout) => {
                if def.landing_gear && layout.levels < 2 {
                    errors.push(loc.at(
                        &format!("\"{}\"", def.name),
                        format!(
                            "craft \"{}\" has landing gear but no level above it",
                            def.name
                        ),
                    ));
                }
                crafts.push(Craft {
                    name: def.name,
                    side: def.side,
                    capacity: def.capacity,
                    landing_gear: def.landing_gear,
                    layout,
                })
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(crafts)
    } else {
        Err(errors)
    }
}

/// Reads one drawing. `cursor` walks through the file's strings in order, so each error
/// points at the very row (and column) it is about.
fn read_layout(
    name: &str,
    levels: &[Vec<String>],
    legend: &Legend,
    loc: &Locator<'_>,
    cursor: &mut usize,
) -> Result<Layout, Vec<DataError>> {
    let mut errors = Vec::new();
    let anchor = loc.at(&format!("\"{name}\""), String::new());
    let whole = |message: String| DataError {
        message,
        ..anchor.clone()
    };
    if levels.is_empty() || levels.len() > MAX_LEVELS {
        return Err(vec![whole(format!(
            "\"{name}\" has {} levels; a drawing has 1 to {MAX_LEVELS} (tac.map.levels)",
            levels.len()
        ))]);
    }
    let rows = levels[0].len();
    let cols = levels[0].first().map_or(0, |r| r.chars().count());
    if rows < 3 || rows % 2 == 0 || cols < 3 || cols % 2 == 0 {
        return Err(vec![whole(format!(
            "\"{name}\": a drawing is 2h+1 rows of 2w+1 characters (got {rows} rows of {cols})"
        ))]);
    }
    let (w, h) = ((cols - 1) / 2, (rows - 1) / 2);
    let mut layout = Layout {
        width: w,
        height: h,
        levels: levels.len(),
        cells: vec![CellSpec::default(); levels.len() * w * h],
        west: vec![EdgeSpec::default(); levels.len() * h * (w + 1)],
        north: vec![EdgeSpec::default(); levels.len() * (h + 1) * w],
    };
    for (z, level) in levels.iter().enumerate() {
        if level.len() != rows {
            errors.push(whole(format!(
                "\"{name}\" level {z}: {} rows; level 0 has {rows}",
                level.len()
            )));
            continue;
        }
        for (r, row) in level.iter().enumerate() {
            let at = loc.find_string(row, *cursor);
            if let Some(a) = at {
                *cursor = a + row.len() + 2;
            }
            // Column c of this row sits at byte `a + 1 + (bytes before char c)`.
            let point = |c: usize, message: String| match at {
                Some(a) => {
                    let bytes: usize = row.chars().take(c).map(char::len_utf8).sum();
                    loc.at_offset(a + 1 + bytes, message)
                }
                None => whole(message),
            };
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != cols {
                errors.push(point(
                    0,
                    format!(
                        "\"{name}\" level {z} row {r}: {} characters; rows are {cols}",
                        chars.len()
                    ),
                ));
                continue;
            }
            for (c, &ch) in chars.iter().enumerate() {
                match (r % 2, c % 2) {
                    (1, 1) => match legend.cells.get(&ch) {
                        Some(spec) => {
                            let (x, y) = (c / 2, r / 2);
                            if z == 0 && spec.floor.is_none() {
                                errors.push(point(
                                    c,
                                    format!(
                                        "\"{name}\": every ground square has a floor (tac.map.floor); '{ch}' has none"
                                    ),
                                ));
                            }
                            layout.cells[(z * h + y) * w + x] = *spec;
                        }
                        None => errors.push(point(
                            c,
                            format!("\"{name}\": '{ch}' is not a cell in the legend"),
                        )),
                    },
                    (0, 0) => {
                        if !(ch == '+' || ch == ' ' || legend.edges.contains_key(&ch)) {
                            errors.push(point(
                                c,
                                format!("\"{name}\": corner '{ch}' must be '+', a space or an edge glyph"),
                            ));
                        }
                    }
                    _ => {
                        let spec = if ch == ' ' {
                            Some(EdgeSpec::default())
                        } else {
                            legend.edges.get(&ch).copied()
                        };
                        let Some(spec) = spec else {
                            errors.push(point(
                                c,
                                format!("\"{name}\": '{ch}' is not an edge in the legend"),
                            ));
                            continue;
                        };
                        if r % 2 == 1 {
                            layout.west[(z * h + r / 2) * (w + 1) + c / 2] = spec;
                        } else {
                            layout.north[(z * (h + 1) + r / 2) * w + c / 2] = spec;
                        }
                    }
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(layout)
    } else {
        Err(errors)
    }
}
