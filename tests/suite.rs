//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod campaign_cli;
mod cli;
mod conformance;
mod disputes;
mod golden;
mod hostile;
mod support;
