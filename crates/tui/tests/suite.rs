//! Every integration test of this package in one test binary (one link instead of one per
//! file); each file below is a module of it, and the shared helpers are modules too.

mod boardgame;
mod commander;
mod commander_campaign;
mod common;
mod fit;
mod game;
mod maps;
mod newcomer;
mod pty;
mod replay;
mod shell;
mod sizes;
mod skirmish;
