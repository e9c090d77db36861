//! `squadsight log SAVE [--json] [--seat N]`: the journal, rebuilt by replaying the save.

use super::load_save;
use crate::cli::LogArgs;
use crate::error::CliError;
use crate::events::{JsonEvent, line};
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::save::{read_header, replay};
use squadsight_core::{Journal, Ruleset, Seat};
use std::io::Write;
use std::sync::Arc;

/// Prints every event the viewer may see, one per line.
pub fn run(args: &LogArgs) -> Result<(), CliError> {
    let bytes = store::read_file(&args.save)?;
    let origin = args.save.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let id = rulesets::named(&header.ruleset)?;
    with_ruleset(
        id,
        PrintLog {
            bytes: &bytes,
            origin: &origin,
            args,
        },
    )
}

struct PrintLog<'a> {
    bytes: &'a [u8],
    origin: &'a str,
    args: &'a LogArgs,
}

impl RulesetTask for PrintLog<'_> {
    type Output = ();

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<(), CliError> {
        let file = load_save(&*ruleset, self.bytes, self.origin)?;
        let seats = ruleset.seat_count(&file.scenario);
        let viewer = match self.args.seat {
            Some(n) if n > seats => {
                return Err(CliError::input(format!(
                    "--seat {n}: this game has {seats} seats"
                )));
            }
            Some(n) => Some(Seat(n - 1)),
            None => None,
        };
        // A journal is only worth showing if the save replays exactly.
        let game = replay(ruleset, file, Journal::recording())
            .map_err(|e| CliError::invalid(format!("{}: {e}", self.origin)))?;
        let mut out = std::io::BufWriter::new(if self.args.json {
            crate::out::stdout_json()
        } else {
            crate::out::stdout()
        });
        for event in game.journal().events() {
            let Some(event) = event.view(viewer) else {
                continue;
            };
            if self.args.json {
                serde_json::to_writer(&mut out, &JsonEvent::new(&event))
                    .map_err(|e| CliError::from(std::io::Error::from(e)))?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}", line(&event))?;
            }
        }
        out.flush()?;
        Ok(())
    }
}
