//! `squadsight check FILE`: work out whether a file is a save, a scenario or rules data, and
//! validate it as that.

use super::verify::Verify;
use crate::error::CliError;
use crate::rulesets::{self, RulesetId, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::data::{DataError, DataErrors, parse_ron};
use squadsight_core::save::{LoadError, read_header};
use squadsight_core::{DataCheck, GameRng, Journal, Ruleset};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Exit 0 when the file is valid, 1 listing every problem when it is not, 2 when it cannot
/// be read as any known kind of file.
pub fn run(path: &Path) -> Result<(), CliError> {
    let bytes = store::read_file(path)?;
    let origin = path.display().to_string();
    let mut readings: Vec<(String, DataError)> = Vec::new();
    match read_header(&bytes, &origin) {
        Ok(header) => {
            let id = rulesets::named(&header.ruleset)?;
            let report = with_ruleset(
                id,
                Verify {
                    bytes: &bytes,
                    origin: &origin,
                },
            )?;
            return say(&format!(
                "ok: {} save, {} actions, final hash {}",
                id.as_str(),
                report.actions + report.undos,
                report.final_hash
            ));
        }
        // The header reader passes over fields it does not need, so any struct-shaped file
        // reads to its end as a save and then lacks `format`: that says it is not a save at
        // all, and is the least useful reading to report (issue 12, item 3).
        Err(LoadError::Parse(e))
            if e.message.contains("missing field") && e.message.contains("`format`") =>
        {
            readings.insert(
                0,
                (
                    "a save".into(),
                    DataError {
                        line: 0,
                        col: 0,
                        ..e
                    },
                ),
            );
        }
        Err(LoadError::Parse(e)) => readings.push(("a save".into(), e)),
        Err(other) => return Err(CliError::input(other.to_string())),
    }
    for id in RulesetId::ALL {
        match with_ruleset(
            id,
            CheckData {
                bytes: &bytes,
                origin: &origin,
            },
        )? {
            Reading::Valid(message) => return say(&message),
            Reading::Invalid(errors) => return Err(CliError::invalid(errors)),
            Reading::NotThis(e) => readings.push((format!("{} rules data", id.as_str()), e)),
        }
        match with_ruleset(
            id,
            CheckScenario {
                bytes: &bytes,
                origin: &origin,
            },
        )? {
            Reading::Valid(message) => return say(&message),
            Reading::Invalid(errors) => return Err(CliError::invalid(errors)),
            Reading::NotThis(e) => readings.push((format!("a {} scenario", id.as_str()), e)),
        }
    }
    // Nothing fits. The reading that got furthest into the file is most likely what the file
    // was meant to be, so its error is the useful one.
    let best = readings
        .into_iter()
        .reduce(|best, next| {
            if (next.1.line, next.1.col) > (best.1.line, best.1.col) {
                next
            } else {
                best
            }
        })
        .map(|(kind, e)| {
            format!("{e}\n(read as {kind}; it is not a valid save, scenario or rules data file)")
        })
        .unwrap_or_else(|| format!("{origin}: not a save, scenario or rules data file"));
    Err(CliError::input(best))
}

fn say(message: &str) -> Result<(), CliError> {
    writeln!(crate::out::stdout(), "{message}")?;
    Ok(())
}

/// What one way of reading the file found.
enum Reading {
    /// It is this kind of file and it is valid.
    Valid(String),
    /// It is this kind of file, with these problems (one per line).
    Invalid(String),
    /// It does not parse as this kind of file.
    NotThis(DataError),
}

struct CheckScenario<'a> {
    bytes: &'a [u8],
    origin: &'a str,
}

impl RulesetTask for CheckScenario<'_> {
    type Output = Reading;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Reading, CliError> {
        let scenario: R::Scenario = match parse_ron(self.bytes, self.origin) {
            Ok(s) => s,
            Err(e) => return Ok(Reading::NotThis(e)),
        };
        // Control characters and huge strings, at their file:line:col.
        let bad = squadsight_core::text::check_strings(self.origin, self.bytes);
        if !bad.is_empty() {
            let lines: Vec<String> = bad.iter().map(ToString::to_string).collect();
            return Ok(Reading::Invalid(lines.join("\n")));
        }
        // Setting up a game is the full validation: every problem is reported.
        let setup = ruleset.setup(
            &scenario,
            &R::Options::default(),
            &mut GameRng::new(0),
            &mut Journal::off(),
        );
        Ok(match setup {
            Ok(_) => Reading::Valid(format!(
                "ok: {} scenario with {} seats",
                R::ID,
                ruleset.seat_count(&scenario)
            )),
            Err(e) => Reading::Invalid(
                e.problems
                    .iter()
                    .map(|p| format!("{}: {p}", self.origin))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        })
    }
}

/// Reads the file as a ruleset's rules data ([`Ruleset::check_data`]).
struct CheckData<'a> {
    bytes: &'a [u8],
    origin: &'a str,
}

impl RulesetTask for CheckData<'_> {
    type Output = Reading;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Reading, CliError> {
        Ok(match ruleset.check_data(self.bytes, self.origin) {
            DataCheck::Valid(what) => Reading::Valid(format!("ok: {what}")),
            DataCheck::Invalid(DataErrors(errors)) => Reading::Invalid(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            DataCheck::NotThis(e) => Reading::NotThis(e),
        })
    }
}
