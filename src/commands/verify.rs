//! `squadsight verify SAVE`: replay a save from scratch and check it.

use super::load_save;
use crate::error::CliError;
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::Ruleset;
use squadsight_core::save::{VerifyReport, read_header, verify};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Exit 0 with `ok: N actions, final hash H`; exit 1 naming the first problem; exit 2 when
/// the file cannot be read.
pub fn run(path: &Path) -> Result<(), CliError> {
    let bytes = store::read_file(path)?;
    let origin = path.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let id = rulesets::named(&header.ruleset)?;
    let report = with_ruleset(
        id,
        Verify {
            bytes: &bytes,
            origin: &origin,
        },
    )?;
    let mut out = std::io::stdout().lock();
    write!(
        out,
        "ok: {} actions, final hash {}",
        report.actions, report.final_hash
    )?;
    if report.undos > 0 {
        write!(out, " ({} undone)", report.undos)?;
    }
    writeln!(out)?;
    Ok(())
}

/// Loads and verifies a save with its ruleset.
pub struct Verify<'a> {
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Its name for messages.
    pub origin: &'a str,
}

impl RulesetTask for Verify<'_> {
    type Output = VerifyReport;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<VerifyReport, CliError> {
        let file = load_save(&*ruleset, self.bytes, self.origin)?;
        verify(ruleset, file).map_err(|e| CliError::invalid(format!("{}: {e}", self.origin)))
    }
}
