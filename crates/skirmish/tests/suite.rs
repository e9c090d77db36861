//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod clauses_core;
mod clauses_core_combat;
mod clauses_effects;
mod clauses_effects_optional;
mod clauses_effects_special;
mod contract;
mod data;
mod journal_inputs;
mod rules_random_games;
mod support;
