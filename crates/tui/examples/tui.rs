//! Runs the terminal front-end on this terminal, the way the `squadsight` binary does, with
//! saves and settings in a folder (default: `./squadsight-saves`):
//!
//! ```text
//! cargo run -p squadsight-tui --example tui -- [--ascii] [FOLDER]
//! ```
//!
//! The pseudo-terminal smoke test (`tests/pty.rs`) drives this program.

use squadsight_tui::store::DirStore;
use squadsight_tui::{AppConfig, Exit, Start, run_app};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut ascii = false;
    let mut folder = "squadsight-saves".to_string();
    for arg in std::env::args().skip(1) {
        if arg == "--ascii" {
            ascii = true;
        } else {
            folder = arg;
        }
    }
    let config = AppConfig::new(Box::new(DirStore::new(folder)), ascii);
    match run_app(config, Start::Menu) {
        Ok(Exit::Quit | Exit::EndOfInput) => ExitCode::SUCCESS,
        Ok(Exit::Signal(sig)) => ExitCode::from(u8::try_from(128 + sig).unwrap_or(1)),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
