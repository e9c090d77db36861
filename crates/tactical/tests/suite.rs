//! The Tactical integration tests, one binary.

mod conformance;
mod data;
