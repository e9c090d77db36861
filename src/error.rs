//! How a command fails: a message for stderr and the process exit code.

use std::fmt;
use std::io;

/// A failed command. Exit codes: 1 for a verification or validation failure, 2 for a usage
/// error or input that cannot be read; 0 with no message when our output pipe was closed.
#[derive(Debug)]
pub struct CliError {
    /// The process exit code.
    pub code: u8,
    /// What to print on stderr (nothing when empty).
    pub message: String,
}

impl CliError {
    /// A verification or validation failure (exit 1).
    pub fn invalid(message: impl Into<String>) -> CliError {
        CliError {
            code: 1,
            message: message.into(),
        }
    }

    /// A usage error or unreadable input (exit 2).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Writing our output failed. A closed pipe (`squadsight log x | head`) is not an error:
/// the reader has what it wanted, so we stop quietly.
impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError {
                code: 0,
                message: String::new(),
            }
        } else {
            CliError::input(format!("cannot write output: {e}"))
        }
    }
}
