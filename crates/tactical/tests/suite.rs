//! The Tactical crate's integration tests, built as one binary.

mod map_assembly;
mod map_sight;
mod map_steps;
mod map_support;
mod map_tiles;
