//! The battlefield: map tiles, their assembly into a multi-level square map, and sight over
//! it; and what happens to the map in play (doors, splash, collateral damage, explosive
//! objects, fire, smoke, collapse).
//!
//! The rules half of the crate prices and applies; this half answers questions about the map
//! and changes it, returning plain data (which squares an explosion reaches with how much
//! damage, which items were destroyed, which units fall) for the rules to apply to units.
//!
//! ```
//! use squadsight_core::journal::Journal;
//! use squadsight_core::rng::GameRng;
//! use squadsight_core::square::Pos;
//! use squadsight_tactical::map::{Body, MapPlan, SightRules, TerrainSet, TileSet};
//!
//! let set = TileSet::builtin()?;
//! let mut plan = MapPlan::new();
//! let (mut rng, mut journal) = (GameRng::new(7), Journal::recording());
//! plan.deal(set, &set.pool(&[TerrainSet::Farmland]), &mut rng, &mut journal)?;
//! let mut field = plan.build(set)?;
//! assert_eq!((field.width(), field.height(), field.levels()), (50, 50, 4));
//! let ship = field.place_craft(set, "Skyranger", 2, 2, 0, false);
//! // The craft may not fit where a building stands; the rules would ask for another place.
//! if let Ok(ship) = ship {
//!     assert!(!field.deploy_cells(ship).is_empty());
//! }
//! let (a, b) = (Body::at(Pos::new(0, 0, 0)), Body::at(Pos::new(0, 1, 0)));
//! assert!(field.line_of_sight(a, b, &SightRules::default(), |_| false).clear);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`terrain`] (kinds and classes; the source's Map Interpretation table),
//! [`tile`] (the drawing format of tiles and craft), [`tileset`] (loading them),
//! [`assembly`] (the 5 × 5 grid, dealing, craft placement), [`battlefield`] (the runtime
//! map), [`step`] (what kind of step a move is), [`sight`] (line of sight, sight fields,
//! fog of war), [`blast`] (splash, collateral damage, explosive chains), [`clouds`] (fire and
//! smoke), [`collapse`] (falling buildings).

pub mod assembly;
pub mod battlefield;
pub mod blast;
pub mod clouds;
pub mod collapse;
mod locate;
pub mod sight;
pub mod step;
pub mod terrain;
pub mod tile;
pub mod tileset;

pub use assembly::{CLEAR_OF_CRAFT, GRID, MapError, MapPlan, TilePick};
pub use battlefield::{Battlefield, Change, Cloud, DoorId, EdgeRef, PlacedCraft, Square};
pub use blast::{BlastReport, Destroyed, Hit, Item};
pub use clouds::{CloudKind, RoundEffects};
pub use collapse::{Collapse, Faller};
pub use sight::{
    Body, CellSet, Facing, Looker, SeatView, Sight, SightBlock, SightRules, Vision, VisionArc,
};
pub use step::{Climb, Footprint, Locomotion, Size, StepBlock, StepKind};
pub use terrain::{Blast, DamageType, FloorKind, Height, ObjectKind, StrengthClass, Terrain};
pub use tile::{CraftSide, EdgeKind, TerrainSet};
pub use tileset::{MapFiles, TILE_SIZE, TileSet};
