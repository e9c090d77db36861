//! One module per command; `run` sends the parsed command line to the right one.

mod arena;
mod branch;
mod campaign;
mod carry;
mod check;
mod explain;
mod log;
mod play;
mod replay;
mod rules;
mod scenarios;
pub mod screen;
mod sim;
mod verify;

use crate::cli::Command;
use crate::error::CliError;
use squadsight_core::save::{LoadError, SaveFile, load};
use squadsight_core::{Outcome, Ruleset};

/// Runs one command.
pub fn run(command: Command, ascii: bool) -> Result<(), CliError> {
    match command {
        Command::Play(args) => play::run(args, ascii),
        Command::Replay { save, plain, seat } => replay::run(&save, plain, seat, ascii),
        Command::Sim(args) => sim::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Verify { save, expect } => verify::run(&save, expect.as_deref()),
        Command::Log(args) => log::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Branch(args) => branch::run(&args),
        Command::Scenarios { ruleset } => scenarios::run(ruleset),
        Command::Check { file } => check::run(&file),
        Command::Campaign(args) => campaign::run(args, ascii),
        Command::Carry(args) => carry::run(&args),
        Command::Rules { ruleset, clause } => rules::run(ruleset, clause.as_deref()),
    }
}

/// Parses a save of ruleset `R`; any problem means the file cannot be used (exit 2).
fn load_save<R: Ruleset>(ruleset: &R, bytes: &[u8], origin: &str) -> Result<SaveFile<R>, CliError> {
    load(ruleset, bytes, origin).map_err(|e: LoadError| CliError::input(e.to_string()))
}

/// "X-Com wins (reason)", "a draw (reason)".
fn outcome_text<R: Ruleset>(ruleset: &R, scenario: &R::Scenario, outcome: &Outcome) -> String {
    let names: Vec<String> = outcome
        .winners
        .iter()
        .map(|s| format!("{} ({s})", ruleset.seat_name(scenario, s)))
        .collect();
    match names.len() {
        0 => format!("no winner ({})", outcome.reason),
        1 => format!("{} wins ({})", names[0], outcome.reason),
        _ => format!("{} win ({})", names.join(" and "), outcome.reason),
    }
}
