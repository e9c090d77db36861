//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod campaign_cli;
mod cli;
mod conformance;
mod disputes;
mod golden;
mod hostile;
mod hotseat;
mod plain;
mod support;
mod veterans;

// The binary's list of rulesets and its one generic dispatch (`with_ruleset`), so the tests
// reach every ruleset the way `squadsight` does and a new ruleset needs no arm here. The
// tests use part of them.
#[allow(dead_code)]
#[path = "../src/error.rs"]
mod error;
#[allow(dead_code)]
#[path = "../src/rulesets.rs"]
mod rulesets;
