//! The Tactical crate's integration tests, built as one binary.

mod conformance;
mod coverage;
mod data;
mod explosives;
mod fog;
mod map_assembly;
mod map_blast;
mod map_clouds;
mod map_collapse;
mod map_sight;
mod map_steps;
mod map_support;
mod map_tiles;
mod rules;
mod support;
mod units;
mod weapons;
