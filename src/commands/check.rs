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
    // Each reading that fails: what it read the file as, where it stopped, and (for scenario
    // readings) how many of the file's top-level fields that scenario format knows.
    let mut readings: Vec<(String, DataError, usize)> = Vec::new();
    let keys = top_level_keys(&bytes);
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
                    0,
                ),
            );
        }
        Err(LoadError::Parse(e)) => readings.push(("a save".into(), e, 0)),
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
            Reading::NotThis(e) => readings.push((format!("{} rules data", id.as_str()), e, 0)),
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
            Reading::NotThis(e) => {
                let known = with_ruleset(id, KnownScenarioFields { keys: &keys })?;
                readings.push((format!("a {} scenario", id.as_str()), e, known));
            }
        }
    }
    // Nothing fits. The reading that got furthest into the file is most likely what the file
    // was meant to be, so its error is the useful one. Two scenario readings often stop at the
    // same place (an unknown field at the top); then the ruleset whose scenario knows more of
    // the file's top-level fields is the one the file was written for (issue 12).
    let best = readings
        .into_iter()
        .reduce(|best, next| {
            if (next.1.line, next.1.col, next.2) > (best.1.line, best.1.col, best.2) {
                next
            } else {
                best
            }
        })
        .map(|(kind, e, _)| {
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

/// How many of `keys` a ruleset's scenario format names among its top-level fields.
struct KnownScenarioFields<'a> {
    keys: &'a [String],
}

impl RulesetTask for KnownScenarioFields<'_> {
    type Output = usize;

    fn run<R: Ruleset>(self, _ruleset: Arc<R>) -> Result<usize, CliError> {
        let fields = struct_fields::<R::Scenario>();
        Ok(self
            .keys
            .iter()
            .filter(|k| fields.contains(&k.as_str()))
            .count())
    }
}

/// The field names of a type that deserializes as a struct (none otherwise), asked of its
/// `Deserialize` implementation without any input.
fn struct_fields<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    match T::deserialize(FieldProbe) {
        Err(ProbeError(fields)) => fields,
        Ok(_) => &[],
    }
}

/// A deserializer that answers only one question: which fields a struct asks for.
struct FieldProbe;

/// The probe's only way out: the fields a struct asked for (empty for anything else).
#[derive(Debug)]
struct ProbeError(&'static [&'static str]);

impl std::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "fields {:?}", self.0)
    }
}

impl std::error::Error for ProbeError {}

impl serde::de::Error for ProbeError {
    fn custom<T: std::fmt::Display>(_msg: T) -> ProbeError {
        ProbeError(&[])
    }
}

impl<'de> serde::Deserializer<'de> for FieldProbe {
    type Error = ProbeError;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, _v: V) -> Result<V::Value, ProbeError> {
        Err(ProbeError(&[]))
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _v: V,
    ) -> Result<V::Value, ProbeError> {
        Err(ProbeError(fields))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// The field names of the outermost struct of a RON file (`name:` one level inside its first
/// parenthesis), skipping strings, characters and comments. A rough reading for telling
/// formats apart, not a parser: a file that is not RON gives some list or none.
fn top_level_keys(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut keys = Vec::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                word.clear();
                continue;
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                word.clear();
                continue;
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                for d in chars.by_ref() {
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
                word.clear();
                continue;
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ':' if depth == 1 && !word.is_empty() => keys.push(std::mem::take(&mut word)),
            _ => {}
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else if !c.is_whitespace() || c == '\n' {
            word.clear();
        }
    }
    keys
}
