//! The Tactical crate's integration tests, built as one binary.

mod conformance;
mod data;
mod map_sight;
mod map_support;
mod map_tiles;
mod rules;
