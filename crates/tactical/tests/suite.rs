//! The Tactical crate's integration tests, built as one binary.

mod map_tiles;
