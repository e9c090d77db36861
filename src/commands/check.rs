//! `squadsight check FILE`: work out whether a file is a save, a scenario or rules data, and
//! validate it as that.

use super::verify::Verify;
use crate::error::CliError;
use crate::rulesets::{self, RulesetId, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::data::{DataError, DataErrors, parse_ron};
use squadsight_core::save::{LoadError, read_header};
use squadsight_core::{GameRng, Journal, Ruleset};
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
        Err(LoadError::Parse(e)) => readings.push(("a save".into(), e)),
        Err(other) => return Err(CliError::input(other.to_string())),
    }
    for id in RulesetId::ALL {
        match check_rules_data(id, &bytes, &origin) {
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

/// Reads the file as a ruleset's rules data, if that ruleset has a data file format.
fn check_rules_data(id: RulesetId, bytes: &[u8], origin: &str) -> Reading {
    match id {
        RulesetId::Skirmish => {
            use squadsight_skirmish::catalog::Catalog;
            use squadsight_skirmish::data::RulesDef;
            let def: RulesDef = match parse_ron(bytes, origin) {
                Ok(def) => def,
                Err(e) => return Reading::NotThis(e),
            };
            match Catalog::from_def(def, origin) {
                Ok(_) => Reading::Valid("ok: skirmish rules data".to_string()),
                Err(DataErrors(errors)) => Reading::Invalid(
                    errors
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n"),
                ),
            }
        }
        RulesetId::Commander => check_commander_data(bytes, origin),
        RulesetId::Boardgame => check_boardgame_data(bytes, origin),
        RulesetId::Tactical => Reading::NotThis(DataError::general(
            origin,
            "no rules data format in this build",
        )),
    }
}

/// Reads the file as the board game's app data (`rulesets/boardgame/app.ron`).
fn check_boardgame_data(bytes: &[u8], origin: &str) -> Reading {
    use squadsight_boardgame::catalog::Catalog;
    use squadsight_boardgame::data::AppDef;
    if let Err(e) = parse_ron::<AppDef>(bytes, origin) {
        return Reading::NotThis(e);
    }
    let text = String::from_utf8_lossy(bytes);
    match Catalog::parse(&text, origin) {
        Ok(_) => Reading::Valid("ok: boardgame app data".to_string()),
        Err(DataErrors(errors)) => Reading::Invalid(
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
    }
}

/// Reads the file as one of Commander's six rules data files, chosen by its file name
/// (`units.ron`, `weapons.ron`, …), checked together with the other five built-in files.
fn check_commander_data(bytes: &[u8], origin: &str) -> Reading {
    use squadsight_commander::catalog::{self, Catalog, DataFiles};
    let name = Path::new(origin)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Reading::NotThis(DataError::general(origin, "not UTF-8 text"));
    };
    let mut files = DataFiles::builtin();
    let slot = match name {
        "units.ron" => (&mut files.units, catalog::UNITS_ORIGIN),
        "weapons.ron" => (&mut files.weapons, catalog::WEAPONS_ORIGIN),
        "equipment.ron" => (&mut files.equipment, catalog::EQUIPMENT_ORIGIN),
        "ai_cards.ron" => (&mut files.ai_cards, catalog::AI_CARDS_ORIGIN),
        "rewards.ron" => (&mut files.rewards, catalog::REWARDS_ORIGIN),
        "operations.ron" => (&mut files.operations, catalog::OPERATIONS_ORIGIN),
        _ => {
            return Reading::NotThis(DataError::general(
                origin,
                "not named like a commander rules data file",
            ));
        }
    };
    *slot.0 = text;
    let builtin_origin = slot.1;
    match Catalog::parse(&files) {
        Ok(_) => Reading::Valid(format!("ok: commander rules data ({name})")),
        Err(DataErrors(errors)) => Reading::Invalid(
            errors
                .iter()
                // Errors name the built-in path; this file stands in for it.
                .map(|e| e.to_string().replace(builtin_origin, origin))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
    }
}
