//! The Tactical crate's integration tests, built as one binary.

mod conformance;
mod coverage;
mod craft_exits;
mod data;
mod decisive;
mod explosives;
mod fog;
mod journal_fog;
mod journal_rolls;
mod map_assembly;
mod map_blast;
mod map_clouds;
mod map_collapse;
mod map_sight;
mod map_steps;
mod map_support;
mod map_tiles;
mod rules;
mod straddle;
mod support;
mod tile_laying;
mod transcription;
mod units;
mod unload;
mod validation;
mod weapons;
