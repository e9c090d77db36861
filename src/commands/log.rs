//! `squadsight log SAVE [--json] [--seat N]`: the journal, rebuilt by replaying the save.
//! Each event is printed beside the number of the action (log entry) that caused it, the
//! number `explain --at`, `verify` and the replay viewer count; 0 is the setup.

use super::load_save;
use crate::cli::LogArgs;
use crate::error::CliError;
use crate::events::{JsonEvent, line};
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::save::{Replayer, read_header};
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
        // A journal is only worth showing if the save replays exactly. It is replayed one
        // log entry at a time, noting where each entry's events end.
        let mut replayer = Replayer::start(ruleset, file, Journal::recording())
            .map_err(|e| CliError::invalid(format!("{}: {e}", self.origin)))?;
        let mut ends = vec![replayer.game().journal().len()];
        while let Some(step) = replayer.step() {
            step.map_err(|e| CliError::invalid(format!("{}: {e}", self.origin)))?;
            ends.push(replayer.game().journal().len());
        }
        let game = replayer.into_game();
        let mut out = std::io::BufWriter::new(if self.args.json {
            crate::out::stdout_json()
        } else {
            crate::out::stdout()
        });
        if !self.args.json {
            writeln!(
                out,
                "{:>6} {:>5}  {:<4} {:<3} {:<28} what happened",
                "action", "event", "rnd", "who", "rule"
            )?;
        }
        for (i, event) in game.journal().events().iter().enumerate() {
            let action = ends.partition_point(|&end| end <= i);
            let Some(event) = event.view(viewer) else {
                continue;
            };
            if self.args.json {
                let json = JsonEvent::new(&event).with_action(action);
                serde_json::to_writer(&mut out, &json)
                    .map_err(|e| CliError::from(std::io::Error::from(e)))?;
                writeln!(out)?;
            } else {
                writeln!(out, "{action:>6} {}", line(&event))?;
            }
        }
        out.flush()?;
        Ok(())
    }
}
