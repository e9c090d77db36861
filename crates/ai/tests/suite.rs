//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod duel;
mod skirmish;
mod support;
