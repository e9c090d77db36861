//! The board-game crate's integration tests, built as one binary.

mod app;
