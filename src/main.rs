//! The `squadsight` program: parses the command line, runs a command, and turns failures into
//! messages and exit codes (0 ok, 1 verification or validation failure, 2 usage error or
//! unreadable input). It is the only part of squadsight that touches files.

mod cli;
mod commands;
mod error;
mod events;
mod out;
mod rulesets;
mod setup;
mod store;
#[cfg(unix)]
mod supervise;

use clap::{CommandFactory, Parser};
use cli::Cli;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with exit 0; real usage errors exit 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Some(command) => commands::run(command, cli.ascii),
        None if commands::screen::available() => commands::screen::menu(cli.ascii),
        // Not on a terminal (a pipe, CI): the menu cannot be drawn, so explain the commands.
        None => Cli::command().print_help().map_err(error::CliError::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.message.is_empty() {
                // A message may quote a file: its control characters are shown, never sent.
                let message = squadsight_core::text::escape_lines(&e.message);
                let _ = writeln!(std::io::stderr(), "error: {message}");
            }
            ExitCode::from(e.code)
        }
    }
}
