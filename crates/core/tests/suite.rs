//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod conformance;
mod game;
mod grids;
mod saves;
mod toy;
