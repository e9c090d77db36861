//! `squadsight verify SAVE`: replay a save from scratch and check it.

use crate::error::CliError;
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::save::{
    LoadError, Parent, SaveFile, TRAILER_FORMAT, VerifyReport, audit, load, read_header,
};
use squadsight_core::{Ruleset, seed};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Exit 0 with `ok: N actions, final hash H` and the seed check; exit 1 naming the first
/// broken link and the first diverging action (or the header field, or the version that does
/// not match); exit 2 when the file cannot be read.
pub fn run(path: &Path, expect: Option<&str>) -> Result<(), CliError> {
    let bytes = store::read_file(path)?;
    let origin = path.display().to_string();
    let header = read_header(&bytes, &origin).map_err(refused)?;
    let id = rulesets::named(&header.ruleset)?;
    let verified = with_ruleset(
        id,
        Audit {
            bytes: &bytes,
            origin: &origin,
        },
    )?;
    let report = &verified.report;
    let mut out = crate::out::stdout();
    // Counted as the replay viewer, `explain --at` and `log` count: every log entry, an
    // undo included.
    write!(
        out,
        "ok: {} actions, final hash {}",
        report.actions + report.undos,
        report.final_hash
    )?;
    if report.undos > 0 {
        write!(out, " ({} of them undos)", report.undos)?;
    }
    writeln!(out)?;
    match verified.commitment {
        Some(c) => writeln!(
            out,
            "seed {} matches its commitment {} ({})",
            verified.seed,
            seed::short(c),
            c
        )?,
        None => writeln!(
            out,
            "seed {} (format {} save: no seed commitment recorded)",
            verified.seed, header.format
        )?,
    }
    if let Some(Parent { file, action, link }) = &verified.parent {
        writeln!(
            out,
            "branched from {file} after its entry {action} (parent link {link})"
        )?;
    }
    if header.format >= TRAILER_FORMAT {
        writeln!(
            out,
            "fingerprint {} (the whole game and its length; the game-over screen shows it)",
            report.fingerprint
        )?;
    } else {
        writeln!(
            out,
            "fingerprint {} (a format {} save has no trailer: a copy cut short would not show)",
            report.fingerprint, header.format
        )?;
    }
    if let Some(expected) = expect {
        let norm = |s: &str| s.trim().to_ascii_lowercase().replace('-', "");
        if norm(expected) != norm(&report.fingerprint) {
            return Err(CliError::invalid(format!(
                "{origin}: the fingerprint is {}, not the expected {}: this save is not that \
                 game, or not all of it",
                report.fingerprint,
                squadsight_core::text::quote(expected)
            )));
        }
        writeln!(
            out,
            "the fingerprint matches the expected {}",
            report.fingerprint
        )?;
    }
    Ok(())
}

/// What a good save's check found.
pub struct Verified {
    /// The replay's summary.
    pub report: VerifyReport,
    /// The seed.
    pub seed: u64,
    /// The seed commitment, checked against the seed (format 2 on).
    pub commitment: Option<squadsight_core::save::Hash64>,
    /// The save it branched from.
    pub parent: Option<Parent>,
}

/// A save this build will not replay: unreadable is a usage problem (exit 2); another
/// format, rules data or engine is a failed check (exit 1), named in the message.
fn refused(e: LoadError) -> CliError {
    match e {
        LoadError::Parse(_) => CliError::input(e.to_string()),
        _ => CliError::invalid(e.to_string()),
    }
}

/// Loads and verifies a save with its ruleset (the replay summary only).
pub struct Verify<'a> {
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Its name for messages.
    pub origin: &'a str,
}

impl RulesetTask for Verify<'_> {
    type Output = VerifyReport;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<VerifyReport, CliError> {
        let audit = Audit {
            bytes: self.bytes,
            origin: self.origin,
        };
        audit.run(ruleset).map(|v| v.report)
    }
}

/// Loads and audits a save with its ruleset: the replay summary, the seed check and the
/// parent, or every problem found.
pub struct Audit<'a> {
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Its name for messages.
    pub origin: &'a str,
}

impl RulesetTask for Audit<'_> {
    type Output = Verified;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Verified, CliError> {
        let file: SaveFile<R> = load(&*ruleset, self.bytes, self.origin).map_err(refused)?;
        let (seed, commitment, parent) = (file.seed, file.seed_commitment, file.parent.clone());
        match audit(ruleset, file) {
            Ok(report) => Ok(Verified {
                report,
                seed,
                commitment,
                parent,
            }),
            Err(failure) => {
                let lines: Vec<String> = failure
                    .problems()
                    .iter()
                    .map(|e| format!("{}: {e}", self.origin))
                    .collect();
                Err(CliError::invalid(lines.join("\nerror: ")))
            }
        }
    }
}
