//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod ai_mode;
mod ai_mode_engine;
mod campaign;
mod campaign_limit;
mod combat;
mod combat_odds;
mod combat_support;
#[path = "../../skirmish/tests/contract.rs"]
#[allow(
    dead_code,
    reason = "the contract driver is shared whole with the Skirmish suite, which uses all of it"
)]
mod contract;
mod data;
mod rules_conformance;
mod rules_special;
mod rules_table;
mod rules_turns;
mod squad;
mod support;
